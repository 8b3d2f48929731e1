"""``manasolve attack BOARD --attackers ID...``: which attack triggers fire, with the
saddle rulings (attacks while saddled, Caustic Bronco, Fortune, Loyal Steed) and the
pumps (Golden-Tail Trainer, "attacks while saddled, it gets +N/+M"), resolved in the
order the attackers are named."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_question, card_db
from manasolve.models.errors import InputError
from manasolve.models.request import AttackRequest


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``attack`` command."""
    p = add_question(sub, "attack", [(AttackRequest, ("attackers", "reveal", "left", "copies"))], render,
                     help="which attack triggers fire (attacks while saddled, Caustic Bronco, Fortune)",
                     description="Declare attackers on the board and report which attack triggers fire and how the "
                     "saddle-aware ones resolve.")
    p.set_defaults(run=run)  # --reveal and --copy are ID=VALUE pairs


def _pairs(values: list[str], option: str) -> dict[str, str]:
    out = {}
    for v in values:
        key, sep, val = v.partition("=")
        if not sep or not key.strip() or not val.strip():
            raise InputError(option, "expected ID=VALUE, got %r" % v)
        out[key.strip()] = val.strip()
    return out


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Handler: the attack answer and its renderer."""
    from manasolve.questions import ask  # keeps `--help` light

    return ask("attack", args.board, args.attackers, db=card_db(args), reveal=_pairs(args.reveal or [], "--reveal"),
               left=args.left or [], copies=_pairs(args.copies or [], "--copy"), time_limit=args.timeout), render


def _resolution_text(res: dict) -> str:
    if "loses_life" in res:
        who = ", ".join(x["player"] for x in res["loses_life"])
        amount = res["mana_value"] if res["mana_value"] is not None else "the revealed card's mana value"
        lki = " (last known information: it left the battlefield)" if res["uses_last_known_information"] else ""
        return "%s loses %s life — %s%s" % (who, amount, "saddled" if res["saddled_on_resolution"] else "not saddled", lki)
    if "pumped" in res:
        got = ", ".join("%s → %d/%d" % (m["id"], m["power"], m["toughness"]) for m in res["pumped"]) or "nothing pumped"
        x = " (X = %d)" % res["x"] if "x" in res else ""
        return "%s%s: %s" % (res["effect"], x, res.get("why", got))
    lines = []
    for ch in res["choices"]:
        moved = ", ".join("%s %s" % (m["id"], "returns under %s" % m["under"] if m["returns"] else "ceases to exist")
                          for m in ch["permanents"]) or "nothing happens"
        lines.append("choose %s: %s" % (ch["creature"] or "no creature", moved))
    return "at end of combat, chosen on resolution (no target): " + "; ".join(lines)


def render(answer: dict) -> None:
    """Print the attack answer as a rich table."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    t = Table(title="Attack triggers for %s" % ", ".join(answer["attackers"]))
    for col in ("source", "ability", "triggers", "why / resolution"):
        t.add_column(col)
    for tr in answer["triggers"]:
        detail = tr["why"] + ("; " + _resolution_text(tr["resolution"]) if "resolution" in tr else "")
        t.add_row(tr["source"], tr["ability"], "yes" if tr["triggers"] else "no", detail)
    Console().print(t)
    if not answer["triggers"]:
        Console().print("No attack triggers.")
