"""Board JSON read without pydantic: parsed with the board's bounds (`parse_json`) and
checked against the board format's JSON Schema, the shipped
``manasolve/data/schemas/board.schema.json`` that `board_schema`'s pydantic models
generate (tests/test_protocol.py checks that they still do).

The models take about 0.2 s to import and build, most of a command line's start-up, so a
board is first checked here, in plain Python: a board this check accepts is read from it
(`manasolve.models.board.read_board`); anything it does not accept, whether wrong or only unusual (a tuple where
JSON has a list), is validated by the models (`board_schema.validate_board`), whose error
line is the answer.  The check is at least as strict as the models (strict types, the
bounds, no unknown field, text that is Unicode) and reads each value as they do, defaults
included (tests/test_board_read.py compares the two on fuzzed boards).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import orjson

from manasolve.models.bounds import MAX_INT_DIGITS, MAX_JSON_DEPTH
from manasolve.models.errors import InputError

SCHEMA = "data/schemas/board.schema.json"


class Refused(Exception):
    """A value the plain check does not accept (the models say why, or accept it)."""


class Read:
    """One object of a board as the models read it: each field an attribute (the value
    given, or the field's default), `model_fields_set` the fields given (other MTGJSON
    fields of an inline card included, as the models count them)."""

    model_fields_set: frozenset[str]
    _extra: dict[str, Any]

    def mtgjson(self) -> dict:
        """An inline card as the MTGJSON-shaped dict the card database reads (the fields
        given, the other MTGJSON fields kept as they are)."""
        given, extra = self.model_fields_set, self._extra
        return {**{k: v for k, v in vars(self).items() if k in given and k not in extra}, **extra}


Check = Callable[[Any], Any]


def _text_ok(value: str) -> bool:
    """Whether `value` is Unicode text (no lone surrogate)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _string(spec: dict) -> Check:
    low, high = spec.get("minLength", 0), spec.get("maxLength")
    allowed = set(spec["enum"]) if "enum" in spec else {spec["const"]} if "const" in spec else None

    def check(value: Any) -> str:
        if type(value) is not str or len(value) < low or (high is not None and len(value) > high) or not _text_ok(value):
            raise Refused
        if allowed is not None and value not in allowed:
            raise Refused
        return value
    return check


def _integer(spec: dict) -> Check:
    low, high = spec.get("minimum"), spec.get("maximum")
    if low is None or high is None:
        raise ValueError("an integer without bounds in the board schema")

    def check(value: Any) -> int:
        if type(value) is not int or not low <= value <= high:
            raise Refused
        return value
    return check


def _boolean(spec: dict) -> Check:
    def check(value: Any) -> bool:
        if type(value) is not bool:
            raise Refused
        return value
    return check


def _array(spec: dict, defs: dict, built: dict) -> Check:
    item = _compile(spec["items"], defs, built)
    least = spec.get("minItems", 0)

    def check(value: Any) -> list:
        if type(value) is not list or len(value) < least:
            raise Refused
        return [item(v) for v in value]
    return check


def _mapping(spec: dict, defs: dict, built: dict) -> Check:
    key = _string({"type": "string", **spec.get("propertyNames", {})})
    item = _compile(spec["additionalProperties"], defs, built)

    def check(value: Any) -> dict:
        if type(value) is not dict:
            raise Refused
        return {key(k): item(v) for k, v in value.items()}
    return check


_KNOWN = {"title", "description", "default", "type", "properties", "required", "additionalProperties",
          "propertyNames", "items", "minItems", "minLength", "maxLength", "minimum", "maximum", "enum", "const",
          "anyOf", "$ref", "$defs", "$schema"}


def _compile(spec: dict, defs: dict, built: dict) -> Check:
    """The check of one schema node (ValueError for what this reader does not know: the
    tests build every check, so a new kind of field is seen there)."""
    unknown = set(spec) - _KNOWN
    if unknown:
        raise ValueError("board schema keywords this reader does not know: %s" % sorted(unknown))
    if "$ref" in spec:
        name = spec["$ref"].removeprefix("#/$defs/")
        if name not in built:
            built[name] = None  # a model refers to itself: not in this schema
            built[name] = _model(defs[name], defs, built)
        return built[name]
    if "anyOf" in spec:
        options = spec["anyOf"]
        if len(options) != 2 or options[1] != {"type": "null"}:
            raise ValueError("an anyOf other than X | null in the board schema")
        inner = _compile(options[0], defs, built)
        return lambda value: None if value is None else inner(value)
    kind = spec.get("type")
    if kind == "string":
        return _string(spec)
    if kind == "integer":
        return _integer(spec)
    if kind == "boolean":
        return _boolean(spec)
    if kind == "array":
        return _array(spec, defs, built)
    if kind == "object" and "properties" in spec:
        return _model(spec, defs, built)
    if kind == "object" and isinstance(spec.get("additionalProperties"), dict):
        return _mapping(spec, defs, built)
    raise ValueError("a board schema node this reader does not know: %s" % json.dumps(spec)[:200])


