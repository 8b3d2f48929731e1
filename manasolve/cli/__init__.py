"""Command-line interface: ``manasolve COMMAND ...``.

Each command lives in its own module of this package, exposing ``register(subparsers)``;
the handler it installs returns the JSON answer (a dict) and a renderer for the table.
Bad input ends with exit status 2 and one line on stderr (design.md, Errors); a question
that gives up at its ``--timeout`` with no partial answer ends with exit status 3 and one
line ("gave up after N s").  Run as the process (`entry`), a ``--timeout`` counts from
the process's start, and the process ends as soon as its answer is written.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from typing import NoReturn

from manasolve import __version__
from manasolve.models.rules_version import CARD_POOL_DATE, CR_DATE
from manasolve.answer_format import stamped
from manasolve.models.errors import InputError, ParameterError
from manasolve.models.errors import one_line

# When this module was imported: as the process's entry point, about when the process
# started (a --timeout counts from here: the user waits from the start, not from main).
_IMPORTED = time.monotonic()

# Exit status of a question that gave up at its time limit without a partial answer.
GAVE_UP = 3
PIPE_CLOSED = 141  # 128 + SIGPIPE: the status a shell gives a writer whose reader closed the pipe
# Modules of manasolve.cli that define commands, in help order (saddle installs crew too,
# serve installs mcp).
COMMANDS = ["example", "pay", "produce", "creatures", "saddle", "attack", "cards", "cost", "plays", "audit", "serve",
            "castability", "batch"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print usage + exit 2
        sys.stderr.write(one_line("manasolve: %s" % message) + "\n")
        raise SystemExit(2)


# API parameter names whose flag is not "--" + the name with "-" for "_".
_FLAGS = {"zone": "--from", "copies": "--copy"}


def flag(parameter: str) -> str:
    """The command-line flag of an API parameter name (errors below the CLI name the
    parameter; the CLI shows the flag)."""
    return _FLAGS.get(parameter, "--" + parameter.replace("_", "-"))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command registered."""
    parser = _Parser(prog="manasolve", description="Exact Magic: The Gathering cost answers.")
    parser.add_argument("--version", action="version", version="manasolve %s (Comprehensive Rules %s; card pool %s)"
                        % (__version__, CR_DATE, CARD_POOL_DATE))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module("manasolve.cli." + name).register(sub)
    return parser


_PIECE = 1 << 13  # characters of a --json answer written at a time

# Commands that end on their own terms (a server's workers and clients, the MCP
# session): `entry` lets Python's normal exit run after them.
_NORMAL_EXIT = {"serve", "mcp"}


def main(argv: list[str] | None = None, started: float | None = None) -> int:
    """Run the command line `argv` (None: sys.argv[1:]); returns the exit status.
    `started`: the time.monotonic() its --timeout counts from (None: now)."""
    return _main(argv, started)[0]


def entry() -> None:
    """The ``manasolve`` console script and ``python -m manasolve``: `main`, its
    --timeout counted from the process's start; then, once the answer is written and
    flushed, the process ends at once (os._exit) rather than spending about a second
    freeing the card pool and solver objects (benchmarks/time_limits.py).  A server
    (serve, mcp) or a run that started Ray exits normally, letting them shut down."""
    status, command = _main(None, _IMPORTED)
    if command in _NORMAL_EXIT or _ray_running():
        raise SystemExit(status)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be written
            pass
    if "multiprocessing" in sys.modules:  # forked pool processes end with this one, as Python's exit does
        import multiprocessing  # keeps start-up light

        for child in multiprocessing.active_children():
            child.terminate()
    os._exit(status)


def _ray_running() -> bool:
    ray = sys.modules.get("ray")
    return ray is not None and getattr(ray, "is_initialized", lambda: False)()


def _main(argv: list[str] | None, started: float | None) -> tuple[int, str]:
    """The exit status of the command line `argv`, and the command run."""
    args = build_parser().parse_args(argv)
    return _run(args, started), args.command


def _run(args: argparse.Namespace, started: float | None) -> int:
    from manasolve.solver import deadline  # keeps start-up light

    # castability's --timeout is its time_limit (the API's name); every other command's is timeout
    seconds = getattr(args, "timeout", None) or getattr(args, "time_limit", None)
    try:
        with deadline.time_limit(seconds, started):
            answer, render = args.run(args)
    except deadline.TimeUp as exc:
        where = getattr(args, "board", None) or getattr(args, "path", None) or getattr(args, "deck", None)
        sys.stderr.write(one_line("%s: %s; --timeout SECONDS to wait longer" % (where, exc)) + "\n")
        return GAVE_UP
    except InputError as exc:
        if exc.source is None:  # a flag's error: say which board it was about
            exc.source = getattr(args, "board", None)
        sys.stderr.write((exc.line(flag) if isinstance(exc, ParameterError) else exc.line()) + "\n")
        return 2
    try:
        if getattr(args, "json", False):
            # one string written in pieces of 8 KB: json.dump writes each of its many small
            # pieces to sys.stdout, 4x slower (1.0 s against 0.28 s for a 1.5 MB listing,
            # measured); a piece larger than what a pipe holds past its reader (64 KB + its
            # 8 KB read) could miss a reader that closed the pipe early (exit 141)
            text = json.dumps(stamped(getattr(args, "answer_name", args.command), answer), indent=2) + "\n"
            for start in range(0, len(text), _PIECE):
                sys.stdout.write(text[start:start + _PIECE])
        else:
            render(answer)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as a shell's writer would
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return PIPE_CLOSED
    return 0
