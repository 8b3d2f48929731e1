"""Fuzzed command lines for the error contract (issue 17): one generator shared by the
suite (tests/test_fuzz.py, a few hundred cases) and the long runner (benchmarks/fuzz.py).

``fuzz_case(rng)`` answers a board file text and the arguments after it: a valid board
mutated as a hostile user would (types swapped, keys renamed or duplicated, huge and
negative numbers, NaN, unicode, long strings, deep nesting, attachment cycles, inline cards
with fields of the wrong type) and a command with fuzzed costs and flags.
``run_case(board_path, argv)`` runs ``manasolve.cli.main`` in-process and
``verdict(...)`` says whether the outcome keeps the contract: exit 0/1 with a JSON answer,
exit 2 with exactly one short line on stderr naming the file or the flag, or exit 3 with
one such line saying the question gave up at its time limit.

The server gets the same treatment: ``server_lines(rng)`` is a session of request lines
(malformed JSON, wrong envelopes, fuzzed params and boards, long lines, slow questions
with small time limits) ending with a probe question whose answer is known;
``run_server(lines)`` serves them in-process and ``server_verdict(...)`` checks that every
response is one JSON-RPC line (no internal error, one short message line) and that the
probe is answered: the server went on.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import random
from dataclasses import dataclass
from importlib import resources
from typing import Any

from manasolve import cli
from manasolve.cli import main
from manasolve.protocol import QUESTIONS
from manasolve.server import Server

# The longest acceptable error line: one line a person reads, echoed input truncated.
MAX_ERROR_LINE = 300
DEEP = "\u0000DEEP\u0000"  # placeholder replaced by deeply nested JSON text after dumping

CARDS = ["Forest", "Tundra", "Birds of Paradise", "Sol Ring", "Llanowar Elves", "Think Twice",
         "Caustic Bronco", "Alacrian Jaguar", "Smuggler's Copter", "Rancor", "Bonesplitter",
         "Thalia, Guardian of Thraben", "Treasure Cruise", "Stoke the Flames", "Cabal Ritual",
         "Wooded Bastion", "Nyxbloom Ancient", "Forrest", "", "Black Lotus", "Fortune, Loyal Steed"]
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{X}", "{0}", "{1}", "{2}", "{16}",
           "{W/U}", "{B/G}", "{2/W}", "{G/P}", "{W/U/P}", "{C/G}", "{R/P}", "{U/B}", "{G/W/P}",
           "{99999999999999999999}", "{²}", "{01}", "{-1}", "{½}", "{∞}", "{Y}", "{", "}", "{}",
           "{w}", "{T}", "{Q}", "{E}", "{H}", "{1000000}", "{W/U/B}", "x", " ", "{X}{X}"]
NASTY_INTS = [0, -1, 1, 2, 7, 20, 255, -10**9, 10**9, 2**31, 2**63, -2**63, 2**64, 10**18,
              10**100, -10**100]
NASTY_TEXT = ["", " ", "\n", "a\nb", "é", "🂡", "\u202e", "\x00", "{T}", "x" * 5000,
              "{T}: Add 1000000000 mana of any one color.", "{T}: Add {G}.",
              "Saddle 1000000000", "Crew 99999999999", "Flashback {99999999999999999999}",
              "Kicker {1}{B}", "Equipped creature gets +1000000000/+0.",
              "Creatures you control get -1000000000/-0.", "{T}: Add {C}{C}{C}{C}{C}{C}{C}{C}{C}{C}."]
MISSING_PAYMENT = "no-such-payment.json"
COMMANDS = ["pay", "produce", "creatures", "saddle", "attack", "cost", "plays", "audit"]


def example_board() -> dict:
    """The example board shipped with the package (valid; every common field set)."""
    text = resources.files("manasolve").joinpath("data/example_board.json").read_text(encoding="utf-8")
    return json.loads(text)


def _huge_digits(rng: random.Random) -> str:
    return "9" * rng.choice([20, 400, 4301, 6000])


def nasty_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of any JSON type, often out of range or of the wrong type."""
    kind = rng.randrange(12)
    if kind == 0:
        return rng.choice(NASTY_INTS)
    if kind == 1:
        return rng.choice([math.nan, math.inf, -math.inf, 1.5, -0.0, 1e308, 2.0])
    if kind == 2:
        return rng.choice(NASTY_TEXT)
    if kind == 3:
        return rng.choice(CARDS)
    if kind == 4:
        return rng.choice([True, False, None])
    if kind == 5 and depth < 3:
        return [nasty_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 6 and depth < 3:
        return {rng.choice(["a", "id", "name", "+1/+1", "k\ney", "é" * 3]): nasty_value(rng, depth + 1)}
    if kind == 7:
        return DEEP
    if kind == 8:
        return "".join(rng.choice(SYMBOLS) for _ in range(rng.randrange(1, 8)))
    if kind == 9:
        return rng.randrange(-1000, 1000)
    return rng.choice(NASTY_INTS + [None, "", []])


def _containers(node: Any, out: list) -> None:
    if isinstance(node, dict):
        out.append(node)
        for v in node.values():
            _containers(v, out)
    elif isinstance(node, list):
        out.append(node)
        for v in node:
            _containers(v, out)


def _inline_card(rng: random.Random) -> dict:
    card: dict[str, Any] = {"name": rng.choice(["Fuzz Card", "Soldier", "Forest"]), "type": "Creature — Fuzz",
                            "types": ["Creature"], "subtypes": ["Fuzz"], "text": rng.choice(NASTY_TEXT),
                            "power": "1", "toughness": "1", "manaCost": "{1}{G}"}
    for _ in range(rng.randrange(3)):
        field = rng.choice(["name", "type", "types", "subtypes", "supertypes", "text", "power", "toughness",
                            "manaCost", "keywords", "layout", "colors", "faceName", "loyalty", "side"])
        card[field] = nasty_value(rng)
    return card


def mutate(board: dict, rng: random.Random) -> None:
    """One hostile change to the board dict, in place."""
    containers: list = []
    _containers(board, containers)
    target = rng.choice(containers)
    op = rng.randrange(9)
    if isinstance(target, dict) and target:
        key = rng.choice(list(target))
        if op <= 2:
            target[key] = nasty_value(rng)
        elif op == 3:
            del target[key]
        elif op == 4:
            target[rng.choice([key + "s", key.upper(), "k\ney", "x" * 400, key[:-1] or "?"])] = target.pop(key)
        elif op == 5:
            target[rng.choice(["counters", "power", "toughness", "life", "energy", "spells_cast_this_turn"])] = (
                {"+1/+1": rng.choice(NASTY_INTS)} if rng.random() < 0.3 else rng.choice(NASTY_INTS))
        else:
            target[key] = copy.deepcopy(target[key]) if rng.random() < 0.5 else nasty_value(rng)
    elif isinstance(target, list):
        if target and op <= 3:
            target[rng.randrange(len(target))] = nasty_value(rng)
        elif target and op == 4:
            target.extend(copy.deepcopy(target) * rng.choice([1, 10, 200]))
        elif target:
            del target[rng.randrange(len(target))]
        else:
            target.append(nasty_value(rng))


def _attachment_cycle(board: dict, rng: random.Random) -> None:
    perms = board["players"][0]["battlefield"]
    a, b = rng.sample(perms, 2)
    a["attached_to"], b["attached_to"] = b["id"], a["id"]
    if rng.random() < 0.5:
        a["card"], b["card"] = "Bonesplitter", "Rancor"


def board_text(rng: random.Random) -> str:
    """A board file's text: the example board, mutated (or, rarely, not JSON at all)."""
    roll = rng.random()
    if roll < 0.04:
        return rng.choice(["", "{", "[]", "null", "1" * 5000, "[" * 100000, '{"players": [' * 3000,
                           '{"players": %s}' % _huge_digits(rng), "\ufeff{}", '{"a":1,"a":2}'])
    board = example_board()
    if rng.random() < 0.25:
        board.setdefault("cards", []).extend(_inline_card(rng) for _ in range(rng.randrange(1, 3)))
        board["players"][0]["battlefield"].append({"id": "fz", "card": board["cards"][-1]["name"]
                                                   if isinstance(board["cards"][-1].get("name"), str) else "Forest"})
    if rng.random() < 0.1:
        _attachment_cycle(board, rng)
    for _ in range(rng.randrange(0 if roll < 0.3 else 1, 4)):
        mutate(board, rng)
    text = json.dumps(board)  # NaN and Infinity written as Python's json writes them
    depth = rng.choice([10, 900, 1200, 5000, 100000])
    text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth)
    if rng.random() < 0.05:  # a duplicated key, which json.dumps cannot write
        text = text.replace('"name": "alice"', '"name": "alice", "name": "bob"', 1)
    if rng.random() < 0.05:
        text = text.replace('"life": 20', '"life": ' + _huge_digits(rng), 1)
    return text


