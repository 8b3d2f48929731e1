"""solver/flows.py: both min-cost flow solvers against networkx (nx.max_flow_min_cost,
nx.network_simplex) on random networks, and the crossover rule."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve.solver import flows
from manasolve.solver.flows import CROSSOVER_ARCS, FlowNetwork


@st.composite
def networks(draw, most_nodes: int = 7):
    """(FlowNetwork, its nx.DiGraph, source, sink): simple arcs (no two with the same
    ends), capacities 0-5, unit costs 0-4."""
    n = draw(st.integers(2, most_nodes))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1]),
                          unique=True, max_size=n * (n - 1)))
    net, g = FlowNetwork(), nx.DiGraph()
    g.add_nodes_from(range(n))
    for u, v in pairs:
        cap, cost = draw(st.integers(0, 5)), draw(st.integers(0, 4))
        net.arc(u, v, cap, cost)
        g.add_edge(u, v, capacity=cap, weight=cost)
    return net, g, 0, n - 1


def _reference(g: nx.DiGraph, source: int, sink: int, most: int) -> tuple[int, int]:
    """(flow, cost) of the cheapest largest flow up to `most`: networkx on the graph with
    a super source feeding `source` at most `most`."""
    h = g.copy()
    h.add_edge("s", source, capacity=most, weight=0)
    flow = nx.max_flow_min_cost(h, "s", sink)
    return sum(flow["s"].values()), nx.cost_of_flow(h, flow)


@settings(max_examples=200, deadline=None)
@given(networks(), st.integers(1, 12))
def test_both_solvers_find_networkx_max_flow_min_cost(case, most):
    net, g, source, sink = case
    expected = _reference(g, source, sink, most)
    for backend in ("python", "ortools"):
        assert net.max_flow_min_cost(source, sink, most, backend=backend) == expected, backend
        # the flow read back is one: within capacities, conserved, of that value and cost
        f = [net.flow(a) for a in range(len(net.tails))]
        assert all(0 <= x <= c for x, c in zip(f, net.caps))
        balance = [0] * g.number_of_nodes()
        for (u, v, x) in zip(net.tails, net.heads, f):
            balance[u] -= x
            balance[v] += x
        assert balance[sink] == expected[0] == -balance[source]
        assert all(b == 0 for k, b in enumerate(balance) if k not in (source, sink))
        assert sum(x * c for x, c in zip(f, net.costs)) == expected[1]


@settings(max_examples=150, deadline=None)
@given(networks(6), st.data())
def test_circulation_feasible_iff_networkx_meets_the_supplies(case, data):
    net, g, _, _ = case
    n = g.number_of_nodes()
    circ = net.circulation(n)
    for _ in range(3):  # one network re-solved for several supplies and capacities
        supplies = data.draw(st.lists(st.integers(-4, 4), min_size=n - 1, max_size=n - 1))
        supplies.append(-sum(supplies))
        arcs = list(range(len(net.tails)))
        caps = data.draw(st.lists(st.integers(0, 5), min_size=len(arcs), max_size=len(arcs)))
        got = circ.feasible(supplies, np.array(arcs, dtype=np.int32) if arcs else None, caps)
        h = g.copy()
        for (u, v), c in zip(zip(net.tails, net.heads), caps):
            h.edges[u, v]["capacity"] = c
        for k in range(n):
            h.nodes[k]["demand"] = -supplies[k]
        try:
            nx.network_simplex(h)
            expected = True
        except nx.NetworkXUnfeasible:
            expected = False
        assert got == expected


def test_auto_is_plain_python_below_the_crossover_and_or_tools_from_it(monkeypatch):
    def net_of(arcs: int) -> FlowNetwork:
        net = FlowNetwork()
        for k in range(arcs):
            net.arc(0, 1, 1, k % 2)
        return net

    used = []
    monkeypatch.setattr(FlowNetwork, "_python", lambda self, *a: used.append("python") or (0, 0))
    monkeypatch.setattr(FlowNetwork, "_ortools", lambda self, *a: used.append("ortools") or (0, 0))
    net_of(CROSSOVER_ARCS - 1).max_flow_min_cost(0, 1, 1)
    net_of(CROSSOVER_ARCS).max_flow_min_cost(0, 1, 1)
    net_of(1).max_flow_min_cost(0, 1, 1, backend="ortools")
    assert flows.FlowNetwork().max_flow_min_cost(0, 1, 0) == (0, 0)  # nothing asked: no solver
    assert used == ["python", "ortools", "ortools"]
