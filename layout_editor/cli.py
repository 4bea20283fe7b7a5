"""The command line: a contract that scripts and tests outside this
repository rely on (see the README). Coordinates are table millimetres.

Exit codes: 0 all well; 1 a mission loaded but has error findings (validate);
2 a problem with the input (a file that cannot be loaded, a point inside a
wall, bad arguments). Never a traceback: every problem is one message.
"""
from __future__ import annotations

import argparse
import json
import math
import sys

from . import __version__
from .shown import MAX_MESSAGE, shown

HATCH_CHOICES = ("as-set", "open", "closed")


class InputProblem(Exception):
    """Something wrong with what the user gave us: printed, exit 2."""


def _load(path: str):
    from .io import MissionLoadError, load_mission

    try:
        return load_mission(path)
    except MissionLoadError as e:
        raise InputProblem(str(e)) from None


def _num(value: float | None):
    """JSON has no infinity: no route is null."""
    if value is None or not math.isfinite(value):
        return None
    return round(value, 3)


def cmd_validate(args) -> int:
    from .io import MissionLoadError, load_mission
    from .rules.checks import run_checks

    worst = 0
    for path in args.files:
        try:
            mission = load_mission(path)
        except MissionLoadError as e:
            print(str(e))
            worst = 2
            continue
        # Errors first, then warnings (as docs/mission-format.md says);
        # information stays with analyze and the editor. Only errors change
        # the exit code, so scripts that test it see what they always saw.
        findings = [f for f in run_checks(mission) if f.severity in ("error", "warning")]
        findings.sort(key=lambda f: f.severity != "error")
        for f in findings:
            print(shown(f"{shown(path, 500)}: {f.severity} {f.code}: {f.message}", MAX_MESSAGE))
        if any(f.severity == "error" for f in findings):
            worst = max(worst, 1)
    return worst


# Widest base a model stands on is far under this; beyond it (or nan/inf) a
# number is a slip, refused before any work.
MAX_BASE_MM = 1000.0
# As the mission reader: table points further out are surely a slip.
MAX_POINT_MM = 100_000.0


def _check_base(name: str, value: float) -> None:
    if not (math.isfinite(value) and 0 < value <= MAX_BASE_MM):
        raise InputProblem(f"{name} must be a base diameter in mm above 0 and at most {MAX_BASE_MM:g}, "
                           f"not {value}")


def _check_points(args, names) -> None:
    for name in names:
        value = getattr(args, name)
        if not (math.isfinite(value) and abs(value) <= MAX_POINT_MM):
            raise InputProblem(f"{name.upper()} must be a table position in mm from {-MAX_POINT_MM:,.0f} "
                               f"to {MAX_POINT_MM:,.0f}, not {value}")


def cmd_analyze(args) -> int:
    from .rules.analysis import analyze

    _check_base("--base", args.base)
    mission = _load(args.file)
    if not (math.isfinite(args.move) and 0 < args.move <= 100):
        raise InputProblem(f"--move must be a number of inches above 0 and at most 100, not {args.move}")
    result = analyze(mission, base_mm=args.base, move_in=args.move)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(result.report(title=mission.title))
    return 0


def cmd_mirror(args) -> int:
    from .io import dumps_mission, save_mission
    from .io.writer import readable
    from .model.mirror import MirrorError, mirrored
    from .rules.mirror_guard import MAX_CHECKED_PIECES, errors_made_by_mirror

    _writable(args.output, [args.file])
    mission = _load(args.file)
    try:
        out = mirrored(mission, about=args.about, keep=args.keep)
    except MirrorError as e:
        raise InputProblem(f"{args.file}: {e}") from None
    # what the reader would refuse (objectives doubled past the limit) is
    # said first: it costs a read, the rules' check below costs far more
    readable(dumps_mission(out).encode("utf-8"), args.output)
    if len(out.pieces) > MAX_CHECKED_PIECES:
        raise InputProblem(f"{args.file}: not mirrored: the mirrored table would have {len(out.pieces):,} pieces, "
                           f"more than the {MAX_CHECKED_PIECES:,} the mirror checks (rules/mirror_guard.py)")
    made = errors_made_by_mirror(mission, out, args.about, args.keep)
    if made:
        more = f" (and {len(made) - 1} more)" if len(made) > 1 else ""
        raise InputProblem(f"{args.file}: not mirrored, the mirror would break the table: "
                           f"{made[0].code}: {made[0].message}{more}")
    # Checked again as it is written: a mirrored mission the reader would
    # refuse (objectives doubled past the limit) is refused, not written.
    save_mission(out, args.output, inputs=[args.file])
    return 0


