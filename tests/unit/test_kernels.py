"""The rule for every kernel module (rules/kernels.py): it calls no function
from another file of the project, since numba's disk cache would keep the
old machine code when that file changed; a helper two modules need is
copied, and the copies stay identical. And one loader loads them all."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "layout_editor" / "rules"
KERNEL_MODULES = sorted(RULES.glob("_compiled*.py"))


def _functions(path: Path) -> dict[str, str]:
    """Each top-level function's code (its AST without the docstring: a
    copy may say where it was copied from)."""
    out = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
                body = body[1:]
            out[node.name] = ast.dump(ast.Module(body=[ast.FunctionDef(
                name=node.name, args=node.args, body=body, decorator_list=node.decorator_list,
                returns=node.returns, type_comment=None)], type_ignores=[]))
    return out


def test_the_kernel_modules_are_all_known():
    assert [p.name for p in KERNEL_MODULES] == ["_compiled.py", "_compiled_longest.py", "_compiled_routes.py"]


@pytest.mark.parametrize("path", KERNEL_MODULES, ids=lambda p: p.name)
def test_a_kernel_module_imports_nothing_of_the_project(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module in ("__future__", "numba", "numpy"), (
                f"{path.name}:{node.lineno} imports from {'.' * node.level}{node.module or ''}")
        elif isinstance(node, ast.Import):
            assert all(a.name in ("numba", "numpy") for a in node.names), f"{path.name}:{node.lineno}"


def test_the_helpers_copied_between_kernel_modules_are_identical():
    seen: dict[str, tuple[str, str]] = {}
    shared = set()
    for path in KERNEL_MODULES:
        for name, code in _functions(path).items():
            if name in seen:
                shared.add(name)
                assert code == seen[name][1], f"{name} in {path.name} differs from {seen[name][0]}'s"
            else:
                seen[name] = (path.name, code)
    assert {"_slab", "_seg_meets_box", "_cell"} <= shared


def test_a_changed_copy_is_caught(tmp_path):
    # the comparison sees a one-character change in code, not in a comment
    src = (RULES / "_compiled_longest.py").read_text()
    changed = tmp_path / "x.py"
    changed.write_text(src.replace("return min(max(c, 0), count - 1)", "return min(max(c, 0), count - 2)"))
    assert _functions(changed)["_cell"] != _functions(RULES / "_compiled.py")["_cell"]
    commented = tmp_path / "y.py"
    commented.write_text(src.replace("    c = int(np.floor", "    # a comment\n    c = int(np.floor"))
    assert _functions(commented)["_cell"] == _functions(RULES / "_compiled.py")["_cell"]


def test_one_loader_loads_every_kernel_module():
    from layout_editor.rules import kernels, paths, segments

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed")
    assert kernels.compiled("routes", wait=True) is paths.route_kernels(wait=True, timeout=None)
    assert kernels.compiled("longest") is segments.longest_kernels()
    assert kernels.compiled("segments") is segments.kernel()
    loaded = {kernels.compiled(g, wait=True) for g in ("longest", "routes")}
    assert {m.__name__.rsplit(".", 1)[1] for m in loaded} == {"_compiled_longest", "_compiled_routes"}
    assert segments.kernel().blocked.py_func.__module__.endswith("._compiled")


def test_without_numba_every_group_answers_none(monkeypatch):
    from layout_editor.rules import kernels, paths, segments

    monkeypatch.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
    assert [kernels.compiled(g) for g in kernels.GROUPS] == [None, None, None]
    assert segments.kernel() is None and segments.longest_kernels() is None and paths.route_kernels() is None
