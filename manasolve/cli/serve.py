"""``manasolve serve [--cards PATH]``: answer JSON-RPC 2.0 requests, one per line of stdin,
one response per line of stdout, until end of input (docs/protocol.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import ServerOptions, add_command


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``serve`` command."""
    add_command(sub, "serve", run, [(ServerOptions, ("cards", "request_timeout", "allow_path"))],
                help="a long-running JSON-RPC 2.0 server on stdin/stdout (docs/protocol.md)",
                description="Read one JSON-RPC 2.0 request per line on stdin and write one response per line on "
                "stdout: the questions (pay, produce, creatures, cost, saddle, crew, attack, plays, cards_check) with "
                "the Python API's keyword names, and board sessions (board.load, board.patch, board.apply, "
                "board.undo, board.copy, board.close, board.get).  Ends with status 0 at end of input.")


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Serve until end of input (nothing is printed afterwards)."""
    from manasolve.cli.common import card_db, configured_cards  # keeps start-up light
    from manasolve.server import main

    main(card_db(args), args.request_timeout, allowed_paths=args.allow_path or (), card_file=configured_cards(args))
    return {}, lambda answer: None
