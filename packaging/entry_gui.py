"""The bundle's `layout-editor-gui` program: the editor, the one a player
double-clicks (Start menu, the .app, the desktop entry). A windowed program
on Windows and macOS: no console window opens beside the editor."""
import sys

from layout_editor.cli import gui_main

if __name__ == "__main__":
    sys.exit(gui_main())
