"""The counted groups of payments: one exact counter per announcement of a cost, the
groups each lists (until a deadline), and each group as a typed `PaymentGroup`.  The
questions built on them are solver.pay's (count, all) and solver.candidates'."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from manasolve.models.board import Board
from manasolve.models.mana import Announcement
from manasolve.solver.other_costs import Option, PartChoice
from manasolve.solver.resources import TAP_PURPOSE, CounterUse, PatternKind, PoolMana, Resources
from manasolve.solver.results import ActivationUse, DelveUse, PartAsk, PartShare, PaymentGroup, PoolUse, TapUse

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
    multiplicity, shares = group.multiplicity, None
    asks: tuple[PartAsk, ...] = ()
    if option is not None and parts:
        # The parts' choices are folded into the multiplicity; each share names the
        # objects (one representative per interchangeable one) this group keeps out of
        # the mana payment because a part takes them.
        multiplicity *= option.ways
        shares = tuple(PartShare(part.text, tuple(option.chosen_reserved.get(i, []))) for i, part in enumerate(parts))
        asks = tuple(PartAsk(part.kind, part.k, tuple(part.eligible)) for part in parts)
    return PaymentGroup(multiplicity, announcement.text, life, tuple(activations), tuple(tapped), tuple(exiled),
                        tuple(pool), shares, asks, announcement.paid_with_life)


def counters(board: Board, player: str, announcements: list[Announcement], resources: Resources) -> list[tuple[Announcement, PaymentCounter]]:
    """One exact counter per announcement of the cost."""
    from manasolve.solver.enumerate import PaymentCounter, plan  # numpy when counting: keeps start-up light

    life = board.player(player).life
    plan(resources, [a.requirement for a in announcements], life)
    return [(a, PaymentCounter(resources, a.requirement, life)) for a in announcements]


def listed_groups(per: list[tuple[Announcement, PaymentCounter]], deadline: float | None = None,
                  unlisted: list[str] | None = None, seconds: float | None = None
                  ) -> Iterator[tuple[Announcement, PaymentCounter, Group]]:
    """The groups of every counter with its announcement and counter, until `deadline`
    (a time.monotonic() value, `seconds` after the question began) passes, or would pass
    while the groups listed so far are written (GROUP_WRITE_SECONDS each); then the lines
    of the announcements whose groups were not all listed go to `unlisted`."""
    from manasolve.solver.enumerate import CountOverBound, CountTimeout  # keeps start-up light

    listed = 0
    for k, (a, c) in enumerate(per):
        c.set_deadline(deadline)
        try:
            for g in c.groups():
                listed += 1
                if deadline is not None and not listed % 64 and \
                        time.monotonic() + listed * GROUP_WRITE_SECONDS > deadline:
                    raise CountTimeout(0)
                yield a, c, g
        except CountTimeout as stop:
            if unlisted is not None:
                why = stop.why if isinstance(stop, CountOverBound) else None
                unlisted += [undone_line(b.text, why, seconds) for b, _ in per[k:]]
            return


# The words of a count_undone / payments_undone line that stopped at the time limit.
TIME_LIMIT_WORDS = "not finished within"


def stopped_by_the_clock(undone: list[str]) -> bool:
    """Whether some count_undone / payments_undone line stopped at the time limit (the
    others stopped over a memory bound: not a time limit)."""
    return any(TIME_LIMIT_WORDS in u for u in undone)


# The share of the time left that a listing leaves for writing its answer: writing the
# JSON of the groups listed takes about a tenth of the time listing them took (measured
# on 160 lands, `pay --all --limit 1000000 --timeout 10` on a busy machine: 0.6 s to
# write the 3.4 MB listed in 7 s; benchmarks/time_limits.py has the whole answer's time).
WRITING_SHARE = 0.15
# ... and what writing each group listed takes at least, however fast it was listed: its
# dict and its JSON text (160 lands: 2,786 groups, 4.3 MB, 0.19 s of json.dumps alone; at
# 10 s, 17 MB took past the limit with the share alone).
GROUP_WRITE_SECONDS = 1e-4


def listing_stop(stop: float | None) -> float | None:
    """When a listing that begins now stops, for its answer to be written by `stop` (a
    time.monotonic() value; None: never)."""
    return None if stop is None else stop - WRITING_SHARE * max(stop - time.monotonic(), 0.0)


def undone_line(announcement: str, over_bound: str | None, seconds: float | None) -> str:
    """The count_undone / payments_undone line of an announcement not finished: at the
    time limit of `seconds` (over_bound None), or over a memory bound (`over_bound`)."""
    if over_bound is None:
        return "announcement %s: %s %g s" % (announcement, TIME_LIMIT_WORDS, seconds or 0)
    return "announcement %s: not counted: %s" % (announcement, over_bound)
