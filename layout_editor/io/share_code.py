"""Share codes: a whole mission as one line of URL-safe text, for chats,
forums and the QR code on the card.

    BAM1d.<base64url of zlib(yaml, preset dictionary)>
    BAM1z.<base64url of zlib(yaml)>      BAM1x.<base64url of xz(yaml)>

"BAM" names the thing, "1" is the code's version (not the file format's: the
YAML inside carries its own `version`), the letter says how it is
compressed: whichever of zlib level 9 with the preset dictionary below,
plain zlib level 9, and xz is shortest. The dictionary (the keys and
phrases every mission file repeats) makes codes about a quarter shorter, so
most missions fit a QR code on the card. The payload is
the mission file exactly as it would be saved (dumps_mission), so decoding
rebuilds the same mission with the same safe loader that reads files.
Codes pasted from chats may be wrapped or quoted: whitespace and quotes
around it are ignored.

The QR code on the card carries the same compressed bytes written in
Base45 (RFC 9285) with the method letter in capitals:

    BAM1D.<base45 of the same bytes>

Base45 uses only the characters of the QR code's alphanumeric mode (5.5
bits a character against byte mode's 8), so the QR code holds the same
mission in about a quarter fewer bits, which pays for the stronger error
correction (level M) a phone camera needs. It is the QR code's form only:
it contains spaces, so the code players copy stays the base64url one; both
import.
"""
from __future__ import annotations

import base64
import binascii
import lzma
import re
import zlib
from typing import Protocol

from ..model.mission import Mission
from ..phrases import Phrase, PhrasedError

PREFIX = "BAM"
VERSION = "1"
METHODS = {"d": "zlib with the mission dictionary", "z": "zlib", "x": "xz"}

# Part of the share code format: codes made with it must decode forever, so
# it never changes. A better dictionary gets a new method letter.
DICTIONARY_1 = (""" Spieler Missionsziel Missionszielmarker Schlachtrunde Siegpunkte Eintrittszone Aufstellung Schott Schotts geschlossen offen innerhalb von Einheiten der die das und nicht mit auf für den Zug eines Spielers am Ende jeder Befehlsphase kontrolliert erhält
 the player who controls the objective marker. At the end of each Command phase, the player whose turn it is scores VP for each objective marker they control. At the end of the battle, the player with the most VP wins. A unit within 1" of a hatchway can open or close it instead of moving. Players alternate setting up units wholly within their entry zone, starting with the player who won the roll-off. battle round boarding party
mission:
  briefing: 
  sections:
    - title: Mission rules
      text: 
    - title: Deployment
      text: 
  victory: 
  battle_rounds: 5
  points: 500
  objective_spacing:
    between_in: 9
    edge_in: 6
format: boarding-actions-mission
version: 1
title: 
author: 
language: en
players: 2
sets: 1
boards:
  - id: A
    kind: boarding-actions
    at: [0, 0]
    rotation: 0
  - id: B
    kind: boarding-actions
    at: [704, 0]
    rotation: 180
objectives:
  - id: '1'
    at: [255.0, 352.5]
    name: 
entry_zones:
  - player: 1
    name: 
    board: A
    cells: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5]]
  - player: 2
    board: B
    cells: [[6, 0], [6, 1], [6, 2], [6, 3], [6, 4], [6, 5]]
regions:
  - name: 
    board: A
    cells: [[1, 2], [1, 3], [2, 2], [2, 3]]
pieces:
  - code: A2
  - code: A4
  - code: B1
  - code: B3-2
    board: B
    from: [3, 4]
    to: [4, 4]
    facing: right
    open: false
  - code: B3-1
    board: A
    from: [3, 4]
    to: [4, 4]
    facing: left
    open: true
  - code: wall-end
    board: B
    at: [2, 6]
    caps: [2, 5]
  - code: A3
    board: A
    from: [5, 0]
    to: [5, 2]
    facing: right
    open: false
  - code: B2
    board: B
    from: [2, 3]
    to: [2, 4]
    facing: left
    open: true
  - code: A1
    board: A
    from: [2, 4]
    to: [2, 6]
  - code: pillar-right
    board: A
    at: [1, 1]
    turned: true
  - code: pillar-left
    board: B
    at: [5, 3]
  - code: pillar-right
    board: A
    at: [4, 4]
""").encode()
# The loader refuses files over 5 MB; a code never needs to inflate beyond that.
MAX_TEXT = 5 * 1024 * 1024
# What a mission inside a code is called where its errors say FILE:LINE:COL.
SOURCE = "<share code>"
_CODE = re.compile(r"^BAM(\d+)([a-z])\.([A-Za-z0-9_-]*)$")


