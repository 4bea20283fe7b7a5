"""Boarding Actions layout editor: missions, terrain, rules and printing."""

__version__ = "0.1.0"
