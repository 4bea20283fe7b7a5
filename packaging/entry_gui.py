"""The bundle's `layout-editor-gui.exe` (Windows only): the editor, the
program the Start menu and a double-clicked .yaml file start. A windowed
program, so no console window opens beside the editor. On Linux and macOS
`layout-editor` without a command is the editor (layout-editor.spec)."""
import sys

from layout_editor.cli import gui_main

if __name__ == "__main__":
    sys.exit(gui_main())
