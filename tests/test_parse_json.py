"""`parse_json` reads with orjson where the standard library would read the same: any
JSON value, long numbers, invalid text and bad bytes give what the standard library's
reader (with the board's integer bound) gives, errors in its words."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve.models.board import InputError
from manasolve.models.board_schema import _big_int, parse_json

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10 ** 40), max_value=10 ** 40)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12)


def _reference(text: str):
    return json.loads(text, parse_int=_big_int)


@settings(max_examples=200, deadline=None)
@given(_VALUES, st.booleans())
def test_any_json_value_reads_as_the_standard_library_reads_it(value, as_bytes):
    text = json.dumps(value, ensure_ascii=as_bytes)
    got = parse_json(text.encode() if as_bytes else text)
    assert got == _reference(text)
    assert json.dumps(got) == json.dumps(_reference(text))  # same types too (int stays int, float float)


@pytest.mark.parametrize("text", [
    "1" * 19, "1" * 20, "-" + "9" * 25, "1" * 31, "[18446744073709551616]", "1e999", "-0", "NaN", "[Infinity]",
    '"\\ud800"', '{"a": 1, "a": 2}', "  [1 , 2]\n"])
def test_edge_numbers_and_texts_read_as_the_standard_library_reads_them(text):
    got, want = parse_json(text), _reference(text)
    assert json.dumps(got) == json.dumps(want) and type(got) is type(want)


@pytest.mark.parametrize(("text", "where", "message"), [
    ("not json", "line 1 column 1", "invalid JSON: Expecting value"),
    ('{"a": 1} x', "line 1 column 10", "invalid JSON: Extra data"),
    ('{"a": 1,}', "line 1 column 9", "invalid JSON: Expecting property name enclosed in double quotes"),
    (b'{"a": "\xff"}', "byte 8", "invalid JSON: not UTF-8 text"),
    ("[" * 40 + "]" * 40, "(top level)", "JSON nested more than 32 levels deep (a board needs 6)"),
])
def test_bad_text_is_said_with_its_place(text, where, message):
    with pytest.raises(InputError) as exc:
        parse_json(text)
    assert (exc.value.where, exc.value.message) == (where, message)
