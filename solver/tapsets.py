"""Tap-creature keyword costs: Saddle N (702.171) and Crew N (702.122).

Both costs read "tap any number of other untapped creatures you control with total power N
or greater".  A legal choice is a *set* of creatures (design.md, "What counts"):

* `count_sets` counts every legal set exactly, with a DP over power sums (no enumeration);
* `minimal_sets` streams the sets from which no member can be removed;
* `all_sets` streams every legal set;
* `best_set` picks one set with CP-SAT (least power beyond N, then least valuable
  creatures, spent ones first, then fewest creatures);
* `tap_sets` answers ``manasolve saddle`` / ``manasolve crew`` as a typed `TapSets`
  (solver/tapset_results.py; its JSON is built in `manasolve.answers`).

Listing order is deterministic: candidates are ranked by counted power, greatest first,
ties by board order, and sets come out in lexicographic order of those ranks.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from manasolve.models.abilities import TapCreaturesCost, TapKeyword
from manasolve.models.board import Board, ParameterError, Permanent
from manasolve.models.bounds import MAX_COUNT
from manasolve.models.errors import nearest
from manasolve.solver import deadline
from manasolve.solver.tapset_results import BestSet, Candidate, TapSets
from manasolve.solver.timing import no_priority_reason, sorcery_timing_reason

def tap_cost(perm: Permanent, keyword: str) -> TapCreaturesCost | None:
    """The permanent's first Saddle/Crew cost (by ``keyword``), or None if it has none."""
    return next((c for c in perm.card.tap_costs if c.keyword == keyword), None)


def candidates(board: Board, source: Permanent, cost: TapCreaturesCost) -> list[Candidate]:
    """The creatures that may be tapped for ``cost`` of ``source``: the *other* untapped
    creatures its controller controls (702.171a, 702.122a).  Summoning-sick ones are
    included: the cost does not use their own {T} (302.6).  A Vehicle that is not crewed is
    not a creature, so it never crews or saddles."""
    out = []
    for index, perm in enumerate(board.permanents):
        if perm is source or perm.controller != source.controller or not perm.is_creature or perm.tapped:
            continue
        # Its own "~ can't crew Vehicles" (702.122c), "~ crews Vehicles as though its power
        # were N greater", "~ saddles Mounts using its toughness rather than its power".
        excluded, bonus, use_toughness = perm.card.statics.tap_modifiers(cost.keyword)
        if excluded:
            continue
        base = perm.toughness if use_toughness else perm.power
        haste = perm.haste or "Haste" in perm.card.keywords
        out.append(Candidate(perm.id, base + bonus, perm.power, perm.toughness, perm.sick, index,
                             attacked=perm.attacked, haste=haste,
                             cannot_attack="Defender" in perm.card.keywords))
    return out


def _ranked(cands: Sequence[Candidate]) -> list[Candidate]:
    return sorted(cands, key=lambda c: (-c.counted, c.index))


def count_sets(powers: Sequence[int], n: int) -> int:
    """How many subsets of ``powers`` (one entry per creature) total ``n`` or more.

    Exact, without enumeration: a DP over the reachable sums, kept sparse (a dict), so
    its size is the number of distinct sums, never the width of the range of powers.
    Negative powers are added first; after that every remaining power is >= 0, so any sum
    that reached ``n`` stays there and is clamped to ``n``."""
    negatives = [p for p in powers if p < 0]
    zeros = sum(1 for p in powers if p == 0)
    positives = [p for p in powers if p > 0]
    if n <= sum(negatives):
        return 2 ** len(powers)  # even tapping every negative creature keeps the total >= n
    if n > sum(positives):
        return 0  # even every positive creature falls short
    ways: dict[int, int] = {0: 1}  # the empty set, sum 0
    for p in negatives:
        new = dict(ways)
        for total, c in ways.items():
            new[total + p] = new.get(total + p, 0) + c
        ways = new
    ways = _clamp(ways, n)
    for p in positives:
        new = dict(ways)
        for total, c in ways.items():
            reached = min(total + p, n)
            new[reached] = new.get(reached, 0) + c
        ways = new
    return ways.get(n, 0) * 2 ** zeros


def _clamp(ways: dict[int, int], n: int) -> dict[int, int]:
    """The sums of `ways` with every sum >= n counted at n."""
    out: dict[int, int] = {}
    for total, c in ways.items():
        key = min(total, n)
        out[key] = out.get(key, 0) + c
    return out


def _suffix_sums(w: list[int]) -> list[int]:
    """``s[j] = w[j] + w[j+1] + ...``, with ``s[len(w)] = 0``: how much the weights from j on
    can still add (the search bound of `minimal_sets` and `all_sets`)."""
    s = [0] * (len(w) + 1)
    for j in range(len(w) - 1, -1, -1):
        s[j] = s[j + 1] + w[j]
    return s


