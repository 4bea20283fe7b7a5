"""No import circles inside a package, at any depth, counting every import.

import-linter's own `acyclic_siblings` contract reads the graph the whole
configuration builds, and ours leaves out imports under `if TYPE_CHECKING:`
(the layers contract must not count them: ui/services.py names the types it
holds that way). A circle broken only by such an import, or by an import
inside a function, is still a circle: the modules cannot be read, tested or
moved one without the other. So this contract builds its own graph with
grimp (import-linter's graph library), every import counted: top-level,
inside functions, under TYPE_CHECKING. Imports made by name at run time
(importlib.import_module) are not seen.

For each package listed it refuses
- a circle of modules: a module that, following imports inside the package,
  comes back to itself (a package's __init__ is a module like any other, so
  a submodule importing from its own package's __init__, which imports it,
  is a circle);
- at every depth, a circle among the children of one package, each child
  standing for itself and everything under it (checks -> kill_team ->
  checks is a circle even when no single module comes back to itself).

Used by lint-imports (pyproject.toml, [tool.importlinter], contract type
`import_circles`), and from the command line to look at a package:

    .venv/bin/python scripts/import_circles.py layout_editor.ui layout_editor.rules
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import grimp
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


@dataclass(frozen=True)
class Circle:
    package: str          # the package it lies in
    level: str            # "modules" or the package whose children form it
    chain: tuple[str, ...]  # a -> b -> ... -> a (first repeated at the end)
    lines: tuple[str, ...]  # for each step, where the import is written

    def describe(self) -> str:
        head = (f"{self.package}: modules in a circle" if self.level == "modules"
                else f"{self.level}: its children in a circle")
        steps = [f"  {a} -> {b}  ({where})" for a, b, where in zip(self.chain, self.chain[1:], self.lines)]
        return "\n".join([head] + steps)


def build_graph(root: str) -> grimp.ImportGraph:
    """Every import in `root`, TYPE_CHECKING and function-level ones included."""
    return grimp.build_graph(root, exclude_type_checking_imports=False, cache_dir=None)


def _components(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan, without
    recursion: a package can be deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def _loop(comp: list[str], edges: dict[str, set[str]]) -> tuple[str, ...]:
    """One shortest way round a component, from its first node back to it."""
    members = set(comp)
    start = comp[0]
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges.get(v, ())):
                if w not in members:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return (start, *reversed(path[:-1]), start)
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    return (start, start)


def _where(graph: grimp.ImportGraph, a: str, b: str, level_prefix: str | None) -> str:
    """Where a imports b (for children: the first import from under a to under b)."""
    if level_prefix is None:
        pairs = [(a, b)]
    else:
        pairs = [(i, j) for i in _under(graph, a) for j in _under(graph, b)
                 if graph.direct_import_exists(importer=i, imported=j)]
    for i, j in sorted(pairs):
        details = graph.get_import_details(importer=i, imported=j)
        if details:
            d = details[0]
            return f"{i}:{d['line_number']}: {d['line_contents']}"
    return f"{a} imports {b}"


def _under(graph: grimp.ImportGraph, module: str) -> list[str]:
    return sorted({module} | set(graph.find_descendants(module)))


def circles(graph: grimp.ImportGraph, package: str) -> list[Circle]:
    """Every circle inside `package` (see the module notes)."""
    found: list[Circle] = []
    modules = _under(graph, package)
    inside = set(modules)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) & inside for m in modules}
    for comp in _components(modules, edges):
        chain = _loop(comp, edges)
        found.append(Circle(package, "modules", chain,
                            tuple(_where(graph, a, b, None) for a, b in zip(chain, chain[1:]))))
    for parent in modules:
        children = sorted(graph.find_children(parent))
        if len(children) < 2:
            continue
        owner = {m: c for c in children for m in _under(graph, c)}
        child_edges: dict[str, set[str]] = {c: set() for c in children}
        for m, c in owner.items():
            for imported in edges[m]:
                d = owner.get(imported)
                if d is not None and d != c:
                    child_edges[c].add(d)
        for comp in _components(children, child_edges):
            chain = _loop(comp, child_edges)
            found.append(Circle(package, parent, chain,
                                tuple(_where(graph, a, b, parent) for a, b in zip(chain, chain[1:]))))
    return found


class ImportCirclesContract(Contract):
    """lint-imports contract: no circles inside the listed packages (see the
    module notes), TYPE_CHECKING and function-level imports included."""

    type_name = "import_circles"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose: bool) -> ContractCheck:
        roots = sorted({p.split(".")[0] for p in self.packages})  # type: ignore[attr-defined]
        graphs = {r: build_graph(r) for r in roots}
        found: list[Circle] = []
        for package in self.packages:  # type: ignore[attr-defined]
            found += circles(graphs[package.split(".")[0]], package)
        return ContractCheck(kept=not found, warnings=[],
                             metadata={"circles": [c.describe() for c in found]})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for text in check.metadata["circles"]:
            output.print_error(text.splitlines()[0])
            for line in text.splitlines()[1:]:
                output.print(line)
            output.new_line()


def main(argv: list[str]) -> int:
    # this checkout's packages, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    if not argv:
        print(__doc__.strip().splitlines()[-1].strip())
        return 2
    graphs: dict[str, grimp.ImportGraph] = {}
    bad = 0
    for package in argv:
        root = package.split(".")[0]
        graph = graphs.setdefault(root, build_graph(root))
        found = circles(graph, package)
        for c in found:
            print(c.describe())
        if not found:
            print(f"{package}: no circles")
        bad += len(found)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
