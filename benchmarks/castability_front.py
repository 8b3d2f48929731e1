"""Benchmark "castability front" (issues 26, 27): the default executor against one process,
and how close `castability --timeout S` answers to S.

Run:  python -m benchmarks.castability_front [--games 200000] [--timeout 5]

1. Executors: `--games` games of the UR deck of issue 26 (20 Island, 12 Mountain, 4
   Lightning Bolt, 4 Counterspell, 20 Wurmcoil Engine) with `--workers 1` (this process)
   and with the default (this process, or a forked pool when the games would take long):
   seconds, games/s, the executor used, and whether both give the same records.
2. Time limits: `manasolve castability DECK --timeout S --json` as a new process on decks
   whose games are slow or many (the Golgari example with `--mulligan 2-7`, which hung
   before; the UR deck with 10^8 games; the Golgari example with the default games): the
   seconds from the call to the answer (the API's clock), the whole process's wall time,
   the games played and whether the answer is partial.

The machine's 2 cores are shared with other work while this runs: the load average is
written beside the figures.  Writes benchmarks/results/castability_front.md.
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

from manasolve.castability import castability

ROOT = Path(__file__).resolve().parents[1]
GOLGARI = ROOT / "examples" / "decks" / "golgari_midrange.txt"
UR = "20 Island\n12 Mountain\n4 Lightning Bolt\n4 Counterspell\n20 Wurmcoil Engine\n"
RESULTS = ROOT / "benchmarks" / "results" / "castability_front.md"


def _executors(deck: str, games: int) -> list[str]:
    rows, answers = [], []
    for label, workers in (("--workers 1 (this process)", 1), ("default", None)):
        started = time.monotonic()
        answer = castability(deck, games=games, turns="1-7", workers=workers, time_limit=None)
        took = time.monotonic() - started
        answers.append(answer["cards"])
        rows.append("| %s | %s | %.1f | %d |" % (label, "%(kind)s, %(workers)d" % answer["executor"], took,
                                                 games / took))
    same = "yes" if answers[0] == answers[1] else "NO"
    return ["| executor asked | used (kind, workers) | seconds | games/s |", "|---|---|---|---|"] + rows + [
        "", "Same answer on both: %s." % same]


def _time_limits(deck: str, seconds: float) -> list[str]:
    cases = [("Golgari example, --mulligan 2-7", [str(GOLGARI), "--mulligan", "2-7"]),
             ("UR deck, 10^8 games", [deck, "--games", "100000000"]),
             ("Golgari example, default games", [str(GOLGARI)])]
    rows = ["| deck | answered after (API) s | process wall s | games | partial | exit |", "|---|---|---|---|---|---|"]
    probe = ("import sys, time, json; from manasolve.cli import main; import manasolve.castability as c; f = c.castability\n"
             "def timed(*a, **k):\n    t = time.monotonic()\n    try:\n        return f(*a, **k)\n"
             "    finally:\n        sys.stderr.write('ANSWERED %f\\n' % (time.monotonic() - t))\n"
             "c.castability = timed\nsys.exit(main(sys.argv[1:]))\n")
    for label, args in cases:
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", probe, "castability", *args, "--timeout", str(seconds), "--json",
                               "--quiet"], capture_output=True, text=True, check=False)
        wall = time.monotonic() - started
        answered = next((float(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("ANSWERED")),
                        float("nan"))
        games, partial = "-", "-"
        if done.returncode == 0:
            answer = json.loads(done.stdout)
            games, partial = str(answer["games"]), "yes" if answer.get("time_limit_reached") else "no"
        rows.append("| %s | %.2f | %.2f | %s | %s | %d |" % (label, answered, wall, games, partial, done.returncode))
    return rows


def main() -> None:
    """Run both parts and write the results file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        deck = os.path.join(folder, "ur.txt")
        Path(deck).write_text(UR)
        load = os.getloadavg()[0]
        lines = ["# castability front: executors and time limits", "",
                 "Measured with `python -m benchmarks.castability_front --games %d --timeout %g` on %d usable cores, "
                 "load average %.1f at the start (the cores are shared with other work)." % (
                     args.games, args.timeout, len(os.sched_getaffinity(0)), load), "",
                 "## Executors: %d games of the UR deck" % args.games, ""]
        lines += _executors(deck, args.games)
        lines += ["", "## `--timeout %g`" % args.timeout, ""]
        lines += _time_limits(deck, args.timeout)
        lines += ["", "Exit 3: no game finished within the limit (\"gave up\"). The process wall time adds Python's "
                  "start-up and exit to the API's time.", ""]
    RESULTS.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
