"""The answers as pydantic models: one per command (``pay`` one per mode), typing the
stable keys of design.md; the models of the solver's answer types are generated from
those types and the writer's key map (`model_of`), the others are written here.  Answers gain keys (design.md: add keys freely, never rename),
so every model allows extra keys; a stable key renamed, dropped or retyped fails
validation.  `manasolve.protocol` generates the shipped ``answer.COMMAND.schema.json``
files from them; tests validate real answers against them."""

from __future__ import annotations

import functools
import keyword
import operator
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from types import UnionType
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel, create_model

from manasolve.answers import KEYS, NAMES, OWN_FIELDS
from manasolve.solver import results


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def absent() -> Any:
    """A key that some answers leave out; typed when present (never null)."""
    return Field(default=None, json_schema_extra=_no_default)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


# -- generated from the solver's answer types --------------------------------------------
def _json_type(hint: Any) -> Any:
    """The JSON model type of a field of an answer type: tuples as lists, answer types as
    their models, mappings as dicts."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and is_dataclass(hint):
        return model_of(hint)
    if origin is tuple:
        return list[_json_type(args[0])]  # type: ignore[misc]
    if origin in (Mapping, dict):
        return dict[_json_type(args[0]), _json_type(args[1])]  # type: ignore[misc]
    if origin in (Union, UnionType):
        return functools.reduce(operator.or_, [_json_type(a) for a in args])
    return hint


@functools.cache
def model_of(cls: type) -> type[BaseModel]:
    """The JSON model of a frozen answer type of the solver, read off its fields and the
    writer's key map (manasolve.answers.KEYS, NAMES, OWN_FIELDS): a field without a
    default is required (null when its type allows), one with a default is absent when
    the writer leaves it out (never null); the type's docstring is the description."""
    hints = typing.get_type_hints(cls)
    keys = KEYS.get(cls, {})
    spec: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in OWN_FIELDS.get(cls, ()):
            continue
        key = keys.get(f.name, f.name)
        typ = _json_type(hints[f.name])
        required = f.default is MISSING and f.default_factory is MISSING
        if not required:  # left out rather than null
            typ = functools.reduce(operator.or_, [a for a in typing.get_args(typ) if a is not type(None)]) \
                if typing.get_origin(typ) in (Union, UnionType) else typ
        name = key + "_" if keyword.iskeyword(key) else key
        spec[name] = (typ, Field(alias=key) if required and name != key else ... if required else
                      Field(default=None, alias=key, json_schema_extra=_no_default) if name != key else absent())
    return create_model(NAMES.get(cls, cls.__name__), __base__=_Answer, __doc__=cls.__doc__, **spec)


# -- pay ---------------------------------------------------------------------------------
TappedGroup = model_of(results.TapUse)
GroupActivation = model_of(results.ActivationUse)
DelveGroup = model_of(results.DelveUse)
PoolUse = model_of(results.PoolUse)
PaymentGroup = model_of(results.PaymentGroup)


class Tapped(_Answer):
    """A permanent tapped for a cost; `permanents` ([permanent]) and `use` (1): a group's shape."""

    permanent: str
    permanents: list[str]
    use: Literal[1]
    for_: str = Field(alias="for")


class Activation(_Answer):
    """One activation; `permanents` ([permanent], or [sacrificed] for an outlet), `use` (1)
    and `sacrificed_to` ([permanent] beside `sacrificed`): a group's shape, so every
    answer's activations read alike."""

    permanent: str
    permanents: list[str]
    use: Literal[1]
    ability: str
    produces: str
    sacrificed: str = absent()
    sacrificed_to: list[str] = absent()
    riders: list[str] = absent()


class Payment(_Answer):
    """One payment: ``pay``'s ``best``, the payment ``audit`` takes and answers."""

    announced: str
    life: int
    paid_with_life: list[str] = absent()  # the Phyrexian symbols announced as life (601.2b)
    tapped_for_cost: list[Tapped]
    activations: list[Activation]
    exiled_for_delve: list[str] = absent()
    from_pool: list[str] = absent()


