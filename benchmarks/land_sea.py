"""Benchmark "land sea" (issue 2): big boards of lands against 3- to 8-symbol costs.

Run:  python -m benchmarks.land_sea [--sizes 10,20,40,80,160] [--tight-sizes 6,8,12,16,24]
                                    [--costs 6] [--greedy-trials 40] [--tight-trials 100]
                                    [--brute-cap 30] [--brute-budget 60] [--ms-cap 10] [--seed 7]
                                    [--before COMMIT]

Two families of boards:

* **random** — N permanents: basics, the ten duals, tri-lands, any-colour lands (City of
  Brass, Mana Confluence) and Signets (about one in ten), drawn at random with a fixed
  seed, against `--costs` costs of 3, 4, ... 8 symbols per size, each with at least one
  hybrid or Phyrexian symbol.  Lands are plentiful, so almost any payable cost leaves
  room for a bad choice (the greedy never failed on these in the first runs);
* **tight** — N duals and tri-lands that pay a cost with (nearly) every land: a hidden
  payment picks, for each of N - e mana symbols (e = 0, 1 or 2 extra lands, uniformly),
  one land producing the colour that pays it, then e random duals/tri-lands are added
  and the board is shuffled.  Costs are colour- and hybrid-heavy (`TIGHT_KINDS`) and the
  player is at 1 life, so every Phyrexian symbol needs mana (119.4).  This is the shape of
  the landlord counterexample (W/U, U/B, U/B, W/G, R/G, R/G paying {W}{U}{U}{B}{R}{G}),
  which the report checks first.  Each timed case and each greedy trial is a new board.

One run prints, per family and size, side by side:

* manasolve's time for ``payable`` (manasolve.solver.payable.payable), ``count`` (pay mode
  "count") and ``best`` (pay mode "best"), the median over the size's cases; each call
  runs in a forked child capped at ``--ms-cap`` seconds, and once ``count`` or ``best``
  passes the cap it is not timed again for later cases of the same key (random: the same
  cost length; tight: any case, since the cost grows with the board);
* the brute-force enumerator's time for the count (benchmarks/brute.py, independent of
  the solver) where it finishes within ``--brute-cap`` seconds, and its ratio to
  manasolve's count time; per family, the brute force stops at the first size where a case
  times out and after ``--brute-budget`` seconds in all; its count must equal manasolve's;
* with ``--before COMMIT``: each random case's count again by the code of that commit
  (``git archive`` into a temporary folder, a fresh process per count, time limit half
  ``--ms-cap``), its time and the ratio before / after in the issue 13 target table (the
  two counts must agree where both are exact);
* how often the greedy auto-tapper (benchmarks/greedy.py) wrongly says "can't pay": over
  ``--greedy-trials`` (random) or ``--tight-trials`` (tight) fresh boards and costs per
  size, among the payable ones (every tight one is, by construction, and manasolve must
  agree).

The default run takes about five minutes.  Writes benchmarks/results/land_sea.md and
benchmarks/results/land_sea.png.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

from benchmarks.brute import TimeUp, payments
from benchmarks.greedy import greedy_pay, sources_of
from benchmarks.results_files import RESULTS, write_results
from manasolve.models.board import Board, load_board
from manasolve.models.mana import CostSyntaxError, ManaCost
from manasolve.solver.pay import pay
from manasolve.solver.payable import payable

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island", "Bayou",
         "Plateau", "Tropical Island"]
TRIS = ["Arcane Sanctum", "Crumbling Necropolis", "Jungle Shrine", "Savage Lands", "Seaside Citadel"]
ANY = ["City of Brass", "Mana Confluence"]
SIGNETS = ["Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet", "Orzhov Signet",
           "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet"]
PLAIN_SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{2}", "{C}"]
CHOICE_SYMBOLS = ["{W/U}", "{B/R}", "{G/W}", "{U/B}", "{R/G}", "{W/P}", "{U/P}", "{B/P}", "{R/P}", "{G/P}", "{2/W}", "{2/B}"]
FAMILIES = ("random", "tight")
RANDOM_LIFE = 20
TIGHT_LIFE = 1  # 2 life can't be paid at 1 life (119.4): every Phyrexian symbol needs mana
TIGHT_POOL = DUALS + TRIS
TIGHT_TRI_SHARE = 0.3  # share of the hidden payment's lands that are tri-lands
# symbol kinds of a tight cost, each paid by one land of the hidden payment, with weights
TIGHT_KINDS = {"color": 0.55, "hybrid": 0.2, "phyrexian": 0.1, "twobrid": 0.1, "generic": 0.05}
HYBRID_PAIRS = ["W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U"]
LANDLORD = (["Tundra", "Underground Sea", "Underground Sea", "Savannah", "Taiga", "Taiga"], "{W}{U}{U}{B}{R}{G}")


def board_dict(names: list[str], life: int) -> dict:
    """Player "a", at `life`, controlling one untapped permanent per card name, in order."""
    return {"format": "manasolve/board@1", "active_player": "a", "step": "precombat_main", "stack_empty": True,
            "players": [{"name": "a", "life": life, "battlefield": [{"id": "p%d" % i, "card": c}
                                                                     for i, c in enumerate(names)]}]}


def board_of(names: list[str], life: int) -> Board:
    """The board of `board_dict`."""
    return load_board(board_dict(names, life))


def make_board(n: int, rng: random.Random, life: int = RANDOM_LIFE) -> Board:
    """A board of n permanents: weighted mix of basics, duals, tri-lands, any-colour lands, Signets."""
    pools = [(BASICS, 4), (DUALS, 3), (TRIS, 1), (ANY, 1), (SIGNETS, 1)]
    names = []
    for _ in range(n):
        pool = rng.choices([p for p, _ in pools], weights=[w for _, w in pools])[0]
        names.append(rng.choice(pool))
    return board_of(names, life)


@cache
def land_colours() -> dict[str, frozenset[str]]:
    """The mana types each land of `TIGHT_POOL` produces, read from the card data."""
    srcs = sources_of(board_of(TIGHT_POOL, TIGHT_LIFE), "a")
    return {TIGHT_POOL[int(s.id[1:])]: s.types for s in srcs}


def make_tight(n: int, rng: random.Random) -> tuple[Board, ManaCost, int]:
    """(board, cost, extra lands): n duals/tri-lands of which n - extra pay the cost by a
    hidden assignment, one land per mana symbol, and `extra` (0-2) are random additions.
    A cost over manasolve's bound on announcements (601.2b) is drawn again."""
    while True:
        try:
            return _tight(n, rng)
        except CostSyntaxError:
            continue


