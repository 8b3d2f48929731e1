"""The total cost of casting a spell (601.2f), every step visible.

    base (mana cost, or ONE alternative cost: flashback, overload, evoke, "free")
  + additional costs (kicker × times, multikicker, "you may" costs, mandatory ones)
  + increases (Thalia, Sphere of Resistance, Jade Leech ...)
  → 601.2b announcements of every hybrid/Phyrexian symbol
  − reductions, applied to each announced cost (118.7a-g)
  = the locked total of each announcement (601.2f), which `pay` pays as a fixed
    requirement: whatever happens to a reducer during 601.2g no longer matters.

Also: X (107.3a/b), mana value (202.3) and whether the cast may be started now (117.1a,
601.3, 702.34a).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from manasolve.models.abilities import CostKeyword
from manasolve.models.board import FACE_DOWN, Board, ParameterError, Permanent
from manasolve.models.cards import Card
from manasolve.models.mana import Announcement, Life, ManaCost, Requirement, Symbol, SymbolKind
from manasolve.models.oracle.costs import CostPart, NonManaPart, PartKind, PartZone
from manasolve.models.oracle.spell_costs import (AltCost, Casters, Counting, Direction, ModifierTurn, OptionalCost, OptionalKind,
                                                 SpellCosts)
from manasolve.models.request import Alternative, CastChoice, Zone, member
from manasolve.solver.cast_plan import BaseChoice, TotalCost, find_card, reduce_symbols, spell_mana_value
from manasolve.solver.cast_keywords import GRAVEYARD_KINDS, SPECIAL_ACTIONS, ZONE_OF, condition_reason, zone_reason
from manasolve.solver.cast_keywords import timing_reason as keyword_timing_reason
from manasolve.solver.cost_results import AdditionalCost, ByAnnouncement, ChangeFrom, CostAnswer, CostChange
from manasolve.solver.keyword_abilities import ability_cost
from manasolve.solver.other_costs import NotPaid, understood
from manasolve.solver.payable import cost_to_pay, payable
from manasolve.solver.production import analyse, basic_land_types, devotion
from manasolve.solver.resources import zone_cards
from manasolve.solver.targets import cast_targets
from manasolve.solver.timing import flash_granted, flash_unread, no_priority_reason, sorcery_timing_reason, spell_effect_sources

ALTERNATIVES = tuple(a.value for a in Alternative)

def base_choices(board: Board, player: str, card: Card, alt: str | None, zone: str = "hand") -> list[BaseChoice]:
    """Every base cost of kind `alt` (None: the mana cost) the card could be cast for from
    `zone`.

    Flashback: each printed instance (702.34, several allowed: choose any), then each
    board-granted one; "equal to its mana cost" copies the mana cost, so X stays free, and
    a card with no mana cost gets no flashback cost (118.6a).  Jump-start, Retrace: the
    mana cost and a discard.  Emerge: one choice per mana value among the creatures its
    caster could sacrifice (reduced by it).  Plot, Suspend from the hand: the special
    action's cost; a plotted card from exile: free (702.170d)."""
    mana = card.mana_cost
    if alt is None:
        return [BaseChoice("mana_cost", CostPart(mana, text=str(mana)) if mana else None, bool(mana and mana.has_x))]
    if alt == Alternative.FREE or (alt == Alternative.PLOT and zone == Zone.EXILE):  # "without paying its mana cost": X is 0 (107.3b)
        return [BaseChoice(alt, CostPart(text="{0}"), False,
                           unmet=condition_reason(board, player, card, alt, zone) if alt == Alternative.PLOT else None)]
    sc = card.spell_costs
    if alt in SPECIAL_ACTIONS:  # 116.2: exile it from the hand paying this cost
        return [BaseChoice(a.kind, a.cost, a.cost.has_x) for a in sc.specials if a.kind == alt]
    if alt == Alternative.FLASHBACK:
        out = [BaseChoice("flashback", a.cost, a.cost.has_x) for a in sc.flashback]
        for name, cost in board.player(player).granted_flashback:
            if name != card.name:
                continue
            if cost == "mana_cost":
                part = CostPart(mana, text=str(mana)) if mana else None
                out.append(BaseChoice("flashback", part, bool(mana and mana.has_x), granted=True))
            else:
                parsed = ManaCost.parse(cost)
                out.append(BaseChoice("flashback", CostPart(parsed, text=str(parsed)), parsed.has_x, granted=True))
        return out
    out = []
    for a in sc.alternative:
        if a.kind != alt:
            continue
        unmet = condition_reason(board, player, card, a.kind, zone)
        if a.if_you_control and not any(p.has_words(a.if_you_control) for p in board.controlled_by(player)):
            unmet = "%s controls no %s, which this alternative cost needs" % (player, " ".join(a.if_you_control))
        if a.in_your_turn is not None and (board.active_player == player) != a.in_your_turn:
            unmet = "it is %s's turn, and this alternative cost is only for %s turn" % (
                board.active_player, "its caster's" if a.in_your_turn else "a turn other than its caster's")
        if a.plus_mana_cost:  # 702.133a, 702.81a: the mana cost and the discard
            both = CostPart(ManaCost(mana.symbols + a.cost.mana.symbols), a.cost.life, a.cost.other,
                            "%s, %s" % (mana, a.cost.text)) if mana else None
            out.append(BaseChoice(a.kind, both, bool(mana and mana.has_x), unmet=unmet))
        elif a.sacrifice:
            out += _emerge_choices(board, player, a, unmet)
        else:
            out.append(BaseChoice(a.kind, a.cost, a.cost.has_x, unmet=unmet))
    return out


