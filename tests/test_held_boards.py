"""The board owns what is derived from it (`Board.analyses`), and the API keeps the
boards asked about last (`models.board.held_board`): the same board JSON asked about
again is the same `Board`, with its analysis, and never a board of other JSON."""

from __future__ import annotations

import copy
import dataclasses
import re

import pytest

from manasolve import api
from manasolve.models.board import HELD_BOARDS, InputError, held_board, load_board
from manasolve.solver import production

BOARD = {"players": [{"name": "a", "battlefield": [{"id": "f1", "card": "Forest"}, {"id": "t1", "card": "Tundra"}]}]}


def test_the_same_json_is_the_same_board_with_its_analysis():
    first = api.as_board(copy.deepcopy(BOARD))
    assert api.pay(copy.deepcopy(BOARD), "{G}{W}")["payable"]
    again = api.as_board(copy.deepcopy(BOARD))
    assert again is first and again.analyses.production is not None and again.analyses.resources


def test_other_json_is_another_board():
    board = copy.deepcopy(BOARD)
    first = held_board(board)
    board["players"][0]["battlefield"][0]["tapped"] = True  # the caller's dict changed after the call
    changed = held_board(board)
    assert changed is not first and changed.get("f1").tapped and not first.get("f1").tapped
    assert not api.pay(board, "{G}{W}")["payable"]


@pytest.mark.parametrize(("value", "words"), [
    (("f1",), "players[0].battlefield[1].saddled_by: must be a list"),  # a tuple is not a list
    (1, "players[0].battlefield[1].tapped: must be true or false (got 1)"),  # 1 is not true
])
def test_json_written_alike_but_of_other_types_is_still_an_error(value, words):
    good = copy.deepcopy(BOARD)
    field = "saddled_by" if isinstance(value, tuple) else "tapped"
    good["players"][0]["battlefield"][1][field] = list(value) if isinstance(value, tuple) else True
    held_board(good)
    bad = copy.deepcopy(good)
    bad["players"][0]["battlefield"][1][field] = value
    with pytest.raises(InputError, match="^" + re.escape(words)):
        held_board(bad)


def test_only_the_latest_boards_are_kept():
    boards = [{"players": [{"name": "a", "life": life}]} for life in range(HELD_BOARDS + 1)]
    first = held_board(boards[0])
    for board in boards[1:]:
        held_board(board)
    assert held_board(copy.deepcopy(boards[0])) is not first


def test_a_board_made_from_another_starts_without_its_analysis():
    board = load_board(BOARD)
    assert production.analyse(board) is board.analyses.production
    other = dataclasses.replace(board)  # e.g. solver/plays.py's board with one permanent tapped
    assert other.analyses is not board.analyses and other.analyses.production is None
