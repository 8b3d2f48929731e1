"""``manasolve serve``: JSON-RPC 2.0 over stdin/stdout, a thin layer over the API and the
session board."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import manasolve
from manasolve import api
from manasolve.server import Server

EXAMPLE = json.loads((Path(manasolve.__file__).parent / "data" / "example_board.json").read_text())


def call(server: Server, method: str, rid: int = 1, **params) -> dict:
    line = server.handle_line(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}))
    return json.loads(line)


def result(server: Server, method: str, **params):
    answer = call(server, method, **params)
    assert "error" not in answer, answer
    return answer["result"]


def error(server: Server, method: str, **params) -> dict:
    answer = call(server, method, **params)
    assert "result" not in answer, answer
    return answer["error"]


@pytest.mark.parametrize("method,params", [
    ("pay", {"cost": "{2}{G}{W/U}"}),
    ("pay", {"cost": "{2}{G}", "mode": "best", "keep": ["{U}"]}),
    ("pay", {"cost": "{1}{U}", "mode": "all", "limit": 3}),
    ("pay", {"card": "Think Twice", "zone": "graveyard"}),
    ("produce", {"id": "rp"}),
    ("cost", {"card": "Think Twice", "zone": "graveyard"}),
    ("saddle", {"mount": "bronco", "best": True}),
    ("plays", {}),
    ("attack", {"attackers": ["bronco"]}),
])
def test_each_question_answers_exactly_what_the_api_answers(method, params):
    server = Server()
    session = result(server, "board.load", board=EXAMPLE)["session"]
    expected = getattr(api, method)(EXAMPLE, **params)
    assert result(server, method, board=EXAMPLE, **params) == expected
    assert result(server, method, board=session, **params) == expected


def test_cards_check_takes_a_path():
    from tests.support.paths import DEV_CARDS

    server = Server(allowed_paths=[DEV_CARDS.parent])  # the operator lets it read there (--allow-path)
    assert result(server, "cards_check", path=str(DEV_CARDS)) == api.cards_check(str(DEV_CARDS))


def test_a_session_is_played_on_apply_undo_copy_close():
    server = Server()
    s1 = result(server, "board.load", board=EXAMPLE)["session"]
    before = result(server, "board.get", session=s1)["board"]
    best = result(server, "pay", board=s1, cost="{2}{G}", mode="best")
    done = result(server, "board.apply", session=s1, payment=best["best"])
    assert set(done["tapped"]) == {a["permanent"] for a in best["best"]["activations"]}
    s2 = result(server, "board.copy", session=s1)["session"]
    assert s2 != s1
    after = result(server, "pay", board=s1, cost="{2}{G}", mode="count")
    assert after["count"] < api.pay(EXAMPLE, "{2}{G}", mode="count")["count"]
    assert result(server, "board.undo", session=s1) == {"format": "manasolve/board.undo@1", "session": s1, "changes": 0}
    assert result(server, "board.get", session=s1)["board"] == before
    assert result(server, "pay", board=s2, cost="{2}{G}", mode="count") == after  # the copy kept the payment
    result(server, "board.patch", session=s2, ops=[{"op": "untap_all"}])
    untapped = json.loads(json.dumps(EXAMPLE))
    for perm in untapped["players"][0]["battlefield"]:
        perm["tapped"] = False  # the Reflecting Pool the example starts tapped too
    assert result(server, "pay", board=s2, cost="{2}{G}", mode="count") == api.pay(untapped, "{2}{G}", mode="count")
    assert result(server, "board.close", session=s1) == {"format": "manasolve/board.close@1", "closed": s1}
    assert error(server, "pay", board=s1, cost="{G}")["data"] == {"path": "params.board"}


@pytest.mark.parametrize("line,code,path", [
    ("this is not json", -32700, None),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pya", "params": {}}', -32601, "method"),
    ('{"jsonrpc": "1.0", "id": 1, "method": "pay", "params": {}}', -32600, "jsonrpc"),
    ('{"id": 1, "method": "pay"}', -32600, "jsonrpc"),
    ('[]', -32600, None),
    ('"pay"', -32600, None),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": ["{G}"]}', -32602, "params"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": {"board": "s9", "cost": "{G}"}}', -32602, "params.board"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": {"cost": "{G}"}}', -32602, "params.board"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": {"board": {"players": []}, "cost": "{G}"}}', -32602,
     "params.board.players"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": {"board": {"players": [{"name": "a"}]}, "cost": "{G"}}',
     -32602, "params.cost"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "pay", "params": {"board": {"players": [{"name": "a"}]}, "x": "2"}}',
     -32602, "params.x"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "board.patch", "params": {"session": "s1", "ops": [{"op": "tap", "id": "f9"}]}}',
     -32602, "params.ops[0].id"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "board.undo", "params": {"session": "s1"}}', -32602, "params.session"),
    ('{"jsonrpc": "2.0", "id": 1, "method": "board.apply", "params": {"session": "s1", "payment": {"announced": "{G}",'
     ' "activations": [{"permanent": "f9", "ability": "x", "produces": "{G}"}]}}}', -32602,
     "params.payment.activations[0].permanent"),
])
def test_bad_requests_get_the_standard_code_and_the_path_and_the_server_goes_on(line, code, path):
    server = Server()
    result(server, "board.load", board=EXAMPLE)
    answer = json.loads(server.handle_line(line))
    assert answer["error"]["code"] == code
    assert answer["error"].get("data", {}).get("path") == path
    assert "\n" not in answer["error"]["message"]
    assert result(server, "produce", board="s1", id="f1")["permanents"] == {"f1": ["G"]}


def test_notifications_are_not_answered_and_batches_are():
    server = Server()
    assert server.handle_line('{"jsonrpc": "2.0", "method": "board.load", "params": {"board": {"players": [{"name": "a"}]}}}') is None
    assert "s1" in server.sessions
    batch = json.loads(server.handle_line(json.dumps([
        {"jsonrpc": "2.0", "id": 1, "method": "pay", "params": {"board": "s1", "cost": "{0}"}},
        {"jsonrpc": "2.0", "id": 2, "method": "nope"}])))
    assert [a["id"] for a in batch] == [1, 2] and batch[0]["result"]["payable"] and batch[1]["error"]["code"] == -32601


def test_the_process_answers_every_line_and_exits_0_at_end_of_input():
    lines = [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "board.load", "params": {"board": EXAMPLE}}),
             "{broken",
             json.dumps({"jsonrpc": "2.0", "id": 2, "method": "pay", "params": {"board": "s1", "cost": "{G}", "mode": "count"}}),
             ""]
    proc = subprocess.run([sys.executable, "-m", "manasolve", "serve"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a.get("id") for a in out] == [1, None, 2]
    assert out[1]["error"]["code"] == -32700
    assert out[2]["result"] == api.pay(EXAMPLE, "{G}", mode="count")


def test_the_process_reads_and_writes_utf8_and_answers_a_line_that_is_not():
    board = {"players": [{"name": "Ænid", "battlefield": [
        {"id": "tok", "card": "Soldier", "token": True, "type": "Token Creature — Soldier", "power": 1, "toughness": 1}]}],
        "cards": [{"name": "Soldier", "type": "Token Creature — Soldier", "types": ["Creature"], "text": ""}]}
    lines = [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "board.load", "params": {"board": board}},
                        ensure_ascii=False).encode("utf-8"),
             b'{"jsonrpc": "2.0", "id": 2, "method": "pay", "params": {"board": "s1", "cost": "\xff"}}',
             json.dumps({"jsonrpc": "2.0", "id": 3, "method": "board.get", "params": {"session": "s1"}}).encode()]
    proc = subprocess.run([sys.executable, "-m", "manasolve", "serve"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, timeout=120, env={**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0 and proc.stderr == b""
    out = [json.loads(line.decode("utf-8")) for line in proc.stdout.splitlines()]
    assert out[1] == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32700, "message": "not JSON: not UTF-8 text (byte 81)"}}
    assert out[2]["result"]["board"] == board  # whatever the locale says, the wire is UTF-8
