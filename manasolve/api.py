"""The Python API: one function per CLI command, each returning the command's JSON answer
(a dict with the stable keys of design.md).  Boards may be given as a `Board`, a dict in
board format, or a path to a board file."""

from __future__ import annotations

from manasolve.models.board import Board, load_board, read_board_file
from manasolve.models.carddb import CardDB


def as_board(board: Board | dict | str, db: CardDB | None = None) -> Board:
    """A validated `Board` from a Board, a board dict, or a board file path."""
    if isinstance(board, Board):
        return board
    if isinstance(board, dict):
        return load_board(board, db)
    return read_board_file(board, db)