def minimal_sets(cands: Sequence[Candidate], n: int) -> Iterator[tuple[Candidate, ...]]:
    """Stream the minimal legal sets: total counted power >= n and no member removable.

    A member with power <= 0 can always be removed, so minimal sets hold only positive
    powers, and with members ranked greatest first a set is minimal iff the total without
    its last (weakest) member is < n.  Depth-first search with a suffix-sum bound: every
    node it enters leads to an answer, so each set costs O(len(cands)) time."""
    if n <= 0:
        yield ()  # the empty set is legal and is the only minimal one
        return
    items = [c for c in _ranked(cands) if c.counted > 0]
    w = [c.counted for c in items]
    suffix = _suffix_sums(w)
    path: list[int] = []
    sums = [0]
    j = 0
    while True:
        s = sums[-1]
        if j < len(w) and s + suffix[j] >= n:
            if s + w[j] >= n:
                deadline.check()
                yield tuple(items[i] for i in path) + (items[j],)
            else:
                path.append(j)
                sums.append(s + w[j])
            j += 1
            continue
        if not path:
            return
        j = path.pop() + 1
        sums.pop()


def all_sets(cands: Sequence[Candidate], n: int) -> Iterator[tuple[Candidate, ...]]:
    """Stream every legal set (total counted power >= n), in lexicographic rank order.

    The search only enters a partial set that the remaining positive powers can still lift
    to n, so it never wanders through dead branches."""
    items = _ranked(cands)
    w = [c.counted for c in items]
    pos_suffix = _suffix_sums([max(x, 0) for x in w])
    if n <= 0:
        yield ()
    path: list[int] = []
    sums = [0]
    j = 0
    while True:
        s = sums[-1]
        # ranks are sorted by power, so once j fails every later j fails too
        if j < len(w) and s + w[j] + pos_suffix[j + 1] >= n:
            path.append(j)
            sums.append(s + w[j])
            if sums[-1] >= n:
                deadline.check()
                yield tuple(items[i] for i in path)
            j += 1
            continue
        if not path:
            return
        j = path.pop() + 1
        sums.pop()


def best_set(cands: Sequence[Candidate], n: int) -> tuple[Candidate, ...] | None:
    """The set an AI should tap, or None if no set is legal.

    Lexicographic objective (issue 7), solved as CP-SAT stages, each optimum fixed before
    the next (one worker, so the same candidates give the same set on every run):

    1. least counted power beyond n;
    2. the least valuable creatures.  A creature's value is its power + toughness, and a
       *spent* creature — one that already attacked this turn, or is summoning-sick without
       haste (302.6), so it could not attack now anyway — counts as less valuable than an
       unspent creature of the same value.  Precisely: least total power + toughness, then,
       among sets of equal total, the most spent creatures.  So where a spent and an unspent
       creature could fill the same place, the spent one is tapped if its value is equal or
       lower, the unspent one if it is strictly cheaper;
    3. fewest creatures.

    Sets still tied after stage 3 are separated by CP-SAT's deterministic search."""
    if n <= 0:
        return ()  # tapping nothing is legal, exceeds n by the least possible and costs nothing
    if sum(c.counted for c in cands if c.counted > 0) < n:
        return None
    from ortools.sat.python import cp_model  # only the best set needs CP-SAT (fast start); keeps start-up light

    model = cp_model.CpModel()
    x = [model.new_bool_var(c.id) for c in cands]
    total = sum(c.counted * v for c, v in zip(cands, x))
    model.add(total >= n)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    stages = [
        total,
        sum(c.value * v for c, v in zip(cands, x)),
        sum(-v for c, v in zip(cands, x) if c.spent),
        sum(x),
    ]
    for objective in stages:
        if isinstance(objective, int):  # e.g. no spent candidate: nothing to rank
            continue
        model.minimize(objective)
        deadline.limit_solver(solver)
        status = solver.solve(model)
        if status in (cp_model.FEASIBLE, cp_model.UNKNOWN):  # the question's time limit
            raise deadline.give_up()
        if status != cp_model.OPTIMAL:  # pragma: no cover - feasible by the check above
            raise RuntimeError("CP-SAT could not prove the best tap set optimal (status %s)" % solver.status_name(status))
        model.add(objective == solver.value(objective))
        model.clear_hints()
        for v in x:
            model.add_hint(v, solver.boolean_value(v))
    return tuple(c for c, v in zip(cands, x) if solver.boolean_value(v))


