"""Payable by one min-cost flow, without CP-SAT, when the resources allow it.

A payment that leaves some activation's mana all unspent stays a payment once that
activation is dropped (it funded nothing), so for existence "no activation wasted" never
matters.  Two kinds of classes are then a plain flow:

* flow classes: roles that each make one mana with no mana cost (maybe life) or pay one
  symbol (convoke, improvise, delve), or one free role making several mana of one type
  (Sol Ring);
* {1} classes: one role whose only cost is {1} (Signets).  Using one more of them never
  hurts (its own mana may pay its {1}), and an order of activations exists iff some free
  mana pays an activation cost (feasibility.costs_one_generic), so a payment with them
  exists iff one exists with every one of them activated and one {1} paid by free mana.
"""

from __future__ import annotations

from manasolve.models.mana import Requirement, Symbol, SymbolKind
from manasolve.solver.feasibility import cost_symbol_accepts, costs_one_generic, spell_kind_accepts
from manasolve.solver.resources import SYMBOL_PAYERS, PatternKind, PermClass

_ONE = Symbol(SymbolKind.GENERIC, (), 1)


def flow_class(c: PermClass) -> bool:
    """Whether the class's choice is a plain flow (see the module docstring)."""
    def one_unit(r) -> bool:
        p = r.pattern
        if r.then is not None or p.energy:
            return False
        return p.kind in SYMBOL_PAYERS or (p.kind == PatternKind.MANA and len(p.bundle) == 1 and not p.costly
                                          and not p.tap_creatures)
    if all(one_unit(r) for r in c.roles):
        return True
    (only, *rest) = c.roles
    p = only.pattern
    return not rest and only.then is None and p.kind == PatternKind.MANA and len(set(p.bundle)) == 1 \
        and not (p.costly or p.life or p.tap_creatures or p.energy)


def one_class(c: PermClass) -> bool:
    """Whether the class has one role whose only cost is {1} (a Signet)."""
    if len(c.roles) != 1 or c.roles[0].then is not None:
        return False
    p = c.roles[0].pattern
    return p.kind == PatternKind.MANA and costs_one_generic(p) and not (p.life or p.tap_creatures or p.energy)


def flow_payable(classes: list[PermClass], req: Requirement, life_left: int) -> bool | None:
    """Whether `req` can be paid with `classes` within `life_left` life: True or False
    when a flow decides it, None when some class is neither a flow nor a {1} class and
    no flow of the others pays."""
    flows = [c for c in classes if flow_class(c)]
    ones = [c for c in classes if not flow_class(c) and one_class(c)]
    if _pays(flows, [], req, life_left) or (ones and _pays(flows, ones, req, life_left)):
        return True
    return False if len(flows) + len(ones) == len(classes) else None


def _pays(flows: list[PermClass], ones: list[PermClass], req: Requirement, life_left: int) -> bool:
    """A min-cost max flow: every spell symbol filled (and, with `ones`, every one of
    them activated, one {1} paid by the flow classes), life within `life_left`."""
    demand = {k: n for k, n in req.by_kind().items() if n}
    activated = sum(len(c.members) for c in ones)
    if activated:
        demand["cost:first"] = 1
        if activated > 1:
            demand["cost:rest"] = activated - 1
    if not demand:
        return True
    flow = _MinCostFlow()
    nodes: dict = {}

    def node(key) -> int:
        return nodes.setdefault(key, len(nodes) + 1)  # 0 is the source

    def accepts(k: str, p, t: str | None) -> bool:
        if k.startswith("cost:"):
            return p.kind == PatternKind.MANA and cost_symbol_accepts(_ONE, t, p) and (k == "cost:rest" or not p.costly)
        return spell_kind_accepts(k, p, t)

    for c in flows:
        per_member = max(len(r.pattern.bundle) or 1 for r in c.roles)
        cap = len(c.members) * per_member
        flow.arc(0, node(id(c)), cap, 0)
        for k in demand:
            lives = [r.pattern.life for r in c.roles
                     if accepts(k, r.pattern, r.pattern.bundle[0] if r.pattern.bundle else None)]
            if lives:  # a member sent here takes the cheapest role that pays this kind
                flow.arc(node(id(c)), node(k), cap, min(lives))
    for c in ones:
        p = c.roles[0].pattern
        for t in set(p.bundle):
            cap = len(c.members) * p.bundle.count(t)
            flow.arc(0, node((id(c), t)), cap, 0)
            for k in demand:
                if accepts(k, p, t):
                    flow.arc(node((id(c), t)), node(k), cap, 0)
    sink = -1
    for k, n in demand.items():
        flow.arc(node(k), sink, n, 0)
    total = sum(demand.values())
    sent, cost = flow.solve(0, sink, total)
    return sent == total and cost <= life_left


class _MinCostFlow:
    """A min-cost flow by successive shortest paths (Bellman-Ford on the residual graph)
    for the few dozen nodes of `_pays`: plain Python, so a payable question imports no
    flow library (start-up time, issue 13)."""

    def __init__(self) -> None:
        self.heads: list[int] = []
        self.caps: list[int] = []
        self.costs: list[int] = []
        self.out: dict[int, list[int]] = {}

    def arc(self, tail: int, head: int, cap: int, cost: int) -> None:
        """An arc and its residual twin (index ^ 1)."""
        for a, b, c, w in ((tail, head, cap, cost), (head, tail, 0, -cost)):
            self.out.setdefault(a, []).append(len(self.heads))
            self.heads.append(b)
            self.caps.append(c)
            self.costs.append(w)

    def solve(self, source: int, sink: int, most: int) -> tuple[int, int]:
        """(flow sent, its cost): the cheapest flow of the largest value up to `most`."""
        sent = cost = 0
        while sent < most:
            dist, via = {source: 0}, {}
            frontier = [source]
            while frontier:  # Bellman-Ford by rounds (residual costs may be negative)
                nxt = []
                for u in frontier:
                    for a in self.out.get(u, ()):
                        v = self.heads[a]
                        if self.caps[a] > 0 and dist[u] + self.costs[a] < dist.get(v, dist[u] + self.costs[a] + 1):
                            dist[v], via[v] = dist[u] + self.costs[a], a
                            nxt.append(v)
                frontier = nxt
            if sink not in dist:
                break
            path, v = [], sink
            while v != source:
                path.append(via[v])
                v = self.heads[via[v] ^ 1]
            push = min([most - sent] + [self.caps[a] for a in path])
            for a in path:
                self.caps[a] -= push
                self.caps[a ^ 1] += push
            sent += push
            cost += push * dist[sink]
        return sent, cost