def _cost(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        return "".join(rng.choice(SYMBOLS[:21]) for _ in range(rng.randrange(0, 6)))
    if roll < 0.6:  # many distinct hybrid/Phyrexian symbols: announcements multiply
        return "".join(rng.choice(["{W/U}", "{B/G}", "{G/P}", "{R/P}", "{2/W}", "{U/B}", "{W/U/P}"])
                       for _ in range(rng.choice([10, 30, 60])))
    if roll < 0.7:
        return "{1}" * rng.choice([100, 1000, 20000])
    return "".join(rng.choice(SYMBOLS) for _ in range(rng.randrange(0, 12)))


def _int_text(rng: random.Random) -> str:
    return rng.choice(["0", "1", "-1", "3", "9223372036854775808", "-9223372036854775809", "1e3", "x",
                       _huge_digits(rng), "²", "01", "1000000"])


def argv_tail(rng: random.Random) -> tuple[str, list[str]]:
    """A command and its fuzzed flags (the board path goes after the command)."""
    command = rng.choice(COMMANDS)
    flags: list[str] = []
    ids = ["f1", "tundra", "elf", "birds", "bronco", "soldier", "cylian", "scorpion", "nope", "x" * 2000, "a\nb"]
    card = rng.choice(CARDS + ["x" * 3000])
    if command in ("pay", "audit"):
        flags += ["--cost", _cost(rng)] if rng.random() < 0.7 else ["--card", card]
        if command == "pay":
            flags += rng.choice([[], ["--count"], ["--all"], ["--best"], ["--all", "--limit", _int_text(rng)]])
            if rng.random() < 0.3:
                for _ in range(rng.randrange(1, 5)):
                    flags += ["--keep", _cost(rng)]
            if rng.random() < 0.2:
                flags += ["--order", rng.choice(["keep,life", "life,,x", "waste" * 100, "a\nb", "colors"])]
            if rng.random() < 0.2:
                flags += rng.sample(["--convoke", "--improvise", "--delve", "--keep-hand"], 2)
        else:
            flags += ["--payment", rng.choice([MISSING_PAYMENT, "BOARD"])]
    elif command == "cost":
        flags += ["--card", card]
    elif command == "saddle":
        flags += ["--mount", rng.choice(ids)]
        flags += rng.choice([[], ["--all"], ["--best"], ["--all", "--limit", _int_text(rng)]])
    elif command == "attack":
        flags += ["--attackers"] + rng.sample(ids, rng.randrange(1, 3))
        if rng.random() < 0.3:
            flags += [rng.choice(["--reveal", "--copy"]), rng.choice(["bronco=Forest", "x", "nope=Forest", "=", "bronco=" + "y" * 900])]
    elif command in ("produce", "creatures"):
        if rng.random() < 0.4:
            flags += ["--id", rng.choice(ids)]
    if command in ("pay", "cost", "audit") and rng.random() < 0.4:
        flags += [rng.choice(["--x", "--kicker", "--side", "--flashback"]), _int_text(rng)]
    if rng.random() < 0.1:
        flags += ["--player", rng.choice(["alice", "bob", "zed", "é\n"])]
    if rng.random() < 0.05:
        flags += [rng.choice(["--bogus", "--x", "--limit"])]
    if rng.random() < 0.1:  # a small time limit: a partial answer or "gave up", never a hang
        flags += ["--timeout", rng.choice(["0.001", "0.05", "1", "0", "-1", "nan", "inf", "x", "1e400"])]
    return command, flags + ["--json"]


@dataclass
class Outcome:
    """What one in-process run printed and returned."""

    code: int
    out: str
    err: str
    error: BaseException | None = None  # an exception that escaped main (a traceback)


class _BuiltOnce:
    """``manasolve.cli.build_parser()`` built once: building it (every command's
    arguments) took half of an in-process case's time.  Each parse answers a deep copy of
    the namespace, so a handler that changed a default list in place changes no later
    case; the subprocess samples of benchmarks/fuzz.py build the parser afresh."""

    def __init__(self) -> None:
        self.parser = cli.build_parser()

    def __call__(self) -> "_BuiltOnce":
        return self

    def parse_args(self, argv: list[str]) -> Any:
        return copy.deepcopy(self.parser.parse_args(argv))


_PARSER: _BuiltOnce | None = None


def run_case(path: str, command: str, flags: list[str]) -> Outcome:
    """``manasolve COMMAND BOARD FLAGS`` in-process (``manasolve.cli.main``, its parser
    built once), stdout and stderr captured."""
    global _PARSER
    out, err = io.StringIO(), io.StringIO()
    argv = [command, path] + [path if f == "BOARD" else f for f in flags]
    _PARSER = _PARSER or _BuiltOnce()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _built_once(_PARSER):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception as exc:  # noqa: BLE001 - a traceback is what the fuzz test looks for
            return Outcome(-1, out.getvalue(), err.getvalue(), exc)
    return Outcome(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _built_once(parser: _BuiltOnce):
    made, cli.build_parser = cli.build_parser, parser
    try:
        yield
    finally:
        cli.build_parser = made


def verdict(outcome: Outcome, *paths: str) -> str | None:
    """None if the outcome keeps the error contract, else what is wrong with it (the line
    must start with one of the files, `paths`, or with "manasolve: " for a flag error)."""
    if outcome.error is not None:
        return "traceback: %s: %s" % (type(outcome.error).__name__, str(outcome.error)[:200])
    if outcome.code in (0, 1):
        try:
            json.loads(outcome.out)
        except ValueError:
            return "exit %d without a JSON answer" % outcome.code
        return None
    if outcome.code not in (2, 3):
        return "exit status %r" % outcome.code
    lines = outcome.err.splitlines()
    if len(lines) != 1 or not outcome.err.endswith("\n"):
        return "%d lines on stderr" % len(lines)
    line = lines[0]
    if len(line) > MAX_ERROR_LINE:
        return "error line of %d characters" % len(line)
    if "Traceback" in line:
        return "traceback in the error line"
    if not any(line.startswith(p + ": ") for p in paths + ("manasolve",)):
        return "error line names neither the file nor the command: %r" % line[:120]
    if outcome.code == 3 and "gave up after" not in line:
        return "exit 3 without saying it gave up: %r" % line[:120]
    return None


# --- the server -----------------------------------------------------------------------

SERVER_METHODS = list(QUESTIONS) + ["board.load", "board.get", "board.patch", "board.apply", "board.undo",
                                    "board.copy", "board.close", "nope", "", "pay "]
# Known JSON-RPC error codes of the server (protocol.py); -32603 (internal error) is a bug.
SERVER_CODES = {-32700, -32600, -32601, -32602, -32000}
PROBE_ID = "probe"


def _slow_board() -> dict:
    """A board whose exact counts and best payments take seconds (60 mixed sources)."""
    cards = ["Birds of Paradise", "Tundra", "Forest", "Island", "Sol Ring", "Llanowar Elves", "Plains", "Swamp"]
    return {"players": [{"name": "alice", "battlefield": [{"id": "p%d" % i, "card": cards[i % len(cards)]}
                                                           for i in range(60)]}]}


def _request(rid: Any, method: Any, params: Any) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})


