"""python -m layout_editor: the same as the layout-editor command."""
import sys

from .cli import main

sys.exit(main())