def _tight(n: int, rng: random.Random) -> tuple[Board, ManaCost, int]:
    colours = land_colours()
    extra = min(rng.randint(0, 2), n - 1)
    symbols, names, generic = [], [], 0
    for _ in range(n - extra):
        colour = rng.choice("WUBRG")  # the colour the hidden land pays this symbol with
        kind = rng.choices(list(TIGHT_KINDS), weights=list(TIGHT_KINDS.values()))[0]
        if kind == "color":
            symbols.append("{%s}" % colour)
        elif kind == "hybrid":
            symbols.append("{%s}" % rng.choice([p for p in HYBRID_PAIRS if colour in p]))
        elif kind == "phyrexian":
            symbols.append("{%s/P}" % colour)
        elif kind == "twobrid":
            symbols.append("{2/%s}" % colour)  # paid with one {colour} rather than {2} (107.4e)
        else:
            generic += 1
        pool = TRIS if rng.random() < TIGHT_TRI_SHARE else DUALS
        names.append(rng.choice([land for land in pool if colour in colours[land]]))
    if generic:
        symbols.append("{%d}" % generic)
    names += [rng.choice(TIGHT_POOL) for _ in range(extra)]
    rng.shuffle(symbols)
    rng.shuffle(names)
    return board_of(names, TIGHT_LIFE), ManaCost.parse("".join(symbols)), extra


