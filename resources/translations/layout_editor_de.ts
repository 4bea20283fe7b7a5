<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Mission card</source>
        <translation>Missionskarte</translation>
    </message>
    <message>
        <source>Setup sheet</source>
        <translation>Aufbauplan</translation>
    </message>
    <message>
        <source>Tabletop sheets (true size)</source>
        <translation>Spielflächenbögen (Originalgröße)</translation>
    </message>
    <message>
        <source>Cards (63 x 88 mm)</source>
        <translation>Karten (63 x 88 mm)</translation>
    </message>
    <message>
        <source>Designer&apos;s page (balance, hatchways, sight, first turn)</source>
        <translation>Designer-Seite (Ausgewogenheit, Schotttüren, Sicht, erster Zug)</translation>
    </message>
    <message>
        <source>Map (SVG)</source>
        <translation>Lageplan (SVG)</translation>
    </message>
    <message>
        <source>Map (PNG)</source>
        <translation>Lageplan (PNG)</translation>
    </message>
    <message>
        <source>Virtual tabletop (Universal VTT)</source>
        <translation>Virtueller Spieltisch (Universal VTT)</translation>
    </message>
    <message>
        <source>Mission page (HTML)</source>
        <translation>Missionsseite (HTML)</translation>
    </message>
    <message>
        <source>the export&apos;s fonts cannot print {n} different characters of this mission, so they would show as boxes or with their letters wrongly formed: {chars}</source>
        <translation>die Schriften des Exports können {n} verschiedene Zeichen dieser Mission nicht drucken; sie erschienen als Kästchen oder mit falsch geformten Buchstaben: {chars}</translation>
    </message>
    <message>
        <source>the code is cut short or has a stray character (its length is impossible)</source>
        <translation>der Code ist abgeschnitten oder hat ein überzähliges Zeichen (seine Länge ist unmöglich)</translation>
    </message>
    <message>
        <source>the code contains characters a share code never has, or its header is damaged</source>
        <translation>der Code enthält Zeichen, die ein Missionscode nie hat, oder sein Anfang ist beschädigt</translation>
    </message>
    <message>
        <source>the code is damaged (a character was changed or lost when it was copied)</source>
        <translation>der Code ist beschädigt (beim Kopieren wurde ein Zeichen verändert oder ging verloren)</translation>
    </message>
    <message>
        <source>the mission inside is larger than 5 MB</source>
        <translation>die Mission darin ist größer als 5 MB</translation>
    </message>
    <message>
        <source>the code is cut short (some characters are missing at its end)</source>
        <translation>der Code ist abgeschnitten (am Ende fehlen Zeichen)</translation>
    </message>
    <message>
        <source>the code has extra characters at its end</source>
        <translation>der Code hat am Ende überzählige Zeichen</translation>
    </message>
    <message>
        <source>the code asks for {mb} MB or more to unpack; a mission needs far less</source>
        <translation>der Code verlangt zum Entpacken {mb} MB oder mehr; eine Mission braucht weit weniger</translation>
    </message>
    <message>
        <source>a share code is text</source>
        <translation>ein Missionscode ist Text</translation>
    </message>
    <message>
        <source>the code was made by a newer version of the program (share code version {version}; this program reads version {reads})</source>
        <translation>der Code stammt von einer neueren Version des Programms (Missionscode-Version {version}; dieses Programm liest Version {reads})</translation>
    </message>
    <message>
        <source>unknown compression &apos;{method}&apos; (the code may come from a newer program)</source>
        <translation>unbekannte Kompression „{method}“ (der Code stammt vielleicht von einem neueren Programm)</translation>
    </message>
    <message>
        <source>the code is empty</source>
        <translation>der Code ist leer</translation>
    </message>
    <message>
        <source>this is not a mission share code (it should start with {start})</source>
        <translation>das ist kein Missionscode einer Mission (er sollte mit {start} beginnen)</translation>
    </message>
    <message>
        <source>the code is damaged (not valid base64)</source>
        <translation>der Code ist beschädigt (kein gültiges Base64)</translation>
    </message>
    <message>
        <source>the mission inside is not UTF-8 text</source>
        <translation>die Mission darin ist kein UTF-8-Text</translation>
    </message>
    <message>
        <source>the mission inside cannot be used: &lt;share code&gt;:{line}:{column}: {problem}</source>
        <translation>die Mission darin hat einen Fehler in Zeile {line}, Spalte {column}: {problem}</translation>
    </message>
    <message>
        <source>the file is larger than {mb} MB; a mission file is a few kilobytes, so this is not one</source>
        <translation>die Datei ist größer als {mb} MB; eine Missionsdatei hat wenige Kilobyte, das hier ist also keine</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>{problem} ({context})</source>
        <translation>{problem} ({context})</translation>
    </message>
    <message>
        <source>not valid YAML: {problem}</source>
        <translation>kein gültiges YAML: {problem}</translation>
    </message>
    <message>
        <source>the tag {tag!r} is not allowed in a mission file (only plain values, lists and mappings)</source>
        <translation>das Tag „{tag}“ ist in einer Missionsdatei nicht erlaubt (nur einfache Werte, Listen und Zuordnungen)</translation>
    </message>
    <message>
        <source>the character {code} is not allowed in a YAML file</source>
        <translation>das Zeichen {code} ist in einer YAML-Datei nicht erlaubt</translation>
    </message>
    <message>
        <source>aliases (*{anchor}) are not allowed in a mission file: write the value out in full</source>
        <translation>Aliasse (*{anchor}) sind in einer Missionsdatei nicht erlaubt: schreib den Wert vollständig aus</translation>
    </message>
    <message>
        <source>a mission file holds one YAML document, but a second one starts here</source>
        <translation>eine Missionsdatei enthält ein YAML-Dokument, aber hier beginnt ein zweites</translation>
    </message>
    <message>
        <source>the file has more than {limit:,} YAML values; a mission file needs far fewer</source>
        <translation>die Datei hat mehr als {limit} YAML-Werte; eine Missionsdatei braucht weit weniger</translation>
    </message>
    <message>
        <source>values are nested more than {limit} levels deep; a mission file needs far fewer</source>
        <translation>Werte sind mehr als {limit} Ebenen tief verschachtelt; eine Missionsdatei braucht weit weniger</translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation>eine Zuordnung</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>ein Wert</translation>
    </message>
    <message>
        <source>{value} is not a usable true or false</source>
        <translation>{value} ist kein brauchbares true oder false</translation>
    </message>
    <message>
        <source>{value} is not a usable whole number</source>
        <translation>{value} ist keine brauchbare ganze Zahl</translation>
    </message>
    <message>
        <source>{value} is not a usable number</source>
        <translation>{value} ist keine brauchbare Zahl</translation>
    </message>
    <message>
        <source>{value} is not a usable date</source>
        <translation>{value} ist kein brauchbares Datum</translation>
    </message>
    <message>
        <source>{what}: {key}</source>
        <translation>{what}: {key}</translation>
    </message>
    <message>
        <source>{text!r}</source>
        <translation>„{text}“</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>the text {text!r}</source>
        <translation>der Text „{text}“</translation>
    </message>
    <message>
        <source>{value} is not a usable value</source>
        <translation>{value} ist kein brauchbarer Wert</translation>
    </message>
    <message>
        <source>{what} must be text, not {value}</source>
        <translation>{what} muss Text sein, nicht {value}</translation>
    </message>
    <message>
        <source>{what} must not be empty</source>
        <translation>{what} darf nicht leer sein</translation>
    </message>
    <message>
        <source>{what} is {n} characters long; at most {limit} are allowed</source>
        <translation>{what} ist {n} Zeichen lang; höchstens {limit} sind erlaubt</translation>
    </message>
    <message>
        <source>{what}: more than {limit} entries; no mission needs so many (the limits are in docs/mission-format.md)</source>
        <translation>{what}: mehr als {limit} Einträge; so viele braucht keine Mission (die Grenzen stehen in docs/mission-format.md)</translation>
    </message>
    <message>
        <source>{what} must be a whole number, not {value}</source>
        <translation>{what} muss eine ganze Zahl sein, nicht {value}</translation>
    </message>
    <message>
        <source>{what} must be from {low} to {high}, not {value}</source>
        <translation>{what} muss zwischen {low} und {high} liegen, nicht {value}</translation>
    </message>
    <message>
        <source>{what} must be a number, not {value}</source>
        <translation>{what} muss eine Zahl sein, nicht {value}</translation>
    </message>
    <message>
        <source>{what} must be a finite number, not {value}</source>
        <translation>{what} muss eine endliche Zahl sein, nicht {value}</translation>
    </message>
    <message>
        <source>{what} must be true or false, not {value}</source>
        <translation>{what} muss true oder false sein, nicht {value}</translation>
    </message>
    <message>
        <source>{what} must be a list, not {value}</source>
        <translation>{what} muss eine Liste sein, nicht {value}</translation>
    </message>
    <message>
        <source>{n} value</source>
        <translation>{n} Wert</translation>
    </message>
    <message>
        <source>{n} values</source>
        <translation>{n} Werte</translation>
    </message>
    <message>
        <source>{what} must be a pair [x, y], not {value}</source>
        <translation>{what} muss ein Paar [x, y] sein, nicht {value}</translation>
    </message>
    <message>
        <source>{what}: column</source>
        <translation>{what}: Spalte</translation>
    </message>
    <message>
        <source>{what}: row</source>
        <translation>{what}: Reihe</translation>
    </message>
    <message>
        <source>{what}: {axis} = {value} mm is off any table (at most {limit:,.0f} mm from the origin)</source>
        <translation>{what}: {axis} = {value} mm liegt außerhalb jedes Tisches (höchstens {limit:.0f} mm vom Ursprung)</translation>
    </message>
    <message>
        <source>{what} must be a mapping (key: value lines), not {value}</source>
        <translation>{what} muss eine Zuordnung (Zeilen „Schlüssel: Wert“) sein, nicht {value}</translation>
    </message>
    <message>
        <source>a key in {what} must be a name, not {value}</source>
        <translation>{what}: ein Schlüssel muss ein Name sein, nicht {value}</translation>
    </message>
    <message>
        <source>the key {key!r} appears twice in {what} (first on line {first})</source>
        <translation>{what}: der Schlüssel „{key}“ kommt zweimal vor (zuerst in Zeile {first})</translation>
    </message>
    <message>
        <source>unknown key {key!r} in {what}; did you mean {hint!r}?</source>
        <translation>{what}: unbekannter Schlüssel „{key}“; meintest du „{hint}“?</translation>
    </message>
    <message>
        <source>unknown key {key!r} in {what} (known keys: {keys}; your own keys start with &apos;x-&apos;)</source>
        <translation>{what}: unbekannter Schlüssel „{key}“ (bekannte Schlüssel: {keys}; eigene Schlüssel beginnen mit „x-“)</translation>
    </message>
    <message>
        <source>{what} has no {key!r} (it is required)</source>
        <translation>{what} hat keinen Schlüssel „{key}“ (er ist Pflicht)</translation>
    </message>
    <message>
        <source>a key must be a plain value, not {value}</source>
        <translation>ein Schlüssel muss ein einfacher Wert sein, nicht {value}</translation>
    </message>
    <message>
        <source>the key {key!r} appears twice in this mapping</source>
        <translation>der Schlüssel „{key}“ kommt in dieser Zuordnung zweimal vor</translation>
    </message>
    <message>
        <source>the file is empty; a mission file starts with &apos;format: {name}&apos;</source>
        <translation>die Datei ist leer; eine Missionsdatei beginnt mit „format: {name}“</translation>
    </message>
    <message>
        <source>this is not a mission file: a mission file is a mapping of keys (format, version, title, ...), but this file holds {value}</source>
        <translation>das ist keine Missionsdatei: eine Missionsdatei ist eine Zuordnung von Schlüsseln (format, version, title, …), aber in dieser Datei steht {value}</translation>
    </message>
    <message>
        <source>the mission</source>
        <translation>die Mission</translation>
    </message>
    <message>
        <source>game must be one of {games}, not {game!r}</source>
        <translation>game muss eines von {games} sein, nicht {game!r}</translation>
    </message>
    <message>
        <source>piece {n}: board {board} holds more than {limit} pieces; no mission needs so many (the limits are in docs/mission-format.md)</source>
        <translation>Teil {n}: Spielplatte {board} trägt mehr als {limit} Teile; so viele braucht keine Mission (die Grenzen stehen in docs/mission-format.md)</translation>
    </message>
    <message>
        <source>centre_line: start</source>
        <translation>centre_line: Anfang</translation>
    </message>
    <message>
        <source>centre_line: end</source>
        <translation>centre_line: Ende</translation>
    </message>
    <message>
        <source>centre_line must run between two different points</source>
        <translation>centre_line muss zwischen zwei verschiedenen Punkten verlaufen</translation>
    </message>
    <message>
        <source>territory {n}</source>
        <translation>Territorium {n}</translation>
    </message>
    <message>
        <source>{what} must list at least 3 corners [x, y] (table mm), not {n}</source>
        <translation>{what} muss mindestens 3 Ecken [x, y] (Tisch-mm) nennen, nicht {n}</translation>
    </message>
    <message>
        <source>{what} corner {n}</source>
        <translation>{what} Ecke {n}</translation>
    </message>
    <message>
        <source>equipment {n}</source>
        <translation>Ausrüstung {n}</translation>
    </message>
    <message>
        <source>{what}: unknown equipment {kind!r}; did you mean {hint!r}?</source>
        <translation>{what}: unbekannte Ausrüstung {kind!r}; meintest du {hint!r}?</translation>
    </message>
    <message>
        <source>{what}: unknown equipment {kind!r} (known: {known})</source>
        <translation>{what}: unbekannte Ausrüstung {kind!r} (bekannt: {known})</translation>
    </message>
    <message>
        <source>{what}: rotation must be from 0 up to 360 degrees, not {value:g}</source>
        <translation>{what}: rotation muss von 0 bis unter 360 Grad sein, nicht {value:g}</translation>
    </message>
    <message>
        <source>this is not a mission file: it has no &apos;format: {name}&apos;</source>
        <translation>das ist keine Missionsdatei: ihr fehlt „format: {name}“</translation>
    </message>
    <message>
        <source>format must be {name!r}, not {value}: this is not a Boarding Actions mission file</source>
        <translation>format muss „{name}“ sein, nicht {value}: das ist keine Boarding-Actions-Missionsdatei</translation>
    </message>
    <message>
        <source>the mission has no &apos;version&apos; (this program writes version {version})</source>
        <translation>der Mission fehlt „version“ (dieses Programm schreibt Version {version})</translation>
    </message>
    <message>
        <source>this file was written by a newer version of the program (version {version}); this program reads version {reads}</source>
        <translation>diese Datei stammt von einer neueren Version des Programms (Version {version}); dieses Programm liest Version {reads}</translation>
    </message>
    <message>
        <source>version must be 1 or more, not {version}</source>
        <translation>version muss 1 oder mehr sein, nicht {version}</translation>
    </message>
    <message>
        <source>a mission needs at least one board under &apos;boards&apos;</source>
        <translation>eine Mission braucht mindestens eine Spielplatte unter „boards“</translation>
    </message>
    <message>
        <source>board {board}</source>
        <translation>Spielplatte {board}</translation>
    </message>
    <message>
        <source>the board id {id!r} is used twice (first on line {first})</source>
        <translation>die Spielplatten-Kennung „{id}“ kommt zweimal vor (zuerst in Zeile {first})</translation>
    </message>
    <message>
        <source>unknown board kind {kind!r} (known: {known})</source>
        <translation>unbekannte Art von Spielplatte „{kind}“ (bekannt: {known})</translation>
    </message>
    <message>
        <source>{what}: rotation must be 0, 90, 180 or 270, not {rotation}</source>
        <translation>{what}: rotation muss 0, 90, 180 oder 270 sein, nicht {rotation}</translation>
    </message>
    <message>
        <source>{what}: there is no board {board!r} (the boards are {boards})</source>
        <translation>{what}: es gibt keine Spielplatte „{board}“ (die Spielplatten heißen {boards})</translation>
    </message>
    <message>
        <source>{what}: the node {node} is outside board {board} (nodes run from [0, 0] to [{last_x}, {last_y}])</source>
        <translation>{what}: der Knoten {node} liegt außerhalb von Spielplatte {board} (die Knoten reichen von [0, 0] bis [{last_x}, {last_y}])</translation>
    </message>
    <message>
        <source>{what}: cell</source>
        <translation>{what}: Zone</translation>
    </message>
    <message>
        <source>{what}: the cell {cell} is outside board {board} (cells run from [0, 0] to [{last_x}, {last_y}])</source>
        <translation>{what}: die Zone {cell} liegt außerhalb von Spielplatte {board} (die Zonen reichen von [0, 0] bis [{last_x}, {last_y}])</translation>
    </message>
    <message>
        <source>piece {n}</source>
        <translation>Teil {n}</translation>
    </message>
    <message>
        <source>{what}: unknown piece code {code!r} (known: {known})</source>
        <translation>{what}: unbekannter Teilecode „{code}“ (bekannt: {known})</translation>
    </message>
    <message>
        <source>piece {n} ({code})</source>
        <translation>Teil {n} ({code})</translation>
    </message>
    <message>
        <source>{what}: {key!r} does not belong on a wall; a wall runs &apos;from&apos; one node &apos;to&apos; another</source>
        <translation>{what}: „{key}“ gehört nicht an eine Wand; eine Wand verläuft von einem Knoten („from“) zu einem anderen („to“)</translation>
    </message>
    <message>
        <source>{what}: from {start} and to {end} are not two different nodes on one zone line</source>
        <translation>{what}: from {start} und to {end} sind nicht zwei verschiedene Knoten auf einer Zonenlinie</translation>
    </message>
    <message>
        <source>{what}: {code} spans {spans}, but from {start} to {end} is {span}</source>
        <translation>{what}: {code} reicht über {spans}, aber die Strecke von {start} bis {end} misst {span}</translation>
    </message>
    <message>
        <source>{n} zone</source>
        <translation>{n} Zone</translation>
    </message>
    <message>
        <source>{n} zones</source>
        <translation>{n} Zonen</translation>
    </message>
    <message>
        <source>{what}: facing must be &apos;left&apos; or &apos;right&apos;, not {facing!r}</source>
        <translation>{what}: facing muss „left“ oder „right“ sein, nicht „{facing}“</translation>
    </message>
    <message>
        <source>{what}: a locked hatchway is closed; it cannot be &apos;open: true&apos;</source>
        <translation>{what}: eine verriegelte Schotttür ist geschlossen; sie kann nicht „open: true“ sein</translation>
    </message>
    <message>
        <source>{what}: {key!r} belongs only on a piece with a hatchway ({codes}); {code} has none</source>
        <translation>{what}: „{key}“ gehört nur an ein Teil mit Schotttür ({codes}); {code} hat keine</translation>
    </message>
    <message>
        <source>{what}: {key!r} belongs only on a wall; a {kind} stands &apos;at&apos; one node</source>
        <translation>{what}: „{key}“ gehört nur an eine Wand; ein Teil der Art „{kind}“ steht mit „at“ auf einem Knoten</translation>
    </message>
    <message>
        <source>{what}: {key!r} belongs only on a piece with a hatchway ({codes})</source>
        <translation>{what}: „{key}“ gehört nur an ein Teil mit Schotttür ({codes})</translation>
    </message>
    <message>
        <source>{what}: {key!r} belongs only on a pillar</source>
        <translation>{what}: „{key}“ gehört nur an eine Säule</translation>
    </message>
    <message>
        <source>{what}: {key!r} belongs only on a wall end</source>
        <translation>{what}: „{key}“ gehört nur an ein Wandende</translation>
    </message>
    <message>
        <source>{what}: caps {caps} must be the next node along a zone line from at {at}</source>
        <translation>{what}: caps {caps} muss der nächste Knoten entlang einer Zonenlinie ab at {at} sein</translation>
    </message>
    <message>
        <source>objective {id}</source>
        <translation>Missionsziel {id}</translation>
    </message>
    <message>
        <source>the objective id {id!r} is used twice (first on line {first})</source>
        <translation>die Missionsziel-Kennung „{id}“ kommt zweimal vor (zuerst in Zeile {first})</translation>
    </message>
    <message>
        <source>entry zone {n}</source>
        <translation>Aufstellungszone {n}</translation>
    </message>
    <message>
        <source>{what}: player must be from 1 to {players} (the mission is for {players} players), not {player}</source>
        <translation>{what}: player muss zwischen 1 und {players} liegen (die Mission ist für {players} Spieler), nicht {player}</translation>
    </message>
    <message>
        <source>region {n}</source>
        <translation>Bereich {n}</translation>
    </message>
    <message>
        <source>the mission texts</source>
        <translation>der Missionstext</translation>
    </message>
    <message>
        <source>mission section {n}</source>
        <translation>Missionsabschnitt {n}</translation>
    </message>
    <message>
        <source>{what}: {key} must be from 0 to 1000 inches, not {value:g}</source>
        <translation>{what}: {key} muss zwischen 0 und 1000 Zoll liegen, nicht {value:g}</translation>
    </message>
    <message>
        <source>mission op {n}</source>
        <translation>Mission: Op {n}</translation>
    </message>
    <message>
        <source>mission: structure: {part!r} is not a part the card explains (known: {known})</source>
        <translation>mission: structure: {part!r} ist kein Teil, den die Karte erklärt (bekannt: {known})</translation>
    </message>
    <message>
        <source>mission: structure: {part!r} is listed twice</source>
        <translation>mission: structure: {part!r} steht zweimal da</translation>
    </message>
    <message>
        <source>the file is UTF-16 text; save it as UTF-8</source>
        <translation>die Datei ist UTF-16-Text; speichere sie als UTF-8</translation>
    </message>
    <message>
        <source>not UTF-8 text: the byte {byte} cannot be read (save the file as UTF-8)</source>
        <translation>kein UTF-8-Text: das Byte {byte} ist nicht lesbar (speichere die Datei als UTF-8)</translation>
    </message>
    <message>
        <source>expected the text of a mission file, not {type}</source>
        <translation>erwartet war der Text einer Missionsdatei, nicht {type}</translation>
    </message>
    <message>
        <source>cannot read the terrain catalogue: {error}</source>
        <translation>der Geländekatalog ist nicht lesbar: {error}</translation>
    </message>
    <message>
        <source>expected a file name, not {type}</source>
        <translation>erwartet war ein Dateiname, nicht {type}</translation>
    </message>
    <message>
        <source>this is a folder, not a mission file</source>
        <translation>das ist ein Ordner, keine Missionsdatei</translation>
    </message>
    <message>
        <source>there is no such file</source>
        <translation>diese Datei gibt es nicht</translation>
    </message>
    <message>
        <source>cannot read the file: permission denied</source>
        <translation>die Datei ist nicht lesbar: keine Berechtigung</translation>
    </message>
    <message>
        <source>cannot read the file: {why}</source>
        <translation>die Datei ist nicht lesbar: {why}</translation>
    </message>
    <message>
        <source>2 players: opposite short edges</source>
        <translation>2 Spieler: gegenüberliegende Schmalseiten</translation>
    </message>
    <message>
        <source>Each player deploys in the two zones along one short edge of the battlefield.</source>
        <translation>Jeder Spieler stellt sich in den zwei Zonen entlang einer Schmalseite des Schlachtfelds auf.</translation>
    </message>
    <message>
        <source>2 players: opposite long edges</source>
        <translation>2 Spieler: gegenüberliegende Längsseiten</translation>
    </message>
    <message>
        <source>Each player deploys in the zones along one long edge of the battlefield.</source>
        <translation>Jeder Spieler stellt sich in den Zonen entlang einer Längsseite des Schlachtfelds auf.</translation>
    </message>
    <message>
        <source>3 players: long edge, opposite corners</source>
        <translation>3 Spieler: Längsseite, gegenüberliegende Ecken</translation>
    </message>
    <message>
        <source>The first player takes the middle of a long edge; the other two take the corners of the opposite long edge.</source>
        <translation>Der erste Spieler nimmt die Mitte einer Längsseite; die anderen beiden nehmen die Ecken der gegenüberliegenden Längsseite.</translation>
    </message>
    <message>
        <source>3 players: corner, adjacent corner, long edge</source>
        <translation>3 Spieler: Ecke, benachbarte Ecke, Längsseite</translation>
    </message>
    <message>
        <source>The first player takes a corner, the second the other corner of that long edge, the third the middle of the opposite long edge.</source>
        <translation>Der erste Spieler nimmt eine Ecke, der zweite die andere Ecke dieser Längsseite, der dritte die Mitte der gegenüberliegenden Längsseite.</translation>
    </message>
    <message>
        <source>3 players: corner, opposite long edge, corner</source>
        <translation>3 Spieler: Ecke, gegenüberliegende Längsseite, Ecke</translation>
    </message>
    <message>
        <source>The first player takes a corner, the second the middle of the opposite long edge, the third the first player&apos;s other corner, facing the second player&apos;s edge.</source>
        <translation>Der erste Spieler nimmt eine Ecke, der zweite die Mitte der gegenüberliegenden Längsseite, der dritte die andere Ecke des ersten Spielers, der Kante des zweiten gegenüber.</translation>
    </message>
    <message>
        <source>4 players: the four corners</source>
        <translation>4 Spieler: die vier Ecken</translation>
    </message>
    <message>
        <source>Each player takes one corner of the battlefield.</source>
        <translation>Jeder Spieler nimmt eine Ecke des Schlachtfelds.</translation>
    </message>
    <message>
        <source>Drop zones: opposite long edges</source>
        <translation>Landezonen: gegenüberliegende Längskanten</translation>
    </message>
    <message>
        <source>Each player&apos;s drop zone is the row of zones along one long edge of the killzone.</source>
        <translation>Die Landezone jedes Spielers ist die Reihe von Zonen an einer Längskante der Killzone.</translation>
    </message>
    <message>
        <source>Drop zones: opposite short edges</source>
        <translation>Landezonen: gegenüberliegende Schmalkanten</translation>
    </message>
    <message>
        <source>Each player&apos;s drop zone is the row of zones along one short edge of the killzone.</source>
        <translation>Die Landezone jedes Spielers ist die Reihe von Zonen an einer Schmalkante der Killzone.</translation>
    </message>
    <message>
        <source>Drop zones: opposite corners</source>
        <translation>Landezonen: gegenüberliegende Ecken</translation>
    </message>
    <message>
        <source>Each player&apos;s drop zone is a block of six zones in one corner of the killzone, three along the long edge and two along the short one; the other player takes the opposite corner.</source>
        <translation>Die Landezone jedes Spielers ist ein Block aus sechs Zonen in einer Ecke der Killzone, drei entlang der Längskante und zwei entlang der Schmalkante; der andere Spieler nimmt die gegenüberliegende Ecke.</translation>
    </message>
    <message>
        <source>{label} ({used} of {holds})</source>
        <translation>{label} ({used} von {holds})</translation>
    </message>
    <message>
        <source>More than {n} set holds: {pieces}</source>
        <translation>Mehr, als {n} Set enthält: {pieces}</translation>
    </message>
    <message>
        <source>More than {n} sets hold: {pieces}</source>
        <translation>Mehr, als {n} Sets enthalten: {pieces}</translation>
    </message>
    <message>
        <source>nothing to add</source>
        <translation>nichts hinzuzufügen</translation>
    </message>
    <message>
        <source>nothing selected to delete</source>
        <translation>nichts zum Löschen ausgewählt</translation>
    </message>
    <message>
        <source>nothing selected</source>
        <translation>nichts ausgewählt</translation>
    </message>
    <message>
        <source>only walls and wall ends turn end for end</source>
        <translation>nur Wände und Wandenden lassen sich umdrehen</translation>
    </message>
    <message>
        <source>no hatchway selected</source>
        <translation>keine Schotttür ausgewählt</translation>
    </message>
    <message>
        <source>nothing to paste</source>
        <translation>nichts zum Einfügen</translation>
    </message>
    <message>
        <source>there is no board to paste onto</source>
        <translation>es gibt keine Spielplatte zum Einfügen</translation>
    </message>
    <message>
        <source>no room to paste</source>
        <translation>kein Platz zum Einfügen</translation>
    </message>
    <message>
        <source>board {board} would lie on board {other}</source>
        <translation>Spielplatte {board} läge auf Spielplatte {other}</translation>
    </message>
    <message>
        <source>a mission needs at least one board</source>
        <translation>eine Mission braucht mindestens eine Spielplatte</translation>
    </message>
    <message>
        <source>board {board} would lie on board {other} once turned</source>
        <translation>Spielplatte {board} läge nach dem Drehen auf Spielplatte {other}</translation>
    </message>
    <message>
        <source>a mission needs a title</source>
        <translation>eine Mission braucht einen Titel</translation>
    </message>
    <message>
        <source>a mission is for 2, 3 or 4 players</source>
        <translation>eine Mission ist für 2, 3 oder 4 Spieler</translation>
    </message>
    <message>
        <source>a mission is built from at least one terrain set</source>
        <translation>eine Mission wird aus mindestens einem Geländeset gebaut</translation>
    </message>
    <message>
        <source>two objectives would have the same number</source>
        <translation>zwei Missionsziele hätten dieselbe Nummer</translation>
    </message>
    <message>
        <source>the boards are not laid so that the other half is the mirror image of this one</source>
        <translation>die Spielplatten liegen nicht so, dass die andere Hälfte das Spiegelbild dieser ist</translation>
    </message>
    <message>
        <source>there is no objective {id}</source>
        <translation>es gibt kein Missionsziel {id}</translation>
    </message>
    <message>
        <source>an objective marker must stand on a board</source>
        <translation>ein Missionszielmarker muss auf einer Spielplatte stehen</translation>
    </message>
    <message>
        <source>it would lie on objective {id}</source>
        <translation>er läge auf Missionsziel {id}</translation>
    </message>
    <message>
        <source>there is already an objective {id}</source>
        <translation>es gibt schon ein Missionsziel {id}</translation>
    </message>
    <message>
        <source>an objective needs a number</source>
        <translation>ein Missionsziel braucht eine Nummer</translation>
    </message>
    <message>
        <source>this mission is for {players} players: there is no player {n}</source>
        <translation>diese Mission ist für {players} Spieler: es gibt keinen Spieler {n}</translation>
    </message>
    <message>
        <source>paint player {n}&apos;s entry zone first, then name it</source>
        <translation>erst die Aufstellungszone von Spieler {n} malen, dann benennen</translation>
    </message>
    <message>
        <source>a region needs a name</source>
        <translation>ein Bereich braucht einen Namen</translation>
    </message>
    <message>
        <source>there is no region {name!r}</source>
        <translation>es gibt keinen Bereich „{name}“</translation>
    </message>
    <message>
        <source>there is already a region {name!r}</source>
        <translation>es gibt schon einen Bereich „{name}“</translation>
    </message>
    <message>
        <source>there is no board {board}</source>
        <translation>es gibt keine Spielplatte {board}</translation>
    </message>
    <message>
        <source>{label} would stand off board {board}</source>
        <translation>{label} stünde neben Spielplatte {board}</translation>
    </message>
    <message>
        <source>{label} would overlap {piece}</source>
        <translation>{label} würde {piece} überlappen</translation>
    </message>
    <message>
        <source>{mm:.0f} mm ({inches:.1f}&quot;)</source>
        <translation>{mm:.0f} mm ({inches:.1f}&quot;)</translation>
    </message>
    <message>
        <source>start of the round</source>
        <translation>Beginn der Runde</translation>
    </message>
    <message>
        <source>Command phase</source>
        <translation>Kommandophase</translation>
    </message>
    <message>
        <source>Movement phase</source>
        <translation>Bewegungsphase</translation>
    </message>
    <message>
        <source>Shooting phase</source>
        <translation>Fernkampfphase</translation>
    </message>
    <message>
        <source>Charge phase</source>
        <translation>Angriffsphase</translation>
    </message>
    <message>
        <source>Fight phase</source>
        <translation>Nahkampfphase</translation>
    </message>
    <message>
        <source>end of the round</source>
        <translation>Ende der Runde</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>frei</translation>
    </message>
    <message>
        <source>impassable</source>
        <translation>unpassierbar</translation>
    </message>
    <message>
        <source>dangerous</source>
        <translation>gefährlich</translation>
    </message>
    <message>
        <source>dark</source>
        <translation>dunkel</translation>
    </message>
    <message>
        <source>{state}</source>
        <translation>{state}</translation>
    </message>
    <message>
        <source>{phase}</source>
        <translation>{phase}</translation>
    </message>
    <message>
        <source>Turning point {round}, {phase}</source>
        <translation>Wendepunkt {round}, {phase}</translation>
    </message>
    <message>
        <source>Round {round}, {phase}</source>
        <translation>Runde {round}, {phase}</translation>
    </message>
    <message>
        <source>the hatchway on board {board} from {start} to {end}</source>
        <translation>die Schotttür auf Spielplatte {board} von {start} nach {end}</translation>
    </message>
    <message>
        <source>{what} opens</source>
        <translation>{what} öffnet sich</translation>
    </message>
    <message>
        <source>{what} closes</source>
        <translation>{what} schließt sich</translation>
    </message>
    <message>
        <source>{what} is locked</source>
        <translation>{what} wird verriegelt</translation>
    </message>
    <message>
        <source>{what} is unlocked</source>
        <translation>{what} wird entriegelt</translation>
    </message>
    <message>
        <source>{name} becomes impassable</source>
        <translation>{name} wird unpassierbar</translation>
    </message>
    <message>
        <source>{name} becomes dangerous</source>
        <translation>{name} wird gefährlich</translation>
    </message>
    <message>
        <source>{name} goes dark</source>
        <translation>in {name} geht das Licht aus</translation>
    </message>
    <message>
        <source>{name} is clear again</source>
        <translation>{name} ist wieder frei</translation>
    </message>
    <message>
        <source>{name} is removed</source>
        <translation>{name} entfällt</translation>
    </message>
    <message>
        <source>objective {id} appears</source>
        <translation>Missionsziel {id} erscheint</translation>
    </message>
    <message>
        <source>objective {id} is removed</source>
        <translation>Missionsziel {id} wird entfernt</translation>
    </message>
    <message>
        <source>objective {id} moves</source>
        <translation>Missionsziel {id} wird versetzt</translation>
    </message>
    <message>
        <source>entry zone {name} opens</source>
        <translation>Aufstellungszone {name} öffnet sich</translation>
    </message>
    <message>
        <source>entry zone {name} closes</source>
        <translation>Aufstellungszone {name} schließt sich</translation>
    </message>
    <message>
        <source>{what}: {becomes}</source>
        <translation>{what}: {becomes}</translation>
    </message>
    <message>
        <source>{name}: {becomes}</source>
        <translation>{name}: {becomes}</translation>
    </message>
    <message>
        <source>objective {id}: {becomes}</source>
        <translation>Missionsziel {id}: {becomes}</translation>
    </message>
    <message>
        <source>entry zone {name}: {becomes}</source>
        <translation>Aufstellungszone {name}: {becomes}</translation>
    </message>
    <message>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
    <message>
        <source>no node</source>
        <translation>kein Knoten</translation>
    </message>
    <message>
        <source>{code} on board {board} from {start} to {end}</source>
        <translation>{code} auf Spielplatte {board} von {start} nach {end}</translation>
    </message>
    <message>
        <source>{name} ({label})</source>
        <translation>{name} ({label})</translation>
    </message>
    <message>
        <source>{name} on board {board}</source>
        <translation>{name} auf Spielplatte {board}</translation>
    </message>
    <message>
        <source>{name} on board {board} at {node}</source>
        <translation>{name} auf Spielplatte {board} an {node}</translation>
    </message>
    <message>
        <source>a {name}</source>
        <translation>{name}</translation>
    </message>
    <message>
        <source>the size of {piece}</source>
        <translation>Größe von „{piece}“</translation>
    </message>
    <message>
        <source>the moulded pillar shape of {piece}</source>
        <translation>Form der angeformten Säulen von „{piece}“</translation>
    </message>
    <message>
        <source> (provisional in the catalogue: {notes})</source>
        <translation> (im Katalog noch vorläufig: {notes})</translation>
    </message>
    <message>
        <source>an {code}</source>
        <translation>{code}</translation>
    </message>
    <message>
        <source>a {code}</source>
        <translation>{code}</translation>
    </message>
    <message>
        <source>{piece}: the catalogue has no piece {code!r}</source>
        <translation>{piece}: der Katalog kennt kein Teil „{code}“</translation>
    </message>
    <message>
        <source>{piece} needs two nodes on one zone line</source>
        <translation>{piece} braucht zwei Knoten auf einer Zonenlinie</translation>
    </message>
    <message>
        <source>{piece}: {nodes} is outside the zone lines of board {board}</source>
        <translation>{piece}: {nodes} liegt außerhalb der Zonenlinien von Spielplatte {board}</translation>
    </message>
    <message>
        <source>{piece}: its ends are not on one zone line</source>
        <translation>{piece}: seine Enden liegen nicht auf einer Zonenlinie</translation>
    </message>
    <message>
        <source>{piece} spans {spans}, but {kind} spans {should}</source>
        <translation>{piece} überspannt {spans}, ein {kind} aber {should}</translation>
    </message>
    <message>
        <source>{piece} stands on no node</source>
        <translation>{piece} steht auf keinem Knoten</translation>
    </message>
    <message>
        <source>{piece}: the node is outside the zone lines of board {board}</source>
        <translation>{piece}: der Knoten liegt außerhalb der Zonenlinien von Spielplatte {board}</translation>
    </message>
    <message>
        <source>{piece}: {problem}</source>
        <translation>{piece}: {problem}</translation>
    </message>
    <message>
        <source>{piece} and {other} {how}</source>
        <translation>{piece} und {other} {how}</translation>
    </message>
    <message>
        <source>stand on the same span</source>
        <translation>stehen auf derselben Strecke</translation>
    </message>
    <message>
        <source>{n} pieces stand on the same span: {pieces}</source>
        <translation>{n} Teile stehen auf derselben Strecke: {pieces}</translation>
    </message>
    <message>
        <source>share a stretch of zone line</source>
        <translation>teilen sich ein Stück Zonenlinie</translation>
    </message>
    <message>
        <source> (the moulded pillars&apos; shape is provisional in the catalogue)</source>
        <translation> (die Form der angeformten Säulen ist im Katalog noch vorläufig)</translation>
    </message>
    <message>
        <source>{n} pieces stand on node {node} of board {board}: {pieces}{note}</source>
        <translation>{n} Teile stehen auf Knoten {node} von Spielplatte {board}: {pieces}{note}</translation>
    </message>
    <message>
        <source>{piece} and {other} overlap ({area:.0f} mm²){note}</source>
        <translation>{piece} und {other} überlappen sich ({area:.0f} mm²){note}</translation>
    </message>
    <message>
        <source>{piece}: the panel end at {node} butts against the face of {other}, which runs on across the node (a T: no pillar can stand there; the official Gallowdark map cards build so)</source>
        <translation>{piece}: das Plattenende an {node} stößt an die Seite von {other}, die über den Knoten weiterläuft (ein T: dort kann keine Säule stehen; die offiziellen Gallowdark-Kartenblätter bauen es so)</translation>
    </message>
    <message>
        <source>{piece}: the panel end at {node} has no pillar, wall end or moulded pillar to stand on{why}</source>
        <translation>{piece}: das Plattenende an {node} hat keine Säule, kein Wandende und keine angeformte Säule, auf der es steht{why}</translation>
    </message>
    <message>
        <source>{piece} caps towards {towards}, but no wall runs that way from {node}</source>
        <translation>{piece} schließt in Richtung {towards} ab, aber von {node} verläuft dorthin keine Wand</translation>
    </message>
    <message>
        <source>{piece} caps, but no wall runs that way from {node}</source>
        <translation>{piece} schließt ab, aber von {node} verläuft dorthin keine Wand</translation>
    </message>
    <message>
        <source>{piece}: the mission has no board {board!r}</source>
        <translation>{piece}: die Mission hat keine Spielplatte „{board}“</translation>
    </message>
    <message>
        <source>{piece} and {other} overlap across the seam of boards {board} and {board2} ({area:.0f} mm²){note}</source>
        <translation>{piece} und {other} überlappen sich über die Naht der Spielplatten {board} und {board2} hinweg ({area:.0f} mm²){note}</translation>
    </message>
    <message>
        <source>the layout uses {n} × {name}, but {sets_hold} {holds}; the layout needs {need} (mission says sets: {mission_sets})</source>
        <translation>der Aufbau nutzt {n} × {name}, aber {sets_hold} {holds}; der Aufbau braucht {need} (die Mission nennt Sets: {mission_sets})</translation>
    </message>
    <message>
        <source>{n} set holds</source>
        <translation>{n} Set enthält</translation>
    </message>
    <message>
        <source>{n} sets hold</source>
        <translation>{n} Sets enthalten</translation>
    </message>
    <message>
        <source>{n} set</source>
        <translation>{n} Set</translation>
    </message>
    <message>
        <source>{n} sets</source>
        <translation>{n} Sets</translation>
    </message>
    <message>
        <source>{n} objectives share the id {id!r}; each marker needs its own</source>
        <translation>{n} Missionsziele teilen sich die Kennung „{id}“; jeder Marker braucht eine eigene</translation>
    </message>
    <message>
        <source>objective {id!r} at ({x:.0f}, {y:.0f}) mm is off the battlefield</source>
        <translation>Missionsziel „{id}“ bei ({x:.0f}; {y:.0f}) mm liegt außerhalb des Schlachtfelds</translation>
    </message>
    <message>
        <source>objective {id!r}: the 40 mm marker reaches past the battlefield edge</source>
        <translation>Missionsziel „{id}“: der 40-mm-Marker ragt über die Schlachtfeldkante</translation>
    </message>
    <message>
        <source>objective {id!r}: the 40 mm marker lies on {pieces}{note}</source>
        <translation>Missionsziel „{id}“: der 40-mm-Marker liegt auf {pieces}{note}</translation>
    </message>
    <message>
        <source>in a straight line</source>
        <translation>in gerader Linie</translation>
    </message>
    <message>
        <source>around walls, hatchways as set</source>
        <translation>um Wände herum, Schotttüren wie gestellt</translation>
    </message>
    <message>
        <source>in a straight line, nothing between them</source>
        <translation>in gerader Linie, nichts dazwischen</translation>
    </message>
    <message>
        <source>objectives {id!r} and {id2!r} are {gap:.2f}&quot; apart ({how}, marker edge to marker edge); the mission asks for at least {limit:g}&quot;</source>
        <translation>die Missionsziele „{id}“ und „{id2}“ liegen {gap:.2f}&quot; auseinander ({how}, von Markerrand zu Markerrand); die Mission verlangt mindestens {limit:g}&quot;</translation>
    </message>
    <message>
        <source>objective {id!r} is {gap:.2f}&quot; from a battlefield edge (in a straight line from the marker&apos;s nearest edge); the mission asks for at least {limit:g}&quot;</source>
        <translation>Missionsziel „{id}“ liegt {gap:.2f}&quot; von einer Schlachtfeldkante entfernt (in gerader Linie vom nächsten Rand des Markers); die Mission verlangt mindestens {limit:g}&quot;</translation>
    </message>
    <message>
        <source>boards {board} and {board2} lie on top of each other ({w:.0f} x {h:.0f} mm)</source>
        <translation>die Spielplatten {board} und {board2} liegen übereinander ({w:.0f} x {h:.0f} mm)</translation>
    </message>
    <message>
        <source>the boards lie in {n} separate groups ({groups}): no route crosses the gap between them, and this tool also reads the gap as blocking sight (the rules name only walls, hatchways and models as blocking it) — agree that with your group before the battle</source>
        <translation>die Spielplatten liegen in {n} getrennten Gruppen ({groups}): kein Weg führt über die Lücke zwischen ihnen, und dieses Programm wertet die Lücke auch als sichtblockierend (die Regeln nennen nur Wände, Schotttüren und Modelle als sichtblockierend) – sprecht das vor der Schlacht in eurer Gruppe ab</translation>
    </message>
    <message>
        <source>region {name!r}</source>
        <translation>Bereich „{name}“</translation>
    </message>
    <message>
        <source>player {n}&apos;s entry zone {name!r}</source>
        <translation>die Aufstellungszone „{name}“ von Spieler {n}</translation>
    </message>
    <message>
        <source>player {n}&apos;s entry zone</source>
        <translation>die Aufstellungszone von Spieler {n}</translation>
    </message>
    <message>
        <source>{zone} is on board {board!r}, which the mission does not have</source>
        <translation>{zone} liegt auf Spielplatte „{board}“, die die Mission nicht hat</translation>
    </message>
    <message>
        <source>{zone} lists zones off board {board}: {cells}</source>
        <translation>{zone} nennt Zonen außerhalb von Spielplatte {board}: {cells}</translation>
    </message>
    <message>
        <source>player {n} has no drop zone</source>
        <translation>Spieler {n} hat keine Landezone</translation>
    </message>
    <message>
        <source>player {n} has no entry zone</source>
        <translation>Spieler {n} hat keine Aufstellungszone</translation>
    </message>
    <message>
        <source>objective {id!r}: no operative on a {base:g} mm base from either drop zone can reach it, even with every hatchway open</source>
        <translation>Missionsziel „{id}“: kein Agent auf einer {base:g}-mm-Base aus einer der Landezonen erreicht es, auch nicht mit allen Schotttüren offen</translation>
    </message>
    <message>
        <source>objective {id!r}: no {base:g} mm base from any entry zone can reach it, even with every hatchway open</source>
        <translation>Missionsziel „{id}“: keine {base:g}-mm-Base aus einer Aufstellungszone erreicht es, auch nicht mit allen Schotttüren offen</translation>
    </message>
    <message>
        <source>board {board}: no {base:g} mm base can stand in zone {cells}{note}</source>
        <translation>Spielplatte {board}: in Zone {cells} hat keine {base:g}-mm-Base Platz{note}</translation>
    </message>
    <message>
        <source>board {board}: no {base:g} mm base can stand in zones {cells}{note}</source>
        <translation>Spielplatte {board}: in den Zonen {cells} hat keine {base:g}-mm-Base Platz{note}</translation>
    </message>
    <message>
        <source>board {board}: no {base:g} mm base from an entry zone can get to zone {cells}, even with every hatchway open</source>
        <translation>Spielplatte {board}: keine {base:g}-mm-Base aus einer Aufstellungszone gelangt in Zone {cells}, auch nicht mit allen Schotttüren offen</translation>
    </message>
    <message>
        <source>board {board}: no {base:g} mm base from an entry zone can get to zones {cells}, even with every hatchway open</source>
        <translation>Spielplatte {board}: keine {base:g}-mm-Base aus einer Aufstellungszone gelangt in die Zonen {cells}, auch nicht mit allen Schotttüren offen</translation>
    </message>
    <message>
        <source> through an open hatchway (the catalogue&apos;s hatchway opening is provisional; closing it may hide the zones)</source>
        <translation> durch eine offene Schotttür (die Türöffnung ist im Katalog noch vorläufig; schließt man sie, sind die Zonen vielleicht verdeckt)</translation>
    </message>
    <message>
        <source>the entry zones of player {n} and player {n2} can see into each other (hatchways as set): a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm{via}</source>
        <translation>die Aufstellungszonen von Spieler {n} und Spieler {n2} sehen einander (Schotttüren wie gestellt): eine Linie von {start} nach {end} ist frei, ({x1:.1f}; {y1:.1f}) bis ({x2:.1f}; {y2:.1f}) mm{via}</translation>
    </message>
    <message>
        <source>({x:.0f}, {y:.0f})</source>
        <translation>({x:.0f}, {y:.0f})</translation>
    </message>
    <message>
        <source>zone {cell} of board {board}</source>
        <translation>Zone {cell} von Spielplatte {board}</translation>
    </message>
    <message>
        <source>the live check stopped after {seconds:.0f} s: this mission is too large to check fully after every edit; the findings shown are those found so far (the command line&apos;s validate checks it all)</source>
        <translation>die laufende Prüfung hat nach {seconds:.0f} s aufgehört: diese Mission ist zu groß, um sie nach jeder Änderung ganz zu prüfen; gezeigt werden die bis dahin gefundenen Befunde (validate auf der Kommandozeile prüft alles)</translation>
    </message>
    <message>
        <source>the layout is point-symmetric and mirror-symmetric</source>
        <translation>der Aufbau ist punktsymmetrisch und spiegelsymmetrisch</translation>
    </message>
    <message>
        <source>the layout is point-symmetric: a half turn about the table&apos;s centre gives it back</source>
        <translation>der Aufbau ist punktsymmetrisch: eine halbe Drehung um die Tischmitte ergibt ihn wieder</translation>
    </message>
    <message>
        <source>the layout is mirror-symmetric: {mirror} gives it back</source>
        <translation>der Aufbau ist spiegelsymmetrisch: {mirror} ergibt ihn wieder</translation>
    </message>
    <message>
        <source>a reflection left to right</source>
        <translation>eine Spiegelung von links nach rechts</translation>
    </message>
    <message>
        <source>a reflection top to bottom</source>
        <translation>eine Spiegelung von oben nach unten</translation>
    </message>
    <message>
        <source>a half turn about the table&apos;s centre</source>
        <translation>eine halbe Drehung um die Tischmitte</translation>
    </message>
    <message>
        <source>{n} more pieces</source>
        <translation>{n} weitere Teile</translation>
    </message>
    <message>
        <source>{n} more piece</source>
        <translation>{n} weiteres Teil</translation>
    </message>
    <message>
        <source>objective {id!r}</source>
        <translation>Missionsziel „{id}“</translation>
    </message>
    <message>
        <source>the drop zone of player {n}</source>
        <translation>die Landezone von Spieler {n}</translation>
    </message>
    <message>
        <source>the entry zone of player {n}</source>
        <translation>die Aufstellungszone von Spieler {n}</translation>
    </message>
    <message>
        <source>the boards</source>
        <translation>die Spielplatten</translation>
    </message>
    <message>
        <source>the layout is not symmetric; under {mirror} (the nearest) these have no mirror image: {things}</source>
        <translation>der Aufbau ist nicht symmetrisch; bei {mirror} (der nächstliegenden) haben diese kein Spiegelbild: {things}</translation>
    </message>
    <message>
        <source>the killzone is symmetric ({mirror} gives it back); Kill Team&apos;s rules advise against it: &quot;try to avoid symmetrical killzones&quot;</source>
        <translation>die Killzone ist symmetrisch ({mirror} ergibt sie wieder); die Kill-Team-Regeln raten davon ab: „Versucht, symmetrische Killzones zu vermeiden“</translation>
    </message>
    <message>
        <source>the killzone is not symmetric, as Kill Team&apos;s rules advise (&quot;try to avoid symmetrical killzones&quot;); under {mirror}, the nearest, these have no mirror image: {things}</source>
        <translation>die Killzone ist nicht symmetrisch, wie die Kill-Team-Regeln raten („Versucht, symmetrische Killzones zu vermeiden“); unter {mirror}, der nächsten, haben diese kein Spiegelbild: {things}</translation>
    </message>
    <message>
        <source>{n} hatchways are too many to flip one by one (at most {limit}): the hatchway table is left empty</source>
        <translation>{n} Schotttüren sind zu viele, um sie einzeln umzuschalten (höchstens {limit}): die Schotttür-Tabelle bleibt leer</translation>
    </message>
    <message>
        <source>closing</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>{action} {piece} alone cuts player {n} off from objective {id!r}, which player {other} can still reach</source>
        <translation>{action} von {piece} allein schneidet Spieler {n} von Missionsziel „{id}“ ab, das Spieler {other} noch erreicht</translation>
    </message>
    <message>
        <source>{code} needs from and to nodes</source>
        <translation>{code} braucht einen Anfangs- und einen Endknoten</translation>
    </message>
    <message>
        <source>{code} runs from a node to itself</source>
        <translation>{code} läuft von einem Knoten zu sich selbst</translation>
    </message>
    <message>
        <source>{code} needs a node to stand on</source>
        <translation>{code} braucht einen Knoten, auf dem es steht</translation>
    </message>
    <message>
        <source>{what} {point!r} is not a point (x, y)</source>
        <translation>{what} {point!r} ist kein Punkt (x, y)</translation>
    </message>
    <message>
        <source>{what} ({x}, {y}) is not a finite point</source>
        <translation>{what} ({x}; {y}) ist kein endlicher Punkt</translation>
    </message>
    <message>
        <source>{what} ({x:g}, {y:g}) is off the battlefield</source>
        <translation>{what} ({x:g}; {y:g}) liegt außerhalb des Schlachtfelds</translation>
    </message>
    <message>
        <source>{what} ({x:g}, {y:g}) is inside a wall</source>
        <translation>{what} ({x:g}; {y:g}) liegt in einer Wand</translation>
    </message>
    <message>
        <source>point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>from point</source>
        <translation>Startpunkt</translation>
    </message>
    <message>
        <source>to point</source>
        <translation>Zielpunkt</translation>
    </message>
    <message>
        <source>source point</source>
        <translation>Ausgangspunkt</translation>
    </message>
    <message>
        <source>observer</source>
        <translation>Beobachter</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>base diameter must be a number, not {base!r}</source>
        <translation>der Basendurchmesser muss eine Zahl sein, nicht {base!r}</translation>
    </message>
    <message>
        <source>base diameter must be a positive number of mm, not {base!r}</source>
        <translation>der Basendurchmesser muss eine positive Zahl in mm sein, nicht {base!r}</translation>
    </message>
    <message>
        <source>a base diameter must be a positive number of mm, not {base!r}</source>
        <translation>ein Basendurchmesser muss eine positive Zahl in mm sein, nicht {base!r}</translation>
    </message>
    <message>
        <source>the observer&apos;s {base:g} mm base at ({x:g}, {y:g}) hangs off the battlefield</source>
        <translation>die Basis des Beobachters ({base:g} mm) bei ({x:g}; {y:g}) ragt über den Rand des Schlachtfelds</translation>
    </message>
    <message>
        <source>the target&apos;s {base:g} mm base at ({x:g}, {y:g}) hangs off the battlefield</source>
        <translation>die Basis des Ziels ({base:g} mm) bei ({x:g}; {y:g}) ragt über den Rand des Schlachtfelds</translation>
    </message>
    <message>
        <source>the observer&apos;s {base:g} mm base at ({x:g}, {y:g}) overlaps a wall</source>
        <translation>die Basis des Beobachters ({base:g} mm) bei ({x:g}; {y:g}) überlappt eine Wand</translation>
    </message>
    <message>
        <source>the target&apos;s {base:g} mm base at ({x:g}, {y:g}) overlaps a wall</source>
        <translation>die Basis des Ziels ({base:g} mm) bei ({x:g}; {y:g}) überlappt eine Wand</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Messen</translation>
    </message>
    <message>
        <source>Click two points: the route around walls with its length, and the straight line</source>
        <translation>Zwei Punkte anklicken: der Weg um die Wände mit seiner Länge und die gerade Linie</translation>
    </message>
    <message>
        <source>Sight</source>
        <translation>Sicht</translation>
    </message>
    <message>
        <source>Click a point to see what it sees, or place two bases: visible or fully visible</source>
        <translation>Einen Punkt anklicken, um zu sehen, was er sieht, oder zwei Basen setzen: sichtbar oder vollständig sichtbar</translation>
    </message>
    <message>
        <source>Distances from point</source>
        <translation>Entfernungen vom Punkt</translation>
    </message>
    <message>
        <source>Click a point: route distance from it to every zone</source>
        <translation>Einen Punkt anklicken: Wegstrecke von dort zu jeder Zone</translation>
    </message>
    <message>
        <source>New killzone mission</source>
        <translation>Neue Killzone-Mission</translation>
    </message>
    <message>
        <source>New mission</source>
        <translation>Neue Mission</translation>
    </message>
    <message>
        <source>Objective {oid}</source>
        <translation>Missionsziel {oid}</translation>
    </message>
    <message>
        <source>Player {player}</source>
        <translation>Spieler {player}</translation>
    </message>
    <message>
        <source>P{n}</source>
        <translation>S{n}</translation>
    </message>
    <message>
        <source>1 set</source>
        <translation>1 Set</translation>
    </message>
    <message>
        <source>{n} players</source>
        <translation>{n} Spieler</translation>
    </message>
    <message>
        <source>Briefing</source>
        <translation>Einsatzbesprechung</translation>
    </message>
    <message>
        <source>Victory conditions</source>
        <translation>Siegbedingungen</translation>
    </message>
    <message>
        <source>hatchways as set</source>
        <translation>Schotttüren wie gestellt</translation>
    </message>
    <message>
        <source>all hatchways open</source>
        <translation>alle Schotttüren offen</translation>
    </message>
    <message>
        <source>all hatchways closed</source>
        <translation>alle Schotttüren geschlossen</translation>
    </message>
    <message>
        <source>that point is inside a wall or off the battlefield</source>
        <translation>dieser Punkt liegt in einer Wand oder außerhalb des Schlachtfelds</translation>
    </message>
    <message>
        <source>1 region for a {mm:g} mm base, {view}</source>
        <translation>1 Bereich für eine {mm:g}-mm-Base, {view}</translation>
    </message>
    <message>
        <source>{n} regions for a {mm:g} mm base, {view}</source>
        <translation>{n} Bereiche für eine {mm:g}-mm-Base, {view}</translation>
    </message>
    <message>
        <source>{n} sealed</source>
        <translation>{n} abgeschlossen</translation>
    </message>
    <message>
        <source>1 zone no base can enter</source>
        <translation>1 Zone, die keine Base betreten kann</translation>
    </message>
    <message>
        <source>{n} zones no base can enter</source>
        <translation>{n} Zonen, die keine Base betreten kann</translation>
    </message>
    <message>
        <source>player {n} has no entry zone yet</source>
        <translation>Spieler {n} hat noch keine Aufstellungszone</translation>
    </message>
    <message>
        <source>Route distances from player {n}&apos;s entry zone, {view}</source>
        <translation>Wegstrecken von der Aufstellungszone von Spieler {n}, {view}</translation>
    </message>
    <message>
        <source>Route distances from the marked point, {view}</source>
        <translation>Wegstrecken vom markierten Punkt, {view}</translation>
    </message>
    <message>
        <source>Sees {share:.0f} % of the battlefield ({view})</source>
        <translation>Sieht {share:.0f} % des Schlachtfelds ({view})</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>geschlossen</translation>
    </message>
    <message>
        <source>Entry Zones</source>
        <translation>Aufstellungszonen</translation>
    </message>
    <message>
        <source>Paint entry zones: drag over zones to paint the chosen player&apos;s entry zone; start on that player&apos;s zone or drag with the right button to erase; keys 1-4 choose the player</source>
        <translation>Aufstellungszonen malen: über Zonen ziehen, um die Aufstellungszone des gewählten Spielers zu malen; auf seiner Zone beginnen oder mit der rechten Taste ziehen, um zu löschen; die Tasten 1-4 wählen den Spieler</translation>
    </message>
    <message>
        <source>Drop Zones</source>
        <translation>Landezonen</translation>
    </message>
    <message>
        <source>Paint drop zones: drag over zones to paint the chosen player&apos;s drop zone; start on that player&apos;s zone or drag with the right button to erase; keys 1-2 choose the player</source>
        <translation>Landezonen malen: über Zonen ziehen malt die Landezone des gewählten Spielers; auf einer Zone dieses Spielers beginnen oder mit der rechten Taste ziehen radiert; die Tasten 1-2 wählen den Spieler</translation>
    </message>
    <message>
        <source>Objectives</source>
        <translation>Missionsziele</translation>
    </message>
    <message>
        <source>Place objective markers (40 mm, 1&quot; range): click a zone to place one at its centre, hold Shift to place freely, drag to move, double-click to rename</source>
        <translation>Missionszielmarker setzen (40 mm, 1&quot; Reichweite): eine Zone anklicken, um einen in ihre Mitte zu setzen, Umschalt halten für freie Platzierung, ziehen zum Verschieben, Doppelklick zum Umbenennen</translation>
    </message>
    <message>
        <source>off the boards</source>
        <translation>außerhalb der Spielplatten</translation>
    </message>
    <message>
        <source>Named Regions</source>
        <translation>Benannte Bereiche</translation>
    </message>
    <message>
        <source>Paint named regions (airlock, reactor ...) printed on the card: choose or make one in the placement panel, then drag over zones; start on its zone or right-drag to erase</source>
        <translation>Benannte Bereiche (Luftschleuse, Reaktor ...) malen, die auf der Karte stehen: im Platzierungsbereich einen wählen oder anlegen, dann über Zonen ziehen; auf seiner Zone beginnen oder mit rechts ziehen, um zu löschen</translation>
    </message>
    <message>
        <source>Long wall</source>
        <translation>Lange Wand</translation>
    </message>
    <message>
        <source>Long wall with pillars</source>
        <translation>Lange Wand mit Säulen</translation>
    </message>
    <message>
        <source>Long wall with hatchway</source>
        <translation>Lange Wand mit Schotttür</translation>
    </message>
    <message>
        <source>Long wall with hatchway and pillars</source>
        <translation>Lange Wand mit Schotttür und Säulen</translation>
    </message>
    <message>
        <source>Short wall</source>
        <translation>Kurze Wand</translation>
    </message>
    <message>
        <source>Short wall with hatchway</source>
        <translation>Kurze Wand mit Schotttür</translation>
    </message>
    <message>
        <source>Short wall with hatchway and pillars, type 1</source>
        <translation>Kurze Wand mit Schotttür und Säulen, Typ 1</translation>
    </message>
    <message>
        <source>Short wall with hatchway and pillars, type 2</source>
        <translation>Kurze Wand mit Schotttür und Säulen, Typ 2</translation>
    </message>
    <message>
        <source>Pillar, left-hand</source>
        <translation>Säule, links</translation>
    </message>
    <message>
        <source>Pillar, right-hand</source>
        <translation>Säule, rechts</translation>
    </message>
    <message>
        <source>Wall end</source>
        <translation>Wandende</translation>
    </message>
    <message>
        <source>long wall</source>
        <translation>lange Wand</translation>
    </message>
    <message>
        <source>long wall with pillars</source>
        <translation>lange Wand mit Säulen</translation>
    </message>
    <message>
        <source>long wall with hatchway</source>
        <translation>lange Wand mit Schotttür</translation>
    </message>
    <message>
        <source>long wall with hatchway and pillars</source>
        <translation>lange Wand mit Schotttür und Säulen</translation>
    </message>
    <message>
        <source>short wall</source>
        <translation>kurze Wand</translation>
    </message>
    <message>
        <source>short wall with hatchway</source>
        <translation>kurze Wand mit Schotttür</translation>
    </message>
    <message>
        <source>short wall with hatchway and pillars, type 1</source>
        <translation>kurze Wand mit Schotttür und Säulen, Typ 1</translation>
    </message>
    <message>
        <source>short wall with hatchway and pillars, type 2</source>
        <translation>kurze Wand mit Schotttür und Säulen, Typ 2</translation>
    </message>
    <message>
        <source>left-hand pillar</source>
        <translation>linke Säule</translation>
    </message>
    <message>
        <source>right-hand pillar</source>
        <translation>rechte Säule</translation>
    </message>
    <message>
        <source>wall end</source>
        <translation>Wandende</translation>
    </message>
    <message>
        <source>Light barricade</source>
        <translation>Leichte Barrikade</translation>
    </message>
    <message>
        <source>Heavy barricade</source>
        <translation>Schwere Barrikade</translation>
    </message>
    <message>
        <source>Portable barricade</source>
        <translation>Tragbare Barrikade</translation>
    </message>
    <message>
        <source>Razor wire</source>
        <translation>Stacheldraht</translation>
    </message>
    <message>
        <source>Mines</source>
        <translation>Minen</translation>
    </message>
    <message>
        <source>Open Hatchway</source>
        <translation>Schotttür öffnen</translation>
    </message>
    <message>
        <source>Close Hatchway</source>
        <translation>Schotttür schließen</translation>
    </message>
    <message>
        <source>Delete Objective {oid}</source>
        <translation>Missionsziel {oid} löschen</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Route distances</source>
        <translation>Wegstrecken</translation>
    </message>
    <message>
        <source>player {n} has no drop zone yet</source>
        <translation>Spieler {n} hat noch keine Landezone</translation>
    </message>
    <message>
        <source>Route distances from player {n}&apos;s drop zone, {view}, 1&quot; more per access point</source>
        <translation>Wegstrecken von der Landezone von Spieler {n}, {view}, 1&quot; mehr je Zugangspunkt</translation>
    </message>
    <message>
        <source>Route distances from the marked point, {view}, 1&quot; more per access point</source>
        <translation>Wegstrecken vom markierten Punkt, {view}, 1&quot; mehr je Zugangspunkt</translation>
    </message>
    <message>
        <source>a Kill Team killzone is one board, but this mission lays {n}</source>
        <translation>eine Kill-Team-Killzone ist eine Spielplatte, aber diese Mission legt {n}</translation>
    </message>
    <message>
        <source>Kill Team is played by two players, but this mission is for {n}</source>
        <translation>Kill Team spielen zwei Spieler, aber diese Mission ist für {n}</translation>
    </message>
    <message>
        <source>in Kill Team every hatchway starts closed, but the mission sets {pieces} open; routes and sight are worked out with it open as set</source>
        <translation>in Kill Team beginnt jede Schotttür geschlossen, aber die Mission stellt {pieces} offen; Wege und Sicht werden mit der Tür offen wie gestellt berechnet</translation>
    </message>
    <message>
        <source>the mission&apos;s {keys} belong to Boarding Actions; a Kill Team card shows turning points and ops instead, and keeps them only in the file</source>
        <translation>{keys} der Mission gehören zu Boarding Actions; eine Kill-Team-Karte zeigt stattdessen Wendepunkte und Ops und behält sie nur in der Datei</translation>
    </message>
    <message>
        <source>the mission&apos;s {keys} belong to Kill Team; a Boarding Actions card shows battle rounds and points instead, and keeps them only in the file</source>
        <translation>{keys} der Mission gehören zu Kill Team; eine Boarding-Actions-Karte zeigt stattdessen Schlachtrunden und Punkte und behält sie nur in der Datei</translation>
    </message>
    <message>
        <source>a move counted the rules&apos; way (measure&apos;s move_in: each straight increment rounded up to the inch, 1&quot; per access point) is the least over routes turning anywhere, found in layers of 1&quot; hops with the edges near walls sampled every 2 mm (a knife&apos;s edge may count 1&quot; high, never low); from a drop zone (the balance, first-turn reach, who reaches a hatchway first) the count of a route turning at the corners or near them, exact where it meets the tape&apos;s length rounded up, both said where they differ</source>
        <translation>eine Bewegung nach den Regeln gezählt (move_in von measure: jedes gerade Teilstück auf den vollen Zoll aufgerundet, 1&quot; je Zugangspunkt) ist die kleinste über Wege, die überall abbiegen dürfen, gefunden in Schichten von Sprüngen bis 1&quot;, die Ränder nahe Wänden alle 2 mm abgetastet (auf Messers Schneide kann sie 1&quot; zu hoch zählen, nie zu niedrig); von einer Landezone aus (die Ausgewogenheit, die Reichweite im ersten Zug, wer eine Schotttür zuerst erreicht) die Zählung eines Weges, der an den Ecken oder nahe bei ihnen abbiegt, genau, wo sie die aufgerundete Bandmaßlänge trifft, beide genannt, wo sie sich unterscheiden</translation>
    </message>
    <message>
        <source>distances to the drop zones and the killzone&apos;s centre are measured straight, walls ignored; the drop zones&apos; balance is the route an operative walks to each objective</source>
        <translation>Entfernungen zu den Landezonen und zur Mitte der Killzone werden gerade gemessen, ohne Rücksicht auf Wände; die Ausgewogenheit der Landezonen ist der Weg, den ein Agent zu jedem Missionsziel geht</translation>
    </message>
    <message>
        <source>hatchways reached first (moves of {move:g}&quot; to within 1&quot; of an access point): {firsts}; {tied} in the same move by both</source>
        <translation>zuerst erreichte Schotttüren (Bewegungen von {move:g}&quot; bis auf 1&quot; an einen Zugangspunkt): {firsts}; {tied} von beiden in derselben Bewegung</translation>
    </message>
    <message>
        <source>no room for a Hatchway Fight at {pieces}: a {base:g} mm base cannot stand touching the access point on both sides</source>
        <translation>kein Platz für einen Schottkampf an {pieces}: eine {base:g}-mm-Base kann nicht auf beiden Seiten am Zugangspunkt stehen</translation>
    </message>
    <message>
        <source>not visible ({view})</source>
        <translation>nicht sichtbar ({view})</translation>
    </message>
    <message>
        <source>player {n}: {k}</source>
        <translation>Spieler {n}: {k}</translation>
    </message>
    <message>
        <source>routes, the drop zones&apos; balance and who reaches a hatchway first take every hatchway as open (operatives open them with Operate Hatch) and add 1&quot; for each access point crossed; the actions spent opening them are not counted</source>
        <translation>Wege, die Ausgewogenheit der Landezonen und wer eine Schotttür zuerst erreicht nehmen jede Schotttür als offen an (Agenten öffnen sie mit „Schott bedienen“) und zählen 1&quot; für jeden durchquerten Zugangspunkt dazu; die Aktionen zum Öffnen werden nicht gezählt</translation>
    </message>
    <message>
        <source>cover as this tool reads the rules&apos; corners and ends: a corner or end is the pillar or wall end and 15 mm of its walls, and beside an open access point the last 15 mm of the wall; the shooter has passed one only when its whole base is on the target&apos;s side of the line of a wall the target stands alongside (a base across that line has not)</source>
        <translation>Deckung, wie dieses Programm die Ecken und Enden der Regeln liest: eine Ecke oder ein Ende ist die Säule oder das Wandende und 15 mm ihrer Wände, und neben einem offenen Zugangspunkt die letzten 15 mm der Wand; der Schütze ist an einer oder einem nur vorbei, wenn seine ganze Base auf der Seite des Ziels der Linie einer Wand liegt, an der das Ziel steht (eine Base, die über diese Linie reicht, nicht)</translation>
    </message>
    <message>
        <source>the drop zones of player {n} and player {n2} can see into each other (hatchways as set): a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm</source>
        <translation>die Landezonen von Spieler {n} und Spieler {n2} sehen einander (Schotttüren wie gestellt): eine Linie von {start} nach {end} ist frei, ({x1:.1f}; {y1:.1f}) bis ({x2:.1f}; {y2:.1f}) mm</translation>
    </message>
    <message>
        <source>the drop zones of player {n} and player {n2} see into each other once every hatchway is open: a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm</source>
        <translation>die Landezonen von Spieler {n} und Spieler {n2} sehen einander, sobald alle Schotttüren offen sind: eine Linie von {start} nach {end} ist frei, ({x1:.1f}; {y1:.1f}) bis ({x2:.1f}; {y2:.1f}) mm</translation>
    </message>
    <message>
        <source>the drop zones&apos; routes to the objectives differ by {pct:.1f} %: player {n} has {a:.1f}&quot; to walk in all, player {n2} {b:.1f}&quot; (every hatchway open, +1&quot; per access point); keep them within {limit:g} %</source>
        <translation>die Wege der Landezonen zu den Missionszielen unterscheiden sich um {pct:.1f} %: Spieler {n} hat insgesamt {a:.1f}&quot; zu gehen, Spieler {n2} {b:.1f}&quot; (alle Schotttüren offen, +1&quot; je Zugangspunkt); haltet sie innerhalb von {limit:g} %</translation>
    </message>
    <message>
        <source>visible, in cover ({view})</source>
        <translation>sichtbar, in Deckung ({view})</translation>
    </message>
    <message>
        <source>visible, in cover and obscured ({view})</source>
        <translation>sichtbar, in Deckung und verdeckt ({view})</translation>
    </message>
    <message>
        <source>visible, not in cover ({view})</source>
        <translation>sichtbar, nicht in Deckung ({view})</translation>
    </message>
    <message>
        <source>visible, obscured ({view})</source>
        <translation>sichtbar, verdeckt ({view})</translation>
    </message>
    <message>
        <source>the mirror image of {piece} falls off the boards</source>
        <translation>das Spiegelbild von {piece} fällt von den Spielplatten</translation>
    </message>
    <message>
        <source>the mirror image of objective {id} falls off the boards</source>
        <translation>das Spiegelbild von Missionsziel {id} fällt von den Spielplatten</translation>
    </message>
    <message>
        <source>the mirror image of the {kind} of player {player} falls off the boards</source>
        <translation>das Spiegelbild von {kind} von Spieler {player} fällt von den Spielplatten</translation>
    </message>
    <message>
        <source>{piece} lies across the mirror line and is not its own mirror image (its image would stand on it)</source>
        <translation>{piece} liegt über der Spiegellinie und ist nicht sein eigenes Spiegelbild (sein Spiegelbild stünde auf ihm)</translation>
    </message>
    <message>
        <source>{pieces} lie across the mirror line and are not their own mirror images (each image would stand on its piece)</source>
        <translation>{pieces} liegen über der Spiegellinie und sind nicht ihr eigenes Spiegelbild (jedes Spiegelbild stünde auf seinem Teil)</translation>
    </message>
    <message>
        <source>zone {zone} on board {board}, in player {player}&apos;s entry zone, lies on the mirror line: its image would be player {other}&apos;s</source>
        <translation>Zone {zone} auf Spielplatte {board} in der Aufstellungszone von Spieler {player} liegt auf der Spiegellinie: ihr Spiegelbild gehörte Spieler {other}</translation>
    </message>
    <message>
        <source>cannot mirror: {problems}</source>
        <translation>Spiegeln nicht möglich: {problems}</translation>
    </message>
    <message>
        <source>the mirror image of an entry zone or region falls off the boards</source>
        <translation>das Spiegelbild einer Aufstellungszone oder eines Bereichs fällt von den Spielplatten</translation>
    </message>
    <message>
        <source>light barricade</source>
        <translation>leichte Barrikade</translation>
    </message>
    <message>
        <source>heavy barricade</source>
        <translation>schwere Barrikade</translation>
    </message>
    <message>
        <source>portable barricade</source>
        <translation>tragbare Barrikade</translation>
    </message>
    <message>
        <source>razor wire</source>
        <translation>Stacheldraht</translation>
    </message>
    <message>
        <source>mines</source>
        <translation>Minen</translation>
    </message>
    <message>
        <source>{what} of player {n}</source>
        <translation>{what} von Spieler {n}</translation>
    </message>
    <message>
        <source>the mission sets up {n} items of Kill Team equipment; Boarding Actions has none, so they are kept in the file and drawn, not checked</source>
        <translation>die Mission stellt {n} Ausrüstungsteile von Kill Team auf; Boarding Actions kennt keine, darum bleiben sie in der Datei und werden gezeichnet, aber nicht geprüft</translation>
    </message>
    <message>
        <source>equipment placement as this tool reads it: distances straight between the footprints&apos; nearest edges, walls ignored; an access point is a hatchway&apos;s doorway, open or closed; a mines marker keeps clear of objective markers and every other mines marker; the drop zone runs to the board&apos;s edge</source>
        <translation>Aufstellung der Ausrüstung, wie dieses Werkzeug sie liest: Entfernungen gerade zwischen den nächsten Kanten der Grundflächen, Wände nicht beachtet; ein Zugangspunkt ist die Türöffnung einer Schotttür, offen oder geschlossen; ein Minenmarker hält Abstand zu Missionszielmarkern und jedem anderen Minenmarker; die Landezone reicht bis zum Plattenrand</translation>
    </message>
    <message>
        <source>player {n} sets up {count} × {what}; a kill team sets up at most {most}</source>
        <translation>Spieler {n} stellt {count} × {what} auf; ein Kill Team stellt höchstens {most} auf</translation>
    </message>
    <message>
        <source>{item} reaches past the killzone&apos;s edge</source>
        <translation>{item} ragt über den Rand der Killzone</translation>
    </message>
    <message>
        <source>{item} stands on {pieces}: equipment is set up on the killzone floor</source>
        <translation>{item} steht auf {pieces}: Ausrüstung wird auf dem Boden der Killzone aufgestellt</translation>
    </message>
    <message>
        <source>{item} must stand wholly within player {n}&apos;s territory, but the mission gives player {n} none</source>
        <translation>{item} muss vollständig im Territorium von Spieler {n} stehen, aber die Mission gibt Spieler {n} keines</translation>
    </message>
    <message>
        <source>{item} is not wholly within player {n}&apos;s territory</source>
        <translation>{item} steht nicht vollständig im Territorium von Spieler {n}</translation>
    </message>
    <message>
        <source>{item} is not wholly within {d:g}&quot; of player {n}&apos;s drop zone (it reaches {far:.1f}&quot; from it)</source>
        <translation>{item} steht nicht vollständig innerhalb von {d:g}&quot; der Landezone von Spieler {n} (es reicht {far:.1f}&quot; von ihr weg)</translation>
    </message>
    <message>
        <source>{item} is {d:.1f}&quot; from the access point of {pieces}; it must be more than {most:g}&quot; from every access point</source>
        <translation>{item} ist {d:.1f}&quot; vom Zugangspunkt von {pieces} entfernt; es muss mehr als {most:g}&quot; von jedem Zugangspunkt entfernt sein</translation>
    </message>
    <message>
        <source>objective marker {id}</source>
        <translation>Missionszielmarker {id}</translation>
    </message>
    <message>
        <source>{item} is within {most:g}&quot; of {what}; it must be more than {most:g}&quot; from {others}</source>
        <translation>{item} ist innerhalb von {most:g}&quot; von {what}; es muss mehr als {most:g}&quot; entfernt sein von {others}</translation>
    </message>
    <message>
        <source>other markers</source>
        <translation>anderen Markern</translation>
    </message>
    <message>
        <source>other equipment terrain</source>
        <translation>anderem Ausrüstungsgelände</translation>
    </message>
    <message>
        <source>the territories of player {n} and player {n2} overlap</source>
        <translation>die Territorien von Spieler {n} und Spieler {n2} überlappen sich</translation>
    </message>
    <message>
        <source>the mirrored table would have {n} pieces, more than the {most} the mirror checks</source>
        <translation>der gespiegelte Tisch hätte {n} Teile, mehr als die {most}, die das Spiegeln prüft</translation>
    </message>
    <message>
        <source>the mirror would break the table: {what}</source>
        <translation>das Spiegeln würde den Tisch beschädigen: {what}</translation>
    </message>
    <message>
        <source>sparse</source>
        <translation>locker</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>dicht</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>{density} wants {want} wall panels; at most {got} could stand ({n} tries)</source>
        <translation>„{density}“ verlangt {want} Wandteile; höchstens {got} ließen sich stellen ({n} Versuche)</translation>
    </message>
    <message>
        <source>the route totals between players stayed {best:.1f} % apart at the closest, above the {bound:g} % allowed ({n} tries)</source>
        <translation>die Wegsummen der Spieler lagen bestenfalls {best:.1f} % auseinander, mehr als die erlaubten {bound:g} % ({n} Versuche)</translation>
    </message>
    <message>
        <source>entry zones stayed in sight of each other ({n} tries)</source>
        <translation>die Aufstellungszonen blieben in Sichtlinie zueinander ({n} Versuche)</translation>
    </message>
    <message>
        <source>a {base:g} mm base could not reach every objective from every entry zone; at the closest {best:g} objectives were out of reach ({n} tries)</source>
        <translation>eine Base von {base:g} mm erreichte nicht jedes Missionsziel aus jeder Aufstellungszone; bestenfalls blieben {best:g} Missionsziele unerreichbar ({n} Versuche)</translation>
    </message>
    <message>
        <source>the rules check found errors ({n} tries)</source>
        <translation>die Regelprüfung fand Fehler ({n} Versuche)</translation>
    </message>
    <message>
        <source>the table came out as a library mission ({n} tries)</source>
        <translation>der Tisch glich einer Mission der Bibliothek ({n} Versuche)</translation>
    </message>
    <message>
        <source>the table came out as one already offered ({n} tries)</source>
        <translation>der Tisch glich einem schon angebotenen ({n} Versuche)</translation>
    </message>
    <message>
        <source>there is no room for {want} objective markers {apart:g}&quot; apart outside the entry zones ({n} tries)</source>
        <translation>außerhalb der Aufstellungszonen ist kein Platz für {want} Missionsziel-Marker im Abstand von {apart:g}&quot; ({n} Versuche)</translation>
    </message>
    <message>
        <source>a Kill Team killzone is one board, and the table has {n}: lay one board, or let the generator lay it</source>
        <translation>eine Kill-Team-Killzone ist eine Spielplatte, der Tisch hat {n}: lege eine Spielplatte, oder lass den Generator sie legen</translation>
    </message>
    <message>
        <source>there are no entry zones painted to keep</source>
        <translation>es sind keine Aufstellungszonen gemalt, die bleiben könnten</translation>
    </message>
    <message>
        <source>there is no deployment {key!r}</source>
        <translation>es gibt keine Aufstellung {key!r}</translation>
    </message>
    <message>
        <source>the deployment {key!r} is for {n} players, not {players}</source>
        <translation>die Aufstellung {key!r} ist für {n} Spieler, nicht für {players}</translation>
    </message>
    <message>
        <source>a half turn does not give the boards and entry zones back: choose line symmetry or none</source>
        <translation>eine halbe Drehung ergibt die Spielplatten und Aufstellungszonen nicht wieder: wähle Spiegelsymmetrie oder keine</translation>
    </message>
    <message>
        <source>no reflection gives the boards and entry zones back: choose point symmetry or none</source>
        <translation>keine Spiegelung ergibt die Spielplatten und Aufstellungszonen wieder: wähle Punktsymmetrie oder keine</translation>
    </message>
    <message>
        <source>{density} wants {want} wall panels on {boards} boards; the pieces owned hold {owned}</source>
        <translation>„{density}“ verlangt {want} Wandteile auf {boards} Spielplatten; die eigenen Teile umfassen {owned}</translation>
    </message>
    <message>
        <source>no table met the options in {n} tries</source>
        <translation>kein Tisch erfüllte die Vorgaben in {n} Versuchen</translation>
    </message>
    <message>
        <source>there is no game {game!r}</source>
        <translation>es gibt kein Spiel {game!r}</translation>
    </message>
    <message>
        <source>this game is for {players} players, not {n}</source>
        <translation>dieses Spiel ist für {players} Spieler, nicht für {n}</translation>
    </message>
    <message>
        <source>symmetry is one of point, line or none, not {value!r}</source>
        <translation>die Symmetrie ist point, line oder none, nicht {value!r}</translation>
    </message>
    <message>
        <source>density is one of sparse, standard or dense, not {value!r}</source>
        <translation>die Dichte ist sparse, standard oder dense, nicht {value!r}</translation>
    </message>
    <message>
        <source>the boards lie side-by-side, end-to-end, one or keep, not {value!r}</source>
        <translation>die Spielplatten liegen side-by-side, end-to-end, one oder keep, nicht {value!r}</translation>
    </message>
    <message>
        <source>there are no boards to keep</source>
        <translation>es gibt keine Spielplatten, die bleiben könnten</translation>
    </message>
    <message>
        <source>the number of sets is from 1 to 20, not {n}</source>
        <translation>die Zahl der Sets liegt zwischen 1 und 20, nicht {n}</translation>
    </message>
    <message>
        <source>the spread is a percentage from 0 to 100, not {n}</source>
        <translation>die Spanne ist ein Prozentsatz von 0 bis 100, nicht {n}</translation>
    </message>
    <message>
        <source>the largest base is from 10 to 170 mm across, not {n}</source>
        <translation>die größte Base misst 10 bis 170 mm, nicht {n}</translation>
    </message>
    <message>
        <source>the number of candidates is from 1 to 50, not {n}</source>
        <translation>die Zahl der Vorschläge liegt zwischen 1 und 50, nicht {n}</translation>
    </message>
    <message>
        <source>the number of objectives is from 0 to 12, not {n}</source>
        <translation>die Zahl der Missionsziele liegt zwischen 0 und 12, nicht {n}</translation>
    </message>
    <message>
        <source>the catalogue has no piece {code!r}</source>
        <translation>der Katalog kennt kein Teil {code!r}</translation>
    </message>
    <message>
        <source>{code}: a count of pieces is a whole number, 0 or more</source>
        <translation>{code}: eine Anzahl Teile ist eine ganze Zahl ab 0</translation>
    </message>
    <message>
        <source>a kit list is a mapping of piece codes to counts, e.g. &quot;A1: 4&quot;</source>
        <translation>eine Teileliste ordnet Teilecodes Anzahlen zu, z. B. &quot;A1: 4&quot;</translation>
    </message>
    <message>
        <source>the catalogue has no piece {code!r} (pieces: {codes})</source>
        <translation>der Katalog kennt kein Teil {code!r} (Teile: {codes})</translation>
    </message>
    <message>
        <source>{code} is listed twice</source>
        <translation>{code} steht zweimal in der Liste</translation>
    </message>
    <message>
        <source>{code}: the number owned is a whole number from 0 to 10000</source>
        <translation>{code}: die Anzahl ist eine ganze Zahl von 0 bis 10000</translation>
    </message>
    <message>
        <source>no file name given</source>
        <translation>kein Dateiname angegeben</translation>
    </message>
    <message>
        <source>is a link to a file outside its folder ({target}), so nothing was written through it (write to that file by its own name, or to another file)</source>
        <translation>ist ein Verweis auf eine Datei außerhalb seines Ordners ({target}), daher wurde nichts hindurch geschrieben (schreiben Sie in diese Datei unter ihrem eigenen Namen oder in eine andere Datei)</translation>
    </message>
    <message>
        <source>the folder it would go in does not exist</source>
        <translation>der Ordner, in den sie käme, existiert nicht</translation>
    </message>
    <message>
        <source>is one of the inputs ({input}), so it was not replaced (write to another file)</source>
        <translation>ist eine der Eingaben ({input}), daher wurde sie nicht ersetzt (schreiben Sie in eine andere Datei)</translation>
    </message>
    <message>
        <source>is not a file (a folder or a device), so nothing was written</source>
        <translation>ist keine Datei (ein Ordner oder ein Gerät), daher wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>the file is read-only, so it was not replaced (make it writable, or write to another file)</source>
        <translation>die Datei ist schreibgeschützt, daher wurde sie nicht ersetzt (machen Sie sie beschreibbar oder schreiben Sie in eine andere Datei)</translation>
    </message>
    <message>
        <source>not written: this program could not read the file back ({reason})</source>
        <translation>nicht geschrieben: dieses Programm könnte die Datei nicht wieder lesen ({reason})</translation>
    </message>
    <message>
        <source>that equipment is no longer on the killzone</source>
        <translation>diese Ausrüstung steht nicht mehr auf der Killzone</translation>
    </message>
    <message>
        <source>equipment is set up on the killzone</source>
        <translation>Ausrüstung wird auf der Killzone aufgestellt</translation>
    </message>
    <message>
        <source>the catalogue has no equipment {kind}</source>
        <translation>der Katalog kennt keine Ausrüstung {kind}</translation>
    </message>
    <message>
        <source>there is no player {n}</source>
        <translation>es gibt keinen Spieler {n}</translation>
    </message>
    <message>
        <source>there is no killzone to split</source>
        <translation>es gibt keine Killzone zum Teilen</translation>
    </message>
    <message>
        <source>the centre line must cut the killzone in two</source>
        <translation>die Mittellinie muss die Killzone in zwei Teile schneiden</translation>
    </message>
    <message>
        <source>the killzone has no centre line</source>
        <translation>die Killzone hat keine Mittellinie</translation>
    </message>
    <message>
        <source>there is no killzone</source>
        <translation>es gibt keine Killzone</translation>
    </message>
    <message>
        <source>the centre line&apos;s ends must lie apart</source>
        <translation>die Enden der Mittellinie müssen auseinanderliegen</translation>
    </message>
    <message>
        <source>a territory&apos;s edges may not cross</source>
        <translation>die Kanten eines Territoriums dürfen sich nicht kreuzen</translation>
    </message>
    <message>
        <source>there is no territory corner there</source>
        <translation>dort ist keine Ecke eines Territoriums</translation>
    </message>
    <message>
        <source>double-click on a territory&apos;s edge to add a corner</source>
        <translation>auf eine Kante eines Territoriums doppelklicken, um eine Ecke hinzuzufügen</translation>
    </message>
    <message>
        <source>a territory keeps at least three corners</source>
        <translation>ein Territorium behält mindestens drei Ecken</translation>
    </message>
    <message>
        <source>the killzone has no territories</source>
        <translation>die Killzone hat keine Territorien</translation>
    </message>
    <message>
        <source>the killzone has no territories or centre line</source>
        <translation>die Killzone hat keine Territorien und keine Mittellinie</translation>
    </message>
    <message>
        <source>Equipment</source>
        <translation>Ausrüstung</translation>
    </message>
    <message>
        <source>Kill Team equipment: choose an item in the palette&apos;s Equipment list and click the killzone to set it up; drag to move, R turns 15°, Del deletes</source>
        <translation>Kill-Team-Ausrüstung: ein Stück in der Ausrüstungsliste der Palette wählen und auf die Killzone klicken, um es aufzustellen; ziehen verschiebt, R dreht um 15°, Entf löscht</translation>
    </message>
    <message>
        <source>Territories</source>
        <translation>Territorien</translation>
    </message>
    <message>
        <source>Kill Team territories: drag an end of the centre line along the killzone&apos;s edge; Table &gt; Territories splits the killzone in two halves</source>
        <translation>Kill-Team-Territorien: ein Ende der Mittellinie am Rand der Killzone entlangziehen; Tisch &gt; Territorien teilt die Killzone in zwei Hälften</translation>
    </message>
    <message>
        <source>{what} stays locked until the timeline says</source>
        <translation>{what} ist verriegelt, bis der Ablauf es anders sagt</translation>
    </message>
    <message>
        <source>{name} is {state}</source>
        <translation>{name} ist {state}</translation>
    </message>
    <message>
        <source>objective {id} is not on the table yet</source>
        <translation>Missionsziel {id} ist noch nicht auf dem Tisch</translation>
    </message>
    <message>
        <source>entry zone {name} is closed</source>
        <translation>Aufstellungszone {name} ist geschlossen</translation>
    </message>
    <message>
        <source>{key!r} needs version: 2 (this file says version: 1; write version: 2 at the top)</source>
        <translation>„{key}“ braucht version: 2 (diese Datei sagt version: 1; schreibe oben version: 2)</translation>
    </message>
    <message>
        <source>{what}: {value!r} is not one of {allowed}; did you mean {hint!r}?</source>
        <translation>{what}: „{value}“ ist keiner der Werte {allowed}; meintest du „{hint}“?</translation>
    </message>
    <message>
        <source>{what}: {value!r} is not one of {allowed}</source>
        <translation>{what}: „{value}“ ist keiner der Werte {allowed}</translation>
    </message>
    <message>
        <source>marker kind {n}</source>
        <translation>Markerart {n}</translation>
    </message>
    <message>
        <source>the marker kind {id!r} is listed twice (first on line {first})</source>
        <translation>die Markerart „{id}“ steht zweimal in der Liste (zuerst in Zeile {first})</translation>
    </message>
    <message>
        <source>marker kind {id}</source>
        <translation>Markerart {id}</translation>
    </message>
    <message>
        <source>{what}: diameter must be more than 0 and at most {most:g} mm, not {value:g}</source>
        <translation>{what}: diameter muss über 0 und höchstens {most:g} mm sein, nicht {value:g}</translation>
    </message>
    <message>
        <source>timeline event {n}</source>
        <translation>Ereignis {n} des Ablaufs</translation>
    </message>
    <message>
        <source>{what}, change {k}</source>
        <translation>{what}, Änderung {k}</translation>
    </message>
    <message>
        <source>{what} must name one of {keys} (it names {n})</source>
        <translation>{what} muss genau eines von {keys} nennen (es nennt {n})</translation>
    </message>
    <message>
        <source>{what}: &apos;to&apos; belongs only on an objective that moves</source>
        <translation>{what}: „to“ gehört nur zu einem Missionsziel, das versetzt wird</translation>
    </message>
    <message>
        <source>{what}: from and to must be two different nodes</source>
        <translation>{what}: from und to müssen zwei verschiedene Knoten sein</translation>
    </message>
    <message>
        <source>round {round}, {phase}</source>
        <translation>Runde {round}, {phase}</translation>
    </message>
    <message>
        <source>the area {name!r}</source>
        <translation>der Bereich „{name}“</translation>
    </message>
    <message>
        <source>the entry zone {name!r}</source>
        <translation>die Aufstellungszone „{name}“</translation>
    </message>
    <message>
        <source>timeline, {when}: {what} is not on the table, so &apos;{becomes}&apos; changes nothing</source>
        <translation>Ablauf, {when}: {what} ist nicht auf dem Tisch, also ändert „{becomes}“ nichts</translation>
    </message>
    <message>
        <source>timeline, {when}: the battle has {last} rounds, so no table shows this event</source>
        <translation>Ablauf, {when}: die Schlacht hat {last} Runden, also zeigt kein Tisch dieses Ereignis</translation>
    </message>
    <message>
        <source>the checks judge one table per round: an event after the command phase shows from the next round (the tool&apos;s reading)</source>
        <translation>die Prüfungen beurteilen einen Tisch je Runde: ein Ereignis nach der Kommandophase zeigt sich ab der nächsten Runde (die Lesart des Werkzeugs)</translation>
    </message>
    <message>
        <source>areas: impassable blocks movement like a wall but not sight; a route through a dangerous area is flagged; a model in a dark area is seen only within {dark:g}&quot; (the tool&apos;s reading)</source>
        <translation>Bereiche: unpassierbar sperrt Bewegung wie eine Wand, aber nicht die Sicht; ein Weg durch einen gefährlichen Bereich wird vermerkt; ein Modell in einem dunklen Bereich ist nur innerhalb von {dark:g}&quot; zu sehen (die Lesart des Werkzeugs)</translation>
    </message>
    <message>
        <source>turning point {round}: no operative on a {base:g} mm base from either drop zone can reach objective {id!r} (every hatchway that may be opened open, impassable areas closed)</source>
        <translation>Wendepunkt {round}: kein Agent auf einer {base:g}-mm-Base aus einer der beiden Landezonen erreicht Missionsziel „{id}“ (jede Schotttür, die geöffnet werden darf, offen; unpassierbare Bereiche gesperrt)</translation>
    </message>
    <message>
        <source>round {round}: no {base:g} mm base from any entry zone can reach objective {id!r} (every hatchway that may be opened open, impassable areas closed)</source>
        <translation>Runde {round}: keine {base:g}-mm-Base aus einer Aufstellungszone erreicht Missionsziel „{id}“ (jede Schotttür, die geöffnet werden darf, offen; unpassierbare Bereiche gesperrt)</translation>
    </message>
    <message>
        <source>turning point {round}: player {player} is sealed in: no operative on a {base:g} mm base from their drop zone can reach any objective</source>
        <translation>Wendepunkt {round}: Spieler {player} ist eingeschlossen: kein Agent auf einer {base:g}-mm-Base aus seiner Landezone erreicht ein Missionsziel</translation>
    </message>
    <message>
        <source>round {round}: player {player} is sealed in: no {base:g} mm base from their entry zones can reach any objective</source>
        <translation>Runde {round}: Spieler {player} ist eingeschlossen: keine {base:g}-mm-Base aus seinen Aufstellungszonen erreicht ein Missionsziel</translation>
    </message>
    <message>
        <source>round {round}: the entry zone {name!r} (player {player}) opens in sight of an entry zone of player {other}: a line from ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm is clear</source>
        <translation>Runde {round}: die Aufstellungszone „{name}“ (Spieler {player}) öffnet sich in Sicht einer Aufstellungszone von Spieler {other}: eine Linie von ({x1:.1f}; {y1:.1f}) bis ({x2:.1f}; {y2:.1f}) mm ist frei</translation>
    </message>
    <message>
        <source>the timeline has no event {n}</source>
        <translation>die Zeitleiste hat kein Ereignis {n}</translation>
    </message>
    <message>
        <source>round {r} is not in the battle (rounds 1 to {last})</source>
        <translation>Runde {r} gehört nicht zur Schlacht (Runden 1 bis {last})</translation>
    </message>
    <message>
        <source>nothing to change</source>
        <translation>nichts zu ändern</translation>
    </message>
