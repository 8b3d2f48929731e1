"""Benchmark "castability speed" (issue 26, part of the castability benchmarks beside
`castability_front`): the goldfish of this revision against an earlier one, in one run,
on the issue's decks, one core (this process: `Goldfish.play_games`, no pool).

Run:  python -m benchmarks.castability_speed [--before f11c31a] [--games 10000] [--repeat 2]
                                             [--target-games 100000]

1. Before/after: each deck's games (`--games`, the same seed and shard) with the goldfish
   module of revision `--before` (read with `git show`, loaded as its own module) and with
   this one, interleaved `--repeat` times; CPU seconds of this process (`time.process_time`:
   the 2 cores are shared with other work, so wall time says more about the others than
   about us; both are written), games/s, the ratio after/before, and whether both give
   the same records (a cache must not change an answer).
2. Target: the 100-card Golgari Commander list at `--target-games` games with this
   revision, one core: CPU and wall seconds, games/s, the memo size.

The load average is written beside every figure.  Writes
benchmarks/results/castability_speed.md and .png.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from manasolve.models.carddb import default_db
from manasolve.models.decklist import read_decklist
from manasolve.solver import goldfish as after_module
from manasolve.solver.castability import deck_questions
from benchmarks.results_files import write_results

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "examples" / "decks"
UR = "20 Island\n12 Mountain\n4 Lightning Bolt\n4 Counterspell\n20 Wurmcoil Engine\n"
CASES = [("Golgari Commander (100 cards)", DECKS / "golgari_commander.txt", 1),
         ("Murktide (60, fetches, MDFC, delve)", DECKS / "murktide.txt", 4),
         ("Golgari midrange (60)", DECKS / "golgari_midrange.txt", 4),
         ("UR repro of issue 26 (60)", None, 20)]


def _module_at(revision: str):
    """The goldfish module of `revision`, loaded under its own name."""
    text = subprocess.run(["git", "show", "%s:solver/goldfish.py" % revision], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "goldfish_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("goldfish_before", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["goldfish_before"] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def _play(module, deck, db, games: int) -> tuple[float, float, dict, object]:
    """(CPU s, wall s, records, the goldfish) of `games` games of `deck` (shard 0, seed 1)."""
    questions, _ = deck_questions(deck, db)
    setup = module.GameSetup(tuple(deck.cards()), tuple(questions), 7, True, module.KARSTEN,
                             tuple(e.name for e in deck.commander))
    fish = module.Goldfish(setup, db)
    cpu, wall = time.process_time(), time.perf_counter()
    records = fish.play_games(games, 1, 0)
    return time.process_time() - cpu, time.perf_counter() - wall, records, fish


def main(argv: list[str] | None = None) -> None:
    """Run both parts and write the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="f11c31a", help="the revision to compare with")
    parser.add_argument("--games", type=int, default=10_000, help="games per deck, divided by the deck's factor")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--target-games", type=int, default=100_000)
    args = parser.parse_args(argv)
    db = default_db()
    before = _module_at(args.before)
    revision = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=False).stdout.strip()
    rows, bars = [], []
    with tempfile.TemporaryDirectory() as folder:
        ur = Path(folder) / "ur.txt"
        ur.write_text(UR)
        for label, path, factor in CASES:
            deck = read_decklist(str(path or ur), db)
            games = args.games * factor
            runs: dict[str, list] = {"before": [], "after": []}
            same = True
            for _ in range(args.repeat):
                for name, module in (("before", before), ("after", after_module)):
                    cpu, wall, records, _ = _play(module, deck, db, games)
                    runs[name].append((cpu, wall, os.getloadavg()[0]))
                    if name == "before":
                        reference = records
                    else:
                        same = same and records == reference
            # the median run by CPU time (the runs interleaved, so both sides meet the same load)
            (bc, bw, bl), (ac, aw, al) = (sorted(runs[n])[(args.repeat - 1) // 2] for n in ("before", "after"))
            rows.append("| %s | %d | %.1f (%.1f wall, load %.1f) | %.0f | %.1f (%.1f wall, load %.1f) | %.0f | %.2fx | %s |"
                        % (label, games, bc, bw, bl, games / bc, ac, aw, al, games / ac, bc / ac,
                           "yes" if same else "NO"))
            bars.append((label, games / bc, games / ac))
            print(rows[-1], flush=True)
        deck = read_decklist(str(DECKS / "golgari_commander.txt"), db)
        load0 = os.getloadavg()[0]
        cpu, wall, _, fish = _play(after_module, deck, db, args.target_games)
        target = (cpu, wall, load0, os.getloadavg()[0], len(fish.sets))
    lines = ["# castability speed: the goldfish before and after (issue 26)", "",
             "`python -m benchmarks.castability_speed --before %s --games %d --repeat %d --target-games %d` at %s, "
             "on %d usable cores shared with other work (load averages beside each figure; CPU seconds are this "
             "process's own, the median of %d interleaved runs)." % (args.before, args.games, args.repeat, args.target_games,
                                                         revision or "this revision", len(os.sched_getaffinity(0)),
                                                         args.repeat), "",
             "## Before (%s) and after, one core, the same games" % args.before, "",
             "| deck | games | before: CPU s | before games/s | after: CPU s | after games/s | after/before | "
             "same records |", "|---|---:|---:|---:|---:|---:|---:|---|"] + rows + [
             "", "## The Commander list at %d games, one core" % args.target_games, "",
             "%.1f CPU s (%.0f games/s), %.1f s wall at load %.1f-%.1f; %d sets of positions in memory at the end." % (
                 target[0], args.target_games / target[0], target[1], target[2], target[3], target[4]), ""]
    write_results("castability_speed", "\n".join(lines) + "\n", _plot(bars))
    print("\n".join(lines))


def _plot(bars: list[tuple[str, float, float]]):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(9, 4.2))
        xs = range(len(bars))
        ax.bar([x - 0.2 for x in xs], [b[1] for b in bars], 0.4, label="before")
        ax.bar([x + 0.2 for x in xs], [b[2] for b in bars], 0.4, label="after")
        for x, b in zip(xs, bars):
            ax.annotate("%.2fx" % (b[2] / b[1]), (x + 0.2, b[2]), ha="center", va="bottom", fontsize=9)
        ax.axhline(3000, color="grey", linestyle=":", label="3,000 games/s (issue 26's Commander target)")
        ax.set_yscale("log")
        ax.set_xticks(list(xs), [b[0] for b in bars], rotation=12, fontsize=8)
        ax.set_ylabel("games/s, one core (CPU time)")
        ax.legend(loc="upper left", fontsize=8)
        ax.grid(alpha=0.3, axis="y")
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
    return draw


if __name__ == "__main__":
    main()