def _params(rng: random.Random) -> dict:
    """Params of a question, fuzzed: keys of the API, values often of the wrong type."""
    params: dict[str, Any] = {"board": rng.choice(["s1", "s9", example_board(), nasty_value(rng)])}
    for key in rng.sample(["cost", "mode", "card", "id", "mount", "attackers", "limit", "x", "player", "time_limit",
                           "keep", "payment", "ops", "session", "path", "bogus"], rng.randrange(0, 4)):
        params[key] = nasty_value(rng)
    if rng.random() < 0.5:
        params["cost"] = _cost(rng)
    return params


def server_lines(rng: random.Random, huge: int = 0) -> list[str]:
    """One server session: a board loaded, then fuzzed lines, then the probe question
    (produce f1 on the example board, id PROBE_ID).  `huge`: the length of one extra line
    longer than the server reads (0: none)."""
    lines = [_request(0, "board.load", {"board": example_board()})]
    for i in range(rng.randrange(3, 12)):
        roll = rng.random()
        if roll < 0.15:  # not JSON, or not a request
            lines.append(rng.choice(["{", "}", "[]", "[1, 2]", "null", "1" * 5000, "\x00", "{\"jsonrpc\": \"2.0\"}",
                                     '{"jsonrpc": "1.0", "id": 1, "method": "pay"}', "[" * 100000 + "]" * 100000,
                                     '{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": [1]}', "\ufeff{}",
                                     '{"jsonrpc": "2.0", "id": %s, "method": "produce"}' % ("9" * 5000)]))
        elif roll < 0.25:  # a board as text, often not a board (mutated like the CLI's)
            lines.append('{"jsonrpc": "2.0", "id": %d, "method": "board.load", "params": {"board": %s}}'
                         % (i + 1, board_text(rng).replace("\n", " ")))
        elif roll < 0.35:  # a slow question with a small limit, or the server's own limit
            params: dict[str, Any] = {"board": _slow_board(), "cost": "{W/U}{B/G}{2/W}{G/P}{U/B}{R/P}{3}",
                                      "mode": rng.choice(["count", "all", "best"])}
            if rng.random() < 0.7:
                params["time_limit"] = rng.choice([0.001, 0.05, 0.3])
            lines.append(_request(i + 1, "pay", params))
        elif roll < 0.45:  # a batch
            lines.append(json.dumps([{"jsonrpc": "2.0", "id": j, "method": rng.choice(SERVER_METHODS),
                                      "params": _params(rng)} for j in range(rng.randrange(0, 4))]))
        else:
            method = rng.choice(SERVER_METHODS)
            params = _params(rng) if method in QUESTIONS or rng.random() < 0.5 else {
                "session": rng.choice(["s1", "s2", nasty_value(rng)]), "ops": nasty_value(rng),
                "payment": nasty_value(rng)}
            lines.append(_request(rng.choice([i + 1, "r%d" % i, None, 1.5]), method, params))
    if huge:
        lines.insert(rng.randrange(1, len(lines) + 1), _request(99, "produce", {"board": "s1", "id": "x" * huge}))
    lines.append(_request(PROBE_ID, "produce", {"board": example_board(), "id": "f1"}))
    return lines


