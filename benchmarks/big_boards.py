"""Big-board suite: the board sizes where other engines crash or stall (anchors.md).

Each case runs manasolve beside a baseline in one run and prints time and peak memory
(tracemalloc, measured in a second, separate run so it does not slow the timed one):

* convoke — N green creatures and 4 Mountains; Stoke the Flames {2}{R}{R} (convoke):
  ``pay(CostToPay(cost, keywords=CostKeywords(convoke=True)))`` count and ``payable``.  Baseline: XMage-style enumeration of
  every subset of creatures (2^N; run only while N <= 16), which also checks the count.
* saddle/crew — N creatures of power -1..8 (tapsets); Saddle/Crew 10, 20, 40: exact count
  and the first 20 minimal sets.  Baseline: brute force over every subset (N <= 16).
* reflecting — N reflecting sources (Reflecting Pool, Exotic Orchard, Fellwar Stone,
  Harvester Druid) on two sides plus basics: ``could_produce``.  Baseline: naive
  whole-board iteration to the fixpoint (benchmarks/mirror_web.py).
* plays — 759 permanents (700 tokens) with a 7-card hand and 2 flashback cards:
  ``manasolve plays``.  Baseline: the peers' greedy auto-tapper on each card's cost.

    python -m benchmarks.big_boards [--quick]

Writes benchmarks/results/big_boards.md and benchmarks/results/big_boards.png.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from benchmarks.greedy import greedy_pay, sources_of
from benchmarks.mirror_web import mirror_web, naive
from benchmarks.results_files import write_results
from benchmarks.saddle_herd import brute_force, herd
from manasolve.api import plays
from manasolve.models.board import Board, load_board
from manasolve.models.mana import ManaCost
from manasolve.solver import production
from manasolve.models.request import CostKeywords
from manasolve.solver.pay import pay
from manasolve.solver.payable import CostToPay, payable
from manasolve.solver.tapsets import count_sets, minimal_sets

BRUTE_MAX = 16  # 2^16 subsets; brute-force baselines are not run beyond
GOAL_SECONDS = 1.0


@dataclass
class Row:
    """One measurement: case, size, manasolve time and peak memory, baseline time, check."""

    case: str
    size: int
    seconds: float
    peak_mb: float
    baseline: str
    baseline_seconds: float | None
    answer: str
    agrees: bool | None  # with the baseline's answer, where the baseline computes the same thing


def measure(fn: Callable[[], object]) -> tuple[float, float, object]:
    """(seconds, peak MiB, result): timed without tracemalloc, then re-run under it."""
    start = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, peak, out


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


# --- convoke -----------------------------------------------------------------------------

CONVOKE_COST = "{2}{R}{R}"
CONVOKE = CostKeywords(convoke=True)
MOUNTAINS = 4


def convoke_board(n: int) -> Board:
    """``n`` untapped green creatures (half summoning-sick) and 4 Mountains."""
    field = [{"id": "c%d" % i, "card": "Fallow Wurm", "sick": i % 2 == 0} for i in range(n)]
    field += [{"id": "m%d" % i, "card": "Mountain"} for i in range(MOUNTAINS)]
    return load_board({"format": "manasolve/board@1", "players": [{"name": "me", "battlefield": field}]})


def convoke_brute(n: int) -> int:
    """Count payments of {2}{R}{R} by enumerating every creature subset: green creatures
    can pay only the generic {2}; each Mountain tapped must be spent (design.md)."""
    from math import comb

    total = 0
    for mask in range(1 << n):
        k = bin(mask).count("1")
        if k <= 2:
            total += comb(MOUNTAINS, 4 - k)  # the rest of the cost comes from 4 - k Mountains
    return total


def run_convoke(sizes: list[int]) -> list[Row]:
    """The convoke case for each creature count."""
    rows = []
    cost = ManaCost.parse(CONVOKE_COST)
    for n in sizes:
        board = convoke_board(n)
        secs, peak, ans = measure(lambda: (pay(board, CostToPay(cost, keywords=CONVOKE)).found.count, payable(board, CostToPay(cost, keywords=CONVOKE))))
        base_t, base = _timed(lambda: convoke_brute(n)) if n <= BRUTE_MAX else (None, None)
        rows.append(Row("convoke %s" % CONVOKE_COST, n, secs, peak, "every creature subset", base_t,
                        "count %d, payable %s" % ans, None if base is None else base == ans[0]))
    return rows


# --- saddle / crew -------------------------------------------------------------------------

def run_tapsets(sizes: list[int], ns: tuple[int, ...] = (10, 20, 40)) -> list[Row]:
    """Saddle/Crew N over herds: exact count plus the first 20 minimal sets."""
    rows = []
    for size in sizes:
        cands = herd(size, seed=size)
        for n in ns:
            secs, peak, ans = measure(lambda: (count_sets([c.counted for c in cands], n),
                                               len(list(islice(minimal_sets(cands, n), 20)))))
            base_t, base = _timed(lambda: brute_force(cands, n)) if size <= BRUTE_MAX else (None, None)
            rows.append(Row("saddle/crew %d" % n, size, secs, peak, "every subset", base_t,
                            "count %s, %d minimal listed" % (_big(ans[0]), ans[1]), None if base is None else base[0] == ans[0]))
    return rows


def _big(n: int) -> str:
    return str(n) if n < 10**12 else "%.4e (exact, %d digits)" % (n, len(str(n)))


# --- reflecting sources ---------------------------------------------------------------------

def run_reflecting(sizes: list[int], basics: int = 5) -> list[Row]:
    """``could_produce`` over N reflecting sources plus ``basics`` basics per side."""
    rows = []
    for n in sizes:
        board = mirror_web(n, basics)
        fresh = iter([load_board_copy(board), load_board_copy(board)])  # one per run: no cached analysis
        secs, peak, got = measure(lambda: production.could_produce(next(fresh)))
        abilities = production.analyse(board).abilities
        base_t, (want, _) = _timed(lambda: naive(board, abilities))
        agrees = all(set(got[p]) == set(want[p]) for p in want)
        rows.append(Row("reflecting sources", n, secs, peak, "naive fixpoint iteration", base_t,
                        "%d permanents" % len(board.permanents), agrees))
    return rows


def load_board_copy(board: Board) -> Board:
    """A fresh Board equal to ``board``, so cached analyses are not reused between runs."""
    players = []
    for pl in board.players:
        players.append({"name": pl.name, "battlefield": [{"id": p.id, "card": p.name} for p in pl.battlefield]})
    return load_board({"format": "manasolve/board@1", "players": players})


# --- 759 permanents: plays -------------------------------------------------------------------

HAND = ["Think Twice", "Llanowar Elves", "Caustic Bronco", "Stoke the Flames", "Sol Ring", "Birds of Paradise",
        "Ruination Wurm"]
GRAVEYARD = ["Think Twice", "Faithless Looting"]
LANDS = ["Forest", "Island", "Mountain", "Plains", "Swamp", "Tundra", "Taiga", "City of Brass", "Reflecting Pool"]


def plays_board(tokens: int = 700, seed: int = 759) -> dict:
    """``tokens`` 1/1 Soldier tokens, 40 lands, 19 other permanents (mana creatures and rocks,
    a Mount and a Vehicle): 759 permanents with the default 700 tokens."""
    rng = random.Random(seed)
    field = [{"id": "t%d" % i, "card": "Soldier Token", "token": True, "sick": i % 3 == 0} for i in range(tokens)]
    field += [{"id": "l%d" % i, "card": rng.choice(LANDS), "tapped": rng.random() < 0.2} for i in range(40)]
    others = ["Llanowar Elves", "Elvish Mystic", "Birds of Paradise", "Sol Ring", "Caustic Bronco",
              "Smuggler's Copter", "Fallow Wurm"]
    field += [{"id": "x%d" % i, "card": others[i % len(others)]} for i in range(19)]
    token = {"name": "Soldier Token", "manaCost": "", "type": "Token Creature — Soldier", "types": ["Creature"],
             "subtypes": ["Soldier"], "power": "1", "toughness": "1", "text": ""}
    return {"format": "manasolve/board@1", "cards": [token],
            "players": [{"name": "me", "battlefield": field, "hand": HAND, "graveyard": GRAVEYARD}]}


def run_plays(tokens: list[int]) -> list[Row]:
    """``manasolve plays`` on boards of 59 + ``tokens`` permanents."""
    rows = []
    for t in tokens:
        raw = plays_board(t)
        secs, peak, ans = measure(lambda: plays(load_board(raw)))
        board = load_board(raw)
        sources = sources_of(board, "me")

        def greedy() -> int:
            return sum(greedy_pay(board.db.get(n).mana_cost, sources, 20) is not None for n in HAND)

        base_t, _ = _timed(greedy)
        n_plays = len(ans["plays"])
        castable = sum(1 for p in ans["plays"] if p["kind"] == "cast" and p["payable"])
        rows.append(Row("plays", len(raw["players"][0]["battlefield"]), secs, peak, "greedy auto-tapper per hand card",
                        base_t, "%d plays, %d casts payable" % (n_plays, castable), None))
    return rows


# --- report ---------------------------------------------------------------------------------

def _fmt(s: float | None) -> str:
    return "not run (2^n)" if s is None else "%.1f ms" % (s * 1e3)


def report(rows: list[Row], elapsed: float) -> str:
    """The markdown results table."""
    lines = ["# Big-board suite", "",
             "`python -m benchmarks.big_boards`, %.0f s in all, one process on one core. Time is one run "
             "without tracemalloc; peak memory is tracemalloc's peak in a second run. Goal: every case "
             "under %.0f s." % (elapsed, GOAL_SECONDS), "",
             "| case | size | manasolve | peak MiB | under 1 s | baseline | baseline time | answer | agrees |",
             "|---|---:|---:|---:|---|---|---:|---|---|"]
    for r in rows:
        lines.append("| %s | %d | %.1f ms | %.1f | %s | %s | %s | %s | %s |" % (
            r.case, r.size, r.seconds * 1e3, r.peak_mb, "yes" if r.seconds < GOAL_SECONDS else "**NO**",
            r.baseline, _fmt(r.baseline_seconds), r.answer, "-" if r.agrees is None else ("yes" if r.agrees else "**NO**")))
    slow = [r for r in rows if r.seconds >= GOAL_SECONDS]
    lines += ["", "Over the 1 s goal: " + (", ".join("%s at %d (%.2f s)" % (r.case, r.size, r.seconds) for r in slow)
                                           if slow else "none."), "", "![big boards](big_boards.png)", ""]
    return "\n".join(lines)


def plot(rows: list[Row], path: Path) -> None:
    """Time per size for each case (log scale), with the 1 s goal line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    for case in dict.fromkeys(r.case for r in rows):
        pts = [(r.size, r.seconds) for r in rows if r.case == case]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=case)
    ax.axhline(GOAL_SECONDS, color="red", linestyle="--", label="1 s goal")
    ax.set_xlabel("creatures / sources / permanents")
    ax.set_ylabel("seconds (manasolve)")
    ax.set_yscale("log")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("Big boards: manasolve time per size")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    """Run every case, print the table, write the report and the plot."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.big_boards", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes only (development)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    if args.quick:
        rows = run_convoke([8, 50]) + run_tapsets([12, 100], (10,)) + run_reflecting([20]) + run_plays([50])
    else:
        rows = (run_convoke([12, 50, 100, 200, 500]) + run_tapsets([16, 100, 250, 500])
                + run_reflecting([50, 100, 250, 500]) + run_plays([200, 450, 700]))
    for r in rows:
        print("%-22s %5d  %9.1f ms  %7.1f MiB  baseline %-34s %-14s %s%s" % (
            r.case, r.size, r.seconds * 1e3, r.peak_mb, r.baseline, _fmt(r.baseline_seconds), r.answer,
            "" if r.agrees is None else ("  agrees" if r.agrees else "  DISAGREES")))
    if not args.quick:
        path = write_results("big_boards", report(rows, time.perf_counter() - start), lambda p: plot(rows, p))
        print("wrote %s" % path)


if __name__ == "__main__":
    main()
