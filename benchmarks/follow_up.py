"""Benchmark "follow-up" (issue 7): after paying spell A, can spell B in hand still be cast?

Run:  python -m benchmarks.follow_up [--scenarios 200] [--seed 11]

Each scenario is a random board of 5 to 10 mana permanents (basics, duals, tri-lands,
painlands, City of Brass, Mana Confluence, Sol Ring, Signets, mana creatures) with spell A
and spell B of 2 to 4 symbols in hand, both payable on the untouched board.  Three
deciders pay A, then B is checked (exactly, with manasolve's payable) on what is left:

* manasolve: ``pay --best --keep B``;
* the exhaustive optimum: every subset of sources that can pay A (benchmarks/brute.py,
  independent of the solver), keeping B payable if any subset does — manasolve must
  reach it in every scenario, the run stops with an error otherwise;
* the greedy auto-tapper of benchmarks/greedy.py (the peers' baseline).

Prints and writes (benchmarks/results/follow_up.md, follow_up.png) the share of scenarios
where B stays castable and the time per decision, as a ratio to the greedy's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from itertools import combinations
from pathlib import Path

from benchmarks.brute import payments
from benchmarks.greedy import greedy_pay, sources_of
from benchmarks.results_files import RESULTS, write_results
from manasolve.models.board import Board, load_board
from manasolve.models.mana import ManaCost
from manasolve.solver.best import KeepCost
from manasolve.solver.pay import pay
from manasolve.solver.payable import payable

POOL = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Tundra", "Badlands", "Savannah", "Underground Sea",
        "Taiga", "Bayou", "Volcanic Island", "Plateau", "Scrubland", "Tropical Island", "Arcane Sanctum",
        "Jungle Shrine", "Savage Lands", "Adarkar Wastes", "Karplusan Forest", "Sulfurous Springs", "City of Brass",
        "Mana Confluence", "Sol Ring", "Azorius Signet", "Golgari Signet", "Izzet Signet", "Llanowar Elves",
        "Birds of Paradise"]
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{1}", "{2}", "{W/U}", "{B/G}", "{R/W}", "{U/P}", "{G/P}"]


def board_dict(names: list[str], tapped: set[str] = frozenset()) -> dict:
    """A one-player board (life 20) with the given permanents, `tapped` ids tapped."""
    return {"format": "manasolve/board@1", "active_player": "a", "step": "precombat_main", "stack_empty": True,
            "players": [{"name": "a", "life": 20, "battlefield": [
                {"id": "p%d" % i, "card": c, "tapped": "p%d" % i in tapped} for i, c in enumerate(names)]}]}


def make_scenario(rng: random.Random) -> tuple[list[str], ManaCost, ManaCost]:
    """A board and spells A, B, each payable on the untouched board."""
    while True:
        names = [rng.choice(POOL) for _ in range(rng.randint(5, 10))]
        a, b = (ManaCost.parse("".join(rng.choice(SYMBOLS) for _ in range(rng.randint(2, 4)))) for _ in range(2))
        board = load_board(board_dict(names))
        if payable(board, a) and payable(board, b):
            return names, a, b


def b_after(names: list[str], used: list[str], b: ManaCost) -> bool:
    """Whether B is payable once the permanents `used` for A are tapped."""
    return payable(load_board(board_dict(names, set(used))), b)


def exhaustive(board: Board, a: ManaCost, b: ManaCost) -> bool:
    """Whether some payment of A leaves B payable: over every subset U of sources that can
    pay A, B on the sources outside U (a payment inside U leaves at least as much)."""
    src = sources_of(board, "a")
    for size in range(len(src) + 1):
        for used in combinations(range(len(src)), size):
            if payments(a, [src[i] for i in used], 20, first_only=True):
                rest = [s for i, s in enumerate(src) if i not in used]
                if payments(b, rest, 20, first_only=True):
                    return True
    return False


def run(n: int, seed: int) -> dict:
    """Every scenario's outcome and decision times."""
    rng = random.Random(seed)
    rows = []
    for k in range(n):
        names, a, b = make_scenario(rng)
        board = load_board(board_dict(names))
        t = time.perf_counter()
        ans = pay(board, a, mode="best", keep=[KeepCost(str(b), b)])
        t_ms = time.perf_counter() - t
        ms_used = [x.permanent for x in ans.found.best.activations] + [x.permanent for x in ans.found.best.tapped]
        t = time.perf_counter()
        g = greedy_pay(a, sources_of(board, "a"), 20)
        t_g = time.perf_counter() - t
        t = time.perf_counter()
        opt = exhaustive(board, a, b)
        t_x = time.perf_counter() - t
        ms_ok = b_after(names, ms_used, b)
        if ms_ok != opt:
            raise AssertionError("scenario %d: manasolve keeps B=%s, exhaustive optimum %s (%s, A=%s, B=%s)"
                                 % (k, ms_ok, opt, names, a, b))
        if bool(ans.found.kept) != ms_ok:
            raise AssertionError("scenario %d: manasolve's own keep level disagrees with the re-check" % k)
        rows.append({"names": names, "a": str(a), "b": str(b), "manasolve": ms_ok, "optimum": opt,
                     "greedy": g is not None and b_after(names, g[0], b), "greedy_paid": g is not None,
                     "t_manasolve": t_ms, "t_greedy": t_g, "t_exhaustive": t_x})
    return {"rows": rows, "seed": seed}


