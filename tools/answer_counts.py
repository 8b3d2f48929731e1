"""Figures of issue 28's "half-typed answers": library functions annotated to return a
bare ``dict``, literal answer keys written by solver modules, pydantic answer classes
and answer keys read back by the readers.  ``python -m tools.answer_counts``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ("manasolve", "solver", "models")
WRITERS = ("solver/pay.py", "solver/plays.py")
READERS = ("manasolve/cli/pay.py:render", "solver/plays.py:_tally", "manasolve/audit.py",
           "manasolve/payment_apply.py")


def _is_dict(node: ast.expr | None) -> bool:
    """A return annotation naming a plain dict (``dict``, ``dict[...]``, ``Dict``)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split("[")[0] in ("dict", "Dict")
    return isinstance(node, ast.Name) and node.id in ("dict", "Dict")


def dict_functions() -> list[str]:
    """Every library function annotated to return a dict (file:line name, `` *`` when a bare `dict`)."""
    out = []
    for top in LIBRARY:
        for path in sorted((ROOT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_dict(node.returns):
                    bare = isinstance(node.returns, ast.Name)  # `dict`, not `dict[str, int]`
                    out.append("%s:%d %s%s" % (path.relative_to(ROOT), node.lineno, node.name, " *" if bare else ""))
    return out


def _str(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def written_keys(tree: ast.AST) -> set[str]:
    """String keys a module writes into dicts: dict displays' keys, ``d["k"] = ...``,
    ``d.setdefault("k", ...)`` / ``d.update(k=...)``."""
    keys: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys.update(k for k in map(lambda n: _str(n) if n is not None else None, node.keys) if k)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Subscript) and (k := _str(sub.slice)):
                        keys.add(k)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "setdefault" and node.args and (k := _str(node.args[0])):
                keys.add(k)
            if node.func.attr == "update":
                keys.update(kw.arg for kw in node.keywords if kw.arg)
    return keys


def read_keys(tree: ast.AST) -> list[str]:
    """String keys read: ``d["k"]`` loads, ``d.get("k")``, ``"k" in d``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and (k := _str(node.slice)):
            out.append(k)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and (k := _str(node.args[0])):
            out.append(k)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)) and (k := _str(node.left)):
            out.append(k)
    return out


def _tree(spec: str) -> ast.AST | None:
    """The module of ``FILE`` or the function of ``FILE:NAME`` (None: no such function)."""
    file, _, name = spec.partition(":")
    tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
    if not name:
        return tree
    return next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name), None)


def pydantic_classes() -> int:
    """Classes in manasolve/answer_schema.py (the hand-written answer models)."""
    path = ROOT / "manasolve" / "answer_schema.py"
    if not path.exists():
        return 0
    return sum(isinstance(n, ast.ClassDef) for n in ast.parse(path.read_text(encoding="utf-8")).body)


def main() -> None:
    """Print the figures (``-v``: also each dict function)."""
    fns = dict_functions()
    bare = [f for f in fns if f.endswith("*")]
    print("library functions returning dict: %d (a bare `dict`: %d)" % (len(fns), len(bare)))
    if "-v" in sys.argv:
        print("\n".join("  " + f for f in fns))
    for file in WRITERS:
        print("literal keys written by %s: %d" % (file, len(written_keys(ast.parse((ROOT / file).read_text(encoding="utf-8"))))))
    print("classes in manasolve/answer_schema.py: %d" % pydantic_classes())
    for spec in READERS:
        tree = _tree(spec)
        print("string keys read in %s: %s" % (spec, "(no such function)" if tree is None else len(read_keys(tree))))


if __name__ == "__main__":
    main()
