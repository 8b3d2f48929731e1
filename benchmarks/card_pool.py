"""The whole card pool: how much of its cost text the parsers read, and what building it
in costs at start-up.

1. Coverage (`cards check`'s count) of mana-ability lines on the whole built-in pool, on
   its cards in the development set (shared/data/cards-dev.json) and on those outside it
   (the cards the parser was not tuned on), with the most frequent templates left out, and
   of the lines read those with a part named not modelled (`ManaAbility.unmodelled`:
   payments leave them out and say why); the same for the cost sentences (alternative and
   additional costs, cost modifiers, keyword ways of casting: `cost_sentences`), with those
   read exactly but not applied (named with why, `oracle.unapplied_costs`) apart, and
   what is still unread, by family.
2. Start-up: wall time (median and fastest of --runs, the cases' runs alternating) and peak RSS of ``python -m manasolve pay BOARD
   --cost {G}`` for a board of development-set cards and for a board naming pool cards
   (Arcane Signet, Cultivate, Counterspell), each run in this checkout and, side by side in
   the same run, in the --baseline checkout (e.g. main before the pool; the pool board is
   an unknown-card error there, exit 2); and the pool board with the whole pool given again
   as the user's card file (MANASOLVE_CARDS), cached.

    python -m benchmarks.card_pool [--runs 5] [--baseline ../main] [--source FILE]

Writes benchmarks/results/card_pool.md and benchmarks/results/card_pool.png.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.results_files import write_results
from manasolve.models.card_pool import card_pool
from manasolve.models.cards import card_from_mtgjson
from manasolve.models.mana import CostSyntaxError
from manasolve.models.oracle.spell_costs import SpellCosts, parse_spell_costs
from manasolve.models.oracle.unapplied_costs import Unapplied
from manasolve.models.coverage import Coverage, coverage_report, family_of
from manasolve.models.oracle.mana_abilities import is_mana_ability_line
from manasolve.models.oracle.words import normalize
from manasolve.models.loaders import load_card_file

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "data" / "cards-dev.json"
if not DEV.exists():  # the package's built-in copy of the same cards
    DEV = ROOT / "manasolve" / "data" / "builtin_cards.json"
_TEMPLATES = 15
# Recorded before issue 15's parser work, with this script on main at a8daf7d (plus only
# the fix that stopped Cheap Ass's {1/2} from raising): (mana-ability lines, understood).
BEFORE = {"commit": "a8daf7d", "whole pool": (2105, 1839), "in the dev set": (274, 267),
          "outside the dev set": (1831, 1572)}
# Runs `manasolve` in-process from the checkout in the cwd and prints its peak RSS (KiB):
# VmHWM, the high-water mark of this process's own memory (ru_maxrss would also count the
# pages of the parent this process was forked from).
_WRAPPER = ("import re, sys; from manasolve.cli import main; code = main(sys.argv[1:]); "
            "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1); "
            "sys.stderr.write('MAXRSS %s\\n' % hwm); sys.exit(code)")


def coverage_rows(cards: dict[str, dict], dev_names: set[str]) -> list[tuple[str, Coverage]]:
    """The coverage report of the whole pool, its dev-set cards and the others."""
    real = {n: c for n, c in cards.items() if not c.get("aliasOf")}
    inside = [c for n, c in real.items() if n in dev_names]
    outside = [c for n, c in real.items() if n not in dev_names]
    return [("whole pool", coverage_report(real.values())), ("in the dev set", coverage_report(inside)),
            ("outside the dev set", coverage_report(outside))]


def unread_mana_lines(report: Coverage) -> list[tuple[str, list[str]]]:
    """The cards of the mana-ability lines `report` (a `cards check` answer) leaves
    unread, by family (`coverage.family_of`), most first."""
    by: dict[str, list[str]] = {}
    for x in report.not_understood:
        if is_mana_ability_line(normalize(x.sentence, x.card).strip()):
            by.setdefault(family_of(x.sentence), []).append(x.card)
    return sorted(((f, sorted(c)) for f, c in by.items()), key=lambda fc: (-len(fc[1]), fc[0]))


def _spell_costs(cards: dict[str, dict]) -> list[tuple[str, SpellCosts]]:
    """(card name, its cost sentences read) of every card of the pool, aliases left out."""
    out = []
    for name, d in sorted(cards.items()):
        if d.get("aliasOf"):
            continue
        try:
            out.append((name, card_from_mtgjson(d).spell_costs))
        except (CostSyntaxError, KeyError, TypeError, ValueError):  # as `coverage_report`: the text read alone
            out.append((name, parse_spell_costs(d.get("name") or "", d.get("text") or "")))
    return out


def unapplied_by_kind(cards: dict[str, dict]) -> list[tuple[str, list[tuple[str, Unapplied]]]]:
    """The cost sentences read but not applied (`oracle.unapplied_costs`), by kind, most first."""
    by: dict[str, list[tuple[str, Unapplied]]] = {}
    for name, sc in _spell_costs(cards):
        for u in sc.unapplied:
            by.setdefault(u.kind.value, []).append((name, u))
    return sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0]))


def unread_cost_sentences(cards: dict[str, dict]) -> list[tuple[str, str]]:
    """(card, sentence) of every cost sentence not understood."""
    return [(name, x.sentence) for name, sc in _spell_costs(cards) for x in sc.not_understood]


def _board(names: list[str]) -> dict:
    return {"format": "manasolve/board@1", "players": [
        {"name": "alice", "battlefield": [{"id": "p%d" % i, "card": n} for i, n in enumerate(names)]}]}


def _run(case: tuple) -> tuple[float, int]:
    """Wall seconds and exit status of one ``python -m manasolve pay`` of a case."""
    checkout, board, env = case
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "manasolve", "pay", str(board), "--cost", "{G}"], cwd=checkout,
                          capture_output=True, env=dict(os.environ, **env))
    return time.perf_counter() - t0, done.returncode


def _peak_mib(case: tuple) -> float:
    checkout, board, env = case
    rss = subprocess.run([sys.executable, "-c", _WRAPPER, "pay", str(board), "--cost", "{G}"], cwd=checkout,
                         capture_output=True, text=True, env=dict(os.environ, **env))
    return next((int(ln.split()[1]) for ln in rss.stderr.splitlines() if ln.startswith("MAXRSS")), 0) / 1024


def startup(cases: dict[tuple[str, str], tuple], runs: int) -> list[tuple]:
    """For each case (who, what) → (checkout, board, extra env): (who, what, median and
    fastest wall seconds, peak RSS MiB, exit status).  The cases' runs alternate, so a
    busy machine slows each of them alike; each runs with its checkout as the working
    directory (its source first on sys.path)."""
    times: dict[tuple[str, str], list[float]] = {k: [] for k in cases}
    codes = {}
    for k, case in cases.items():  # warm up: caches, the OS's file cache
        _run(case)
    for _ in range(runs):
        for k, case in cases.items():
            seconds, codes[k] = _run(case)
            times[k].append(seconds)
    return [(who, what, statistics.median(times[(who, what)]), min(times[(who, what)]), _peak_mib(case),
             codes[(who, what)]) for (who, what), case in cases.items()]


def plot(rows: list[tuple[str, Coverage]], starts: list[tuple]):
    def draw(path: Path) -> None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, (a, b) = plt.subplots(1, 2, figsize=(12, 5))
        a.bar([r[0] for r in rows], [r[1].mana_lines_pct for r in rows], color="tab:green")
        a.set_ylim(0, 100)
        a.set_ylabel("mana-ability lines understood (%)")
        a.set_title("Coverage")
        labels = ["%s\n%s" % (who, what.split(",")[0] + (" + user file" if "," in what else "")) for who, what, *_ in starts]
        b.bar(labels, [s[2] for s in starts], color=["tab:blue" if s[0] == "this" else "tab:gray" for s in starts])
        b.axhline(0.4, color="tab:red", linestyle="--", label="target 0.4 s")
        b.tick_params(axis="x", labelrotation=30, labelsize=8)
        b.set_ylabel("manasolve pay wall time (s, median)")
        b.set_title("Start-up")
        b.legend()
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)
    return draw


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="start-up runs per measurement (median)")
    ap.add_argument("--baseline", type=Path, help="another checkout to time side by side (e.g. ../main)")
    ap.add_argument("--source", help="measure coverage on this card file instead of the built-in pool")
    args = ap.parse_args()
    pool = card_pool()
    cards = load_card_file(args.source) if args.source else {n: pool[n] for n in pool}
    dev_names = {c["name"] for c in json.loads(DEV.read_text(encoding="utf-8"))}
    t0 = time.perf_counter()
    rows = coverage_rows(cards, dev_names)
    seconds = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        boards = {"dev-set board": _board(["Forest", "Llanowar Elves", "Sol Ring"]),
                  "pool board": _board(["Forest", "Arcane Signet", "Cultivate", "Counterspell"])}
        cases: dict[tuple[str, str], tuple] = {}
        for what, board in boards.items():
            path = Path(tmp) / (what.split()[0] + ".json")
            path.write_text(json.dumps(board))
            for who, checkout in (("this", ROOT), ("baseline", args.baseline)):
                if checkout is not None:
                    cases[(who, what)] = (checkout.resolve(), path, {})
        # The whole pool again as the user's own card file (MANASOLVE_CARDS), cached by the
        # warm-up run: the user's file is read lazily too.
        real = [c for c in cards.values() if not c.get("aliasOf")]
        user_file = Path(tmp) / "user_cards.json"
        user_file.write_text(json.dumps(real))
        env = {"MANASOLVE_CARDS": str(user_file), "MANASOLVE_CACHE_DIR": str(Path(tmp) / "cache")}
        cases[("this", "pool board, MANASOLVE_CARDS = %d cards" % len(real))] = (ROOT, path, env)
        load_before = os.getloadavg()[0]
        starts = startup(cases, args.runs)
        load_after = os.getloadavg()[0]
    lines = ["# The whole card pool (`python -m benchmarks.card_pool`)", "",
             "Source: %s. Coverage counted in %.1f s." % (args.source or "the built-in pool (%s)" % pool.meta["source"],
                                                         seconds), "",
             "Understood: read into a `ManaAbility`; of them, *named not modelled*: read exactly with a part the model "
             "cannot evaluate named (`ManaAbility.unmodelled`: \"unless any player pays {1}\", a coin flip, a spend "
             "restriction on watermarks ...), which every payment leaves out and names.", "",
             "| cards | cards | mana-ability lines | understood | %% | of them named not modelled | before (%s) |"
             % BEFORE["commit"], "|---|---:|---:|---:|---:|---:|---:|"]
    for what, r in rows:
        seen, ok = BEFORE[what]
        lines.append("| %s | %d | %d | %d | %.2f | %d | %d / %d = %.2f |" % (
            what, r.cards, r.mana_lines, r.mana_lines_understood, r.mana_lines_pct, r.mana_lines_unmodelled,
            ok, seen, 100.0 * ok / seen))
    lines += ["", "## Cost sentences: alternative and additional costs, cost modifiers, keyword ways of casting", "",
              "Every sentence `oracle.spell_costs` looks at (601.2b, 601.2f, 118.8, 118.9): read into the total cost, "
              "or read exactly but not applied (named with why in every total-cost answer, `oracle.unapplied_costs`), "
              "or not understood (reported with its template).  *Read or named* = the first two.", "",
              "| cards | cost sentences | read or named | % | of them read, not applied | read into the total | % |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for what, r in rows:
        cs = r.cost_sentences
        applied = cs.understood - (cs.unapplied or 0)
        lines.append("| %s | %d | %d | %.2f | %d | %d | %.2f |" % (
            what, cs.seen, cs.understood, r.cost_sentences_pct, cs.unapplied or 0, applied,
            100.0 * applied / cs.seen if cs.seen else 100.0))
    lines += ["", "## Start-up: `manasolve pay BOARD --cost {G}` (%d runs each, alternating; peak RSS of one)" % args.runs, "",
              "Baseline checkout: %s." % (args.baseline.resolve().name if args.baseline else "none"), "",
              "Machine load (1-minute load average, %d cores) before / after these runs: %.1f / %.1f%s." % (
                  os.cpu_count() or 0, load_before, load_after,
                  "; the machine was shared and loaded, so these times are inflated (compare runs side by side, not "
                  "with other files)" if max(load_before, load_after) > (os.cpu_count() or 1) else ""), "",
              "| checkout | board | median s | fastest s | peak RSS MiB | exit |", "|---|---|---:|---:|---:|---:|"]
    for who, what, median, fastest, mib, code in starts:
        lines.append("| %s | %s | %.3f | %.3f | %.0f | %d |" % (who, what, median, fastest, mib, code))
    lines += ["", "## Not understood, by family (sentences / of them mana-ability lines)", "",
              "| family | whole pool | outside the dev set |", "|---|---:|---:|"]
    outside = {f.family: f for f in rows[2][1].not_understood_by_family}
    for fam in rows[0][1].not_understood_by_family:
        o = outside.get(fam.family)
        lines.append("| %s | %d / %d | %d / %d |" % (fam.family, fam.count, fam.mana_lines, o.count if o else 0,
                                                     o.mana_lines if o else 0))
    lines += ["", "## Most frequent templates not understood, whole pool (every sentence, not only mana lines)", "",
              "| count | template | example cards |", "|---:|---|---|"]
    for grp in rows[0][1].not_understood_by_template[:_TEMPLATES]:
        lines.append("| %d | %s | %s |" % (grp.count, grp.template.replace("|", "\\|"),
                                          ", ".join(e.card for e in grp.examples)))
    lines += ["", "## Mana-ability lines still unread, by family (whole pool)", "",
              "| family | lines | cards |", "|---|---:|---|"]
    for family, cards_of in unread_mana_lines(rows[0][1]):
        lines.append("| %s | %d | %s |" % (family, len(cards_of), ", ".join(cards_of).replace("|", "\\|")))
    lines += ["", "## Cost sentences read but not applied, by family (whole pool)", "",
              "| family | sentences | of them changing other spells' costs | example cards |", "|---|---:|---:|---|"]
    for kind, found in unapplied_by_kind(cards):
        lines.append("| %s | %d | %d | %s |" % (kind, len(found), sum(1 for _, u in found if u.others),
                                                ", ".join(dict.fromkeys(c for c, _ in found[:4])).replace("|", "\\|")))
    lines += ["", "## Cost sentences still unread (whole pool)", "", "| card | sentence |", "|---|---|"]
    for card, sentence in unread_cost_sentences(cards):
        lines.append("| %s | %s |" % (card.replace("|", "\\|"), sentence.replace("|", "\\|")))
    text = "\n".join(lines) + "\n"
    print(text)
    write_results("card_pool", text, plot(rows, starts))


if __name__ == "__main__":
    main()