def _emerge_choices(board: Board, player: str, a: AltCost, unmet: str | None) -> list[BaseChoice]:
    """702.119a: Emerge sacrifices one creature (or what "Emerge from" names) and is
    reduced by its mana value: one base choice per mana value among those `player`
    controls, each sacrificing one of that value; with none, one choice that can't be
    used."""
    what = " or ".join(" ".join(w).lower() for w in a.sacrifice)

    def choice(mv: int | None, why: str | None) -> BaseChoice:
        part = NonManaPart("Sacrifice a %s%s" % (what, "" if mv is None else " with mana value %d" % mv),
                           PartKind.SACRIFICE, PartZone.BATTLEFIELD, 1, alternatives=a.sacrifice, mana_value=mv)
        cost = CostPart(a.cost.mana, a.cost.life, a.cost.other + (part,), "%s, %s" % (a.cost.text, part.text))
        return BaseChoice(a.kind, cost, a.cost.has_x, unmet=why, reduction=mv or 0)

    values = sorted({p.mana_value for p in board.controlled_by(player) if any(p.has_words(w) for w in a.sacrifice)})
    if not values:  # the sacrifice can't be paid: no payment (118.3)
        return [choice(None, unmet or "%s controls no %s to sacrifice (702.119a)" % (player, what))]
    return [choice(mv, unmet) for mv in values]


def timing_reason(board: Board, player: str, card: Card, zone: str, base: BaseChoice) -> str | None:
    """Why `player` may not start casting `card` from `zone` with `base` now, or None."""
    if card.is_type("Land"):
        return "a land is played, not cast (305.1)"
    if base.kind == Alternative.FLASHBACK:
        if zone != Zone.GRAVEYARD:
            return "flashback casts the card only from its owner's graveyard (702.34a)"
        if not (card.is_type("Instant") or card.is_type("Sorcery")):
            return "flashback works only for instants and sorceries (702.34a)"
    elif base.kind == Alternative.FORETELL:
        if zone != Zone.EXILE:
            return "a foretell cost casts only a foretold card, from exile (702.143a)"
    elif card.spell_costs.aftermath:
        if zone != Zone.GRAVEYARD:
            return "an aftermath half is cast only from the graveyard (702.127a)"
    elif (why := zone_reason(base.kind, zone)) is not None:
        return why
    elif zone not in (Zone.HAND, Zone.COMMAND, Zone.EXILE) and base.kind not in ZONE_OF:
        # 903.8: a commander from the command zone; from exile, plays passes only the
        # cards the board marks castable there (715.4, ...)
        return "no rule or effect lets %s cast it from the %s (601.3)" % (player, zone)
    if base.unmet:
        return base.unmet
    if base.cost is None:
        if base.kind == "mana_cost":
            return "it has no mana cost: that cost is unpayable (118.6)"
        return "its %s cost is its mana cost, and it has none: no %s cost (118.6a)" % (base.kind, base.kind)
    if (keyword_timing := keyword_timing_reason(board, player, card, zone, base.kind)) is not False:
        return keyword_timing
    if (why := no_priority_reason(board, player)) is not None:
        return why
    if card.is_type("Instant") or "Flash" in card.keywords or card.statics.flash or flash_granted(board, player, card):
        return None  # 117.1a: any time the player has priority; 601.3a, 702.8a: "as though it had flash"
    why = sorcery_timing_reason(board, player, "sorcery timing (117.1a)")
    if why is not None and (unread := flash_unread(board, player, card)):
        why += "; not understood, so not applied: " + "; ".join(unread)
    return why


