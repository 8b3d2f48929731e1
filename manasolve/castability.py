"""``manasolve castability``: how often each spell of a deck is castable by turn, from
goldfish games played in shards (`manasolve.solver.castability`) in this process, on a
local process pool, or on Ray.  The game is in `manasolve.solver.goldfish`, the questions
and probabilities in `manasolve.solver.castability`.

Where the shards run (`_Work`): with ``--workers K`` (K > 1) or ``--address`` on Ray;
otherwise shard 0 starts in this process and, when the games left would take more than
`POOL_FROM_SECONDS` here (measured on the first games) and fork is available with two or
more usable cores, forked processes (which inherit the warm memo: no start-up but the
fork) take the other shards from a shared counter while this process finishes shard 0 and
then takes shards too.  A shard's games do not depend on where it runs, so a seed
gives the same answer on any executor.

A time limit (`time_limit` seconds) is kept by every worker: each game ends with a look at
the clock (and the solver's own calls keep the limit); the deck is read and the games played
in a helper thread, so the answer comes at the limit plus `GRACE_SECONDS` whatever runs
long: the games played by then, marked ``"time_limit_reached": true``.
"""

from __future__ import annotations

import importlib.util
import math
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from typing import TYPE_CHECKING

from manasolve.answer_format import names_format
from manasolve.models.bounds import MAX_TURNS
from manasolve.models.errors import ParameterError, shown
from manasolve.executors import usable_cores
from manasolve.solver import deadline
from manasolve.solver.castability_results import CastabilityAnswer, DeckSummary, Executor

if TYPE_CHECKING:  # imported where used: `manasolve --help` reads this module's defaults
    from manasolve.executors import InProcess, Measured, RayExecutor
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
        from manasolve.solver.goldfish import keep_rule  # keeps start-up light

        return keep_rule(text)
    raise ParameterError("mulligan", "unknown mulligan rule %s: karsten, none, or a 7-card land range LO-HI within "
                         "0-7 like 2-5" % shown(text, 30))


GRACE_SECONDS = 0.1  # past the time limit, how long the answer waits for games ending (then answers without them)


@dataclass
class Run:
    """Games played: their merged records, how many, whether the time limit stopped them,
    and where they ran."""

    records: Counter
    games: int
    time_limit_reached: bool
    executor: Executor


@names_format("castability")
def castability(deck: str | DeckList, games: int | None = None, turns: str | tuple[int, int] = "1-7",
                on_play: bool = True, mulligan: str = "karsten", seed: int = 1, workers: int | None = None,
                address: str | None = None, pairs: Iterable[tuple[str, str]] = (), cards: str | None = None,
                progress: Callable[[int, int], None] | None = None, precision: float = DEFAULT_PRECISION,
                time_limit: float | None = DEFAULT_TIME_LIMIT) -> dict:
    """The JSON answer (with its ``format``) of `castability_answer`."""
    from manasolve.answers import castability_json  # keeps start-up light

    return castability_json(castability_answer(deck, games, turns, on_play, mulligan, seed, workers, address, pairs,
                                               cards, progress, precision, time_limit))


def castability_answer(deck: str | DeckList, games: int | None = None, turns: str | tuple[int, int] = "1-7",
                       on_play: bool = True, mulligan: str = "karsten", seed: int = 1, workers: int | None = None,
                       address: str | None = None, pairs: Iterable[tuple[str, str]] = (), cards: str | None = None,
                       progress: Callable[[int, int], None] | None = None, precision: float = DEFAULT_PRECISION,
                       time_limit: float | None = DEFAULT_TIME_LIMIT) -> CastabilityAnswer:
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
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and math.isfinite(time_limit)
                                       and time_limit > 0):
        raise ParameterError("time_limit", "give seconds above 0 (or no limit), got %r" % time_limit, source)
    until = deadline.wall_until(time_limit)  # an enclosing limit (the CLI's, from the process start) may end sooner
    named = deadline.sooner_seconds(time_limit)  # the limit a give-up names: the one that ends first
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
    if (address is not None or (workers or 1) > 1) and importlib.util.find_spec("ray") is None:
        raise ParameterError("workers" if address is None else "address", "Ray is not installed: pip install "
                             "\"manasolve[ray]\" (without --workers the games run in this process or a local pool)",
                             source)
    from manasolve.card_settings import card_db  # keeps start-up light
    from manasolve.solver.castability import DEFINITION, summarise
    from manasolve.solver.goldfish import land_faces

    db = card_db(cards)
    work = _Work(deck, db, list(pairs), last, on_play, rule, asked, seed, workers, address, cards, until)
    played = work.run_within(progress)
    if played.games == 0:
        raise deadline.TimeUp(named or 0.0)
    read: DeckList = work.deck  # read by the run (`_Work._set_up`)
    questions, n_pairs = work.questions, len(work.pairs)
    entries = tuple(replace(e, by_turn={t: p for t, p in e.by_turn.items() if int(t) >= first})
                    for e in summarise(questions, played.records, last))
    lands = sum(e.count for e in read.main if land_faces(db, e.name))  # an MDFC with a land face counts
    return CastabilityAnswer(
        played.games, asked, round(precision_of(played.games), 3), seed, (first, last), on_play, rule.name,
        DeckSummary(read.size, lands, tuple(e.name for e in read.commander), sum(e.count for e in read.sideboard)),
        played.executor, DEFINITION, entries[:len(entries) - n_pairs] if n_pairs else entries,
        pairs=entries[len(entries) - n_pairs:] if n_pairs else None, time_limit_reached=played.time_limit_reached,
        notes=tuple(work.notes))


