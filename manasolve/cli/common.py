"""Options and helpers shared by the commands."""

from __future__ import annotations

import argparse

from manasolve.models.board import Board, read_board_file
from manasolve.models.carddb import CardDB, default_db


def add_board_args(p: argparse.ArgumentParser) -> None:
    """BOARD, ``--cards PATH`` and ``--json``, common to every board command."""
    p.add_argument("board", metavar="BOARD", help="board file (manasolve/board@1 JSON)")
    p.add_argument("--cards", metavar="PATH", help="card database: MTGJSON AtomicCards, Scryfall bulk, or a list of MTGJSON cards (.json or .json.gz)")
    p.add_argument("--json", action="store_true", help="print the exact JSON answer")


def card_db(args: argparse.Namespace) -> CardDB:
    """The built-in cards, with ``--cards PATH`` looked up first when given."""
    db = default_db()
    if getattr(args, "cards", None):
        from manasolve.models.loaders import load_card_file

        db = db.with_layer_first(load_card_file(args.cards))
    return db


def board_from_args(args: argparse.Namespace) -> Board:
    """The validated board named on the command line (InputError on bad input)."""
    return read_board_file(args.board, card_db(args))
