"""The time limit of the question being answered (issue 17).

A question runs inside ``time_limit(seconds)``; the solver's loops call `check()` and its
CP-SAT solves take `limit_solver(solver)`, so every question ends within about its limit:
with a sound partial answer where the command has one (a count's lower bound, the best
payment found so far, the plays checked so far), else by raising `TimeUp` ("gave up
after N s").  The limit is held in a context variable, so nested questions (a plays
answer counting each play) share the outer one, and threads each have their own.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import TypeVar
from contextlib import contextmanager
from contextvars import ContextVar

# (time.monotonic() past which the question gives up, the seconds it was given)
_LIMIT: ContextVar[tuple[float, float] | None] = ContextVar("manasolve_time_limit", default=None)
# CP-SAT is given at least this long, so a solve started just before the deadline still
# reports cleanly (it answers UNKNOWN or its best solution so far).
_LEAST_SOLVE = 0.001


class TimeUp(Exception):
    """The question's time limit passed before its answer was known."""

    def __init__(self, seconds: float):
        super().__init__("gave up after %g s (the time limit)" % seconds)
        self.seconds = seconds


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Questions asked inside stop after `seconds` (None: no limit of their own); an
    enclosing limit that ends sooner still applies."""
    if seconds is None:
        yield
        return
    mine = (time.monotonic() + seconds, float(seconds))
    outer = _LIMIT.get()
    token = _LIMIT.set(mine if outer is None or mine[0] < outer[0] else outer)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def deadline() -> float | None:
    """The time.monotonic() value past which the current question gives up (None: never)."""
    limit = _LIMIT.get()
    return None if limit is None else limit[0]


def seconds() -> float | None:
    """The seconds the current question was given (None: no limit)."""
    limit = _LIMIT.get()
    return None if limit is None else limit[1]


def check() -> None:
    """Raise TimeUp if the current question's time limit has passed."""
    limit = _LIMIT.get()
    if limit is not None and time.monotonic() > limit[0]:
        raise TimeUp(limit[1])


T = TypeVar("T")


def checked(items: Iterable[T]) -> Iterator[T]:
    """`items`, the time limit checked before each (a loop over them gives up in time)."""
    for item in items:
        check()
        yield item


def give_up() -> TimeUp:
    """The TimeUp of the current question (for a solver that stopped without an answer)."""
    limit = _LIMIT.get()
    return TimeUp(limit[1] if limit is not None else 0.0)


def limit_solver(solver) -> None:
    """Give a CP-SAT solver (cp_model.CpSolver) the time left, if the question has a limit."""
    limit = _LIMIT.get()
    if limit is not None:
        solver.parameters.max_time_in_seconds = max(limit[0] - time.monotonic(), _LEAST_SOLVE)
