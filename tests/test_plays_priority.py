"""Priority and the stack on the board (117.1, 117.3, 405): ``priority_player``, ``stack``,
and the plays of the player holding priority."""

from __future__ import annotations

import re

import pytest

from manasolve import api
from manasolve.models.board import InputError
from tests.support.boards import board

SPELL = {"kind": "spell", "controller": "bob", "card": "Llanowar Elves"}


def responses(**kw) -> dict:
    b = board(("i1", "Island"), ("i2", "Island"), ("dg", "Consulate Dreadnought"),
              {"id": "elf", "card": "Llanowar Elves", "counters": {"+1/+1": 5}},
              hand=["Think Twice", "Hornswoggle", "Forest"], opponents=["bob"], active="bob", **kw)
    b["stack"] = [SPELL]
    return b


def test_117_1_priority_player_on_the_opponents_turn_has_instants_and_abilities():
    b = responses()
    b["priority_player"] = "alice"
    plays = api.plays(b, player="alice")["plays"]
    kinds = {(p["kind"], p.get("card") or p.get("ability")) for p in plays}
    assert ("cast", "Think Twice") in kinds and ("cast", "Hornswoggle") in kinds
    assert ("activate", "Crew 6") in kinds  # 702.122a: Crew whenever its controller has priority
    assert not any(p["kind"] == "land" for p in plays)  # 305.3: not on an opponent's turn


def test_117_1_a_player_without_priority_has_no_plays():
    b = responses()
    b["priority_player"] = "bob"
    assert api.plays(b, player="alice")["plays"] == []
    assert api.crew(b, "dg", player="alice")["activatable_now"] is False


def test_702_122a_crew_activatable_by_the_non_active_player_holding_priority():
    b = responses()
    b["priority_player"] = "alice"
    assert api.crew(b, "dg", player="alice")["activatable_now"] is True


def test_305_3_no_land_play_with_a_listed_stack_on_your_own_turn():
    b = board(hand=["Forest"])
    b["stack"] = [dict(SPELL, controller="alice")]
    assert not [p for p in api.plays(b)["plays"] if p["kind"] == "land"]
    b["stack"] = []
    assert [p["kind"] for p in api.plays(b)["plays"]] == ["land"]


@pytest.mark.parametrize("change,where", [
    (dict(stack_empty=True), "stack_empty"),
    (dict(priority_player="carol"), "priority_player"),
    (dict(stack=[{"kind": "spell", "controller": "bob", "card": "Forrest"}]), r"stack\[0\]\.card"),
    (dict(stack=[{"kind": "spell", "controller": "zed", "card": "Forest"}]), r"stack\[0\]\.controller"),
    (dict(stack=[{"kind": "spell", "controller": "bob"}]), r"stack\[0\]\.card"),
    (dict(stack=[{"kind": "trigger", "controller": "bob"}]), r"stack\[0\]\.kind"),
])
def test_board_priority_and_stack_errors_name_the_json_path(change, where):
    b = responses()
    b.update(change)
    with pytest.raises(InputError, match=where):
        api.plays(b)


def test_stack_and_stack_empty_agree_when_both_given():
    b = responses()
    b["stack_empty"] = False
    assert api.plays(dict(b, priority_player="alice"), player="alice")["plays"]


def _cast_names(b: dict) -> set[str]:
    return {p["card"] for p in api.plays(b, player="alice")["plays"] if p["kind"] == "cast"}


def test_601_3a_yeva_lets_green_creature_spells_be_cast_as_though_they_had_flash():
    """Yeva, Nature's Herald in its controller's end step with two Forests: Grizzly Bears
    (a green creature spell) is castable and listed; a sorcery and a red creature are not."""
    b = board(("f1", "Forest"), ("f2", "Forest"), ("y", "Yeva, Nature's Herald"),
              hand=["Grizzly Bears", "Divination", "Goblin Piker"], step="end")
    assert _cast_names(b) == {"Grizzly Bears"}
    assert api.cost(b, "Grizzly Bears")["castable_now"] is True and api.cost(b, "Divination")["castable_now"] is False
    b["players"][0]["battlefield"].pop()  # without Yeva: sorcery timing again
    assert _cast_names(b) == set() and "sorcery timing" in api.cost(b, "Grizzly Bears")["reason"]


@pytest.mark.parametrize("permanent", ["Vedalken Orrery", "Leyline of Anticipation"])
def test_702_8a_you_may_cast_spells_as_though_they_had_flash(permanent):
    b = board(("i1", "Island"), ("i2", "Island"), ("i3", "Island"), ("o", permanent), hand=["Divination"],
              opponents=["bob"], active="bob")
    assert _cast_names(b) == {"Divination"} and api.cost(b, "Divination", player="alice")["castable_now"] is True


def test_702_8a_an_until_end_of_turn_flash_permission_holds_once_resolved():
    """Emergence Zone's "You may cast spells this turn as though they had flash." holds
    when the player's until_end_of_turn lists it (never from the land merely in play)."""
    in_play = board(("i1", "Island"), ("i2", "Island"), ("i3", "Island"), ("z", "Emergence Zone"), hand=["Divination"],
                    step="end")
    assert _cast_names(in_play) == set()
    resolved = board(("i1", "Island"), ("i2", "Island"), ("i3", "Island"), hand=["Divination"], step="end",
                     until_end_of_turn=["Emergence Zone"])
    assert _cast_names(resolved) == {"Divination"} and api.cost(resolved, "Divination")["reason"] is None
    with pytest.raises(InputError, match=re.escape(  # neither a mana effect nor a flash permission read
            "players[0].until_end_of_turn[0]: 'Forest' states no \"Until end of turn, ...\" effect on mana and no \"You "
            "may cast spells this turn as though they had flash\" that is read")):
        api.plays(board(hand=["Divination"], until_end_of_turn=["Forest"]))


def test_702_8a_a_flash_permission_not_read_is_reported():
    """Dragon Grip's conditional "you may cast ~ as though it had flash" is not read: the
    cost's reason and plays' not_modelled say so instead of a bare "sorcery timing"."""
    b = board(*["Mountain"] * 3, ("bear", "Grizzly Bears"), hand=["Dragon Grip"], step="end")
    assert "Dragon Grip" in api.cost(b, "Dragon Grip")["reason"] and "not understood" in api.cost(b, "Dragon Grip")["reason"]
    assert any("Ferocious" in note for note in api.plays(b)["not_modelled"])
