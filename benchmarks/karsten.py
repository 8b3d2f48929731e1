"""Benchmark "Karsten" (issues 18, 26): Frank Karsten's source tables reproduced by goldfish
games, his 60-card and 99-card Commander columns side by side.

Run:  python -m benchmarks.karsten [--games 100000] [--beyond-games 20000] [--commander-games 20000]
                                   [--cell-games 1000000] [--workers 2] [--table-workers 1] [--seed 1]

Under his assumptions (2022 update): 60 cards, 25 lands, lands only, on the play, London
mulligan with his keep rule (7 cards: 2-5 lands, 6: 2-4, 5: 1-4, 4: keep), the spell of mana
value M castable on turn M *given M lands on the battlefield then*, threshold (89+M)%.  The
deck is S Swamps + (25-S) Wastes + 35 spells; one run of `--games` games per S answers every
row at once (the 19 costs are questions of the same games); the table is the least S whose
conditional probability reaches the threshold, beside his figure.  His 99-card column: 41
lands (S Swamps + 41-S Wastes) and 58 spells, on the draw (the free draw), the first
mulligan free, the same rule and threshold; seven rows, his figures from secondary
transcriptions (±1).  His free mulligan is taken on a first seven without 3-5 lands
(`KARSTEN_FREE`): with his 60-card rule on that hand too (2-5 lands) C and CC came out 2
sources above his column; with 3-5 every row equals it.

Beyond his tables, the same search with (a) 4 of the other lands Graven Cairns (a filter
land: {B/R},{T}: Add {B}{B}), (b) 4 Dimir Signets among the spells (not lands: the
conditional still counts lands), (c) hybrid {B/G} costs with the sources half Swamps, half
Forests (should equal the plain rows: either land pays a hybrid symbol), (d) Phyrexian
{B/P} costs (2 life instead of a source), (e) {1}{U}{B} with S Swamps and S Islands, with
and without 4 Underground Seas among them (each dual is counted as one source of each
colour).

Speed: one cell (S = 14, `--cell-games` games, turns 1-6) on 1 worker (this process) and
on `--workers` Ray workers (Ray's start-up timed apart), games/s and the scaling ratio, and
a check that both give identical records.  The machine's 2 cores are shared with other work
while this runs: rerun at a quiet time with the same command.  Writes
benchmarks/results/karsten.md and .png, and benchmarks/results/castability_example.png
(the example deck's castability by turn).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from manasolve.castability import run_games
from manasolve.models.mana import ManaCost
from manasolve.solver.castability import summarise
from manasolve.solver.goldfish import KARSTEN, KARSTEN_FREE, GameSetup, KeepRule, Question
from benchmarks.results_files import RESULTS, write_results

ROWS = ["C", "1C", "2C", "3C", "4C", "5C", "CC", "1CC", "2CC", "3CC", "4CC", "5CC",
        "CCC", "1CCC", "2CCC", "3CCC", "4CCC", "CCCC", "1CCCC"]
KARSTEN_60 = [14, 13, 12, 10, 9, 9, 21, 18, 16, 15, 13, 12, 23, 21, 19, 17, 16, 24, 22]
# his 99-card Commander column (41 lands, a free mulligan, a free draw), from secondary transcriptions (±1)
KARSTEN_99 = {"C": 19, "1C": 19, "CC": 30, "1CC": 28, "CCC": 36, "1CCC": 33, "CCCC": 39}
FILLER = "Gitaxian Probe"  # any nonland card without mana abilities: never a source


def cost_of(row: str, pip: str = "{B}") -> str:
    """The cost of a table row: "2CC" -> {2}{B}{B} (with `pip` for C)."""
    generic = row.rstrip("C")
    return ("{%s}" % generic if generic else "") + pip * (len(row) - len(generic))


def _question(row: str, cost: str) -> Question:
    return Question(row, cost, ManaCost.parse(cost).mana_value)


def least_sources(label: str, deck: Callable[[int], tuple[str, ...]], questions: list[Question], sources: range,
                  games: int, seed: int, workers: int | None, log: list[str], on_play: bool = True,
                  rule: KeepRule = KARSTEN) -> dict[str, int | None]:
    """Per question, the least S in `sources` whose P(castable on curve | lands) reaches
    (89 + mana value)% in `games` games of deck(S)."""
    best: dict[str, int | None] = {q.label: None for q in questions}
    turns = max(max(q.mana_value, 1) for q in questions)
    for s in sources:
        if all(v is not None for v in best.values()):
            break
        setup = GameSetup(deck(s), tuple(questions), turns, on_play, rule)
        t0 = time.perf_counter()
        entries = summarise(questions, run_games(setup, games, seed, workers), turns)
        log.append("%s S=%d: %d games in %.1f s" % (label, s, games, time.perf_counter() - t0))
        for q, e in zip(questions, entries):
            if best[q.label] is None and Fraction(e.on_curve_given_lands) >= Fraction(89 + q.mana_value, 100):
                best[q.label] = s
    return best


def karsten_deck(s: int) -> tuple[str, ...]:
    return ("Swamp",) * s + ("Wastes",) * (25 - s) + (FILLER,) * 35


def commander_deck(s: int) -> tuple[str, ...]:
    """His 99-card deck: 41 lands (S Swamps), 58 spells."""
    return ("Swamp",) * s + ("Wastes",) * (41 - s) + (FILLER,) * 58


def beyond(games: int, seed: int, workers: int | None, log: list[str]) -> list[tuple[str, str, int | None, int | None]]:
    """(variant, row, least S plain, least S in the variant) for the beyond-the-tables rows."""
    rows = ["C", "1C", "CC", "1CC", "2CC", "CCC"]
    qs = [_question(r, cost_of(r)) for r in rows]
    plain = least_sources("plain", karsten_deck, qs, range(5, 26), games, seed, workers, log)
    out = []
    filters = least_sources("filter", lambda s: ("Swamp",) * s + ("Graven Cairns",) * 4 + ("Wastes",) * (21 - s)
                            + (FILLER,) * 35, qs, range(3, 22), games, seed, workers, log)
    out += [("4 of the other lands are Graven Cairns (filter)", r, plain[r], filters[r]) for r in rows]
    signets = least_sources("signet", lambda s: ("Swamp",) * s + ("Wastes",) * (25 - s) + ("Dimir Signet",) * 4
                            + (FILLER,) * 31, qs, range(3, 26), games, seed, workers, log)
    out += [("4 Dimir Signets among the 35 spells", r, plain[r], signets[r]) for r in rows]
    hybrid = [_question(r, cost_of(r, "{B/G}")) for r in rows]
    hyb = least_sources("hybrid", lambda s: ("Swamp",) * (s // 2) + ("Forest",) * (s - s // 2) + ("Wastes",) * (25 - s)
                        + (FILLER,) * 35, hybrid, range(5, 26), games, seed, workers, log)
    out += [("{B/G} hybrid, sources half Swamps half Forests", r, plain[r], hyb[r]) for r in rows]
    phy_rows = {"1C+P": "{1}{B}{B/P}", "C+PP": "{B}{B/P}{B/P}", "CC+P": "{B}{B}{B/P}"}
    phy = least_sources("phyrexian", karsten_deck, [_question(r, c) for r, c in phy_rows.items()], range(0, 26),
                        games, seed, workers, log)
    out += [("Phyrexian %s (2 life pays {B/P})" % c, r, None, phy[r]) for r, c in phy_rows.items()]
    gold = [_question("1UB", "{1}{U}{B}"), _question("UB", "{U}{B}")]
    basics = least_sources("gold", lambda s: ("Swamp",) * s + ("Island",) * s + ("Wastes",) * (25 - 2 * s)
                           + (FILLER,) * 35, gold, range(4, 13), games, seed, workers, log)
    duals = least_sources("gold+duals", lambda s: ("Underground Sea",) * 4 + ("Swamp",) * (s - 4) + ("Island",) * (s - 4)
                          + ("Wastes",) * (25 - 2 * s + 4) + (FILLER,) * 35, gold, range(4, 15), games, seed, workers,
                          log)
    out += [("%s: S sources of each colour, 4 of them Underground Sea" % q.cost, q.label, basics[q.label],
             duals[q.label]) for q in gold]
    return out


def cell(games: int, seed: int, workers: int, log: list[str]) -> dict:
    """Time one cell (S = 14, turns 1-6) on 1 worker and on `workers` Ray workers."""
    qs = [_question(r, cost_of(r)) for r in ROWS if ManaCost.parse(cost_of(r)).mana_value <= 6]
    setup = GameSetup(karsten_deck(14), tuple(qs), 6, True, KARSTEN)
    t0 = time.perf_counter()
    one = run_games(setup, games, seed, workers=1)
    t1 = time.perf_counter()
    import ray

    from manasolve.executors import RayExecutor

    RayExecutor(workers)  # Ray's start-up, timed apart
    t2 = time.perf_counter()
    many = run_games(setup, games, seed, workers=workers)
    t3 = time.perf_counter()
    ray.shutdown()
    return {"games": games, "workers": workers, "one_s": t1 - t0, "many_s": t3 - t2, "ray_start_s": t2 - t1,
            "identical": one == many}


def _plot(rows: list[tuple[str, int, int | None]]):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(10, 4.5))
        xs = range(len(rows))
        ax.plot(xs, [r[1] for r in rows], "o-", label="Karsten (2022), 60 cards")
        ax.plot(xs, [r[2] if r[2] is not None else float("nan") for r in rows], "s--", label="manasolve goldfish")
        ax.set_xticks(list(xs), [r[0] for r in rows], rotation=45)
        ax.set_ylabel("sources of the colour needed")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
    return draw


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100_000, help="games per deck in Karsten's table")
    p.add_argument("--beyond-games", type=int, default=20_000, help="games per deck in the tables beyond his")
    p.add_argument("--commander-games", type=int, default=20_000, help="games per deck in the 99-card column")
    p.add_argument("--cell-games", type=int, default=1_000_000, help="games of the timed cell")
    p.add_argument("--workers", type=int, default=2, help="Ray workers for the timed cell")
    p.add_argument("--table-workers", type=int, default=1, help="workers for the tables (1: this process, no "
                   "Ray start-up per deck)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-beyond", action="store_true", help="only Karsten's rows and the timed cell")
    args = p.parse_args(argv)
    log: list[str] = []
    started = time.perf_counter()
    qs = [_question(r, cost_of(r)) for r in ROWS]
    found = least_sources("karsten", karsten_deck, qs, range(6, 26), args.games, args.seed, args.table_workers, log)
    table = [(r, k, found[r]) for r, k in zip(ROWS, KARSTEN_60)]
    edh_qs = [_question(r, cost_of(r)) for r in KARSTEN_99]
    edh = least_sources("commander", commander_deck, edh_qs, range(10, 42), args.commander_games, args.seed,
                        args.table_workers, log, on_play=False, rule=KARSTEN_FREE)
    extra = [] if args.skip_beyond else beyond(args.beyond_games, args.seed, args.table_workers, log)
    speed = cell(args.cell_games, args.seed, args.workers, log)
    import os

    from manasolve.castability import castability

    example = Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_midrange.txt"
    from manasolve.castability_plot import plot

    plot(castability(str(example), games=args.beyond_games, seed=args.seed, workers=args.table_workers),
         str(RESULTS / "castability_example.png"))
    lines = ["# Karsten's source tables by goldfish games (issues 18, 26)", "",
             "`python -m benchmarks.karsten --games %d --beyond-games %d --commander-games %d --cell-games %d "
             "--workers %d --table-workers %d --seed %d` on %d cores, shared with other work while it ran (timings "
             "are noisy; the lead reruns this command at a quiet time). Total %.0f s." % (
                 args.games, args.beyond_games, args.commander_games, args.cell_games, args.workers,
                 args.table_workers, args.seed,
                 os.cpu_count() or 0, time.perf_counter() - started), "",
             "Assumptions (Karsten 2022): 60 cards, 25 lands (S Swamps + 25-S Wastes), 35 spells, on the play, "
             "London mulligan (keep 7: 2-5 lands, 6: 2-4, 5: 1-4, 4), P(castable on turn M | M lands on turn M) "
             ">= (89+M)%%, %d games per S." % args.games, "",
             "The 99-card column (his Commander tables): 99 cards, 41 lands (S Swamps + 41-S Wastes), 58 spells, "
             "on the draw (the free draw), the first mulligan free and taken on a first seven without 3-5 lands, then "
             "the same keep rule and threshold, %d games per S; "
             "his figures from secondary transcriptions (sources disagree on some cells: ±1). Each cell is the "
             "per-card probability (Karsten's question, `definition` of the answer)." % args.commander_games, "",
             "| row | cost | Karsten 60 | manasolve 60 | difference | Karsten 99 | manasolve 99 | difference |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r, k, m in table:
        k99, m99 = KARSTEN_99.get(r), edh.get(r)
        lines.append("| %s | %s | %d | %s | %s | %s | %s | %s |" % (
            r, cost_of(r), k, m, "-" if m is None else "%+d" % (m - k), "" if k99 is None else k99,
            "" if k99 is None else m99, "" if k99 is None or m99 is None else "%+d" % (m99 - k99)))
    off = [r for r, k, m in table if m is None or abs(m - k) > 1]
    off99 = [r for r, k in KARSTEN_99.items() if edh[r] is None or abs(edh[r] - k) > 1]
    lines += ["", "Rows beyond ±1: 60 cards %s; 99 cards %s." % (", ".join(off) if off else "none",
                                                                  ", ".join(off99) if off99 else "none")]
    if extra:
        lines += ["", "## Beyond the tables (%d games per deck; S = the sources of the colour, '-' = not reached "
                  "within 25 lands)" % args.beyond_games, "", "| variant | row | least S, plain | least S, variant |",
                  "|---|---|---:|---:|"]
        lines += ["| %s | %s | %s | %s |" % (v, r, "-" if a is None else a, "-" if b is None else b) for v, r, a, b in extra]
    one_rate, many_rate = speed["games"] / speed["one_s"], speed["games"] / speed["many_s"]
    lines += ["", "## Speed: one cell (S = 14, turns 1-6, %d games)" % speed["games"], "",
              "| workers | seconds | games/s |", "|---:|---:|---:|",
              "| 1 (this process) | %.1f | %.0f |" % (speed["one_s"], one_rate),
              "| %d (Ray, start-up %.1f s apart) | %.1f | %.0f |" % (speed["workers"], speed["ray_start_s"],
                                                                    speed["many_s"], many_rate),
              "", "Scaling %d workers / 1: %.2fx. Identical records for 1 and %d workers: %s." % (
                  speed["workers"], many_rate / one_rate, speed["workers"], speed["identical"]),
              "", "Example deck (examples/decks/golgari_midrange.txt): castability_example.png.",
              "", "## Log", ""] + ["- " + line for line in log]
    report = write_results("karsten", "\n".join(lines) + "\n", _plot(table))
    print("\n".join(lines))
    print("wrote", report)


if __name__ == "__main__":
    main()
