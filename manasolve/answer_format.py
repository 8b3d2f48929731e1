"""The format version every answer names: ``"format": "manasolve/COMMAND@1"`` (the API
function's name: ``manasolve/pay@1``, ``manasolve/cards_check@1``, ...; the server's
session methods by method name, ``manasolve/board.apply@1``), added at the edge (the API
functions, the CLI's ``--json``, the server) so the solver never sees it.  The JSON
Schema of each format is shipped as ``manasolve/data/schemas/answer.COMMAND.schema.json``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar, cast

# The commands that answer, by API function name (the server's session methods by method
# name), and the version of each answer format.
FORMATS: dict[str, str] = {name: "manasolve/%s@1" % name for name in (
    "pay", "payable_many", "produce", "creatures", "cost", "saddle", "crew", "attack", "plays", "cards_check", "cards_update",
    "audit", "board.load", "board.get", "board.patch", "board.apply", "board.undo", "board.copy", "board.close", "castability",
    "ping", "cancel", "server.info")}

F = TypeVar("F", bound=Callable[..., dict])


def stamped(command: str, answer: dict) -> dict:
    """`answer` with ``format`` first, naming the answer format of `command` (an API
    function name, which a CLI command whose name differs gives as its ``answer_name``);
    an answer of a command without a format is kept as is."""
    fmt = FORMATS.get(command)
    return answer if fmt is None else {"format": fmt, **answer}


def names_format(command: str) -> Callable[[F], F]:
    """Decorator of an API function: its answer names the format of `command`."""
    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def answer(*args, **kwargs) -> dict:
            return stamped(command, fn(*args, **kwargs))
        return cast(F, answer)  # functools.wraps: `fn`'s signature, which mypy cannot see
    return decorate
