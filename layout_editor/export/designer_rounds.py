"""The designer's page for a table that changes: a page "By battle round"
after the two of designer_page.py, with a row per round where anything
changes (what changes; the regions a base finds; each player's total route
to the objectives and how far the totals differ; objectives nobody reaches;
routes through danger), then the balance table of each of those rounds
(route from each entry zone to each objective, the spread), as analyze's
metrics.rounds gives them (rules/timeline_analysis.py).

designer_page.py hands in its table and heading drawers and its words, so
this module needs nothing from it (no import circle).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.mission import Mission
from ..model.timeline import in_order, shows_in
from ..model.timeline_words import change_words
from ..phrases import say
from .common import MARGIN, MUTED, small_header
from .drawing import Page
from .flow import wrap
from .words import mission_words

SIZE = 7.4

GERMAN = {
    "By battle round": "Nach Schlachtrunde",
    "Kill Team: by turning point": "Nach Wendepunkt",
    "Round": "Runde",
    "What changes": "Was sich ändert",
    "Regions": "Bereiche",
    "Totals": "Summen",
    "Differ": "Unterschied",
    "Nobody reaches": "Unerreichbar",
    "Through danger": "Durch Gefahr",
    "Routes to the objectives in round {round}": "Wege zu den Missionszielen in Runde {round}",
    "as round {round}": "wie Runde {round}",
    "the table as set up": "der Tisch wie aufgebaut",
    "Each round's table: its events at the start and in the Command phase, the rest from the next round; "
    "impassable areas sealed for movement.":
        "Der Tisch jeder Runde: ihre Ereignisse zu Beginn und in der Kommandophase, die übrigen ab der nächsten "
        "Runde; unpassierbare Bereiche für Bewegung geschlossen.",
}

Words = Callable[..., str]
Table = Callable[..., float]


def _inches(t: Words, v: float | None) -> str:
    return t("no route") if v is None else t.number(v, ".1f") + '"'  # type: ignore[attr-defined]


def _summary(t: Words, entry: dict[str, Any], players: list[str]) -> list[str]:
    m = entry["metrics"]
    dist = m.get("objective_distances_in", {})
    fair = m.get("fairness", {})
    totals = " / ".join(_inches(t, fair.get("totals_in", {}).get(p)) for p in players)
    pct = fair.get("total_spread_pct")
    nobody = [oid for oid in {k for row in dist.values() for k in row}
              if all(dist[p].get(oid) is None for p in dist)]
    danger = sum(len(row) for row in (m.get("through_danger") or {}).values())
    regions = m.get("regions", {}).get("as_set")
    return [str(regions) if regions is not None else "—", totals,
            "—" if pct is None else t.number(pct, ".1f") + " %",  # type: ignore[attr-defined]
            ", ".join(sorted(nobody)) or "—", str(danger) if danger else "—"]


def _own_words(base: Words, german: bool) -> Words:
    """The designer page's words, with this page's own German first."""
    def t(text: str, **fields: Any) -> str:
        if german and text in GERMAN:
            out = GERMAN[text]
            return out.format(**fields) if fields else out
        return base(text, **fields)
    t.number = base.number  # type: ignore[attr-defined]
    return t


def _changes_by_round(mission: Mission) -> dict[int, list[str]]:
    """The changes that show in each round, in the mission's language."""
    say_it = mission_words(mission)
    out: dict[int, list[str]] = {}
    for event in in_order(mission):
        for change in event.changes:
            out.setdefault(shows_in(event), []).append(say(change_words(mission, change), say_it))
    return out


def round_pages(mission: Mission, rounds: list[dict[str, Any]], t: Words, W: float, H: float,
                table: Table, names: dict[str, str]) -> list[Page]:
    """The "By battle round" page(s) (module notes). `table(page, x, y,
    widths, rows)` draws rows and gives the y below; `names` the objectives'
    names by id."""
    kill_team = mission.game == "kill-team"
    german = (mission.language or "").lower().startswith("de")
    base, t = t, _own_words(t, german)
    said_in = _changes_by_round(mission)
    changed = [e for e in rounds if "metrics" in e]
    if len(changed) < 2 and not any(e.get("changes") for e in rounds):
        return []
    del base
    pages: list[Page] = []
    bottom = H - 24
    inner = W - 2 * MARGIN

    def new_page() -> tuple[Page, float]:
        page = Page(W, H)
        pages.append(page)
        title = t("Kill Team: by turning point") if kill_team else t("By battle round")
        return page, small_header(page, mission.title, t("Designer's page") + " · " + title)

    page, y = new_page()
    page.text(MARGIN, y + 8, t("Each round's table: its events at the start and in the Command phase, the rest "
                               "from the next round; impassable areas sealed for movement."), SIZE, colour=MUTED)
    y += 14
    players = list(changed[0]["metrics"].get("objective_distances_in", {})) if changed else []
    widths = [inner * 0.06, inner * 0.42, inner * 0.07, inner * 0.17, inner * 0.08, inner * 0.12, inner * 0.08]
    head = [t("Round"), t("What changes"), t("Regions"), t("Totals"), t("Differ"), t("Nobody reaches"),
            t("Through danger")]
    rows = [head]
    for e in rounds:
        said = "; ".join(said_in.get(e["round"], [])) or (t("the table as set up") if e["round"] == 1 else "")
        if "same_as_round" in e:
            if not said_in.get(e["round"]):
                continue  # nothing changes in this round: no row
            rows.append([str(e["round"]), said, t("as round {round}", round=e["same_as_round"]), "", "", "", ""])
            continue
        lines = wrap(said, SIZE, widths[1] - 4)
        rows.append([str(e["round"]), lines[0] + (" …" if len(lines) > 1 else "")] + _summary(t, e, players))
    y = table(page, MARGIN, y, widths, rows) + 10

    # the balance table of each round that changes, two to a row
    col_w = (inner - 14) / 2
    col = 0
    row_top = y
    row_bottom = y
    for e in changed:
        m = e["metrics"]
        dist = m.get("objective_distances_in", {})
        ids = list(dict.fromkeys(k for row in dist.values() for k in row))
        fair = m.get("fairness", {})
        per = fair.get("per_objective", {})
        cells = [[t("Objective")] + [t("P{n}", n=p) for p in dist] + [t("Spread")]]
        for oid in ids:
            spread = per.get(oid, {}).get("spread_in")
            label = f"{oid} {names[oid]}" if names.get(oid) else oid
            cells.append([label] + [_inches(t, dist[p].get(oid)) for p in dist]
                         + ["—" if spread is None else t.number(spread, ".1f") + '"'])  # type: ignore[attr-defined]
        need = 16 + SIZE * 1.45 * len(cells)
        if row_top + need > bottom:
            if col == 1:
                col, row_top = 0, row_bottom + 8
            if row_top + need > bottom:
                page, y = new_page()
                row_top = row_bottom = y
                col = 0
        x = MARGIN + col * (col_w + 14)
        page.text(x, row_top + 10, t("Routes to the objectives in round {round}", round=e["round"]), SIZE + 1.2,
                  bold=True, colour="#1f2a38")
        c0 = col_w * 0.40
        cw = (col_w - c0) / max(1, len(dist) + 1)
        end = table(page, x, row_top + 15, [c0] + [cw] * (len(dist) + 1), cells)
        row_bottom = max(row_bottom, end)
        if col == 0:
            col = 1
        else:
            col, row_top = 0, row_bottom + 8
    return pages
