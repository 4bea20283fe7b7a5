"""The mission page's round switch (issue 30): beside the hatchway taps, a
button per battle round (turning point in Kill Team) that shows the table
as it is in that round: hatchways open, closed or locked, objectives that
appear, go or move, areas that become impassable, dangerous or dark or are
removed, entry zones that open or close; and, under the map, what happens
in that round, in the card's words.

The table in each round is the model's (`timeline.mission_in_round`: the
events at the start and in the Command phase of a round show in it, later
ones from the next round). The page carries each round's table as a little
JSON (which element is in which state) and a few lines of JavaScript apply
it; the SVG itself is drawn once, with every marker, zone and area of the
file, each tagged with its index (html_page.map_svg: data-piece, data-obj,
data-region, data-zone). The page opens on round 1 (on round 3 with
`#round-3` after its address). A mission without a timeline gets no
switch and its page is as before.

Test hook: opened with `#selftest` the page also presses each round's
button as a player would and writes what the map showed into
`<pre id="selftest-rounds">` (tests/unit/test_html_rounds.py).
"""
from __future__ import annotations

import html

from ..model import timeline as tl
from ..model.mission import Mission

# The page's words (German in words.GERMAN, Kill Team's in words.KILL_TEAM).
PHASE_WORDS = {"start": "Start of the round", "command": "Command phase", "movement": "Movement phase",
               "shooting": "Shooting phase", "charge": "Charge phase", "fight": "Fight phase",
               "end": "End of the round"}
CHANGE_WORDS = {
    ("hatchway", "open"): "{name} opens", ("hatchway", "closed"): "{name} closes",
    ("hatchway", "locked"): "{name} is locked", ("hatchway", "unlocked"): "{name} is unlocked",
    ("area", "impassable"): "{name} becomes impassable", ("area", "dangerous"): "{name} becomes dangerous",
    ("area", "dark"): "{name} goes dark", ("area", "clear"): "{name} is clear again",
    ("area", "removed"): "{name} is removed",
    ("objective", "appears"): "Objective {name} appears", ("objective", "removed"): "Objective {name} is removed",
    ("objective", "moves"): "Objective {name} moves",
    ("entry-zone", "opens"): "Entry zone {name} opens", ("entry-zone", "closes"): "Entry zone {name} closes",
}
STATE_WORDS = {"impassable": "impassable", "dangerous": "dangerous", "dark": "dark"}

CSS = """
#round-switch{display:inline-flex;align-items:center;gap:4px;flex-wrap:wrap}
#round-switch .rlabel{font-size:.9rem;color:#1f2d3a;font-weight:bold}
#round-switch button{min-width:36px;padding:6px 8px}
#round-switch button.has-events{font-weight:bold}
#round-switch button[aria-pressed=true]{background:#1f2d3a;color:#fff;border-color:#1f2d3a}
#round-events{margin:0;padding:6px 12px;font-size:.9rem;background:#fffbea;border-top:1px solid #f0e2a8}
#round-events ul{margin:0;padding-left:18px}
.hatch .when-locked{display:none}
.hatch.locked .when-locked{display:inline}
.hatch.locked{cursor:not-allowed}
.region.st-impassable path{fill:#7a1414;fill-opacity:.38;stroke:#7a1414;stroke-dasharray:none}
.region.st-dangerous path{fill:#e07800;fill-opacity:.30;stroke:#c25e00}
.region.st-dark path{fill:#101020;fill-opacity:.45;stroke:#101020}
.gone{display:none}
"""

