"""Is a chosen set of uses a payment?  (design.md "What counts as one payment")

Given how many times each `Pattern` is used, decide whether the mana they make (plus the
creatures/artifacts tapped for convoke/improvise) can pay the announced requirement such
that every activation has at least one of its mana spent (on the cost or on another
activation's cost), every convoke/improvise tap pays one symbol of the spell (702.51a,
702.126a), and activations that cost mana are funded by mana made *before* them, so a ring
of abilities paying each other is no payment (601.2g, 605.3).

The common case (only one-mana, free activations) is a perfect matching decided by Hall's
condition; the general case is a circulation with lower bounds (solver/flows.py, OR-Tools), built
once per set of non-simple uses and tried for each distinct order of the mana-costing
activations.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from manasolve.models.mana import Requirement, Symbol, SymbolKind
from manasolve.solver.resources import SYMBOL_PAYERS, Pattern, PatternKind
from manasolve.solver.deadline import past
from manasolve.solver.flows import FlowNetwork



def spell_kind_accepts(kind: str, p: Pattern, unit: str | None) -> bool:
    """Whether a unit (of type `unit`, from pattern `p`) may pay a spell symbol of `kind`
    (a colour, "C", "S" or "generic"): 107.4a-c, 107.4h, 702.51a, 702.126a."""
    if p.kind == PatternKind.CONVOKE:
        return kind == SymbolKind.GENERIC or kind in p.colors
    if p.kind in (PatternKind.IMPROVISE, PatternKind.DELVE):
        return kind == SymbolKind.GENERIC
    if kind == SymbolKind.GENERIC:
        return not p.no_generic  # Jegantha's mana (106.6)
    if kind == SymbolKind.S:
        return p.snow
    return unit == kind


def cost_symbol_accepts(sym: Symbol, unit: str | None, p: Pattern) -> bool:
    """Whether a mana unit (of type `unit`, from pattern `p`; None: a pattern that makes
    no mana) may pay one symbol of a mana ability's own cost: never mana restricted to
    spells (106.6)."""
    if p.spell_only:
        return False
    snow = p.snow
    if sym.kind == SymbolKind.GENERIC:
        return not p.no_generic
    if sym.kind == SymbolKind.COLOR:
        return unit == sym.colors[0]
    if sym.kind == SymbolKind.HYBRID:
        return unit in sym.colors
    if sym.kind == SymbolKind.C:
        return unit == SymbolKind.C
    if sym.kind == SymbolKind.S:
        return snow
    return False


def _spell_demand(req: Requirement) -> dict[str, int]:
    return {k: v for k, v in req.by_kind().items() if v}


def _hall_perfect(req: Requirement, uses: tuple[tuple[Pattern, int], ...]) -> bool:
    """Fast path: every unit must pay exactly one spell symbol, every symbol paid."""
    demand = _spell_demand(req)
    if sum(n for _, n in uses) != req.mana_units:
        return False
    units = [(p, p.bundle[0] if p.bundle else None, n) for p, n in uses]
    kinds = [k for k in demand if k != SymbolKind.GENERIC]
    for size in range(1, len(kinds) + 1):
        for subset in combinations(kinds, size):
            need = sum(demand[k] for k in subset)
            have = sum(n for p, u, n in units if any(spell_kind_accepts(k, p, u) for k in subset))
            if have < need:
                return False
    return True


def is_simple(p: Pattern) -> bool:
    """One mana, no mana cost, no restriction: such uses only matter through (type, snow)
    counts."""
    return p.kind == PatternKind.MANA and len(p.bundle) == 1 and not p.costly and not (p.spell_only or p.no_generic)


class _Network:
    """A circulation network for one requirement: SRC → sources → mana types → symbols →
    SINK → SRC.  Each symbol node gets exactly its amount; each activation sends at least
    one mana on (none wasted); each one-mana free unit ("simple") and each
    convoke/improvise tap is spent exactly; the rest floats.  Lower bounds are sent up
    front (node demands), so the counts of a payment enter as node supplies and arc
    capacities only, and one network is re-solved (flows.Circulation) for many.

    Mana-costing activations ("payers") are either aggregated per pattern (`slots` None;
    ``funding`` "others" lets any payer's mana pay any payer's cost, itself included — a
    necessary check that ignores order — and "none" lets none — a sufficient check), or
    laid out in `slots` ordered positions, one per activation, each of which may be paid
    only by mana made in an earlier position (601.2g; exact for a given order), or
    (``funding`` "first") one activation per pattern paid by free mana only, the rest
    aggregated after it (exact when every such cost is {1}, see `costs_one_generic`).
    """

    def __init__(self, req: Requirement, shapes: tuple[Pattern, ...], slots: int | None, funding: str):
        self.ids: dict[str, int] = {}
        self.base: Counter = Counter()
        self.net = FlowNetwork()
        # source key -> (arc from SRC, its node, mana per use, ((arc to a type, mana of it per use), ...))
        self.sources: dict = {}
        self.taps: dict[Pattern, int] = {}
        self.costs: dict = {}  # payer key -> [(node, amount per use)]
        spell = _spell_demand(req)
        for k, n in spell.items():
            self.base[self._node("spell:" + k)] += n
        big = 1 << 40  # "no limit" on arcs whose flow the node demands already bound
        costly = [p for p in shapes if p.costly]
        payers: list[tuple[object, Pattern, int]]
        if funding == "first":
            # One activation of each costly pattern first (funded by free mana only), the
            # rest aggregated after it, funding each other in any way.
            payers = [((p, FIRST), p, 0) for p in costly] + [(p, p, 1) for p in costly]
        elif slots is None:
            payers = [(p, p, _AGGREGATED) for p in costly]
        else:
            payers = [((p, i), p, i) for i in range(slots) for p in costly]
        cost_nodes: list[tuple[int, list[tuple[str, Symbol]]]] = []
        for idx, (key, p, position) in enumerate(payers):
            nodes = []
            for j, (sym, n) in enumerate(sorted(Counter(p.cost_symbols).items())):
                name = "cost:%d:%d" % (idx, j)
                nodes.append((name, sym))
                self.costs.setdefault(key, []).append((self._node(name), sym.amount * n if sym.kind == SymbolKind.GENERIC else n))
            cost_nodes.append((position, nodes))

        def route(node: str, t: str, p: Pattern, position: int | None) -> None:
            self._node(node)
            for k in spell:
                if spell_kind_accepts(k, p, t):
                    self._arc(node, "spell:" + k, big)
            for target, nodes in cost_nodes:
                if position is not None and not _may_fund(funding, position, target):
                    continue
                for name, sym in nodes:
                    if cost_symbol_accepts(sym, t, p):
                        self._arc(node, name, big)

        for t in ("W", "U", "B", "R", "G", "C"):
            for snow in (False, True):
                route("simple:%s:%d" % (t, snow), t, Pattern(PatternKind.MANA, (t,), snow), None)
        listed: list[tuple[object, Pattern, int | None]] = [
            (p, p, None) for p in shapes if p.kind == PatternKind.MANA and not p.costly and not is_simple(p)]
        for idx, (key, p, funded_at) in enumerate([*listed, *payers]):
            tag = "src%d" % idx
            arc = self._arc("SRC", tag, 0)
            per_type = []
            for t, m in Counter(p.bundle).items():
                per_type.append((self._arc(tag, tag + ":" + t, 0), m))
                route(tag + ":" + t, t, p, funded_at)
            self.sources[key] = (arc, self.ids[tag], len(p.bundle), tuple(per_type))
        for p in shapes:
            if p.kind in SYMBOL_PAYERS:
                tag = "tap:%s:%s" % (p.kind, "".join(p.colors))
                self.taps[p] = self._node(tag)
                for k in spell:
                    if spell_kind_accepts(k, p, None):
                        self._arc(tag, "spell:" + k, big)
        self._arc("SINK", "SRC", big)
        self.symbol_nodes = [node for name, node in self.ids.items() if name.startswith(("spell:", "cost:"))]
        self._freeze()

    def _node(self, name: str) -> int:
        return self.ids.setdefault(name, len(self.ids))

    def _arc(self, tail: str, head: str, cap: int) -> int:
        return self.net.arc(self._node(tail), self._node(head), cap)

    def _freeze(self) -> None:
        """The network in the flow solver, and index arrays for `feasible` (built once,
        after the last node and arc)."""
        import numpy as np  # keeps start-up light
        self.flow = self.net.circulation(len(self.ids))
        self.src, self.sink = self.ids["SRC"], self.ids["SINK"]
        self.base_vec = [0] * len(self.ids)
        for node, n in self.base.items():
            self.base_vec[node] = n
        self.simple_node = {(t, bool(snow)): self.ids["simple:%s:%d" % (t, snow)]
                            for t in ("W", "U", "B", "R", "G", "C") for snow in (0, 1)}
        self.source_arcs = np.array([a for arc, _, _, per_type in self.sources.values()
                                     for a in (arc, *(ta for ta, _ in per_type))], dtype=np.int32)

    def feasible(self, simple: Counter, counts: dict) -> bool:
        """Whether a circulation exists for these simple-unit counts and source counts."""
        demand = list(self.base_vec)
        src = self.src
        for key, n in simple.items():
            demand[src] += n
            demand[self.simple_node[key]] -= n
        caps = []
        for key, (arc, node, units, per_type) in self.sources.items():
            n = counts.get(key, 0)
            # between n (none wasted) and n * units mana leave this source
            demand[src] += n
            demand[node] -= n
            caps.append(n * (units - 1))
            caps.extend(n * m for _, m in per_type)
        for p, node in self.taps.items():
            n = counts.get(p, 0)
            demand[src] += n
            demand[node] -= n
        for key, nodes in self.costs.items():
            n = counts.get(key, 0)
            for node, amount in nodes:
                demand[node] += n * amount
        # Symbol nodes must receive exactly their amount; it is passed on to SINK up front.
        demand[self.sink] -= sum(demand[node] for node in self.symbol_nodes)
        return self.flow.feasible([-d for d in demand], self.source_arcs if caps else None, caps)


_AGGREGATED = -1
FIRST = "first"  # key of the first activation of a pattern in a "first" network


class TimeUp(Exception):
    """The deadline passed before the answer was known."""


class FeasibilityOracle:
    """Decides `feasible` for one requirement and a fixed list of pattern shapes,
    memoised; networks are built once per requirement (and per number of ordered
    mana-costing activations) and re-solved."""

    def __init__(self, req: Requirement, shapes: list[Pattern]):
        self.req = req
        self.complex = tuple(p for p in shapes if not is_simple(p))
        self.memo: dict[tuple, bool] = {}
        self._nets: dict[tuple, _Network] = {}
        self.deadline: float | None = None  # time.monotonic() past which TimeUp is raised

    def _net(self, slots: int | None, funding: str) -> _Network:
        key = (slots, funding)
        net = self._nets.get(key)
        if net is None:
            net = self._nets[key] = _Network(self.req, self.complex, slots, funding)
        return net

    def feasible(self, uses: tuple[tuple[Pattern, int], ...]) -> bool:
        """Whether using each pattern the given number of times is one legal payment of
        the requirement (its mana part; life and creature taps are checked by the caller)."""
        uses = tuple((p, n) for p, n in uses if n)
        hit = self.memo.get(uses)
        if hit is None:
            hit = self.memo[uses] = self._decide(uses)
        return hit

    def _decide(self, uses: tuple[tuple[Pattern, int], ...]) -> bool:
        req = self.req
        if not uses:
            return req.mana_units == 0
        if all(not p.costly and len(p.bundle) <= 1 and not p.no_generic for p, _ in uses):
            return _hall_perfect(req, uses)
        costly = Counter({p: n for p, n in uses if p.costly})  # activations of each mana-costing pattern
        # Each activation needs one spent unit of its own; a cheap necessary check first.
        if sum(n for _, n in uses) > req.mana_units + sum(cost_units(p) * n for p, n in costly.items()):
            return False
        simple: Counter = Counter()
        for p, n in uses:
            if is_simple(p):
                simple[p.bundle[0], p.snow] += n
        counts = {p: n for p, n in uses if not is_simple(p)}
        # "none" (no costly activation funds another) is sufficient and answers most
        # payments in one solve; "others" (any funds any) is necessary.
        if self._net(None, "none").feasible(simple, counts):
            return True
        if not costly or not self._net(None, "others").feasible(simple, counts):
            return False
        free = {p: n for p, n in counts.items() if not p.costly}
        if all(costs_one_generic(p) for p in costly):
            # Every mana-costing activation costs {1}: an order exists iff one of them can
            # be paid by free mana alone and the rest pay each other in any way (see
            # `costs_one_generic`), one network per choice of the first pattern.
            net = self._net(None, "first")
            return any(net.feasible(simple, {**free, **{q: counts[q] - (q == p) for q in counts if q.costly},
                                             (p, FIRST): 1})
                       for p in costly)
        net = self._net(costly.total(), "earlier")
        for order in _distinct_orders(costly):
            if past(self.deadline):
                raise TimeUp
            if net.feasible(simple, {**free, **{(p, i): 1 for i, p in enumerate(order)}}):
                return True
        return False


def costs_one_generic(p: Pattern) -> bool:
    """Whether the pattern's own cost is exactly {1} (Signets).

    For such activations ordering is no constraint beyond "the first is paid by free
    mana": take any flow where every activation spends a mana and F >= 1 free mana pays
    activation costs; order the activations by g, the mana of theirs that pays costs,
    largest first.  Before the i-th, F + (g of the first i-1) - (i-1) mana are waiting
    for a cost; that is >= 0 throughout (it starts at F - 1 >= 0, never falls while
    g >= 1, and falls by one per g = 0 down to exactly 0 at the end), and every {1}
    accepts any of it, so each cost is paid by free mana or by an earlier activation."""
    return len(p.cost_symbols) == 1 and p.cost_symbols[0].kind == SymbolKind.GENERIC and p.cost_symbols[0].amount == 1


def cost_units(p: Pattern) -> int:
    """How many mana the pattern's own cost takes."""
    return sum(s.amount if s.kind == SymbolKind.GENERIC else 1 for s in p.cost_symbols)


def _may_fund(funding: str, source: int, target: int) -> bool:
    """Whether the mana of the payer at position `source` may pay the cost of the one at
    `target`: "earlier" is the rule (601.2g: only mana made before it); "others" (any,
    itself included) and "none" are the relaxed and strict order-free checks."""
    if funding == "earlier":
        return source < target
    if funding == "first":
        return target == 1
    return funding == "others"


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
