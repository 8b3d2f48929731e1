"""Castability of a deck's spells by turn, from goldfish games (`solver.goldfish`).

The questions are the deck's distinct nonland cards with a mana cost (and its commanders),
each asked as its mana cost with X = 0 (cost reductions and additional costs of the card
are not applied), plus pairs "A + B" (both in one turn: the two costs added).  A game is
split from the others by its shard: a run of N games with seed S is shards 0, 1, ... of
`SHARD_GAMES` games each (the last one shorter), shard i shuffled from (S, i), so the
answer for (N, S) does not depend on how many workers play the shards.

Every probability is a fraction "N/D" (a string, not reduced: D says how many games it
counts): by_turn[T] = P(the battlefield pays the cost on turn T); on_curve = by_turn at
turn max(mana value, 1); on_curve_given_lands = the same among games with that many lands
on the battlefield then (Karsten's conditional); average_delay = the mean of (first turn
from the mana value on with the cost payable) - (mana value), a game where it never is
within the turns simulated counting (last turn + 1 - mana value), so a lower bound then
(`never_by_last_turn` says how often).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from manasolve.models.carddb import CardDB
from manasolve.models.decklist import DeckList
from manasolve.models.errors import ParameterError
from manasolve.models.mana import ManaCost
from manasolve.solver.goldfish import Question

SHARD_GAMES = 10_000


def shards(games: int) -> list[tuple[int, int]]:
    """(shard index, games in it) for a run of `games` games."""
    return [(i, min(SHARD_GAMES, games - start)) for i, start in enumerate(range(0, games, SHARD_GAMES))]


def deck_questions(deck: DeckList, db: CardDB, pairs: Iterable[tuple[str, str]] = ()) -> tuple[list[Question], list[str]]:
    """The questions of a deck (see the module docstring) and notes on what was left out:
    cards without a mana cost, mana sources whose mana text the parser does not read."""
    questions: list[Question] = []
    notes: list[str] = []
    names = list(dict.fromkeys([e.name for e in deck.commander] + [e.name for e in deck.main]))
    costs: dict[str, ManaCost] = {}
    for name in names:
        card = db.get(name)
        for n in card.not_understood:
            notes.append("%s: mana text not understood, left out: %s" % (name, n.sentence))
        if card.enters.unread:
            notes.append("%s: enters tapped (read as always): %s" % (name, "; ".join(card.enters.unread)))
        if card.is_type("Land"):
            continue
        if card.mana_cost is None:
            notes.append("%s: no mana cost, not asked about" % name)
            continue
        costs[name] = card.mana_cost.with_x(0)
        questions.append(Question(name, str(costs[name]), costs[name].mana_value))
    for a, b in pairs:
        for name in (a, b):
            if name not in costs:
                raise ParameterError("pair", "%r is not a nonland card of the deck with a mana cost%s" % (
                    name, "" if not costs else " (e.g. %r)" % next(iter(costs))))
        both = costs[a] + costs[b]
        questions.append(Question("%s + %s" % (a, b), str(both), both.mana_value))
    return questions, notes


def _frac(n: int, d: int) -> str:
    return "%d/%d" % (n, d)


def summarise(questions: list[Question], records: Counter, turns: int) -> list[dict]:
    """Per question the answer entry (card, mana_value, by_turn, on_curve,
    on_curve_given_lands, average_delay, never_by_last_turn) from the games' records."""
    games = sum(records.values())
    out = []
    for i, q in enumerate(questions):
        by_turn = [0] * turns
        curve = max(q.mana_value, 1)
        lands_ok = lands_ok_cast = delay = never = 0
        for record, n in records.items():
            first = None
            for t, r in enumerate(record, 1):
                if r >> (5 + i) & 1:
                    by_turn[t - 1] += n
                    if first is None and t >= curve:
                        first = t
            if curve <= turns:
                if (record[curve - 1] & 31) >= curve:
                    lands_ok += n
                    lands_ok_cast += n if record[curve - 1] >> (5 + i) & 1 else 0
                if first is None:
                    never += n
                    delay += n * (turns + 1 - curve)
                else:
                    delay += n * (first - curve)
        entry = {"card": q.label, "cost": q.cost, "mana_value": q.mana_value,
                 "by_turn": {str(t): _frac(by_turn[t - 1], games) for t in range(1, turns + 1)}}
        if curve <= turns:
            entry.update(on_curve=_frac(by_turn[curve - 1], games),
                         on_curve_given_lands=_frac(lands_ok_cast, lands_ok),
                         average_delay=_frac(delay, games), never_by_last_turn=_frac(never, games))
        else:
            entry.update(on_curve=None, on_curve_given_lands=None, average_delay=None, never_by_last_turn=None)
        out.append(entry)
    return out


def merged(parts: Iterable[Counter]) -> Counter:
    """The records of several shards together."""
    total: Counter = Counter()
    for p in parts:
        total.update(p)
    return total
