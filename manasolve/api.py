"""The Python API: one function per CLI command, each one line over `manasolve.questions.ask`
(the one table of questions), returning the command's JSON answer (a dict with the stable
keys of design.md); its keywords are its request type's fields (models/request.py).  A
board is a `Board`, a dict in board format, or a board file's path.  A payment question is
one frozen `PaymentRequest` (what is paid and its `Ask`), or keywords that build one.  Bad
input raises `InputError` (a bad argument: `ParameterError`, ``parameter`` names it).
Every question is answered within its `time_limit` (seconds, default 10; None: no limit);
what it gives past it, and more examples: `manasolve.questions`.
"""

from __future__ import annotations

from typing import Any

from manasolve.models.board import Board, InputError, ParameterError
from manasolve.models.carddb import CardDB
from manasolve.models.request import Alternative, Ask, CastChoice, Mode, PaymentRequest, Zone
from manasolve.questions import as_board, ask, payment_request
from manasolve.solver.deadline import TimeUp

__all__ = ["Alternative", "Ask", "Board", "CastChoice", "InputError", "Mode", "ParameterError", "PaymentRequest",
           "TimeUp", "Zone", "as_board", "attack", "audit", "cards_check", "cost", "creatures", "crew", "pay",
           "payable_many", "payment_request", "plays", "produce", "saddle"]


def pay(board: Board | dict | str, request: str | CastChoice | PaymentRequest | None = None, *,
        db: CardDB | None = None, **fields: Any) -> dict:
    """The ``pay`` answer of a cost string, or of a card's locked total cost, for the asked
    `Mode` (payable, the default; count, all, best with `why`, candidates).  Give a
    `PaymentRequest` alone, or what is paid (a cost string, a `CastChoice`, or
    ``card=NAME`` with its CastChoice fields) and the PaymentRequest and `Ask` fields as
    keywords (models/request.py says what each is).  Counting and listing stop after
    `time_limit` seconds with a lower bound (``count_at_least``).

    >>> board = {"format": "manasolve/board@1", "active_player": "a",
    ...          "players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"},
    ...                                                   {"id": "i", "card": "Island"}]}]}
    >>> pay(board, "{1}{G}")
    {'format': 'manasolve/pay@1', 'cost': '{1}{G}', 'player': 'a', 'payable': True, 'announced': '{1}{G}'}
    >>> pay(board, PaymentRequest("{1}{G}", mode=Mode.COUNT))["count"]
    1
    """
    return ask("pay", board, request, db=db, **fields)


def payable_many(board: Board | dict | str, costs: list[str], *, db: CardDB | None = None, **fields: Any) -> dict:
    """``payable_many``: per cost of `costs`, in order, the ``pay`` answer of mode payable
    without its ``format`` ("which of my cards can I pay?"; keywords as `pay`'s).

    >>> board = {"players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"},
    ...                                                   {"id": "i", "card": "Island"}]}]}
    >>> [a["payable"] for a in payable_many(board, ["{G}", "{1}{U}", "{G}{G}"])["answers"]]
    [True, True, False]
    """
    return ask("payable_many", board, db=db, costs=costs, **fields)


def audit(board: Any, payment: dict, cost: str | CastChoice | PaymentRequest | None = None, *,
          db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve audit``: is `payment` (an engine's, shaped as a pay answer's ``best``) a
    legal payment of what is paid (`pay`'s `PaymentRequest` or keywords), the first rule it
    breaks, and is manasolve's best strictly better (its keep and order).  `board` may
    also be a `manasolve.session.PlayBoard`."""
    return ask("audit", board, payment, db=db, cost=cost, **fields)


def cost(board: Board | dict | str, card: str | CastChoice, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve cost``: the 601.2f breakdown of casting `card` (a CastChoice, or a name
    with its fields as keywords; `flashback`: which instance, default the cheapest payable):
    base, additional, increases, reductions, locked total, mana value, castable now."""
    return ask("cost", board, card, db=db, **fields)


def produce(board: Board | dict | str, id: str | None = None, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve produce``: the mana types each permanent (or only `id`) could produce now;
    `explain`: with ``why``, where each type comes from (``produce --why``)."""
    return ask("produce", board, id, db=db, **fields)


def creatures(board: Board | dict | str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve creatures``: each creature's power, toughness, modified or not (700.9)."""
    return ask("creatures", board, db=db, **fields)


def saddle(board: Board | dict | str, mount: str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve saddle``: the legal sets of creatures to tap for the Mount's Saddle N."""
    return ask("saddle", board, mount, db=db, **fields)


def crew(board: Board | dict | str, vehicle: str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve crew``: the legal sets of creatures to tap for the Vehicle's Crew N."""
    return ask("crew", board, vehicle, db=db, **fields)


def attack(board: Board | dict | str, attackers: list[str], *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve attack``: which attack triggers fire, how the saddle-aware ones resolve."""
    return ask("attack", board, attackers, db=db, **fields)


def plays(board: Board | dict | str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve plays``: every play `player` may start now, with total cost and
    payable; with `count`, the exact payment count of each (past `time_limit`: the plays
    checked so far, a count in progress as ``count_at_least``, the rest ``unchecked``)."""
    return ask("plays", board, db=db, **fields)


def cards_check(path: str, **fields: Any) -> dict:
    """``manasolve cards check``: coverage of the oracle-text parsers on a card file."""
    return ask("cards_check", None, path, **fields)
