"""Issue 27, the doors: every input validated strictly and typed (the board, payments on
both doors that take one), every error one line at its JSON path, and a server that no
input can kill (lone surrogates, notifications, bounded sessions, files only where the
operator allows)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import manasolve
from manasolve import api, open_board
from manasolve.answers import CHOSEN_KEY
from manasolve.batch import answer_lines, request_lines
from manasolve.cli import main
from manasolve.models.errors import MAX_LINE, InputError
from manasolve.models.payment import PaymentGroupIn, PaymentIn
from manasolve.server import Server
from tests.support import boards
from tests.support.paths import DEV_CARDS

EXAMPLE = json.loads((Path(manasolve.__file__).parent / "data" / "example_board.json").read_text())
ROOT = Path(__file__).resolve().parents[1]
INTERNAL = ("None", "NoneType", "__init__", "Error", "Exception", "PaymentIn", "ActivationIn", "pydantic", "Input should")


def _rpc(server: Server, method: str, rid: object = 1, **params) -> dict:
    return json.loads(server.handle_line(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})))


def _one_line_error(code: int, err: str, *needles: str) -> str:
    assert code == 2 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert len(lines[0]) <= MAX_LINE
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


# -- the board: strict, no lax coercion ----------------------------------------------------
def _board_with(perm: dict | None = None, **player) -> dict:
    return {"players": [{"name": "a", "battlefield": [{"id": "f1", "card": "Forest", **(perm or {})}], **player}]}


def test_tapped_yes_is_an_error_at_its_path_not_true(tmp_path, capsys):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_board_with({"tapped": "yes"})))
    line = _one_line_error(main(["pay", str(path), "--cost", "{G}"]), capsys.readouterr().err,
                           "players[0].battlefield[0].tapped", "true or false", '"yes"')
    assert str(path) in line


def test_life_given_as_the_string_20_is_an_error_at_its_path(tmp_path, capsys):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_board_with(life="20")))
    _one_line_error(main(["pay", str(path), "--cost", "{G}"]), capsys.readouterr().err,
                    "players[0].life", "must be an integer", '"20"')


@pytest.mark.parametrize("perm,player,where,says", [
    ({"sick": 1}, {}, "players[0].battlefield[0].sick", "true or false"),
    ({"counters": {"charge": "2"}}, {}, "players[0].battlefield[0].counters.charge", "integer"),
    ({"power": 2.0}, {}, "players[0].battlefield[0].power", "integer"),
    ({}, {"energy": True}, "players[0].energy", "integer"),
    ({}, {"hand": "Forest"}, "players[0].hand", "must be a list"),
    ({}, {"battlefield": [7]}, "players[0].battlefield[0]", "must be an object"),
])
def test_every_wrong_type_of_the_board_is_an_error_at_its_path(perm, player, where, says):
    data = _board_with(perm, **player)
    with pytest.raises(InputError) as e:
        api.produce(data)
    assert e.value.where == where and says in e.value.message
    assert not any(word in e.value.line() for word in INTERNAL), e.value.line()


def test_a_step_that_is_not_a_string_is_echoed_as_json(tmp_path, capsys):
    """Found by the door fuzz run: ``"step": {"id": null}`` was echoed as Python's
    ``{'id': None}``."""
    path = tmp_path / "b.json"
    path.write_text(json.dumps({**EXAMPLE, "step": {"id": None}}))
    line = _one_line_error(main(["produce", str(path)]), capsys.readouterr().err)
    assert line == '%s: step: unknown step {"id": null}' % path


def test_a_board_file_with_a_utf8_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "board.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_board_with()).encode("utf-8"))
    assert api.pay(str(path), "{G}")["payable"]
    assert open_board(str(path)).payable("{G}")


def test_every_unknown_card_is_named_in_the_one_error():
    hand = ["Llanowar Elfs", "Cultivat", "Sol Rnig", "Lightning Bolz"]
    with pytest.raises(InputError) as e:
        api.pay(boards.board(hand=hand), "{G}")
    line = e.value.line()
    assert all(repr(name) in line for name in hand) and "more" not in line, line
    assert "(did you mean 'Llanowar Elves'" in line and len(line) <= MAX_LINE


# -- payments: one model, the same message on both doors -------------------------------------
ACT = {"permanent": "f1", "ability": "{T}: Add {G}.", "produces": "{G}"}
BAD_PAYMENTS = [
    ({"foo": 1}, "payment.foo", "unknown field 'foo'"),
    ({"announced": "{G}", "activation": [ACT]}, "payment.activation", "did you mean 'activations'?"),
    ({"announced": {}}, "payment.announced", "must be a string"),
    ({"announced": 3}, "payment.announced", "must be a string"),
    ({"announced": ""}, "payment.announced", "must not be empty"),
    ({"announced": "{G}" * 10_000}, "payment.announced", "at most"),
    ({"announced": "{G"}, "payment.announced", "not a mana cost"),
    ({"announced": "{G}", "life": None}, "payment.life", "must be an integer"),
    ({"announced": "{G}", "life": "abc"}, "payment.life", "must be an integer"),
    ({"announced": "{G}", "life": 1.5}, "payment.life", "must be an integer"),
    ({"announced": "{G}", "life": 1e100}, "payment.life", "digits"),
    ({"announced": "{G}", "life": 2 ** 63}, "payment.life", "at most"),
    ({"announced": "{G}", "life": -1}, "payment.life", "0 or more"),
    ({"announced": "{G}", "activations": [5]}, "payment.activations[0]", "must be an object"),
    ({"announced": "{G}", "activations": {"permanent": "f1"}}, "payment.activations", "must be a list"),
    ({"announced": "{G}", "activations": [{"permanent": "f1", "produces": "{G}"}]}, "payment.activations[0].ability",
     "missing"),
    ({"announced": "{G}", "activations": [{**ACT, "extra": 1}]}, "payment.activations[0].extra", "unknown field"),
    ({"announced": "{G}", "activations": [{**ACT, "produces": "{Q}"}]}, "payment.activations[0].produces",
     "not a mana cost"),
    ({"announced": "{G}", "tapped_for_cost": [{"permanent": "f1", "for": "fun"}]}, "payment.tapped_for_cost[0].for",
     "convoke"),
    ({"multiplicity": 1, "announced": "{G}", "activations": [{**ACT, "use": 1}]},
     "payment.activations[0].permanent", "did you mean 'permanents'?"),
    ({"multiplicity": "1", "announced": "{G}"}, "payment.multiplicity", "must be an integer"),
    ({"announced": "{G}", "activations": [{**ACT, "permanents": ["f2"]}]}, "payment.activations[0]",
     "permanents must be ['f1']"),
    ({"announced": "{G}", "activations": [{**ACT, "use": 2}]}, "payment.activations[0].use", "must be 1"),
    ({"format": "manasolve/pay@1", "best": {"announced": "{G}", "bogus": 1}}, "payment.best.bogus", "unknown field"),
]


@pytest.mark.parametrize("payment,where,says", BAD_PAYMENTS)
def test_a_bad_payment_is_refused_by_apply_and_audit_with_the_same_line(payment, where, says):
    server = Server()
    _rpc(server, "board.load", board=_board_with())
    applied = _rpc(server, "board.apply", session="s1", payment=payment)["error"]
    audited = _rpc(server, "audit", board="s1", cost="{G}", payment=payment)["error"]
    assert applied == audited, (applied, audited)
    assert applied["code"] == -32602 and applied["data"]["path"] == "params." + where
    assert applied["message"].startswith("params.%s: " % where) and says in applied["message"]
    assert len(applied["message"]) <= MAX_LINE and "\n" not in applied["message"]
    assert not any(word in applied["message"] for word in INTERNAL), applied["message"]
    for door in (lambda: open_board(_board_with()).apply(payment), lambda: api.audit(_board_with(), payment, "{G}")):
        with pytest.raises(InputError) as e:
            door()
        assert (e.value.where, e.value.message) == (where, applied["message"].split(": ", 1)[1])
    assert _rpc(server, "board.get", session="s1")["result"]["board"] == _board_with()  # unchanged


# Payments the fuzz run (benchmarks/fuzz.py --doors) found board.apply carried out while
# audit refused them: mana an ability does not add, activations funding each other, life
# beyond the life total.  Both doors now refuse them in the same words.
SIGNET = "{1}, {T}: Add {W}{U}."
WRONG_USES = [
    ({"announced": "{U}", "activations": [{**ACT, "produces": "{U}"}]}, _board_with(), "{U}",
     "payment.activations[0].produces", "'{T}: Add {G}.' adds {G}, not {U} (605.1)"),
    ({"announced": "{G}", "activations": [{**ACT, "produces": "{G/P}{G/P}{R}"}]}, _board_with(), "{G}",
     "payment.activations[0].produces", "'{T}: Add {G}.' adds {G}, not {G/P}{G/P}{R} (605.1)"),
    ({"announced": "{G}", "life": 25, "activations": [ACT]}, _board_with(life=20), "{G}",
     "payment.life", "a pays 25 life with 20 (119.4)"),
    ({"announced": "{W}{U}", "activations": [{"permanent": "s1", "ability": SIGNET, "produces": "{W}{U}"},
                                             {"permanent": "s2", "ability": SIGNET, "produces": "{W}{U}"}]},
     {"players": [{"name": "a", "battlefield": [{"id": "s1", "card": "Azorius Signet"},
                                                {"id": "s2", "card": "Azorius Signet"}]}]}, "{W}{U}",
     "payment.activations", "an activation costing 1 mana has only 0 mana made before it (601.2g: mana abilities "
     "paying each other in a ring fund nothing)"),
]


@pytest.mark.parametrize("payment,board,cost,where,says", WRONG_USES, ids=["forest-adds-U", "forest-adds-phyrexian",
                                                                         "life-beyond-total", "signet-ring"])
def test_a_use_the_board_does_not_allow_is_refused_by_apply_as_by_audit(payment, board, cost, where, says):
    server = Server()
    _rpc(server, "board.load", board=board)
    applied = _rpc(server, "board.apply", session="s1", payment=payment)["error"]
    assert applied == {"code": -32602, "message": "params.%s: %s" % (where, says), "data": {"path": "params." + where}}
    broken = _rpc(server, "audit", board="s1", cost=cost, payment=payment)["result"]["broken"]
    assert (broken["path"], broken["message"]) == (where, says)
    assert _rpc(server, "board.get", session="s1")["result"]["board"] == board  # unchanged


def test_foo_as_a_payment_is_refused_on_both_doors_with_the_same_message(tmp_path, capsys):
    server = Server()
    _rpc(server, "board.load", board=EXAMPLE)
    applied = _rpc(server, "board.apply", session="s1", payment={"foo": 1})
    audited = _rpc(server, "audit", board="s1", cost="{G}", payment={"foo": 1})
    assert applied["error"] == audited["error"]
    assert applied["error"]["message"].startswith("params.payment.foo: unknown field 'foo'")
    board, payment = tmp_path / "b.json", tmp_path / "p.json"
    board.write_text(json.dumps(EXAMPLE))
    payment.write_text('{"foo": 1}')
    line = _one_line_error(main(["audit", str(board), "--cost", "{G}", "--payment", str(payment)]),
                           capsys.readouterr().err, str(payment))
    assert line.endswith(applied["error"]["message"].removeprefix("params."))


def test_every_key_answers_give_a_non_mana_part_is_a_payment_field():
    for key in set(CHOSEN_KEY.values()) | {"energy"}:
        assert key in PaymentIn.model_fields and key in PaymentGroupIn.model_fields, key


def test_every_answer_payment_passes_the_model_and_applies():
    b = open_board(EXAMPLE)
    best = b.best("{2}{G}")
    b.copy().apply(best)  # the whole answer
    for group in b.pay("{2}{G}", mode="all", limit=5)["payments"]:
        b.copy().apply(group)


def test_best_activations_and_taps_have_the_group_shape_too():
    springleaf = boards.board("Springleaf Drum", {"card": "Llanowar Elves", "sick": True}, "Island")
    best = api.pay(springleaf, "{U}{U}", mode="best")["best"]
    for entry in best["activations"] + best["tapped_for_cost"]:
        assert entry["permanents"] == [entry["permanent"]] and entry["use"] == 1
    group = api.pay(springleaf, "{U}{U}", mode="all")["payments"][0]
    assert set(group["activations"][0]) >= {"permanents", "use", "ability", "produces"}
    altar = boards.board("Ashnod's Altar", "Llanowar Elves")  # an outlet: permanents is what it sacrificed
    best = api.pay(altar, "{C}{C}", mode="best")["best"]["activations"]
    group = api.pay(altar, "{C}{C}", mode="all")["payments"][0]["activations"]
    assert [{k: a[k] for k in ("permanents", "use", "sacrificed_to", "ability", "produces")} for a in best] == \
        [{k: a[k] for k in ("permanents", "use", "sacrificed_to", "ability", "produces")} for a in group]
    assert best[0]["permanent"] == best[0]["sacrificed_to"][0] and best[0]["sacrificed"] == best[0]["permanents"][0]
    played = open_board(altar)
    assert played.apply(api.pay(altar, "{C}{C}", mode="best")["best"])["sacrificed"] == best[0]["permanents"]


def test_an_illegal_payment_names_the_best_one_in_a_whole_sentence():
    answer = api.audit(EXAMPLE, {"announced": "{G}", "activations": [{"permanent": "nope", "ability": "x",
                                                                     "produces": "{G}"}]}, "{G}")
    assert not answer["legal"] and answer["better"]
    assert answer["why"].endswith("manasolve's best payment is given under \"best\"")


# -- the server cannot be killed by input ----------------------------------------------------
def _serve(lines: list[bytes], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "manasolve", "serve", *args], input=b"\n".join(lines) + b"\n",
                          capture_output=True, timeout=120, cwd=cwd)


def test_an_id_holding_a_lone_surrogate_gets_a_valid_answer_and_the_server_lives():
    probe = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "produce", "params": {"board": EXAMPLE, "id": "f1"}})
    run = _serve([b'{"jsonrpc": "2.0", "id": "\\ud800", "method": "nope"}',
                  b'{"jsonrpc": "2.0", "id": "\\udfff", "method": "produce", "params": {"board": {"players": '
                  b'[{"name": "\\ud83d"}]}}}',
                  b'[{"jsonrpc": "2.0", "id": "\\ud800x", "method": "pay", "params": {}}]', probe.encode()])
    assert run.returncode == 0 and run.stderr == b""
    out = [json.loads(line.decode("utf-8")) for line in run.stdout.splitlines()]  # valid UTF-8, valid JSON
    assert [a["id"] if isinstance(a, dict) else a[0]["id"] for a in out] == ["\ud800", "\udfff", "\ud800x", 9]
    assert out[0]["error"]["code"] == -32601
    assert set(out[0]) == {"jsonrpc", "id", "error"} and out[0]["jsonrpc"] == "2.0"  # a valid JSON-RPC error
    assert isinstance(out[0]["error"]["message"], str) and "\n" not in out[0]["error"]["message"]
    assert out[1]["error"]["message"].startswith("params.board.players[0].name: must be Unicode text")
    assert out[2][0]["error"]["code"] == -32602 and out[3]["result"]["permanents"] == {"f1": ["G"]}
    assert b"\\ud800" in run.stdout.splitlines()[0]  # escaped as JSON says, not as invalid UTF-8


def test_a_notification_gets_no_reply_ever_also_in_a_batch():
    server = Server()
    notes = [{"jsonrpc": "2.0", "method": "nope"}, {"jsonrpc": "2.0", "method": "pay", "params": {"x": "bad"}},
             {"jsonrpc": "2.0", "method": "board.apply", "params": {"session": "s9", "payment": {"foo": 1}}},
             {"jsonrpc": "1.0", "method": "pay"}, {"jsonrpc": "2.0", "method": "produce", "params": {"board": EXAMPLE}}]
    for note in notes:
        assert server.handle_line(json.dumps(note)) is None, note
    assert server.handle_line(json.dumps(notes)) is None
    answers = json.loads(server.handle_line(json.dumps(notes + [{"jsonrpc": "2.0", "id": 3, "method": "nope"}, 7])))
    assert [a["id"] for a in answers] == [3, None] and answers[1]["error"]["code"] == -32600
    run = _serve([json.dumps(n).encode() for n in notes] + [json.dumps(notes).encode()])
    assert run.returncode == 0 and run.stdout == b"" and run.stderr == b""


def test_batch_answers_a_line_over_the_bound_as_serve_does(tmp_path, capsys):
    """Found by the door fuzz run: ``manasolve batch`` read a request line longer than the
    server reads whole and answered it; serve answers it -32600 unread."""
    import io

    from manasolve.server import MAX_LINE

    long_line = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "produce",
                            "params": {"board": EXAMPLE, "id": "x" * MAX_LINE}}).encode()
    probe = json.dumps({"jsonrpc": "2.0", "id": 8, "method": "produce", "params": {"board": EXAMPLE, "id": "f1"}})
    path = tmp_path / "questions.jsonl"
    path.write_bytes(long_line + b"\n" + probe.encode() + b"\n")
    assert main(["batch", str(path), "--workers", "1"]) == 0
    batch = capsys.readouterr().out.splitlines()
    out = io.BytesIO()
    Server().serve(io.BytesIO(path.read_bytes()), out)
    assert batch == out.getvalue().decode().splitlines()
    assert json.loads(batch[0]) == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32600, "message": "a request line of more than %d bytes (the bound; send the board once with "
                                   "board.load)" % MAX_LINE}}
    assert json.loads(batch[1])["result"]["permanents"] == {"f1": ["G"]}


def test_a_failing_line_is_answered_and_the_server_goes_on(monkeypatch):
    server = Server()

    def broken(params, method):
        raise RecursionError("deep")
    server.methods["produce"] = broken
    answer = _rpc(server, "produce", board=EXAMPLE)
    assert answer["error"]["code"] == -32603
    monkeypatch.setattr("manasolve.server.parse_json", lambda line: 1 / 0)
    assert json.loads(server.handle_line("{}"))["error"]["code"] == -32603
    monkeypatch.undo()
    assert _rpc(server, "board.load", board=EXAMPLE)["result"]["session"] == "s1"


def test_batch_answers_the_lines_serve_answers(tmp_path, capsys):
    lines = [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "nope\u2028x"}, ensure_ascii=False),
             json.dumps({"jsonrpc": "2.0", "id": 2, "method": "pay", "params": {"board": EXAMPLE,
                                                                                "cost": "{G}\u0085"}},
                        ensure_ascii=False),
             '{"jsonrpc": "2.0", "id": 3,\r "method": "nope"}', "\f", '{"jsonrpc": "2.0", "id": "\\ud800", "method": "x"}',
             json.dumps({"jsonrpc": "2.0", "id": "Æ", "method": "nope"}, ensure_ascii=False),
             json.dumps({"jsonrpc": "2.0", "id": 4, "method": "nope"})]
    data = ("\n".join(lines) + "\n").encode("utf-8") + b'\xff\n'
    served = _serve(data.rstrip(b"\n").split(b"\n")).stdout.decode("utf-8").split("\n")[:-1]
    assert list(answer_lines(request_lines(data), workers=1)) == served
    assert [json.loads(a)["id"] for a in served] == [1, 2, 3, "\ud800", "Æ", 4, None]
    path = tmp_path / "q.jsonl"
    path.write_bytes(data)
    assert main(["batch", str(path), "--workers", "1"]) == 0
    assert capsys.readouterr().out.split("\n")[:-1] == served
    run = subprocess.run([sys.executable, "-m", "manasolve", "batch", str(path), "--workers", "1"], capture_output=True,
                         timeout=120, env={**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0 and run.stderr == b"" and run.stdout.decode("utf-8").split("\n")[:-1] == served


def test_a_batch_worker_that_dies_loses_no_line(monkeypatch):
    from manasolve import batch, executors

    class DiesAfterOneChunk:
        def map(self, factory, args, tasks):
            work = factory(*args)
            yield work(tasks[0])
            raise RuntimeError("the actor died")  # as Ray's RayActorError does
    monkeypatch.setattr(batch, "CHUNK_LINES", 2)
    monkeypatch.setattr(executors, "executor", lambda *a: DiesAfterOneChunk())
    lines = [json.dumps({"jsonrpc": "2.0", "id": i, "method": "produce", "params": {"board": EXAMPLE, "id": "f1"}})
             for i in range(5)]
    got = list(batch.answer_lines(lines, workers=2))
    assert [json.loads(a)["id"] for a in got] == [0, 1, 2, 3, 4]
    assert got == [Server().handle_line(line) for line in lines]


def test_sessions_are_bounded_and_an_evicted_handle_is_named_as_such():
    server = Server(max_sessions=3)
    for _ in range(3):
        _rpc(server, "board.load", board=EXAMPLE)
    _rpc(server, "produce", board="s1")  # s1 used last: s2 is the least recently used
    _rpc(server, "board.load", board=EXAMPLE)
    assert list(server.sessions) == ["s3", "s1", "s4"]
    error = _rpc(server, "board.get", session="s2")["error"]
    assert error["message"].startswith("params.session: session s2 was closed to make room (limit 3 sessions")
    assert _rpc(server, "board.get", session="s7")["error"]["message"].startswith("params.session: no session 's7'")
    # a file path where the board goes: the server reads no board file, and says what it takes
    assert _rpc(server, "pay", board="/tmp/board.json", cost="{G}")["error"]["message"] == (
        "params.board: no session '/tmp/board.json' (a board is its JSON object or a session handle from board.load)")


def test_server_info_names_the_limits_and_the_files_it_may_read(tmp_path):
    info = _rpc(Server(allowed_paths=[tmp_path], max_sessions=5), "server.info")["result"]
    assert info["limits"]["sessions"] == 5 and info["limits"]["card_files"] == 4
    assert info["allowed_paths"] == [os.path.realpath(tmp_path)] and info["version"] == manasolve.__version__
    assert "server.info" in info["methods"] and "board.load" in info["methods"]
    assert _rpc(Server(), "server.info", x=1)["error"]["data"]["path"] == "params.x"


def test_four_hundred_loads_without_close_stay_under_500_mb():
    script = (
        "import json, sys\n"
        "from manasolve.server import Server, MAX_SESSIONS\n"
        "board = json.load(open(sys.argv[1]))\n"
        "server = Server()\n"
        "for i in range(400):\n"
        "    server.handle_line(json.dumps({'jsonrpc': '2.0', 'id': i, 'method': 'board.load', 'params': {'board': board}}))\n"
        "    server.handle_line(json.dumps({'jsonrpc': '2.0', 'id': i, 'method': 'pay', 'params': {'board': 's%d' % (i + 1),"
        " 'cost': '{2}{G}', 'mode': 'best'}}))\n"
        "assert len(server.sessions) == MAX_SESSIONS\n"
        # VmHWM: this process's own peak (ru_maxrss keeps the forking parent's peak across exec)
        "print(next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM:')))\n")
    run = subprocess.run([sys.executable, "-c", script, str(Path(manasolve.__file__).parent / "data" /
                                                            "example_board.json")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) < 500 * 1024  # kilobytes


def test_card_databases_are_held_per_path_least_recently_used_first(tmp_path):
    server = Server(allowed_paths=[tmp_path], max_card_files=2)
    paths = []
    for i in range(3):
        path = tmp_path / ("cards%d.json" % i)
        path.write_text(json.dumps([{"name": "Card %d" % i, "type": "Land", "types": ["Land"], "text": "{T}: Add {G}."}]))
        paths.append(str(path))
        assert "result" in _rpc(server, "board.load", board=_board_with(), cards=str(path))
    assert list(server._card_files) == [os.path.realpath(p) for p in paths[1:]]


def test_the_server_reads_only_files_under_the_allowed_folders(tmp_path):
    denied = Server()
    for method, params, path in (("cards_check", {"path": str(DEV_CARDS)}, "params.path"),
                                 ("board.load", {"board": EXAMPLE, "cards": str(DEV_CARDS)}, "params.cards")):
        error = _rpc(denied, method, **params)["error"]
        assert error["data"]["path"] == path and "--allow-path" in error["message"]
    allowed = Server(allowed_paths=[DEV_CARDS.parent])
    assert _rpc(allowed, "cards_check", path=str(DEV_CARDS))["result"] == api.cards_check(str(DEV_CARDS))
    link = tmp_path / "link.json"  # a link from an allowed folder is followed to where it points
    link.symlink_to("/etc/passwd")
    assert "--allow-path" in _rpc(Server(allowed_paths=[tmp_path]), "cards_check", path=str(link))["error"]["message"]
    configured = Server(card_file=DEV_CARDS)
    assert "result" in _rpc(configured, "cards_check", path=str(DEV_CARDS))
    error = _rpc(allowed, "cards_check", path=str(DEV_CARDS.parent / "a\u0000b"))["error"]
    assert error["code"] == -32602 and error["message"] == "params.path: a path holding a null byte names no file"


def test_serve_allow_path_on_the_command_line(tmp_path):
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "cards_check", "params": {"path": str(DEV_CARDS)}}).encode()
    assert "error" in json.loads(_serve([line]).stdout)
    assert "result" in json.loads(_serve([line], "--allow-path", str(DEV_CARDS.parent)).stdout)
    assert "result" in json.loads(_serve([line], "--cards", str(DEV_CARDS)).stdout)


# -- python -m manasolve from any folder -----------------------------------------------------
def test_python_m_manasolve_works_from_the_folder_holding_a_clone_named_manasolve(tmp_path):
    (tmp_path / "manasolve").symlink_to(ROOT, target_is_directory=True)
    run = subprocess.run([sys.executable, "-m", "manasolve", "--version"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert "Traceback" not in run.stderr
    assert run.returncode == 0 and run.stdout.startswith("manasolve %s" % manasolve.__version__), run.stderr