class _Pay(_Answer):
    format: Literal["manasolve/pay@1"]
    cost: str
    player: str
    payable: bool
    # a card's cast (pay --card): its locked total and whether it can be cast now
    card: str = absent()
    total: str | None = absent()
    castable_now: bool = absent()
    reason: str | None = absent()
    # a cast whose payment choices change its total (Emerge: the creature sacrificed): each total and its answer
    choices: list[dict] = absent()
    # a partial answer: the question's time limit passed (README, Time limits)
    time_limit_reached: Literal[True] = absent()


class PayPayable(_Pay):
    """``pay`` (mode payable): payable, and the announcement that works (null if none)."""

    announced: str | None


class PayableOne(PayPayable):
    """One cost's answer in ``payable_many``: ``pay``'s in mode payable, without ``format``."""

    format: Literal["manasolve/pay@1"] = absent()


class PayableManyAnswer(_Answer):
    """``payable_many``: the player, and each cost's payable answer in the order asked."""

    format: Literal["manasolve/payable_many@1"]
    player: str
    answers: list[PayableOne]


class PayCount(_Pay):
    """``pay`` mode count: the exact count, or a lower bound when the time limit was hit."""

    count_exact: bool
    count: int = absent()
    count_at_least: int = absent()
    count_undone: list[str] = absent()


class PayAll(PayCount):
    """``pay`` mode all: the payments, grouped."""

    payments: list[PaymentGroup]  # type: ignore[valid-type]  # a model built by model_of: mypy sees a variable
    groups_listed_all: bool = absent()
    # the listing stopped (time limit or memory bound) before listing every group or the
    # limit of groups: one line per announcement whose groups were not all listed
    payments_undone: list[str] = absent()


class PayBest(_Pay):
    """``pay`` mode best: one payment (null if none) and the levels of the criteria."""

    best: Payment | None
    levels: dict[str, int]
    levels_words: dict[str, str]  # each level in words ("taps 3 creatures that could attack")
    kept: list[str]
    keep: list[str] = absent()
    why: list[str] = absent()
    # past the time limit: the best payment found so far, `levels` only those proven
    best_optimal: Literal[False] = absent()


class Untapped(_Answer):
    """`count` of the interchangeable `permanents` stay untapped."""

    permanents: list[str]
    count: int


class Candidate(PaymentGroup):  # type: ignore[misc,valid-type]
    """One candidate of ``pay --candidates``: a group (as ``payments`` has them), the mana
    it makes, the sources it leaves untapped, the other hand cards still mana-payable
    after it, and its levels (as ``best``'s)."""

    mana: str
    untapped: list[Untapped]
    castable: list[str]
    levels: dict[str, int]
    levels_words: dict[str, str]


class PayCandidates(_Pay):
    """``pay`` mode candidates: at most K groups ranked by the best order, the best first."""

    candidates: list[Candidate]
    groups_ranked: int
    ranked_all: bool
    best_optimal: Literal[False] = absent()


class PayAnswer(RootModel[PayBest | PayCandidates | PayAll | PayCount | PayPayable]):
    """A ``pay`` answer in any mode."""


# -- the other questions ------------------------------------------------------------------
class ProduceDetail(_Answer):
    card: str
    controller: str
    mana_abilities: list[str]
    riders: dict[str, list[str]] = absent()  # ability text -> what else it does (changing neither mana nor cost)


class ProduceStep(_Answer):
    """One link of a chain: permanent `id` could produce the type by `ability`, from what
    the group `reads` could produce; neither key where it makes the type on its own."""

    id: str
    card: str
    controller: str
    ability: str = absent()
    reads: str = absent()


class ProduceWhy(_Answer):
    """Where each type one permanent could produce comes from (``--why``, ``explain``)."""

    types: dict[Literal["W", "U", "B", "R", "G", "C"], list[ProduceStep]]  # from the permanent back to the maker
    cycle: list[str]  # the shortest cycle of the could-produce graph through it (node names), [] if none


