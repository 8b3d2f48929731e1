"""Where independent tasks run (manasolve.executors): the choice `where` makes from the
flags and the work measured, and the measured executor's pool, which gives every result
in task order, the same as one process, even when a forked process dies."""

from __future__ import annotations

import json
import os

import pytest

from manasolve import batch, executors
from manasolve.cli import main
from manasolve.cli.example import example_board_path
from manasolve.executors import InProcess, Measured, executor, usable_cores, where

with open(example_board_path(), encoding="utf-8") as _f:
    BOARD = json.load(_f)


def test_flags_decide_before_any_measure():
    assert where(2, None) == "ray" and where(None, "ray://head:10001") == "ray"
    assert where(1, None, seconds_left=1000.0, cores=8) == "in_process"
    assert where(None, None) == "in_process"  # nothing measured yet


def test_the_measured_work_and_the_cores_choose(monkeypatch):
    monkeypatch.setattr(executors, "can_fork", lambda: True)
    assert where(None, None, executors.POOL_FROM_SECONDS + 0.1, cores=2) == "process_pool"
    assert where(None, None, executors.POOL_FROM_SECONDS - 0.1, cores=2) == "in_process"
    assert where(None, None, 1000.0, cores=1) == "in_process"
    monkeypatch.setattr(executors, "can_fork", lambda: False)  # Ray only where it repays its start-up
    monkeypatch.setattr(executors, "ray_installed", lambda: True)
    start = executors.RAY_START_SECONDS
    assert where(None, None, 2 * start + 0.1, cores=2) == "ray"
    assert where(None, None, 2 * start - 0.1, cores=2) == "in_process"
    assert where(None, None, 1.5 * start + 0.1, cores=3) == "ray"
    monkeypatch.setattr(executors, "ray_installed", lambda: False)
    assert where(None, None, 1000.0, cores=2) == "in_process"


def test_the_default_executor_is_never_ray_up_front():
    assert isinstance(executor(None, None, 500), Measured)
    assert isinstance(executor(1, None, 500), InProcess)
    assert isinstance(executor(None, None, 1), InProcess)


def doubler(parent: int):
    """Doubles a task; a forked process dies on task 3 (as a killed process would)."""
    def work(task: int) -> int:
        if task == 3 and os.getpid() != parent:
            os._exit(1)
        return 2 * task
    return work


def _pool_at_once(monkeypatch):
    if usable_cores() < 2 or not executors.can_fork():
        pytest.skip("one usable core or no fork: no pool")
    monkeypatch.setattr(executors, "PILOT_SECONDS", 0.0)  # judged after the first task
    monkeypatch.setattr(executors, "POOL_FROM_SECONDS", -1.0)  # and a pool always pays


def test_a_forked_process_that_dies_loses_no_result(monkeypatch):
    _pool_at_once(monkeypatch)
    run = Measured()
    assert list(run.map(doubler, (os.getpid(),), list(range(40)))) == [2 * t for t in range(40)]
    assert run.kind == "process_pool" and run.workers == min(usable_cores(), 40)


def test_without_fork_the_rest_goes_to_ray_when_it_repays(monkeypatch):
    monkeypatch.setattr(executors, "PILOT_SECONDS", 0.0)
    monkeypatch.setattr(executors, "can_fork", lambda: False)
    monkeypatch.setattr(executors, "ray_installed", lambda: True)
    monkeypatch.setattr(executors, "RAY_START_SECONDS", -1.0)
    asked = []

    class FakeRay(InProcess):
        kind, workers = "ray", 3

        def map(self, factory, args, tasks):
            asked.extend(tasks)
            return super().map(factory, args, tasks)
    monkeypatch.setattr(executors, "RayExecutor", FakeRay)
    run = Measured()
    assert list(run.map(doubler, (os.getpid(),), list(range(5)))) == [0, 2, 4, 6, 8]
    assert asked == [1, 2, 3, 4] and (run.kind, run.workers) == ("ray", 3)


def _requests(n: int) -> list[str]:
    costs = ["{G}", "{2}{G}{W/U}", "{B}{B}{B}{B}{B}{B}{B}", "{2}"]
    return [json.dumps({"jsonrpc": "2.0", "id": i, "method": "pay", "params": {"board": BOARD, "cost": costs[i % 4]}})
            for i in range(n)]


def test_batch_on_the_forked_pool_answers_what_one_process_answers(monkeypatch):
    _pool_at_once(monkeypatch)
    monkeypatch.setattr(batch, "CHUNK_LINES", 2)
    lines = _requests(13)
    pooled = batch.answer_lines(lines)
    got = list(pooled)
    assert pooled.executor == {"kind": "process_pool", "workers": usable_cores()}
    assert got == list(batch.answer_lines(lines, workers=1))


def test_the_cli_says_where_the_lines_were_answered(tmp_path, capsys):
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(_requests(3)) + "\n")
    assert main(["batch", str(path)]) == 0
    out = capsys.readouterr()
    assert len(out.out.splitlines()) == 3
    assert out.err == "batch: 3 lines answered in this process (executor in_process)\n"
    assert main(["batch", str(path), "--workers", "1"]) == 0
    assert capsys.readouterr().err == ""  # --workers 1 named it
