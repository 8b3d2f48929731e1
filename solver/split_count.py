"""Exact payment counts through the summary feasibility depends on, for boards whose
every source is a one-mana source or a Signet.

It applies when every class's roles are all *plain* (one mana of one type, no mana
cost, no spend restriction, no creature or energy cost; paying life is allowed: Mana
Confluence) or all *Signet-style* ("{1}, {T}: Add" two mana of two different types,
nothing else), at least one class is a Signet, and the requirement has no {S}: land-sea
boards, and mana bases of lands and Signets.  `PaymentCounter` uses it for the count
whenever it applies.

Why a small summary decides feasibility (what counts as one payment: design.md).  Take
s_t uses of plain sources making type t (L in all) and k Signet activations, for a
requirement of d_t symbols of each type t (colours and {C}) and g generic (U in all).
Every plain mana is spent, every Signet spends one or both of its mana, and the spent
mana pays exactly the U symbols and the k costs {1}; so L <= U and exactly m = U - L
Signets spend both (m <= k).  Plain mana pays min(s_t, d_t) of the t symbols; the
deficit r_t = max(0, d_t - s_t) must come from Signets, one spending both mana covering
both of its types and one spending one mana covering one of them; all other spent mana
pays generic symbols or {1} costs, which take any mana.  As a flow (source -> each
Signet, one unit, plus a pool of m second units -> each Signet, one unit; Signet -> each
of its types, one unit; type t -> sink, r_t) the minimum cut says the deficits are
covered iff

* deg_t >= r_t for every type t (deg_t: the Signets making t), and
* touch(T) >= r(T) - m for every set T of types (touch(T): the Signets making some type
  of T); implied by the first unless every type of T shares a Signet with another type
  of T.

And the first Signet must be paid by plain mana (601.2g; feasibility.costs_one_generic):
with k >= 1 some plain mana must pay a generic symbol or a cost, so some s_t > d_t, or
the deficits r + 1_t are covered for some t with 1 <= s_t <= d_t (one plain t freed).

So the plain uses matter only through their uses per type and the life they pay, and the
Signet uses only through k, deg and touch, each capped where its inequality stops
caring.  The count is the sum, over the plain tables's rows, of its ways times the ways
of the Signet table's rows above the row's thresholds (inclusion-exclusion over the types
that may free a plain mana): two tables computed once per board and set of costs, sums
over (k, deg) read off suffix sums, and no flow at all.  tests/test_split_count.py
checks the counts against the general counter and the brute force.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from itertools import combinations, product
from math import comb

import numpy as np

from manasolve.models.mana import Requirement
from manasolve.solver.combinatorics import compositions, multinomial
from manasolve.solver.feasibility import costs_one_generic, is_simple
from manasolve.solver.resources import Pattern, PatternKind, PermClass, Resources, Role
from manasolve.solver.deadline import past

TYPES = ("W", "U", "B", "R", "G", "C")
_KEY = "split_count"  # Resources.models key: the split classes and their tables


class CountTimeout(Exception):
    """The deadline passed; `at_least` payments were counted by then."""

    def __init__(self, at_least: int):
        super().__init__(at_least)
        self.at_least = at_least


class CountOverBound(CountTimeout):
    """The count would need more memory than its bound allows (`why` says which part);
    `at_least` payments were counted by then."""

    def __init__(self, at_least: int, why: str):
        super().__init__(at_least)
        self.why = why


def _check(deadline: float | None) -> None:
    if past(deadline):
        raise CountTimeout(0)


def plain_role(role: Role) -> bool:
    """One mana of one type with no mana cost, restriction, creature or energy cost."""
    p = role.pattern
    return role.then is None and not role.via and p.kind == PatternKind.MANA and is_simple(p) \
        and not (p.tap_creatures or p.energy)


def signet_role(role: Role) -> bool:
    """"{1}, {T}: Add" two mana of two different types, and no other cost or restriction."""
    p = role.pattern
    return role.then is None and not role.via and p.kind == PatternKind.MANA and costs_one_generic(p) \
        and len(p.bundle) == 2 and p.bundle[0] != p.bundle[1] \
        and not (p.life or p.tap_creatures or p.energy or p.spell_only or p.no_generic)


class _Split:
    """The plain and Signet classes of one Resources, and the tables built from them
    (shared by every requirement paid with these resources)."""

    def __init__(self, classes: list[PermClass]):
        self.classes = classes
        self.plain: list[PermClass] = []
        self.signets: list[PermClass] = []
        self.applies = True
        for c in classes:
            if all(plain_role(r) for r in c.roles):
                self.plain.append(c)
            elif all(signet_role(r) for r in c.roles):
                self.signets.append(c)
            else:
                self.applies = False
        # Without Signets the general programme decides each aggregate by Hall's condition,
        # as fast as these tables (faster for long hybrid costs): it keeps those boards.
        self.applies = self.applies and bool(self.signets)
        self.most_life = max((r.pattern.life for c in self.plain for r in c.roles), default=0)
        self.plain_tables: list[_PlainTable] = []
        self.signet_tables: list[_SignetTable] = []

    def life_cap(self, units: int, budget: int) -> int | None:
        """The life a plain table must track for a requirement of `units` mana with
        `budget` life to spare: None when the plain uses can't pay more (not tracked)."""
        return budget if self.most_life * units > budget else None

    def plain_table(self, need: tuple, units: int, budget: int, deadline: float | None) -> _PlainTable:
        """A plain table covering a requirement of `need` symbols per type, `units` mana
        and `budget` life."""
        life_cap = self.life_cap(units, budget)
        for table in self.plain_tables:
            if table.covers(need, units, life_cap, self.most_life):
                return table
        return self._add(self.plain_tables, _PlainTable(self.plain, need, units, life_cap, deadline))

    def signet_table(self, need: tuple, units: int, deadline: float | None) -> _SignetTable:
        """A Signet table covering a requirement of `need` symbols per type and `units` mana."""
        for table in self.signet_tables:
            if table.covers(need, units):
                return table
        return self._add(self.signet_tables, _SignetTable(self.signets, need, max(units, 1), deadline))

    @staticmethod
    def _add(tables: list, table):
        tables.append(table)
        return table


