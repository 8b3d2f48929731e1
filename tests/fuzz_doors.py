"""Fuzzed input at every door (issue 27): the board file (tests/fuzz_cases.py's command
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

import copy
import io
import json
import random
import re
from pathlib import Path
from typing import Any

from manasolve.server import Server
from tests.fuzz_cases import (
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
        doc = {"data": {str(card.get("name")): [card]}}
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


def _envelope(rng: random.Random) -> str:
    """One request line with a fuzzed envelope (ids, methods, jsonrpc, params)."""
    message: dict[str, Any] = {"jsonrpc": rng.choice(["2.0", "2.0", "1.0", 2.0, None]),
                               "method": rng.choice(SERVER_METHODS + [None, 1, ["pay"]]),
                               "params": rng.choice([_params(rng), [], nasty_value(rng)])}
    if rng.random() < 0.8:
        message["id"] = rng.choice([1, "r", "\ud800", "é\u2028", None, 1.5, True, [1], {"a": 1}, 2 ** 70, ""])
    for key in rng.sample(["jsonrpc", "method", "params"], rng.randrange(0, 2)):
        del message[key]
    return json.dumps(message)


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
        return door, _payment(rng)
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


def _serve(lines: list[str], time_limit: float = 1.0) -> tuple[list[str], str | None]:
    """The response lines `serve` writes for `lines` then a probe question, and the class
    if it died (an exception out of serve, or the probe not answered)."""
    probe = json.dumps({"jsonrpc": "2.0", "id": PROBE_ID, "method": "produce",
                        "params": {"board": example_board(), "id": "f1"}})
    out = io.BytesIO()
    text = "".join(line + "\n" for line in lines + [probe])
    try:
        Server(time_limit=time_limit).serve(io.BytesIO(text.encode("utf-8", "surrogatepass")), out)
    except Exception:  # noqa: BLE001 - the server died
        return [], "server death"
    got = out.getvalue().decode("utf-8", "replace").split("\n")[:-1]
    try:
        last = json.loads(got[-1]) if got else None
    except ValueError:
        last = None
    if not isinstance(last, dict) or last.get("id") != PROBE_ID or "result" not in last:
        return got, "server death"
    return got[:-1], None


def _rpc_lines_class(got: list[str], notifications_only: bool = False) -> str:
    if notifications_only and got:
        return "answered notification"
    for line in got:
        try:
            answer = json.loads(line)
        except ValueError:
            return "unhelpful"
        for a in answer if isinstance(answer, list) else [answer]:
            problem = _rpc_problem(a)
            if problem:
                return problem
    return "kept"


def _refusal(answer: dict) -> str | None:
    """The message of a refused payment (without its path's words), None if accepted."""
    if "error" in answer:
        return re.sub(r"^params\.payment[^:]*: |^payment[^:]*: ", "", answer["error"]["message"])
    result = answer.get("result") or {}
    if result.get("legal") is False:
        return re.sub(r"^payment[^:]*: ", "", str(result.get("broken") or ""))
    return None


# The rules of the checks audit makes and board.apply does not (it is given no cost).
AUDIT_ONLY_RULES = {"106.6", "119.4", "202.1", "601.2b", "601.2g", "601.2h", "605.1"}


def _payment_class(payment: Any) -> str:
    """board.apply and audit of one payment on the example board, paying {1}{G}."""
    coerced = isinstance(payment, dict) and "coerce" in payment
    if coerced:
        payment = payment["coerce"]
    server = Server(time_limit=1.0)
    load = json.dumps({"jsonrpc": "2.0", "id": 0, "method": "board.load", "params": {"board": example_board()}})
    server.handle_line(load)
    answers = []
    for rid, method, params in ((1, "board.apply", {"session": "s1", "payment": payment}),
                                (2, "audit", {"board": example_board(), "cost": "{1}{G}", "payment": payment})):
        line = server.handle_line(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}))
        answer = json.loads(line)
        problem = _rpc_problem(answer)
        if problem:
            return problem
        answers.append(answer)
    apply_refused, audit_refused = _refusal(answers[0]), _refusal(answers[1])
    if coerced and (apply_refused is None or audit_refused is None):
        return "coerced"
    if (apply_refused is None) != (audit_refused is None):
        # audit also checks what board.apply cannot, knowing the cost (manasolve.audit._check:
        # the announcement, the mana each ability adds, spend restrictions, funding, life)
        audit_only = apply_refused is None and (answers[1].get("result") or {}).get("broken", {}).get("rule") \
            in AUDIT_ONLY_RULES
        return "kept" if audit_only else "doors disagree"
    return "kept"


def run_door(door: str, case: Any, folder: Path) -> str:
    """The class (one of CLASSES) of one fuzzed case run in-process; files go in `folder`."""
    if door == "board":
        kind, text, command, flags = case
        path = str(folder / "board.json")
        Path(path).write_text(text, encoding="utf-8")
        outcome = run_case(path, command, flags)
        if kind == "coerce":
            return "coerced" if outcome.code == 0 else _cli_class(outcome, path)
        return _cli_class(outcome, path, MISSING_PAYMENT)
    if door == "payment":
        return _payment_class(case)
    if door == "card file":
        text, coerced, how = case
        path = str(folder / "cards.json")
        Path(path).write_text(text, encoding="utf-8")
        if how == "check":
            outcome = run_case("check", "cards", [path, "--json"])  # manasolve cards check PATH --json
        else:
            board = folder / "cards_board.json"
            board.write_text(json.dumps({"players": [{"name": "a", "battlefield": [{"id": "x", "card": "Fuzz Land"}]}]}))
            outcome = run_case(str(board), "produce", ["--cards", path, "--json"])
        if coerced and outcome.code == 0:
            return "coerced"
        return _cli_class(outcome, path, str(folder / "cards_board.json"))
    if door == "deck":
        text, flags = case
        path = str(folder / "deck.txt")
        Path(path).write_text(text, encoding="utf-8")
        outcome = run_case(path, "castability", ["--games", "3", "--workers", "1", "--json"] + flags)
        return _cli_class(outcome, path)
    if door == "batch":
        path = str(folder / "questions.jsonl")
        Path(path).write_bytes("".join(line + "\n" for line in case).encode("utf-8", "surrogatepass"))
        outcome = run_case(path, "batch", ["--workers", "1"])
        if outcome.error is not None:
            return "traceback"
        if outcome.code != 0:
            return _cli_class(outcome, path)
        return _rpc_lines_class([line for line in outcome.out.split("\n") if line])
    got, died = _serve(case)
    if died:
        return died
    notifications_only = door == "envelope" and all('"id"' not in line for line in case)
    return _rpc_lines_class(got, notifications_only)

