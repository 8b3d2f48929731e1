"""The error contract under fuzzed input (issue 17): mutated boards, costs and flags end
in exit 0/1 with a JSON answer, or exit 2 with one short line naming the file or flag —
never a traceback.  The long run is benchmarks/fuzz.py."""

from __future__ import annotations

import json
import random

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.fuzz_cases import (
    MISSING_PAYMENT,
    argv_tail,
    board_text,
    run_case,
    run_server,
    server_lines,
    server_verdict,
    verdict,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_fuzzed_command_lines_keep_the_error_contract(tmp_path, seed):
    rng = random.Random(seed)
    path = tmp_path / "board.json"
    path.write_text(board_text(rng), encoding="utf-8")
    command, flags = argv_tail(rng)
    outcome = run_case(str(path), command, flags)
    assert verdict(outcome, str(path), MISSING_PAYMENT) is None, (verdict(outcome, str(path), MISSING_PAYMENT), command, flags[:8], outcome.err[:300])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_fuzzed_server_sessions_are_answered_line_by_line_and_the_server_goes_on(seed):
    """Malformed lines, wrong envelopes, fuzzed params and boards, a line over the bound
    (one session in four), slow questions with small time limits: every response is one
    JSON-RPC line without an internal error, and the probe question after them is answered."""
    rng = random.Random(seed)
    from manasolve.server import MAX_LINE

    lines = server_lines(rng, huge=MAX_LINE + 10 if rng.random() < 0.25 else 0)
    output = run_server(lines, time_limit=0.5)
    assert server_verdict(output) is None, (server_verdict(output), [line[:200] for line in lines])


def test_the_server_checker_catches_a_broken_protocol():
    from tests.support.fuzz_cases import PROBE_ID

    probe = '{"jsonrpc": "2.0", "id": "%s", "result": {"permanents": {"f1": ["G"]}}}' % PROBE_ID
    assert server_verdict(probe) is None
    assert server_verdict("") == "no answer at all"
    assert server_verdict("oops\n" + probe).startswith("a response that is not JSON")
    assert server_verdict('{"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "x"}}\n' + probe).startswith(
        "internal error")
    assert server_verdict('{"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "%s"}}\n%s'
                          % ("x" * 400, probe)).startswith("unhelpful")
    assert server_verdict(probe + '\n{"jsonrpc": "2.0", "id": 1, "result": {}}').startswith("the probe")


def test_the_checker_catches_a_broken_contract():
    """verdict() itself: a traceback, two lines, a long line and a nameless line fail."""
    from tests.support.fuzz_cases import Outcome

    assert verdict(Outcome(-1, "", "", ValueError("x")), "b.json").startswith("traceback")
    assert verdict(Outcome(2, "", "b.json: a\nb\n"), "b.json") == "2 lines on stderr"
    assert "characters" in verdict(Outcome(2, "", "b.json: " + "x" * 400 + "\n"), "b.json")
    assert "names neither" in verdict(Outcome(2, "", "oops\n"), "b.json")
    assert verdict(Outcome(0, "not json", ""), "b.json") == "exit 0 without a JSON answer"
    assert verdict(Outcome(2, "", "b.json: players[0].life: must be at most 1000000\n"), "b.json") is None
    assert verdict(Outcome(3, "", "b.json: gave up after 1 s (the time limit)\n"), "b.json") is None
    assert verdict(Outcome(3, "", "b.json: oops\n"), "b.json").startswith("exit 3 without")


def test_deep_nesting_and_huge_integers_say_the_bound(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"players": ' + "[" * 100000 + "]" * 100000 + "}")
    out = run_case(str(deep), "pay", ["--cost", "{1}"])
    assert out.code == 2 and "nested more than 32 levels" in out.err
    huge = tmp_path / "huge.json"
    huge.write_text('{"players": [{"name": "a", "life": %s}]}' % ("9" * 5000))
    out = run_case(str(huge), "pay", ["--cost", "{1}"])
    assert out.code == 2 and "players[0].life" in out.err and "more than 30 digits" in out.err


@pytest.mark.parametrize("argv, words", [
    (["--cost", "{99999999999999999999}"], "over the bound of 1000000"), (["--cost", "{01}"], "leading zero"),
    (["--cost", "{²}"], "unknown mana symbol"), (["--cost", "{1}" * 101], "over the bound of 100"),
    (["--cost", "{W/U}{B/G}{G/P}{R/P}{2/W}{U/B}{W/U/P}{R/G}{W/B}{U/R}{B/R}"], "601.2b"),
    (["--cost", "{1}", "--all", "--limit", "9223372036854775808"], "at most 1000000"),
], ids=["generic", "leading-zero", "unknown-symbol", "symbols", "announcements", "limit"])
def test_costs_over_their_bounds_are_refused_with_the_bound(tmp_path, argv, words):
    path = tmp_path / "b.json"
    path.write_text('{"players": [{"name": "a"}]}')
    out = run_case(str(path), "pay", argv)
    assert out.code == 2 and words in out.err and out.err.startswith(str(path)), out.err


def test_inline_cards_of_the_wrong_types_name_their_json_path(tmp_path):
    path = tmp_path / "b.json"
    path.write_text('{"players": [{"name": "a"}], "cards": [{"name": "C", "types": "Creature"}]}')
    out = run_case(str(path), "pay", ["--cost", "{1}"])
    assert out.code == 2 and "cards[0].types" in out.err


@pytest.mark.parametrize("method, params", [
    ("produce", {"board": "x" * 5000}), ("board.undo", {"session": "y" * 5000}), ("p" * 5000, {}),
    ("produce", {"board": "s1", "z" * 5000: 1}),
], ids=["board-handle", "session-handle", "method", "parameter-name"])
def test_a_huge_session_handle_or_method_is_answered_in_one_short_line(method, params):
    """The long fuzz run's one bad response: an unknown session handle of 5,000
    characters was echoed whole in the error message."""
    from manasolve.server import Server

    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    error = json.loads(Server().handle_line(line))["error"]
    assert error["code"] in (-32601, -32602) and len(error["message"]) <= 300 and "\n" not in error["message"]


@pytest.mark.parametrize("door", ["board", "payment", "card file", "deck", "batch", "envelope", "session"])
def test_fuzzed_doors_keep_the_contract(tmp_path, door):
    """A quick run of the long one (benchmarks/fuzz.py --doors): 10 cases at each door,
    every one classified, every one kept."""
    from tests.support.fuzz_doors import CLASSES, door_case, run_door

    seen = []
    for seed in range(10):
        _, case = door_case(random.Random(seed), door)
        kind = run_door(door, case, tmp_path)
        assert kind in CLASSES
        seen.append(kind)
    assert set(seen) == {"kept"}, (door, seen)


def test_the_door_checker_catches_each_class():
    """The classifier itself: each failure class is told apart."""
    from tests.support.fuzz_doors import _line_problem, _rpc_lines_class

    ok = '{"jsonrpc": "2.0", "id": 1, "result": {}}'
    request = '{"jsonrpc": "2.0", "id": 1, "method": "pay"}'
    notification = '{"jsonrpc": "2.0", "method": "pay"}'
    assert _rpc_lines_class([ok]) == "kept"
    assert _rpc_lines_class([ok], [request, notification]) == "kept"
    assert _rpc_lines_class([ok], [notification]) == "answered notification"
    assert _rpc_lines_class(["[%s]" % ok], ["[%s, %s]" % (notification, notification)]) == "answered notification"
    assert _rpc_lines_class([], [request]) == "unhelpful"  # an answer lost
    assert _rpc_lines_class([ok.replace("1", "2")], [request]) == "unhelpful"  # the wrong id
    null = '{"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "not JSON: x"}}'
    assert _rpc_lines_class([null, null], [b"\xff", "[]", "  "]) == "kept"
    assert _rpc_lines_class(['{"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "x"}}']) == "traceback"
    assert _rpc_lines_class(['{"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "a: NoneType"}}']) \
        == "unhelpful"
    assert _rpc_lines_class(["not json"]) == "unhelpful"
    assert _line_problem("b.json: players[0].life: must be at most 1000000", "b.json") is None
    assert "internal word" in _line_problem("b.json: got None", "b.json")
    assert "names no file" in _line_problem("oops", "b.json")


def test_the_payment_checker_catches_doors_that_disagree():
    """The apply/audit comparison itself (a runner answering what the doors would): a
    refusal at one door only, or in other words, is a disagreement, unless audit's
    refusal is one only the cost tells (601.2b)."""
    from tests.support.fuzz_doors import _payment_class

    def answer(rid, result=None, path=None, message=None):
        if message is None:
            return json.dumps({"jsonrpc": "2.0", "id": rid, "result": result or {}})
        if result is not None:  # audit's broken payment
            return json.dumps({"jsonrpc": "2.0", "id": rid, "result": {
                "legal": False, "broken": {"rule": None, "path": path, "message": message}}})
        return json.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": -32602, "message": "params.%s: %s" % (
            path, message), "data": {"path": "params." + path}}})

    class Doors:
        def __init__(self, applied, audited):
            self.answers = [answer(0, {"session": "s1"}), applied, audited]

        def requests(self, lines):
            return self.answers

    sick = ("payment.activations[0].permanent", "elf is a creature with summoning sickness (302.6)")
    adds = ("payment.activations[0].produces", "'{T}: Add {G}.' adds {G}, not {U} (605.1)")
    announced = ("payment.announced", "'{U}' is not an announcement of {G} (601.2b; it has {G})")
    cases = [(answer(1, {}), answer(2, {"legal": True}), "kept"),
             (answer(1, None, *sick), answer(2, {}, *sick), "kept"),
             (answer(1, None, *sick), answer(2, None, *sick), "kept"),
             (answer(1, {}), answer(2, {}, *adds), "doors disagree"),
             (answer(1, None, *sick), answer(2, {"legal": True}), "doors disagree"),
             (answer(1, None, *sick), answer(2, {}, *adds), "doors disagree"),
             (answer(1, {}), answer(2, {}, *announced), "kept"),
             (answer(1, None, *adds), answer(2, {}, *announced), "kept")]
    for applied, audited, kind in cases:
        assert _payment_class({"announced": "{G}"}, "{G}", Doors(applied, audited)) == kind, (applied, audited)
