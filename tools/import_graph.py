"""The library's import graph on the tree as installed, and its cycles: read by grimp in a
child process on `tools.typecheck.installed_view` (in the checkout models/ and solver/ are
no part of the package for a tool that reads the code).  Every import grimp sees counts:
top-level, function-local and type-checking-only ones.  Used by tests/test_import_graph.py
and tools/house_figures.py."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.typecheck import installed_view

_GRAPH = """
import json
import grimp
graph = grimp.build_graph("manasolve", cache_dir=None)
print(json.dumps({m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}))
"""


def import_graph(folder: Path | None = None) -> dict[str, list[str]]:
    """Each module of the library -> the library's modules it imports (`folder`: where to
    lay out the installed view; default a temporary folder)."""
    if folder is None:
        with tempfile.TemporaryDirectory() as scratch:
            return import_graph(Path(scratch))
    installed_view(folder)
    done = subprocess.run([sys.executable, "-c", _GRAPH], cwd=folder, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
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


def layer(module: str) -> int:
    """0 for models/, 1 for solver/, 2 for the front."""
    for level, package in enumerate(("manasolve.models", "manasolve.solver")):
        if module == package or module.startswith(package + "."):
            return level
    return 2


def upward_imports(graph: dict[str, list[str]]) -> list[str]:
    """'a imports b' for each import from a lower layer to a higher one (models/ -> solver/
    or the front, solver/ -> the front), sorted."""
    return sorted("%s imports %s" % (m, i) for m, targets in graph.items() for i in targets if layer(i) > layer(m))
