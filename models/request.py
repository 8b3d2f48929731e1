"""What a caller asks the payment solver, as frozen values.

`CastChoice` says which cast is paid (a card, the zone it is cast from and the choices
announced in 601.2b); `PaymentRequest` says what is paid (a cost string or a
`CastChoice`), by whom, with which cost keywords, and what is asked about it (the
`Mode`, a limit, costs to keep payable, the criteria order).  Values are checked when
they are built: a bad one raises `ParameterError` naming the parameter.

>>> PaymentRequest("{2}{G}", mode="all").mode
<Mode.ALL: 'all'>
>>> CastChoice("Think Twice", zone="graveyard", flashback=1).zone
<Zone.GRAVEYARD: 'graveyard'>
>>> PaymentRequest("{1}", mode="bset")
Traceback (most recent call last):
...
manasolve.models.errors.ParameterError: parameter mode: unknown mode 'bset' (did you mean 'best'?); choose from payable, count, all, best, candidates
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from enum import Enum
from collections.abc import Collection
from typing import Any, TypeVar

from manasolve.models.abilities import CostKeyword
from manasolve.models.bounds import MAX_COUNT
from manasolve.models.errors import ParameterError, nearest, shown
from manasolve.models.vocab import Vocabulary


class Zone(str, Enum):
    """Where a card is cast from (an ability activated from: ``battlefield`` for turning a
    face-down permanent face up, whose `CastChoice.card` is the permanent's id)."""

    HAND = "hand"
    GRAVEYARD = "graveyard"
    COMMAND = "command"  # a commander cast from the command zone (903.8)
    BATTLEFIELD = "battlefield"
    EXILE = "exile"  # a card the board marks as castable from exile (foretold, madness, plotted, ...)


class AbilityKind(Vocabulary):
    """A keyword ability paid instead of a cast: activated from the card's zone, or the
    special action of turning a face-down permanent face up (116.2b)."""

    UNEARTH = "unearth"  # 702.84a, from the graveyard
    EMBALM = "embalm"  # 702.128a, from the graveyard
    ETERNALIZE = "eternalize"  # 702.129a, from the graveyard
    NINJUTSU = "ninjutsu"  # 702.49a, from the hand
    FACE_UP = "face_up"  # 702.37e, 702.168d: morph, megamorph, disguise


# The oracle reader (models/oracle/spell_costs.py) reads every kind but "free" from a card's text.
class Alternative(Vocabulary):
    """An alternative cost paid instead of the mana cost (118.9)."""

    FLASHBACK = "flashback"  # 702.34
    OVERLOAD = "overload"  # 702.96
    EVOKE = "evoke"  # 702.74
    FORETELL = "foretell"  # 702.143a: only a foretold card, from exile (plays)
    ALTERNATIVE = "alternative"  # "You may pay ... rather than pay this spell's mana cost"
    FREE = "free"  # "without paying its mana cost"
    CLEAVE = "cleave"  # 702.148a
    FACE_DOWN = "face_down"  # 702.37c, 702.168a: morph, megamorph, disguise: a face-down 2/2 for {3}
    # Keyword ways of casting (models/oracle/cast_keywords.py reads them; the zone each
    # casts from is CAST_ZONE's).
    ESCAPE = "escape"  # 702.138: from the graveyard
    DISTURB = "disturb"  # 702.146: from the graveyard, transformed
    JUMP_START = "jump-start"  # 702.133: from the graveyard, its mana cost and a discard
    RETRACE = "retrace"  # 702.81: from the graveyard, its mana cost and a land card discarded
    MADNESS = "madness"  # 702.35: from exile, as the madness trigger resolves
    PLOT = "plot"  # 702.170: from hand the plot special action; from exile a plotted card, free
    SUSPEND = "suspend"  # 702.62: the special action from hand (exile it with time counters)
    DASH = "dash"  # 702.109
    BLITZ = "blitz"  # 702.152
    BESTOW = "bestow"  # 702.103: an Aura spell enchanting a creature
    WARP = "warp"  # from hand (its reminder text); the card exiled by it is cast later ("warped")
    SNEAK = "sneak"  # returning an unblocked attacker, in the declare blockers step (its reminder text)
    MUTATE = "mutate"  # 702.140: onto a non-Human creature its caster owns
    MIRACLE = "miracle"  # 702.94: the first card drawn this turn, revealed
    SPECTACLE = "spectacle"  # 702.137: an opponent lost life this turn
    SURGE = "surge"  # 702.117: its caster cast another spell this turn
    PROWL = "prowl"  # 702.76: one of its creature types dealt combat damage to a player this turn
    EMERGE = "emerge"  # 702.119: sacrificing a creature, reduced by its mana value


# Where a keyword casts from when the caller names no zone (every other kind: the hand).
CAST_ZONE: dict[Alternative, Zone] = {
    Alternative.FLASHBACK: Zone.GRAVEYARD, Alternative.ESCAPE: Zone.GRAVEYARD, Alternative.DISTURB: Zone.GRAVEYARD,
    Alternative.JUMP_START: Zone.GRAVEYARD, Alternative.RETRACE: Zone.GRAVEYARD, Alternative.MADNESS: Zone.EXILE,
    Alternative.FORETELL: Zone.EXILE,
}


# Seconds a question may take (every command, API function and server method; see
# solver/deadline.py): an interactive user waits seconds, not minutes, and every board of
# the benchmarks is answered well within it, except exact counts of huge mixed boards.
DEFAULT_TIME_LIMIT = 10.0

# Candidates a decision lists by default (mode candidates): Spellbench v2's bound on the
# options of one decision.
DEFAULT_CANDIDATES = 4096


class Mode(str, Enum):
    """What is asked about a payment."""

    PAYABLE = "payable"  # is there a payment at all
    COUNT = "count"  # payable and the exact number of payments
    ALL = "all"  # the payments, grouped, up to a limit
    BEST = "best"  # one payment chosen by the lexicographic objective of solver.best
    CANDIDATES = "candidates"  # at most `candidates` groups of payments, ranked by that objective


class Criterion(Vocabulary):
    """The criteria of a best payment, in their default order (`Ask.order`; solver.best)."""

    KEEP = "keep"  # the keep costs left payable
    LIFE = "life"  # the life lost to costs and damage
    SACRIFICE = "sacrifice"  # permanents sacrificed, cards exiled from hand or graveyard
    WASTE = "waste"  # mana left unspent
    ATTACKERS = "attackers"  # creatures that could attack tapped
    COLORS = "colors"  # colours left producible by untapped sources
    FLEXIBILITY = "flexibility"  # the mana types the sources used make in all
    CREATURES = "creatures"  # creatures tapped


E = TypeVar("E", bound=Enum)


def member(enum: type[E], value: E | str, parameter: str) -> E:
    """`value` as a member of `enum`; ParameterError naming `parameter` and the nearest
    valid value if it is none."""
    try:
        return enum(value)
    except ValueError:
        names = [m.value for m in enum]
        raise ParameterError(parameter, "unknown %s %r%s; choose from %s" % (
            parameter, value, nearest(str(value), names), ", ".join(names))) from None


def check_time_limit(value: float | None) -> None:
    """ParameterError unless `value` is a finite number of seconds above 0, or None (no limit)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                              or not math.isfinite(value) or value <= 0):
        raise ParameterError("time_limit", "time_limit must be a number of seconds above 0 (or None: no "
                             "limit), got %s" % shown(value, 30))


def _at_least_zero(value: int, parameter: str, why: str = "") -> None:
    name = "X" if parameter == "x" else parameter
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ParameterError(parameter, "%s must be 0 or more%s, got %s" % (name, why, shown(value, 30)))
    if value > MAX_COUNT:  # models/bounds.py: no game makes sense of a larger count
        raise ParameterError(parameter, "%s must be at most %d (the bound of a count), got %s" % (name, MAX_COUNT, shown(value, 30)))


def about(help: str, default: Any = None, *, factory: Any = None, flag: str | None = None, wire: Any = None,
          **cli: Any) -> Any:
    """A request field with its help text (the CLI's ``--help``, the server's and the MCP
    tools' parameter descriptions) and how the doors spell it: `flag` (the CLI flag when it
    is not ``--`` + the name with ``-`` for ``_``), `wire` (the JSON type the server takes
    when it is not the field's annotation) and `cli` (argparse keywords beyond the ones the
    default implies)."""
    metadata = {"help": help, "flag": flag, "wire": wire, "cli": cli}
    if factory is not None:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)


def required(help: str, **kw: Any) -> Any:
    """A request field with no default (see `about`)."""
    return field(metadata={"help": help, "flag": kw.pop("flag", None), "wire": kw.pop("wire", None), "cli": kw})


TIME_LIMIT_HELP = ("seconds the question may take (None: no limit); past it a count is a lower bound "
                   "(count_at_least), a best payment the best found so far, plays the plays checked so far, "
                   "anything else gives up (solver.deadline.TimeUp)")


@dataclass(frozen=True)
class CastChoice:
    """A cast of `card` from `zone`: the alternative cost used instead of the mana cost
    (None: the mana cost; from the graveyard, flashback if the card has it), the times its
    first optional additional cost is paid (`kicker`; multikicker: any number), X, which
    side of an "A or B" additional cost is paid (0: A), and which flashback instance
    (`flashback`: its index among the card's flashback costs, printed first then granted
    by the board, as ``plays`` lists them; None: the cheapest one, those payable now
    first).  `optional`: the times each optional additional cost is paid, in the order
    ``cost`` lists them (kicker, multikicker, squad, escalate, then buyback, entwine,
    gift, bargain, casualty, conspire, spree modes...; instead of `kicker`); `targets`:
    how many targets are chosen (Strive's increase, 601.2c/f); `ability`: a keyword
    ability paid instead of the cast (unearth, embalm, eternalize from the graveyard,
    ninjutsu from the hand; face_up with zone ``battlefield`` and `card` the face-down
    permanent's id); `fuse`: both halves of a split card with fuse cast together from the
    hand (702.102).  An aftermath card cast from the graveyard is its second half (702.127a)."""

    card: str = required("the card to cast", metavar="NAME")
    # None: where `alt` casts from (CAST_ZONE; with `flashback`, the graveyard), else the hand
    zone: Zone | None = about(
        "zone it is cast from (default: where --alt casts from: graveyard for flashback, escape, disturb, "
        "jump-start, retrace or --flashback N; exile for madness, foretell; else hand)", flag="--from", wire=str | None,
        choices=[z.value for z in Zone])
    alt: Alternative | None = about("alternative cost to use instead of the mana cost", wire=str | None,
                                    choices=[a.value for a in Alternative])
    kicker: int = about("pay the (first) kicker; multikicker: TIMES", 0, nargs="?", const=1, metavar="TIMES")
    x: int = about("value announced for X (default 0)", 0)
    side: int = about("which side of an \"A or B\" additional cost to pay (0: A, 1: B)", 0, metavar="N")
    flashback: int | None = about(
        "which flashback instance, numbered as `plays` lists them (printed first, then granted by the board; "
        "default: the cheapest one, payable ones first)", type=int, metavar="N")
    optional: tuple[int, ...] | None = about(
        "the times each optional additional cost is paid, in the order `cost` lists them (kicker, multikicker, "
        "squad, escalate, buyback, entwine, gift, bargain, casualty, conspire, spree modes...), as `plays` lists "
        "a play's \"optional\"", wire=list[int] | None, metavar="T1,T2,...")
    targets: int = about("how many targets are chosen (Strive: more for each beyond the first)", 1, metavar="N")
    ability: AbilityKind | None = about(
        "pay a keyword ability of the card instead of casting it: unearth, embalm, eternalize (graveyard), "
        "ninjutsu (hand); face_up: --card is a face-down permanent's id, turned up for its morph/disguise cost",
        wire=str | None, choices=[a.value for a in AbilityKind])
    fuse: bool = about("cast both halves of a split card with fuse from the hand (702.102), paying both mana costs",
                       False)

    def __post_init__(self) -> None:
        if self.alt is not None:
            object.__setattr__(self, "alt", member(Alternative, self.alt, "alt"))
        zone = self.zone
        if zone is None:
            from_graveyard = self.flashback is not None or self.ability in (
                AbilityKind.UNEARTH, AbilityKind.EMBALM, AbilityKind.ETERNALIZE)
            zone = Zone.GRAVEYARD if from_graveyard else CAST_ZONE.get(self.alt, Zone.HAND) if self.alt else Zone.HAND
        object.__setattr__(self, "zone", member(Zone, zone, "zone"))
        if self.ability is not None:
            object.__setattr__(self, "ability", member(AbilityKind, self.ability, "ability"))
            if self.ability == AbilityKind.FACE_UP:  # `card` names a permanent
                object.__setattr__(self, "zone", Zone.BATTLEFIELD)
        if self.optional is not None:
            if isinstance(self.optional, str):  # the CLI's comma list
                try:
                    object.__setattr__(self, "optional", tuple(int(t) for t in self.optional.split(",")))
                except ValueError:
                    raise ParameterError("optional", "give the times each optional cost is paid as numbers "
                                         "separated by commas, e.g. 1,0,1; got %s" % shown(self.optional, 30)) from None
            object.__setattr__(self, "optional", tuple(self.optional))
            for t in self.optional:
                _at_least_zero(t, "optional")
            if self.kicker:
                raise ParameterError("optional", "give kicker or optional, not both (optional lists every "
                                     "optional cost's times, the kicker's first)")
        _at_least_zero(self.targets, "targets")
        _at_least_zero(self.x, "x", " (107.1b)")
        _at_least_zero(self.kicker, "kicker")
        _at_least_zero(self.side, "side")
        if self.flashback is not None:
            _at_least_zero(self.flashback, "flashback")
            if self.alt not in (None, Alternative.FLASHBACK):
                raise ParameterError("flashback", "a flashback instance is chosen only with flashback, "
                                     "not with the %s cost" % self.alt.value)


# The fields of a cast beside its card: the keywords that describe a CastChoice.
CAST_FIELDS = tuple(f.name for f in fields(CastChoice) if f.name != "card")


@dataclass(frozen=True)
class Ask:
    """What is asked about a payment: the `mode` (default: payable), the most groups
    listed in mode "all" (`limit`, None: all), the `time_limit` in seconds (None: none;
    past it a count is a lower bound, ``count_at_least``, a best payment the best found so
    far, ``best_optimal`` false, and a payable question gives up: solver.deadline.TimeUp),
    and for mode "best" the costs to keep payable (`keep`, and with `keep_hand` the other
    cards in hand), the criteria `order` (None: the default order) and whether to explain
    the choice (`why`); for mode "candidates" the most groups listed (`candidates`,
    default 4,096)."""

    mode: Mode = about("what is asked: payable, count, all, best or candidates", Mode.PAYABLE, wire=str)
    limit: int | None = about("most groups listed with --all (0: no limit)", 50)
    keep: tuple[str, ...] = about("with --best: keep this cost payable if possible (repeatable)", (),
                                  wire=list[str] | None, metavar="COST")
    keep_hand: bool = about("with --best: keep the other cards in hand payable if possible", False)
    order: tuple[str, ...] | None = about(
        "with --best: criteria order, a comma list of keep,life,sacrifice,waste,attackers,colors,flexibility,"
        "creatures (default: that order)", wire=str | list[str] | None, metavar="CRITERIA")
    time_limit: float | None = about(TIME_LIMIT_HELP, DEFAULT_TIME_LIMIT)
    why: bool = about("with --best: explain the choice against the runner-up", False)
    candidates: int = about(
        "a decision for an agent: at most K (default %d) groups of payments ranked by the --best order, the best "
        "first, each with what it leaves untapped and castable" % DEFAULT_CANDIDATES, DEFAULT_CANDIDATES)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", member(Mode, self.mode, "mode"))
        if self.limit is not None:
            _at_least_zero(self.limit, "limit")
        _at_least_zero(self.candidates, "candidates")
        if self.candidates == 0:
            raise ParameterError("candidates", "candidates must be 1 or more (a decision lists at least the best "
                                 "payment), got 0")
        check_time_limit(self.time_limit)
        object.__setattr__(self, "keep", tuple(self.keep or ()))
        if isinstance(self.order, str):  # the CLI's comma list
            object.__setattr__(self, "order", tuple(s.strip() for s in self.order.split(",") if s.strip()))
        elif self.order is not None:
            object.__setattr__(self, "order", tuple(s.strip() for s in self.order if s.strip()))


ASK_FIELDS = tuple(f.name for f in fields(Ask))


@dataclass(frozen=True)
class CostKeywords:
    """The cost keywords in force on a payment: which objects besides mana may pay part of
    the spell's cost: creatures tapped for convoke (702.51), artifacts tapped for improvise
    (702.126), cards exiled from the graveyard for delve (702.66)."""

    convoke: bool = False
    improvise: bool = False
    delve: bool = False

    @classmethod
    def of(cls, keywords: Collection[CostKeyword]) -> CostKeywords:
        """The keywords in force among a card's `keywords` (``Card.abilities.cost_keywords``)."""
        return cls(CostKeyword.CONVOKE in keywords, CostKeyword.IMPROVISE in keywords, CostKeyword.DELVE in keywords)

    def __or__(self, other: CostKeywords) -> CostKeywords:
        """The keywords in force in either (a card's own and the caller's)."""
        return CostKeywords(self.convoke or other.convoke, self.improvise or other.improvise, self.delve or other.delve)


@dataclass(frozen=True, init=False)
class PaymentRequest:
    """One ``pay`` question: what is paid (`cost`: a cost string such as ``"{2}{G}"``,
    with `x` the value announced for its X; or a `CastChoice`, whose locked total cost is
    paid), by whom (`player`, None: the active player), with which cost keywords
    (convoke 702.51, improvise 702.126, delve 702.66: on top of the card's own), and what
    is asked about it (`ask`, an `Ask`; its fields may be given as keywords instead, and
    read as attributes: ``PaymentRequest("{1}", mode="count").mode``)."""

    cost: str | CastChoice = required('a mana cost, e.g. "{2}{G}{W/U}"', wire=str)
    player: str | None = about("who pays (default: the active player)")
    x: int = about("value announced for X (default 0)", 0)
    convoke: bool = about("the spell has convoke (702.51)", False)
    improvise: bool = about("the spell has improvise (702.126)", False)
    delve: bool = about("the spell has delve (702.66): graveyard cards pay {1} each", False)
    ask: Ask = about("what is asked about the payment", factory=Ask)

    def __init__(self, cost: str | CastChoice, player: str | None = None, x: int = 0, convoke: bool = False,
                 improvise: bool = False, delve: bool = False, ask: Ask | None = None, **asked: Any) -> None:
        if not isinstance(cost, (str, CastChoice)):
            raise ParameterError("cost", "give a cost string such as \"{2}{G}\" or a CastChoice, got %r" % (cost,))
        if ask is not None and asked:
            raise ParameterError(next(iter(asked)), "give an Ask or its fields as keywords, not both")
        ask = Ask(**asked) if ask is None else ask
        _at_least_zero(x, "x", " (107.1b)")
        if x and isinstance(cost, CastChoice):
            raise ParameterError("x", "a card's X is its CastChoice's x")
        for name, value in (("cost", cost), ("player", player), ("x", x), ("convoke", convoke),
                            ("improvise", improvise), ("delve", delve), ("ask", ask)):
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        if name in ASK_FIELDS:  # what is asked, read off the Ask
            return getattr(self.ask, name)
        raise AttributeError(name)

    @property
    def keywords(self) -> CostKeywords:
        """The cost keywords the request adds (on top of a card's own)."""
        return CostKeywords(self.convoke, self.improvise, self.delve)

    @property
    def cast(self) -> CastChoice | None:
        """The cast paid, or None when a cost string is paid."""
        return self.cost if isinstance(self.cost, CastChoice) else None


# -- the other commands' requests (one type per command; see manasolve/questions.py) --------

@dataclass(frozen=True, kw_only=True)
class Timed:
    """A question's time limit (every command's request has one)."""

    time_limit: float | None = about(TIME_LIMIT_HELP, DEFAULT_TIME_LIMIT)

    def __post_init__(self) -> None:
        check_time_limit(self.time_limit)


@dataclass(frozen=True)
class CostRequest(Timed):
    """``cost``: the 601.2f breakdown of casting `cast` for `player`."""

    cast: CastChoice = required("the cast (a card and its choices)")
    player: str | None = about("who casts it (default: the active player)", metavar="NAME")


@dataclass(frozen=True)
class AuditRequest(Timed):
    """``audit``: is `payment` (an engine's, in the shape of a pay answer's ``best``) a
    legal payment of what `paid` pays (its `Ask`'s keep and order measure "better")."""

    payment: dict = required("the engine's payment (JSON)", wire=dict[str, Any])
    paid: PaymentRequest = required("what the payment pays")


@dataclass(frozen=True)
class ProduceRequest(Timed):
    """``produce``: the mana types each permanent (or only `id`) could produce now."""

    id: str | None = about("only this permanent", metavar="ID")
    explain: bool = about("with `why`: per type, the chain of permanents and abilities it comes from", False)


@dataclass(frozen=True)
class CreaturesRequest(Timed):
    """``creatures``: each creature's power, toughness and whether it is modified."""

    player: str | None = about("only the creatures this player controls", metavar="NAME")
    id: str | None = about("only this creature", metavar="ID")


@dataclass(frozen=True, kw_only=True)
class TapSetsRequest(Timed):
    """What ``saddle`` and ``crew`` ask about the sets of creatures to tap for a source's
    Saddle N or Crew N (the source is each command's own field)."""

    player: str | None = about("who activates it (default: the active player)", metavar="NAME")
    limit: int = about("list at most K sets (default 20)", 20, metavar="K")
    all: bool = about("also list every legal set, up to --limit", False)
    best: bool = about("the set an AI should tap (least power beyond N, then least valuable)", False)


@dataclass(frozen=True)
class SaddleRequest(TapSetsRequest):
    """``saddle``: the sets of creatures to tap for the `mount`'s Saddle N (702.171)."""

    mount: str = required("id of the Mount on the board", metavar="ID")


@dataclass(frozen=True)
class CrewRequest(TapSetsRequest):
    """``crew``: the sets of creatures to tap for the `vehicle`'s Crew N (702.122)."""

    vehicle: str = required("id of the Vehicle on the board", metavar="ID")


@dataclass(frozen=True)
class AttackRequest(Timed):
    """``attack``: which attack triggers fire when `attackers` attack and how the saddle-aware ones resolve."""

    attackers: list[str] = required("ids of the attacking creatures; their triggers resolve in this order",
                                    nargs="+", metavar="ID")
    reveal: dict[str, str] | None = about("the card attacker ID's trigger reveals (Caustic Bronco); repeatable",
                                          action="append", metavar="ID=CARD")
    left: list[str] | None = about("permanents that left the battlefield before their triggers resolved",
                                   nargs="+", metavar="ID")
    copies: dict[str, str] | None = about("permanent ID has become a copy of ORIGINAL; repeatable", flag="--copy",
                                          action="append", metavar="ID=ORIGINAL")


@dataclass(frozen=True)
class PlaysRequest(Timed):
    """``plays``: every play `player` may start now; with `count`, each one's payment count."""

    player: str | None = about("whose plays (default: the active player)", metavar="NAME")
    count: bool = about("add each play's exact number of payments", False)


@dataclass(frozen=True)
class CardsCheckRequest(Timed):
    """``cards check``: coverage of the oracle-text parsers on the card file at `path`."""

    path: str = required("card file", metavar="PATH")
