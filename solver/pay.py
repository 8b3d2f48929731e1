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
from manasolve.solver.payable import CostToPay, cost_to_pay, maybe_payable, paid_cost, resources_payable, setup
from manasolve.solver.groups import TIME_LIMIT_WORDS, listed_groups, payment_group, undone_line
from manasolve.solver.results import PartChosen, PaymentGroup
from manasolve.solver.other_costs import NotPaid, Option, PartChoice, cheapest

if TYPE_CHECKING:  # the counter (numpy, OR-Tools' flows) is imported when a count is asked
    from manasolve.solver.enumerate import PaymentCounter


def _listed(per: list[tuple[Announcement, PaymentCounter]], option: Option,
            parts: list[PartChoice] | None, deadline: float | None = None,
            unlisted: list[str] | None = None, seconds: float | None = None) -> Iterator[PaymentGroup]:
    """The groups of every counter as PaymentGroups, as `listed_groups` lists them."""
    for a, c, g in listed_groups(per, deadline, unlisted, seconds):
        yield payment_group(c, a, g, option, parts)


def pay(board: Board, what: CostToPay | ManaCost, player: str | None = None, mode: Mode | str = Mode.COUNT,
        limit: int | None = 50, keep: list | None = None, order: tuple[str, ...] | None = None,
        time_limit: float | None = None, why: bool = True, candidates: int = 4096) -> dict:
    """The ``pay`` answer for `what` (a CostToPay, or a bare mana cost) on `board` for
    `player` (default: the active player).

    mode: ``payable`` (payable, and the announcement paid), ``count`` (payable + exact
    count), ``all`` (also the grouped payments, at most `limit` groups; None or 0: all)
    or ``best`` (one payment chosen by the lexicographic objective of
    `manasolve.solver.best` in criteria `order`, keeping the `keep` costs (KeepCost)
    payable where possible, with the reason in ``why``).
    `time_limit` (seconds; None: none) bounds counting and listing: past it the answer
    has ``count_at_least`` (the payments counted so far, a lower bound), ``count_exact``
    False and ``count_undone`` (the announcements not finished) instead of ``count``.
    `why` (mode ``best``): also explain the choice against the runner-up.
    mode ``candidates``: at most `candidates` groups ranked by the best order
    (solver.candidates).
    Raises NotPaid when the parts' choices are too many to count.
    """
    what, mode = paid_cost(what), Mode(mode)
    player, anns, res, opts = setup(board, what, player)
    parts = list(what.parts)
    answer: dict = {"cost": str(what.cost), "player": player}
    life = board.player(player).life
    if mode is Mode.BEST:
        from manasolve.solver.best import DEFAULT_ORDER  # CP-SAT imported when asked: keeps start-up light

        answer.update(_best_over_options(board, player, opts, anns, parts, keep, order or DEFAULT_ORDER, why))
    elif mode is Mode.CANDIDATES:
        from manasolve.solver.best import DEFAULT_ORDER  # CP-SAT imported when asked: keeps start-up light
        from manasolve.solver.candidates import ranked_candidates

        if parts:
            raise ParameterError("mode", "candidates: a cost with non-mana parts (%s) is not ranked yet; ask "
                                 "mode all or best" % ", ".join(p.text for p in parts), board.source)
        casting = what.spell.name if what.spell is not None and what.spell.zone == "hand" else None
        answer.update(ranked_candidates(board, player, res, anns, keep or [], order or DEFAULT_ORDER, candidates,
                                        casting))
    elif mode is Mode.PAYABLE:
        paid = next((a for opt in opts for a in anns if resources_payable(opt.resources, [a], life)), None)
        answer["payable"] = paid is not None
        answer["announced"] = paid.text if paid is not None else None
    else:
        from manasolve.solver.enumerate import TIME_LIMIT, PaymentCounter, plan  # numpy when counting: start-up light

        with deadline.time_limit(time_limit):  # the sooner of this count's limit and the question's
            stop, seconds = deadline.deadline(), deadline.seconds()
        total, answer["payable"], undone, unlisted = 0, False, [], []
        listed: list[Iterator[PaymentGroup]] = []
        for opt in opts:
            # A flow (or CP-SAT) first: an unpayable cost is answered without any counting.
            if not resources_payable(opt.resources, anns, life):
                continue
            answer["payable"] = True
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
            listed.append(_listed(per, opt, parts, stop, unlisted, seconds))
        if undone:
            answer["count_at_least"], answer["count_exact"] = total, False
            answer["count_undone"] = undone
        else:
            answer["count"], answer["count_exact"] = total, True
        if mode is Mode.ALL:
            groups = chain.from_iterable(listed)
            answer["payments"] = list(islice(groups, limit)) if limit else list(groups)
            answer["groups_listed_all"] = not undone and sum(g.multiplicity for g in answer["payments"]) == total
            if unlisted and not answer["groups_listed_all"]:  # the listing stopped before the limit of groups
                answer["payments_undone"] = unlisted
        if any(TIME_LIMIT_WORDS in u for u in undone + answer.get("payments_undone", [])):
            answer["time_limit_reached"] = True
    if parts:
        answer["other_costs"] = [p.answer() for p in parts]
        for p in parts:  # one key per kind too ("sacrifice", "discard", ...)
            answer[p.kind] = p.answer()
    if res.skipped:
        answer["not_modelled"] = res.skipped
    return answer


