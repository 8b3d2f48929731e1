"""Benchmark "time limits" (issue 27): how far past its --timeout each slow question
answers, and its peak memory, run as ``python -m manasolve`` subprocesses (start-up
included, as a user waits for it).

    python -m benchmarks.time_limits [--limits 2,10]

The questions: the issue's two (4 Baxter Building + 12 Forest, ``pay --count`` of
{4}{G}{G}{U}; 160 lands, ``pay --all --limit 1000000``), exact counts, best payments and
plays counts of a 60-source board, a batch of slow requests, each with a limit of 2 and
10 s; and ``castability --timeout 5`` on slow decks (the Golgari example with the
default games and with ``--mulligan 2-7``, a UR deck with 10^8 games).  Then the
payability CP-SAT solve (solver/cpsat.py) on boards the flow cannot decide, with
CP-SAT's probing (its default) and without (what cpsat.solve asks), in this process.
Writes benchmarks/results/time_limits.md (and time_limits.png: overshoot by question).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.results_files import write_results
from tests.support.fuzz_cases import _slow_board

LANDS = (["Forest", "Island", "Plains", "Swamp", "Mountain"] * 14 + ["Tundra", "Bayou", "Taiga", "Savannah",
         "Scrubland", "Badlands", "Plateau", "Tropical Island", "Underground Sea", "Volcanic Island"] * 6
         + ["Seaside Citadel", "Savage Lands", "City of Brass", "Mana Confluence"] * 5)
HYBRID = "{W/U}{B/G}{2/W}{G/P}{U/B}{R/P}{3}"


def _board(names: list[str]) -> dict:
    return {"players": [{"name": "a", "battlefield": [{"id": "p%d" % i, "card": n} for i, n in enumerate(names)]}]}


def questions(folder: Path) -> list[tuple[str, list[str]]]:
    """(label, argv after ``manasolve``) of each timed question; BOARD files in `folder`."""
    boards = {"baxter": _board(["Baxter Building"] * 4 + ["Forest"] * 12), "lands160": _board(LANDS),
              "slow60": _slow_board()}
    for name, b in boards.items():
        (folder / (name + ".json")).write_text(json.dumps(b))
    batch = folder / "batch.jsonl"
    slow = boards["slow60"]
    batch.write_text("".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": m, "params": dict(p, board=slow)}) + "\n"
                             for i, (m, p) in enumerate([("pay", {"cost": HYBRID, "mode": "count"}),
                                                         ("pay", {"cost": HYBRID, "mode": "best"}),
                                                         ("plays", {"count": True})] * 3)))
    b = str(folder)
    return [("pay --count, 4 Baxter Building + 12 Forest, {4}{G}{G}{U}",
             ["pay", b + "/baxter.json", "--cost", "{4}{G}{G}{U}", "--count"]),
            ("pay --all --limit 1000000, 160 lands, {2}{W}{U}{B/G}{R}",
             ["pay", b + "/lands160.json", "--cost", "{2}{W}{U}{B/G}{R}", "--all", "--limit", "1000000"]),
            ("pay --count, 60 mixed sources, " + HYBRID, ["pay", b + "/slow60.json", "--cost", HYBRID, "--count"]),
            ("pay --best, 60 mixed sources, " + HYBRID, ["pay", b + "/slow60.json", "--cost", HYBRID, "--best"]),
            ("plays --count, 60 mixed sources", ["plays", b + "/slow60.json", "--count"])]


ROOT = Path(__file__).resolve().parents[1]
GOLGARI = str(ROOT / "examples" / "decks" / "golgari_midrange.txt")
UR = "20 Island\n12 Mountain\n4 Lightning Bolt\n4 Counterspell\n20 Wurmcoil Engine\n"
CASTABILITY_LIMIT = 5.0


def castability_questions(folder: Path) -> list[tuple[str, list[str]]]:
    """(label, argv after ``manasolve``) of each timed castability question."""
    (folder / "ur.txt").write_text(UR)
    return [("castability, Golgari example, default games", ["castability", GOLGARI, "--quiet"]),
            ("castability, Golgari example, --mulligan 2-7", ["castability", GOLGARI, "--mulligan", "2-7", "--quiet"]),
            ("castability, UR deck, 10^8 games", ["castability", str(folder / "ur.txt"), "--games", "100000000",
                                                  "--quiet"])]


def timed(argv: list[str], limit: float) -> dict:
    """One run: wall seconds, exit status, output bytes, peak RSS (MB), whether partial."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([sys.executable, "-m", "manasolve"] + argv + ["--timeout", str(limit), "--json"],
                                stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    games = json.loads(text).get("games") if proc.returncode == 0 else None
    return {"seconds": seconds, "code": proc.returncode, "bytes": len(text), "rss_mb": usage.ru_maxrss / 1024,
            "partial": '"time_limit_reached": true' in text, "games": games}


