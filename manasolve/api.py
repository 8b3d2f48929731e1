"""The Python API: one function per CLI command, each returning the command's JSON answer
(a dict with the stable keys of design.md).  Boards may be given as a `Board`, a dict in
board format, or a path to a board file.  A payment question is one frozen
`PaymentRequest` (what is paid: a cost string or a `CastChoice`; what is asked: the
`Mode`, ...), or keyword shortcuts that build one.  Bad input raises `InputError` (a bad
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

from contextlib import AbstractContextManager

from manasolve.answer_format import names_format
from manasolve.card_settings import cache_dir, card_db
from manasolve.models.board import Board, InputError, ParameterError, held_board, read_board_file
from manasolve.models.carddb import CardDB
from manasolve.models.request import (
    DEFAULT_CANDIDATES,
    DEFAULT_TIME_LIMIT,
    Alternative,
    CastChoice,
    Mode,
    PaymentRequest,
    Zone,
    check_time_limit,
)
from manasolve.solver import deadline
from manasolve.solver.deadline import TimeUp

__all__ = ["Alternative", "Board", "CastChoice", "InputError", "Mode", "ParameterError", "PaymentRequest", "TimeUp", "Zone",
           "as_board", "attack", "audit", "cards_check", "cost", "creatures", "crew", "pay", "payment_request", "plays", "produce", "saddle"]


def _within(time_limit: float | None) -> AbstractContextManager[None]:
    """The question's time limit (ParameterError for a bad one): see solver/deadline.py."""
    check_time_limit(time_limit)
    return deadline.time_limit(time_limit)


def as_board(board: Board | dict | str, db: CardDB | None = None) -> Board:
    """A validated `Board` from a Board, a board dict, or a board file path (`db`: default
    the card setting's, `card_settings.card_db`)."""
    if isinstance(board, Board):
        return board
    if isinstance(board, dict):
        return held_board(board, db or card_db())
    return read_board_file(board, db or card_db())


@names_format("saddle")
def saddle(board: Board | dict | str, mount: str, *, player: str | None = None, limit: int = 20,
           all: bool = False, best: bool = False, time_limit: float | None = DEFAULT_TIME_LIMIT,
           db: CardDB | None = None) -> dict:
    """``manasolve saddle``: the legal sets of creatures to tap for the Mount's Saddle N."""
    from manasolve.answers import tap_sets_json
    from manasolve.solver.tapsets import tap_sets

    with _within(time_limit):
        return tap_sets_json(tap_sets(as_board(board, db), mount, "Saddle", player, limit, all, best))


@names_format("crew")
def crew(board: Board | dict | str, vehicle: str, *, player: str | None = None, limit: int = 20,
         all: bool = False, best: bool = False, time_limit: float | None = DEFAULT_TIME_LIMIT,
         db: CardDB | None = None) -> dict:
    """``manasolve crew``: the legal sets of creatures to tap for the Vehicle's Crew N."""
    from manasolve.answers import tap_sets_json
    from manasolve.solver.tapsets import tap_sets

    with _within(time_limit):
        return tap_sets_json(tap_sets(as_board(board, db), vehicle, "Crew", player, limit, all, best))


