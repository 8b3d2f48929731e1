"""The ``manasolve serve`` protocol as data: the JSON-RPC 2.0 envelopes, the parameters
of every method (those of the questions are read off their request types in
`manasolve.questions`, so the server always takes what the API takes) and the JSON Schemas generated from them.

See docs/protocol.md for the protocol itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from manasolve.questions import NO_BOARD, keywords
from manasolve.questions import QUESTIONS as QUESTIONS_TABLE
from manasolve.models.board_schema import BoardIn

VERSION = "manasolve/rpc@1"
# Where the generated JSON Schemas are shipped.
SCHEMAS = Path(__file__).parent / "data" / "schemas"
# Questions: one method per API function, named like it.
QUESTIONS = ("pay", "payable_many", "produce", "creatures", "cost", "saddle", "crew", "attack", "plays", "cards_check", "audit")

# JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object).
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603
# Server errors (the range -32000..-32099 is the implementation's): the question gave up at
# its time limit, or was cancelled, without a partial answer.
TIME_LIMIT_EXCEEDED, CANCELLED = -32000, -32001
# Every code an error answer may carry (closed: no other is ever sent), and what it means.
ERROR_CODES: dict[int, str] = {
    PARSE_ERROR: "the line is not JSON",
    INVALID_REQUEST: "not a JSON-RPC 2.0 request (envelope, empty batch, line over the size bound)",
    METHOD_NOT_FOUND: "no such method (the nearest one named)",
    INVALID_PARAMS: "bad params or bad input (board, payment, card name...); data.path is the JSON path",
    INTERNAL_ERROR: "a bug of manasolve's: the request is answered and the server goes on",
    TIME_LIMIT_EXCEEDED: "the question gave up at its time limit and has no partial answer",
    CANCELLED: "the question was cancelled (cancel) and has no partial answer",
}


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# The board is validated by manasolve.models.board.load_board (errors with JSON paths);
# the schema refers to the board schema shipped beside it.
_BOARD_REF = {"x-ref": "board.schema.json"}  # made a "$ref" after generation (see `_refs`)
BoardOrSession = Annotated[dict[str, Any] | str, WithJsonSchema({"anyOf": [
    _BOARD_REF, {"type": "string", "description": "a session handle from board.load"}]})]
BOARD_PARAM = (BoardOrSession, Field(description="a board (manasolve/board@1 JSON) or a session handle from board.load"))
TIME_LIMIT_PARAM = (float | int | None, Field(default=None, gt=0, allow_inf_nan=False, description=(
    "seconds the question may take (null or absent: the server's limit, 10 s unless `manasolve serve --timeout` "
    "says otherwise); past it a partial answer marked time_limit_reached, or error -32000")))


def _question_params(name: str) -> type[BaseModel]:
    """The parameters of question `name`: its keywords (manasolve.questions.keywords, read
    off its request type), with `board` a board object or a session handle, and
    `time_limit` defaulting to the server's."""
    fields: dict[str, Any] = {} if QUESTIONS_TABLE[name].board == NO_BOARD else {"board": BOARD_PARAM}
    for k in keywords(name):
        fields[k.name] = TIME_LIMIT_PARAM if k.name == "time_limit" else (
            k.wire, Field(default=k.default, description=k.help))
    return create_model("%sParams" % name.title().replace("_", ""), __base__=_Params,
                        __doc__="Parameters of manasolve.api.%s (its keyword names)." % name,
                        **fields)


class SessionParams(_Params):
    """A session handle (board.undo, board.copy, board.close, board.get)."""

    session: str


class LoadParams(_Params):
    """board.load: a board and optionally a card database file for this session."""

    board: Annotated[dict[str, Any], WithJsonSchema(_BOARD_REF)]
    cards: str | None = Field(default=None, description="card database file looked up before the built-in cards")


class PatchParams(_Params):
    """board.patch: operations applied in order, all or nothing (see docs/protocol.md)."""

    session: str
    ops: list[dict[str, Any]]


class ApplyParams(_Params):
    """board.apply: a payment (a pay answer's ``best``, one of its ``payments`` groups,
    or the whole answer) and who pays (default: the answer's player, else the active player)."""

    session: str
    payment: dict[str, Any]
    player: str | None = None


class NoParams(_Params):
    """ping: no params."""


class CancelParams(_Params):
    """cancel: the id of the request to stop."""

    id: int | str = Field(description="the id of a request sent before; it answers at once with its partial answer")


class InfoParams(_Params):
    """server.info: optionally the protocol version the client speaks (an error if this server does not)."""

    protocol: str | None = Field(default=None, description="e.g. \"manasolve/rpc@1\"")


PARAMS: dict[str, type[BaseModel]] = {name: _question_params(name) for name in QUESTIONS}
PARAMS.update({"board.load": LoadParams, "board.patch": PatchParams, "board.apply": ApplyParams,
               "board.undo": SessionParams, "board.copy": SessionParams, "board.close": SessionParams,
               "board.get": SessionParams, "ping": NoParams, "cancel": CancelParams, "server.info": InfoParams})


class Request(BaseModel):
    """One JSON-RPC 2.0 request (a line of stdin); without `id` it is a notification and
    gets no answer."""

    model_config = ConfigDict(extra="forbid")
    jsonrpc: Literal["2.0"]
    method: str
    params: dict[str, Any] = Field(default_factory=dict)
    id: int | str | None = None


class ErrorData(BaseModel):
    """What went wrong where: the JSON path in the request (``params.board.players[0]``)."""

    path: str | None = None
    method: str | None = None


class Error(BaseModel):
    """A JSON-RPC error: the standard code, one line, the path."""

    code: int
    message: str
    data: ErrorData | None = None


class Response(BaseModel):
    """One JSON-RPC 2.0 response (a line of stdout): `result` (the API's answer) or `error`."""

    jsonrpc: Literal["2.0"] = "2.0"
    id: int | str | None
    result: Any = None
    error: Error | None = None


def schemas() -> dict[str, dict]:
    """The JSON Schemas shipped in manasolve/data/schemas/, by file name: the board, the
    request and response envelopes, each method's params and each command's answer."""
    from manasolve.answer_schema import ANSWERS, PAY_MODES  # ~1 s of models, for the schemas only: keeps start-up light

    out = {"board.schema.json": BoardIn.model_json_schema(), "request.schema.json": Request.model_json_schema(),
           "response.schema.json": Response.model_json_schema()}
    for name, model in PARAMS.items():
        out["params.%s.schema.json" % name] = _refs(model.model_json_schema())
    for name, model in ANSWERS.items():
        out["answer.%s.schema.json" % name] = model.model_json_schema(by_alias=True)
    for mode, model in PAY_MODES.items():
        out["answer.pay.%s.schema.json" % mode] = model.model_json_schema(by_alias=True)
    for doc in out.values():
        doc["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return out


def _refs(doc: Any) -> Any:
    """`doc` with each {"x-ref": file} made {"$ref": file} (pydantic only writes internal refs)."""
    if isinstance(doc, dict):
        return {"$ref": doc["x-ref"]} if "x-ref" in doc else {k: _refs(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_refs(v) for v in doc]
    return doc


def write_schemas(folder: Path = SCHEMAS) -> list[Path]:
    """Write `schemas()` to `folder` (manasolve/data/schemas/ by default); the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, doc in schemas().items():
        path = folder / name
        path.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":  # python -m manasolve.protocol: regenerate the shipped schemas
    for written in write_schemas():
        print(written)
