"""``manasolve pay BOARD (--cost COST | --card NAME ...) [--count|--all|--best]``: payable
(the default question), the exact count, the payments grouped, or one best payment."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from manasolve.cli.common import add_board_args, add_fields, add_paid_args, card_db, paid_fields
from manasolve.models.errors import ParameterError
from manasolve.models.request import DEFAULT_CANDIDATES, Ask, Mode

if TYPE_CHECKING:
    from manasolve.solver.results import PayAnswer


def register(sub) -> None:
    p = sub.add_parser("pay", help="can a cost be paid, in how many ways, which ways, the cheapest way")
    add_board_args(p)
    add_paid_args(p, "pay this card's total cost (601.2f)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--count", dest="mode", action="store_const", const=Mode.COUNT.value,
                      help="the exact number of payments (default: only whether it is payable)")
    mode.add_argument("--all", dest="mode", action="store_const", const=Mode.ALL.value, help="list the payments, grouped")
    mode.add_argument("--best", dest="mode", action="store_const", const=Mode.BEST.value, help="one cheapest payment")
    add_fields(mode, Ask, ("candidates",), default=None, nargs="?", const=DEFAULT_CANDIDATES, metavar="K")
    add_fields(p, Ask, ("limit", "why", "keep", "keep_hand", "order"))
    p.set_defaults(run=run, mode=Mode.PAYABLE.value)


def run(args: argparse.Namespace):
    """Answer ``pay`` for the board and what is paid on the command line."""
    asked = dict(mode=args.mode, limit=args.limit or None, keep=args.keep, keep_hand=args.keep_hand, order=args.order,
                 time_limit=args.timeout, why=args.why)
    if args.candidates is not None:
        asked.update(mode=Mode.CANDIDATES.value, candidates=args.candidates)
    from manasolve.answers import pay_json  # keeps `--help` light
    from manasolve.questions import CastOnly, solve
    try:
        answer: PayAnswer = solve("pay", args.board, db=card_db(args), **paid_fields(args), **asked)
    except CastOnly as exc:  # the CLI's words for it
        raise ParameterError(exc.parameter, "applies to a card cast (--card NAME), not to --cost") from None
    return pay_json(answer), lambda _json: render(answer)


def render(answer: PayAnswer) -> None:
    """Readable tables for a pay answer."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    # imported here, as rich is: every command line registers this module, so start-up stays light
    from manasolve.models.oracle.costs import PartKind
    from manasolve.solver.results import Announced, BestFound, Counted, Ranked

    console = Console()
    found, cast = answer.found, answer.cast
    what = (cast.total if cast is not None else None) or answer.cost
    head = "%s for %s: %s" % (cast.card if cast is not None else "cost", what,
                              "payable" if answer.payable else "NOT payable")
    if isinstance(found, Counted) and found.exact:
        head += ", %d payment%s" % (found.count, "" if found.count == 1 else "s")
    elif isinstance(found, Counted):
        from manasolve.solver.groups import stopped_by_the_clock  # keeps start-up light

        head += ", at least %d payments (%s stopped the count)" % (
            found.count, "the time limit" if stopped_by_the_clock(list(found.undone)) else "a memory bound")
    elif isinstance(found, Announced) and found.announced:
        head += " (announced %s)" % found.announced
    console.print(head)
    if cast is not None and cast.castable_now is False:
        console.print("[yellow]but it can't be cast now:[/yellow] %s" % cast.reason)
    best = found.best if isinstance(found, BestFound) else None
    if best is not None and not (best.activations or best.tapped or best.exiled or best.pool):
        console.print("best payment: no mana to make (announced %s, %d life)" % (best.announced, best.life))
    elif best is not None:
        t = Table(title="best payment (announced %s, %d life)" % (best.announced, best.life))
        t.add_column("permanent")
        t.add_column("ability / use")
        t.add_column("produces")
        for a in best.activations:
            t.add_row(a.permanent, a.ability + (" (sacrificing %s)" % a.sacrificed if a.sacrificed is not None else ""),
                      a.produces)
        for tap in best.tapped:
            t.add_row(tap.permanent, "tapped for " + tap.purpose, "")
        for card in best.exiled:
            t.add_row(card, "exiled for delve", "")
        console.print(t)
    for line in (found.reasons if isinstance(found, BestFound) else ()):
        console.print("why: " + line)
    payments = found.payments if isinstance(found, Counted) else None
    for i, p in enumerate(payments or (), 1):
        t = Table(title="group %d: %d payment%s, announced %s, %d life" % (
            i, p.multiplicity, "" if p.multiplicity == 1 else "s", p.announced, p.life))
        t.add_column("use", justify="right")
        t.add_column("of permanents")
        t.add_column("ability / use")
        t.add_column("produces")
        for act in p.activations:
            via = " (sacrificed to %s)" % " or ".join(act.sacrificed_to) if act.sacrificed_to else ""
            t.add_row(str(act.use), ", ".join(act.permanents), act.ability + via, act.produces)
        for tap_use in p.tapped:
            t.add_row(str(tap_use.use), ", ".join(tap_use.permanents), "tapped for " + tap_use.purpose, "")
        for d in p.exiled:
            t.add_row(str(d.use), ", ".join(d.cards), "exiled for delve", "")
        console.print(t)
    if isinstance(found, Ranked) and found.candidates:
        t = Table(title="candidates, best first (%d of %s groups ranked%s)" % (
            len(found.candidates), found.groups_ranked, "" if found.ranked_all else
            ", not every group: the time limit stopped the listing"))
        for col in ("#", "payments", "taps / uses", "mana", "life", "leaves untapped", "leaves castable"):
            t.add_column(col)
        for i, c in enumerate(found.candidates):
            g = c.group
            uses = ["%d of %s" % (a.use, ",".join(a.permanents)) for a in g.activations] + [
                "%d of %s (%s)" % (tap.use, ",".join(tap.permanents), tap.purpose) for tap in g.tapped]
            left = ["%d of %s" % (n, ",".join(ids)) for ids, n in c.untapped]
            t.add_row(str(i), str(g.multiplicity), "; ".join(uses) or "nothing", c.mana, str(g.life),
                      "; ".join(left) or "nothing", ", ".join(c.castable) or "none")
        console.print(t)
    if isinstance(found, Counted) and payments is not None and not found.listed_all:
        console.print("(more groups not shown; raise --limit)")
    for part in answer.parts:
        ways = part.ways()
        how = ("a total mana value of %d or more" % part.at_least if part.kind == PartKind.COLLECT_EVIDENCE
               else "any number" if part.k is None else "%s" % part.k)
        console.print("and %s: choose %s from %s (%d way%s alone; every way is counted in the payments)" % (
            part.text, how, ", ".join(part.eligible) or "none", ways, "" if ways == 1 else "s"))
    for chosen in (best.chosen or ()) if best is not None else ():
        console.print("%s: %s" % (chosen.cost, ", ".join(chosen.chosen) or "nothing"))
    for note in answer.notes:
        console.print("[yellow]not understood, not in the total:[/yellow] " + note)
    for note in answer.not_modelled:
        console.print("[yellow]not modelled:[/yellow] " + note)
