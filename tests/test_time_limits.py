"""A time limit on every question (issue 17): past it a sound partial answer (a best
payment that is legal and no better than the optimum, the plays checked so far and the
rest named, a count's lower bound) or a clear "gave up after N s" — CLI exit status 3,
API `TimeUp`, server error -32000 — never a hang."""

from __future__ import annotations

import io
import json
import os
import re
import sys
import time
import types
from pathlib import Path

import pytest

import manasolve
from manasolve import api, cli
from manasolve.castability import castability
from manasolve.models.board import load_board
from manasolve.server import Server
from manasolve.solver import deadline
from manasolve.solver import plays as plays_module
from tests.support.boards import board
from tests.support.fuzz_cases import _slow_board, run_case
from tests.support.limits import OVERSHOOT

EXAMPLE = json.loads((Path(manasolve.__file__).parent / "data" / "example_board.json").read_text())
SLOW = _slow_board()  # 60 mixed sources
HYBRID = "{W/U}{B/G}{2/W}{G/P}{U/B}{R/P}{3}"
KEEP = ["{W}{U}{B}", "{G}{G}{2}", "{1}{U}{U}"]
GOLGARI = Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_midrange.txt"


def test_best_stopped_before_proving_optimality_is_a_legal_payment_no_better_than_the_optimum(monkeypatch):
    """CP-SAT stopped at its first solution, as at a time limit reached mid-search: the
    answer is that payment (legal: audit), marked not optimal, with only the levels proven
    (none here), and measured by audit it is lexicographically no better than the optimum."""
    optimum = api.pay(SLOW, HYBRID, mode="best", keep=KEEP, time_limit=None)
    assert "best_optimal" not in optimum and "time_limit_reached" not in optimum

    def first_solution(solver) -> None:
        solver.parameters.stop_after_first_solution = True

    monkeypatch.setattr(deadline, "limit_solver", first_solution)
    # a Board of its own: the held board of SLOW remembers its proven optimum (solver.best._solved)
    partial = api.pay(load_board(SLOW), HYBRID, mode="best", keep=KEEP, why=True)
    monkeypatch.undo()
    assert partial["best_optimal"] is False and partial["time_limit_reached"] is True
    assert partial["payable"] is True and partial["why"][0].startswith("not explained")
    audit = api.audit(SLOW, partial["best"], HYBRID, keep=KEEP, time_limit=None)
    assert audit["legal"] and audit["broken"] is None
    assert audit["best_levels"] == {k: v for k, v in optimum["levels"].items() if k in audit["best_levels"]}
    assert partial["levels"].items() <= audit["levels"].items()
    measured = [audit["levels"][k] for k in audit["best_levels"]]
    assert measured > [audit["best_levels"][k] for k in audit["best_levels"]]  # the first solution is worse here


def test_best_under_a_tiny_real_limit_gives_up_or_is_sound():
    optimum = api.pay(SLOW, HYBRID, mode="best", keep=KEEP, time_limit=None)
    for limit in (1e-6, 0.01, 0.1):
        try:  # a Board of its own: the held board of SLOW remembers its proven optimum
            answer = api.pay(load_board(SLOW), HYBRID, mode="best", keep=KEEP, time_limit=limit)
        except api.TimeUp as exc:
            assert str(exc) == "gave up after %g s (the time limit)" % limit and exc.seconds == limit
            continue
        if answer.get("best_optimal") is False:
            audit = api.audit(SLOW, answer["best"], HYBRID, keep=KEEP, time_limit=None)
            assert audit["legal"] and answer["levels"].items() <= audit["levels"].items()
            assert [audit["levels"][k] for k in audit["best_levels"]] >= [audit["best_levels"][k] for k in audit["best_levels"]]
        else:
            assert answer["levels"] == optimum["levels"]


