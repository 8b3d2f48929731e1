"""The server's memory when a client never closes its sessions (issue 27): ``board.load``
then a ``pay`` best question on the new session, ``--loads`` times without ``board.close``,
in a ``manasolve serve`` process with its session bound (64, least recently used closed
first) and, for comparison, one with the bound lifted (as the server was before).  Each
run is its own process; its resident memory is read from /proc after every 25 loads.

    python -m benchmarks.server_bounds [--loads 400] [--permanents 20 160]

Writes benchmarks/results/server_bounds.md and .png.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.results_files import write_results
from benchmarks.serve import make_board, make_cost

ROOT = Path(__file__).resolve().parents[1]
UNBOUNDED = 10 ** 9
_RUN = r"""
import json, os, sys, time
from manasolve.server import Server
limit, lines = int(sys.argv[1]), [l for l in sys.stdin.read().split("\n") if l]
server = Server(max_sessions=limit)
page = os.sysconf("SC_PAGE_SIZE")
rss = lambda: int(open("/proc/self/statm").read().split()[1]) * page / 2 ** 20
samples, start = [[0, rss()]], time.monotonic()
for k, line in enumerate(lines):
    answer = json.loads(server.handle_line(line))
    assert "result" in answer, answer
    if k % 2 and (k // 2 + 1) % 25 == 0:
        samples.append([k // 2 + 1, rss()])
print(json.dumps({"samples": samples, "sessions": len(server.sessions), "seconds": time.monotonic() - start}))
"""


def requests(loads: int, permanents: int, seed: int = 27) -> str:
    """`loads` pairs of lines: board.load of a board of `permanents` permanents, a pay best on it."""
    rng = random.Random(seed)
    board, out = make_board(permanents, rng), []
    for i in range(loads):
        out.append(json.dumps({"jsonrpc": "2.0", "id": 2 * i, "method": "board.load", "params": {"board": board}}))
        out.append(json.dumps({"jsonrpc": "2.0", "id": 2 * i + 1, "method": "pay", "params": {
            "board": "s%d" % (i + 1), "cost": make_cost(rng), "mode": "best"}}))
    return "\n".join(out) + "\n"


def run(limit: int, text: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", _RUN, str(limit)], input=text, capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return json.loads(proc.stdout)


def main(argv: list[str] | None = None) -> int:
    from manasolve.server import MAX_SESSIONS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=400)
    parser.add_argument("--permanents", type=int, nargs="+", default=[20, 160])
    args = parser.parse_args(argv)
    rows, curves = [], {}
    for n in args.permanents:
        text = requests(args.loads, n)
        for label, limit in (("bounded (%d sessions)" % MAX_SESSIONS, MAX_SESSIONS), ("unbounded", UNBOUNDED)):
            got = run(limit, text)
            first, last = got["samples"][0][1], got["samples"][-1][1]
            peak = max(m for _, m in got["samples"])
            rows.append("| %d | %s | %d | %.0f | %.0f | %.0f | %.0f | %.1f |" % (
                n, label, args.loads, first, last, peak, last - first, got["seconds"]))
            curves["%d permanents, %s" % (n, label)] = got["samples"]
    text = "\n".join([
        "# Server memory with sessions never closed",
        "",
        "`python -m benchmarks.server_bounds --loads %d --permanents %s` on %s (%s): per load a "
        "`board.load` of the same board and a `pay` best question on it, no `board.close`; resident "
        "memory of the serving process (MB, /proc/self/statm)." % (
            args.loads, " ".join(map(str, args.permanents)), time.strftime("%Y-%m-%d"), sys.platform),
        "",
        "| permanents | sessions held | loads | RSS at start | RSS at end | peak | growth | seconds |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
        "",
    ])

    def plot(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        for label, samples in curves.items():
            ax.plot([s[0] for s in samples], [s[1] for s in samples], label=label)
        ax.set_xlabel("board.load without board.close")
        ax.set_ylabel("resident memory (MB)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)
    print(write_results("server_bounds", text, plot))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
