"""The request value (models/request.py) through the API and the CLI: keyword shortcuts
and a PaymentRequest ask the same question; bad arguments name their parameter (the CLI
its flag); the flashback instance is chosen by index (seed 002: "if a card has several
instances of flashback, you may choose any")."""

from __future__ import annotations

import dataclasses
import json

import pytest

from manasolve import api
from manasolve.api import CastChoice, InputError, Mode, ParameterError, PaymentRequest, Zone
from manasolve.cli import main
from tests.support import boards


def board(lands: list[str], graveyard: list[str], granted: list[dict] | None = None) -> dict:
    return boards.board(*lands, graveyard=graveyard, granted_flashback=granted or [])


# Two Islands, Think Twice (flashback {2}{U}) in the graveyard, flashback {1}{U} granted.
GRANTED = board(["Island", "Island"], ["Think Twice"], [{"card": "Think Twice", "cost": "mana_cost"}])


def write(tmp_path, data: dict) -> str:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    return str(path)


def cli_json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def cli_error(capsys, *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_pay_card_flashback_picks_the_granted_instance_through_the_cli(tmp_path, capsys):
    path = write(tmp_path, GRANTED)
    granted = cli_json(capsys, "pay", path, "--card", "Think Twice", "--from", "graveyard", "--flashback", "1", "--count")
    assert (granted["total"], granted["payable"], granted["count"]) == ("{1}{U}", True, 1)
    printed = cli_json(capsys, "pay", path, "--card", "Think Twice", "--from", "graveyard", "--flashback", "0", "--count")
    assert (printed["total"], printed["payable"], printed["count"]) == ("{2}{U}", False, 0)


def test_cost_flashback_instance_through_the_cli(tmp_path, capsys):
    path = write(tmp_path, GRANTED)
    answer = cli_json(capsys, "cost", path, "--card", "Think Twice", "--flashback", "1")  # graveyard implied
    assert (answer["zone"], answer["base_kind"], answer["base"], answer.get("granted")) == (
        "graveyard", "flashback", "{1}{U}", True)
    assert cli_json(capsys, "cost", path, "--card", "Think Twice", "--flashback", "0")["base"] == "{2}{U}"


def test_default_instance_is_the_cheapest_payable_one(tmp_path, capsys):
    # Without --flashback: the granted {1}{U} (payable) rather than the first, {2}{U}.
    path = write(tmp_path, GRANTED)
    answer = cli_json(capsys, "pay", path, "--card", "Think Twice", "--from", "graveyard")
    assert (answer["total"], answer["payable"]) == ("{1}{U}", True)
    assert api.cost(GRANTED, "Think Twice", zone="graveyard")["base"] == "{1}{U}"
    # A cheaper instance that can't be paid loses to a dearer one that can: {W} from Islands.
    white = board(["Island"] * 3, ["Think Twice"], [{"card": "Think Twice", "cost": "{W}"}])
    answer = api.pay(white, card="Think Twice", zone="graveyard", mode="count")
    assert (answer["total"], answer["payable"], answer["count"]) == ("{2}{U}", True, 1)
    # None payable: the cheapest.
    none = board([], ["Think Twice"], [{"card": "Think Twice", "cost": "{W}"}])
    assert api.pay(none, card="Think Twice", zone="graveyard", mode="count")["total"] == "{W}"


def test_unknown_instance_is_one_line_listing_the_instances(tmp_path, capsys):
    path = write(tmp_path, GRANTED)
    err = cli_error(capsys, "pay", path, "--card", "Think Twice", "--from", "graveyard", "--flashback", "2")
    assert "--flashback: Think Twice has 2 flashback costs: 0: flashback {2}{U}, 1: flashback {1}{U} (granted)" in err
    with pytest.raises(ParameterError, match="parameter flashback: Think Twice has 2 flashback costs") as e:
        api.cost(GRANTED, "Think Twice", zone="graveyard", flashback=2)
    assert e.value.parameter == "flashback"
    assert "--" not in str(e.value)
    err = cli_error(capsys, "cost", path, "--card", "Think Twice", "--alt", "evoke", "--flashback", "0")
    assert "--flashback: a flashback instance is chosen only with flashback" in err


def test_plays_lists_every_instance_with_the_index_pay_takes(tmp_path, capsys):
    path = write(tmp_path, GRANTED)
    casts = [p for p in cli_json(capsys, "plays", path, "--count")["plays"] if p["kind"] == "cast"]
    assert [(p["flashback"], p["total"], p["via"], p["payable"]) for p in casts] == [
        (0, "{2}{U}", "flashback", False), (1, "{1}{U}", "flashback (granted)", True)]
    for p in casts:
        assert api.pay(GRANTED, card="Think Twice", zone="graveyard", flashback=p["flashback"], mode="count")["count"] == p["count"]


def test_request_value_and_keyword_shortcuts_ask_the_same_question():
    cast = CastChoice("Think Twice", zone=Zone.GRAVEYARD, flashback=1)
    by_value = api.pay(GRANTED, PaymentRequest(cast, mode=Mode.ALL))
    assert by_value == api.pay(GRANTED, card="Think Twice", zone="graveyard", flashback=1, mode="all")
    assert by_value == api.pay(GRANTED, cast, mode="all")
    assert by_value["payments"] and by_value["total"] == "{1}{U}"
    assert api.cost(GRANTED, cast) == api.cost(GRANTED, "Think Twice", zone="graveyard", flashback=1)
    assert api.pay(GRANTED, "{X}{U}", x=1) == api.pay(GRANTED, PaymentRequest("{X}{U}", x=1))
    request = PaymentRequest("{1}", keep=["{U}"], order="life,keep")
    assert (request.keep, request.order) == (("{U}",), ("life", "keep"))
    assert hash(request) == hash(PaymentRequest("{1}", keep=("{U}",), order=["life", "keep"]))
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'mode'"):
        request.mode = Mode.BEST  # type: ignore[misc]
    assert json.dumps({"mode": Mode.ALL, "zone": Zone.HAND}) == '{"mode": "all", "zone": "hand"}'


def test_payable_mode_answers_payable_and_the_announcement():
    answer = api.pay(GRANTED, "{U/R}{U}", mode="payable")
    assert answer == {"format": "manasolve/pay@1", "cost": "{U/R}{U}", "player": "alice", "payable": True, "announced": "{U}{U}"}
    assert api.pay(GRANTED, "{R}", mode=Mode.PAYABLE)["payable"] is False


@pytest.mark.parametrize("call, parameter, words", [
    (lambda: api.pay(GRANTED, "{1}", mode="bset"), "mode", "unknown mode 'bset' (did you mean 'best'?)"),
    (lambda: api.pay(GRANTED, "{1}", x=-1, mode="count"), "x", "X must be 0 or more (107.1b), got -1"),
    (lambda: api.pay(GRANTED, "{1}", limit=-1, mode="count"), "limit", "limit must be 0 or more"),
    (lambda: api.pay(GRANTED, "{1}", zone="graveyard", mode="count"), "zone", "applies to a card cast"),
    (lambda: api.pay(GRANTED, "{1}", card="Think Twice", mode="count"), "cost/card", "exactly one of cost"),
    (lambda: api.pay(GRANTED, "{Q}", mode="count"), "cost", "unknown mana symbol {Q}"),
    (lambda: api.pay(GRANTED, "{1}", keep=["{Q}"], mode="count"), "keep", "unknown mana symbol {Q}"),
    (lambda: api.pay(GRANTED, "{1}", mode="best", order="lfe"), "order", "unknown criterion 'lfe'"),
    (lambda: api.cost(GRANTED, "Think Twice", alt="evok"), "alt", "unknown alt 'evok' (did you mean 'evoke'?)"),
    (lambda: api.cost(GRANTED, "Think Twice", zone="library"), "zone", "unknown zone 'library'"),
    (lambda: api.cost(GRANTED, "Think Twise", zone="graveyard"), "card", "unknown card 'Think Twise'"),
    (lambda: api.cost(GRANTED, "Think Twice", zone="graveyard", side=1), "side", "1 way(s)"),
    (lambda: api.pay(GRANTED, "{1}", player="bob", mode="count"), "player", "unknown player 'bob'"),
])
def test_api_errors_name_the_parameter_not_a_flag(call, parameter, words):
    with pytest.raises(ParameterError) as e:
        call()
    assert e.value.parameter == parameter
    assert isinstance(e.value, InputError)
    assert words in str(e.value) and "parameter " + parameter in str(e.value)
    assert "--" not in str(e.value)


@pytest.mark.parametrize("argv, line", [
    (["cost", "B", "--card", "Think Twice", "--from", "hand"], "--card: 'Think Twice' is not in alice's hand"),
    (["pay", "B", "--cost", "{1}", "--from", "graveyard"], "--from: applies to a card cast"),
    (["pay", "B", "--cost", "{1}", "--flashback", "0"], "--flashback: applies to a card cast"),
    (["pay", "B", "--cost", "{1}", "--all", "--limit", "-1"], "--limit: limit must be 0 or more, got -1"),
    (["pay", "B", "--cost", "{1}", "--best", "--order", "lfe"], "--order: unknown criterion 'lfe'"),
    (["cost", "B", "--card", "Think Twice", "--from", "graveyard", "--side", "1"], "--side: Think Twice has 1 way(s)"),
])
def test_cli_maps_the_parameter_to_its_flag(tmp_path, capsys, argv, line):
    path = write(tmp_path, GRANTED)
    err = cli_error(capsys, *[path if a == "B" else a for a in argv])
    assert line in err and "parameter " not in err


def test_the_keyword_shortcut_of_total_cost_casts_from_where_alt_casts_from():
    # One rule for the zone left out (CastChoice's): flashback casts from the graveyard, in
    # solver.total_cost's keyword shortcut as in api.cost (issue 28).
    from manasolve.models.board import load_board
    from manasolve.solver.total_cost import total_cost

    plan = total_cost(load_board(GRANTED), None, "Think Twice", alt="flashback")
    answer = api.cost(GRANTED, "Think Twice", alt="flashback")
    assert (plan.zone, plan.total_text) == (answer["zone"], answer["total"]) == ("graveyard", "{1}{U}")
    assert total_cost(load_board(GRANTED), None, "Think Twice", "graveyard", "flashback", flashback=0).total_text == "{2}{U}"


def test_a_payment_request_splits_what_is_paid_from_what_is_asked():
    request = PaymentRequest("{1}{G}", player="alice", convoke=True, mode="best", keep=["{U}"], why=True)
    assert (request.cost, request.player, request.convoke) == ("{1}{G}", "alice", True)
    assert request.ask == api.Ask(mode=Mode.BEST, keep=("{U}",), why=True)
    assert (request.mode, request.keep) == (Mode.BEST, ("{U}",))  # what is asked, read off the Ask
    assert PaymentRequest("{1}{G}", ask=request.ask) == dataclasses.replace(request, player=None, convoke=False)
    with pytest.raises(ParameterError, match="parameter mode: give an Ask or its fields as keywords, not both"):
        PaymentRequest("{1}", ask=request.ask, mode="count")
    with pytest.raises(ParameterError, match="parameter limit: limit must be 0 or more, got -1"):
        api.Ask(limit=-1)


def test_the_criterion_vocabulary_is_best_payments_criteria_in_their_default_order():
    from manasolve.models.request import Criterion
    from manasolve.solver.best import CRITERIA, DEFAULT_ORDER

    assert tuple(Criterion) == CRITERIA == DEFAULT_ORDER
