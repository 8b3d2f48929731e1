"""The long fuzz run of issue 17: N fuzzed command lines in-process (default 100,000) and a
sample run as subprocesses under a memory and a time limit; fuzzed server sessions
in-process and a sample through ``manasolve serve`` processes (with a line longer than the
server reads); the determinism recheck (valid cases answered byte-identically twice and
with every JSON object's keys shuffled).  The outcome tables are written to
benchmarks/results/fuzz.md (and fuzz.png: outcomes by command).

    python -m benchmarks.fuzz [--cases N] [--subprocess M] [--server K] [--server-subprocess J]
                              [--doors E] [--determinism D] [--seed S] [--timeout SECONDS] [--jobs P]

``--doors E``: E cases over every door (tests/support/fuzz_doors.py: board, payment, card file,
deck, batch, server envelope, session methods), each classified kept / traceback / hang /
unhelpful / coerced / answered notification / server death / doors disagree.

The cases are those of tests/support/fuzz_cases.py (the suite runs 200 command lines and 20
server sessions of them each time).  An in-process case past --timeout is stopped by
SIGALRM and counted as a hang.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import multiprocessing
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.results_files import RESULTS, write_results
from manasolve.server import MAX_LINE
from tests.support.fuzz_cases import MISSING_PAYMENT, Outcome, argv_tail, board_text, run_case, verdict
from tests.support.fuzz_cases import run_server, server_lines, server_verdict

MEMORY_LIMIT = 1024 ** 3  # bytes of address space per subprocess (the 1 GB)


class _Hang(BaseException):  # not caught by run_case as a traceback
    pass


def _alarm(signum, frame):
    raise _Hang()


def in_process(cases: range, seed: int, timeout: float, folder: Path) -> tuple:
    """Outcome counts of `cases` (case i: seed + i), one example per kind of failure,
    (command, outcome) counts and the peak resident memory of this process (KB)."""
    counts: collections.Counter = collections.Counter()
    examples: dict[str, tuple] = {}
    by_command: collections.Counter = collections.Counter()
    signal.signal(signal.SIGALRM, _alarm)
    path = str(folder / ("board%d.json" % cases.start))
    for i in cases:
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
    return counts, examples, by_command, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


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


# The server's own limit per question in the server runs (a fuzzed request may give its own).
SERVER_TIME_LIMIT = 1.0


def server_sessions(sessions: range, seed: int, timeout: float) -> tuple:
    """Outcome counts of fuzzed server sessions served in-process (one in ten with a line
    longer than the server reads), one example per kind of failure, and the peak resident
    memory of this process (KB)."""
    counts: collections.Counter = collections.Counter()
    examples: dict[str, int] = {}
    signal.signal(signal.SIGALRM, _alarm)
    for i in sessions:
        rng = random.Random(seed + 2 * 10 ** 9 + i)
        lines = server_lines(rng, huge=MAX_LINE + 10 if rng.random() < 0.1 else 0)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            problem = server_verdict(run_server(lines, SERVER_TIME_LIMIT))
        except _Hang:
            problem = "hang past %g s" % timeout
        except Exception as exc:  # noqa: BLE001 - an exception out of serve() is a traceback
            problem = "traceback: %s: %s" % (type(exc).__name__, str(exc)[:200])
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        counts[_server_kind(problem)] += 1
        if problem:
            examples.setdefault(problem[:90], seed + 2 * 10 ** 9 + i)
    return counts, examples, None, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def doors(cases: range, seed: int, timeout: float, folder: Path) -> tuple:
    """Class counts (tests/support/fuzz_doors.py CLASSES) of fuzzed cases at every door (case i:
    seed + 5 * 10**9 + i), one example seed per (door, class) that is not kept, the
    (door, class) counts and the peak resident memory of this process (KB)."""
    from tests.support.fuzz_doors import door_case, run_door

    counts: collections.Counter = collections.Counter()
    examples: dict[str, int] = {}
    by_door: collections.Counter = collections.Counter()
    signal.signal(signal.SIGALRM, _alarm)
    here = folder / ("doors%d" % cases.start)
    here.mkdir(exist_ok=True)
    for i in cases:
        rng = random.Random(seed + 5 * 10 ** 9 + i)
        door, case = door_case(rng)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            kind = run_door(door, case, here)
        except _Hang:
            kind = "hang"
        except Exception:  # noqa: BLE001 - an exception out of the door's runner is a traceback
            kind = "traceback"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        counts[kind] += 1
        by_door[(door, kind)] += 1
        if kind != "kept":
            examples.setdefault("%s: %s" % (door, kind), seed + 5 * 10 ** 9 + i)
    return counts, examples, by_door, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


class Subprocesses:
    """tests/support/fuzz_doors.py's runner through real processes: each call a ``python -m
    manasolve`` process under MEMORY_LIMIT and `timeout` seconds (past it: a hang)."""

    def __init__(self, timeout: float):
        self.timeout = timeout

    @staticmethod
    def _limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    def _run(self, argv: list[str], data: bytes | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "manasolve"] + argv, input=data, capture_output=True,
                              timeout=self.timeout, preexec_fn=self._limits)

    def cli(self, path: str, command: str, flags: list[str]) -> Outcome:
        done = self._run([command, path] + [path if f == "BOARD" else f for f in flags])
        err = done.stderr.decode("utf-8", "replace")
        crashed = done.returncode not in (0, 1, 2, 3) or "Traceback" in err or "MemoryError" in err
        return Outcome(done.returncode, done.stdout.decode("utf-8", "replace"), err,
                       RuntimeError("exit %d: %s" % (done.returncode, err[-200:])) if crashed else None)

    def serve(self, data: bytes, time_limit: float | None) -> tuple[bytes, bool]:
        done = self._run(["serve"] + (["--timeout", str(time_limit)] if time_limit else []), data)
        return done.stdout, done.returncode != 0 or bool(done.stderr)

    def requests(self, lines: list[str]) -> list[str | None]:
        written, died = self.serve("".join(line + "\n" for line in lines).encode(), None)
        got = written.decode("utf-8", "replace").split("\n")[:-1] if not died else []
        return got + [None] * (len(lines) - len(got))


def door_subprocesses(per_door: int, seed: int, timeout: float, folder: Path) -> collections.Counter:
    """(door, class) counts of `per_door` cases at each door run through real processes
    (Subprocesses; case i of a door: seed + 6 * 10**9 + i)."""
    from tests.support.fuzz_doors import DOORS, door_case, run_door

    counts: collections.Counter = collections.Counter()
    runner = Subprocesses(timeout)
    here = folder / "door-subprocesses"
    here.mkdir(exist_ok=True)
    for door in DOORS:
        for i in range(per_door):
            _, case = door_case(random.Random(seed + 6 * 10 ** 9 + i), door)
            try:
                kind = run_door(door, case, here, runner)
            except subprocess.TimeoutExpired:
                kind = "hang"
            counts[(door, kind)] += 1
    return counts


def doors_report(args, by_door: list, examples: dict, sub: collections.Counter, seconds: float) -> list[str]:
    """The door × class tables of the --doors run (in-process) and of its sample through
    real processes (--door-subprocess)."""
    from tests.support.fuzz_doors import CLASSES, DOORS

    def table(counts: dict) -> list[str]:
        rows = ["| door | cases | " + " | ".join(CLASSES) + " |", "|---|---:|" + "---:|" * len(CLASSES)]
        for door in DOORS:
            row = [counts.get((door, k), 0) for k in CLASSES]
            rows.append("| %s | %d | %s |" % (door, sum(row), " | ".join(str(n) for n in row)))
        total = [sum(counts.get((d, k), 0) for d in DOORS) for k in CLASSES]
        return rows + ["| all | %d | %s |" % (sum(total), " | ".join(str(n) for n in total))]

    lines = ["## Every door (issue 27)", "",
             "`python -m benchmarks.fuzz --doors %d --door-subprocess %d --seed %d --timeout %g --jobs %d%s` on %s, "
             "%.0f s." % (args.doors, args.door_subprocess, args.seed, args.timeout, args.jobs,
                          " --doors-only" if args.doors_only else "", time.strftime("%Y-%m-%d"), seconds), "",
             "Cases from tests/support/fuzz_doors.py: board files (mutated, and wrong-typed stand-ins such as "
             "`\"tapped\": \"yes\"`); payments given to both `board.apply` and `audit` (mutated shapes and types, "
             "and payments built from the example board's real abilities, manasolve's own best payments changed "
             "in one place: tapped, sick, missing or opponent's permanents, mana an ability does not add, life "
             "beyond the total), each refusal the same path and message at both doors but for what only audit "
             "can know from the cost (601.2b, 106.6, the life 601.2h takes); card files (`cards check`, "
             "`--cards`); deck files (`castability --games 3`); batch files (`manasolve batch`); server "
             "envelopes (ids of every JSON type, lone surrogates, methods, notifications alone and inside "
             "batches, batch members that are no objects, bytes that are not UTF-8, blank lines, one case in a "
             "hundred an 8 MB line over the bound) and session methods.  Served answers are checked id by id "
             "against what JSON-RPC 2.0 owes (tests/support/fuzz_doors.py `expected_ids`: one answer per request with an "
             "id, a null id for an unreadable line, none for a notification).  Each case classified "
             "(tests/support/fuzz_doors.py docstring); a case past %g s is a hang." % args.timeout, "",
             "In-process (%d process%s):" % (args.jobs, "" if args.jobs == 1 else "es"), ""] + table(dict(by_door))
    lines += ["", "Through real processes (`python -m manasolve ...`, `manasolve serve` for the payment, envelope and "
              "session doors; %d MB address-space limit, %g s each):" % (MEMORY_LIMIT // 1024 ** 2, args.sub_timeout),
              ""] + table(dict(sub))
    if examples:
        lines += ["", "| door: class | first seed |", "|---|---:|"]
        lines += ["| %s | %d |" % (k, v) for k, v in sorted(examples.items())]
    return lines + [""]


# Cases a part holds at most: each part's counts are added (and the progress told on
# stderr) as it ends.
PART = 2000


def _run_part(job: tuple) -> tuple:
    run, part = job
    return run(*part)


def spread(run, total: int, jobs: int, *args) -> tuple:
    """`run(cases, *args)` over range(total) cut into parts of at most PART cases, shared
    by `jobs` processes (the same cases as one process would run); the sums of the parts'
    counts, their examples, their (command, outcome) counts and their largest peak memory.
    The counts so far are told on stderr as each part ends."""
    size = min(-(-total // jobs), PART)
    parts = [(range(k, min(k + size, total)),) + args for k in range(0, total, size)] or [(range(0),) + args]
    started, results = time.monotonic(), []
    with multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for result in (pool.imap_unordered(_run_part, [(run, part) for part in parts]) if pool
                       else (run(*part) for part in parts)):
            results.append(result)
            done = collections.Counter()
            for part_counts, *_ in results:
                done.update(part_counts)
            print("%s: %d/%d parts, %d cases in %.0f s: %s" % (run.__name__, len(results), len(parts),
                                                            sum(done.values()), time.monotonic() - started,
                                                            dict(done)), file=sys.stderr, flush=True)
    counts: collections.Counter = collections.Counter()
    examples: dict = {}
    by_command: collections.Counter = collections.Counter()
    for part_counts, part_examples, part_commands, _ in results:
        counts.update(part_counts)
        by_command.update(part_commands or {})
        for problem, example in part_examples.items():
            examples.setdefault(problem, example)
    return counts, examples, sorted(by_command.items()), max(peak for *_, peak in results)


def _server_kind(problem: str | None) -> str:
    if problem is None:
        return "all answered"
    for kind in ("traceback", "internal error", "hang"):
        if problem.startswith(kind):
            return kind
    return "bad response"


def server_subprocess(j: int, seed: int, timeout: float) -> tuple[collections.Counter, int]:
    """Outcome counts of `j` sessions each piped through one ``manasolve serve --timeout``
    process under MEMORY_LIMIT and `timeout`, every one with a line longer than the server
    reads; the peak resident memory of any child process so far (KB)."""
    counts: collections.Counter = collections.Counter()
    peak = 0

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    for i in range(j):
        rng = random.Random(seed + 3 * 10 ** 9 + i)
        text = "".join(line + "\n" for line in server_lines(rng, huge=MAX_LINE + 10))
        argv = [sys.executable, "-m", "manasolve", "serve", "--timeout", str(SERVER_TIME_LIMIT)]
        try:
            done = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=timeout, preexec_fn=limits)
            problem = server_verdict(done.stdout)
            if problem is None and (done.returncode != 0 or done.stderr):
                problem = "traceback: exit %d, %s" % (done.returncode, done.stderr[-200:])
        except subprocess.TimeoutExpired:
            problem = "hang past %g s" % timeout
        peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        counts[_server_kind(problem)] += 1
    return counts, peak


def shuffled(value, rng: random.Random):
    """`value` with the keys of every JSON object in it in a random order."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {k: shuffled(value[k], rng) for k in keys}
    if isinstance(value, list):
        return [shuffled(v, rng) for v in value]
    return value


