"""Castability of a deck's spells by turn, from goldfish games (`solver.goldfish`).

The questions are the deck's distinct nonland cards with a mana cost (and its commanders),
each asked as its mana cost with X = 0 and its own delve or "costs {N} less for each ..."
applied (other cost reductions and additional costs are named in the notes), plus pairs
"A + B" (both in one turn: the two costs added).  A game is split from the others by its
shard: a run of N games with seed S is shards 0, 1, ... of `SHARD_GAMES` games each (the
last one shorter), shard i shuffled from (S, i), so the answer for (N, S) does not depend
on how many workers play the shards.

Every probability is a fraction "N/D" (a string, not reduced: D says how many games it
counts), per card with `DEFINITION`: by_turn[T] = P(castable by turn T); on_curve =
by_turn at turn max(mana value, 1); on_curve_given_lands = the same among the games whose
cards seen allow a land drop on each turn up to then (Karsten's conditional); average_delay
= the mean number of turns past the mana value until castable, a game where it never is
within the turns simulated counting (last turn + 1 - mana value), so a lower bound then
(`never_by_last_turn` says how often).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from manasolve.models.carddb import SPLIT_LAYOUTS, CardDB
from manasolve.models.decklist import DeckList
from manasolve.models.errors import ParameterError
from manasolve.models.mana import ManaCost
from manasolve.solver.castability_results import CardCastability
from manasolve.solver.goldfish import Question, card_notes

SHARD_GAMES = 10_000
DEFINITION = ("per card (Karsten's question): P(the card can be cast by turn T) when the land drops, the lands a "
              "fetch finds, the land a bounce land returns, the face a double-faced land is played with and the mana "
              "permanents cast on earlier turns are all chosen for that card, from the cards seen by turn T (the "
              "best sequence, searched exactly); the card itself is held in addition to the cards seen")


def shards(games: int) -> list[tuple[int, int]]:
    """(shard index, games in it) for a run of `games` games."""
    return [(i, min(SHARD_GAMES, games - start)) for i, start in enumerate(range(0, games, SHARD_GAMES))]


def deck_questions(deck: DeckList, db: CardDB, pairs: Iterable[tuple[str, str]] = (),
                   opponent_colors: str = "WUBRG") -> tuple[list[Question], list[str]]:
    """The questions of a deck (see the module docstring) and notes on what was left out:
    cards without a mana cost, mana sources whose mana text the parser does not read, and
    every card the goldfish plays in a simplified way or not at all (`card_notes`)."""
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
        halves = db.faces(name) if card.layout in SPLIT_LAYOUTS else ()
        if len(halves) > 1:  # 709.3: each half is cast on its own, with its own cost
            notes.append("%s: each half asked on its own: %s" % (name, ", ".join(h.name for h in halves)))
            for h in halves:
                if h.mana_cost is not None:
                    cost = h.mana_cost.with_x(0)
                    costs.setdefault(name, cost)
                    questions.append(Question("%s (%s)" % (name, h.name), str(cost), cost.mana_value, h.name))
            continue
        costs[name] = card.mana_cost.with_x(0)
        questions.append(Question(name, str(costs[name]), costs[name].mana_value, name))
    for a, b in pairs:
        for name in (a, b):
            if name not in costs:
                raise ParameterError("pair", "%r is not a nonland card of the deck with a mana cost%s" % (
                    name, "" if not costs else " (e.g. %r)" % next(iter(costs))))
        both = costs[a] + costs[b]
        questions.append(Question("%s + %s" % (a, b), str(both), both.mana_value))
    return questions, notes + card_notes(db, names, [e.name for e in deck.commander], opponent_colors)


def _frac(n: int, d: int) -> str:
    return "%d/%d" % (n, d)


def summarise(questions: list[Question], records: Counter, turns: int) -> list[CardCastability]:
    """Per question its castability from the games' records (one int per turn: the
    questions castable by then, times 32, plus the land drops made)."""
    games = sum(records.values())
    n = len(questions)
    first = [[0] * (turns + 2) for _ in range(n)]  # games first castable on turn t (turns + 1: never)
    curves = [max(q.mana_value, 1) for q in questions]
    at_curve: dict[int, int] = {}
    for i, c in enumerate(curves):
        if c <= turns:
            at_curve[c] = at_curve.get(c, 0) | 1 << i
    lands_ok = dict.fromkeys(at_curve, 0)
    lands_ok_cast = [0] * n
    for record, k in records.items():
        prev = 0
        for t, r in enumerate(record, 1):
            new = (r >> 5) & ~prev
            prev |= new
            while new:
                low = new & -new
                first[low.bit_length() - 1][t] += k
                new ^= low
        for c, qs in at_curve.items():
            r = record[c - 1]
            if (r & 31) >= c:
                lands_ok[c] += k
                ok = (r >> 5) & qs
                while ok:
                    low = ok & -ok
                    lands_ok_cast[low.bit_length() - 1] += k
                    ok ^= low
    out = []
    for i, q in enumerate(questions):
        curve, by = curves[i], 0
        by_turn = []
        for t in range(1, turns + 1):
            by += first[i][t]
            by_turn.append(by)
        by_turn_text = {str(t): _frac(by_turn[t - 1], games) for t in range(1, turns + 1)}
        if curve <= turns:
            never = games - by_turn[-1]
            delay = sum(first[i][t] * (t - curve) for t in range(curve + 1, turns + 1)) + never * (turns + 1 - curve)
            out.append(CardCastability(q.label, q.cost, q.mana_value, by_turn_text, _frac(by_turn[curve - 1], games),
                                       _frac(lands_ok_cast[i], lands_ok[curve]), _frac(delay, games),
                                       _frac(never, games)))
        else:
            out.append(CardCastability(q.label, q.cost, q.mana_value, by_turn_text, None, None, None, None))
    return out


def merged(parts: Iterable[Counter]) -> Counter:
    """The records of several shards together."""
    total: Counter = Counter()
    for p in parts:
        total.update(p)
    return total
