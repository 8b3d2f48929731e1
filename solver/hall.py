"""Payable without a flow: a per-resources summary whose Hall conditions decide what
solver.flow_pay's min-cost flow decides, in a few integer comparisons.

flow_pay's network is a transportation problem whose sources are units of mana (or of a
symbol payer): a member of a flow class is one unit (a land, a mana creature, a rock
making one mana from a set of types; a creature for convoke, an artifact for improvise,
a card for delve), or `len(bundle)` units of one type (Sol Ring); a member of a {1}
class (a Signet) is the units of its bundle.  Each unit may fill one symbol of some
*kinds* (W U B R G C S generic, and the {1} activation costs: "first", paid by free mana,
"rest", by any mana but spell-only mana) — its acceptance set, a bitmask over those ten
kinds.  Units of one acceptance set are alike, so the resources summarise as a count of
units per acceptance set.

With capacity one per unit, Gale's (Hall's) theorem says a demand d over the kinds is
met iff for every set X of demanded kinds, d(X) <= N(X), the number of units whose
acceptance set meets X (a cut of the flow network: the kinds of X against the units
that reach none of them).  So a requirement (at most ten kinds with demand, usually two
to four: at most 2^10 - 1 sets, usually 3 to 15) is decided by comparing, per set X,
its demand with N(X), a sum over the summary's few distinct acceptance sets memoised per
summary.  The life flow_pay's flow minimises only matters when it could exceed the life
left: when the most life the flow classes' members could pay at all is within it, the
flow's answer is the Hall answer; otherwise a payment by the roles that pay no life
(a second set of tables, counting only those) is a payment within any life, no payment
at all is none, and only in between (every payment pays life) the flow decides.
Classes that are neither flow nor {1} classes are ignored as flow_pay ignores them: a
payment without them is a payment (True), and without one the flow says nothing (None).

The summary of a board derived from another (a permanent tapped, untapped, moved, a
counter added: `resources.collect` carries over each untouched permanent's entry) is the
parent's summary less the contributions of the permanents whose entry changed, plus
their new ones (`summary`, through `Resources.derived_from`): a tap is one permanent's
contribution removed, not a new count.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from manasolve.models.board import Permanent
from manasolve.models.mana import Requirement
from manasolve.solver.flow_pay import _accepts, flow_class, flow_payable, one_class
from manasolve.solver.resources import CounterUse, Entry, PermClass, Resources, Role

# Kinds a unit may fill, one bit each: the spell symbols' (as Requirement.by_kind names
# them), then the {1} activation costs' (as flow_pay names them).
KINDS = ("W", "U", "B", "R", "G", "C", "S", "generic", "cost:first", "cost:rest")
_BIT = {k: 1 << i for i, k in enumerate(KINDS)}
_FIRST, _REST = _BIT["cost:first"], _BIT["cost:rest"]

# False: payable questions take flow_pay's flow as before (benchmarks/decision_loop.py
# times both paths in one run); the answers are the same.
ENABLED = True

# The key of a resources object's summary in `Resources.models`.
_KEY = "hall summary"


def _mask(p, t: str | None) -> int:
    """The kinds a unit of type `t` made by pattern `p` may fill (flow_pay's arcs)."""
    mask = 0
    for k in KINDS:
        if _accepts(k, p, t):
            mask |= _BIT[k]
    return mask


@lru_cache(maxsize=4096)
def _contribution(roles: tuple[Role, ...]) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...],
                                                     int, int, int]:
    """What one member of a class with these roles adds to a summary: flow units as
    (acceptance mask, the mask of its roles that pay no life, units), {1}-class units as
    (acceptance mask, units), activations ({1} classes), blocking (1 for a class that is
    neither), the most life it could pay."""
    if flow_class(PermClass([], list(roles))):
        mask = free = 0
        for r in roles:
            p = r.pattern
            m = _mask(p, p.bundle[0] if p.bundle else None)
            mask |= m
            free |= 0 if p.life else m
        units = max(len(r.pattern.bundle) or 1 for r in roles)
        return ((mask, free, units),), (), 0, 0, max(r.pattern.life for r in roles)
    if one_class(PermClass([], list(roles))):
        p = roles[0].pattern
        return (), tuple((_mask(p, t), p.bundle.count(t)) for t in sorted(set(p.bundle))), 1, 0, 0
    return (), (), 0, 1, 0


