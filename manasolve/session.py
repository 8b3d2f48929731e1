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

The board is held as its ``manasolve/board@1`` JSON (`to_json`); every change makes a new
JSON value and keeps the one before for `undo`, so history costs one board per change.
A change is cheap: the resolved board after it is derived from the one before
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

import orjson

from manasolve.card_settings import card_db
from manasolve.models.board_edits import apply_op
from manasolve.models.board_changes import derive
from manasolve.models.board_schema import parse_json
from manasolve.models.board import Board, InputError, board_file_text, load_board
from manasolve.models.carddb import CardDB
from manasolve.models.request import CastChoice, PaymentRequest
from manasolve.questions import ask

# How many of the latest changes keep the resolved board from before them (with the
# solver's analysis of it) for `undo`; older ones keep only the JSON, resolved again if
# undone to, so a long game's history holds no more than this many resolved boards.
KEEP_RESOLVED = 8


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
        self._data: dict = copy.deepcopy(data)
        self._resolved: Board | None = resolved
        self._history: list[tuple[dict, Board | None]] = []  # (board JSON, resolved or None) before each change

    # -- the board -------------------------------------------------------------------
    @property
    def resolved(self) -> Board:
        """The validated, resolved board the questions are asked of (built once per change;
        kept for undo, see `KEEP_RESOLVED`)."""
        if self._resolved is None:
            self._resolved = load_board(self._data, self.db)
        return self._resolved

    def to_json(self) -> dict:
        """The board as ``manasolve/board@1`` JSON (a copy)."""
        return copy.deepcopy(self._data)

    def copy(self) -> PlayBoard:
        """An independent board with the same position and the same undo history."""
        other = PlayBoard.__new__(PlayBoard)
        other.db, other._data, other._resolved = self.db, self._data, self._resolved
        other._history = list(self._history)  # snapshots are never changed in place
        return other

    @property
    def history_length(self) -> int:
        """How many changes `undo` can take back."""
        return len(self._history)

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

    # -- changes ---------------------------------------------------------------------
    def patch(self, ops: list[dict]) -> None:
        """Apply patch operations in order, all or nothing (InputError naming
        ``ops[i]...`` on the first bad one).  See `manasolve.models.board_edits.OPS`: tap,
        untap, untap_all, set, counters, move, life, energy, mana_pool, set_player,
        step, active_player, priority_player, stack_empty."""
        if not isinstance(ops, list):
            raise InputError("ops", "a list of operations, e.g. [{\"op\": \"tap\", \"id\": \"f1\"}]")
        data = _copy_json(self._data)
        for i, op in enumerate(ops):
            apply_op(data, op, "ops[%d]" % i, self.db)
        self._commit(data, "ops")

    def apply(self, payment: dict, player: str | None = None) -> dict:
        """Carry out a payment: the ``best`` object of a ``pay`` answer, one of its
        ``payments`` groups, or the whole answer (its ``best``, for its ``player``).
        Returns what it did (see `manasolve.payment_apply.apply_payment`); the board
        is unchanged on InputError."""
        from manasolve.payment_apply import apply_payment  # keeps start-up light

        data = _copy_json(self._data)
        done = apply_payment(data, self.resolved, payment, player)
        self._commit(data, "payment")
        return done

    def undo(self) -> None:
        """Take back the last change (apply or patch); InputError if there is none."""
        if not self._history:
            raise InputError("undo", "nothing to undo")
        self._data, self._resolved = self._history.pop()

    def _commit(self, data: dict, where: str) -> None:
        try:
            resolved = (self._resolved is not None and derive(self._resolved, self._data, data)) \
                or load_board(data, self.db)
        except InputError as exc:  # the change made a board that is not valid
            raise InputError(where, "the board after it is not valid: %s" % exc.line()) from None
        self._history.append((self._data, self._resolved))
        if len(self._history) > KEEP_RESOLVED:  # the resolved board of an older change: resolved again if undone to
            older = len(self._history) - KEEP_RESOLVED - 1
            self._history[older] = (self._history[older][0], None)
        self._data, self._resolved = data, resolved


def _copy_json(data: dict) -> dict:
    """A deep copy of board JSON (through orjson: several times faster than
    copy.deepcopy; copy.deepcopy for what orjson does not write, e.g. integers beyond 64 bits)."""
    try:
        return orjson.loads(orjson.dumps(data))
    except TypeError:  # orjson.JSONEncodeError
        return copy.deepcopy(data)


def open_board(board: dict | str, cards: str | None = None) -> PlayBoard:
    """A `PlayBoard` from a board dict or file; `cards`: a card database file looked up
    before the built-in cards (default: the one set by ``MANASOLVE_CARDS`` or the config)."""
    return PlayBoard(board, card_db(cards))