@names_format("pay")
def pay(board: Board | dict | str, cost: str | CastChoice | PaymentRequest | None = None, *,
        card: str | None = None, player: str | None = None, mode: str = "payable", limit: int | None = 50,
        x: int = 0, zone: str | None = None, alt: str | None = None, kicker: int = 0, side: int = 0,
        flashback: int | None = None, optional: list[int] | None = None, targets: int = 1,
        ability: str | None = None, fuse: bool = False, convoke: bool = False, improvise: bool = False, delve: bool = False,
        keep: list[str] | None = None, keep_hand: bool = False, order: str | list[str] | None = None,
        time_limit: float | None = DEFAULT_TIME_LIMIT, why: bool = False, candidates: int = DEFAULT_CANDIDATES,
        db: CardDB | None = None) -> dict:
    """The ``pay`` answer of a cost string, or of a card's locked total cost: payable and
    the announcement that works (mode "payable", the default), the exact count (mode
    "count"), the grouped payments (mode "all"), one best payment (mode "best", with
    `why`: the reason it beat the runner-up) or at most `candidates` groups of payments
    ranked by the best order, the best first (mode "candidates", a decision for an agent).  Counting and listing stop after
    `time_limit` seconds (None: never) with a lower bound (``count_at_least``).

    Give a `PaymentRequest` alone, or what is paid (a cost string, a `CastChoice`, or
    ``card=NAME`` with the CastChoice keywords zone, alt, kicker, x, side, flashback,
    optional, targets, ability, fuse) and
    the other PaymentRequest fields as keywords (see models/request.py for each).

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
    from manasolve.answers import pay_json
    from manasolve.solver.pay import pay_request

    given = {k: v for k, v in (
        ("player", player), ("mode", mode), ("limit", limit), ("x", x), ("zone", zone), ("alt", alt),
        ("kicker", kicker), ("side", side), ("flashback", flashback), ("optional", optional), ("targets", targets),
        ("ability", ability), ("fuse", fuse), ("convoke", convoke),
        ("improvise", improvise), ("delve", delve), ("keep", tuple(keep or ())), ("keep_hand", keep_hand),
        ("order", order), ("time_limit", time_limit), ("why", why), ("candidates", candidates))
        if v != _PAY_DEFAULTS[k]}
    return pay_json(pay_request(as_board(board, db), payment_request(cost, card, **given)))


# pay's keyword defaults: a keyword left at its default is not "given".
_PAY_DEFAULTS = {"time_limit": DEFAULT_TIME_LIMIT, "why": False, "player": None, "mode": "payable", "limit": 50, "x": 0, "zone": None, "alt": None, "kicker": 0,
                 "side": 0, "flashback": None, "optional": None, "targets": 1, "ability": None, "fuse": False, "convoke": False, "improvise": False, "delve": False, "keep": (),
                 "keep_hand": False, "order": None, "candidates": DEFAULT_CANDIDATES}
_CAST_FIELDS = ("zone", "alt", "kicker", "side", "flashback", "optional", "targets", "ability", "fuse")


def payment_request(cost: str | CastChoice | PaymentRequest | None = None, card: str | None = None,
                    **given) -> PaymentRequest:
    """The PaymentRequest that `pay`'s arguments describe: `cost` alone if it is one;
    else what is paid (`cost`, or `card` with the CastChoice fields among `given`) and
    the PaymentRequest fields among `given`.  ParameterError if they describe none (both
    or neither of cost and card, keywords beside a PaymentRequest, cast keywords for a
    cost string)."""
    if isinstance(cost, PaymentRequest):
        if card is not None or given:
            raise ParameterError("cost", "give a PaymentRequest alone, or what is paid with keywords")
        return cost
    if (cost is None) == (card is None):
        raise ParameterError("cost/card", "give exactly one of cost (a cost string or a CastChoice) or card (a name)")
    if card is not None:
        cost = CastChoice(card, **{k: given.pop(k) for k in _CAST_FIELDS + ("x",) if k in given})
    elif any(k in given for k in _CAST_FIELDS):
        raise ParameterError(next(k for k in _CAST_FIELDS if k in given), "applies to a card cast (card=NAME)")
    return PaymentRequest(cost, **given)


@names_format("produce")
def produce(board: Board | dict | str, id: str | None = None, *, explain: bool = False,
            time_limit: float | None = DEFAULT_TIME_LIMIT, db: CardDB | None = None) -> dict:
    """``manasolve produce``: the mana types each permanent (or only `id`) could produce now;
    `explain`: with ``why``, where each type comes from (``produce --why``)."""
    from manasolve.answers import produce_json, produce_why_json
    from manasolve.solver.produce import production

    with _within(time_limit):
        b = as_board(board, db)
        answer = produce_json(production(b, id))
        if explain:
            from manasolve.solver.could_graph import explain as why  # networkx: only for this question

            answer = produce_why_json(answer, why(b, list(answer["permanents"])))
        return answer


@names_format("creatures")
def creatures(board: Board | dict | str, *, player: str | None = None, id: str | None = None,
              time_limit: float | None = DEFAULT_TIME_LIMIT, db: CardDB | None = None) -> dict:
    """``manasolve creatures``: each creature's power, toughness and whether it is modified (700.9)."""
    from manasolve.answers import creatures_json
    from manasolve.solver.creatures import creatures as creatures_now

    with _within(time_limit):
        return creatures_json(creatures_now(as_board(board, db), player, id))


