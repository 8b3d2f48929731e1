"""``manasolve produce BOARD [--id ID]``: the mana types each permanent could produce (106.7)."""

from __future__ import annotations

import argparse

from manasolve.cli.common import add_question
from manasolve.models.request import ProduceRequest


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``produce`` command."""
    add_question(sub, "produce", [(ProduceRequest, ("id",))], render,
                 help="per permanent: the mana types (W U B R G C) it could produce now",
                 description="For every permanent on the board (opponents' included), the mana types it could "
                 "produce now (rule 106.7): replacement effects applied in any order, costs, tapped status and "
                 "summoning sickness ignored.")


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