class ProduceAnswer(_Answer):
    """``produce``: the mana types each permanent could produce now (106.7)."""

    format: Literal["manasolve/produce@1"]
    permanents: dict[str, list[Literal["W", "U", "B", "R", "G", "C"]]]
    details: dict[str, ProduceDetail] = absent()
    not_understood: list[dict[str, Any]] = absent()
    why: dict[str, ProduceWhy] = absent()


class Creature(_Answer):
    id: str
    card: str
    controller: str
    power: int
    toughness: int
    modified: bool
    modifications: list[dict[str, Any]]
    tapped: bool
    sick: bool


class CreaturesAnswer(_Answer):
    """``creatures``: each creature's power and toughness and whether it is modified (700.9)."""

    format: Literal["manasolve/creatures@1"]
    creatures: list[Creature]


class AdditionalCost(_Answer):
    kind: str
    cost: str
    times: int


class CostChange(_Answer):
    """An increase or reduction: `by` how much, and its `source`."""

    by: str
    source: str


class CostAnswer(_Answer):
    """``cost``: the 601.2f breakdown of a cast."""

    format: Literal["manasolve/cost@1"]
    card: str
    zone: str
    player: str
    base_kind: str
    base: str | None
    additional: list[AdditionalCost]
    increases: list[CostChange]
    reductions: list[CostChange]
    total: str | None
    mana_value: int
    x: int
    castable_now: bool
    reason: str | None


class TapCandidate(_Answer):
    """A creature that could be tapped for a Saddle N / Crew N (not a pay --candidates group)."""

    id: str
    power: int
    counted_power: int
    toughness: int
    sick: bool
    attacked: bool


class BestSet(_Answer):
    set: list[str]
    total_power: int
    excess: int


class _TapSets(_Answer):
    card: str
    ability: str
    effect: str
    n: int
    count: int
    minimal: list[list[str]]
    minimal_truncated: bool
    limit: int
    player: str
    activatable_now: bool
    reason: str | None
    candidates: list[TapCandidate]
    all: list[list[str]] = absent()
    all_truncated: bool = absent()
    best: BestSet | None = absent()


class SaddleAnswer(_TapSets):
    """``saddle``: the sets of creatures that can saddle the Mount (702.171)."""

    format: Literal["manasolve/saddle@1"]
    mount: str
    already_saddled: bool


class CrewAnswer(_TapSets):
    """``crew``: the sets of creatures that can crew the Vehicle (702.122)."""

    format: Literal["manasolve/crew@1"]
    vehicle: str


class Trigger(_Answer):
    source: str
    card: str
    ability: str
    condition: str
    triggers: bool
    why: str
    resolution: dict[str, Any] | None = absent()


class AttackAnswer(_Answer):
    """``attack``: which attack triggers fire and how they resolve."""

    format: Literal["manasolve/attack@1"]
    attackers: list[str]
    saddled: dict[str, bool]
    triggers: list[Trigger]


class Play(_Answer):
    """One legal play: a cast (card, zone, via, total; ``face``: the half or face cast), an
    activation (source, ability, total), a land play (card; ``face``: an MDFC's land face)
    or a special action that exiles a card from the hand (``kind`` "special": action
    ``plot`` or ``suspend``, card, zone, total; ``time_counters`` for suspend)."""

    kind: str
    payable: bool
    total: str | None = absent()
    card: str = absent()
    face: str = absent()
    zone: str = absent()
    via: str = absent()
    action: str = absent()
    time_counters: int | str = absent()
    source: str = absent()
    ability: str = absent()
    count: int = absent()
    count_exact: bool = absent()
    count_at_least: int = absent()
    # a count not finished: why, per announcement (the time limit, or a memory bound), as pay's count_undone
    count_undone: list[str] = absent()