@names_format("attack")
def attack(board: Board | dict | str, attackers: list[str], *, reveal: dict[str, str] | None = None,
           left: list[str] | None = None, copies: dict[str, str] | None = None,
           time_limit: float | None = DEFAULT_TIME_LIMIT, db: CardDB | None = None) -> dict:
    """``manasolve attack``: which attack triggers fire and how the saddle-aware ones resolve."""
    from manasolve.answers import attack_json
    from manasolve.solver.combat import attack_answer

    with _within(time_limit):
        return attack_json(attack_answer(as_board(board, db), attackers, reveal, left, copies))


@names_format("cards_check")
def cards_check(path: str, *, time_limit: float | None = DEFAULT_TIME_LIMIT) -> dict:
    """``manasolve cards check``: coverage of the oracle-text parsers on a card file."""
    from manasolve.models.coverage import coverage_report
    from manasolve.models.loaders import load_card_file

    with _within(time_limit):
        return coverage_report(deadline.checked(load_card_file(path, cache_dir()).values()))


@names_format("cost")
def cost(board: Board | dict | str, card: str | CastChoice, *, zone: str | None = None, alt: str | None = None,
         x: int = 0, kicker: int = 0, side: int = 0, flashback: int | None = None, optional: list[int] | None = None,
         targets: int = 1, ability: str | None = None, fuse: bool = False, player: str | None = None,
         time_limit: float | None = DEFAULT_TIME_LIMIT, db: CardDB | None = None) -> dict:
    """``manasolve cost``: the 601.2f breakdown of casting `card` (a CastChoice, or a
    card name with its fields as keywords; `flashback`: which flashback instance, default
    the cheapest payable): base, additional, increases, reductions, locked total, mana
    value, castable now."""
    from manasolve.answers import cost_json
    from manasolve.solver.total_cost import total_cost

    if not isinstance(card, CastChoice):
        card = CastChoice(card, zone, alt, kicker, x, side, flashback, optional, targets, ability, fuse)
    elif (zone, alt, x, kicker, side, flashback, optional, targets, ability, fuse) != (
            None, None, 0, 0, 0, None, None, 1, None, False):
        raise ParameterError("card", "give a CastChoice alone, or a card name with keywords")
    with _within(time_limit):
        return cost_json(total_cost(as_board(board, db), player, card))


@names_format("plays")
def plays(board: Board | dict | str, *, player: str | None = None, count: bool = False,
          time_limit: float | None = DEFAULT_TIME_LIMIT, db: CardDB | None = None) -> dict:
    """``manasolve plays``: every play `player` may start now, with total cost and
    payable; with `count`, the exact payment count of each.  Past `time_limit` seconds
    (the whole answer's) the plays checked so far, a count in progress as
    ``count_at_least``, and the rest under ``unchecked``."""
    from manasolve.answers import plays_json
    from manasolve.solver.plays import plays_answer

    with _within(time_limit):
        return plays_json(plays_answer(as_board(board, db), player, count, time_limit))


@names_format("audit")
def audit(board: Board | dict | str, payment: dict, cost: str | None = None, *, card: str | None = None,
          player: str | None = None, x: int = 0, zone: str | None = None, alt: str | None = None, kicker: int = 0,
          side: int = 0, convoke: bool = False, improvise: bool = False, delve: bool = False,
          keep: list[str] | None = None, keep_hand: bool = False, order: str | list[str] | None = None,
          time_limit: float | None = DEFAULT_TIME_LIMIT, db: CardDB | None = None) -> dict:
    """``manasolve audit``: is `payment` (a payment an engine chose, in the shape of a pay
    answer's ``best``) a legal payment of `cost` (or `card`'s total), the first rule it
    breaks, and is manasolve's best payment strictly better by the ``--best`` criteria.
    `board` may also be a `manasolve.session.PlayBoard`."""
    from manasolve.audit import audit_payment
    from manasolve.session import PlayBoard

    if not isinstance(board, PlayBoard):
        if isinstance(board, Board):
            raise TypeError("audit needs the board as JSON (a dict or a file) or a PlayBoard, not a resolved Board")
        board = PlayBoard(board, db)
    with _within(time_limit):
        return audit_payment(board, payment, cost, card=card, player=player, x=x, zone=zone, alt=alt, kicker=kicker,
                             side=side, convoke=convoke, improvise=improvise, delve=delve, keep=keep,
                             keep_hand=keep_hand, order=order)
