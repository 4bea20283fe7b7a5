"""The Findings panel's "Hatchways" tab: every hatchway flipped from its
state as set (rules/designer.py), worst first: the biggest change of route
to an objective, "cut off" when a route goes, "opened up" when one appears,
and entry zones newly in sight. Hovering a row shows the hatchway's line on
the map (`hatchwayHovered`); clicking it selects the piece
(`hatchwayActivated`). The work runs on the analysis worker
(`compute_hatchways`), only while the tab is in front.

In Kill Team every hatchway starts closed and an operative within 1" of its
access point opens it with the Operate Hatch action, so flipping one from
its state as set asks nothing a player asks. The tab speaks the killzone's
words instead, per hatchway: which drop zone's operatives get within 1" of
its access point first (moves of 6" counted in whole-inch increments, every
hatchway on the way opened, 1" more per access point crossed: kill_team.
hatchway_first), what it changes if it stays shut while the others are
opened (the designer's Kill Team table, rules.designer.kill_team_shut) and
whether it allows a Hatchway Fight (kill_team.hatchway_fights); a hatchway
a file sets open at the start is marked as the rules' exception it is (a
finding says so too), not offered as a state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..i18n import number, say, tr

UID_ROLE = Qt.ItemDataRole.UserRole + 2




@dataclass
class HatchwaysData:
    flips: list          # rules.designer.HatchwayFlip, worst first
    names: dict          # piece uid -> Phrase naming it
    too_many: object = None  # a Phrase when there were too many hatchways to flip
    kill_team: bool = False  # the mission is for Kill Team (all hatchways start closed)
    reach: list = field(default_factory=list)   # Kill Team: kill_team.HatchwayReach per hatchway
    fights: dict = field(default_factory=dict)  # Kill Team: piece uid -> a Hatchway Fight is possible
    open_at_start: frozenset = frozenset()      # Kill Team: uids of hatchways a file sets open


def compute_hatchways(mission) -> HatchwaysData:
    """On the worker's thread: the flips and the pieces' names."""
    from ...games import KILL_TEAM, game_of
    from ...rules.checks import describe_piece
    from ...rules.designer import hatchway_findings, hatchway_flips

    if game_of(mission).id == KILL_TEAM:
        from ...rules import kill_team
        reach = kill_team.hatchway_first(mission)
        fights = {f.piece: f.allowed for f in kill_team.hatchway_fights(mission)}
        opened = frozenset(p.uid for p in mission.pieces if p.open)
        # each kept shut while the others are opened (Operate Hatch), on the balance's routes
        shut = hatchway_flips(mission)
        return HatchwaysData(shut, {r.piece: r.name for r in reach}, None, True, reach, fights, opened)
    flips = hatchway_flips(mission)
    too_many = next((f.phrase for f in hatchway_findings(flips, mission) if f.code == "hatchways-not-flipped"), None)
    return HatchwaysData(flips, {h.piece.uid: describe_piece(h.piece) for h in flips}, too_many,
                         game_of(mission).id == KILL_TEAM)


def change_text(value) -> str:
    if value == "cut":
        return HatchwaysView.tr("cut off")
    if value == "opened":
        return HatchwaysView.tr("opened up")
    return ("+" if value > 0 else "") + number(value, ".1f") + '"'


def worst_change(flip) -> str:
    """The one change that matters most, as a short text."""
    from ...rules.designer import worst_change as worst

    best = worst(flip.flipped)
    if best is None:
        return HatchwaysView.tr("no change")
    player, oid, v = best
    return HatchwaysView.tr("P{p} to {oid}: {change}").format(p=player, oid=oid, change=change_text(v))


class HatchwaysView(QWidget):
    hatchwayHovered = Signal(int)    # piece uid, 0 when the mouse leaves the rows
    hatchwayActivated = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("hatchwaysView")
        self._note = QLabel(HatchwaysView.tr("Each hatchway flipped from its state as set, the one that matters most first."))
        self._note.setWordWrap(True)
        self._table = QTableWidget(0, 4)
        self._table.setObjectName("hatchwaysTable")
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.setMouseTracking(True)
        self._table.verticalHeader().setVisible(False)
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._table.horizontalHeader().setStretchLastSection(True)
        self._table.itemEntered.connect(lambda item: self.hatchwayHovered.emit(int(item.data(UID_ROLE) or 0)))
        self._table.itemClicked.connect(lambda item: self.hatchwayActivated.emit(int(item.data(UID_ROLE) or 0)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._note)
        layout.addWidget(self._table, 1)
        self._headers()

    def _headers(self, kill_team: bool = False) -> None:
        if kill_team:
            self._table.setColumnCount(5)
            self._table.setHorizontalHeaderLabels([HatchwaysView.tr("Hatchway"), HatchwaysView.tr("At the start"),
                                                   HatchwaysView.tr("Access point reached first"),
                                                   HatchwaysView.tr("If kept shut"),
                                                   HatchwaysView.tr("Hatchway Fight")])
        else:
            self._table.setColumnCount(4)
            self._table.setHorizontalHeaderLabels([HatchwaysView.tr("Hatchway"), HatchwaysView.tr("As set"), HatchwaysView.tr("Flipped"),
                                                   HatchwaysView.tr("Zones newly in sight")])

    def leaveEvent(self, ev) -> None:
        self.hatchwayHovered.emit(0)
        super().leaveEvent(ev)

    def table(self) -> QTableWidget:
        return self._table

    def set_data(self, data: HatchwaysData) -> None:
        if data.kill_team:
            self._set_kill_team(data)
            return
        t = self._table
        t.clearContents()
        t.setRowCount(len(data.flips))
        self._headers(False)
        for row, h in enumerate(data.flips):
            lines = []
            for player, changes in h.flipped.items():
                for oid, v in changes.items():
                    if v != 0:
                        lines.append(HatchwaysView.tr("player {p}, objective {oid}: {change}").format(
                            p=player, oid=oid, change=change_text(v)))
            tip = "\n".join(lines) or HatchwaysView.tr("no change")
            sight = ", ".join(f"P{a}–P{b}" for a, b in h.zones_in_sight)
            cells = [say(data.names.get(h.piece.uid, h.piece.code)),
                     tr("open") if h.as_set == "open" else tr("closed"),
                     worst_change(h), sight or "—"]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(UID_ROLE, h.piece.uid)
                item.setToolTip(tip)
                t.setItem(row, col, item)
        if data.too_many is not None:
            self._note.setText(say(data.too_many))
        elif not data.flips:
            self._note.setText(HatchwaysView.tr("The layout has no hatchways."))
        else:
            self._note.setText(HatchwaysView.tr("Each hatchway flipped from its state as set, the one that matters most first."))

    def _set_kill_team(self, data: HatchwaysData) -> None:
        """Kill Team: who gets to each hatchway first, and whether it allows
        a Hatchway Fight."""
        t = self._table
        t.clearContents()
        t.setRowCount(len(data.reach))
        self._headers(True)
        warn = QColor("#E69F00")
        warn.setAlpha(90)
        shut = {h.piece.uid: h for h in data.flips}
        for row, r in enumerate(data.reach):
            lines = []
            for player, d in r.distance_in.items():
                mv = r.move_in.get(player) if r.move_in else None
                if d is None:
                    lines.append(HatchwaysView.tr("player {p}: no route").format(p=player))
                elif mv is None:
                    lines.append(HatchwaysView.tr('player {p}: {d}" to within 1" of the access point, {moves}').format(
                        p=player, d=number(d, ".1f"), moves=moves_text(r.turns[player])))
                else:
                    lines.append(HatchwaysView.tr('player {p}: {move}" to within 1" of the access point, counted in '
                                                  'whole-inch increments ({d}" by the tape), {moves}').format(
                        p=player, move=number(mv, "g"), d=number(d, ".1f"), moves=moves_text(r.turns[player])))
            lines.append(HatchwaysView.tr('Routes open every hatchway on the way (an Operate Hatch action each) and '
                                          'count 1" more for each access point crossed.'))
            tip = "\n".join(lines)
            open_at_start = r.piece in data.open_at_start
            if open_at_start:
                state = HatchwaysView.tr("open: against the rules")
                tip = HatchwaysView.tr("In Kill Team every hatchway starts closed: close this one "
                                       "(select it and press O)") + "\n" + tip
            else:
                state = tr("closed")
            fight = data.fights.get(r.piece)
            kept = shut.get(r.piece)
            kept_tip = "\n".join(HatchwaysView.tr("player {p}, objective {oid}: {change}").format(
                p=player, oid=oid, change=change_text(v))
                for player, changes in (kept.flipped.items() if kept else ()) for oid, v in changes.items() if v != 0)
            cells = [say(r.name), state, first_text(r), worst_change(kept) if kept else "—",
                     HatchwaysView.tr("yes") if fight else HatchwaysView.tr("no")]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(UID_ROLE, r.piece)
                if col == 3:
                    item.setToolTip(HatchwaysView.tr("If this hatchway stays shut while the others are opened "
                                                     "(no Operate Hatch), each route to an objective changes by:")
                                    + "\n" + (kept_tip or HatchwaysView.tr("no change")))
                    if open_at_start:
                        item.setBackground(QBrush(warn))
                    t.setItem(row, col, item)
                    continue
                item.setToolTip(tip if col != 4 else (
                    HatchwaysView.tr('An operative touching the open access point can fight an enemy within 2" '
                                     "on the other side") if fight else
                    HatchwaysView.tr("No operative can stand touching the access point on both sides")))
                if open_at_start:
                    item.setBackground(QBrush(warn))
                t.setItem(row, col, item)
        if not data.reach:
            self._note.setText(HatchwaysView.tr("The layout has no hatchways."))
        else:
            self._note.setText(HatchwaysView.tr('Every hatchway starts closed; an operative within 1" of its access '
                                                "point opens it with an Operate Hatch action, and crossing an open "
                                                'access point costs 1" more. Which drop zone\'s operatives get within '
                                                '1" of each access point first (6" moves, counted in whole-inch '
                                                "increments), what keeping it shut changes, and where a Hatchway "
                                                "Fight can happen."))


def moves_text(turns) -> str:
    if turns == 0:
        return HatchwaysView.tr("from the drop zone")
    return HatchwaysView.tr("1 move") if turns == 1 else HatchwaysView.tr("{n} moves").format(n=turns)


def first_text(reach) -> str:
    """Who gets to a hatchway first: "player 1 (1 move)", "both (2 moves)"."""
    if not reach.first:
        return HatchwaysView.tr("no one (no route)")
    moves = moves_text(reach.turns[reach.first[0]])
    if len(reach.first) > 1:
        return HatchwaysView.tr("both ({moves})").format(moves=moves)
    return HatchwaysView.tr("player {p} ({moves})").format(p=reach.first[0], moves=moves)
