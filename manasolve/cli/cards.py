"""``manasolve cards check PATH [--json]``: how much of a card file's cost text is read exactly;
``manasolve cards update [URL|PATH] [--json]``: fetch a card file and store it where the card
setting points (MANASOLVE_CARDS, the config file, or the default place)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from manasolve.cli.common import add_timeout_arg, seconds
from manasolve.models.bounds import UPDATE_DEADLINE


_SHOWN_TEMPLATES = 40


def register(sub: argparse._SubParsersAction) -> None:
    """Install the ``cards`` command and its ``check`` subcommand."""
    p = sub.add_parser("cards", help="card database tools: coverage of the oracle-text parsers, card file update",
                       description="Card database tools.")
    cards_sub = p.add_subparsers(dest="cards_command", metavar="SUBCOMMAND", parser_class=type(p))
    cards_sub.required = True
    c = cards_sub.add_parser(
        "check",
        help="coverage report: mana abilities and cost keywords understood exactly",
        description="Read a card file (MTGJSON AtomicCards, Scryfall bulk, or a list of MTGJSON cards; "
        ".json or .json.gz) and report which cost abilities the parsers understand exactly, with what "
        "was not understood grouped by template.",
    )
    c.add_argument("path", metavar="PATH", help="card file")
    c.add_argument("--json", action="store_true", help="print the exact JSON answer")
    add_timeout_arg(c)
    c.set_defaults(run=run, answer_name="cards_check")
    u = cards_sub.add_parser(
        "update",
        help="fetch a card file (default: MTGJSON AtomicCards) and store it where the card setting points",
        description="Fetch a card file, check that it reads, and store it where MANASOLVE_CARDS or `cards` "
        "in the config file ($XDG_CONFIG_HOME/manasolve/config.toml) points, else in "
        "$XDG_DATA_HOME/manasolve/AtomicCards.json.gz; every command then looks its cards up there first "
        "(--cards PATH overrides it).",
    )
    u.add_argument("source", nargs="?", metavar="URL|PATH",
                   help="where to fetch it from (default: https://mtgjson.com/api/v5/AtomicCards.json.gz)")
    u.add_argument("--allow-insecure", action="store_true", help="also fetch http://, ftp:// and file:// URLs "
                   "(default: https:// only; a PATH is always read)")
    u.add_argument("--sha256", metavar="HEX", help="the file's SHA-256 to check (default: the one the source "
                   "publishes beside it, URL.sha256, if any)")
    u.add_argument("--deadline", type=seconds, default=UPDATE_DEADLINE, metavar="SECONDS",
                   help="the seconds the whole update may take (default %g; none: no deadline)" % UPDATE_DEADLINE)
    u.add_argument("--json", action="store_true", help="print the exact JSON answer")
    u.set_defaults(run=run_update, answer_name="cards_update")


def run(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Answer ``cards check`` for the file named on the command line."""
    from manasolve.api import cards_check  # keeps `--help` light

    return cards_check(args.path, time_limit=args.timeout), render


def run_update(args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """Answer ``cards update``: fetch, check and store the card file."""
    from manasolve.questions import ask  # keeps `--help` light

    return ask("cards_update", source=args.source, allow_insecure=args.allow_insecure, sha256=args.sha256,
               deadline=args.deadline), render_update


def render_update(answer: dict) -> None:
    """One line: how many cards were stored where, and what makes every command use them."""
    used_by = {"default": "the default place"}.get(answer["set_by"], answer["set_by"])
    print("stored %d cards from %s in %s (%s; used by every command unless --cards PATH is given)"
          % (answer["cards"], answer["source"], answer["path"], used_by))


def render(answer: dict) -> None:
    """Print a coverage report as rich tables."""
    from rich.console import Console  # keeps start-up light
    from rich.table import Table

    console = Console()
    t = Table(title="Cost abilities understood exactly")
    for col in ("what", "seen", "understood", "%"):
        t.add_column(col, justify="right" if col != "what" else "left")
    t.add_row("cards read", str(answer["cards"]), "", "")
    t.add_row("mana-ability lines", str(answer["mana_lines"]), str(answer["mana_lines_understood"]),
              "%.1f" % answer["mana_lines_pct"])
    for k, v in answer["keywords"].items():
        pct = "%.1f" % (100.0 * v["understood"] / v["seen"]) if v["seen"] else "-"
        t.add_row(k, str(v["seen"]), str(v["understood"]), pct)
    eff = answer["mana_effects"]
    t.add_row("effects on others' mana (grants, triggers, replacements)", str(eff["seen"]), str(eff["understood"]),
              "%.1f" % (100.0 * eff["understood"] / eff["seen"]) if eff["seen"] else "-")
    cs = answer["cost_sentences"]
    t.add_row("cost sentences (alternative/additional costs, cost modifiers)", str(cs["seen"]), str(cs["understood"]),
              "%.1f" % answer["cost_sentences_pct"])
    console.print(t)
    console.print("Flashback/Kicker/Multikicker: %s" % answer["spell_costs"])
    families = answer["not_understood_by_family"]
    if families:
        f = Table(title="Not understood, by family")
        for col in ("family", "sentences", "mana-ability lines", "example cards"):
            f.add_column(col, justify="right" if col in ("sentences", "mana-ability lines") else "left")
        for fam in families:
            f.add_row(fam["family"], str(fam["count"]), str(fam["mana_lines"]), ", ".join(e["card"] for e in fam["examples"]))
        console.print(f)
    groups = answer["not_understood_by_template"]
    if not groups:
        return
    g = Table(title="Not understood (left out), by template: %d sentences" % len(answer["not_understood"]))
    for col in ("count", "template", "example cards"):
        g.add_column(col)
    for grp in groups[:_SHOWN_TEMPLATES]:
        g.add_row(str(grp["count"]), grp["template"], ", ".join(e["card"] for e in grp["examples"]))
    console.print(g)
    if len(groups) > _SHOWN_TEMPLATES:
        console.print("... %d more templates (use --json for all)" % (len(groups) - _SHOWN_TEMPLATES))