def test_plays_past_the_limit_lists_the_plays_checked_and_names_the_rest(monkeypatch):
    """The time limit passing before the n-th part of the answer: the plays of the parts
    before it, exactly as the full answer has them, and every later part unchecked."""
    b = board("Forest", "Island", {"id": "bronco", "card": "Caustic Bronco"}, ("elf", "Llanowar Elves"),
              hand=["Think Twice", "Forest", "Llanowar Elves"], graveyard=["Think Twice"])
    full = api.plays(b, time_limit=None)
    assert "unchecked" not in full and "time_limit_reached" not in full
    parts = 6  # lands, 3 hand cards, 1 graveyard card, activations
    seen_kinds = set()
    for stop in range(parts + 1):
        calls = iter(range(10 ** 6))

        def check(stop=stop) -> None:
            if next(calls) >= stop:
                raise deadline.TimeUp(0.5)

        monkeypatch.setattr(plays_module, "deadline", types.SimpleNamespace(check=check, TimeUp=deadline.TimeUp))
        partial = api.plays(b)
        monkeypatch.undo()
        unchecked = partial.get("unchecked", [])
        assert len(unchecked) == parts - stop
        assert partial.get("time_limit_reached", False) == (stop < parts)
        # the plays listed are the full answer's plays of the parts checked, in order
        checked = [p for p in full["plays"] if not any(_in_part(p, u) for u in unchecked)]
        assert partial["plays"] == checked
        seen_kinds |= {u["kind"] for u in unchecked}
    assert seen_kinds == {"land", "cast", "activate"}


def _in_part(play: dict, part: dict) -> bool:
    if play["kind"] != part["kind"]:
        return False
    return part["kind"] != "cast" or (play["zone"], play["card"]) == (part["zone"], part["card"])


def test_plays_counts_under_a_tiny_limit_are_lower_bounds():
    b = dict(SLOW, players=[dict(SLOW["players"][0], hand=["Think Twice", "Llanowar Elves"])])
    exact = {(p["card"], p.get("total")): p["count"] for p in api.plays(b, count=True, time_limit=None)["plays"]
             if p["kind"] == "cast"}
    answer = api.plays(b, count=True, time_limit=0.01)
    for p in answer["plays"]:
        if p["kind"] == "cast":
            assert p.get("count", p.get("count_at_least")) <= exact[p["card"], p.get("total")]
    if answer.get("unchecked") or any(p.get("count_exact") is False for p in answer["plays"]):
        assert answer["time_limit_reached"] is True


@pytest.mark.parametrize("question, kwargs", [
    ("produce", {}), ("creatures", {}), ("cost", {"card": "Think Twice", "zone": "graveyard"}),
    ("saddle", {"mount": "bronco", "all": True, "best": True}), ("attack", {"attackers": ["bronco"]}),
    ("plays", {"count": True}), ("pay", {"cost": "{2}{G}{W/U}", "mode": "best", "why": True}),
    ("pay", {"cost": "{2}{G}{W/U}", "mode": "all"}),
])
def test_every_question_takes_a_time_limit_and_answers_or_gives_up(question, kwargs):
    fn = getattr(api, question)
    full = fn(EXAMPLE, **kwargs, time_limit=None)
    assert fn(EXAMPLE, **kwargs, time_limit=600) == full
    started = time.monotonic()
    try:
        answer = fn(EXAMPLE, **kwargs, time_limit=1e-9)
    except api.TimeUp as exc:
        assert "gave up after 1e-09 s" in str(exc)
    else:
        assert answer == full or answer.get("time_limit_reached") is True
    assert time.monotonic() - started < 1e-9 + OVERSHOOT
    with pytest.raises(api.ParameterError, match="time_limit"):
        fn(EXAMPLE, **kwargs, time_limit=float("nan"))


def test_cards_check_takes_a_time_limit():
    from tests.support.paths import DEV_CARDS

    started = time.monotonic()
    with pytest.raises(api.TimeUp, match=re.escape("gave up after 1e-09 s (the time limit)")):
        api.cards_check(str(DEV_CARDS), time_limit=1e-9)
    assert time.monotonic() - started < 1e-9 + OVERSHOOT


def test_an_inner_limit_never_extends_the_outer_one():
    with deadline.time_limit(0.5):
        outer = deadline.deadline()
        with deadline.time_limit(100):
            assert deadline.deadline() == outer and deadline.seconds() == 0.5
        with deadline.time_limit(0.01):
            assert deadline.seconds() == 0.01
    assert deadline.deadline() is None


def test_a_limit_counted_from_an_earlier_start_may_have_passed_already():
    with deadline.time_limit(5, started=time.monotonic() - 10):  # e.g. a process started 10 s ago
        assert deadline.seconds() == 5 and deadline.deadline() < time.monotonic()
        with pytest.raises(deadline.TimeUp, match="gave up after 5 s"):
            deadline.check()
    with deadline.time_limit(5, started=time.monotonic() + 100):
        assert deadline.deadline() > time.monotonic() + 100