def _in_its_turn(board: Board, turn: ModifierTurn, source_controller: str, caster: str) -> bool:
    """Whether a cost modifier of a permanent `source_controller` controls applies in
    this turn to a spell `caster` casts (`ModifierTurn`)."""
    if turn == ModifierTurn.SOURCE:
        return board.active_player == source_controller
    if turn == ModifierTurn.NOT_SOURCE:
        return board.active_player != source_controller
    if turn == ModifierTurn.NOT_CASTER:
        return board.active_player != caster
    return True


def _modifiers(board: Board, player: str, card: Card, zone: str,
               mana_value: int) -> tuple[list[tuple[ManaCost, CostChange]], list[tuple[ManaCost, CostChange]]]:
    """The increases and reductions the battlefield applies to `player` casting `card`
    (of `mana_value` on the stack) from `zone`: (amount, change) pairs."""
    inc: list[tuple[ManaCost, CostChange]] = []
    red: list[tuple[ManaCost, CostChange]] = []
    for perm in spell_effect_sources(board):
        for mod in perm.card.spell_costs.modifiers:
            if mod.casters == Casters.YOU and perm.controller != player:
                continue
            if mod.casters == Casters.OPPONENTS and perm.controller == player:
                continue
            if mod.spells and not any(card.has_words(alt) for alt in mod.spells):
                continue
            if mod.zones and zone not in mod.zones:
                continue
            if mod.nth_spell is not None and board.player(player).spells_cast_this_turn + 1 != mod.nth_spell:
                continue
            if mod.mana_value_at_least is not None and mana_value < mod.mana_value_at_least:
                continue  # 202.3e: the spell's mana value, X as announced
            if not _in_its_turn(board, mod.turn, perm.controller, player):
                continue
            amount, count, x = mod.amount, None, None
            if mod.per_other_spell:
                count = board.player(player).spells_cast_this_turn
                if not count:
                    continue
                amount = ManaCost(amount.symbols * count)
            if mod.x_is_power:
                # X is the source's power as the total is determined; negative → 0 (107.1b)
                x = max(0, perm.power)
                amount = amount.with_x(x)
            change = CostChange(perm.id, mod.text, by=str(amount), count=count, x=x)
            (inc if mod.direction == Direction.MORE else red).append((amount, change))
    return inc, red