</context>
<context>
    <name>About</name>
    <message>
        <source>Build Boarding Actions missions on the real terrain, check them against the rules as you go, print mission cards and setup sheets, and share missions as files or share codes.</source>
        <translation>Boarding-Actions-Missionen mit dem echten Gelände bauen, beim Bauen gegen die Regeln prüfen, Missionskarten und Aufbaublätter drucken und Missionen als Dateien oder Missionscodes teilen.</translation>
    </message>
    <message>
        <source>Free software under the {licence} licence: use, copy, change and share it. It comes with no warranty.</source>
        <translation>Freie Software unter der {licence}-Lizenz: benutzen, kopieren, ändern und weitergeben. Ohne jede Gewährleistung.</translation>
    </message>
    <message>
        <source>Warhammer 40,000 and Boarding Actions are trademarks of Games Workshop Limited. This is an unofficial fan-made tool, not endorsed by Games Workshop.</source>
        <translation>Warhammer 40.000 und Boarding Actions sind Marken von Games Workshop Limited. Dies ist ein inoffizielles Werkzeug von Fans, nicht von Games Workshop unterstützt.</translation>
    </message>
    <message>
        <source>Boarding Actions Layout Editor</source>
        <translation>Boarding Actions Layout Editor</translation>
    </message>
    <message>
        <source>Version {version}</source>
        <translation>Version {version}</translation>
    </message>
    <message>
        <source>About Boarding Actions Layout Editor</source>
        <translation>Über Boarding Actions Layout Editor</translation>
    </message>
    <message>
        <source>&amp;About Boarding Actions Layout Editor</source>
        <translation>Ü&amp;ber Boarding Actions Layout Editor</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
