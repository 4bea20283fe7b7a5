"""What is on the disk: has a mission file changed since it was read, may it
be replaced, and the leftovers of saves that were killed.

A `Stamp` is what was seen of a file when it was loaded or saved: its
modification time (nanoseconds), size and identity (device and inode, so a
file replaced by another program's atomic save is noticed even when time and
size match). The editor keeps the stamp of the open file and compares it
before it saves over that file.

save_mission writes `.NAME.xxxxxxxx.tmp` beside NAME and renames it over
NAME; a save killed between the two leaves the temporary file.
`remove_stale_temps(NAME)` removes exactly those (that name pattern, regular
files, older than a minute so a save in progress elsewhere is never touched)
and nothing else.
"""
from __future__ import annotations

import os
import re
import stat
import time
from typing import NamedTuple

# A temporary file younger than this may belong to a save in progress (in
# another editor window): left alone.
STALE_AFTER_S = 60.0


class Stamp(NamedTuple):
    mtime_ns: int
    size: int
    device: int
    inode: int


def stamp(path: str | os.PathLike) -> Stamp | None:
    """The file's stamp now, None when there is no such file (or it cannot
    be looked at)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return Stamp(st.st_mtime_ns, st.st_size, st.st_dev, st.st_ino)


def is_read_only(path: str | os.PathLike) -> bool:
    """True when a file exists at `path` and may not be written: its
    permissions say so. (An atomic save replaces the file through its folder,
    so the system would let it be replaced; the user said otherwise.)"""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return False
    if not stat.S_ISREG(st.st_mode):
        return False
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return True
    return not os.access(path, os.W_OK)


def temp_pattern(name: str) -> re.Pattern:
    """The names save_mission gives its temporary files beside `name`."""
    return re.compile(r"\." + re.escape(name) + r"\.[0-9a-f]{8}\.tmp")


def remove_stale_temps(path: str | os.PathLike, older_than: float = STALE_AFTER_S) -> list[str]:
    """Remove the temporary files killed saves of `path` left beside it;
    returns the paths removed. Never raises: cleaning up is a courtesy."""
    try:
        target = os.path.realpath(os.fspath(path))
    except (OSError, ValueError, TypeError):
        return []
    folder, name = os.path.split(target)
    pattern = temp_pattern(name)
    removed: list[str] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder or "."))
    except OSError:
        return []
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(entry.path)
    return removed
