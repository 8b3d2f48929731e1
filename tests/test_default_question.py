"""Payable is the default question (issue 13): pay and plays answer payable unless a
count is asked for; counts take a time limit; the CLI starts without CP-SAT, pandas or
networkx when the question does not need them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import ParameterError
from tests.support.boards import board

FOREST_ISLAND = board(("f", "Forest"), ("i", "Island"), hand=["Think Twice"])


def test_pay_answers_payable_and_the_announcement_by_default():
    assert api.pay(FOREST_ISLAND, "{1}{G}") == {"format": "manasolve/pay@1", "cost": "{1}{G}", "player": "alice", "payable": True,
                                                "announced": "{1}{G}"}
    assert api.pay(FOREST_ISLAND, "{G}{G}") == {"format": "manasolve/pay@1", "cost": "{G}{G}", "player": "alice", "payable": False,
                                                "announced": None}
    assert api.pay(FOREST_ISLAND, "{1}{G}", mode="count")["count"] == 1


def test_an_unknown_mode_is_an_error_naming_the_parameter():
    with pytest.raises(ParameterError, match="unknown mode 'bset'.*did you mean 'best'") as exc:
        api.pay(FOREST_ISLAND, "{1}", mode="bset")
    assert exc.value.where == "parameter mode"


def test_time_limit_must_be_positive_seconds():
    with pytest.raises(ParameterError, match="time_limit") as exc:
        api.pay(FOREST_ISLAND, "{1}", mode="count", time_limit=0)
    assert exc.value.where == "parameter time_limit"
    exact = api.pay(FOREST_ISLAND, "{1}", mode="count", time_limit=None)
    assert (exact["count"], exact["count_exact"]) == (2, True)


def test_plays_answer_payable_and_count_only_when_asked():
    plain = api.plays(FOREST_ISLAND)["plays"]
    counted = api.plays(FOREST_ISLAND, count=True)["plays"]
    assert plain and all("count" not in p for p in plain)
    drop = ("count", "count_exact")
    assert plain == [{k: v for k, v in p.items() if k not in drop} for p in counted]
    assert {p["count"] for p in counted} == {1}  # Think Twice {1}{U}: Forest + Island


def test_best_explains_only_when_asked():
    assert "why" not in api.pay(FOREST_ISLAND, "{G}", mode="best")
    assert api.pay(FOREST_ISLAND, "{G}", mode="best", why=True)["why"] == ["the only payment"]


def test_cli_timeout_and_count_flags(tmp_path, capsys):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(FOREST_ISLAND))
    assert main(["pay", str(path), "--cost", "{1}", "--count", "--timeout", "none", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 2
    with pytest.raises(SystemExit) as exc:
        main(["pay", str(path), "--cost", "{1}", "--count", "--timeout", "0"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--timeout" in err


@pytest.mark.parametrize("argv", [["--help"], ["pay", "BOARD", "--cost", "{G}"]])
def test_the_cli_starts_without_cp_sat_pandas_or_networkx(tmp_path, argv):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(FOREST_ISLAND))
    argv = [str(path) if a == "BOARD" else a for a in argv]
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "manasolve", *argv],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "manasolve.cli" in imported  # the import log is read
    assert not {m for m in imported if m.startswith(("ortools.sat", "pandas", "networkx"))}
