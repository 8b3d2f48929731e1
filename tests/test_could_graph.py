"""``produce --why`` / ``explain=True`` and ``produce --graph``: where each type a
permanent could produce comes from (106.7), on real cards; and a property test of the
worklist fixpoint (solver/production.py) against a networkx condensation reference."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

import manasolve
from manasolve import api
from manasolve.cli import main
from manasolve.models.board import load_board
from manasolve.solver.could_graph import could_graph, explain, state_graph
from manasolve.solver.production import could_produce, dependency_edges, transferred
from tests.support.boards import board, loaded

EXAMPLE = Path(manasolve.__file__).parent / "data" / "example_board.json"
POOL = "{T}: Add one mana of any type that a land you control could produce."
ORCHARD = "{T}: Add one mana of any color that a land an opponent controls could produce."


def _chain(answer: dict, pid: str, t: str) -> list[tuple]:
    return [(s["id"], s.get("ability"), s.get("reads")) for s in answer["why"][pid]["types"][t]]


def test_reflecting_pool_from_exotic_orchard_from_the_opponents_swamp():
    # Only the opponent's Swamp makes {B}: the Orchard reads it, the Pool reads the Orchard.
    answer = api.produce(board(("rp", "Reflecting Pool"), ("orchard", "Exotic Orchard"), ("f", "Forest"),
                               opponents={"bob": [("swamp", "Swamp")]}), "rp", explain=True)
    assert answer["permanents"] == {"rp": ["B", "G"]}
    assert _chain(answer, "rp", "B") == [("rp", POOL, "alice's lands"), ("orchard", ORCHARD, "bob's lands"),
                                         ("swamp", None, None)]
    assert answer["why"]["rp"]["types"]["B"][2] == {"id": "swamp", "card": "Swamp", "controller": "bob"}
    # {G} comes straight from the Forest (the shortest chain), not through the Orchard
    assert _chain(answer, "rp", "G") == [("rp", POOL, "alice's lands"), ("f", None, None)]
    # the Pool is one of the lands it reads: the cycle it closes adds nothing (106.7)
    assert answer["why"]["rp"]["cycle"] == ["rp", "group:alice:land"]


def test_why_on_the_example_board_cli(capsys):
    assert main(["produce", str(EXAMPLE), "--why", "rp", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert list(answer["permanents"]) == ["rp"]
    assert _chain(answer, "rp", "G") == [("rp", POOL, "alice's lands"), ("f1", None, None)]
    assert _chain(answer, "rp", "W") == [("rp", POOL, "alice's lands"), ("tundra", None, None)]
    # bob's Exotic Orchard reads alice's lands: it closes no cycle (alice's Pool reads her own lands)
    orchard = api.produce(str(EXAMPLE), "orchard", explain=True)["why"]["orchard"]
    assert orchard["cycle"] == [] and [s["id"] for s in orchard["types"]["U"]] == ["orchard", "tundra"]
    assert main(["produce", str(EXAMPLE), "--why", "rp"]) == 0
    out = capsys.readouterr().out
    assert "{G} at rp: Reflecting Pool (rp) <- Forest (f1)" in out and "closes the cycle rp -> group:alice:land -> rp" in out


def test_two_orchards_facing_each_other_close_a_cycle_and_pass_on_the_island():
    # Each reads the other's lands: alice's Orchard could produce {U} through bob's (106.7)
    answer = api.produce(board(("oa", "Exotic Orchard"), ("i", "Island"),
                               opponents={"bob": [("ob", "Exotic Orchard")]}), explain=True)
    assert answer["permanents"] == {"oa": ["U"], "i": ["U"], "ob": ["U"]}
    assert _chain(answer, "ob", "U") == [("ob", ORCHARD, "alice's lands"), ("i", None, None)]
    assert _chain(answer, "oa", "U") == [("oa", ORCHARD, "bob's lands"), ("ob", ORCHARD, "alice's lands"),
                                         ("i", None, None)]
    assert answer["why"]["oa"]["cycle"] == ["oa", "group:alice:land", "ob", "group:bob:land"]
    assert answer["why"]["i"] == {"types": {"U": [{"id": "i", "card": "Island", "controller": "alice"}]},
                                  "cycle": []}


def test_explain_adds_only_why_and_only_when_asked():
    b = board(("rp", "Reflecting Pool"), ("t", "Tundra"), opponents={"bob": [("o", "Exotic Orchard")]})
    plain, explained = api.produce(b), api.produce(b, explain=True)
    assert "why" not in plain
    assert {k: v for k, v in explained.items() if k != "why"} == plain
    assert list(explained["why"]) == list(plain["permanents"])


def test_why_of_an_unknown_id_is_one_line_naming_the_flag(capsys):
    assert main(["produce", str(EXAMPLE), "--why", "rpp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--why: no permanent with id 'rpp' (did you mean 'rp'?)" in err


def test_graph_written_as_graphml_and_dot(tmp_path, capsys):
    gml, dot = tmp_path / "could.graphml", tmp_path / "could.dot"
    assert main(["produce", str(EXAMPLE), "--graph", str(gml), "--json"]) == 0
    assert "why" not in json.loads(capsys.readouterr().out)  # the answer is the plain one
    g = nx.read_graphml(gml)
    assert g.nodes["rp"]["could"] == "W U G" and g.nodes["rp"]["own"] == ""
    assert g.nodes["group:alice:land"]["kind"] == "group"
    assert g.has_edge("tundra", "group:alice:land") and g.edges["group:alice:land", "rp"]["abilities"] == POOL
    assert g.has_edge("group:alice:land", "orchard")  # bob's Orchard reads alice's lands
    assert main(["produce", str(EXAMPLE), "--graph", str(dot)]) == 0
    text = dot.read_text()
    assert text.startswith("digraph could_produce {") and '"group:alice:land" -> "rp" [label=' in text


# --- the worklist fixpoint against a networkx condensation reference ---------------------

CARDS = ["Forest", "Island", "Swamp", "Tundra", "Sol Ring", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone",
         "Naga Vitalist", "Harvester Druid", "Squandered Resources", "Contamination", "Celestial Prism"]


def condensation_reference(b) -> dict[str, frozenset[str]]:
    """could-produce by components: the condensation of the dependency graph in
    topological order, each strongly connected component iterated to its own fixpoint
    from what its members make on their own and what earlier components could produce."""
    edges, own = dependency_edges(b)
    g = nx.DiGraph()
    g.add_nodes_from(edges)
    g.add_edges_from((u, v) for u, succs in edges.items() for v in succs)
    cond = nx.condensation(g)
    value: dict = {n: frozenset() for n in g}
    for comp in nx.topological_sort(cond):
        members = cond.nodes[comp]["members"]
        changed = True
        while changed:
            changed = False
            for n in members:
                new = set(own.get(n, ()))
                for u in g.predecessors(n):
                    if isinstance(n, tuple):  # a group: what its members could produce
                        new |= value[u]
                    else:  # a reader: what its abilities make of what the group could produce
                        for ab in edges[u][n]:
                            new |= transferred(b, n, ab, value[u])
                if frozenset(new) != value[n]:
                    value[n], changed = frozenset(new), True
    return {p.id: value[p.id] for p in b.permanents}


@settings(max_examples=40, deadline=None)
@given(mine=st.lists(st.sampled_from(CARDS), min_size=1, max_size=6),
       theirs=st.lists(st.sampled_from(CARDS), max_size=4))
def test_fixpoint_equals_the_condensation_reference_and_every_type_has_a_chain(mine, theirs):
    b = loaded(*[("a%d" % i, c) for i, c in enumerate(mine)],
               opponents={"bob": [("b%d" % i, c) for i, c in enumerate(theirs)]})
    could = could_produce(b)
    assert {pid: frozenset(ts) for pid, ts in could.items()} == condensation_reference(b)
    # the explanation's state graph reaches exactly the fixpoint
    reached = nx.descendants(state_graph(b), "origin")
    assert {(n, t) for n, t in reached if not isinstance(n, tuple)} == {(p, t) for p, ts in could.items() for t in ts}
    for why in explain(b, list(could)):
        assert [t for t, _ in why.chains] == list(could[why.id])
        for _, chain in why.chains:
            assert chain[0].id == why.id and chain[-1].ability is None  # from it back to a maker
        assert not why.cycle or could_graph(b).has_edge(why.cycle[-1], why.id)


def test_reference_sees_a_replacement_effect_through_the_chain():
    # Contamination: lands tapped for mana produce {B} instead; the Pool reads it through the Forest
    b = loaded(("rp", "Reflecting Pool"), ("f", "Forest"), ("c", "Contamination"))
    assert could_produce(b)["rp"] == ("B",) and condensation_reference(b)["rp"] == {"B"}
    (why,) = explain(b, ["rp"])
    assert [(s.id, s.ability) for s in dict(why.chains)["B"]] == [("rp", POOL), ("f", None)]


def test_load_board_of_the_example_is_explained_whole():
    b = load_board(json.loads(EXAMPLE.read_text()))
    whys = {w.id: w for w in explain(b, [p.id for p in b.permanents])}
    assert dict(whys["birds"].chains)["B"][0].ability is None  # Birds makes every colour on its own
    assert whys["bronco"].chains == ()
