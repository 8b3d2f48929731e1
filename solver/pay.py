"""``manasolve pay``: the questions asked about paying a cost (how many ways, which
ways, a cheapest way, the ranked candidates; whether it can be paid at all is
solver.payable's), for a cost string or a card's locked total cost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING
from dataclasses import dataclass, replace
from itertools import chain, islice

from manasolve.models.board import Board, ParameterError
from manasolve.models.mana import Announcement, CostSyntaxError, ManaCost
from manasolve.models.request import Alternative, Ask, CastChoice, Mode, PaymentRequest, Zone
from manasolve.solver import deadline
from manasolve.solver.payable import (
    CostToPay,
    announced,
    cost_to_pay,
    maybe_payable,
    paid_cost,
    resources_payable,
    setup,
)
from manasolve.solver.resources import collect
from manasolve.solver.groups import listed_groups, listing_stop, payment_group, stopped_by_the_clock, undone_line
from manasolve.solver.results import (
    Announced,
    BestFound,
    CastFields,
    ChoiceTotal,
    Counted,
    Found,
    PartChosen,
    PayAnswer,
    PaymentGroup,
)
from manasolve.solver.other_costs import NotPaid, Option, PartChoice, cheapest

if TYPE_CHECKING:  # the counter (numpy, OR-Tools' flows) is imported when a count is asked
    from manasolve.solver.cast_plan import TotalCost
    from manasolve.solver.enumerate import PaymentCounter


def _listed(per: list[tuple[Announcement, PaymentCounter]], option: Option,
            parts: list[PartChoice] | None, deadline: float | None = None,
            unlisted: list[str] | None = None, seconds: float | None = None) -> Iterator[PaymentGroup]:
    """The groups of every counter as PaymentGroups, as `listed_groups` lists them."""
    for a, c, g in listed_groups(per, deadline, unlisted, seconds):
        yield payment_group(c, a, g, option, parts)


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
    what, mode = paid_cost(what), Mode(mode)
    player, anns, res, opts = setup(board, what, player)
    parts = list(what.parts)
    life = board.player(player).life
    found: Found
    if mode is Mode.BEST:
        from manasolve.solver.best import DEFAULT_ORDER  # CP-SAT imported when asked: keeps start-up light

        found = _best_over_options(board, player, opts, anns, parts, keep, order or DEFAULT_ORDER, why)
        payable_ = found.best is not None
    elif mode is Mode.CANDIDATES:
        from manasolve.solver.best import DEFAULT_ORDER  # CP-SAT imported when asked: keeps start-up light
        from manasolve.solver.candidates import ranked_candidates

        if parts:
            raise ParameterError("mode", "candidates: a cost with non-mana parts (%s) is not ranked yet; ask "
                                 "mode all or best" % ", ".join(p.text for p in parts), board.source)
        casting = what.spell.name if what.spell is not None and what.spell.zone == Zone.HAND else None
        found = ranked_candidates(board, player, res, anns, keep or [], order or DEFAULT_ORDER, candidates, casting)
        payable_ = bool(found.candidates)
    elif mode is Mode.PAYABLE:
        payable_, found = _announced(opts, anns, life)
    else:
        payable_, found = _counted(board, opts, anns, parts, life, mode, limit, time_limit)
    return PayAnswer(str(what.cost), player, payable_, found, tuple(parts), tuple(res.skipped))


def _announced(opts: list[Option], anns: list[Announcement] | tuple[Announcement, ...],
               life: int) -> tuple[bool, Announced]:
    """Mode payable: whether one of `anns` is paid by one of the options within `life`,
    and the first announcement that is (601.2b)."""
    paid = next((a for opt in opts for a in anns if resources_payable(opt.resources, [a], life)), None)
    return paid is not None, Announced(paid.text if paid is not None else None)


def _counted(board: Board, opts: list[Option], anns: list[Announcement], parts: list[PartChoice], life: int,
             mode: Mode, limit: int | None, time_limit: float | None) -> tuple[bool, Counted]:
    """Modes count and all: whether payable, and the count (and the groups listed)."""
    from manasolve.solver.enumerate import TIME_LIMIT, PaymentCounter, plan  # keeps start-up light

    with deadline.time_limit(time_limit):  # the sooner of this count's limit and the question's
        stop, seconds = deadline.deadline(), deadline.seconds()
    total, payable_ = 0, False
    undone: list[str] = []
    unlisted: list[str] = []
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
                undone.append(undone_line(a.text, None, seconds))  # not started (nor its flow): no counter built
                continue
            c = PaymentCounter(opt.resources, a.requirement, life)
            if len(anns) > 1 and c.split is None and not maybe_payable(opt.resources, a, life):
                continue  # a flow rules it out (a split count says 0 as fast)
            per.append((a, c))
            n, stopped = c.count_by(stop)
            total += opt.ways * n
            if stopped:
                undone.append(undone_line(a.text, None if stopped == TIME_LIMIT else stopped, seconds))
        listed.append((per, opt))
    payments: tuple[PaymentGroup, ...] | None = None
    listed_all = False
    payments_undone: tuple[str, ...] = ()
    if mode is Mode.ALL:
        until = listing_stop(stop)
        groups = chain.from_iterable(_listed(per, opt, parts, until, unlisted, seconds) for per, opt in listed)
        payments = tuple(islice(groups, limit)) if limit else tuple(groups)
        listed_all = not undone and sum(g.multiplicity for g in payments) == total
        if unlisted and not listed_all:  # the listing stopped before the limit of groups
            payments_undone = tuple(unlisted)
    by_time = stopped_by_the_clock(undone + list(payments_undone))
    return payable_, Counted(total, not undone, tuple(undone), payments, listed_all, payments_undone, by_time)


def _best_over_options(board: Board, player: str, opts: list[Option], anns: list[Announcement],
                       parts: list[PartChoice], keep: list | None, order: tuple[str, ...], why: bool) -> BestFound:
    """--best with non-mana parts: the first reservation (fewest objects taken from the
    mana payment) whose mana side is payable, then the least valuable objects for each
    part (solver.other_costs.cheapest)."""
    from manasolve.solver.best import best_payment  # CP-SAT imported when asked: keeps start-up light

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


@dataclass(frozen=True)
class _Asked:
    """What a request asks, read: its `Ask` with the keep costs parsed (KeepCost, the
    hand's with keep_hand) and the criteria order checked (None: the default order)."""

    ask: Ask
    keeps: tuple = ()
    order: tuple[str, ...] | None = None

    def pay(self, board: Board, what: CostToPay, player: str | None) -> PayAnswer:
        """The pay answer of `what` to this question."""
        a = self.ask
        return pay(board, what, player, a.mode, a.limit, list(self.keeps), self.order, a.time_limit, a.why,
                   a.candidates)


def _asked(board: Board, request: PaymentRequest) -> _Asked:
    """The request's Ask read on `board` (ParameterError for an unreadable keep cost or
    an unknown criterion)."""
    ask, cast = request.ask, request.cast
    if not (ask.mode in (Mode.BEST, Mode.CANDIDATES) or ask.keep or ask.keep_hand or ask.order is not None):
        return _Asked(ask)
    from manasolve.solver.best import KeepCost, hand_keep_costs, parse_order  # CP-SAT when asked: start-up light

    keeps: list = []
    for text in ask.keep:
        try:
            keeps.append(KeepCost(text, ManaCost.parse(text)))
        except CostSyntaxError as exc:
            raise ParameterError("keep", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
    if ask.keep_hand:
        keeps += hand_keep_costs(board, board.player(request.player).name,
                                 cast.card if cast is not None and cast.zone == Zone.HAND else None)
    return _Asked(ask, tuple(keeps), parse_order(ask.order))


def pay_request(board: Board, request: PaymentRequest) -> PayAnswer:
    """The ``pay`` answer of a request: for a cost string, or for a card's locked total
    cost (solver.total_cost) with the card, its total and whether it may be cast now.
    The caller sets the question's time limit (manasolve.questions.ask).

    Raises ParameterError for an unreadable cost or keep cost, an unknown criterion or
    a cast the card does not allow, InputError for a card not where the cast says."""
    asked = _asked(board, request)
    cast = request.cost  # a cost string, or the cast (`request.cast`)
    if isinstance(cast, str):
        try:
            parsed = ManaCost.parse(cast)
        except CostSyntaxError as exc:
            raise ParameterError("cost", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
        what = CostToPay(parsed.with_x(request.x), keywords=request.keywords)
        return asked.pay(board, what, request.player)
    from manasolve.solver.total_cost import cast_plans, total_cost  # keeps start-up light

    if cast.alt == Alternative.EMERGE:  # each creature sacrificed is a payment choice (702.119a)
        plans = cast_plans(board, request.player, cast)
        if len(plans) > 1:
            return _over_choices(board, request, plans, asked)
    plan = total_cost(board, request.player, cast)
    return replace(_pay_plan(board, request, plan, asked), cast=_cast_fields(cast, plan, plan.total_text))


def _pay_plan(board: Board, request: PaymentRequest, plan, asked: _Asked) -> PayAnswer:
    """The pay answer of one locked total, with the request's cost keywords."""
    try:
        what = cost_to_pay(board, plan)
        what = replace(what, keywords=what.keywords | request.keywords)
        return asked.pay(board, what, request.player)
    except NotPaid as exc:
        assert request.cast is not None  # a plan is a cast's
        raise ParameterError("card", "%s: %s; use `manasolve cost` for the breakdown" % (request.cast.card, exc),
                             board.source) from None


def _over_choices(board: Board, request: PaymentRequest, plans: list, asked: _Asked) -> PayAnswer:
    """The pay answer over several locked totals that are different payment choices of one
    cast (Emerge: which creature is sacrificed, 702.119a): payable if one is, the count
    their sum, the payments of each in turn; the best payment is the best choice's by the
    criteria levels in order, then the least mana value sacrificed.  The cast's ``total``
    is the choice answered (the best one, or the first payable), ``choices`` each total
    with its own answer."""
    assert request.cast is not None  # the plans are a cast's
    if request.mode is Mode.CANDIDATES:
        raise ParameterError("mode", "candidates: %s's payment choices change its total (%s); ask mode all or best"
                             % (request.cast.card, ", ".join(p.total_text for p in plans)), board.source)
    answers = [_pay_plan(board, request, plan, asked) for plan in plans]
    usable = [(plan, a) for plan, a in zip(plans, answers) if a.payable]
    shown, first = usable[0] if usable else (plans[0], answers[0])
    choices = tuple(ChoiceTotal(plan.total_text, a.payable, *((a.found.count, a.found.exact)
                                                             if isinstance(a.found, Counted) else ()))
                    for plan, a in zip(plans, answers))
    mode = request.mode
    if mode is Mode.PAYABLE:
        found: Found = first.found
    elif mode is Mode.BEST:
        from manasolve.solver.best import DEFAULT_ORDER  # CP-SAT imported when asked: keeps start-up light

        order = asked.order or DEFAULT_ORDER
        if usable:
            def rank(pa: tuple[TotalCost, PayAnswer]) -> tuple[list[int], int]:
                found = pa[1].found
                assert isinstance(found, BestFound)  # mode best answers with a BestFound
                return [found.levels.get(c, 0) for c in order], pa[0].base.reduction
            shown, first = min(usable, key=rank)
        # the chosen total's own answer, with its non-mana parts and what it does not model
        return replace(first, payable=bool(usable), cast=_cast_fields(request.cast, plans[0], shown.total_text),
                       choices=choices)
    else:
        counted: list[Counted] = []
        for a in answers:
            assert isinstance(a.found, Counted)  # modes count and all answer with a Counted
            counted.append(a.found)
        exact = all(c.exact for c in counted)
        payments = None
        listed_all = False
        if mode is Mode.ALL:
            groups = [g for c in counted for g in c.payments or ()]  # (mode all: each lists its payments)
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


def payable_many(board: Board, costs: list[str], player: str | None = None, convoke: bool = False,
                 improvise: bool = False, delve: bool = False) -> tuple[str, list[PayAnswer]]:
    """Whether each of `costs` (cost strings) can be paid on `board` by `player` (default:
    the active player) with these cost keywords: the player's name and one ``pay`` answer
    of mode payable per cost, in order, the board's resources collected once for all of
    them (the Hall summary answers most, solver.hall).  Raises
    ParameterError naming the cost that does not read."""
    parsed = []
    for i, text in enumerate(costs):
        try:
            parsed.append(ManaCost.parse(text))
        except CostSyntaxError as exc:
            raise ParameterError("costs", "costs[%d]: %s (write costs like {2}{G}{W/U})" % (i, exc), board.source) from None
    payer = board.player(player)
    # `pay`'s mode payable for each bare cost (no parts: one option), `setup` done once
    res = collect(board, payer.name, convoke=convoke, improvise=improvise, delve=delve)
    opts, skipped = [Option(res, 1)], tuple(res.skipped)
    answers = []
    for c in deadline.checked(parsed):  # a long list gives up at the time limit
        payable_, found = _announced(opts, announced(c), payer.life)
        answers.append(PayAnswer(str(c), payer.name, payable_, found, (), skipped))
    return payer.name, answers
