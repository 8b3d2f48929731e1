"""The protocol's shipped JSON Schemas and the example session of docs/protocol.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

import manasolve
from manasolve import protocol
from manasolve.server import Server

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "protocol.md"


def _shipped() -> dict[str, dict]:
    return {p.name: json.loads(p.read_text()) for p in protocol.SCHEMAS.glob("*.json")}


def _validator(name: str) -> jsonschema.Draft202012Validator:
    registry = Registry().with_resources((n, Resource.from_contents(doc)) for n, doc in _shipped().items())
    return jsonschema.Draft202012Validator(_shipped()[name], registry=registry)


def test_the_shipped_schemas_are_what_the_models_generate():
    # A failure here means a model changed: run `python -m manasolve.protocol` and commit.
    assert _shipped() == json.loads(json.dumps(protocol.schemas()))


def _session() -> list[tuple[str, str]]:
    """(request line, response line) pairs of the example session in docs/protocol.md."""
    block = DOC.read_text().split("## A full example session", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    lines = block.splitlines()
    pairs = list(zip(lines[::2], lines[1::2]))
    assert pairs and all(a.startswith("> ") and b.startswith("< ") for a, b in pairs)
    return [(a[2:], b[2:]) for a, b in pairs]


def _shows(answer, shown) -> bool:
    """Whether `answer` has everything `shown` has (answers may gain keys, design.md)."""
    if isinstance(shown, dict):
        return isinstance(answer, dict) and all(k in answer and _shows(answer[k], v) for k, v in shown.items())
    if isinstance(shown, list):
        return isinstance(answer, list) and len(answer) == len(shown) and all(map(_shows, answer, shown))
    return answer == shown


def test_the_example_session_of_the_protocol_doc_is_what_the_server_answers():
    server = Server()
    for request, response in _session():
        assert _shows(json.loads(server.handle_line(request)), json.loads(response)), request


def test_the_example_session_fits_the_schemas():
    requests, responses = _validator("request.schema.json"), _validator("response.schema.json")
    for request, response in _session():
        answer = json.loads(response)
        responses.validate(answer)
        if "result" in answer:  # a well-formed request: the envelope and its method's params
            message = json.loads(request)
            requests.validate(message)
            _validator("params.%s.schema.json" % message["method"]).validate(message["params"])
            _validator("answer.%s.schema.json" % message["method"]).validate(answer["result"])
            assert answer["result"]["format"] == "manasolve/%s@1" % message["method"]


def test_the_example_board_fits_the_board_schema():
    example = json.loads((Path(manasolve.__file__).parent / "data" / "example_board.json").read_text())
    _validator("board.schema.json").validate(example)


@pytest.mark.parametrize("bad, says", [
    ({"players": []}, "[] should be non-empty"),
    ({"players": [{"name": "a", "battlefield": [{"id": "x"}]}]}, "'card' is a required property"),
    ({"players": [{"name": "a"}], "step": "combat"}, "'combat' is not one of ['untap'"),
    ({"players": [{"name": "a", "lif": 3}]}, "('lif' was unexpected)"),
], ids=["no-players", "no-card", "unknown-step", "unknown-key"])
def test_bad_boards_do_not_fit_the_board_schema(bad, says):
    with pytest.raises(jsonschema.ValidationError, match=re.escape(says)):
        _validator("board.schema.json").validate(bad)


def test_params_schemas_name_the_api_keywords():
    # The API's keywords are its request type's fields (manasolve.questions.keywords); so are the params.
    from manasolve.questions import NO_BOARD, QUESTIONS, keywords

    for name in protocol.QUESTIONS:
        schema = _shipped()["params.%s.schema.json" % name]
        board = set() if QUESTIONS[name].board == NO_BOARD else {"board"}
        assert set(schema["properties"]) == {k.name for k in keywords(name)} | board
        assert all(schema["properties"][k.name].get("description") for k in keywords(name) if k.name != "time_limit")
    assert {"flashback", "optional", "targets", "ability", "fuse"} <= set(_shipped()["params.audit.schema.json"]["properties"])