def _self_reductions(board: Board, player: str, card: Card, zone: str,
                     paid: list[str]) -> list[tuple[ManaCost, CostChange]]:
    """The spell's own "costs {1} less for each ..." reductions (702.41 affinity), "{X}
    less where X is ..." and "{2} less if ..." ones (see SelfReduction), given the
    optional costs `paid` (their kinds and texts)."""
    out = []
    for sr in card.spell_costs.self_reductions:
        def matching(who: str) -> list[Permanent]:
            return [perm for perm in board.controlled_by(who) if any(perm.has_words(w) for w in sr.per)]
        mine = matching(player)
        if sr.counting == Counting.PAID:
            n = int(any(p.lower().startswith(sr.if_paid) for p in paid))
        elif sr.counting == Counting.BATTLEFIELD:
            n = len(mine)
        elif sr.counting == Counting.IF_CONTROL:
            n = int(len(mine) >= sr.at_least)
        elif sr.counting == Counting.MANA_VALUE:
            n = sum(perm.card.mana_cost.mana_value for perm in mine if perm.card.mana_cost)
        elif sr.counting == Counting.OPPONENT_MOST:
            n = max((len(matching(o.name)) for o in board.players if o.name != player), default=0)
        elif sr.counting == Counting.OPPONENTS:  # Undaunted (702.125a)
            n = len(board.opponents_of(player))
        elif sr.counting == Counting.COUNTERS:  # the board records no counters on players
            n = sum(max(v, 0) for perm in board.permanents for v in perm.counters.values())
        elif sr.counting == Counting.EVERYONE:  # every player's permanents
            n = sum(1 for perm in board.permanents if any(perm.has_words(w) for w in sr.per))
        elif sr.counting == Counting.DOMAIN:
            n = basic_land_types(board, player)
        elif sr.counting == Counting.PARTY:
            n = party_size(board, player)
        elif sr.counting == Counting.DRAWN:
            n = board.player(player).cards_drawn_this_turn
        elif sr.counting == Counting.GREATEST_POWER:
            n = max((perm.power for perm in mine), default=0)
        elif sr.counting == Counting.TOTAL_POWER:  # 107.1b: a negative total is 0
            n = sum(perm.power for perm in mine)
        elif sr.counting == Counting.DEVOTION:
            n = devotion(board, player, sr.color)
        elif sr.counting == Counting.OPPONENTS_CONTROL:
            n = sum(len(matching(o)) for o in board.opponents_of(player))
        elif sr.counting == Counting.YOUR_TURN:
            n = int(board.active_player == player)
        elif sr.counting == Counting.CAST_ANOTHER:  # the spells it cast before this one
            n = int(board.player(player).spells_cast_this_turn > 0)
        else:  # graveyard; the spell cast from there is on the stack (601.2a)
            cards = zone_cards(board.player(player).graveyard, "graveyard", card.name if zone == Zone.GRAVEYARD else None)
            n = sum(1 for _, nm in cards if any(board.db.get(nm).has_words(w) for w in sr.per))
        n = max(n, 0)
        amount = ManaCost(tuple(s for _ in range(n) for s in sr.amount.symbols))
        if n:
            out.append((amount, CostChange(card.name, sr.text, by=str(amount), count=n, origin=ChangeFrom.SELF)))
    return out


_PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(board: Board, player: str) -> int:
    """How many creatures are in the player's party (700.8): up to one each of Cleric,
    Rogue, Warrior and Wizard among the creatures they control, chosen to make it as large
    as possible (a changeling has every creature type, 702.73a)."""
    subtypes = analyse(board).subtypes
    fits = [frozenset(_PARTY) if "Changeling" in perm.card.keywords else frozenset(_PARTY) & subtypes[perm.id]
            for perm in board.controlled_by(player) if perm.is_creature]

    @cache
    def most(k: int, free: frozenset[str]) -> int:  # the largest party from creatures k.. with roles `free` open
        if k == len(fits) or not free:
            return 0
        return max([most(k + 1, free)] + [1 + most(k + 1, free - {r}) for r in fits[k] & free])
    return most(0, frozenset(_PARTY))


def total_cost(board: Board, player: str | None, cast: CastChoice | str, zone: Zone | str | None = None,
               alt: Alternative | str | None = None, x: int = 0, kicker: int = 0, side: int = 0,
               flashback: int | None = None) -> TotalCost:
    """What casting `cast` costs `player` now (601.2f), step by step.

    `cast` says the card and the choices (see CastChoice); a card name with the keyword
    shortcuts (zone, alt, x, kicker, side, flashback) builds one, by CastChoice's rule
    for the zone left out (where `alt` casts from: flashback from the graveyard).  Without an alternative
    cost a card cast from the graveyard uses flashback if it has one (702.34a).  When
    the card has several costs of that kind (two flashback costs, printed or granted:
    "choose any") and `flashback` names none, the cheapest one, those `player` can pay
    now first (fewest mana, then least life, then the first listed).  Raises
    ParameterError for an unknown card, a card not in that zone, a missing alternative
    cost or bad counts."""
    if not isinstance(cast, CastChoice):  # (CastChoice reads the words as its __post_init__ would)
        alt = member(Alternative, alt, "alt") if alt is not None else None
        cast = CastChoice(cast, member(Zone, zone, "zone") if zone is not None else None, alt, kicker, x, side, flashback)
    plans = cast_plans(board, player, cast)
    if cast.flashback is None:
        return plans[_cheapest_payable(board, plans)] if len(plans) > 1 else plans[0]
    if cast.flashback >= len(plans):
        raise ParameterError("flashback", "%s has %d flashback cost%s: %s" % (
            plans[0].card.name, len(plans), "" if len(plans) == 1 else "s", instances([p.base for p in plans])),
            board.source)
    return plans[cast.flashback]


