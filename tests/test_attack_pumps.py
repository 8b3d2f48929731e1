"""``manasolve attack`` resolving the pump triggers: Golden-Tail Trainer's "other modified
creatures you control get +X/+X until end of turn, where X is this creature's power"
(seed 004: "The value of X in Golden-Tail Trainer's last ability is determined only as
the ability resolves") and the Mounts' "attacks while saddled, it gets +N/+M"."""

from __future__ import annotations

import json
from functools import partial

from manasolve import api
from manasolve.cli import main
from tests.support import boards
from tests.support.commands import cli_json

BEAR = {"name": "Bear", "type": "Creature — Bear", "power": "2", "toughness": "2", "manaCost": "{1}{G}"}


board = partial(boards.board, step="declare_attackers", cards=[BEAR], opponents=("bob",))


def trainer(pid: str, **state) -> dict:
    return {"id": pid, "card": "Golden-Tail Trainer", **state}


def resolution(answer: dict, source: str) -> dict:
    return next(t for t in answer["triggers"] if t["source"] == source)["resolution"]


TWO_TRAINERS = board(trainer("a", counters={"+1/+1": 1}), trainer("b", counters={"+1/+1": 1}),
                     {"id": "bear", "card": "Bear", "counters": {"+1/+1": 1}})


def test_trainer_x_is_determined_only_as_the_ability_resolves(capsys, tmp_path):
    """Two modified Trainers of power 2: the first to resolve pumps the second (+2/+2),
    whose X is then 4, its power as its own ability resolves — not the 2 it had when it
    triggered.  Naming the attackers the other way round swaps the roles."""
    ans = cli_json(capsys, tmp_path, TWO_TRAINERS, "attack", "--attackers", "a", "b")
    first, second = resolution(ans, "a"), resolution(ans, "b")
    assert (first["x"], second["x"]) == (2, 4)
    assert [(p["id"], p["power"], p["toughness"]) for p in first["pumped"]] == [("b", 4, 6), ("bear", 5, 5)]
    assert [(p["id"], p["power"], p["toughness"]) for p in second["pumped"]] == [("a", 6, 8), ("bear", 9, 9)]
    ans = cli_json(capsys, tmp_path, TWO_TRAINERS, "attack", "--attackers", "b", "a")
    assert (resolution(ans, "b")["x"], resolution(ans, "a")["x"]) == (2, 4)


def test_trainer_x_reads_its_power_on_resolution_with_equipment_and_counters():
    """X is the Trainer's power as it stands: printed 1, +1/+1 counter, Bonesplitter +2 = 4."""
    data = board(trainer("gt", counters={"+1/+1": 1}), {"id": "blade", "card": "Bonesplitter", "attached_to": "gt"},
                 {"id": "bear", "card": "Bear", "counters": {"oil": 1}})
    res = resolution(api.attack(data, ["gt"]), "gt")
    assert res["x"] == 4 and res["pumped"][0]["power"] == 6
    assert res["x_determined"].startswith("as the ability resolves")


def test_trainer_that_left_uses_last_known_power_and_a_creature_gone_is_not_pumped():
    data = board(trainer("gt", counters={"+1/+1": 2}), {"id": "bear", "card": "Bear", "counters": {"+1/+1": 1}},
                 {"id": "bear2", "card": "Bear", "counters": {"+1/+1": 1}})
    res = resolution(api.attack(data, ["gt"], left=["gt", "bear2"]), "gt")
    assert res["uses_last_known_information"] is True and res["x"] == 3
    assert [p["id"] for p in res["pumped"]] == ["bear"]


def test_trainer_pumps_only_other_modified_creatures_its_controller_controls():
    """700.9 on resolution: an opponent's Equipment modifies; an opponent's Aura does not;
    any counter does; the Trainer itself ("other") and the opponent's creatures don't get it."""
    data = board(trainer("gt"),
                 {"id": "equipped", "card": "Bear"}, {"id": "their_aura", "card": "Bear"},
                 {"id": "my_aura", "card": "Bear"}, {"id": "stunned", "card": "Bear", "counters": {"stun": 1}},
                 {"id": "plain", "card": "Bear"}, {"id": "rancor", "card": "Rancor", "attached_to": "my_aura"},
                 opponents={"bob": [{"id": "blade", "card": "Bonesplitter", "attached_to": "equipped"},
                                    {"id": "pac", "card": "Pacifism", "attached_to": "their_aura"},
                                    {"id": "theirs", "card": "Bear", "counters": {"+1/+1": 1}}]})
    res = resolution(api.attack(data, ["gt"]), "gt")
    assert res["x"] == 1
    assert sorted(p["id"] for p in res["pumped"]) == ["equipped", "my_aura", "stunned"]
    kinds = {p["id"]: [m["kind"] for m in p["modifications"]] for p in res["pumped"]}
    assert kinds == {"equipped": ["equipment"], "my_aura": ["aura"], "stunned": ["counter"]}


def test_trainer_with_negative_power_gives_x_zero():
    data = board(trainer("gt", counters={"-1/-1": 2}), {"id": "bear", "card": "Bear", "counters": {"+1/+1": 1}})
    res = resolution(api.attack(data, ["gt"]), "gt")
    assert res["x"] == 0 and res["pumped"] == [{"id": "bear", "power": 3, "toughness": 3,
                                                  "modifications": [{"kind": "counter", "counter": "+1/+1", "count": 1}]}]


def test_saddled_mount_pump_resolves_and_counts_for_later_triggers(capsys, tmp_path):
    """Alacrian Jaguar saddled gets +2/+2; a Trainer resolving after it sees the pumped
    Jaguar (modified by a counter) and adds its X.  Unsaddled, no pump and no resolution."""
    perms = [{"id": "jag", "card": "Alacrian Jaguar", "saddled": True, "counters": {"+1/+1": 1}}, trainer("gt")]
    ans = cli_json(capsys, tmp_path, board(*perms), "attack", "--attackers", "jag", "gt")
    assert resolution(ans, "jag") == {"effect": "it gets +2/+2 until end of turn",
                                      "pumped": [{"id": "jag", "power": 7, "toughness": 7}]}
    assert resolution(ans, "gt")["pumped"][0] == {"id": "jag", "power": 8, "toughness": 8,
                                                  "modifications": [{"kind": "counter", "counter": "+1/+1", "count": 1}]}
    perms[0]["saddled"] = False
    jag = next(t for t in api.attack(board(*perms), ["jag"])["triggers"] if t["source"] == "jag")
    assert not jag["triggers"] and "resolution" not in jag


def test_congregation_gryff_x_counts_the_mounts_you_control_on_resolution():
    perms = [{"id": "gryff", "card": "Congregation Gryff", "saddled": True},
             {"id": "jag", "card": "Alacrian Jaguar"}, {"id": "lynx", "card": "Gloryheath Lynx"}]
    res = resolution(api.attack(board(*perms, opponents={"bob": [{"id": "bj", "card": "Alacrian Jaguar"}]}), ["gryff"]), "gryff")
    assert res["x"] == 3 and res["pumped"] == [{"id": "gryff", "power": 4, "toughness": 7}]
    res = resolution(api.attack(board(*perms), ["gryff"], left=["lynx"]), "gryff")
    assert res["x"] == 2


def test_attack_table_shows_the_trainers_x(capsys, tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(TWO_TRAINERS))
    assert main(["attack", str(path), "--attackers", "a", "b"]) == 0
    out = capsys.readouterr().out
    assert "(X = 2)" in out and "(X = 4)" in out