class PlaysAnswer(_Answer):
    """``plays``: every play the player may start now."""

    format: Literal["manasolve/plays@1"]
    player: str
    plays: list[Play]
    # a partial answer: the parts not checked within the time limit
    unchecked: list[dict[str, str]] = absent()
    time_limit_reached: Literal[True] = absent()


class KeywordCoverage(_Answer):
    seen: int
    understood: int


class NotUnderstood(_Answer):
    card: str
    sentence: str
    template: str


class CardsCheckAnswer(_Answer):
    """``cards check``: how much of a card file's oracle text the parsers understand."""

    format: Literal["manasolve/cards_check@1"]
    cards: int
    mana_lines: int
    mana_lines_understood: int
    keywords: dict[str, KeywordCoverage]
    cost_sentences: KeywordCoverage  # alternative/additional cost sentences, cost modifiers, keyword ways of casting
    cost_sentences_pct: float
    not_understood: list[NotUnderstood]


class CardsUpdateAnswer(_Answer):
    """``cards update``: where the card file came from, where it is stored, and why there."""

    format: Literal["manasolve/cards_update@1"]
    source: str
    path: str
    set_by: str  # "MANASOLVE_CARDS", the config file's path, or "default"
    cards: int
    names: int  # cards, faces and full names of multi-face cards
    sha256: str = absent()  # the stored file's SHA-256
    sha256_checked: bool = absent()  # checked against --sha256 or the checksum the source publishes


class CardCastability(_Answer):
    """One card (or a pair cast in one turn) of ``castability``: probabilities as unreduced
    ``"N/D"`` strings; the on-curve keys are null when the mana value is past the last turn."""

    card: str
    cost: str
    mana_value: int
    by_turn: dict[str, str]
    on_curve: str | None
    on_curve_given_lands: str | None
    average_delay: str | None
    never_by_last_turn: str | None


class DeckSummary(_Answer):
    cards: int
    lands: int
    commander: list[str]
    sideboard: int  # sideboard cards: counted, never drawn


class CastabilityExecutor(_Answer):
    """Where the games ran: in this process, a local pool of processes, or Ray."""

    kind: Literal["in_process", "process_pool", "ray"]
    workers: int


class CastabilityAnswer(_Answer):
    """``castability``: goldfish games of a deck, per card and turn; `games` is the games
    played (the denominator), `games_asked` those asked for (more when the time limit
    stopped the run: ``time_limit_reached``), `precision_points` the half-width of a 95%
    confidence interval of a probability over `games` games, at worst."""

    format: Literal["manasolve/castability@1"]
    games: int
    games_asked: int
    precision_points: float
    executor: CastabilityExecutor
    time_limit_reached: Literal[True] = absent()
    seed: int
    turns: list[int]
    on_play: bool
    mulligan: str
    deck: DeckSummary
    cards: list[CardCastability]
    pairs: list[CardCastability]
    notes: list[str]


class Broken(_Answer):
    rule: str
    path: str
    message: str


class AuditAnswer(_Answer):
    """``audit``: whether an engine's payment is legal, and whether a better one exists."""

    format: Literal["manasolve/audit@1"]
    cost: str
    player: str
    legal: bool
    broken: Broken | None
    levels: dict[str, int] | None
    best: Payment | None
    best_levels: dict[str, int] | None
    levels_words: dict[str, str] | None  # the levels in words
    best_levels_words: dict[str, str] | None
    better: bool
    why: str


# -- the server's session methods (board.*) -----------------------------------------------
class BoardLoadAnswer(_Answer):
    """``board.load``: the handle of the new session."""

    format: Literal["manasolve/board.load@1"]
    session: str


class BoardCopyAnswer(_Answer):
    """``board.copy``: the handle of the new session (same position, same history)."""

    format: Literal["manasolve/board.copy@1"]
    session: str


class BoardGetAnswer(_Answer):
    """``board.get``: the session's board as it stands (``manasolve/board@1`` JSON)."""

    format: Literal["manasolve/board.get@1"]
    session: str
    board: dict[str, Any]