def run_games(setup: GameSetup, games: int, seed: int, workers: int | None = None, address: str | None = None,
              cards: str | None = None, progress: Callable[[int, int], None] | None = None) -> Counter:
    """The merged records of `games` games of `setup` with `seed` (the same records on any
    executor)."""
    work = _Work(None, None, [], setup.turns, setup.on_play, setup.mulligan, games, seed, workers, address, cards,
                 None, setup)
    return work.run_within(progress).records


class _Tally:
    """The records of the games played so far, added to from the threads playing them."""

    def __init__(self):
        self.lock = threading.Lock()
        self.records: Counter = Counter()
        self.games = 0

    def add(self, records: Counter, games: int) -> None:
        with self.lock:
            self.records.update(records)
            self.games += games

    def add_one(self, record: tuple) -> None:
        with self.lock:
            self.records[record] += 1
            self.games += 1

    def snapshot(self) -> tuple[Counter, int]:
        with self.lock:
            return Counter(self.records), self.games


class _Work:
    """One castability run: the deck read, its questions, and its games, done in a helper
    thread (`run_within`) so that the answer keeps the time limit whatever part of it runs
    long (reading a large deck, the first games' solver calls, a pool worker's game)."""

    def __init__(self, deck, db, pairs: list, turns: int, on_play: bool, rule, games: int, seed: int,
                 workers: int | None, address: str | None, cards: str | None, until: float | None,
                 setup: GameSetup | None = None):
        self.deck, self.db, self.pairs, self.turns, self.on_play, self.rule = deck, db, pairs, turns, on_play, rule
        self.games, self.seed, self.workers, self.address, self.cards = games, seed, workers, address, cards
        self.until, self.setup = until, setup
        self.questions: list = []
        self.notes: list[str] = []
        self.tally = _Tally()
        import multiprocessing  # here: `manasolve --help` and every question import this module for its defaults; keeps start-up light

        self.counter = multiprocessing.Value("q", 0)  # games played, for progress (pool workers add to it)
        self.children: list = []  # forked pool processes
        self.failed: BaseException | None = None
        self.here = address is None and workers in (None, 1)
        from manasolve.solver.castability import shards  # keeps start-up light

        self.executor = Executor("in_process", 1)
        self.tasks = [(seed, i, n) for i, n in shards(games)]
        self.ray: InProcess | Measured | RayExecutor | None = None

    def run_within(self, progress: Callable[[int, int], None] | None) -> Run:
        """The games played (all asked, or those ended by the time limit plus GRACE_SECONDS)."""
        if not self.here:  # Ray starts in the caller's thread (it sets signal handlers), before any game
            from manasolve.executors import RayExecutor, executor  # keeps start-up light

            self.ray = executor(self.workers, self.address, len(self.tasks))
            self.executor = Executor("ray" if isinstance(self.ray, RayExecutor) else "in_process", self.ray.workers)
        helper = threading.Thread(target=self._work, daemon=True, name="castability-games")
        reporter = _Reporter(self.counter, self.games, progress)
        reporter.start()
        try:
            helper.start()
            helper.join(None if self.until is None else max(0.0, self.until + GRACE_SECONDS - time.time()))
        finally:
            reporter.stop()
        if helper.is_alive():
            for child in self.children:
                child.terminate()
        elif self.failed is not None:
            raise self.failed
        records, games = self.tally.snapshot()
        return Run(records, games, games < self.games, self.executor)

    def _work(self) -> None:
        try:
            with deadline.time_limit(None if self.until is None else max(self.until - time.time(), 0.001)):
                if self.setup is None:
                    self._set_up()
                self._play()
        except deadline.TimeUp:
            pass  # the games played so far are the answer
        except BaseException as exc:  # raised in the caller's thread
            self.failed = exc

    def _set_up(self) -> None:
        from manasolve.models.decklist import read_decklist  # keeps start-up light
        from manasolve.solver.castability import deck_questions
        from manasolve.solver.goldfish import GameSetup

        if isinstance(self.deck, str):
            self.deck = read_decklist(self.deck, self.db)
        self.questions, self.notes = deck_questions(self.deck, self.db, self.pairs)
        self.setup = GameSetup(tuple(self.deck.cards()), tuple(self.questions), self.turns, self.on_play, self.rule,
                               tuple(e.name for e in self.deck.commander))

    def _play(self) -> None:
        if self.here:
            self._play_here(self.tasks, pool=self.workers is None)
        else:
            self._play_on_ray(self.tasks)

    def _play_here(self, tasks: list, pool: bool) -> None:
        """The shards played in this process, or (`pool`, see the module docstring) also
        by forked processes, each taking the next shard no one has taken."""
        import multiprocessing  # keeps start-up light

        from manasolve.card_settings import card_db
        from manasolve.solver.goldfish import Goldfish

        assert self.setup is not None  # by `_set_up`
        fish = Goldfish(self.setup, card_db(self.cards))
        cores = usable_cores()
        can_fork = pool and len(tasks) > 1 and cores > 1 and "fork" in multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork") if can_fork else None
        taken = multiprocessing.Value("i", 1)  # shard 0 is this process's
        results = context.Queue() if context is not None else None  # (a context when it can fork)
        total, started = self.games, time.monotonic()

        def take() -> tuple | None:
            with taken.get_lock():
                if taken.value >= len(tasks):
                    return None
                taken.value += 1
                return tasks[taken.value - 1]

        def fork_pool() -> None:
            assert context is not None  # forked only when it can fork
            play = _shard_player(fish, self.until, self.counter)
            for _ in range(min(cores - 1, len(tasks) - 1)):
                child = context.Process(target=_pool_worker, args=(play, take, results), daemon=True)
                child.start()
                self.children.append(child)
            self.executor = Executor("process_pool", 1 + len(self.children))

        def decide(played: int, shard_done: bool) -> None:  # fork when the games left would take long here
            if can_fork and not self.children and played and (self.until is None or time.time() < self.until):
                elapsed = time.monotonic() - started
                if (shard_done or elapsed >= PILOT_SECONDS) and (total - played) * elapsed / played > POOL_FROM_SECONDS:
                    fork_pool()

        def consider(played: int) -> None:  # after each game of shard 0
            if not played % _TICK:
                decide(played, False)

        decide(_shard_player(fish, self.until, self.counter, consider, self.tally)(tasks[0])[1], True)
        here = _shard_player(fish, self.until, self.counter, tally=self.tally)
        while (task := take()) is not None:
            here(task)
        ended = 0
        while ended < len(self.children):
            assert results is not None  # children: forked, with their queue
            got = results.get()
            if got is None:
                ended += 1
            elif isinstance(got, BaseException):
                raise got
            else:
                self.tally.add(*got)

    def _play_on_ray(self, tasks: list) -> None:
        """The shards on Ray (`manasolve.executors`), the progress counted per shard."""
        assert self.ray is not None  # by `run_within`
        for records, played, _ in self.ray.map(goldfish_worker, (self.setup, self.cards, self.until), tasks):
            self.tally.add(records, played)
            with self.counter.get_lock():
                self.counter.value += played


