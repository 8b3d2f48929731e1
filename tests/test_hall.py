"""The payable summary (solver/hall.py): its Hall conditions answer what flow_pay's flow
answers, on random boards against the independent brute force and on every benchmark
board against the flow; a board version derived by a tap, an untap, a move or a counter
carries its parent's summary less and plus the permanents changed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.session import PlayBoard
from manasolve.solver import hall
from manasolve.solver.flow_pay import flow_payable
from manasolve.models.request import CostKeywords
from manasolve.solver.payable import CostToPay, payable
from manasolve.solver.resources import Resources, collect
from tests.support.boards import board, loaded
from tests.support.bruteforce import brute_or_assume

ROOT = Path(__file__).resolve().parent.parent

# Sources the summary covers (one mana from a set of types, Sol Ring's {C}{C}, Signets'
# {1} activations, painlands' and Confluence's life, snow) and some it does not (filter
# lands, Grim Monolith's {3}): the answer must be the brute force's either way.
SOURCES = ["Forest", "Island", "Plains", "Swamp", "Mountain", "Wastes", "Snow-Covered Forest", "Snow-Covered Island",
           "Tundra", "Savannah", "Underground Sea", "Jungle Shrine", "City of Brass", "Mana Confluence",
           "Adarkar Wastes", "Birds of Paradise", "Llanowar Elves", "Sol Ring", "Azorius Signet", "Dimir Signet",
           "Command Tower", "Mystic Gate", "Grizzly Bears", "Ornithopter"]
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{W/U}", "{B/G}", "{2/G}", "{C/U}",
           "{B/P}", "{G/W/P}"]


def _flow(res: Resources, req, life_left: int) -> bool | None:
    return flow_payable(res, req, life_left)


def _normal(counts: dict[int, int]) -> dict[int, int]:
    return {m: n for m, n in counts.items() if n}


def _fresh(res: Resources) -> hall.Summary:
    """The summary of `res`'s classes built afresh (no parent to carry from)."""
    return hall.summary(Resources(res.classes, []))


def _same(a: hall.Summary, b: hall.Summary) -> None:
    assert [_normal(t) for t in a.tables] == [_normal(t) for t in b.tables]
    assert (a.activations, a.blocking, a.life) == (b.activations, b.blocking, b.life)


@st.composite
def scenarios(draw):
    perms = [{"id": "p%d" % i, "card": draw(st.sampled_from(SOURCES)), "tapped": draw(st.booleans()) and draw(st.booleans()),
              "sick": draw(st.booleans())} for i in range(draw(st.integers(0, 6)))]
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), max_size=4))) or "{0}"
    pool = "".join(draw(st.lists(st.sampled_from(["{G}", "{U}", "{C}"]), max_size=2)))
    return perms, cost, draw(st.integers(0, 4)), draw(st.booleans()), draw(st.booleans()), pool


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_summary_payable_matches_brute_force(scenario):
    perms, cost_text, life, convoke, improvise, pool = scenario
    b = loaded(*perms, life=life, mana_pool=pool) if pool else loaded(*perms, life=life)
    cost = ManaCost.parse(cost_text)
    expected = brute_or_assume(b, cost, convoke=convoke, improvise=improvise)
    what = CostToPay(cost, keywords=CostKeywords(convoke=convoke, improvise=improvise))
    assert payable(b, what) == bool(expected)
    res = collect(b, "alice", convoke=convoke, improvise=improvise)
    decided = False
    for a in cost.announcements():
        if a.requirement.life > life:
            continue
        found = hall.summary(res).pays(a.requirement, life - a.requirement.life)
        if found is not None:
            decided = True
            assert found == _flow(res, a.requirement, life - a.requirement.life)
    event("the summary decided" if decided else "the flow decided")


