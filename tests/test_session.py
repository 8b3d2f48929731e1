"""The board you can play on (manasolve.session): apply a payment, patch, undo, copy."""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve import api, open_board
from manasolve.models.board import InputError
from manasolve.models.mana import ManaCost
from tests.support import boards


def _example() -> dict:
    from pathlib import Path

    import manasolve

    return json.loads((Path(manasolve.__file__).parent / "data" / "example_board.json").read_text())


_board = partial(boards.board, player="a", opponents=("b",))


def _tapped(data: dict) -> set[str]:
    return {perm["id"] for p in data["players"] for perm in p.get("battlefield", []) if perm.get("tapped")}


def test_applying_the_best_payment_taps_its_sources_and_changes_the_next_answer():
    b = open_board(_example())
    before = b.to_json()
    answer = b.best("{2}{G}")
    best = answer["best"]
    done = b.apply(answer)
    used = {a["permanent"] for a in best["activations"]}
    assert set(done["tapped"]) == used
    assert _tapped(b.to_json()) == _tapped(before) | used
    # The next answer is the answer for the board with exactly those permanents tapped.
    expected = _example()
    for perm in expected["players"][0]["battlefield"]:
        if perm["id"] in used:
            perm["tapped"] = True
    if done["floating"]:
        expected["players"][0]["mana_pool"] = done["floating"]
    for cost in ("{2}{G}", "{G}{G}", "{1}{U}"):
        assert b.pay(cost, mode="count") == api.pay(expected, cost, mode="count")
    assert b.pay("{2}{G}", mode="count")["count"] < api.pay(before, "{2}{G}", mode="count")["count"]
    # undo restores the exact board and its answers
    b.undo()
    assert b.to_json() == before
    assert b.pay("{2}{G}", mode="count") == api.pay(before, "{2}{G}", mode="count")
    with pytest.raises(InputError, match="nothing to undo"):
        b.undo()


def test_mana_made_and_not_spent_floats_and_is_spent_from_the_pool():
    b = open_board(_board(("ring", "Sol Ring")))
    done = b.apply(b.best("{1}"))
    assert done["tapped"] == ["ring"] and done["floating"] == "{C}"
    assert b.to_json()["players"][0]["mana_pool"] == "{C}"
    again = b.best("{1}")
    assert again["best"]["from_pool"] == ["{C}"] and again["best"]["activations"] == []
    done = b.apply(again)
    assert done["mana_pool"] == "" and "mana_pool" not in b.to_json()["players"][0]
    assert not b.payable("{1}")


def test_coloured_mana_floats_rather_than_colourless():
    # Forest + Sol Ring paying {2}: the made mana is {G}{C}{C}; {C}{C} pays, {G} floats.
    b = open_board(_board(("f1", "Forest"), ("ring", "Sol Ring")))
    payments = b.pay("{2}", mode="all")["payments"]
    both = next(p for p in payments if len(p["activations"]) == 2)
    done = b.apply(both)
    assert done["floating"] == "{G}"


_TREASURE = {"name": "Treasure", "type": "Token Artifact — Treasure", "types": ["Artifact"],
             "text": "{T}, Sacrifice this artifact: Add one mana of any color."}


def test_life_sacrifice_damage_and_hand_exile_are_carried_out():
    data = _board(("t", "Treasure"), ("pain", "Adarkar Wastes"), hand=["Elvish Spirit Guide", "Forest"], life=10)
    data["players"][0]["battlefield"][0].update(token=True, type="Token Artifact — Treasure")
    data["cards"] = [_TREASURE]
    b = open_board(data)
    # {R} only from the Treasure: sacrificed, and a token leaves no card (111.7)
    done = b.apply(b.best("{R}"))
    me = b.to_json()["players"][0]
    assert done["sacrificed"] == ["t"] and [p["id"] for p in me["battlefield"]] == ["pain"]
    assert "graveyard" not in me
    # {W/P}{G}{W}: {G} from the Spirit Guide exiled from hand, {W} from the painland (1 damage),
    # {W/P} paid with 2 life
    done = b.apply(b.best("{W/P}{G}{W}"))
    me = b.to_json()["players"][0]
    assert done["exiled"] == ["hand[0]:Elvish Spirit Guide"] and me["hand"] == ["Forest"]
    assert done["life_lost"] == 3 and me["life"] == 7
    assert done["tapped"] == ["pain"]


def test_a_payment_can_not_be_applied_twice():
    b = open_board(_board(("f1", "Forest")))
    best = b.best("{G}")["best"]
    b.apply(best)
    before = b.to_json()
    with pytest.raises(InputError, match="f1 is already tapped") as exc:
        b.apply(best)
    assert exc.value.where == "payment.activations[0].permanent"
    assert b.to_json() == before and b.history_length == 1