def cost_answer(board: Board, player: str | None, cast: CastChoice) -> CostAnswer:
    """``cost``: what casting `cast` costs `player` now, step by step (601.2f, `total_cost`),
    with what the total leaves to the payment (the non-mana parts not modelled), the
    announcements (601.2b), the cost keywords that pay instead of mana and the notes."""
    return cost_of(total_cost(board, player, cast))


def cost_of(plan: TotalCost) -> CostAnswer:
    """The ``cost`` answer of a cast's plan (`cost_answer`)."""
    return CostAnswer(
        plan.card.name, plan.zone, plan.player, plan.base.kind,
        None if plan.base.cost is None else str(plan.base.cost), plan.additional, plan.increases, plan.reductions,
        plan.total_text if plan.base.cost is not None else None, plan.mana_value, plan.x, plan.castable_now,
        plan.reason, x_forced_zero=plan.x_forced_zero,  # 107.3b
        exiled_when_leaving_stack=plan.base.kind == Alternative.FLASHBACK,  # 702.34a, however it leaves the stack
        granted=plan.base.granted,
        not_modelled=tuple("non-mana cost part %r is not paid by the payment solver" % o.text for o in plan.other)
        if plan.other and not understood(plan.other) else (),
        by_announcement=tuple(ByAnnouncement(a.text, a.requirement.life, str(a.requirement), tuple(a.paid_with_life))
                              for a in plan.announcements)
        if any(s.needs_announcement for s in plan.cost.symbols) else None,
        pays_with=tuple(k for k, on in (("convoke", plan.convoke), ("improvise", plan.improvise), ("delve", plan.delve))
                        if on),
        notes=tuple(plan.notes))


def cast_plans(board: Board, player: str | None, cast: CastChoice) -> list[TotalCost]:
    """The total cost of each way `cast` may be paid (601.2f): one plan per instance of
    its kind of cost (flashback costs printed and granted) or per choice that changes the
    total (Emerge: the mana value of the creature sacrificed); see `total_cost`."""
    player = board.player(player).name
    if cast.ability is not None:
        return [ability_cost(board, player, cast)]
    if cast.zone == Zone.BATTLEFIELD:
        raise ParameterError("zone", "a card is not cast from the battlefield; --ability face_up turns a "
                             "face-down permanent face up", board.source)
    assert cast.zone is not None  # resolved by CastChoice
    zone, alt = cast.zone.value, cast.alt.value if cast.alt else None
    whole = find_card(board, player, cast.card, zone)
    card = split_half(board, whole, zone, cast.fuse)
    sc = card.spell_costs
    if alt is None and zone in (Zone.GRAVEYARD, Zone.EXILE):
        alt = _permission(board, player, card, zone, cast.flashback is not None)
    choices = base_choices(board, player, card, alt, zone)
    if not choices:
        raise ParameterError("flashback" if cast.flashback is not None else "alt",
                             "%s has no %s cost" % (card.name, alt), board.source)
    optional = optional_costs(board, player, card, zone, alt)
    if (cast.kicker or cast.optional) and not optional:
        raise ParameterError("kicker" if cast.kicker else "optional", "%s has no kicker or other optional "
                             "additional cost%s" % (card.name, " cast this way" if sc.optional_costs else ""), board.source)
    kicks = cast.optional if cast.optional is not None else (
        tuple([cast.kicker] + [0] * (len(optional) - 1)) if optional else ())
    if why := kicks_problem(sc, optional, kicks):
        raise ParameterError("kicker" if cast.optional is None else "optional", "%s: %s; its optional costs, in "
                             "order: %s" % (card.name, why, ", ".join("%s %s" % (o.kind, o.cost) for o in optional)),
                             board.source)
    if cast.targets != 1 and not sc.per_extra_target:
        raise ParameterError("targets", "%s has no cost per target (Strive); leave targets at 1" % card.name, board.source)
    if not cast.side < sides_of(sc):
        raise ParameterError("side", "%s has %d way(s) to pay its additional costs; give 0%s" % (
            card.name, sides_of(sc), " or 1" if sides_of(sc) > 1 else ""), board.source)
    return [_pipeline(board, player, card, zone, base, cast.x, kicks, optional, sc, cast.side, cast.targets, whole.name)
            for base in choices]


