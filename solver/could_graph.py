"""Where each type a permanent could produce comes from (106.7): ``produce --why`` and
``produce --graph``, on the could-produce dependency graph as a networkx DiGraph.

The graph (`could_graph`): a node per permanent and per group a referential ability
reads (``group:b:land``: the lands player b controls, as Exotic Orchard reads them);
an edge from each member to its group and from each group to each permanent reading it.
The explanation of type T at permanent P (`explain`) is a shortest path in the graph of
(node, type) states: a permanent makes a type on its own, a group could produce what its
members could, a reader makes of what it reads what its ability adds (replacement
effects included).  The least fixpoint of solver/production.py is exactly what this
state graph reaches, so every type it lists has a chain, ending where the type is made:
Reflecting Pool <- Exotic Orchard <- the opponent's Swamp.  A permanent on a cycle of the
dependency graph (two Reflecting Pools, a Pool reading itself) is also given the
shortest cycle it closes, which adds nothing of its own (106.7).

networkx is imported here only: neither ``--help`` nor a payable question loads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from manasolve.models.board import Board
from manasolve.models.mana import TYPES
from manasolve.models.vocab import Vocabulary
from manasolve.solver.production import could_produce, dependency_edges, transferred

_ORIGIN = "origin"  # the state graph's source: every type a permanent makes on its own


class NodeKind(Vocabulary):
    """What a node of the could-produce graph is (its ``kind`` attribute, written as the word)."""

    PERMANENT = "permanent"
    GROUP = "group"  # the permanents of a player a referential ability reads


@dataclass(frozen=True)
class Step:
    """One link of a chain: permanent `id` could produce the type, by `ability` from
    what `reads` (a group node's label) could produce; `ability` and `reads` are None
    where it makes the type on its own."""

    id: str
    card: str
    controller: str
    ability: str | None = None
    reads: str | None = None


@dataclass(frozen=True)
class Why:
    """Why one permanent could produce each of its types: per type the chain from it
    back to where the type is made, and the shortest cycle of the dependency graph
    through it (node names of `could_graph`; empty when it is on none)."""

    id: str
    chains: tuple[tuple[str, tuple[Step, ...]], ...]
    cycle: tuple[str, ...]


def node_name(node) -> str:
    """A node's name in the graph: a permanent's id, or ``group:PLAYER:WHAT[:WORD...]``."""
    if isinstance(node, tuple):
        player, what, words = node
        return ":".join(("group", player, what) + tuple(words))
    return node


def _group_label(node: tuple) -> str:
    player, what, words = node
    return "%s's %ss" % (player, " ".join(tuple(words) + (what,)))


def could_graph(board: Board):
    """The could-produce dependency graph of `board` as a networkx DiGraph: node
    attributes ``kind`` (permanent or group), ``label``, ``could`` (the types, WUBRGC
    order, space-separated), for permanents ``card``, ``controller`` and ``own`` (what it
    makes before any edge); edge attribute ``abilities`` (the reading abilities' texts,
    " | "-separated; empty on member -> group edges)."""
    import networkx as nx  # keeps start-up light

    edges, own = dependency_edges(board)
    could = could_produce(board)
    values = _values(edges, could)
    g = nx.DiGraph()
    for node in edges:
        name = node_name(node)
        if isinstance(node, tuple):
            g.add_node(name, kind=NodeKind.GROUP.value, label=_group_label(node), could=" ".join(values[node]))
        else:
            p = board.get(node)
            g.add_node(name, kind=NodeKind.PERMANENT.value, label="%s (%s)" % (p.name, p.id), card=p.name,
                       controller=p.controller, could=" ".join(values[node]), own=" ".join(_ordered(own[node])))
    for node, succs in edges.items():
        for succ, abilities in succs.items():
            g.add_edge(node_name(node), node_name(succ), abilities=" | ".join(ab.text for ab in abilities))
    return g


def _ordered(types) -> tuple[str, ...]:
    return tuple(t for t in TYPES if t in types)


def _values(edges: dict, could: dict[str, tuple[str, ...]]) -> dict:
    """What each node could produce: a permanent's fixpoint value, a group's the union of
    its members' (the member -> group edges)."""
    values: dict = {n: could[n] for n in edges if not isinstance(n, tuple)}
    for node, succs in edges.items():
        for succ in succs:
            if isinstance(succ, tuple):
                values[succ] = _ordered(set(values.get(succ, ())) | set(could[node]))
    for node in edges:
        values.setdefault(node, ())
    return values


def state_graph(board: Board):
    """The DiGraph of (node, type) states reached from ``"origin"``: an edge origin ->
    (P, T) for each type P makes on its own; (Q, T) -> (group, T) for each member Q;
    (group, S) -> (P, T) with attribute ``ability`` when P's ability reading the group
    adds T from S.  Only states some node could be in are built (the fixpoint bounds them)."""
    import networkx as nx  # keeps start-up light

    edges, own = dependency_edges(board)
    values = _values(edges, could_produce(board))
    h = nx.DiGraph()
    h.add_node(_ORIGIN)
    for pid, types in own.items():
        for t in types:
            h.add_edge(_ORIGIN, (pid, t))
    for node, succs in edges.items():
        for succ, abilities in succs.items():
            for s in values[node]:
                if isinstance(succ, tuple):
                    h.add_edge((node, s), (succ, s))
                    continue
                for ab in abilities:
                    for t in transferred(board, succ, ab, frozenset({s})):
                        if not h.has_edge((node, s), (succ, t)):
                            h.add_edge((node, s), (succ, t), ability=ab.text)
    return h


def explain(board: Board, ids: list[str]) -> tuple[Why, ...]:
    """Why each permanent of `ids` could produce each of its types (see `Why`)."""
    import networkx as nx  # keeps start-up light

    could = could_produce(board)
    g, h = could_graph(board), state_graph(board)
    paths = nx.single_source_shortest_path(h, _ORIGIN)
    out = []
    for pid in ids:
        chains = []
        for t in could[pid]:
            path = paths[(pid, t)]  # KeyError: a type the fixpoint lists that no chain reaches (a bug)
            chains.append((t, _steps(board, h, path)))
        out.append(Why(pid, tuple(chains), _cycle(g, pid)))
    return tuple(out)


def _steps(board: Board, h, path: list) -> tuple[Step, ...]:
    """The chain of a state path origin -> ... -> (P, T), from P back to the maker."""
    steps = []
    for k in range(len(path) - 1, 0, -1):
        node, _ = path[k]
        if isinstance(node, tuple):
            continue  # a group: named by the reader's step
        p = board.get(node)
        before = path[k - 1]
        if before == _ORIGIN:
            steps.append(Step(p.id, p.name, p.controller))
        else:
            steps.append(Step(p.id, p.name, p.controller, h.edges[before, path[k]]["ability"], _group_label(before[0])))
    return tuple(steps)


def _cycle(g, pid: str) -> tuple[str, ...]:
    """The shortest cycle of `g` through `pid` (its nodes from `pid` on), () if none."""
    import networkx as nx  # keeps start-up light

    best: list[str] | None = None
    for succ in g.successors(pid):
        try:
            back = nx.shortest_path(g, succ, pid)
        except nx.NetworkXNoPath:
            continue
        if best is None or len(back) < len(best):
            best = back
    return () if best is None else (pid,) + tuple(best[:-1])


def write_graph(board: Board, path: str | Path) -> Path:
    """Write `could_graph(board)` to `path`: DOT for a name ending in .dot or .gv, GraphML
    otherwise (both read by graph viewers: Graphviz, yEd, Gephi)."""
    import networkx as nx  # keeps start-up light

    g, path = could_graph(board), Path(path)
    if path.suffix.lower() in (".dot", ".gv"):
        path.write_text(_dot(g), encoding="utf-8")
    else:
        nx.write_graphml(g, path)
    return path


def _dot(g) -> str:
    """The graph in Graphviz DOT (networkx writes DOT only through pydot, not a dependency)."""
    def q(text: str) -> str:
        return '"%s"' % str(text).replace("\\", "\\\\").replace('"', '\\"')

    lines = ["digraph could_produce {", "  rankdir=RL;"]
    for n, a in g.nodes(data=True):
        label = "%s: %s" % (a["label"], a["could"] or "nothing")
        lines.append("  %s [label=%s, shape=%s];" % (q(n), q(label), "box" if a["kind"] == NodeKind.PERMANENT else "ellipse"))
    for u, v, a in g.edges(data=True):
        lines.append("  %s -> %s%s;" % (q(u), q(v), " [label=%s]" % q(a["abilities"]) if a["abilities"] else ""))
    return "\n".join(lines + ["}"]) + "\n"