def test_a_payment_using_what_the_board_lacks_is_refused():
    b = open_board(_board(("f1", "Forest"), ("elf", "Llanowar Elves")))
    with pytest.raises(InputError, match="no permanent with id 'f2'"):
        b.apply({"announced": "{G}", "life": 0, "activations": [
            {"permanent": "f2", "ability": "{T}: Add {G}.", "produces": "{G}"}], "tapped_for_cost": []})
    with pytest.raises(InputError, match="no mana ability"):
        b.apply({"announced": "{G}", "life": 0, "activations": [
            {"permanent": "f1", "ability": "{T}: Add {U}.", "produces": "{U}"}], "tapped_for_cost": []})
    with pytest.raises(InputError, match="does not pay"):
        b.apply({"announced": "{G}{G}", "life": 0, "activations": [
            {"permanent": "f1", "ability": "{T}: Add {G}.", "produces": "{G}"}], "tapped_for_cost": []})
    b.patch([{"op": "set", "id": "elf", "field": "sick", "value": True}])
    with pytest.raises(InputError, match="summoning sickness"):
        b.apply({"announced": "{G}", "life": 0, "activations": [
            {"permanent": "elf", "ability": "{T}: Add {G}.", "produces": "{G}"}], "tapped_for_cost": []})


def test_every_group_of_all_applies_and_taps_its_uses():
    b = open_board(_example())
    answer = b.pay("{2}{G}{W/U}", mode="all", limit=0)
    assert answer["groups_listed_all"]
    for group in answer["payments"]:
        c = b.copy()
        done = c.apply(group)
        tapped_uses = sum(a["use"] for a in group["activations"] if "{T}" in a["ability"])
        assert len(done["tapped"]) == tapped_uses
        assert c.history_length == b.history_length + 1
    assert b.history_length == 0  # copies are independent


def test_patch_operations_and_their_errors():
    b = open_board(_board(("f1", "Forest"), ("bronco", "Caustic Bronco"), hand=["Forest", "Think Twice"]))
    b.patch([{"op": "tap", "id": "f1"},
             {"op": "move", "from": "hand", "to": "battlefield", "card": "Forest", "new_id": "f2"},
             {"op": "counters", "id": "bronco", "counter": "+1/+1", "add": 2},
             {"op": "life", "add": -3}, {"op": "energy", "set": 2},
             {"op": "mana_pool", "add": "{U}"}, {"op": "step", "step": "end"},
             {"op": "move", "from": "battlefield", "to": "graveyard", "id": "bronco"}])
    me = b.to_json()["players"][0]
    assert [p["id"] for p in me["battlefield"]] == ["f1", "f2"] and me["battlefield"][0]["tapped"]
    assert me["hand"] == ["Think Twice"] and me["graveyard"] == ["Caustic Bronco"]
    assert (me["life"], me["energy"], me["mana_pool"]) == (17, 2, "{U}")
    assert b.resolved.step == "end"
    assert b.pay("{G}{U}", mode="count")["count"] == 1  # f2 and the floating {U}
    b.patch([{"op": "untap_all"}, {"op": "active_player", "player": "b"}])
    assert b.resolved.active_player == "b"
    b.patch([{"op": "priority_player", "player": "a"}])
    assert b.resolved.priority_player == "a"
    b.patch([{"op": "priority_player", "player": None}])
    assert b.resolved.priority_player is None
    before = b.to_json()
    for ops, path, message in [
        ([{"op": "tap", "id": "f3"}], "ops[0].id", "did you mean 'f2'"),
        ([{"op": "tapp", "id": "f1"}], "ops[0].op", "did you mean 'tap'"),
        ([{"op": "set", "id": "f1", "field": "tapd", "value": True}], "ops[0].field", "did you mean 'tapped'"),
        ([{"op": "set_player", "player": "a", "field": "lif", "value": 3}], "ops[0].field", "did you mean 'life'"),
        ([{"op": "set", "id": "f1", "field": "sick", "value": "maybe"}], "ops", "sick"),
        ([{"op": "tap", "id": "f1"}, {"op": "step", "step": "combat"}], "ops[1].step", "unknown step"),
        ([{"op": "tap", "id": "f1", "player": "a"}], "ops[0].player", "takes no field"),
        ([{"op": "counters", "id": "f1", "counter": "charge", "add": -1}], "ops[0]", "0 or more"),
        ([{"op": "move", "from": "hand", "to": "battlefield", "card": "Think Twice", "new_id": "f1", "player": "a"}], "ops",
         "id 'f1' used twice"),
        ([{"op": "mana_pool", "set": "{2}", "player": "a"}], "ops", "floating mana has a type"),
    ]:
        with pytest.raises(InputError, match=message) as exc:
            b.patch(ops)
        assert exc.value.where == path
        assert b.to_json() == before  # all or nothing


