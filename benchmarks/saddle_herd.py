"""Benchmark "saddle herd": Saddle N over herds of 10 to 500 creatures of power -1..8.

For each herd size and N it times manasolve's three answers — the exact count of legal
sets (DP), the first 20 minimal sets (streaming search) and the best set (CP-SAT) — beside
two baselines: brute force over every subset (run only while 2^n stays small) and the
peers' strategy, trying all subsets of size 1, 2, ... until one reaches N (stopped after a
time cap).  Ratios are baseline time / manasolve time.

    python -m benchmarks.saddle_herd [--quick]

Writes benchmarks/results/saddle_herd.md and benchmarks/results/saddle_herd.png.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from itertools import combinations, islice
from pathlib import Path

from manasolve.solver.tapsets import Candidate, best_set, count_sets, minimal_sets

RESULTS = Path(__file__).parent / "results"
BRUTE_MAX_CREATURES = 16  # 65,536 subsets; beyond that brute force is not run
PEER_CAP_SECONDS = 1.0


def herd(size: int, seed: int) -> list[Candidate]:
    """``size`` creatures of random power -1..8 and toughness 1..8."""
    rng = random.Random(seed)
    return [Candidate("c%d" % i, p, p, rng.randint(1, 8), rng.random() < 0.3, i)
            for i, p in enumerate(rng.randint(-1, 8) for _ in range(size))]


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def brute_force(cands: list[Candidate], n: int) -> tuple[int, int, tuple]:
    """Every subset: (count of legal sets, number of minimal sets, best key)."""
    w = [c.counted for c in cands]
    legal = 0
    minimal = 0
    best = None
    for mask in range(1 << len(w)):
        members = [i for i in range(len(w)) if mask >> i & 1]
        total = sum(w[i] for i in members)
        if total < n:
            continue
        legal += 1
        if all(total - w[i] < n for i in members):
            minimal += 1
        key = (total - n, sum(cands[i].power + cands[i].toughness for i in members), len(members))
        best = key if best is None or key < best else best
    return legal, minimal, best


def peers(cands: list[Candidate], n: int, cap: float) -> tuple[float, bool]:
    """The peers' strategy: subsets of size 1, 2, ... in order until one totals n.
    Returns (seconds, finished); stops unfinished after ``cap`` seconds."""
    start = time.perf_counter()
    for k in range(1, len(cands) + 1):
        for i, combo in enumerate(combinations(cands, k)):
            if sum(c.counted for c in combo) >= n:
                return time.perf_counter() - start, True
            if i % 4096 == 0 and time.perf_counter() - start > cap:
                return time.perf_counter() - start, False
    return time.perf_counter() - start, True  # searched everything: no legal set


def run(sizes: list[int], ns: list[int]) -> list[dict]:
    """Time every (size, N) case; one row per case."""
    rows = []
    for size in sizes:
        for n in ns:
            cands = herd(size, seed=size * 100 + n)
            t_count, count = timed(lambda: count_sets([c.counted for c in cands], n))
            t_first, _ = timed(lambda: next(minimal_sets(cands, n), None))
            t_min, first = timed(lambda: list(islice(minimal_sets(cands, n), 20)))
            t_best, best = timed(lambda: best_set(cands, n))
            row = {"size": size, "n": n, "count_digits": len(str(count)), "minimal_listed": len(first),
                   "t_count": t_count, "t_first": t_first, "t_minimal": t_min, "t_best": t_best, "t_brute": None, "t_peers": None,
                   "peers_finished": None}
            if size <= BRUTE_MAX_CREATURES:
                t_brute, (b_count, _, b_key) = timed(lambda: brute_force(cands, n))
                assert b_count == count, "count disagrees with brute force"
                if best is not None:
                    key = (sum(c.counted for c in best) - n, sum(c.power + c.toughness for c in best), len(best))
                    assert key == b_key, "best set disagrees with brute force"
                row["t_brute"] = t_brute
            row["t_peers"], row["peers_finished"] = peers(cands, n, PEER_CAP_SECONDS)
            rows.append(row)
            print("n=%3d creatures, N=%2d: count %.4fs, 20 minimal %.4fs, best %.4fs%s" % (
                size, n, t_count, t_min, t_best,
                "" if row["t_brute"] is None else ", brute %.3fs" % row["t_brute"]), flush=True)
    return rows


def _ms(t: float | None) -> str:
    return "—" if t is None else "%.3f" % (t * 1000)


def table(rows: list[dict]) -> str:
    """The results as a Markdown table."""
    out = [
        "| creatures | N | count digits | count ms | first set ms | 20 minimal ms | best ms | manasolve total ms "
        "| brute force ms | brute / manasolve | peers ms | peers / first set |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        total = r["t_count"] + r["t_minimal"] + r["t_best"]
        brute_ratio = "—" if r["t_brute"] is None else "%.1f×" % (r["t_brute"] / total)
        peers_ms = _ms(r["t_peers"]) if r["peers_finished"] else "> %d (capped)" % (PEER_CAP_SECONDS * 1000)
        peers_ratio = ("%.1f×" if r["peers_finished"] else "> %.0f×") % (r["t_peers"] / r["t_first"])
        out.append("| %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["size"], r["n"], r["count_digits"], _ms(r["t_count"]), _ms(r["t_first"]), _ms(r["t_minimal"]), _ms(r["t_best"]),
            _ms(total), _ms(r["t_brute"]), brute_ratio, peers_ms, peers_ratio))
    return "\n".join(out)


def plot(rows: list[dict], path: Path) -> None:
    """Log-scale time against herd size, worst case over N, per method."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = sorted({r["size"] for r in rows})
    fig, ax = plt.subplots(figsize=(8, 5))
    series = [("t_count", "count (DP)"), ("t_first", "first set"), ("t_minimal", "first 20 minimal"), ("t_best", "best (CP-SAT)"),
              ("t_brute", "brute force"), ("t_peers", "peers: sizes 1, 2, … (capped)")]
    for key, label in series:
        xs, ys = [], []
        for s in sizes:
            vals = [r[key] for r in rows if r["size"] == s and r[key] is not None]
            if vals:
                xs.append(s)
                ys.append(max(vals))
        ax.plot(xs, ys, marker="o", label=label)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("creatures in the herd")
    ax.set_ylabel("seconds (worst N)")
    ax.set_title("Saddle herd: power −1..8, N = %s" % ", ".join(str(n) for n in sorted({r["n"] for r in rows})))
    ax.axhline(PEER_CAP_SECONDS, color="grey", linestyle=":", linewidth=1)
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and write the results table and plot."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes only (for a smoke run)")
    args = ap.parse_args(argv)
    sizes = [10, 14, 20, 60] if args.quick else [10, 14, 16, 20, 60, 120, 250, 500]
    ns = [1, 10, 20, 40]
    rows = run(sizes, ns)
    RESULTS.mkdir(parents=True, exist_ok=True)
    md = ("# Saddle herd\n\nSaddle N over herds of random creatures (power −1..8); times in milliseconds, one run "
          "each, on a shared 2-core machine.  manasolve total = count + first 20 minimal sets + best set.  Brute "
          "force (all 2^n subsets: count, minimal sets and best set; checked equal to manasolve) runs up to %d "
          "creatures.  Peers = try every subset of size 1, 2, … until one reaches N, stopped after %.0f s; it "
          "finds one legal set, so its ratio is against manasolve's time to its first (minimal) set.\n\n%s\n\n![plot](saddle_herd.png)\n"
          % (BRUTE_MAX_CREATURES, PEER_CAP_SECONDS, table(rows)))
    (RESULTS / "saddle_herd.md").write_text(md, encoding="utf-8")
    plot(rows, RESULTS / "saddle_herd.png")
    print(table(rows))


if __name__ == "__main__":
    main()
