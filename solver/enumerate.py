"""Exact counting and grouped listing of payments for one announced requirement.

A payment is fixed by how many members of each interchangeable class take each role
(design.md); which members they are only multiplies the count.  A dynamic programme over
the classes, memoised on the aggregate use of each pattern, sums the multinomial
multiplicities of every feasible use vector, so `count` never lists payments one by one;
the same table steers a depth-first listing of the groups.  Counts of boards whose
sources are one-mana sources and Signets go through solver/split_count.py instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb, factorial
from operator import add

from manasolve.models.mana import Requirement, SymbolKind
from manasolve.solver import split_count
from manasolve.solver.combinatorics import compositions, multinomial
from manasolve.solver.feasibility import (
    FeasibilityOracle,
    TimeUp,
    cost_symbol_accepts,
    cost_units,
    is_simple,
    spell_kind_accepts,
)
from manasolve.solver.resources import SYMBOL_PAYERS, Pattern, PatternKind, PermClass, Resources, Role
from manasolve.solver.split_count import CountOverBound, CountTimeout
from manasolve.solver.deadline import past


@dataclass(frozen=True)
class Group:
    """A set of payments equal up to which interchangeable members were used.

    uses: (class index, role index, how many members take that role).
    """

    uses: tuple[tuple[int, int, int], ...]
    multiplicity: int


def _class_rank(c: PermClass) -> int:
    """0: some role costs mana; 1: some role is neither one free mana nor a tap; 2: rest."""
    if any(r.pattern.costly for r in c.roles):
        return 0
    if any(r.then or r.pattern.kind == PatternKind.MANA and len(r.pattern.bundle) != 1 for r in c.roles):
        return 1
    return 2


def _class_name(c: PermClass) -> str:
    """The card of a class's members (their first id for mana in the pool, graveyard cards)."""
    card = getattr(c.members[0], "card", None)
    return card.name if card is not None and hasattr(card, "name") else c.ids[0]


def _units_for(kind: str, p: Pattern) -> int:
    """How many units one use of `p` brings that could pay a spell symbol of `kind`."""
    if p.kind == PatternKind.MANA:
        return sum(1 for t in p.bundle if spell_kind_accepts(kind, p, t))
    return 1 if p.kind in SYMBOL_PAYERS and spell_kind_accepts(kind, p, None) else 0


def _role_sum(role: Role, per_pattern) -> int:
    """`per_pattern` summed over the uses one member taking `role` makes."""
    return sum(per_pattern(part.pattern) for part in role.parts)


def _cost_units_of(role: Role) -> int:
    return _role_sum(role, lambda p: cost_units(p) if p.kind == PatternKind.MANA else 0)


def _suffix_sums(classes: list[PermClass], per_member) -> list[int]:
    """out[i]: the sum over classes i.. of (members × per_member(class)); out[-1] = 0."""
    out = [0] * (len(classes) + 1)
    for i in range(len(classes) - 1, -1, -1):
        out[i] = out[i + 1] + len(classes[i].members) * per_member(classes[i])
    return out


def _summary_caps(classes: list[PermClass], simple: list[Pattern], demand: dict[str, int]) -> list[int]:
    """For each simple pattern (one free unrestricted mana, `feasibility.is_simple`), how
    many of its uses feasibility can tell apart: the symbols other than generic that its
    mana could pay (the spell's, and at most every activation's own cost's).

    Every simple use spends its one mana, and any mana pays a generic symbol, so with the
    total of simple uses fixed, a type used more than its cap is as good as any other
    type used at least its cap: take a payment, keep the specific symbols each type pays
    (at most its cap), and hand the generic symbols to the remaining units in any way.
    The counter therefore tracks min(uses, cap) per simple pattern and the total."""
    caps = []
    for p in simple:
        t = p.bundle[0]
        cap = sum(n for k, n in demand.items() if k != SymbolKind.GENERIC and spell_kind_accepts(k, p, t))
        for c in classes:
            cap += len(c.members) * max((sum(1 for part in r.parts for sym in part.pattern.cost_symbols
                                              if sym.kind != SymbolKind.GENERIC and cost_symbol_accepts(sym, t, p))
                                         for r in c.roles), default=0)
        caps.append(cap)
    return caps


def plan(resources: Resources, reqs: list[Requirement], life_total: int, deadline: float | None = None) -> None:
    """Prepare what the counters of several requirements (the announcements of one cost)
    with the same resources can share, until `deadline` (a time.monotonic() value)."""
    split_count.plan(resources, reqs, life_total, deadline)


