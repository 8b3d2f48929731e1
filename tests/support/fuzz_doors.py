"""Fuzzed input at every door (issue 27): the board file (tests/support/fuzz_cases.py's command
lines), payments (``board.apply`` and ``audit``, which must agree), card files (``cards
check`` and ``--cards``), deck files (``castability``), batch files (``manasolve batch``),
the server's envelope (ids, methods, notifications, lone surrogates) and its session
methods.  One generator for the suite (tests/test_fuzz.py, a quick run) and the long run
(benchmarks/fuzz.py, ``--doors``).

``door_case(rng)`` answers (door, case); ``run_door(door, case, folder)`` runs it in-process
and answers its class, one of CLASSES:

- ``kept``: the contract kept (an answer, or one line at its path: exit 2 / a JSON-RPC error);
- ``traceback``: an exception escaped, or an internal error (-32603) was answered;
- ``hang``: past the runner's wall-clock limit (set by the runner, see benchmarks/fuzz.py);
- ``unhelpful``: more than one line, over 300 characters, no file or path first, or
  internal words (``None``, ``NoneType``, ``__x__``, Python exception text);
- ``coerced``: a value of the wrong type (``"True"`` for a boolean, ``"20"`` for an
  integer, ...) answered as if it were right;
- ``answered notification``: a response to a request without an id (JSON-RPC 2.0: MUST NOT);
- ``server death``: ``serve`` stopped (an exception out of it, or the probe question after
  the fuzzed lines not answered);
- ``doors disagree``: a payment refused by ``board.apply`` and not by ``audit`` (or the
  other way), or refused by both in different words.
"""

from __future__ import annotations

import collections
import copy
import functools
import io
import json
import random
import re
from pathlib import Path
from typing import Any

from manasolve.models.board import InputError
from manasolve.models.board_schema import parse_json
from manasolve.server import MAX_LINE, Server
from tests.support.fuzz_cases import (
    CARDS,
    MAX_ERROR_LINE,
    MISSING_PAYMENT,
    NASTY_TEXT,
    PROBE_ID,
    SERVER_CODES,
    SERVER_METHODS,
    _params,
    argv_tail,
    board_text,
    Outcome,
    example_board,
    nasty_value,
    run_case,
    verdict,
)

CLASSES = ["kept", "traceback", "hang", "unhelpful", "coerced", "answered notification", "server death",
           "doors disagree"]
DOORS = ["board", "payment", "card file", "deck", "batch", "envelope", "session"]
# Words of Python, not of the contract, in an error line.
INTERNAL = re.compile(r"\bNone\b|\bNoneType\b|__\w+__|Traceback|has no attribute|unhashable|not subscriptable|"
                      r"object is not|\bkwargs?\b|positional argument|\bdict\b|\bint\(\)")
# A payment manasolve itself gives for {1}{G} on the example board (pay --best).
GOOD_PAYMENT = {"announced": "{1}{G}", "life": 0, "tapped_for_cost": [],
                "activations": [{"permanent": "f1", "ability": "{T}: Add {G}.", "produces": "{G}"},
                                {"permanent": "f2", "ability": "{T}: Add {G}.", "produces": "{G}"}]}
# Wrong-typed stand-ins for a value: each must be refused where the right type is wanted.
COERCIONS = {bool: ["True", "true", "yes", "1", 1, 0], int: ["20", "1", 1.0, True, "0x14"], str: [1, True, ["x"]]}


def _line_problem(line: str, *starts: str) -> str | None:
    """Why one error line is unhelpful (None if it is fine)."""
    if "\n" in line.rstrip("\n"):
        return "more than one line"
    if len(line.rstrip("\n")) > MAX_ERROR_LINE:
        return "over %d characters" % MAX_ERROR_LINE
    if starts and not any(line.startswith(s) for s in starts):
        return "names no file or path first: %r" % line[:80]
    hit = INTERNAL.search(line)
    if hit:
        return "internal word %r: %r" % (hit.group(), line[:120])
    return None


