"""Issue 27, bounded everywhere: counts and listings keep their time limit and a bounded
memory (a sound partial answer past either), board and batch files are read to a bound
(one line saying it, never a silent cut), a JSON-RPC batch answers within the limits of
its parts."""

from __future__ import annotations

import json
import time

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import load_board
from manasolve.models.bounds import MAX_BATCH_BYTES, MAX_BOARD_BYTES
from manasolve.models.mana import ManaCost
from manasolve.server import Server
from manasolve.solver import deadline
from manasolve.solver import enumerate as enumerate_module
from manasolve.solver.enumerate import PaymentCounter
from manasolve.solver.plays import plays_answer
from manasolve.solver.resources import collect
from tests.support.boards import board
from tests.support.fuzz_cases import _slow_board, run_case


def _baxter(n: int, forests: int) -> dict:
    """n Baxter Building ("{4}, {T}: Add four mana in any combination of colors": 71 roles
    each) and `forests` Forests."""
    return board(*[("b%d" % i, "Baxter Building") for i in range(n)], *[("f%d" % i, "Forest") for i in range(forests)])


def test_baxter_buildings_over_the_memory_bound_are_a_sound_partial_count():
    """4 Baxter Building + 12 Forest paying {4}{G}{G}{U} ran 83 s at 2.1 GB against its
    10 s limit: the general programme's moves of the Baxter class are 1,215,450 (over
    MAX_MOVES); the counter says so at once, with the payments counted so far (none)."""
    b = load_board(_baxter(4, 12))
    res = collect(b, "alice")
    req = ManaCost.parse("{4}{G}{G}{U}").announcements()[0].requirement
    start = time.monotonic()
    n, why = PaymentCounter(res, req, 20).count_by(None)
    assert time.monotonic() - start < 1.0
    assert n == 0 and "4 interchangeable Baxter Building have 1215450 ways" in why and "over the bound of 100000" in why


def test_a_count_over_the_bound_is_answered_partial_with_the_reason(monkeypatch):
    monkeypatch.setattr(enumerate_module, "MAX_MOVES", 100)
    answer = api.pay(_baxter(2, 6), "{4}{G}{U}", mode="count", time_limit=None)
    assert answer["payable"] is True and answer["count_exact"] is False and answer["count_at_least"] == 0
    assert "count" not in answer and "time_limit_reached" not in answer  # not the clock: the memory bound
    assert all("not counted: the 2 interchangeable Baxter Building" in u for u in answer["count_undone"])


def test_plays_count_stopped_by_the_memory_bound_says_so_and_is_no_time_limit(monkeypatch, tmp_path, capsys):
    """plays --count marked time_limit_reached for a count stopped over the memory bound:
    the play now says why in count_undone (pay's line), and only the clock marks it."""
    monkeypatch.setattr(enumerate_module, "MAX_MOVES", 100)
    b = dict(_baxter(2, 6), players=[dict(_baxter(2, 6)["players"][0], hand=["Llanowar Elves"])])
    answer = api.plays(b, count=True, time_limit=None)
    elves = next(p for p in answer["plays"] if p.get("card") == "Llanowar Elves")
    assert elves["payable"] is True and elves["count_exact"] is False and elves["count_at_least"] == 0
    assert elves["count_undone"] == api.pay(b, "{G}", mode="count", time_limit=None)["count_undone"]
    assert "over the bound of 100 kept in memory" in elves["count_undone"][0]
    assert "time_limit_reached" not in answer
    path = tmp_path / "board.json"
    path.write_text(json.dumps(b))
    monkeypatch.setenv("COLUMNS", "250")  # the table's cells on one line
    assert main(["plays", str(path), "--count"]) == 0
    assert ">= 0 (memory bound)" in capsys.readouterr().out
    with deadline.time_limit(1, started=time.monotonic() - 2):  # the clock stops it: that is a time limit
        with_clock = plays_answer(load_board(b), count=True)
    assert with_clock.time_limit_reached is True and with_clock.unchecked


def test_building_the_moves_checks_the_clock(monkeypatch):
    """With no memory bound in the way, building the 1.2 million moves stops at the
    question's deadline (it used to run for minutes first)."""
    monkeypatch.setattr(enumerate_module, "MAX_MOVES", 10 ** 9)
    res = collect(load_board(_baxter(4, 12)), "alice")
    req = ManaCost.parse("{4}{G}{G}{U}").announcements()[0].requirement
    start = time.monotonic()
    n, why = PaymentCounter(res, req, 20).count_by(time.monotonic() + 0.3)
    assert (n, why) == (0, "the time limit") and time.monotonic() - start < 2.0


def _land_sea() -> dict:
    """160 lands: basics, duals, tri-lands, any-colour lands (the issue's listing board)."""
    names = (["Forest", "Island", "Plains", "Swamp", "Mountain"] * 14 + ["Tundra", "Bayou", "Taiga", "Savannah",
             "Scrubland", "Badlands", "Plateau", "Tropical Island", "Underground Sea", "Volcanic Island"] * 6
             + ["Seaside Citadel", "Savage Lands", "City of Brass", "Mana Confluence"] * 5)
    return board(*[("l%d" % i, name) for i, name in enumerate(names)])


def test_a_listing_cut_by_the_time_limit_says_so():
    """`pay --all --limit 1000000` on 160 lands wrote for minutes (the listing ignored the
    clock on memoised branches); it now stops at the limit, and says which announcements'
    groups were not all listed (payments_undone) besides time_limit_reached."""
    start = time.monotonic()
    answer = api.pay(_land_sea(), "{2}{W}{U}{B/G}{R}", mode="all", limit=1_000_000, time_limit=1.0)
    assert time.monotonic() - start < 3.0
    assert answer["time_limit_reached"] is True and answer["groups_listed_all"] is False
    assert answer["payments_undone"] and all("not finished within 1 s" in u for u in answer["payments_undone"])
    if "count" in answer:  # counted exactly, listed in part
        assert sum(g["multiplicity"] for g in answer["payments"]) < answer["count"]