def cmd_measure(args) -> int:
    from .games import is_kill_team
    from .rules.paths import MeasureError, measure

    _check_points(args, ("x1", "y1", "x2", "y2"))
    mission = _load(args.file)
    kill_team = is_kill_team(mission)
    try:
        if kill_team:
            # Kill Team: every hatchway open unless asked, +1" per access point crossed
            from .rules import kill_team as kt

            hatches = args.hatches or kt.ROUTE_HATCHES
            m = kt.measure(mission, (args.x1, args.y1), (args.x2, args.y2), hatches=hatches,
                           straight=args.straight)
        else:
            m = measure(mission, (args.x1, args.y1), (args.x2, args.y2),
                        hatches=args.hatches or "as-set", straight=args.straight)
    except MeasureError as e:
        raise InputProblem(f"{args.file}: {e}") from None
    out = {
        "distance_mm": _num(m.distance_mm),
        "distance_in": _num(m.distance_mm / 25.4) if m.distance_mm is not None else None,
        "route": [[round(x, 3), round(y, 3)] for x, y in m.route],
    }
    if kill_team:
        # how many access points the route crosses (each added 1"; none for a straight line)
        out["access_points"] = 0 if args.straight else kt.access_points_crossed(mission, m.route, hatches)
        if not args.straight:
            # the tape's length, and the move counted the rules' way: each
            # straight increment rounded up to the inch, +1" per access point,
            # the least over every route (rules/kill_team/moves.py)
            from .rules.kill_team.moves import move_in

            length = sum(math.dist(a, b) for a, b in zip(m.route, m.route[1:]))
            out["length_in"] = _num(length / 25.4) if m.distance_mm is not None else None
            out["move_in"] = move_in(mission, (args.x1, args.y1), (args.x2, args.y2), hatches=hatches)
    if args.json:
        print(json.dumps(out))
    elif out["distance_mm"] is None:
        print("no route: the points are infinitely far apart")
    elif kill_team and not args.straight:
        n = out["access_points"]
        print(f'{out["distance_in"]:.2f}" ({out["distance_mm"]:.1f} mm; {n} access point{"s" if n != 1 else ""} '
              f'crossed, +1" each); a move of {out["move_in"]}" counted in whole-inch increments')
    else:
        print(f'{out["distance_in"]:.2f}" ({out["distance_mm"]:.1f} mm)')
    return 0


def cmd_sight(args) -> int:
    from .games import is_kill_team
    from .rules.paths import MeasureError
    from .rules.sight import sight_between

    _check_points(args, ("x1", "y1", "x2", "y2"))
    _check_base("D1", args.d1)
    _check_base("D2", args.d2)
    mission = _load(args.file)
    if is_kill_team(mission):
        return _kill_team_sight(args, mission)
    args.hatches = args.hatches or "as-set"
    try:
        s = sight_between(mission, (args.x1, args.y1), args.d1, (args.x2, args.y2), args.d2,
                          hatches=args.hatches)
    except MeasureError as e:
        raise InputProblem(f"{args.file}: {e}") from None
    out = {"visible": bool(s.visible), "fully_visible": bool(s.fully_visible)}
    if args.json:
        print(json.dumps(out))
    else:
        print("fully visible" if s.fully_visible else "visible (in cover)" if s.visible else "not visible")
    return 0


def _kill_team_sight(args, mission) -> int:
    """Kill Team: the first base shoots, the second is the target: visible,
    in cover, obscured (rules/kill_team/cover.py; hatchways as set)."""
    from .rules import kill_team as kt
    from .rules.paths import MeasureError

    try:
        r = kt.cover_between(mission, (args.x1, args.y1), args.d1, (args.x2, args.y2), args.d2,
                             hatches=args.hatches or kt.SIGHT_HATCHES)
    except MeasureError as e:
        raise InputProblem(f"{args.file}: {e}") from None
    # which corner or wall end gives the cover or the obscuring, which the
    # shooter has passed, and whether the 2" rule took cover away
    out = r.detail()
    if args.json:
        print(json.dumps(out))
    elif not r.visible:
        print("not visible")
    else:
        says = [w for w, on in (("in cover", r.in_cover), ("obscured", r.obscured)) if on]
        print("visible" + (f" ({' and '.join(says)})" if says else ""))
    return 0


