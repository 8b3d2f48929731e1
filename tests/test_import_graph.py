"""The library's import graph, read by grimp on the tree as installed (models/ and solver/
inside manasolve/, as `tools.typecheck.installed_view` lays it out): no import cycle among
its modules, and imports flow one way, front (manasolve/) -> solver/ -> models/.  Every
import grimp sees counts: top-level, function-local and type-checking-only ones.  And
every function-local import says why it is not at the top: it keeps start-up light."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tools.import_graph import cycles, import_graph, upward_imports
from tools.typecheck import ROOT


@pytest.fixture(scope="module")
def imports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each module of the library and the library's modules it imports."""
    pytest.importorskip("grimp", reason="the import graph is read by grimp (the test extra)")
    graph = import_graph(tmp_path_factory.mktemp("installed"))
    assert "manasolve.models.board" in graph and "manasolve.solver.pay" in graph  # the lower layers are seen
    return graph


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert cycles({"a": ["b"], "b": []}) == []


def test_no_import_cycle_among_the_library_modules(imports: dict[str, list[str]]) -> None:
    assert cycles(imports) == []


def test_imports_flow_from_the_front_to_solver_to_models(imports: dict[str, list[str]]) -> None:
    assert upward_imports(imports) == []


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
