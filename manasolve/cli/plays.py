"""``manasolve plays BOARD [--player NAME] [--count] [--timeout S]``: every legal play now,
with cost, payable and (asked) payment count."""

from __future__ import annotations

import argparse

from manasolve.cli.common import add_question
from manasolve.models.request import PlaysRequest


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``plays`` command."""
    add_question(sub, "plays", [(PlaysRequest, ("player", "count"))], render,
                 help="every legal play now: casts (hand, flashback), activations (saddle, crew, ...) with cost and count",
                 description="Every play the player may start now: each card in hand with each choice of alternative "
                 "and additional costs and X, flashback casts from the graveyard, and activated abilities of their "
                 "permanents (Saddle at sorcery timing, Crew, ...), each with its total cost, whether it is payable "
                 "and, with --count, the exact number of payments.")


def _show(v: object) -> str:
    return "?" if v is None else ("yes" if v is True else "no" if v is False else str(v))


def _targets(play: dict) -> str:
    """The play's targets in short: the legal choices of each, or "targets not checked"."""
    targets = play.get("targets")
    if targets is None:
        return ""
    if targets == "not checked":
        return " [yellow](targets not checked)[/yellow]"
    return "".join(" → %s: %s" % (t["target"], ", ".join(t["legal"]) or "none") for t in targets)


def _payments(play: dict, counted: bool) -> tuple[str, ...]:
    if not counted:
        return ()
    if "count_at_least" in play:
        from manasolve.solver.groups import stopped_by_the_clock  # keeps `--help` light

        why = "time limit" if stopped_by_the_clock(play.get("count_undone", [])) else "memory bound"
        return (">= %d (%s)" % (play["count_at_least"], why),)
    return (_show(play.get("count")),)


def render(answer: dict) -> None:
    """Print a plays answer as a rich table."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    console = Console()
    t = Table(title="Legal plays now for %s" % answer["player"])
    counted = any("count" in p or "count_at_least" in p for p in answer["plays"])
    for col in ("play", "from / source", "via / ability", "total cost", "payable") + (("payments",) if counted else ()):
        t.add_column(col)
    # Cards with several flashback instances show each one's index (pay --card --flashback N).
    several = {p["card"] for p in answer["plays"] if p.get("flashback", 0) > 0}
    for p in answer["plays"]:
        if p["kind"] == "land":
            t.add_row("play " + p["card"], "hand", p.get("face", "land"), "-", _show(p["payable"]), *_payments(p, counted))
        elif p["kind"] == "cast":
            what = ("cast " + p["card"] + (" as %s" % p["face"] if "face" in p else "")
                    + (" (X=%d)" % p["x"] if "x" in p else "") + _targets(p))
            extra = "; ".join("%s %s%s" % (a["kind"], a["cost"], " ×%d" % a["times"] if a["times"] > 1 else "")
                              for a in p.get("additional", []))
            via = p["via"] + (" #%d" % p["flashback"] if p.get("card") in several else "")
            t.add_row(what, p["zone"], via + (" + " + extra if extra else ""),
                      p["total"] + (" [yellow]*[/yellow]" if p.get("notes") else ""),
                      _show(p["payable"]), *_payments(p, counted))
        elif p["kind"] == "special":  # plot / suspend: exile it from the hand (116.2)
            what = "%s %s" % (p["action"], p["card"]) + (" (X=%d)" % p["x"] if "x" in p else "")
            counters = " (%s time counters)" % p["time_counters"] if "time_counters" in p else ""
            t.add_row(what, p["zone"], "special action" + counters, p["total"], _show(p["payable"]), *_payments(p, counted))
        else:
            t.add_row("activate" + _targets(p), p["source"], p["ability"], p.get("total") or "?", _show(p["payable"]),
                      *_payments(p, counted))
    console.print(t)
    if any(p["payable"] is None for p in answer["plays"]):
        console.print("[yellow]?[/yellow]: a cost part the payment solver does not model (see --json not_modelled)")
    for p in answer["plays"]:
        for note in p.get("notes", []):
            console.print("[yellow]*[/yellow] %s: not understood, not in the total: %s" % (p.get("card"), note))
