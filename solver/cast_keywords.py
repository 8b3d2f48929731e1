"""The keyword ways of casting (models/oracle/cast_keywords.py) on a board: the zone each
casts from, what the board or this turn's history must show for it, the targets it adds,
and when it may be used.

The conditions read the board's history fields: an opponent's ``life_lost_this_turn``
(Spectacle), the caster's ``spells_cast_this_turn`` (Surge) and
``combat_damage_types_this_turn`` (Prowl), ``miracle`` (the card revealed as the first
drawn this turn), and the exile entries' ``madness`` / ``plotted`` / ``warped``.
"""

from __future__ import annotations

from typing import Literal

from manasolve.models.board import Board
from manasolve.models.cards import Card
from manasolve.models.oracle.targets import Relation, TargetKind, TargetPhrase, Targeting, spell_targeting
from manasolve.models.request import Alternative, Zone
from manasolve.models.vocab import Step
from manasolve.solver.timing import no_priority_reason, sorcery_timing_reason

# The zone a keyword casts from (every other kind: wherever the card may be cast from).
ZONE_OF = {
    "flashback": "graveyard", "escape": "graveyard", "disturb": "graveyard", "jump-start": "graveyard",
    "retrace": "graveyard", "foretell": "exile", "madness": "exile", "warp": "hand", "sneak": "hand",
    "miracle": "hand", "suspend": "hand",
}
RULE = {
    "flashback": "702.34a", "escape": "702.138a", "disturb": "702.146a", "jump-start": "702.133a", "retrace": "702.81a",
    "foretell": "702.143a", "madness": "702.35a", "warp": "warp's reminder text", "sneak": "sneak's reminder text", "miracle": "702.94a",
    "suspend": "702.62a", "plot": "702.170a", "spectacle": "702.137a", "surge": "702.117a", "prowl": "702.76a",
    "mutate": "702.140a", "bestow": "702.103a", "emerge": "702.119a",
}
# The ways of casting from a graveyard, in the order tried when the caller names none.
GRAVEYARD_KINDS = ("flashback", "escape", "disturb", "jump-start", "retrace")
# Special actions from the hand (116.2): they exile the card, they do not cast it.
SPECIAL_ACTIONS = ("plot", "suspend")
# Kinds cast while a trigger resolves (608.2g): no priority or timing permission is needed.
WHILE_RESOLVING = ("madness", "miracle")


def zone_reason(kind: str, zone: str) -> str | None:
    """Why a cast or special action of `kind` can't start from `zone`, or None."""
    wanted = ZONE_OF.get(kind)
    if kind == Alternative.PLOT:  # the special action from hand, or casting a plotted card from exile
        wanted = zone if zone in (Zone.HAND, Zone.EXILE) else "hand"
    if wanted is None or wanted == zone:
        return None
    return "%s works only from its owner's %s (%s)" % (kind, wanted, RULE[kind])


def condition_reason(board: Board, player: str, card: Card, kind: str, zone: str) -> str | None:
    """Why the board or this turn's history does not allow `kind` for `card` now, or None."""
    me = board.player(player)
    if kind == Alternative.SPECTACLE and not any(p.life_lost_this_turn for p in board.players if p.name != player):
        return "no opponent of %s lost life this turn (spectacle, 702.137a; life_lost_this_turn)" % player
    if kind == Alternative.SURGE and not me.spells_cast_this_turn:
        return "%s cast no other spell this turn (surge, 702.117a; spells_cast_this_turn)" % player
    if kind == Alternative.PROWL and not _shares_type(card, me.combat_damage_types_this_turn):
        return ("no source of %s sharing a creature type with it dealt combat damage to a player this turn "
                "(prowl, 702.76a; combat_damage_types_this_turn)" % player)
    if kind == Alternative.MIRACLE and me.miracle != card.name:
        return "%s is not the card %s revealed as the first drawn this turn (miracle, 702.94a; miracle)" % (card.name, player)
    if zone == Zone.EXILE:
        flag = {"madness": "madness", "plot": "plotted", "foretell": "foretold"}.get(kind)
        if flag and not any(e.card == card.name and getattr(e, flag) for e in me.exile):
            return "the board does not mark %s in exile as %s (%s)" % (card.name, flag, RULE[kind])
    return None


def _shares_type(card: Card, types: tuple[str, ...]) -> bool:
    """702.76a: a creature type in common (a changeling card has every one, 702.73a)."""
    return bool(types) and ("Changeling" in card.keywords or bool(set(card.subtypes) & set(types)))


def keyword_targeting(card: Card, kind: str) -> Targeting | None:
    """The targets a keyword cast chooses instead of the card's own (601.2c): bestowed, an
    Aura spell with enchant creature (702.103b); mutating, a non-Human creature its caster
    owns (702.140a; the board's owner of a permanent is the player it is listed under,
    taken here as its controller); None: the card's own."""
    if kind == Alternative.BESTOW:
        return spell_targeting(card.name, "Enchant creature", ("Enchantment",), ("Aura",))
    if kind == Alternative.MUTATE:
        return Targeting((TargetPhrase("target non-Human creature you own", TargetKind.PERMANENT,
                                       (("non-Human", "Creature"),), Relation.YOU),))
    return None


def timing_reason(board: Board, player: str, card: Card, zone: str, kind: str) -> str | Literal[False] | None:
    """The timing of a keyword way of casting that differs from the card's own: a reason,
    None (allowed now), or False when the card's own timing applies."""
    if kind in WHILE_RESOLVING:
        return None  # cast while its trigger resolves (608.2g): no timing permission needed
    if kind == Alternative.PLOT:  # 702.170a: plot as a sorcery; 702.170d: the plotted card is cast as a sorcery
        return sorcery_timing_reason(board, player, "plot: sorcery timing (702.170)")
    if kind == Alternative.SNEAK:  # its reminder text: during the declare blockers step (whatever the card's type)
        if board.step != Step.DECLARE_BLOCKERS:
            return "sneak only during the declare blockers step, not %s (sneak's reminder text)" % board.step
        return no_priority_reason(board, player)
    return False
