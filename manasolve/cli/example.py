"""``manasolve example``: run the built-in example board through every command."""

from __future__ import annotations

import argparse


# (command, arguments after the board path), in the order a newcomer would ask them.
_TOUR = [
    ("produce", []),
    ("pay", ["--cost", "{2}{G}{W/U}"]),
    ("pay", ["--cost", "{2}{G}{W/U}", "--all", "--limit", "4"]),
    ("pay", ["--cost", "{2}{G}{W/U}", "--best"]),
    ("cost", ["--card", "Think Twice", "--from", "graveyard", "--alt", "flashback"]),
    ("creatures", []),
    ("saddle", ["--mount", "bronco"]),
    ("plays", []),
]


def register(sub) -> None:
    p = sub.add_parser("example", help="run a built-in board through every command")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(run=run)


def example_board_path() -> str:
    """Path of the example board shipped with the package."""
    from importlib import resources  # here: every command line registers this module; keeps start-up light

    return str(resources.files("manasolve").joinpath("data/example_board.json"))


def run(args: argparse.Namespace):
    from rich.console import Console  # keeps start-up light

    from manasolve.cli import COMMANDS, main

    path = example_board_path()
    console = Console()
    ran = []
    for command, extra in _TOUR:
        if command not in COMMANDS:
            continue
        argv = [command, path] + extra
        console.rule("manasolve " + " ".join([command, "example_board.json"] + extra))
        main(argv)
        ran.append(argv)
    return {"board": path, "ran": ran}, lambda answer: console.print("board: " + answer["board"])
