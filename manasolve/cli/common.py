"""Options and helpers shared by the commands."""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING

from manasolve.models.errors import ParameterError, shown
from manasolve.models.request import DEFAULT_TIME_LIMIT, AbilityKind, Alternative, CastChoice, Zone

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


def add_server_args(p: argparse.ArgumentParser) -> None:
    """``--cards PATH`` and ``--timeout SECONDS`` of a long-running server (serve, mcp): the
    card file of every board, and each question's time limit when its request gives none."""
    p.add_argument("--cards", metavar="PATH", help="card database looked up before the built-in cards, for every board")
    p.add_argument("--timeout", dest="request_timeout", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                   help="seconds a question may take when its request gives no time_limit; none: no limit "
                   "(default %g)" % DEFAULT_TIME_LIMIT)


def add_workers_args(p: argparse.ArgumentParser, ray_from: str) -> None:
    """``--workers K | --address RAY_ADDRESS``: where a batch of independent tasks runs
    (manasolve.executors); `ray_from` says from what size the default uses Ray."""
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="K", help="processes to use (default: this process, Ray on "
                       "every core from %s on; 1: this process; K > 1: Ray)" % ray_from)
    where.add_argument("--address", metavar="RAY_ADDRESS", help="run on this Ray cluster")


def check_workers(args: argparse.Namespace, source: str) -> None:
    """ParameterError unless ``--workers`` is absent or 1 or more."""
    if args.workers is not None and args.workers < 1:
        raise ParameterError("workers", "give 1 or more workers, got %d" % args.workers, source)


def add_cast_args(p: argparse.ArgumentParser) -> None:
    """The choices of a card cast (a CastChoice): --from, --alt, --kicker, --x, --side, --optional,
    --targets, --ability, --fuse, --flashback."""
    p.add_argument("--from", dest="zone", choices=[z.value for z in Zone], default=None,
                   help="zone it is cast from (default: where --alt casts from: graveyard for flashback, escape, disturb, "
                   "jump-start, retrace or --flashback N; exile for madness, foretell; else hand)")
    p.add_argument("--alt", choices=[a.value for a in Alternative], help="alternative cost to use instead of the mana cost")
    p.add_argument("--kicker", nargs="?", type=int, const=1, default=0, metavar="TIMES",
                   help="pay the (first) kicker; multikicker: TIMES")
    p.add_argument("--x", type=int, default=0, help="value announced for X (default 0)")
    p.add_argument("--side", type=int, default=0, metavar="N", help="which side of an \"A or B\" additional cost to pay (0: A, 1: B)")
    p.add_argument("--optional", metavar="T1,T2,...", help="the times each optional additional cost is paid, in "
                   "the order `cost` lists them (kicker, multikicker, squad, escalate, buyback, entwine, gift, "
                   "bargain, casualty, conspire, spree modes...), as `plays` lists a play's \"optional\"")
    p.add_argument("--targets", type=int, default=1, metavar="N", help="how many targets are chosen (Strive: "
                   "more for each beyond the first)")
    p.add_argument("--ability", choices=[a.value for a in AbilityKind], help="pay a keyword ability of the card "
                   "instead of casting it: unearth, embalm, eternalize (graveyard), ninjutsu (hand); face_up: "
                   "--card is a face-down permanent's id, turned up for its morph/disguise cost")
    p.add_argument("--fuse", action="store_true", help="cast both halves of a split card with fuse from the hand "
                   "(702.102), paying both mana costs")
    p.add_argument("--flashback", type=int, metavar="N", help="which flashback instance, numbered as `plays` lists "
                   "them (printed first, then granted by the board; default: the cheapest one, payable ones first)")


def cast_choice(args: argparse.Namespace) -> CastChoice:
    """The CastChoice named by ``--card`` and the cast options."""
    return CastChoice(args.card, args.zone, args.alt, args.kicker, args.x, args.side, args.flashback, args.optional,
                      args.targets, args.ability, args.fuse)


def card_db(args: argparse.Namespace) -> CardDB:
    """The built-in cards, with ``--cards PATH`` (else the card file set by
    ``MANASOLVE_CARDS`` or the config file) looked up first."""
    from manasolve.card_settings import card_db as setting_db

    return setting_db(getattr(args, "cards", None))


def add_allow_path_arg(p: argparse.ArgumentParser) -> None:
    """``--allow-path FOLDER`` (repeatable): the folders whose files requests may name."""
    p.add_argument("--allow-path", dest="allow_path", action="append", default=[], metavar="FOLDER",
                   help="a folder whose files requests may name (cards_check's path, board.load's cards); "
                   "repeatable; default: none, only the configured card file")


def configured_cards(args: argparse.Namespace) -> str | None:
    """The card file of ``--cards``, else of ``MANASOLVE_CARDS`` or the config file (None without one)."""
    from manasolve.card_settings import configured_card_file

    if getattr(args, "cards", None):
        return args.cards
    setting = configured_card_file()
    return None if setting is None else str(setting.path)


def board_from_args(args: argparse.Namespace) -> Board:
    """The validated board named on the command line (InputError on bad input)."""
    from manasolve.models.board import read_board_file

    return read_board_file(args.board, card_db(args))
