"""Parse speed of the oracle parser and the card file loader on ~35,000 cards.

Run:  python -m benchmarks.parse_speed [--copies 50]

Builds a large input from shared/data/cards-dev.json (each card repeated under new names,
texts' self-references renamed too), then measures, each in one run:
  1. loading it as an MTGJSON AtomicCards .json.gz file (streamed, no cache);
  2. loading it again (from the cache);
  3. parsing every card (card_from_mtgjson: type line, mana cost; then its oracle abilities);
  4. the full ``cards check`` coverage report.
Time and peak traced memory (tracemalloc) are printed and written to
benchmarks/results/parse_speed.md.  Target (issue 6): parsing 35,000 cards in < 10 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import tempfile
import time
import tracemalloc
from pathlib import Path

from manasolve.models.cards import card_from_mtgjson
from manasolve.models.coverage import coverage_report
from manasolve.models.loaders import load_card_file
from manasolve.models.mana import CostSyntaxError

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards-dev.json"
if not DEV.exists():  # the package's built-in copy of the same cards
    DEV = Path(__file__).resolve().parents[1] / "manasolve" / "data" / "builtin_cards.json"
RESULTS = Path(__file__).resolve().parent / "results" / "parse_speed.md"


def build_cards(copies: int) -> list[dict]:
    """``copies`` renamed copies of every dev card (copy 0 keeps the real names)."""
    dev = json.loads(DEV.read_text(encoding="utf-8"))
    out = []
    for i in range(copies):
        for c in dev:
            if i == 0:
                out.append(c)
                continue
            name = "%s %d" % (c["name"], i)
            text = (c.get("text") or "").replace(c["name"], name)
            out.append(dict(c, name=name, text=text))
    return out


def measure(fn):
    """(result, seconds, peak MiB): the time of an untraced call, then the peak of a
    second call under tracemalloc (tracing slows Python down several times)."""
    t0 = time.perf_counter()
    fn()
    seconds = time.perf_counter() - t0
    tracemalloc.start()
    result = fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return result, seconds, peak / 2**20


def _clear(cache: Path) -> bool:
    """Empty the cache directory so the next load streams the file; always False."""
    for f in cache.glob("*"):
        f.unlink()
    return False


def parse_all(cards: list[dict]) -> int:
    parsed = 0
    for d in cards:
        try:
            card_from_mtgjson(d).abilities  # the oracle text is read on first use
            parsed += 1
        except CostSyntaxError:
            pass  # reported by `cards check`; counted as not parsed here
    return parsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=50, help="copies of the 698 dev cards (default 50 → 34,900)")
    args = ap.parse_args()
    cards = build_cards(args.copies)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        atomic = Path(tmp) / "AtomicCards.json.gz"
        with gzip.open(atomic, "wt", encoding="utf-8") as f:
            json.dump({"meta": {}, "data": {c["name"]: [c] for c in cards}}, f)
        raw_mib = len(gzip.decompress(atomic.read_bytes())) / 2**20
        cache = Path(tmp) / "cache"
        loaded, s, mib = measure(lambda: load_card_file(atomic, cache) if not _clear(cache) else None)
        rows.append(("load AtomicCards .json.gz (%.0f MiB JSON), streamed" % raw_mib, len(loaded), s, mib))
        loaded, s, mib = measure(lambda: load_card_file(atomic, cache))
        rows.append(("load again (cache)", len(loaded), s, mib))
    parsed, s, mib = measure(lambda: parse_all(cards))
    rows.append(("parse every card (card_from_mtgjson)", parsed, s, mib))
    report, s, mib = measure(lambda: coverage_report(cards))
    rows.append(("cards check coverage report", report.cards, s, mib))
    lines = ["# Parse speed (`python -m benchmarks.parse_speed --copies %d`)" % args.copies, "",
             "%d cards built from %d dev cards; target: parse in < 10 s." % (len(cards), len(cards) // args.copies), "",
             "| step | cards | seconds | peak traced MiB | cards/s |", "|---|---:|---:|---:|---:|"]
    for what, n, s, mib in rows:
        lines.append("| %s | %d | %.2f | %.1f | %.0f |" % (what, n, s, mib, n / s if s else 0))
    lines += ["", "mana-ability lines understood: %d / %d (%.2f%%)" % (
        report.mana_lines_understood, report.mana_lines, report.mana_lines_pct)]
    text = "\n".join(lines) + "\n"
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