def _rpc_problem(answer: Any) -> str | None:
    """The class of one JSON-RPC response object, if it breaks the protocol."""
    if not isinstance(answer, dict) or answer.get("jsonrpc") != "2.0" or ("result" in answer) == ("error" in answer):
        return "unhelpful"
    error = answer.get("error")
    if error is None:
        return None
    if error.get("code") == -32603:
        return "traceback"
    message = error.get("message")
    if error.get("code") not in SERVER_CODES or not isinstance(message, str) or _line_problem(message):
        return "unhelpful"
    return None


# --- the doors' cases -------------------------------------------------------------------

def _payment(rng: random.Random) -> Any:
    """A payment as an engine might send it: the good one changed in one place."""
    if rng.random() < 0.1:
        return nasty_value(rng)
    p = copy.deepcopy(GOOD_PAYMENT)
    roll = rng.randrange(8)
    if roll == 0:
        p[rng.choice(["announced", "life", "activations", "tapped_for_cost"])] = nasty_value(rng)
    elif roll == 1:
        p[rng.choice(["activation", "foo", "Life", "announce"])] = p.pop(rng.choice(list(p)))
    elif roll == 2:
        p["activations"][rng.randrange(2)][rng.choice(["permanent", "ability", "produces", "extra"])] = nasty_value(rng)
    elif roll == 3:
        del p["activations"][rng.randrange(2)][rng.choice(["permanent", "ability", "produces"])]
    elif roll == 4:
        p["activations"].append(nasty_value(rng))
    elif roll == 5:
        p["life"] = rng.choice(COERCIONS[int])
        return {"coerce": p}
    elif roll == 6:
        p["announced"] = rng.choice(["{G}{1}", "{1}{G}", "{2}", "", "{1}" * 10000, "{1}{U}"])
    return p


# The example board's mana abilities (tests/support/fuzz_cases.py example_board): permanent, ability
# text, what it adds.  Tapped (rp), summoning sick (elf), costing mana (signet), the
# opponent's (orchard, swamp), and creatures with no mana ability (bronco, soldier).
EXAMPLE_USES = [("f1", "{T}: Add {G}.", ["{G}"]), ("f2", "{T}: Add {G}.", ["{G}"]),
                ("tundra", "{T}: Add {W}.", ["{W}"]), ("tundra", "{T}: Add {U}.", ["{U}"]),
                ("rp", "{T}: Add one mana of any type that a land you control could produce.", ["{G}", "{W}"]),
                ("elf", "{T}: Add {G}.", ["{G}"]),
                ("birds", "{T}: Add one mana of any color.", ["{W}", "{U}", "{B}", "{R}", "{G}"]),
                ("ring", "{T}: Add {C}{C}.", ["{C}{C}"]), ("signet", "{1}, {T}: Add {W}{U}.", ["{W}{U}"]),
                ("orchard", "{T}: Add one mana of any color that a land an opponent controls could produce.", ["{B}"]),
                ("swamp", "{T}: Add {B}.", ["{B}"]), ("bronco", "{T}: Add {G}.", ["{G}"]),
                ("soldier", "{T}: Add {W}.", ["{W}"])]
USE_COSTS = ["{G}", "{1}{G}", "{G}{1}", "{2}", "{W}{U}", "{C}{C}", "{G/P}", "{2}{G/P}", "{W/U}", "{1}{W}{U}", "{0}",
             "{3}{G}{G}", "{U}", "{B}", "{G/W/P}"]


@functools.cache
def _best(cost: str) -> dict | None:
    """manasolve's best payment of `cost` on the example board (once per process)."""
    from manasolve import api

    return api.pay(example_board(), cost, mode="best")["best"]


