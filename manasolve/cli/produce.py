"""``manasolve produce BOARD [--id ID] [--why ID] [--graph FILE]``: the mana types each
permanent could produce (106.7), where they come from, and the graph they are read on."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_question, board_from_args
from manasolve.models.request import ProduceRequest


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``produce`` command."""
    p = add_question(sub, "produce", [(ProduceRequest, ("id",))], render,
                     help="per permanent: the mana types (W U B R G C) it could produce now",
                     description="For every permanent on the board (opponents' included), the mana types it could "
                     "produce now (rule 106.7): replacement effects applied in any order, costs, tapped status and "
                     "summoning sickness ignored.")
    p.add_argument("--why", metavar="ID", help="only this permanent, and for each type it could produce the chain "
                   "of permanents and abilities it comes from (Reflecting Pool <- Exotic Orchard <- an opponent's "
                   "Swamp), and the cycle of the could-produce graph it closes")
    p.add_argument("--graph", metavar="FILE", help="also write the could-produce dependency graph to FILE for a "
                   "graph viewer: DOT for a name ending in .dot or .gv, GraphML otherwise")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Answer ``produce`` for the board named on the command line (``--why``: explained)."""
    from manasolve.models.errors import InputError, ParameterError  # keeps `--help` light
    from manasolve.questions import ask

    board = board_from_args(args)
    if args.why is not None:
        if args.id is not None and args.why != args.id:
            raise ParameterError("why", "names another permanent than --id %s; give one of them" % args.id, board.source)
        try:
            board.get(args.why)
        except ParameterError as exc:
            raise ParameterError("why", exc.message, board.source) from None
    one = args.why if args.why is not None else args.id
    answer = ask("produce", board, one, explain=args.why is not None, time_limit=args.timeout)
    if args.graph is not None:
        from manasolve.solver.could_graph import write_graph  # keeps start-up light

        try:
            write_graph(board, args.graph)
        except OSError as exc:
            raise InputError("--graph", "can't write the graph: %s" % (exc.strerror or exc), args.graph) from None
    return answer, render


def render(answer: dict) -> None:
    """Print a produce answer as a rich table."""
    from rich.console import Console  # keeps start-up light
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
    for pid, why in answer.get("why", {}).items():
        for t, chain in why["types"].items():
            console.print("{%s} at %s: %s" % (t, pid, " <- ".join(
                "%s (%s%s)" % (s["card"], s["id"], ", " + s["controller"] if s["controller"] != chain[0]["controller"]
                               else "") for s in chain)))
        if why["cycle"]:
            console.print("%s closes the cycle %s (it adds nothing of its own, 106.7)" % (
                pid, " -> ".join(why["cycle"] + [pid])))
