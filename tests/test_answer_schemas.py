"""Every answer names its format, and real answers fit the answer models and the shipped
answer.COMMAND.schema.json files (the files themselves are checked against the models in
test_protocol.py): a stable key renamed or retyped fails here."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from manasolve import api, protocol
from manasolve.castability import castability
from manasolve.answer_format import FORMATS
from manasolve.answer_schema import ANSWERS, PAY_MODES, PayAll, PayBest
from manasolve.cli import main
from manasolve.cli.example import example_board_path
from manasolve.server import Server
from tests.support.paths import DEV_CARDS

BOARD = example_board_path()
DECK = Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_midrange.txt"


def _example() -> dict:
    with open(BOARD, encoding="utf-8") as fh:
        return json.load(fh)


def _with_vehicle() -> dict:
    board = _example()
    board["players"][0]["battlefield"].append({"id": "copter", "card": "Smuggler's Copter"})
    return board


def _with_hand(*cards: str) -> dict:
    board = _example()
    board["players"][0]["hand"] += list(cards)
    return board


def _with_thalia() -> dict:
    board = _example()
    board["players"][1]["battlefield"].append({"id": "thalia", "card": "Thalia, Guardian of Thraben"})
    return board


def _with_trinisphere() -> dict:
    board = _example()
    board["players"][1]["battlefield"].append({"id": "tri", "card": "Trinisphere"})
    return board


def _answers() -> list[tuple[str, dict]]:
    """(command, answer) of the example board through every command, as JSON."""
    best = api.pay(BOARD, "{2}{G}", mode="best")
    engine_payment = {"announced": "{2}{G}", "life": 0, "tapped_for_cost": [],
                      "activations": [{"permanent": "f1", "ability": "{T}: Add {G}.", "produces": "{G}"},
                                      {"permanent": "f2", "ability": "{T}: Add {G}.", "produces": "{G}"},
                                      {"permanent": "birds", "ability": "{T}: Add one mana of any color.",
                                       "produces": "{G}"}]}
    answers = [
        ("produce", api.produce(BOARD)),
        ("produce", api.produce(BOARD, explain=True)),
        ("pay", best),
        ("pay", api.pay(BOARD, "{2}{G}{W/U}", mode="all", limit=4)),
        ("pay", api.pay(BOARD, card="Think Twice", zone="graveyard", alt="flashback", mode="count")),
        ("cost", api.cost(BOARD, "Think Twice", zone="graveyard", alt="flashback")),
        ("cost", api.cost(_with_thalia(), "Think Twice")),
        ("cost", api.cost(_with_trinisphere(), "Think Twice")),  # an increase with a floor, not a `by`
        ("creatures", api.creatures(BOARD)),
        ("saddle", api.saddle(BOARD, "bronco", all=True, best=True)),
        ("crew", api.crew(_with_vehicle(), "copter", all=True, best=True)),
        ("attack", api.attack(BOARD, ["bronco"])),
        ("plays", api.plays(BOARD, count=True)),
        ("plays", api.plays(_with_hand("Forest", "Gut Shot"))),
        ("cards_check", api.cards_check(str(DEV_CARDS))),
        ("audit", api.audit(BOARD, best["best"], "{2}{G}")),
        ("audit", api.audit(BOARD, engine_payment, "{2}{G}")),
        ("castability", castability(str(DECK), games=200, turns="1-3", workers=1,
                                    pairs=[("Llanowar Elves", "Llanowar Elves")])),
        ("castability", castability(str(DECK), games=20, turns="1-2", workers=1)),  # no pairs asked: no key
    ]
    return [(command, json.loads(json.dumps(answer))) for command, answer in answers]


ANSWERED = _answers()


def _shipped(command: str) -> jsonschema.Draft202012Validator:
    doc = json.loads((protocol.SCHEMAS / ("answer.%s.schema.json" % command)).read_text())
    return jsonschema.Draft202012Validator(doc)


@pytest.mark.parametrize(("command", "answer"), ANSWERED, ids=[c for c, _ in ANSWERED])
def test_every_answer_names_its_format_and_fits_its_schema(command, answer):
    assert answer["format"] == FORMATS[command] == "manasolve/%s@1" % command
    ANSWERS[command].model_validate(answer)
    _shipped(command).validate(answer)


@pytest.mark.parametrize("mode", list(PAY_MODES))
@pytest.mark.parametrize("cost", ["{2}{G}{W/U}", "{9}{B}", "{0}"])
def test_pay_answers_fit_the_model_of_their_mode(mode, cost):
    answer = json.loads(json.dumps(api.pay(BOARD, cost, mode=mode, why=mode == "best")))
    PAY_MODES[mode].model_validate(answer)
    _shipped("pay.%s" % mode).validate(answer)
    _shipped("pay").validate(answer)


def test_a_pay_answer_that_hit_its_time_limit_fits_the_count_model():
    answer = api.pay(BOARD, "{2}{G}{W/U}", mode="count", time_limit=1e-9)
    PAY_MODES["count"].model_validate(json.loads(json.dumps(answer)))


def _broken(answer: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(answer)
    node = out
    for key in path[:-1]:
        node = node[key]
    if value is _RENAMED:
        node[path[-1] + "_renamed"] = node.pop(path[-1])
    else:
        node[path[-1]] = value
    return out


_RENAMED = object()


@pytest.mark.parametrize(("model", "path", "value"), [
    (PayAll, ("count",), "218"), (PayAll, ("count_exact",), 1), (PayAll, ("payments",), _RENAMED),
    (PayAll, ("payments", 0, "multiplicity"), 1.5), (PayAll, ("payments", 0, "activations", 0, "permanents"), "f1"),
    (PayAll, ("format",), "manasolve/pay@2"),
    (PayBest, ("best", "activations", 0, "permanent"), _RENAMED), (PayBest, ("best", "life"), "0"),
    (PayBest, ("payable",), "true"),
])
def test_a_renamed_or_retyped_key_fails(model, path, value):
    mode = "all" if model is PayAll else "best"
    answer = json.loads(json.dumps(api.pay(BOARD, "{2}{G}{W/U}", mode=mode, limit=2)))
    model.model_validate(answer)
    broken = _broken(answer, path, value)
    key = re.escape([k for k in path if isinstance(k, str)][-1])  # the key renamed or retyped is named
    with pytest.raises(ValidationError, match=key):
        model.model_validate(broken)
    with pytest.raises(jsonschema.ValidationError, match=key):
        _shipped("pay." + mode).validate(broken)


def test_the_cli_json_answer_names_its_format(capsys):
    for argv, fmt in ((["pay", BOARD, "--cost", "{1}", "--json"], "manasolve/pay@1"),
                      (["produce", BOARD, "--id", "f1", "--json"], "manasolve/produce@1"),
                      (["cards", "check", str(DEV_CARDS), "--json"], "manasolve/cards_check@1")):
        assert main(argv) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["format"] == fmt
        assert list(answer)[0] == "format"


def test_the_server_result_is_the_api_answer_with_its_format():
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "pay",
                       "params": {"board": _example(), "cost": "{1}{G}", "mode": "count"}})
    result = json.loads(Server().handle_line(line))["result"]
    assert result == api.pay(BOARD, "{1}{G}", mode="count")
    assert result["format"] == "manasolve/pay@1"


def test_every_session_method_names_its_format_and_fits_its_schema():
    server = Server()

    def call(method: str, **params) -> dict:
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        answer = json.loads(server.handle_line(line))["result"]
        assert list(answer)[0] == "format" and answer["format"] == FORMATS[method] == "manasolve/%s@1" % method
        ANSWERS[method].model_validate(answer)
        _shipped(method).validate(answer)
        return answer

    s1 = call("board.load", board=_example())["session"]
    call("board.get", session=s1)
    call("board.apply", session=s1, payment=api.pay(BOARD, "{2}{G}", mode="best")["best"])
    call("board.patch", session=s1, ops=[{"op": "life", "add": -3}])
    call("board.undo", session=s1)
    s2 = call("board.copy", session=s1)["session"]
    call("board.close", session=s2)
    call("server.info")


# The answer types written under keys of their own writer's making, so no schema names
# their keys: a group's non-mana parts and a payment's chosen objects (one key per kind,
# "sacrifice", "discard", ... beside ``other_costs``).
_WRITTEN_UNDER_KIND_KEYS = {"PartAsk", "PartChosen"}


@pytest.mark.parametrize("module", ["manasolve.solver.results", "manasolve.solver.play_results",
                                    "manasolve.solver.attack_results", "manasolve.solver.tapset_results",
                                    "manasolve.solver.creatures", "manasolve.answers"])
def test_every_answer_type_has_its_keys_in_a_generated_schema(module):
    import dataclasses
    import importlib

    from manasolve.answer_schema import DESCRIBED

    mod = importlib.import_module(module)
    types = {v for v in vars(mod).values() if dataclasses.is_dataclass(v) and isinstance(v, type)
             and v.__module__ == module and v.__name__ not in _WRITTEN_UNDER_KIND_KEYS}
    if module == "manasolve.answers":  # the writer's own shape description, not an answer
        types.discard(vars(mod)["Shape"])
    assert types, module
    missing = sorted(t.__name__ for t in types - DESCRIBED)
    assert not missing, "answer types of %s without a generated schema: %s" % (module, missing)


def test_every_answer_format_has_a_model_and_a_shipped_schema():
    assert set(ANSWERS) == set(FORMATS)
    assert all((protocol.SCHEMAS / ("answer.%s.schema.json" % name)).is_file() for name in FORMATS)


def test_a_generated_model_types_the_keys_its_writer_renames_and_adds():
    from manasolve.answer_schema import model_of
    from manasolve.solver.results import Tapped

    properties = model_of(Tapped).model_json_schema(by_alias=True)["properties"]
    assert set(properties) == {"permanent", "permanents", "use", "for"}  # purpose -> for; a group's shape added
    assert properties["use"] == {"const": 1, "title": "Use", "type": "integer"}


def _closed(doc):
    """`doc` with every object closed to keys it does not name."""
    if isinstance(doc, dict):
        out = {k: _closed(v) for k, v in doc.items()}
        if out.get("additionalProperties") is True:
            out["additionalProperties"] = False
        return out
    if isinstance(doc, list):
        return [_closed(v) for v in doc]
    return doc


# The answers whose models are generated from the solver's answer types.
_GENERATED = ("pay", "plays", "attack", "saddle", "crew", "creatures")


@pytest.mark.parametrize(("command", "answer"), [(c, a) for c, a in ANSWERED if c in _GENERATED],
                         ids=[c for c, _ in ANSWERED if c in _GENERATED])
def test_every_key_the_writer_writes_is_in_the_generated_schema(command, answer):
    # the shapes (manasolve.answers.SHAPES) and the writers agree: closed, the schema still takes the answer
    doc = json.loads((protocol.SCHEMAS / ("answer.%s.schema.json" % command)).read_text())
    jsonschema.Draft202012Validator(_closed(doc)).validate(answer)