# The summary's tables of units per acceptance mask: the flow classes' (every role, and only
# the roles that pay no life), and the same with the {1} classes' units.
_FLOW, _EVERY, _FLOW_FREE, _EVERY_FREE = range(4)


class Summary:
    """Units per acceptance mask of one resources object (see the module docstring):
    `tables` (`_FLOW`, `_EVERY`, `_FLOW_FREE`, `_EVERY_FREE`: the flow classes' units, with
    the {1} classes' too, and both counting only roles that pay no life); `activations`
    the {1} classes' members, `blocking` the members of classes that are neither, `life`
    the most life the flow classes' members could pay."""

    __slots__ = ("tables", "activations", "blocking", "life", "extras", "_n")

    def __init__(self) -> None:
        self.tables: tuple[dict[int, int], ...] = ({}, {}, {}, {})
        self.activations = self.blocking = self.life = 0
        self.extras: list[tuple[tuple[Role, ...], int]] = []  # classes of no permanent (pool, hand, graveyard)
        self._n: tuple[dict[int, int], ...] = ({}, {}, {}, {})  # N(X) of each table, memoised

    def add(self, roles: tuple[Role, ...], members: int) -> None:
        """Add (members < 0: take away) `members` members of a class with `roles`."""
        flow_units, one_units, activations, blocking, life = _contribution(roles)
        for mask, free, units in flow_units:
            n = units * members
            self._count(_FLOW, mask, n)
            self._count(_EVERY, mask, n)
            if free:
                self._count(_FLOW_FREE, free, n)
                self._count(_EVERY_FREE, free, n)
        for mask, units in one_units:
            self._count(_EVERY, mask, units * members)
            self._count(_EVERY_FREE, mask, units * members)
        self.activations += activations * members
        self.blocking += blocking * members
        self.life += life * members

    def _count(self, table: int, mask: int, n: int) -> None:
        """Add `n` units of acceptance set `mask` to a table, and to each N(X) memoised
        for it that they reach (a derived summary keeps its parent's N(X) so)."""
        units = self.tables[table]
        units[mask] = units.get(mask, 0) + n
        memo = self._n[table]
        for x in memo:
            if x & mask:
                memo[x] += n

    def add_entry(self, entry: Entry, sign: int) -> None:
        """Add (sign -1: take away) one permanent's part: its class's member and its
        counter-limited activations (`resources.Entry`)."""
        if entry.group is not None:
            self.add(entry.group.key[1], sign)
        for c in entry.counter_classes:
            self.add(tuple(c.roles), sign * len(c.members))

    def derived(self) -> Summary:
        """A copy to change, its N(X) memos with it (`add` keeps them up to date)."""
        s = Summary()
        s.tables = tuple(dict(t) for t in self.tables)
        s._n = tuple(dict(n) for n in self._n)
        s.activations, s.blocking, s.life = self.activations, self.blocking, self.life
        return s

    def _paid(self, req: Requirement, flow: int, every: int) -> bool:
        """Whether a flow of the tables `flow` (without the {1} classes) or `every` (all
        of them activated) meets `req`, life aside."""
        n = self._n
        return _hall(self.tables[flow], n[flow], _sets(req, 0)) or bool(
            self.activations and _hall(self.tables[every], n[every], _sets(req, self.activations)))

    def pays(self, req: Requirement, life_left: int) -> bool | None:
        """flow_pay.flow_payable's answer for `req` within `life_left` life: True or False,
        None where the summary can't tell (only a class that is neither could pay, or
        only a payment paying life, which may exceed `life_left`)."""
        if self.life <= life_left:  # no payment pays more: life does not bind
            return True if self._paid(req, _FLOW, _EVERY) else (None if self.blocking else False)
        if self._paid(req, _FLOW_FREE, _EVERY_FREE):
            return True  # a payment paying no life
        if self._paid(req, _FLOW, _EVERY):
            return None  # each payment pays life: the flow's least cost decides
        return None if self.blocking else False


