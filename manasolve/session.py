"""A board you can play on, in the spirit of python-chess's ``Board``: ask the questions
of `manasolve.api` about it (through `manasolve.questions.ask`), apply a payment, patch it, undo, copy.

    >>> from manasolve import open_board
    >>> b = open_board({"players": [{"name": "a", "battlefield": [
    ...     {"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"}]}]})
    >>> b.pay("{G}", mode="count")["count"]
    2
    >>> done = b.apply(b.best("{G}")["best"])
    >>> done["tapped"], b.pay("{G}{G}")["payable"]
    (['f1'], False)
    >>> b.undo(); b.pay("{G}{G}")["payable"]
    True

The board is a `manasolve.solver.position.Position` (the core: `push` a typed payment or
patch, `pop` it); this class translates JSON to its typed changes and back.  The board is
held as its ``manasolve/board@1`` JSON (`to_json`); every change makes a new JSON value
and keeps the one before for `undo`, so history costs one board per change.  A change is
cheap: the resolved board after it is derived from the one before
(`manasolve.models.board_changes.derive`), rebuilding only the permanents and players the
change touched (a tap rebuilds one permanent; no card is read again), and the solver's
analysis of the board before (could-produce, mana abilities, each permanent's roles,
classes, the models built from them) is carried over for what the change does not touch;
a change `derive` does not cover (a card's types, attachments, ...) resolves the whole
board again.  The last `KEEP_RESOLVED` changes keep the resolved board from before them,
so `undo` (an AI trying a payment and taking it back) finds its analysis still built.
"""

from __future__ import annotations

import copy
from typing import Any

from manasolve.card_settings import card_db
from manasolve.models.board_edits import BoardEdit, edit_from_json
from manasolve.models.board_schema import parse_json
from manasolve.models.board import Board, InputError, board_file_text, load_board
from manasolve.models.carddb import CardDB
from manasolve.models.request import CastChoice, PaymentRequest
from manasolve.answers import done_json
from manasolve.payment_apply import payment_from_json
from manasolve.questions import ask
from manasolve.solver.position import KEEP_RESOLVED, Position

__all__ = ["KEEP_RESOLVED", "PlayBoard", "open_board"]


class PlayBoard:
    """A board with a history: questions (`pay`, `best`, `payable`, `payable_many`, `produce`, `cost`,
    `plays`, `saddle`, `crew`, `attack`), changes (`apply`, `patch`) and `undo`."""

    def __init__(self, board: dict | str, db: CardDB | None = None):
        """`board`: a board dict or the path of a board file; `db`: the card database
        (default: the built-in cards).  InputError on a bad board."""
        self.db = db or card_db()
        if isinstance(board, str):
            text = board_file_text(board)
            resolved = load_board(text, self.db, source=board)
            data = parse_json(text, board)
            assert isinstance(data, dict)  # load_board read it as a board object
        else:
            resolved, data = load_board(board, self.db), board
        self.position = Position(copy.deepcopy(data), self.db, resolved)

    # -- the board -------------------------------------------------------------------
    @property
    def resolved(self) -> Board:
        """The validated, resolved board the questions are asked of (built once per change;
        kept for undo, see `KEEP_RESOLVED`)."""
        return self.position.resolved

    def to_json(self) -> dict:
        """The board as ``manasolve/board@1`` JSON (a copy)."""
        return copy.deepcopy(self.position.data)

    def copy(self) -> PlayBoard:
        """An independent board with the same position and the same undo history."""
        other = PlayBoard.__new__(PlayBoard)
        other.db, other.position = self.db, self.position.copy()
        return other

    @property
    def history_length(self) -> int:
        """How many changes `undo` can take back."""
        return self.position.depth

    # -- questions (manasolve.questions.ask; the keywords of manasolve.api) ------------
    def pay(self, cost: str | CastChoice | PaymentRequest | None = None, **kw: Any) -> dict:
        """`api.pay` on this board (a PaymentRequest, or keywords as there: card, mode, player, keep, ...)."""
        return ask("pay", self.resolved, cost, db=self.db, **kw)

    def best(self, cost: str | None = None, **kw: Any) -> dict:
        """The ``pay`` answer with ``mode="best"``: its ``best`` is what `apply` takes."""
        return self.pay(cost, mode="best", **kw)

    def payable(self, cost: str | None = None, **kw: Any) -> bool:
        """Whether the cost (or ``card=``'s total cost) can be paid now (``mode="payable"``)."""
        return self.pay(cost, mode="payable", **kw)["payable"]

    def payable_many(self, costs: list[str], **kw: Any) -> dict:
        """`api.payable_many` on this board: each cost's payable answer, in one call."""
        return ask("payable_many", self.resolved, db=self.db, costs=costs, **kw)

    def produce(self, id: str | None = None) -> dict:
        """`api.produce`: the mana types each permanent could produce now."""
        return ask("produce", self.resolved, id, db=self.db)

    def cost(self, card: str | CastChoice, **kw: Any) -> dict:
        """`api.cost`: the 601.2f breakdown of casting `card`."""
        return ask("cost", self.resolved, card, db=self.db, **kw)

    def plays(self, **kw: Any) -> dict:
        """`api.plays`: every legal play now."""
        return ask("plays", self.resolved, db=self.db, **kw)

    def saddle(self, mount: str, **kw: Any) -> dict:
        """`api.saddle`: the sets of creatures that can saddle `mount`."""
        return ask("saddle", self.resolved, mount, db=self.db, **kw)

    def crew(self, vehicle: str, **kw: Any) -> dict:
        """`api.crew`: the sets of creatures that can crew `vehicle`."""
        return ask("crew", self.resolved, vehicle, db=self.db, **kw)

    def attack(self, attackers: list[str], **kw: Any) -> dict:
        """`api.attack`: the attack triggers of `attackers`."""
        return ask("attack", self.resolved, attackers, db=self.db, **kw)

    # -- changes (JSON translated to the position's typed changes) ----------------------
    def patch(self, ops: list[dict]) -> None:
        """Apply patch operations in order, all or nothing (InputError naming
        ``ops[i]...`` on the first bad one).  See `manasolve.models.board_edits.OPS`: tap,
        untap, untap_all, set, counters, move, life, energy, mana_pool, set_player,
        step, active_player, priority_player, stack_empty."""
        if not isinstance(ops, list):
            raise InputError("ops", "a list of operations, e.g. [{\"op\": \"tap\", \"id\": \"f1\"}]")
        edits: list[BoardEdit] = []
        for i, op in enumerate(ops):
            try:
                edits.append(edit_from_json(op, "ops[%d]" % i))
            except InputError:
                self.position.check(edits)  # the operations before it are applied first: their error comes first
                raise
        self.position.push(edits)

    def apply(self, payment: dict, player: str | None = None) -> dict:
        """Carry out a payment: the ``best`` object of a ``pay`` answer, one of its
        ``payments`` groups, or the whole answer (its ``best``, for its ``player``).
        Returns what it did (see `manasolve.answers.done_json`); the board
        is unchanged on InputError."""
        typed, player = payment_from_json(payment, player)
        done = self.position.push(typed, player)
        assert done is not None
        return done_json(done)

    def undo(self) -> None:
        """Take back the last change (apply or patch); InputError if there is none."""
        self.position.pop()


def open_board(board: dict | str, cards: str | None = None) -> PlayBoard:
    """A `PlayBoard` from a board dict or file; `cards`: a card database file looked up
    before the built-in cards (default: the one set by ``MANASOLVE_CARDS`` or the config)."""
    return PlayBoard(board, card_db(cards))
