"""Benchmark "batch" (issue 29): 5,000 payable questions answered by ``manasolve batch``
with no option (the default executor) against ``--workers 1`` (this process) and
``--workers 2`` (Ray on the local cores, when Ray is installed), in one run; optionally the
default of commit `--before` beside them (it started Ray by itself from 4,096 lines).

Run:  python -m benchmarks.batch [--lines 5000] [--before f938e7b] [--no-ray]

Each run is one ``python -m manasolve batch FILE`` process (wall time from its start to
its end, Ray's start-up included); every run's answers must be byte-identical to
``--workers 1``'s (the run stops otherwise), and the executor each used is read from its
stderr line.  The questions are ``pay`` (payable, the default mode) on the example board,
ten costs in turn (``--commander``: every other one on benchmarks/decision_loop.py's
17-permanent Commander board, whose could-produce analysis makes each line ~3x dearer).
Writes benchmarks/results/batch.md and batch.png.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.decision_loop import commander

ROOT = Path(__file__).resolve().parent.parent
COSTS = ["{G}", "{1}{G}", "{2}{G}{W/U}", "{U}{U}", "{3}{B}{B}", "{W}{U}{B}{R}{G}", "{5}", "{R/P}{G}", "{C}{C}",
         "{B}{B}{B}{B}{B}{B}{B}"]


def questions(n: int, with_commander: bool = False) -> list[str]:
    """`n` JSON-RPC pay requests (payable), boards and costs in turn."""
    with open(ROOT / "manasolve" / "data" / "example_board.json", encoding="utf-8") as f:
        boards = [json.load(f)] + ([commander()] if with_commander else [])
    return [json.dumps({"jsonrpc": "2.0", "id": i, "method": "pay",
                        "params": {"board": boards[i % len(boards)], "cost": COSTS[(i // len(boards)) % len(COSTS)]}})
            for i in range(n)]


def run(tree: Path, path: Path, flags: list[str]) -> tuple[float, bytes, str]:
    """(wall seconds, stdout, stderr) of ``python -m manasolve batch PATH FLAGS`` in `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "manasolve", "batch", str(path), *flags], cwd=tree, env=env,
                          capture_output=True, check=False)
    took = time.perf_counter() - started
    if done.returncode:
        raise RuntimeError("batch %s failed: %s" % (flags, done.stderr[-2000:]))
    return took, done.stdout, done.stderr.decode("utf-8", "replace")


def plot(rows: list[dict], path: Path) -> None:
    """A bar per run: its wall time."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.2))
    labels = [r["label"] for r in rows]
    ax.barh(labels, [r["seconds"] for r in rows], color=["#4c72b0" if "default" in r["label"] else "#999999"
                                                         for r in rows])
    for i, r in enumerate(rows):
        ax.text(r["seconds"], i, " %.1f s" % r["seconds"], va="center")
    ax.invert_yaxis()
    ax.set_xlabel("wall seconds, %d payable lines (lower is better)" % rows[0]["lines"])
    ax.set_title("manasolve batch: where the lines run")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--before", default="", help="also run this commit's default (f938e7b: Ray from 4,096 lines)")
    ap.add_argument("--commander", action="store_true", help="every other line on the Commander board")
    ap.add_argument("--no-ray", action="store_true", help="leave out --workers 2 (Ray)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    args = ap.parse_args()
    try:
        import ray  # noqa: F401
        has_ray = not args.no_ray
    except ImportError:
        has_ray = False
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "questions.jsonl"
        path.write_text("\n".join(questions(args.lines, args.commander)) + "\n", encoding="utf-8")
        runs = [("default (no option)", ROOT, []), ("--workers 1", ROOT, ["--workers", "1"])]
        if has_ray:
            runs.append(("--workers 2 (Ray)", ROOT, ["--workers", "2"]))
        if args.before:
            before = Path(tmp) / "before"
            before.mkdir()
            archive = subprocess.run(["git", "archive", "--format=tar", args.before], cwd=ROOT, capture_output=True,
                                     check=True)
            subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
            runs.append(("%s default (no option)" % args.before, before, []))
        rows, reference = [], None
        for label, tree, flags in runs:
            took, out, err = run(tree, path, flags)
            if reference is None and flags == ["--workers", "1"]:
                reference = out
            rows.append({"label": label, "seconds": took, "out": out, "stderr": err.strip(), "lines": args.lines})
            print("%-28s %6.1f s  %s" % (label, took, err.strip().splitlines()[-1:] or ""), flush=True)
    for r in rows:
        assert r["out"] == reference, ("answers differ", r["label"])
    one = next(r["seconds"] for r in rows if r["label"] == "--workers 1")
    load = os.getloadavg()
    lines = ["# batch: the default executor (issue 29)", "",
             "`python -m benchmarks.batch --lines %d` (benchmarks/batch.py): %d `pay` (payable) requests on the example "
             "board%s, ten costs, one `python -m manasolve batch FILE` process per "
             "row (wall time, start-up included), the rows run one after the other in one run on this %d-core "
             "machine, shared with other engineers' work (load average at the end %.1f / %.1f / %.1f, so absolute "
             "times are inflated; the ratios compare rows under about the same load). Every row's answers are "
             "byte-identical to `--workers 1`'s (checked)." % (
                 args.lines, args.lines, " and the 17-permanent Commander board" if args.commander else "",
                 os.cpu_count() or 1, *load),
             "", "| run | seconds | vs `--workers 1` | executor (stderr line) |", "|---|---:|---:|---|"]
    for r in rows:
        said = r["stderr"].splitlines()[-1] if r["stderr"] else "(none: --workers 1 names it)"
        if "Token authentication" in r["stderr"]:
            said += " — and Ray's token-authentication notice"
        lines.append("| %s | %.1f | %.2fx | %s |" % (r["label"], r["seconds"], one / r["seconds"], said))
    lines += ["", "vs `--workers 1` = the `--workers 1` time / this row's time (above 1: faster)."]
    text = "\n".join(lines) + "\n"
    print(text)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "batch.md").write_text(text, encoding="utf-8")
    plot(rows, out / "batch.png")


if __name__ == "__main__":
    main()
