"""The Python API: one function per CLI command, each returning the command's JSON answer
(a dict with the stable keys of design.md).  Boards may be given as a `Board`, a dict in
board format, or a path to a board file.

A Birds of Paradise pays {1} in five ways (one per colour) and {1}{G} in none:

>>> from manasolve import api
>>> board = {"players": [{"name": "alice", "battlefield": [{"id": "birds", "card": "Birds of Paradise"}]}]}
>>> answer = api.pay(board, "{1}", mode="count")
>>> answer["payable"], answer["count"]
(True, 5)
>>> api.pay(board, "{1}{G}", mode="count")["count"]
0
>>> api.produce(board)["permanents"]
{'birds': ['W', 'U', 'B', 'R', 'G']}

With a Forest too, {1}{G} is paid by both, the Birds making any colour (its {G} and the
Forest's are the same payment), and the Birds can add one mana at most:

>>> board["players"][0]["battlefield"].append({"id": "f", "card": "Forest"})
>>> payments = api.pay(board, "{1}{G}", mode="all")["payments"]
>>> sorted(a["produces"] for p in payments for a in p["activations"] if a["permanents"] == ["birds"])
['{B}', '{G}', '{R}', '{U}', '{W}']
>>> api.pay(board, "{2}{G}", mode="count")["payable"]
False
"""

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


def saddle(board: Board | dict | str, mount: str, *, player: str | None = None, limit: int = 20,
           all: bool = False, best: bool = False, db: CardDB | None = None) -> dict:
    """``manasolve saddle``: the legal sets of creatures to tap for the Mount's Saddle N."""
    from manasolve.solver.tapsets import tap_set_answer

    return tap_set_answer(as_board(board, db), mount, "Saddle", player, limit, all, best)


def crew(board: Board | dict | str, vehicle: str, *, player: str | None = None, limit: int = 20,
         all: bool = False, best: bool = False, db: CardDB | None = None) -> dict:
    """``manasolve crew``: the legal sets of creatures to tap for the Vehicle's Crew N."""
    from manasolve.solver.tapsets import tap_set_answer

    return tap_set_answer(as_board(board, db), vehicle, "Crew", player, limit, all, best)


def pay(board: Board | dict | str, cost: str | None = None, *, card: str | None = None, player: str | None = None,
        mode: str = "count", limit: int | None = 50, x: int = 0, zone: str = "hand", alt: str | None = None,
        kicker: int = 0, side: int = 0, convoke: bool = False, improvise: bool = False, delve: bool = False,
        keep: list[str] | None = None,
        keep_hand: bool = False, order: str | list[str] | None = None, db: CardDB | None = None) -> dict:
    """The ``pay`` answer: payable, exact count, grouped payments (mode "all") or one best
    payment (mode "best") of a cost string, or of a card's locked total cost.  With mode
    "best": `keep` costs (and with `keep_hand` the other cards in hand) stay payable where
    possible; `order` lists the criteria (see manasolve.solver.best)."""
    from manasolve.solver.pay import pay_cost_or_card

    return pay_cost_or_card(as_board(board, db), cost=cost, card=card, player=player, mode=mode, limit=limit,
                            x=x, zone=zone, alt=alt, kicker=kicker, side=side, convoke=convoke, improvise=improvise,
                            delve=delve, keep=keep, keep_hand=keep_hand, order=order)


def produce(board: Board | dict | str, id: str | None = None, *, db: CardDB | None = None) -> dict:
    """``manasolve produce``: the mana types each permanent (or only `id`) could produce now."""
    from manasolve.solver.produce import produce_answer

    return produce_answer(as_board(board, db), id)


def creatures(board: Board | dict | str, *, player: str | None = None, id: str | None = None,
              db: CardDB | None = None) -> dict:
    """``manasolve creatures``: each creature's power, toughness and whether it is modified (700.9)."""
    from manasolve.solver.creatures import creatures_answer

    return creatures_answer(as_board(board, db), player, id)


def attack(board: Board | dict | str, attackers: list[str], *, reveal: dict[str, str] | None = None,
           left: list[str] | None = None, copies: dict[str, str] | None = None, db: CardDB | None = None) -> dict:
    """``manasolve attack``: which attack triggers fire and how the saddle-aware ones resolve."""
    from manasolve.solver.combat import attack_answer

    return attack_answer(as_board(board, db), attackers, reveal, left, copies)


def cards_check(path: str) -> dict:
    """``manasolve cards check``: coverage of the oracle-text parsers on a card file."""
    from manasolve.models.coverage import coverage_report
    from manasolve.models.loaders import load_card_file

    return coverage_report(load_card_file(path).values())


def cost(board: Board | dict | str, card: str, *, zone: str = "hand", alt: str | None = None, x: int = 0,
         kicker: int = 0, side: int = 0, player: str | None = None, db: CardDB | None = None) -> dict:
    """``manasolve cost``: the 601.2f breakdown of casting `card` from `zone` (base,
    additional, increases, reductions, locked total, mana value, castable now); `side`
    picks the side of an "A or B" additional cost."""
    from manasolve.solver.total_cost import total_cost

    return total_cost(as_board(board, db), player, card, zone=zone, alt=alt, x=x, kicker=kicker, side=side).answer()


def plays(board: Board | dict | str, *, player: str | None = None, db: CardDB | None = None) -> dict:
    """``manasolve plays``: every play `player` may start now, with total cost, payable, count."""
    from manasolve.solver.plays import plays_answer

    return plays_answer(as_board(board, db), player)