# The most ways one class of interchangeable permanents may take part that the general
# programme keeps as moves (about 1.5 KB each on a class of 70 roles: ~150 MB at most):
# four Baxter Buildings ("four mana in any combination of colors", 71 roles) would have
# 1,215,450, over 2 GB (issue 27).
MAX_MOVES = 100_000
# Why a count stopped, when it was its time limit (PaymentCounter.count_by).
TIME_LIMIT = "the time limit"


class PaymentCounter:
    """Counts and lists the payments of one requirement with one set of resources."""

    def __init__(self, resources: Resources, req: Requirement, life_total: int):
        # One-mana sources first and mana-costing abilities last: the memo table then
        # shares the one-mana prefixes between the many ways to use the costly ones.
        self.classes: list[PermClass] = sorted(resources.classes, key=lambda c: -_class_rank(c))
        self.req = req
        self.life_budget = life_total - req.life if req.life <= life_total else -1
        self.energy_budget = resources.energy
        self.memo: dict[tuple, int] = {}
        self.deadline: float | None = None
        # Boards of one-mana sources and Signets are counted through a smaller summary
        # (solver.split_count); the general programme below is set up only when needed.
        self.split = split_count.SplitCounter(resources, req, life_total) if split_count.applies(resources, req) \
            else None
        self.oracle: FeasibilityOracle | None = None

    def set_deadline(self, deadline: float | None) -> None:
        """Count and list until `deadline` (a time.monotonic() value; None: no limit)."""
        self.deadline = deadline
        if self.oracle is not None:
            self.oracle.deadline = deadline

    def _prepare(self) -> None:
        """Set up the general programme: the patterns, the summary's caps, pruning bounds
        and moves."""
        if self.oracle is not None:
            return
        req, classes = self.req, self.classes
        pats = sorted({part.pattern.shape for c in classes for r in c.roles for part in r.parts
                       if part.pattern.kind not in (PatternKind.TAPPED, PatternKind.PART_TAP)})
        self.patterns: list[Pattern] = pats
        self.index = {p: i for i, p in enumerate(pats)}
        oracle = FeasibilityOracle(req, pats)
        oracle.deadline = self.deadline
        demand = req.by_kind()
        # Each use needs a demand unit of its own that accepts one of its mana types: a
        # spell symbol, or (mana only) a symbol of some activation's own cost.
        self.spell_cap: dict[int, int] = {}
        for p in pats:
            units: set[str | None] = set(p.bundle) or {None}
            self.spell_cap[self.index[p]] = sum(v for k, v in demand.items()
                                                if any(spell_kind_accepts(k, p, u) for u in units))
        # Largest extra demand the remaining classes could add through their own costs.
        self.gain_after = _suffix_sums(classes, lambda c: max(0, max((_role_sum(
            r, lambda p: cost_units(p) - 1 if p.kind == PatternKind.MANA else 0) for r in c.roles), default=0)))
        # Spell symbols of each specific kind need units able to pay them; the most the
        # remaining classes can still bring, per kind.
        self.kinds = [k for k, n in demand.items() if k != SymbolKind.GENERIC and n]
        self.kind_demand = [demand[k] for k in self.kinds]
        per_kind = [_suffix_sums(classes, lambda c, k=k: max((_role_sum(r, lambda p: _units_for(k, p))
                                                               for r in c.roles), default=0))
                    for k in self.kinds]
        self.supply_after = [[col[i] for col in per_kind] for i in range(len(classes) + 1)]
        # The most mana the remaining classes' own costs could ask for.
        self.cost_after = _suffix_sums(classes, lambda c: max((_cost_units_of(r) for r in c.roles), default=0))
        self.units = req.mana_units
        self.width = len(self.patterns) + self._KIND0 + len(self.kinds)
        self.simple = [k for k, p in enumerate(pats) if is_simple(p)]
        # The summary the DP keeps (see `_summary_caps`): uses of each simple pattern up
        # to its cap, the units able to pay each spell kind up to that kind's demand.
        big = 1 << 60
        ceiling = [big] * self.width
        for k, cap in zip(self.simple, _summary_caps(classes, [pats[k] for k in self.simple], demand)):
            ceiling[k] = cap
        for j, need in enumerate(self.kind_demand):
            ceiling[len(pats) + self._KIND0 + j] = need
        self.ceiling = tuple(ceiling)
        # Each use spends a unit on the spell or on some activation's own cost.
        self.moves = [self._moves(c, self.units + self.cost_after[0]) for c in classes]
        # set last: a time-out or bound above leaves the counter unprepared, to prepare again
        self.oracle = oracle

    # State layout: uses per pattern shape, then life paid, creatures needed by
    # "tap an untapped creature" costs, net demand (own costs minus uses), creatures
    # offered for those costs, mana asked by the activations' own costs, then the units
    # able to pay each specific spell kind.
    _LIFE, _TAP_NEED, _NET, _TAP_GIVEN, _COST, _ENERGY, _SIMPLE = range(7)
    _KIND0 = 7

    def _moves(self, c: PermClass, total_cap: int) -> list[tuple]:
        """(role counts, state delta, multiplicity, capped dims touched) for every way
        the class can take part.  Raises CountOverBound when they are more than
        MAX_MOVES (the memory they would take), CountTimeout past the deadline."""
        n = len(c.members)
        base = len(self.patterns)
        out = []
        free_uses = [r.pattern.kind == PatternKind.PART_TAP for r in c.roles]  # need no demand unit
        most = n if any(free_uses) else min(n, total_cap)
        ways = comb(most + len(c.roles), len(c.roles))  # the k-tuples of sum <= most
        if ways > MAX_MOVES:
            raise CountOverBound(0, "the %d interchangeable %s have %d ways to take part (%d roles each), over "
                                 "the bound of %d kept in memory" % (n, _class_name(c), ways, len(c.roles), MAX_MOVES))
        for k, counts in enumerate(compositions(len(c.roles), most)):
            if not k % 256 and past(self.deadline):
                raise CountTimeout(0)
            if sum(k for k, free in zip(counts, free_uses) if not free) > total_cap:
                continue
            delta = [0] * self.width
            for role, r in zip(c.roles, counts):
                if not r:
                    continue
                for part in role.parts:
                    p = part.pattern
                    if p.kind == PatternKind.TAPPED:
                        delta[base + self._TAP_GIVEN] += r
                        continue
                    if p.kind == PatternKind.PART_TAP:
                        continue  # pays nothing here; each such member is one more choice
                    delta[self.index[p.shape]] += r
                    if is_simple(p):
                        delta[base + self._SIMPLE] += r
                    delta[base + self._LIFE] += r * p.life
                    delta[base + self._ENERGY] += r * p.energy
                    delta[base + self._TAP_NEED] += r * p.tap_creatures
                    delta[base + self._NET] += r * (cost_units(p) - 1) if p.kind == PatternKind.MANA else -r
                    delta[base + self._COST] += r * cost_units(p)
                    for j, kind in enumerate(self.kinds):
                        delta[base + self._KIND0 + j] += r * _units_for(kind, p)
            touched = tuple((d, self.spell_cap[d], self.patterns[d].kind == PatternKind.MANA and not self.patterns[d].spell_only)
                            for d in range(base) if delta[d] and not is_simple(self.patterns[d]))
            weight = 1 if c.indistinct else multinomial(n, counts)
            for role, r in zip(c.roles, counts):
                weight *= role.ways ** r  # which outlet each sacrificed member went to
            out.append((counts, tuple(delta), weight, touched))
        return out

    def _dead(self, i: int, state: tuple, touched: tuple) -> bool:
        """True if no completion from class i on can be a payment (necessary conditions)."""
        base = len(self.patterns)
        if state[base + self._LIFE] > self.life_budget or state[base + self._ENERGY] > self.energy_budget:
            return True
        # Every use needs a demand unit of its own; costs of later activations add some.
        if self.units + state[base + self._NET] + self.gain_after[i] < 0:
            return True
        cost_room = state[base + self._COST] + self.cost_after[i]
        for d, cap, may_fund in touched:
            if state[d] > cap + (cost_room if may_fund else 0):
                return True
        after = self.supply_after[i]
        for j, need in enumerate(self.kind_demand):
            if state[base + self._KIND0 + j] + after[j] < need:
                return True
        return False

    def _final_weight(self, state: tuple) -> int:
        base = len(self.patterns)
        tap_demand, tap_supply = state[base + self._TAP_NEED], state[base + self._TAP_GIVEN]
        if tap_demand != tap_supply:
            return 0
        assert self.oracle is not None  # set up by `_prepare`
        if not self.oracle.feasible(self._representative(state)):
            return 0
        # Distinct activations needing creatures: T! / prod(t_i!) ways to hand them out.
        pairing = factorial(tap_demand)
        for k, p in enumerate(self.patterns):
            if p.tap_creatures > 1:
                pairing //= factorial(p.tap_creatures) ** state[k]
        return pairing

    def _representative(self, state: tuple) -> tuple[tuple[Pattern, int], ...]:
        """Uses of each pattern with the summary `state`: the simple uses above the
        capped ones all go to one pattern at its cap (any such choice is as feasible)."""
        counts = list(state[:len(self.patterns)])
        excess = state[len(self.patterns) + self._SIMPLE] - sum(counts[k] for k in self.simple)
        if excess:
            k = next(k for k in self.simple if counts[k] == self.ceiling[k])
            counts[k] += excess
        return tuple((p, n) for p, n in zip(self.patterns, counts) if n)

    def _advance(self, state: tuple, delta: tuple) -> tuple:
        return tuple(map(min, map(add, state, delta), self.ceiling))

    def count_from(self, i: int, state: tuple) -> int:
        """Payments completing `state` with classes i.. (memoised)."""
        key = (i, state)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if past(self.deadline):
            raise CountTimeout(0)
        if i == len(self.classes):
            try:
                total = self._final_weight(state)
            except TimeUp:
                raise CountTimeout(0) from None
        else:
            total = 0
            for _, delta, weight, touched in self.moves[i]:
                nxt = self._advance(state, delta)
                if self._dead(i + 1, nxt, touched):
                    continue
                try:
                    sub = self.count_from(i + 1, nxt)
                except CountTimeout as stop:  # what this branch counted is still a lower bound
                    stop.at_least = total + weight * stop.at_least
                    raise
                if sub:
                    total += weight * sub
        self.memo[key] = total
        return total

    def start(self) -> tuple:
        """The general programme's state before any class is used."""
        self._prepare()
        return (0,) * self.width

    def count(self) -> int:
        """The exact number of distinct payments."""
        if self.split is not None:
            return self.split.count_by(self.deadline)
        return self.general_count()

    def general_count(self) -> int:
        """The count by the general programme (the same number as `count`)."""
        if self.life_budget < 0:
            return 0
        return self.count_from(0, self.start())

    def count_by(self, deadline: float | None) -> tuple[int, str | None]:
        """(the number of payments, None) if counted before `deadline` (a time.monotonic()
        value; None: no limit), else (a lower bound: the payments counted so far, why the
        count stopped: the time limit, or the memory bound of CountOverBound)."""
        self.set_deadline(deadline)
        try:
            return self.count(), None
        except CountOverBound as stop:
            return stop.at_least, stop.why
        except CountTimeout as stop:
            return stop.at_least, TIME_LIMIT
        finally:
            self.set_deadline(None)

    def group_of(self, uses: tuple[tuple[int, int, int], ...]) -> Group | None:
        """The group of the payments with `uses` (class index, role index, members, as a
        `Group` has them), with its multiplicity as `groups` counts it; None if they are
        no payment."""
        counts: dict[int, list[int]] = {}
        for i, j, n in uses:
            counts.setdefault(i, [0] * len(self.classes[i].roles))[j] = n
        state, weight = self.start(), 1
        for i, c in enumerate(self.classes):
            want = tuple(counts.get(i, (0,) * len(c.roles)))
            move = next((mv for mv in self.moves[i] if tuple(mv[0]) == want), None)
            if move is None:
                return None
            state, weight = self._advance(state, move[1]), weight * move[2]
        final = self._final_weight(state)
        return Group(tuple(sorted(uses)), weight * final) if final else None

    def groups(self) -> Iterator[Group]:
        """Every group of payments, in a deterministic order."""
        if self.count() == 0:
            return
        yield from self._walk(0, self.start(), (), 1)

    def _walk(self, i: int, state: tuple, uses: tuple, weight: int) -> Iterator[Group]:
        # The counts it reads are memoised: the clock is checked here too (CountTimeout).
        if past(self.deadline):
            raise CountTimeout(0)
        if i == len(self.classes):
            yield Group(uses, weight * self._final_weight(state))
            return
        for counts, delta, w, touched in self.moves[i]:
            nxt = self._advance(state, delta)
            if self._dead(i + 1, nxt, touched) or not self.count_from(i + 1, nxt):
                continue
            here = tuple((i, j, r) for j, r in enumerate(counts) if r)
            yield from self._walk(i + 1, nxt, uses + here, weight * w)
