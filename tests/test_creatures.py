"""``manasolve creatures``: power, toughness and "modified" (700.9) as a user sees them,
with the three seed rulings of 004 on modified creatures through the command."""

from __future__ import annotations

import json
from functools import partial

import pytest

from manasolve import api
from manasolve.cli import main
from tests.support import boards
from tests.support.commands import cli_json

BEAR = {"name": "Bear", "type": "Creature — Bear", "power": "2", "toughness": "2", "manaCost": "{1}{G}"}


board = partial(boards.board, cards=[BEAR], opponents=("bob",))


def creatures_cli(capsys, tmp_path, data: dict, *argv: str) -> dict:
    answer = cli_json(capsys, tmp_path, data, "creatures", *argv)
    assert answer == api.creatures(data, player=argv[argv.index("--player") + 1] if "--player" in argv else None,
                                   id=argv[argv.index("--id") + 1] if "--id" in argv else None)
    return {c["id"]: c for c in answer["creatures"]}


def test_equipped_creature_is_modified_whoever_controls_the_equipment(capsys, tmp_path):
    """Seed 004: "A creature that is equipped is considered modified no matter who
    controls the Equipment that's attached to it.\""""
    data = board({"id": "mine", "card": "Bear"}, {"id": "other", "card": "Bear"},
                 {"id": "my_blade", "card": "Bonesplitter", "attached_to": "mine"},
                 opponents={"bob": [{"id": "their_blade", "card": "Bonesplitter", "attached_to": "other"}]})
    got = creatures_cli(capsys, tmp_path, data)
    assert got["mine"]["modified"] and got["other"]["modified"]
    assert got["other"]["modifications"] == [{"kind": "equipment", "id": "their_blade", "card": "Bonesplitter",
                                              "controller": "bob"}]
    assert (got["other"]["power"], got["other"]["toughness"]) == (4, 2)


def test_aura_controlled_by_another_player_does_not_make_a_creature_modified(capsys, tmp_path):
    """Seed 004: "An Aura controlled by another player does not cause a creature you
    control to be modified."  Its controller's own Aura does."""
    data = board({"id": "theirs", "card": "Bear"}, {"id": "mine", "card": "Bear"},
                 {"id": "rancor", "card": "Rancor", "attached_to": "mine"},
                 opponents={"bob": [{"id": "pac", "card": "Pacifism", "attached_to": "theirs"}]})
    got = creatures_cli(capsys, tmp_path, data, "--player", "alice")
    assert got["theirs"]["modified"] is False and got["theirs"]["modifications"] == []
    assert [m["id"] for m in got["theirs"]["not_modifying"]] == ["pac"]
    assert got["mine"]["modified"] is True and [m["kind"] for m in got["mine"]["modifications"]] == ["aura"]
    assert set(got) == {"theirs", "mine"}  # --player: alice's creatures only


@pytest.mark.parametrize("counter", ["+1/+1", "-1/-1", "stun", "oil", "shield"])
def test_creature_with_any_counter_is_modified_whoever_put_it_there(capsys, tmp_path, counter):
    """Seed 004: "A creature with a counter on it is considered modified no matter what
    kind of counter it is or which player put it on that creature.\""""
    data = board({"id": "bear", "card": "Bear", "counters": {counter: 1}}, {"id": "plain", "card": "Bear"})
    got = creatures_cli(capsys, tmp_path, data)
    assert got["bear"]["modified"] is True
    assert got["bear"]["modifications"] == [{"kind": "counter", "counter": counter, "count": 1}]
    assert got["plain"]["modified"] is False


def test_creatures_lists_only_creatures_and_id_names_one(capsys, tmp_path):
    data = board({"id": "f", "card": "Forest"}, {"id": "gt", "card": "Golden-Tail Trainer", "counters": {"+1/+1": 1}})
    assert list(creatures_cli(capsys, tmp_path, data)) == ["gt"]
    got = creatures_cli(capsys, tmp_path, data, "--id", "gt")
    assert (got["gt"]["power"], got["gt"]["toughness"], got["gt"]["modified"]) == (2, 4, True)


def test_creatures_id_that_is_not_a_creature_is_one_line_error(capsys, tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board({"id": "f", "card": "Forest"}, {"id": "bear", "card": "Bear"})))
    assert main(["creatures", str(path), "--id", "f"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--id" in err and "not a creature" in err


def test_creatures_table_marks_modified(capsys, tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board({"id": "bear", "card": "Bear", "counters": {"stun": 1}})))
    assert main(["creatures", str(path)]) == 0
    out = capsys.readouterr().out
    assert "yes" in out and "stun" in out
