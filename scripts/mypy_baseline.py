"""mypy's baseline in pyproject.toml: the error codes each module still
breaks, switched off for that module alone (the [[tool.mypy.overrides]]
after the line "# mypy's baseline:").

    .venv/bin/python scripts/mypy_baseline.py          # what mypy finds without the baseline, per module
    .venv/bin/python scripts/mypy_baseline.py --write  # the baseline made anew from that run

Run it with --write after annotating a module (its entry goes) or after a
merge brings code written before the checks (its errors join its module's
entry); then read `git diff pyproject.toml`: the baseline should only
shrink. mypy's own cache is used, so a second run takes seconds.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = "# mypy's baseline:"
ERROR = re.compile(r"^(layout_editor/[\w/]+)\.py:\d+: error: .*\[([a-z-]+)\]$")
STRICT = ("layout_editor.model", "layout_editor.io", "layout_editor.rules")


def split(text: str) -> tuple[str, str]:
    """pyproject.toml before the baseline, and the baseline's comment."""
    head, tail = text.split(MARK, 1)
    return head, MARK + tail.split("[[tool.mypy.overrides]]", 1)[0]


def errors(head: str) -> dict[str, set[str]]:
    """module -> the error codes mypy finds in it, the baseline left out."""
    with tempfile.NamedTemporaryFile("w", suffix=".toml", dir=ROOT, delete=False) as f:
        f.write(head)
    try:
        run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", f.name],
                             cwd=ROOT, capture_output=True, text=True)
    finally:
        Path(f.name).unlink()
    found: dict[str, set[str]] = defaultdict(set)
    for line in run.stdout.splitlines():
        m = ERROR.match(line.strip())
        if m:
            module = m.group(1).replace("/", ".").removesuffix(".__init__")
            found[module].add(m.group(2))
    return found


def baseline(found: dict[str, set[str]]) -> str:
    """The overrides: modules with the same codes grouped, the strict core first."""
    groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for module, codes in found.items():
        groups[tuple(sorted(codes))].append(module)

    def order(item: tuple[tuple[str, ...], list[str]]) -> tuple[bool, list[str]]:
        return (not any(m.startswith(STRICT) for m in item[1]), sorted(item[1]))

    out = []
    for group, modules in sorted(groups.items(), key=order):
        out += ["[[tool.mypy.overrides]]",
                "module = [" + ", ".join(f'"{m}"' for m in sorted(modules)) + "]",
                "disable_error_code = [" + ", ".join(f'"{c}"' for c in group) + "]", ""]
    return "\n".join(out)


def main() -> int:
    path = ROOT / "pyproject.toml"
    head, comment = split(path.read_text(encoding="utf-8"))
    found = errors(head)
    for module in sorted(found):
        print(f"{module}: {', '.join(sorted(found[module]))}")
    print(f"{len(found)} modules with errors the baseline switches off")
    if "--write" in sys.argv[1:]:
        path.write_text(head + comment + baseline(found), encoding="utf-8")
        print(f"{path.name}: baseline written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
