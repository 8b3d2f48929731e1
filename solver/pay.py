"""``manasolve pay``: can a cost be paid, how many ways, which ways, and a cheapest way."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING
from dataclasses import dataclass, replace
from itertools import chain, islice

from manasolve.models.board import Board, ParameterError
from manasolve.models.mana import (
    Announcement,
    CostSyntaxError,
    ManaCost,
    SymbolKind,
)
from manasolve.models.abilities import SpendPurpose
from manasolve.models.oracle.words import strip_reminder
from manasolve.models.request import Alternative, CastChoice, Mode, PaymentRequest
from manasolve.solver import deadline
from manasolve.solver.flow_pay import flow_payable
from manasolve.solver.results import (
    ActivationUse,
    Announced,
    BestFound,
    CastFields,
    ChoiceTotal,
    Counted,
    DelveUse,
    Found,
    PartAsk,
    PartChosen,
    PartShare,
    PayAnswer,
    PaymentGroup,
    PoolUse,
    TapUse,
)
from manasolve.solver.resources import (
    TAP_PURPOSE,
    CounterUse,
    PatternKind,
    PoolMana,
    Resources,
    SpellBeingCast,
    collect,
)
from manasolve.solver.other_costs import NotPaid, Option, PartChoice, cheapest, options, parse_parts

if TYPE_CHECKING:  # the counter (numpy, OR-Tools' flows) is imported when a count is asked
    from manasolve.solver.enumerate import Group, PaymentCounter


def payment_group(counter: PaymentCounter, announcement: Announcement, group: Group,
                  option: Option | None = None, parts: list[PartChoice] | None = None) -> PaymentGroup:
    """One counted group as a typed PaymentGroup (with the parts' choices folded in)."""
    activations, tapped, exiled, pool = [], [], [], []
    life = announcement.requirement.life
    for ci, ri, n in group.uses:
        cls = counter.classes[ci]
        for k, role in enumerate(cls.roles[ri].parts):
            p = role.pattern
            if p.kind == PatternKind.MANA and isinstance(cls.members[0], PoolMana):
                pool.append(PoolUse("{%s}" % p.bundle[0], n))
            elif p.kind == PatternKind.MANA:
                # n activations of one counter-limited ability name its permanent once
                ids = (cls.members[0].source,) if isinstance(cls.members[0], CounterUse) else tuple(cls.ids)
                # k > 0: the members of the use before, once more (made mana, then sacrificed)
                activations.append(ActivationUse(ids, n, role.describe(), "".join("{%s}" % t for t in p.bundle),
                                                 tuple(role.via or ()), bool(k), role.riders))
                life += n * p.life
            elif p.kind == PatternKind.DELVE:
                exiled.append(DelveUse(tuple(cls.ids), n))
            else:
                tapped.append(TapUse(tuple(cls.ids), n, TAP_PURPOSE[p.kind]))
    multiplicity, shares, asks = group.multiplicity, None, ()
    if option is not None and parts:
        # The parts' choices are folded into the multiplicity; each share names the
        # objects (one representative per interchangeable one) this group keeps out of
        # the mana payment because a part takes them.
        multiplicity *= option.ways
        shares = tuple(PartShare(part.text, tuple(option.chosen_reserved.get(i, []))) for i, part in enumerate(parts))
        asks = tuple(PartAsk(part.kind, part.k, tuple(part.eligible)) for part in parts)
    return PaymentGroup(multiplicity, announcement.text, life, tuple(activations), tuple(tapped), tuple(exiled),
                        tuple(pool), shares, asks)


def counters(board: Board, player: str, announcements: list[Announcement], resources: Resources) -> list[tuple[Announcement, PaymentCounter]]:
    """One exact counter per announcement of the cost."""
    from manasolve.solver.enumerate import PaymentCounter, plan

    life = board.player(player).life
    plan(resources, [a.requirement for a in announcements], life)
    return [(a, PaymentCounter(resources, a.requirement, life)) for a in announcements]


def listed_groups(per: list[tuple[Announcement, PaymentCounter]], deadline: float | None = None,
                  unlisted: list[str] | None = None, seconds: float | None = None
                  ) -> Iterator[tuple[Announcement, PaymentCounter, Group]]:
    """The groups of every counter with its announcement and counter, until `deadline`
    (a time.monotonic() value, `seconds` after the question began) passes; then the lines
    of the announcements whose groups were not all listed go to `unlisted`."""
    from manasolve.solver.enumerate import CountOverBound, CountTimeout

    for k, (a, c) in enumerate(per):
        c.set_deadline(deadline)
        try:
            for g in c.groups():
                yield a, c, g
        except CountTimeout as stop:
            if unlisted is not None:
                why = stop.why if isinstance(stop, CountOverBound) else None
                unlisted += [_undone(b.text, why, seconds) for b, _ in per[k:]]
            return


def _listed(per: list[tuple[Announcement, PaymentCounter]], option: Option,
            parts: list[PartChoice] | None, deadline: float | None = None,
            unlisted: list[str] | None = None, seconds: float | None = None) -> Iterator[PaymentGroup]:
    """The groups of every counter as PaymentGroups, as `listed_groups` lists them."""
    for a, c, g in listed_groups(per, deadline, unlisted, seconds):
        yield payment_group(c, a, g, option, parts)


@dataclass(frozen=True)
class CostToPay:
    """What the payment solver pays: a mana cost and how it may be paid.

    `announcements` overrides the 601.2b announcements of `cost` (a total-cost pipeline
    applies reductions to each; None: the cost's own); convoke / improvise / delve: the
    cost keywords in force; `casting_from_graveyard`: the card being cast from there
    (on the stack, 601.2a: delve can't exile it); `parts`: the total cost's non-mana
    parts (solver.other_costs), paid with it, every way to choose their objects counted;
    `spell`: the spell being paid, so mana with a spend restriction may pay it (106.6)."""

    cost: ManaCost
    announcements: tuple[Announcement, ...] | None = None
    convoke: bool = False
    improvise: bool = False
    delve: bool = False
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
        return list(self.announcements) if self.announcements is not None else self.cost.announcements()


def _paid(what: CostToPay | ManaCost) -> CostToPay:
    return what if isinstance(what, CostToPay) else CostToPay(what)


def _setup(board: Board, what: CostToPay, player: str | None) -> tuple[str, list[Announcement], Resources, list[Option]]:
    """The paying player's name, the announcements, the resources and the ways to share
    objects with the non-mana parts (one option without parts; none if a part can't be
    paid at all, 118.3)."""
    player = board.player(player).name
    res = collect(board, player, convoke=what.convoke, improvise=what.improvise, delve=what.delve,
                  casting_from_graveyard=what.casting_from_graveyard, spell=what.spell)
    parts = list(what.parts)
    return player, what.all_announcements(), res, (options(res, parts) if parts else [Option(res, 1)])


def pay(board: Board, what: CostToPay | ManaCost, player: str | None = None, mode: Mode | str = Mode.COUNT,
        limit: int | None = 50, keep: list | None = None, order: tuple[str, ...] | None = None,
        time_limit: float | None = None, why: bool = True, candidates: int = 4096) -> PayAnswer:
    """The ``pay`` answer for `what` (a CostToPay, or a bare mana cost) on `board` for
    `player` (default: the active player).

    mode: ``payable`` (payable, and the announcement paid), ``count`` (payable + exact
    count), ``all`` (also the grouped payments, at most `limit` groups; None or 0: all)
    or ``best`` (one payment chosen by the lexicographic objective of
    `manasolve.solver.best` in criteria `order`, keeping the `keep` costs (KeepCost)
    payable where possible, with the reason in ``why``).
    `time_limit` (seconds; None: none) bounds counting and listing: past it the count is
    a lower bound (`Counted.exact` False, `undone` the announcements not finished).
    `why` (mode ``best``): also explain the choice against the runner-up.
    mode ``candidates``: at most `candidates` groups ranked by the best order
    (solver.candidates).
    Raises NotPaid when the parts' choices are too many to count.
    """
    what, mode = _paid(what), Mode(mode)
    player, anns, res, opts = _setup(board, what, player)
    parts = list(what.parts)
    life = board.player(player).life
    found: Found
    if mode is Mode.BEST:
        from manasolve.solver.best import DEFAULT_ORDER

        found = _best_over_options(board, player, opts, anns, parts, keep, order or DEFAULT_ORDER, why)
        payable_ = found.best is not None
    elif mode is Mode.CANDIDATES:
        from manasolve.solver.best import DEFAULT_ORDER
        from manasolve.solver.candidates import ranked_candidates

        if parts:
            raise ParameterError("mode", "candidates: a cost with non-mana parts (%s) is not ranked yet; ask "
                                 "mode all or best" % ", ".join(p.text for p in parts), board.source)
        casting = what.spell.name if what.spell is not None and what.spell.zone == "hand" else None
        found = ranked_candidates(board, player, res, anns, keep or [], order or DEFAULT_ORDER, candidates, casting)
        payable_ = bool(found.candidates)
    elif mode is Mode.PAYABLE:
        paid = next((a for opt in opts for a in anns if resources_payable(opt.resources, [a], life)), None)
        payable_, found = paid is not None, Announced(paid.text if paid is not None else None)
    else:
        payable_, found = _counted(board, opts, anns, parts, life, mode, limit, time_limit)
    return PayAnswer(str(what.cost), player, payable_, found, tuple(parts), tuple(res.skipped))


def _counted(board: Board, opts: list[Option], anns: list[Announcement], parts: list[PartChoice], life: int,
             mode: Mode, limit: int | None, time_limit: float | None) -> tuple[bool, Counted]:
    """Modes count and all: whether payable, and the count (and the groups listed)."""
    from manasolve.solver.enumerate import TIME_LIMIT, PaymentCounter, plan

    with deadline.time_limit(time_limit):  # the sooner of this count's limit and the question's
        stop, seconds = deadline.deadline(), deadline.seconds()
    total, payable_, undone, unlisted = 0, False, [], []
    listed: list[tuple[list, Option]] = []  # (counters, option) of each option whose groups may be listed
    for opt in opts:
        # A flow (or CP-SAT) first: an unpayable cost is answered without any counting.
        if not resources_payable(opt.resources, anns, life):
            continue
        payable_ = True
        plan(opt.resources, [a.requirement for a in anns], life, stop)
        per = []
        for a in anns:
            if deadline.past(stop):
                undone.append(_undone(a.text, None, seconds))  # not started (nor its flow): no counter built
                continue
            c = PaymentCounter(opt.resources, a.requirement, life)
            if len(anns) > 1 and c.split is None and not _maybe_payable(opt.resources, a, life):
                continue  # a flow rules it out (a split count says 0 as fast)
            per.append((a, c))
            n, stopped = c.count_by(stop)
            total += opt.ways * n
            if stopped:
                undone.append(_undone(a.text, None if stopped == TIME_LIMIT else stopped, seconds))
        listed.append((per, opt))
    payments, listed_all, payments_undone = None, False, ()
    if mode is Mode.ALL:
        until = _listing_stop(stop)
        groups = chain.from_iterable(_listed(per, opt, parts, until, unlisted, seconds) for per, opt in listed)
        payments = tuple(islice(groups, limit)) if limit else tuple(groups)
        listed_all = not undone and sum(g.multiplicity for g in payments) == total
        if unlisted and not listed_all:  # the listing stopped before the limit of groups
            payments_undone = tuple(unlisted)
    by_time = stopped_by_the_clock(undone + list(payments_undone))
    return payable_, Counted(total, not undone, tuple(undone), payments, listed_all, payments_undone, by_time)


# The share of the time left that a listing leaves for writing its answer: writing the
# JSON of the groups listed takes about a tenth of the time listing them took (measured
# on 160 lands, `pay --all --limit 1000000 --timeout 10` on a busy machine: 0.6 s to
# write the 3.4 MB listed in 7 s; benchmarks/time_limits.py has the whole answer's time).
WRITING_SHARE = 0.15


def _listing_stop(stop: float | None) -> float | None:
    """When a listing that begins now stops, for its answer to be written by `stop` (a
    time.monotonic() value; None: never)."""
    return None if stop is None else stop - WRITING_SHARE * max(stop - time.monotonic(), 0.0)


# The words of a count_undone / payments_undone line that stopped at the time limit.
TIME_LIMIT_WORDS = "not finished within"


def stopped_by_the_clock(undone: list[str]) -> bool:
    """Whether some count_undone / payments_undone line stopped at the time limit (the
    others stopped over a memory bound: not a time limit)."""
    return any(TIME_LIMIT_WORDS in u for u in undone)


def _undone(announcement: str, over_bound: str | None, seconds: float | None) -> str:
    """The count_undone / payments_undone line of an announcement not finished: at the
    time limit of `seconds` (over_bound None), or over a memory bound (`over_bound`)."""
    if over_bound is None:
        return "announcement %s: %s %g s" % (announcement, TIME_LIMIT_WORDS, seconds or 0)
    return "announcement %s: not counted: %s" % (announcement, over_bound)


def _best_over_options(board: Board, player: str, opts: list[Option], anns: list[Announcement],
                       parts: list[PartChoice], keep: list | None, order: tuple[str, ...], why: bool) -> BestFound:
    """--best with non-mana parts: the first reservation (fewest objects taken from the
    mana payment) whose mana side is payable, then the least valuable objects for each
    part (solver.other_costs.cheapest)."""
    from manasolve.solver.best import best_payment

    life = board.player(player).life
    for opt in opts:
        if parts and not resources_payable(opt.resources, anns, life):
            continue
        found = best_payment(board, player, opt.resources, anns, keep, order, why)
        if not parts or found.best is None:
            return found
        chosen = []
        for i, part in enumerate(parts):
            reserved = opt.chosen_reserved.get(i, [])
            chosen.append(PartChosen(part.text, part.kind, tuple(reserved + cheapest(board, part, opt.free[i], reserved))))
        return replace(found, best=replace(found.best, chosen=tuple(chosen)), parts_why=(
            "gives up the least valuable eligible objects%s" % (
                " (it needs some the mana payment could use)" if opt.reserved_count else
                ", none the mana payment could use")))
    return BestFound(None, {}, why=(), no_option=True)


def payable(board: Board, what: CostToPay | ManaCost, player: str | None = None) -> bool:
    """Whether some payment of `what` (with its non-mana parts, for its spell) exists (a
    flow, else CP-SAT feasibility)."""
    player, anns, _, opts = _setup(board, _paid(what), player)
    return any(resources_payable(opt.resources, anns, board.player(player).life) for opt in opts)


def payable_each(board: Board, costs: list[ManaCost], player: str | None = None) -> list[bool]:
    """Whether each bare mana cost of `costs` can be paid on `board` by `player` (default:
    the active player), the board's resources collected once for all of them."""
    player = board.player(player).name
    res, life = collect(board, player), board.player(player).life
    return [resources_payable(res, c.announcements(), life) for c in costs]


def resources_payable(res: Resources, anns: list[Announcement], life: int) -> bool:
    """Whether `res` pays one of `anns` within `life` life: a flow decides most boards
    (solver.flow_pay), CP-SAT only the rest."""
    undecided = []
    for a in anns:
        if a.requirement.life > life:
            continue
        found = flow_payable(res, a.requirement, life - a.requirement.life)
        if found:
            return True
        if found is None:
            undecided.append(a)
    if not undecided:
        return False
    deadline.check()  # past the limit already: give up before importing CP-SAT (about 1 s, more on a busy machine)
    from manasolve.solver import cpsat

    return cpsat.solve(cpsat.build(res, undecided, life)) is not None


def _maybe_payable(res: Resources, a: Announcement, life: int) -> bool:
    """False when announcement `a` can't be paid, as far as a flow tells at once; True
    otherwise (the counter decides)."""
    req = a.requirement
    return req.life <= life and flow_payable(res, req, life - req.life) is not False


def pay_request(board: Board, request: PaymentRequest) -> PayAnswer:
    """The ``pay`` answer of a request: for a cost string, or for a card's locked total
    cost (solver.total_cost) with the card, its total and whether it may be cast now.

    Raises ParameterError for an unreadable cost or keep cost, an unknown criterion or
    a cast the card does not allow, InputError for a card not where the cast says."""
    keeps: list = []
    order = None
    cast = request.cast
    if request.mode in (Mode.BEST, Mode.CANDIDATES) or request.keep or request.keep_hand or request.order is not None:
        from manasolve.solver.best import KeepCost, hand_keep_costs, parse_order  # CP-SAT only when asked

        for text in request.keep:
            try:
                keeps.append(KeepCost(text, ManaCost.parse(text)))
            except CostSyntaxError as exc:
                raise ParameterError("keep", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
        if request.keep_hand:
            keeps += hand_keep_costs(board, board.player(request.player).name,
                                     cast.card if cast is not None and cast.zone == "hand" else None)
        order = parse_order(request.order)
    question = {"mode": request.mode, "limit": request.limit, "keep": keeps, "order": order,
                "time_limit": request.time_limit, "why": request.why, "candidates": request.candidates}
    with deadline.time_limit(request.time_limit):
        return _pay_request(board, request, question)


def _pay_request(board: Board, request: PaymentRequest, question: dict) -> PayAnswer:
    cast = request.cast
    if cast is None:
        try:
            parsed = ManaCost.parse(request.cost)
        except CostSyntaxError as exc:
            raise ParameterError("cost", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
        what = CostToPay(parsed.with_x(request.x), convoke=request.convoke, improvise=request.improvise,
                         delve=request.delve)
        return pay(board, what, request.player, **question)
    from manasolve.solver.total_cost import cast_plans, total_cost

    if cast.alt == Alternative.EMERGE:  # each creature sacrificed is a payment choice (702.119a)
        plans = cast_plans(board, request.player, cast)
        if len(plans) > 1:
            return _over_choices(board, request, plans, question)
    plan = total_cost(board, request.player, cast)
    return replace(_pay_plan(board, request, plan, question), cast=_cast_fields(cast, plan, plan.total_text))


def _pay_plan(board: Board, request: PaymentRequest, plan, question: dict) -> PayAnswer:
    """The pay answer of one locked total, with the request's cost keywords."""
    try:
        what = cost_to_pay(board, plan)
        what = replace(what, convoke=what.convoke or request.convoke, improvise=what.improvise or request.improvise,
                       delve=what.delve or request.delve)
        return pay(board, what, request.player, **question)
    except NotPaid as exc:
        raise ParameterError("card", "%s: %s; use `manasolve cost` for the breakdown" % (request.cast.card, exc),
                             board.source) from None


def _over_choices(board: Board, request: PaymentRequest, plans: list, question: dict) -> PayAnswer:
    """The pay answer over several locked totals that are different payment choices of one
    cast (Emerge: which creature is sacrificed, 702.119a): payable if one is, the count
    their sum, the payments of each in turn; the best payment is the best choice's by the
    criteria levels in order, then the least mana value sacrificed.  The cast's ``total``
    is the choice answered (the best one, or the first payable), ``choices`` each total
    with its own answer."""
    if request.mode is Mode.CANDIDATES:
        raise ParameterError("mode", "candidates: %s's payment choices change its total (%s); ask mode all or best"
                             % (request.cast.card, ", ".join(p.total_text for p in plans)), board.source)
    answers = [_pay_plan(board, request, plan, question) for plan in plans]
    usable = [(plan, a) for plan, a in zip(plans, answers) if a.payable]
    shown, first = usable[0] if usable else (plans[0], answers[0])
    choices = tuple(ChoiceTotal(plan.total_text, a.payable, *((a.found.count, a.found.exact)
                                                             if isinstance(a.found, Counted) else ()))
                    for plan, a in zip(plans, answers))
    mode = request.mode
    if mode is Mode.PAYABLE:
        found: Found = first.found
    elif mode is Mode.BEST:
        from manasolve.solver.best import DEFAULT_ORDER

        order = question["order"] or DEFAULT_ORDER
        if usable:
            shown, first = min(usable, key=lambda pa: ([pa[1].found.levels.get(c, 0) for c in order],
                                                       pa[0].base.reduction))
        # the chosen total's own answer, with its non-mana parts and what it does not model
        return replace(first, payable=bool(usable), cast=_cast_fields(request.cast, plans[0], shown.total_text),
                       choices=choices)
    else:
        counted = [a.found for a in answers]
        exact = all(c.exact for c in counted)
        payments = None
        listed_all = False
        if mode is Mode.ALL:
            groups = [g for c in counted for g in c.payments]
            limit = request.limit
            payments = tuple(groups[:limit] if limit else groups)
            listed_all = all(c.listed_all for c in counted) and (not limit or len(groups) <= limit)
        found = Counted(sum(c.count for c in counted), exact, tuple(u for c in counted for u in c.undone), payments,
                        listed_all, time_limit_reached=not exact)
    return PayAnswer(first.cost, first.player, bool(usable), found,
                     cast=_cast_fields(request.cast, plans[0], shown.total_text), choices=choices)


def _cast_fields(cast: CastChoice, plan, total: str) -> CastFields:
    """A card's pay answer fields: the card, `total` (the total answered), whether `plan`
    may be cast now and why, its cost sentences not understood (the total may miss what
    they say)."""
    return CastFields(cast.card, total, plan.castable_now, plan.reason, tuple(plan.notes))


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
        plan.cost, tuple(plan.announcements), plan.convoke, plan.improvise, plan.delve,
        card.name if plan.zone == "graveyard" else None,
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
        kicked=any(a["kind"] in ("kicker", "multikicker") for a in plan.additional),  # 702.33d
        commander=any(c.card.name == card.name for c in caster.commanders),
        no_abilities=not strip_reminder(card.text).strip(), face_down=plan.base.kind == "face_down",  # 708.4
        keywords=card.keywords,
        nth=caster.spells_cast_this_turn + 1, cost_has_c=any(s.kind == SymbolKind.C for s in plan.cost.symbols))
