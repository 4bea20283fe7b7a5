"""Share codes: a whole mission as one line of URL-safe text, for chats,
forums and the QR code on the card.

    BAM1z.<base64url of zlib(yaml)>      or      BAM1x.<base64url of xz(yaml)>

"BAM" names the thing, "1" is the code's version (not the file format's: the
YAML inside carries its own `version`), the letter says how it is
compressed (whichever of zlib level 9 and xz is shorter). The payload is
the mission file exactly as it would be saved (dumps_mission), so decoding
rebuilds the same mission with the same safe loader that reads files.
Codes pasted from chats may be wrapped or quoted: whitespace and quotes
around it are ignored.
"""
from __future__ import annotations

import base64
import binascii
import lzma
import re
import zlib

from ..model.mission import Mission

PREFIX = "BAM"
VERSION = "1"
METHODS = {"z": "zlib", "x": "xz"}
# The loader refuses files over 5 MB; a code never needs to inflate beyond that.
MAX_TEXT = 5 * 1024 * 1024
_CODE = re.compile(r"^BAM(\d+)([a-z])\.([A-Za-z0-9_-]*)$")


class ShareCodeError(ValueError):
    """The text is not a share code this program can read."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def encode(mission: Mission) -> str:
    from ..io import dumps_mission

    text = dumps_mission(mission).encode("utf-8")
    candidates = [
        ("z", zlib.compress(text, 9)),
        # Preset 6: on a mission file the extreme presets save nothing and cost 70 ms.
        ("x", lzma.compress(text, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, preset=6)),
    ]
    method, data = min(candidates, key=lambda c: len(c[1]))
    return f"{PREFIX}{VERSION}{method}.{_b64(data)}"


def _inflate(method: str, data: bytes) -> bytes:
    try:
        if method == "z":
            d = zlib.decompressobj()
            out = d.decompress(data, MAX_TEXT + 1)
            if len(out) > MAX_TEXT:
                raise ShareCodeError("the mission inside is larger than 5 MB")
            if not d.eof:
                raise ShareCodeError("the code is cut short (some characters are missing at its end)")
            if d.unused_data:
                raise ShareCodeError("the code has extra characters at its end")
            return out
        d = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        out = d.decompress(data, MAX_TEXT + 1)
        if len(out) > MAX_TEXT:
            raise ShareCodeError("the mission inside is larger than 5 MB")
        if not d.eof:
            raise ShareCodeError("the code is cut short (some characters are missing at its end)")
        if d.unused_data:
            raise ShareCodeError("the code has extra characters at its end")
        return out
    except (zlib.error, lzma.LZMAError, EOFError):
        raise ShareCodeError("the code is damaged (a character was changed or lost when it was copied)") from None


def decode(text: str) -> Mission:
    """The mission of a share code; ShareCodeError with a clear message when
    the text is not one."""
    from ..io import MissionLoadError, loads_mission

    if not isinstance(text, str):
        raise ShareCodeError("a share code is text")
    code = "".join(text.split()).strip("\"'`<>")
    if not code:
        raise ShareCodeError("the code is empty")
    if not code.startswith(PREFIX):
        raise ShareCodeError(f"this is not a mission share code (it should start with {PREFIX}{VERSION})")
    m = _CODE.match(code)
    if not m:
        raise ShareCodeError("the code contains characters a share code never has, or its header is damaged")
    version, method, payload = m.groups()
    if version != VERSION:
        raise ShareCodeError(f"the code was made by a newer version of the program (share code version "
                             f"{version}; this program reads version {VERSION})")
    if method not in METHODS:
        raise ShareCodeError(f"unknown compression '{method}' (the code may come from a newer program)")
    if len(payload) % 4 == 1:
        raise ShareCodeError("the code is cut short or has a stray character (its length is impossible)")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError("the code is damaged (not valid base64)") from None
    raw = _inflate(method, data)
    try:
        yaml_text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareCodeError("the mission inside is not UTF-8 text") from None
    try:
        return loads_mission(yaml_text, source="<share code>")
    except MissionLoadError as e:
        raise ShareCodeError(f"the mission inside cannot be used: {e}") from None
