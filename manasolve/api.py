"""The Python API: one function per CLI command, each returning the command's JSON answer
(a dict with the stable keys of design.md), each one line over `manasolve.questions.ask`
(the one table of questions: every function's keywords are its request type's fields,
see models/request.py).  Boards may be given as a `Board`, a dict in board format, or a
path to a board file.  A payment question is one frozen `PaymentRequest` (what is paid:
a cost string or a `CastChoice`, by whom, with which cost keywords; what is asked: its
`Ask`, the `Mode`, ...), or keyword shortcuts that build one.  Bad input raises `InputError` (a bad
argument: its subclass `ParameterError`, whose ``parameter`` names the keyword).

Every function answers within its `time_limit` (seconds, default 10; None: no limit):
past it the answer is a sound partial one where the question has one (a count's lower
bound, the best payment found so far, the plays checked so far; each marked
``"time_limit_reached": true``), else `TimeUp` is raised ("gave up after N s").

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
    """The ``pay`` answer of a cost string, or of a card's locked total cost: payable and
    the announcement that works (mode "payable", the default), the exact count (mode
    "count"), the grouped payments (mode "all"), one best payment (mode "best", with
    `why`: the reason it beat the runner-up) or at most `candidates` groups of payments
    ranked by the best order, the best first (mode "candidates", a decision for an agent).  Counting and listing stop after
    `time_limit` seconds (None: never) with a lower bound (``count_at_least``).

    Give a `PaymentRequest` alone, or what is paid (a cost string, a `CastChoice`, or
    ``card=NAME`` with the CastChoice fields: zone, alt, kicker, x, side, flashback,
    optional, targets, ability, fuse) and the PaymentRequest and `Ask` fields as keywords
    (player, convoke, improvise, delve; mode, limit, keep, keep_hand, order, time_limit,
    why, candidates: see models/request.py for each).

    >>> board = {"format": "manasolve/board@1", "active_player": "a",
    ...          "players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"},
    ...                                                   {"id": "i", "card": "Island"}]}]}
    >>> pay(board, "{1}{G}")
    {'format': 'manasolve/pay@1', 'cost': '{1}{G}', 'player': 'a', 'payable': True, 'announced': '{1}{G}'}
    >>> pay(board, "{1}{G}", mode="count")["count"]
    1
    >>> pay(board, PaymentRequest("{1}{G}", mode=Mode.COUNT))["count"]
    1
    """
    return ask("pay", board, request, db=db, **fields)


def payable_many(board: Board | dict | str, costs: list[str], *, db: CardDB | None = None, **fields: Any) -> dict:
    """``payable_many``: whether each of `costs` (cost strings) can be paid on one board,
    in one call (a priority window's "which of my cards can I pay?"): per cost, in order,
    the ``pay`` answer of mode payable without its ``format`` (`player`, `convoke`,
    `improvise`, `delve`, `time_limit` as `pay` takes them).

    >>> board = {"players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"},
    ...                                                   {"id": "i", "card": "Island"}]}]}
    >>> [a["payable"] for a in payable_many(board, ["{G}", "{1}{U}", "{G}{G}"])["answers"]]
    [True, True, False]
    """
    return ask("payable_many", board, db=db, costs=costs, **fields)


def audit(board: Any, payment: dict, cost: str | CastChoice | PaymentRequest | None = None, *,
          db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve audit``: is `payment` (a payment an engine chose, in the shape of a pay
    answer's ``best``) a legal payment of what is paid (the same `PaymentRequest` as
    `pay`'s, or its keywords: a cost, ``card=NAME`` with its cast fields, ...), the first
    rule it breaks, and is manasolve's best payment strictly better by the ``--best``
    criteria (its keep and order).  `board` may also be a `manasolve.session.PlayBoard`."""
    return ask("audit", board, payment, db=db, cost=cost, **fields)


def cost(board: Board | dict | str, card: str | CastChoice, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve cost``: the 601.2f breakdown of casting `card` (a CastChoice, or a
    card name with its fields as keywords; `flashback`: which flashback instance, default
    the cheapest payable; `player`: who casts it): base, additional, increases,
    reductions, locked total, mana value, castable now."""
    return ask("cost", board, card, db=db, **fields)


def produce(board: Board | dict | str, id: str | None = None, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve produce``: the mana types each permanent (or only `id`) could produce now;
    `explain`: with ``why``, where each type comes from (``produce --why``)."""
    return ask("produce", board, id, db=db, **fields)


def creatures(board: Board | dict | str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve creatures``: each creature's power, toughness and whether it is modified
    (700.9); `player`, `id`: only those."""
    return ask("creatures", board, db=db, **fields)


def saddle(board: Board | dict | str, mount: str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve saddle``: the legal sets of creatures to tap for the Mount's Saddle N
    (`player`, `limit`, `all`, `best`)."""
    return ask("saddle", board, mount, db=db, **fields)


def crew(board: Board | dict | str, vehicle: str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve crew``: the legal sets of creatures to tap for the Vehicle's Crew N
    (`player`, `limit`, `all`, `best`)."""
    return ask("crew", board, vehicle, db=db, **fields)


def attack(board: Board | dict | str, attackers: list[str], *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve attack``: which attack triggers fire and how the saddle-aware ones
    resolve (`reveal`, `left`, `copies`)."""
    return ask("attack", board, attackers, db=db, **fields)


def plays(board: Board | dict | str, *, db: CardDB | None = None, **fields: Any) -> dict:
    """``manasolve plays``: every play `player` may start now, with total cost and
    payable; with `count`, the exact payment count of each.  Past `time_limit` seconds
    (the whole answer's) the plays checked so far, a count in progress as
    ``count_at_least``, and the rest under ``unchecked``."""
    return ask("plays", board, db=db, **fields)


def cards_check(path: str, **fields: Any) -> dict:
    """``manasolve cards check``: coverage of the oracle-text parsers on a card file."""
    return ask("cards_check", None, path, **fields)
