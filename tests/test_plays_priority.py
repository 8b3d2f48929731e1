"""Priority and the stack on the board (117.1, 117.3, 405): ``priority_player``, ``stack``,
and the plays of the player holding priority."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.board import InputError
from tests.boards import board

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
