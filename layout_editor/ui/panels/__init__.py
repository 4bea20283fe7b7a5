"""Dock panels of the editor window."""
