"""Benchmark "mirror web": could-produce (106.7) on boards of N reflecting sources and M
real lands on each of two sides.

Reflecting sources alternate Reflecting Pool / Exotic Orchard / Fellwar Stone / Harvester
Druid, split between both players, so the dependency graph is one large web crossing the
table.  manasolve's analysis (SCC condensation + semi-naive propagation, including
building the abilities and effects of the board) is timed against naive repeated
iteration over the whole board (every permanent recomputed from every permanent it
references, until nothing changes), which is given the abilities for free.

Run: ``python -m benchmarks.mirror_web`` → benchmarks/results/mirror_web.md and .png
"""

from __future__ import annotations

import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from manasolve.models.board import Board, load_board  # noqa: E402
from manasolve.models.mana import COLORS, TYPES  # noqa: E402
from manasolve.solver import production  # noqa: E402

SOURCES = ("Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Harvester Druid")
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
RESULTS = Path(__file__).parent / "results"


def mirror_web(n: int, m: int) -> Board:
    """N reflecting sources alternating sides and card kinds, M basics per side."""
    sides: list[list[dict]] = [[], []]
    for i in range(n):
        sides[i % 2].append({"id": "s%d" % i, "card": SOURCES[(i // 2) % len(SOURCES)]})
    for side in range(2):
        for j in range(m):
            sides[side].append({"id": "l%d_%d" % (side, j), "card": BASICS[(j * 2 + side) % len(BASICS)]})
    return load_board({"players": [{"name": "a", "battlefield": sides[0]}, {"name": "b", "battlefield": sides[1]}]})


def naive(board: Board, abilities: dict) -> tuple[dict[str, frozenset[str]], int]:
    """Repeated whole-board iteration from nothing; returns the values and the rounds."""
    perms = board.permanents
    value: dict[str, frozenset[str]] = {p.id: frozenset() for p in perms}
    rounds = 0
    while True:
        rounds += 1
        new = {}
        for p in perms:
            out: set[str] = set()
            for ab in abilities[p.id]:
                if ab.reference is None:
                    out.update(t for o in ab.options for t in o)
                    continue
                mine = ab.reference.scope == "lands_you_control"
                for q in perms:
                    if q.is_land and (q.controller == p.controller) == mine:
                        out |= value[q.id]
                if ab.reference.kind == "color":
                    out &= set(COLORS)
            new[p.id] = frozenset(out)
        if new == value:
            return value, rounds
        value = new


def measure(n: int, m: int, repeat: int = 3) -> dict:
    board = mirror_web(n, m)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        an = production._build(board)
        best = min(best, time.perf_counter() - start)
    got = {p.id: an.could[p.id] for p in board.permanents}
    base = float("inf")
    for _ in range(repeat if n <= 100 else 1):
        start = time.perf_counter()
        want, rounds = naive(board, an.abilities)
        base = min(base, time.perf_counter() - start)
    pool = next((p.id for p in board.permanents if p.name == "Reflecting Pool"), None)
    return {
        "n": n, "m": m, "permanents": len(board.permanents), "analysis_ms": best * 1000, "naive_ms": base * 1000,
        "ratio": base / best, "rounds": rounds, "agree": got == want,
        "pool": "".join(t for t in TYPES if pool and t in got[pool]) or "-",
    }


def main() -> None:
    """Run every size, print the table, write results/mirror_web.md and .png."""
    rows = [measure(n, m) for m in (0, 4) for n in (10, 50, 100, 250, 500)]
    head = "| N sources | M lands/side | permanents | analysis ms | naive ms | naive / analysis | naive rounds | same answer | a Pool could produce |"
    lines = [head, "|" + "---|" * 9]
    for r in rows:
        lines.append("| %(n)d | %(m)d | %(permanents)d | %(analysis_ms).2f | %(naive_ms).2f | %(ratio).1fx | %(rounds)d | %(agree)s | %(pool)s |" % r)
    table = "\n".join(lines)
    print(table)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mirror_web.md").write_text(
        "# Mirror web: could-produce (106.7)\n\n"
        "`python -m benchmarks.mirror_web`. N reflecting sources (Reflecting Pool, Exotic Orchard, Fellwar "
        "Stone, Harvester Druid) split over two players, M basic lands per side. *analysis* = "
        "manasolve's SCC least fixpoint, including building the board's abilities and effects; *naive* = "
        "repeated whole-board iteration given the abilities. Best of 3 runs (1 run for naive above N=100).\n\n"
        + table + "\n\n![plot](mirror_web.png)\n")
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for m in sorted({r["m"] for r in rows}):
        sub = [r for r in rows if r["m"] == m]
        ax.plot([r["n"] for r in sub], [r["analysis_ms"] for r in sub], "o-", label="manasolve, M=%d" % m)
        ax.plot([r["n"] for r in sub], [r["naive_ms"] for r in sub], "s--", label="naive iteration, M=%d" % m)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("reflecting sources N")
    ax.set_ylabel("time (ms)")
    ax.set_title("Mirror web: could-produce least fixpoint")
    ax.legend()
    fig.tight_layout()
    fig.savefig(RESULTS / "mirror_web.png", dpi=120)


if __name__ == "__main__":
    main()
