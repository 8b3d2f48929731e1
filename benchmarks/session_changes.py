"""A session board changed in place: patch(tap) + payable + undo and apply(best) + payable +
undo on `PlayBoard`, before/after, with growing boards (the serve benchmark's boards of
basics, duals, Signets, Sol Ring, mana creatures and painlands; 20, 80, 160 permanents).

Each side runs in its own process from its own checkout: after = this checkout, before =
a checkout of ``--before REV`` (exported with ``git archive``; default: main before boards
were derived in place), in turns, ``--rounds`` times; each measure is the fastest of
``--repeat`` runs of n iterations, in process CPU time (the machine is shared: wall time
counts the other processes' turns).  Per iteration:

* payable: ``pay(cost, mode="payable")`` on an unchanged board (the floor);
* patch + payable + undo: ``patch([{"op": "tap", "id": ...}])`` of an untapped permanent,
  ``pay`` payable of the same cost, ``undo()``;
* apply + payable + undo: ``apply`` of the ``best`` answer of the cost (solved before the
  timing), ``pay`` payable again, ``undo()``.

Every answer of both sides is compared (the same payable answers after each change).

    python -m benchmarks.session_changes [--quick] [--before REV] [--rounds 3]

Writes benchmarks/results/session_changes.md and .png.
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
from pathlib import Path

from benchmarks.decision_loop import export
from benchmarks.results_files import write_results
from benchmarks.serve import make_board, make_cost

ROOT = Path(__file__).resolve().parents[1]
SIZES = (20, 80, 160)
# main before session boards were derived in place (issue 14's last design item).
BEFORE = "a330f0f"
TARGET_RATIO = 3.0  # patch + payable within 3x payable alone on 20 permanents (issue 14)
KINDS = ("payable", "patch + payable + undo", "apply + payable + undo")

# Run by `python -c` in a checkout's root, so that checkout's manasolve is imported; reads
# the cases as JSON on stdin, writes the timings and answers as JSON on stdout.
WORKER = r'''
import json, sys, time
from manasolve.session import PlayBoard

spec = json.load(sys.stdin)
out = []
for case in spec["cases"]:
    b = PlayBoard(case["board"])
    costs, tap = case["costs"], case["tap"]
    best = {c: b.best(c) for c in costs}
    answers = {"payable": [], "patched": [], "applied": []}

    def payable():
        for c in costs:
            answers["payable"].append(b.payable(c))

    def patched():
        for c in costs:
            b.patch([{"op": "tap", "id": tap}])
            answers["patched"].append(b.payable(c))
            b.undo()

    def applied():
        for c in costs:
            if best[c]["best"] is None:
                continue
            b.apply(best[c])
            answers["applied"].append(b.payable(c))
            b.undo()

    row = {"size": case["size"], "n": len(costs), "applied_n": sum(best[c]["best"] is not None for c in costs)}
    for kind, f in (("payable", payable), ("patch + payable + undo", patched), ("apply + payable + undo", applied)):
        f()  # warm: the first question after a load builds every cache
        runs = []
        for _ in range(spec["repeat"]):
            t = time.process_time()
            f()
            runs.append(time.process_time() - t)
        row[kind] = min(runs)
    row["answers"] = {k: v[:len(costs)] for k, v in answers.items()}
    out.append(row)
json.dump(out, sys.stdout)
'''


def run_side(root: Path, spec: dict) -> list[dict]:
    """The worker's rows, run in the checkout at `root`."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", WORKER], cwd=root, input=json.dumps(spec), capture_output=True,
                          text=True, env=env, check=True)
    return json.loads(done.stdout)


def cases(rng: random.Random, n: int) -> list[dict]:
    """One board per size (player "a", permanent p0 untapped to tap) with n random costs."""
    return [{"size": size, "board": make_board(size, rng), "costs": [make_cost(rng) for _ in range(n)], "tap": "p0"}
            for size in SIZES]


