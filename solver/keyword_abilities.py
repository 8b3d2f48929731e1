"""Keyword abilities paid with mana that are not a cast: Unearth, Embalm, Eternalize
(activated from the graveyard, sorcery timing: 702.84a, 702.128a, 702.129a), Ninjutsu
(from the hand, returning an unblocked attacker you control: 702.49a), and turning a
face-down permanent face up for its morph, megamorph or disguise cost (a special
action, 116.2b, 702.37e, 702.168d).  Their cost is locked as printed: spell cost
modifiers don't apply (they are not spells, 601.2f), and mana that may only be spent on
spells doesn't pay them."""

from __future__ import annotations

from manasolve.models.board import Board, ParameterError
from manasolve.models.cards import Card
from manasolve.models.mana import Announcement, ManaCost, Requirement, Symbol
from manasolve.models.oracle.added_costs import SORCERY_TIMING, ZONE_OF, ZoneAbility, ZoneAbilityKind
from manasolve.models.oracle.costs import CostPart
from manasolve.models.request import AbilityKind, CastChoice, Zone
from manasolve.solver.timing import no_priority_reason, sorcery_timing_reason
from manasolve.solver.cast_plan import BaseChoice, TotalCost, find_card, reduce_symbols
from manasolve.solver.cost_results import CostChange

# 702.49a: a creature is unblocked from the declare blockers step on (509.1h)
NINJUTSU_STEPS = ("declare_blockers", "combat_damage", "end_of_combat")


def ability_cost(board: Board, player: str, cast: CastChoice) -> TotalCost:
    """The locked cost of the keyword ability `cast.ability` of `cast.card` for `player`
    (for face_up, `cast.card` is the face-down permanent's id), with whether it may be
    activated now; ParameterError if the card or permanent does not have it or is not
    where it is used from."""
    if cast.ability == AbilityKind.FACE_UP:
        perm = board.get(cast.card)
        if perm.face_up_card is None:
            raise ParameterError("card", "%s is not face down: nothing to turn face up" % perm.id, board.source)
        if perm.controller != player:
            raise ParameterError("card", "%s is controlled by %s, not %s" % (perm.id, perm.controller, player), board.source)
        card = perm.face_up_card
        costs = [(f.kind.value, f.cost) for f in card.spell_costs.face_up]
        if not costs:
            raise ParameterError("ability", "%s (%s) has no morph, megamorph or disguise cost: it can't be "
                                 "turned face up this way" % (perm.id, card.name), board.source)
        kind, cost = costs[0]
        return locked(board, player, card, "battlefield", kind, cost, no_priority_reason(board, player))
    assert cast.ability is not None and cast.zone is not None  # a keyword ability's cast; its zone resolved
    kind = ZoneAbilityKind(cast.ability.value)
    found = [a for a in _zone_abilities(board.db.get(cast.card) if cast.card in board.db else None) if a.kind == kind]
    zone = found[0].zone if found else ZONE_OF[kind]
    if cast.zone not in (Zone.HAND, Zone(zone)):
        raise ParameterError("zone", "%s is activated from the %s, not the %s" % (cast.ability.value, zone,
                             cast.zone.value), board.source)
    card = find_card(board, player, cast.card, zone)
    if not found:
        raise ParameterError("ability", "%s has no %s ability" % (card.name, cast.ability.value), board.source)
    return ability_plan(board, player, card, found[0])


def _zone_abilities(card: Card | None) -> tuple[ZoneAbility, ...]:
    return card.spell_costs.zone_abilities if card is not None else ()


def ability_plan(board: Board, player: str, card: Card, ability: ZoneAbility) -> TotalCost:
    """The locked cost of `card`'s `ability` in its zone, and whether it may be activated now."""
    why = no_priority_reason(board, player)
    if why is None and ability.kind in SORCERY_TIMING:
        why = sorcery_timing_reason(board, player, "%s only as a sorcery" % ability.kind.value)
    if why is None and ability.kind == ZoneAbilityKind.NINJUTSU and board.step not in NINJUTSU_STEPS:
        why = "ninjutsu needs an unblocked attacker: only from the declare blockers step to the end of combat (702.49a)"
    reductions = [(perm.id, amount) for perm in board.controlled_by(player)
                  for kind, amount in perm.card.spell_costs.ability_reductions if kind == ability.kind]
    return locked(board, player, card, ability.zone, ability.kind.value, ability.cost, why, reductions)


def locked(board: Board, player: str, card: Card, zone: str, kind: str, cost: CostPart, why: str | None,
           reductions: list[tuple[str, ManaCost]] | None = None) -> TotalCost:
    """A TotalCost for an ability's cost (X 0: none of these has X) less the `reductions`
    (source id, amount: "Ninjutsu abilities you activate cost {1} less", 601.2f via 602.2b),
    with the card's cost sentences not understood as notes (the cost may miss what they say)."""
    amounts = [amount for _, amount in reductions or ()]
    mana = ManaCost(tuple(reduce_symbols(list(cost.mana.symbols), amounts))) if amounts else cost.mana
    announcements = []
    for a in mana.announcements():
        announced = [s for s in mana.symbols if not s.needs_announcement] + [h for _, h in a.picks if isinstance(h, Symbol)]
        locked_mana = reduce_symbols(announced, amounts)
        announcements.append(Announcement(ManaCost(tuple(locked_mana)), a.picks,
                                          Requirement.of(locked_mana, a.requirement.life + cost.life)))
    return TotalCost(card=card, zone=zone, player=player, base=BaseChoice(kind, cost, False), x=0, x_forced_zero=False,
                     additional=(), increases=(), cost=mana, life=cost.life, other=list(cost.other),
                     reductions=tuple(CostChange(pid, by=str(amount)) for pid, amount in reductions or ()),
                     announcements=announcements, castable_now=why is None, reason=why, ability=True,
                     notes=[nu.sentence for nu in card.spell_costs.not_understood]  # "This cost is reduced ..."
                     + [u.note for u in card.spell_costs.unapplied if not u.others])