def test_a_listing_leaves_a_share_of_the_time_left_for_writing_its_answer():
    from manasolve.solver.groups import WRITING_SHARE, listing_stop

    assert listing_stop(None) is None
    now = time.monotonic()
    stop = listing_stop(now + 10)
    assert now + 10 * (1 - WRITING_SHARE) <= stop <= time.monotonic() + 10 * (1 - WRITING_SHARE) < now + 10
    assert listing_stop(now - 1) == now - 1  # already past: nothing to share


def test_the_listing_of_pay_all_stops_at_its_own_share_of_the_limit(monkeypatch):
    """With the whole time left for writing (a share of 1), the listing of 160 lands'
    payments stops at once, well inside its 60 s, and says it was cut by the time limit."""
    from manasolve.solver import groups

    monkeypatch.setattr(groups, "WRITING_SHARE", 1.0)
    answer = api.pay(_land_sea(), "{2}{W}{U}{B/G}{R}", mode="all", limit=1_000_000, time_limit=60)
    assert answer["count_exact"] is True and answer["groups_listed_all"] is False
    assert answer["time_limit_reached"] is True and sum(g["multiplicity"] for g in answer["payments"]) < answer["count"]


def test_a_listing_cut_by_its_limit_of_groups_is_not_marked_partial():
    answer = api.pay(board(("f1", "Forest"), ("f2", "Forest"), ("t", "Tundra")), "{1}", mode="all", limit=1)
    assert answer["groups_listed_all"] is False and "payments_undone" not in answer
    assert "time_limit_reached" not in answer


@pytest.mark.parametrize("command", [["produce"], ["pay", "--cost", "{G}"], ["plays"]])
def test_an_endless_board_file_is_refused_at_its_bound(command):
    """`produce /dev/zero` ended in MemoryError: a board file is read to MAX_BOARD_BYTES."""
    out = run_case("/dev/zero", command[0], command[1:])
    assert out.code == 2 and out.error is None
    assert out.err == "/dev/zero: more than %d bytes, the bound of a board file\n" % MAX_BOARD_BYTES


def test_an_endless_batch_file_is_refused_at_its_bound(capsys):
    assert main(["batch", "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert err == "/dev/zero: cannot read the questions: more than %d bytes, the bound of a batch file\n" % MAX_BATCH_BYTES


def test_a_batch_line_holding_u2028_is_one_request(tmp_path, capsys):
    """`batch` split lines where `serve` does not (U+2028): one line, one answer."""
    request = {"jsonrpc": "2.0", "id": "a\u2028b", "method": "produce", "params": {"board": board(("f", "Forest"))}}
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(request, ensure_ascii=False) + "\n", encoding="utf-8")
    assert main(["batch", str(path), "--workers", "1"]) == 0
    lines = capsys.readouterr().out.split("\n")
    assert lines[1:] == [""] and json.loads(lines[0])["id"] == "a\u2028b"


def test_a_json_rpc_batch_answers_in_order_within_the_limits_of_its_parts():
    """A batch of slow questions (plays counts, audits, listings, best payments on 60
    mixed sources), each with a 0.3 s limit: all answered, in order, within the sum of
    their limits plus a measured overshoot (the parts' own, below 0.5 s each here)."""
    server = Server(time_limit=0.3)
    slow = _slow_board()
    hybrid = "{W/U}{B/G}{G/P}{R/P}{2/W}{U/B}{2}{2}"
    requests = []
    for i in range(4):
        requests += [{"jsonrpc": "2.0", "id": 5 * i, "method": "plays", "params": {"board": slow, "count": True}},
                     {"jsonrpc": "2.0", "id": 5 * i + 1, "method": "pay",
                      "params": {"board": slow, "cost": hybrid, "mode": "all", "limit": 1_000_000}},
                     {"jsonrpc": "2.0", "id": 5 * i + 2, "method": "pay",
                      "params": {"board": slow, "cost": hybrid, "mode": "best"}},
                     {"jsonrpc": "2.0", "id": 5 * i + 3, "method": "pay", "params": [[[[1]]]]},
                     {"jsonrpc": "2.0", "id": 5 * i + 4, "method": "audit",
                      "params": {"board": slow, "cost": hybrid, "payment": {"announced": "{W}"}}}]
    server.handle_line(json.dumps(requests[:5]))  # imports and first models out of the way
    start = time.monotonic()
    answers = json.loads(server.handle_line(json.dumps(requests)))
    assert [a["id"] for a in answers] == list(range(len(requests)))
    assert time.monotonic() - start < len(requests) * (0.3 + 0.5)


def test_a_counter_stopped_while_it_prepares_counts_whole_the_next_time():
    """A time-out while the general programme is set up (the moves of a class) left the
    counter half built (its oracle set, its moves not): the next question on it failed
    with an AttributeError.  Stopped there, it is set up again when asked again."""
    res = collect(load_board(_baxter(2, 4)), "alice")
    req = ManaCost.parse("{2}{G}{U}").announcements()[0].requirement
    fresh = PaymentCounter(res, req, 20).count_by(None)
    assert fresh[1] is None and fresh[0] > 0
    counter = PaymentCounter(res, req, 20)
    assert counter.split is None  # the general programme, not the split summary
    assert counter.count_by(time.monotonic() - 1.0) == (0, "the time limit")
    assert counter.count_by(None) == fresh
