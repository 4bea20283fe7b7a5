"""How much one mission file (or share code) may hold.

Files and share codes come from strangers, and the rules check's work grows
with what a file holds. These limits are far above any real mission (a
Boarding Actions mission lays two to four boards, each with a few dozen
pieces, and a handful of objectives), so no real mission meets them, and a
file beyond one is refused with one located message before any work is
done. They are an extension of mission-format.md (the shared contract says
nothing of sizes); docs/mission-format.md lists them for players.

Measured on the worst mission within them (benchmarks/bench_io_limits.py):
validated and analysed in seconds, not minutes.
"""
from __future__ import annotations

MAX_BOARDS = 16                 # a real mission: 2 to 4
MAX_PIECES_PER_BOARD = 1_000    # a board's zone lines hold about 150 pieces, a set 40
MAX_OBJECTIVES = 100            # a real mission: up to about 6
MAX_ENTRY_ZONES = 64            # per mission: a few per player
MAX_REGIONS = 256               # named groups of cells
MAX_CELLS = 1_000               # per entry zone or region (a board has 42 cells)
MAX_SECTIONS = 100              # sections of the mission text
MAX_NAME_CHARS = 500            # title, author, ids, names, section titles
MAX_TEXT_CHARS = 50_000         # briefing, victory, a section's text
MAX_TERRITORIES = 16            # Kill Team: one per player
MAX_AREA_POINTS = 1_000         # corners of one territory (the official ones have 4)
MAX_EQUIPMENT = 100             # Kill Team: a kill team sets up a handful
MAX_MARKER_KINDS = 32           # version 2: kinds a file adds (the catalogue has 4)
MAX_EVENTS = 100                # version 2: timeline events (an official mission: 1 to 5)
MAX_CHANGES = 100               # version 2: changes in one event (an official one: 1 to 8)
MAX_ROUND = 99                  # the highest round an event may name (as battle_rounds)
