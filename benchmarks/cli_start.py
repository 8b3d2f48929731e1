"""Benchmark "CLI start" (issue 29): the wall time of a command line that asks one cheap
question, before and after, in one run.

Run:  python -m benchmarks.cli_start [--before f938e7b] [--runs 15] [--python VENV/bin/python]

Both sides are exported with ``git archive`` (before: commit `--before`; after: HEAD of
this checkout, so commit first) into a temporary folder and run from there with the same
interpreter (``PYTHONPATH`` = the export), their bytecode written once before timing (as
an installed copy has it: ``PYTHONDONTWRITEBYTECODE`` is removed for these runs).  The
runs of the two sides alternate, so load from other work falls on both alike.  For each
command line: the median and the best wall time, the best CPU time (user + system, which
other processes' load inflates less than the wall), and the modules it imports that the
question does not need (ortools, networkx, numpy, pandas, pydantic, multiprocessing, ray,
matplotlib).  Targets (issue 29): ``pay BOARD --cost {G}`` <= 0.25 s, ``--help`` <= 0.1 s.
Writes benchmarks/results/cli_start.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = "manasolve/data/example_board.json"
COMMANDS = [(["--help"], 0.1), (["pay", BOARD, "--cost", "{G}"], 0.25), (["pay", BOARD, "--cost", "{G}", "--json"], 0.25)]
HEAVY = ("ortools", "networkx", "numpy", "pandas", "pydantic", "pydantic_core", "multiprocessing", "ray", "matplotlib")


def export(commit: str, into: Path) -> Path:
    """The tree of `commit` written into `into` (git archive)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def _env(tree: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, PYTHONPATH=str(tree))


def timed(python: str, tree: Path, args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``python -m manasolve ARGS`` run in `tree`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([python, "-m", "manasolve", *args], cwd=tree, env=_env(tree), capture_output=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError("%s failed in %s: %s" % (args, tree, done.stderr[-1000:]))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def heavy_imports(python: str, tree: Path, args: list[str]) -> list[str]:
    """The top-level packages of `HEAVY` that ``python -X importtime -m manasolve ARGS`` imports."""
    done = subprocess.run([python, "-X", "importtime", "-m", "manasolve", *args], cwd=tree, env=_env(tree),
                          capture_output=True, text=True, check=False)
    names = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
             if line.startswith("import time:")}
    return sorted(names & set(HEAVY))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", default="f938e7b")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    args = ap.parse_args()
    after_commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                                  check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"before": export(args.before, Path(tmp) / "before"), "after": export("HEAD", Path(tmp) / "after")}
        rows = []
        for command, target in COMMANDS:
            for tree in trees.values():  # bytecode written, caches warm
                timed(args.python, tree, command)
            got: dict[str, list[tuple[float, float]]] = {side: [] for side in trees}
            for _ in range(args.runs):
                for side, tree in trees.items():
                    got[side].append(timed(args.python, tree, command))
            row = {"command": "manasolve " + " ".join(command).replace(BOARD, "BOARD"), "target": target}
            for side, tree in trees.items():
                walls = [w for w, _ in got[side]]
                row[side] = (statistics.median(walls), min(walls), min(c for _, c in got[side]),
                             heavy_imports(args.python, tree, command))
            rows.append(row)
            print(row, flush=True)
        load = os.getloadavg()
        base = [timed(args.python, trees["after"], ["--version"]) for _ in range(3)]
        bare = min(timed_python(args.python) for _ in range(args.runs))
    lines = ["# CLI start (issue 29)", "",
             "`python -m benchmarks.cli_start --before %s --runs %d` (benchmarks/cli_start.py): **before** = %s (main "
             "before issue 29), **after** = %s; each side exported with git archive and run as `%s -m manasolve ...` "
             "with its bytecode written, the runs of the two sides alternating. Load average at the end: %.1f / %.1f "
             "/ %.1f on the shared 2 cores: every wall time here is inflated by the other engineers' work; the CPU "
             "time (user + system) is inflated less, and the ratios compare the two sides under the same load. The "
             "interpreter alone (`python -c pass`, the same venv, its editable-install finder included) took %.3f s "
             "wall at best; `manasolve --version` %.3f s." % (args.before, args.runs, args.before, after_commit,
                                                             Path(args.python).name, *load, bare,
                                                             min(w for w, _ in base)),
             "", "| command line | target | before median | after median | ratio | before best | after best | "
             "before CPU | after CPU | CPU ratio | heavy imports before | after |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for row in rows:
        b, a = row["before"], row["after"]
        lines.append("| `%s` | %.2f s | %.3f s | %.3f s | %.2fx | %.3f s | %.3f s | %.3f s | %.3f s | %.2fx | %s | %s |" % (
            row["command"], row["target"], b[0], a[0], b[0] / a[0], b[1], a[1], b[2], a[2], b[2] / a[2],
            ", ".join(b[3]) or "none", ", ".join(a[3]) or "none"))
    text = "\n".join(lines) + "\n"
    print(text)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "cli_start.md").write_text(text, encoding="utf-8")


def timed_python(python: str) -> float:
    """Wall seconds of ``python -c pass``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    started = time.perf_counter()
    subprocess.run([python, "-c", "pass"], env=env, check=True)
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
