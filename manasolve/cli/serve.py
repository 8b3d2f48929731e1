"""``manasolve serve`` and ``manasolve mcp [--cards PATH]``: the long-running servers on
stdin/stdout, until end of input: JSON-RPC 2.0 requests, one per line, one response per
line (docs/protocol.md); and the questions as Model Context Protocol tools, for LLM
agents (needs the ``mcp`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Callable

from manasolve.cli.common import ServerOptions, add_command
from manasolve.models.errors import InputError


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``serve`` and ``mcp`` commands."""
    add_command(sub, "serve", _serve, [(ServerOptions, ("cards", "request_timeout", "allow_path"))],
                help="a long-running JSON-RPC 2.0 server on stdin/stdout (docs/protocol.md)",
                description="Read one JSON-RPC 2.0 request per line on stdin and write one response per line on "
                "stdout: the questions (pay, produce, creatures, cost, saddle, crew, attack, plays, cards_check) with "
                "the Python API's keyword names, and board sessions (board.load, board.patch, board.apply, "
                "board.undo, board.copy, board.close, board.get).  Ends with status 0 at end of input.")
    add_command(sub, "mcp", _mcp, [(ServerOptions, ("cards", "request_timeout"))],
                help="a Model Context Protocol server on stdin/stdout: the questions as tools for LLM agents",
                description="Serve the questions (pay, plays, produce, cost, saddle, crew, attack, creatures, audit), "
                "board sessions (board_load, board_patch, board_apply, ...) and a card look-up as MCP tools over "
                "stdio, with the board format and the rules summary as resources.  Needs pip install "
                "\"manasolve[mcp]\".")


def _quiet(answer: dict) -> None:
    """A server's command prints nothing once the server ends."""


def _serve(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Serve JSON-RPC until end of input."""
    from manasolve.cli.common import card_db, configured_cards  # keeps start-up light
    from manasolve.server import main

    main(card_db(args), args.request_timeout, allowed_paths=args.allow_path or (), card_file=configured_cards(args))
    return {}, _quiet


def _mcp(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Serve MCP until the client closes the connection."""
    if importlib.util.find_spec("mcp") is None:
        raise InputError("manasolve mcp", "the MCP SDK is not installed: pip install \"manasolve[mcp]\"")
    from manasolve.cli.common import card_db  # keeps start-up light
    from manasolve.mcp_server import main

    main(card_db(args), args.request_timeout)
    return {}, _quiet
