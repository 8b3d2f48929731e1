"""``manasolve pay BOARD (--cost COST | --card NAME ...) [--count|--all|--best]``: payable
(the default question), the exact count, the payments grouped, or one best payment."""

from __future__ import annotations

import argparse

from manasolve.cli.common import add_board_args, add_fields, add_paid_args, card_db, paid_fields
from manasolve.models.errors import ParameterError
from manasolve.models.request import DEFAULT_CANDIDATES, Ask, Mode


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
    from manasolve.questions import CastOnly, ask  # keeps `--help` light
    try:
        return ask("pay", args.board, db=card_db(args), **paid_fields(args), **asked), render
    except CastOnly as exc:  # the CLI's words for it
        raise ParameterError(exc.parameter, "applies to a card cast (--card NAME), not to --cost") from None


def render(answer: dict) -> None:
    """Readable tables for a pay answer."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    what = answer.get("total") or answer["cost"]
    head = "%s for %s: %s" % (answer.get("card") or "cost", what, "payable" if answer["payable"] else "NOT payable")
    if "count" in answer:
        head += ", %d payment%s" % (answer["count"], "" if answer["count"] == 1 else "s")
    elif "count_at_least" in answer:
        head += ", at least %d payments (the time limit stopped the count)" % answer["count_at_least"]
    elif answer.get("announced"):
        head += " (announced %s)" % answer["announced"]
    console.print(head)
    if answer.get("castable_now") is False:
        console.print("[yellow]but it can't be cast now:[/yellow] %s" % answer["reason"])
    if answer.get("best") and not (answer["best"]["activations"] or answer["best"]["tapped_for_cost"]
                                   or answer["best"].get("exiled_for_delve") or answer["best"].get("from_pool")):
        console.print("best payment: no mana to make (announced %s, %d life)" % (
            answer["best"]["announced"], answer["best"]["life"]))
    elif answer.get("best"):
        best = answer["best"]
        t = Table(title="best payment (announced %s, %d life)" % (best["announced"], best["life"]))
        t.add_column("permanent")
        t.add_column("ability / use")
        t.add_column("produces")
        for a in best["activations"]:
            t.add_row(a["permanent"], a["ability"] + (" (sacrificing %s)" % a["sacrificed"] if "sacrificed" in a else ""),
                      a["produces"])
        for a in best["tapped_for_cost"]:
            t.add_row(a["permanent"], "tapped for " + a["for"], "")
        for card in best.get("exiled_for_delve", []):
            t.add_row(card, "exiled for delve", "")
        console.print(t)
    for line in answer.get("why", []):
        console.print("why: " + line)
    for i, p in enumerate(answer.get("payments", []), 1):
        t = Table(title="group %d: %d payment%s, announced %s, %d life" % (
            i, p["multiplicity"], "" if p["multiplicity"] == 1 else "s", p["announced"], p["life"]))
        t.add_column("use", justify="right")
        t.add_column("of permanents")
        t.add_column("ability / use")
        t.add_column("produces")
        for a in p["activations"]:
            via = " (sacrificed to %s)" % " or ".join(a["sacrificed_to"]) if "sacrificed_to" in a else ""
            t.add_row(str(a["use"]), ", ".join(a["permanents"]), a["ability"] + via, a["produces"])
        for a in p["tapped_for_cost"]:
            t.add_row(str(a["use"]), ", ".join(a["permanents"]), "tapped for " + a["for"], "")
        for a in p.get("exiled_for_delve", []):
            t.add_row(str(a["use"]), ", ".join(a["cards"]), "exiled for delve", "")
        console.print(t)
    if answer.get("candidates"):
        t = Table(title="candidates, best first (%d of %s groups ranked%s)" % (
            len(answer["candidates"]), answer["groups_ranked"], "" if answer["ranked_all"] else
            ", not every group: the time limit stopped the listing"))
        for col in ("#", "payments", "taps / uses", "mana", "life", "leaves untapped", "leaves castable"):
            t.add_column(col)
        for i, c in enumerate(answer["candidates"]):
            uses = ["%d of %s" % (a["use"], ",".join(a["permanents"])) for a in c["activations"]] + [
                "%d of %s (%s)" % (a["use"], ",".join(a["permanents"]), a["for"]) for a in c["tapped_for_cost"]]
            left = ["%d of %s" % (u["count"], ",".join(u["permanents"])) for u in c["untapped"]]
            t.add_row(str(i), str(c["multiplicity"]), "; ".join(uses) or "nothing", c["mana"], str(c["life"]),
                      "; ".join(left) or "nothing", ", ".join(c["castable"]) or "none")
        console.print(t)
    if answer.get("payments") is not None and not answer.get("groups_listed_all", True):
        console.print("(more groups not shown; raise --limit)")
    for part in answer.get("other_costs", []):
        what = ("a total mana value of %d or more" % part["total_mana_value_at_least"]
                if "total_mana_value_at_least" in part else "%s" % part["choose"])
        console.print("and %s: choose %s from %s (%d way%s alone; every way is counted in the payments)" % (
            part["cost"], what, ", ".join(part["from"]) or "none", part["ways"], "" if part["ways"] == 1 else "s"))
    for part in (answer.get("best") or {}).get("other_costs", []):
        console.print("%s: %s" % (part["cost"], ", ".join(part["chosen"]) or "nothing"))
    for note in answer.get("notes", []):
        console.print("[yellow]not understood, not in the total:[/yellow] " + note)
    for note in answer.get("not_modelled", []):
        console.print("[yellow]not modelled:[/yellow] " + note)