def _use(rng: random.Random) -> tuple[dict, str]:
    """A payment an engine with a bug might send on the example board, and the cost it
    pays: well-formed, built from the board's real abilities, often wrong in what it
    uses (a tapped, sick, missing or opponent's permanent, one used twice, mana an
    ability does not add, too little mana, life it does not have or that no cost takes,
    a signet with nothing to fund it, a floating mana that is not there)."""
    if rng.random() < 0.35:  # manasolve's own best payment of a cost: legal, then changed in one place or not
        cost = rng.choice(USE_COSTS)
        payment = copy.deepcopy(_best(cost))
        if payment is None:
            return {"announced": cost}, cost
        roll = rng.random()
        if roll < 0.15 and payment.get("activations"):
            payment["activations"].pop(rng.randrange(len(payment["activations"])))
        elif roll < 0.3:
            payment["life"] = payment.get("life", 0) + rng.choice([-1, 1, 20])
        elif roll < 0.45:
            payment.setdefault("activations", []).append(rng.choice([
                {"permanent": pid, "ability": a, "produces": rng.choice(adds)} for pid, a, adds in EXAMPLE_USES]))
        return payment, cost
    uses = rng.sample(EXAMPLE_USES, rng.randrange(0, 4))
    if uses and rng.random() < 0.15:
        uses.append(rng.choice(uses))  # the same permanent twice
    activations = []
    for pid, ability, adds in uses:
        act = {"permanent": pid, "ability": ability, "produces": rng.choice(adds)}
        roll = rng.random()
        if roll < 0.12:
            act["produces"] = rng.choice(["{U}", "{G}{G}", "{C}", "{W}{U}", "{B}", "{G}{U}"])
        elif roll < 0.18:
            act["ability"] = rng.choice([a for _, a, _ in EXAMPLE_USES])
        elif roll < 0.22:
            act["permanent"] = rng.choice(["f3", "F1", "hand[0]:Think Twice", "tundra "])
        activations.append(act)
    payment: dict[str, Any] = {"announced": rng.choice(USE_COSTS), "activations": activations}
    if rng.random() < 0.3:
        payment["life"] = rng.choice([0, 1, 2, 4, 20, 21, 25])
    if rng.random() < 0.1:
        payment["from_pool"] = [rng.choice(["{G}", "{C}", "{W}"])]
    if rng.random() < 0.1:
        payment["tapped_for_cost"] = [{"permanent": rng.choice(["bronco", "soldier", "elf", "f1"]),
                                       "for": rng.choice(["convoke", "improvise"])}]
    cost = payment["announced"] if rng.random() < 0.7 else rng.choice(USE_COSTS)
    return payment, cost


def _card_file(rng: random.Random) -> tuple[str, bool]:
    """A card file's text (a list of MTGJSON cards, AtomicCards or Scryfall shaped) and
    whether a field was given a wrong-typed stand-in (then it must be refused)."""
    card: dict[str, Any] = {"name": "Fuzz Land", "type": "Land", "text": "{T}: Add {G}.", "layout": "normal"}
    coerced, field = False, ""
    roll = rng.random()
    if roll < 0.3:
        field = rng.choice(["name", "type", "types", "subtypes", "text", "power", "toughness", "manaCost",
                            "keywords", "layout", "colors", "faceName", "loyalty", "side", "colorIdentity"])
        card[field] = nasty_value(rng)
    elif roll < 0.45:
        field, value = rng.choice([("power", 1), ("types", "Land"), ("keywords", "Flying"), ("text", 5),
                                   ("manaCost", 2), ("colors", "G")])
        card[field] = value
        coerced = True
    shape = rng.randrange(3)
    if shape == 2 and field not in ("power", "text", "manaCost", "type", "name"):
        coerced = False  # a field the Scryfall shape below does not carry
    if shape == 0:
        doc: Any = [card]
    elif shape == 1:
        name = card.get("name")  # the AtomicCards key: the name when it is one (a key "None" is no Python word)
        doc = {"data": {name if isinstance(name, str) else "Fuzz Land": [card]}}
    else:
        doc = [{"object": "card", "name": card.get("name"), "type_line": card.get("type"),
                "oracle_text": card.get("text"), "power": card.get("power"), "mana_cost": card.get("manaCost")}]
    text = json.dumps(doc)
    if rng.random() < 0.05:
        text = rng.choice(["", "[", "{}", "[1]", '{"data": []}', "\x00" * 10, "[" * 5000])
    return text, coerced


