"""``audit``: an engine's payment checked for legality (the first rule broken) and
against manasolve's best payment."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import manasolve
from manasolve import api, open_board
from manasolve.server import Server

EXAMPLE = json.loads((Path(manasolve.__file__).parent / "data" / "example_board.json").read_text())


def _act(pid: str, ability: str, produces: str) -> dict:
    return {"permanent": pid, "ability": ability, "produces": produces}


def _payment(announced: str, *acts: dict, life: int = 0) -> dict:
    return {"announced": announced, "life": life, "tapped_for_cost": [], "activations": list(acts)}


FOREST = "{T}: Add {G}."
BIRDS = "{T}: Add one mana of any color."


def test_the_best_payment_is_legal_and_nothing_beats_it():
    best = api.pay(EXAMPLE, "{2}{G}", mode="best")["best"]
    answer = api.audit(EXAMPLE, best, "{2}{G}")
    assert answer["legal"] and answer["broken"] is None
    assert not answer["better"] and answer["levels"] == answer["best_levels"]


def test_a_legal_payment_tapping_flexible_sources_is_beaten():
    engine = _payment("{2}{G}", _act("birds", BIRDS, "{G}"), _act("f1", FOREST, "{G}"),
                      _act("tundra", "{T}: Add {W}.", "{W}"))
    answer = api.audit(EXAMPLE, engine, "{2}{G}")
    assert answer["legal"] and answer["better"]
    assert answer["best"] == api.pay(EXAMPLE, "{2}{G}", mode="best")["best"]
    worse = next(c for c in answer["levels"] if answer["levels"][c] != answer["best_levels"][c])
    assert answer["best_levels"][worse] < answer["levels"][worse] and worse in answer["why"]


@pytest.mark.parametrize("payment,rule,path", [
    (_payment("{G}", _act("elf", FOREST, "{G}")), "302.6", "payment.activations[0].permanent"),
    (_payment("{G}", _act("rp", "{T}: Add one mana of any type that a land you control could produce.", "{G}")),
     "107.5", "payment.activations[0].permanent"),
    (_payment("{U}", _act("f1", FOREST, "{G}")), "601.2b", "payment.announced"),
    (_payment("{G}", _act("f1", "{T}: Add {U}.", "{U}")), "605.1", "payment.activations[0].ability"),
    (_payment("{G}", _act("birds", BIRDS, "{G}{G}")), "605.1", "payment.activations[0].produces"),
    (_payment("{G}", _act("swamp", "{T}: Add {B}.", "{B}")), "602.2", "payment.activations[0].permanent"),
    (_payment("{G}", _act("f9", FOREST, "{G}")), "118.3", "payment.activations[0].permanent"),
    (_payment("{G}", _act("ring", "{T}: Add {C}{C}.", "{C}{C}")), "601.2h", "payment"),
], ids=["sick", "tapped", "announcement", "no-such-ability", "adds-too-much", "opponents", "missing", "unpaid"])
def test_an_illegal_payment_names_the_first_rule_it_breaks(payment, rule, path):
    cost = payment["announced"]
    answer = api.audit(EXAMPLE, payment, cost if cost != "{U}" else "{G}")
    assert not answer["legal"]
    assert (answer["broken"]["rule"], answer["broken"]["path"]) == (rule, path)
    assert answer["better"] and answer["best"] is not None


def test_activations_paying_each_other_in_a_ring_fund_nothing():
    board = {"players": [{"name": "a", "battlefield": [{"id": "s1", "card": "Azorius Signet"},
                                                       {"id": "s2", "card": "Azorius Signet"}]}]}
    signet = "{1}, {T}: Add {W}{U}."
    answer = api.audit(board, _payment("{W}{U}", _act("s1", signet, "{W}{U}"), _act("s2", signet, "{W}{U}")), "{W}{U}")
    assert answer["broken"]["rule"] == "601.2g" and answer["best"] is None and not answer["better"]


def test_life_beyond_the_life_total_is_not_paid():
    board = {"players": [{"name": "a", "life": 1, "battlefield": [{"id": "f1", "card": "Forest"}]}]}
    answer = api.audit(board, _payment("{0}", life=2), "{G/P}")
    assert answer["broken"]["rule"] == "119.4" and answer["best"]["activations"][0]["permanent"] == "f1"


@st.composite
def _boards(draw):
    names = draw(st.lists(st.sampled_from(["Forest", "Island", "Sol Ring", "Birds of Paradise", "Azorius Signet",
                                           "Adarkar Wastes", "Llanowar Elves"]), min_size=1, max_size=4))
    cost = draw(st.sampled_from(["{1}", "{G}", "{1}{W}", "{W/U}", "{U/P}{1}", "{C}"]))
    return {"players": [{"name": "a", "battlefield": [{"id": "p%d" % i, "card": n} for i, n in enumerate(names)]}]}, cost


@settings(max_examples=25)
@given(_boards())
def test_every_payment_the_solver_lists_is_legal_and_none_beats_best(case):
    board, cost = case
    b = open_board(board)
    best = b.best(cost)
    for group in b.pay(cost, mode="all", limit=0)["payments"]:
        answer = api.audit(b, group, cost)
        assert answer["legal"], (group, answer["broken"])
    if best["best"] is not None:
        assert not api.audit(b, best["best"], cost)["better"]


def test_audit_through_the_server_and_the_command_line(tmp_path):
    engine = _payment("{2}{G}", _act("birds", BIRDS, "{G}"), _act("f1", FOREST, "{G}"),
                      _act("tundra", "{T}: Add {W}.", "{W}"))
    server = Server()
    server.handle_line(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "board.load", "params": {"board": EXAMPLE}}))
    served = json.loads(server.handle_line(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "audit", "params": {
        "board": "s1", "payment": engine, "cost": "{2}{G}"}})))
    assert served["result"] == api.audit(EXAMPLE, engine, "{2}{G}")
    board_file, payment_file = tmp_path / "b.json", tmp_path / "p.json"
    board_file.write_text(json.dumps(EXAMPLE))
    payment_file.write_text(json.dumps(engine))
    run = subprocess.run([sys.executable, "-m", "manasolve", "audit", str(board_file), "--cost", "{2}{G}",
                          "--payment", str(payment_file), "--json"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and json.loads(run.stdout) == served["result"]
    run = subprocess.run([sys.executable, "-m", "manasolve", "audit", str(board_file), "--cost", "{2}{G}",
                          "--payment", str(tmp_path / "none.json")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "none.json" in run.stderr and "Traceback" not in run.stderr


def test_the_life_paid_must_be_exactly_what_the_announced_phyrexian_symbols_take():
    """601.2h: {B/P} announced {0} takes 2 life; a payment saying 0 underpays, and life paid
    beside a Plains for {W} pays life no cost asks for (and must not enter levels.life)."""
    swamp = {"players": [{"name": "a", "battlefield": [{"id": "s", "card": "Swamp"}]}]}
    under = api.audit(swamp, _payment("{0}", life=0), "{B/P}")
    assert not under["legal"] and (under["broken"]["rule"], under["broken"]["path"]) == ("601.2h", "payment.life")
    assert api.audit(swamp, _payment("{0}", life=2), "{B/P}")["legal"]
    plains = {"players": [{"name": "a", "battlefield": [{"id": "p", "card": "Plains"}]}]}
    over = api.audit(plains, _payment("{W}", _act("p", "{T}: Add {W}.", "{W}"), life=7), "{W}")
    assert not over["legal"] and over["broken"]["rule"] == "601.2h" and over["levels"] is None
    assert api.audit(plains, _payment("{W}", _act("p", "{T}: Add {W}.", "{W}")), "{W}")["legal"]
    canopy = {"players": [{"name": "a", "battlefield": [{"id": "h", "card": "Horizon Canopy"}]}]}
    paid = _payment("{G}", _act("h", "{T}, Pay 1 life: Add {G} or {W}.", "{G}"), life=1)  # an activation's life counts
    assert api.audit(canopy, paid, "{G}")["legal"]
    assert api.audit(canopy, dict(paid, life=0), "{G}")["broken"]["rule"] == "601.2h"


def test_audit_refuses_an_ability_that_moves_a_library_card_since_cr_2026_08_07():
    """605.1a as amended on 2026-08-07: Chromatic Sphere's ability draws a card, so it is
    no mana ability and no payment may activate it (601.2g)."""
    board = {"players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"},
                                                       {"id": "s", "card": "Chromatic Sphere"}]}]}
    sphere = "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card."
    answer = api.audit(board, _payment("{R}", _act("f", FOREST, "{G}"), _act("s", sphere, "{R}")), "{R}")
    assert not answer["legal"] and answer["broken"]["rule"] == "605.1a"
    assert "2026-08-07" in answer["broken"]["message"] and answer["best"] is None


def test_a_payment_tapping_attackers_before_combat_is_beaten_in_words():
    # issue 30: the old best convoked with three creatures that could attack; audit says
    # why in words, the levels too, not "attackers: 0 against 3".
    from tests.support.boards import CONVOKE_BOARD, board_a as board

    engine = {"announced": "{3}{G}", "life": 0, "activations": [_act("f1", FOREST, "{G}")],
              "tapped_for_cost": [{"permanent": p, "for": "convoke"} for p in ("bear1", "bear2", "witness")]}
    answer = api.audit(board(*CONVOKE_BOARD), engine, "{3}{G}", convoke=True)
    assert answer["legal"] and answer["better"]
    assert answer["levels"]["attackers"] == 3 and answer["best_levels"]["attackers"] == 0
    assert answer["why"] == ("manasolve's best payment is better on attackers: it taps no creature that could "
                             "attack where this payment taps 3 creatures that could attack")
    assert answer["levels_words"]["attackers"] == "taps 3 creatures that could attack"
    assert answer["best_levels_words"]["colors"] == "leaves 1 colour producible by untapped sources"


def test_an_announcement_in_another_symbol_order_is_the_same_announcement():
    """202.1: a cost's symbols have no order, so {G}{1} announces {1}{G} (as board.apply takes it);
    {2} does not."""
    two_forests = {"life": 0, "tapped_for_cost": [], "activations": [
        {"permanent": "f1", "ability": "{T}: Add {G}.", "produces": "{G}"},
        {"permanent": "f2", "ability": "{T}: Add {G}.", "produces": "{G}"}]}
    board = str(Path(manasolve.__file__).parent / "data" / "example_board.json")
    assert api.audit(board, {"announced": "{G}{1}", **two_forests}, "{1}{G}")["legal"] is True
    wrong = api.audit(board, {"announced": "{2}", **two_forests}, "{1}{G}")
    assert wrong["legal"] is False and wrong["broken"]["rule"] == "601.2b"
    assert wrong["broken"]["message"] == "'{2}' is not an announcement of {1}{G} (601.2b; it has {1}{G})"


# Two Islands, Think Twice (flashback {2}{U}) in the graveyard, flashback {1}{U} granted.
GRANTED = {"format": "manasolve/board@1", "active_player": "alice", "players": [{
    "name": "alice", "battlefield": [{"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"}],
    "graveyard": ["Think Twice"], "granted_flashback": [{"card": "Think Twice", "cost": "mana_cost"}]}]}


def test_audit_takes_the_payment_request_pay_takes_flashback_included():
    # api.audit(board, payment, cost=..., flashback=N): the same PaymentRequest as pay (issue 28).
    paid = api.PaymentRequest(api.CastChoice("Think Twice", zone="graveyard", flashback=1))
    best = api.pay(GRANTED, card="Think Twice", zone="graveyard", flashback=1, mode="best")["best"]
    assert best["announced"] == "{1}{U}"
    granted = api.audit(GRANTED, best, card="Think Twice", zone="graveyard", flashback=1)
    assert (granted["legal"], granted["cost"], granted["card"], granted["better"]) == (True, "{1}{U}", "Think Twice", False)
    assert api.audit(GRANTED, best, paid) == granted
    # Instance 0, flashback {2}{U}: two Islands can't pay it, and {1}{U} is not one of its announcements.
    printed = api.audit(GRANTED, best, card="Think Twice", flashback=0)
    assert (printed["legal"], printed["cost"], printed["broken"]["rule"]) == (False, "{2}{U}", "601.2b")
    server = Server()
    served = json.loads(server.handle_line(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "audit", "params": {
        "board": GRANTED, "payment": best, "card": "Think Twice", "flashback": 1}})))
    assert served["result"] == granted
    with pytest.raises(api.ParameterError, match="parameter zone: applies to a card cast") as e:
        api.audit(GRANTED, best, "{1}{U}", zone="graveyard")
    assert e.value.parameter == "zone"
