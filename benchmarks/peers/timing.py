"""Time phase's ``actions()`` and manasolve's castability answers on the same boards."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.peers.boards import timing_board
from benchmarks.peers.compare import cast_cost, manasolve_castable, payable_castable, phase_castable
from benchmarks.peers.convert import to_phase
from manasolve.models.board import Board, load_board
from manasolve.solver import cpsat
from manasolve.solver.resources import collect

SIZES = (20, 50, 100, 200)
ROOT = Path(__file__).resolve().parents[2]


def shared_castable(board: Board, hand: list[str], graveyard: list[str]) -> list[bool]:
    """Castability by CP-SAT feasibility like ``payable``, but collecting the board's mana
    resources once for all the cards instead of once per card (what a batched API could do)."""
    player = board.active_player
    res = collect(board, player)
    life = board.player(player).life
    cards = [(n, "hand") for n in hand] + [(n, "graveyard") for n in graveyard]
    return [cpsat.solve(cpsat.build(res, cast_cost(board, n, z).announcements(), life)) is not None for n, z in cards]


# A warm process of another revision's code (its tree on PYTHONPATH) answering, per line
# of board JSON on stdin, the seconds of one `manasolve_castable` call on a freshly loaded
# board (loading not timed) and its answers.  Only names both revisions have are used.
WORKER = """
import json, sys, time
from benchmarks.peers.compare import manasolve_castable
from manasolve.models.board import load_board
for line in sys.stdin:
    board = json.loads(line)
    me = board["players"][0]
    fresh = load_board(board)
    t = time.perf_counter()
    answers = manasolve_castable(fresh, me["hand"], me["graveyard"])
    print(json.dumps([time.perf_counter() - t, answers]), flush=True)
"""


class Revision:
    """`WORKER` running the code of `tree` (a checkout or a ``git archive`` export)."""

    def __init__(self, tree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], cwd=tree, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def castable(self, board: dict) -> tuple[float, list[bool]]:
        """(seconds, answers) of that revision's ``plays`` castability on a fresh `board`."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(board) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the worker of the other revision stopped (see its stderr above)")
        seconds, answers = json.loads(line)
        return seconds, answers

    def close(self) -> None:
        """End the worker (its stdin closed: its loop ends)."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


@dataclass
class Timing:
    """Median seconds per board size for each contender, and whether answers matched."""

    lands: int
    phase: float
    payable: float
    shared: float
    plays: float | None  # manasolve plays (payable per play, no counts)
    agree: bool
    before: float | None = None  # plays of the `--before` revision, timed in the same run


def time_size(rng: random.Random, lands: int, reps: int = 5, before: Revision | None = None) -> Timing:
    """Time every contender on one board of ``lands`` lands (7-card hand, 2 flashback cards).

    manasolve is timed on a freshly loaded Board each repetition (board parsing not
    timed), so no answer is reused from a cache; phase's ``actions()`` on its loaded game.
    ``manasolve plays`` answers payable per play (no counts), like ``actions()``; `before`:
    the same question of another revision, in its own warm process.  The contenders take
    turns within each repetition, so load from other work falls on all of them alike."""
    board = timing_board(rng, lands)
    me = board["players"][0]
    pb = to_phase(board)
    game = pb.game()
    answers = phase_castable(game, pb)
    agree = payable_castable(load_board(board), me["hand"], me["graveyard"]) == answers
    agree = agree and manasolve_castable(load_board(board), me["hand"], me["graveyard"]) == answers
    if before is not None:
        agree = agree and before.castable(board)[1] == answers  # (its first call, warming it, not timed)
    times: dict[str, list[float]] = {"phase": [], "payable": [], "shared": [], "plays": [], "before": []}
    contenders: list[tuple[str, Callable]] = [("payable", payable_castable), ("shared", shared_castable),
                                              ("plays", manasolve_castable)]
    for _ in range(reps):
        t = time.perf_counter()
        phase_castable(game, pb)
        times["phase"].append(time.perf_counter() - t)
        for name, fn in contenders:
            fresh = load_board(board)
            t = time.perf_counter()
            fn(fresh, me["hand"], me["graveyard"])
            times[name].append(time.perf_counter() - t)
        if before is not None:
            times["before"].append(before.castable(board)[0])
    med = {k: statistics.median(v) if v else None for k, v in times.items()}
    return Timing(lands, med["phase"], med["payable"], med["shared"], med["plays"], agree, med["before"])


def export(commit: str, into: Path) -> Path:
    """The tree of `commit` written into `into` (``git archive``)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def time_all(seed: int, sizes: tuple[int, ...] = SIZES, reps: int = 5, before: str | None = None) -> list[Timing]:
    """`time_size` for every size, one board each; with `before` (a commit), that
    revision's ``plays`` too."""
    rng = random.Random(seed)
    if before is None:
        return [time_size(rng, n, reps) for n in sizes]
    with tempfile.TemporaryDirectory() as tmp:
        worker = Revision(export(before, Path(tmp) / "before"))
        try:
            return [time_size(rng, n, reps, worker) for n in sizes]
        finally:
            worker.close()