def _deck(rng: random.Random) -> str:
    """A deck list: lines of counts and names, headers, comments, junk."""
    lines = []
    for _ in range(rng.randrange(1, 12)):
        roll = rng.random()
        if roll < 0.6:
            lines.append("%s %s" % (rng.choice(["4", "1", "20", "0", "-1", "99999", "²", "4x", "x4", ""]),
                                    rng.choice(CARDS + ["Island", "Mountain"])))
        elif roll < 0.7:
            lines.append(rng.choice(["Deck", "Sideboard", "Commander", "// comment", "# x", "SB: 2 Forest", ""]))
        else:
            lines.append(rng.choice(NASTY_TEXT)[:200])
    if rng.random() < 0.5:
        lines += ["20 Forest", "4 Llanowar Elves"]
    return "\n".join(lines) + "\n"


# Request lines that are not UTF-8 text (a lone byte, a cut sequence, an overlong "/", a
# surrogate encoded as UTF-8, a byte-order mark) or blank, as a client with a bug sends them.
BAD_BYTES = [b"\xff", b"\xc3", b'{"jsonrpc": "2.0", "id": 1, "method": "pay\xc3"}', b"\xed\xa0\x80",
             b'{"jsonrpc": "2.0", "id": "\xc0\xaf", "method": "ping"}', b"\xef\xbb\xbf{}", b"\r", b"   ", b"\x00",
             b'{"jsonrpc": "2.0", "method": "produce\xff", "params": {}}', b'["\xfe"]']
ENVELOPE_METHODS = SERVER_METHODS + ["ping", "cancel", "server.info", None, 1, ["pay"]]


@functools.cache
def _too_long() -> bytes:
    """A request line longer than the server reads (manasolve.server.MAX_LINE)."""
    return json.dumps({"jsonrpc": "2.0", "id": 7, "method": "produce",
                       "params": {"board": "s1", "id": "x" * MAX_LINE}}).encode()


def _message(rng: random.Random) -> dict:
    """One request object with a fuzzed envelope (ids, methods, jsonrpc, params); one in
    five has no id (a notification)."""
    message: dict[str, Any] = {"jsonrpc": rng.choice(["2.0", "2.0", "1.0", 2.0, None]),
                               "method": rng.choice(ENVELOPE_METHODS),
                               "params": rng.choice([_params(rng), [], nasty_value(rng)])}
    if message["method"] == "cancel":
        message["params"] = rng.choice([{"id": rng.choice([1, "r", 0])}, {}, {"id": [1]}])
    if rng.random() < 0.8:
        message["id"] = rng.choice([1, "r", "\ud800", "é\u2028", None, 1.5, True, [1], {"a": 1}, 2 ** 70, "", 0, -1])
    for key in rng.sample(["jsonrpc", "method", "params"], rng.randrange(0, 2)):
        del message[key]
    return message


def _envelope(rng: random.Random) -> str | bytes:
    """One request line: a fuzzed request object, a batch of them (notifications mixed
    in, members that are not objects), bytes that are not UTF-8, or (rarely: 8 MB) a line
    longer than the server reads."""
    roll = rng.random()
    if roll < 0.01:
        return _too_long()
    if roll < 0.12:
        return rng.choice(BAD_BYTES)
    if roll < 0.25:
        return json.dumps([rng.choice([_message(rng), _message(rng), 1, "x", [], None])
                           for _ in range(rng.randrange(1, 5))])
    return json.dumps(_message(rng))


def _notifications(rng: random.Random) -> list[str]:
    """Requests without an id (notifications), alone or in batches, often failing."""
    out = []
    for _ in range(rng.randrange(1, 4)):
        one = {"jsonrpc": "2.0", "method": rng.choice(SERVER_METHODS), "params": rng.choice([_params(rng), [1], "x"])}
        out.append(json.dumps([one, dict(one)] if rng.random() < 0.3 else one))
    return out


def _session_lines(rng: random.Random) -> list[str]:
    """board.load then fuzzed session methods on it."""
    lines = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "board.load", "params": {"board": example_board()}})]
    for i in range(rng.randrange(2, 8)):
        method = rng.choice(["board.patch", "board.apply", "board.undo", "board.copy", "board.close", "board.get",
                             "pay", "produce"])
        params: dict[str, Any] = {"session": rng.choice(["s1", "s1", "s2", nasty_value(rng)])}
        if method == "board.patch":
            params["ops"] = rng.choice([[{"op": rng.choice(["tap", "untap", "remove", "add", "set", "x"]),
                                          "id": rng.choice(["f1", "f2", "nope", nasty_value(rng)])}], nasty_value(rng)])
        elif method == "board.apply":
            params["payment"] = _payment(rng)
            if isinstance(params["payment"], dict) and "coerce" in params["payment"]:
                params["payment"] = params["payment"]["coerce"]
        elif method in ("pay", "produce"):
            params = {"board": params["session"], "cost": "{1}{G}"}
        lines.append(json.dumps({"jsonrpc": "2.0", "id": i + 1, "method": method, "params": params}))
    return lines


