"""Declaring attackers: legality, which attack triggers fire, revealed mana values, copies,
and the ``manasolve attack`` CLI."""

from __future__ import annotations

from functools import partial

import json

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import InputError, load_board
from manasolve.solver.combat import attack_answer, become_copy, revealed_mana_value
from tests.support import boards

CARDS = [
    {"name": "Bear", "type": "Creature — Bear", "power": "2", "toughness": "2", "manaCost": "{1}{G}"},
    {"name": "Fire", "layout": "split", "type": "Instant", "manaCost": "{1}{R}"},
    {"name": "Ice", "layout": "split", "type": "Instant", "manaCost": "{1}{U}"},
    {"name": "Hybrid Thing", "type": "Creature — Elemental", "power": "1", "toughness": "1", "manaCost": "{2/W}{W/U}{B/P}"},
]


board = partial(boards.board, step="declare_attackers", cards=CARDS, opponents=("bob", "carol"))


@pytest.mark.parametrize("perm,problem", [
    ({"id": "x", "card": "Bear", "tapped": True}, "it is tapped"),
    ({"id": "x", "card": "Bear", "sick": True}, "summoning-sick"),
    ({"id": "x", "card": "Smuggler's Copter"}, "not a creature"),
])
def test_illegal_attackers_are_input_errors(perm, problem):
    with pytest.raises(InputError, match=problem):
        api.attack(board(perm), ["x"])


def test_opponents_creature_cannot_attack_and_unknown_ids_suggest_nearest():
    with pytest.raises(InputError, match="only the active player alice attacks"):
        api.attack(board(opponents={"bob": [{"id": "x", "card": "Bear"}], "carol": []}), ["x"])
    with pytest.raises(InputError, match="did you mean 'bronco'"):
        api.attack(board({"id": "bronco", "card": "Caustic Bronco"}), ["bronc"])
    with pytest.raises(InputError, match="declared twice"):
        api.attack(board({"id": "b", "card": "Bear"}), ["b", "b"])


def test_haste_lets_a_sick_mount_attack_and_a_crewed_vehicle_attacks():
    perms = [{"id": "cal", "card": "Calamity, Galloping Inferno", "sick": True, "saddled": True, "saddled_by": ["b"]},
             {"id": "b", "card": "Bear", "tapped": True},
             {"id": "ball", "card": "Ballista Charger", "type": "Artifact Creature — Vehicle"}]
    ans = api.attack(board(*perms), ["cal", "ball"])
    assert [(t["source"], t["condition"], t["triggers"]) for t in ans["triggers"]] == [
        ("cal", "attacks while saddled", True), ("ball", "attacks", True)]
    assert ans["saddled"] == {"cal": True}  # the Vehicle has no saddle


def test_enters_and_attacks_while_saddled_trigger_is_recognised():
    perms = [{"id": "m", "card": "Autarch Mammoth"}]
    ans = api.attack(board(*perms), ["m"])
    assert [(t["condition"], t["triggers"]) for t in ans["triggers"]] == [("attacks while saddled", False)]


def test_bronco_saddled_makes_each_opponent_lose_life():
    perms = [{"id": "bronco", "card": "Caustic Bronco", "saddled": True}]
    res = api.attack(board(*perms), ["bronco"], reveal={"bronco": "Hybrid Thing"})["triggers"][0]["resolution"]
    assert res["mana_value"] == 4  # {2/W} counts 2, {W/U} 1, {B/P} 1 (202.3f-g)
    assert [x["player"] for x in res["loses_life"]] == ["bob", "carol"]


def test_bronco_without_a_revealed_card_names_who_loses_but_not_how_much():
    res = api.attack(board({"id": "bronco", "card": "Caustic Bronco"}), ["bronco"])["triggers"][0]["resolution"]
    assert res["mana_value"] is None and res["loses_life"] == [{"player": "alice", "amount": None}]


def test_split_card_halves_stored_separately_add_up():
    b = load_board(board())
    assert revealed_mana_value(b, "Fire // Ice") == 4
    assert revealed_mana_value(b, "Fire") == 2
    with pytest.raises(InputError, match="unknown card 'Fire // Iceberg'"):
        revealed_mana_value(b, "Fire // Iceberg")


def test_become_copy_takes_the_card_and_keeps_its_own_status():
    b = load_board(board({"id": "steed", "card": "Seraphic Steed", "saddled": True, "saddled_by": ["x"]},
                         {"id": "x", "card": "Bear", "tapped": True, "counters": {"+1/+1": 1}}))
    copy = become_copy(b.get("x"), b.get("steed"))
    assert copy.name == "Seraphic Steed" and not copy.saddled and copy.saddled_by == ()
    assert copy.tapped and copy.counters == {"+1/+1": 1} and copy.power == 3


def test_copies_do_not_change_the_callers_board():
    b = load_board(board({"id": "steed", "card": "Seraphic Steed", "saddled": True}, {"id": "x", "card": "Bear"}))
    attack_answer(b, ["x"], copies={"x": "steed"})
    assert b.get("x").name == "Bear"


def test_reveal_must_name_an_attacker_and_a_known_card():
    perms = [{"id": "bronco", "card": "Caustic Bronco"}, {"id": "b", "card": "Bear"}]
    with pytest.raises(InputError, match="not among the attackers"):
        api.attack(board(*perms), ["bronco"], reveal={"b": "Bear"})
    with pytest.raises(InputError, match="unknown card 'Beer'.*did you mean 'Bear'"):
        api.attack(board(*perms), ["bronco"], reveal={"bronco": "Beer"})
    with pytest.raises(InputError, match="parameter left: no permanent with id 'zz'"):
        api.attack(board(*perms), ["bronco"], left=["zz"])


# the board of the `board_file` fixture (tests/conftest.py)
FILE_BOARD = board({"id": "bronco", "card": "Caustic Bronco", "saddled": True, "saddled_by": ["b"]},
                   {"id": "b", "card": "Bear", "tapped": True})


def test_cli_attack_json(board_file, capsys):
    assert main(["attack", board_file, "--attackers", "bronco", "--reveal", "bronco=Bear", "--left", "bronco", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    res = out["triggers"][0]["resolution"]
    assert res["uses_last_known_information"] and [x["player"] for x in res["loses_life"]] == ["bob", "carol"]


def test_cli_attack_table(board_file, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # one table row per line
    assert main(["attack", board_file, "--attackers", "bronco", "--reveal", "bronco=Bear"]) == 0
    assert "bob, carol loses 2 life — saddled" in capsys.readouterr().out


@pytest.mark.parametrize("extra,expected", [
    (["--reveal", "bronco"], "--reveal: expected ID=VALUE"),
    (["--copy", "bronco=nobody"], "no permanent with id 'nobody'"),
])
def test_cli_attack_errors_exit_2(board_file, capsys, extra, expected):
    assert main(["attack", board_file, "--attackers", "bronco"] + extra) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1
