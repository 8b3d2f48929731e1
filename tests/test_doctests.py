"""The examples in the docstrings of the value types (mana symbols and costs) and of the
API (and of the question table it is one line over), run as tests.

They are found here rather than with pytest's ``--doctest-modules``: that option imports
``models/`` a second time as a top-level package ``models`` (beside the installed
``manasolve.models``), so its classes would not be the solver's.  Here each module is
imported by its installed name.
"""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("manasolve.models.oracle.words", "manasolve.models.mana", "manasolve.models.request", "manasolve.api",
           "manasolve.questions", "manasolve.session", "tests.support.boards")


def docstring_examples() -> list[doctest.DocTest]:
    """Every docstring with examples in MODULES."""
    finder = doctest.DocTestFinder()
    return [test for name in MODULES for test in finder.find(importlib.import_module(name)) if test.examples]


@pytest.mark.parametrize("example", docstring_examples(), ids=lambda test: test.name)
def test_docstring_examples(example: doctest.DocTest):
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(example, out=report.append)
    assert result.failed == 0, "".join(report)


def test_every_module_has_examples():
    # a module whose examples were all removed would otherwise pass silently
    names = [test.name for test in docstring_examples()]
    for module in MODULES:
        assert any(name == module or name.startswith(module + ".") for name in names), module
