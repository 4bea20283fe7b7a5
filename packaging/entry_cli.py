"""The bundle's `layout-editor` program: the command line (and the editor
when it is given no command), the same as the pip-installed command.
A console program, so that its messages reach the terminal on Windows."""
import sys

from layout_editor.cli import main

if __name__ == "__main__":
    sys.exit(main())
