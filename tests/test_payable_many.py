"""``payable_many``: a list of costs answered on one board version in one call, through
every door (API, session, server), each cost's answer exactly ``pay``'s in mode payable."""

from __future__ import annotations

import json

import jsonschema
import pytest

from manasolve import api
from manasolve.answer_schema import ANSWERS
from manasolve.models.errors import ParameterError
from manasolve.protocol import SCHEMAS
from manasolve.server import Server
from manasolve.session import PlayBoard
from tests.support.boards import board

# Forest, Tundra, Birds, an Azorius Signet, a Flooded Grove (a filter land: the flow's
# path), Mana Confluence (life) and Llanowar Elves in hand; Grizzly Bears for convoke.
BOARD = board(("f", "Forest"), ("t", "Tundra"), ("b", "Birds of Paradise"), ("s", "Azorius Signet"),
              ("g", "Flooded Grove"), ("m", "Mana Confluence"), ("bear", "Grizzly Bears"), life=3,
              opponents={"bob": [("bf", "Forest")]})
COSTS = ["{0}", "{G}", "{W}{U}", "{G}{G}{G}", "{2}{G}{W/U}", "{U}{U}{U}", "{B/P}{B/P}", "{6}", "{7}", "{C}", "{S}",
         "{R}{R}", "{2/W}{2/W}"]


def _without_format(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "format"}


def test_each_answer_is_pays_payable_answer():
    many = api.payable_many(BOARD, COSTS)
    assert many["format"] == "manasolve/payable_many@1" and many["player"] == "alice"
    assert many["answers"] == [_without_format(api.pay(BOARD, c)) for c in COSTS]
    assert [a["payable"] for a in many["answers"]] == [True, True, True, True, True, True, True, True, False, True,
                                                       False, True, True]
    for player, convoke in (("bob", False), ("alice", True)):
        many = api.payable_many(BOARD, COSTS, player=player, convoke=convoke)
        assert many["answers"] == [_without_format(api.pay(BOARD, c, player=player, convoke=convoke)) for c in COSTS]


def test_the_answer_fits_its_schema():
    answer = json.loads(json.dumps(api.payable_many(BOARD, COSTS)))
    ANSWERS["payable_many"].model_validate(answer)
    jsonschema.Draft202012Validator(json.loads((SCHEMAS / "answer.payable_many.schema.json").read_text())).validate(answer)
    assert api.payable_many(BOARD, [])["answers"] == []


def test_a_bad_cost_names_its_place():
    with pytest.raises(ParameterError, match=r"costs\[1\]: unknown mana symbol \{Q\}"):
        api.payable_many(BOARD, ["{G}", "{Q}"])
    with pytest.raises(ParameterError, match="a list of cost strings"):
        api.payable_many(BOARD, "{G}")


def test_a_session_answers_each_board_version():
    pb = PlayBoard(BOARD)
    assert [a["payable"] for a in pb.payable_many(["{G}{W}", "{G}{G}{G}{G}{G}"])["answers"]] == [True, True]
    pb.patch([{"op": "tap", "id": "b"}])
    assert [a["payable"] for a in pb.payable_many(["{G}{W}", "{G}{G}{G}{G}{G}"])["answers"]] == [True, False]
    pb.undo()
    assert pb.payable_many(["{G}{G}{G}{G}{G}"])["answers"][0]["announced"] == "{G}{G}{G}{G}{G}"


def test_the_server_method_validates_its_params():
    server = Server()

    def call(params: dict) -> dict:
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "payable_many", "params": params})
        return json.loads(server.respond(line))

    session = json.loads(server.respond(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "board.load",
                                                    "params": {"board": BOARD}})))["result"]["session"]
    done = call({"board": session, "costs": COSTS})
    assert done["result"] == api.payable_many(BOARD, COSTS)
    bad = call({"board": session, "costs": "{G}"})["error"]
    assert bad["code"] == -32602 and bad["data"]["path"] == "params.costs"
    bad = call({"board": session, "costs": ["{G}", "{Q}"]})["error"]
    assert bad["code"] == -32602 and bad["data"]["path"] == "params.costs" and "costs[1]" in bad["message"]
    assert call({"board": session, "cost": "{G}", "costs": []})["error"]["code"] == -32602  # unknown param
