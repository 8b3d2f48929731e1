"""The README's first command: `manasolve example` runs the built-in board through
every command, and the API answers on it agree with the CLI's JSON."""

from __future__ import annotations

import json

from manasolve import api
from manasolve.cli import COMMANDS, main
from manasolve.cli.example import example_board_path


def test_example_runs_every_board_command(capsys):
    assert main(["example"]) == 0
    out = capsys.readouterr().out
    for command in ("produce", "pay", "cost", "creatures", "saddle", "plays"):
        assert command in COMMANDS
        assert "manasolve %s example_board.json" % command in out


def test_example_board_answers(capsys):
    path = example_board_path()
    assert main(["pay", path, "--cost", "{2}{G}{W/U}", "--count", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["payable"] and answer["count"] == api.pay(path, "{2}{G}{W/U}", mode="count")["count"]
    produce = api.produce(path)["permanents"]
    assert produce["rp"] == ["W", "U", "G"]  # Reflecting Pool: the lands alice controls (106.7)
    assert produce["orchard"] == ["W", "U", "G"]  # Exotic Orchard: the lands bob's opponent controls
    assert produce["elf"] == ["G"]  # sickness is ignored by could-produce
