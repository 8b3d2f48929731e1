"""``manasolve castability DECK``: per card, how often the deck's mana casts it by each turn
(goldfish games, shards on this process or Ray)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from fractions import Fraction

from manasolve.cli.common import add_workers_args, check_workers


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``castability`` command."""
    p = sub.add_parser(
        "castability",
        help="per card of a deck list: P(castable) by turn, on curve, average delay (goldfish games)",
        description="Goldfish games of a deck list (MTGO/Arena text): London mulligan, one land drop a turn, "
        "mana permanents cast when affordable; each turn, which spells the battlefield's mana pays (the exact "
        "payment solver, memoised per battlefield). Probabilities are fractions 'N/D' in --json.",
    )
    p.add_argument("deck", metavar="DECK", help="deck list file: '4 Llanowar Elves' lines; Sideboard ignored; a Commander section")
    p.add_argument("--games", type=int, default=100_000, help="games to play (default 100000)")
    p.add_argument("--turns", default="1-7", help="turns reported, e.g. 1-7 (default) or 6")
    play = p.add_mutually_exclusive_group()
    play.add_argument("--play", dest="on_play", action="store_true", default=True, help="on the play: no draw on turn 1 (default)")
    play.add_argument("--draw", dest="on_play", action="store_false", help="on the draw")
    p.add_argument("--mulligan", default="karsten", metavar="RULE",
                   help="keep rule: karsten (7 cards: 2-5 lands, 6: 2-4, 5: 1-4; default), none (keep every "
                   "opening seven), or a 7-card land range like 3-5")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1); the same seed gives the same answer "
                   "for any number of workers")
    p.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), default=[],
                   help="also: P(A and B both cast in one turn) (repeatable)")
    add_workers_args(p, "200,000 games")
    p.add_argument("--cards", metavar="PATH", help="card database looked up before the built-in cards")
    p.add_argument("--plot", metavar="PNG", help="also draw castability by turn per card to this PNG (needs matplotlib)")
    p.add_argument("--json", action="store_true", help="print the exact JSON answer")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Answer ``castability`` for the deck named on the command line."""
    from manasolve.castability import castability
    check_workers(args, args.deck)
    with _progress(args.games) as progress:
        answer = castability(args.deck, args.games, args.turns, args.on_play, args.mulligan, args.seed,
                             args.workers, args.address, [tuple(p) for p in args.pair], args.cards, progress)
    if args.plot:
        from manasolve.castability_plot import plot

        plot(answer, args.plot)
    return answer, render


class _progress:
    """A progress bar on stderr for runs of several shards when stderr is a terminal."""

    def __init__(self, games: int):
        self.bar = None
        if games > 10_000 and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)

    def __enter__(self) -> Callable[[int, int], None] | None:
        if self.bar is None:
            return None
        self.bar.start()
        task = self.bar.add_task("games", total=None)
        return lambda done, total: self.bar.update(task, completed=done, total=total)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def _pct(fraction: str | None) -> str:
    if fraction is None:
        return "-"
    n, d = (int(x) for x in fraction.split("/"))
    return "-" if d == 0 else "%.1f%%" % (100 * n / d)


def render(answer: dict) -> None:
    """Print a castability answer as a rich table."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    first, last = answer["turns"]
    t = Table(title="Castable by turn: %d games, seed %d, on the %s, mulligan %s (%d cards, %d lands)" % (
        answer["games"], answer["seed"], "play" if answer["on_play"] else "draw", answer["mulligan"],
        answer["deck"]["cards"], answer["deck"]["lands"]))
    for col in ["card", "MV"] + ["T%d" % n for n in range(first, last + 1)] + ["on curve", "| lands", "delay"]:
        t.add_column(col, justify="left" if col == "card" else "right")
    for e in answer["cards"] + answer.get("pairs", []):
        delay = e["average_delay"]
        t.add_row(e["card"], str(e["mana_value"]), *(_pct(p) for p in e["by_turn"].values()), _pct(e["on_curve"]),
                  _pct(e["on_curve_given_lands"]), "-" if delay is None else "%.2f" % float(Fraction(delay)))
    console.print(t)
    for note in answer["notes"]:
        console.print("[yellow]note[/yellow] %s" % note)
