"""The library's import graph, read by grimp on the tree as installed (models/ and solver/
inside manasolve/, as `tools.typecheck.installed_view` lays it out): no import cycle among
its modules, and imports flow one way, front (manasolve/) -> solver/ -> models/.  Every
import grimp sees counts: top-level, function-local and type-checking-only ones.  And
every function-local import says why it is not at the top: it keeps start-up light."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools.typecheck import ROOT, installed_view

# Run in a child process on the installed view: this process has imported manasolve from
# the checkout, where grimp would see models/ and solver/ as no part of the package.
_GRAPH = """
import json, sys
import grimp
graph = grimp.build_graph("manasolve", cache_dir=None)
print(json.dumps({m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}))
"""


@pytest.fixture(scope="module")
def imports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each module of the library and the library's modules it imports."""
    pytest.importorskip("grimp", reason="the import graph is read by grimp (the test extra)")
    folder = tmp_path_factory.mktemp("installed")
    installed_view(folder)
    done = subprocess.run([sys.executable, "-c", _GRAPH], cwd=folder, capture_output=True, text=True, check=True)
    graph = json.loads(done.stdout)
    assert "manasolve.models.board" in graph and "manasolve.solver.pay" in graph  # the lower layers are seen
    return graph


def _cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, []))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _layer(module: str) -> int:
    """0 for models/, 1 for solver/, 2 for the front."""
    for layer, package in enumerate(("manasolve.models", "manasolve.solver")):
        if module == package or module.startswith(package + "."):
            return layer
    return 2


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert _cycles({"a": ["b"], "b": []}) == []


def test_no_import_cycle_among_the_library_modules(imports: dict[str, list[str]]) -> None:
    assert _cycles(imports) == []


def test_imports_flow_from_the_front_to_solver_to_models(imports: dict[str, list[str]]) -> None:
    upward = sorted("%s imports %s" % (m, i) for m, targets in imports.items() for i in targets
                    if _layer(i) > _layer(m))
    assert upward == []


LIGHT = re.compile(r"#.*(start-up|`--help`) light")


def _local_imports_without_a_reason(path: Path) -> list[str]:
    """The function-local imports of `path` none of whose comments says it keeps start-up
    light: one comment on the first line of a run of imports speaks for the run."""
    lines = path.read_text(encoding="utf-8").splitlines()
    missing = []

    def visit(statements: list[ast.stmt], in_function: bool) -> None:
        first = None
        for statement in statements:
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                first = first or statement
                if in_function and not LIGHT.search(lines[first.lineno - 1]):
                    missing.append("%s:%d" % (path.relative_to(ROOT).as_posix(), statement.lineno))
                continue
            first = None
            inner = in_function or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))
            for name in ("body", "orelse", "finalbody"):
                block = getattr(statement, name, None)
                if isinstance(block, list):
                    visit(block, inner)
            for handler in getattr(statement, "handlers", ()):
                visit(handler.body, inner)

    visit(ast.parse("\n".join(lines)).body, False)
    return missing


def test_every_function_local_import_says_it_keeps_start_up_light() -> None:
    paths = [p for folder in ("manasolve", "models", "solver") for p in sorted((ROOT / folder).rglob("*.py"))]
    assert [m for p in paths for m in _local_imports_without_a_reason(p)] == []
