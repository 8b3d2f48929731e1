"""``manasolve serve [--cards PATH]``: answer JSON-RPC 2.0 requests, one per line of stdin,
one response per line of stdout, until end of input (docs/protocol.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_allow_path_arg, add_server_args


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``serve`` command."""
    p = sub.add_parser(
        "serve",
        help="a long-running JSON-RPC 2.0 server on stdin/stdout (docs/protocol.md)",
        description="Read one JSON-RPC 2.0 request per line on stdin and write one response per line on "
        "stdout: the questions (pay, produce, creatures, cost, saddle, crew, attack, plays, cards_check) with the "
        "Python API's keyword names, and board sessions (board.load, board.patch, board.apply, board.undo, "
        "board.copy, board.close, board.get).  Ends with status 0 at end of input.",
    )
    add_server_args(p)
    add_allow_path_arg(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Serve until end of input (nothing is printed afterwards)."""
    from manasolve.cli.common import card_db, configured_cards  # keeps start-up light
    from manasolve.server import main

    main(card_db(args), args.request_timeout, allowed_paths=args.allow_path, card_file=configured_cards(args))
    return {}, lambda answer: None
