"""``manasolve plays``: every play a player may legally start now, with its cost.

Casts: each card in hand for its mana cost and each printed alternative cost (overload,
evoke), each card in the graveyard for each flashback cost (printed or granted on the
board; ``flashback``: the instance's index, which ``pay --card --flashback N`` takes);
each with every choice of optional additional costs (kicker, multikicker, "you
may" costs: paid or not), X announced as 0 and ``x_max``, the largest X still payable
(found by payable checks: counting every X would cost more than the rest of the
answer).  Activations: Saddle (sorcery timing) and Crew of the
player's permanents, counted with `tapsets`, and their other activated abilities whose
cost the oracle parser reads (`Card.activated`).  Each play carries its total cost, whether it is
payable and, when asked, the exact count of payments (design.md).  Plays that timing forbids are left out; plays whose cost
has a part the payment solver does not pay are listed with payable/count ``None``.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from itertools import product

from manasolve.models.board import EXILE_PERMISSIONS, Board, Derivation, Exiled
from manasolve.models.cards import Card
from manasolve.models.mana import Announcement
from manasolve.models.oracle.spell_costs import OptionalKind
from manasolve.models.request import Alternative, Mode, Zone
from manasolve.solver import deadline
from manasolve.solver.other_costs import NotPaid, ability_parts
from manasolve.solver.keyword_abilities import ability_plan, locked
from manasolve.solver.groups import stopped_by_the_clock
from manasolve.solver.pay import pay
from manasolve.solver.payable import CostToPay, cost_to_pay, payable
from manasolve.solver.play_results import (
    ActivationPlay,
    CastPlay,
    FaceUpPlay,
    LandPlay,
    Play,
    PlaysAnswer,
    SpecialPlay,
    Tally,
    Unchecked,
    ZoneAbilityPlay,
)
from manasolve.solver.results import Counted, PayAnswer
from manasolve.solver.cast_keywords import GRAVEYARD_KINDS
from manasolve.solver.production import condition_holds
from manasolve.solver.targets import Casting, check_targets
from manasolve.solver.tapsets import activation_timing, candidates, count_sets, unread_tap_lines
from manasolve.solver.timing import flash_unread, land_play_reason, no_priority_reason, sorcery_timing_reason
from manasolve.solver.total_cost import (
    BaseChoice,
    TotalCost,
    _pipeline,
    base_choices,
    kicks_problem,
    optional_costs,
    sides_of,
    split_half,
    timing_reason,
)

# Largest X / number of kicks the x_max / times_max search tries (a board would need
# that much mana for the cap to matter).
LARGEST_SEARCHED = 4096


class _Counter:
    """Payable/count of locked totals, each distinct requirement counted once per answer."""

    def __init__(self, board: Board, player: str, counting: bool = False, time_limit: float | None = None):
        self.board, self.player = board, player
        self.counting, self.time_limit = counting, time_limit
        self.cache: dict[tuple, tuple[bool, Tally | None]] = {}

    def _to_pay(self, plan: TotalCost) -> CostToPay | None:
        """What pays the plan; None if it has a non-mana part the payment solver does not pay."""
        try:
            return cost_to_pay(self.board, plan)
        except NotPaid:
            return None

    def feasible(self, plan: TotalCost) -> bool | None:
        """Whether the plan's locked total can be paid (CP-SAT); None if it has a non-mana
        part the payment solver does not pay."""
        what = self._to_pay(plan)
        if what is None:
            return None
        key = what.count_key()
        if key in self.cache:
            return self.cache[key][0]
        try:
            return bool(plan.announcements) and payable(self.board, what, self.player)
        except NotPaid:
            return None

    def count(self, plan: TotalCost) -> tuple[bool | None, Tally | None]:
        """(payable, the count: exact, or at least past the time limit; None unless
        counting); (None, an uncounted Tally) for a non-mana part not paid."""
        what = self._to_pay(plan)
        if what is None:
            return None, Tally(None)
        key = what.count_key()
        if key not in self.cache:
            try:
                ans = self.ask(what)
            except NotPaid:
                return None, Tally(None)
            self.cache[key] = (ans.payable, _tally(ans))
        return self.cache[key]

    def ask(self, what: CostToPay, board: Board | None = None) -> PayAnswer:
        """The pay answer for `what`: payable only, or with the count when counting."""
        if self.counting:
            return pay(board or self.board, what, self.player, Mode.COUNT, time_limit=self.time_limit)
        return pay(board or self.board, what, self.player, Mode.PAYABLE)


def _tally(answer: PayAnswer) -> Tally | None:
    """A play's count from a pay answer (None for a payable-only answer); a count not
    finished says why in its `undone` lines (the time limit, or a memory bound)."""
    found = answer.found
    return Tally(found.count, found.exact, found.undone) if isinstance(found, Counted) else None


def _largest(ok, low: int) -> int:
    """The largest n >= low with ok(n), given ok(low) and ok monotone decreasing (more X
    or more kicks only add mana): doubling, then bisection; capped at LARGEST_SEARCHED."""
    hi = max(1, 2 * low)
    while hi <= LARGEST_SEARCHED and ok(hi):
        low, hi = hi, 2 * hi
    hi = min(hi, LARGEST_SEARCHED + 1)  # ok(hi) is False or hi is past the cap
    while hi - low > 1:
        mid = (low + hi) // 2
        if ok(mid):
            low = mid
        else:
            hi = mid
    return low


def _cast_entry(name: str, plan: TotalCost, payable_: bool | None, count: Tally | None, via: str,
                instance: int) -> CastPlay:
    return CastPlay(
        name, plan.zone, via, plan.total_text, payable_, count,
        face=plan.card.name if plan.card.name != name else None,  # a half or face of the card (709.3, 715.3, 712.11)
        flashback=instance if plan.base.kind == Alternative.FLASHBACK else None,  # which instance (pay --card --flashback N)
        additional=tuple(plan.additional) or None,
        x=plan.x if plan.base.x_free else None,
        not_modelled=tuple(o.text for o in plan.other) if plan.other and payable_ is None else None,
        exiled_when_leaving_stack=True if plan.base.kind in (Alternative.FLASHBACK, Alternative.JUMP_START) else None,  # 702.34a, 702.133a
        notes=tuple(plan.notes) or None)  # cost sentences not understood: the total may miss what they say


def _cast_plays(board: Board, player: str, name: str, zone: str, base: BaseChoice, counter: _Counter,
                instance: int = 0, face: Card | None = None) -> list[CastPlay]:
    """One base cost of one card (the `instance`-th of its kind; its `face` when a half or
    face of it is cast) with each choice of optional costs (paid or not).

    X is announced 0 in the listed play; ``x_max`` is the largest X still payable (every
    X up to it is a legal, payable play: `pay --card --x N` counts each).  A multikicker
    is listed unkicked and kicked once, with ``times_max`` the most kicks still payable."""
    card = face or board.db.get(name)
    if timing_reason(board, player, card, zone, base) is not None:
        return []
    sc = card.spell_costs
    optional = optional_costs(board, player, card, zone, base.kind)
    via = base.kind + (" (granted)" if base.granted else "")
    out: list[CastPlay] = []

    def plan_for(kicks: tuple[int, ...], x: int = 0, side: int = 0) -> TotalCost:
        return _pipeline(board, player, card, zone, base, x, kicks, optional, sc, side, name=name)

    for side, kicks in product(range(sides_of(sc)), product(*[range(2)] * len(optional))):
        if kicks_problem(sc, optional, kicks):
            continue  # a Spree spell with no mode chosen (702.172a)
        plan = plan_for(kicks, side=side)
        if not plan.castable_now:
            continue  # the timing is right (above): 601.2c, a required target of this cast has no legal choice
        # a Spree spell is listed with each single mode, payable or not (it needs one)
        single_mode = sc.spree and sum(kicks) == 1 and optional[kicks.index(1)].kind == OptionalKind.SPREE
        if any(kicks) and not single_mode and counter.feasible(plan) is False:
            continue  # paying an optional cost you can't afford is not a play worth listing
        payable_, count = counter.count(plan)
        entry = replace(
            _cast_entry(name, plan, payable_, count, via, instance), targets=plan.targets,
            optional=tuple(kicks) if optional else None,  # pay --card --optional takes these back
            # Strive: with one target; pay --card --targets N
            more_per_extra_target="".join(str(m) for m in sc.per_extra_target)
            if sc.per_extra_target and base.kind != Alternative.FACE_DOWN else None)
        if payable_ and base.x_free:
            entry = replace(entry, x_max=_largest(lambda x: counter.feasible(plan_for(kicks, x, side)), 0))
        for i, (k, opt) in enumerate(zip(kicks, optional)):
            if k and opt.repeatable and payable_:
                entry = replace(entry, times_max=_largest(
                    lambda n: (opt.most is None or n <= opt.most)
                    and counter.feasible(plan_for(kicks[:i] + (n,) + kicks[i + 1:], side=side)), 1))
        out.append(entry)
    return out


def _with_tapped(board: Board, pid: str) -> Board:
    """The board with permanent `pid` tapped (its {T} paid: it can't also make mana),
    derived from `board` (`Derivation`): its production analysis and the other
    permanents' resource entries are `board`'s."""
    players = [replace(p, battlefield=[replace(perm, tapped=True) if perm.id == pid else perm for perm in p.battlefield])
               for p in board.players]
    return replace(board, players=players, derived=Derivation(weakref.ref(board), frozenset({"permanent.tapped"})))




def _activation_plays(board: Board, player: str, counter: _Counter) -> list[ActivationPlay]:
    """Saddle/Crew and other activated abilities of `player`'s permanents, legal now."""
    out: list[ActivationPlay] = []
    if no_priority_reason(board, player) is not None:
        return out
    for perm in board.controlled_by(player):
        for line in unread_tap_lines(perm):
            out.append(ActivationPlay(perm.id, line, count=Tally(None), not_modelled=("not understood",)))
        for tc in perm.card.tap_costs:
            if activation_timing(board, perm, tc, player) is not None:
                continue
            n = count_sets([c.counted for c in candidates(board, perm, tc)], tc.n)
            out.append(ActivationPlay(perm.id, "%s %d" % (tc.keyword, tc.n),
                                      total="Tap other untapped creatures with total power %d or more" % tc.n,
                                      payable=n > 0, count=Tally(n) if counter.counting else None))
        for ab in perm.card.activated:
            if ab.sorcery and sorcery_timing_reason(board, player, "") is not None:
                continue
            allowed = condition_holds(board, perm, ab.activate_if)
            if condition_holds(board, perm, ab.present_if) is False or allowed is False:
                continue  # outside its band or without max speed (711.2a, 702.184b, 702.178a); exhausted (702.177a);
                # "Activate only if ..." / "during your turn" does not hold (602.5b)
            if ab.per_turn is not None and perm.times_activated(ab.text) >= ab.per_turn:
                continue  # 602.5b: "Activate only once each turn" / "no more than twice each turn", and the
                # board's `activated` says it was, that many times
            legal, targets = check_targets(board, ab.targeting, Casting(player, source=perm.id, card=perm.card))
            if not legal:
                continue  # 602.2b, 601.2c: a required target with no legal choice (Equip: 702.6a)
            # what may forbid it now that the model does not read: named, never guessed
            unread = tuple("%r is not modelled: listed whether or not it holds" % s for s in ab.unread)
            if allowed is None:
                unread += ("its \"Activate only ...\" condition: the board does not say whether it holds",)
            entry = ActivationPlay(perm.id, ab.text, targets, not_modelled=unread or None)
            c = ab.cost
            if c is None:
                out.append(replace(entry, count=Tally(None), not_modelled=unread + ("cost not understood",)))
                continue
            if c.tap and (perm.tapped or not perm.can_use_tap_abilities):
                continue  # 107.5, 302.6
            if c.untap and (not perm.tapped or not perm.can_use_tap_abilities):
                continue  # 107.6
            entry = replace(entry, total=str(c))
            paying = _with_tapped(board, perm.id) if c.tap else board
            anns = [Announcement(a.cost, a.picks, replace(a.requirement, life=a.requirement.life + c.life))
                    for a in c.mana.announcements()]
            try:
                ans = counter.ask(CostToPay(c.mana, tuple(anns), parts=tuple(ability_parts(paying, paying.get(perm.id), c))),
                                  paying)
            except NotPaid as exc:
                out.append(replace(entry, count=Tally(None), not_modelled=unread + (str(exc),)))
                continue
            out.append(replace(entry, payable=ans.payable, count=_tally(ans)))
    return out


def _land_plays(board: Board, player: str, counting: bool) -> list[LandPlay]:
    """A land play for each different land card in `player`'s hand, and for each modal
    double-faced card whose back face is a land (``face``; a Pathway's either face, 712.11),
    when a land may be played now (305.1-305.3).  Playing a land costs nothing: payable,
    one way (``count`` 1, when `counting`)."""
    if land_play_reason(board, player) is not None:
        return []
    out: list[LandPlay] = []
    one = Tally(1) if counting else None
    for name in dict.fromkeys(board.player(player).hand):
        if board.db.get(name).is_type("Land"):
            out.append(LandPlay(name, count=one))
        if (back := board.db.back_face(name)) is not None and back.is_type("Land"):
            out.append(LandPlay(name, back.name, count=one))
    return out


# The ways of casting from the hand: the mana cost, then each alternative cost (118.9).
HAND_KINDS = (None, "overload", "evoke", "alternative", "cleave", "face_down", "dash", "blitz", "bestow", "warp", "sneak", "mutate",
              "miracle", "spectacle", "surge", "prowl", "emerge")

# Layouts with a half or face cast on its own besides the front (709, 702.127, 715, 712.11).
MULTI_FACE = ("split", "aftermath", "adventure", "modal_dfc")
# ... and those whose other face is a spell cast as a copy (prepare) or the card flipped (710).
OTHER_FACES = (*MULTI_FACE, "prepare", "flip")


def _faces_cast_from_hand(board: Board, name: str) -> list[Card]:
    """What of the card `name` may be cast from the hand, as the card data gives its faces:
    either half of a split card (709.3; an aftermath card only its first half, 702.127a),
    an adventurer card as itself or its Adventure (715.3), a modal double-faced card's
    front or a back face that is not a land (712.11; a land face is a land play)."""
    card = board.db.get(name)
    faces = board.db.faces(name)
    if len(faces) < 2:
        return [card]
    front = faces[0] if name in [f.name for f in faces[1:]] else card  # the hand names a back face
    if card.layout == "split":
        return list(faces)
    if card.layout == "aftermath":
        return [faces[0]]
    if card.layout == "adventure" or (card.layout == "modal_dfc" and not faces[1].is_type("Land")):
        return [front, faces[1]]
    return [front]


def plays_answer(board: Board, player: str | None = None, count: bool = False,
                 time_limit: float | None = None) -> PlaysAnswer:
    """The ``plays`` answer: every play `player` (default: the active player) may start
    now, each with its total cost, whether it is payable and, with `count`, the exact
    payment count (``count``; ``count_at_least`` and ``count_undone`` when a count passes
    `time_limit` seconds or a memory bound).
    Past the question's time limit (solver.deadline) the plays checked so far, and the
    cards (``{"kind": "cast", "zone", "card"}``), land plays (``{"kind": "land"}``) or
    activations (``{"kind": "activate"}``) not checked under ``unchecked``; a partial
    answer has ``time_limit_reached``."""
    me = board.player(player)
    counter = _Counter(board, me.name, count, time_limit)
    # The answer in parts, each checked whole: past the question's time limit
    # (solver.deadline) the part being checked and those after it are listed unchecked.
    parts: list[tuple[Unchecked, Callable[[], Sequence[Play]]]] = [
        (Unchecked("land"), lambda: _land_plays(board, me.name, count))]
    # the hand (each half or face that may be cast), commanders in the command zone (903.8:
    # with the commander tax), flashback from the graveyard, then cards cast from exile
    for zone, names in (("hand", me.hand), ("command", me.in_command_zone), ("graveyard", me.graveyard)):
        parts += [(Unchecked("cast", zone, name), partial(_card_plays, board, me.name, name, zone, counter))
                  for name in dict.fromkeys(names)]
    parts += [(Unchecked("cast", "exile", e.card), partial(_exile_plays, board, me.name, e, counter))
              for e in me.exile if any(getattr(e, flag) for flag in EXILE_PERMISSIONS)]
    parts.append((Unchecked("activate"), lambda: [*_activation_plays(board, me.name, counter),
                                                  *keyword_ability_plays(board, me.name, counter)]))
    out: list[Play] = []
    unchecked: list[Unchecked] = []
    for what, plays_of in parts:
        if not unchecked:
            try:
                deadline.check()
                out += plays_of()
                continue
            except deadline.TimeUp:
                pass
        unchecked.append(what)
    not_modelled = None
    if sorcery_timing_reason(board, me.name, "") is not None:  # a flash permission not read could matter now
        unread = [u for name in dict.fromkeys(me.hand) for u in flash_unread(board, me.name, board.db.get(name))]
        if unread:
            not_modelled = tuple("not understood, so not applied: %s" % u for u in dict.fromkeys(unread))
    # a count stopped over a memory bound is partial too, but not by the clock: its
    # count_undone says so, and it marks no time_limit_reached
    by_time = bool(unchecked) or any(p.count is not None and stopped_by_the_clock(list(p.count.undone)) for p in out)
    return PlaysAnswer(me.name, tuple(out), not_modelled, tuple(unchecked) or None, True if by_time else None)


def _card_plays(board: Board, player: str, name: str, zone: str, counter: _Counter) -> list[CastPlay | SpecialPlay]:
    """The casts of card `name` from `zone`: from the graveyard each flashback cost, else
    the mana cost and each printed alternative cost of each half or face cast from there."""
    card = board.db.get(name)
    if zone == Zone.GRAVEYARD:
        out: list[CastPlay | SpecialPlay] = [play for kind in GRAVEYARD_KINDS for i, base in enumerate(base_choices(board, player, card, kind, zone))
               for play in _cast_plays(board, player, name, zone, base, counter, i)]
        if (half := split_half(board, card, zone, False)) is not card:  # 702.127a
            out += [play for base in base_choices(board, player, half, None, zone)
                    for play in _cast_plays(board, player, name, zone, base, counter, face=half)]
        return out
    faces = _faces_cast_from_hand(board, name) if zone == Zone.HAND else [card]
    out = [play for face in faces for alt in HAND_KINDS
           for base in base_choices(board, player, face, alt, zone)
           for play in _cast_plays(board, player, name, zone, base, counter, face=face)]
    if zone == Zone.HAND:
        out += _special_plays(board, player, name, counter)
    if zone == Zone.HAND and len(faces) == 2 and card.layout == "split" and any(f.spell_costs.fuse for f in faces):
        whole = split_half(board, card, zone, True)  # 702.102a: both halves, both mana costs
        out += [replace(play, fuse=True) for base in base_choices(board, player, whole, None, zone)
                for play in _cast_plays(board, player, name, zone, base, counter, face=whole)]
    if card.layout in OTHER_FACES and not board.db.faces(name):
        # never silently: its other half or face is not known
        # (a SpecialPlay has no other_faces: replace() raised TypeError on one before)
        out = [replace(entry, other_faces="not in the card data") if isinstance(entry, CastPlay) else entry
               for entry in out]
    return out


def _exile_plays(board: Board, player: str, exiled: Exiled, counter: _Counter) -> list[CastPlay]:
    """A card cast from exile: an adventurer card's creature (front) face after its
    adventure (715.4) or a warped card for its mana cost (warp), a foretold card for its
    foretell cost (702.143a), a card discarded with madness for its madness cost (702.35a),
    a plotted card free as a sorcery (702.170d)."""
    alt = "foretell" if exiled.foretold else "madness" if exiled.madness else "plot" if exiled.plotted else None
    return [play for base in base_choices(board, player, board.db.get(exiled.card), alt, "exile")
            for play in _cast_plays(board, player, exiled.card, "exile", base, counter)]



def keyword_ability_plays(board: Board, player: str, counter: _Counter) -> list[ZoneAbilityPlay | FaceUpPlay]:
    """Unearth, embalm and eternalize of the cards in `player`'s graveyard, ninjutsu of the
    cards in their hand, and turning each face-down permanent they control face up
    (solver.keyword_abilities), when they may be used now."""
    me = board.player(player)
    out: list[ZoneAbilityPlay | FaceUpPlay] = []
    for zone, names in (("hand", me.hand), ("graveyard", me.graveyard)):
        for name in dict.fromkeys(names):
            card = board.db.get(name)
            for ability in card.spell_costs.zone_abilities:
                plan = ability_plan(board, player, card, ability)
                if ability.zone == zone and plan.castable_now:
                    out.append(ZoneAbilityPlay(name, zone, ability.kind.value, *_ability_fields(plan, counter)))
    if no_priority_reason(board, player) is None:  # 116.2b: a special action, any time with priority
        for perm in board.controlled_by(player):
            if perm.face_up_card is not None:
                for f in perm.face_up_card.spell_costs.face_up[:1]:
                    plan = locked(board, player, perm.face_up_card, "battlefield", f.kind.value, f.cost, None)
                    out.append(FaceUpPlay(perm.id, perm.face_up_card.name, f.kind.value,
                                          *_ability_fields(plan, counter)))
    return out


def _ability_fields(plan: TotalCost, counter: _Counter) -> tuple:
    """An ability play's total, payable, count, what is not modelled and notes."""
    payable_, count = counter.count(plan)
    return (plan.total_text, payable_, count,
            tuple(o.text for o in plan.other) if plan.other and payable_ is None else None,
            tuple(plan.notes) or None)



def _special_plays(board: Board, player: str, name: str, counter: _Counter) -> list[SpecialPlay]:
    """The special actions that exile card `name` from the hand (116.2): Plot (702.170a,
    as a sorcery) and Suspend (702.62a, when the card could be cast; Suspend X with X
    announced 1, X can't be 0, and ``x_max``).  Each as ``{"kind": "special", "action",
    "card", "zone": "hand", "total", "payable"}`` (with ``time_counters`` for suspend)."""
    card = board.db.get(name)
    out: list[SpecialPlay] = []
    for special in card.spell_costs.specials:
        base = BaseChoice(special.kind, special.cost, special.cost.has_x)
        if timing_reason(board, player, card, "hand", base) is not None:
            continue
        x_min = 1 if base.x_free else 0  # "X can't be 0"

        def plan_for(x: int) -> TotalCost:
            return _pipeline(board, player, card, "hand", base, x, (), (), card.spell_costs)

        plan = plan_for(x_min)
        payable_, count = counter.count(plan)
        out.append(SpecialPlay(
            special.kind.value, name, "hand", plan.total_text, payable_, count,
            time_counters=(special.time_counters if special.time_counters is not None else "X")
            if special.kind == Alternative.SUSPEND else None,
            x=x_min if base.x_free else None,
            x_max=_largest(lambda x: counter.feasible(plan_for(x)), x_min) if base.x_free and payable_ else None,
            not_modelled=tuple(o.text for o in plan.other) if plan.other and payable_ is None else None))
    return out