</context>
<context>
    <name>BoardTool</name>
    <message>
        <source>Boards</source>
        <translation>Spielplatten</translation>
    </message>
    <message>
        <source>Move boards: drag a board (it snaps flush to its neighbours) or use the arrow keys; R turns it, Delete removes it</source>
        <translation>Spielplatten verschieben: eine Platte ziehen (sie rastet bündig an ihren Nachbarn ein) oder die Pfeiltasten nutzen; R dreht sie, Entf entfernt sie</translation>
    </message>
    <message>
        <source>Drag a board to move it; R turns the chosen board, Delete removes it</source>
        <translation>Eine Spielplatte ziehen, um sie zu verschieben; R dreht die gewählte Platte, Entf entfernt sie</translation>
    </message>
    <message>
        <source>Move Board {0}</source>
        <translation>Spielplatte {0} verschieben</translation>
    </message>
    <message>
        <source>Click a board first, then turn it</source>
        <translation>Erst eine Spielplatte anklicken, dann drehen</translation>
    </message>
    <message>
        <source>Click a board first, then remove it</source>
        <translation>Erst eine Spielplatte anklicken, dann entfernen</translation>
    </message>
    <message>
        <source>Click a board first, then move it with the arrow keys</source>
        <translation>Erst eine Spielplatte anklicken, dann mit den Pfeiltasten verschieben</translation>
    </message>
