"""The editor: the only package that imports Qt (PySide6)."""
