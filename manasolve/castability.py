"""``manasolve castability``: how often each spell of a deck is castable by turn, from
goldfish games played in shards on an executor (this process or Ray).  The game is in
`manasolve.solver.goldfish`, the questions and probabilities in
`manasolve.solver.castability`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from manasolve.answer_format import names_format
from manasolve.models.bounds import MAX_TURNS
from manasolve.models.carddb import default_db
from manasolve.models.decklist import DeckList, read_decklist
from manasolve.models.errors import ParameterError
from manasolve.solver.castability import deck_questions, merged, shards, summarise
from manasolve.solver.goldfish import GameSetup, Goldfish, keep_rule

MAX_GAMES = 1_000_000_000
RAY_FROM_SHARDS = 20  # with no --workers: Ray only from 200,000 games on (its start-up costs more below)


def goldfish_worker(setup: GameSetup, cards: str | None) -> Callable[[tuple[int, int, int]], Counter]:
    """A worker playing shards (seed, shard, games) of `setup` with one shared memo."""
    fish = Goldfish(setup, default_db(cards))
    return lambda task: fish.play_games(task[2], task[0], task[1])


def parse_turns(text: str) -> tuple[int, int]:
    """``1-7`` or ``7`` (turns 1..7) as (first, last); ParameterError otherwise."""
    parts = text.split("-")
    if len(parts) in (1, 2) and all(p.strip().isdigit() for p in parts):
        first, last = (1, int(parts[0])) if len(parts) == 1 else (int(parts[0]), int(parts[1]))
        if 1 <= first <= last <= MAX_TURNS:
            return first, last
    raise ParameterError("turns", "expected turns like 1-7 or 6 (within 1..%d), got %r" % (MAX_TURNS, text))


@names_format("castability")
def castability(deck: str | DeckList, games: int = 100_000, turns: str | tuple[int, int] = "1-7", on_play: bool = True,
                mulligan: str = "karsten", seed: int = 1, workers: int | None = None, address: str | None = None,
                pairs: Iterable[tuple[str, str]] = (), cards: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> dict:
    """Per nonland card of `deck` (a deck list file or a parsed DeckList), P(castable) on
    each turn, on curve, on curve given the lands, and the average delay, from `games`
    goldfish games with `seed` (see `manasolve.solver.castability`); `pairs`: two cards
    cast in one turn.  workers / address: where the shards run (`manasolve.executors`);
    the answer is the same for any number of workers.  `progress(done, total)` is called
    after each shard."""
    db = default_db(cards)
    if isinstance(deck, str):
        deck = read_decklist(deck, db)
    first, last = parse_turns(turns) if isinstance(turns, str) else turns
    if not 1 <= games <= MAX_GAMES:
        raise ParameterError("games", "games must be within 1..%d, got %d" % (MAX_GAMES, games), deck.source)
    if seed < 0:
        raise ParameterError("seed", "seed must be 0 or more, got %d" % seed, deck.source)
    try:
        rule = keep_rule(mulligan)
    except ValueError as exc:
        raise ParameterError("mulligan", str(exc), deck.source) from None
    questions, notes = deck_questions(deck, db, pairs)
    setup = GameSetup(tuple(deck.cards()), tuple(questions), last, on_play, rule,
                      tuple(e.name for e in deck.commander))
    records = run_games(setup, games, seed, workers, address, cards, progress)
    entries = summarise(questions, records, last)
    for e in entries:
        e["by_turn"] = {t: p for t, p in e["by_turn"].items() if int(t) >= first}
    n_pairs = len(list(pairs))
    lands = sum(e.count for e in deck.main if db.get(e.name).is_type("Land"))
    answer = {"games": games, "seed": seed, "turns": [first, last], "on_play": on_play, "mulligan": rule.name,
              "deck": {"cards": deck.size, "lands": lands, "commander": [e.name for e in deck.commander]},
              "cards": entries[:len(entries) - n_pairs] if n_pairs else entries}
    if n_pairs:
        answer["pairs"] = entries[len(entries) - n_pairs:]
    answer["notes"] = notes
    return answer


def run_games(setup: GameSetup, games: int, seed: int, workers: int | None = None, address: str | None = None,
              cards: str | None = None, progress: Callable[[int, int], None] | None = None) -> Counter:
    """The merged records of `games` games of `setup` with `seed`, shard by shard on an
    executor (the same records for any number of workers)."""
    from manasolve.executors import executor

    tasks = [(seed, i, n) for i, n in shards(games)]
    run = executor(workers, address, len(tasks), RAY_FROM_SHARDS)
    done = 0

    def counted(results):
        nonlocal done
        for r in results:
            done += 1
            if progress is not None:
                progress(done, len(tasks))
            yield r
    return merged(counted(run.map(goldfish_worker, (setup, cards), tasks)))