</context>
<context>
    <name>EquipmentList</name>
    <message>
        <source>Nothing set up</source>
        <translation>Nichts aufgestellt</translation>
    </message>
</context>
<context>
    <name>EquipmentPalette</name>
    <message>
        <source>Equipment</source>
        <translation>Ausrüstung</translation>
    </message>
    <message>
        <source>{0} mm across</source>
        <translation>{0} mm Durchmesser</translation>
    </message>
    <message>
        <source>{0} × {1} mm</source>
        <translation>{0} × {1} mm</translation>
    </message>
    <message>
        <source>{0}: click, then click the killzone to set it up</source>
        <translation>{0}: anklicken, dann auf die Killzone klicken, um es aufzustellen</translation>
    </message>
    <message>
        <source>For:</source>
        <translation>Für:</translation>
    </message>
    <message>
        <source>Player {0}</source>
        <translation>Spieler {0}</translation>
    </message>
    <message>
        <source>The next item is player {0}&apos;s; the chosen items become player {0}&apos;s</source>
        <translation>Das nächste Stück gehört Spieler {0}; die gewählten Stücke werden Spieler {0} gegeben</translation>
    </message>
</context>
<context>
    <name>EquipmentTool</name>
    <message>
        <source>Equipment: choose an item in the Terrain palette and click the killzone to set it up · click an item to choose it, drag to move · R turns {0}° · arrows move 1 mm · Del deletes · Esc stops</source>
        <translation>Ausrüstung: ein Stück in der Geländepalette wählen und auf die Killzone klicken, um es aufzustellen · ein Stück anklicken wählt es, ziehen verschiebt · R dreht um {0}° · Pfeiltasten verschieben um 1 mm · Entf löscht · Esc beendet</translation>
    </message>
    <message>
        <source>{0} for player {1}: click the killzone to set it up · R turns it {2}° · Esc stops</source>
        <translation>{0} für Spieler {1}: auf die Killzone klicken, um es aufzustellen · R dreht es um {2}° · Esc beendet</translation>
    </message>
    <message>
        <source>Give {0} to Player {1}</source>
        <translation>{0} an Spieler {1} geben</translation>
    </message>
    <message>
        <source>{0} Items of Equipment</source>
        <translation>{0} Ausrüstungsstücke</translation>
    </message>
    <message>
        <source>Breaks a placement rule here: {0}</source>
        <translation>Bricht hier eine Aufstellungsregel: {0}</translation>
    </message>
    <message>
        <source>Keeps every placement rule here</source>
        <translation>Hält hier jede Aufstellungsregel ein</translation>
    </message>
    <message>
        <source>Choose an item in the Terrain palette&apos;s Equipment list first, or click an item on the killzone to choose it</source>
        <translation>Zuerst ein Stück in der Ausrüstungsliste der Geländepalette wählen oder ein Stück auf der Killzone anklicken</translation>
    </message>
    <message>
        <source>Set Up {0}</source>
        <translation>{0} aufstellen</translation>
    </message>
    <message>
        <source>{0} set up for player {1} · Ctrl+Z undoes it</source>
        <translation>{0} für Spieler {1} aufgestellt · Strg+Z macht es rückgängig</translation>
    </message>
    <message>
        <source>Move {0}</source>
        <translation>{0} verschieben</translation>
    </message>
    <message>
        <source>Move cancelled</source>
        <translation>Verschieben abgebrochen</translation>
    </message>
    <message>
        <source>Equipment has no ends or doors to turn: R turns it {0}°</source>
        <translation>Ausrüstung hat keine Enden oder Türen zum Wenden: R dreht sie um {0}°</translation>
    </message>
    <message>
        <source>Click an item of equipment first, then Del deletes it</source>
        <translation>Zuerst ein Ausrüstungsstück anklicken, dann löscht Entf es</translation>
    </message>
    <message>
        <source>Delete {0}</source>
        <translation>{0} löschen</translation>
    </message>
    <message>
        <source>Cut {0}</source>
        <translation>{0} ausschneiden</translation>
    </message>
    <message>
        <source>Duplicate {0}</source>
        <translation>{0} duplizieren</translation>
    </message>
    <message>
        <source>Turn {0}</source>
        <translation>{0} drehen</translation>
    </message>
    <message>
        <source>Turned to {0}°</source>
        <translation>Auf {0}° gedreht</translation>
    </message>
    <message>
        <source>Click an item of equipment first, then R turns it {0}°</source>
        <translation>Zuerst ein Ausrüstungsstück anklicken, dann dreht R es um {0}°</translation>
    </message>
    <message>
        <source>Copied {0}</source>
        <translation>{0} kopiert</translation>
    </message>
    <message>
        <source>Paste {0}</source>
        <translation>{0} einfügen</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Print the mission: card, setup sheet, tabletop sheets, cards, or the map as an image</source>
        <translation>Die Mission drucken: Missionskarte, Aufbauplan, Spielflächenbögen, Karten oder den Lageplan als Bild</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation>{path} exportiert</translation>
    </message>
    <message>
        <source>Import share code…</source>
        <translation>Missionscode importieren…</translation>
    </message>
    <message>
        <source>Open a mission someone shared as a share code</source>
        <translation>Eine Mission öffnen, die jemand als Missionscode geteilt hat</translation>
    </message>
    <message>
        <source>Imported {title} from a share code</source>
        <translation>{title} aus einem Missionscode importiert</translation>
    </message>
    <message>
        <source>Import share code from image…</source>
        <translation>Missionscode aus Bild importieren…</translation>
    </message>
    <message>
        <source>Open a mission from a photo or screenshot of its card&apos;s QR code</source>
        <translation>Eine Mission aus einem Foto oder Bildschirmfoto des QR-Codes ihrer Missionskarte öffnen</translation>
    </message>
    <message>
        <source>Import share code from image</source>
        <translation>Missionscode aus Bild importieren</translation>
    </message>
    <message>
        <source>Pictures (*.png *.jpg *.jpeg *.webp *.bmp *.gif *.tif *.tiff);;All files (*)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.webp *.bmp *.gif *.tif *.tiff);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No share code found in {file}. Photograph the QR code on the back of the card straight on, filling much of the picture, in even light.</source>
        <translation>Kein Missionscode in {file} gefunden. Fotografiere den QR-Code auf der Rückseite der Missionskarte gerade von vorn, bildfüllend und bei gleichmäßigem Licht.</translation>
    </message>
    <message>
        <source>The QR code holds a share code that cannot be used: {reason}</source>
        <translation>Der QR-Code enthält einen Missionscode, der nicht verwendet werden kann: {reason}</translation>
    </message>
    <message>
        <source>Imported {title} from a picture of its QR code</source>
        <translation>{title} aus einem Bild seines QR-Codes importiert</translation>
    </message>
    <message>
        <source>Export mission</source>
        <translation>Mission exportieren</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Copy share code</source>
        <translation>Missionscode kopieren</translation>
    </message>
    <message>
        <source>Copy the whole mission as one line of text for chats and forums</source>
        <translation>Die ganze Mission als eine Textzeile für Chats und Foren kopieren</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Papier</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Speichern als</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Universal VTT map (*.dd2vtt)</source>
        <translation>Universal-VTT-Karte (*.dd2vtt)</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>Webseite (*.html)</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source>The map alone, for forums and chats.</source>
        <translation>Nur der Lageplan, für Foren und Chats.</translation>
    </message>
    <message>
        <source>The map for virtual tabletops (Foundry VTT, Roll20 and others, through their Universal VTT importers): the map image with its grid of zones, walls and pillars that block sight, and a door for each hatchway.</source>
        <translation>Die Karte für virtuelle Spieltische (Foundry VTT, Roll20 und andere, über ihre Universal-VTT-Importe): das Kartenbild mit dem Zonenraster, Wände und Säulen, die die Sicht blockieren, und eine Tür für jede Schotttür.</translation>
    </message>
    <message>
        <source>One web page that opens offline on any phone or computer: the map (tap a hatchway to open or close it, switch layers, zoom with two fingers), the texts, the parts and the share code. The preview shows its map.</source>
        <translation>Eine Webseite, die offline auf jedem Handy und Computer öffnet: der Lageplan (auf eine Schotttür tippen öffnet oder schließt sie, Ebenen umschalten, mit zwei Fingern zoomen), die Texte, die Teile und der Missionscode. Die Vorschau zeigt ihren Lageplan.</translation>
    </message>
    <message>
        <source>1 page</source>
        <translation>1 Seite</translation>
    </message>
    <message>
        <source>{n} pages</source>
        <translation>{n} Seiten</translation>
    </message>
    <message>
        <source>Print at 100 % (actual size), never &quot;fit to page&quot;: each sheet has a 50 mm bar to check the print with a ruler.</source>
        <translation>Mit 100 % (Originalgröße) drucken, nie „an Seite anpassen“: Jedes Blatt hat einen 50-mm-Balken, um den Druck mit einem Lineal zu prüfen.</translation>
    </message>
    <message>
        <source>Poker-size cards (63 x 88 mm), nine to a page; cut along the marks.</source>
        <translation>Karten im Pokerformat (63 x 88 mm), neun pro Seite; an den Marken schneiden.</translation>
    </message>
    <message>
        <source>The parts list and where every piece goes, board by board.</source>
        <translation>Die Teileliste und wohin jedes Teil kommt, Spielplatte für Spielplatte.</translation>
    </message>
    <message>
        <source>The map, legend and mission texts to play from.</source>
        <translation>Lageplan, Legende und Missionstexte zum Spielen.</translation>
    </message>
    <message>
        <source>Why the mission is fair: the balance and hatchway tables, what each player&apos;s entry zone sees of the enemy, and how far the first turn reaches.</source>
        <translation>Warum die Mission fair ist: die Tabellen zu Ausgewogenheit und Schotttüren, was die Aufstellungszone jedes Spielers vom Gegner sieht und wie weit der erste Zug reicht.</translation>
    </message>
    <message>
        <source>Page {page} of {pages}</source>
        <translation>Seite {page} von {pages}</translation>
    </message>
    <message>
        <source>Replace file?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>{name} exists. Replace it?</source>
        <translation>{name} gibt es schon. Ersetzen?</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>✓ Exported {name}</source>
        <translation>✓ {name} exportiert</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Share code copied ✓</source>
        <translation>Missionscode kopiert ✓</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>US-Letter</translation>
    </message>
    <message>
        <source>Share code copied ({n} characters): paste it into a chat or a forum post, and File &gt; Import share code… opens it</source>
        <translation>Missionscode kopiert ({n} Zeichen): in einen Chat oder Forenbeitrag einfügen; Datei &gt; Missionscode importieren… öffnet ihn</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>“{0}” has changes that are not saved.
