"""What engines' protocols expect of `manasolve serve` (UCI's isready, LSP's
$/cancelRequest, MCP's discovery): `ping` and `cancel` answered at once by the reading
thread while a question runs, a cancelled question answering with its sound partial
answer, `server.info` naming versions, methods, limits and the closed list of error codes.
Driven as a client would: a `manasolve serve` subprocess and its pipes."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from manasolve import __version__, protocol
from manasolve.models.rules_version import CR_DATE
from manasolve.server import Server
from tests.support.fuzz_cases import _slow_board

SLOW = _slow_board()  # 60 mixed sources: an exact count of this cost runs for minutes
HYBRID = "{W/U}{B/G}{2/W}{G/P}{U/B}{R/P}{3}"


class Client:
    """A `manasolve serve` process: send request objects, read answers by id."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "manasolve", "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send(self, rid, method: str, params: dict) -> None:
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}).encode()
                              + b"\n")
        self.proc.stdin.flush()

    def read(self) -> dict:
        return json.loads(self.proc.stdout.readline())

    def close(self) -> int:
        self.proc.stdin.close()
        return self.proc.wait(timeout=60)


@pytest.fixture()
def client():
    c = Client()
    c.send(0, "ping", {})
    assert c.read()["result"]["running"] is None  # started and idle
    yield c
    c.proc.kill()


def _count(time_limit: float) -> dict:
    return {"board": SLOW, "cost": HYBRID, "mode": "count", "time_limit": time_limit}


def test_ping_is_answered_while_a_question_runs_and_cancel_ends_it_with_its_partial_count(client):
    client.send(1, "pay", _count(120))
    time.sleep(1.0)  # the count is under way
    client.send(2, "ping", {})
    pong = client.read()
    assert pong["id"] == 2 and pong["result"] == {"format": "manasolve/ping@1", "running": 1}
    started = time.monotonic()
    client.send(3, "cancel", {"id": 1})
    assert client.read() == {"jsonrpc": "2.0", "id": 3, "result": {"format": "manasolve/cancel@1", "id": 1,
                                                                   "state": "running"}}
    answer = client.read()
    waited = time.monotonic() - started
    assert answer["id"] == 1 and waited < 10  # not the 120 s it was given
    result = answer["result"]
    assert result["cancelled"] is True and result["time_limit_reached"] is True and result["count_exact"] is False
    assert result["count_at_least"] >= 0 and "count" not in result
    assert client.close() == 0


def test_a_queued_request_cancelled_before_its_turn_answers_cancelled_and_an_unknown_id_is_answered(client):
    client.send(1, "pay", _count(120))
    client.send(2, "pay", _count(120))
    time.sleep(0.5)
    client.send(3, "cancel", {"id": 2})
    assert client.read()["result"]["state"] == "queued"
    client.send(4, "cancel", {"id": 99})
    assert client.read()["result"] == {"format": "manasolve/cancel@1", "id": 99, "state": "unknown"}
    client.send(5, "cancel", {"id": 1})
    assert client.read()["result"]["state"] == "running"
    first, second = client.read(), client.read()
    assert (first["id"], second["id"]) == (1, 2)  # questions answer in the order they came
    assert first["result"]["cancelled"] is True and second["result"]["cancelled"] is True
    assert second["result"]["count_at_least"] == 0  # stopped before counting anything
    assert client.close() == 0


def test_a_question_cancelled_without_a_partial_answer_is_error_32001():
    server = Server()
    server._cancelled.add(7)  # cancelled while it waited
    params = {"board": SLOW, "cost": HYBRID, "mode": "best"}  # best: a CP-SAT solve stopped before a solution
    answer = server.handle({"jsonrpc": "2.0", "id": 7, "method": "pay", "params": params})
    assert answer["error"]["code"] == protocol.CANCELLED == -32001
    assert answer["error"]["message"] == "cancelled before it had a partial answer"
    again = server.handle({"jsonrpc": "2.0", "id": 7, "method": "pay", "params": params})
    assert again["result"]["best"]  # a cancel stops one request, not every later one with its id


def test_server_info_names_versions_methods_limits_and_the_closed_error_codes():
    info = Server().handle({"jsonrpc": "2.0", "id": 1, "method": "server.info", "params": {}})["result"]
    assert info["format"] == "manasolve/server.info@1"
    assert (info["package"], info["protocol"], info["rules"]) == (__version__, "manasolve/rpc@1", CR_DATE)
    assert {"pay", "plays", "board.load", "ping", "cancel", "server.info"} <= set(info["methods"])
    assert info["immediate"] == ["ping", "cancel", "server.info"]
    assert "manasolve/pay@1" in info["answer_formats"] and "manasolve/server.info@1" in info["answer_formats"]
    assert info["limits"]["sessions"] > 0 and info["limits"]["line_bytes"] > 0 and info["limits"]["time_limit"] == 10
    assert set(info["error_codes"]) == {"-32700", "-32600", "-32601", "-32602", "-32603", "-32000", "-32001"}


def test_server_info_refuses_a_protocol_it_does_not_speak():
    answer = Server().handle({"jsonrpc": "2.0", "id": 1, "method": "server.info",
                              "params": {"protocol": "manasolve/rpc@2"}})
    assert answer["error"]["code"] == -32602
    assert answer["error"]["message"] == "params.protocol: this server speaks manasolve/rpc@1, not 'manasolve/rpc@2'"


def test_every_error_code_the_server_sends_is_in_the_closed_list():
    import manasolve.server as server_module

    sent = {getattr(protocol, name) for name in dir(protocol) if name.isupper() and isinstance(getattr(protocol, name), int)
            and getattr(protocol, name) < 0}
    assert sent == set(protocol.ERROR_CODES)
    assert server_module.CANCELLED in protocol.ERROR_CODES
