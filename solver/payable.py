"""Can a cost be paid: what the payment solver pays (`CostToPay`: a mana cost and how it
may be paid; `cost_to_pay`: what pays a locked total cost) and whether some payment of it
exists (`payable`: a flow decides most boards, CP-SAT only the rest).  The questions asked
about a payment (count, list, best, candidates) are solver.pay's."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from manasolve.models.abilities import SpendPurpose
from manasolve.models.board import Board
from manasolve.models.mana import Announcement, ManaCost, SymbolKind
from manasolve.models.oracle.spell_costs import OptionalKind
from manasolve.models.oracle.words import strip_reminder
from manasolve.models.request import Alternative, CostKeywords, Zone
from manasolve.solver import deadline
from manasolve.solver.hall import decide
from manasolve.solver.other_costs import Option, PartChoice, options, parse_parts
from manasolve.solver.resources import Resources, SpellBeingCast, collect


@dataclass(frozen=True)
class CostToPay:
    """What the payment solver pays: a mana cost and how it may be paid.

    `announcements` overrides the 601.2b announcements of `cost` (a total-cost pipeline
    applies reductions to each; None: the cost's own); `keywords`: the cost keywords in
    force (convoke, improvise, delve); `casting_from_graveyard`: the card being cast from there
    (on the stack, 601.2a: delve can't exile it); `parts`: the total cost's non-mana
    parts (solver.other_costs), paid with it, every way to choose their objects counted;
    `spell`: the spell being paid, so mana with a spend restriction may pay it (106.6)."""

    cost: ManaCost
    announcements: tuple[Announcement, ...] | None = None
    keywords: CostKeywords = CostKeywords()
    casting_from_graveyard: str | None = None
    parts: tuple[PartChoice, ...] = ()
    spell: SpellBeingCast | None = None

    def count_key(self) -> tuple:
        """A key equal for two costs whose payments are counted alike: the same locked
        requirements (announcement texts aside) and the same way of paying."""
        requirements = tuple(sorted((a.requirement for a in self.all_announcements()), key=repr))
        return requirements, replace(self, cost=ManaCost(), announcements=())

    def all_announcements(self) -> list[Announcement]:
        """The announcements paid: the overriding ones, else the cost's own (601.2b)."""
        return list(self.announcements) if self.announcements is not None else list(announced(self.cost))


@lru_cache(maxsize=4096)
def announced(cost: ManaCost) -> tuple[Announcement, ...]:
    """`cost.announcements()` (601.2b), computed once per cost: a window of payable
    questions asks the same costs again and again."""
    return tuple(cost.announcements())


def paid_cost(what: CostToPay | ManaCost) -> CostToPay:
    return what if isinstance(what, CostToPay) else CostToPay(what)


def setup(board: Board, what: CostToPay, player: str | None) -> tuple[str, list[Announcement], Resources, list[Option]]:
    """The paying player's name, the announcements, the resources and the ways to share
    objects with the non-mana parts (one option without parts; none if a part can't be
    paid at all, 118.3)."""
    player = board.player(player).name
    keywords = what.keywords
    res = collect(board, player, convoke=keywords.convoke, improvise=keywords.improvise, delve=keywords.delve,
                  casting_from_graveyard=what.casting_from_graveyard, spell=what.spell)
    parts = list(what.parts)
    return player, what.all_announcements(), res, (options(res, parts) if parts else [Option(res, 1)])


def payable(board: Board, what: CostToPay | ManaCost, player: str | None = None) -> bool:
    """Whether some payment of `what` (with its non-mana parts, for its spell) exists (a
    flow, else CP-SAT feasibility)."""
    if isinstance(what, ManaCost):  # a bare cost (no parts, no keywords): `setup`'s answer, directly
        payer = board.player(player)
        return resources_payable(collect(board, payer.name), list(announced(what)), payer.life)
    player, anns, _, opts = setup(board, what, player)
    return any(resources_payable(opt.resources, anns, board.player(player).life) for opt in opts)


def payable_each(board: Board, costs: list[ManaCost], player: str | None = None) -> list[bool]:
    """Whether each bare mana cost of `costs` can be paid on `board` by `player` (default:
    the active player), the board's resources collected once for all of them."""
    player = board.player(player).name
    res, life = collect(board, player), board.player(player).life
    return [resources_payable(res, list(announced(c)), life) for c in costs]


def resources_payable(res: Resources, anns: list[Announcement], life: int) -> bool:
    """Whether `res` pays one of `anns` within `life` life: the Hall summary
    (solver.hall) or a flow (solver.flow_pay) decides most boards, CP-SAT only the rest."""
    undecided = []
    for a in anns:
        if a.requirement.life > life:
            continue
        found = decide(res, a.requirement, life - a.requirement.life)
        if found:
            return True
        if found is None:
            undecided.append(a)
    if not undecided:
        return False
    deadline.check()  # past the limit already: give up before importing CP-SAT (about 1 s, more on a busy machine)
    from manasolve.solver import cpsat  # only for what a flow leaves undecided: keeps start-up light

    return cpsat.solve(cpsat.build(res, undecided, life)) is not None


def maybe_payable(res: Resources, a: Announcement, life: int) -> bool:
    """False when announcement `a` can't be paid, as far as a flow tells at once; True
    otherwise (the counter decides)."""
    req = a.requirement
    return req.life <= life and decide(res, req, life - req.life) is not False


def cost_to_pay(board: Board, plan) -> CostToPay:
    """What pays a locked total (solver.total_cost.TotalCost) on `board`: its
    announcements, cost keywords, the card on the stack (601.2a), its non-mana parts as
    choices and the spell as spend restrictions see it.  Raises NotPaid for a part the
    solver does not pay."""
    card = plan.card
    if plan.ability:  # not a spell: nothing on the stack pays, no spell-only mana (106.6)
        return CostToPay(plan.cost, tuple(plan.announcements),
                         parts=tuple(parse_parts(board, plan.player, plan.other, plan.x)),
                         spell=ability_being_paid(plan))
    return CostToPay(
        plan.cost, tuple(plan.announcements), plan.keywords,
        card.name if plan.zone == Zone.GRAVEYARD else None,
        tuple(parse_parts(board, plan.player, plan.other, plan.x, casting=card.name, zone_cast_from=plan.zone)),
        spell_being_cast(board, plan))


# What turning a permanent face up for its cost is to "Spend this mana only to ..." (106.6).
_FACE_UP_PURPOSES = {"morph": (SpendPurpose.TURN_FACE_UP, SpendPurpose.MORPH),
                     "megamorph": (SpendPurpose.TURN_FACE_UP, SpendPurpose.MORPH),  # 702.37b: a morph cost
                     "disguise": (SpendPurpose.TURN_FACE_UP,)}


def ability_being_paid(plan) -> SpellBeingCast:
    """A keyword ability's or special action's locked cost (no spell) as spend
    restrictions see it: its purposes (turning face up for a morph cost) and whether
    its cost contains {X} or {C}."""
    return SpellBeingCast(plan.card.type_line, plan.zone, plan.base.kind, cost_has_x=plan.cost.has_x,
                          cost_has_c=any(s.kind == SymbolKind.C for s in plan.cost.symbols), spell=False,
                          purposes=_FACE_UP_PURPOSES.get(plan.base.kind, ()))


def spell_being_cast(board: Board, plan) -> SpellBeingCast:
    """The spell of a locked total as spend restrictions see it (106.6)."""
    card, mana_cost = plan.card, plan.card.mana_cost
    caster = board.player(plan.player)
    return SpellBeingCast(
        card.type_line, plan.zone, plan.base.kind, plan.mana_value, bool(mana_cost and mana_cost.has_x),
        plan.base.x_free, card.name, card.color_set,
        kicked=any(a.kind in (OptionalKind.KICKER, OptionalKind.MULTIKICKER) for a in plan.additional),  # 702.33d
        commander=any(c.card.name == card.name for c in caster.commanders),
        no_abilities=not strip_reminder(card.text).strip(), face_down=plan.base.kind == Alternative.FACE_DOWN,  # 708.4
        keywords=card.keywords,
        nth=caster.spells_cast_this_turn + 1, cost_has_c=any(s.kind == SymbolKind.C for s in plan.cost.symbols))
