"""``manasolve pay``: can a cost be paid, how many ways, which ways, and a cheapest way."""

from __future__ import annotations

from itertools import islice

from ortools.graph.python import max_flow

from manasolve.models.board import Board, InputError
from manasolve.models.mana import COLORS, Announcement, CostSyntaxError, ManaCost, Requirement
from manasolve.solver import cpsat
from manasolve.solver.enumerate import Group, PaymentCounter
from manasolve.solver.feasibility import spell_kind_accepts
from manasolve.solver.resources import SYMBOL_PAYERS, TAP_PURPOSE, PermClass, Resources, collect


def _group_json(counter: PaymentCounter, announcement: Announcement, group: Group) -> dict:
    activations, tapped, exiled, pool = [], [], [], []
    life = announcement.requirement.life
    for ci, ri, n in group.uses:
        cls = counter.classes[ci]
        role = cls.roles[ri]
        p = role.pattern
        if p.kind == "mana" and cls.indistinct:
            pool.append({"mana": "{%s}" % p.bundle[0], "use": n})
        elif p.kind == "mana":
            activations.append({"permanents": cls.ids, "use": n, "ability": role.describe(),
                                "produces": "".join("{%s}" % t for t in p.bundle)})
            life += n * p.life
        elif p.kind == "delve":
            exiled.append({"cards": cls.ids, "use": n})
        else:
            tapped.append({"permanents": cls.ids, "use": n, "for": TAP_PURPOSE[p.kind]})
    answer = {"multiplicity": group.multiplicity, "announced": announcement.text, "life": life,
              "activations": activations, "tapped_for_cost": tapped}
    if exiled:
        answer["exiled_for_delve"] = exiled
    if pool:
        answer["from_pool"] = pool
    return answer


def counters(board: Board, player: str, announcements: list[Announcement], resources: Resources) -> list[tuple[Announcement, PaymentCounter]]:
    """One exact counter per announcement of the cost."""
    life = board.player(player).life
    return [(a, PaymentCounter(resources, a.requirement, life)) for a in announcements]


def pay(board: Board, cost: ManaCost, player: str | None = None, mode: str = "count", limit: int | None = 50,
        convoke: bool = False, improvise: bool = False, announcements: list[Announcement] | None = None,
        delve: bool = False, casting_from_graveyard: str | None = None,
        keep: list | None = None, order: tuple[str, ...] | None = None) -> dict:
    """The ``pay`` answer for `cost` on `board` for `player` (default: the active player).

    mode: ``count`` (payable + exact count), ``all`` (also the grouped payments, at most
    `limit` groups) or ``best`` (one payment chosen by the lexicographic objective of
    `manasolve.solver.best` in criteria `order`, keeping the `keep` costs (KeepCost)
    payable where possible, with the reason in ``why``).
    `announcements` overrides the 601.2b announcements of `cost` (e.g. after a total-cost
    pipeline has applied reductions to each).
    """
    player = board.player(player).name
    anns = announcements if announcements is not None else cost.announcements()
    res = collect(board, player, convoke=convoke, improvise=improvise, delve=delve,
                  casting_from_graveyard=casting_from_graveyard)
    answer: dict = {"cost": str(cost), "player": player}
    if mode == "best":
        from manasolve.solver.best import DEFAULT_ORDER, best_payment

        answer.update(best_payment(board, player, res, anns, keep, order or DEFAULT_ORDER))
    else:
        # CP-SAT first: an unpayable cost is answered without any counting.
        payable_now = _payable(res, anns, board.player(player).life)
        per = counters(board, player, anns, res) if payable_now else []
        answer["count"] = sum(c.count() for _, c in per)
        answer["payable"] = payable_now
        if mode == "all":
            groups = (_group_json(c, a, g) for a, c in per for g in c.groups())
            answer["payments"] = list(islice(groups, limit)) if limit else list(groups)
            answer["groups_listed_all"] = sum(p["multiplicity"] for p in answer["payments"]) == answer["count"]
    if res.skipped:
        answer["not_modelled"] = res.skipped
    return answer


def payable(board: Board, cost: ManaCost, player: str | None = None, convoke: bool = False,
            improvise: bool = False, announcements: list[Announcement] | None = None, delve: bool = False,
            casting_from_graveyard: str | None = None) -> bool:
    """Whether some payment of `cost` exists (CP-SAT feasibility)."""
    player = board.player(player).name
    anns = announcements if announcements is not None else cost.announcements()
    res = collect(board, player, convoke=convoke, improvise=improvise, delve=delve,
                  casting_from_graveyard=casting_from_graveyard)
    return _payable(res, anns, board.player(player).life)