def summary(res: dict) -> list[tuple[str, float, int, float]]:
    """(decider, share of scenarios where B stays castable, count, median seconds per decision)."""
    rows = res["rows"]
    out = []
    for key, label in (("manasolve", "manasolve --best --keep B"), ("optimum", "exhaustive optimum"),
                       ("greedy", "greedy auto-tapper")):
        hits = sum(r[key] for r in rows)
        tkey = {"manasolve": "t_manasolve", "optimum": "t_exhaustive", "greedy": "t_greedy"}[key]
        out.append((label, hits / len(rows), hits, statistics.median(r[tkey] for r in rows)))
    return out


def report(res: dict) -> str:
    """The markdown report."""
    rows = res["rows"]
    summ = summary(res)
    t_greedy = summ[2][3]
    lines = ["# Follow-up benchmark", "",
             "`python -m benchmarks.follow_up` (seed %d): %d scenarios, spell A paid first, then is spell B "
             "(payable on the untouched board) still payable?  manasolve equals the exhaustive optimum on every "
             "scenario (checked during the run)." % (res["seed"], len(rows)), "",
             "| decider | B still castable | median time per decision | time / greedy's |",
             "|---|---:|---:|---:|"]
    for label, share, hits, t in summ:
        lines.append("| %s | %d / %d (%.1f%%) | %.2f ms | %.0f× |" % (label, hits, len(rows), 100 * share, t * 1000,
                                                                    t / t_greedy))
    lost = [r for r in rows if r["optimum"] and not r["greedy"]]
    unpaid = sum(not r["greedy_paid"] for r in rows)
    lines += ["", "The greedy could not pay A at all in %d scenarios (A was payable in every one)." % unpaid, "",
              "## Scenarios where the greedy strands B but manasolve keeps it (first 15)", "",
              "| board | A | B |", "|---|---|---|"]
    for r in lost[:15]:
        lines.append("| %s | `%s` | `%s` |" % (", ".join(r["names"]), r["a"], r["b"]))
    return "\n".join(lines) + "\n"


def plot(res: dict, path: Path) -> None:
    """Bar chart: share of scenarios where B stays castable, per decider."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summ = summary(res)
    fig, ax = plt.subplots(figsize=(6.5, 4))
    ax.bar([s[0] for s in summ], [100 * s[1] for s in summ], color=["tab:blue", "tab:green", "tab:red"])
    for i, s in enumerate(summ):
        ax.text(i, 100 * s[1] + 1, "%.1f%%\n%.2f ms" % (100 * s[1], 1000 * s[3]), ha="center", fontsize=9)
    ax.set_ylim(0, 115)
    ax.set_ylabel("scenarios where B stays castable (%)")
    ax.set_title("follow-up: pay A, keep B (%d scenarios)" % len(res["rows"]))
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark, print the table, write the report and the plot."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenarios", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", default=str(RESULTS))
    args = ap.parse_args(argv)
    res = run(args.scenarios, args.seed)
    text = report(res)
    write_results("follow_up", text, lambda path: plot(res, path), Path(args.out))
    print(text.split("\n## ")[0])


if __name__ == "__main__":
    main()
