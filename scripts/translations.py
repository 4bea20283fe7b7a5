"""The editor's translations with Qt's own tools (PySide6-Essentials ships them).

    python scripts/translations.py update    # the .ts from the sources (pyside6-lupdate)
    python scripts/translations.py update --from OTHER.ts   # and take German from another .ts
    python scripts/translations.py compile   # .ts -> .qm beside it (pyside6-lrelease)
    python scripts/translations.py check     # exit 1 when the .ts is not what lupdate makes

`update` runs lupdate over layout_editor/ and the catalogue's names
(resources/translations/catalogue_names.py), keeps every German translation
the .ts has, and gives a new message the German an old one with the same
English had (a text that moved to another context, or to Phrase); then it
drops what no source says any more and lists what still lacks German.
Run it after changing or merging any translated text, then translate what
it lists (Qt Linguist: pyside6-linguist resources/translations/*.ts).

When a merge conflicts in the .ts (a branch added German by hand), keep
one side and take the other's German in by its English:

    git show OTHER:resources/translations/layout_editor_de.ts > /tmp/other.ts
    git checkout --ours resources/translations/layout_editor_de.ts
    python scripts/translations.py update --from /tmp/other.ts

`compile` is what setup.py (the wheel), scripts/_venv.sh (scripts/run and
scripts/test) and the tests use. Python's standard library only, besides the
two tools, so setup.py can run it before anything is installed.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "resources" / "translations"
SOURCES = [ROOT / "layout_editor", FOLDER / "catalogue_names.py"]
# The Qt-free core says its words as Phrase("template", ...): lupdate reads a
# Phrase like a tr() outside a class (the shared context, as i18n.say looks
# them up).
LUPDATE_OPTIONS = ["-extensions", "py", "-locations", "none", "-tr-function-alias", "tr+=Phrase"]


def tool(name: str) -> str:
    """lupdate or lrelease: the one inside PySide6-Essentials, else one on PATH."""
    try:
        import PySide6
        exe = Path(PySide6.__file__).resolve().parent / (name + (".exe" if os.name == "nt" else ""))
        if exe.exists():
            return str(exe)
    except ImportError:
        pass
    found = shutil.which(f"pyside6-{name}") or shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6-Essentials (pip install PySide6-Essentials)")
    return found


def ts_files() -> list[Path]:
    return sorted(FOLDER.glob("*.ts"))


def lupdate(ts: Path, drop_obsolete: bool = True) -> None:
    args = [tool("lupdate"), "-silent", *LUPDATE_OPTIONS, *map(str, SOURCES), "-ts", str(ts)]
    if drop_obsolete:
        args.insert(1, "-no-obsolete")
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0 or done.stderr.strip():
        raise SystemExit(f"lupdate failed on {ts}:\n{done.stderr}{done.stdout}")


def lrelease(ts: Path, qm: Path) -> None:
    qm.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], capture_output=True, text=True)
    if done.returncode != 0 or not qm.is_file():
        raise SystemExit(f"lrelease failed on {ts}:\n{done.stderr}{done.stdout}")


def messages(ts: Path):
    """(context, source, translation element) for every message."""
    for context in ET.parse(ts).getroot().iter("context"):
        for m in context.iter("message"):
            yield context.findtext("name") or "", m.findtext("source") or "", m.find("translation")


def finished(translation) -> bool:
    return translation is not None and translation.get("type") is None and bool(translation.text)


def untranslated(ts: Path) -> list[tuple[str, str]]:
    return [(c, s) for c, s, t in messages(ts) if not finished(t)]


def update(ts: Path, also: list[Path] = ()) -> list[tuple[str, str, str]]:
    """lupdate into `ts`, carrying German over by identical English (from
    `ts` itself and the .ts files `also`); the (context, source, German)
    carried over."""
    known: dict[str, set[str]] = {}
    for source_ts in (ts, *also):
        for _, source, t in messages(source_ts):
            if t is not None and t.text and t.get("type") in (None, "obsolete", "vanished"):
                known.setdefault(source, set()).add(t.text)
    lupdate(ts, drop_obsolete=False)
    tree = ET.parse(ts)
    carried = []
    for context in tree.getroot().iter("context"):
        for m in context.iter("message"):
            t = m.find("translation")
            german = known.get(m.findtext("source") or "", set())
            if t is not None and t.get("type") == "unfinished" and len(german) == 1:
                t.text = next(iter(german))
                del t.attrib["type"]
                carried.append((context.findtext("name") or "", m.findtext("source"), t.text))
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    lupdate(ts)  # drops the obsolete, and writes the file as lupdate does
    return carried


def is_current(ts: Path) -> bool:
    """Whether lupdate, run on a copy, leaves the .ts as it is."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / ts.name
        shutil.copyfile(ts, copy)
        lupdate(copy)
        return copy.read_bytes() == ts.read_bytes()


def compile_all(into: Path | None = None) -> list[Path]:
    made = []
    for ts in ts_files():
        qm = (into or ts.parent) / ts.with_suffix(".qm").name
        lrelease(ts, qm)
        made.append(qm)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["update", "compile", "check"])
    parser.add_argument("--into", type=Path, help="compile: the folder for the .qm files (default: beside the .ts)")
    parser.add_argument("--from", dest="also", type=Path, action="append", default=[],
                        help="update: another .ts to take German from, by identical English (repeatable)")
    args = parser.parse_args(argv)
    if args.command == "compile":
        for qm in compile_all(args.into):
            print(f"compiled {qm}")
        return 0
    status = 0
    for ts in ts_files():
        if args.command == "update":
            carried = update(ts, args.also)
            for context, source, german in carried:
                print(f"carried over [{context or 'shared'}] {source!r} -> {german!r}")
        elif not is_current(ts):
            print(f"{ts.relative_to(ROOT)} is not what lupdate makes of the sources: "
                  "run python scripts/translations.py update")
            status = 1
            continue
        missing = untranslated(ts)
        for context, source in missing:
            print(f"no translation yet [{context or 'shared'}] {source!r}")
        print(f"{ts.relative_to(ROOT)}: {sum(1 for _ in messages(ts))} messages, {len(missing)} without a translation")
    return status


if __name__ == "__main__":
    sys.exit(main())
