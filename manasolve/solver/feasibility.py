"""Is a chosen set of uses a payment?  (design.md "What counts as one payment")

Given how many times each `Pattern` is used, decide whether the mana they make (plus the
creatures/artifacts tapped for convoke/improvise) can pay the announced requirement such
that every activation has at least one of its mana spent (on the cost or on another
activation's cost), every convoke/improvise tap pays one symbol of the spell (702.51a,
702.126a), and activations that cost mana are funded by mana made *before* them, so a ring
of abilities paying each other is no payment (601.2g, 605.3).

The common case (only one-mana, free activations) is a perfect matching decided by Hall's
condition; the general case is a circulation with lower bounds (OR-Tools min-cost flow), built
once per set of non-simple uses and tried for each distinct order of the mana-costing
activations.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from ortools.graph.python import min_cost_flow

from manasolve.models.mana import COLORS, Requirement, Symbol
from manasolve.solver.resources import Pattern

SPECIFIC = ("W", "U", "B", "R", "G", "C", "S")


def spell_kind_accepts(kind: str, p: Pattern, unit: str | None) -> bool:
    """Whether a unit (of type `unit`, from pattern `p`) may pay a spell symbol of `kind`
    (a colour, "C", "S" or "generic"): 107.4a-c, 107.4h, 702.51a, 702.126a."""
    if p.kind == "convoke":
        return kind == "generic" or kind in p.colors
    if p.kind == "improvise":
        return kind == "generic"
    if kind == "generic":
        return True
    if kind == "S":
        return p.snow
    return unit == kind


def cost_symbol_accepts(sym: Symbol, unit: str, snow: bool) -> bool:
    """Whether a mana unit may pay one symbol of a mana ability's own cost."""
    if sym.kind == "generic":
        return True
    if sym.kind == "color":
        return unit == sym.colors[0]
    if sym.kind == "hybrid":
        return unit in sym.colors
    if sym.kind == "C":
        return unit == "C"
    if sym.kind == "S":
        return snow
    return False


def _spell_demand(req: Requirement) -> dict[str, int]:
    d = {c: req.color_count(c) for c in COLORS}
    d["C"] = req.colorless
    d["S"] = req.snow
    d["generic"] = req.generic
    return {k: v for k, v in d.items() if v}


def _hall_perfect(req: Requirement, uses: tuple[tuple[Pattern, int], ...]) -> bool:
    """Fast path: every unit must pay exactly one spell symbol, every symbol paid."""
    demand = _spell_demand(req)
    if sum(n for _, n in uses) != req.mana_units:
        return False
    units = [(p, p.bundle[0] if p.bundle else None, n) for p, n in uses]
    kinds = [k for k in demand if k != "generic"]
    for size in range(1, len(kinds) + 1):
        for subset in combinations(kinds, size):
            need = sum(demand[k] for k in subset)
            have = sum(n for p, u, n in units if any(spell_kind_accepts(k, p, u) for k in subset))
            if have < need:
                return False
    return True


def _is_simple(p: Pattern) -> bool:
    """One mana, no mana cost: such uses only matter through (type, snow) counts."""
    return p.kind == "mana" and len(p.bundle) == 1 and not p.costly


