"""``manasolve castability DECK``: per card, how often the deck's mana casts it by each turn
(goldfish games, shards in this process, a local process pool, or Ray)."""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from manasolve.cli.common import add_fields, check_workers, fields_of, seconds
from manasolve.models.errors import shown
from manasolve.questions import CastabilityRequest, ask

if TYPE_CHECKING:  # rich's progress bar is imported when one is shown
    from rich.progress import Progress, TaskID

# A progress line on stderr when it is not a terminal: the first after this many seconds,
# then one every PROGRESS_EVERY seconds.
PROGRESS_EVERY = 5.0


_INT = re.compile(r"-?[0-9]{1,12}")
_POINTS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,6})?|\.[0-9]{1,6}")


def _integer(text: str) -> int:
    """An integer flag's value in ASCII digits ("١٠" and "1_000" are not integers)."""
    if not _INT.fullmatch(text):
        raise argparse.ArgumentTypeError("expected an integer like 100000, got %s" % shown(text, 30))
    return int(text)


def _precision(text: str) -> float:
    """A --precision value: percentage points within (0, 50]."""
    if not _POINTS.fullmatch(text) or not 0 < float(text) <= 50:
        raise argparse.ArgumentTypeError("give percentage points within (0, 50], e.g. 0.5, got %s" % shown(text, 30))
    return float(text)


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``castability`` command: its flags are CastabilityRequest's fields (one
    help text each), with --draw (--play's opposite), --plot, --quiet and --json."""
    p = sub.add_parser(
        "castability",
        help="per card of a deck list: P(castable) by turn, on curve, average delay (goldfish games)",
        description="Goldfish games of a deck list (MTGO/Arena text or an MTGO .dek): London mulligan, one land drop "
        "a turn, mana permanents cast when affordable; each turn, which spells the battlefield's mana pays (the exact "
        "payment solver, memoised per battlefield). Probabilities are fractions 'N/D' in --json.",
    )
    add_fields(p, CastabilityRequest, ("deck", "games", "precision", "turns"),
               {"games": _integer, "precision": _precision})
    play = p.add_mutually_exclusive_group()
    add_fields(play, CastabilityRequest, ("on_play",))
    play.add_argument("--draw", dest="on_play", action="store_false", help="on the draw")
    add_fields(p, CastabilityRequest, ("mulligan", "seed", "pairs", "workers", "address", "cards"),
               {"seed": _integer, "workers": _integer})
    p.add_argument("--plot", metavar="PNG", help="also draw castability by turn to this PNG (needs matplotlib: pip "
                   "install \"manasolve[plot]\"; checked before the games)")
    add_fields(p, CastabilityRequest, ("time_limit",), {"time_limit": seconds})
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true", help="print the exact JSON answer")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Answer ``castability`` for the deck named on the command line."""
    check_workers(args, args.deck)
    if args.plot:
        from manasolve.castability_plot import check_plot  # keeps start-up light

        check_plot(args.plot)
    with _Progress(args.quiet, args.time_limit) as progress:
        fields = fields_of(args, CastabilityRequest)
        answer = ask("castability", **dict(fields, pairs=[tuple(p) for p in fields["pairs"] or ()],
                                           progress=progress))
    if args.plot:
        from manasolve.castability_plot import plot  # keeps start-up light

        plot(answer, args.plot)
    return answer, render


def _duration(s: float) -> str:
    s = int(round(s))
    return "%d s" % s if s < 60 else "%dm%02ds" % divmod(s, 60) if s < 3600 else "%dh%02dm" % (s // 3600, s % 3600 // 60)


class _Progress:
    """Progress on stderr: a bar on a terminal, else one line every PROGRESS_EVERY seconds
    once games are played (games played, rate, ETA, and when the time limit will stop the
    run); none when quiet."""

    def __init__(self, quiet: bool, time_limit: float | None):
        self.quiet, self.time_limit = quiet, time_limit
        self.started = time.monotonic()
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.last_line = self.started  # the first line after PROGRESS_EVERY s
        self.first: tuple[float, int] | None = None  # (time, games) when games were first seen played

    def __enter__(self) -> Callable[[int, int], None] | None:
        if self.quiet:
            return None
        if sys.stderr.isatty():
            from rich.console import Console  # keeps start-up light
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("games", total=None)
        return self.update

    def update(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=done, total=total)
            return
        if not done:  # still reading the deck and cards: a bad deck's error stays the one line on stderr
            return
        if self.first is None:
            self.first = (now, done)
        if now - self.last_line < PROGRESS_EVERY:
            return
        self.last_line = now
        sys.stderr.write(self.line(done, total, now) + "\n")
        sys.stderr.flush()

    def line(self, done: int, total: int, now: float) -> str:
        """One progress line: games played of asked, rate, ETA, the time limit's stop."""
        text = "castability: %d/%d games (%d%%)" % (done, total, 100 * done // max(total, 1))
        if self.first is not None and done > self.first[1] and now > self.first[0]:
            rate = (done - self.first[1]) / (now - self.first[0])
            eta = (total - done) / rate
            text += ", %d games/s, ETA %s" % (rate, _duration(eta))
            if self.time_limit is not None and now - self.started + eta > self.time_limit:
                text += " (past the --timeout: a partial answer in %s)" % _duration(
                    max(0.0, self.time_limit - (now - self.started)))
        return text

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def _pct(fraction: str | None) -> str:
    if fraction is None:
        return "-"
    n, d = (int(x) for x in fraction.split("/"))
    return "-" if d == 0 else "%.1f" % (100 * n / d)


def _delay(average: str | None) -> str:
    """An average delay ("total/games") as a number of turns, for the table."""
    from fractions import Fraction  # here: every command line registers this module; keeps start-up light

    return "-" if average is None else "%.2f" % float(Fraction(average))


# The table's columns after the turns: header, value of an entry.
_TAIL = [("curve", lambda e: _pct(e["on_curve"])), ("|lands", lambda e: _pct(e["on_curve_given_lands"])),
         ("delay", lambda e: _delay(e["average_delay"]))]
_NAME_WIDTH = 16  # the card column's least width (longer names wrap within it)


def _table(answer: dict, turns: list[str], cut: int | None = None):
    """The rich table of `answer` with the turn columns `turns` (names cut to `cut`
    characters: for measuring the table with its names wrapped)."""
    from rich import box  # keeps start-up light
    from rich.table import Table

    entries = answer["cards"] + answer.get("pairs", [])
    t = Table(title="Castable by turn (%)", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=False)
    t.add_column("card", overflow="fold", min_width=min(_NAME_WIDTH, max((len(e["card"]) for e in entries),
                                                                          default=4)))
    for col in ["MV"] + ["T" + n for n in turns] + [h for h, _ in _TAIL]:
        t.add_column(col, justify="right", no_wrap=True)
    for e in entries:
        t.add_row(e["card"][:cut], str(e["mana_value"]), *(_pct(e["by_turn"][n]) for n in turns),
                  *(f(e) for _, f in _TAIL))
    return t


def table_turns(answer: dict, console) -> list[str]:
    """The most turn columns (the first ones) with which the table fits `console`'s width,
    every percentage in full and the names wrapped within `_NAME_WIDTH` columns (a table's
    widest rendering with names of that length)."""
    from rich.measure import Measurement  # keeps start-up light

    entries = answer["cards"] + answer.get("pairs", [])
    turns = list(entries[0]["by_turn"]) if entries else []
    for kept in range(len(turns), 0, -1):
        widest = Measurement.get(console, console.options.update_width(10_000),
                                 _table(answer, turns[:kept], _NAME_WIDTH)).maximum
        if widest <= console.width:
            return turns[:kept]
    return []


def render(answer: dict, console=None) -> None:
    """Print a castability answer as a table that fits the terminal (or `console`),
    percentages in full."""
    from rich.console import Console  # keeps start-up light
    from rich.text import Text

    console = console or Console()
    entries = answer["cards"] + answer.get("pairs", [])
    all_turns = list(entries[0]["by_turn"]) if entries else []
    turns = table_turns(answer, console)
    deck = answer["deck"]
    head = "%d cards, %d lands%s; %d games (±%.2f points at 95%%), seed %d, on the %s, mulligan %s" % (
        deck["cards"], deck["lands"], ", %d in the sideboard" % deck["sideboard"] if deck.get("sideboard") else "",
        answer["games"], answer["precision_points"], answer["seed"], "play" if answer["on_play"] else "draw",
        answer["mulligan"])
    console.print(Text(head))
    if answer.get("time_limit_reached"):
        console.print(Text.assemble(("partial", "yellow"), ": the time limit stopped the run at %d of %d games "
                                    "(--timeout SECONDS to wait longer)" % (answer["games"], answer["games_asked"])))
    if not entries:
        console.print(Text("no nonland card with a mana cost in the deck: nothing asked"))
    else:
        console.print(_table(answer, turns))
    if len(turns) < len(all_turns):
        console.print(Text("turns %s not shown at %d columns: --json gives every turn" % (
            ", ".join(all_turns[len(turns):]), console.width)))
    for note in answer["notes"]:
        console.print(Text.assemble(("note", "yellow"), " " + note))
