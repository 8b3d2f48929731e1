"""Brute-force payment enumerator for the benchmarks, independent of manasolve.solver.

Tries every subset of the sources times every option of each (depth first, in board
order) and keeps the activation sets that are payments in the sense of design.md: the
mana pays the announced cost exactly, every activation has at least one of its mana spent
(on the cost or on a Signet's {1}), Signets are funded by mana made before them (no
ring), life paid ≤ life total.  Sources are `benchmarks.greedy.Source` records.  A time
cap makes it give up (`TimeUp`) instead of running for hours.
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import product

from benchmarks.greedy import Source
from manasolve.models.mana import Announcement, ManaCost


class TimeUp(Exception):
    """The enumeration passed its deadline."""


def _slots(a: Announcement) -> list[frozenset[str] | None]:
    """One slot per mana symbol of the announced cost: the types it accepts (None: any)."""
    r = a.requirement
    out: list[frozenset[str] | None] = []
    for c, n in r.colored:
        out += [frozenset(c)] * n
    out += [frozenset("C")] * r.colorless
    out += [None] * r.generic
    return out


def _assign(slots: list, units: list[tuple[int, str]], must: set[int]) -> bool:
    """Can distinct units fill every slot so that each activation in `must` spends one?"""
    def go(k: int, left: Counter, need: set[int]) -> bool:
        if len(need) > len(slots) - k:
            return False
        if k == len(slots):
            return True
        for (act, t), n in left.items():
            if n and (slots[k] is None or t in slots[k]):
                left[(act, t)] -= 1
                ok = go(k + 1, left, need - {act})
                left[(act, t)] += 1
                if ok:
                    return True
        return False

    return go(0, Counter(units), set(must))


def is_payment(slots: list, acts: list[tuple[Source, tuple[str, ...]]]) -> bool:
    """Whether these activations (source, bundle) pay the slots per design.md."""
    costly = [k for k, (s, _) in enumerate(acts) if s.cost]
    if sum(len(b) for _, b in acts) < len(slots) + sum(acts[k][0].cost for k in costly):
        return False
    # Who funds each Signet-like {N}: any other activation, as long as the funding is acyclic.
    needs = [k for k in costly for _ in range(acts[k][0].cost)]
    for funders in product(range(len(acts)), repeat=len(needs)):
        if any(f == k for f, k in zip(funders, needs)):
            continue
        edges = {(f, k) for f, k in zip(funders, needs)}
        if _cyclic(edges):
            continue
        units: Counter = Counter((k, t) for k, (_, b) in enumerate(acts) for t in b)
        must = set(range(len(acts))) - set(funders)
        if _fund(list(funders), units, slots, must):
            return True
    return False


def _fund(funders: list[int], units: Counter, slots: list, must: set[int]) -> bool:
    """Take one unit of any type from each funder (a generic {1}), then fill the slots."""
    if not funders:
        return _assign(slots, list(units.elements()), must)
    f = funders[0]
    for (a, t), n in list(units.items()):
        if a == f and n:
            units[(a, t)] -= 1
            ok = _fund(funders[1:], units, slots, must)
            units[(a, t)] += 1
            if ok:
                return True
    return False


def _cyclic(edges: set[tuple[int, int]]) -> bool:
    nodes = {n for e in edges for n in e}
    indeg = Counter(k for _, k in edges)
    ready = [n for n in nodes if not indeg[n]]
    seen = 0
    while ready:
        n = ready.pop()
        seen += 1
        for f, k in edges:
            if f == n:
                indeg[k] -= 1
                if not indeg[k]:
                    ready.append(k)
    return seen < len(nodes)


def payments(cost: ManaCost, sources: list[Source], life: int, deadline: float | None = None,
             first_only: bool = False) -> int:
    """The number of payments of `cost` (1 at most with `first_only`); raises TimeUp."""
    total = 0
    for a in cost.announcements():
        slots = _slots(a)
        chosen: list[tuple[Source, tuple[str, ...]]] = []

        def walk(i: int, spent_life: int, demand: int) -> int:
            if deadline is not None and time.perf_counter() > deadline:
                raise TimeUp
            if len(chosen) > demand:  # every activation needs a spent unit of its own
                return 0
            if i == len(sources):
                return 1 if is_payment(slots, chosen) else 0
            found = walk(i + 1, spent_life, demand)
            if found and first_only:
                return found
            s = sources[i]
            if spent_life + s.life > life:
                return found
            for bundle in s.options:
                chosen.append((s, bundle))
                found += walk(i + 1, spent_life + s.life, demand + s.cost)
                chosen.pop()
                if found and first_only:
                    return found
            return found

        if a.requirement.life <= life:
            total += walk(0, a.requirement.life, len(slots))
        if total and first_only:
            return 1
    return total
