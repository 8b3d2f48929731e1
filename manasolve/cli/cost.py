"""``manasolve cost BOARD --card NAME``: the total-cost breakdown of casting a card (601.2f)."""

from __future__ import annotations

import argparse

from manasolve.cli.common import add_question
from manasolve.models.request import CAST_FIELDS, CastChoice, CostRequest


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``cost`` command."""
    add_question(sub, "cost", [(CastChoice, ("card",) + CAST_FIELDS), (CostRequest, ("player",))], render,
                 help="total cost of casting a card: base, additional, increases, reductions, locked total, mana value",
                 description="The total cost of casting a card now (rule 601.2f): its mana cost or one alternative "
                 "cost, plus additional costs and increases, minus reductions, locked; its mana value (202.3) and "
                 "whether the cast may be started now.")


def render(answer: dict) -> None:
    """Print a cost answer as a rich table of the 601.2f steps."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    console = Console()
    t = Table(title="%s from %s (%s): total cost (601.2f)" % (answer["card"], answer["zone"], answer["player"]))
    t.add_column("step")
    t.add_column("cost")
    t.add_column("source / why")
    t.add_row("base: " + answer["base_kind"].replace("_", " "), answer["base"] or "none (unpayable, 118.6)", "")
    for a in answer["additional"]:
        t.add_row("+ additional (%s)" % a["kind"], a["cost"] + (" ×%d" % a["times"] if a["times"] > 1 else ""), "")
    for a in answer["increases"]:
        t.add_row("+ increase", a["by"], "%s: %s" % (a["source"], a["text"]))
    for a in answer["reductions"]:
        t.add_row("- reduction", a["by"], "%s: %s" % (a["source"], a["text"]))
    t.add_row("[bold]= locked total[/bold]", "[bold]%s[/bold]" % (answer["total"] or "unpayable"), "")
    console.print(t)
    for a in answer.get("by_announcement", []):
        life = " + %d life (for %s)" % (a["life"], ", ".join(a["paid_with_life"])) if a.get("paid_with_life") else (
            " + %d life" % a["life"] if a["life"] else "")
        console.print("  announced %s%s → total %s" % (a["announced"], life, a["total"]))
    console.print("mana value: %d%s" % (answer["mana_value"], "  (X = %d)" % answer["x"] if answer["x"] else ""))
    if answer.get("x_forced_zero"):
        console.print("X is 0: the cost paid has no X (107.3b)")
    if answer.get("exiled_when_leaving_stack"):
        console.print("cast with flashback: exiled however it leaves the stack (702.34a)")
    console.print("castable now: %s" % ("yes" if answer["castable_now"] else "no — " + answer["reason"]))
    for note in answer.get("not_modelled", []):
        console.print("[yellow]not modelled:[/yellow] " + note)
    for note in answer.get("notes", []):
        console.print("[yellow]not understood, left out:[/yellow] " + note)
