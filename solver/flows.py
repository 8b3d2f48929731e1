"""Min-cost flows: the one network type behind every flow of the solver.

A `FlowNetwork` is a list of arcs (tail, head, capacity, unit cost) on nodes 0..n-1,
asked one of two questions:

* `max_flow_min_cost(source, sink, most)`: the largest flow up to `most` from `source` to
  `sink`, and the least cost of such a flow (flow_pay: is a requirement paid within the
  life left; payment_apply: which mana is spent, which floats);
* `circulation()`: a handle that re-solves the same arcs for many node supplies and
  arc capacities, answering whether a feasible flow exists (feasibility: is a set of uses
  a payment).

Two solvers answer them: OR-Tools' SimpleMinCostFlow (imported lazily: a payable
question on a small board never loads it, start-up time, issue 13) and a plain-Python
successive-shortest-paths one, used for `max_flow_min_cost` only below `CROSSOVER_ARCS`
arcs, where ``benchmarks/decision_loop.py --crossover`` measures it faster than building
the OR-Tools network.
"""

from __future__ import annotations

from typing import Literal

Backend = Literal["auto", "python", "ortools"]

# Below this many arcs the plain-Python solver answers `max_flow_min_cost` faster than
# OR-Tools in a warm process (benchmarks/results/decision_loop_flows.md, measured on
# flow_pay's networks: OR-Tools faster on every network from 22 arcs on in one run, from
# 19 in another; between 15 and 22 the two are within the machine's noise, and the
# higher bound keeps more one-shot payable questions from loading OR-Tools, ~0.2 s).
CROSSOVER_ARCS = 22


class FlowNetwork:
    """Arcs (tail, head, capacity, unit cost) between nodes numbered from 0."""

    def __init__(self) -> None:
        self.tails: list[int] = []
        self.heads: list[int] = []
        self.caps: list[int] = []
        self.costs: list[int] = []
        self._flow = lambda arc: 0  # the flow on an arc in the last answer

    def arc(self, tail: int, head: int, cap: int, cost: int = 0) -> int:
        """Add an arc; its index (the order arcs are added in)."""
        self.tails.append(tail)
        self.heads.append(head)
        self.caps.append(cap)
        self.costs.append(cost)
        return len(self.tails) - 1

    def max_flow_min_cost(self, source: int, sink: int, most: int, backend: Backend = "auto") -> tuple[int, int]:
        """(flow sent, its cost): the cheapest of the largest flows of value up to `most`
        from `source` to `sink` (unit costs non-negative).  `flow(arc)` then reads it.

        backend "auto": plain Python below `CROSSOVER_ARCS` arcs, OR-Tools from there on;
        "ortools" where the caller's answer depends on which of several cheapest flows is
        found (payment_apply: the mana left floating), so it stays the one recorded."""
        if most <= 0:
            self._flow = lambda arc: 0
            return 0, 0
        if backend == "python" or (backend == "auto" and len(self.tails) < CROSSOVER_ARCS):
            return self._python(source, sink, most)
        return self._ortools(source, sink, most)

    def flow(self, arc: int) -> int:
        """The flow on `arc` in the last `max_flow_min_cost` answer."""
        return self._flow(arc)

    def circulation(self, nodes: int) -> Circulation:
        """These arcs on `nodes` nodes (some maybe on no arc) in OR-Tools, to be
        re-solved for many supplies and capacities."""
        return Circulation(self, nodes)

    def _ortools(self, source: int, sink: int, most: int) -> tuple[int, int]:
        flow = _simple(self)
        flow.set_node_supply(source, most)
        flow.set_node_supply(sink, -most)
        if flow.solve_max_flow_with_min_cost() != flow.OPTIMAL:
            raise ArithmeticError("min-cost flow: capacities or costs out of OR-Tools' range")
        self._flow = lambda arc: int(flow.flow(arc))
        return int(flow.maximum_flow()), int(flow.optimal_cost())

    def _python(self, source: int, sink: int, most: int) -> tuple[int, int]:
        """Successive shortest paths, Bellman-Ford on the residual graph (costs may be
        negative there): for the few dozen arcs where OR-Tools' set-up costs more."""
        heads: list[int] = []
        caps: list[int] = []
        costs: list[int] = []
        out: dict[int, list[int]] = {}
        for tail, head, cap, cost in zip(self.tails, self.heads, self.caps, self.costs):
            # arc 2i and its residual twin 2i + 1 (index ^ 1)
            out.setdefault(tail, []).append(len(heads))
            out.setdefault(head, []).append(len(heads) + 1)
            heads += (head, tail)
            caps += (cap, 0)
            costs += (cost, -cost)
        sent = total = 0
        if not any(self.costs):
            # Every flow costs nothing, so any flow may start the augmenting paths (a max
            # flow is reached from any feasible one): first fill the paths
            # source -> u -> v -> sink greedily, then augment the rest.
            for a in out.get(source, ()):
                for b in out.get(heads[a], ()):
                    for c in out.get(heads[b], ()):
                        if a & 1 or b & 1 or c & 1 or heads[c] != sink or len({source, heads[a], heads[b], sink}) < 4:
                            continue  # (odd arcs are residual twins; a path through 4 distinct nodes uses 3 distinct arcs)
                        push = min(caps[a], caps[b], caps[c], most - sent)
                        if push > 0:
                            for arc in (a, b, c):
                                caps[arc] -= push
                                caps[arc ^ 1] += push
                            sent += push
        while sent < most:
            dist, via = {source: 0}, {}
            frontier = [source]
            while frontier:  # Bellman-Ford by rounds
                nxt: dict[int, None] = {}  # the nodes improved in this round, once each
                for u in frontier:
                    du = dist[u]
                    for a in out.get(u, ()):
                        if caps[a] > 0:
                            v, d = heads[a], du + costs[a]
                            old = dist.get(v)
                            if old is None or d < old:
                                dist[v], via[v] = d, a
                                nxt[v] = None
                frontier = list(nxt)
            if sink not in dist:
                break
            path, v = [], sink
            while v != source:
                path.append(via[v])
                v = heads[via[v] ^ 1]
            push = min([most - sent] + [caps[a] for a in path])
            for a in path:
                caps[a] -= push
                caps[a ^ 1] += push
            sent += push
            total += push * dist[sink]
        self._flow = lambda arc: caps[2 * arc + 1]  # what the residual twin may send back
        return sent, total