def landlord() -> dict:
    """The issue's greedy-tapper counterexample: what the greedy and manasolve answer."""
    names, text = LANDLORD
    b, cost = board_of(names, RANDOM_LIFE), ManaCost.parse(text)
    return {"lands": names, "cost": text, "greedy_pays": greedy_pay(cost, sources_of(b, "a"), RANDOM_LIFE) is not None,
            "payable": payable(b, cost), "count": pay(b, cost, mode="count").found.count}


def make_cost(length: int, rng: random.Random) -> ManaCost:
    """A cost of `length` symbols, at least one of them hybrid, mono-hybrid or Phyrexian."""
    syms = [rng.choice(CHOICE_SYMBOLS)] + [rng.choice(PLAIN_SYMBOLS + CHOICE_SYMBOLS) for _ in range(length - 1)]
    return ManaCost.parse("".join(syms))


def timed(fn: Callable):
    """(result, seconds) of fn()."""
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def _child(fn, conn) -> None:
    conn.send(timed(fn))


def capped(fn: Callable, cap: float):
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


def run(families: dict[str, list[int]], n_costs: int, trials: dict[str, int], cap: float, budget: float,
        seed: int, ms_cap: float, before: Path | None = None) -> dict:
    """Every measurement of one benchmark run: per family (FAMILIES), its sizes; with
    `before` (a tree of older code), each random case's count again in that code."""
    import manasolve.solver.best  # noqa: F401  (warm, as the baseline's worker: imports are no part of a call)
    import manasolve.solver.enumerate  # noqa: F401
    rows, cases = [], []
    brute_stopped: dict[str, tuple[int, float]] = {}  # family -> (size, cap) of the case that timed out
    stopped: dict[tuple[str, str, object], int] = {}  # (family, mode, key) -> size where mode passed ms_cap
    for family, sizes in families.items():
        # one generator per family, so the random family draws exactly what it drew alone
        rng = random.Random(seed if family == "random" else "%d-%s" % (seed, family))
        brute_left = budget
        for n in sizes:
            shared = make_board(n, rng) if family == "random" else None
            per: dict[str, list[float]] = {"payable": [], "count": [], "best": [], "brute": []}
            for k in range(n_costs):
                if shared is not None:
                    length = 3 + k % 6
                    b, cost, life, extra, key = shared, make_cost(length, rng), RANDOM_LIFE, None, length
                else:
                    b, cost, extra = make_tight(n, rng)
                    life, key = TIGHT_LIFE, "any"
                ok, t_payable = capped(lambda: payable(b, cost), ms_cap)
                if family == "tight" and ok is not None:
                    assert ok, ("a tight board built to pay its cost is unpayable", n, str(cost))
                answers: dict[str, dict] = {}
                times: dict[str, float | None] = {"payable": t_payable, "best": None, "count": None}
                for mode in ("best", "count"):
                    if (family, mode, key) in stopped:
                        continue
                    ans, t = capped(lambda: pay(b, cost, mode=mode), ms_cap)
                    if ans is None:
                        stopped[(family, mode, key)] = n
                        continue
                    assert ok is None or ans.payable == ok, (family, n, str(cost), mode)
                    answers[mode], times[mode] = ans, t
                count = answers["count"].found.count if "count" in answers else None
                brute, t_brute = None, None
                if family not in brute_stopped and brute_left > 0:
                    slot = min(cap, brute_left)
                    try:
                        brute, t_brute = timed(lambda: payments(cost, sources_of(b, "a"), life, time.perf_counter() + slot))
                        assert count is None or brute == count, ("brute force and manasolve disagree", family, n,
                                                                 str(cost), brute, count)
                        brute_left -= t_brute
                    except TimeUp:
                        brute_stopped[family] = (n, slot)
                        brute_left -= slot
                times["brute"] = t_brute
                bound = None
                if family == "random" and (times["count"] is None or times["count"] > COUNT_TARGET):
                    bound = count_bound(b, cost)
                old = None
                if family == "random" and before is not None:
                    old = count_before(before, b, cost, ms_cap)
                    assert old is None or count is None or "count" not in old or old["count"] == count, (
                        "the counts before and after differ", n, str(cost), old, count)
                for mode, v in times.items():
                    if v is not None:
                        per[mode].append(v)
                cases.append({"family": family, "n": n, "extra": extra, "cost": str(cost), "payable": ok,
                              "count": count, "t_payable": t_payable, "t_count": times["count"],
                              "t_best": times["best"], "t_brute": t_brute, "bound": bound, "before": old})
            rows.append(_row(family, n, per, n_costs, _greedy(family, n, trials[family], rng)))
    return {"rows": rows, "cases": cases, "brute_stopped": brute_stopped, "cap": cap, "budget": budget, "seed": seed,
            "ms_cap": ms_cap, "stopped": stopped, "trials": trials, "landlord": landlord()}


