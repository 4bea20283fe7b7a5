"""Valid but pathological missions (and hostile share codes) that small
inputs can make, for bench_io_limits.py and by-hand measurements.

Each maker returns the text of a mission file. They stay valid mission files
(within or just beyond the documented limits, as named), so they measure the
work the rules check does, not how fast the loader refuses.
"""
from __future__ import annotations

import lzma

HEAD = ("format: boarding-actions-mission\nversion: 1\ntitle: Pathological\nplayers: 2\nsets: 99\n")


def _boards(n: int) -> str:
    lines = ["boards:\n"]
    for i in range(n):
        # A row of boards, each 704 mm wide: they touch, so seams are checked.
        lines.append(f"  - {{id: B{i}, at: [{704 * (i % 10)}, {528 * (i // 10)}]}}\n")
    return "".join(lines)


def stacked_pillars(count: int) -> str:
    """`count` pillars on one node of one board."""
    return HEAD + _boards(1) + "pieces:\n" + "  - {code: pillar-left, board: B0, at: [3, 3]}\n" * count


def duplicated_walls(count: int) -> str:
    """`count` A1 walls, all on the same span, plus their pillars."""
    return (HEAD + _boards(1) + "pieces:\n"
            + "  - {code: pillar-left, board: B0, at: [2, 2]}\n  - {code: pillar-left, board: B0, at: [2, 4]}\n"
            + "  - {code: A1, board: B0, from: [2, 2], to: [2, 4]}\n" * count)


def furnished_boards(count: int) -> str:
    """`count` boards, each with the furniture of a real mission's board."""
    furniture = (
        "  - {{code: wall-end, board: B{i}, at: [2, 0], caps: [2, 1]}}\n"
        "  - {{code: A3, board: B{i}, from: [2, 0], to: [2, 2]}}\n"
        "  - {{code: pillar-left, board: B{i}, at: [2, 2]}}\n"
        "  - {{code: pillar-right, board: B{i}, at: [2, 3]}}\n"
        "  - {{code: B2, board: B{i}, from: [2, 3], to: [2, 4], open: true}}\n"
        "  - {{code: pillar-left, board: B{i}, at: [2, 4]}}\n"
        "  - {{code: A1, board: B{i}, from: [2, 4], to: [2, 6]}}\n"
        "  - {{code: wall-end, board: B{i}, at: [2, 6], caps: [2, 5]}}\n"
        "  - {{code: A2, board: B{i}, from: [5, 1], to: [7, 1]}}\n"
    )
    pieces = "".join(furniture.format(i=i) for i in range(count))
    zones = ("entry_zones:\n  - {player: 1, board: B0, cells: [[0, 0], [0, 1]]}\n"
             f"  - {{player: 2, board: B{count - 1}, cells: [[6, 4], [6, 5]]}}\n")
    objectives = "objectives:\n" + "".join(
        f"  - {{id: '{i + 1}', at: [{704 * (i % 10) + 400}, {528 * (i // 10) + 300}]}}\n" for i in range(count))
    return HEAD + _boards(count) + "pieces:\n" + pieces + zones + objectives


def xz_bomb_code() -> str:
    """A share code whose xz stream asks for a 4 GiB dictionary."""
    import base64

    from layout_editor.io.share_code import PREFIX, VERSION

    filters = [{"id": lzma.FILTER_LZMA2, "dict_size": 4 * 1024 ** 3 - 1, "preset": 0}]
    try:
        data = lzma.compress(b"x", format=lzma.FORMAT_XZ, filters=filters)
    except (MemoryError, lzma.LZMAError):
        # Compressing with that dictionary needs the memory too: make a small
        # stream and patch its header to ask for the big dictionary.
        data = _patched_dictionary(lzma.compress(b"x", format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32))
    return f"{PREFIX}{VERSION}x." + base64.urlsafe_b64encode(data).decode().rstrip("=")


def _patched_dictionary(data: bytes) -> bytes:
    """An xz stream whose LZMA2 filter asks for the largest dictionary (4 GiB),
    with the block header's CRC32 fixed up."""
    import zlib

    block = 12  # stream header is 12 bytes; the block header follows
    size = (data[block] + 1) * 4
    header = bytearray(data[block:block + size])
    # Filter flags: id 0x21 (LZMA2), properties size 1, then the dictionary byte.
    at = header.index(b"\x21\x01") + 2
    header[at] = 40  # 40 = 4 GiB - 1, the largest LZMA2 allows
    crc = zlib.crc32(bytes(header[:-4])).to_bytes(4, "little")
    header[-4:] = crc
    return data[:block] + bytes(header) + data[block + size:]


