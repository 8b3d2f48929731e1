"""The figures of issue 28 ("the house"), measured on this checkout:
``python -m tools.house_figures [--tree] [--no-mypy]``.

Each figure is computed by the code below from the files of the checkout this module
sits in (and, for the last three, by importing and calling it), never written by hand:

* the tree: the library's modules (manasolve/, models/, solver/) and the first line of
  each one's docstring (``--tree`` prints it, one line per module);
* library functions whose return annotation is a bare ``dict`` (or ``dict | None``), and
  those annotated ``dict[...]`` (a typed mapping, still no answer type);
* hand answer classes: the classes written out in manasolve/answer_schema.py (the
  answer types' pydantic twins), not those it generates from the solver's types;
* id() caches: places in the library that key a mapping by ``id(...)``;
* import cycles and imports from a lower layer to a higher one, read by grimp on the tree
  as installed (`tools.import_graph`, as tests/test_import_graph.py reads it);
* function-local imports in the library;
* mypy errors (`tools.typecheck`, the check .ci/run makes; ``--no-mypy`` leaves it out);
* string comparisons against enum values (`tools.enum_strings`);
* min-cost flow implementations: library modules that build OR-Tools' SimpleMinCostFlow
  or hold a hand-written solver (a function whose docstring or name says it finds
  shortest augmenting paths / successive shortest paths);
* test files importing from another test module (``tests.test_x``, ``.test_x``,
  ``test_x``), ``board_file`` fixtures in tests/, ``pytest.raises`` calls with neither ``match`` nor their exception read (``as e``);
* the lines of manasolve/api.py;
* ``default_db() is default_db()``;
* ``api.pay`` on a board dict against the same call on a held `Board`, warm: the median
  of many interleaved calls of each, and their ratio.
"""

from __future__ import annotations

import ast
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ("manasolve", "models", "solver")


def library_files() -> list[Path]:
    """Every .py file of the library, in path order."""
    return [p for folder in LIBRARY for p in sorted((ROOT / folder).rglob("*.py")) if "__pycache__" not in p.parts]


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def module_tree() -> list[tuple[str, str]]:
    """(path, first line of its docstring or '') of each library module."""
    out = []
    for path in library_files():
        doc = ast.get_docstring(_tree(path)) or ""
        out.append((str(path.relative_to(ROOT)), doc.strip().splitlines()[0] if doc.strip() else ""))
    return out


def _is_dict(node: ast.expr | None, bare: bool) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "dict"
    if isinstance(node, ast.Subscript):
        return not bare and isinstance(node.value, ast.Name) and node.value.id == "dict"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = (node.left, node.right)
        return any(_is_dict(s, bare) for s in sides) and all(
            _is_dict(s, bare) or (isinstance(s, ast.Constant) and s.value is None) for s in sides)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return _is_dict(ast.parse(node.value, mode="eval").body, bare)
        except SyntaxError:
            return False
    return False


def dict_functions(bare: bool = True) -> list[str]:
    """file:line name of each library function annotated to return a bare ``dict`` (with
    `bare` False: ``dict[...]`` too)."""
    found = []
    for path in library_files():
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_dict(node.returns, bare):
                found.append("%s:%d %s" % (path.relative_to(ROOT), node.lineno, node.name))
    return found


def hand_answer_classes() -> list[str]:
    """The classes written out in manasolve/answer_schema.py (its base `_Answer` left out)."""
    path = ROOT / "manasolve" / "answer_schema.py"
    if not path.exists():
        return []
    return [n.name for n in _tree(path).body if isinstance(n, ast.ClassDef) and n.name != "_Answer"]


def id_caches() -> list[str]:
    """file:line of each mapping keyed by id(...): ``m[id(x)]``, ``m.get(id(x))``, ``id(x) in m``, ..."""
    def is_id(node: ast.AST) -> bool:
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"

    found = []
    for path in library_files():
        for node in ast.walk(_tree(path)):
            keyed = (isinstance(node, ast.Subscript) and is_id(node.slice)) or \
                (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                 and node.func.attr in ("get", "pop", "setdefault") and node.args and is_id(node.args[0])) or \
                (isinstance(node, ast.Compare) and is_id(node.left)
                 and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops))
            if keyed:
                found.append("%s:%d" % (path.relative_to(ROOT), node.lineno))
    return found


def local_imports() -> list[str]:
    """file:line of each import statement inside a function of the library."""
    found = []
    for path in library_files():
        for fn in ast.walk(_tree(path)):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        found.append("%s:%d" % (path.relative_to(ROOT), node.lineno))
    return sorted(set(found))


def mypy_errors() -> str:
    """mypy's error count on the installed view (`tools.typecheck`), as its summary line says."""
    done = subprocess.run([sys.executable, "-m", "tools.typecheck"], cwd=ROOT, capture_output=True, text=True)
    last = (done.stdout.strip().splitlines() or [""])[-1]
    found = re.search(r"Found (\d+) errors?", last)
    if found:
        return found.group(1)
    return "0" if last.startswith("Success") else "? (%s)" % last


def enum_comparisons() -> int:
    """`tools.enum_strings`' count."""
    from tools import enum_strings  # the checkout's own counter

    return len(enum_strings.comparisons(enum_strings.enum_values()))


_SSP = re.compile(r"shortest[- ]augmenting|successive[- _]shortest|bellman|spfa", re.I)