def test_wall_clock_work_keeps_the_sooner_of_its_own_limit_and_the_question_s():
    assert deadline.wall_until(None) is None
    now = time.time()
    assert now + 1 <= deadline.wall_until(1) <= time.time() + 1
    with deadline.time_limit(100):
        assert deadline.wall_until(1) <= time.time() + 1  # its own limit is sooner
        assert time.time() + 99 < deadline.wall_until(1000) <= time.time() + 100  # the question's is sooner
        assert time.time() + 99 < deadline.wall_until(None) <= time.time() + 100


def test_castability_keeps_an_enclosing_limit_that_ends_sooner():
    """The command line's --timeout counts from the process's start: castability's own
    time_limit (60 s here) must not extend it, and its give-up names the limit that ended
    (5 s), not castability's own."""
    started = time.monotonic()
    with deadline.time_limit(5, started=time.monotonic() - 10), pytest.raises(
            deadline.TimeUp, match=r"^gave up after 5 s \(the time limit\)$"):
        castability(str(GOLGARI), games=20, time_limit=60)
    assert time.monotonic() - started < OVERSHOOT  # the enclosing limit had passed: not castability's 60 s


def test_payability_gives_up_before_cp_sat_once_the_limit_has_passed(monkeypatch):
    from manasolve.solver import pay as pay_module
    from manasolve.solver.resources import collect
    from manasolve.models.board import load_board
    from manasolve.models.mana import ManaCost

    baxter = load_board(board(*["Baxter Building"] * 2, *["Forest"] * 6))  # a mana-costing ability: CP-SAT decides
    anns = ManaCost.parse("{4}{G}{U}").announcements()
    res = collect(baxter, "alice")
    assert pay_module.resources_payable(res, anns, 20)
    from manasolve.solver import cpsat

    def build(*args):
        raise AssertionError("CP-SAT asked after the limit")
    monkeypatch.setattr(cpsat, "build", build)
    with deadline.time_limit(1, started=time.monotonic() - 2), pytest.raises(
            deadline.TimeUp, match=re.escape("gave up after 1 s (the time limit)")):
        pay_module.resources_payable(res, anns, 20)


def test_the_process_entry_counts_its_timeout_from_the_start_and_ends_once_flushed(monkeypatch, tmp_path, capsys):
    ended: list[int] = []
    monkeypatch.setattr(os, "_exit", ended.append)  # (the real one would end pytest)
    path = tmp_path / "slow.json"
    path.write_text(json.dumps(SLOW))
    monkeypatch.setattr(sys, "argv", ["manasolve", "pay", str(path), "--cost", "{G}", "--json", "--timeout", "60"])
    monkeypatch.setattr(cli, "_IMPORTED", time.monotonic())
    cli.entry()
    assert ended == [0] and json.loads(capsys.readouterr().out)["payable"] is True
    monkeypatch.setattr(sys, "argv", ["manasolve", "pay", str(path), "--cost", HYBRID, "--best", "--timeout", "5"])
    monkeypatch.setattr(cli, "_IMPORTED", time.monotonic() - 10)  # the process started 10 s ago
    cli.entry()
    assert ended == [0, 3] and "gave up after 5 s" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["manasolve", "serve"])  # a server ends the normal way, after its workers
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    with pytest.raises(SystemExit) as exited:
        cli.entry()
    assert exited.value.code == 0 and ended == [0, 3]


def test_the_command_line_gives_up_with_exit_3_and_one_line(tmp_path):
    path = tmp_path / "slow.json"
    path.write_text(json.dumps(SLOW))
    out = run_case(str(path), "pay", ["--cost", HYBRID, "--best", "--timeout", "0.000001"])
    assert out.code == 3 and out.out == ""
    assert out.err == "%s: gave up after 1e-06 s (the time limit); --timeout SECONDS to wait longer\n" % path
    partial = run_case(str(path), "pay", ["--cost", HYBRID, "--count", "--timeout", "0.2", "--json"])
    answer = json.loads(partial.out)
    assert partial.code == 0 and answer["count_exact"] is False and answer["time_limit_reached"] is True
    for bad in ("0", "-1", "nan", "inf", "soon"):
        out = run_case(str(path), "produce", ["--timeout", bad])
        assert out.code == 2 and "--timeout" in out.err and "seconds above 0" in out.err or "give seconds" in out.err