def worst_within_limits() -> str:
    """As much as the limits allow where the rules check works hardest: the
    most boards, each fully furnished along its zone lines with hatchways,
    four players with entry zones on far boards, and the most objectives."""
    from layout_editor.io.limits import MAX_BOARDS, MAX_OBJECTIVES

    pieces = []
    for i in range(MAX_BOARDS):
        for x in (1, 3, 5):
            pieces.append(f"  - {{code: wall-end, board: B{i}, at: [{x}, 0], caps: [{x}, 1]}}\n")
            pieces.append(f"  - {{code: A3, board: B{i}, from: [{x}, 0], to: [{x}, 2], open: {str(x == 3).lower()}}}\n")
            pieces.append(f"  - {{code: pillar-left, board: B{i}, at: [{x}, 2]}}\n")
            pieces.append(f"  - {{code: B2, board: B{i}, from: [{x}, 2], to: [{x}, 3], open: true}}\n")
            pieces.append(f"  - {{code: pillar-right, board: B{i}, at: [{x}, 3]}}\n")
            pieces.append(f"  - {{code: A1, board: B{i}, from: [{x}, 3], to: [{x}, 5]}}\n")
            pieces.append(f"  - {{code: pillar-left, board: B{i}, at: [{x}, 5]}}\n")
        pieces.append(f"  - {{code: A2, board: B{i}, from: [1, 6], to: [3, 6]}}\n")
    last = MAX_BOARDS - 1
    zones = "entry_zones:\n" + "".join(
        f"  - {{player: {p}, board: B{b}, cells: [[0, 0], [0, 1], [0, 2]]}}\n"
        for p, b in ((1, 0), (2, last), (3, 9 if last >= 9 else last // 2), (4, last - 1)))
    objectives = "objectives:\n" + "".join(
        f"  - {{id: '{i + 1}', at: [{704 * ((i % MAX_BOARDS) % 10) + 100 + 5 * (i // MAX_BOARDS)}, "
        f"{528 * ((i % MAX_BOARDS) // 10) + 250}]}}\n" for i in range(MAX_OBJECTIVES))
    return (HEAD.replace("players: 2", "players: 4") + _boards(MAX_BOARDS) + "pieces:\n" + "".join(pieces)
            + zones + objectives)


def at_every_limit(pieces_total: int = 7_000) -> str:
    """Every count the documented limits name, at its limit where the
    100,000 YAML values of a file allow: 16 boards, 1,000 pieces on the
    first board and the rest spread over the others (`pieces_total` in all),
    100 objectives, 64 entry zones and 256 regions (one of each with 1,000
    cells), 100 sections and 100 ops, names of 500 characters and the long
    texts at 50,000 characters, within 5 MB."""
    from layout_editor.io.limits import (
        MAX_BOARDS,
        MAX_CELLS,
        MAX_ENTRY_ZONES,
        MAX_NAME_CHARS,
        MAX_OBJECTIVES,
        MAX_PIECES_PER_BOARD,
        MAX_REGIONS,
        MAX_SECTIONS,
        MAX_TEXT_CHARS,
    )

    name = "N" * (MAX_NAME_CHARS - 10)
    kinds = ("  - {{code: pillar-left, board: B{b}, at: [{x}, {y}]}}\n",
             "  - {{code: A1, board: B{b}, from: [{x}, {y}], to: [{x}, {y2}]}}\n",
             "  - {{code: B2, board: B{b}, from: [{x}, {y}], to: [{x}, {y1}], open: true}}\n")
    per_board = [MAX_PIECES_PER_BOARD] + [
        (pieces_total - MAX_PIECES_PER_BOARD) // (MAX_BOARDS - 1)] * (MAX_BOARDS - 1)
    pieces = []
    for b, count in enumerate(per_board):
        for k in range(count):
            x, y = k % 8, (k // 8) % 5
            pieces.append(kinds[k % 3].format(b=b, x=x, y=y, y1=y + 1, y2=min(y + 2, 6)))
    cells = [[i % 7, (i // 7) % 6] for i in range(MAX_CELLS)]
    big_cells = "[" + ", ".join(f"[{x}, {y}]" for x, y in cells) + "]"
    zones = ["entry_zones:\n"]
    for z in range(MAX_ENTRY_ZONES):
        c = big_cells if z == 0 else f"[[{z % 7}, {z % 6}]]"
        zones.append(f"  - {{player: {1 + z % 4}, name: '{name}{z}', board: B{z % MAX_BOARDS}, cells: {c}}}\n")
    regions = ["regions:\n"]
    for r in range(MAX_REGIONS):
        c = big_cells if r == 0 else f"[[{r % 7}, {r % 6}]]"
        regions.append(f"  - {{name: '{name}{r}', board: B{r % MAX_BOARDS}, cells: {c}}}\n")
    objectives = "objectives:\n" + "".join(
        f"  - {{id: '{i + 1}', at: [{704 * ((i % MAX_BOARDS) % 10) + 60 + 6 * (i // MAX_BOARDS)}, "
        f"{528 * ((i % MAX_BOARDS) // 10) + 250}]}}\n" for i in range(MAX_OBJECTIVES))
    long_text = ("Lorem ipsum dolor sit amet. " * (MAX_TEXT_CHARS // 28 + 1))[:MAX_TEXT_CHARS]
    section_text = long_text[:20_000]
    mission = [f"mission:\n  briefing: '{long_text}'\n  victory: '{long_text}'\n  sections:\n"]
    mission += [f"    - {{title: '{name}{s}', text: '{section_text}'}}\n" for s in range(MAX_SECTIONS)]
    mission.append("  ops:\n")
    mission += [f"    - {{name: '{name}{s}', text: 'op {s}', vp: 2}}\n" for s in range(MAX_SECTIONS)]
    head = (f"format: boarding-actions-mission\nversion: 1\ntitle: '{name}'\nauthor: '{name}'\n"
            "players: 4\nsets: 99\n")
    return (head + _boards(MAX_BOARDS) + "pieces:\n" + "".join(pieces) + "".join(zones) + "".join(regions)
            + objectives + "".join(mission))