def per_question(rows: list[dict], kind: str, size: int) -> float:
    """Milliseconds per iteration: the median over rounds of the fastest run."""
    times = []
    for r in rows:
        if r["size"] == size:
            n = r["applied_n"] if kind.startswith("apply") else r["n"]
            times.append(1000 * r[kind] / max(n, 1))
    return statistics.median(times)


def report(after: list[dict], before: list[dict] | None, rounds: int, repeat: int, rev: str | None) -> str:
    lines = ["# Session boards changed in place", "",
             "`PlayBoard` in one process per side and round (%d rounds, sides in turns); each figure is the median "
             "over rounds of the fastest of %d runs, in process CPU time per iteration. Boards: the serve "
             "benchmark's (player a: basics, duals, Signets, Sol Ring, mana creatures, painlands), random costs of "
             "1-5 symbols. after = this checkout; before = commit `%s` (every change resolved the whole board "
             "again, the solver's caches started over). `python -m benchmarks.session_changes` writes this file."
             % (rounds, repeat, rev or "-"), ""]
    pay20 = per_question(after, "payable", 20)
    loop20 = per_question(after, "patch + payable + undo", 20)
    lines += ["## Target (issue 14)", "", "| target | wanted | measured | met |", "|---|---|---|---|",
              "| patch(tap) + payable + undo on 20 permanents, in payables alone | ≤ %.0f× | %.2f× (%.3f ms / %.3f ms) | %s |"
              % (TARGET_RATIO, loop20 / pay20, loop20, pay20, "yes" if loop20 / pay20 <= TARGET_RATIO else "no"), ""]
    lines += ["## Per iteration", "",
              "| permanents | question | after ms | in payables alone | before ms | before / after |",
              "|---|---|---|---|---|---|"]
    for size in SIZES:
        pay = per_question(after, "payable", size)
        for kind in KINDS:
            a = per_question(after, kind, size)
            b = per_question(before, kind, size) if before else float("nan")
            lines.append("| %d | %s | %.3f | %.2f× | %s | %s |" % (size, kind, a, a / pay, "—" if b != b else "%.3f" % b,
                                                                 "—" if b != b else "%.1f×" % (b / a)))
    if before:
        same = sum(ra["answers"] == rb["answers"] for ra, rb in zip(after, before))
        lines += ["", "Answers: %d/%d boards and rounds give the same payable answers on both sides, after every "
                  "change." % (same, len(after))]
    return "\n".join(lines) + "\n"


def plot(after: list[dict], before: list[dict] | None):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4.5))
        for i, (kind, style) in enumerate(zip(KINDS, ("o", "s", "^"))):
            ax.plot(SIZES, [per_question(after, kind, s) for s in SIZES], style + "-", color="C%d" % i,
                    label="%s (after)" % kind)
            if before and kind != "payable":
                ax.plot(SIZES, [per_question(before, kind, s) for s in SIZES], style + ":", color="C%d" % i,
                        label="%s (before)" % kind)
        ax.set_yscale("log")
        ax.set_xlabel("permanents on the board")
        ax.set_ylabel("ms per iteration (CPU)")
        ax.set_title("session board: change + payable + undo")
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(path, dpi=100)
    return draw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer questions (a smoke run)")
    parser.add_argument("--before", metavar="REV", default=BEFORE, help="the before side's commit (none: no before)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rev = None if args.before == "none" else args.before
    rng = random.Random(14)
    repeat = 3 if args.quick else 7
    spec = {"cases": cases(rng, 10 if args.quick else 40), "repeat": repeat}
    after: list[dict] = []
    before: list[dict] | None = [] if rev else None
    with tempfile.TemporaryDirectory() as tmp:
        root = export(rev, Path(tmp)) if rev else None
        for _ in range(args.rounds):
            after += run_side(ROOT, spec)
            if root is not None:
                before += run_side(root, spec)
    text = report(after, before, args.rounds, repeat, rev)
    print(text)
    print(write_results("session_changes", text, plot(after, before)))


if __name__ == "__main__":
    main()
