"""``manasolve serve``: newline-delimited JSON-RPC 2.0 over stdin/stdout.

A thin layer: each question method asks the question of the same name
(`manasolve.questions.ask`, as the API does) with the request's params as keywords (the
result is exactly the API's answer); the
``board.*`` methods hold `manasolve.session.PlayBoard` sessions.  Card databases are
loaded once per process.  A bad line gets an error answer and the server goes on;
end of input ends it with status 0.  See docs/protocol.md.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
import types
import typing
from collections import OrderedDict
from collections.abc import Callable, Sequence
from queue import SimpleQueue
from typing import IO, Any, Literal

import orjson
from pydantic import ValidationError

from manasolve import __version__, protocol
from manasolve.answer_format import FORMATS, stamped
from manasolve.models.board import InputError, ParameterError, load_board
from manasolve.card_settings import cache_dir, card_db
from manasolve.models.carddb import CardDB
from manasolve.models.board_schema import parse_json
from manasolve.models.errors import nearest, one_line, shown
from manasolve.models.request import DEFAULT_TIME_LIMIT
from manasolve.models.rules_version import CARD_POOL_DATE, CR_DATE
from manasolve.protocol import (
    CANCELLED,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    TIME_LIMIT_EXCEEDED,
)
from manasolve.solver import deadline
from manasolve.solver.deadline import Cancelled, TimeUp
from manasolve.questions import ask
from manasolve.results import CancelState, Closed, Ping, ServerInfo, ServerLimits, SessionBoard, SessionChanges, SessionHandle
from manasolve.session import PlayBoard

# Sessions and per-path card databases held at once (least recently used closed first):
# an AI plays a few boards at a time; a client that never closes its sessions stays bounded
# (400 board.load without board.close: see tests/test_server.py).
MAX_SESSIONS = 64
MAX_CARD_FILES = 4
# Handles of sessions closed to make room that an error still names as such.
EVICTED_NAMED = 4096
# The longest request line read (bytes of UTF-8): a board with a few hundred inline cards
# fits many times over; a longer line is answered with an error and skipped, unread.
MAX_LINE = 8 * 1024 * 1024
# Methods the reading thread answers at once, even while a question runs (UCI's isready):
# liveness, cancelling a request by its id, and what this server is.
IMMEDIATE = ("ping", "cancel", "server.info")
_SWITCH_INTERVAL = 0.0005  # seconds the worker holds the GIL while the reader waits for it (Python's: 0.005)
# The protocol versions this server speaks (server.info {"protocol"} checks the client's).
PROTOCOLS = (protocol.VERSION,)


class RpcError(Exception):
    """An error answer: JSON-RPC code, one line, the JSON path in the request."""

    def __init__(self, code: int, message: str, path: str | None = None):
        super().__init__(message)
        self.code, self.message, self.path = code, message, path


def _param_path(exc: InputError) -> str:
    """The JSON path in the request of an InputError: a bad argument (ParameterError) is
    the params key of its API keyword; anything else names a path inside params."""
    if isinstance(exc, ParameterError):
        return "params." + exc.parameter.split("/")[0]
    return "params." + exc.where if exc.where and exc.where != "(top level)" else "params"


class Server:
    """The sessions and card databases of one server process, and the method table.
    `time_limit`: the seconds a question may take when its request gives none (None: no
    limit).  Files a request names (``cards_check {"path"}``, ``board.load {"cards"}``)
    are read only under the folders of `allowed_paths`, or when they are `card_file`
    (the configured card file).  At most `max_sessions` sessions and `max_card_files`
    card databases are held; the least recently used goes first."""

    def __init__(self, db: CardDB | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT, *,
                 allowed_paths: Sequence[str | os.PathLike] = (), card_file: str | os.PathLike | None = None,
                 max_sessions: int = MAX_SESSIONS, max_card_files: int = MAX_CARD_FILES):
        self.db = db or card_db()
        self.time_limit = time_limit
        self.allowed = [os.path.realpath(p) for p in allowed_paths]
        self.card_file = os.path.realpath(card_file) if card_file is not None else None
        self.max_sessions, self.max_card_files = max_sessions, max_card_files
        self.sessions: OrderedDict[str, PlayBoard] = OrderedDict()  # least recently used first
        self._evicted: OrderedDict[str, None] = OrderedDict()  # handles closed to make room (the latest ones)
        self._next_session = 1
        self._card_files: OrderedDict[str, CardDB] = OrderedDict()
        # The request running (its id and cancel event), ids queued behind it (how many
        # times each), and queued ids cancelled before their turn; shared with the reader.
        self._lock = threading.Lock()
        self._running: tuple[int | str, deadline.Cancel] | None = None
        self._waiting: dict[int | str, int] = {}
        self._cancelled: set[int | str] = set()
        # each method's handler: (params, method name) -> result
        self.methods: dict[str, Callable[[dict, str], Any]] = {name: self._question(name) for name in protocol.QUESTIONS}
        self.methods.update({"board.load": self._load, "board.patch": self._patch, "board.apply": self._apply,
                             "board.undo": self._undo, "board.copy": self._copy, "board.close": self._close,
                             "board.get": self._get, "ping": self._ping, "cancel": self._cancel,
                             "server.info": self._info})

    # -- one line in, one line out -------------------------------------------------------
    def handle_line(self, line: str | bytes) -> str | None:
        """The answer line to one request line (None for a notification or a blank line)."""
        answer = self.respond(line)
        return None if answer is None else answer.decode("utf-8")

    def respond(self, line: str | bytes) -> bytes | None:
        """The answer to one request line as UTF-8 JSON, without the line end (None for
        a notification or a blank line).  Never raises: whatever one line does, the
        server answers it and goes on."""
        return self._guarded(self._respond, line)

    def _respond(self, line: str | bytes) -> bytes | None:
        raw = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
        if len(raw.removesuffix(b"\n")) > MAX_LINE:  # as serve answers it (manasolve batch reads whole lines)
            return _too_long()
        parsed, got = self._read(line)
        return self._answer(got) if parsed else got

    def _read(self, line: str | bytes) -> tuple[bool, Any]:
        """(True, the request object or batch on `line`), or (False, its answer: None for a
        blank line, the parse error for a line that is not JSON)."""
        if not line.strip():
            return False, None
        try:
            return True, parse_json(line)
        except InputError as exc:
            bad = exc.message.removeprefix("invalid JSON: ")
            return False, _dump(_error(None, RpcError(PARSE_ERROR, "not JSON: %s (%s)" % (bad, exc.where)
                                                      if bad != exc.message else "a request %s" % exc.message)))
        except Exception as exc:  # noqa: BLE001 - a bug must not end the server; it is answered
            return False, _internal(exc)

    def _answer(self, message: Any) -> bytes | None:
        """The answer to a request object or a batch of them (None: nothing to answer)."""
        if isinstance(message, list):  # a batch
            if not message:
                return _dump(_error(None, RpcError(INVALID_REQUEST, "an empty batch")))
            answers = [a for a in (self.handle(m) for m in message) if a is not None]
            return _dump(answers) if answers else None
        answer = self.handle(message)
        return _dump(answer) if answer is not None else None

    @staticmethod
    def _guarded(answer: Callable[[Any], bytes | None], what: Any) -> bytes | None:
        try:
            return answer(what)
        except Exception as exc:  # noqa: BLE001 - a bug must not end the server; it is answered
            return _internal(exc)

    def handle(self, message: Any) -> dict | None:
        """The response to one request object (None for a notification: a request object
        without an ``id`` member is never answered, not even with an error)."""
        notification = isinstance(message, dict) and "id" not in message
        rid = message.get("id") if isinstance(message, dict) and isinstance(message.get("id"), (int, str)) \
            and not isinstance(message.get("id"), bool) else None
        cancel = None
        try:
            request = _request(message)
            handler = self.methods.get(request.method)
            if handler is None:
                raise RpcError(METHOD_NOT_FOUND, "unknown method %r%s" % (
                    request.method, nearest(request.method, list(self.methods))), "method")
            if request.method in IMMEDIATE:
                result = handler(request.params, request.method)
            else:
                cancel = self._start(rid)
                with deadline.cancellable(cancel):
                    result = handler(request.params, request.method)
                if cancel.is_set() and isinstance(result, dict) and result.get("time_limit_reached"):
                    result["cancelled"] = True  # its partial answer, as at a time limit
        except RpcError as exc:
            answer = _error(rid, exc)
        except InputError as exc:
            path = _param_path(exc)
            answer = _error(rid, RpcError(INVALID_PARAMS, "%s: %s" % (path, exc.message), path))
        except Cancelled:
            answer = _error(rid, RpcError(CANCELLED, "cancelled before it had a partial answer"))
        except TimeUp as exc:
            answer = _error(rid, RpcError(TIME_LIMIT_EXCEEDED, "%s; params.time_limit to wait longer" % exc,
                                          "params.time_limit"))
        except Exception as exc:  # noqa: BLE001 - a bug must not end the server; it is answered
            answer = _error(rid, RpcError(INTERNAL_ERROR, "internal error: %s: %s" % (type(exc).__name__, exc)))
        else:
            answer = {"jsonrpc": "2.0", "id": rid, "result": result}
        finally:
            if cancel is not None:
                with self._lock:
                    self._running = None
        return None if notification else answer

    def _start(self, rid: int | str | None) -> deadline.Cancel:
        """The cancel event of the request `rid` starting now (already set if it was
        cancelled while it waited), noted as the one running."""
        event = deadline.Cancel()
        with self._lock:
            if rid is not None and rid in self._cancelled:
                self._cancelled.discard(rid)
                event.set()
            self._running = (rid, event) if rid is not None else None
        return event

    def serve(self, stdin: IO[bytes], stdout: IO[bytes]) -> int:
        """Answer every line of `stdin` on `stdout` (binary streams: UTF-8 JSON lines)
        until end of input; the exit status.  Each answer is written and flushed whole
        (one write of the line and its end): the client waits for it.

        This thread reads: it answers ``ping``, ``cancel`` and ``server.info`` at once,
        even while a question runs, and queues every other request for one worker thread,
        which answers them in the order they came."""
        write_lock = threading.Lock()

        def write(answer: bytes | None) -> None:
            if answer is not None:
                with write_lock:
                    stdout.write(answer + b"\n")
                    stdout.flush()

        # (True, a request object or batch to answer) or (False, its answer already made)
        queue: SimpleQueue[tuple[bool, Any] | None] = SimpleQueue()

        def work() -> None:
            while (item := queue.get()) is not None:
                parsed, got = item
                if parsed:
                    self._waiting_for(got, -1)
                    got = self._guarded(self._answer, got)
                write(got)

        # The reader waits for the GIL only while the worker computes: let it have it soon.
        sys.setswitchinterval(_SWITCH_INTERVAL)
        worker = threading.Thread(target=work, name="manasolve-questions", daemon=True)
        worker.start()
        while True:
            line = stdin.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n"):  # skip the rest of it, chunk by chunk
                    line = stdin.readline(MAX_LINE)
                queue.put((False, _too_long()))
                continue
            parsed, got = item = self._read(line)
            if parsed and isinstance(got, dict) and got.get("method") in IMMEDIATE:
                write(self._guarded(self._answer, got))  # at once, even while a question runs
                continue
            if parsed:
                self._waiting_for(got, +1)
            queue.put(item)  # answered in turn, so answers keep the order of their lines
        queue.put(None)
        worker.join()
        return 0

    # -- answered by the reader, at once -------------------------------------------------
    def _waiting_for(self, message: Any, change: int) -> None:
        """Count the request id of `message` among the queued ones (+1) or take it off (-1)."""
        rid = message.get("id") if isinstance(message, dict) else None
        if not isinstance(rid, (int, str)) or isinstance(rid, bool):
            return
        with self._lock:
            left = self._waiting.get(rid, 0) + change
            if left > 0:
                self._waiting[rid] = left
            else:
                self._waiting.pop(rid, None)

    def _ping(self, params: dict, method: str) -> dict:
        _validated(method, params)
        return _answer(method, Ping(self._running[0] if self._running else None))

    def _cancel(self, params: dict, method: str) -> dict:
        rid = _validated(method, params)["id"]
        state: Literal["running", "queued", "unknown"]
        with self._lock:
            if self._running is not None and self._running[0] == rid:
                self._running[1].set()
                state = "running"
            elif rid in self._waiting:
                self._cancelled.add(rid)
                state = "queued"
            else:
                state = "unknown"
        return _answer(method, CancelState(rid, state))

    def _info(self, params: dict, method: str) -> dict:
        wanted = _validated(method, params)["protocol"]
        if wanted is not None and wanted not in PROTOCOLS:
            raise RpcError(INVALID_PARAMS, "params.protocol: this server speaks %s, not %s" % (
                ", ".join(PROTOCOLS), shown(wanted)), "params.protocol")
        return _answer(method, ServerInfo(
            __version__, __version__, protocol.VERSION, tuple(PROTOCOLS), CR_DATE, CARD_POOL_DATE,
            tuple(sorted(FORMATS.values())), tuple(sorted(self.methods)), tuple(IMMEDIATE),
            ServerLimits(MAX_LINE, MAX_LINE, self.max_sessions, self.max_card_files, self.time_limit),
            len(self.sessions), tuple(self.allowed), self.card_file,
            {str(code): meaning for code, meaning in protocol.ERROR_CODES.items()}))

    # -- methods -------------------------------------------------------------------------
    def _question(self, name: str) -> Callable[[dict, str], Any]:
        def run(params: dict, method: str) -> Any:
            kw = _validated(method, params)
            if kw["time_limit"] is None:
                kw["time_limit"] = self.time_limit
            if name == "cards_check":
                kw["path"] = self._readable(kw["path"], "path")
            board, db = None, None
            if name == "audit":  # carries payments out: it needs the board as a PlayBoard
                board = self._play_board(kw.pop("board"))
            elif "board" in kw:
                board, db = self._board(kw.pop("board"))
            return ask(name, board, db=db, **kw)
        return run

    def _board(self, board: dict | str):
        """(resolved board, card database) of a board param: a session or a board object."""
        if isinstance(board, str):
            session = self._session(board, "params.board")
            return session.resolved, session.db
        try:
            return load_board(board, self.db), self.db
        except InputError as exc:
            raise InputError("board" + ("." + exc.where if exc.where and exc.where != "(top level)" else ""),
                             exc.message) from None

    def _play_board(self, board: dict | str) -> PlayBoard:
        """A board param as a PlayBoard: the session's, or a new one from a board object."""
        if isinstance(board, str):
            return self._session(board, "params.board")
        try:
            return PlayBoard(board, self.db)
        except InputError as exc:
            raise InputError("board" + ("." + exc.where if exc.where and exc.where != "(top level)" else ""),
                             exc.message) from None

    def _session(self, handle: str, path: str = "params.session") -> PlayBoard:
        session = self.sessions.get(handle)
        if session is None:
            if handle in self._evicted:
                raise RpcError(INVALID_PARAMS, "%s: session %s was closed to make room (limit %d sessions, the least "
                               "recently used closed first); load the board again" % (path, handle, self.max_sessions),
                               path)
            # a board given as a string is a session's handle: the server reads no board file
            hint = nearest(handle, list(self.sessions)) or (
                " (a board is its JSON object or a session handle from board.load)" if path == "params.board" else "")
            raise RpcError(INVALID_PARAMS, "%s: no session %r%s" % (path, handle, hint), path)
        self.sessions.move_to_end(handle)
        return session

    def _new_session(self, board: PlayBoard) -> SessionHandle:
        handle = "s%d" % self._next_session
        self._next_session += 1
        self.sessions[handle] = board
        while len(self.sessions) > self.max_sessions:
            self._evicted[self.sessions.popitem(last=False)[0]] = None
            while len(self._evicted) > EVICTED_NAMED:
                self._evicted.popitem(last=False)
        return SessionHandle(handle)

    def _load(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        db = self._card_db(kw["cards"]) if kw["cards"] else self.db
        try:
            board = PlayBoard(kw["board"], db)
        except InputError as exc:
            raise InputError("board." + exc.where if exc.where and exc.where != "(top level)" else "board",
                             exc.message) from None
        return _answer(method, self._new_session(board))

    def _card_db(self, path: str) -> CardDB:
        """The built-in cards with the file `path` in front, kept while it is among the
        `max_card_files` used last."""
        real = self._readable(path, "cards")
        if real in self._card_files:
            self._card_files.move_to_end(real)
            return self._card_files[real]
        from manasolve.models.loaders import load_card_file  # keeps start-up light

        try:
            db = self.db.with_layer_first(load_card_file(real, cache_dir()))
        except InputError as exc:
            raise InputError("cards", "%s: %s" % (path, exc.message)) from None
        self._card_files[real] = db
        while len(self._card_files) > self.max_card_files:
            self._card_files.popitem(last=False)
        return db

    def _readable(self, path: str, param: str) -> str:
        """The real path of a file a request names, if the operator allows reading it
        (under an ``--allow-path`` folder, or the configured card file); InputError at
        params.`param` otherwise."""
        if "\0" in path:
            raise InputError(param, "a path holding a null byte names no file")
        real = os.path.realpath(path)
        if real == self.card_file or any(os.path.commonpath([real, folder]) == folder for folder in self.allowed):
            return real
        return _raise(INVALID_PARAMS, "params.%s: %s is outside the folders this server may read (%s; start it "
                      "with --allow-path FOLDER)" % (param, shown(path), ", ".join(self.allowed) or "none allowed"),
                      "params." + param)

    def _patch(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        session = self._session(kw["session"])
        session.patch(kw["ops"])
        return _answer(method, SessionChanges(kw["session"], session.history_length))

    def _apply(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        return stamped(method, self._session(kw["session"]).apply(kw["payment"], kw["player"]))

    def _undo(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        session = self._session(kw["session"])
        try:
            session.undo()
        except InputError as exc:
            raise InputError("session", "%s: %s" % (kw["session"], exc.message)) from None
        return _answer(method, SessionChanges(kw["session"], session.history_length))

    def _copy(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        return _answer(method, self._new_session(self._session(kw["session"]).copy()))

    def _close(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        self._session(kw["session"])
        del self.sessions[kw["session"]]
        return _answer(method, Closed(kw["session"]))

    def _get(self, params: dict, method: str) -> dict:
        kw = _validated(method, params)
        return _answer(method, SessionBoard(kw["session"], self._session(kw["session"]).to_json()))


def _answer(method: str, value: Any) -> dict:
    """The JSON answer (with its ``format``) of one of the server's own methods."""
    from manasolve.answers import fields_json  # keeps start-up light

    return stamped(method, fields_json(value))


def _internal(exc: Exception) -> bytes:
    """The answer to a line whose handling failed with a bug of ours."""
    return _dump(_error(None, RpcError(INTERNAL_ERROR, "internal error: %s" % type(exc).__name__)))


def _request(message: Any) -> protocol.Request:
    """The request, or RpcError -32600 saying what is wrong with its envelope."""
    if not isinstance(message, dict):
        raise RpcError(INVALID_REQUEST, "a request is a JSON object like "
                       "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"pay\", \"params\": {...}}")
    if "params" in message and isinstance(message["params"], list):
        raise RpcError(INVALID_PARAMS, "params: give params by name (an object), not as a list", "params")
    try:
        return protocol.Request.model_validate(message)
    except ValidationError as exc:
        e = exc.errors()[0]
        path = ".".join(str(p) for p in e["loc"]) or "(request)"
        if e["type"] == "extra_forbidden":
            return _raise(INVALID_REQUEST, "%s: unknown member of a request (members: jsonrpc, id, method, params)" % path, path)
        if e["type"] == "missing":
            return _raise(INVALID_REQUEST, "%s: missing" % path, path)
        return _raise(INVALID_REQUEST, "%s: %s" % (path, e["msg"]), path)


def _raise(code: int, message: str, path: str):
    raise RpcError(code, message, path)


def _validated(method: str, params: dict) -> dict:
    """The params checked against the method's parameters (RpcError -32602 with the path)."""
    model = protocol.PARAMS[method]
    try:
        return model.model_validate(params).__dict__.copy()  # dict(model) is several times slower
    except ValidationError as exc:
        e = exc.errors()[0]
        loc = tuple(e["loc"])
        field = model.model_fields.get(loc[0]) if loc and isinstance(loc[0], str) else None
        if field is not None and len(loc) > 1 and typing.get_origin(field.annotation) in (typing.Union, types.UnionType):
            loc = loc[:1] + loc[2:]  # pydantic names the union member tried; the path is the param's
        path = "params" + "".join("[%d]" % p if isinstance(p, int) else ".%s" % p for p in loc)
        if e["type"] == "extra_forbidden":
            valid = sorted(model.model_fields)
            message = "%s takes no parameter %r%s (it takes %s)" % (method, loc[0], nearest(str(loc[0]), valid),
                                                                   ", ".join(valid))
        elif e["type"] == "missing":
            message = "missing (%s needs it)" % method
        else:
            message = "%s (got %s)" % (e["msg"], json.dumps(e.get("input"))[:80])
        raise RpcError(INVALID_PARAMS, "%s: %s" % (path, message), path) from None


def _error(rid: Any, exc: RpcError) -> dict:
    error: dict = {"code": exc.code, "message": one_line(exc.message)}  # echoed input cut short
    if exc.path:
        error["data"] = {"path": exc.path}
    return {"jsonrpc": "2.0", "id": rid, "error": error}


# A lone UTF-16 surrogate (U+D800..U+DFFF): JSON text may hold one only as a \u escape
# (RFC 8259 section 7); a request can bring one in (``"id": "\ud800"``) to be echoed.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _too_long() -> bytes:
    """The answer to a request line longer than MAX_LINE bytes (its id is not read)."""
    return _dump(_error(None, RpcError(INVALID_REQUEST, "a request line of more than %d bytes (the bound; send the "
                                                        "board once with board.load)" % MAX_LINE)))


def _dump(answer: Any) -> bytes:
    """One response as compact UTF-8 JSON (orjson; the standard library for what orjson
    does not write, such as integers past 64 bits or strings holding a lone surrogate,
    which are written as \\u escapes)."""
    try:
        return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        text = json.dumps(answer, separators=(",", ":"), ensure_ascii=False)
        return _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text).encode("utf-8")


def main(db: CardDB | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT, *,
         allowed_paths: Sequence[str] = (), card_file: str | os.PathLike | None = None) -> int:
    """Serve stdin/stdout until end of input, each question within `time_limit` seconds
    unless its request says otherwise, reading the files requests name only under
    `allowed_paths` (and `card_file`)."""
    return Server(db, time_limit, allowed_paths=allowed_paths, card_file=card_file).serve(
        sys.stdin.buffer, sys.stdout.buffer)