def test_the_server_answers_a_slow_question_within_its_limit_and_goes_on():
    server = Server(time_limit=0.05)
    request = {"jsonrpc": "2.0", "id": 7, "method": "pay", "params": {"board": SLOW, "cost": HYBRID, "mode": "count"}}
    server.handle_line(json.dumps({**request, "params": {**request["params"], "mode": "payable"}}))  # imports, models
    started = time.monotonic()
    answer = json.loads(server.handle_line(json.dumps(request)))["result"]
    assert time.monotonic() - started < 0.05 + OVERSHOOT
    assert answer["count_exact"] is False and answer["time_limit_reached"] is True  # the server's default limit
    request["params"].update(mode="best", keep=KEEP, time_limit=0.000001)
    error = json.loads(server.handle_line(json.dumps(request)))["error"]
    assert error == {"code": -32000, "message": "gave up after 1e-06 s (the time limit); params.time_limit to wait "
                     "longer", "data": {"path": "params.time_limit"}}
    request["params"].update(mode="payable", time_limit=None)  # null: the server's limit
    assert json.loads(server.handle_line(json.dumps(request)))["result"]["payable"] is True
    for bad in (0, -1, "1", True):
        request["params"]["time_limit"] = bad
        error = json.loads(server.handle_line(json.dumps(request)))["error"]
        assert error["code"] == -32602 and error["data"]["path"] == "params.time_limit"
    line = json.dumps(request).replace('"time_limit": true', '"time_limit": Infinity')
    assert json.loads(server.handle_line(line))["error"]["code"] == -32602


def test_the_server_answers_a_line_over_its_bound_with_an_error_and_goes_on(monkeypatch):
    import io

    from manasolve import server as server_module

    monkeypatch.setattr(server_module, "MAX_LINE", 1000)
    small = {"players": [{"name": "a", "battlefield": [{"id": "f1", "card": "Forest"}]}]}
    produce = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "produce", "params": {"board": small, "id": "f1"}})
    huge = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "produce", "params": {"board": small, "id": "x" * 5000}})
    out = io.BytesIO()
    assert Server().serve(io.BytesIO((huge + "\n" + produce + "\n").encode("utf-8")), out) == 0
    first, second = [json.loads(line) for line in out.getvalue().splitlines()]
    assert first["error"]["code"] == -32600 and "more than 1000 bytes" in first["error"]["message"]
    assert second["result"]["permanents"] == {"f1": ["G"]}



def test_partial_answers_fit_the_shipped_answer_schemas(monkeypatch):
    from manasolve.answer_schema import PayAnswer, PlaysAnswer

    count = api.pay(SLOW, HYBRID, mode="count", time_limit=0.05)
    monkeypatch.setattr(deadline, "limit_solver", lambda solver: setattr(solver.parameters, "stop_after_first_solution", True))
    best = api.pay(load_board(SLOW), HYBRID, mode="best", keep=KEEP)  # (not the held board: its optimum is proven)
    monkeypatch.undo()

    def stop() -> None:
        raise deadline.TimeUp(1)

    monkeypatch.setattr(plays_module, "deadline", types.SimpleNamespace(check=stop, TimeUp=deadline.TimeUp))
    plays = api.plays(EXAMPLE)
    assert count["time_limit_reached"] and best["best_optimal"] is False and plays["unchecked"]
    for answer in (count, best):
        PayAnswer.model_validate(answer)
    PlaysAnswer.model_validate(plays)


def test_a_time_up_crosses_a_process_boundary_as_itself():
    """A worker process's TimeUp (or Cancelled) reaches its pool pickled; it must come back
    the same exception with the same seconds and message, not kill the pool's result thread."""
    import pickle

    for raised in (deadline.TimeUp(2.5), deadline.Cancelled(1.0)):
        back = pickle.loads(pickle.dumps(raised))
        assert type(back) is type(raised)
        assert back.seconds == raised.seconds
        assert str(back) == str(raised)


def test_sooner_seconds_names_the_limit_that_ends_first():
    assert deadline.sooner_seconds(7) == 7 and deadline.sooner_seconds(None) is None  # no enclosing limit
    with deadline.time_limit(100):
        assert deadline.sooner_seconds(1) == 1  # its own ends sooner
        assert deadline.sooner_seconds(1000) == 100 and deadline.sooner_seconds(None) == 100
