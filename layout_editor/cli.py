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
    from .io import save_mission
    from .model.mirror import MirrorError, mirrored

    _writable(args.output, [args.file])
    mission = _load(args.file)
    try:
        out = mirrored(mission, about=args.about, keep=args.keep)
    except MirrorError as e:
        raise InputProblem(f"{args.file}: {e}") from None
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
    if args.json:
        print(json.dumps(out))
    elif out["distance_mm"] is None:
        print("no route: the points are infinitely far apart")
    elif kill_team and not args.straight:
        n = out["access_points"]
        print(f'{out["distance_in"]:.2f}" ({out["distance_mm"]:.1f} mm; {n} access point{"s" if n != 1 else ""} '
              f'crossed, +1" each)')
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
    out = r.to_dict()
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
    from .export.pack import export_pack

    from .export.pack import PackError, too_many

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
    from .io.share_code import ShareCodeError, decode
    from .io import save_mission

    try:
        mission = decode(args.code)
    except ShareCodeError as e:
        raise InputProblem(f"share code: {e}") from None
    _writable(args.output)
    save_mission(mission, args.output)  # refused when the reader would refuse what it writes
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