def _permission(board: Board, player: str, card: Card, zone: str, flashback: bool) -> str | None:
    """The way of casting `card` from the graveyard or exile when the caller names none:
    from the graveyard its first of flashback (702.34a), escape, disturb, jump-start,
    retrace (an aftermath half: its mana cost); from exile what the board's exile entry says (madness, plotted, foretold;
    None: its mana cost, an adventurer's creature or a warped card)."""
    if zone == Zone.GRAVEYARD and card.spell_costs.aftermath and not flashback:
        return None  # an aftermath half, cast for its mana cost (702.127a)
    if zone == Zone.GRAVEYARD:
        kinds = [k for k in GRAVEYARD_KINDS if base_choices(board, player, card, k, zone)]
        return "flashback" if flashback or not kinds else kinds[0]
    entry = next((e for e in board.player(player).exile if e.card == card.name), None)
    flags = {"madness": "madness", "plotted": "plot", "foretold": "foretell"}
    return next((kind for flag, kind in flags.items() if entry is not None and getattr(entry, flag)), None)


def split_half(board: Board, card: Card, zone: str, fuse: bool) -> Card:
    """What of a split card is cast: both halves fused (702.102a: from the hand, a card
    with fuse; the whole card's combined characteristics, 709.4), the second half of an
    aftermath card from the graveyard (702.127a), the first half of a whole split card
    named from elsewhere (709.3: one half is cast; name a half to cast the other);
    otherwise `card`.  ParameterError for a fuse the card or zone does not allow, or
    halves the card data lacks."""
    faces = board.db.faces(card.name) if card.layout in ("split", "aftermath") else ()
    if fuse:
        if not faces:
            raise ParameterError("fuse", "%s: fuse casts both halves of a split card, and the card data has no "
                                 "halves of it" % card.name, board.source)
        if not any(f.spell_costs.fuse for f in faces):
            raise ParameterError("fuse", "%s has no fuse (702.102a)" % card.name, board.source)
        if zone != Zone.HAND:
            raise ParameterError("fuse", "a fused split spell is cast only from the hand (702.102a)", board.source)
        return board.db.get(" // ".join(f.name for f in faces))
    if zone == Zone.GRAVEYARD and card.layout == "aftermath" and len(faces) > 1 and faces[1].spell_costs.aftermath:
        return faces[1]
    if zone != Zone.GRAVEYARD and len(faces) > 1 and card.name == " // ".join(f.name for f in faces):
        return faces[0]
    return card


def instances(choices: list[BaseChoice]) -> str:
    """The instances of one kind of cost, each with the index that names it."""
    return ", ".join("%d: %s" % (i, c.label) for i, c in enumerate(choices))


def _cheapest_payable(board: Board, plans: list[TotalCost]) -> int:
    """The index of the plan to use when the caller named no instance: a payable one
    before the others, then the fewest mana and the least life, then the first."""
    def rank(i: int) -> tuple[bool, int, int, int]:
        plan = plans[i]
        if not plan.announcements:
            return True, 0, 0, i
        try:
            ok = payable(board, cost_to_pay(board, plan), plan.player)
        except NotPaid:
            ok = False
        cheapest = min(plan.announcements, key=lambda a: (a.requirement.mana_units, a.requirement.life))
        return not ok, cheapest.requirement.mana_units, cheapest.requirement.life, i

    return min(range(len(plans)), key=rank)


def optional_costs(board: Board, player: str, card: Card, zone: str, alt: str | None) -> tuple[OptionalCost, ...]:
    """The optional additional costs a cast of `card` from `zone` with base `alt` may pay:
    its own, then the splice cost of each other card in `player`'s hand that may be
    spliced onto it (702.47a, in hand order; a card is not spliced onto itself); none for
    a face-down spell (702.37c: it has no abilities)."""
    if alt == Alternative.FACE_DOWN:
        return ()
    hand = list(board.player(player).hand)
    if zone == Zone.HAND and card.name in hand:
        hand.remove(card.name)  # the card being cast is on the stack (601.2a)
    spliced = tuple(OptionalCost(OptionalKind.SPLICE, replace(s.cost, text="%s (splice %s)" % (s.cost, name)))
                    for name in hand for s in board.db.get(name).spell_costs.splice
                    if any(card.has_words(onto) for onto in s.onto))
    return card.spell_costs.optional_costs + spliced


