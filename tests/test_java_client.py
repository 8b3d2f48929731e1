"""The Java client of examples/java runs against `manasolve serve` and sees what the
Python API answers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from manasolve import api, open_board

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "examples" / "java" / "ManasolveClient.java"

pytestmark = pytest.mark.skipif(not (shutil.which("javac") and shutil.which("java")),
                                reason="javac/java not installed: the Java client is not compiled or run")


def test_the_java_client_pays_applies_and_asks_again(tmp_path):
    subprocess.run(["javac", "-d", str(tmp_path), str(SOURCE)], check=True, capture_output=True, timeout=120)
    board_file = ROOT / "manasolve" / "data" / "example_board.json"
    cost = "{2}{G}{W/U}"
    env = {**os.environ, "MANASOLVE_SERVE": "%s -m manasolve serve" % sys.executable}
    run = subprocess.run(["java", "-cp", str(tmp_path), "ManasolveClient", str(board_file), cost], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    # The same steps through the Python session board.
    b = open_board(str(board_file))
    first = b.pay(cost)
    best = b.best(cost, why=True)
    done = b.apply(best)
    again = b.pay(cost)
    def said(answer: dict) -> str:  # as the client prints it: the count when the answer has one
        return str(answer["payable"]).lower() + (" (%d payments)" % answer["count"] if "count" in answer else "")

    uses = ", ".join("%s %s" % (a["permanent"], a["produces"]) for a in best["best"]["activations"])
    assert run.stdout.splitlines() == [
        "session: s1",
        "payable %s: %s" % (cost, said(first)),
        "best: " + uses,
        "why: " + best["why"][0],
        "applied: tapped %s, floating '%s'" % (" ".join(done["tapped"]), done["floating"]),
        "payable %s again: %s" % (cost, said(again)),
        "bad line: error -32700",
        "payable %s after undo: %s" % (cost, said(first)),
        "ping: running null",
        "cancel 999: unknown",
        "server exit status: 0",
    ]
    assert first == api.pay(str(board_file), cost)