def count_before(tree: Path, b: Board, cost: ManaCost, ms_cap: float) -> dict | None:
    """The count of a random case by the code in `tree`, in a fresh process of it (time
    limit half `ms_cap`, as benchmarks/decision_loop.py asks): its seconds and answer
    (`count_exact` false past the limit), or None if the process did not answer (its
    imports are given several times `ms_cap`: a loaded machine is slow to start one)."""
    from benchmarks.decision_loop import run_case

    case = {"board": board_dict([p.card.name for p in b.permanents], RANDOM_LIFE), "cost": str(cost),
            "kind": "count", "time_limit": ms_cap / 2}
    return run_case(tree, case, 6 * ms_cap)


# Issue 13's target for an exact count of a random land-sea board (up to 160 lands).
COUNT_TARGET = 1.0


def count_bound(b: Board, cost: ManaCost) -> dict:
    """The count within COUNT_TARGET seconds (exact, or its lower bound) and the board's
    shape that the counter's work grows with: classes, mana-costing (Signet) classes,
    classes with several roles, announcements."""
    from manasolve.solver.resources import collect

    ans = pay(b, cost, mode="count", time_limit=COUNT_TARGET)
    res = collect(b, "a")
    counted = ans.found
    return {"count": counted.count if counted.exact else None, "at_least": None if counted.exact else counted.count,
            "classes": len(res.classes), "costly": sum(any(r.pattern.costly for r in c.roles) for c in res.classes),
            "multi": sum(len(c.roles) > 1 for c in res.classes), "announcements": len(cost.announcements())}