def run_server(lines: list[str], time_limit: float | None = 1.0) -> str:
    """What ``manasolve serve --timeout time_limit`` writes for `lines` (served in-process)."""
    out = io.BytesIO()
    Server(time_limit=time_limit).serve(io.BytesIO("".join(line + "\n" for line in lines).encode("utf-8")), out)
    return out.getvalue().decode("utf-8")


def server_verdict(output: str) -> str | None:
    """None if every response line keeps the protocol and the probe was answered last."""
    lines = output.splitlines()
    if not lines:
        return "no answer at all"
    for line in lines:
        try:
            answer = json.loads(line)
        except ValueError:
            return "a response that is not JSON: %r" % line[:120]
        for a in answer if isinstance(answer, list) else [answer]:
            if not isinstance(a, dict) or a.get("jsonrpc") != "2.0" or ("result" in a) == ("error" in a):
                return "not a JSON-RPC response: %r" % line[:120]
            error = a.get("error")
            if error is None:
                continue
            if error.get("code") == -32603:
                return "internal error: %s" % str(error.get("message"))[:200]
            if error.get("code") not in SERVER_CODES:
                return "unknown error code %r" % error.get("code")
            message = error.get("message")
            if not isinstance(message, str) or "\n" in message or len(message) > MAX_ERROR_LINE:
                return "unhelpful error message of %d characters: %r" % (len(str(message)), str(message)[:120])
    last = json.loads(lines[-1])
    if not isinstance(last, dict) or last.get("id") != PROBE_ID or last.get("result", {}).get("permanents") != {"f1": ["G"]}:
        return "the probe was not answered last: %r" % lines[-1][:120]
    return None
