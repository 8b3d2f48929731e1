"""Time phase's ``actions()`` and manasolve's castability answers on the same boards."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.peers.boards import timing_board
from benchmarks.peers.compare import cast_cost, manasolve_castable, payable_castable, phase_castable
from benchmarks.peers.convert import to_phase
from manasolve.models.board import Board, load_board
from manasolve.solver import cpsat
from manasolve.solver.resources import collect

SIZES = (20, 50, 100, 200)


def shared_castable(board: Board, hand: list[str], graveyard: list[str]) -> list[bool]:
    """Castability by CP-SAT feasibility like ``payable``, but collecting the board's mana
    resources once for all the cards instead of once per card (what a batched API could do)."""
    player = board.active_player
    res = collect(board, player)
    life = board.player(player).life
    cards = [(n, "hand") for n in hand] + [(n, "graveyard") for n in graveyard]
    return [cpsat.solve(cpsat.build(res, cast_cost(board, n, z).announcements(), life)) is not None for n, z in cards]


@dataclass
class Timing:
    """Median seconds per board size for each contender, and whether answers matched."""

    lands: int
    phase: float
    payable: float
    shared: float
    plays: float | None  # manasolve plays (payable per play, no counts)
    agree: bool


def _median(fn: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def time_size(rng: random.Random, lands: int, reps: int = 5) -> Timing:
    """Time every contender on one board of ``lands`` lands (7-card hand, 2 flashback cards).

    manasolve is timed on a freshly loaded Board each repetition (board parsing not
    timed), so no answer is reused from a cache; phase's ``actions()`` on its loaded game.
    ``manasolve plays`` answers payable per play (no counts), like ``actions()``."""
    board = timing_board(rng, lands)
    me = board["players"][0]
    pb = to_phase(board)
    game = pb.game()
    phase_t = _median(lambda: phase_castable(game, pb), reps)

    def fresh(fn: Callable, n: int = reps) -> Callable[[], object]:
        boards = iter([load_board(board) for _ in range(n)])
        return lambda: fn(next(boards), me["hand"], me["graveyard"])

    answers = phase_castable(game, pb)
    agree = payable_castable(load_board(board), me["hand"], me["graveyard"]) == answers
    agree = agree and manasolve_castable(load_board(board), me["hand"], me["graveyard"]) == answers
    return Timing(lands, phase_t, _median(fresh(payable_castable), reps), _median(fresh(shared_castable), reps),
                  _median(fresh(manasolve_castable), reps), agree)


def time_all(seed: int, sizes: tuple[int, ...] = SIZES, reps: int = 5) -> list[Timing]:
    """`time_size` for every size, one board each."""
    rng = random.Random(seed)
    return [time_size(rng, n, reps) for n in sizes]