class _Template:
    """The flow network for one requirement and one fixed set of non-simple uses, in
    which the simple uses (one free mana each) enter as node supplies only, so the
    network is built once and re-solved for every count of simple mana.

    Circulation SRC → sources → mana types → symbols → SINK → SRC: each symbol node gets
    exactly its amount; each activation sends at least one mana on (none wasted); each
    simple unit and each convoke/improvise tap is spent exactly; the rest floats.
    funding says which mana-costing activations may pay another one's cost: ``earlier``
    (the rule, for the given order), ``none`` (a sufficient check) or ``others`` (any but
    itself; a necessary check that ignores order)."""

    def __init__(self, req: Requirement, complex_uses: tuple[tuple[Pattern, int], ...],
                 order: tuple[Pattern, ...], funding: str):
        self.ids: dict[str, int] = {}
        self.demand: Counter = Counter()
        self.flow = min_cost_flow.SimpleMinCostFlow()
        spell = _spell_demand(req)
        sinks: list[tuple[str, int]] = [("spell:" + k, n) for k, n in spell.items()]
        cost_nodes: list[list[tuple[str, Symbol]]] = []
        for i, p in enumerate(order):
            nodes = []
            for j, (sym, n) in enumerate(sorted(Counter(p.cost_symbols).items())):
                name = "cost:%d:%d" % (i, j)
                nodes.append((name, sym))
                sinks.append((name, sym.amount * n if sym.kind == "generic" else n))
            cost_nodes.append(nodes)
        for name, amount in sinks:
            self._arc(name, "SINK", amount, amount)
        big = sum(a for _, a in sinks) + 1
        self.big = big

        def route(node: str, t: str, snow: bool, p: Pattern, position: int | None) -> None:
            self._node(node)
            for k in spell:
                if spell_kind_accepts(k, p, t):
                    self._arc(node, "spell:" + k, big)
            for i, nodes in enumerate(cost_nodes):
                if position is not None and not _may_fund(funding, position, i):
                    continue
                for name, sym in nodes:
                    if cost_symbol_accepts(sym, t, snow):
                        self._arc(node, name, big)

        for t in ("W", "U", "B", "R", "G", "C"):
            for snow in (False, True):
                route("simple:%s:%d" % (t, snow), t, snow, Pattern("mana", (t,), snow), None)
        sources = [(p, n, None) for p, n in complex_uses if p.kind == "mana" and not p.costly]
        sources += [(p, 1, i) for i, p in enumerate(order)]
        for idx, (p, n, position) in enumerate(sources):
            tag = "src%d" % idx
            self._arc("SRC", tag, n * len(p.bundle), n)  # at least one mana of each is spent
            for t, m in Counter(p.bundle).items():
                self._arc(tag, tag + ":" + t, m * n)
                route(tag + ":" + t, t, p.snow, p, position)
        for idx, (p, n) in enumerate((p, n) for p, n in complex_uses if p.kind in ("convoke", "improvise")):
            tag = "tap%d" % idx
            self._arc("SRC", tag, n, n)  # each tapped creature/artifact pays exactly one symbol
            for k in spell:
                if spell_kind_accepts(k, p, None):
                    self._arc(tag, "spell:" + k, n)
        self._arc("SINK", "SRC", big)
        for node in list(self.ids.values()):
            self.flow.set_node_supply(node, 0)

    def _node(self, name: str) -> int:
        return self.ids.setdefault(name, len(self.ids))

    def _arc(self, tail: str, head: str, cap: int, low: int = 0) -> None:
        # A lower bound is sent up front: the tail owes it, the head has received it.
        t, h = self._node(tail), self._node(head)
        if low:
            self.demand[t] += low
            self.demand[h] -= low
        if cap > low:
            self.flow.add_arc_with_capacity_and_unit_cost(t, h, cap - low, 0)

    def feasible(self, simple: dict[tuple[str, bool], int]) -> bool:
        """Whether the network has a feasible circulation with these simple-unit counts."""
        demand = Counter(self.demand)
        src = self.ids["SRC"]
        for (t, snow), n in simple.items():
            demand[src] += n
            demand[self.ids["simple:%s:%d" % (t, snow)]] -= n
        for node in self.ids.values():
            self.flow.set_node_supply(node, -demand[node])
        return self.flow.solve() == self.flow.OPTIMAL


_TEMPLATES: dict[tuple, _Template] = {}


def _template(req: Requirement, complex_uses: tuple, order: tuple, funding: str) -> _Template:
    key = (req, complex_uses, order, funding)
    t = _TEMPLATES.get(key)
    if t is None:
        if len(_TEMPLATES) > 20_000:
            _TEMPLATES.clear()
        t = _TEMPLATES[key] = _Template(req, complex_uses, order, funding)
    return t


@lru_cache(maxsize=200_000)
def feasible(req: Requirement, uses: tuple[tuple[Pattern, int], ...]) -> bool:
    """Whether using each pattern the given number of times is one legal payment of
    `req` (its mana part; life and creature taps are checked by the caller)."""
    uses = tuple((p, n) for p, n in uses if n)
    if not uses:
        return req.mana_units == 0
    if all(not p.costly and len(p.bundle) <= 1 for p, _ in uses):
        return _hall_perfect(req, uses)
    simple: Counter = Counter()
    for p, n in uses:
        if _is_simple(p):
            simple[p.bundle[0], p.snow] += n
    complex_uses = tuple((p, n) for p, n in uses if not _is_simple(p))
    costly = tuple(p for p, n in uses if p.costly for _ in range(n))
    # Each activation needs one spent unit of its own; a cheap necessary check first.
    if sum(n for _, n in uses) > req.mana_units + sum(cost_units(p) for p in costly):
        return False
    if not _template(req, complex_uses, costly, "others").feasible(simple):
        return False
    if not costly or _template(req, complex_uses, costly, "none").feasible(simple):
        return True
    return any(_template(req, complex_uses, order, "earlier").feasible(simple)
               for order in _distinct_orders(Counter(costly)))


def cost_units(p: Pattern) -> int:
    """How many mana the pattern's own cost takes."""
    return sum(s.amount if s.kind == "generic" else 1 for s in p.cost_symbols)


def _may_fund(funding: str, source: int, target: int) -> bool:
    if funding == "earlier":
        return source < target  # 601.2g: only mana made earlier pays a later activation's cost
    if funding == "others":
        return source != target
    return False


def _distinct_orders(counts: Counter):
    """Each distinct ordering of a multiset of patterns, once."""
    if not +counts:
        yield ()
        return
    for p in sorted(k for k, v in counts.items() if v > 0):
        counts[p] -= 1
        for rest in _distinct_orders(counts):
            yield (p,) + rest
        counts[p] += 1