class BoardPatchAnswer(_Answer):
    """``board.patch``: how many changes ``board.undo`` can take back now."""

    format: Literal["manasolve/board.patch@1"]
    session: str
    changes: int


class BoardUndoAnswer(_Answer):
    """``board.undo``: how many changes are left to take back."""

    format: Literal["manasolve/board.undo@1"]
    session: str
    changes: int


class BoardApplyAnswer(_Answer):
    """``board.apply``: what carrying out the payment did."""

    format: Literal["manasolve/board.apply@1"]
    tapped: list[str]
    untapped: list[str]
    sacrificed: list[str]
    exiled: list[str]
    life_lost: int
    energy_paid: int
    counters_removed: dict[str, dict[str, int]]
    floating: str
    mana_pool: str
    returned: list[str] = absent()
    discarded: list[str] = absent()
    collected: list[str] = absent()
    notes: list[str] = absent()


class BoardCloseAnswer(_Answer):
    """``board.close``: the handle freed."""

    format: Literal["manasolve/board.close@1"]
    closed: str


class PingAnswer(_Answer):
    """``ping``: alive, and the id of the request running (null: none)."""

    format: Literal["manasolve/ping@1"]
    running: int | str | None


class CancelAnswer(_Answer):
    """``cancel``: what became of the request: ``running`` (it answers now with its partial
    answer, ``"cancelled": true``), ``queued`` (it answers cancelled when its turn comes) or
    ``unknown`` (finished, or never sent)."""

    format: Literal["manasolve/cancel@1"]
    id: int | str
    state: Literal["running", "queued", "unknown"]


class ServerLimits(_Answer):
    """What one server holds at most: sessions, card databases of ``board.load``'s
    ``cards``, bytes of one request line (``line_bytes``, also as ``request_line_bytes``),
    and the time limit of a question that gives none."""

    line_bytes: int
    request_line_bytes: int
    sessions: int
    card_files: int
    time_limit: float | None


class ServerInfoAnswer(_Answer):
    """``server.info``: versions (package, protocol, rules date, card pool), methods,
    limits, the files it may read and the closed list of error codes."""

    format: Literal["manasolve/server.info@1"]
    package: str
    version: str  # the package's, as ``package``
    protocol: str
    protocols: list[str]
    rules: str
    card_pool: str
    answer_formats: list[str]
    methods: list[str]
    immediate: list[str]
    limits: ServerLimits
    sessions: int  # held now
    allowed_paths: list[str]
    card_file: str | None
    error_codes: dict[str, str]


# The model of each command's answer (the shipped answer.COMMAND.schema.json files; pay's
# also answer.pay.MODE.schema.json, one per mode, stricter than their union), and of each
# session method's result (answer.board.METHOD.schema.json).
ANSWERS: dict[str, type[BaseModel]] = {
    "pay": PayAnswer, "payable_many": PayableManyAnswer, "produce": ProduceAnswer, "creatures": CreaturesAnswer, "cost": CostAnswer,
    "saddle": SaddleAnswer, "crew": CrewAnswer, "attack": AttackAnswer, "plays": PlaysAnswer,
    "cards_check": CardsCheckAnswer, "cards_update": CardsUpdateAnswer, "castability": CastabilityAnswer,
    "audit": AuditAnswer,
    "board.load": BoardLoadAnswer, "board.get": BoardGetAnswer, "board.patch": BoardPatchAnswer,
    "board.apply": BoardApplyAnswer, "board.undo": BoardUndoAnswer, "board.copy": BoardCopyAnswer,
    "board.close": BoardCloseAnswer, "ping": PingAnswer, "cancel": CancelAnswer, "server.info": ServerInfoAnswer}
# The model of each pay mode.
PAY_MODES: dict[str, type[BaseModel]] = {"payable": PayPayable, "count": PayCount, "all": PayAll, "best": PayBest,
                                          "candidates": PayCandidates}