def determinism(d: int, seed: int, folder: Path) -> collections.Counter:
    """The first `d` fuzzed cases answered with exit 0 (within the default time limit),
    each run again and with its board's object keys shuffled: how many answers were
    byte-identical all three times.  A board Python's json reads differently from the
    server's (a duplicated key) is skipped."""
    counts: collections.Counter = collections.Counter()
    path = str(folder / "det.json")
    i = 0
    while counts["valid cases"] < d:
        rng = random.Random(seed + 4 * 10 ** 9 + i)
        i += 1
        text = board_text(rng)
        command, flags = argv_tail(rng)
        if "--timeout" in flags:  # a small limit answers what it reached: not meant to repeat
            continue
        Path(path).write_text(text, encoding="utf-8")
        first = run_case(path, command, flags)
        if first.code != 0 or '"time_limit_reached": true' in first.out:
            continue
        try:
            board = json.loads(text)
        except ValueError:
            continue
        counts["valid cases"] += 1
        again = run_case(path, command, flags)
        Path(path).write_text(json.dumps(shuffled(board, random.Random(i))), encoding="utf-8")
        mixed = run_case(path, command, flags)
        counts["identical twice"] += again.out == first.out
        counts["identical with keys shuffled"] += mixed.out == first.out
        if mixed.out != first.out:
            counts["differs: %s %s" % (command, " ".join(flags)[:80])] += 1
    return counts


