"""``pay --candidates K``: a payment decision for a game environment — at most K distinct
legal payments of a cost, one per group of interchangeable permanents (as ``--all`` groups
them), ranked by the ``--best`` order, the best payment's group first.

How: the best payment is solved as ``--best`` solves it (solver.best.solve_best); the
groups are listed as ``--all`` lists them (solver.enumerate, within the question's time
limit); each group's level values are read from the best model's level expressions at
the group's uses (``Problem.evaluate``: the group's lowest-id members, the
representative the tie-break prefers), and the groups are sorted by (the levels in
order, the tie-break).  When the listing finished, every group was ranked and the K
listed are the K best; when the time limit stopped it, the ranking is among the groups
listed (``ranked_all`` false, ``time_limit_reached`` true), the best payment's group
still first (it is found by the optimiser, not by the listing).  The listing's count comes
before its first group, which on big boards (160 lands) takes longer than the time
limit: then the next best payments are also found one by one, as ``--why`` finds the
runner-up (solver.best.next_best: each solve forbids the groups found), in part of the
time left, and ranked with the rest.

Each candidate says what it leaves: the sources still untapped (per class: how many of
the class's members the group leaves unused) and ``castable``: the other cards in the
paying player's hand whose mana cost ({X} = 0, the card's own convoke, improvise and
delve counted) is still payable, each on its own, by the permanents the group's
representative leaves unused and the life it leaves — mana-payable, as ``--keep-hand``
asks it: timing and the board's cost increases and reductions are not considered.
"""

from __future__ import annotations

import time
from collections import Counter

from manasolve.models.board import Board, Permanent
from manasolve.models.mana import Announcement
from manasolve.solver import deadline
from manasolve.solver.best import KeepCost, hand_keep_costs, kept_after, next_best, solve_best
from manasolve.solver.groups import counters, listed_groups, payment_group
from manasolve.solver.resources import Resources
from manasolve.solver.results import Candidate, Ranked

# Groups ranked at most (the listing's memory bound); past it the ranking is among these.
MAX_RANKED = 200_000
# Share of the time left that the listing may take; the rest describes the candidates
# but for a reserve for the answer's JSON.
_LISTING_SHARE = 0.4
_RESERVE = 0.2
# Share of the time left after an unfinished listing that finding the next best payments
# one by one may take.
_NEXT_SHARE = 0.5