def test_the_summary_decides_lands_dorks_rocks_and_signets():
    # Forest, Tundra, Birds, Sol Ring ({C}{C}, two units), Azorius Signet ({1}: a {1} class)
    b = loaded("Forest", "Tundra", "Birds of Paradise", "Sol Ring", "Azorius Signet")
    res = collect(b, "alice")
    s = hall.summary(res)
    assert (s.activations, s.blocking, s.life) == (1, 0, 0)
    cases = {"{G}{W}{U}": True, "{G}{G}{W}": True, "{G}{G}{G}": False, "{W}{W}{U}{U}": True, "{5}": True,
             "{6}": True, "{7}": False, "{C}{C}{C}": False, "{W}{W}{W}{U}": True, "{W}{W}{W}{U}{U}": False}
    for text, answer in cases.items():
        req = ManaCost.parse(text).announcements()[0].requirement
        assert s.pays(req, 20) is answer, text
        assert _flow(res, req, 20) is answer, text


def test_life_that_could_bind_and_filter_lands_leave_it_to_the_flow():
    # Mana Confluence: "{T}, Pay 1 life: Add one mana of any color."
    # Mana Confluence pays 1 life a mana: at 1 life left the summary can't tell, at 20 it can.
    res = collect(loaded("Mana Confluence", "Forest"), "alice")
    req = ManaCost.parse("{R}{G}").announcements()[0].requirement
    assert hall.summary(res).pays(req, 0) is None and _flow(res, req, 0) is False
    assert hall.summary(res).pays(req, 20) is True
    # ... but a payment paying no life is one whatever the life left: {G} by the Forest
    green = ManaCost.parse("{G}").announcements()[0].requirement
    assert hall.summary(res).pays(green, 0) is True and _flow(res, green, 0) is True
    assert hall.summary(res).pays(ManaCost.parse("{B}").announcements()[0].requirement, 0) is None
    assert hall.summary(res).pays(ManaCost.parse("{3}").announcements()[0].requirement, 0) is False
    # Flooded Grove ({G/U}, {T}: Add {G}{G}, {G}{U} or {U}{U}) is neither a flow nor a {1} class
    res = collect(loaded("Flooded Grove", "Forest"), "alice")
    s = hall.summary(res)
    assert s.blocking == 1
    assert s.pays(ManaCost.parse("{G}").announcements()[0].requirement, 20) is True
    two = ManaCost.parse("{G}{G}").announcements()[0].requirement
    assert s.pays(two, 20) is None and payable(loaded("Flooded Grove", "Forest"), ManaCost.parse("{G}{G}"))


def _benchmark_boards() -> list[tuple[str, dict]]:
    from benchmarks.decision_loop import board_dict, commander, land_sea, signets

    rng = random.Random(3)
    out = [("Commander", commander()), ("land sea 20", board_dict(land_sea(20, rng))),
           ("land sea 160", board_dict(land_sea(160, rng))), ("Signets 20", signets(20)), ("Signets 400", signets(400)),
           ("example", json.loads((ROOT / "manasolve" / "data" / "example_board.json").read_text()))]
    try:
        from benchmarks.peers.boards import timing_board

        out += [("peer timing %d lands" % n, timing_board(random.Random(n), n)) for n in (20, 50, 100, 200)]
    except (OSError, KeyError, ImportError) as why:
        # the peer boards draw their hands from ../shared's development cards, parsed by phase-python
        out.append(pytest.param("peer timing boards", {}, marks=pytest.mark.skip(
            reason="the peer boards need ../shared and phase-python (%s)" % type(why).__name__)))
    return out


@pytest.mark.parametrize("label,data", _benchmark_boards(), ids=lambda v: v if isinstance(v, str) else "")
def test_summary_equals_the_flow_on_every_benchmark_board(label, data):
    from benchmarks.land_sea import make_cost

    b = loaded_board(data)
    rng = random.Random(label)
    costs = ["{0}", "{G}", "{C}", "{S}", "{W}{U}{B}", "{2}{G}{W/U}", "{2}{W}{U}{B/P}", "{7}{U}", "{G}{G}{G}{G}"]
    costs += [str(make_cost(rng.randint(1, 8), rng)) for _ in range(120)]
    for player in b.players:
        res = collect(b, player.name)
        decided = 0
        for text in costs:
            for a in ManaCost.parse(text).announcements():
                left = player.life - a.requirement.life
                if left < 0:
                    continue
                found = hall.summary(res).pays(a.requirement, left)
                if found is not None:
                    decided += 1
                    assert found == _flow(res, a.requirement, left), (label, player.name, text, a.text)
        assert decided, (label, player.name)  # the summary applies on these boards


