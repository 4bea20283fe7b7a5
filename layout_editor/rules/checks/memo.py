"""The rules check's memo: per-board results for the boards the editor has
on the table, kept across edits (the editor runs the check after each one).
"""
from __future__ import annotations

import threading
from collections import OrderedDict


class LRU:
    """A small bounded memo: per-board results for the boards the editor has
    on the table and the few states undo walks back through. Locked: the
    editor analyses off the UI thread while the UI may ask too."""

    def __init__(self, size: int = 256):
        self.size = size
        self.data: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            v = self.data.get(key)
            if v is not None:
                self.data.move_to_end(key)
            return v

    def has(self, key) -> bool:
        with self.lock:
            return key in self.data

    def put(self, key, value):
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def clear(self):
        with self.lock:
            self.data.clear()