def ranked_candidates(board: Board, player: str, res: Resources, anns: list[Announcement], keeps: list[KeepCost],
                      order: tuple[str, ...], k: int, casting: str | None = None) -> Ranked:
    """What ``pay`` mode candidates finds (`casting`: the card cast from the hand, one
    copy of which is not among the other hand cards): at most `k` candidates, best first
    (none: not payable), how many groups were ranked, whether every group of the cost was
    (so these are the `k` best) and, past the question's time limit, that it was reached
    (and whether even the first was proven best)."""
    solved = solve_best(board, player, res, anns, keeps, order)
    if solved is None:
        return Ranked((), 0, True)
    prob, solver, _, proven = solved
    per = counters(board, player, anns, res)
    classes = per[0][1].classes  # every counter of these resources orders the classes alike
    of_member = {m.id: i for i, cls in enumerate(classes) for m in cls.members}
    model_class = {m.id: c for c, cls in enumerate(prob.pm.classes) for m in cls.members}
    key_names = order + ("tiebreak",)

    in_order = [sorted(cls.members, key=lambda m: m.id) for cls in classes]

    def used(uses: tuple[tuple[int, int, int], ...]) -> list:
        """The representative's members: in each class its members in id order take
        the roles in role order (the lowest ids, as the tie-break prefers)."""
        out: list = []
        before: Counter[int] = Counter()
        for i, j, n in uses:  # (in class order, then role order)
            out += [(m, j) for m in in_order[i][before[i]:before[i] + n]]
            before[i] += n
        return out

    kept_memo: dict[tuple, list[str]] = {}

    def kept(costs: list[KeepCost], uses, life_lost: int) -> list[str]:
        """kept_after for the representative of `uses`: the same for every group using as
        many members of each class (they are interchangeable)."""
        per_class: Counter[int] = Counter()
        for i, _, n in uses:
            per_class[i] += n
        key = (id(costs), tuple(sorted(per_class.items())), life_lost)
        if key not in kept_memo:
            kept_memo[key] = kept_after(board, player, costs, sorted(m.id for m, _ in used(uses)), life_lost)
        return kept_memo[key]

    def levels_of(uses, announced: int) -> dict[str, int]:
        values = prob.evaluate(Counter((model_class[m.id], j) for m, j in used(uses)), announced)
        values["keep"] = -len(kept(keeps, uses, values["life"])) if keeps else 0
        return {n: values[n] for n in key_names}

    def solved_uses(pm, solved) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """A solution's announcement index and uses read on the counter's classes."""
        taking: Counter = Counter()
        for c, cls in enumerate(pm.classes):
            for j in range(len(cls.roles)):
                taking[of_member[cls.members[0].id], j] += solved.value(pm.use[c, j])
        return (next(n for n, v in enumerate(pm.announce) if solved.value(v)),
                tuple(sorted((i, j, n) for (i, j), n in taking.items() if n)))

    # The best payment's group: the optimiser's uses read on the counter's classes.
    best_k, best_uses = solved_uses(prob.pm, solver)
    best_text = prob.pm.announcements[best_k].text

    stop = deadline.deadline()
    if stop is not None:
        room = max(stop - time.monotonic(), 0)
        listing_stop, stop = time.monotonic() + _LISTING_SHARE * room, stop - _RESERVE * room
    else:
        listing_stop = None
    announced = {a.text: n for n, a in enumerate(prob.pm.announcements)}
    pool: list = []
    capped = by_time = False
    for a, c, g in listed_groups(per, listing_stop):
        if (a.text, g.uses) != (best_text, best_uses):  # the best one is listed first, below
            pool.append((tuple(levels_of(g.uses, announced[a.text]).values()), a, c, g))
        if len(pool) >= MAX_RANKED:
            capped = True
            break
        if listing_stop is not None and time.monotonic() > listing_stop:
            by_time = True
            break
    # the listing also stops quietly at its deadline: it finished if it ended in time
    by_time = by_time or not capped and listing_stop is not None and time.monotonic() > listing_stop
    if by_time and len(pool) + 1 < k and stop is not None:
        # The listing could not finish (its count comes first): the next best payments
        # one by one, as --why finds the runner-up, in the time the description spares.
        seen = {(announced[a.text], g.uses) for _, a, _, g in pool} | {(best_k, best_uses)}
        counter_of = {announced[a.text]: c for a, c in per}
        for more in next_best(board, player, res, anns, keeps, order, solver,
                              _NEXT_SHARE * max(stop - time.monotonic(), 0), k - 1 - len(pool)):
            found = solved_uses(*more)
            group = counter_of[found[0]].group_of(found[1]) if found not in seen else None
            if group is not None:  # (a group the listing had already: not listed twice)
                seen.add(found)
                a = prob.pm.announcements[found[0]]
                pool.append((tuple(levels_of(found[1], found[0]).values()), a, counter_of[found[0]], group))
    pool.sort(key=lambda entry: entry[0])
    best_counter = next(c for a, c in per if a.text == best_text)
    best_group = best_counter.group_of(best_uses)
    if best_group is None:  # pragma: no cover - the optimiser's payment is a payment the counter counts
        raise AssertionError("the best payment is not among the counted payments")
    chosen = [(prob.pm.announcements[best_k], best_counter, best_group)] + [(a, c, g) for _, a, c, g in pool[:k - 1]]
    hand = hand_keep_costs(board, player, casting)
    out: list[Candidate] = []
    for a, c, g in chosen:
        if stop is not None and time.monotonic() > stop and out:
            by_time = True
            break
        values = levels_of(g.uses, announced[a.text])
        castable = kept(hand, g.uses, values["life"]) if hand else []
        untapped = tuple((tuple(sorted(m.id for m in cls.members)), left) for i, cls in enumerate(classes)
                         if isinstance(cls.members[0], Permanent)
                         and (left := len(cls.members) - sum(n for i2, _, n in g.uses if i2 == i)) > 0)
        paid = payment_group(c, a, g)
        mana = "".join(act.produces * act.use for act in paid.activations)
        out.append(Candidate(paid, mana, untapped, tuple(castable), values))
    return Ranked(tuple(out), len(pool) + 1, not capped and not by_time, by_time or not proven, proven)
