"""`manasolve batch` answers lines in order through the server's dispatch; the one Ray run
of the suite: castability with 2 workers equals 1 worker, and batch on Ray equals batch
in this process."""

from __future__ import annotations

import json

import pytest

from manasolve import batch
from manasolve.castability import run_games
from manasolve.cli import main
from manasolve.cli.example import example_board_path
from manasolve.server import Server
from manasolve.solver.goldfish import KARSTEN, GameSetup, Question

with open(example_board_path(), encoding="utf-8") as _f:
    BOARD = json.load(_f)


def _lines(n: int) -> list[str]:
    costs = ["{G}", "{2}{G}{W/U}", "{B}{B}{B}{B}{B}{B}{B}", "{2}"]
    out = [json.dumps({"jsonrpc": "2.0", "id": i, "method": "pay", "params": {"board": BOARD, "cost": costs[i % 4],
                       "mode": "count" if i % 3 == 0 else "payable"}}) for i in range(n)]
    out[5] = "not json"
    out[7] = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "board.load", "params": {"board": BOARD}})
    return out


def test_batch_answers_in_order_as_the_server_does(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(batch, "CHUNK_LINES", 3)
    lines = _lines(11)
    got = list(batch.answer_lines(lines, workers=1))
    server = Server()
    expected = [server.handle_line(line) for line in lines]
    assert [json.loads(a).get("id") for a in got] == [0, 1, 2, 3, 4, None, 6, 7, 8, 9, 10]
    assert [a for i, a in enumerate(got) if i not in (7,)] == [e for i, e in enumerate(expected) if i != 7]
    assert "board sessions are not kept in batch" in json.loads(got[7])["error"]["message"]
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["batch", str(path), "--workers", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == got


def test_ray_two_workers_answer_what_one_process_answers(monkeypatch):
    pytest.importorskip("ray")
    import ray

    monkeypatch.setattr(batch, "CHUNK_LINES", 3)  # three chunks of batch lines
    setup = GameSetup(("Swamp",) * 9 + ("Island",) * 8 + ("Gitaxian Probe",) * 23,
                      (Question("x", "{U}{B}", 2), Question("y", "{1}{B}{B}", 3)), 4, True, KARSTEN)
    try:
        games = 25_000  # three shards
        on_ray = run_games(setup, games, seed=11, workers=2)
        lines = _lines(9)
        ray_lines = list(batch.answer_lines(lines, workers=2))
        assert ray.is_initialized()
    finally:
        ray.shutdown()
    assert on_ray == run_games(setup, games, seed=11, workers=1)
    assert ray_lines == list(batch.answer_lines(lines, workers=1))


def test_ray_starts_only_when_asked_for():
    from manasolve.executors import InProcess, RayExecutor, executor

    assert not isinstance(executor(None, None, 10_000), RayExecutor)  # the default measures first
    assert isinstance(executor(1, None, 500), InProcess)
    assert isinstance(executor(None, None, 1), InProcess)