def _hall(units: dict[int, int], memo: dict[int, int], sets: tuple[tuple[int, int], ...]) -> bool:
    """Whether every set of demanded kinds has at most as much demand as units reaching it."""
    for x, need in sets:
        n = memo.get(x)
        if n is None:
            n = memo[x] = sum(c for m, c in units.items() if m & x)
        if need > n:
            return False
    return True


@lru_cache(maxsize=4096)
def _sets(req: Requirement, activations: int) -> tuple[tuple[int, int], ...]:
    """Every non-empty set of the kinds `req` demands (with `activations` {1} classes'
    members activated: one {1} paid by free mana, the rest by any mana but spell-only
    mana, as flow_pay pays them) as (mask, its demand), the whole set first."""
    demand = [(_BIT[k], n) for k, n in req.by_kind().items() if n]
    if activations:
        demand.append((_FIRST, 1))
        if activations > 1:
            demand.append((_REST, activations - 1))
    out = []
    for size in range(len(demand), 0, -1):
        for combo in combinations(demand, size):
            out.append((sum(b for b, _ in combo), sum(n for _, n in combo)))
    return tuple(out)


def summary(res: Resources) -> Summary:
    """The summary of `res`: built once per resources object, from the summary of the
    resources it was derived from (`Resources.derived_from`) where that one was built,
    less and plus the permanents whose entry changed, else from its classes."""
    held = res.models.get(_KEY)
    if held is not None:
        return held
    earlier = res.derived_from() if res.derived_from is not None else None
    parent = earlier.models.get(_KEY) if earlier is not None else None
    s = _carried(parent, earlier, res) if parent is not None and earlier is not None else None
    if s is None:
        s = Summary()
        for c in res.classes:
            if c.members and isinstance(c.members[0], (Permanent, CounterUse)):
                s.add(tuple(c.roles), len(c.members))
            else:
                s.extras.append((tuple(c.roles), len(c.members)))
        for roles, n in s.extras:
            s.add(roles, n)
    res.models[_KEY] = s
    return s


def _carried(parent: Summary, earlier: Resources, res: Resources) -> Summary | None:
    """`parent` (the summary of `earlier`) less the permanents whose entry `res` does not
    share with `earlier`, plus their entries in `res`; None when most of them changed."""
    old, new = earlier.entries, res.entries
    if res.changed is not None:  # collect moved these permanents only (and kept the other classes)
        s = parent.derived()
        for pid in res.changed:
            s.add_entry(old[pid], -1)
            s.add_entry(new[pid], 1)
        s.extras = parent.extras
        return s
    changed = [pid for pid, e in new.items() if old.get(pid) is not e]
    gone = [pid for pid in old if pid not in new]
    if 2 * (len(changed) + len(gone)) > len(new) + 1:
        return None
    s = parent.derived()
    for pid in changed:
        if pid in old:
            s.add_entry(old[pid], -1)
        s.add_entry(new[pid], 1)
    for pid in gone:
        s.add_entry(old[pid], -1)
    for roles, n in parent.extras:
        s.add(roles, -n)
    s.extras = [(tuple(c.roles), len(c.members)) for c in res.classes
                if not (c.members and isinstance(c.members[0], (Permanent, CounterUse)))]
    for roles, n in s.extras:
        s.add(roles, n)
    return s


def decide(res: Resources, req: Requirement, life_left: int) -> bool | None:
    """flow_pay.flow_payable(res, req, life_left): the summary's answer where it decides,
    else the flow's."""
    if ENABLED:
        found = summary(res).pays(req, life_left)
        if found is not None:
            return found
    return flow_payable(res, req, life_left)
