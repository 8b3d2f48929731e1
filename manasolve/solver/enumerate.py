"""Exact counting and grouped listing of payments for one announced requirement.

A payment is fixed by how many members of each interchangeable class take each role
(design.md); which members they are only multiplies the count.  A dynamic programme over
the classes, memoised on the aggregate use of each pattern, sums the multinomial
multiplicities of every feasible use vector, so `count` never lists payments one by one;
the same table steers a depth-first listing of the groups.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb, factorial

from manasolve.models.mana import Requirement
from manasolve.solver.feasibility import cost_units, feasible, spell_kind_accepts
from manasolve.solver.resources import Pattern, PermClass, Resources

_KINDS = ("W", "U", "B", "R", "G", "C", "S", "generic")


@dataclass(frozen=True)
class Group:
    """A set of payments equal up to which interchangeable members were used.

    uses: (class index, role index, how many members take that role).
    """

    uses: tuple[tuple[int, int, int], ...]
    multiplicity: int


def _compositions(k: int, total_max: int) -> Iterator[tuple[int, ...]]:
    """All k-tuples of non-negative ints with sum ≤ total_max, in lexicographic order."""
    if k == 0:
        yield ()
        return
    for first in range(total_max + 1):
        for rest in _compositions(k - 1, total_max - first):
            yield (first,) + rest


def multinomial(n: int, parts) -> int:
    """Ways to pick disjoint labelled subsets of the given sizes from n items."""
    out, left = 1, n
    for r in parts:
        out *= comb(left, r)
        left -= r
    return out


class PaymentCounter:
    """Counts and lists the payments of one requirement with one set of resources."""

    def __init__(self, resources: Resources, req: Requirement, life_total: int):
        self.classes: list[PermClass] = resources.classes
        self.req = req
        self.life_budget = life_total - req.life if req.life <= life_total else -1
        pats = sorted({r.pattern for c in self.classes for r in c.roles if r.pattern.kind != "tapped"})
        self.patterns: list[Pattern] = pats
        self.index = {p: i for i, p in enumerate(pats)}
        self.any_costly = any(p.costly for p in pats)
        demand = {k: v for k, v in zip(_KINDS, (*[req.color_count(c) for c in "WUBRG"], req.colorless, req.snow, req.generic))}
        # Without mana-costing activations, each use needs a spell symbol it can pay.
        self.cap = {}
        if not self.any_costly:
            for p in pats:
                unit = p.bundle[0] if len(set(p.bundle)) == 1 else None
                if p.kind != "mana" or unit is not None:
                    self.cap[self.index[p]] = sum(v for k, v in demand.items() if spell_kind_accepts(k, p, unit))
        # Largest extra demand the remaining classes could add through their own costs.
        self.gain_after = [0] * (len(self.classes) + 1)
        for i in range(len(self.classes) - 1, -1, -1):
            c = self.classes[i]
            best = max((cost_units(r.pattern) - 1 for r in c.roles if r.pattern.kind == "mana"), default=0)
            self.gain_after[i] = self.gain_after[i + 1] + len(c.members) * max(best, 0)
        # Each use spends a unit on the spell or on some activation's own cost.
        total_cap = req.mana_units + sum(
            len(c.members) * max((cost_units(r.pattern) for r in c.roles), default=0) for c in self.classes)
        self.moves = [self._moves(c, total_cap) for c in self.classes]
        self.memo: dict[tuple, int] = {}

    def _moves(self, c: PermClass, total_cap: int) -> list[tuple[tuple[int, ...], tuple, int]]:
        """(role counts, state delta, multiplicity) for every way the class can take part."""
        n = len(c.members)
        out = []
        for counts in _compositions(len(c.roles), min(n, total_cap)):
            delta = [0] * (len(self.patterns) + 4)
            for role, r in zip(c.roles, counts):
                if not r:
                    continue
                p = role.pattern
                if p.kind == "tapped":
                    delta[-1] += r  # creatures made available to "tap an untapped creature" costs
                    continue
                delta[self.index[p]] += r
                delta[-4] += r * p.life
                delta[-3] += r * p.tap_creatures
                delta[-2] += r * (cost_units(p) - 1) if p.kind == "mana" else -r
            out.append((counts, tuple(delta), multinomial(n, counts)))
        return out

    def _pruned(self, i: int, state: tuple) -> bool:
        """True if no completion from class i on can be a payment (necessary conditions)."""
        life, _, net_demand, _ = state[-4:]
        if life > self.life_budget:
            return True
        # Every use needs a demand unit of its own; costs of later activations add some.
        if self.req.mana_units + net_demand + self.gain_after[i] < 0:
            return True
        return any(state[k] > cap for k, cap in self.cap.items())

    def _final_weight(self, state: tuple) -> int:
        tap_demand, tap_supply = state[-3], state[-1]
        if tap_demand != tap_supply:
            return 0
        uses = tuple((p, state[k]) for k, p in enumerate(self.patterns) if state[k])
        if not feasible(self.req, uses):
            return 0
        # Distinct activations needing creatures: T! / prod(t_i!) ways to hand them out.
        pairing = factorial(tap_demand)
        for k, p in enumerate(self.patterns):
            if p.tap_creatures > 1:
                pairing //= factorial(p.tap_creatures) ** state[k]
        return pairing

    def count_from(self, i: int, state: tuple) -> int:
        """Payments completing `state` with classes i.. (memoised)."""
        key = (i, state)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if i == len(self.classes):
            total = self._final_weight(state)
        else:
            total = 0
            for _, delta, weight in self.moves[i]:
                nxt = tuple(a + b for a, b in zip(state, delta))
                if self._pruned(i + 1, nxt):
                    continue
                sub = self.count_from(i + 1, nxt)
                if sub:
                    total += weight * sub
        self.memo[key] = total
        return total

    def start(self) -> tuple:
        return (0,) * (len(self.patterns) + 4)

    def count(self) -> int:
        """The exact number of distinct payments."""
        if self.life_budget < 0:
            return 0
        return self.count_from(0, self.start())

    def groups(self) -> Iterator[Group]:
        """Every group of payments, in a deterministic order."""
        if self.count() == 0:
            return
        yield from self._walk(0, self.start(), (), 1)

    def _walk(self, i: int, state: tuple, uses: tuple, weight: int) -> Iterator[Group]:
        if i == len(self.classes):
            yield Group(uses, weight * self._final_weight(state))
            return
        for counts, delta, w in self.moves[i]:
            nxt = tuple(a + b for a, b in zip(state, delta))
            if self._pruned(i + 1, nxt) or not self.count_from(i + 1, nxt):
                continue
            here = tuple((i, j, r) for j, r in enumerate(counts) if r)
            yield from self._walk(i + 1, nxt, uses + here, weight * w)