def door_case(rng: random.Random, door: str | None = None) -> tuple[str, Any]:
    """A door (one of DOORS) and its fuzzed case."""
    door = door or rng.choice(DOORS)
    if door == "board":
        roll = rng.random()
        if roll < 0.15:  # a wrong-typed stand-in in a valid board
            board = example_board()
            perm = board["players"][0]["battlefield"][0]
            field, kind = rng.choice([("tapped", bool), ("sick", bool), ("stack_empty", bool), ("life", int)])
            target = board if field == "stack_empty" else board["players"][0] if field == "life" else perm
            target[field] = rng.choice(COERCIONS[kind])
            return door, ("coerce", json.dumps(board), "produce", ["--json"])
        return door, ("fuzz", board_text(rng)) + argv_tail(rng)
    if door == "payment":
        return door, _use(rng) if rng.random() < 0.5 else (_payment(rng), "{1}{G}")
    if door == "card file":
        return door, _card_file(rng) + (rng.choice(["check", "produce"]),)
    if door == "deck":
        return door, (_deck(rng), rng.choice([[], ["--turns", rng.choice(["1-3", "²", "0", "9-1", "x", "1-99"])],
                                                 ["--mulligan", rng.choice(["karsten", "2-7", "none", "x", "7"])]]))
    if door == "batch":
        lines = [rng.choice([_envelope(rng), json.dumps({"jsonrpc": "2.0", "id": j, "method": "produce",
                                                          "params": {"board": example_board(), "id": "f1"}})])
                 for j in range(rng.randrange(1, 6))]
        return door, lines
    if door == "envelope":
        return door, (_notifications(rng) if rng.random() < 0.3 else [_envelope(rng) for _ in range(rng.randrange(1, 5))])
    return door, _session_lines(rng)


# --- running them -----------------------------------------------------------------------

def _cli_class(outcome, *paths: str) -> str:
    problem = verdict(outcome, *paths)
    if problem is None:
        if outcome.code == 2 and INTERNAL.search(outcome.err):
            return "unhelpful"
        return "kept"
    return "traceback" if problem.startswith("traceback") else "unhelpful"


def _raw(line: str | bytes) -> bytes:
    """A request line as the bytes sent (a lone surrogate in a str as a client with a bug
    would encode it)."""
    return line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")


class InProcess:
    """Runs a case's door in this process: ``manasolve.cli.main`` (tests/support/fuzz_cases.py
    run_case) and ``Server``.  benchmarks/fuzz.py runs a sample of each door through real
    ``python -m manasolve`` processes instead (the same calls, as a user makes them)."""

    def cli(self, path: str, command: str, flags: list[str]) -> Outcome:
        """``manasolve COMMAND PATH FLAGS``."""
        return run_case(path, command, flags)

    def serve(self, data: bytes, time_limit: float | None) -> tuple[bytes, bool]:
        """What ``manasolve serve --timeout time_limit`` writes for `data`, and whether
        it died (an exception out of serve)."""
        out = io.BytesIO()
        try:
            Server(time_limit=time_limit).serve(io.BytesIO(data), out)
        except Exception:  # noqa: BLE001 - the server died
            return out.getvalue(), True
        return out.getvalue(), False

    def requests(self, lines: list[str]) -> list[str | None]:
        """The answer to each request line, one server answering them in turn, with no
        time limit of its own."""
        server = Server(time_limit=None)
        return [server.handle_line(line) for line in lines]


IN_PROCESS = InProcess()