JS = r"""
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("page-data").textContent);
  var rounds = cfg.rounds;
  if (!rounds) return;
  function each(sel, f) { Array.prototype.forEach.call(document.querySelectorAll(sel), f); }
  function show(r) {
    var t = rounds.table[r - 1];
    each(".hatch[data-piece]", function (h) {
      var s = t.hatches[h.getAttribute("data-piece")] || "c";
      h.setAttribute("data-set", s === "o" ? "1" : "0");
      h.setAttribute("data-open", s === "o" ? "1" : "0");
      h.classList.toggle("open", s === "o");
      h.classList.toggle("locked", s === "l");
      h.setAttribute("aria-pressed", s === "o" ? "true" : "false");
    });
    each("[data-obj]", function (o) {
      var at = t.objectives[o.getAttribute("data-obj")];
      o.classList.toggle("gone", at === null || at === undefined);
      if (at) o.setAttribute("transform", "translate(" + at[0] + " " + at[1] + ")");
    });
    each(".region[data-region]", function (g) {
      var s = t.regions[g.getAttribute("data-region")];
      g.classList.toggle("gone", s === "removed");
      ["impassable", "dangerous", "dark"].forEach(function (k) { g.classList.toggle("st-" + k, s === k); });
      var w = g.querySelector(".state");
      if (w) w.textContent = rounds.states[s] ? " (" + rounds.states[s] + ")" : "";
    });
    each("[data-zone]", function (z) { z.classList.toggle("gone", !t.zones[z.getAttribute("data-zone")]); });
    each("#round-switch button", function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-round") === String(r) ? "true" : "false");
    });
    var box = document.getElementById("round-events");
    box.textContent = "";
    var head = document.createElement("strong");
    head.textContent = rounds.heads[r - 1];
    box.appendChild(head);
    var ul = document.createElement("ul");
    (t.events.length ? t.events : [rounds.nothing]).forEach(function (line) {
      var li = document.createElement("li"); li.textContent = line; ul.appendChild(li);
    });
    box.appendChild(ul);
    var reset = document.getElementById("hatch-reset");
    if (reset) reset.click();  // the count under the map says this round's hatchways
    document.body.setAttribute("data-round", String(r));
  }
  // A locked hatchway stays shut: a tap on it does nothing (capture: before the page's own tap).
  document.getElementById("map").addEventListener("pointerup", function (e) {
    var h = e.target && e.target.closest ? e.target.closest(".hatch.locked") : null;
    if (h) e.stopImmediatePropagation();
  }, true);
  document.getElementById("map").addEventListener("keydown", function (e) {
    var h = e.target && e.target.closest ? e.target.closest(".hatch.locked") : null;
    if (h && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); e.stopImmediatePropagation(); }
  }, true);
  each("#round-switch button", function (b) {
    b.addEventListener("click", function () { show(parseInt(b.getAttribute("data-round"), 10)); });
  });
  // #round-3 opens the page on battle round 3 (a link to a moment of the battle).
  var asked = /^#round-(\d+)$/.exec(location.hash);
  show(asked && rounds.table[parseInt(asked[1], 10) - 1] ? parseInt(asked[1], 10) : 1);
  if (location.hash === "#selftest") {
    var out = [];
    each("#round-switch button", function (b) {
      b.click();
      var open = 0, locked = 0, objs = [], regions = {}, zones = 0;
      each(".hatch", function (h) { if (h.classList.contains("open")) open++; if (h.classList.contains("locked")) locked++; });
      each("[data-obj]", function (o) {
        if (getComputedStyle(o).display !== "none" && o.tagName === "g") objs.push(o.getAttribute("data-id"));
      });
      each(".region[data-region]", function (g) {
        if (getComputedStyle(g).display === "none") return;
        var s = ["impassable", "dangerous", "dark"].filter(function (k) { return g.classList.contains("st-" + k); });
        regions[g.getAttribute("data-name")] = s[0] || "clear";
      });
      each("[data-zone]", function (z) { if (getComputedStyle(z).display !== "none") zones++; });
      out.push({ round: parseInt(b.getAttribute("data-round"), 10), open: open, locked: locked, objectives: objs,
                 regions: regions, zones: zones, events: document.getElementById("round-events").textContent,
                 count: (document.getElementById("hatch-count") || {}).textContent || "" });
    });
    var pre = document.createElement("pre");
    pre.id = "selftest-rounds"; pre.style.display = "none";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }
})();
"""