def batch_run(folder: Path, limit: float) -> dict:
    """``manasolve serve --timeout`` on the batch file's nine slow requests."""
    start = time.monotonic()
    with open(folder / "batch.jsonl", "rb") as stdin, tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([sys.executable, "-m", "manasolve", "serve", "--timeout", str(limit)], stdin=stdin,
                                stdout=out, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.monotonic() - start
        out.seek(0)
        lines = out.read().decode().splitlines()
    return {"seconds": seconds, "code": os.waitstatus_to_exitcode(status), "bytes": len(lines),
            "rss_mb": usage.ru_maxrss / 1024, "partial": False, "parts": 9}


# Boards with a mana-costing activation of more than {1}, which the flow leaves to CP-SAT.
PAYABILITY = [(["Baxter Building"] * 4 + ["Forest"] * 12, ["{4}{G}{G}{U}", "{U}" * 12, "{U}" * 13, "{W}{U}{B}"]),
              (["Baxter Building"] * 2 + ["Forest"] * 6 + ["Island"] * 4, ["{W}{W}{B}{R}", "{W}" * 9]),
              (["Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion"] * 3
               + ["Island", "Swamp", "Mountain", "Forest", "Plains"] * 2, ["{W}" * 8, "{U}" * 10]),
              (["Cabal Coffers", "Swamp", "Swamp", "Urborg, Tomb of Yawgmoth", "Crypt of Agadeem",
                "Cabal Stronghold"] * 2 + ["Basalt Monolith", "Grim Monolith"], ["{B}" * 14, "{20}"])]


def payability_solves(repeats: int = 3) -> list[tuple[str, str, str, float, float]]:
    """(permanents, cost, answer, median seconds with probing, without) of each payability
    solve the flow leaves to CP-SAT (cpsat.solve, probing level set as said)."""
    from ortools.sat.python import cp_model

    from manasolve.models.board import load_board
    from manasolve.models.mana import ManaCost
    from manasolve.solver import cpsat
    from manasolve.solver.flow_pay import flow_payable
    from manasolve.solver.resources import collect

    rows = []
    for names, costs in PAYABILITY:
        res = collect(load_board(_board(names)), "a")
        for cost in costs:
            anns = [a for a in ManaCost.parse(cost).announcements() if flow_payable(res, a.requirement, 20) is None]
            if not anns:
                continue
            times = {}
            for probing in (2, 0):
                took = []
                for _ in range(repeats):
                    pm = cpsat.build(res, anns, 20)
                    original = cp_model.CpSolver.solve

                    def solve(solver, model, *args, level=probing, **kwargs):
                        solver.parameters.cp_model_probing_level = level
                        return original(solver, model, *args, **kwargs)
                    cp_model.CpSolver.solve = solve
                    try:
                        start = time.monotonic()
                        answer = cpsat.solve(pm) is not None
                        took.append(time.monotonic() - start)
                    finally:
                        cp_model.CpSolver.solve = original
                times[probing] = sorted(took)[len(took) // 2]
            label = "%d (%s)" % (len(names), ", ".join("%d %s" % (names.count(n), n) for n in dict.fromkeys(names)))
            rows.append((label, cost, "payable" if answer else "not payable", times[2], times[0]))
    return rows


def report(rows: list[tuple[str, float, dict]], seconds: float, solves: list) -> str:
    lines = ["# Time limits kept (issue 27)", "",
             "`python -m benchmarks.time_limits` on %s, %.0f s, load average %.1f at the start (2 cores shared with "
             "other work); each question a `python -m manasolve ... --json --timeout LIMIT` subprocess, timed from "
             "the call to the process's end (what a user waits). The CLI counts the limit from its start (the "
             "interpreter's own start-up before it, about 0.1-0.3 s, is not counted) and ends at once when its "
             "answer is written." % (time.strftime("%Y-%m-%d"), seconds, os.getloadavg()[0]), "",
             "| question | limit (s) | answered after (s) | overshoot (s) | exit | partial | output | peak RSS |",
             "|---|---:|---:|---:|---:|---|---:|---:|"]
    for label, limit, r in rows:
        cap = limit * r.get("parts", 1)
        lines.append("| %s | %g%s | %.2f | %+.2f | %d | %s | %s | %.0f MB |" % (
            label, limit, " × %d" % r["parts"] if "parts" in r else "", r["seconds"], r["seconds"] - cap, r["code"],
            ("yes" if r["partial"] else "") + (" (%d games)" % r["games"] if r.get("games") else ""), "%d lines" % r["bytes"] if "parts" in r else "%d B" % r["bytes"], r["rss_mb"]))
    worst = max(r["seconds"] - limit * r.get("parts", 1) for _, limit, r in rows)
    lines += ["", "Largest overshoot: %.2f s (start-up included)." % worst, "",
              "## The payability solve with and without CP-SAT's probing", "",
              "`cpsat.solve` on boards whose mana-costing activations leave payability to CP-SAT, median of 3, "
              "this process (seconds):", "",
              "| permanents | cost | answer | probing (default) | no probing (cpsat.solve) |",
              "|---|---|---|---:|---:|"]
    lines += ["| %s | %s | %s | %.3f | %.3f |" % row for row in solves]
    lines.append("")
    return "\n".join(lines)


def plot(rows):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(9, 4))
        labels = ["%s (%gs)" % (label.split(",")[0], limit) for label, limit, _ in rows]
        ax.barh(labels, [r["seconds"] - limit * r.get("parts", 1) for _, limit, r in rows])
        ax.set_xlabel("seconds past the limit (start-up included)")
        ax.set_title("Answer time past --timeout")
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)
    return draw


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limits", default="2,10", help="time limits to try, seconds (default 2,10)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for limit in [float(x) for x in args.limits.split(",")]:
            for label, q in questions(folder):
                rows.append((label, limit, timed(q, limit)))
            rows.append(("serve: 9 slow requests (count, best, plays --count) on 60 sources", limit,
                         batch_run(folder, limit)))
        for label, q in castability_questions(folder):
            rows.append((label, CASTABILITY_LIMIT, timed(q, CASTABILITY_LIMIT)))
    text = report(rows, time.monotonic() - start, payability_solves())
    print(write_results("time_limits", text, plot(rows)))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
