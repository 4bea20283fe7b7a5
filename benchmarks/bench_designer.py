"""The designer's analyses (issue 14) on every library mission, cold (caches
cleared first): symmetry, seen from the enemy, hatchway flips, first-turn
reach, and the designer's page. Prints a markdown table of seconds.

    python benchmarks/bench_designer.py
"""
from __future__ import annotations

import time

from layout_editor.catalogue import mission_library_dir
from layout_editor.io import load_mission
from layout_editor.model.mirror import symmetry
from layout_editor.rules import designer
from layout_editor.rules.analysis import objective_distances
from layout_editor.rules.cache import clear_all


def clear():
    clear_all()  # every cache of the rules core (rules/cache.py)


def main() -> None:
    print("| mission | symmetry | seen from | hatchway flips | first turn | designer's page |")
    print("|---|---|---|---|---|---|")
    for path in sorted(mission_library_dir().glob("*.yaml")):
        if ".de." in path.name:
            continue
        m = load_mission(path)
        clear()
        t = [time.perf_counter()]
        symmetry(m)
        t.append(time.perf_counter())
        designer.seen_from(m)
        t.append(time.perf_counter())
        d = objective_distances(m)
        flips = designer.hatchway_flips(m, distances=d)
        t.append(time.perf_counter())
        designer.first_turn(m, distances=d)
        t.append(time.perf_counter())
        clear()
        from layout_editor.export import build_pages
        build_pages(m, "designer", "a4")
        t.append(time.perf_counter())
        cells = " | ".join(f"{b - a:.2f}" for a, b in zip(t, t[1:]))
        print(f"| {path.stem} ({len(flips)} hatchways) | {cells} |")


if __name__ == "__main__":
    main()
