"""What is on the disk: has a mission file changed since it was read, may it
be replaced, and the leftovers of saves that were killed.

A `Stamp` is what was seen of a file when it was loaded or saved: its
modification time (nanoseconds), size and identity (device and inode, so a
file replaced by another program's atomic save is noticed even when time and
size match). The editor keeps the stamp of the open file and compares it
before it saves over that file.

write_file (below; every writer) writes `.NAME.xxxxxxxx.tmp` beside NAME
and renames it over NAME; a write killed between the two leaves the
temporary file.
`remove_stale_temps(NAME)` removes exactly those (that name pattern, regular
files, older than a minute so a save in progress elsewhere is never touched)
and nothing else.

write_file(data, path, inputs=()) is the one way any command or the editor
writes a file (mission files, exports, packs, autosaves, screenshots). Its
rules, the same for every writer:
- atomic: the bytes go to `.NAME.xxxxxxxx.tmp` beside the target, are
  flushed to the disk and renamed over it in one step; a failure or a kill
  leaves the old file as it was (and at worst that temporary file);
- never over an input: a target that is one of `inputs` (the files the
  command read), by any path, hard link or symbolic link, is refused;
- never over a read-only file (the user made it so: an atomic rename could
  replace it through its folder, unasked), a folder or a device;
- links, one rule: a symbolic link is written through (the link stays, the
  file it names gets the new bytes) only when that file is in the folder the
  user named, the link's own folder; a link that leads out of it is refused,
  so a file planted as a link can never make a command write elsewhere;
- the new file keeps the mode of the file it replaces, else the user's
  default (0666 less the umask).
A refusal is a WriteRefused (an OSError naming the path the user gave, with
a Phrase for the editor's language), said before anything is written.
"""
from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Iterable
from typing import NamedTuple

from ..phrases import Phrase

# A temporary file younger than this may belong to a save in progress (in
# another editor window): left alone.
STALE_AFTER_S = 60.0


class Stamp(NamedTuple):
    mtime_ns: int
    size: int
    device: int
    inode: int


def stamp(path: str | os.PathLike[str]) -> Stamp | None:
    """The file's stamp now, None when there is no such file (or it cannot
    be looked at)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return Stamp(st.st_mtime_ns, st.st_size, st.st_dev, st.st_ino)


def is_read_only(path: str | os.PathLike[str]) -> bool:
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


def temp_pattern(name: str) -> re.Pattern[str]:
    """The names save_mission gives its temporary files beside `name`."""
    return re.compile(r"\." + re.escape(name) + r"\.[0-9a-f]{8}\.tmp")


def remove_stale_temps(path: str | os.PathLike[str], older_than: float = STALE_AFTER_S) -> list[str]:
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


# ----------------------------------------------------------------------------
# The one safe write
# ----------------------------------------------------------------------------
class WriteRefused(OSError):
    """A file not written, on purpose: what would have been replaced is an
    input, read-only, not a file, or reached through a link out of its
    folder. An OSError (errno EPERM) naming the path the user gave, so every
    writer's handler says it in one line; `phrase` says it in the editor's
    language."""

    def __init__(self, path: str | os.PathLike[str], phrase: Phrase) -> None:
        super().__init__(errno.EPERM, str(phrase), os.fspath(path))
        self.phrase = phrase


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def target_of(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()) -> str:
    """The file a write to `path` would replace (a link within its folder
    followed), after every check of the rules above; WriteRefused else.
    Nothing is written."""
    given = os.fspath(path)
    if not given:
        raise WriteRefused(given, Phrase("no file name given"))
    folder = os.path.dirname(os.path.abspath(given))
    target = os.path.realpath(given)
    if os.path.islink(given) and os.path.dirname(target) != os.path.realpath(folder):
        raise WriteRefused(given, Phrase(
            "is a link to a file outside its folder ({target}), so nothing was written through it "
            "(write to that file by its own name, or to another file)", target=target))
    if not os.path.isdir(os.path.dirname(target)):
        raise WriteRefused(given, Phrase("the folder it would go in does not exist"))
    mine = _identity(target)
    for source in inputs:
        if source is None:
            continue
        source = os.fspath(source)
        theirs = _identity(source)
        if (mine is not None and mine == theirs) or os.path.realpath(source) == target:
            raise WriteRefused(given, Phrase(
                "is one of the inputs ({input}), so it was not replaced (write to another file)",
                input=source))
    if mine is not None:
        st = os.stat(target)
        if not stat.S_ISREG(st.st_mode):
            raise WriteRefused(given, Phrase("is not a file (a folder or a device), so nothing was written"))
        if is_read_only(target):
            raise WriteRefused(given, Phrase(
                "the file is read-only, so it was not replaced (make it writable, or write to another file)"))
    return target


def write_file(data: bytes, path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()) -> str:
    """Write `data` to `path` by the rules above; returns the file written
    (the link's file when a link in its folder was written through).
    WriteRefused when a rule forbids it; any other OSError names `path`."""
    inputs = list(inputs)
    target = target_of(path, inputs)
    remove_stale_temps(target)  # what killed writes of this file left beside it
    try:
        _replace_atomically(data, target)
    except OSError as error:
        if isinstance(error, WriteRefused):
            raise
        raise OSError(error.errno, error.strerror or str(error), os.fspath(path)) from error
    return target


def _replace_atomically(data: bytes, target: str) -> None:
    folder, name = os.path.split(target)
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    temp = fd = None
    for _ in range(100):
        candidate = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            # 0o666 less the umask, like any new file; O_EXCL: never reuse one.
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
        temp = candidate
        break
    if temp is None or fd is None:
        raise FileExistsError(errno.EEXIST, "cannot create a temporary file beside it", target)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    # Make the rename itself durable; not every system can open a folder.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
