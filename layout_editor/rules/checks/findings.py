"""Findings as data: the Finding type, the catalogue of finding codes (the
contract for scripts: each code's severity and meaning), their order, and
the few words several checks add to a message.

A finding's `code` is stable (scripts and tests rely on it); its message is
in players' words and made as a Phrase (phrases.py) so the editor can say it
in the player's language; `message` is its English.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...catalogue import Catalogue, default_catalogue
from ...model.mission import Cell, Piece, Point
from ...model.names import a_code, kind_name
from ...phrases import Listing, Phrase, plain

SEVERITIES = ("error", "warning", "info")
_RANK = {s: n for n, s in enumerate(SEVERITIES)}


@dataclass(frozen=True)
class Finding:
    """One thing the rules check found.

    pieces:     uids of the pieces concerned (the editor selects them)
    objectives: ids of the objectives concerned
    places:     table points (mm) to centre the view on
    cells:      (board id, (i, j)) zones concerned
    phrase:     the message as a Phrase, to say it in another language
                (pass a Phrase as the message and both are set)
    """
    severity: str
    code: str
    # A Phrase given here is kept as `phrase`, and `message` becomes its
    # English (__post_init__): a Finding made always holds a str.
    message: str | Phrase
    pieces: tuple[int, ...] = ()
    objectives: tuple[str, ...] = ()
    places: tuple[Point, ...] = ()
    cells: tuple[tuple[str, Cell], ...] = ()
    phrase: Phrase | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.message, Phrase):
            object.__setattr__(self, "phrase", self.message)
            object.__setattr__(self, "message", str(self.message))
        elif self.phrase is None:
            object.__setattr__(self, "phrase", plain(self.message))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"severity": self.severity, "code": self.code, "message": self.message}
        if self.objectives:
            d["objectives"] = list(self.objectives)
        if self.places:
            d["places"] = [[round(x, 1), round(y, 1)] for x, y in self.places]
        if self.cells:
            d["cells"] = [[b, list(c)] for b, c in self.cells]
        return d


# The codes, their severity and what they mean: the contract for scripts.
CODES: dict[str, tuple[str, str]] = {
    "boards-overlap": ("error", "two boards laid partly on top of each other"),
    "boards-apart": ("info", "boards laid apart: the tool's reading of sight and routes across the gap"),
    "unknown-board": ("error", "a piece, entry zone or region names a board the mission does not have"),
    "unknown-piece": ("error", "a piece code the catalogue does not know"),
    "off-board": ("error", "a piece stands on a node outside its board's zone lines"),
    "off-zone-line": ("error", "a wall's two ends are not on one zone line"),
    "wrong-span": ("error", "a wall's ends are further apart or closer than the panel spans"),
    "wall-on-wall": ("error", "two walls on the same stretch of zone line"),
    "node-clash": ("error", "two pieces stand on one node (loose pillars, wall ends, moulded pillar ends)"),
    "check-stopped": ("info", "the editor's live check stopped early on a very large mission; "
                              "the findings shown are those found so far"),
    "overlap": ("error", "two footprints overlap (beyond panel ends slotting into pillars)"),
    "unsupported-end": ("error", "a panel end with no pillar, wall end or moulded pillar to stand on"),
    "end-against-wall": ("info", "a panel end butting against a wall that runs on across the node (a T)"),
    "wall-end-astray": ("warning", "a wall end caps a direction in which no wall runs"),
    "not-enough-sets": ("error", "more pieces of a kind than the mission's sets hold"),
    "duplicate-objective": ("error", "two objectives share an id"),
    "objective-in-wall": ("error", "an objective marker lies on a wall, pillar or hatchway"),
    "objective-off-battlefield": ("error", "an objective marker lies (partly) off the boards"),
    "objectives-too-close": ("error", "two markers closer than the mission's objective_spacing.between_in"),
    "objective-near-edge": ("error", "a marker closer to a battlefield edge than objective_spacing.edge_in"),
    "entry-zone-off-board": ("error", "an entry zone names a zone outside its board"),
    "region-off-board": ("error", "a named region lists a zone outside its board"),
    "no-entry-zone": ("warning", "a player has no entry zone"),
    "objective-unreachable": ("error", "no entry zone can reach an objective, even with every hatchway open"),
    "entry-zones-in-sight": ("warning", "entry zones of different players can see into each other"),
    "cell-no-room": ("warning", "a zone where the base cannot stand anywhere"),
    "cell-sealed": ("info", "zones no base from any entry zone can reach, even with every hatchway open"),
    "symmetry": ("info", "whether the layout is point- or mirror-symmetric, and if not, the pieces that break it"),
    "hatchway-cuts-off": ("warning", "one hatchway, flipped from its state as set, cuts a player off from an "
                                     "objective another player can still reach (analysis only)"),
    "kt-one-board": ("error", "a Kill Team killzone that is not one board"),
    "kt-two-players": ("error", "a Kill Team mission not for two players"),
    "kt-hatchway-open": ("warning", "a Kill Team mission that sets a hatchway open at the start "
                                    "(every hatchway starts closed)"),
    "other-game-texts": ("info", "texts of the other game in the file (battle rounds and points in "
                                 "Kill Team, turning points and ops in Boarding Actions), kept but not shown"),
    # Kill Team's own (rules/kill_team, checks/kill_team.py; kt-rules)
    "kt-routes-reading": ("info", "Kill Team: routes take every hatchway as open, +1\" per access point crossed "
                                  "(the tool's reading)"),
    "kt-cover-reading": ("info", "Kill Team: how the tool reads cover from wall corners and ends"),
    "kt-moves-reading": ("info", "Kill Team: how the tool counts a move in whole-inch increments"),
    "kt-areas-reading": ("info", "Kill Team: distances to drop zones and the centre are straight; the balance "
                                 "is walked"),
    "kt-drop-zones-in-sight": ("warning", "Kill Team drop zones that see into each other, hatchways as set"),
    "kt-drop-zones-in-sight-open": ("info", "Kill Team drop zones that see into each other once every hatchway "
                                            "is open"),
    "kt-unbalanced": ("warning", "Kill Team drop zones whose route totals to the objectives differ by more "
                                 "than 10 %"),
    "kt-hatchways-first": ("info", "how many hatchways each Kill Team drop zone reaches first"),
    "kt-equipment-reading": ("info", "Kill Team: how the tool reads the equipment's placement rules"),
    "kt-equipment-count": ("error", "more of one Kill Team equipment option than a kill team sets up"),
    "kt-equipment-off-floor": ("error", "Kill Team equipment reaching past the killzone's edge"),
    "kt-equipment-in-wall": ("error", "Kill Team equipment standing on a wall or pillar"),
    "kt-equipment-territory": ("error", "Kill Team equipment not wholly within its player's territory"),
    "kt-no-territory": ("warning", "Kill Team equipment that must stand in a territory the mission does not give"),
    "kt-equipment-drop-zone": ("error", "a heavy barricade not wholly within 4\" of its player's drop zone"),
    "kt-equipment-access-point": ("error", "Kill Team equipment within 2\" of an access point"),
    "kt-equipment-apart": ("error", "Kill Team equipment within 2\" of other equipment terrain (mines: of "
                                    "other markers)"),
    "kt-territories-overlap": ("warning", "two players' Kill Team territories laid over each other"),
    "equipment-not-kill-team": ("info", "Kill Team equipment in a Boarding Actions mission (kept, not checked)"),
    "kt-no-hatchway-fight": ("info", "hatchways with no room for a base on both sides of the access point "
                                     "(no Hatchway Fight)"),
    "hatchways-not-flipped": ("info", "too many hatchways to flip one by one: the analysis's hatchway table "
                                      "is left empty (analysis only)"),
    # A table that changes (checks/timeline.py, model/timeline.py)
    "timeline-target-missing": ("warning", "a timeline event names a hatchway, area, objective or entry zone "
                                           "that is not on the table"),
    "timeline-after-battle": ("warning", "a timeline event after the battle's last round"),
    "timeline-late-phase": ("info", "an event after the command phase shows from the next round "
                                    "(the tool's reading)"),
    "areas-reading": ("info", "how the tool reads impassable, dangerous and dark areas"),
    "round-objective-unreachable": ("warning", "in a round of the timeline, no entry zone can reach an "
                                               "objective (hatchways that may be opened open)"),
    "round-player-sealed": ("warning", "in a round of the timeline, a player's entry zones reach no objective"),
    "round-reinforcements-in-sight": ("warning", "an entry zone that opens during the battle is in sight of "
                                                 "another player's entry zone when it opens"),
}


# Catalogue values not yet measured on a real piece that decide whether
# footprints meet (their `provisional` lists in resources/catalogue/pieces.yaml);
# a verdict resting on them says so.
_SHAPE_PROVISIONAL = ("size", "moulded pillar shape")


def provisional_note(pieces: Iterable[Piece], catalogue: Catalogue | None = None) -> Phrase | str:
    """' (provisional in the catalogue: ...)' when a verdict about these
    pieces rests on sizes not yet measured, else ''."""
    cat = catalogue or default_catalogue()
    notes = []
    for p in pieces:
        kind = cat.pieces.get(p.code)
        if kind is None:
            continue
        for what in kind.provisional:
            if what in _SHAPE_PROVISIONAL:
                piece = a_code(p.code) if kind.is_wall else Phrase("a {name}", name=kind_name(kind))
                note = (Phrase("the size of {piece}", piece=piece) if what == "size" else
                        Phrase("the moulded pillar shape of {piece}", piece=piece))
                if note not in notes:
                    notes.append(note)
    return Phrase(" (provisional in the catalogue: {notes})", notes=Listing(notes)) if notes else ""


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: _RANK.get(f.severity, 9))


def stopped_finding(seconds: float) -> Finding:
    """Said by a check cut short by its time budget (the editor's live check
    on a huge mission): what is shown is not all there may be."""
    return Finding("info", "check-stopped",
                   Phrase("the live check stopped after {seconds:.0f} s: this mission is too large to check "
                          "fully after every edit; the findings shown are those found so far "
                          "(the command line's validate checks it all)", seconds=seconds))

