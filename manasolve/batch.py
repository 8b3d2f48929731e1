"""``manasolve batch``: many JSON-RPC requests (one per line, as ``manasolve serve`` takes
them) answered in order by the server's own dispatch, in chunks on an executor chosen by
`manasolve.executors.where` (this process, a pool forked from it when the lines measured
here say the rest would take long, or Ray when asked for).  Each line is answered on its
own, possibly by another worker, so the ``board.*`` session methods are refused: a
question carries its board object."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn

from manasolve.protocol import METHOD_NOT_FOUND

CHUNK_LINES = 64  # lines sent to a worker at once


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
    from manasolve.card_settings import card_db  # keeps start-up light
    from manasolve.server import RpcError, Server

    server = Server(card_db(cards), allowed_paths=allowed_paths, card_file=card_file)

    def no_sessions(params: dict, method: str) -> NoReturn:
        raise RpcError(METHOD_NOT_FOUND, "%s: board sessions are not kept in batch (each line is answered on its "
                       "own); give the board object in params.board, or use manasolve serve" % method, "method")
    for name in [m for m in server.methods if m.startswith("board.")]:
        server.methods[name] = no_sessions
    return lambda lines: [server.handle_line(line) for line in lines]


class Answers:
    """The answer line of each request line, in order, as an iterator (none for a blank
    line or a notification, as the server does); `executor` says where they were answered,
    ``{"kind": "in_process" | "process_pool" | "ray", "workers": K}`` (final once every
    line is answered)."""

    def __init__(self, lines: list[bytes] | list[str], workers: int | None, address: str | None,
                 worker_args: tuple) -> None:
        from manasolve.executors import executor  # keeps start-up light

        self.chunks = [lines[i:i + CHUNK_LINES] for i in range(0, len(lines), CHUNK_LINES)]
        self.run = executor(workers, address, len(self.chunks))
        self.worker_args = worker_args
        self._answers = self._answered()

    @property
    def executor(self) -> dict:
        return {"kind": self.run.kind, "workers": self.run.workers}

    def summary(self) -> str:
        """One line saying where the lines were answered (for stderr: stdout holds only
        the answers, exactly as ``serve`` gives them)."""
        where = {"in_process": "in this process", "process_pool": "on a pool of %d processes forked from this one",
                 "ray": "on Ray, %d workers"}[self.run.kind]
        lines = sum(len(chunk) for chunk in self.chunks)
        return "batch: %d line%s answered %s (executor %s)" % (
            lines, "" if lines == 1 else "s", where.replace("%d", str(self.run.workers)), self.run.kind)

    def __iter__(self) -> Answers:
        return self

    def __next__(self) -> str:
        return next(self._answers)

    def _answered(self) -> Iterator[str]:
        from manasolve.executors import InProcess  # keeps start-up light

        done = 0
        try:
            for answers in self.run.map(batch_worker, self.worker_args, self.chunks):
                done += 1
                yield from (a for a in answers if a is not None)
        except Exception:  # noqa: BLE001 - a worker failed (a Ray actor died): no line is ever lost for it
            # A worker's answers never depend on which worker gave them (manasolve.executors),
            # so the chunks not answered yet are answered here, in order, as they would have been.
            for answers in InProcess().map(batch_worker, self.worker_args, self.chunks[done:]):
                yield from (a for a in answers if a is not None)


def answer_lines(lines: list[bytes] | list[str], workers: int | None = None, address: str | None = None,
                 cards: str | None = None, allowed_paths: Sequence[str] = (),
                 card_file: str | None = None) -> Answers:
    """The answer line of each request line, in order (none for a blank line or a
    notification, as the server does), with where they were answered (`Answers`);
    `workers`/`address` as ``--workers``/``--address`` (`manasolve.executors.where`);
    `allowed_paths`, `card_file`: as `Server` takes them."""
    return Answers(lines, workers, address, (cards, tuple(allowed_paths), card_file))