def _split(res: Resources) -> _Split:
    found = res.models.get(_KEY)
    if found is None or found.classes is not res.classes:
        found = res.models[_KEY] = _Split(res.classes)
    return found


def applies(res: Resources, req: Requirement) -> bool:
    """Whether `SplitCounter` counts the payments of `req` with `res`."""
    return not req.snow and _split(res).applies


def plan(res: Resources, reqs: list[Requirement], life_total: int, deadline: float | None = None) -> None:
    """Build the tables once for all of `reqs` (the announcements of one cost), so that
    every requirement's count reads the same two tables (past `deadline`, each count
    builds its own and meets the deadline itself)."""
    reqs = [q for q in reqs if applies(res, q) and q.life <= life_total]
    if len(reqs) < 2:
        return
    split = _split(res)
    units = max(q.mana_units for q in reqs)
    need = tuple(max(q.by_kind()[t] for q in reqs) for t in TYPES)
    caps = [split.life_cap(q.mana_units, life_total - q.life) for q in reqs]
    life_cap = None if all(c is None for c in caps) else max(split.most_life * units, *(c or 0 for c in caps))
    try:
        if not any(t.covers(need, units) for t in split.signet_tables):
            split.signet_tables.append(_SignetTable(split.signets, need, max(units, 1), deadline))
        if not any(t.covers(need, units, life_cap, split.most_life) for t in split.plain_tables):
            split.plain_tables.append(_PlainTable(split.plain, need, units, life_cap, deadline))
    except CountTimeout:
        return


