"""The long fuzz run of issue 17: N fuzzed command lines in-process (default 100,000) and a
sample run as subprocesses under a memory and a time limit; the outcome table is written to
benchmarks/results/fuzz.md (and fuzz.png: outcomes by command).

    python -m benchmarks.fuzz [--cases N] [--subprocess M] [--seed S] [--timeout SECONDS]

The cases are those of tests/fuzz_cases.py (the suite runs 200 of them each time).  An
in-process case past --timeout is stopped by SIGALRM and counted as a hang.
"""

from __future__ import annotations

import argparse
import collections
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.results_files import write_results
from tests.fuzz_cases import MISSING_PAYMENT, Outcome, argv_tail, board_text, run_case, verdict

MEMORY_LIMIT = 1024 ** 3  # bytes of address space per subprocess (the 1 GB)


class _Hang(BaseException):  # not caught by run_case as a traceback
    pass


def _alarm(signum, frame):
    raise _Hang()


def in_process(n: int, seed: int, timeout: float, folder: Path) -> tuple[collections.Counter, dict, list]:
    """Outcome counts, one example per kind of failure, and (command, outcome) rows."""
    counts: collections.Counter = collections.Counter()
    examples: dict[str, tuple] = {}
    by_command: collections.Counter = collections.Counter()
    signal.signal(signal.SIGALRM, _alarm)
    path = str(folder / "board.json")
    for i in range(n):
        rng = random.Random(seed + i)
        Path(path).write_text(board_text(rng), encoding="utf-8")
        command, flags = argv_tail(rng)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            outcome = run_case(path, command, flags)
            problem = verdict(outcome, path, MISSING_PAYMENT)
        except _Hang:
            outcome, problem = None, "hang past %g s" % timeout
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        kind = _kind(outcome, problem)
        counts[kind] += 1
        by_command[(command, kind)] += 1
        if problem:
            examples.setdefault(problem[:90], (seed + i, command, " ".join(flags)[:160]))
    return counts, examples, sorted(by_command.items())


def _kind(outcome: Outcome | None, problem: str | None) -> str:
    if problem is None:
        return "exit %d" % outcome.code
    if problem.startswith("traceback"):
        return "traceback"
    if problem.startswith("hang"):
        return "hang"
    return "unhelpful line"


def subprocess_sample(m: int, seed: int, timeout: float, folder: Path) -> tuple[collections.Counter, int]:
    """Outcome counts of `m` cases run as ``python -m manasolve`` under MEMORY_LIMIT and
    `timeout`, and the peak resident memory of any of them (KB)."""
    counts: collections.Counter = collections.Counter()
    peak = 0
    path = str(folder / "sub.json")

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    for i in range(m):
        rng = random.Random(seed + 10 ** 9 + i)
        Path(path).write_text(board_text(rng), encoding="utf-8")
        command, flags = argv_tail(rng)
        argv = [sys.executable, "-m", "manasolve", command, path] + [path if f == "BOARD" else f for f in flags]
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, preexec_fn=limits)
            outcome = Outcome(done.returncode, done.stdout, done.stderr)
            problem = verdict(outcome, path, MISSING_PAYMENT)
            if problem is None and "MemoryError" in done.stderr:
                problem = "traceback: MemoryError"
            if done.returncode not in (0, 1, 2) and problem is None:
                problem = "traceback: exit %d" % done.returncode
        except subprocess.TimeoutExpired:
            outcome, problem = None, "hang past %g s" % timeout
        peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before)
        counts[_kind(outcome, problem)] += 1
    return counts, peak


def report(args, counts, examples, rows, sub, sub_peak, seconds, own_peak) -> str:
    kinds = ["exit 0", "exit 1", "exit 2", "traceback", "hang", "unhelpful line"]
    lines = ["# Fuzzed command lines (issue 17)", "",
             "`python -m benchmarks.fuzz --cases %d --subprocess %d --seed %d --timeout %g` on %s, %.0f s."
             % (args.cases, args.subprocess, args.seed, args.timeout, time.strftime("%Y-%m-%d"), seconds), "",
             "Cases from tests/fuzz_cases.py: the example board mutated (types swapped, keys renamed or "
             "duplicated, huge/negative numbers, NaN, unicode, long strings, deep nesting, attachment cycles, "
             "inline cards with wrong field types), fuzzed costs and flags.  Contract: exit 0/1 with a JSON "
             "answer, or exit 2 with one line of at most 300 characters naming the file or flag.", "",
             "| run | cases | " + " | ".join(kinds) + " | peak memory |",
             "|---|---:|" + "---:|" * len(kinds) + "---:|",
             "| in-process | %d | %s | %.0f MB (the runner's own RSS) |" % (
                 args.cases, " | ".join(str(counts.get(k, 0)) for k in kinds), own_peak / 1024),
             "| subprocess, %d MB address-space limit, %g s | %d | %s | %.0f MB |" % (
                 MEMORY_LIMIT // 1024 ** 2, args.sub_timeout, args.subprocess,
                 " | ".join(str(sub.get(k, 0)) for k in kinds), sub_peak / 1024), ""]
    if examples:
        lines += ["## Failures, one example of each", "", "| problem | seed | command |", "|---|---:|---|"]
        lines += ["| %s | %d | `%s %s` |" % (p.replace("|", "\\|"), s, c, f.replace("|", "\\|").replace("`", "'"))
                  for p, (s, c, f) in sorted(examples.items())]
    else:
        lines += ["No failures."]
    lines += ["", "## By command (in-process)", "", "| command | outcome | cases |", "|---|---|---:|"]
    lines += ["| %s | %s | %d |" % (c, k, n) for (c, k), n in rows]
    return "\n".join(lines) + "\n"


def plot(rows):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        commands = sorted({c for (c, _), _ in rows})
        kinds = sorted({k for (_, k), _ in rows})
        fig, ax = plt.subplots(figsize=(8, 4))
        bottom = [0] * len(commands)
        for k in kinds:
            vals = [dict(rows).get((c, k), 0) for c in commands]
            ax.bar(commands, vals, bottom=bottom, label=k)
            bottom = [b + v for b, v in zip(bottom, vals)]
        ax.set_ylabel("cases")
        ax.set_title("Fuzzed command lines: outcome by command")
        ax.legend()
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)
    return draw


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--subprocess", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per in-process case")
    parser.add_argument("--sub-timeout", type=float, default=30.0, help="seconds per subprocess case")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(1000)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        counts, examples, rows = in_process(args.cases, args.seed, args.timeout, Path(tmp))
        own_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        sub, sub_peak = subprocess_sample(args.subprocess, args.seed, args.sub_timeout, Path(tmp))
    text = report(args, counts, examples, rows, sub, sub_peak, time.monotonic() - start, own_peak)
    print(write_results("fuzz", text, plot(rows)))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
