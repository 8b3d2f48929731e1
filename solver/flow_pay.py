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

from functools import lru_cache

from manasolve.models.mana import Requirement, Symbol, SymbolKind
from manasolve.solver.feasibility import cost_symbol_accepts, costs_one_generic, spell_kind_accepts
from manasolve.solver.flows import FlowNetwork
from manasolve.solver.resources import SYMBOL_PAYERS, PatternKind, PermClass, Resources, Role

_ONE = Symbol(SymbolKind.GENERIC, (), 1)


def flow_class(c: PermClass) -> bool:
    """Whether the class's choice is a plain flow (see the module docstring)."""
    return _flow_roles(tuple(c.roles))


def one_class(c: PermClass) -> bool:
    """Whether the class has one role whose only cost is {1} (a Signet)."""
    return _one_roles(tuple(c.roles))


# The facts below depend on a class's roles alone: cached by roles, so the classes of a
# changed board (a permanent tapped: one class a member fewer) find them already known.
@lru_cache(maxsize=4096)
def _flow_roles(roles: tuple[Role, ...]) -> bool:
    def one_unit(r: Role) -> bool:
        p = r.pattern
        if r.then is not None or p.energy:
            return False
        return p.kind in SYMBOL_PAYERS or (p.kind == PatternKind.MANA and len(p.bundle) == 1 and not p.costly
                                          and not p.tap_creatures)
    if all(one_unit(r) for r in roles):
        return True
    (only, *rest) = roles
    p = only.pattern
    return not rest and only.then is None and p.kind == PatternKind.MANA and len(set(p.bundle)) == 1 \
        and not (p.costly or p.life or p.tap_creatures or p.energy)


@lru_cache(maxsize=4096)
def _one_roles(roles: tuple[Role, ...]) -> bool:
    if len(roles) != 1 or roles[0].then is not None:
        return False
    p = roles[0].pattern
    return p.kind == PatternKind.MANA and costs_one_generic(p) and not (p.life or p.tap_creatures or p.energy)


@lru_cache(maxsize=16384)
def _least_life(roles: tuple[Role, ...], k: str) -> int | None:
    """The least life a member of a flow class with these roles pays to fill one symbol
    of kind `k` (its cheapest role that pays it), None if none does."""
    return min((r.pattern.life for r in roles if _accepts(k, r.pattern, r.pattern.bundle[0] if r.pattern.bundle else None)),
               default=None)


def flow_payable(res: Resources, req: Requirement, life_left: int) -> bool | None:
    """Whether `req` can be paid with `res`'s classes within `life_left` life: True or
    False when a flow decides it, None when some class is neither a flow nor a {1} class
    and no flow of the others pays."""
    arcs = res.models.get(_ARCS_KEY)
    if arcs is None or arcs.classes is not res.classes:
        arcs = res.models[_ARCS_KEY] = _Arcs(res.classes)
    if _pays(arcs, False, req, life_left) or (arcs.ones and _pays(arcs, True, req, life_left)):
        return True
    return False if arcs.decided else None


# The key of `_Arcs` in Resources.models (built once per resources object, see resources.collect).
_ARCS_KEY = "flow arcs"


class _Arcs:
    """The flow and {1} classes of a resources object with, per demand kind, the arcs
    from each: computed once per resources object and demand kind, for every request."""

    def __init__(self, classes: list[PermClass]) -> None:
        self.classes = classes
        self.flows = [c for c in classes if flow_class(c)]
        self.ones = [c for c in classes if not flow_class(c) and one_class(c)]
        self.decided = len(self.flows) + len(self.ones) == len(classes)
        # each flow class: its capacity (members x mana per member)
        self.flow_caps = [len(c.members) * max(len(r.pattern.bundle) or 1 for r in c.roles) for c in self.flows]
        # each {1} class: (its pattern, each mana type it makes with its capacity)
        self.one_types = [(c.roles[0].pattern, [(t, len(c.members) * c.roles[0].pattern.bundle.count(t))
                                                 for t in sorted(set(c.roles[0].pattern.bundle))]) for c in self.ones]
        self._lives: dict[str, list[int | None]] = {}
        self._one_accepts: dict[str, list[list[bool]]] = {}

    def lives(self, k: str) -> list[int | None]:
        """Per flow class: the least life a member pays to fill one symbol of kind `k`
        (its cheapest role that pays it), None if none does."""
        hit = self._lives.get(k)
        if hit is None:
            hit = self._lives[k] = [_least_life(tuple(c.roles), k) for c in self.flows]
        return hit

    def one_accepts(self, k: str) -> list[list[bool]]:
        """Per {1} class and mana type it makes: whether that mana fills kind `k`."""
        hit = self._one_accepts.get(k)
        if hit is None:
            hit = self._one_accepts[k] = [[_accepts(k, p, t) for t, _ in types] for p, types in self.one_types]
        return hit


def _accepts(k: str, p, t: str | None) -> bool:
    if k.startswith("cost:"):
        return p.kind == PatternKind.MANA and cost_symbol_accepts(_ONE, t, p) and (k == "cost:rest" or not p.costly)
    return spell_kind_accepts(k, p, t)


def _pays(arcs: _Arcs, with_ones: bool, req: Requirement, life_left: int) -> bool:
    """A min-cost max flow: every spell symbol filled (and, `with_ones`, every {1} class
    activated, one {1} paid by the flow classes), life within `life_left`."""
    demand = {k: n for k, n in req.by_kind().items() if n}
    activated = sum(len(c.members) for c in arcs.ones) if with_ones else 0
    if activated:
        demand["cost:first"] = 1
        if activated > 1:
            demand["cost:rest"] = activated - 1
    if not demand:
        return True
    kinds = {k: i + 1 for i, k in enumerate(demand)}  # 0 is the source
    per_kind = [(kinds[k], arcs.lives(k)) for k in demand]
    if not with_ones and any(all(life is None for life in lives) for _, lives in per_kind):
        return False  # a kind of symbol no class pays
    flow = FlowNetwork()
    next_node = len(kinds) + 1
    for i, cap in enumerate(arcs.flow_caps):
        node, next_node = next_node, next_node + 1
        flow.arc(0, node, cap, 0)
        for kn, lives in per_kind:
            life = lives[i]
            if life is not None:  # a member sent here takes the cheapest role that pays this kind
                flow.arc(node, kn, cap, life)
    if with_ones:
        accepts = [(kinds[k], arcs.one_accepts(k)) for k in demand]
        for i, (_, types) in enumerate(arcs.one_types):
            for j, (_, cap) in enumerate(types):
                node, next_node = next_node, next_node + 1
                flow.arc(0, node, cap, 0)
                for kn, acc in accepts:
                    if acc[i][j]:
                        flow.arc(node, kn, cap, 0)
    sink = next_node
    for k, n in demand.items():
        flow.arc(kinds[k], sink, n, 0)
    total = sum(demand.values())
    sent, cost = flow.max_flow_min_cost(0, sink, total)
    return sent == total and cost <= life_left
