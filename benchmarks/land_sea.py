"""Benchmark "land sea" (issue 2): big boards of lands against 3- to 8-symbol costs.

Run:  python -m benchmarks.land_sea [--sizes 10,20,40,80,160] [--costs 6] [--greedy-trials 40]
                                    [--brute-cap 30] [--brute-budget 90] [--ms-cap 10] [--seed 7]

Boards of N permanents: basics, the ten duals, tri-lands, any-colour lands (City of
Brass, Mana Confluence) and Signets (about one in ten), drawn at random with a fixed
seed.  Per size, `--costs` costs of 3, 4, ... 8 symbols, each with at least one hybrid
or Phyrexian symbol.  One run prints, side by side:

* manasolve's time for ``payable`` (manasolve.solver.pay.payable), ``count`` (pay mode
  "count") and ``best`` (pay mode "best"), the median over the size's costs; each call
  runs in a forked child capped at ``--ms-cap`` seconds, and once ``count`` passes the cap
  for a cost length it is not timed again for that length on bigger boards;
* the brute-force enumerator's time for the count (benchmarks/brute.py, independent of
  the solver) where it finishes within ``--brute-cap`` seconds, and its ratio to
  manasolve's count time; the brute force stops at the first size where a case times out
  and after ``--brute-budget`` seconds in all, so the default run stays under ~5 minutes;
  its count must equal manasolve's;
* how often the greedy auto-tapper (benchmarks/greedy.py) wrongly says "can't pay": over
  ``--greedy-trials`` fresh boards and costs per size, among the payable ones.

Writes benchmarks/results/land_sea.md and benchmarks/results/land_sea.png.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from pathlib import Path

from benchmarks.brute import TimeUp, payments
from benchmarks.greedy import greedy_pay, sources_of
from manasolve.models.board import Board, load_board
from manasolve.models.mana import ManaCost
from manasolve.solver.pay import pay, payable

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island", "Bayou",
         "Plateau", "Tropical Island"]
TRIS = ["Arcane Sanctum", "Crumbling Necropolis", "Jungle Shrine", "Savage Lands", "Seaside Citadel"]
ANY = ["City of Brass", "Mana Confluence"]
SIGNETS = ["Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet", "Orzhov Signet",
           "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet"]
PLAIN_SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{2}", "{C}"]
CHOICE_SYMBOLS = ["{W/U}", "{B/R}", "{G/W}", "{U/B}", "{R/G}", "{W/P}", "{U/P}", "{B/P}", "{R/P}", "{G/P}", "{2/W}", "{2/B}"]
RESULTS = Path(__file__).parent / "results"


def make_board(n: int, rng: random.Random, life: int = 20) -> Board:
    """A board of n permanents: weighted mix of basics, duals, tri-lands, any-colour lands, Signets."""
    pools = [(BASICS, 4), (DUALS, 3), (TRIS, 1), (ANY, 1), (SIGNETS, 1)]
    names = []
    for _ in range(n):
        pool = rng.choices([p for p, _ in pools], weights=[w for _, w in pools])[0]
        names.append(rng.choice(pool))
    return load_board({"format": "manasolve/board@1", "active_player": "a", "step": "precombat_main",
                       "stack_empty": True, "players": [{"name": "a", "life": life, "battlefield": [
                           {"id": "p%d" % i, "card": c} for i, c in enumerate(names)]}]})


def make_cost(length: int, rng: random.Random) -> ManaCost:
    """A cost of `length` symbols, at least one of them hybrid, mono-hybrid or Phyrexian."""
    syms = [rng.choice(CHOICE_SYMBOLS)] + [rng.choice(PLAIN_SYMBOLS + CHOICE_SYMBOLS) for _ in range(length - 1)]
    return ManaCost.parse("".join(syms))


def timed(fn):
    """(result, seconds) of fn()."""
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def _child(fn, conn) -> None:
    conn.send(timed(fn))


def capped(fn, cap: float):
    """(result, seconds) of fn() run in a forked child, or (None, None) if it takes more
    than `cap` seconds (the child is then terminated); the time is measured in the child."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(fn, child))
    proc.start()
    ready = parent.poll(cap)
    out = parent.recv() if ready else (None, None)
    if not ready:
        proc.terminate()
    proc.join()
    return out


