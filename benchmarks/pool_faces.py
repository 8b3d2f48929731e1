"""The faces of the built-in pool's multi-face cards: by layout, how many cards have every
face in the pool (so each half or face can be played, cast and costed from the pool
alone), in this checkout and in the --baseline checkout's pool; and what the faces cost
in pool size and in a cold lookup.

    python -m benchmarks.pool_faces [--baseline ../main]

Writes benchmarks/results/pool_faces.md and benchmarks/results/pool_faces.png.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from benchmarks.results_files import write_results
from manasolve.models.card_pool import CardPool
from manasolve.models.carddb import CardDB
from manasolve.models.mana import CostSyntaxError

ROOT = Path(__file__).resolve().parents[1]
POOL = Path("manasolve") / "data" / "card_pool.zip"
# The layouts of cards with more than one face (transform and meld backs were always
# entries of their own).
LAYOUTS = ("adventure", "split", "modal_dfc", "prepare", "aftermath", "flip", "transform", "meld")
LOOKUPS = ["Riverglide Pathway // Lavaglide Pathway", "Fire // Ice", "Bonecrusher Giant // Stomp", "Commit // Memory"]


def faces_by_layout(pool: CardPool) -> dict[str, tuple[int, int]]:
    """Layout → (multi-face cards, of them with every face in the pool); a card is named
    "A // B" and counted once (its full name, not its faces' or aliases')."""
    db = CardDB([pool])
    cards: Counter = Counter()
    whole: Counter = Counter()
    for name in pool.names():
        d = pool[name]
        layout = d.get("layout")
        if " // " not in name or layout not in LAYOUTS:
            continue
        cards[layout] += 1
        try:
            whole[layout] += bool(db.faces(name))
        except CostSyntaxError:  # an un-set symbol in a face's cost: counted as having its faces
            whole[layout] += all(p in pool for p in name.split(" // "))
    return {layout: (cards[layout], whole[layout]) for layout in LAYOUTS if cards[layout]}


def cold_lookup_ms(path: Path) -> float:
    """Milliseconds to open the pool and read the faces of `LOOKUPS` (fresh reader)."""
    start = time.perf_counter()
    db = CardDB([CardPool(path)])
    for name in LOOKUPS:
        db.faces(name)
    return 1000 * (time.perf_counter() - start)


def plot(rows: list[tuple[str, dict]]):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 3.5))
        width = 0.8 / len(rows)
        for i, (label, counts) in enumerate(rows):
            xs = [j + i * width for j in range(len(LAYOUTS))]
            ax.bar(xs, [counts.get(layout, (0, 0))[1] for layout in LAYOUTS], width, label=label)
        ax.set_xticks([j + width * (len(rows) - 1) / 2 for j in range(len(LAYOUTS))], LAYOUTS, fontsize=8)
        ax.set_ylabel("cards with every face")
        ax.legend()
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)

    return draw


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, help="another checkout whose pool to count side by side (e.g. ../main)")
    ap.add_argument("--label", default="baseline", help="what to call the baseline in the report (e.g. 'main abd4f1d')")
    args = ap.parse_args()
    checkouts = [("this", ROOT)] + ([(args.label, args.baseline)] if args.baseline else [])
    rows, sizes = [], []
    for label, root in checkouts:
        pool = CardPool(root / POOL)
        rows.append((label, faces_by_layout(pool)))
        sizes.append((label, pool.meta, (root / POOL).stat().st_size, min(cold_lookup_ms(root / POOL) for _ in range(5))))
    lines = ["# Faces of the built-in pool's multi-face cards (`python -m benchmarks.pool_faces`)", "",
             "Multi-face cards (one per full name \"A // B\") by layout, and how many of "
             "them have every face in the pool (`CardDB.faces`: a pool without a card's faces counts it when each "
             "other face is a card of its own name, such as a prepare card's copied spell).", "",
             "| layout | cards | " + " | ".join("every face (%s)" % label for label, _ in rows) + " |",
             "|---|---:|" + "---:|" * len(rows)]
    for layout in LAYOUTS:
        if layout in rows[0][1]:
            lines.append("| %s | %d | %s |" % (layout, rows[0][1][layout][0], " | ".join(
                "%d" % counts.get(layout, (0, 0))[1] for _, counts in rows)))
    lines.append("| all | %d | %s |" % (sum(c for c, _ in rows[0][1].values()), " | ".join(
        "%d" % sum(w for _, w in counts.values()) for _, counts in rows)))
    lines += ["", "| checkout | names | cards | bytes | cold lookup of %d cards' faces, ms (fastest of 5) |" % len(LOOKUPS),
              "|---|---:|---:|---:|---:|"]
    lines += ["| %s | %d | %d | %d | %.1f |" % (label, meta["names"], meta["cards"], size, ms)
              for label, meta, size, ms in sizes]
    lines += ["", "Source of this checkout's pool: %s." % sizes[0][1]["source"], ""]
    print(write_results("pool_faces", "\n".join(lines), plot(rows)).read_text())


if __name__ == "__main__":
    main()