def _best_over_options(board: Board, player: str, opts: list[Option], anns: list[Announcement],
                       parts: list[PartChoice], keep: list | None, order: tuple[str, ...], why: bool) -> dict:
    """--best with non-mana parts: the first reservation (fewest objects taken from the
    mana payment) whose mana side is payable, then the least valuable objects for each
    part (solver.other_costs.cheapest)."""
    from manasolve.solver.best import best_payment  # CP-SAT imported when asked: keeps start-up light

    life = board.player(player).life
    for opt in opts:
        if parts and not resources_payable(opt.resources, anns, life):
            continue
        found = best_payment(board, player, opt.resources, anns, keep, order, why)
        if not parts or not found["payable"]:
            return found
        chosen = []
        for i, part in enumerate(parts):
            reserved = opt.chosen_reserved.get(i, [])
            chosen.append(PartChosen(part.text, part.kind, tuple(reserved + cheapest(board, part, opt.free[i], reserved))))
        found["best"] = replace(found["best"], chosen=tuple(chosen))
        found.setdefault("why", []).append("gives up the least valuable eligible objects%s" % (
            " (it needs some the mana payment could use)" if opt.reserved_count else
            ", none the mana payment could use"))
        return found
    return {"payable": False, "best": None, "why": [], "levels": {}, "levels_words": {}, "kept": []}


@dataclass(frozen=True)
class _Asked:
    """What a request asks, read: its `Ask` with the keep costs parsed (KeepCost, the
    hand's with keep_hand) and the criteria order checked (None: the default order)."""

    ask: Ask
    keeps: tuple = ()
    order: tuple[str, ...] | None = None

    def pay(self, board: Board, what: CostToPay, player: str | None) -> dict:
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


