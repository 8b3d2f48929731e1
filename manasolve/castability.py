"""``manasolve castability``: how often each spell of a deck is castable by turn, from
goldfish games played in shards (`manasolve.solver.castability`) in this process, on a
local process pool, or on Ray.  The game is in `manasolve.solver.goldfish`, the questions
and probabilities in `manasolve.solver.castability`.

Where the shards run (`run`): with ``--workers K`` (K > 1) or ``--address`` on Ray;
otherwise shard 0 starts in this process and, when the games left would take more than
`POOL_FROM_SECONDS` here (measured on the first games) and fork is available with two or
more usable cores, the other shards go to a pool of forked processes (which inherit the
warm memo: no start-up but the fork) while this process finishes shard 0 and then plays
shards no worker has started.  A shard's games do not depend on where it runs, so a seed
gives the same answer on any executor.

A time limit (`time_limit` seconds) is kept by every worker: each game ends with a look at
the clock (and the solver's own calls keep the limit), so the answer comes within about a
game of the limit: the games played by then, marked ``"time_limit_reached": true``.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from typing import TYPE_CHECKING

from manasolve.answer_format import names_format
from manasolve.models.bounds import MAX_TURNS
from manasolve.models.errors import ParameterError, shown
from manasolve.solver import deadline

if TYPE_CHECKING:  # imported where used: `manasolve --help` reads this module's defaults
    from manasolve.models.decklist import DeckList
    from manasolve.solver.goldfish import GameSetup, Goldfish, KeepRule

MAX_GAMES = 1_000_000_000
# Without --games: enough games that every by_turn probability's 95% confidence interval is
# within ±DEFAULT_PRECISION percentage points (the worst case, p = 1/2).
DEFAULT_PRECISION = 0.5
_Z95 = 1.959963984540054  # the normal quantile of 97.5%
DEFAULT_TIME_LIMIT = 60.0  # seconds; the answer past it is the games played (partial)
PILOT_SECONDS = 0.5  # shard 0 alone this long before the pool is decided on
POOL_FROM_SECONDS = 2.0  # a pool when the games left would take longer than this in one process
_TICK = 16  # games between two updates of the shared progress counter
_TURNS = re.compile(r"([0-9]{1,3})(?:-([0-9]{1,3}))?")
_MULLIGAN = re.compile(r"karsten|none|[0-7]-[0-7]")


def games_for(precision: float) -> int:
    """The games after which a simulated probability's 95% confidence interval is within
    ±`precision` percentage points whatever the probability: (z / (2 e))^2, e the
    precision as a fraction (the binomial variance is at most 1/4)."""
    return math.ceil((_Z95 * 50 / precision) ** 2)


def precision_of(games: int) -> float:
    """The half-width, in percentage points, of the 95% confidence interval of a
    probability simulated from `games` games, at worst (p = 1/2)."""
    return 100 * _Z95 * math.sqrt(0.25 / games)


def parse_turns(text: str) -> tuple[int, int]:
    """``1-7`` or ``7`` (turns 1..7) in ASCII digits, as (first, last); ParameterError otherwise."""
    m = _TURNS.fullmatch(text.strip())
    if m is not None:
        first, last = (1, int(m.group(1))) if m.group(2) is None else (int(m.group(1)), int(m.group(2)))
        if 1 <= first <= last <= MAX_TURNS:
            return first, last
    raise ParameterError("turns", "expected turns like 1-7 or 6 (within 1..%d), got %s" % (MAX_TURNS, shown(text, 30)))


def parse_mulligan(text: str) -> KeepRule:
    """The keep rule ``karsten``, ``none`` or ``LO-HI`` (ASCII digits 0..7, LO <= HI);
    ParameterError otherwise."""
    if _MULLIGAN.fullmatch(text) and (len(text) != 3 or text[0] <= text[2]):
        from manasolve.solver.goldfish import keep_rule

        return keep_rule(text)
    raise ParameterError("mulligan", "unknown mulligan rule %s: karsten, none, or a 7-card land range LO-HI within "
                         "0-7 like 2-5" % shown(text, 30))


@dataclass
class Run:
    """Games played: their merged records, how many, whether the time limit stopped them,
    and where they ran (``{"kind": "in_process" | "process_pool" | "ray", "workers": K}``)."""

    records: Counter
    games: int
    time_limit_reached: bool
    executor: dict


@names_format("castability")
def castability(deck: str | DeckList, games: int | None = None, turns: str | tuple[int, int] = "1-7",
                on_play: bool = True, mulligan: str = "karsten", seed: int = 1, workers: int | None = None,
                address: str | None = None, pairs: Iterable[tuple[str, str]] = (), cards: str | None = None,
                progress: Callable[[int, int], None] | None = None, precision: float = DEFAULT_PRECISION,
                time_limit: float | None = DEFAULT_TIME_LIMIT) -> dict:
    """Per nonland card of `deck` (a deck list file or a parsed DeckList), P(castable) on
    each turn, on curve, on curve given the lands, and the average delay, from `games`
    goldfish games with `seed` (see `manasolve.solver.castability`); without `games`, as
    many as `precision` asks (`games_for`); `pairs`: two cards cast in one turn.
    workers / address: Ray (see the module docstring for the default); the answer is the
    same on any executor.  Past `time_limit` seconds (None: no limit) the answer is the
    games played by then, with ``"time_limit_reached": true`` (TimeUp if none finished).
    `progress(games played, games asked)` is called from a helper thread about twice a
    second while games are played."""
    source = deck if isinstance(deck, str) else deck.source
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit > 0):
        raise ParameterError("time_limit", "give seconds above 0 (or no limit), got %r" % time_limit, source)
    until = None if time_limit is None else time.time() + time_limit
    if not (isinstance(precision, (int, float)) and math.isfinite(precision) and 0 < precision <= 50):
        raise ParameterError("precision", "give percentage points within (0, 50], e.g. 0.5, got %r" % precision,
                             source)
    asked = games_for(precision) if games is None else games
    if not 1 <= asked <= MAX_GAMES:
        raise ParameterError("games", "games must be within 1..%d, got %d%s" % (
            MAX_GAMES, asked, "" if games is not None else " (from --precision %g)" % precision), source)
    try:
        first, last = parse_turns(turns) if isinstance(turns, str) else turns
        rule = parse_mulligan(mulligan)
    except ParameterError as exc:
        exc.source = source
        raise
    if seed < 0:
        raise ParameterError("seed", "seed must be 0 or more, got %d" % seed, source)
    from manasolve.models.carddb import default_db
    from manasolve.models.decklist import read_decklist
    from manasolve.solver.castability import deck_questions, summarise
    from manasolve.solver.goldfish import GameSetup

    db = default_db(cards)
    if isinstance(deck, str):
        deck = read_decklist(deck, db)
    pairs = list(pairs)
    questions, notes = deck_questions(deck, db, pairs)
    setup = GameSetup(tuple(deck.cards()), tuple(questions), last, on_play, rule,
                      tuple(e.name for e in deck.commander))
    played = run(setup, asked, seed, workers, address, cards, progress, until)
    if played.games == 0:
        raise deadline.TimeUp(time_limit or 0.0)
    entries = summarise(questions, played.records, last)
    for e in entries:
        e["by_turn"] = {t: p for t, p in e["by_turn"].items() if int(t) >= first}
    lands = sum(e.count for e in deck.main if db.get(e.name).is_type("Land"))
    answer = {"games": played.games, "games_asked": asked, "precision_points": round(precision_of(played.games), 3),
              "seed": seed, "turns": [first, last], "on_play": on_play, "mulligan": rule.name,
              "deck": {"cards": deck.size, "lands": lands, "commander": [e.name for e in deck.commander],
                       "sideboard": sum(e.count for e in deck.sideboard)},
              "executor": played.executor,
              "cards": entries[:len(entries) - len(pairs)] if pairs else entries}
    if pairs:
        answer["pairs"] = entries[len(entries) - len(pairs):]
    if played.time_limit_reached:
        answer["time_limit_reached"] = True
    answer["notes"] = notes
    return answer


def run_games(setup: GameSetup, games: int, seed: int, workers: int | None = None, address: str | None = None,
              cards: str | None = None, progress: Callable[[int, int], None] | None = None) -> Counter:
    """The merged records of `games` games of `setup` with `seed` (the same records on any
    executor)."""
    return run(setup, games, seed, workers, address, cards, progress).records


def run(setup: GameSetup, games: int, seed: int, workers: int | None = None, address: str | None = None,
        cards: str | None = None, progress: Callable[[int, int], None] | None = None,
        until: float | None = None) -> Run:
    """`games` games of `setup` with `seed`, shard by shard, where the module docstring
    says, stopping at the wall-clock time `until` (time.time(); None: never)."""
    from manasolve.solver.castability import merged, shards

    tasks = [(seed, i, n) for i, n in shards(games)]
    counter = multiprocessing.Value("q", 0)
    reporter = _Reporter(counter, games, progress)
    reporter.start()
    try:
        if address is None and workers in (None, 1):
            results, where = _run_here(setup, cards, tasks, until, counter, pool=workers is None)
        else:
            results, where = _run_on_ray(setup, cards, tasks, until, counter, workers, address)
    finally:
        reporter.stop()
    return Run(merged(r for r, _, _ in results), sum(n for _, n, _ in results), any(s for _, _, s in results), where)


class _Stop(Exception):
    """The time limit passed at the end of a game."""


def goldfish_worker(setup: GameSetup, cards: str | None, until: float | None = None,
                    counter=None, watch: Callable[[int], None] | None = None
                    ) -> Callable[[tuple[int, int, int]], tuple[Counter, int, bool]]:
    """A worker playing shards (seed, shard, games) of `setup` with one shared memo: each
    answers (records, games played, stopped by the time limit `until`); `counter` (a
    multiprocessing Value) counts the games played, `watch(games played in the shard)` is
    called after each game."""
    from manasolve.models.carddb import default_db
    from manasolve.solver.goldfish import Goldfish

    return _shard_player(Goldfish(setup, default_db(cards)), until, counter, watch)


def _shard_player(fish: Goldfish, until: float | None, counter, watch: Callable[[int], None] | None = None):
    def play(task: tuple[int, int, int]) -> tuple[Counter, int, bool]:
        seed, shard, n = task
        records: Counter = Counter()
        played = 0

        def on_game(record: tuple) -> None:
            nonlocal played
            records[record] += 1
            played += 1
            if counter is not None and played % _TICK == 0:
                with counter.get_lock():
                    counter.value += _TICK
            if watch is not None:
                watch(played)
            if until is not None and time.time() > until:
                raise _Stop

        stopped = until is not None and time.time() >= until
        if not stopped:
            try:
                with deadline.time_limit(None if until is None else max(until - time.time(), 0.001)):
                    fish.play_games(n, seed, shard, on_game)
            except (_Stop, deadline.TimeUp):
                stopped = True
        if counter is not None and played % _TICK:
            with counter.get_lock():
                counter.value += played % _TICK
        return records, played, stopped
    return play


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# The shard player forked pool workers inherit (set just before the pool forks them).
_FORKED: Callable | None = None


def _forked_task(task: tuple[int, int, int]) -> tuple[Counter, int, bool]:
    return _FORKED(task)


def _run_here(setup: GameSetup, cards: str | None, tasks: list, until: float | None, counter,
              pool: bool) -> tuple[list, dict]:
    """The shards played in this process, or (`pool`, see the module docstring) shard 0
    here and the others on a pool of forked processes."""
    global _FORKED
    from manasolve.models.carddb import default_db
    from manasolve.solver.goldfish import Goldfish

    cores = usable_cores()
    fish = Goldfish(setup, default_db(cards))
    plain = _shard_player(fish, until, counter)
    if not pool or len(tasks) == 1 or cores < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [plain(t) for t in tasks], {"kind": "in_process", "workers": 1}
    total = sum(n for _, _, n in tasks)
    started = time.monotonic()
    futures: list[tuple[Future, tuple]] = []
    executor: list[ProcessPoolExecutor] = []
    forked = min(cores - 1, len(tasks) - 1)

    def fork_pool() -> None:
        global _FORKED
        _FORKED = plain
        executor.append(ProcessPoolExecutor(forked, mp_context=multiprocessing.get_context("fork")))
        futures.extend((executor[0].submit(_forked_task, t), t) for t in tasks[1:])

    def watch(played: int) -> None:  # after each game of shard 0
        if executor or played % _TICK:
            return
        elapsed = time.monotonic() - started
        if elapsed >= PILOT_SECONDS and (total - played) * elapsed / played > POOL_FROM_SECONDS:
            fork_pool()

    try:
        results = [_shard_player(fish, until, counter, watch)(tasks[0])]
        if not executor:
            elapsed = time.monotonic() - started
            if results[0][1] == 0 or (total - results[0][1]) * elapsed / results[0][1] <= POOL_FROM_SECONDS:
                return results + [plain(t) for t in tasks[1:]], {"kind": "in_process", "workers": 1}
            fork_pool()
        for future, task in reversed(futures):  # the shards no worker has started: played here
            if future.cancel():
                results.append(plain(task))
        results += [f.result() for f, _ in futures if not f.cancelled()]
        return results, {"kind": "process_pool", "workers": 1 + forked}
    finally:
        _FORKED = None
        if executor:
            executor[0].shutdown(wait=True, cancel_futures=True)


def _run_on_ray(setup: GameSetup, cards: str | None, tasks: list, until: float | None, counter,
                workers: int | None, address: str | None) -> tuple[list, dict]:
    """The shards on Ray (`manasolve.executors`), the progress counted per shard."""
    from manasolve.executors import executor

    where = executor(workers, address, len(tasks), 1)
    results = []
    for r in where.map(goldfish_worker, (setup, cards, until), tasks):
        results.append(r)
        with counter.get_lock():
            counter.value += r[1]
    kind = "in_process" if where.workers == 1 and address is None else "ray"
    return results, {"kind": kind, "workers": where.workers}


class _Reporter:
    """Calls progress(games played, games asked) from a helper thread every `every` s."""

    def __init__(self, counter, total: int, progress: Callable[[int, int], None] | None, every: float = 0.5):
        self.counter, self.total, self.progress, self.every = counter, total, progress, every
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True, name="castability-progress")

    def start(self) -> None:
        if self.progress is not None:
            self.thread.start()

    def _loop(self) -> None:
        while not self.done.wait(self.every):
            self.progress(self.counter.value, self.total)

    def stop(self) -> None:
        if self.progress is not None:
            self.done.set()
            self.thread.join()