def _serve(lines: list[str | bytes], runner: InProcess = IN_PROCESS,
           time_limit: float = 1.0) -> tuple[list[str], str | None]:
    """The response lines `serve` writes for `lines` then a probe question, and the class
    if it died (an exception out of serve, or the probe not answered last) or wrote what
    is not UTF-8."""
    probe = json.dumps({"jsonrpc": "2.0", "id": PROBE_ID, "method": "produce",
                        "params": {"board": example_board(), "id": "f1"}})
    written, died = runner.serve(b"".join(_raw(line) + b"\n" for line in lines + [probe]), time_limit)
    if died:
        return [], "server death"
    try:
        got = written.decode("utf-8").split("\n")[:-1]
    except UnicodeDecodeError:
        return [], "unhelpful"
    try:
        last = json.loads(got[-1]) if got else None
    except ValueError:
        last = None
    if not isinstance(last, dict) or last.get("id") != PROBE_ID or "result" not in last:
        return got, "server death"
    return got[:-1], None


def expected_ids(lines: list[str | bytes]) -> list[str]:
    """The id of each answer the server owes `lines` (as JSON text), in line order: one
    per request object with an ``id`` member (null if the id is not a string or an
    integer), one with a null id for a line it can't read (not UTF-8, not JSON, too long:
    JSON-RPC 2.0 section 5), an empty batch or a batch member that is no object; none for
    a notification (JSON-RPC 2.0 section 4.1), a batch of notifications or a blank line."""
    want = []
    for line in lines:
        raw = _raw(line)
        if len(raw) > MAX_LINE:
            want.append("null")
            continue
        if not raw.strip():
            continue
        try:
            message = parse_json(raw)
        except InputError:
            want.append("null")
            continue
        if message == []:
            want.append("null")
        for m in message if isinstance(message, list) else [message]:
            if isinstance(m, dict) and "id" not in m:
                continue
            rid = m.get("id") if isinstance(m, dict) else None
            want.append(json.dumps(rid if isinstance(rid, (int, str)) and not isinstance(rid, bool) else None))
    return want


def _rpc_lines_class(got: list[str], lines: list[str | bytes] | None = None) -> str:
    """The class of the response lines `got` to the request lines `lines`: every response
    a JSON-RPC one (no internal error, one short message line), and the ids answered
    exactly those owed (`expected_ids`, in any order: ping, cancel and server.info are
    answered at once); one more than owed where a notification was sent is an answered
    notification."""
    answered = []
    for line in got:
        try:
            answer = json.loads(line)
        except ValueError:
            return "unhelpful"
        for a in answer if isinstance(answer, list) else [answer]:
            problem = _rpc_problem(a)
            if problem:
                return problem
            answered.append(json.dumps(a.get("id")))
    if lines is None:
        return "kept"
    owed = collections.Counter(expected_ids(lines))
    extra = collections.Counter(answered) - owed
    if extra and any(_has_notification(line) for line in lines):
        return "answered notification"
    return "kept" if not extra and collections.Counter(answered) == owed else "unhelpful"


def _has_notification(line: str | bytes) -> bool:
    try:
        message = json.loads(_raw(line))
    except ValueError:
        return False
    return any(isinstance(m, dict) and "id" not in m for m in (message if isinstance(message, list) else [message]))


def _refusal(answer: dict) -> tuple[str, str] | None:
    """(JSON path inside the payment, message) of a refused payment, None if accepted: an
    error answer's path (``data.path`` less ``params.``) and message less that path, or
    audit's ``broken`` path and message."""
    if "error" in answer:
        error = answer["error"]
        path = str((error.get("data") or {}).get("path") or "")
        return path.removeprefix("params."), error["message"].removeprefix(path + ": ")
    result = answer.get("result") or {}
    if result.get("legal") is False:
        broken = result.get("broken") or {}
        return str(broken.get("path")), str(broken.get("message"))
    return None


# What audit alone refuses: it knows the cost paid (an announcement of it, 601.2b; the life
# its Phyrexian symbols take, 601.2h) and what it is spent on (a spend restriction, 106.6);
# board.apply is given the payment only.  audit checks the announcement first (the first
# step of paying, 601.2b), so a payment whose announcement is not the cost's may be refused
# by board.apply for what that announcement asks.
AUDIT_ONLY = re.compile(r"is not an announcement of .* \(601\.2b|can't be spent on .* \(106\.6\)$|"
                        r"^the payment pays \d+ life; announced .* take exactly \d+ \(601\.2h\)$")