def _pool_worker(play: Callable, take: Callable, results) -> None:
    """A forked pool process: plays the shards it takes, sending (records, games) of each,
    then None."""
    try:
        while (task := take()) is not None:
            records, played, stopped = play(task)
            results.put((records, played))
            if stopped:
                break
    except BaseException as exc:  # raised in the process that forked it
        results.put(exc)
    finally:
        results.put(None)


class _Stop(Exception):
    """The time limit passed at the end of a game."""


def goldfish_worker(setup: GameSetup, cards: str | None, until: float | None = None
                    ) -> Callable[[tuple[int, int, int]], tuple[Counter, int, bool]]:
    """A worker playing shards (seed, shard, games) of `setup` with one shared memo: each
    answers (records, games played, stopped by the time limit `until`, a time.time())."""
    from manasolve.card_settings import card_db  # keeps start-up light
    from manasolve.solver.goldfish import Goldfish

    return _shard_player(Goldfish(setup, card_db(cards)), until)


def _shard_player(fish: Goldfish, until: float | None, counter=None, watch: Callable[[int], None] | None = None,
                  tally: _Tally | None = None) -> Callable[[tuple[int, int, int]], tuple[Counter, int, bool]]:
    """play(task): the games of one shard, (records, games played, stopped by the time
    limit); each game added to `tally` (at once) and `counter` (every _TICK games), then
    `watch(games played in the shard)` called."""
    def play(task: tuple[int, int, int]) -> tuple[Counter, int, bool]:
        seed, shard, n = task
        records: Counter = Counter()
        played = 0

        def on_game(record: tuple) -> None:
            nonlocal played
            records[record] += 1
            played += 1
            if tally is not None:
                tally.add_one(record)
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
        assert self.progress is not None  # started only with a progress callback
        while not self.done.wait(self.every):
            self.progress(self.counter.value, self.total)

    def stop(self) -> None:
        if self.progress is not None:
            self.done.set()
            self.thread.join()
