"""``manasolve audit BOARD (--cost COST | --card NAME ...) --payment FILE``: is a payment an
engine chose legal, and is there a strictly better one by the ``--best`` criteria."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_board_args, add_fields, add_paid_args, card_db, paid_fields
from manasolve.models.errors import InputError
from manasolve.models.request import Ask


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``audit`` command."""
    p = sub.add_parser("audit", help="is an engine's payment legal (the first rule it breaks), is there a better one",
                       description="Check a payment an engine chose (JSON in the shape of a `pay --best` answer's "
                       "\"best\", or a whole pay answer): whether it is legal, the first rule it breaks, and whether "
                       "manasolve's best payment is strictly better by the --best criteria.")
    add_board_args(p)
    add_paid_args(p, "the payment pays this card's total cost")
    p.add_argument("--payment", metavar="FILE", required=True, help="the engine's payment (JSON)")
    add_fields(p, Ask, ("keep", "keep_hand", "order"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Audit the payment in --payment."""
    from manasolve.models.board_schema import parse_json  # keeps `--help` light
    from manasolve.models.payment import checked_payment
    from manasolve.questions import ask

    try:
        with open(args.payment, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("", "can't read the payment: %s" % (getattr(exc, "strerror", None) or exc), args.payment) from None
    try:  # a whole pay answer is its best, for its player
        payment, player = checked_payment(parse_json(text, args.payment), args.player)
    except InputError as exc:
        raise InputError(exc.where, exc.message, args.payment) from None
    fields = dict(paid_fields(args), player=player, keep=args.keep, keep_hand=args.keep_hand, order=args.order)
    return ask("audit", args.board, payment, db=card_db(args), time_limit=args.timeout, **fields), render


def render(answer: dict) -> None:
    """Readable lines for an audit answer."""
    from rich.console import Console  # keeps start-up light

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