class ShareCodeError(PhrasedError, ValueError):
    """The text is not a share code this program can read; `phrase` says why
    (str() is the English), so the editor can say it in the player's language."""


BASE45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_B45 = {c: n for n, c in enumerate(BASE45)}
_QR_CODE = re.compile(r"^BAM(\d+)([A-Z])\.(.*)$", re.S)


def base45(data: bytes) -> str:
    """RFC 9285: each two bytes as three characters, least significant first."""
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        out += [BASE45[n % 45], BASE45[n // 45 % 45], BASE45[n // 2025]]
    if len(data) % 2:
        out += [BASE45[data[-1] % 45], BASE45[data[-1] // 45]]
    return "".join(out)


def unbase45(text: str) -> bytes:
    if len(text) % 3 == 1:
        raise ShareCodeError(Phrase("the code is cut short or has a stray character (its length is impossible)"))
    try:
        values = [_B45[c] for c in text]
    except KeyError:
        raise ShareCodeError(
            Phrase("the code contains characters a share code never has, or its header is damaged")) from None
    out = bytearray()
    for i in range(0, len(values), 3):
        chunk = values[i:i + 3]
        n = sum(v * 45 ** k for k, v in enumerate(chunk))
        if len(chunk) == 3:
            if n > 0xFFFF:
                raise ShareCodeError(Phrase("the code is damaged (a character was changed or lost when it was "
                                            "copied)"))
            out += bytes((n >> 8, n & 0xFF))
        else:
            if n > 0xFF:
                raise ShareCodeError(Phrase("the code is damaged (a character was changed or lost when it was "
                                            "copied)"))
            out.append(n)
    return bytes(out)


def qr_text(code: str) -> str:
    """A share code in the QR code's form (Base45, capital method letter)."""
    m = _CODE.match(code)
    if not m:
        raise ShareCodeError(Phrase("the code contains characters a share code never has, or its header is damaged"))
    version, method, payload = m.groups()
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return f"{PREFIX}{version}{method.upper()}.{base45(data)}"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def encode(mission: Mission) -> str:
    from . import dumps_mission

    text = dumps_mission(mission).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=DICTIONARY_1)
    candidates = [
        ("d", packer.compress(text) + packer.flush()),
        ("z", zlib.compress(text, 9)),
        # Preset 6: on a mission file the extreme presets save nothing and cost 70 ms.
        ("x", lzma.compress(text, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, preset=6)),
    ]
    method, data = min(candidates, key=lambda c: len(c[1]))
    return f"{PREFIX}{VERSION}{method}.{_b64(data)}"


# Most memory an xz share code may ask for to unpack.
XZ_MEMORY_LIMIT = 96 * 1024 * 1024  # xz -9 (64 MiB dictionary) still unpacks


class _Decompressor(Protocol):
    """What zlib's and lzma's decompressors both have."""
    @property
    def eof(self) -> bool: ...

    @property
    def unused_data(self) -> bytes: ...

    def decompress(self, data: bytes, max_length: int = ..., /) -> bytes: ...


def _inflate(method: str, data: bytes) -> bytes:
    d: _Decompressor
    try:
        # zlib's and lzma's decompressors answer the same questions (output
        # bounded by max_length, eof, unused_data), so one set of checks serves.
        if method == "d":
            d = zlib.decompressobj(zdict=DICTIONARY_1)
        elif method == "z":
            d = zlib.decompressobj()
        else:
            # An xz stream names the memory it needs to unpack (its dictionary,
            # up to 4 GiB); a 5 MB mission written by encode() needs under
            # 10 MB. Refuse more before allocating it.
            d = lzma.LZMADecompressor(format=lzma.FORMAT_XZ, memlimit=XZ_MEMORY_LIMIT)
        out = d.decompress(data, MAX_TEXT + 1)
        if len(out) > MAX_TEXT:
            raise ShareCodeError(Phrase("the mission inside is larger than 5 MB"))
        if not d.eof:
            raise ShareCodeError(Phrase("the code is cut short (some characters are missing at its end)"))
        if d.unused_data:
            raise ShareCodeError(Phrase("the code has extra characters at its end"))
        return out
    except lzma.LZMAError as error:
        if "memory" in str(error).lower():
            raise ShareCodeError(Phrase("the code asks for {mb} MB or more to unpack; a mission needs far less",
                                        mb=XZ_MEMORY_LIMIT // (1024 * 1024))) from None
        raise ShareCodeError(
            Phrase("the code is damaged (a character was changed or lost when it was copied)")) from None
    except (zlib.error, EOFError):
        raise ShareCodeError(
            Phrase("the code is damaged (a character was changed or lost when it was copied)")) from None


def decode(text: str) -> Mission:
    """The mission of a share code; ShareCodeError with a clear message when
    the text is not one."""
    if not isinstance(text, str):
        raise ShareCodeError(Phrase("a share code is text"))
    qr = _QR_CODE.match(text.strip().strip("\"'`<>"))
    if qr:
        # The QR code's form: its spaces are part of the code.
        version, method, payload = qr.groups()
        if version != VERSION:
            raise ShareCodeError(Phrase("the code was made by a newer version of the program (share code version "
                                        "{version}; this program reads version {reads})", version=version,
                                        reads=VERSION))
        if method.lower() not in METHODS:
            raise ShareCodeError(Phrase("unknown compression '{method}' (the code may come from a newer program)",
                                        method=method))
        return _mission(_inflate(method.lower(), unbase45(payload)))
    code = "".join(text.split()).strip("\"'`<>")
    if not code:
        raise ShareCodeError(Phrase("the code is empty"))
    if not code.startswith(PREFIX):
        raise ShareCodeError(Phrase("this is not a mission share code (it should start with {start})",
                                    start=PREFIX + VERSION))
    m = _CODE.match(code)
    if not m:
        raise ShareCodeError(Phrase("the code contains characters a share code never has, or its header is damaged"))
    version, method, payload = m.groups()
    if version != VERSION:
        raise ShareCodeError(Phrase("the code was made by a newer version of the program (share code version "
                                    "{version}; this program reads version {reads})", version=version, reads=VERSION))
    if method not in METHODS:
        raise ShareCodeError(Phrase("unknown compression '{method}' (the code may come from a newer program)",
                                    method=method))
    if len(payload) % 4 == 1:
        raise ShareCodeError(Phrase("the code is cut short or has a stray character (its length is impossible)"))
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError(Phrase("the code is damaged (not valid base64)")) from None
    return _mission(_inflate(method, data))


def _mission(raw: bytes) -> Mission:
    from . import MissionLoadError, loads_mission

    try:
        yaml_text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareCodeError(Phrase("the mission inside is not UTF-8 text")) from None
    try:
        return loads_mission(yaml_text, source=SOURCE)
    except MissionLoadError as e:
        # The place is in the template, not a field: a language may say
        # "line 3, column 5" where English writes <share code>:3:5.
        raise ShareCodeError(Phrase("the mission inside cannot be used: <share code>:{line}:{column}: {problem}",
                                    line=e.line, column=e.column, problem=e.phrase)) from None