class SplitCounter:
    """Counts the payments of one requirement when `applies` (see the module docstring)."""

    def __init__(self, res: Resources, req: Requirement, life_total: int):
        self.split = _split(res)
        self.need = tuple(req.by_kind()[t] for t in TYPES)
        self.units = req.mana_units
        self.budget = life_total - req.life

    def count_by(self, deadline: float | None) -> int:
        """The exact number of payments; raises CountTimeout past `deadline`."""
        if self.budget < 0:
            return 0
        summaries = self._plain_summaries(deadline)
        signets = self.split.signet_table(self.need, self.units, deadline)
        _check(deadline)
        return sum(ways * n for ways, n in zip(summaries.values(), signets.completions(list(summaries))))

    def _plain_summaries(self, deadline: float | None) -> dict[tuple, int]:
        """Ways to use the plain classes, per (deficits r, m = U - L, surplus, freeable):
        what the Signets must complete (module docstring)."""
        need, units, budget = self.need, self.units, self.budget
        table = self.split.plain_table(need, units, budget, deadline)
        d = np.array(need)
        used = table.used
        keep = (used <= units) & (table.life <= budget) & (table.ways != 0)
        s, used, ways = table.uses[keep], used[keep], table.ways[keep]
        deficit = np.maximum(d - s, 0)
        surplus = (s > d).any(axis=1)
        freeable = (s >= 1) & (s <= d) & ~surplus[:, None]
        # one integer per key, then the ways summed per key
        code = used.astype(np.int64)
        for t in range(len(TYPES)):
            code = code * (need[t] + 1) + deficit[:, t]
        code = (code * 2 + surplus) * (1 << len(TYPES)) + freeable @ (1 << np.arange(len(TYPES)))
        keys, first, where = np.unique(code, return_index=True, return_inverse=True)
        sums = np.zeros(len(keys), dtype=object)
        np.add.at(sums, where, ways)
        return {(tuple(r), units - n, sur, tuple(t for t, f in enumerate(free) if f)): total
                for r, n, sur, free, total in zip(deficit[first].tolist(), used[first].tolist(),
                                                  surplus[first].tolist(), freeable[first].tolist(), sums)}


class _PlainTable:
    """Ways to use the plain classes, one row per summary: `uses` (uses of each type,
    capped at one more than the most symbols of that type a covered requirement has:
    past that, all the rest pays generic), `used` (L, all the uses, at most `units`),
    `life` paid (tracked up to `life_cap`; all 0 when None: life can't bind) and `ways`
    (Python ints).

    It is the product over classes of (1 + Σ_roles x_type y^life)^members, truncated
    there (a class of interchangeable members multiplies by (1 + Σ_roles ...) once per
    member; classes with the same roles merge, Vandermonde), computed on arrays of rows."""

    def __init__(self, plain: list[PermClass], need: tuple, units: int, life_cap: int | None,
                 deadline: float | None):
        self.units, self.life_cap = units, life_cap
        present = sorted({TYPES.index(r.pattern.bundle[0]) for c in plain for r in c.roles})
        self.caps = tuple(need[t] + 1 if t in present else 0 for t in range(len(TYPES)))
        rows = [(s, n, life) for s in product(*(range(self.caps[t] + 1) for t in present))
                for n in range(sum(s), units + 1) for life in range((life_cap or 0) + 1)]
        index = {row: i for i, row in enumerate(rows)}
        self.uses = np.zeros((len(rows), len(TYPES)), dtype=np.int64)
        for i, (s, _, _) in enumerate(rows):
            self.uses[i, present] = s
        self.used = np.array([n for _, n, _ in rows], dtype=np.int64)
        self.life = np.array([life for _, _, life in rows], dtype=np.int64)
        shifts: dict[tuple, tuple] = {}

        def shift(t: int, life: int) -> tuple[np.ndarray, np.ndarray]:
            """(rows, the rows one more use of type t paying `life` lead to), where both
            are in the table (several rows may lead to one: the capped ones)."""
            key = (t, life if life_cap is not None else 0)
            if key not in shifts:
                j, cap = present.index(t), self.caps[t]
                pairs = [(i, index.get((s[:j] + (min(s[j] + 1, cap),) + s[j + 1:], n + 1, lf + key[1])))
                         for i, (s, n, lf) in enumerate(rows)]
                pairs = [(i, k) for i, k in pairs if k is not None]
                shifts[key] = (np.array([i for i, _ in pairs], dtype=np.int64),
                               np.array([k for _, k in pairs], dtype=np.int64))
            return shifts[key]

        def times(ways: np.ndarray, maps: list) -> np.ndarray:
            """`ways` times the sum of the monomials whose shifts are `maps`."""
            out = np.zeros_like(ways)
            for src, dst in maps:
                np.add.at(out, dst, ways[src])
            return out

        ways = np.zeros(len(rows), dtype=object)
        ways[index[(0,) * len(present), 0, 0]] = 1
        merged: dict[tuple, int] = defaultdict(int)
        for c in plain:
            roles = tuple(sorted((TYPES.index(r.pattern.bundle[0]), r.pattern.life) for r in c.roles))
            merged[c.indistinct and id(c), roles] += len(c.members)
        for (indistinct, roles), n in merged.items():
            _check(deadline)
            maps = [shift(t, life) for t, life in roles]
            out = np.zeros_like(ways) if indistinct else ways.copy()
            if indistinct:
                # members that can't be told apart: one way per number taking each role
                for counts in compositions(len(maps), min(n, units)):
                    term = ways
                    for one, r in zip(maps, counts):
                        for _ in range(r):
                            term = times(term, [one])
                    out += term
            else:
                # (1 + sigma)^n = sum over j of C(n, j) sigma^j
                power = ways
                for j in range(1, min(n, units) + 1):
                    power = times(power, maps)
                    out += comb(n, j) * power
            ways = out
        self.ways = ways

    def covers(self, need: tuple, units: int, life_cap: int | None, most_life: int) -> bool:
        """Whether this table holds every row a requirement of `need` per type and
        `units` mana needs, with life tracked up to `life_cap` (None: not binding)."""
        if self.units < units or any(cap and cap < d + 1 for cap, d in zip(self.caps, need)):
            return False
        if self.life_cap is None:
            return life_cap is None
        return self.life_cap >= (life_cap if life_cap is not None else most_life * units)


