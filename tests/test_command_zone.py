"""The command zone (903): commanders cast from it with the commander tax (903.8), and
their colour identity (903.4) for "any color in your commander's color identity"."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.board import InputError
from tests.support.boards import board

KYDELE = "Kydele, Chosen of Kruphix"  # {2}{G}{U}, identity G U


def test_903_8_commander_cast_from_the_command_zone_with_tax():
    b = board(*["Forest", "Island"] * 4, command=[{"card": KYDELE, "times_cast": 2}])
    (play,) = [p for p in api.plays(b)["plays"] if p.get("card") == KYDELE]
    assert (play["zone"], play["total"], play["payable"]) == ("command", "{6}{G}{U}", True)
    assert play["additional"] == [{"kind": "commander_tax", "cost": "{4}", "times": 2}]
    cost = api.cost(b, card=KYDELE, zone="command")
    assert (cost["base"], cost["total"], cost["mana_value"]) == ("{2}{G}{U}", "{6}{G}{U}", 4)  # 202.3: tax not in MV
    b = board(*["Forest", "Island"] * 3, command=[{"card": KYDELE, "times_cast": 2}])  # 6 lands: {6}{G}{U} is 8
    assert [p["payable"] for p in api.plays(b)["plays"] if p.get("card") == KYDELE] == [False]


def test_903_8_first_cast_has_no_tax_and_a_commander_elsewhere_is_not_cast_from_there():
    b = board("Forest", "Island", "Forest", "Island", command=[{"card": KYDELE}])
    (play,) = [p for p in api.plays(b)["plays"] if p.get("card") == KYDELE]
    assert play["total"] == "{2}{G}{U}" and "additional" not in play
    b = board("Forest", "Island", command=[{"card": KYDELE, "in_command_zone": False}])
    assert not [p for p in api.plays(b)["plays"] if p.get("card") == KYDELE]


def test_903_8_sorcery_timing_still_applies_to_a_creature_commander():
    b = board(*["Forest", "Island"] * 2, command=[{"card": KYDELE}], opponents=["bob"], active="bob")
    assert not [p for p in api.plays(b, player="alice")["plays"] if p.get("card") == KYDELE]


def test_903_4_command_tower_makes_the_commanders_colours():
    b = board(("ct", "Command Tower"), command=[{"card": KYDELE, "times_cast": 1}])
    assert api.produce(b)["permanents"]["ct"] == ["U", "G"]
    assert api.pay(b, cost="{G}")["payable"] and not api.pay(b, cost="{R}")["payable"]
    assert api.pay(b, cost="{U}", mode="count")["count"] == 1


def test_903_4f_command_tower_without_a_commander_makes_nothing():
    b = board(("ct", "Command Tower"))
    assert api.produce(b)["permanents"]["ct"] == []


def test_903_4_identity_counts_mana_symbols_in_rules_text():
    cmd = {"name": "Identity Test", "type": "Legendary Creature — Elf", "types": ["Creature"],
           "supertypes": ["Legendary"], "manaCost": "{1}{G}", "text": "{R}: This creature gets +1/+0 until end of turn.",
           "power": "1", "toughness": "1"}
    b = board(("ct", "Command Tower"), command=[{"card": "Identity Test"}], cards=[cmd])
    assert api.produce(b)["permanents"]["ct"] == ["R", "G"]


@pytest.mark.parametrize("command,where", [
    ([{"card": "Kydelle"}], r"players\[0\]\.command\[0\]\.card"),
    ([{"card": KYDELE, "times_cast": -1}], r"players\[0\]\.command\[0\]\.times_cast"),
    ([{"card": KYDELE, "tax": 2}], r"players\[0\]\.command\[0\]\.tax"),
])
def test_command_zone_errors_name_the_json_path(command, where):
    with pytest.raises(InputError, match=where):
        api.plays(board(command=command))
