"""The mission as data (no Qt, no YAML)."""
from .mission import (  # noqa: F401
    FACINGS, FORMAT_NAME, FORMAT_VERSION, ROTATIONS,
    Board, Cell, EntryZone, Mission, MissionText, Node, Objective, ObjectiveSpacing,
    Piece, Point, Region, Section, new_uid, two_board_mission,
)
