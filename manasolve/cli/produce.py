"""``manasolve produce BOARD [--id ID]``: the mana types each permanent could produce (106.7)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_board_args, board_from_args


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``produce`` command."""
    p = sub.add_parser(
        "produce",
        help="per permanent: the mana types (W U B R G C) it could produce now",
        description="For every permanent on the board (opponents' included), the mana types it could "
        "produce now (rule 106.7): replacement effects applied in any order, costs, tapped status and "
        "summoning sickness ignored.",
    )
    add_board_args(p)
    p.add_argument("--id", metavar="ID", help="only this permanent")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Answer ``produce`` for the board named on the command line."""
    from manasolve.answers import produce_json
    from manasolve.solver.produce import production

    return produce_json(production(board_from_args(args), args.id)), render


def render(answer: dict) -> None:
    """Print a produce answer as a rich table."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    t = Table(title="Mana each permanent could produce (106.7)")
    for col in ("id", "card", "controller", "could produce", "mana abilities now"):
        t.add_column(col)
    for pid, types in answer["permanents"].items():
        d = answer["details"][pid]
        t.add_row(pid, d["card"], d["controller"], " ".join("{%s}" % x for x in types) or "nothing",
                  "\n".join(d["mana_abilities"]) or "-")
    console.print(t)
    for n in answer["not_understood"]:
        console.print("[yellow]not understood, left out[/yellow] %s: %s" % (n["card"], n["sentence"]))
