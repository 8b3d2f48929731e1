"""``manasolve audit BOARD (--cost COST | --card NAME ...) --payment FILE``: is a payment an
engine chose legal, and is there a strictly better one by the ``--best`` criteria."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_board_args, card_db
from manasolve.models.errors import InputError
from manasolve.models.request import Alternative, Zone


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``audit`` command."""
    p = sub.add_parser("audit", help="is an engine's payment legal (the first rule it breaks), is there a better one",
                       description="Check a payment an engine chose (JSON in the shape of a `pay --best` answer's "
                       "\"best\", or a whole pay answer): whether it is legal, the first rule it breaks, and whether "
                       "manasolve's best payment is strictly better by the --best criteria.")
    add_board_args(p)
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--cost", help='a mana cost, e.g. "{2}{G}{W/U}"')
    what.add_argument("--card", metavar="NAME", help="the payment pays this card's total cost")
    p.add_argument("--payment", metavar="FILE", required=True, help="the engine's payment (JSON)")
    p.add_argument("--from", dest="zone", choices=[z.value for z in Zone], default=None,
                   help="zone the card is cast from (default: where --alt casts from, else hand)")
    p.add_argument("--alt", choices=[a.value for a in Alternative], help="alternative cost to use")
    p.add_argument("--x", type=int, default=0, help="value announced for X (default 0)")
    p.add_argument("--player", help="who pays (default: the active player)")
    p.add_argument("--keep", action="append", metavar="COST", help="a cost that should stay payable (repeatable)")
    p.add_argument("--order", metavar="CRITERIA", help="criteria order, as for pay --best")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Audit the payment in --payment."""
    from manasolve.audit import audit_payment
    from manasolve.models.board_schema import parse_json
    from manasolve.payment_model import checked_payment
    from manasolve.session import PlayBoard

    try:
        with open(args.payment, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("", "can't read the payment: %s" % (getattr(exc, "strerror", None) or exc), args.payment) from None
    try:  # a whole pay answer is its best, for its player
        payment, player = checked_payment(parse_json(text, args.payment), args.player)
    except InputError as exc:
        raise InputError(exc.where, exc.message, args.payment) from None
    board = PlayBoard(args.board, card_db(args))
    answer = audit_payment(board, payment, args.cost, card=args.card, player=player, zone=args.zone,
                           alt=args.alt, x=args.x, keep=args.keep, order=args.order)
    return answer, render


def render(answer: dict) -> None:
    """Readable lines for an audit answer."""
    from rich.console import Console

    console = Console()
    if answer["legal"]:
        console.print("legal payment of %s" % answer["cost"])
    else:
        b = answer["broken"]
        console.print("[red]NOT legal[/red]: %s: %s" % (b["path"], b["message"]))
    if answer["why"]:
        console.print(answer["why"])
    if answer["better"] and answer["best"]:
        console.print("manasolve's best payment: " + ", ".join(
            "%s %s" % (a["permanent"], a["produces"]) for a in answer["best"]["activations"]))