Save them first?</source>
        <translation>„{0}“ hat ungespeicherte Änderungen.
Zuerst speichern?</translation>
    </message>
    <message>
        <source>A new Kill Team mission on one killzone board: paint the drop zones, place the objective markers, build with half a terrain set</source>
        <translation>Eine neue Kill-Team-Mission auf einer Killzone-Spielplatte: Landezonen malen, Missionszielmarker setzen, mit einem halben Geländeset bauen</translation>
    </message>
    <message>
        <source>Open mission</source>
        <translation>Mission öffnen</translation>
    </message>
    <message>
        <source>Only mission files (.yaml) can be opened by dropping them here</source>
        <translation>Hier lassen sich nur Missionsdateien (.yaml) per Ablegen öffnen</translation>
    </message>
    <message>
        <source>Cannot open mission</source>
        <translation>Mission kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>This file cannot be used:

{0}</source>
        <translation>Diese Datei ist nicht verwendbar:

{0}</translation>
    </message>
    <message>
        <source>Opened {0}</source>
        <translation>{0} geöffnet</translation>
    </message>
    <message>
        <source>Save mission as</source>
        <translation>Mission speichern unter</translation>
    </message>
    <message>
        <source>Cannot save mission</source>
        <translation>Mission kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>The mission is still open; nothing was lost.</source>
        <translation>Die Mission ist noch offen; nichts ging verloren.</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>{0} gespeichert</translation>
    </message>
    <message>
        <source>Autosave failed: {0}</source>
        <translation>Automatisches Speichern fehlgeschlagen: {0}</translation>
    </message>
    <message>
        <source>a mission</source>
        <translation>eine Mission</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <source>The editor did not close normally. Unsaved changes to “{0}” were kept from {1}.

Recover them?</source>
        <translation>Der Editor wurde nicht normal beendet. Ungespeicherte Änderungen an „{0}“ sind vom {1} erhalten.

Wiederherstellen?</translation>
    </message>
    <message>
        <source>Cannot recover</source>
        <translation>Wiederherstellen nicht möglich</translation>
    </message>
    <message>
        <source>“{0}” was changed on disk by another program.

Reload it from disk? Your unsaved changes here would be lost. Keep them to decide when you save.</source>
        <translation>„{0}“ wurde von einem anderen Programm auf der Festplatte geändert.

Von der Festplatte neu laden? Deine ungespeicherten Änderungen hier gingen verloren. Behalte sie, um beim Speichern zu entscheiden.</translation>
    </message>
    <message>
        <source>“{0}” was changed on disk by another program.

Reload it from disk?</source>
        <translation>„{0}“ wurde von einem anderen Programm auf der Festplatte geändert.

Von der Festplatte neu laden?</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>Datei auf der Festplatte geändert</translation>
    </message>
    <message>
        <source>Kept the mission as it is here; saving will ask before replacing the changed file</source>
        <translation>Die Mission bleibt, wie sie hier ist; beim Speichern wird vor dem Ersetzen der geänderten Datei gefragt</translation>
    </message>
    <message>
        <source>Reloaded {0}</source>
        <translation>{0} neu geladen</translation>
    </message>
    <message>
        <source>Read-only file</source>
        <translation>Schreibgeschützte Datei</translation>
    </message>
    <message>
        <source>“{0}” was changed on disk by another program since it was opened or saved here.

Replace it with the mission as it is here (the other changes are lost), or save under another name?</source>
        <translation>„{0}“ wurde von einem anderen Programm geändert, seit sie hier geöffnet oder gespeichert wurde.