def min_cost_flows() -> list[str]:
    """The library modules holding a min-cost flow solver (see the module docstring)."""
    found = []
    for path in library_files():
        tree = _tree(path)
        uses_ortools = any(isinstance(n, (ast.Name, ast.Attribute)) and
                           (getattr(n, "id", None) == "SimpleMinCostFlow" or getattr(n, "attr", None) == "SimpleMinCostFlow")
                           for n in ast.walk(tree))
        hand = any(isinstance(n, (ast.FunctionDef, ast.ClassDef)) and
                   (_SSP.search(n.name) or _SSP.search(ast.get_docstring(n) or "")) for n in ast.walk(tree))
        if uses_ortools or hand:
            found.append(str(path.relative_to(ROOT)))
    return found


def _test_files() -> list[Path]:
    return [p for p in sorted((ROOT / "tests").rglob("*.py")) if "__pycache__" not in p.parts]


def cross_test_imports() -> list[str]:
    """The test files importing a name or module from another test module."""
    pattern = re.compile(r"^(tests\.|\.)?test_\w+$")
    found = []
    for path in _test_files():
        for node in ast.walk(_tree(path)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level <= 1 else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = ["." + (node.module or "")]
            if isinstance(node, ast.ImportFrom) and node.module is None:
                names = ["." + a.name for a in node.names]
            if any(pattern.match(n) and n.split(".")[-1] != path.stem for n in names):
                found.append(str(path.relative_to(ROOT)))
                break
    return found


def board_file_fixtures() -> list[str]:
    """file:line of each function named board_file in tests/ (a fixture by that name)."""
    return ["%s:%d" % (p.relative_to(ROOT), n.lineno) for p in _test_files() for n in ast.walk(_tree(p))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == "board_file"]


def raises_without_match() -> list[str]:
    """file:line of each pytest.raises(...) call in tests/ with no match= keyword whose
    exception is not read either (``with pytest.raises(E) as got:`` then asserting on
    ``got.value`` checks the message too)."""
    found = []
    for path in _test_files():
        tree = _tree(path)
        read = {id(item.context_expr) for n in ast.walk(tree) if isinstance(n, ast.With)
                for item in n.items if item.optional_vars is not None}
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "raises" \
                    and isinstance(n.func.value, ast.Name) and n.func.value.id == "pytest" \
                    and not any(k.arg == "match" for k in n.keywords) and id(n) not in read:
                found.append("%s:%d" % (path.relative_to(ROOT), n.lineno))
    return found


def api_lines() -> int:
    """The lines of manasolve/api.py."""
    return len((ROOT / "manasolve" / "api.py").read_text().splitlines())


def same_default_db() -> bool:
    """Whether two calls of default_db() give the one database."""
    from manasolve.models.carddb import default_db  # measured here, not at start-up

    return default_db() is default_db()


BOARD = {"format": "manasolve/board@1", "active_player": "a",
         "players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"},
                                                   {"id": "b", "card": "Birds of Paradise"}]}]}


def pay_dict_vs_board(rounds: int = 300) -> tuple[float, float, float]:
    """(median ms of api.pay on the board dict, median ms on the held Board, their ratio),
    warm, the two calls interleaved in each round (the same load on both)."""
    from manasolve import api  # measured here, not at start-up

    held = api.as_board(BOARD)
    assert api.pay(BOARD, "{1}{G}") == api.pay(held, "{1}{G}")  # warm, and the same answer
    on_dict, on_board = [], []
    for _ in range(rounds):
        t = time.perf_counter()
        api.pay(BOARD, "{1}{G}")
        on_dict.append(time.perf_counter() - t)
        t = time.perf_counter()
        api.pay(held, "{1}{G}")
        on_board.append(time.perf_counter() - t)
    a, b = statistics.median(on_dict) * 1000, statistics.median(on_board) * 1000
    return a, b, a / b


def main(argv: list[str]) -> int:
    """Print the figures (and with --tree the modules, one line each); exit 0."""
    tree = module_tree()
    if "--tree" in argv:
        for path, line in tree:
            print("%-40s %s" % (path, line))
        print()
    head = subprocess.run(["git", "log", "-1", "--format=%h %s"], cwd=ROOT, capture_output=True, text=True).stdout
    print("checkout: %s" % (head.strip()[:60] or ROOT))
    print("modules: %d, with a docstring: %d" % (len(tree), sum(1 for _, line in tree if line)))
    print("library functions returning a bare dict: %d (and %d more returning dict[...])"
          % (len(bare := dict_functions()), len(dict_functions(bare=False)) - len(bare)))
    print("hand answer classes (manasolve/answer_schema.py): %d" % len(hand_answer_classes()))
    print("id() caches: %d (%s)" % (len(ids := id_caches()), ", ".join(ids) or "none"))
    from tools.import_graph import cycles, import_graph, upward_imports  # the checkout's own reader

    graph = import_graph()
    found = cycles(graph)
    print("import cycles (grimp, installed view): %d%s" % (len(found), "".join("\n  " + " <-> ".join(c) for c in found)))
    print("imports from a lower layer to a higher one: %d" % len(upward_imports(graph)))
    print("function-local imports: %d" % len(local_imports()))
    print("mypy errors: %s" % ("not run (--no-mypy)" if "--no-mypy" in argv else mypy_errors()))
    print("enum string comparisons: %d" % enum_comparisons())
    flows = min_cost_flows()
    print("min-cost flow implementations: %d (%s)" % (len(flows), ", ".join(flows)))
    print("test files importing from other test modules: %d" % len(cross_test_imports()))
    print("board_file fixtures: %d" % len(board_file_fixtures()))
    print("pytest.raises with neither match nor its exception read: %d" % len(raises_without_match()))
    print("api.py lines: %d" % api_lines())
    print("default_db() is default_db(): %s" % same_default_db())
    on_dict, on_board, ratio = pay_dict_vs_board()
    print("api.pay warm, board dict vs held Board: %.3f ms vs %.3f ms (ratio %.2f)" % (on_dict, on_board, ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
