"""Kill Team in the designer's eye: the hatchway table in Kill Team's terms
(each hatchway kept shut while the others are open, on the balance's routes
with 1" per access point) and the symmetry note (the rules advise against
symmetrical killzones)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.io import load_mission
from layout_editor.model.mission import Board, Mission, Piece
from layout_editor.rules import designer
from layout_editor.rules.checks import run_checks
from layout_editor.rules.kill_team import balance

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
KILLZONES = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml")
                   and "game: kill-team" in p.read_text(encoding="utf-8"))


def test_there_are_library_killzones():
    assert len(KILLZONES) >= 5


@pytest.mark.parametrize("path", KILLZONES, ids=lambda p: p.stem)
def test_the_hatchway_table_is_kill_teams_routes(path):
    m = load_mission(path)
    cat = default_catalogue()
    flips = designer.hatchway_flips(m, cat)
    hatch_pieces = [p for p in m.pieces if cat.pieces[p.code].hatchway is not None]
    assert len(flips) == len(hatch_pieces) and {h.as_set for h in flips} == {"shut"}
    opened = tuple(replace(p, open=True) if p in hatch_pieces else p for p in m.pieces)
    base = balance(replace(m, pieces=opened), cat, hatches="as-set")
    for h in flips[:3]:
        k = m.pieces.index(h.piece)
        shut = balance(replace(m, pieces=opened[:k] + (replace(opened[k], open=False),) + opened[k + 1:]), cat,
                       hatches="as-set")
        for player, row in h.flipped.items():
            for oid, v in row.items():
                want = "cut" if shut[player][oid] is None else round(shut[player][oid] - base[player][oid], 2)
                assert v == pytest.approx(want) if not isinstance(want, str) else v == want, (path.name, h.piece)


def test_the_access_point_inch_is_in_the_table():
    # one B2 between a drop zone and an objective: shut, the route goes round
    # the wall end; open, it goes through the access point at 1" more. The
    # table's change is the difference of the two Kill Team routes.
    from layout_editor.model.mission import EntryZone, Objective

    m = Mission(title="t", game="kill-team", boards=(Board(id="A"),), pieces=(
        Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left"),
        Piece(code="wall-end", board="A", at=(3, 2), caps=(4, 2)),
        Piece(code="pillar-right", board="A", at=(4, 2))),
        entry_zones=(EntryZone(player=1, board="A", cells=((3, 0),)), EntryZone(player=2, board="A", cells=((3, 5),))),
        objectives=(Objective(id="1", at=(352.0, 260.0)),))
    (h,) = designer.hatchway_flips(m)
    assert h.as_set == "shut"
    open_ = balance(replace(m, pieces=(replace(m.pieces[0], open=True),) + m.pieces[1:]), hatches="as-set")
    shut = balance(m, hatches="as-set")
    # the +1" of the access point is in the open route (Boarding Actions' flip had none)
    assert h.flipped["1"]["1"] == pytest.approx(round(shut["1"]["1"] - open_["1"]["1"], 2)) != 0


def _note(m: Mission) -> str:
    (f,) = [f for f in run_checks(m) if f.code == "symmetry"]
    return f.message


def test_the_symmetry_note_does_not_praise_symmetry_in_kill_team():
    pieces = (Piece(code="B1", board="A", from_node=(1, 1), to_node=(2, 1)),
              Piece(code="B1", board="A", from_node=(5, 5), to_node=(6, 5)))
    ba = Mission(title="t", boards=(Board(id="A"),), pieces=pieces)
    kt = replace(ba, game="kill-team")
    assert "point-symmetric" in _note(ba)
    assert "advise against" in _note(kt) and "try to avoid symmetrical killzones" in _note(kt)
    lopsided = replace(kt, pieces=pieces[:1])
    assert "as Kill Team's rules advise" in _note(lopsided) and "no mirror image" in _note(lopsided)
    assert "not symmetric; under" in _note(replace(lopsided, game="boarding-actions"))