def _same_region(a, b) -> bool:
    return a.name == b.name and a.board == b.board and a.cells == b.cells


def _same_zone(a, b) -> bool:
    return a.player == b.player and a.board == b.board and a.cells == b.cells and a.name == b.name


def change_line(mission: Mission, change: tl.Change, hatch_numbers: dict[int, int], t) -> str:
    """One change in the page's words ("Hatchway 3 opens")."""
    if change.target == "hatchway" and isinstance(change.ref, tl.HatchwayRef):
        ref = change.ref
        index = next((i for i, p in enumerate(mission.pieces) if ref.names(p.board, p.from_node, p.to_node)), None)
        n = hatch_numbers.get(index) if index is not None else None
        name = t("Hatchway {n}", n=n) if n is not None else t("Hatchway {n}", n=f"{ref.board}?")
    else:
        name = str(change.ref)
    words = CHANGE_WORDS.get((change.target, change.becomes))
    return t(words, name=name) if words else f"{name}: {change.becomes}"


def event_line(mission: Mission, event: tl.Event, hatch_numbers: dict[int, int], t) -> str:
    """What the card says happens, with when in the round and the trigger."""
    what = event.text or "; ".join(change_line(mission, c, hatch_numbers, t) for c in event.changes)
    if event.trigger:
        what = f"{event.trigger}: {what}"
    return f"{t(PHASE_WORDS.get(event.phase, event.phase))}: {what}"


def round_data(mission: Mission, hatch_numbers: dict[int, int], t) -> dict | None:
    """Each round's table for the page's script, or None for a mission
    whose table never changes. `hatch_numbers`: piece index -> the number
    the page gives the hatchway ("Hatchway 3")."""
    if not mission.timeline and not any(tl.starts_absent(mission, o.id) for o in mission.objectives):
        return None
    last = tl.battle_rounds(mission)
    table = []
    for r in range(1, last + 1):
        m = tl.mission_in_round(mission, r)
        hatches = {}
        for i, p in enumerate(m.pieces):
            if i in hatch_numbers:
                hatches[str(i)] = "l" if p.locked else ("o" if p.open else "c")
        at = {o.id: o.at for o in m.objectives}
        objectives = {}
        for i, o in enumerate(mission.objectives):
            there = at.get(o.id)
            objectives[str(i)] = None if there is None else [round(there[0] - o.at[0], 2), round(there[1] - o.at[1], 2)]
        regions = {}
        for i, region in enumerate(mission.regions):
            now = next((x for x in m.regions if _same_region(x, region)), None)
            regions[str(i)] = "removed" if now is None else now.state
        zones = {str(i): any(_same_zone(x, z) for x in m.entry_zones) for i, z in enumerate(mission.entry_zones)}
        events = [event_line(mission, e, hatch_numbers, t) for e in tl.in_order(mission) if e.round == r]
        table.append({"hatches": hatches, "objectives": objectives, "regions": regions, "zones": zones,
                      "events": events})
    has = {e.round for e in mission.timeline}
    return {"table": table, "last": last, "has_events": sorted(has),
            "heads": [t("Battle round {n}", n=r) for r in range(1, last + 1)],
            "nothing": t("Nothing changes in this round."),
            "states": {k: t(v) for k, v in STATE_WORDS.items()}}


def switch_html(data: dict | None, t) -> str:
    """The buttons, for the map's tool row (empty without a timeline)."""
    if data is None:
        return ""
    marked = ' class="has-events"'
    buttons = "".join(
        f'<button type="button" data-round="{r}" aria-pressed="false"'
        f'{marked if r in data["has_events"] else ""}>{r}</button>'
        for r in range(1, data["last"] + 1))
    label = html.escape(t("Show battle round"))
    return (f'<span id="round-switch" role="group" aria-label="{label}">'
            f'<span class="rlabel">{label}:</span>{buttons}</span>')