def _default(name: str, spec: dict) -> tuple[bool, Any]:
    """A field's default: (False, the schema's value), or (True, list or dict: pydantic's
    default_factory, which the schema does not show)."""
    if "default" in spec:
        value = spec["default"]
        if isinstance(value, (list, dict)):
            raise ValueError("a mutable default in the board schema: %s" % name)
        return False, value
    kind = spec.get("type")
    if kind == "array":
        return True, list
    if kind == "object":
        return True, dict
    raise ValueError("an optional board schema field with no default: %s" % name)


def _model(spec: dict, defs: dict, built: dict) -> Check:
    required = frozenset(spec.get("required", ()))
    fields = {name: _compile(s, defs, built) for name, s in spec["properties"].items()}
    defaults = {name: _default(name, s) for name, s in spec["properties"].items() if name not in required}
    fixed = {name: value for name, (made, value) in defaults.items() if not made}
    made = [(name, factory) for name, (is_made, factory) in defaults.items() if is_made]
    extra_allowed = spec.get("additionalProperties", False)
    if extra_allowed not in (True, False):
        raise ValueError("a model's additionalProperties is neither true nor false in the board schema")

    def check(value: Any) -> Read:
        if type(value) is not dict or not required <= value.keys():
            raise Refused
        values = fixed.copy()
        extra = {}
        for k, v in value.items():
            field = fields.get(k)
            if field is not None:
                values[k] = field(v)
            elif extra_allowed and type(k) is str and _text_ok(k):
                extra[k] = v
            else:
                raise Refused
        for k, factory in made:
            if k not in value:
                values[k] = factory()
        given = frozenset(value.keys() - extra.keys() if extra else value.keys())
        values["model_fields_set"] = given | extra.keys() if extra else given
        values["_extra"] = extra
        read = Read.__new__(Read)
        read.__dict__ = values
        return read
    return check


_BOARD: list[Check] = []


def board_check() -> Check:
    """The check of a whole board, built from the shipped schema on first use."""
    if not _BOARD:
        schema = orjson.loads(resources.files("manasolve").joinpath(SCHEMA).read_bytes())
        _BOARD.append(_compile(schema, schema.get("$defs", {}), {}))
    return _BOARD[0]


def _big_int(text: str) -> int | float:
    # Past MAX_INT_DIGITS digits a number is out of every bound: read it as infinity, so the
    # schema refuses it at its JSON path, never calling int() on thousands of digits.
    return int(text) if len(text.lstrip("-")) <= MAX_INT_DIGITS else float(text)


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth_error(text: str) -> str | None:
    """"nested more than N levels deep" if `text` nests arrays/objects deeper than
    MAX_JSON_DEPTH (checked before parsing, which would exhaust the stack), else None."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return None
    depth = 0
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return "JSON nested more than %d levels deep (a board needs 6)" % MAX_JSON_DEPTH
        elif c in "]}":
            depth -= 1
    return None


# A run of 19 digits or more: a number orjson would read differently from the reader below
# (past 64 bits it makes a float where `_big_int` keeps up to MAX_INT_DIGITS digits exact).
_LONG_NUMBER = re.compile(r"[0-9]{19}")


def parse_json(text: str | bytes, source: str | None = None) -> object:
    """JSON text (str, or UTF-8 bytes) parsed with the board's bounds (nesting depth,
    integer digits); InputError naming the line and column of invalid JSON.  Read by
    orjson; text orjson refuses, and long numbers, are read again by the standard
    library, whose results and messages are the reference."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError("byte %d" % (exc.start + 1), "invalid JSON: not UTF-8 text", source) from None
    deep = json_depth_error(text)
    if deep:
        raise InputError("(top level)", deep, source)
    if not _LONG_NUMBER.search(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # said below, in the standard library's words
    try:
        return json.loads(text, parse_int=_big_int)
    except json.JSONDecodeError as exc:
        raise InputError("line %d column %d" % (exc.lineno, exc.colno), "invalid JSON: %s" % exc.msg, source) from None
