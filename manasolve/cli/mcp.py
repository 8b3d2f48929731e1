"""``manasolve mcp [--cards PATH]``: the questions as Model Context Protocol tools over
stdin/stdout, for LLM agents (needs the ``mcp`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Callable

from manasolve.cli.common import ServerOptions, add_command
from manasolve.models.errors import InputError


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``mcp`` command."""
    add_command(sub, "mcp", run, [(ServerOptions, ("cards", "request_timeout"))],
                help="a Model Context Protocol server on stdin/stdout: the questions as tools for LLM agents",
                description="Serve the questions (pay, plays, produce, cost, saddle, crew, attack, creatures, audit), "
                "board sessions (board_load, board_patch, board_apply, ...) and a card look-up as MCP tools over "
                "stdio, with the board format and the rules summary as resources.  Needs pip install "
                "\"manasolve[mcp]\".")


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Serve until the client closes the connection (nothing is printed afterwards)."""
    if importlib.util.find_spec("mcp") is None:
        raise InputError("manasolve mcp", "the MCP SDK is not installed: pip install \"manasolve[mcp]\"")
    from manasolve.cli.common import card_db  # keeps start-up light
    from manasolve.mcp_server import main

    main(card_db(args), args.request_timeout)
    return {}, lambda answer: None