def run(sizes: list[int], n_costs: int, trials: int, cap: float, budget: float, seed: int, ms_cap: float) -> dict:
    """Every measurement of one benchmark run."""
    rng = random.Random(seed)
    rows, cases = [], []
    brute_left, brute_stopped = budget, None
    count_stopped: dict[int, int] = {}  # cost length -> size at which manasolve's count passed ms_cap
    for n in sizes:
        b = make_board(n, rng)
        src = sources_of(b, "a")
        per = {"payable": [], "count": [], "best": [], "brute": []}
        for k in range(n_costs):
            length = 3 + k % 6
            cost = make_cost(length, rng)
            ok, t_payable = capped(lambda: payable(b, cost), ms_cap)
            best, t_best = capped(lambda: pay(b, cost, mode="best"), ms_cap)
            ans, t_count = None, None
            if length not in count_stopped:
                ans, t_count = capped(lambda: pay(b, cost, mode="count"), ms_cap)
                if ans is None:
                    count_stopped[length] = n
            if ans is not None:
                assert ans["payable"] == ok, (n, str(cost))
            if best is not None:
                assert best["payable"] == ok, (n, str(cost))
            brute, t_brute = None, None
            if brute_stopped is None and brute_left > 0:
                try:
                    brute, t_brute = timed(lambda: payments(cost, src, 20, time.perf_counter() + min(cap, brute_left)))
                    if ans is not None:
                        assert brute == ans["count"], ("brute force and manasolve disagree", n, str(cost), brute, ans["count"])
                    brute_left -= t_brute
                except TimeUp:
                    brute_stopped = (n, min(cap, brute_left))
                    brute_left -= brute_stopped[1]
            for key, v in (("payable", t_payable), ("count", t_count), ("best", t_best), ("brute", t_brute)):
                if v is not None:
                    per[key].append(v)
            cases.append({"n": n, "cost": str(cost), "payable": ok, "count": ans["count"] if ans else None,
                          "t_payable": t_payable, "t_count": t_count, "t_best": t_best, "t_brute": t_brute,
                          "count_note": "> %g s" % ms_cap if length in count_stopped and ans is None else None})
        wrong = payable_cases = 0
        t_greedy, t_exact = [], []
        for _ in range(trials):
            gb = make_board(n, rng)
            cost = make_cost(rng.randint(3, 8), rng)
            exact, te = timed(lambda: payable(gb, cost))
            g, tg = timed(lambda: greedy_pay(cost, sources_of(gb, "a"), 20))
            t_exact.append(te)
            t_greedy.append(tg)
            if exact:
                payable_cases += 1
                wrong += g is None
            else:
                assert g is None, ("greedy paid an unpayable cost", n, str(cost))
        complete = len(per["brute"]) == n_costs
        rows.append({"n": n, "payable": _median(per["payable"], n_costs), "count": _median(per["count"], n_costs),
                     "best": _median(per["best"], n_costs), "count_done": len(per["count"]), "n_costs": n_costs,
                     "brute": statistics.median(per["brute"]) if complete else None,
                     "brute_max": max(per["brute"]) if complete else None,
                     "greedy_wrong": wrong, "greedy_payable": payable_cases,
                     "greedy_t": statistics.median(t_greedy), "exact_t": statistics.median(t_exact)})
    return {"rows": rows, "cases": cases, "brute_stopped": brute_stopped, "cap": cap, "budget": budget, "seed": seed,
            "ms_cap": ms_cap, "count_stopped": count_stopped}


def _median(times: list[float], wanted: int) -> float | None:
    """The median time, or None unless every case finished (a partial median would flatter)."""
    return statistics.median(times) if len(times) == wanted else None


def fmt(t: float | None) -> str:
    if t is None:
        return "—"
    return "%.1f ms" % (t * 1000) if t < 1 else "%.2f s" % t


