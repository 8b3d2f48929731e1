"""``manasolve saddle BOARD --mount ID`` and ``manasolve crew BOARD --vehicle ID``: the sets
of creatures that can pay Saddle N (702.171) / Crew N (702.122)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from manasolve.cli.common import add_question
from manasolve.models.request import CrewRequest, SaddleRequest

if TYPE_CHECKING:
    from rich.table import Table


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``saddle`` and ``crew`` commands."""
    for keyword, request, source, noun in (("Saddle", SaddleRequest, "mount", "Mount"),
                                           ("Crew", CrewRequest, "vehicle", "Vehicle")):
        add_question(sub, keyword.lower(), [(request, (source, "player", "all", "limit", "best"))], render,
                     help="legal sets of creatures to tap for %s N: exact count, minimal sets, best set" % keyword,
                     description="Which sets of other untapped creatures can pay %s N of a %s: the exact count of "
                     "every legal set, the minimal sets (no member removable), optionally every set and the best one."
                     % (keyword, noun))


def _sets_table(title: str, sets: list[list[str]], truncated: bool, powers: dict[str, int]) -> Table:
    from rich.table import Table  # keeps start-up light

    t = Table(title=title + (" (first %d)" % len(sets) if truncated else ""))
    t.add_column("#", justify="right")
    t.add_column("creatures to tap")
    t.add_column("total power", justify="right")
    for i, s in enumerate(sets, 1):
        t.add_row(str(i), ", ".join(s) if s else "(none)", str(sum(powers[c] for c in s)))
    return t


def render(answer: dict) -> None:
    """Print a saddle/crew answer as rich tables."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    console = Console()
    source = answer.get("mount") or answer.get("vehicle")
    console.print("[bold]%s[/bold] (%s): %s — %s" % (source, answer["card"], answer["ability"], answer["effect"]))
    if answer["activatable_now"]:
        console.print("%s can activate it now." % answer["player"])
    else:
        console.print("Not activatable now: %s." % answer["reason"])
    powers = {c["id"]: c["counted_power"] for c in answer["candidates"]}
    cands = Table(title="Candidates (other untapped creatures %s controls)" % answer["player"])
    for col in ("id", "power", "counted power", "toughness", "sick"):
        cands.add_column(col)
    for c in answer["candidates"]:
        cands.add_row(c["id"], str(c["power"]), str(c["counted_power"]), str(c["toughness"]), "yes" if c["sick"] else "")
    console.print(cands)
    console.print("Legal sets (total power ≥ %d): [bold]%d[/bold]" % (answer["n"], answer["count"]))
    console.print(_sets_table("Minimal sets", answer["minimal"], answer["minimal_truncated"], powers))
    if "all" in answer:
        console.print(_sets_table("Every legal set", answer["all"], answer["all_truncated"], powers))
    if "best" in answer:
        best = answer["best"]
        if best is None:
            console.print("Best set: none is legal.")
        else:
            console.print("Best set: %s (total power %d, %d beyond %d; %s)" % (
                ", ".join(best["set"]) or "(none)", best["total_power"], best["excess"], answer["n"], best["why"]))
