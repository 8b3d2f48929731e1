"""Record every JSON answer the suite sees, to prove a refactor changes none.

A pytest plugin, off unless asked::

    python -m pytest -p tests.answer_record --record-answers before.jsonl --hypothesis-seed=0
    (refactor)
    python -m pytest -p tests.answer_record --record-answers after.jsonl
    python -m tests.answer_record before.jsonl after.jsonl

It records, per test, in call order, the answers of the three doors: every public function
of ``manasolve.api`` (the dict it returns, serialised with its key order), the standard
output of ``manasolve.cli.main`` called in-process, and the bytes ``Server.respond``
answers.  Answers of subprocesses are not seen (the CLI corpus of
``tools/answer_corpus.py`` covers those doors).  The comparison pairs the answers of the
tests both runs have, by (test, door, index), and prints every difference; keys that carry a
measurement (elapsed time, rates) are masked.
"""

from __future__ import annotations

import functools
import glob
import io
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

# Keys whose values are measurements of the run, not answers.
VOLATILE = re.compile(r'"(elapsed[a-z_]*|seconds|games_per_second|uptime[a-z_]*|eta[a-z_]*|started|took[a-z_]*)"'
                      r'\s*:\s*[-0-9.eE+]+')

_state: dict[str, Any] = {"file": None, "test": "", "n": 0, "depth": 0}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--record-answers", metavar="FILE", default=None,
                     help="write every answer the api, the in-process CLI and the server give to FILE (JSON lines)")


def _write(door: str, text: str) -> None:
    out = _state["file"]
    if out is None:
        return
    out.write(json.dumps({"test": _state["test"], "door": door, "n": _state["n"], "answer": text}) + "\n")
    _state["n"] += 1


def _text(answer: Any) -> str:
    if isinstance(answer, bytes):
        return answer.decode("utf-8", "replace")
    try:
        return json.dumps(answer, default=repr)
    except (TypeError, ValueError):
        return repr(answer)


def _outermost(door: str, fn):
    """`fn` recording its answer when it is not called from inside another recorded door."""
    @functools.wraps(fn)
    def recorded(*args, **kwargs):
        _state["depth"] += 1
        try:
            answer = fn(*args, **kwargs)
        finally:
            _state["depth"] -= 1
        if _state["depth"] == 0:
            _write(door, _text(answer))
        return answer
    return recorded


def _wrap_cli(main):
    @functools.wraps(main)
    def recorded(*args, **kwargs):
        real, tee = sys.stdout, io.StringIO()

        class _Tee(io.TextIOBase):
            def write(self, s: str) -> int:
                tee.write(s)
                return real.write(s)

            def flush(self) -> None:
                real.flush()

            def fileno(self) -> int:
                return real.fileno()

        sys.stdout = _Tee()
        _state["depth"] += 1
        try:
            status = main(*args, **kwargs)
        finally:
            _state["depth"] -= 1
            sys.stdout = real
        if _state["depth"] == 0:
            _write("cli", "%s\nexit %s" % (tee.getvalue(), status))
        return status
    return recorded


def _wrap_ask() -> None:
    """Record `manasolve.questions.ask` (the one door PlayBoard, the server and the API go
    through, where it exists) as the API function of the same name: a PlayBoard's question,
    once an ``api.*`` call, is recorded as one still."""
    try:
        import manasolve.questions as questions
    except ImportError:  # a tree from before the question table
        return
    ask, doors = questions.ask, {}

    @functools.wraps(ask)
    def recorded(name, *args, **kwargs):
        if name not in doors:  # only the questions manasolve.api has a function for
            doors[name] = _outermost("api." + name, ask) if hasattr(sys.modules.get("manasolve.api"), name) else ask
        return doors[name](name, *args, **kwargs)

    for module in list(sys.modules.values()):  # the modules that imported it by name
        if getattr(module, "ask", None) is ask and (getattr(module, "__name__", "") or "").startswith("manasolve"):
            module.ask = recorded
    questions.ask = recorded


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--record-answers")
    if not path:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # under -n: one file per worker, read back together
    _state["file"] = open(path + ("." + worker if worker else ""), "w", encoding="utf-8")
    import inspect

    _wrap_ask()
    import manasolve.api as api
    import manasolve.cli as cli
    import manasolve.server as server

    for name, fn in list(vars(api).items()):
        if (not name.startswith("_") and inspect.isfunction(fn) and fn.__module__ == api.__name__
                and name != "as_board"):
            setattr(api, name, _outermost("api." + name, fn))
    cli.main = _wrap_cli(cli.main)
    server.Server.respond = _outermost("server", server.Server.respond)


def pytest_runtest_setup(item: pytest.Item) -> None:
    _state["test"], _state["n"] = item.nodeid, 0


def pytest_unconfigure(config: pytest.Config) -> None:
    if _state["file"] is not None:
        _state["file"].close()
        _state["file"] = None


def _load(path: str) -> dict[tuple[str, str, int], str]:
    answers = {}
    lines = [line for name in [path] + sorted(glob.glob(glob.escape(path) + ".gw*")) if Path(name).exists()
             for line in Path(name).read_text(encoding="utf-8").splitlines()]
    for line in lines:
        row = json.loads(line)
        answers[(row["test"], row["door"], row["n"])] = VOLATILE.sub(r'"\1": "(measured)"', row["answer"])
    return answers


def compare(before: str, after: str) -> int:
    """Print every answer that differs between two recordings (tests both have); the number
    of differences."""
    a, b = _load(before), _load(after)
    tests_a = {k[0] for k in a}
    tests_b = {k[0] for k in b}
    common = tests_a & tests_b
    diffs = 0
    for test in sorted(common):
        keys = sorted({k for k in a if k[0] == test} | {k for k in b if k[0] == test}, key=lambda k: (k[2], k[1]))
        for key in keys:
            if a.get(key) != b.get(key):
                diffs += 1
                print("DIFF %s %s #%d\n  before: %s\n  after:  %s" % (key[0], key[1], key[2],
                      (a.get(key) or "(none)")[:400], (b.get(key) or "(none)")[:400]))
    print("%d answers before, %d after; %d tests in both (%d only before, %d only after); %d differences"
          % (len(a), len(b), len(common), len(tests_a - common), len(tests_b - common), diffs))
    return diffs


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1], sys.argv[2]) else 0)