def report(args, counts, examples, rows, sub, sub_peak, seconds, own_peak, server, server_examples, server_sub,
           server_peak, det) -> str:
    kinds = ["exit 0", "exit 1", "exit 2", "exit 3", "traceback", "hang", "unhelpful line"]
    lines = ["# Fuzzed command lines (issue 17)", "",
             "`python -m benchmarks.fuzz --cases %d --subprocess %d --server %d --server-subprocess %d --determinism %d "
             "--seed %d --timeout %g --jobs %d` on %s, %.0f s."
             % (args.cases, args.subprocess, args.server, args.server_subprocess, args.determinism, args.seed,
                args.timeout, args.jobs, time.strftime("%Y-%m-%d"), seconds), "",
             "Cases from tests/support/fuzz_cases.py: the example board mutated (types swapped, keys renamed or "
             "duplicated, huge/negative numbers, NaN, unicode, long strings, deep nesting, attachment cycles, "
             "inline cards with wrong field types), fuzzed costs and flags (one case in ten with a `--timeout` "
             "of 1 ms to 1 s or a bad one).  Contract: exit 0/1 with a JSON answer (a partial one past the time "
             "limit, marked `time_limit_reached`), exit 2 with one line of at most 300 characters naming the "
             "file or flag, or exit 3 with such a line saying the question gave up at its time limit.", "",
             "| run | cases | " + " | ".join(kinds) + " | peak memory |",
             "|---|---:|" + "---:|" * len(kinds) + "---:|",
             "| in-process (%d process%s) | %d | %s | %.0f MB (the runner's largest RSS) |" % (
                 args.jobs, "" if args.jobs == 1 else "es",
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
    skinds = ["all answered", "bad response", "internal error", "traceback", "hang"]
    lines += ["", "## The server (`manasolve serve`)", "",
              "Fuzzed sessions from tests/support/fuzz_cases.py (`server_lines`): the example board loaded, then 3-11 lines "
              "(not JSON, wrong envelopes, batches, fuzzed params and boards, slow `pay` count/all/best on a "
              "60-source board with a 1 ms-0.3 s `time_limit` or the server's own %g s), then a probe question.  "
              "A session passes when every response is one JSON-RPC line with a known code (no -32603 internal "
              "error) and a message of one line of at most 300 characters, and the probe is answered last (the "
              "server went on).  Lines longer than the server reads (%d characters) are answered -32600 and "
              "skipped." % (SERVER_TIME_LIMIT, MAX_LINE), "",
              "| run | sessions | " + " | ".join(skinds) + " | peak memory |",
              "|---|---:|" + "---:|" * len(skinds) + "---:|",
              "| in-process (one in ten with a line over the bound) | %d | %s | (in the runner's RSS above) |" % (
                  args.server, " | ".join(str(server.get(k, 0)) for k in skinds)),
              "| `manasolve serve` processes, %d MB address-space limit, %g s, each with a line over the bound | %d "
              "| %s | %.0f MB (largest of any subprocess) |" % (MEMORY_LIMIT // 1024 ** 2, args.sub_timeout, args.server_subprocess,
                                   " | ".join(str(server_sub.get(k, 0)) for k in skinds), server_peak / 1024), ""]
    if server_examples:
        lines += ["| server problem | seed |", "|---|---:|"]
        lines += ["| %s | %d |" % (p.replace("|", "\\|"), s) for p, s in sorted(server_examples.items())]
        lines += [""]
    lines += ["## Determinism", "",
              "The first %d fuzzed cases answered with exit 0 (no `--timeout` flag, no `time_limit_reached`), "
              "each run a second time and with every JSON object's keys of its board shuffled:" % args.determinism, "",
              "| valid cases | byte-identical twice | byte-identical with keys shuffled |", "|---:|---:|---:|",
              "| %d | %d | %d |" % (det["valid cases"], det["identical twice"], det["identical with keys shuffled"])]
    lines += [""] + ["- %s (%d)" % (k, n) for k, n in sorted(det.items()) if k.startswith("differs")]
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
    parser.add_argument("--server", type=int, default=1000, help="fuzzed server sessions in-process")
    parser.add_argument("--server-subprocess", type=int, default=20, help="sessions through manasolve serve processes")
    parser.add_argument("--determinism", type=int, default=200, help="valid cases checked for byte-identical answers")
    parser.add_argument("--doors", type=int, default=100_000, help="fuzzed cases over every door (tests/support/fuzz_doors.py)")
    parser.add_argument("--door-subprocess", type=int, default=10, help="cases of each door through real processes")
    parser.add_argument("--doors-only", action="store_true",
                        help="only the door runs: the issue 17 sections of benchmarks/results/fuzz.md are kept")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per in-process case")
    parser.add_argument("--sub-timeout", type=float, default=30.0, help="seconds per subprocess case")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the in-process cases and sessions")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(1000)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        # The subprocesses first: the peak memory of children is read before the --jobs
        # worker processes (children too) exist.
        door_sub = door_subprocesses(args.door_subprocess, args.seed, args.sub_timeout, Path(tmp))
        doors_start = time.monotonic()
        door_counts, door_examples, door_rows, door_peak = spread(doors, args.doors, args.jobs, args.seed,
                                                                  args.timeout, Path(tmp))
        door_text = "\n".join(doors_report(args, door_rows, door_examples, door_sub, time.monotonic() - doors_start))
        if args.doors_only:
            kept = (RESULTS / "fuzz.md").read_text(encoding="utf-8").split("## Every door (issue 27)")[0]
            print(write_results("fuzz", kept + door_text, lambda path: None))
            print(door_text)
            return 0
        sub, sub_peak = subprocess_sample(args.subprocess, args.seed, args.sub_timeout, Path(tmp))
        server_sub, server_peak = server_subprocess(args.server_subprocess, args.seed, args.sub_timeout * 3)
        counts, examples, rows, own_peak = spread(in_process, args.cases, args.jobs, args.seed, args.timeout, Path(tmp))
        server, server_examples, _, server_own_peak = spread(server_sessions, args.server, args.jobs, args.seed,
                                                             args.timeout * 3)
        det = determinism(args.determinism, args.seed, Path(tmp))
        own_peak = max(own_peak, server_own_peak, door_peak, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    text = report(args, counts, examples, rows, sub, sub_peak, time.monotonic() - start, own_peak, server,
                  server_examples, server_sub, server_peak, det)
    text += "\n" + door_text
    print(write_results("fuzz", text, plot(rows)))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
