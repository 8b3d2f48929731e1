"""A board that changes and takes changes back, in python-chess's spirit (`Board.push` /
`Board.pop`): the core under `manasolve.session.PlayBoard`, which only translates JSON.

A `Position` holds the board as its ``manasolve/board@1`` JSON and the resolved `Board`
the questions are asked of.  `push` carries out a change, a typed payment
(`manasolve.models.payment.PaymentIn`, carried out by `manasolve.solver.carry_out`) or a
patch (a sequence of `manasolve.models.board_edits.BoardEdit`), all or nothing; `pop`
takes the last one back exactly: the JSON before it and, for the last `KEEP_RESOLVED`
changes, the very resolved board before it with the solver's analysis of it.

A change is cheap: the resolved board after it is derived from the one before
(`manasolve.models.board_changes.derive`), rebuilding only the permanents and players the
change touched; a change `derive` does not cover resolves the whole board again.  A patch
of taps and untaps alone (the priority window's change) is cheaper still: its JSON copies
only the objects on the way to each changed entry (no board JSON is changed in place once
held, so the rest is shared with the JSON before) and its board is `retapped`, neither
compared nor validated (a bool is a valid ``tapped``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import orjson

from manasolve.models.board import Board, InputError, load_board
from manasolve.models.board_changes import derive, retapped
from manasolve.models.board_edits import BoardEdit, EditKind
from manasolve.models.carddb import CardDB
from manasolve.models.payment import PaymentIn
from manasolve.solver.carry_out import PaymentDone, carry_out

# How many of the latest changes keep the resolved board from before them (with the
# solver's analysis of it) for `pop`; older ones keep only the JSON, resolved again if
# popped to, so a long game's history holds no more than this many resolved boards.
KEEP_RESOLVED = 8


class Position:
    """A board (JSON and resolved) with a stack of the boards before each change."""

    def __init__(self, data: dict, db: CardDB, resolved: Board | None = None) -> None:
        """`data`: valid board JSON (held as given: the caller hands over a copy);
        `resolved`: the board it resolves to with `db`, if already built."""
        self.db = db
        self.data = data
        self._resolved = resolved
        self._stack: list[tuple[dict, Board | None]] = []  # (board JSON, resolved or None) before each change

    @property
    def resolved(self) -> Board:
        """The resolved board (built once per change; kept for `pop`, see `KEEP_RESOLVED`)."""
        if self._resolved is None:
            self._resolved = load_board(self.data, self.db)
        return self._resolved

    @property
    def depth(self) -> int:
        """How many changes `pop` can take back."""
        return len(self._stack)

    def copy(self) -> Position:
        """An independent position with the same board and the same changes to pop."""
        other = Position(self.data, self.db, self._resolved)
        other._stack = list(self._stack)  # snapshots are never changed in place
        return other

    def push(self, change: PaymentIn | Sequence[BoardEdit], player: str | None = None) -> PaymentDone | None:
        """Carry out `change`: a payment for `player` (None: the active player; what it
        did is returned) or a patch's edits in order (None returned).  All or nothing:
        on InputError (naming ``payment...`` or ``ops[i]...``, or the board after the
        change if it is not valid) the position is unchanged."""
        if not isinstance(change, PaymentIn):
            taps = _taps(change)
            tapped = _tapped_json(self.data, taps) if taps is not None else None
            if taps is not None and tapped is not None:
                self._stack.append((self.data, self._resolved))
                self._trim()
                self.data = tapped
                self._resolved = retapped(self._resolved, taps) if self._resolved is not None else None
                return None
        data = _copy_json(self.data)
        if isinstance(change, PaymentIn):
            done = carry_out(data, self.resolved, change, player)
            self._commit(data, "payment")
            return done
        apply_edits(data, change, self.db)
        self._commit(data, "ops")
        return None

    def check(self, edits: Sequence[BoardEdit]) -> None:
        """InputError as `push` would raise it for `edits`; the position is unchanged."""
        apply_edits(_copy_json(self.data), edits, self.db)

    def pop(self) -> None:
        """Take back the last change; InputError if there is none."""
        if not self._stack:
            raise InputError("undo", "nothing to undo")
        self.data, self._resolved = self._stack.pop()

    def _commit(self, data: dict, where: str) -> None:
        try:
            resolved = (self._resolved is not None and derive(self._resolved, self.data, data)) \
                or load_board(data, self.db)
        except InputError as exc:  # the change made a board that is not valid
            raise InputError(where, "the board after it is not valid: %s" % exc.line()) from None
        self._stack.append((self.data, self._resolved))
        self._trim()
        self.data, self._resolved = data, resolved

    def _trim(self) -> None:
        """Drop the resolved board of the change `KEEP_RESOLVED` back (resolved again if popped to)."""
        if len(self._stack) > KEEP_RESOLVED:
            older = len(self._stack) - KEEP_RESOLVED - 1
            self._stack[older] = (self._stack[older][0], None)


def apply_edits(data: dict, edits: Sequence[BoardEdit], db: CardDB) -> None:
    """Apply `edits` in order to the board dict `data` in place (``ops[i]`` names the
    i-th in an InputError)."""
    for i, edit in enumerate(edits):
        edit.apply(data, "ops[%d]" % i, db)


def _taps(edits: Sequence[BoardEdit]) -> dict[str, bool] | None:
    """Permanent id -> tapped for a patch of tap and untap operations alone (the last one
    of an id wins, as applied in order); None for any other patch."""
    taps: dict[str, bool] = {}
    for edit in edits:
        if edit.kind not in (EditKind.TAP, EditKind.UNTAP) or len(edit.fields) != 1 or edit.fields[0][0] != "id" \
                or not isinstance(edit.fields[0][1], str):
            return None
        taps[edit.fields[0][1]] = edit.kind == EditKind.TAP
    return taps


def _tapped_json(data: dict, taps: dict[str, bool]) -> dict | None:
    """The board JSON `data` with `taps` applied as the tap/untap operations set
    ``tapped``, copying only the objects on the way to each changed entry (the rest is
    shared: no board JSON is changed in place once held); None when an id is not on the
    battlefield (the operations' own path says so)."""
    new = dict(data)
    players = new["players"] = list(data["players"])
    left = dict(taps)
    for pi, player in enumerate(players):
        battlefield = player.get("battlefield", [])
        for bi, entry in enumerate(battlefield):
            value = left.pop(entry["id"], None)
            if value is None:
                continue
            if players[pi] is data["players"][pi]:
                player = players[pi] = dict(player)
                battlefield = player["battlefield"] = list(battlefield)
            battlefield[bi] = {**entry, "tapped": value}
        if not left:
            return new
    return None


def _copy_json(data: dict) -> dict:
    """A deep copy of board JSON (through orjson: several times faster than
    copy.deepcopy; copy.deepcopy for what orjson does not write, e.g. integers beyond 64 bits)."""
    try:
        return orjson.loads(orjson.dumps(data))
    except TypeError:  # orjson.JSONEncodeError
        return copy.deepcopy(data)