Mit der Mission, wie sie hier ist, ersetzen (die anderen Änderungen gehen verloren) oder unter einem anderen Namen speichern?</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Neu…</translation>
    </message>
    <message>
        <source>Start a new mission: Boarding Actions on two boards, or Kill Team on one killzone board</source>
        <translation>Eine neue Mission beginnen: Boarding Actions auf zwei Spielplatten oder Kill Team auf einer Killzone-Spielplatte</translation>
    </message>
    <message>
        <source>Missions (*.yaml *.yml);;All files (*)</source>
        <translation>Missionen (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>{0} ships with the program and is kept as it is. Save your copy in a folder of your own.</source>
        <translation>{0} gehört zum Programm und bleibt, wie es ist. Speichere deine Kopie in einem eigenen Ordner.</translation>
    </message>
    <message>
        <source>Opened {0} from the library: saving makes a copy in a folder of your own</source>
        <translation>{0} aus der Bibliothek geöffnet: Speichern legt eine Kopie in einem eigenen Ordner an</translation>
    </message>
    <message>
        <source>“{0}” is read-only, so it is not replaced.

Save the mission under another name?</source>
        <translation>„{0}“ ist schreibgeschützt und wird nicht ersetzt.

Die Mission unter einem anderen Namen speichern?</translation>
    </message>
    <message>
        <source>Comments will be lost</source>
        <translation>Kommentare gehen verloren</translation>
    </message>
    <message>
        <source>{0} has comments (lines with #). The editor saves the mission, not the text: saving over it removes the comments.

Save over it anyway?</source>
        <translation>{0} enthält Kommentare (Zeilen mit #). Der Editor speichert die Mission, nicht den Text: Überschreiben entfernt die Kommentare.

Trotzdem überschreiben?</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Unsaved changes are not kept safe until an autosave succeeds; save the mission to be sure.</source>
        <translation>Ungespeicherte Änderungen sind nicht gesichert, bis eine automatische Sicherung gelingt; speichere die Mission, um sicherzugehen.</translation>
    </message>
</context>
<context>
    <name>FindingsPanel</name>
    <message>
        <source>{n} error</source>
        <translation>{n} Fehler</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} Fehler</translation>
    </message>
    <message>
        <source>{n} warning</source>
        <translation>{n} Warnung</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} Warnungen</translation>
    </message>
    <message>
        <source>{n} note</source>
        <translation>{n} Hinweis</translation>
    </message>
    <message>
        <source>{n} notes</source>
        <translation>{n} Hinweise</translation>
    </message>
    <message>
        <source>Show errors</source>
        <translation>Fehler zeigen</translation>
    </message>
    <message>
        <source>Show warnings</source>
        <translation>Warnungen zeigen</translation>
    </message>
    <message>
        <source>Show notes</source>
        <translation>Hinweise zeigen</translation>
    </message>
    <message>
        <source>No problems found</source>
        <translation>Keine Probleme gefunden</translation>
    </message>
    <message>
        <source>Checking the layout…</source>
        <translation>Der Aufbau wird geprüft …</translation>
    </message>
    <message>
        <source>The rules check failed: {message}</source>
        <translation>Die Regelprüfung ist fehlgeschlagen: {message}</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Spanne</translation>
    </message>
    <message>
        <source>Player {p}: route from their drop zone</source>
        <translation>Spieler {p}: Weg aus seiner Landezone</translation>
    </message>
    <message>
        <source>Player {p}: route from their entry zone</source>
        <translation>Spieler {p}: Weg von seiner Aufstellungszone</translation>
    </message>
    <message>
        <source>{move}&quot; counted in whole-inch increments; the tape measures {tape}&quot;</source>
        <translation>{move}&quot; in ganzen Zoll je Abschnitt gezählt; das Maßband misst {tape}&quot;</translation>
    </message>
    <message>
        <source>no route</source>
        <translation>kein Weg</translation>
    </message>
    <message>
        <source>the farthest player is {pct} % farther</source>
        <translation>der entfernteste Spieler hat es {pct} % weiter</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Routes to the objective markers (hatchways opened, 1&quot; more per access point)</source>
        <translation>Wege zu den Missionszielmarkern (Schotttüren geöffnet, 1&quot; mehr je Zugangspunkt)</translation>
    </message>
    <message>
        <source>Routes to the objectives (hatchways as set)</source>
        <translation>Wege zu den Missionszielen (Schotttüren wie gestellt)</translation>
    </message>
    <message>
        <source>A player has no route to an objective.</source>
        <translation>Ein Spieler hat keinen Weg zu einem Missionsziel.</translation>
    </message>
    <message>
        <source>Unequal: one player walks {pct} % farther in total; say why in the mission text, or even it out.</source>
        <translation>Ungleich: ein Spieler läuft insgesamt {pct} % weiter; im Missionstext begründen oder ausgleichen.</translation>
    </message>
    <message>
        <source>Even: the totals differ by {pct} %.</source>
        <translation>Ausgeglichen: die Summen weichen um {pct} % ab.</translation>
    </message>
    <message>
        <source>The layout breaks no rule the check knows.</source>
        <translation>Der Aufbau verstößt gegen keine Regel, die die Prüfung kennt.</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Hatchways</source>
        <translation>Schotttüren</translation>
    </message>
</context>
<context>
    <name>GameWords</name>
    <message>
        <source>Boarding Actions</source>
        <translation>Boarding Actions</translation>
    </message>
    <message>
        <source>Kill Team</source>
        <translation>Kill Team</translation>
    </message>
    <message>
        <source>Warhammer 40,000 Boarding Actions: two boards side by side (add more), entry zones, battle rounds and points; hatchways start as the map shows them.</source>
        <translation>Warhammer 40.000 Boarding Actions: zwei Spielplatten nebeneinander (weitere möglich), Aufstellungszonen, Schlachtrunden und Punkte; Schotttüren beginnen, wie der Lageplan sie zeigt.</translation>
    </message>
    <message>
        <source>Kill Team close quarters on one Killzone Gallowdark board: drop zones, turning points and ops, half a terrain set; every hatchway starts closed.</source>
        <translation>Kill Team im Nahkampfgelände auf einer Killzone-Gallowdark-Spielplatte: Landezonen, Wendepunkte und Operationen, ein halbes Geländeset; jede Schotttür beginnt geschlossen.</translation>
    </message>
    <message>
        <source>Kill Team: every hatchway starts the battle closed; an operative opens one with the Operate Hatch action. To see the killzone with the doors open, choose Hatchways: all open on the Overlays toolbar.</source>
        <translation>Kill Team: Jede Schotttür ist zu Beginn der Schlacht geschlossen; ein Agent öffnet sie mit der Aktion Schott bedienen. Um die Killzone mit offenen Türen zu sehen, in der Werkzeugleiste Überlagerungen Schotttüren: alle offen wählen.</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>New Generated Table</source>
        <translation>Neuer erzeugter Tisch</translation>
    </message>
    <message>
        <source>Generate Table</source>
        <translation>Tisch erzeugen</translation>
    </message>
    <message>
        <source>Game:</source>
        <translation>Spiel:</translation>
    </message>
    <message>
        <source>Keep the current boards</source>
        <translation>Die jetzigen Spielplatten behalten</translation>
    </message>
    <message>
        <source>Two boards side by side</source>
        <translation>Zwei Spielplatten nebeneinander</translation>
    </message>
    <message>
        <source>Two boards end to end</source>
        <translation>Zwei Spielplatten hintereinander</translation>
    </message>
    <message>
        <source>One board</source>
        <translation>Eine Spielplatte</translation>
    </message>
    <message>
        <source>Boards:</source>
        <translation>Spielplatten:</translation>
    </message>
    <message>
        <source>Pieces owned</source>
        <translation>Eigene Teile</translation>
    </message>
    <message>
        <source>Sets:</source>
        <translation>Sets:</translation>
    </message>
    <message>
        <source>Per piece:</source>
        <translation>Je Teil:</translation>
    </message>
    <message>
        <source>Players:</source>
        <translation>Spieler:</translation>
    </message>
    <message>
        <source>Entry zones:</source>
        <translation>Aufstellungszonen:</translation>
    </message>
    <message>
        <source>Half turn</source>
        <translation>Halbe Drehung</translation>
    </message>
    <message>
        <source>Mirror</source>
        <translation>Spiegelung</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Symmetry:</source>
        <translation>Symmetrie:</translation>
    </message>
    <message>
        <source>Sparse</source>
        <translation>Locker</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Dense</source>
        <translation>Dicht</translation>
    </message>
    <message>
        <source>Density:</source>
        <translation>Dichte:</translation>
    </message>
    <message>
        <source>Keep those on the table</source>
        <translation>Die auf dem Tisch behalten</translation>
    </message>
    <message>
        <source>Objectives:</source>
        <translation>Missionsziele:</translation>
    </message>
    <message>
        <source>Named regions of the table where no terrain may stand</source>
        <translation>Benannte Bereiche des Tisches, in denen kein Gelände stehen darf</translation>
    </message>
    <message>
        <source>Keep clear:</source>
        <translation>Freihalten:</translation>
    </message>
    <message>
        <source>Keep the pieces on the table and complete around them</source>
        <translation>Die Teile auf dem Tisch behalten und um sie herum ergänzen</translation>
    </message>
    <message>
        <source>Route spread at most:</source>
        <translation>Wegspanne höchstens:</translation>
    </message>
    <message>
        <source>Largest base:</source>
        <translation>Größte Base:</translation>
    </message>
    <message>
        <source>Entry zones may see each other</source>
        <translation>Aufstellungszonen dürfen sich sehen</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Erzeugen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Use This Table</source>
        <translation>Diesen Tisch &amp;nehmen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Keep the painted zones</source>
        <translation>Die gemalten Zonen behalten</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>Erzeuge …</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Halte an …</translation>
    </message>
    <message>
        <source>Generating… {found} found in {tries} tries</source>
        <translation>Erzeuge … {found} gefunden in {tries} Versuchen</translation>
    </message>
    <message>
        <source>The generator stopped: {error}</source>
        <translation>Der Generator brach ab: {error}</translation>
    </message>
    <message>
        <source>Stopped: {n} found.</source>
        <translation>Angehalten: {n} gefunden.</translation>
    </message>
    <message>
        <source>{n} found in {s} s.</source>
        <translation>{n} gefunden in {s} s.</translation>
    </message>
    <message>
        <source>Stopped before a table was found.</source>
        <translation>Angehalten, bevor ein Tisch gefunden war.</translation>
    </message>
    <message>
        <source>No table met the options:</source>
        <translation>Kein Tisch erfüllte die Vorgaben:</translation>
    </message>
    <message>
        <source>zones in sight</source>
        <translation>Zonen in Sicht</translation>
    </message>
    <message>
        <source>zones out of sight</source>
        <translation>Zonen außer Sicht</translation>
    </message>
    <message>
        <source>spread {pct} %</source>
        <translation>Spanne {pct} %</translation>
    </message>
    <message>
        <source>objectives in turn one ({inch}&quot;): {counts}</source>
        <translation>Missionsziele im ersten Zug ({inch}&quot;): {counts}</translation>
    </message>
    <message>
        <source>sets needed {n}, {panels} walls</source>
        <translation>nötige Sets {n}, {panels} Wände</translation>
    </message>
    <message>
        <source>Generate &amp;Again</source>
        <translation>&amp;Nochmal erzeugen</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>Tisch &amp;erzeugen …</translation>
    </message>
    <message>
        <source>Make fair tables from the pieces you own</source>
        <translation>Faire Tische aus den eigenen Teilen erzeugen</translation>
    </message>
    <message>
        <source>New &amp;Generated Table…</source>
        <translation>Neuer &amp;erzeugter Tisch …</translation>
    </message>
    <message>
        <source>Start a new mission on a generated table</source>
        <translation>Eine neue Mission auf einem erzeugten Tisch beginnen</translation>
    </message>
</context>
<context>
    <name>HatchwaysView</name>
    <message>
        <source>cut off</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <source>opened up</source>
        <translation>neu erreichbar</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>keine Änderung</translation>
    </message>
    <message>
        <source>P{p} to {oid}: {change}</source>
        <translation>S{p} zu {oid}: {change}</translation>
    </message>
    <message>
        <source>Each hatchway flipped from its state as set, the one that matters most first.</source>
        <translation>Jede Schotttür gegenüber seinem gestellten Zustand umgestellt, die wichtigste zuerst.</translation>
    </message>
    <message>
        <source>Hatchway</source>
        <translation>Schotttür</translation>
    </message>
    <message>
        <source>At the start</source>
        <translation>Zu Beginn</translation>
    </message>
    <message>
        <source>Hatchway Fight</source>
        <translation>Schottkampf</translation>
    </message>
    <message>
        <source>player {p}: {d}&quot; to within 1&quot; of the access point, {moves}</source>
        <translation>Spieler {p}: {d}&quot; bis auf 1&quot; an den Zugangspunkt, {moves}</translation>
    </message>
    <message>
        <source>player {p}: {move}&quot; to within 1&quot; of the access point, counted in whole-inch increments ({d}&quot; by the tape), {moves}</source>
        <translation>Spieler {p}: {move}&quot; bis auf 1&quot; an den Zugangspunkt, in ganzen Zoll je Abschnitt gezählt ({d}&quot; mit dem Maßband), {moves}</translation>
    </message>
    <message>
        <source>Routes open every hatchway on the way (an Operate Hatch action each) and count 1&quot; more for each access point crossed.</source>
        <translation>Wege öffnen jede Schotttür unterwegs (je eine Aktion „Schott bedienen“) und zählen 1&quot; mehr für jeden durchquerten Zugangspunkt.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>If this hatchway stays shut while the others are opened (no Operate Hatch), each route to an objective changes by:</source>
        <translation>Bleibt diese Schotttür zu, während die anderen geöffnet werden (kein „Schott bedienen“), ändert sich jeder Weg zu einem Missionsziel um:</translation>
    </message>
    <message>
        <source>An operative touching the open access point can fight an enemy within 2&quot; on the other side</source>
        <translation>Ein Agent, der den offenen Zugangspunkt berührt, kann einen Feind innerhalb von 2&quot; auf der anderen Seite bekämpfen</translation>
    </message>
    <message>
        <source>No operative can stand touching the access point on both sides</source>
        <translation>Auf keiner der beiden Seiten kann ein Agent den Zugangspunkt berührend stehen</translation>
    </message>
    <message>
        <source>Every hatchway starts closed; an operative within 1&quot; of its access point opens it with an Operate Hatch action, and crossing an open access point costs 1&quot; more. Which drop zone&apos;s operatives get within 1&quot; of each access point first (6&quot; moves, counted in whole-inch increments), what keeping it shut changes, and where a Hatchway Fight can happen.</source>
        <translation>Jede Schotttür ist zu Beginn geschlossen; ein Agent bis auf 1&quot; an ihrem Zugangspunkt öffnet sie mit einer Aktion „Schott bedienen“, und einen offenen Zugangspunkt zu durchqueren kostet 1&quot; mehr. Wessen Agenten aus der Landezone zuerst bis auf 1&quot; an jeden Zugangspunkt kommen (Bewegungen von 6&quot;, in ganzen Zoll je Abschnitt gezählt), was es ändert, wenn sie zu bleibt, und wo ein Schottkampf stattfinden kann.</translation>
    </message>
    <message>
        <source>from the drop zone</source>
        <translation>aus der Landezone</translation>
    </message>
    <message>
        <source>1 move</source>
        <translation>1 Bewegung</translation>
    </message>
    <message>
        <source>{n} moves</source>
        <translation>{n} Bewegungen</translation>
    </message>
    <message>
        <source>no one (no route)</source>
        <translation>niemand (kein Weg)</translation>
    </message>
    <message>
        <source>both ({moves})</source>
        <translation>beide ({moves})</translation>
    </message>
    <message>
        <source>player {p} ({moves})</source>
        <translation>Spieler {p} ({moves})</translation>
    </message>
    <message>
        <source>As set</source>
        <translation>Wie gestellt</translation>
    </message>
    <message>
        <source>Access point reached first</source>
        <translation>Zugangspunkt zuerst erreicht</translation>
    </message>
    <message>
        <source>If kept shut</source>
        <translation>Wenn sie zu bleibt</translation>
    </message>
    <message>
        <source>Flipped</source>
        <translation>Umgestellt</translation>
    </message>
    <message>
        <source>Zones newly in sight</source>
        <translation>Zonen neu in Sicht</translation>
    </message>
    <message>
        <source>player {p}, objective {oid}: {change}</source>
        <translation>Spieler {p}, Missionsziel {oid}: {change}</translation>
    </message>
    <message>
        <source>player {p}: no route</source>
        <translation>Spieler {p}: kein Weg</translation>
    </message>
    <message>
        <source>open: against the rules</source>
        <translation>offen: gegen die Regeln</translation>
    </message>
    <message>
        <source>In Kill Team every hatchway starts closed: close this one (select it and press O)</source>
        <translation>In Kill Team beginnt jede Schotttür geschlossen: diese schließen (auswählen und O drücken)</translation>
    </message>
    <message>
        <source>The layout has no hatchways.</source>
        <translation>Der Aufbau hat keine Schotttüren.</translation>
    </message>
</context>
<context>
    <name>ImportShareCodeDialog</name>
    <message>
        <source>Import share code</source>
        <translation>Missionscode importieren</translation>
    </message>
    <message>
        <source>Paste a share code (it starts with BAM1)</source>
        <translation>Einen Missionscode einfügen (er beginnt mit BAM1)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Einfügen</translation>
    </message>
    <message>
        <source>A share code holds a whole mission. Importing it opens the mission as a new, unsaved file.</source>
        <translation>Ein Missionscode enthält eine ganze Mission. Beim Importieren öffnet sie sich als neue, ungespeicherte Datei.</translation>
    </message>
    <message>
        <source>Not usable: {reason}</source>
        <translation>Nicht verwendbar: {reason}</translation>
    </message>
    <message>
        <source>✓ {title} — Kill Team, {players} players, {boards} killzone board, {pieces} pieces, {objectives} objective markers</source>
        <translation>✓ {title} — Kill Team, {players} Spieler, {boards} Killzone-Spielplatte, {pieces} Teile, {objectives} Missionszielmarker</translation>
    </message>
    <message>
        <source>✓ {title} — {players} players, {boards} boards, {pieces} pieces, {objectives} objectives</source>
        <translation>✓ {title} — {players} Spieler, {boards} Spielplatten, {pieces} Teile, {objectives} Missionsziele</translation>
    </message>
</context>
<context>
    <name>KillzoneEditing</name>
    <message>
        <source>Territor&amp;ies</source>
        <translation>Territor&amp;ien</translation>
    </message>
    <message>
        <source>Split &amp;Top and Bottom</source>
        <translation>Oben und unten &amp;teilen</translation>
    </message>
    <message>
        <source>A centre line across the middle; the two halves become the players&apos; territories</source>
        <translation>Eine Mittellinie quer durch die Mitte; die beiden Hälften werden die Territorien der Spieler</translation>
    </message>
    <message>
        <source>Split &amp;Left and Right</source>
        <translation>&amp;Links und rechts teilen</translation>
    </message>
    <message>
        <source>A centre line down the middle; the two halves become the players&apos; territories</source>
        <translation>Eine Mittellinie längs durch die Mitte; die beiden Hälften werden die Territorien der Spieler</translation>
    </message>
    <message>
        <source>S&amp;wap Territories</source>
        <translation>Territorien t&amp;auschen</translation>
    </message>
    <message>
        <source>Player 1&apos;s territory becomes player 2&apos;s and player 2&apos;s player 1&apos;s</source>
        <translation>Das Territorium von Spieler 1 wird das von Spieler 2 und das von Spieler 2 das von Spieler 1</translation>
    </message>
    <message>
        <source>&amp;Clear Territories</source>
        <translation>Territorien &amp;entfernen</translation>
    </message>
    <message>
        <source>Take the territories and the centre line off the killzone</source>
        <translation>Die Territorien und die Mittellinie von der Killzone nehmen</translation>
    </message>
    <message>
        <source>The killzone has no territories or centre line to clear</source>
        <translation>Die Killzone hat keine Territorien und keine Mittellinie zum Entfernen</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>Follow the System ({language})</source>
        <translation>Wie das System ({language})</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The editor speaks {language} from its next start.</source>
        <translation>Der Editor spricht ab dem nächsten Start {language}.</translation>
    </message>
</context>
<context>
    <name>LibraryDialog</name>
    <message>
        <source>1 killzone kit</source>
        <translation>1 Killzone-Kit</translation>
    </message>
    <message>
        <source>{n} killzone kits</source>
        <translation>{n} Killzone-Kits</translation>
    </message>
    <message>
        <source>New from Library</source>
        <translation>Neu aus der Bibliothek</translation>
    </message>
    <message>
        <source>Any game</source>
        <translation>Jedes Spiel</translation>
    </message>
    <message>
        <source>Any number of players</source>
        <translation>Beliebig viele Spieler</translation>
    </message>
    <message>
        <source>Any number of sets</source>
        <translation>Beliebig viele Sets</translation>
    </message>
    <message>
        <source>I own 1 set</source>
        <translation>Ich habe 1 Set</translation>
    </message>
    <message>
        <source>I own {n} sets</source>
        <translation>Ich habe {n} Sets</translation>
    </message>
    <message>
        <source>Any language</source>
        <translation>Jede Sprache</translation>
    </message>
    <message>
        <source>&amp;Game:</source>
        <translation>&amp;Spiel:</translation>
    </message>
    <message>
        <source>&amp;Players:</source>
        <translation>&amp;Spieler:</translation>
    </message>
    <message>
        <source>&amp;Sets:</source>
        <translation>S&amp;ets:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>Spr&amp;ache:</translation>
    </message>
    <message>
        <source>&amp;Start from This Mission</source>
        <translation>Mit dieser Mission &amp;beginnen</translation>
    </message>
    <message>
        <source>Not shown (cannot be read):</source>
        <translation>Nicht gezeigt (nicht lesbar):</translation>
    </message>
    <message>
        <source>{shown} of {total} missions</source>
        <translation>{shown} von {total} Missionen</translation>
    </message>
    <message>
        <source>{n} turning points</source>
        <translation>{n} Wendepunkte</translation>
    </message>
    <message>
        <source>({n} VP)</source>
        <translation>({n} SP)</translation>
    </message>
    <message>
        <source>New mission from the library: “{title}” (not saved yet)</source>
        <translation>Neue Mission aus der Bibliothek: „{title}“ (noch nicht gespeichert)</translation>
    </message>
    <message>
        <source>New from &amp;Library…</source>
        <translation>Neu aus der &amp;Bibliothek…</translation>
    </message>
    <message>
        <source>Start a new mission from one that ships with the program</source>
        <translation>Eine neue Mission aus einer mitgelieferten beginnen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Terrain</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <source>Mission</source>
        <translation>Mission</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Drag a piece from the Terrain palette onto a zone line to begin; double-click a hatchway to open or close it</source>
        <translation>Zum Beginnen ein Teil aus der Geländepalette auf eine Zonenlinie ziehen; Doppelklick auf eine Schotttür öffnet oder schließt sie</translation>
    </message>
    <message>
        <source>Drag a piece from the Terrain palette onto a zone line to begin; a killzone is built from half a terrain set, and every hatchway starts closed</source>
        <translation>Zum Beginnen ein Teil aus der Geländepalette auf eine Zonenlinie ziehen; eine Killzone wird aus einem halben Geländeset gebaut, und jede Schotttür beginnt geschlossen</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>D&amp;uplizieren</translation>
    </message>
    <message>
        <source>Copy the selection one zone line along</source>
        <translation>Die Auswahl eine Zonenlinie weiter kopieren</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <source>&amp;Turn</source>
        <translation>&amp;Drehen</translation>
    </message>
    <message>
        <source>Turn the selection a quarter turn clockwise</source>
        <translation>Die Auswahl eine Vierteldrehung im Uhrzeigersinn drehen</translation>
    </message>
    <message>
        <source>Turn &amp;End for End</source>
        <translation>&amp;Enden tauschen</translation>
    </message>
    <message>
        <source>Swap a wall&apos;s ends (which end of the panel is where)</source>
        <translation>Die Enden einer Wand tauschen (welches Ende der Wand wo steht)</translation>
    </message>
    <message>
        <source>&amp;Flip Hatchway Door</source>
        <translation>Schotttür &amp;umklappen</translation>
    </message>
    <message>
        <source>Put the door leaf on the other face of the wall</source>
        <translation>Den Türflügel auf die andere Seite der Wand setzen</translation>
    </message>
    <message>
        <source>&amp;Open or Close Hatchway</source>
        <translation>Schotttür ö&amp;ffnen oder schließen</translation>
    </message>
    <message>
        <source>Open closed hatchways, close open ones (double-click does the same)</source>
        <translation>Geschlossene Schotttüren öffnen, offene schließen (Doppelklick tut dasselbe)</translation>
    </message>
    <message>
        <source>Move &amp;Left</source>
        <translation>Nach &amp;links</translation>
    </message>
    <message>
        <source>Move &amp;Right</source>
        <translation>Nach &amp;rechts</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>An &amp;Fenster anpassen</translation>
    </message>
    <message>
        <source>Show all boards</source>
        <translation>Alle Spielplatten zeigen</translation>
    </message>
    <message>
        <source>&amp;Add Board</source>
        <translation>Spielplatte &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Add a board flush to the right of the table</source>
        <translation>Eine Spielplatte bündig rechts an den Tisch anlegen</translation>
    </message>
    <message>
        <source>&amp;Turn Board</source>
        <translation>Spielplatte &amp;drehen</translation>
    </message>
    <message>
        <source>Turn the chosen board a quarter turn clockwise</source>
        <translation>Die gewählte Spielplatte eine Vierteldrehung im Uhrzeigersinn drehen</translation>
    </message>
    <message>
        <source>&amp;Remove Board</source>
        <translation>Spielplatte &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the chosen board and everything on it</source>
        <translation>Die gewählte Spielplatte und alles darauf entfernen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Move Selection</source>
        <translation>Auswahl &amp;verschieben</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Table</source>
        <translation>&amp;Tisch</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Select pieces first (click, shift-click or drag a box)</source>
        <translation>Erst Teile auswählen (Klick, Umschalt-Klick oder einen Rahmen ziehen)</translation>
    </message>
    <message>
        <source>{0} · {1} undoes it</source>
        <translation>{0} · {1} macht es rückgängig</translation>
    </message>
    <message>
        <source>Delete {0}</source>
        <translation>{0} löschen</translation>
    </message>
    <message>
        <source>Turn {0}</source>
        <translation>{0} drehen</translation>
    </message>
    <message>
        <source>Turn {0} End for End</source>
        <translation>{0} umdrehen (Enden tauschen)</translation>
    </message>
    <message>
        <source>Flip Hatchway Door</source>
        <translation>Schotttür umklappen</translation>
    </message>
    <message>
        <source>Flip Hatchway Doors</source>
        <translation>Schotttüren umklappen</translation>
    </message>
    <message>
        <source>Open Hatchways</source>
        <translation>Schotttüren öffnen</translation>
    </message>
    <message>
        <source>Close Hatchways</source>
        <translation>Schotttüren schließen</translation>
    </message>
    <message>
        <source>{0} Pieces</source>
        <translation>{0} Teile</translation>
    </message>
    <message>
        <source>Select pieces first, then move them with the arrow keys</source>
        <translation>Erst Teile auswählen, dann mit den Pfeiltasten verschieben</translation>
    </message>
    <message>
        <source>Move {0}</source>
        <translation>{0} verschieben</translation>
    </message>
    <message>
        <source>Select pieces to copy</source>
        <translation>Teile zum Kopieren auswählen</translation>
    </message>
    <message>
        <source>Copied {0}</source>
        <translation>{0} kopiert</translation>
    </message>
    <message>
        <source>Cut {0}</source>
        <translation>{0} ausschneiden</translation>
    </message>
    <message>
        <source>Nothing to paste: copy pieces first</source>
        <translation>Nichts einzufügen: erst Teile kopieren</translation>
    </message>
    <message>
        <source>Paste {0}</source>
        <translation>{0} einfügen</translation>
    </message>
    <message>
        <source>Select pieces to duplicate</source>
        <translation>Teile zum Duplizieren auswählen</translation>
    </message>
    <message>
        <source>Duplicate {0}</source>
        <translation>{0} duplizieren</translation>
    </message>
    <message>
        <source>A Kill Team killzone is one board</source>
        <translation>Eine Kill-Team-Killzone ist eine Spielplatte</translation>
    </message>
    <message>
        <source>Add Board</source>
        <translation>Spielplatte hinzufügen</translation>
    </message>
    <message>
        <source>There is no board to turn</source>
        <translation>Es gibt keine Spielplatte zum Drehen</translation>
    </message>
    <message>
        <source>Turn Board {0}</source>
        <translation>Spielplatte {0} drehen</translation>
    </message>
    <message>
        <source>There is no board to remove</source>
        <translation>Es gibt keine Spielplatte zum Entfernen</translation>
    </message>
    <message>
        <source>Remove Board {0}</source>
        <translation>Spielplatte {0} entfernen</translation>
    </message>
    <message>
        <source>&amp;Close Hatchway</source>
        <translation>Schotttür &amp;schließen</translation>
    </message>
    <message>
        <source>Close hatchways set open: in Kill Team every hatchway starts the battle closed</source>
        <translation>Offen gestellte Schotttüren schließen: In Kill Team beginnt jede Schotttür die Schlacht geschlossen</translation>
    </message>
    <message>
        <source>A killzone is one board</source>
        <translation>Eine Killzone ist eine Spielplatte</translation>
    </message>
    <message>
        <source>Select pieces on the map first (click, shift-click or drag a box)</source>
        <translation>Erst Teile auf dem Plan auswählen (Klick, Umschalt-Klick oder einen Rahmen ziehen)</translation>
    </message>
    <message>
        <source>The table&apos;s last board stays</source>
        <translation>Die letzte Spielplatte des Tischs bleibt</translation>
    </message>
    <message>
        <source>Select a hatchway on the map first (a wall with a door)</source>
        <translation>Erst eine Schotttür auf dem Plan auswählen (eine Wand mit Tür)</translation>
    </message>
    <message>
        <source>Kill Team: every hatchway starts the battle closed, and the selected are closed already (Hatchways: all open on the Overlays toolbar shows them open)</source>
        <translation>Kill Team: Jede Schotttür ist zu Beginn der Schlacht geschlossen, und die ausgewählten sind schon zu (Schotttüren: alle offen in der Werkzeugleiste Überlagerungen zeigt sie offen)</translation>
    </message>
    <message>
        <source>{0} (not saved)</source>
        <translation>{0} (nicht gespeichert)</translation>
    </message>
    <message>
        <source>{0} · {1}</source>
        <translation>{0} · {1}</translation>
    </message>
    <message>
        <source>off the boards · {0}</source>
        <translation>außerhalb der Spielplatten · {0}</translation>
    </message>
    <message>
        <source>zone {0}</source>
        <translation>Zone {0}</translation>
    </message>
    <message>
        <source>border</source>
        <translation>Rand</translation>
    </message>
    <message>
        <source>Killzone · {0} · {1}</source>
        <translation>Killzone · {0} · {1}</translation>
    </message>
    <message>
        <source>Board {0} · {1} · {2}</source>
        <translation>Spielplatte {0} · {1} · {2}</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Switched to the {0} tool{1} · {2}</source>
        <translation>Zum Werkzeug {0}{1} gewechselt · {2}</translation>
    </message>
</context>
<context>
    <name>MirrorMenu</name>
    <message>
        <source>Half Turn, Keeping the Left Half</source>
        <translation>Halbe Drehung, linke Hälfte bleibt</translation>
    </message>
    <message>
        <source>Half Turn, Keeping the Right Half</source>
        <translation>Halbe Drehung, rechte Hälfte bleibt</translation>
    </message>
    <message>
        <source>Half Turn, Keeping the Top Half</source>
        <translation>Halbe Drehung, obere Hälfte bleibt</translation>
    </message>
    <message>
        <source>Half Turn, Keeping the Bottom Half</source>
        <translation>Halbe Drehung, untere Hälfte bleibt</translation>
    </message>
    <message>
        <source>Reflection, Keeping the Left Half</source>
        <translation>Spiegelung, linke Hälfte bleibt</translation>
    </message>
    <message>
        <source>Reflection, Keeping the Right Half</source>
        <translation>Spiegelung, rechte Hälfte bleibt</translation>
    </message>
    <message>
        <source>Reflection, Keeping the Top Half</source>
        <translation>Spiegelung, obere Hälfte bleibt</translation>
    </message>
    <message>
        <source>Reflection, Keeping the Bottom Half</source>
        <translation>Spiegelung, untere Hälfte bleibt</translation>
    </message>
    <message>
        <source>Mirror to the Other &amp;Half</source>
        <translation>An die andere &amp;Hälfte spiegeln</translation>
    </message>
    <message>
        <source>Mirror to the Other Half</source>
        <translation>An die andere Hälfte spiegeln</translation>
    </message>
    <message>
        <source>The table was not mirrored.</source>
        <translation>Der Tisch wurde nicht gespiegelt.</translation>
    </message>
</context>
<context>
    <name>MissionPanel</name>
    <message>
        <source>The mission&apos;s name</source>
        <translation>Der Name der Mission</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Titel</translation>
    </message>
    <message>
        <source>Edit Author</source>
        <translation>Autor bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Author</source>
        <translation>&amp;Autor</translation>
    </message>
    <message>
        <source>2 players</source>
        <translation>2 Spieler</translation>
    </message>
    <message>
        <source>3 players</source>
        <translation>3 Spieler</translation>
    </message>
    <message>
        <source>4 players</source>
        <translation>4 Spieler</translation>
    </message>
    <message>
        <source>Change Players</source>
        <translation>Spielerzahl ändern</translation>
    </message>
    <message>
        <source>&amp;Players</source>
        <translation>&amp;Spieler</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht festgelegt</translation>
    </message>
    <message>
        <source>Edit Battle Rounds</source>
        <translation>Schlachtrunden bearbeiten</translation>
    </message>
    <message>
        <source>Battle &amp;rounds</source>
        <translation>&amp;Schlachtrunden</translation>
    </message>
    <message>
        <source>Edit Points</source>
        <translation>Punkte bearbeiten</translation>
    </message>
    <message>
        <source>P&amp;oints</source>
        <translation>P&amp;unkte</translation>
    </message>
    <message>
        <source>How many turning points the Kill Team battle lasts (usually 4)</source>
        <translation>Wie viele Wendepunkte die Kill-Team-Schlacht dauert (meist 4)</translation>
    </message>
    <message>
        <source>Edit Turning Points</source>
        <translation>Wendepunkte ändern</translation>
    </message>
    <message>
        <source>T&amp;urning points</source>
        <translation>&amp;Wendepunkte</translation>
    </message>
    <message>
        <source>Edit Briefing</source>
        <translation>Einsatzbesprechung bearbeiten</translation>
    </message>
    <message>
        <source>Rule sections</source>
        <translation>Regelabschnitte</translation>
    </message>
    <message>
        <source>Add section</source>
        <translation>Abschnitt hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Section title, e.g. Mission rules</source>
        <translation>Abschnittstitel, z. B. Missionsregeln</translation>
    </message>
    <message>
        <source>Edit Victory Conditions</source>
        <translation>Siegbedingungen bearbeiten</translation>
    </message>
    <message>
        <source>Ops and victory points</source>
        <translation>Operationen und Siegpunkte</translation>
    </message>
    <message>
        <source>Kill Team: what the operatives do to score, and the victory points each op scores</source>
        <translation>Kill Team: was die Agenten tun, um zu punkten, und die Siegpunkte jeder Operation</translation>
    </message>
    <message>
        <source>Add op</source>
        <translation>Operation hinzufügen</translation>
    </message>
    <message>
        <source>The op&apos;s name, e.g. Seize the relay</source>
        <translation>Name der Operation, z. B. Relais einnehmen</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Name</translation>
    </message>
    <message>
        <source> VP</source>
        <translation> SP</translation>
    </message>
    <message>
        <source>The victory points the op scores</source>
        <translation>Die Siegpunkte, die die Operation bringt</translation>
    </message>
    <message>
        <source>&amp;Victory points</source>
        <translation>S&amp;iegpunkte</translation>
    </message>
    <message>
        <source>How the op is scored</source>
        <translation>Wie die Operation gewertet wird</translation>
    </message>
    <message>
        <source>Kill Team is played by two players</source>
        <translation>Kill Team spielen zwei Spieler</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(ohne Titel)</translation>
    </message>
    <message>
        <source>{0} · {1} VP</source>
        <translation>{0} · {1} SP</translation>
    </message>
    <message>
        <source>A mission needs a title; the last one is kept until you type one</source>
        <translation>Eine Mission braucht einen Titel; der letzte bleibt, bis du einen eingibst</translation>
    </message>
    <message>
        <source>Edit Title</source>
        <translation>Titel bearbeiten</translation>
    </message>
    <message>
        <source>Edit Section Title</source>
        <translation>Abschnittstitel bearbeiten</translation>
    </message>
    <message>
        <source>Edit Section Text</source>
        <translation>Abschnittstext bearbeiten</translation>
    </message>
    <message>
        <source>Edit Op Name</source>
        <translation>Namen der Operation ändern</translation>
    </message>
    <message>
        <source>Edit Op Victory Points</source>
        <translation>Siegpunkte der Operation ändern</translation>
    </message>
    <message>
        <source>Edit Op Text</source>
        <translation>Text der Operation ändern</translation>
    </message>
    <message>
        <source>Op {0}</source>
        <translation>Operation {0}</translation>
    </message>
    <message>
        <source>Add Op</source>
        <translation>Operation hinzufügen</translation>
    </message>
    <message>
        <source>Remove Op {0}</source>
        <translation>Operation {0} entfernen</translation>
    </message>
    <message>
        <source>Remove Op</source>
        <translation>Operation entfernen</translation>
    </message>
    <message>
        <source>Rule {0}</source>
        <translation>Regel {0}</translation>
    </message>
    <message>
        <source>Add Rule Section</source>
        <translation>Regelabschnitt hinzufügen</translation>
    </message>
    <message>
        <source>Remove Rule Section</source>
        <translation>Regelabschnitt entfernen</translation>
    </message>
    <message>
        <source>Card &amp;language</source>
        <translation>&amp;Sprache der Karte</translation>
    </message>
    <message>
        <source>The language the mission&apos;s texts are written in: the printed card uses it for its headings and legend</source>
        <translation>Die Sprache, in der die Texte der Mission geschrieben sind: die gedruckte Karte nimmt sie für Überschriften und Legende</translation>
    </message>
    <message>
        <source>Change Card Language</source>
        <translation>Sprache der Karte ändern</translation>
    </message>
    <message>
        <source>Objectives &amp;apart</source>
        <translation>Missionsziele &amp;auseinander</translation>
    </message>
    <message>
        <source>Objectives from &amp;edge</source>
        <translation>Missionsziele vom &amp;Rand</translation>
    </message>
    <message>
        <source>Objective markers at least this far apart, measured between their nearest edges; the Findings say when not</source>
        <translation>Missionszielmarker mindestens so weit auseinander, gemessen zwischen ihren nächsten Rändern; die Befunde sagen, wenn nicht</translation>
    </message>
    <message>
        <source>Objective markers at least this far from a battlefield edge; the Findings say when not</source>
        <translation>Missionszielmarker mindestens so weit von einem Schlachtfeldrand; die Befunde sagen, wenn nicht</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>not set (English headings)</source>
        <translation>nicht gesetzt (englische Überschriften)</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>Deutsch</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>Edit Objective Spacing</source>
        <translation>Abstand der Missionsziele ändern</translation>
    </message>
</context>
<context>
    <name>NewMissionDialog</name>
    <message>
        <source>New Mission</source>
        <translation>Neue Mission</translation>
    </message>
    <message>
        <source>Which game is the mission for?</source>
        <translation>Für welches Spiel ist die Mission?</translation>
    </message>
</context>
<context>
    <name>Overlays</name>
    <message>
        <source>Region {n}</source>
        <translation>Bereich {n}</translation>
    </message>
    <message>
        <source>sealed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>no route</source>
        <translation>kein Weg</translation>
    </message>
    <message>
        <source>{d1} mm → {d2} mm base</source>
        <translation>Base {d1} mm → {d2} mm</translation>
    </message>
    <message>
        <source>Visible, in cover and obscured</source>
        <translation>Sichtbar, in Deckung und verschleiert</translation>
    </message>
    <message>
        <source>Visible, obscured</source>
        <translation>Sichtbar, verschleiert</translation>
    </message>
    <message>
        <source>Visible, in cover</source>
        <translation>Sichtbar, in Deckung</translation>
    </message>
    <message>
        <source>Visible, not in cover</source>
        <translation>Sichtbar, nicht in Deckung</translation>
    </message>
    <message>
        <source>Fully visible</source>
        <translation>Vollständig sichtbar</translation>
    </message>
    <message>
        <source>Visible, not fully (cover)</source>
        <translation>Sichtbar, nicht vollständig (Deckung)</translation>
    </message>
    <message>
        <source>Not visible</source>
        <translation>Nicht sichtbar</translation>
    </message>
    <message>
        <source>Observer placed: click the target</source>
        <translation>Beobachter gesetzt: das Ziel anklicken</translation>
    </message>
    <message>
        <source>Click where to measure to</source>
        <translation>Anklicken, wohin gemessen wird</translation>
    </message>
    <message>
        <source>No route: infinitely far</source>
        <translation>Kein Weg: unendlich weit</translation>
    </message>
    <message>
        <source>Route {inches}  ({mm} mm)</source>
        <translation>Weg {inches}  ({mm} mm)</translation>
    </message>
    <message>
        <source>Straight {inches}  ({mm} mm)</source>
        <translation>Luftlinie {inches}  ({mm} mm)</translation>
    </message>
    <message>
        <source>Measure: click where to measure from, then where to</source>
        <translation>Messen: anklicken, von wo gemessen wird, dann wohin</translation>
    </message>
    <message>
        <source>Sight: click a point to see what it sees</source>
        <translation>Sicht: einen Punkt anklicken, um zu sehen, was er sieht</translation>
    </message>
    <message>
        <source>Sight: click the observer&apos;s base ({mm} mm), then the target&apos;s</source>
        <translation>Sicht: die Base des Beobachters ({mm} mm) anklicken, dann die des Ziels</translation>
    </message>
    <message>
        <source>Click on the table: route distances from that point</source>
        <translation>Auf den Tisch klicken: Wegstrecken von diesem Punkt</translation>
    </message>
    <message>
        <source>Route distances: {problem}</source>
        <translation>Wegstrecken: {problem}</translation>
    </message>
    <message>
        <source>Cannot measure: {problem}</source>
        <translation>Messen nicht möglich: {problem}</translation>
    </message>
    <message>
        <source>Measure: {problem}</source>
        <translation>Messen: {problem}</translation>
    </message>
    <message>
        <source>Sight: {problem}</source>
        <translation>Sicht: {problem}</translation>
    </message>
    <message>
        <source>as set</source>
        <translation>wie gestellt</translation>
    </message>
    <message>
        <source>all open</source>
        <translation>alle offen</translation>
    </message>
    <message>
        <source>all closed</source>
        <translation>alle geschlossen</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>Einblendungen</translation>
    </message>
    <message>
        <source>Tint each area a base can reach; sealed areas hatched red (Shift+R)</source>
        <translation>Jeden Bereich tönen, den eine Base erreichen kann; abgeschlossene Bereiche rot schraffiert (Umschalt+R)</translation>
    </message>
    <message>
        <source>Distances</source>
        <translation>Entfernungen</translation>
    </message>
    <message>
        <source>Route distance to every zone, in inches (Shift+D)</source>
        <translation>Wegstrecke zu jeder Zone, in Zoll (Umschalt+D)</translation>
    </message>
    <message>
        <source>Measure route distances from a player&apos;s entry zone, or from a point you click</source>
        <translation>Wegstrecken von der Aufstellungszone eines Spielers oder von einem angeklickten Punkt messen</translation>
    </message>
    <message>
        <source>from a point</source>
        <translation>von einem Punkt</translation>
    </message>
    <message>
        <source>base to base</source>
        <translation>Base zu Base</translation>
    </message>
    <message>
        <source>Sight: what a point sees, or whether one base sees another</source>
        <translation>Sicht: was ein Punkt sieht oder ob eine Base eine andere sieht</translation>
    </message>
    <message>
        <source> Base </source>
        <translation> Base </translation>
    </message>
    <message>
        <source>Base diameter for regions and for the next base placed with Sight</source>
        <translation>Basendurchmesser für Bereiche und für die nächste mit Sicht gesetzte Base</translation>
    </message>
    <message>
        <source> Hatchways </source>
        <translation> Schotttüren </translation>
    </message>
    <message>
        <source>Measure route distances from a player&apos;s drop zone, or from a point you click</source>
        <translation>Wegstrecken aus der Landezone eines Spielers messen oder von einem angeklickten Punkt</translation>
    </message>
    <message>
        <source>Kill Team: as set, every hatchway is closed for sight and regions, and routes go through them as operatives open them, 1&quot; more per access point; or all open, or all closed</source>
        <translation>Kill Team: wie gestellt ist jede Schotttür für Sicht und Bereiche geschlossen, und Wege führen hindurch, wie Agenten sie öffnen, 1&quot; mehr je Zugangspunkt; oder alle offen oder alle geschlossen</translation>
    </message>
    <message>
        <source>Show every overlay with the hatchways as set, all open or all closed</source>
        <translation>Jede Einblendung mit den Schotttüren wie gestellt, alle offen oder alle geschlossen zeigen</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Take the measure and sight marks off the table (Esc)</source>
        <translation>Mess- und Sichtmarkierungen vom Tisch nehmen (Esc)</translation>
    </message>
    <message>
        <source>from player {n}</source>
        <translation>von Spieler {n}</translation>
    </message>
    <message>
        <source>from a clicked point</source>
        <translation>von einem angeklickten Punkt</translation>
    </message>
    <message>
        <source>1 access point: 1&quot; of it</source>
        <translation>1 Zugangspunkt: 1&quot; davon</translation>
    </message>
    <message>
        <source>{n} access points: {n}&quot; of it</source>
        <translation>{n} Zugangspunkte: {n}&quot; davon</translation>
    </message>
    <message>
        <source>{view}: the rules core failed ({message})</source>
        <translation>{view}: der Regelkern ist gescheitert ({message})</translation>
    </message>
    <message>
        <source>Seen from the entry zone of: {players}</source>
        <translation>Gesehen aus der Aufstellungszone von: {players}</translation>
    </message>
    <message>
        <source>player {n}</source>
        <translation>Spieler {n}</translation>
    </message>
    <message>
        <source>Seen by no entry zone</source>
        <translation>Von keiner Aufstellungszone gesehen</translation>
    </message>
    <message>
        <source>Seen from the enemy</source>
        <translation>Vom Gegner gesehen</translation>
    </message>
    <message>
        <source>Where an operative gets from its drop zone with a 6&quot; Reposition, and with a 3&quot; Dash after it (9&quot;)</source>
        <translation>Wohin ein Agent aus seiner Landezone mit einer 6&quot;-Umpositionierung kommt, und mit einem 3&quot;-Sprint danach (9&quot;)</translation>
    </message>
    <message>
        <source>Tint the floor each player&apos;s entry zone sees a base on; hatched where more than one does</source>
        <translation>Färbt den Boden, auf dem die Aufstellungszone eines Spielers eine Base sieht; schraffiert, wo es mehr als eine tut</translation>
    </message>
    <message>
        <source>First-turn reach</source>
        <translation>Reichweite im ersten Zug</translation>
    </message>
    <message>
        <source>Seen from the drop zone of: {players}</source>
        <translation>Gesehen aus der Landezone von: {players}</translation>
    </message>
    <message>
        <source>Seen by no drop zone</source>
        <translation>Von keiner Landezone gesehen</translation>
    </message>
    <message>
        <source>Tint the floor each player&apos;s drop zone sees a base on; hatched where more than one does</source>
        <translation>Färbt den Boden, auf dem die Landezone eines Spielers eine Base sieht; schraffiert, wo es mehr als eine tut</translation>
    </message>
    <message>
        <source>Where a base gets from its entry zone with a 6&quot; move, and with 9.5&quot; and 12&quot;</source>
        <translation>Wohin eine Base aus ihrer Aufstellungszone mit 6&quot; Bewegung kommt, und mit 9,5&quot; und 12&quot;</translation>
    </message>
    <message>
        <source>player {n}: {area} sq in ({pct} %)</source>
        <translation>Spieler {n}: {area} Quadratzoll ({pct} %)</translation>
    </message>
    <message>
        <source>Seen from the enemy: {parts}</source>
        <translation>Vom Gegner gesehen: {parts}</translation>
    </message>
    <message>
        <source>player {n}: {ids}</source>
        <translation>Spieler {n}: {ids}</translation>
    </message>
    <message>
        <source>Objectives within 6&quot;: {parts}</source>
        <translation>Missionsziele innerhalb 6&quot;: {parts}</translation>
    </message>
</context>
<context>
    <name>PackDialog</name>
    <message>
        <source>Export mission pack</source>
        <translation>Missionspaket exportieren</translation>
    </message>
    <message>
        <source>Add missions…</source>
        <translation>Missionen hinzufügen…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Mission pack</source>
        <translation>Missionspaket</translation>
    </message>
    <message>
        <source>e.g. Autumn league, run by the club</source>
        <translation>z. B. Herbstliga, ausgerichtet vom Verein</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>US-Letter</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Organiser</source>
        <translation>Veranstalter</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Papier</translation>
    </message>
    <message>
        <source>Language of the pack&apos;s headings</source>
        <translation>Sprache der Überschriften des Pakets</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Speichern als</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Missions, in the booklet&apos;s order (each prints in its own language):</source>
        <translation>Missionen in der Reihenfolge des Hefts (jede wird in ihrer eigenen Sprache gedruckt):</translation>
    </message>
    <message>
        <source>Add the mission files the pack is to hold.</source>
        <translation>Füge die Missionsdateien hinzu, die das Paket enthalten soll.</translation>
    </message>
    <message>
        <source>Missions: {n} · killzone kits for the pack: {sets} · boards: {boards}</source>
        <translation>Missionen: {n} · Killzone-Kits für das Paket: {sets} · Spielplatten: {boards}</translation>
    </message>
    <message>
        <source>Missions: {n} · terrain sets for the pack: {sets} · boards: {boards}</source>
        <translation>Missionen: {n} · Geländesets für das Paket: {sets} · Spielplatten: {boards}</translation>
    </message>
    <message>
        <source>Add missions</source>
        <translation>Missionen hinzufügen</translation>
    </message>
    <message>
        <source>Mission files (*.yaml *.yml);;All files (*)</source>
        <translation>Missionsdateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Replace file?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>{name} exists. Replace it?</source>
        <translation>{name} gibt es schon. Ersetzen?</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Export mission pack…</source>
        <translation>Missionspaket exportieren…</translation>
    </message>
    <message>
        <source>Print several missions as one booklet for an event: cover, contents, parts, each mission&apos;s card and setup sheet</source>
        <translation>Mehrere Missionen als ein Heft für ein Turnier drucken: Titelseite, Inhalt, Teile, Missionskarte und Aufbauplan jeder Mission</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation>{path} exportiert</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>Terrain sets:</source>
        <translation>Geländesets:</translation>
    </message>
    <message>
        <source>How many Boarding Actions terrain sets the mission is built from</source>
        <translation>Aus wie vielen Boarding-Actions-Geländesets die Mission gebaut ist</translation>
    </message>
    <message>
        <source>{0}: {1}
Drag onto the table, or click and then click on the table</source>
        <translation>{0}: {1}
Auf den Tisch ziehen, oder anklicken und dann auf den Tisch klicken</translation>
    </message>
    <message>
        <source>Drag a piece onto a zone line. R turns it, E turns it end for end, F flips a door, double-click a hatchway to open or close it.</source>
        <translation>Ein Teil auf eine Zonenlinie ziehen. R dreht es, E dreht es um (Enden tauschen), F klappt eine Tür um, Doppelklick auf eine Schotttür öffnet oder schließt sie.</translation>
    </message>
    <message>
        <source>{0} left of {1}</source>
        <translation>{0} von {1} übrig</translation>
    </message>
    <message>
        <source>{0} too many: {1} of {2}</source>
        <translation>{0} zu viele: {1} von {2}</translation>
    </message>
    <message>
        <source>This layout needs {0} killzone kits.</source>
        <translation>Dieser Aufbau braucht {0} Killzone-Kits.</translation>
    </message>
    <message>
        <source>This layout needs {0} sets.</source>
        <translation>Dieser Aufbau braucht {0} Sets.</translation>
    </message>
    <message>
        <source>Uses {0} pieces; 1 killzone kit needed.</source>
        <translation>Nutzt {0} Teile; 1 Killzone-Kit nötig.</translation>
    </message>
    <message>
        <source>Uses {0} pieces; {1} killzone kits needed.</source>
        <translation>Nutzt {0} Teile; {1} Killzone-Kits nötig.</translation>
    </message>
    <message>
        <source>Uses {0} pieces; 1 set needed.</source>
        <translation>Nutzt {0} Teile; 1 Set nötig.</translation>
    </message>
    <message>
        <source>Uses {0} pieces; {1} sets needed.</source>
        <translation>Nutzt {0} Teile; {1} Sets nötig.</translation>
    </message>
    <message>
        <source>Killzone kits:</source>
        <translation>Killzone-Kits:</translation>
    </message>
    <message>
        <source>How many Killzone Gallowdark terrain kits the mission is built from (a kit is half a Boarding Actions set)</source>
        <translation>Aus wie vielen Killzone-Gallowdark-Geländekits die Mission gebaut wird (ein Kit ist ein halbes Boarding-Actions-Set)</translation>
    </message>
    <message>
        <source>Drag a piece onto a zone line. R turns it, E turns it end for end, F flips a door. Every hatchway starts the battle closed.</source>
        <translation>Ein Teil auf eine Zonenlinie ziehen. R dreht es, E dreht es Ende über Ende, F wendet eine Tür. Jede Schotttür beginnt die Schlacht geschlossen.</translation>
    </message>
    <message>
        <source>Change Terrain Sets</source>
        <translation>Geländesets ändern</translation>
    </message>
    <message>
        <source>Change Killzone Kits</source>
        <translation>Killzone-Kits ändern</translation>
    </message>
</context>
<context>
    <name>PieceItem</name>
    <message>
        <source>Hatchway open, door on the left face (walking from → to)</source>
        <translation>Schotttür offen, Tür auf der linken Seite (in Gehrichtung von → nach)</translation>
    </message>
    <message>
        <source>Hatchway closed, door on the left face (walking from → to)</source>
        <translation>Schotttür geschlossen, Tür auf der linken Seite (in Gehrichtung von → nach)</translation>
    </message>
    <message>
        <source>Hatchway open, door on the right face (walking from → to)</source>
        <translation>Schotttür offen, Tür auf der rechten Seite (in Gehrichtung von → nach)</translation>
    </message>
    <message>
        <source>Hatchway closed, door on the right face (walking from → to)</source>
        <translation>Schotttür geschlossen, Tür auf der rechten Seite (in Gehrichtung von → nach)</translation>
    </message>
</context>
<context>
    <name>PieceList</name>
    <message>
        <source>Nothing placed</source>
        <translation>Nichts platziert</translation>
    </message>
    <message>
        <source>R turns, E turns end for end, F flips the door, Esc cancels</source>
        <translation>R dreht, E dreht um (Enden tauschen), F klappt die Tür um, Esc bricht ab</translation>
    </message>
    <message>
        <source>R turns, Esc cancels</source>
        <translation>R dreht, Esc bricht ab</translation>
    </message>
    <message>
        <source>Carrying {0}: let go on a zone line; {1}</source>
        <translation>{0} in der Hand: auf einer Zonenlinie loslassen; {1}</translation>
    </message>
</context>
<context>
    <name>PiecePlacer</name>
    <message>
        <source>pieces stand on a board</source>
        <translation>Teile stehen auf einer Spielplatte</translation>
    </message>
    <message>
        <source>Cannot place {0} here: {1}</source>
        <translation>{0} kann hier nicht stehen: {1}</translation>
    </message>
    <message>
        <source>Place {0}</source>
        <translation>{0} platzieren</translation>
    </message>
    <message>
        <source>Placed {0}</source>
        <translation>{0} platziert</translation>
    </message>
    <message>
        <source>{0}, turned to stay within the board&apos;s edge (R turns it back)</source>
        <translation>{0}, gedreht, damit sie innerhalb der Spielplattenkante bleibt (R dreht sie zurück)</translation>
    </message>
</context>
<context>
    <name>PlaceTool</name>
    <message>
        <source>Place</source>
        <translation>Platzieren</translation>
    </message>
    <message>
        <source>Place the piece chosen in the palette: click on the table (R turns it, F flips a door, Esc stops)</source>
        <translation>Das in der Palette gewählte Teil setzen: auf den Tisch klicken (R dreht es, F klappt eine Tür um, Esc beendet)</translation>
    </message>
    <message>
        <source>Choose a piece in the Terrain palette, then click on the table to place it</source>
        <translation>Ein Teil in der Geländepalette wählen, dann zum Platzieren auf den Tisch klicken</translation>
    </message>
    <message>
        <source>Click on the table to place {0} ({1}); R turns, F flips the door, Esc stops</source>
        <translation>Auf den Tisch klicken, um {0} ({1}) zu platzieren; R dreht, F klappt die Tür um, Esc beendet</translation>
    </message>
</context>
<context>
    <name>PlacementLayer</name>
    <message>
        <source>Placement</source>
        <translation>Platzierung</translation>
    </message>
    <message>
        <source>Lay Out Entry Zones</source>
        <translation>Aufstellungszonen anlegen</translation>
    </message>
    <message>
        <source>Lay Out Drop Zones</source>
        <translation>Landezonen auslegen</translation>
    </message>
</context>
<context>
    <name>PlacementPanel</name>
    <message>
        <source>Players and entry zones</source>
        <translation>Spieler und Aufstellungszonen</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>How many players the mission is for (2, 3 or 4)</source>
        <translation>Für wie viele Spieler die Mission ist (2, 3 oder 4)</translation>
    </message>
    <message>
        <source>Choose a player, then paint their entry zone on the table</source>
        <translation>Einen Spieler wählen, dann seine Aufstellungszone auf den Tisch malen</translation>
    </message>
    <message>
        <source>e.g. Boarding party</source>
        <translation>z. B. Enterkommando</translation>
    </message>
    <message>
        <source>Clear zone</source>
        <translation>Zone leeren</translation>
    </message>
    <message>
        <source>Remove every cell of this player&apos;s entry zone</source>
        <translation>Jede Zone der Aufstellungszone dieses Spielers entfernen</translation>
    </message>
    <message>
        <source>Deployments of the rules digest, laid out on the current boards</source>
        <translation>Aufstellungen aus der Regelübersicht, auf die aktuellen Spielplatten gelegt</translation>
    </message>
    <message>
        <source>Lay out</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>Replace every entry zone with the chosen deployment</source>
        <translation>Jede Aufstellungszone durch die gewählte Aufstellung ersetzen</translation>
    </message>
    <message>
        <source>Objective markers</source>
        <translation>Missionszielmarker</translation>
    </message>
    <message>
        <source>Delete marker</source>
        <translation>Marker löschen</translation>
    </message>
    <message>
        <source>Objectives tool (J): click a zone to place a marker at its centre; hold Shift to place it freely. Drag to move; double-click to rename.</source>
        <translation>Missionsziel-Werkzeug (J): eine Zone anklicken, um einen Marker in ihre Mitte zu setzen; Umschalt halten für freie Platzierung. Ziehen zum Verschieben; Doppelklick zum Umbenennen.</translation>
    </message>
    <message>
        <source>Named regions</source>
        <translation>Benannte Bereiche</translation>
    </message>
    <message>
        <source>Areas the card names (airlock, reactor ...): choose one, then paint its zones</source>
        <translation>Bereiche, die die Karte nennt (Luftschleuse, Reaktor ...): einen wählen, dann seine Zonen malen</translation>
    </message>
    <message>
        <source>e.g. Airlock</source>
        <translation>z. B. Luftschleuse</translation>
    </message>
    <message>
        <source>New region</source>
        <translation>Neuer Bereich</translation>
    </message>
    <message>
        <source>Delete region</source>
        <translation>Bereich löschen</translation>
    </message>
    <message>
        <source>Players and drop zones</source>
        <translation>Spieler und Landezonen</translation>
    </message>
    <message>
        <source>Kill Team is played by two players</source>
        <translation>Kill Team spielen zwei Spieler</translation>
    </message>
    <message>
        <source>Choose a player, then paint their drop zone on the table</source>
        <translation>Einen Spieler wählen, dann seine Landezone auf den Tisch malen</translation>
    </message>
    <message>
        <source>Remove every cell of this player&apos;s drop zone</source>
        <translation>Alle Zellen der Landezone dieses Spielers entfernen</translation>
    </message>
    <message>
        <source>Drop zones for the killzone, laid out on its board</source>
        <translation>Landezonen für die Killzone, auf ihrer Spielplatte ausgelegt</translation>
    </message>
    <message>
        <source>Replace both drop zones with the chosen ones</source>
        <translation>Beide Landezonen durch die gewählten ersetzen</translation>
    </message>
    <message>
        <source>e.g. Strike team</source>
        <translation>z. B. Einsatztrupp</translation>
    </message>
    <message>
        <source>no zones yet</source>
        <translation>noch keine Zonen</translation>
    </message>
    <message>
        <source>Paint this player&apos;s drop zone first, then name it</source>
        <translation>Erst die Landezone dieses Spielers malen, dann benennen</translation>
    </message>
    <message>
        <source>Paint this player&apos;s entry zone first, then name it</source>
        <translation>Erst die Aufstellungszone dieses Spielers malen, dann benennen</translation>
    </message>
    <message>
        <source>at ({x}, {y}) mm</source>
        <translation>bei ({x}, {y}) mm</translation>
    </message>
    <message>
        <source>paint its zones</source>
        <translation>Zonen malen</translation>
    </message>
    <message>
        <source>Set Players to {n}</source>
        <translation>Spielerzahl auf {n} setzen</translation>
    </message>
    <message>
        <source>Name Drop Zone of Player {player}</source>
        <translation>Landezone von Spieler {player} benennen</translation>
    </message>
    <message>
        <source>Name Entry Zone of Player {player}</source>
        <translation>Aufstellungszone von Spieler {player} benennen</translation>
    </message>
    <message>
        <source>Clear Drop Zone of Player {player}</source>
        <translation>Landezone von Spieler {player} leeren</translation>
    </message>
    <message>
        <source>Clear Entry Zone of Player {player}</source>
        <translation>Aufstellungszone von Spieler {player} leeren</translation>
    </message>
    <message>
        <source>Lay Out Drop Zones: {name}</source>
        <translation>Landezonen auslegen: {name}</translation>
    </message>
    <message>
        <source>Lay Out Deployment: {name}</source>
        <translation>Aufstellung auslegen: {name}</translation>
    </message>
    <message>
        <source>Renumber Objective {old} as {new}</source>
        <translation>Missionsziel {old} in {new} umnummerieren</translation>
    </message>
    <message>
        <source>Rename Objective {oid}</source>
        <translation>Missionsziel {oid} umbenennen</translation>
    </message>
    <message>
        <source>There is already a region {name}</source>
        <translation>Es gibt schon einen Bereich {name}</translation>
    </message>
    <message>
        <source>Rename Region {old}</source>
        <translation>Bereich {old} umbenennen</translation>
    </message>
    <message>
        <source>Delete Region {name}</source>
        <translation>Bereich {name} löschen</translation>
    </message>
</context>
<context>
    <name>Placing</name>
    <message>
        <source>Zone {zone}: drag to erase {brush} · right-drag erases</source>
        <translation>Zone {zone}: ziehen löscht {brush} · Ziehen mit rechts löscht</translation>
    </message>
    <message>
        <source>Zone {zone}: drag to paint {brush} · right-drag erases</source>
        <translation>Zone {zone}: ziehen malt {brush} · Ziehen mit rechts löscht</translation>
    </message>
    <message>
        <source>Stroke dropped</source>
        <translation>Strich verworfen</translation>
    </message>
    <message>
        <source>Erase 1 zone of {brush}</source>
        <translation>1 Zone von {brush} löschen</translation>
    </message>
    <message>
        <source>Erase {n} zones of {brush}</source>
        <translation>{n} Zonen von {brush} löschen</translation>
    </message>
    <message>
        <source>Paint 1 zone of {brush}</source>
        <translation>1 Zone für {brush} malen</translation>
    </message>
    <message>
        <source>Paint {n} zones of {brush}</source>
        <translation>{n} Zonen für {brush} malen</translation>
    </message>
    <message>
        <source>Drop zones: drag to paint {brush}&apos;s zones · start on a painted zone or right-drag to erase · keys 1-{players} choose the player</source>
        <translation>Landezonen: ziehen malt die Zonen von {brush} · auf einer gemalten Zone beginnen oder rechts ziehen radiert · die Tasten 1-{players} wählen den Spieler</translation>
    </message>
    <message>
        <source>Entry zones: drag to paint {brush}&apos;s zones · start on a painted zone or right-drag to erase · keys 1-{players} choose the player</source>
        <translation>Aufstellungszonen: ziehen malt die Zonen von {brush} · auf einer gemalten Zone beginnen oder mit rechts ziehen löscht · Tasten 1-{players} wählen den Spieler</translation>
    </message>
    <message>
        <source>Erase Drop Zone of Player {player}</source>
        <translation>Landezone von Spieler {player} radieren</translation>
    </message>
    <message>
        <source>Paint Drop Zone of Player {player}</source>
        <translation>Landezone von Spieler {player} malen</translation>
    </message>
    <message>
        <source>Erase Entry Zone of Player {player}</source>
        <translation>Aufstellungszone von Spieler {player} löschen</translation>
    </message>
    <message>
        <source>Paint Entry Zone of Player {player}</source>
        <translation>Aufstellungszone von Spieler {player} malen</translation>
    </message>
    <message>
        <source>This mission is for {players} players</source>
        <translation>Diese Mission ist für {players} Spieler</translation>
    </message>
    <message>
        <source>Objective: click a zone to place a marker at its centre · Shift: place freely · drag a marker to move it · double-click to rename · Del deletes</source>
        <translation>Missionsziel: eine Zone anklicken setzt einen Marker in ihre Mitte · Umschalt: frei setzen · Marker ziehen verschiebt ihn · Doppelklick benennt um · Entf löscht</translation>
    </message>
    <message>
        <source>Printed on the marker; a number already used swaps with it</source>
        <translation>Steht auf dem Marker; eine schon vergebene Nummer tauscht mit ihm</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Nummer</translation>
    </message>
    <message>
        <source>e.g. Reactor core</source>
        <translation>z. B. Reaktorkern</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>board {board} at ({x}, {y}) mm</source>
        <translation>Spielplatte {board} bei ({x}, {y}) mm</translation>
    </message>
    <message>
        <source>zone {board} {cell}</source>
        <translation>Zone {board} {cell}</translation>
    </message>
    <message>
        <source>Place objective: {reason}</source>
        <translation>Missionsziel setzen: {reason}</translation>
    </message>
    <message>
        <source>Place Objective {oid}</source>
        <translation>Missionsziel {oid} setzen</translation>
    </message>
    <message>
        <source>Objective {oid} placed in {where}.</source>
        <translation>Missionsziel {oid} gesetzt in {where}.</translation>
    </message>
    <message>
        <source>Move objective: a marker must stand on a board; it stays at the last good place</source>
        <translation>Missionsziel verschieben: ein Marker muss auf einer Spielplatte stehen; er bleibt am letzten gültigen Platz</translation>
    </message>
    <message>
        <source>Move objective: it would lie on objective {other}; it stays at the last good place</source>
        <translation>Missionsziel verschieben: es läge auf Missionsziel {other}; es bleibt am letzten gültigen Platz</translation>
    </message>
    <message>
        <source>Move objective {oid} to {where}</source>
        <translation>Missionsziel {oid} verschieben nach {where}</translation>
    </message>
    <message>
        <source>(Shift: free)</source>
        <translation>(Umschalt: frei)</translation>
    </message>
    <message>
        <source>Move Objective {oid}</source>
        <translation>Missionsziel {oid} verschieben</translation>
    </message>
    <message>
        <source>Move cancelled</source>
        <translation>Verschieben abgebrochen</translation>
    </message>
    <message>
        <source>Click a marker first, then Del deletes it</source>
        <translation>Erst einen Marker anklicken, dann löscht Entf ihn</translation>
    </message>
    <message>
        <source>Edit Objective {oid}</source>
        <translation>Missionsziel {oid} bearbeiten</translation>
    </message>
    <message>
        <source>region {name}</source>
        <translation>Bereich {name}</translation>
    </message>
    <message>
        <source>a new region</source>
        <translation>einen neuen Bereich</translation>
    </message>
    <message>
        <source>Regions: drag to paint {brush} · start on its zone or right-drag to erase · choose, rename or make regions in the placement panel</source>
        <translation>Bereiche: ziehen malt {brush} · auf seiner Zone beginnen oder mit rechts ziehen löscht · Bereiche im Platzierungsbereich wählen, umbenennen oder anlegen</translation>
    </message>
    <message>
        <source>Erase Region {name}</source>
        <translation>Bereich {name} löschen</translation>
    </message>
    <message>
        <source>Paint Region {name}</source>
        <translation>Bereich {name} malen</translation>
    </message>
    <message>
        <source>40 mm marker at ({x}, {y}) mm; the ring shows 1&quot; range from its edge.
Drag to move, double-click to rename, Delete to remove.</source>
        <translation>40-mm-Marker bei ({x}, {y}) mm; der Ring zeigt 1&quot; Reichweite ab seinem Rand.
Ziehen zum Verschieben, Doppelklick zum Umbenennen, Entf zum Entfernen.</translation>
    </message>
</context>
<context>
    <name>Preferences</name>
    <message>
        <source>Terrain &amp;Sets I Own</source>
        <translation>&amp;Geländesets in meinem Besitz</translation>
    </message>
    <message>
        <source>The library shows the missions you can build with what you own</source>
        <translation>Die Bibliothek zeigt die Missionen, die du mit deinem Gelände bauen kannst</translation>
    </message>
</context>
<context>
    <name>SelectTool</name>
    <message>
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <source>Select and move pieces: click, shift-click or drag a box; drag to move; double-click a hatchway to open or close it</source>
        <translation>Teile auswählen und verschieben: klicken, Umschalt-Klick oder einen Rahmen ziehen; ziehen zum Verschieben; Doppelklick auf eine Schotttür öffnet oder schließt sie</translation>
    </message>
    <message>
        <source>Select and move pieces: click, shift-click or drag a box; drag to move; double-click a hatchway set open to close it</source>
        <translation>Teile auswählen und bewegen: klicken, mit Umschalt klicken oder einen Rahmen ziehen; ziehen bewegt; Doppelklick auf eine offen gestellte Schotttür schließt sie</translation>
    </message>
    <message>
        <source>Move: the pieces must stay on a board</source>
        <translation>Verschieben: die Teile müssen auf einer Spielplatte bleiben</translation>
    </message>
    <message>
        <source>Move Piece</source>
        <translation>Teil verschieben</translation>
    </message>
    <message>
        <source>Move {0} Pieces</source>
        <translation>{0} Teile verschieben</translation>
    </message>
    <message>
        <source>Cannot move there: {0}</source>
        <translation>Dorthin nicht verschiebbar: {0}</translation>
    </message>
    <message>
        <source>{0} has no hatchway to open or close</source>
        <translation>{0} hat keine Schotttür zum Öffnen oder Schließen</translation>
    </message>
</context>
<context>
    <name>TerritoryTool</name>
    <message>
        <source>Territories: Table &gt; Territories &gt; Split Top and Bottom (or Left and Right) draws the centre line and the two territories · Esc stops</source>
        <translation>Territorien: Tisch &gt; Territorien &gt; Oben und unten teilen (oder Links und rechts) zieht die Mittellinie und die beiden Territorien · Esc beendet</translation>
    </message>
    <message>
        <source>Territories: drag an end of the centre line along the killzone&apos;s edge; territories that are its halves follow · drag a territory&apos;s corner, double-click an edge to add one, a corner to remove it · Del clears them · Esc stops</source>
        <translation>Territorien: ein Ende der Mittellinie am Rand der Killzone entlangziehen; Territorien, die ihre Hälften sind, folgen · eine Ecke eines Territoriums ziehen, Doppelklick auf eine Kante fügt eine hinzu, auf eine Ecke entfernt sie · Entf entfernt sie alle · Esc beendet</translation>
    </message>
    <message>
        <source>Split Killzone Top and Bottom</source>
        <translation>Killzone oben und unten teilen</translation>
    </message>
    <message>
        <source>Split Killzone Left and Right</source>
        <translation>Killzone links und rechts teilen</translation>
    </message>
    <message>
        <source>Swap Territories</source>
        <translation>Territorien tauschen</translation>
    </message>
    <message>
        <source>Clear Territories</source>
        <translation>Territorien entfernen</translation>
    </message>
    <message>
        <source>Move centre line: {0}</source>
        <translation>Mittellinie verschieben: {0}</translation>
    </message>
    <message>
        <source>Move territory corner: {0}</source>
        <translation>Ecke des Territoriums verschieben: {0}</translation>
    </message>
    <message>
        <source>Centre line end to ({0}, {1}) mm</source>
        <translation>Ende der Mittellinie nach ({0}, {1}) mm</translation>
    </message>
    <message>
        <source>Territory corner to ({0}, {1}) mm</source>
        <translation>Ecke des Territoriums nach ({0}, {1}) mm</translation>
    </message>
    <message>
        <source>Move Centre Line</source>
        <translation>Mittellinie verschieben</translation>
    </message>
    <message>
        <source>Move Territory Corner</source>
        <translation>Ecke des Territoriums verschieben</translation>
    </message>
    <message>
        <source>Remove Territory Corner</source>
        <translation>Ecke des Territoriums entfernen</translation>
    </message>
    <message>
        <source>Add Territory Corner</source>
        <translation>Ecke des Territoriums hinzufügen</translation>
    </message>
    <message>
        <source>Move cancelled</source>
        <translation>Verschieben abgebrochen</translation>
    </message>
    <message>
        <source>The killzone has no territories or centre line to clear</source>
        <translation>Die Killzone hat keine Territorien und keine Mittellinie zum Entfernen</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>Opens at the start of</source>
        <translation>Öffnet sich zu Beginn von</translation>
    </message>
    <message>
        <source>Closes at the start of</source>
        <translation>Schließt sich zu Beginn von</translation>
    </message>
    <message>
        <source>Locked from the start of</source>
        <translation>Verriegelt ab Beginn von</translation>
    </message>
    <message>
        <source>Unlocked at the start of</source>
        <translation>Entriegelt zu Beginn von</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>geschlossen</translation>
    </message>
    <message>
        <source>locked</source>
        <translation>verriegelt</translation>
    </message>
    <message>
        <source>unlocked</source>
        <translation>entriegelt</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Add Timeline Event</source>
        <translation>Ereignis zur Zeitleiste hinzufügen</translation>
    </message>
    <message>
        <source>Edit Timeline Event</source>
        <translation>Ereignis der Zeitleiste bearbeiten</translation>
    </message>
    <message>
        <source>Remove Timeline Event</source>
        <translation>Ereignis aus der Zeitleiste entfernen</translation>
    </message>
    <message>
        <source>{0} in {1}</source>
        <translation>{0} in {1}</translation>
    </message>
    <message>
        <source>{0} Hatchways: {1} in {2}</source>
        <translation>{0} Schotttüren: {1} in {2}</translation>
    </message>
    <message>
        <source>Lock Hatchway at the Start</source>
        <translation>Schotttür zu Beginn verriegeln</translation>
    </message>
    <message>
        <source>Unlock Hatchway at the Start</source>
        <translation>Schotttür zu Beginn entriegeln</translation>
    </message>
    <message>
        <source>Select a hatchway first</source>
        <translation>Zuerst eine Schotttür auswählen</translation>
    </message>
    <message>
        <source>Locked at the Start</source>
        <translation>Zu Beginn verriegelt</translation>
    </message>
    <message>
        <source>Closed when the battle starts, and nobody may open it until the timeline unlocks it</source>
        <translation>Zu Beginn der Schlacht geschlossen, und niemand darf sie öffnen, bis die Zeitleiste sie entriegelt</translation>
    </message>
    <message>
        <source>Add Event...</source>
        <translation>Ereignis hinzufügen...</translation>
    </message>
    <message>
        <source>Timeline Event</source>
        <translation>Ereignis der Zeitleiste</translation>
    </message>
    <message>
        <source>Events at the start or in the Command phase change the table before anyone moves; later ones show on the map from the next round</source>
        <translation>Ereignisse zu Beginn oder in der Kommandophase ändern den Tisch, bevor sich jemand bewegt; spätere zeigt die Karte ab der nächsten Runde</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>optional: only if... (printed on the card)</source>
        <translation>optional: nur wenn ... (steht auf der Karte)</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Auslöser</translation>
    </message>
    <message>
        <source>optional: what the card says happens</source>
        <translation>optional: was laut Karte geschieht</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Which</source>
        <translation>Welche(s)</translation>
    </message>
    <message>
        <source>Becomes</source>
        <translation>Wird</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>Add Change</source>
        <translation>Änderung hinzufügen</translation>
    </message>
    <message>
        <source>Remove Change</source>
        <translation>Änderung entfernen</translation>
    </message>
    <message>
        <source>The table has no hatchway, area, objective or named entry zone an event could change yet.</source>
        <translation>Auf dem Tisch gibt es noch keine Schotttür, keinen Bereich, kein Missionsziel und keine benannte Aufstellungszone, die ein Ereignis ändern könnte.</translation>
    </message>
    <message>
        <source>What changes</source>
        <translation>Was sich ändert</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>What happens</source>
        <translation>Was geschieht</translation>
    </message>
    <message>
        <source>Add a change to the table in a round: a hatchway opens, an area is vented, an objective appears</source>
        <translation>Eine Änderung des Tischs in einer Runde hinzufügen: eine Schotttür öffnet sich, ein Bereich wird entlüftet, ein Missionsziel erscheint</translation>
    </message>
    <message>
        <source>Edit...</source>
        <translation>Bearbeiten...</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>The table as the battle starts: this is the table you edit</source>
        <translation>Der Tisch zu Beginn der Schlacht: diesen Tisch bearbeitest du</translation>
    </message>
    <message>
        <source>Show the table in {0}</source>
        <translation>Den Tisch in {0} zeigen</translation>
    </message>
    <message>
        <source>No events: the table stays as it is set up all battle. Right-click a hatchway or press Add Event...</source>
        <translation>Keine Ereignisse: der Tisch bleibt die ganze Schlacht, wie er aufgestellt ist. Rechtsklick auf eine Schotttür oder Ereignis hinzufügen... drücken</translation>
    </message>
    <message>
        <source>Showing the table as set up</source>
        <translation>Der Tisch wie aufgestellt</translation>
    </message>
    <message>
        <source>Showing the table in {0}, its overlays worked out for it; edits change the table as set up</source>
        <translation>Der Tisch in {0}, die Überlagerungen für ihn berechnet; Bearbeitungen ändern den Tisch wie aufgestellt</translation>
    </message>
    <message>
        <source>Choose an event in the list first</source>
        <translation>Zuerst ein Ereignis in der Liste wählen</translation>
    </message>
    <message>
        <source>Change the chosen event</source>
        <translation>Das gewählte Ereignis ändern</translation>
    </message>
    <message>
        <source>Remove the chosen event from the timeline</source>
        <translation>Das gewählte Ereignis aus der Zeitleiste entfernen</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Command phase</source>
        <translation>Kommandophase</translation>
    </message>
    <message>
        <source>Movement phase</source>
        <translation>Bewegungsphase</translation>
    </message>
    <message>
        <source>Shooting phase</source>
        <translation>Fernkampfphase</translation>
    </message>
    <message>
        <source>Charge phase</source>
        <translation>Angriffsphase</translation>
    </message>
    <message>
        <source>Fight phase</source>
        <translation>Nahkampfphase</translation>
    </message>
    <message>
        <source>end</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Hatchway</source>
        <translation>Schotttür</translation>
    </message>
    <message>
        <source>Area</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Missionsziel</translation>
    </message>
    <message>
        <source>Entry zone</source>
        <translation>Aufstellungszone</translation>
    </message>
    <message>
        <source>opens</source>
        <translation>öffnet sich</translation>
    </message>
    <message>
        <source>closes</source>
        <translation>schließt sich</translation>
    </message>
    <message>
        <source>is locked</source>
        <translation>wird verriegelt</translation>
    </message>
    <message>
        <source>is unlocked</source>
        <translation>wird entriegelt</translation>
    </message>
    <message>
        <source>becomes impassable</source>
        <translation>wird unpassierbar</translation>
    </message>
    <message>
        <source>becomes dangerous</source>
        <translation>wird gefährlich</translation>
    </message>
    <message>
        <source>goes dark</source>
        <translation>wird dunkel</translation>
    </message>
    <message>
        <source>becomes clear</source>
        <translation>wird wieder frei</translation>
    </message>
    <message>
        <source>is removed</source>
        <translation>wird entfernt</translation>
    </message>
    <message>
        <source>appears</source>
        <translation>erscheint</translation>
    </message>
    <message>
        <source>moves</source>
        <translation>wird versetzt</translation>
    </message>
    <message>
        <source>impassable</source>
        <translation>unpassierbar</translation>
    </message>
    <message>
        <source>dangerous</source>
        <translation>gefährlich</translation>
    </message>
    <message>
        <source>dark</source>
        <translation>dunkel</translation>
    </message>
    <message>
        <source>Turning point</source>
        <translation>Wendepunkt</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Schlachtrunde</translation>
    </message>
    <message>
        <source>Turning point {0}</source>
        <translation>Wendepunkt {0}</translation>
    </message>
    <message>
        <source>turning point {0}</source>
        <translation>Wendepunkt {0}</translation>
    </message>
    <message>
        <source>Round {0}</source>
        <translation>Schlachtrunde {0}</translation>
    </message>
    <message>
        <source>round {0}</source>
        <translation>Schlachtrunde {0}</translation>
    </message>
    <message>
        <source>{0}, {1}</source>
        <translation>{0}, {1}</translation>
    </message>
    <message>
        <source>hatchway {0} (board {1})</source>
        <translation>Schotttür {0} (Spielplatte {1})</translation>
    </message>
    <message>
        <source>the hatchway at {0}-{1} on board {2} (not on the table)</source>
        <translation>die Schotttür bei {0}-{1} auf Spielplatte {2} (nicht auf dem Tisch)</translation>
    </message>
    <message>
        <source>area {0}</source>
        <translation>Bereich {0}</translation>
    </message>
    <message>
        <source>objective {0}</source>
        <translation>Missionsziel {0}</translation>
    </message>
    <message>
        <source>entry zone {0}</source>
        <translation>Aufstellungszone {0}</translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <translation>{0} {1}</translation>
    </message>
    <message>
        <source>{0} to {1}, {2} mm</source>
        <translation>{0} nach {1}, {2} mm</translation>
    </message>
    <message>
        <source>(nothing changes yet)</source>
        <translation>(noch ändert sich nichts)</translation>
    </message>
</context>
</TS>
