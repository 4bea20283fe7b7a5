"""The import-circles contract (scripts/import_circles.py, run by
lint-imports) sees circles that only a late import keeps from failing:
imports inside functions and under TYPE_CHECKING count, and so does a circle
between two packages that no single module closes."""
from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[2]


def _contract_module():
    spec = importlib.util.spec_from_file_location("import_circles", ROOT / "scripts" / "import_circles.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["import_circles"] = mod
    spec.loader.exec_module(mod)
    return mod


def _package(tmp_path: Path, name: str, files: dict[str, str]) -> None:
    for rel, text in {"__init__.py": "", **files}.items():
        p = tmp_path / name / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))


@pytest.fixture
def ic(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    return _contract_module()


def test_a_circle_closed_under_type_checking_is_found(tmp_path, ic):
    _package(tmp_path, "pkg_tc", {
        "a.py": "from . import b\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n",
    })
    found = ic.circles(ic.build_graph("pkg_tc"), "pkg_tc")
    assert [c.chain for c in found if c.level == "modules"] == [("pkg_tc.a", "pkg_tc.b", "pkg_tc.a")]
    assert "pkg_tc.b:3" in found[0].describe()


def test_a_circle_closed_inside_a_function_is_found(tmp_path, ic):
    _package(tmp_path, "pkg_fn", {
        "a.py": "from .b import y\n",
        "b.py": "def y():\n    from .c import z\n",
        "c.py": "def z():\n    from .a import w\n",
    })
    found = ic.circles(ic.build_graph("pkg_fn"), "pkg_fn")
    assert any(c.level == "modules" and len(c.chain) == 4 for c in found)


def test_a_circle_between_packages_is_found_at_their_depth(tmp_path, ic):
    # no module comes back to itself, but p -> q -> p
    _package(tmp_path, "pkg_deep", {
        "p/__init__.py": "", "p/one.py": "from ..q.two import t\n", "p/three.py": "",
        "q/__init__.py": "", "q/two.py": "t = 1\n", "q/four.py": "from ..p.three import *\n",
    })
    found = ic.circles(ic.build_graph("pkg_deep"), "pkg_deep")
    assert [c.level for c in found] == ["pkg_deep"]
    assert set(found[0].chain) == {"pkg_deep.p", "pkg_deep.q"}


def test_no_circles_without_one(tmp_path, ic):
    _package(tmp_path, "pkg_ok", {"a.py": "from . import b\n", "b.py": "def f():\n    from . import c\n", "c.py": ""})
    assert ic.circles(ic.build_graph("pkg_ok"), "pkg_ok") == []


def test_the_packages_in_the_contract_have_no_circles(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    ic = _contract_module()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["type"] == "import_circles"]
    assert "import_circles: scripts.import_circles.ImportCirclesContract" in config["contract_types"]
    graph = ic.build_graph("layout_editor")
    assert {"layout_editor.ui", "layout_editor.rules", "layout_editor.export", "layout_editor.model",
            "layout_editor.io"} <= set(contract["packages"])
    found = [c.describe() for p in contract["packages"] for c in ic.circles(graph, p)]
    assert found == []
