"""Command-line interface: ``manasolve COMMAND ...``.

Each command lives in its own module of this package, exposing ``register(subparsers)``;
the handler it installs returns the JSON answer (a dict) and a renderer for the table.
Bad input ends with exit status 2 and one line on stderr (design.md, Errors); a question
that gives up at its ``--timeout`` with no partial answer ends with exit status 3 and one
line ("gave up after N s").
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from manasolve import __version__
from manasolve.models.rules_version import CARD_POOL_DATE, CR_DATE
from manasolve.answer_format import stamped
from manasolve.models.errors import InputError, ParameterError
from manasolve.models.errors import one_line

# Exit status of a question that gave up at its time limit without a partial answer.
GAVE_UP = 3
PIPE_CLOSED = 141  # 128 + SIGPIPE: the status a shell gives a writer whose reader closed the pipe
# Modules of manasolve.cli that define commands, in help order.
COMMANDS = ["example", "pay", "produce", "creatures", "saddle", "attack", "cards", "cost", "plays", "audit", "serve",
            "mcp", "castability", "batch"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage + exit 2
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


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``manasolve`` console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    from manasolve.solver import deadline

    try:
        with deadline.time_limit(getattr(args, "timeout", None)):
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
            json.dump(stamped(getattr(args, "answer_name", args.command), answer), sys.stdout, indent=2)
            sys.stdout.write("\n")
        else:
            render(answer)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as a shell's writer would
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return PIPE_CLOSED
    return 0