def pay_request(board: Board, request: PaymentRequest) -> dict:
    """The ``pay`` answer of a request: for a cost string, or for a card's locked total
    cost (solver.total_cost) with the card, its total and whether it may be cast now.
    The caller sets the question's time limit (manasolve.questions.ask).

    Raises ParameterError for an unreadable cost or keep cost, an unknown criterion or
    a cast the card does not allow, InputError for a card not where the cast says."""
    asked = _asked(board, request)
    cast = request.cast
    if cast is None:
        try:
            parsed = ManaCost.parse(request.cost)
        except CostSyntaxError as exc:
            raise ParameterError("cost", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
        what = CostToPay(parsed.with_x(request.x), convoke=request.convoke, improvise=request.improvise,
                         delve=request.delve)
        return asked.pay(board, what, request.player)
    from manasolve.solver.total_cost import cast_plans, total_cost

    if cast.alt == Alternative.EMERGE:  # each creature sacrificed is a payment choice (702.119a)
        plans = cast_plans(board, request.player, cast)
        if len(plans) > 1:
            answer = _over_choices(board, request, plans, asked)
            return _card_fields(answer, cast, plans[0])
    plan = total_cost(board, request.player, cast)
    answer = _pay_plan(board, request, plan, asked)
    return _card_fields(answer, cast, plan)


def _pay_plan(board: Board, request: PaymentRequest, plan, asked: _Asked) -> dict:
    """The pay answer of one locked total, with the request's cost keywords."""
    try:
        what = cost_to_pay(board, plan)
        what = replace(what, convoke=what.convoke or request.convoke, improvise=what.improvise or request.improvise,
                       delve=what.delve or request.delve)
        return asked.pay(board, what, request.player)
    except NotPaid as exc:
        raise ParameterError("card", "%s: %s; use `manasolve cost` for the breakdown" % (request.cast.card, exc),
                             board.source) from None


def _over_choices(board: Board, request: PaymentRequest, plans: list, asked: _Asked) -> dict:
    """The pay answer over several locked totals that are different payment choices of one
    cast (Emerge: which creature is sacrificed, 702.119a): payable if one is, the count
    their sum, the payments of each in turn; the best payment is the best choice's by the
    criteria levels in order, then the least mana value sacrificed.  ``total`` is the
    choice answered (the best one, or the first payable), ``choices`` each total with its
    own answer."""
    if request.mode is Mode.CANDIDATES:
        raise ParameterError("mode", "candidates: %s's payment choices change its total (%s); ask mode all or best"
                             % (request.cast.card, ", ".join(p.total_text for p in plans)), board.source)
    answers = [_pay_plan(board, request, plan, asked) for plan in plans]
    usable = [(plan, a) for plan, a in zip(plans, answers) if a["payable"]]
    shown, first = usable[0] if usable else (plans[0], answers[0])
    answer: dict = {"cost": first["cost"], "player": first["player"]}
    answer["payable"] = bool(usable)
    mode = request.mode
    if mode is Mode.PAYABLE:
        answer["announced"] = usable[0][1]["announced"] if usable else None
    elif mode is Mode.BEST:
        from manasolve.solver.best import DEFAULT_ORDER  # CP-SAT imported when asked: keeps start-up light

        order = asked.order or DEFAULT_ORDER
        if usable:
            plan, best = min(usable, key=lambda pa: ([pa[1]["levels"].get(c, 0) for c in order], pa[0].base.reduction))
            answer.update({k: v for k, v in best.items() if k not in ("cost", "player")})
            shown, answer["cost"] = plan, best["cost"]
        else:
            answer.update({k: v for k, v in first.items() if k not in ("cost", "player")})
    else:
        exact = all(a.get("count_exact", True) for a in answers)
        total = sum(a.get("count", a.get("count_at_least", 0)) for a in answers)
        if exact:
            answer["count"], answer["count_exact"] = total, True
        else:
            answer["count_at_least"], answer["count_exact"], answer["time_limit_reached"] = total, False, True
            answer["count_undone"] = [u for a in answers for u in a.get("count_undone", ())]
        if mode is Mode.ALL:
            payments = [g for a in answers for g in a.get("payments", ())]
            limit = request.limit
            answer["payments"] = payments[:limit] if limit else payments
            answer["groups_listed_all"] = all(a.get("groups_listed_all", False) for a in answers) and (
                not limit or len(payments) <= limit)
    answer["total"] = shown.total_text
    answer["choices"] = [{"total": plan.total_text, "payable": a["payable"],
                          **{k: a[k] for k in ("count", "count_at_least") if k in a}} for plan, a in zip(plans, answers)]
    return answer


def _card_fields(answer: dict, cast: CastChoice, plan) -> dict:
    """A card's pay answer: the card, its total, whether it may be cast now and why."""
    answer["card"] = cast.card
    answer.setdefault("total", plan.total_text)  # several choices: the one answered (_over_choices)
    answer["castable_now"], answer["reason"] = plan.castable_now, plan.reason
    if plan.notes:  # cost sentences not understood: the total may miss what they say
        answer["notes"] = plan.notes
    return answer


