"""A board changed in a few places, derived from the resolved board before the change
instead of resolved again from its JSON: what a session board (`manasolve.session`) does
after a patch or a payment.

`derive` compares the board JSON before and after the change, entry by entry.  What it
takes over unchanged is shared: the `Permanent` objects (and so their parsed cards) of
every permanent the change did not touch, the `Player` objects of untouched players.  A
touched permanent or player is rebuilt from its own validated entry.  Changes it does
not derive (a card's identity or type, attachments, controllers, inline cards, the
stack, commanders, ...) return None: the caller resolves the whole board with
`load_board`, which also reports any problem with the exact message it always gives.

The derived board records (`Board.derived`) its parent, weakly, and the fields the
change touched, as ``"permanent.tapped"``, ``"player.life"``, ``"board.step"``,
``"permanent.added"`` / ``"permanent.removed"``, and so hands the child the parent's
analyses (`Derivation.parent_analyses`: what the solver derived from the parent and the
parent holds, `Board.analyses`), which the solver (`manasolve.solver.production`,
`manasolve.solver.resources`) carries over for what the change does not touch.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from manasolve.models.board import (
    ENTRY_STATE,
    Board,
    CardLookup,
    Derivation,
    Permanent,
    entry_state,
    Player,
    resolved_permanent,
    resolved_pool,
)
from manasolve.models.board_schema import BoardIn, PermanentIn, PlayerIn
from manasolve.models.errors import InputError
from manasolve.models.request import Zone

# Fields of a permanent entry whose change rebuilds only that permanent (`ENTRY_STATE`): none
# of them changes what it is (card, types), what it is attached to, or who controls it, so
# no other permanent's attachments or static pumps (613.4c) change with them.
PERMANENT_FIELDS = frozenset(ENTRY_STATE)
# Fields of a player entry rebuilt from the entry alone (the battlefield is compared
# permanent by permanent).
PLAYER_FIELDS = frozenset({"life", "energy", "mana_pool", "hand", "graveyard", "speed", "spells_cast_this_turn",
                           "lands_played_this_turn"})
# Top-level fields of the board format a derived board may change.
BOARD_FIELDS = frozenset({"step", "active_player", "priority_player", "stack_empty"})

_MISSING = object()


def _changed(old: dict, new: dict) -> set[str]:
    """The keys whose values differ between two JSON objects (absent counts as a value)."""
    return {k for k in old.keys() | new.keys() if old.get(k, _MISSING) != new.get(k, _MISSING)}


def derive(before: Board, old: dict, new: dict) -> Board | None:
    """The board `new` (board JSON) resolves to, built from `before` (the board `old`
    resolved to) by rebuilding only the permanents and players whose entries differ;
    None when the change is not one derived here or the new board is not valid (the
    caller then loads `new` afresh, which says what is wrong)."""
    if not isinstance(new, dict) or not isinstance(old, dict):
        return None
    touched: set[str] = set()
    top = _changed(old, new) - {"players"}
    if not top <= BOARD_FIELDS or ("stack_empty" in top and new.get("stack") is not None):
        return None
    names = [p.name for p in before.players]
    olds, news = old.get("players"), new.get("players")
    if not isinstance(news, list) or not isinstance(olds, list) or len(news) != len(names) \
            or any(not isinstance(p, dict) or p.get("name") != n for p, n in zip(news, names)):
        return None
    active, step, stack_empty, priority = before.active_player, before.step, before.stack_empty, before.priority_player
    if top:
        try:
            head = BoardIn.model_validate({**{k: new[k] for k in BOARD_FIELDS if k in new},
                                           "players": [{"name": n} for n in names]})
        except ValidationError:
            return None
        active = head.active_player or names[0]
        if active not in names or (head.priority_player is not None and head.priority_player not in names):
            return None
        step, priority = head.step, head.priority_player
        stack_empty = head.stack_empty if before.stack is None else before.stack_empty
        touched |= {"board." + k for k in top}
    cards = CardLookup(before.db, before.source)
    players = []
    try:
        for pi, (pl, o, n) in enumerate(zip(before.players, olds, news)):
            if o == n:
                players.append(pl)
                continue
            player = _player(pl, pi, o, n, names, cards, news, touched)
            if player is None:
                return None
            players.append(player)
    except (InputError, ValidationError, _NotDerived):
        return None
    if "permanent.removed" in touched:
        ids = _ids(news)
        if ids is None or any(set(perm.saddled_by) - ids for p in players for perm in p.battlefield):
            return None  # still names a permanent that left
    return Board(active, step, stack_empty, players, before.db, before.source, priority, before.stack,
                 Derivation(weakref.ref(before), frozenset(touched)))


def _ids(players: list[dict]) -> set[str] | None:
    """The permanent ids of board JSON's players; None if one is used twice or a
    battlefield is not a list of objects."""
    lists = [p.get("battlefield", []) for p in players]
    if not all(isinstance(b, list) and all(isinstance(e, dict) for e in b) for b in lists):
        return None
    listed = [e.get("id") for b in lists for e in b]
    ids = set(listed)
    return ids if len(ids) == len(listed) else None


def _player(pl: Player, pi: int, old: dict, new: dict, names: list[str], cards: CardLookup, players: list[dict],
            touched: set[str]) -> Player | None:
    """Player `pl` with the changes from entry `old` to `new`; None if not derived here."""
    changed = _changed(old, new)
    fields = changed - {"battlefield"}
    if not fields <= PLAYER_FIELDS:
        return None
    battlefield = pl.battlefield
    if "battlefield" in changed:
        changed_battlefield = _battlefield(pl, pi, old.get("battlefield", []), new.get("battlefield", []), names,
                                           cards, players, touched)
        if changed_battlefield is None:
            return None
        battlefield = changed_battlefield
    if not fields:
        return replace(pl, battlefield=battlefield)
    raw = PlayerIn.model_validate({k: v for k, v in new.items() if k != Zone.BATTLEFIELD})
    where = "players[%d]" % pi
    for zone in ("hand", "graveyard"):
        if zone in fields:
            for i, name in enumerate(getattr(raw, zone)):
                cards(name, "%s.%s[%d]" % (where, zone, i))
    touched |= {"player." + f for f in fields}
    return replace(pl, battlefield=battlefield, life=raw.life, hand=list(raw.hand), graveyard=list(raw.graveyard),
                   mana_pool=resolved_pool(raw.mana_pool, where + ".mana_pool", cards.source), energy=raw.energy,
                   speed=raw.speed, spells_cast_this_turn=raw.spells_cast_this_turn,
                   lands_played_this_turn=raw.lands_played_this_turn)


def _battlefield(pl: Player, pi: int, old: list, new: list, names: list[str], cards: CardLookup,
                 players: list[dict], touched: set[str]) -> list[Permanent] | None:
    """`pl`'s permanents after the change: untouched ones shared, changed ones rebuilt,
    added ones resolved, removed ones dropped; None if not derived here (`players`: every
    player entry after the change, for the ids an added permanent must not repeat)."""
    if not isinstance(old, list) or not isinstance(new, list) or not all(isinstance(e, dict) for e in new):
        return None
    if len(old) == len(new) and all(o.get("id") == n.get("id") for o, n in zip(old, new)):
        # the same permanents: compared in place
        pairs: Iterable[tuple[Any, Any, Permanent | None]] = zip(new, old, pl.battlefield)
    else:
        if _ids(players) is None:
            return None  # an id used twice: not matched to the permanent that has it (load_board says where)
        before = {e["id"]: (e, perm) for e, perm in zip(old, pl.battlefield)}
        pairs = ((e, *before.get(e.get("id"), (None, None))) for e in new)
        for pid in before.keys() - {e.get("id") for e in new}:  # left the battlefield
            perm = before[pid][1]
            if perm.attachments or perm.attached_to is not None or perm.card.statics.pumps:
                return None  # attached or attaching, or pumping others: they change with it
            touched.add("permanent.removed")
    out: list[Permanent] = []
    for bi, (entry, prev_entry, prev) in enumerate(pairs):
        if prev is None:  # entered the battlefield
            out.append(_entered(pl, pi, bi, entry, names, cards, players))
            touched.add("permanent.added")
        elif prev_entry == entry:
            out.append(prev)
        else:
            fields = _changed(prev_entry, entry)
            if not fields <= PERMANENT_FIELDS:
                return None
            raw = PermanentIn.model_validate(entry)
            touched |= {"permanent." + f for f in fields}
            out.append(replace(prev, **entry_state(raw), attachments=list(prev.attachments)))
    return out


def retapped(before: Board, taps: dict[str, bool]) -> Board:
    """The board `before` with each permanent of `taps` (id -> tapped) tapped or untapped:
    what `derive` builds for a patch of tap/untap operations alone, without comparing or
    validating the board JSON (a bool is a valid ``tapped``; 701.26).  A permanent already
    so is shared, as `derive` shares an unchanged entry."""
    players, touched = [], set()
    for pl in before.players:
        battlefield = pl.battlefield
        if any(perm.id in taps and perm.tapped != taps[perm.id] for perm in battlefield):
            battlefield = [perm if perm.id not in taps or perm.tapped == taps[perm.id]
                           else _copied(perm, tapped=taps[perm.id], counters=dict(perm.counters),
                                        attachments=list(perm.attachments)) for perm in battlefield]
            pl = _copied(pl, battlefield=battlefield)
            touched.add("permanent.tapped")
        players.append(pl)
    return Board(before.active_player, before.step, before.stack_empty, players, before.db, before.source,
                 before.priority_player, before.stack, Derivation(weakref.ref(before), frozenset(touched)))


def _copied(obj: Any, **changes: Any) -> Any:
    """`dataclasses.replace(obj, **changes)` for a `Permanent` or `Player` (plain
    dataclasses: no __post_init__, no init=False field), without calling __init__ again
    (several times faster: a tap is the priority window's change)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__, **changes)
    return new


class _NotDerived(Exception):
    """The change is not one `derive` covers."""


def _entered(pl: Player, pi: int, bi: int, entry: dict, names: list[str], cards: CardLookup,
             players: list[dict]) -> Permanent:
    """A permanent that entered `pl`'s battlefield, resolved (InputError if not valid);
    _NotDerived if it is attached, saddled, pumped or pumping (others change with it)."""
    raw = PermanentIn.model_validate(entry)
    if _ids(players) is None:
        raise _NotDerived
    perm = resolved_permanent(raw, "players[%d].battlefield[%d]" % (pi, bi), pl.name, names, cards, {}, cards.source)
    if raw.attached_to is not None or raw.saddled_by or perm.card.statics.pumps \
            or any(p.card.statics.pumps for p in pl.battlefield):
        raise _NotDerived
    return perm
