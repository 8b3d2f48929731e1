"""Benchmark "best in a priority window" (issue 29, the best line): `pay --best` asked
again on a held board, and after a tap.

Run:  python -m benchmarks.best_window [--before f11c31a] [--seed 7] [--repeat 25]

Side by side in one run, the code of commit `--before` (exported with ``git archive``)
and this checkout, each row in fresh warm processes of that code (CP-SAT imported), run
before, after, after, before, each side's figure the lower of its two medians (a load
rising or falling during the row favours neither side):

* **again**: the same best question (no ``why``) on one held board object, as
  benchmarks/decision_loop.py's best rows ask it: the median of `--repeat` calls after the
  first (which builds the model);
* **window**: on a `PlayBoard`, tap one permanent (the first seven in turn), ask best,
  undo (the board before the window asked about already): the median of `--repeat` windows.

Boards and costs are decision_loop's best rows: the 17-permanent Commander board, land-sea
boards of 20 and 160 lands (seed `--seed`), and best with two keep costs.  Every answer
(the best payment's JSON and levels) must be the same on both sides (the run stops
otherwise).  Writes benchmarks/results/best_window.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cases(seed: int, repeat: int) -> list[dict]:
    """Every row of the run."""
    from benchmarks.decision_loop import board_dict, commander, land_sea

    rng = random.Random(seed)  # (decision_loop's boards: the same draws in the same order)
    ls20, ls160 = board_dict(land_sea(20, rng)), board_dict(land_sea(160, rng))
    questions = [("Commander, 17 permanents", commander(), "{7}{U}", []),
                 ("land sea, 20 lands", ls20, "{2}{W}{U}", []),
                 ("land sea, 160 lands", ls160, "{2}{W}{U}{B/P}", []),
                 ("+ 2 keep costs: Commander, 17 permanents", commander(), "{2}{U}", ["{1}{G}", "{B}{R}"]),
                 ("+ 2 keep costs: land sea, 160 lands", ls160, "{2}{W}{U}", ["{1}{G}", "{B}{R}"])]
    return [{"label": "%s: %s" % (kind, label), "kind": kind, "board": board, "cost": cost, "keep": keep,
             "repeat": repeat} for label, board, cost, keep in questions for kind in ("again", "window")]


def worker(case: dict) -> dict:
    """Time one row in this process (a fresh process of one side's code)."""
    import manasolve.solver.best  # noqa: F401  (warm: CP-SAT's import is not part of a question)
    from manasolve.session import PlayBoard

    pb = PlayBoard(case["board"])
    kw = {"keep": case["keep"]} if case["keep"] else {}

    def best() -> dict:
        return pb.best(case["cost"], why=False, **kw)

    answers = [best()]  # the board before the window: asked about already
    ids = [e["id"] for e in case["board"]["players"][0]["battlefield"]][:7]
    times = []
    for n in range(case["repeat"]):
        if case["kind"] == "again":
            t = time.perf_counter()
            best()
            times.append(time.perf_counter() - t)
            continue
        t = time.perf_counter()
        pb.patch([{"op": "tap", "id": ids[n % len(ids)]}])
        answer = best()
        pb.undo()
        times.append(time.perf_counter() - t)
        if n < len(ids):
            answers.append(answer)
    return {"seconds": statistics.median(times),
            "answers": [{k: a.get(k) for k in ("best", "levels", "kept")} for a in answers]}


def run_case(tree: Path, case: dict) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker"], input=json.dumps(case),
                          capture_output=True, text=True, env=env, cwd=tree, timeout=600)
    if done.returncode:
        raise RuntimeError("worker failed in %s: %s" % (tree, done.stderr[-2000:]))
    return json.loads(done.stdout)


def plot(rows: list[tuple[str, float, float]], path: Path) -> None:
    """Before/after milliseconds per row (log scale)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 0.4 * len(rows) + 1.5))
    ys = range(len(rows))
    for k, (side, marker) in enumerate((("before", "x"), ("after", "o"))):
        ax.scatter([r[1 + k] * 1e3 for r in rows], list(ys), marker=marker, label=side)
    ax.set_yticks(list(ys), [r[0] for r in rows], fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel("ms (median)")
    ax.invert_yaxis()
    ax.legend()
    ax.set_title("best in a priority window (issue 29)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def fmt(seconds: float) -> str:
    return "%.3f ms" % (seconds * 1e3)


def main() -> None:
    if sys.argv[1:] == ["--worker"]:
        print(json.dumps(worker(json.loads(sys.stdin.read()))))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default="f11c31a")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=25)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    args = ap.parse_args()
    from benchmarks.decision_loop import export
    from benchmarks.results_files import write_results

    load_start = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.before, Path(tmp))
        for case in cases(args.seed, args.repeat):
            # before, after, after, before: each side's lower median, so a load rising or
            # falling during the row favours neither side
            runs = [run_case(tree, case) for tree in (old, ROOT, ROOT, old)]
            assert all(r["answers"] == runs[0]["answers"] for r in runs), ("answers differ", case["label"])
            before = min(runs[0], runs[3], key=lambda r: r["seconds"])
            after = min(runs[1], runs[2], key=lambda r: r["seconds"])
            rows.append((case["label"], before["seconds"], after["seconds"]))
            print(case["label"], fmt(before["seconds"]), fmt(after["seconds"]), flush=True)
    load_end = os.getloadavg()
    lines = ["# Best in a priority window", "",
             "`python -m benchmarks.best_window`: **before** = commit %s, **after** = this checkout, each row "
             "in a fresh warm process of its side's code, run before, after, after, before; each side's lower median of %d. "
             "**again**: the same best question (no `why`) on one held board; **window**: tap one permanent (the first "
             "seven in turn), ask best, undo, on a `PlayBoard`. Both sides gave the same answers on every row "
             "(checked). Load average (1 min) %.1f at the start, %.1f at the end (2 cores shared)."
             % (args.before, args.repeat, load_start[0], load_end[0]), "",
             "| row | before | after | before / after |", "|---|---:|---:|---:|"]
    lines += ["| %s | %s | %s | %.1f× |" % (label, fmt(b), fmt(a), b / a) for label, b, a in rows]
    text = "\n".join(lines) + "\n"
    print(text)
    write_results("best_window", text, lambda p: plot(rows, p), Path(args.out))


if __name__ == "__main__":
    main()
