"""``manasolve creatures BOARD [--player NAME] [--id ID]``: each creature's power and
toughness, and whether it is modified (700.9) and by what."""

from __future__ import annotations

import argparse

from manasolve.cli.common import add_question
from manasolve.models.request import CreaturesRequest


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``creatures`` command."""
    add_question(sub, "creatures", [(CreaturesRequest, ("player", "id"))], render,
                 help="each creature's power/toughness and whether it is modified (counters, Equipment, your Auras)",
                 description="Every creature on the board with its power and toughness as they stand (what Saddle, "
                 "Crew and Golden-Tail Trainer read) and whether it is modified (rule 700.9: any counter, any "
                 "Equipment attached, or an Aura its controller controls).")


def _mod_text(m: dict) -> str:
    if m["kind"] == "counter":
        return "%d %s counter%s" % (m["count"], m["counter"], "s" if m["count"] > 1 else "")
    return "%s %s (%s's)" % (m["kind"], m["id"], m["controller"])


def render(answer: dict) -> None:
    """Print a creatures answer as a rich table."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    t = Table(title="Creatures: power/toughness and modified (700.9)")
    for col in ("id", "card", "controller", "P/T", "modified", "by"):
        t.add_column(col)
    for c in answer["creatures"]:
        by = [_mod_text(m) for m in c["modifications"]]
        by += ["not: %s %s (%s's)" % (m["kind"], m["id"], m["controller"]) for m in c.get("not_modifying", [])]
        t.add_row(c["id"], c["card"], c["controller"], "%d/%d" % (c["power"], c["toughness"]),
                  "yes" if c["modified"] else "no", ", ".join(by) or "-")
    Console().print(t)
