"""Options and helpers shared by the commands."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manasolve.models.errors import ParameterError, shown
from manasolve.models.request import CAST_FIELDS, DEFAULT_TIME_LIMIT, CastChoice, PaymentRequest, about, required

if TYPE_CHECKING:  # imported when a command runs, so `--help` stays light
    from manasolve.models.board import Board
    from manasolve.models.carddb import CardDB


def add_board_args(p: argparse.ArgumentParser) -> None:
    """BOARD, ``--cards PATH``, ``--json`` and ``--timeout``, common to every board command."""
    p.add_argument("board", metavar="BOARD", help="board file (manasolve/board@1 JSON)")
    p.add_argument("--cards", metavar="PATH", help="card database looked up before the built-in cards: MTGJSON AtomicCards, Scryfall bulk, or a list "
                   "of MTGJSON cards (.json or .json.gz); default: $MANASOLVE_CARDS or `cards` in the config file")
    p.add_argument("--json", action="store_true", help="print the exact JSON answer")
    add_timeout_arg(p)


def seconds(text: str) -> float | None:
    """A --timeout value: seconds above 0, or "none" for no limit."""
    if text.lower() == "none":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("give seconds, e.g. 2.5, or none, got %s" % shown(text, 30)) from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError("give seconds above 0, or none, got %s" % shown(text, 30))
    return value


def add_timeout_arg(p: argparse.ArgumentParser) -> None:
    """``--timeout SECONDS``: how long the question may take (manasolve.cli.main keeps to it)."""
    p.add_argument("--timeout", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                   help="answer within SECONDS: past it a count is a lower bound (count_at_least), a best "
                   "payment the best found so far, plays the plays checked so far, anything else gives up "
                   "with exit status 3; none: no limit (default %g)" % DEFAULT_TIME_LIMIT)


@dataclass(frozen=True)
class ServerOptions:
    """The command line of a long-running server (serve, mcp) or a batch of its requests:
    the card file of every board, each question's time limit when its request gives none,
    and the folders whose files requests may name."""

    cards: str | None = about("card database looked up before the built-in cards, for every board", metavar="PATH")
    request_timeout: float | None = about(
        "seconds a question may take when its request gives no time_limit; none: no limit (default %g)"
        % DEFAULT_TIME_LIMIT, DEFAULT_TIME_LIMIT, flag="--timeout", type=seconds, metavar="SECONDS")
    allow_path: tuple[str, ...] = about("a folder whose files requests may name (cards_check's path, board.load's "
                                        "cards); repeatable; default: none, only the configured card file", (),
                                        metavar="FOLDER")


@dataclass(frozen=True)
class BatchOptions:
    """``batch``: the file of requests and where they run (manasolve.executors)."""

    questions: str = required("file of JSON-RPC requests, one per line ('-': stdin)", flag="questions",
                              metavar="QUESTIONS")
    workers: int | None = about("processes to use (default: this process, and processes forked from it on every "
                                "core when the lines would take long here; 1: this process; K > 1: Ray)", type=int,
                                metavar="K", exclusive="where")
    address: str | None = about("run on this Ray cluster", metavar="RAY_ADDRESS", exclusive="where")


def check_workers(args: argparse.Namespace, source: str) -> None:
    """ParameterError unless ``--workers`` is absent or 1 or more."""
    if args.workers is not None and args.workers < 1:
        raise ParameterError("workers", "give 1 or more workers, got %d" % args.workers, source)


def add_fields(p: argparse.ArgumentParser | argparse._ArgumentGroup, request: type,
               names: Iterable[str] | None = None, types: Mapping[str, Callable[[str], Any]] | None = None,
               **extra: Any) -> None:
    """The flags of `request`'s fields (a dataclass of models/request.py; `names`: only
    these, in this order), each spelt as its field's metadata says (`about`): ``--`` + the
    name with ``-`` for ``_`` unless it names a flag (or a positional argument, a name
    without ``--``), its help text, a store_true flag for a bool, an int for an int
    default (or the parser `types` gives the field), a repeatable flag for a tuple,
    required for a field with no default, in a mutually exclusive group with the fields
    naming the same ``exclusive`` group, and the argparse keywords the field adds (then
    `extra`'s)."""
    by_name = {f.name: f for f in dataclasses.fields(request)}
    groups: dict[str, argparse._MutuallyExclusiveGroup] = {}
    for name in names if names is not None else by_name:
        f = by_name[name]
        meta, cli = f.metadata, dict(f.metadata["cli"])
        group = cli.pop("exclusive", None)  # fields with the same name of a group: at most one on a command line
        spelt = meta["flag"] or "--" + name.replace("_", "-")
        kw: dict = {"help": meta["help"].replace("%", "%%")}  # argparse formats help texts
        default = None if f.default is dataclasses.MISSING else f.default
        if isinstance(default, bool):
            kw.update(action="store_true" if not default else "store_false", default=default)
        elif isinstance(default, tuple):
            kw.update(action="append", default=None)
        else:
            kw.update(default=default, **({"type": int} if isinstance(default, int) else {}))
        if types is not None and types.get(name) is not None:
            kw["type"] = types[name]
        if not spelt.startswith("-"):  # a positional argument: named by its place
            del kw["default"]
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            kw.update(dest=name, required=True)
        else:
            kw["dest"] = name
        kw.update(cli, **extra)
        if group is not None and group not in groups:
            groups[group] = p.add_mutually_exclusive_group()
        (p if group is None else groups[group]).add_argument(spelt, **kw)


def fields_of(args: argparse.Namespace, *requests: type) -> dict[str, Any]:
    """The values on the command line of the fields of `requests` that the command has flags for."""
    return {f.name: getattr(args, f.name) for r in requests for f in dataclasses.fields(r) if hasattr(args, f.name)}


def add_question(sub: argparse._SubParsersAction, name: str, fields: Iterable[tuple[type, Iterable[str]]],
                 render: Callable[[dict], None], **parser: Any) -> argparse.ArgumentParser:
    """Install the command of question `name` (manasolve.questions): BOARD, --cards, --json
    and --timeout, the flags of the request fields `fields` (pairs of a request type and
    field names), and a handler asking it through `ask`; `parser`: add_parser's keywords
    (help, description)."""
    p = sub.add_parser(name, **parser)
    add_board_args(p)
    for request, names in fields:
        add_fields(p, request, names)
    p.set_defaults(run=functools.partial(_ask, name, [request for request, _ in fields], render))
    return p


def add_command(sub: argparse._SubParsersAction, name: str, run: Callable[[argparse.Namespace], Any],
                fields: Iterable[tuple[type, Iterable[str]]], **parser: Any) -> argparse.ArgumentParser:
    """Install command `name` (one that asks no single question: serve, mcp, batch): the
    flags of the option fields `fields` (pairs of an option type and field names) and
    `run`, its handler; `parser`: add_parser's keywords (help, description)."""
    p = sub.add_parser(name, **parser)
    for options, names in fields:
        add_fields(p, options, names)
    p.set_defaults(run=run)
    return p


def _ask(name: str, requests: list[type], render: Callable[[dict], None],
         args: argparse.Namespace) -> tuple[dict, Callable[[dict], None]]:
    """The answer of question `name` for the board and the flags on the command line, and its renderer."""
    from manasolve.questions import ask  # keeps `--help` light

    return ask(name, args.board, db=card_db(args), time_limit=args.timeout, **fields_of(args, *requests)), render


def add_paid_args(p: argparse.ArgumentParser, card_help: str) -> None:
    """What is paid (a PaymentRequest's flags): ``--cost COST`` or ``--card NAME`` with the
    cast's choices, who pays, and the cost keywords."""
    what = p.add_mutually_exclusive_group(required=True)
    add_fields(what, PaymentRequest, ("cost",), required=False)
    what.add_argument("--card", metavar="NAME", help=card_help)
    add_fields(p, CastChoice, CAST_FIELDS)
    add_fields(p, PaymentRequest, ("player", "convoke", "improvise", "delve"))


def paid_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The PaymentRequest fields of the command line (manasolve.questions.payment_request's keywords)."""
    return {"card": args.card, **fields_of(args, CastChoice, PaymentRequest)}


def card_db(args: argparse.Namespace) -> CardDB:
    """The built-in cards, with ``--cards PATH`` (else the card file set by
    ``MANASOLVE_CARDS`` or the config file) looked up first."""
    from manasolve.card_settings import card_db as setting_db  # keeps start-up light

    return setting_db(getattr(args, "cards", None))


def configured_cards(args: argparse.Namespace) -> str | None:
    """The card file of ``--cards``, else of ``MANASOLVE_CARDS`` or the config file (None without one)."""
    from manasolve.card_settings import configured_card_file  # keeps start-up light

    if getattr(args, "cards", None):
        return args.cards
    setting = configured_card_file()
    return None if setting is None else str(setting.path)


def board_from_args(args: argparse.Namespace) -> Board:
    """The validated board named on the command line (InputError on bad input)."""
    from manasolve.models.board import read_board_file  # keeps start-up light

    return read_board_file(args.board, card_db(args))
