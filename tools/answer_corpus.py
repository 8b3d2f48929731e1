"""A fixed corpus of command lines and server sessions, answered in-process, to prove a
refactor changes no answer (stdout, stderr and exit status byte for byte).

    python -m tools.answer_corpus OUT.jsonl [--boards N]
    python -m tools.answer_corpus --compare BEFORE.jsonl AFTER.jsonl

The boards: the example board, then N seeded boards of real cards from the dev set (lands,
dorks, rocks, filters, creatures to tap) with a hand and a graveyard.  On each: ``pay`` of
fixed costs and of every hand card (each mode), ``cost``, ``produce`` (whole board and by
id), ``creatures``, ``plays`` (and ``--count``), ``audit`` of the first payment ``pay
--all`` lists, and one server session asking the same over JSON-RPC.  Also ``manasolve
example`` and a small seeded ``castability`` run of each example deck.  No time limit is
given, so every answer is deterministic.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
from pathlib import Path

from manasolve.cli import main
from manasolve.server import Server

ROOT = Path(__file__).resolve().parent.parent
LANDS = ["Forest", "Island", "Mountain", "Plains", "Swamp", "Tundra", "Taiga", "City of Brass", "Reflecting Pool",
         "Exotic Orchard", "Ancient Tomb", "Command Tower"]
OTHERS = ["Llanowar Elves", "Birds of Paradise", "Sol Ring", "Azorius Signet", "Caustic Bronco", "Cylian Elf",
          "Dakmor Scorpion", "Elvish Mystic", "Arcane Signet", "Mind Stone", "Grizzly Bears"]
SPELLS = ["Think Twice", "Lightning Bolt", "Counterspell", "Llanowar Elves", "Sol Ring", "Stoke the Flames",
          "Faithless Looting", "Birds of Paradise", "Caustic Bronco", "Grizzly Bears"]
COSTS = ["{G}", "{1}{G}", "{U}{U}", "{2}{W}{U}", "{X}{G}", "{W/U}{B/G}", "{G/P}{1}", "{C}{C}", "{5}", "{R}{R}{R}"]


def boards(n: int) -> list[dict]:
    """The example board and `n` seeded boards."""
    example = json.loads((ROOT / "manasolve" / "data" / "example_board.json").read_text(encoding="utf-8"))
    out = [example]
    for seed in range(n):
        rng = random.Random(seed)
        field = [{"id": "p%d" % i, "card": rng.choice(LANDS if i < 6 else LANDS + OTHERS)}
                 for i in range(rng.randrange(3, 13))]
        for p in field:
            if rng.random() < 0.15:
                p["tapped"] = True
        out.append({"format": "manasolve/board@1", "active_player": "alice", "step": "precombat_main",
                    "stack_empty": True,
                    "players": [{"name": "alice", "life": 20, "battlefield": field,
                                 "hand": rng.sample(SPELLS, 4), "graveyard": rng.sample(SPELLS, 2)},
                                {"name": "bob", "life": 20, "battlefield": [{"id": "o1", "card": rng.choice(LANDS)}]}]})
    return out


def _run(argv: list[str]) -> dict:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    return {"argv": argv, "out": out.getvalue(), "err": err.getvalue(), "exit": code}


def _name(row: dict, path: str, name: str) -> None:
    """`row` with the temporary board path replaced by a stable name."""
    row["argv"] = [name if a == path else a for a in row["argv"]]
    for key in ("out", "err"):
        row[key] = row[key].replace(path, name)


def _questions(board: dict) -> list[list[str]]:
    me = board["players"][0]
    qs: list[list[str]] = []
    for cost in COSTS:
        for mode in ([], ["--count"], ["--all", "--limit", "20"], ["--best"]):
            qs.append(["pay", "BOARD", "--cost", cost, *mode])
    for zone in ("hand", "graveyard"):
        for card in me.get(zone, []):
            where = ["--card", card, "--from", zone]
            qs += [["pay", "BOARD", *where], ["pay", "BOARD", *where, "--best"], ["cost", "BOARD", *where]]
    qs.append(["produce", "BOARD"])
    qs += [["produce", "BOARD", "--id", p["id"]] for p in me["battlefield"]]
    qs += [["creatures", "BOARD"], ["plays", "BOARD"], ["plays", "BOARD", "--count"]]
    return qs


def record(out_path: str, n: int) -> int:
    """Write the corpus's answers to `out_path`; the number of answers."""
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as folder:
        board_path = str(Path(folder) / "board.json")
        payment_path = str(Path(folder) / "payment.json")
        for b, board in enumerate(boards(n)):
            Path(board_path).write_text(json.dumps(board), encoding="utf-8")
            for q in _questions(board):
                for fmt in (["--json"], []):
                    row = _run([board_path if a == "BOARD" else a for a in q] + fmt)
                    _name(row, board_path, "board%d" % b)
                    rows.append(row)
            listed = _run(["pay", board_path, "--cost", "{1}{G}", "--all", "--limit", "1", "--json"])
            try:
                payment = json.loads(listed["out"])["payments"][0]
            except (ValueError, KeyError, IndexError):
                payment = None
            if payment is not None:
                Path(payment_path).write_text(json.dumps(payment), encoding="utf-8")
                row = _run(["audit", board_path, "--cost", "{1}{G}", "--payment", payment_path, "--json"])
                _name(row, board_path, "board%d" % b)
                _name(row, payment_path, "PAYMENT")
                rows.append(row)
            lines = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "board.load", "params": {"board": board}})]
            for i, cost in enumerate(COSTS):
                lines.append(json.dumps({"jsonrpc": "2.0", "id": i + 1, "method": "pay",
                                         "params": {"board": "s1", "cost": cost}}))
            lines.append(json.dumps({"jsonrpc": "2.0", "id": "p", "method": "plays", "params": {"board": "s1"}}))
            served = io.BytesIO()
            Server(time_limit=None).serve(io.BytesIO(("\n".join(lines) + "\n").encode("utf-8")), served)
            rows.append({"argv": ["serve", "board%d" % b], "out": served.getvalue().decode("utf-8")})
        rows.append(_run(["example"]))
        for deck in sorted((ROOT / "examples" / "decks").glob("*.txt")):
            row = _run(["castability", str(deck), "--games", "500", "--seed", "1", "--json", "--quiet"])
            _name(row, str(deck), deck.name)
            rows.append(row)
    with open(out_path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")
    return len(rows)


def compare(before: str, after: str) -> int:
    """Print each answer that differs; the number of differences."""
    a = [json.loads(line) for line in Path(before).read_text(encoding="utf-8").splitlines()]
    b = [json.loads(line) for line in Path(after).read_text(encoding="utf-8").splitlines()]
    diffs = 0
    for x, y in zip(a, b):
        if x != y:
            diffs += 1
            print("DIFF %s\n  before: %s\n  after:  %s" % (" ".join(map(str, x["argv"]))[:200],
                  json.dumps(x)[:600], json.dumps(y)[:600]))
    if len(a) != len(b):
        diffs += 1
        print("%d answers before, %d after" % (len(a), len(b)))
    print("%d answers compared, %d differences" % (min(len(a), len(b)), diffs))
    return diffs


def run(argv: list[str] | None = None) -> int:
    """Command line: record, or compare two recordings."""
    parser = argparse.ArgumentParser(prog="python -m tools.answer_corpus")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        return 1 if compare(*args.compare) else 0
    if not args.out:
        parser.error("give OUT.jsonl or --compare BEFORE AFTER")
    print("%d answers written to %s" % (record(args.out, args.boards), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(run())