class _SignetTable:
    """Ways to activate Signets, one row per summary: k (capped at `k_cap`), deg_t for
    each type t with need_t > 0 (capped at need_t) and touch(T) for the sets T of them
    whose inequality is not implied (capped at need(T)).  A requirement it covers never
    asks for more: a deficit r_t (plus one where a plain mana is freed) is at most d_t,
    and m <= U."""

    def __init__(self, signets: list[PermClass], need: tuple, k_cap: int, deadline: float | None):
        self.need, self.k_cap = need, k_cap
        self.watched = [t for t in range(len(TYPES)) if need[t]]
        pairs = {frozenset(TYPES.index(u) for u in r.pattern.bundle) for c in signets for r in c.roles}
        self.sets = [ts for size in range(2, len(self.watched) + 1) for ts in combinations(self.watched, size)
                     if all(any(t in p and p <= set(ts) for p in pairs) for t in ts)]
        # member[j, i]: whether set j holds the i-th watched type
        self.member = np.array([[t in ts for t in self.watched] for ts in self.sets], dtype=np.int64).reshape(
            len(self.sets), len(self.watched))
        caps = np.array((k_cap,) + tuple(need[t] for t in self.watched)
                        + tuple(sum(need[t] for t in ts) for ts in self.sets), dtype=np.int64)

        def role_delta(p: Pattern) -> tuple:
            made = {TYPES.index(u) for u in p.bundle}
            return (1,) + tuple(int(t in made) for t in self.watched) + tuple(int(bool(made.intersection(ts)))
                                                                              for ts in self.sets)

        rows, ways = np.zeros((1, len(caps)), dtype=np.int64), np.ones(1, dtype=object)
        for c in signets:
            _check(deadline)
            rows, ways = _grow(rows, ways, _moves(c, role_delta, tuple(int(x) for x in caps)), caps)
        self.rows, self.ways = rows, ways
        # the ways of the rows at least (k, deg) in every coordinate, one cell per (k, deg)
        width = 1 + len(self.watched)
        grid = np.zeros(tuple(int(x) + 1 for x in caps[:width]), dtype=object)
        np.add.at(grid, tuple(rows[:, j] for j in range(width)), ways)
        for axis in range(width):
            grid = np.flip(np.cumsum(np.flip(grid, axis), axis=axis), axis)
        self.at_least = grid
        self.memo: dict[tuple, int] = {}  # completions, by plain summary
        self.bound: dict[tuple, int] = {}  # sums over rows with a binding touch, by thresholds

    def covers(self, need: tuple, units: int) -> bool:
        """Whether this table answers every question of a requirement of `need`."""
        return self.k_cap >= max(units, 1) and all(a >= b for a, b in zip(self.need, need))

    def completions(self, keys: list[tuple]) -> list[int]:
        """For each plain summary (deficits, m, surplus, freeable), the ways to activate
        Signets completing it: k >= m, the deficits covered, and (k >= 1) some plain mana
        free to pay the first Signet's {1}.  The terms: with a surplus, the rows above
        (k >= m, deg >= r, touch(T) >= r(T) - m); else the empty choice when it pays
        (m = 0, no deficit) and, by inclusion-exclusion over the types F that may free a
        plain mana, sum over non-empty S in F of (-1)^(|S|+1) × the rows above
        (k >= max(m, 1), deg >= r + 1_S, touch(T) >= r(T) + [T meets S] - m)."""
        todo = [key for key in dict.fromkeys(keys) if key not in self.memo]
        terms = []  # (key, sign, k, m, deficit, freed)
        for key in todo:
            deficit, m, surplus, freeable = key
            if surplus:
                terms.append((key, 1, m, m, deficit, ()))
                continue
            self.memo[key] = int(m == 0 and not any(deficit))
            for size in range(1, len(freeable) + 1):
                for freed in combinations(freeable, size):
                    terms.append((key, (-1) ** (size + 1), max(m, 1), m, deficit, freed))
        if terms:
            for (key, sign, *_), n in zip(terms, self._above([t[2:] for t in terms])):
                self.memo[key] = self.memo.get(key, 0) + sign * n
        return [self.memo[key] for key in keys]

    def _above(self, terms: list[tuple]) -> list[int]:
        """For each (k, m, deficit, freed): the ways of the rows with at least k Signets
        covering the deficits plus one of each type of `freed` when m of them spend both
        mana: deg_t >= r_t + [t freed] and touch(T) >= r(T) + [T meets freed] - m.  The
        touch of T binds only above every deg_t of T (touch(T) >= deg_t); rows without
        a binding touch are read off the suffix sums over (k, deg)."""
        k = np.array([t[0] for t in terms], dtype=np.int64)
        m = np.array([t[1] for t in terms], dtype=np.int64)
        r = np.array([[t[2][w] for w in self.watched] for t in terms], dtype=np.int64).reshape(len(terms), -1)
        extra = np.array([[w in t[3] for w in self.watched] for t in terms], dtype=np.int64).reshape(len(terms), -1)
        deg = r + extra
        need = r @ self.member.T + (extra @ self.member.T > 0) - m[:, None]
        top = (deg[:, None, :] * self.member[None, :, :]).max(axis=2, initial=0)
        binds = need > top
        plain = ~binds.any(axis=1)
        out = np.zeros(len(terms), dtype=object)
        out[plain] = self.at_least[(k[plain],) + tuple(deg[plain].T)]
        width = 1 + len(self.watched)
        for i in np.flatnonzero(~plain):
            cols = np.flatnonzero(binds[i])
            key = (int(k[i]), tuple(deg[i]), tuple(cols), tuple(need[i, cols]))
            hit = self.bound.get(key)
            if hit is None:
                mask = (self.rows[:, :width] >= np.concatenate(([k[i]], deg[i]))).all(axis=1)
                mask &= (self.rows[:, width + cols] >= need[i, cols]).all(axis=1)
                hit = self.bound[key] = self.ways[mask].sum()
            out[i] = hit
        return [int(x) for x in out]


