"""Legal targets on the board (115.1, 601.2c): which objects and players each target phrase
of a spell or ability may choose, and whether every required target has a choice."""

from __future__ import annotations

from dataclasses import dataclass

from manasolve.models.board import Board, Permanent, StackKind
from manasolve.models.cards import Card, has_filter_words
from manasolve.models.oracle.spell_costs import OptionalCost, OptionalKind
from manasolve.models.oracle.targets import Relation, TargetKind, TargetPhrase, Targeting
from manasolve.models.request import Zone
from manasolve.solver.cast_keywords import keyword_targeting

NOT_CHECKED = "not checked"
_KICKERS = (OptionalKind.KICKER, OptionalKind.MULTIKICKER)


@dataclass(frozen=True)
class Casting:
    """What is being cast or activated, as far as targets care: who chooses, the source
    permanent of an ability (for "another target"), the card moved to the stack from
    a graveyard (601.2a: it is no longer there to be targeted), and the spell's card or
    the ability's source card (its colours and types meet protection, 702.16b)."""

    player: str
    source: str | None = None
    from_graveyard: str | None = None
    card: Card | None = None


class _Unsure(Exception):
    """A permanent's protection has a quality the reader does not know (targets not checked)."""


def _has_quality(card: Card, qualities: tuple[tuple[str, ...], ...]) -> bool:
    words = set(card.type_line.replace("—", " ").split())
    return any(has_filter_words(words, card.color_set, q) for q in qualities)


def _targetable(perm: Permanent, casting: Casting) -> bool:
    """702.18a Shroud: no spell or ability targets it; 702.11b Hexproof: no opponent's;
    702.16b protection from a quality: nothing with that quality; 702.11d hexproof from a
    quality: no opponent's with it.  Raises _Unsure for a quality not read."""
    words = set(perm.card.keywords)
    theirs = perm.controller != casting.player
    if "Shroud" in words or ("Hexproof" in words and theirs and not perm.card.wards.hexproof_from):
        return False
    wards = perm.card.wards
    if wards.unread:
        raise _Unsure(perm.id)
    if casting.card is None:
        if wards.protection or (theirs and wards.hexproof_from):
            raise _Unsure(perm.id)
        return True
    return not (_has_quality(casting.card, wards.protection)
                or (theirs and _has_quality(casting.card, wards.hexproof_from)))


def _mana_value_ok(card: Card, phrase: TargetPhrase, on_stack: bool = False) -> bool:
    """Whether the card's mana value meets the phrase's "with mana value N [or greater/less]"
    (202.3; X counts 0 except on the stack, 202.3e, where the board does not say X: unsure)."""
    if phrase.mana_value is None:
        return True
    cost = card.mana_cost
    if on_stack and cost is not None and cost.has_x:
        raise _Unsure(card.name)
    mv = cost.mana_value if cost is not None else 0
    op, n = phrase.mana_value
    return mv == n if op == "=" else mv >= n if op == ">=" else mv <= n


def _related(owner: str, player: str, relation: Relation) -> bool:
    if relation == Relation.YOU:
        return owner == player
    if relation in (Relation.OPPONENT, Relation.NOT_YOU):
        return owner != player
    return True


def _permanents(board: Board, phrase: TargetPhrase, casting: Casting, kinds: tuple[tuple[str, ...], ...]) -> list[str]:
    return [p.id for p in board.permanents
            if (not kinds or any(p.has_words(alt) for alt in kinds))
            and _related(p.controller, casting.player, phrase.relation)
            and not (phrase.other and p.id == casting.source) and _mana_value_ok(p.card, phrase)
            and _targetable(p, casting)]


def legal_choices(board: Board, phrase: TargetPhrase, casting: Casting) -> list[str] | None:
    """The ids a target phrase may choose now (permanent ids, player names,
    ``<player>.graveyard[i]``, ``stack[i]``); None when the board does not say enough
    (a spell or ability target while the stack is not listed) or a candidate's protection
    is not read."""
    try:
        return _legal_choices(board, phrase, casting)
    except _Unsure:
        return None


