"""``manasolve batch``: many JSON-RPC requests (one per line, as ``manasolve serve`` takes
them) answered in order by the server's own dispatch, in chunks on an executor (this
process or Ray).  Each line is answered on its own, possibly by another worker, so the
``board.*`` session methods are refused: a question carries its board object."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from manasolve.protocol import METHOD_NOT_FOUND

CHUNK_LINES = 64  # lines sent to a worker at once
RAY_FROM_CHUNKS = 64  # with no --workers: Ray only from 4,096 lines on (its start-up costs more below)


def request_lines(data: bytes) -> list[bytes]:
    """The request lines of a batch file's bytes, split where ``serve`` splits its input:
    at ``\\n`` only (text splitting would also split at ``\\r`` or inside a request
    holding U+2028, U+0085 or a form feed), each decoded by the server as ``serve`` does
    (a line that is not UTF-8 is answered -32700, the others still answered)."""
    lines = data.split(b"\n")
    return lines[:-1] if lines and lines[-1] == b"" else lines


def batch_worker(cards: str | None, allowed_paths: Sequence[str] = (),
                 card_file: str | None = None) -> Callable[[list[bytes]], list[str | None]]:
    """A worker answering chunks of request lines with one server (card files loaded
    once; the files requests name read only under `allowed_paths`, or `card_file`)."""
    from manasolve.card_settings import card_db
    from manasolve.server import RpcError, Server

    server = Server(card_db(cards), allowed_paths=allowed_paths, card_file=card_file)

    def no_sessions(params: dict, method: str):
        raise RpcError(METHOD_NOT_FOUND, "%s: board sessions are not kept in batch (each line is answered on its "
                       "own); give the board object in params.board, or use manasolve serve" % method, "method")
    for name in [m for m in server.methods if m.startswith("board.")]:
        server.methods[name] = no_sessions
    return lambda lines: [server.handle_line(line) for line in lines]


def answer_lines(lines: list[bytes] | list[str], workers: int | None = None, address: str | None = None,
                 cards: str | None = None, allowed_paths: Sequence[str] = (),
                 card_file: str | None = None) -> Iterator[str]:
    """The answer line of each request line, in order (none for a blank line or a
    notification, as the server does); `allowed_paths`, `card_file`: as `Server` takes them."""
    from manasolve.executors import InProcess, executor

    chunks = [lines[i:i + CHUNK_LINES] for i in range(0, len(lines), CHUNK_LINES)]
    run = executor(workers, address, len(chunks), RAY_FROM_CHUNKS)
    worker_args = (cards, tuple(allowed_paths), card_file)
    done = 0
    try:
        for answers in run.map(batch_worker, worker_args, chunks):
            done += 1
            yield from (a for a in answers if a is not None)
    except Exception:  # noqa: BLE001 - a worker failed (a Ray actor died): no line is ever lost for it
        # A worker's answers never depend on which worker gave them (manasolve.executors),
        # so the chunks not answered yet are answered here, in order, as they would have been.
        for answers in InProcess().map(batch_worker, worker_args, chunks[done:]):
            yield from (a for a in answers if a is not None)
