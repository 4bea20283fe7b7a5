; The Windows installer (Inno Setup 6): the bundle PyInstaller made
; (packaging/layout-editor.spec) installed for the player alone, with no
; administrator's password (Program Files when one is given), a Start-menu
; entry, an optional desktop icon, and .yaml mission files offered to the
; editor under "Open with" (the program the player chooses as the default
; stays theirs to choose: Windows does not let an installer take it).
; Uninstalled from Settings > Apps like any program.
;
; scripts/bundle compiles it on Windows:
;   ISCC /Q /DAppVersion=0.1.0 /DBundleDir=...\dist\layout-editor /DOutputDir=...\dist /DOutputName=... layout-editor.iss

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\..\build\bundle\dist\layout-editor"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef OutputName
  #define OutputName "layout-editor-setup"
#endif
#define AppName "Boarding Actions Layout Editor"
#define AppExe "layout-editor-gui.exe"
#define ProgId "LayoutEditor.Mission"

[Setup]
AppId={{E49649B2-E4D0-4BBA-A8B1-C6E491D3783B}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=layout-editor
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile=..\..\LICENSE
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "german"; MessagesFile: "compiler:Languages\German.isl"

[CustomMessages]
english.AssocYaml=Offer .yaml mission files to the editor (Open with)
german.AssocYaml=.yaml-Missionsdateien dem Editor anbieten (Öffnen mit)
english.MissionFile=Boarding Actions mission
german.MissionFile=Boarding-Actions-Mission

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "yamlassoc"; Description: "{cm:AssocYaml}"

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; an update replaces the program's files whole (no module of an older version left behind)
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; HKA: the user's own classes for a per-user install, the machine's otherwise.
Root: HKA; Subkey: "Software\Classes\.yaml\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: yamlassoc
Root: HKA; Subkey: "Software\Classes\.yml\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: yamlassoc
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "{cm:MissionFile}"; Flags: uninsdeletekey; Tasks: yamlassoc
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"; Tasks: yamlassoc
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""; Tasks: yamlassoc
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".yaml"; ValueData: ""; Flags: uninsdeletekey; Tasks: yamlassoc
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".yml"; ValueData: ""; Tasks: yamlassoc

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
