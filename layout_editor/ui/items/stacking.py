"""The table's stacking order (scene z values), bottom to top, in one place.

Every item on the table takes its z value from here; nothing else sets one.
Tints go under the terrain so the walls stay visible through them; the
things a player places sit on the terrain; the rules' marks, lines and
labels go on top; what is being dragged or placed shows above them all.
A child item (a piece's code label) stacks with its parent.
"""
from __future__ import annotations

Z_BOARD = 0.0           # the boards' decks
Z_GAP = 5.0             # the gap between boards that lie apart, with its width
Z_TINT = 5.0            # overlay tints: reach regions, heat map, visibility (designer tints just above)
Z_TERRITORIES = 7.0     # Kill Team territories and the centre line, under the entry zones
Z_ENTRY_ZONES = 10.0    # painted entry zones, on the deck
Z_REGIONS = 10.5        # named regions, over the entry zones
Z_PIECE = 20.0          # terrain
Z_PIECE_LABEL = 25.0    # a piece's code, over its own walls (a child of the piece)
Z_EQUIPMENT = 28.0      # Kill Team equipment (barricades, razor wire, mines), on the floor by the walls
Z_OBJECTIVE = 30.0      # objective markers, on the terrain
Z_ZONE_LABELS = 35.0    # names of entry zones and regions, above the terrain and markers
Z_OVERLAY = 40.0        # a layer put on the scene with MissionScene.add_overlay (the offender marks)
Z_MARK = 60.0           # offending-piece outlines of the overlays' own layers
Z_GHOST = 60.0          # where a piece, a marker or a brush stroke is about to land
Z_LINES = 70.0          # measured routes, sight lines; the selection's rubber band
Z_LABELS = 80.0         # the overlays' captions
Z_POINTER = 1000.0      # the Hatchways tab's line to the hatchway it points at, over everything