def target_table(res: dict) -> list[str]:
    """Issue 13's count target per random case: time, time / target, pass, the count (or
    the bound reached within the target) and the board's shape; with a baseline, its time
    for the same count and the ratio."""
    before = res.get("before")
    lines = ["## Issue 13 target: exact count ≤ %g s on random boards" % COUNT_TARGET, "",
             "A count above the target is asked again with `time_limit` = the target: its lower bound "
             "(`count_at_least`) and the board's shape are shown: **classes** of interchangeable sources, "
             "**costly** = classes whose ability costs mana (Signets), **multi** = classes with several roles "
             "(duals, tri-lands, any-colour lands), **ann.** = the cost's announcements. Boards of one-mana "
             "sources and Signets are counted through the summary feasibility depends on (solver/split_count.py): "
             "a table of the one-mana sources' uses per type and a table of the Signets' (count, colours made, "
             "colour sets touched), read through the min-cut condition, with no flow per aggregate.", ""]
    head = "| lands | cost | count t | t / target | pass | count (or ≥ within %g s) |" % COUNT_TARGET
    rule = "|---:|---|---:|---:|---|---:|"
    if before:
        lines.append("**before** = commit %s, each count in a fresh process of that code (time limit %g s, shown "
                     "\"> %g s\" past it); ratio = before / after." % (before, res["ms_cap"] / 2, res["ms_cap"] / 2))
        lines.append("")
        head += " before t | before / after |"
        rule += "---:|---:|"
    lines += [head + " classes | costly | multi | ann. |", rule + "---:|---:|---:|---:|"]
    passed = total = 0
    for c in res["cases"]:
        if c["family"] != "random":
            continue
        total += 1
        t, bound = c["t_count"], c["bound"]
        ok = t is not None and t <= COUNT_TARGET
        passed += ok
        got = str(c["count"]) if ok else ("—" if bound is None else str(bound["count"]) if bound["count"] is not None
                                          else "≥ %d" % bound["at_least"])
        shape = ["", "", "", ""] if bound is None else [bound[k] for k in ("classes", "costly", "multi", "announcements")]
        cells = [c["n"], "`%s`" % c["cost"], fmt(t) if t is not None else "> %g s" % res["ms_cap"],
                 "%.2f" % (t / COUNT_TARGET) if t is not None else "> %.0f" % (res["ms_cap"] / COUNT_TARGET),
                 "pass" if ok else "**fail**", got]
        if before:
            old = c.get("before")
            exact = old is not None and old.get("count_exact", "count" in old)
            cells.append(fmt(old["seconds"]) if exact else "> %g s" % (res["ms_cap"] / 2))
            cells.append("—" if t is None else "%.1f×" % (old["seconds"] / t) if exact
                         else "> %.0f×" % (res["ms_cap"] / 2 / t))
        lines.append("| " + " | ".join(str(x) for x in cells + shape) + " |")
    return lines + ["", "**%d of %d random cases counted exactly within the target.**" % (passed, total), ""]


def _greedy(family: str, n: int, trials: int, rng: random.Random) -> dict:
    """The greedy auto-tapper against exact `payable` on `trials` fresh boards of size n."""
    wrong = payable_cases = 0
    t_greedy, t_exact = [], []
    for _ in range(trials):
        if family == "random":
            b, cost, life = make_board(n, rng), make_cost(rng.randint(3, 8), rng), RANDOM_LIFE
        else:
            b, cost, _ = make_tight(n, rng)
            life = TIGHT_LIFE
        exact, te = timed(lambda: payable(b, cost))
        g, tg = timed(lambda: greedy_pay(cost, sources_of(b, "a"), life))
        t_exact.append(te)
        t_greedy.append(tg)
        assert exact or family != "tight", ("a tight board built to pay its cost is unpayable", n, str(cost))
        if exact:
            payable_cases += 1
            wrong += g is None
        else:
            assert g is None, ("greedy paid an unpayable cost", family, n, str(cost))
    return {"greedy_wrong": wrong, "greedy_payable": payable_cases,
            "greedy_t": statistics.median(t_greedy), "exact_t": statistics.median(t_exact)}


def _row(family: str, n: int, per: dict[str, list[float]], n_costs: int, greedy: dict) -> dict:
    """One summary row: medians over the cases that finished, None unless all of them did."""
    complete = len(per["brute"]) == n_costs
    return {"family": family, "n": n, "n_costs": n_costs, "payable": _median(per["payable"], n_costs),
            "count": _median(per["count"], n_costs), "best": _median(per["best"], n_costs),
            "count_done": len(per["count"]), "best_done": len(per["best"]),
            "brute": statistics.median(per["brute"]) if complete else None, **greedy}


def _median(times: list[float], wanted: int) -> float | None:
    """The median time, or None unless every case finished (a partial median would flatter)."""
    return statistics.median(times) if len(times) == wanted else None


def fmt(t: float | None) -> str:
    if t is None:
        return "—"
    return "%.1f ms" % (t * 1000) if t < 1 else "%.2f s" % t