def kicks_problem(sc: SpellCosts, optional: tuple[OptionalCost, ...], kicks: tuple[int, ...]) -> str | None:
    """Why paying each optional cost `kicks[i]` times is not a legal choice, or None: one
    number per cost; more than once only for those paid any number of times (multikicker,
    replicate, squad; escalate at most once per mode beyond the first); a Spree spell needs
    one mode or more (702.172a)."""
    if len(kicks) != len(optional):
        return "give %d number(s) for its %d optional cost(s), got %d" % (len(optional), len(optional), len(kicks))
    for times, opt in zip(kicks, optional):
        most = opt.most if opt.repeatable else 1
        if most is not None and times > most:
            return "%s %s may be paid at most %d time(s), got %d" % (opt.kind, opt.cost, most, times)
    if sc.spree and optional and not any(t for t, o in zip(kicks, optional) if o.kind == OptionalKind.SPREE):
        return "choose one or more of its spree modes (702.172a)"
    return None


def sides_of(sc: SpellCosts) -> int:
    """How many sides the card's "A or B" mandatory additional costs offer (1: none)."""
    return max((len(add.sides) for add in sc.additional), default=1)


def _pipeline(board: Board, player: str, card: Card, zone: str, base: BaseChoice, x: int,
              kicks: tuple[int, ...], optional: tuple[OptionalCost, ...], sc: SpellCosts, side: int = 0,
              targets: int = 1, name: str | None = None) -> TotalCost:
    """The TotalCost of casting `card` (a half or face of `name`, the card as it is in
    `zone`; default its own name) with these choices."""
    whole = name or card.name
    face_down = base.kind == Alternative.FACE_DOWN
    if face_down:  # 702.37c, 702.168a: cast as a 2/2 with no text, name, colour or mana cost
        card, sc = replace(FACE_DOWN, name=card.name), SpellCosts(card.name)
    if base.kind in SPECIAL_ACTIONS:  # 116.2: plot, suspend are not casts; only their own cost is paid
        sc, kicks = SpellCosts(sc.card), ()
    x_forced = not base.x_free and x != 0
    x = x if base.x_free else 0  # 107.3b: X is 0 unless the base cost has X
    symbols: list[Symbol] = list(base.cost.mana.with_x(x).symbols) if base.cost else []
    life = base.cost.life if base.cost else 0
    other = list(base.cost.other) if base.cost else []
    additional: list[AdditionalCost] = []
    for times, opt in zip(kicks, optional):  # 118.8b, 702.33: announced in 601.2b
        if times:
            additional.append(AdditionalCost(opt.kind, str(opt.cost), times))
            for _ in range(times):
                symbols += opt.cost.mana.with_x(x).symbols
                life += opt.cost.life
                other += opt.cost.other
    for add in sc.additional:  # mandatory (118.8), also with flashback (seed ruling)
        chosen = add.sides[min(side, len(add.sides) - 1)]
        additional.append(AdditionalCost("mandatory", str(chosen), 1,
                                         tuple(str(c) for c in add.sides) if add.alternatives else ()))
        symbols += chosen.mana.with_x(x).symbols
        life += chosen.life
        other += chosen.other
    if zone == Zone.COMMAND and base.kind not in SPECIAL_ACTIONS and (times := board.player(player).times_cast(card.name)):
        tax = ManaCost.parse("{%d}" % (2 * times))  # 903.8: {2} more for each previous cast from there
        additional.append(AdditionalCost("commander_tax", str(tax), times))
        symbols += tax.symbols
    inc, red = _modifiers(board, player, card, zone, spell_mana_value(card, x)) if base.kind not in SPECIAL_ACTIONS \
        else ([], [])
    if base.reduction:  # 702.119a: an amount of generic mana equal to the sacrificed creature's mana value
        emerged = ManaCost.parse("{%d}" % base.reduction)
        red.append((emerged, CostChange(card.name, "Emerge: the sacrificed creature's mana value (702.119a)",
                                        by=str(emerged), count=1, origin=ChangeFrom.EMERGE)))
    if targets > 1:  # Strive: an increase for each target beyond the first (601.2f)
        for amount in sc.per_extra_target:
            more = ManaCost(amount.symbols * (targets - 1))
            inc.append((more, CostChange(card.name, "Strive", by=str(more), count=targets - 1, origin=ChangeFrom.STRIVE)))
    paid = [text for opt, times in zip(optional, kicks) if times for text in (opt.kind, str(opt.cost))]
    red += _self_reductions(board, player, card, zone, paid) if base.kind not in SPECIAL_ACTIONS else []
    if base.cost is not None:
        for amount, _ in inc:
            symbols += amount.symbols
    reductions = [amount for amount, _ in red]
    unreduced = ManaCost(tuple(symbols))
    floor, floors = _floor(board) if base.cost is not None and base.kind not in SPECIAL_ACTIONS else (0, [])
    shown = ManaCost(_floored(reduce_symbols(symbols, reductions), floor))
    announcements: list[Announcement] = []
    if base.cost is not None:  # 118.6: no cost → nothing to announce, never {0}
        for a in unreduced.announcements():
            announced = [s for s in unreduced.symbols if not s.needs_announcement]
            announced += [h for _, h in a.picks if isinstance(h, Symbol)]
            locked = _floored(reduce_symbols(announced, reductions), floor)
            life_picks = tuple(sorted((p for p in a.picks if isinstance(p[1], Life)),
                                      key=lambda p: unreduced.symbols.index(p[0])))
            announcements.append(Announcement(ManaCost(tuple(locked)), life_picks,
                                              Requirement.of(locked, a.requirement.life + life)))
    why_not = timing_reason(board, player, card, zone, base)
    legal: bool = True
    shown_targets: list[dict] | str | None = None
    if base.kind not in SPECIAL_ACTIONS:  # 116.2: plot and suspend are no casts
        legal, shown_targets = cast_targets(board, player, whole, card, zone, base.kind, kicks, optional)
    if why_not is None and not legal:
        why_not = "no legal choice for %r on the board (601.2c)" % shown_targets
    return TotalCost(
        card=card, zone=zone, player=player, base=base, x=x, x_forced_zero=x_forced, additional=tuple(additional),
        increases=tuple([e for _, e in inc] + floors) if base.cost is not None else (), reductions=tuple(e for _, e in red),
        cost=shown, life=life, other=other, announcements=announcements,
        castable_now=why_not is None, reason=why_not,
        convoke=card.has_cost_keyword(CostKeyword.CONVOKE), improvise=card.has_cost_keyword(CostKeyword.IMPROVISE),
        delve=card.has_cost_keyword(CostKeyword.DELVE), notes=[nu.sentence for nu in sc.not_understood] +
        unapplied_notes(board, card),
        targets=shown_targets if legal else None,
    )


