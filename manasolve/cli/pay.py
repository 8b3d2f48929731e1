"""``manasolve pay BOARD (--cost COST | --card NAME ...) [--count|--all|--best]``: payable
(the default question), the exact count, the payments grouped, or one best payment."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from manasolve.cli.common import add_board_args, add_cast_args, board_from_args, cast_choice
from manasolve.models.errors import ParameterError
from manasolve.models.request import DEFAULT_CANDIDATES, Mode, PaymentRequest

if TYPE_CHECKING:
    from manasolve.solver.results import PayAnswer


def register(sub) -> None:
    p = sub.add_parser("pay", help="can a cost be paid, in how many ways, which ways, the cheapest way")
    add_board_args(p)
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--cost", help='a mana cost, e.g. "{2}{G}{W/U}"')
    what.add_argument("--card", metavar="NAME", help="pay this card's total cost (601.2f)")
    add_cast_args(p)
    p.add_argument("--player", help="who pays (default: the active player)")
    p.add_argument("--convoke", action="store_true", help="the spell has convoke (702.51)")
    p.add_argument("--improvise", action="store_true", help="the spell has improvise (702.126)")
    p.add_argument("--delve", action="store_true", help="the spell has delve (702.66): graveyard cards pay {1} each")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--count", dest="mode", action="store_const", const=Mode.COUNT.value,
                      help="the exact number of payments (default: only whether it is payable)")
    mode.add_argument("--all", dest="mode", action="store_const", const=Mode.ALL.value, help="list the payments, grouped")
    mode.add_argument("--best", dest="mode", action="store_const", const=Mode.BEST.value, help="one cheapest payment")
    mode.add_argument("--candidates", type=int, nargs="?", const=DEFAULT_CANDIDATES, metavar="K",
                      help="a decision for an agent: at most K (default %d) groups of payments ranked by the "
                      "--best order, the best first, each with what it leaves untapped and castable" % DEFAULT_CANDIDATES)
    p.add_argument("--limit", type=int, default=50, help="most groups listed with --all (0: no limit)")
    p.add_argument("--why", action="store_true", help="with --best: explain the choice against the runner-up")
    p.add_argument("--keep", action="append", metavar="COST", help="with --best: keep this cost payable if possible (repeatable)")
    p.add_argument("--keep-hand", action="store_true", help="with --best: keep the other cards in hand payable if possible")
    p.add_argument("--order", metavar="CRITERIA", help="with --best: criteria order, a comma list of "
                   "keep,life,sacrifice,waste,attackers,colors,flexibility,creatures (default: that order)")
    p.set_defaults(run=run, mode=Mode.PAYABLE.value)


def run(args: argparse.Namespace):
    board = board_from_args(args)
    if args.card is None:
        for name, given in (("zone", args.zone), ("alt", args.alt), ("kicker", args.kicker), ("side", args.side),
                            ("flashback", args.flashback is not None), ("optional", args.optional),
                            ("targets", args.targets != 1), ("ability", args.ability), ("fuse", args.fuse)):
            if given:
                raise ParameterError(name, "applies to a card cast (--card NAME), not to --cost")
        paid, x = args.cost, args.x
    else:
        paid, x = cast_choice(args), 0
    mode, k = (Mode.CANDIDATES.value, args.candidates) if args.candidates is not None else (args.mode, DEFAULT_CANDIDATES)
    request = PaymentRequest(paid, args.player, mode, args.limit or None, x, args.convoke, args.improvise,
                             args.delve, tuple(args.keep or ()), args.keep_hand, args.order, args.timeout, args.why, k)
    from manasolve.answers import pay_json
    from manasolve.solver.pay import pay_request

    answer = pay_request(board, request)
    return pay_json(answer), lambda _json: render(answer)


def render(answer: PayAnswer) -> None:
    """Readable tables for a pay answer."""
    from rich.console import Console
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
        from manasolve.solver.pay import stopped_by_the_clock

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
        for a in p.activations:
            via = " (sacrificed to %s)" % " or ".join(a.sacrificed_to) if a.sacrificed_to else ""
            t.add_row(str(a.use), ", ".join(a.permanents), a.ability + via, a.produces)
        for tap in p.tapped:
            t.add_row(str(tap.use), ", ".join(tap.permanents), "tapped for " + tap.purpose, "")
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
    if payments is not None and not found.listed_all:
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