def _capped_cell(r: dict, mode: str, ms_cap: float) -> str:
    """A median time, or how many of the size's cases passed (or were skipped after) the cap."""
    if r[mode] is not None:
        return fmt(r[mode])
    return "> %g s on %d of %d" % (ms_cap, r["n_costs"] - r[mode + "_done"], r["n_costs"])


def report(res: dict) -> str:
    """The markdown report: the landlord check, the summary table per family and size, then every case."""
    ll = res["landlord"]
    lines = ["# Land sea benchmark", "",
             "`python -m benchmarks.land_sea` (seed %d). Median over each size's %d cases; brute force = "
             "benchmarks/brute.py counting every payment (its count equals manasolve's on every case both "
             "finished), capped at %g s per case and %g s per family; manasolve capped at %g s per call. "
             "Families: **random** = basics, duals, tri-lands, any-colour lands and Signets at random, 3- to "
             "8-symbol costs, 20 life; **tight** = N duals/tri-lands that pay the cost by a hidden assignment "
             "using all but 0-2 of them, colour- and hybrid-heavy costs of about N symbols, 1 life (see the "
             "module docstring)." % (res["seed"], res["rows"][0]["n_costs"], res["cap"], res["budget"], res["ms_cap"]),
             "",
             "Landlord counterexample (%s paying `%s`): greedy %s; manasolve payable = %s, %d payment(s)." % (
                 ", ".join(ll["lands"]), ll["cost"], "pays" if ll["greedy_pays"] else "says \"can't pay\"",
                 ll["payable"], ll["count"]), "",
             "| family | lands | payable | count | best | brute force (count) | brute / count "
             "| greedy wrongly \"can't pay\" | greedy time / payable time |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in res["rows"]:
        stop = res["brute_stopped"].get(r["family"])
        if r["brute"] is not None:
            brute = fmt(r["brute"])
            ratio = "%.1f×" % (r["brute"] / r["count"]) if r["count"] is not None else "—"
        elif stop is not None and r["n"] == stop[0]:
            brute, ratio = "a case > %.0f s (stopped)" % stop[1], "—"
        elif stop is not None and r["n"] > stop[0]:
            brute, ratio = "not run (smaller size timed out)", "—"
        else:
            brute, ratio = "not run (budget)", "—"
        share = r["greedy_wrong"] / r["greedy_payable"] if r["greedy_payable"] else 0.0
        lines.append("| %s | %d | %s | %s | %s | %s | %s | %d / %d (%.0f%%) | %.2f |" % (
            r["family"], r["n"], fmt(r["payable"]), _capped_cell(r, "count", res["ms_cap"]),
            _capped_cell(r, "best", res["ms_cap"]), brute, ratio, r["greedy_wrong"], r["greedy_payable"],
            100 * share, r["greedy_t"] / r["exact_t"]))
    lines += ["", "Greedy trials per size: %s (fresh boards and costs; the rate is over the payable ones)." % ", ".join(
        "%s %d" % kv for kv in res["trials"].items())]
    lines += [""] + target_table(res)
    lines += ["## Every timed case", "",
              "| family | lands | extra | cost | payable | count | payable t | count t | best t | brute t |",
              "|---|---:|---:|---|---|---:|---:|---:|---:|---:|"]
    for c in res["cases"]:
        lines.append("| %s | %d | %s | `%s` | %s | %s | %s | %s | %s | %s |" % (
            c["family"], c["n"], "—" if c["extra"] is None else c["extra"], c["cost"], c["payable"],
            c["count"] if c["count"] is not None else "—", fmt(c["t_payable"]),
            fmt(c["t_count"]) if c["t_count"] is not None else "> %g s" % res["ms_cap"],
            fmt(c["t_best"]) if c["t_best"] is not None else "> %g s" % res["ms_cap"], fmt(c["t_brute"])))
    if res["stopped"]:
        lines += ["", "Calls that passed the %g s cap (later cases with the same key were not timed for that "
                  "mode; random: key = cost length, tight: any case): %s." % (res["ms_cap"], "; ".join(
                      "%s %s, %s → first at %d lands" % (fam, mode, "any length" if key == "any" else "%d symbols" % key, n)
                      for (fam, mode, key), n in sorted(res["stopped"].items(), key=str)))]
    return "\n".join(lines) + "\n"


def plot(res: dict, path: Path) -> None:
    """Per family, log-log median times per board size; then the greedy's wrong "can't pay" rate."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import NullLocator

    def size_ticks(ax, sizes: list[int]) -> None:
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(sizes, [str(n) for n in sizes])
        ax.set_xlabel("permanents on the board")

    families = list(dict.fromkeys(r["family"] for r in res["rows"]))
    fig, axes = plt.subplots(1, len(families) + 1, figsize=(5 * (len(families) + 1), 4.5))
    for ax, family in zip(axes, families):
        rows = [r for r in res["rows"] if r["family"] == family]
        for key, label in (("payable", "manasolve payable"), ("count", "manasolve count"), ("best", "manasolve best"),
                           ("brute", "brute force count")):
            pts = [(r["n"], r[key]) for r in rows if r[key] is not None]
            if pts:
                ax.plot([n for n, _ in pts], [t for _, t in pts], marker="x" if key == "brute" else "o",
                        linestyle="--" if key == "brute" else "-", label=label)
        size_ticks(ax, [r["n"] for r in rows])
        ax.set_yscale("log")
        ax.set_ylabel("seconds (median over cases)")
        ax.set_title("land sea, %s boards" % family)
        ax.legend(fontsize="small")
    ax = axes[-1]
    for family in families:
        rows = [r for r in res["rows"] if r["family"] == family and r["greedy_payable"]]
        ax.plot([r["n"] for r in rows], [100 * r["greedy_wrong"] / r["greedy_payable"] for r in rows], marker="o",
                label=family)
    size_ticks(ax, sorted({r["n"] for r in res["rows"]}))
    ax.set_ylim(bottom=0)
    ax.set_ylabel("% of payable costs")
    ax.set_title("greedy auto-tapper wrongly says \"can't pay\"")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark, print the table, write the report and the plot."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10,20,40,80,160", help="random family board sizes ('' to skip)")
    ap.add_argument("--tight-sizes", default="6,8,12,16,24", help="tight family board sizes ('' to skip)")
    ap.add_argument("--costs", type=int, default=6, help="timed cases per size (random: 3, 4, ... 8 symbols, cycling)")
    ap.add_argument("--greedy-trials", type=int, default=40, help="greedy trials per random size")
    ap.add_argument("--tight-trials", type=int, default=100, help="greedy trials per tight size")
    ap.add_argument("--brute-cap", type=float, default=30.0)
    ap.add_argument("--brute-budget", type=float, default=60.0, help="brute-force seconds per family")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--ms-cap", type=float, default=10.0, help="seconds allowed to one manasolve call")
    ap.add_argument("--out", default=str(RESULTS))
    ap.add_argument("--before", default=None, metavar="COMMIT",
                    help="also count each random case with the code of this commit (git archive), side by side")
    args = ap.parse_args(argv)
    families = {f: [int(x) for x in sizes.split(",") if x]
                for f, sizes in zip(FAMILIES, (args.sizes, args.tight_sizes)) if sizes}
    trials = {"random": args.greedy_trials, "tight": args.tight_trials}
    with tempfile.TemporaryDirectory() as tmp:
        from benchmarks.decision_loop import export

        before = export(args.before, Path(tmp)) if args.before else None
        res = run(families, args.costs, {f: trials[f] for f in families}, args.brute_cap, args.brute_budget, args.seed,
                  args.ms_cap, before)
    res["before"] = args.before
    text = report(res)
    write_results("land_sea", text, lambda path: plot(res, path), Path(args.out))
    print(text.split("\n## ")[0])


if __name__ == "__main__":
    main()