class Circulation:
    """A network's arcs in OR-Tools, re-solved for new node supplies and arc capacities
    (feasibility tries one network for many counts of uses)."""

    def __init__(self, net: FlowNetwork, nodes: int) -> None:
        self.flow = _simple(net)
        self.all_nodes = _arange(nodes)

    def feasible(self, supplies: list[int], arcs=None, caps=None) -> bool:
        """Whether a flow within the capacities meets every node's supply (negative: a
        demand), `supplies` one per node, after setting arc capacities `caps` on `arcs`
        (numpy arrays) where given."""
        import numpy as np  # keeps start-up light

        if arcs is not None:
            self.flow.set_arc_capacities(arcs, np.array(caps, dtype=np.int64))
        self.flow.set_nodes_supplies(self.all_nodes, np.array(supplies, dtype=np.int64))
        return self.flow.solve() == self.flow.OPTIMAL


def _arange(n: int):
    import numpy as np  # keeps start-up light

    return np.arange(n, dtype=np.int32)


def _simple(net: FlowNetwork):
    """An OR-Tools SimpleMinCostFlow holding `net`'s arcs, in their order."""
    import numpy as np  # keeps start-up light
    from ortools.graph.python import min_cost_flow  # here: a small payable question never loads it

    flow = min_cost_flow.SimpleMinCostFlow()
    if net.tails:
        flow.add_arcs_with_capacity_and_unit_cost(np.array(net.tails, dtype=np.int32), np.array(net.heads, dtype=np.int32),
                                                  np.array(net.caps, dtype=np.int64), np.array(net.costs, dtype=np.int64))
    return flow