def loaded_board(data: dict):
    from manasolve.models.board import load_board

    return load_board(data)


def test_a_changed_permanent_changes_only_its_contribution():
    pb = PlayBoard(board("Forest", "Forest", ("t", "Tundra"), ("b", "Birds of Paradise"), ("s", "Azorius Signet"),
                         ("r", "Sol Ring"), {"id": "v", "card": "Vivid Meadow", "counters": {"charge": 1}},
                         hand=["Llanowar Elves"]))
    cost = ManaCost.parse("{2}{W}{U}")
    # (ops, carried): a tap, an untap, floating mana keep the production analysis
    # (production.UNREAD), so each permanent's entry is carried and the summary with it;
    # counters and moves change what the analysis reads: rebuilt, and the same counts.
    patches = [([{"op": "tap", "id": "t"}], True), ([{"op": "untap", "id": "t"}], True),
               ([{"op": "tap", "id": "b"}], True), ([{"op": "mana_pool", "add": "{G}"}], True),
               ([{"op": "counters", "id": "v", "counter": "charge", "set": 0}], False),
               ([{"op": "move", "from": "battlefield", "to": "graveyard", "id": "r"}], False),
               ([{"op": "move", "from": "hand", "to": "battlefield", "card": "Llanowar Elves", "new_id": "e"}], False)]
    for ops, carries in patches:
        before = collect(pb.resolved, "alice")
        assert payable(pb.resolved, cost)  # builds the summary
        pb.patch(ops)
        after = collect(pb.resolved, "alice")
        carried = after.derived_from is not None and after.derived_from() is before
        assert carried is carries, ops
        s = hall.summary(after)
        _same(s, _fresh(after))
        for text in ("{2}{W}{U}", "{W}{W}{U}", "{5}", "{G}{G}{U}"):
            req = ManaCost.parse(text).announcements()[0].requirement
            assert s.pays(req, 20) == _flow(after, req, 20), (ops, text)


def test_switched_off_the_flow_answers_alike(monkeypatch):
    b = loaded("Forest", "Tundra", "Birds of Paradise", "Azorius Signet", "Flooded Grove", "Mana Confluence", life=1)
    costs = [ManaCost.parse(t) for t in ("{G}", "{W}{U}", "{3}{W}", "{G}{G}{U}{W}", "{6}", "{B}{B}")]
    on = [payable(b, c) for c in costs]
    monkeypatch.setattr(hall, "ENABLED", False)
    assert [payable(loaded("Forest", "Tundra", "Birds of Paradise", "Azorius Signet", "Flooded Grove",
                           "Mana Confluence", life=1), c) for c in costs] == on


def test_a_spells_resources_share_only_the_entries_it_cannot_change():
    # Metalworker reveals artifact cards in the hand (the one being cast is on the stack,
    # 601.2a); Cavern of Souls' mana pays only Elf spells (106.6): both depend on the spell,
    # the Forest and the Birds do not.
    from manasolve.solver.payable import cost_to_pay
    from manasolve.solver.resources import _collect, spell_blind
    from manasolve.solver.total_cost import total_cost
    from manasolve.models.request import CastChoice

    b = loaded(("m", "Metalworker"), {"id": "cav", "card": "Cavern of Souls", "chosen": {"type": "Elf"}},
               ("f", "Forest"), ("bp", "Birds of Paradise"), hand=["Sol Ring", "Llanowar Elves", "Grizzly Bears"])
    assert [spell_blind(b, b.get(i)) for i in ("m", "cav", "f", "bp")] == [False, False, True, True]
    for card in ("Sol Ring", "Llanowar Elves", "Grizzly Bears"):
        spell = cost_to_pay(b, total_cost(b, "alice", CastChoice(card))).spell
        shared = collect(b, "alice", spell=spell)
        fresh = _collect(b, "alice", False, False, False, None, spell)
        assert [(c.ids, c.roles) for c in shared.classes] == [(c.ids, c.roles) for c in fresh.classes], card
        assert shared.skipped == fresh.skipped
        bare = collect(b, "alice")
        assert shared.entries["f"] is bare.entries["f"] and shared.entries["m"] is not bare.entries["m"]