def _writable(path: str, inputs=()) -> None:
    """Refuse, before any work, what io.disk.write_file would refuse: an
    output that is one of the inputs (by any path or link), a read-only
    file, a folder, a link out of its folder."""
    from .io.disk import WriteRefused, target_of

    try:
        target_of(path, inputs)
    except WriteRefused as e:
        raise InputProblem(f"{shown(path, 500)}: {e.strerror}") from None


def cmd_export(args) -> int:
    from .export import ExportError, export_file

    _writable(args.output, [args.file])
    mission = _load(args.file)
    from .export.fonts import unprintable_warning

    # The mission page is drawn by the reader's browser with its own fonts.
    warning = unprintable_warning(mission) if args.layout != "html" else None
    if warning is not None:
        # Said before the export, which still goes ahead: the rest prints.
        print(shown(f"warning: {shown(args.file, 500)}: {warning}", MAX_MESSAGE), file=sys.stderr)
    try:
        export_file(mission, args.output, layout=args.layout, paper=args.paper, source=args.file)
    except ExportError as e:
        raise InputProblem(str(e)) from None
    return 0


def cmd_pack(args) -> int:
    from .export import ExportError
    from .export.pack import PackError, export_pack, too_many

    try:
        too_many(len(args.files))  # refused before any mission is read
    except PackError as e:
        raise InputProblem(str(e)) from None
    _writable(args.output, args.files)
    missions = [_load(path) for path in args.files]
    try:
        export_pack(missions, args.output, title=args.title, organiser=args.organiser, paper=args.paper,
                    language=args.language, sources=list(args.files))
    except ExportError as e:
        raise InputProblem(str(e)) from None
    return 0


def cmd_share_code(args) -> int:
    from .io.share_code import encode

    print(encode(_load(args.file)))
    return 0


def cmd_import_code(args) -> int:
    from .io import save_mission
    from .io.share_code import ShareCodeError, decode

    try:
        mission = decode(args.code)
    except ShareCodeError as e:
        raise InputProblem(f"share code: {e}") from None
    _writable(args.output)
    save_mission(mission, args.output)  # refused when the reader would refuse what it writes
    return 0


def _not_an_input(out: str, inputs) -> None:
    """No output replaces an input or a shipped mission."""
    import os

    from .catalogue import mission_library_dir

    target = os.path.realpath(out)
    for path in inputs:
        if path and os.path.exists(path) and os.path.realpath(path) == target:
            raise InputProblem(f"{shown(out, 500)}: that is an input of this command; write to another file")
    library = mission_library_dir()
    if library is not None and os.path.dirname(target) == os.path.realpath(library):
        raise InputProblem(f"{shown(out, 500)}: that is the mission library; write to another folder")


