"""String comparisons that bypass the enums: ``python -m tools.enum_strings [--list]``.

Counts, in the library (models/, solver/, manasolve/), the comparisons (``==``, ``!=``,
``in``, ``not in``) of a field or name against a string literal (or a tuple, list or set
of them) that is the value of a member of one of the library's enums (models/, solver/),
e.g. ``s.kind == "generic"`` where ``SymbolKind.GENERIC`` is ``"generic"``.  Left out: a
literal tested for membership in a container (``"count" in answer``: a key) and a call
compared (``m.group(1) == "X"``: oracle text being read).  A literal is counted when it
is the value of *any* enum member, so a comparison of an unrelated string that happens
to spell an enum's word (a JSON key, a card keyword) is listed too: read ``--list``.
"""

from __future__ import annotations

import ast
import enum
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("models", "solver", "manasolve")


def enum_values() -> dict[str, set[str]]:
    """Each string value of a member of the library's enums -> the enums that have it."""
    out: dict[str, set[str]] = {}
    for folder in ("models", "solver"):  # the enums live in the lower layers
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            module = importlib.import_module(".".join(("manasolve",) + parts).removesuffix(".__init__"))
            for obj in vars(module).values():
                if isinstance(obj, type) and issubclass(obj, enum.Enum) and obj.__module__ == module.__name__:
                    for member in obj:
                        if isinstance(member.value, str):
                            out.setdefault(member.value, set()).add(obj.__name__)
    return out


def _strings(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def comparisons(values: dict[str, set[str]]) -> list[tuple[str, int, str]]:
    """(file, line, source) of each comparison of a non-literal against enum values."""
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text()
            for node in ast.walk(ast.parse(text)):
                if not isinstance(node, ast.Compare):
                    continue
                sides = [node.left, *node.comparators]
                for (a, b), op in zip(zip(sides, sides[1:]), node.ops):
                    if not isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                        continue
                    if isinstance(op, (ast.In, ast.NotIn)) and _strings(a):
                        continue  # "word" in a container: a key or member test, not a field's value
                    literal, other = (b, a) if _strings(b) else (a, b)
                    words = _strings(literal)
                    if isinstance(other, ast.Call):
                        continue  # text being read (m.group(1) == "X", word.upper()): not a field
                    if words and not _strings(other) and any(w in values for w in words):
                        found.append((str(path.relative_to(ROOT)), node.lineno, ast.get_source_segment(text, node) or ""))
                        break
    return found


def main(argv: list[str]) -> int:
    """Print the count (and with --list each comparison); exit 0."""
    found = comparisons(enum_values())
    if "--list" in argv:
        for file, line, source in found:
            print("%s:%d: %s" % (file, line, source.replace("\n", " ")))
    print("%d string comparisons against enum values" % len(found))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