def _payable(res: Resources, anns: list[Announcement], life: int) -> bool:
    if all(_simple_class(c) for c in res.classes):
        return any(a.requirement.life <= life and _matching_pays(res, a.requirement) for a in anns)
    return cpsat.solve(cpsat.build(res, anns, life)) is not None


def _simple_class(c: PermClass) -> bool:
    """Each role makes one free mana, or pays one symbol (convoke, improvise, delve)."""
    return all(r.pattern.kind in SYMBOL_PAYERS or
               (r.pattern.kind == "mana" and len(r.pattern.bundle) == 1 and not r.pattern.costly
                and not r.pattern.life and not r.pattern.tap_creatures) for r in c.roles)


def _matching_pays(res: Resources, req: Requirement) -> bool:
    """With only one-unit, cost-free roles a payment is a matching of permanents to spell
    symbols (every use spends its unit): a max flow that fills every symbol."""
    kinds = {**{c: req.color_count(c) for c in COLORS}, "C": req.colorless, "S": req.snow, "generic": req.generic}
    kinds = {k: n for k, n in kinds.items() if n}
    flow = max_flow.SimpleMaxFlow()
    sink = 1 + len(res.classes) + len(kinds)
    kind_node = {k: 1 + len(res.classes) + i for i, k in enumerate(kinds)}
    for i, c in enumerate(res.classes, start=1):
        flow.add_arc_with_capacity(0, i, len(c.members))
        for k in kinds:
            if any(spell_kind_accepts(k, r.pattern, r.pattern.bundle[0] if r.pattern.bundle else None) for r in c.roles):
                flow.add_arc_with_capacity(i, kind_node[k], len(c.members))
    for k, n in kinds.items():
        flow.add_arc_with_capacity(kind_node[k], sink, n)
    if not kinds:
        return True
    return flow.solve(0, sink) == flow.OPTIMAL and flow.optimal_flow() == sum(kinds.values())


def pay_cost_or_card(board: Board, cost: str | None = None, card: str | None = None, player: str | None = None,
                     mode: str = "count", limit: int | None = 50, x: int = 0, zone: str = "hand",
                     alt: str | None = None, kicker: int = 0, convoke: bool = False, improvise: bool = False,
                     delve: bool = False, keep: list[str] | None = None, keep_hand: bool = False, order: str | list[str] | None = None) -> dict:
    """`pay` for a cost string (``--cost``) or for a card's locked total cost (``--card``).

    keep / keep_hand / order (mode ``best``): costs to keep payable (cost strings, and with
    `keep_hand` the other cards in hand) and the criteria order (see solver.best).
    Raises InputError for an unreadable cost, a negative X or an unknown criterion."""
    from manasolve.solver.best import KeepCost, hand_keep_costs, parse_order

    keeps = []
    for text in keep or []:
        try:
            keeps.append(KeepCost(text, ManaCost.parse(text)))
        except CostSyntaxError as exc:
            raise InputError("--keep", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
    if keep_hand:
        keeps += hand_keep_costs(board, board.player(player).name, card if zone == "hand" else None)
    best_kw = {"keep": keeps, "order": parse_order(order)}
    if x < 0:
        raise InputError("--x", "X must be 0 or more (107.1b), got %d" % x, board.source)
    if (cost is None) == (card is None):
        raise InputError("--cost/--card", "give exactly one of --cost COST or --card NAME", board.source)
    if cost is not None:
        try:
            parsed = ManaCost.parse(cost)
        except CostSyntaxError as exc:
            raise InputError("--cost", "%s (write costs like {2}{G}{W/U})" % exc, board.source) from None
        return pay(board, parsed.with_x(x), player, mode, limit, convoke=convoke, improvise=improvise,
                   delve=delve, **best_kw)
    from manasolve.solver.total_cost import payment_plan

    plan = payment_plan(board, player, card, zone=zone, alt=alt, x=x, kicker=kicker)
    answer = pay(board, plan.cost, player, mode, limit, convoke=plan.convoke or convoke,
                 improvise=plan.improvise or improvise, announcements=plan.announcements,
                 delve=plan.delve or delve, casting_from_graveyard=card if zone == "graveyard" else None, **best_kw)
    answer["card"] = card
    answer["total"] = plan.total_text
    return answer
