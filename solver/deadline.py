"""The time limit of the question being answered (issue 17).

A question runs inside ``time_limit(seconds)``; the solver's loops call `check()` and its
CP-SAT solves take `limit_solver(solver)`, so every question ends within about its limit:
with a sound partial answer where the command has one (a count's lower bound, the best
payment found so far, the plays checked so far), else by raising `TimeUp` ("gave up
after N s").  The limit is held in a context variable, so nested questions (a plays
answer counting each play) share the outer one, and threads each have their own.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar
from contextlib import contextmanager
from contextvars import ContextVar

class Cancel:
    """A question's cancel switch, thrown from another thread (a server's reader): the
    question's loops see it at their next `check()`, and a CP-SAT solve running for it
    (given the question's time by `limit_solver`) is stopped at once."""

    def __init__(self) -> None:
        self._thrown = False
        self._lock = threading.Lock()
        self._solvers: list = []

    def set(self) -> None:
        with self._lock:
            self._thrown = True
            for solver in self._solvers:
                solver.stop_search()  # a no-op on a solver that is not solving

    def is_set(self) -> bool:
        return self._thrown

    def watch(self, solver) -> None:
        """Stop `solver` (a cp_model.CpSolver about to solve) if the switch is thrown."""
        with self._lock:
            self._solvers.append(solver)


# (time.monotonic() past which the question gives up, the seconds it was given, its
# cancel switch or None)
_LIMIT: ContextVar[tuple[float, float, Cancel | None] | None] = ContextVar("manasolve_time_limit", default=None)
_NEVER = float("inf")
# CP-SAT is given at least this long, so a solve started just before the deadline still
# reports cleanly (it answers UNKNOWN or its best solution so far).
_LEAST_SOLVE = 0.001


class TimeUp(Exception):
    """The question's time limit passed before its answer was known."""

    def __init__(self, seconds: float):
        super().__init__("gave up after %g s (the time limit)" % seconds)
        self.seconds = seconds

    def __reduce__(self):
        # A worker process's TimeUp reaches its pool pickled: rebuilt from its seconds,
        # not from its message (Exception's default would pass the message as seconds).
        return type(self), (self.seconds,)


class Cancelled(TimeUp):
    """The question was cancelled (a server's ``cancel``): it stops like at its time limit,
    with the same sound partial answer where it has one."""

    def __init__(self, seconds: float):
        TimeUp.__init__(self, seconds)
        Exception.__init__(self, "cancelled by the client")


@contextmanager
def time_limit(seconds: float | None, started: float | None = None) -> Iterator[None]:
    """Questions asked inside stop after `seconds` (None: no limit of their own), counted
    from `started` (a time.monotonic() value, e.g. a process's start; None: now); an
    enclosing limit that ends sooner still applies."""
    if seconds is None:
        yield
        return
    outer = _LIMIT.get()
    mine = ((time.monotonic() if started is None else started) + seconds, float(seconds),
            outer[2] if outer is not None else None)
    token = _LIMIT.set(mine if outer is None or mine[0] < outer[0] else outer)
    try:
        yield
    finally:
        _LIMIT.reset(token)


@contextmanager
def cancellable(event: Cancel) -> Iterator[None]:
    """Questions asked inside also stop (`Cancelled`) once `event` is set, from any thread."""
    outer = _LIMIT.get()
    token = _LIMIT.set((outer[0], outer[1], event) if outer is not None else (_NEVER, 0.0, event))
    try:
        yield
    finally:
        _LIMIT.reset(token)


def deadline() -> float | None:
    """The time.monotonic() value past which the current question gives up (None: never)."""
    limit = _LIMIT.get()
    return None if limit is None or limit[0] == _NEVER else limit[0]


def wall_until(seconds: float | None) -> float | None:
    """The time.time() value past which work given `seconds` (None: no limit of its own)
    stops: then, or at the current question's deadline if that comes sooner (None:
    never).  For work that keeps wall-clock time, e.g. across forked processes."""
    ends = [time.time() + seconds] if seconds is not None else []
    limit = deadline()
    if limit is not None:
        ends.append(time.time() + limit - time.monotonic())
    return min(ends) if ends else None


def sooner_seconds(seconds: float | None) -> float | None:
    """The seconds a TimeUp names when work given `seconds` from now (None: no limit of its
    own) gives up: the current question's when its limit ends sooner, else `seconds`."""
    limit = _LIMIT.get()
    if limit is not None and limit[0] != _NEVER and (seconds is None or limit[0] < time.monotonic() + seconds):
        return limit[1]
    return seconds


def seconds() -> float | None:
    """The seconds the current question was given (None: no limit)."""
    limit = _LIMIT.get()
    return None if limit is None or limit[0] == _NEVER else limit[1]


def check() -> None:
    """Raise TimeUp if the current question's time limit has passed (Cancelled if it was
    cancelled)."""
    limit = _LIMIT.get()
    if limit is not None:
        if limit[2] is not None and limit[2].is_set():
            raise Cancelled(limit[1])
        if time.monotonic() > limit[0]:
            raise TimeUp(limit[1])


def past(at: float | None) -> bool:
    """Whether a loop that keeps its own stop time `at` (a time.monotonic() value; None:
    none) must stop now: `at` has passed, or the question was cancelled."""
    if at is not None and time.monotonic() > at:
        return True
    limit = _LIMIT.get()
    return limit is not None and limit[2] is not None and limit[2].is_set()


T = TypeVar("T")


def checked(items: Iterable[T]) -> Iterator[T]:
    """`items`, the time limit checked before each (a loop over them gives up in time)."""
    for item in items:
        check()
        yield item


def give_up() -> TimeUp:
    """The TimeUp of the current question (for a solver that stopped without an answer)."""
    limit = _LIMIT.get()
    if limit is not None and limit[2] is not None and limit[2].is_set():
        return Cancelled(limit[1])
    return TimeUp(limit[1] if limit is not None else 0.0)


def limit_solver(solver) -> None:
    """Give a CP-SAT solver (cp_model.CpSolver) the time left, if the question has a limit."""
    limit = _LIMIT.get()
    if limit is None:
        return
    if limit[0] != _NEVER:
        solver.parameters.max_time_in_seconds = max(limit[0] - time.monotonic(), _LEAST_SOLVE)
    if limit[2] is not None:
        limit[2].watch(solver)
        if limit[2].is_set():
            solver.parameters.max_time_in_seconds = _LEAST_SOLVE