def cmd_generate(args) -> int:
    import os

    from .generate import GenerateError, Options, generate, read_kit
    from .io import MissionLoadError, save_mission

    if args.sets is not None and args.kit is not None:
        raise InputProblem("--sets and --kit name the pieces owned two ways: give one")
    for name in ("count", "players", "seed"):
        if getattr(args, name) is not None and getattr(args, name) < 0:
            raise InputProblem(f"--{name} must be 0 or more")
    stock = None
    if args.kit is not None:
        try:
            with open(args.kit, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError:
            raise InputProblem(f"{shown(args.kit, 500)}: not a text file (UTF-8)") from None
        try:
            stock = read_kit(text, args.kit)
        except MissionLoadError as e:
            raise InputProblem(str(e)) from None
    table = _load(args.keep) if args.keep is not None else None
    clear = frozenset()
    if args.clear:
        if table is None:
            raise InputProblem("--clear names regions of the --keep file: give --keep too")
        names = {r.name for r in table.regions}
        for name in args.clear:
            if name not in names:
                raise InputProblem(f"--clear: the --keep file has no region {shown(name, 80)!r}")
        clear = frozenset((r.board, tuple(c)) for r in table.regions if r.name in args.clear for c in r.cells)
    _not_an_input(args.output, [args.keep, args.kit])
    _writable(args.output)
    game = args.game or (table.game if table is not None else "boarding-actions")
    options = Options(
        game=game, boards=args.boards or ("keep" if table is not None else "side-by-side"),
        sets=args.sets or 1, stock=stock, players=args.players or (table.players if table is not None else 2),
        deployment=args.deployment, symmetry=args.symmetry, density=args.density,
        objectives=args.objectives, keep_objectives=bool(table is not None and table.objectives
                                                         and args.objectives is None),
        clear=clear, spread_pct=args.spread, largest_base_mm=args.base, allow_sight=args.allow_sight,
        seed=args.seed, count=args.count, table=table, lock=table is not None)
    try:
        result = generate(options)
    except GenerateError as e:
        raise InputProblem(f"generate: {e}") from None
    if not result.candidates:
        print(f"No table met the options ({result.tries} tries, {result.seconds:.1f} s):", file=sys.stderr)
        for phrase in result.failures:
            print(f"  {phrase}", file=sys.stderr)
        return 1
    stem, ext = os.path.splitext(args.output)
    out = []
    for k, c in enumerate(result.candidates):
        path = args.output if k == 0 else f"{stem}-{k + 1}{ext or '.yaml'}"
        if k:
            _not_an_input(path, [args.keep, args.kit])
            _writable(path)
        save_mission(c.mission, path)
        out.append((path, c))
    if args.json:
        print(json.dumps([dict(file=p, **{k: v for k, v in c.figures.items()}) for p, c in out],
                         indent=2, ensure_ascii=False))
    else:
        for path, c in out:
            print(f"{shown(path, 500)}: {c.summary()}")
        print(f"{len(out)} table{'s' if len(out) != 1 else ''} in {result.seconds:.1f} s ({result.tries} tries)")
    return 0


def cmd_edit(args) -> int:
    if args.screenshot is None:
        # Qt aborts (exit 134) without a display and names the wrong package
        # when its X11 plugin lacks a library: say it ourselves first.
        from .desktop_check import editor_problem
        problem = editor_problem()
        if problem:
            raise InputProblem(problem)
    from .ui.app import run_editor

    return run_editor(args.file, screenshot=args.screenshot)


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (no usage block), escaped:
    the arguments may be pasted from anywhere."""

    def error(self, message: str):
        self.exit(2, shown(f"{self.prog}: error: {message}", MAX_MESSAGE) + "\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="layout-editor",
                                description="Boarding Actions mission editor and rules checker.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("validate", help="check mission files load and break no rule")
    s.add_argument("files", nargs="+", metavar="FILE")
    s.set_defaults(func=cmd_validate)

    s = sub.add_parser("analyze", help="findings and metrics of a mission")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--base", type=float, default=32.0, metavar="MM", help="base diameter (default 32)")
    s.add_argument("--move", type=float, default=6.0, metavar="IN",
                   help="first-turn move in inches (default 6; bands at IN, IN + 3.5, IN + 6; Kill Team IN, IN + 3)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_analyze)

    s = sub.add_parser("mirror", help="copy one half of the table onto the other, players swapped")
    s.add_argument("file", metavar="FILE")
    s.add_argument("-o", "--output", required=True, metavar="OUT")
    s.add_argument("--about", choices=("point", "line"), default="point",
                   help="point: a half turn about the table's centre (default); line: a reflection")
    s.add_argument("--keep", choices=("left", "right", "top", "bottom"), default="left",
                   help="the half to keep (default left)")
    s.set_defaults(func=cmd_mirror)

    s = sub.add_parser("measure", help="route distance around walls between two table points (mm)")
    s.add_argument("file", metavar="FILE")
    for name in ("x1", "y1", "x2", "y2"):
        s.add_argument(name, type=float, metavar=name.upper())
    s.add_argument("--hatches", choices=HATCH_CHOICES, default=None,
                   help="default as-set; a kill-team file: open (+1\" per access point crossed)")
    s.add_argument("--straight", action="store_true", help="ignore walls (Deep Strike; Kill Team's killzone areas)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_measure)

    s = sub.add_parser("sight", help="can one base see another (centres and diameters in mm); a kill-team "
                                     "file: is the second visible, in cover, obscured")
    s.add_argument("file", metavar="FILE")
    for name in ("x1", "y1", "d1", "x2", "y2", "d2"):
        s.add_argument(name, type=float, metavar=name.upper())
    s.add_argument("--hatches", choices=HATCH_CHOICES, default=None, help="default as-set")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_sight)

    s = sub.add_parser("export", help="print a mission card, setup sheet, tabletop sheets or cards; the map "
                                      "for virtual tabletops (uvtt) or the mission as a web page (html)")
    s.add_argument("file", metavar="FILE")
    s.add_argument("-o", "--output", required=True, metavar="OUT")
    s.add_argument("--layout", default="card",
                   choices=("card", "setup", "tabletop", "cards", "designer", "map-svg", "map-png", "uvtt",
                            "html"))
    s.add_argument("--paper", default="a4", choices=("a4", "letter"))
    s.set_defaults(func=cmd_export)

    s = sub.add_parser("pack", help="print several missions as one booklet for an event (PDF)")
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    s.add_argument("--title", metavar="T", help="the pack's title (default: Mission pack)")
    s.add_argument("--organiser", metavar="O", help="a line under the title: who runs the event")
    s.add_argument("--paper", default="a4", choices=("a4", "letter"))
    s.add_argument("--language", default="en", choices=("en", "de"),
                   help="the pack's own headings (each mission prints in its own language)")
    s.set_defaults(func=cmd_pack)

    s = sub.add_parser("share-code", help="print the mission as compact text to share")
    s.add_argument("file", metavar="FILE")
    s.set_defaults(func=cmd_share_code)

    s = sub.add_parser("import-code", help="rebuild a mission file from a share code")
    s.add_argument("code", metavar="TEXT")
    s.add_argument("-o", "--output", required=True, metavar="FILE")
    s.set_defaults(func=cmd_import_code)

    s = sub.add_parser("generate", help="make fair tables from the pieces owned, each checked by the rules")
    s.add_argument("-o", "--output", required=True, metavar="OUT.yaml",
                   help="the first table; more go to OUT-2.yaml, OUT-3.yaml ...")
    s.add_argument("--game", choices=("boarding-actions", "kill-team"), default=None,
                   help="default boarding-actions (or the --keep file's)")
    s.add_argument("--boards", choices=("side-by-side", "end-to-end", "one", "keep"), default=None,
                   help="how the boards lie (default side-by-side; Kill Team: one; with --keep: keep)")
    s.add_argument("--sets", type=int, default=None, metavar="N",
                   help="terrain sets owned (Kill Team: killzone kits; default 1)")
    s.add_argument("--kit", metavar="FILE", help="the pieces owned: a YAML mapping of piece codes to counts")
    s.add_argument("--players", type=int, default=None, metavar="N", help="2, 3 or 4 (default 2)")
    s.add_argument("--deployment", default=None, metavar="PRESET",
                   help="an entry-zone preset (two-short-edges, four-corners, killzone-long-edges ...); "
                        "keep: the --keep file's zones")
    s.add_argument("--symmetry", choices=("point", "line", "none"), default=None,
                   help="default point (3 players: line)")
    s.add_argument("--density", choices=("sparse", "standard", "dense"), default="standard")
    s.add_argument("--objectives", type=int, default=None, metavar="N",
                   help="markers to place (default 4; Kill Team 3; with --keep: the file's)")
    s.add_argument("--spread", type=float, default=5.0, metavar="PCT",
                   help="route totals between players within this many per cent (default 5)")
    s.add_argument("--base", type=float, default=40.0, metavar="MM",
                   help="the largest base that must reach every objective (default 40)")
    s.add_argument("--allow-sight", action="store_true", help="entry zones may see each other")
    s.add_argument("--seed", type=int, default=1, metavar="S", help="the same seed and options give the same tables")
    s.add_argument("--count", type=int, default=1, metavar="K", help="tables to make (default 1)")
    s.add_argument("--keep", metavar="FILE",
                   help="a table to complete: its boards, pieces, entry zones and objectives are kept")
    s.add_argument("--clear", action="append", metavar="REGION",
                   help="a region of the --keep file to keep free of terrain (repeatable)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_generate)

    s = sub.add_parser("edit", help="open the editor")
    s.add_argument("file", nargs="?", metavar="FILE")
    s.add_argument("--screenshot", metavar="OUT.png",
                   help="render the window offscreen to a PNG and exit")
    s.set_defaults(func=cmd_edit)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        # No command: open the editor, as a desktop program would.
        args = parser.parse_args(["edit", *(argv if argv is not None else sys.argv[1:])])
    try:
        return args.func(args)
    except InputProblem as e:
        # One line, whatever it quotes (shown.py).
        print(shown(str(e), MAX_MESSAGE), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as e:
        # The file the user named (save_mission never names its temporary
        # file); escaped like every message.
        where = getattr(e, "filename", None) or "layout-editor"
        print(shown(f"{shown(str(where), 500)}: {e.strerror or e}", MAX_MESSAGE), file=sys.stderr)
        return 2


def gui_main() -> int:
    return main(["edit", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