def report(res: dict) -> str:
    """The markdown report: summary table per size, then every case."""
    lines = ["# Land sea benchmark", "",
             "`python -m benchmarks.land_sea` (seed %d). Median over each size's costs; brute force = "
             "benchmarks/brute.py counting every payment (its count equals manasolve's on every case it "
             "finished), capped at %g s per case and %g s in all." % (res["seed"], res["cap"], res["budget"]), "",
             "| lands | payable | count | best | brute force (count) | brute / count | greedy wrongly \"can't pay\" |"
             " greedy time / payable time |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in res["rows"]:
        count = fmt(r["count"]) if r["count"] is not None else "> %g s on %d of %d" % (
            res["ms_cap"], r["n_costs"] - r["count_done"], r["n_costs"])
        if r["brute"] is not None:
            brute = fmt(r["brute"])
            ratio = "%.1f×" % (r["brute"] / r["count"]) if r["count"] is not None else "—"
        elif res["brute_stopped"] is not None and r["n"] == res["brute_stopped"][0]:
            brute, ratio = "a case > %.0f s (stopped)" % res["brute_stopped"][1], "—"
        elif res["brute_stopped"] is not None and r["n"] > res["brute_stopped"][0]:
            brute, ratio = "not run (smaller size timed out)", "—"
        else:
            brute, ratio = "not run (budget)", "—"
        share = r["greedy_wrong"] / r["greedy_payable"] if r["greedy_payable"] else 0.0
        lines.append("| %d | %s | %s | %s | %s | %s | %d / %d (%.0f%%) | %.2f |" % (
            r["n"], fmt(r["payable"]), count, fmt(r["best"]), brute, ratio, r["greedy_wrong"],
            r["greedy_payable"], 100 * share, r["greedy_t"] / r["exact_t"]))
    lines += ["", "## Every timed case", "", "| lands | cost | payable | count | payable t | count t | best t | brute t |",
              "|---:|---|---|---:|---:|---:|---:|---:|"]
    for c in res["cases"]:
        lines.append("| %d | `%s` | %s | %s | %s | %s | %s | %s |" % (
            c["n"], c["cost"], c["payable"], c["count"] if c["count"] is not None else "—", fmt(c["t_payable"]),
            fmt(c["t_count"]) if c["t_count"] is not None else ("> %g s" % res["ms_cap"]), fmt(c["t_best"]),
            fmt(c["t_brute"])))
    if res["count_stopped"]:
        lines += ["", "manasolve's `count` passed the %g s cap first at: %s (cost length → board size); longer "
                  "sizes were not timed for that length." % (res["ms_cap"], ", ".join(
                      "%d symbols → %d" % kv for kv in sorted(res["count_stopped"].items())))]
    return "\n".join(lines) + "\n"


def plot(res: dict, path: Path) -> None:
    """Log-log plot of the median times per board size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns = [r["n"] for r in res["rows"]]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for key, label in (("payable", "manasolve payable"), ("count", "manasolve count"), ("best", "manasolve best")):
        pts = [(r["n"], r[key]) for r in res["rows"] if r[key] is not None]
        ax.plot([n for n, _ in pts], [t for _, t in pts], marker="o", label=label)
    bn = [(r["n"], r["brute"]) for r in res["rows"] if r["brute"] is not None]
    if bn:
        ax.plot([n for n, _ in bn], [t for _, t in bn], marker="x", linestyle="--", label="brute force count")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("permanents on the board")
    ax.set_ylabel("seconds (median over costs)")
    ax.set_title("land sea: 3- to 8-symbol costs")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark, print the table, write the report and the plot."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10,20,40,80,160")
    ap.add_argument("--costs", type=int, default=6, help="costs per size (3, 4, ... 8 symbols, cycling)")
    ap.add_argument("--greedy-trials", type=int, default=40)
    ap.add_argument("--brute-cap", type=float, default=30.0)
    ap.add_argument("--brute-budget", type=float, default=90.0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--ms-cap", type=float, default=10.0, help="seconds allowed to one manasolve call")
    ap.add_argument("--out", default=str(RESULTS))
    args = ap.parse_args(argv)
    res = run([int(s) for s in args.sizes.split(",")], args.costs, args.greedy_trials, args.brute_cap,
              args.brute_budget, args.seed, args.ms_cap)
    text = report(res)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "land_sea.md").write_text(text)
    plot(res, out / "land_sea.png")
    print(text.split("\n## ")[0])


if __name__ == "__main__":
    main()