def unapplied_notes(board: Board, card: Card) -> list[str]:
    """What the total of casting `card` leaves out, read but not applied
    (`oracle.unapplied_costs`): the card's own cost sentences, and those of permanents on
    the battlefield that change other spells' costs; each with why."""
    notes = [u.note for u in card.spell_costs.unapplied if not u.others]
    for perm in spell_effect_sources(board):
        notes += ["%s (%s): %s" % (perm.id, perm.name, u.note) for u in perm.card.spell_costs.unapplied if u.others]
    return notes


def _floor(board: Board) -> tuple[int, list[CostChange]]:
    """The highest "each spell that would cost less than N mana costs N mana" in force
    (Trinisphere, while untapped), and each floor in force."""
    floor, entries = 0, []
    for perm in spell_effect_sources(board):
        for f in perm.card.spell_costs.floors:
            if f.while_untapped and perm.tapped:
                continue
            floor = max(floor, f.mana)
            entries.append(CostChange(perm.id, f.text, floor=f.mana, origin=ChangeFrom.FLOOR))
    return floor, entries


def _floored(symbols: list[Symbol], floor: int) -> tuple[Symbol, ...]:
    """601.2f: applied last, a total of fewer than `floor` mana gets generic mana up to
    it (mana only: Phyrexian symbols paid with life are not mana)."""
    short = floor - sum(s.amount if s.kind == SymbolKind.GENERIC else 1 for s in symbols if s.kind != SymbolKind.X)
    if short <= 0:
        return tuple(symbols)
    return tuple(reduce_symbols(list(symbols) + [Symbol(SymbolKind.GENERIC, amount=short)], []))