def activation_timing(board: Board, source: Permanent, cost: TapCreaturesCost, player: str) -> str | None:
    """Why ``player`` can't activate ``source``'s Saddle/Crew `cost` now, or None if
    timing allows.

    Saddle: sorcery timing only — the controller's own main phase with an empty stack
    (702.171a, 602.5d).  Crew: whenever the controller has priority (702.122a, 117.1b);
    nobody gets priority in the untap step (502.4) or, normally, in cleanup (514.3).
    "Activate only once each turn" (602.5b): not again once the board's `activated` counts it."""
    if source.controller != player:
        return "%s is controlled by %s, not %s" % (source.id, source.controller, player)
    if cost.once_per_turn and source.times_activated(cost.text):
        return "%s's %r was activated this turn: only once each turn (602.5b)" % (source.id, cost.text)
    if cost.keyword == TapKeyword.SADDLE:
        return sorcery_timing_reason(board, player, "Saddle is sorcery-speed")
    return no_priority_reason(board, player)


def unread_tap_lines(perm: Permanent, keyword: str | None = None) -> list[str]:
    """The permanent's Saddle/Crew lines (of `keyword`, or both) the reader does not
    understand: reported, never taken as "no such ability"."""
    return [n.sentence for n in perm.card.not_understood
            if n.sentence.startswith(("Saddle", "Crew") if keyword is None else (keyword,))]


def _source(board: Board, pid: str, keyword: str, option: str) -> tuple[Permanent, TapCreaturesCost]:
    with_kw = [p.id for p in board.permanents if tap_cost(p, keyword)]
    valid = ", ".join(with_kw) if with_kw else "none on this board"
    perm = next((p for p in board.permanents if p.id == pid), None)
    if perm is None:
        hint = nearest(pid, with_kw) or nearest(pid, [p.id for p in board.permanents])
        raise ParameterError(option, "no permanent with id %r%s; permanents with %s: %s" % (pid, hint, keyword, valid), board.source)
    cost = tap_cost(perm, keyword)
    if cost is None and (unread := unread_tap_lines(perm, keyword)):
        raise ParameterError(option, "%r (%s): its %s line %r is not understood, so not modelled" % (
            pid, perm.name, keyword, unread[0]), board.source)
    if cost is None:
        raise ParameterError(option, "%r (%s) has no %s ability; permanents with %s: %s" % (pid, perm.name, keyword, keyword, valid), board.source)
    return perm, cost


def tap_sets(
    board: Board,
    source_id: str,
    keyword: str,
    player: str | None = None,
    limit: int = 20,
    list_all: bool = False,
    best: bool = False,
) -> TapSets:
    """The ``manasolve saddle`` (keyword "Saddle") or ``manasolve crew`` ("Crew")
    question: which sets of creatures can pay the source's cost, counted exactly, the
    minimal ones listed (up to ``limit``), every set with ``list_all``, the best with
    ``best``, and whether ``player`` (default: the active player) can activate it now."""
    if limit < 0:
        raise ParameterError("limit", "the limit must be 0 or more (got %d)" % limit, board.source)
    if limit > MAX_COUNT:  # models/bounds.py
        raise ParameterError("limit", "the limit must be at most %d (the bound of a count)" % MAX_COUNT, board.source)
    option = "mount" if keyword == TapKeyword.SADDLE else "vehicle"
    source, cost = _source(board, source_id, keyword, option)
    player = player or board.active_player
    board.player(player)  # ParameterError for an unknown player
    cands = candidates(board, source, cost)
    in_board_order = tuple(sorted(cands, key=lambda c: c.index))
    order = {c.id: i for i, c in enumerate(in_board_order)}

    def ids(s: tuple[Candidate, ...]) -> tuple[str, ...]:
        return tuple(sorted((c.id for c in s), key=order.__getitem__))

    count = count_sets([c.counted for c in cands], cost.n)
    listed = list(islice(minimal_sets(cands, cost.n), limit + 1))
    why_not = activation_timing(board, source, cost, player)
    if why_not is None and count == 0:
        why_not = "no set of other untapped creatures %s controls has total power %d or more" % (source.controller, cost.n)
    every = list(islice(all_sets(cands, cost.n), limit + 1)) if list_all else None
    chosen = best_set(cands, cost.n) if best else None
    return TapSets(
        keyword=keyword, source=source.id, card=source.name, n=cost.n, count=count,
        minimal=tuple(ids(s) for s in listed[:limit]), minimal_truncated=len(listed) > limit, limit=limit,
        player=player, reason=why_not, candidates=in_board_order,
        already_saddled=source.saddled if keyword == TapKeyword.SADDLE else None,
        all=None if every is None else tuple(ids(s) for s in every[:limit]),
        all_truncated=every is not None and len(every) > limit,
        best_asked=best, best=None if chosen is None else BestSet(
            ids(chosen), total_power=sum(c.counted for c in chosen), excess=sum(c.counted for c in chosen) - cost.n,
            value=sum(c.value for c in chosen), spent=sum(c.spent for c in chosen)))