def _same(one: tuple[str, str], other: tuple[str, str]) -> bool:
    """The same refusal (path, message), a message cut to one line ("…", the error line's
    bound) matching the other one's start and end."""
    if one[0] != other[0]:
        return False
    a, b = sorted((one[1], other[1]), key=len)
    if a == b:
        return True
    head, cut, tail = a.partition("…")
    return bool(cut) and b.startswith(head) and b.endswith(tail)


def _payment_class(payment: Any, cost: str, runner: InProcess = IN_PROCESS) -> str:
    """board.apply and audit of one payment paying `cost` on the example board: a payment refused by either door is
    refused by the other in the same words (path and message), but for what only audit
    can check (AUDIT_ONLY).  The server has no time limit of its own (the runner's wall
    clock bounds the case): a question stopped at a limit is no refusal."""
    coerced = isinstance(payment, dict) and "coerce" in payment
    if coerced:
        payment = payment["coerce"]
    lines = [json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
             for rid, method, params in ((0, "board.load", {"board": example_board()}),
                                         (1, "board.apply", {"session": "s1", "payment": payment}),
                                         (2, "audit", {"board": example_board(), "cost": cost, "payment": payment}))]
    answers = []
    for line in runner.requests(lines)[1:]:
        try:
            answer = json.loads(line)
        except (TypeError, ValueError):
            return "unhelpful"
        problem = _rpc_problem(answer)
        if problem:
            return problem
        answers.append(answer)
    apply_refused, audit_refused = _refusal(answers[0]), _refusal(answers[1])
    if coerced and (apply_refused is None or audit_refused is None):
        return "coerced"
    if audit_refused is not None and AUDIT_ONLY.search(audit_refused[1]):
        return "kept"
    if apply_refused is None or audit_refused is None:
        return "kept" if apply_refused is audit_refused else "doors disagree"
    return "kept" if _same(apply_refused, audit_refused) else "doors disagree"


def run_door(door: str, case: Any, folder: Path, runner: InProcess = IN_PROCESS) -> str:
    """The class (one of CLASSES) of one fuzzed case run by `runner` (in-process unless
    told); files go in `folder`."""
    if door == "board":
        kind, text, command, flags = case
        path = str(folder / "board.json")
        Path(path).write_text(text, encoding="utf-8")
        outcome = runner.cli(path, command, flags)
        if kind == "coerce":
            return "coerced" if outcome.code == 0 else _cli_class(outcome, path)
        return _cli_class(outcome, path, MISSING_PAYMENT)
    if door == "payment":
        return _payment_class(*case, runner=runner)
    if door == "card file":
        text, coerced, how = case
        path = str(folder / "cards.json")
        Path(path).write_text(text, encoding="utf-8")
        if how == "check":
            outcome = runner.cli("check", "cards", [path, "--json"])  # manasolve cards check PATH --json
        else:
            board = folder / "cards_board.json"
            board.write_text(json.dumps({"players": [{"name": "a", "battlefield": [{"id": "x", "card": "Fuzz Land"}]}]}))
            outcome = runner.cli(str(board), "produce", ["--cards", path, "--json"])
        if coerced and outcome.code == 0:
            return "coerced"
        return _cli_class(outcome, path, str(folder / "cards_board.json"))
    if door == "deck":
        text, flags = case
        path = str(folder / "deck.txt")
        Path(path).write_text(text, encoding="utf-8")
        outcome = runner.cli(path, "castability", ["--games", "3", "--workers", "1", "--json"] + flags)
        return _cli_class(outcome, path)
    if door == "batch":
        path = str(folder / "questions.jsonl")
        Path(path).write_bytes(b"".join(_raw(line) + b"\n" for line in case))
        outcome = runner.cli(path, "batch", ["--workers", "1"])
        if outcome.error is not None:
            return "traceback"
        if outcome.code != 0:
            return _cli_class(outcome, path)
        return _rpc_lines_class([line for line in outcome.out.split("\n") if line], case)
    got, died = _serve(case, runner)
    if died:
        return died
    return _rpc_lines_class(got, case)