def test_undo_takes_back_patches_and_payments_in_order():
    b = open_board(_board(("f1", "Forest"), ("f2", "Forest")))
    states = [b.to_json()]
    b.patch([{"op": "tap", "id": "f2"}])
    states.append(b.to_json())
    b.apply(b.best("{G}"))
    assert not b.payable("{G}")
    for state in reversed(states):
        b.undo()
        assert b.to_json() == state
    assert b.pay("{G}{G}", mode="count")["count"] == 1


# Small boards of simple sources: applying any listed payment spends exactly the cost.
_SOURCES = ["Forest", "Island", "Plains", "Sol Ring", "Birds of Paradise", "Azorius Signet", "Llanowar Elves",
            "Adarkar Wastes", "Treasure"]


@st.composite
def _boards_and_costs(draw):
    names = draw(st.lists(st.sampled_from(_SOURCES), min_size=1, max_size=5))
    pool = draw(st.sampled_from(["", "{G}", "{C}{U}"]))
    cost = draw(st.sampled_from(["{1}", "{G}", "{2}{W}", "{W/U}{1}", "{G/P}", "{C}", "{U}{U}", "{3}"]))
    return names, pool, cost


@settings(max_examples=40)
@given(_boards_and_costs())
def test_applying_a_payment_spends_exactly_the_cost(case):
    names, pool, cost = case
    data = _board(*[("p%d" % i, n) for i, n in enumerate(names)], mana_pool=pool or None)
    data["cards"] = [_TREASURE]
    b = open_board(data)
    answer = b.pay(cost, mode="all", limit=0)
    for group in answer["payments"]:
        c = b.copy()
        done = c.apply(group)
        made = sum(a["use"] * len(ManaCost.parse(a["produces"]).symbols) for a in group["activations"])
        made += sum(e["use"] for e in group.get("from_pool", []))
        spent = ManaCost.parse(group["announced"]).mana_value + sum(
            a["use"] for a in group["activations"] if a["ability"].startswith("{1}"))  # Signets' {1}
        assert len(ManaCost.parse(done["floating"] or "{0}").symbols) == made - spent
        taken = Counter(s for e in group.get("from_pool", []) for s in [e["mana"]] * e["use"])
        left = Counter(ManaCost.parse(done["mana_pool"] or "{0}").symbols) if done["mana_pool"] else Counter()
        assert sum(left.values()) == len(ManaCost.parse(pool or "{0}").symbols) - sum(taken.values()) + made - spent
        assert c.to_json()["players"][0]["life"] == 20 - done["life_lost"]


def test_boards_left_behind_by_changes_are_freed():
    # A server holds sessions for hours: each change makes a new resolved board, and the
    # solver's caches must not keep the old ones (and their analyses) alive.
    import gc
    import weakref

    b = open_board({"players": [{"name": "a", "battlefield": [{"id": "f1", "card": "Forest"},
                                                              {"id": "f2", "card": "Forest"}]}]})
    left = []
    for _ in range(5):
        b.patch([{"op": "tap", "id": "f1"}])
        assert b.payable("{G}") and b.pay("{G}", mode="count")["count"] == 1 and b.best("{G}")["payable"]
        left.append(weakref.ref(b.resolved))
        b.undo()
        assert b.pay("{G}", mode="count")["count"] == 2
    gc.collect()
    assert [r() for r in left] == [None] * 5


def test_undo_finds_the_resolved_board_of_before_and_only_the_latest_ones_are_kept():
    import gc
    import weakref

    from manasolve.session import KEEP_RESOLVED

    b = open_board(_board(*[("f%d" % i, "Forest") for i in range(KEEP_RESOLVED + 3)]))
    resolved = []
    for i in range(KEEP_RESOLVED + 3):
        assert b.pay("{G}", mode="count")["count"] == KEEP_RESOLVED + 3 - i  # asked, so resolved and analysed
        resolved.append(weakref.ref(b.resolved))
        b.patch([{"op": "tap", "id": "f%d" % i}])
    gc.collect()
    # The boards from before the latest KEEP_RESOLVED changes are freed; the others are kept...
    assert [r() is None for r in resolved] == [True] * 3 + [False] * KEEP_RESOLVED
    for i in reversed(range(KEEP_RESOLVED + 3)):
        b.undo()
        # ...and undo comes back to them (the same object, its analysis still built), or resolves again.
        assert (b.resolved is resolved[i]()) == (i >= 3)
        assert b.pay("{G}", mode="count")["count"] == KEEP_RESOLVED + 3 - i
