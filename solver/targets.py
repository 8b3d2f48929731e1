"""Legal targets on the board (115.1, 601.2c): which objects and players each target phrase
of a spell or ability may choose, and whether every required target has a choice."""

from __future__ import annotations

from dataclasses import dataclass

from manasolve.models.board import Board, Permanent
from manasolve.models.oracle.targets import Relation, TargetKind, TargetPhrase, Targeting

NOT_CHECKED = "not checked"


@dataclass(frozen=True)
class Casting:
    """What is being cast or activated, as far as targets care: who chooses, the source
    permanent of an ability (for "another target"), and the card moved to the stack from
    a graveyard (601.2a: it is no longer there to be targeted)."""

    player: str
    source: str | None = None
    from_graveyard: str | None = None


def _targetable(perm: Permanent, player: str) -> bool:
    """702.18a Shroud: no spell or ability targets it; 702.11b Hexproof: no opponent's."""
    words = set(perm.card.keywords)
    return "Shroud" not in words and ("Hexproof" not in words or perm.controller == player)


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
            and not (phrase.other and p.id == casting.source) and _targetable(p, casting.player)]


def legal_choices(board: Board, phrase: TargetPhrase, casting: Casting) -> list[str] | None:
    """The ids a target phrase may choose now (permanent ids, player names,
    ``<player>.graveyard[i]``, ``stack[i]``); None when the board does not say enough
    (a spell or ability target while the stack is not listed)."""
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
                if not phrase.alternatives or any(card.has_words(alt) for alt in phrase.alternatives):
                    out.append("%s.graveyard[%d]" % (pl.name, i))
        return out
    if board.stack is None:
        return [] if board.stack_empty else None
    out = []
    for i, obj in enumerate(board.stack):
        if kind == TargetKind.SPELL and obj.kind == "spell":
            if not phrase.alternatives or any(obj.card.has_words(alt) for alt in phrase.alternatives):
                out.append("stack[%d]" % i)
        elif kind == TargetKind.ABILITY and obj.kind == "ability" and obj.ability in phrase.ability_kinds:
            out.append("stack[%d]" % i)
    return out


def check_targets(board: Board, targeting: Targeting | None, casting: Casting) -> tuple[bool, object]:
    """(legal, what to show): legal is False when some required target read has fewer
    legal choices than it needs (601.2c); what to show is ``None`` (no targets),
    ``"not checked"`` (a target the reader or the board can't settle), or a list of
    ``{"target", "legal"}`` per phrase."""
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
            return False, None
        shown.append({"target": phrase.text, "legal": legal})
    return True, shown if settled else NOT_CHECKED