def _moves(c: PermClass, role_delta: Callable[[Pattern], tuple], caps: tuple, most: int | None = None) -> list[tuple]:
    """(change, ways) for every way the class can take part (at most `most` members; None:
    all), changes capped at `caps` (min(x + d, cap) = min(x + min(d, cap), cap)) and equal
    changes merged."""
    n = len(c.members)
    deltas = [role_delta(r.pattern) for r in c.roles]
    out: dict[tuple, int] = defaultdict(int)
    for counts in compositions(len(c.roles), n if most is None else min(n, most)):
        total = [0] * len(caps)
        for r, delta in zip(counts, deltas):
            if r:
                total = [a + r * b for a, b in zip(total, delta)]
        out[tuple(map(min, total, caps))] += 1 if c.indistinct else multinomial(n, counts)
    return list(out.items())


def _grow(rows: np.ndarray, ways: np.ndarray, moves: list[tuple], caps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows (capped summaries, with their ways) after one more class takes part."""
    deltas = np.array([d for d, _ in moves], dtype=np.int64)
    weights = np.empty(len(moves), dtype=object)
    weights[:] = [w for _, w in moves]
    grown = np.minimum(rows[None, :, :] + deltas[:, None, :], caps).reshape(-1, rows.shape[1])
    found, where = np.unique(grown, axis=0, return_inverse=True)
    sums = np.zeros(len(found), dtype=object)
    np.add.at(sums, where.reshape(-1), np.multiply.outer(weights, ways).reshape(-1))
    return found, sums