def _legal_choices(board: Board, phrase: TargetPhrase, casting: Casting) -> list[str] | None:
    kind = phrase.kind
    if kind in (TargetKind.PLAYER, TargetKind.ANY):
        players = [pl.name for pl in board.players if _related(pl.name, casting.player, phrase.relation)]
        walkers = ((("Planeswalker",),) if phrase.planeswalkers else () if kind == TargetKind.PLAYER
                   else (("Creature",), ("Planeswalker",), ("Battle",)))
        return players + (_permanents(board, phrase, casting, walkers) if walkers else [])
    if kind == TargetKind.PERMANENT:
        return _permanents(board, phrase, casting, phrase.alternatives)
    if kind == TargetKind.GRAVEYARD_CARD:
        out = []
        for pl in board.players:
            if not _related(pl.name, casting.player, phrase.relation):
                continue
            skip = casting.from_graveyard if pl.name == casting.player else None
            for i, name in enumerate(pl.graveyard):
                if name == skip:
                    skip = None  # that copy is on the stack now (601.2a)
                    continue
                card = board.db.get(name)
                if ((not phrase.alternatives or any(card.has_words(alt) for alt in phrase.alternatives))
                        and _mana_value_ok(card, phrase)):
                    out.append("%s.graveyard[%d]" % (pl.name, i))
        return out
    # "target spell or nonland permanent" (Commit): the permanents it may choose too
    out = _permanents(board, phrase, casting, phrase.or_permanent) if phrase.or_permanent is not None else []
    if board.stack is None:
        return out if board.stack_empty else None
    for i, obj in enumerate(board.stack):
        if kind == TargetKind.SPELL and obj.kind == StackKind.SPELL and obj.card is not None:  # a spell is its card
            if ((not phrase.alternatives or any(obj.card.has_words(alt) for alt in phrase.alternatives))
                    and _mana_value_ok(obj.card, phrase, on_stack=True)):
                out.append("stack[%d]" % i)
        elif kind == TargetKind.ABILITY and obj.kind == StackKind.ABILITY and obj.ability in phrase.ability_kinds:
            out.append("stack[%d]" % i)
    return out


def cast_targets(board: Board, player: str, name: str, card: Card, zone: str, kind: str,
                 kicks: tuple[int, ...] = (), optional: tuple[OptionalCost, ...] = ()) -> tuple[bool, list[dict] | str | None]:
    """`check_targets` for one cast (601.2c): `player` casting `card` (the card or the half
    or face cast of `name`, as `name` is in `zone`) for its `kind` of cost, with each
    optional cost ``optional[i]`` paid ``kicks[i]`` times — the phrases a kicker's or a
    Spree mode's text adds only when chosen, those a kicked "instead" replaces only
    unkicked.  The one check of `plays`, `cost` and `pay --card`."""
    targeting = keyword_targeting(card, kind) or card.targeting
    if targeting is not None:
        kicked = any(times for times, opt in zip(kicks, optional) if opt.kind in _KICKERS)  # 702.33d
        spree = [times for times, opt in zip(kicks, optional) if opt.kind == OptionalKind.SPREE]
        targeting = targeting.for_cast(kicked, {i for i, times in enumerate(spree) if times})
    return check_targets(board, targeting, Casting(player, from_graveyard=name if zone == Zone.GRAVEYARD else None, card=card))


def check_targets(board: Board, targeting: Targeting | None, casting: Casting) -> tuple[bool, list[dict] | str | None]:
    """(legal, what to show): legal is False when some required target read has fewer
    legal choices than it needs (601.2c), and what to show is then that phrase; else
    ``None`` (no targets), ``"not checked"`` (a target the reader or the board can't
    settle), or a list of ``{"target", "legal"}`` per phrase."""
    if targeting is None or (targeting.understood and not targeting.phrases):
        return True, None
    shown: list[dict] = []
    settled = targeting.understood
    for phrase in targeting.phrases:
        legal = legal_choices(board, phrase, casting)
        if legal is None:
            settled = False
            continue
        if not phrase.optional and len(legal) < phrase.count:
            return False, phrase.text
        shown.append({"target": phrase.text, "legal": legal})
    return True, shown if settled else NOT_CHECKED
