"""``manasolve batch QUESTIONS.jsonl``: answer one JSON-RPC request per line (as ``serve``
takes them), in order, one JSON line each, in this process, on a pool forked from it, or
on Ray; a last line on stderr says which (not with ``--workers 1``, which names it)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from manasolve.cli.common import BatchOptions, ServerOptions, add_command, check_workers, configured_cards


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``batch`` command."""
    add_command(sub, "batch", run, [(BatchOptions, ("questions", "workers", "address")),
                                    (ServerOptions, ("cards", "allow_path"))],
                help="answer a file of JSON-RPC requests (one per line, as serve takes them), in order",
                description="Each line of QUESTIONS is a JSON-RPC 2.0 request as `manasolve serve` takes it (pay, "
                "produce, plays, ... with the board object in params.board; board.* sessions are refused). The "
                "answers are printed in the same order, one JSON line each, computed in chunks in this process, on "
                "processes forked from it when the lines answered first show the rest would take long, or on Ray "
                "with --workers K (K > 1) or --address; a last line on stderr says where (not with --workers 1).")


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Print the answers (nothing is printed afterwards)."""
    from manasolve.batch import answer_lines, request_lines  # keeps start-up light
    from manasolve.models.bounds import MAX_BATCH_BYTES, read_bounded_file
    from manasolve.models.errors import InputError

    check_workers(args, args.questions)
    try:
        lines = request_lines(read_bounded_file("/dev/stdin" if args.questions == "-" else args.questions,
                                                MAX_BATCH_BYTES, "batch file"))
    except ValueError as exc:
        raise InputError("", "cannot read the questions: %s" % exc, args.questions) from None
    out = getattr(sys.stdout, "buffer", None)  # UTF-8 JSON lines whatever the locale, as serve writes them
    answers = answer_lines(lines, args.workers, args.address, args.cards, args.allow_path or (),
                           configured_cards(args))
    for line in answers:
        if out is None:  # a text stream without bytes under it (an embedding program's)
            sys.stdout.write(line + "\n")
        else:
            out.write(line.encode("utf-8") + b"\n")
    (out or sys.stdout).flush()
    if args.workers != 1:
        sys.stderr.write(answers.summary() + "\n")
    return {}, lambda answer: None
