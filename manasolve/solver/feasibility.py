"""Is a chosen set of uses a payment?  (design.md "What counts as one payment")

Given how many times each `Pattern` is used, decide whether the mana they make (plus the
creatures/artifacts tapped for convoke/improvise) can pay the announced requirement such
that every activation has at least one of its mana spent (on the cost or on another
activation's cost), every convoke/improvise tap pays one symbol of the spell (702.51a,
702.126a), and activations that cost mana are funded by mana made *before* them, so a ring
of abilities paying each other is no payment (601.2g, 605.3).

The common case (only one-mana, free activations) is a perfect matching decided by Hall's
condition; the general case is a flow with lower bounds (networkx network simplex), tried
for each distinct order of the mana-costing activations.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

import networkx as nx

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


def _flow_feasible(req: Requirement, free: list[tuple[Pattern, int]], order: list[Pattern],
                   taps: list[tuple[Pattern, int]]) -> bool:
    """Flow with lower bounds for one order of the mana-costing activations."""
    g = nx.DiGraph()
    demand_of: Counter = Counter()
    spell = _spell_demand(req)
    total = sum(spell.values())
    sink_nodes: list[tuple[str, int]] = [("spell:" + k, n) for k, n in spell.items()]
    cost_nodes: list[list[tuple[str, Symbol, int]]] = []
    for i, p in enumerate(order):
        syms = Counter(p.cost_symbols)
        nodes = []
        for j, (sym, n) in enumerate(sorted(syms.items())):
            amount = sym.amount * n if sym.kind == "generic" else n
            name = "cost:%d:%d" % (i, j)
            nodes.append((name, sym, amount))
            sink_nodes.append((name, amount))
            total += amount
        cost_nodes.append(nodes)
    for name, amount in sink_nodes:
        demand_of[name] += amount  # each symbol node must receive exactly its amount
    demand_of["SRC"] -= total

    def add_source(tag: str, p: Pattern, count: int, position: int | None) -> None:
        units = Counter(p.bundle)
        lo, hi = count, count * len(p.bundle)
        if hi > lo:
            g.add_edge("SRC", tag, capacity=hi - lo)
        demand_of["SRC"] += lo
        demand_of[tag] -= lo
        for t, n in units.items():
            g.add_edge(tag, tag + ":" + t, capacity=n * count)
            for k in spell:
                if spell_kind_accepts(k, p, t):
                    g.add_edge(tag + ":" + t, "spell:" + k)
            for i, nodes in enumerate(cost_nodes):
                if position is not None and i <= position:
                    continue  # only mana made earlier can pay a later activation's cost
                for name, sym, _ in nodes:
                    if cost_symbol_accepts(sym, t, p.snow):
                        g.add_edge(tag + ":" + t, name)

    for idx, (p, n) in enumerate(free):
        add_source("free%d" % idx, p, n, None)
    for idx, p in enumerate(order):
        add_source("costly%d" % idx, p, 1, idx)
    for idx, (p, n) in enumerate(taps):
        tag = "tap%d" % idx
        demand_of["SRC"] += n
        demand_of[tag] -= n  # exactly n symbols of the spell
        for k in spell:
            if spell_kind_accepts(k, p, None):
                g.add_edge(tag, "spell:" + k)
    for node, d in demand_of.items():
        g.add_node(node, demand=d)
    try:
        nx.network_simplex(g)
    except nx.NetworkXUnfeasible:
        return False
    return True


@lru_cache(maxsize=200_000)
def feasible(req: Requirement, uses: tuple[tuple[Pattern, int], ...]) -> bool:
    """Whether using each pattern the given number of times is one legal payment of
    `req` (its mana part; life and creature taps are checked by the caller)."""
    uses = tuple((p, n) for p, n in uses if n)
    if not uses:
        return req.mana_units == 0
    if all(not p.costly and len(p.bundle) <= 1 for p, _ in uses):
        return _hall_perfect(req, uses)
    free = [(p, n) for p, n in uses if p.kind == "mana" and not p.costly]
    taps = [(p, n) for p, n in uses if p.kind in ("convoke", "improvise")]
    costly = [p for p, n in uses if p.costly for _ in range(n)]
    # Each activation needs one spent unit of its own; a cheap necessary check first.
    demand_units = req.mana_units + sum(cost_units(p) for p in costly)
    if sum(n for _, n in uses) > demand_units:
        return False
    for order in _distinct_orders(Counter(costly)):
        if _flow_feasible(req, free, list(order), taps):
            return True
    return False


def cost_units(p: Pattern) -> int:
    """How many mana the pattern's own cost takes."""
    return sum(s.amount if s.kind == "generic" else 1 for s in p.cost_symbols)


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
