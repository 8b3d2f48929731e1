"""The one table of questions: for every command, the type of its request, the solver
entry that answers it and the writer of its JSON answer; and `ask`, the one door every
other door (the API, the CLI, the server, the MCP tools, `PlayBoard`) goes through.

`ask(name, board, request)` (or the request's fields as keywords) validates once (the
time limit, then the board, then the request), sets the time limit once, solves and
writes the answer (with its ``format``):

>>> from manasolve.questions import ask
>>> board = {"players": [{"name": "a", "battlefield": [{"id": "f", "card": "Forest"}]}]}
>>> ask("pay", board, cost="{G}", mode="count")["count"]
1
>>> ask("produce", board)["permanents"]
{'f': ['G']}

The API (`manasolve.api`) is one line over `ask` per question.  Every question is answered
within its `time_limit` (seconds, default 10; None: no limit): past it the answer is a sound partial one where the question has one (a count's lower
bound, the best payment found so far, the plays checked so far; each marked
``"time_limit_reached": true``), else `TimeUp` is raised ("gave up after N s").

A Birds of Paradise pays {1} in five ways (one per colour) and {1}{G} in none:

>>> from manasolve import api
>>> board = {"players": [{"name": "alice", "battlefield": [{"id": "birds", "card": "Birds of Paradise"}]}]}
>>> answer = api.pay(board, "{1}", mode="count")
>>> answer["payable"], answer["count"]
(True, 5)
>>> api.pay(board, "{1}{G}", mode="count")["count"]
0
>>> api.produce(board)["permanents"]
{'birds': ['W', 'U', 'B', 'R', 'G']}

With a Forest too, {1}{G} is paid by both, the Birds making any colour (its {G} and the
Forest's are the same payment), and the Birds can add one mana at most:

>>> board["players"][0]["battlefield"].append({"id": "f", "card": "Forest"})
>>> payments = api.pay(board, "{1}{G}", mode="all")["payments"]
>>> sorted(a["produces"] for p in payments for a in p["activations"] if a["permanents"] == ["birds"])
['{B}', '{G}', '{R}', '{U}', '{W}']
>>> api.pay(board, "{2}{G}", mode="count")["payable"]
False

The solver entries and the answer writers are named, not imported: they are imported
when a question is asked, so `manasolve --help` and a payable question stay light.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from importlib import import_module
from typing import TYPE_CHECKING, Any

from manasolve.answer_format import stamped
from manasolve.castability import DEFAULT_PRECISION, POOL_FROM_SECONDS, games_for
from manasolve.castability import DEFAULT_TIME_LIMIT as CASTABILITY_TIME_LIMIT
from manasolve.models.bounds import UPDATE_DEADLINE
from manasolve.models.errors import ParameterError
from manasolve.models.request import (
    ASK_FIELDS,
    CAST_FIELDS,
    DEFAULT_TIME_LIMIT,
    AttackRequest,
    AuditRequest,
    CardsCheckRequest,
    CastChoice,
    CostRequest,
    CreaturesRequest,
    PaymentRequest,
    PlaysRequest,
    ProduceRequest,
    SaddleRequest,
    CrewRequest,
    Ask,
    Timed,
    about,
    check_time_limit,
    required,
)
from manasolve.solver import deadline

if TYPE_CHECKING:
    from manasolve.models.board import Board
    from manasolve.models.carddb import CardDB
    from manasolve.models.coverage import Coverage


@dataclass(frozen=True)
class CardsUpdateRequest:
    """``cards update``: fetch a card file and store it where the card setting points
    (its own `deadline`, the whole update's, rather than a question's time limit)."""

    source: str | None = about("where to fetch it from (default: https://mtgjson.com/api/v5/AtomicCards.json.gz)",
                               metavar="URL|PATH")
    allow_insecure: bool = about("also fetch http://, ftp:// and file:// URLs (default: https:// only; a PATH is "
                                 "always read)", False)
    sha256: str | None = about("the file's SHA-256 to check (default: the one the source publishes beside it, "
                               "URL.sha256, if any)", metavar="HEX")
    deadline: float | None = about("the seconds the whole update may take (None: no deadline)", UPDATE_DEADLINE)


@dataclass(frozen=True)
class CastabilityRequest:
    """``castability``: per card of a deck list (a file, or a parsed DeckList), P(castable)
    by turn from goldfish games; manasolve.castability checks each value (its defaults
    are that module's).  The help texts are ``manasolve castability``'s (and the MCP
    tool's descriptions)."""

    deck: Any = required("deck list file: '4 Llanowar Elves' lines (SB: lines and the Sideboard are counted, not "
                         "drawn; a Commander section), or an MTGO .dek", flag="deck", metavar="DECK")
    games: int | None = about("games to play (default: as many as --precision asks)")
    turns: str | tuple[int, int] = about("turns reported, e.g. 1-7 (default) or 6", "1-7", wire=str)
    on_play: bool = about("on the play: no draw on turn 1 (default)", True, flag="--play", action="store_true")
    mulligan: str = about("keep rule: karsten (7 cards: 2-5 lands, 6: 2-4, 5: 1-4; default), none (keep every "
                          "opening seven), or a 7-card land range like 3-5", "karsten", metavar="RULE")
    seed: int = about("random seed (default 1); the same seed gives the same answer on any executor", 1)
    workers: int | None = about("Ray on K processes (pip install \"manasolve[ray]\"; 1: this process); default: this "
                                "process, or a local process pool when the games would take longer than %g s here"
                                % POOL_FROM_SECONDS, metavar="K", exclusive="where")
    address: str | None = about("run on this Ray cluster (its workers have manasolve installed)", metavar="RAY_ADDRESS",
                                exclusive="where")
    pairs: tuple[tuple[str, str], ...] = about("also: P(A and B both cast in one turn) (repeatable)", (),
                                               flag="--pair", nargs=2, metavar=("A", "B"))
    cards: str | None = about("card database looked up before the built-in cards", metavar="PATH")
    precision: float = about("without --games: play enough games for a 95%% confidence interval of ±POINTS percentage "
                             "points on every probability (default %g: %d games)"
                             % (DEFAULT_PRECISION, games_for(DEFAULT_PRECISION)), DEFAULT_PRECISION, metavar="POINTS")
    time_limit: float | None = about("answer within SECONDS with the games played by then (marked "
                                     "time_limit_reached); none: no limit (default %g)" % CASTABILITY_TIME_LIMIT,
                                     CASTABILITY_TIME_LIMIT, flag="--timeout", metavar="SECONDS")
    progress: Callable[[int, int], None] | None = dataclasses.field(default=None, compare=False, metadata={
        "help": "called with (games played, games asked) while playing", "flag": None, "wire": None, "cli": {}})


@dataclass(frozen=True)
class PayableManyRequest(Timed):
    """``payable_many``: whether each of several mana costs can be paid on one board
    version (the questions of one priority window: "which of my cards can I pay?"), each
    answered as ``pay`` answers it in mode payable, with one validation, one time limit
    and the board's resources collected once for all."""

    costs: tuple[str, ...] = required('mana costs, e.g. ["{G}", "{2}{U}"]', wire=list[str])
    player: str | None = about("who pays (default: the active player)")
    convoke: bool = about("the spells have convoke (702.51)", False)
    improvise: bool = about("the spells have improvise (702.126)", False)
    delve: bool = about("the spells have delve (702.66): graveyard cards pay {1} each", False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.costs, str) or not all(isinstance(c, str) for c in self.costs):
            raise ParameterError("costs", "a list of cost strings such as [\"{G}\", \"{2}{U}\"], got %r" % (self.costs,))


# What a question is asked of: a resolved board, the board as given with the card database
# (audit makes a PlayBoard of it: it carries payments out on copies), or nothing (a card
# file, a deck list, a fetch).
BOARD, AS_GIVEN, NO_BOARD = "board", "as given", "none"


@dataclass(frozen=True)
class Question:
    """One command: its `request` type, its `solver` entry (``"module:function"``, called
    with the board, if any, then `arguments(request)`), the name of its answer writer in
    manasolve.answers (None: the entry writes the answer), what it is asked of (`board`),
    how its keyword fields make a request (`build`, default the request type) and whether
    `ask` sets its time limit (`timed`; False: the entry keeps to its own and answers
    with what it did by then)."""

    request: type
    solver: str
    arguments: Callable[[Any], tuple]
    answer: str | None = None
    board: str = BOARD
    build: Callable[..., Any] | None = None
    timed: bool = True


def _given(values: dict[str, Any], *types: type) -> dict[str, Any]:
    """The keywords among `values` that say something: those not at their field's default
    in `types` (None counts as the default of a field whose default is empty)."""
    defaults = {f.name: f.default for t in types for f in dataclasses.fields(t)
                if f.default is not dataclasses.MISSING}
    defaults.update({f.name: f.default_factory() for t in types for f in dataclasses.fields(t)
                     if f.default_factory is not dataclasses.MISSING})
    return {k: v for k, v in values.items()
            if k not in defaults or not (v == defaults[k] or (v is None and defaults[k] in ((), None)))}


class CastOnly(ParameterError):
    """A cast's field (zone, alt, kicker...) given for a cost string."""


def payment_request(cost: str | CastChoice | PaymentRequest | None = None, card: str | None = None,
                    **fields: Any) -> PaymentRequest:
    """The PaymentRequest that `pay`'s arguments describe: `cost` alone if it is one;
    else what is paid (`cost`, or `card` with the CastChoice fields among `fields`) and
    the PaymentRequest and Ask fields among `fields`.  ParameterError if they describe
    none (both or neither of cost and card, keywords beside a PaymentRequest, cast
    keywords for a cost string)."""
    given = _given(fields, CastChoice, PaymentRequest, Ask)
    if isinstance(cost, PaymentRequest):
        if card is not None or given:
            raise ParameterError("cost", "give a PaymentRequest alone, or what is paid with keywords")
        return cost
    if cost is None or card is not None:
        if cost is not None or card is None:
            raise ParameterError("cost/card", "give exactly one of cost (a cost string or a CastChoice) or card (a name)")
        paid: str | CastChoice = CastChoice(card, **{k: fields.pop(k) for k in CAST_FIELDS if k in fields})
    elif any(k in given for k in CAST_FIELDS if k != "x"):
        raise CastOnly(next(k for k in CAST_FIELDS if k in given and k != "x"), "applies to a card cast (card=NAME)")
    else:
        paid = cost
    return PaymentRequest(paid, **{k: v for k, v in fields.items() if k not in CAST_FIELDS or k == "x"})


def _cost_request(card: str | CastChoice, player: str | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT,
                  **cast: Any) -> CostRequest:
    """The CostRequest of `cost`'s arguments: a CastChoice alone, or a card name with its fields."""
    if isinstance(card, CastChoice):
        if _given(cast, CastChoice):
            raise ParameterError("card", "give a CastChoice alone, or a card name with keywords")
        return CostRequest(cast=card, player=player, time_limit=time_limit)
    return CostRequest(cast=CastChoice(card, **cast), player=player, time_limit=time_limit)


def _audit_request(payment: Any, cost: str | None = None, *, card: str | None = None,
                   time_limit: float | None = DEFAULT_TIME_LIMIT, **fields: Any) -> AuditRequest:
    """The AuditRequest of `audit`'s arguments: the payment and what it pays, as `pay` takes it."""
    paid = payment_request(cost, card, **fields)
    return AuditRequest(payment=payment, paid=paid, time_limit=time_limit)


QUESTIONS: dict[str, Question] = {
    "pay": Question(PaymentRequest, "manasolve.solver.pay:pay_request", lambda r: (r,), "pay_json",
                    build=payment_request),
    "cost": Question(CostRequest, "manasolve.solver.total_cost:cost_answer", lambda r: (r.player, r.cast), "cost_json",
                     build=_cost_request),
    "audit": Question(AuditRequest, "manasolve.audit:audit_payment", lambda r: (r.payment, r.paid), "audit_json",
                      board=AS_GIVEN,
                      build=_audit_request),
    "produce": Question(ProduceRequest, "manasolve.solver.produce:produce_answer", lambda r: (r.id, r.explain),
                        "produce_json"),
    "creatures": Question(CreaturesRequest, "manasolve.solver.creatures:creatures", lambda r: (r.player, r.id),
                          "creatures_json"),
    "saddle": Question(SaddleRequest, "manasolve.solver.tapsets:tap_sets",
                       lambda r: (r.mount, "Saddle", r.player, r.limit, r.all, r.best), "tap_sets_json"),
    "crew": Question(CrewRequest, "manasolve.solver.tapsets:tap_sets",
                     lambda r: (r.vehicle, "Crew", r.player, r.limit, r.all, r.best), "tap_sets_json"),
    "attack": Question(AttackRequest, "manasolve.solver.combat:attack_answer",
                       lambda r: (r.attackers, r.reveal, r.left, r.copies), "attack_json"),
    "payable_many": Question(PayableManyRequest, "manasolve.solver.pay:payable_many",
                             lambda r: (list(r.costs), r.player, r.convoke, r.improvise, r.delve), "payable_many_json"),
    "plays": Question(PlaysRequest, "manasolve.solver.plays:plays_answer", lambda r: (r.player, r.count, r.time_limit),
                      "plays_json"),
    "cards_check": Question(CardsCheckRequest, "manasolve.questions:cards_check", lambda r: (r.path,), "cards_check_json",
                            board=NO_BOARD),
    "cards_update": Question(CardsUpdateRequest, "manasolve.card_update:update_cards",
                             lambda r: (r.source, r.allow_insecure, r.sha256, r.deadline), "cards_update_json",
                             board=NO_BOARD,
                             timed=False),
    "castability": Question(CastabilityRequest, "manasolve.castability:castability_answer", lambda r: (
        r.deck, r.games, r.turns, r.on_play, r.mulligan, r.seed, r.workers, r.address, r.pairs, r.cards, r.progress,
        r.precision, r.time_limit), "castability_json", board=NO_BOARD, timed=False),
}


# What is paid, as keywords: a cost or a card (exactly one: both optional) with the cast's
# fields, who pays and the cost keywords.
_PAID = ((PaymentRequest, ("cost",)), (CastChoice, ("card",) + CAST_FIELDS),
         (PaymentRequest, ("player", "convoke", "improvise", "delve")))
_KEYWORDS: dict[str, tuple[tuple[type, tuple[str, ...]], ...]] = {
    "pay": _PAID + ((Ask, ASK_FIELDS),),
    "audit": ((AuditRequest, ("payment",)),) + _PAID + ((Ask, ("keep", "keep_hand", "order")),
                                                         (AuditRequest, ("time_limit",))),
    "cost": ((CastChoice, ("card",) + CAST_FIELDS), (CostRequest, ("player", "time_limit"))),
}


@dataclass(frozen=True)
class Keyword:
    """One keyword of a question (an API keyword, a server param, an MCP tool argument):
    its name, the JSON type it takes, its default (``...``: required) and its help text."""

    name: str
    wire: Any
    default: Any
    help: str


def keywords(name: str) -> list[Keyword]:
    """The keywords of question `name`, read off its request type's fields (the fields of
    what is paid and of the Ask for pay and audit), in order."""
    q = QUESTIONS[name]
    out: dict[str, Keyword] = {}
    for request, names in _KEYWORDS.get(name, ((q.request, tuple(f.name for f in dataclasses.fields(q.request))),)):
        hints = typing.get_type_hints(request)
        by_name = {f.name: f for f in dataclasses.fields(request)}
        for n in names:
            f = by_name[n]
            default = f.default
            if isinstance(default, tuple):
                default = None  # an empty list: none
            elif isinstance(default, Enum):
                default = default.value
            elif default is dataclasses.MISSING:
                default = None if name in ("pay", "audit") and n in ("cost", "card") else ...
            wire = f.metadata["wire"] or hints[n]
            if default is None and n in ("cost", "card"):
                wire = wire | None
            out.setdefault(n, Keyword(n, wire, default, f.metadata["help"]))
    return list(out.values())


def ask(name: str, board: Any = None, request: Any = None, *, db: CardDB | None = None, **fields: Any) -> dict:
    """The answer (JSON, with its ``format``) of question `name` about `board` (a Board,
    a board dict or a board file path; audit: a PlayBoard or board JSON; cards_check,
    cards_update, castability: None): `request` (of the question's request type), or its
    fields as keywords, the first of them (what is paid, the card, the Mount...) maybe
    given as `request`.  Bad input raises InputError (a bad argument: ParameterError)."""
    q = QUESTIONS[name]
    answer = solve(name, board, request, db=db, **fields)
    if q.answer is not None:
        answer = getattr(import_module("manasolve.answers"), q.answer)(answer)
    return stamped(name, answer)


def solve(name: str, board: Any = None, request: Any = None, *, db: CardDB | None = None, **fields: Any) -> Any:
    """`ask`'s answer before it is written: the solver entry's typed answer (a
    `PayAnswer`, ...; the JSON of a question whose entry writes it), for a door that reads
    typed fields (``pay``'s tables)."""
    q = QUESTIONS[name]
    made = isinstance(request, q.request) and not fields
    time_limit = None
    if q.timed:
        time_limit = request.time_limit if made else fields.get("time_limit", DEFAULT_TIME_LIMIT)
        check_time_limit(time_limit)
    with deadline.time_limit(time_limit):
        subject = {BOARD: lambda: (as_board(board, db),), AS_GIVEN: lambda: (board, db), NO_BOARD: tuple}[q.board]()
        if not made:
            build = q.build or q.request
            request = build(**fields) if request is None else build(request, **fields)
        module, function = q.solver.split(":")
        # Imported when asked: keeps start-up light (`--help` and payable load no CP-SAT).
        return getattr(import_module(module), function)(*subject, *q.arguments(request))


def as_board(board: Board | dict | str, db: CardDB | None = None) -> Board:
    """A validated `Board` from a Board, a board dict (the same Board again for the same
    JSON: `held_board`), or a board file path (`db`: default the card setting's,
    `card_settings.card_db`)."""
    from manasolve.card_settings import card_db  # keeps start-up light
    from manasolve.models.board import Board, held_board, read_board_file

    if isinstance(board, Board):
        return board
    if isinstance(board, dict):
        return held_board(board, db or card_db())
    return read_board_file(board, db or card_db())


def cards_check(path: str) -> Coverage:
    """``cards check``: coverage of the oracle-text parsers on the card file at `path`."""
    from manasolve.card_settings import cache_dir  # keeps start-up light
    from manasolve.models.coverage import coverage_report
    from manasolve.models.loaders import load_card_file

    return coverage_report(deadline.checked(load_card_file(path, cache_dir()).values()))
