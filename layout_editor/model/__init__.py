"""The mission as data (no Qt, no YAML)."""
from .mission import (  # noqa: F401
    FACINGS, FORMAT_NAME, FORMAT_VERSION, GAME_IDS, ROTATIONS,
    Board, Cell, EntryZone, Mission, MissionText, Node, Objective, ObjectiveSpacing, Op,
    Piece, Point, Region, Section, killzone_mission, new_uid, two_board_mission,
)
