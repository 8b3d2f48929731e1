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
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

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

    card: str
    zone: Zone | None = None  # None: where `alt` casts from (CAST_ZONE; with `flashback`, the graveyard), else the hand
    alt: Alternative | None = None
    kicker: int = 0
    x: int = 0
    side: int = 0
    flashback: int | None = None
    optional: tuple[int, ...] | None = None
    targets: int = 1
    ability: AbilityKind | None = None
    fuse: bool = False

    def __post_init__(self) -> None:
        if self.alt is not None:
            object.__setattr__(self, "alt", member(Alternative, self.alt, "alt"))
        if self.zone is None:
            from_graveyard = self.flashback is not None or self.ability in ("unearth", "embalm", "eternalize")
            zone = Zone.GRAVEYARD if from_graveyard else CAST_ZONE.get(self.alt, Zone.HAND)  # type: ignore[arg-type]
            object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "zone", member(Zone, self.zone, "zone"))
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


@dataclass(frozen=True)
class PaymentRequest:
    """One ``pay`` question: what is paid (`cost`: a cost string such as ``"{2}{G}"``,
    with `x` the value announced for its X; or a `CastChoice`, whose locked total cost is
    paid), by whom (`player`, None: the active player), with which cost keywords
    (convoke 702.51, improvise 702.126, delve 702.66: on top of the card's own), and what
    is asked: the `mode` (default: payable), the most groups listed in mode "all"
    (`limit`, None: all), the `time_limit` in seconds (None: none; past it a count is a
    lower bound, ``count_at_least``, a best payment the best found so far, ``best_optimal``
    false, and a payable question gives up: solver.deadline.TimeUp), and for mode "best"
    the costs to keep payable (`keep`, and with `keep_hand` the other cards in hand), the
    criteria `order` (None: the default order) and whether to explain the choice (`why`);
    for mode "candidates" the most groups listed (`candidates`, default 4,096)."""

    cost: str | CastChoice
    player: str | None = None
    mode: Mode = Mode.PAYABLE
    limit: int | None = 50
    x: int = 0
    convoke: bool = False
    improvise: bool = False
    delve: bool = False
    keep: tuple[str, ...] = ()
    keep_hand: bool = False
    order: tuple[str, ...] | None = None
    time_limit: float | None = DEFAULT_TIME_LIMIT
    why: bool = False
    candidates: int = DEFAULT_CANDIDATES

    def __post_init__(self) -> None:
        if not isinstance(self.cost, (str, CastChoice)):
            raise ParameterError("cost", "give a cost string such as \"{2}{G}\" or a CastChoice, got %r" % (self.cost,))
        object.__setattr__(self, "mode", member(Mode, self.mode, "mode"))
        if self.limit is not None:
            _at_least_zero(self.limit, "limit")
        _at_least_zero(self.candidates, "candidates")
        if self.candidates == 0:
            raise ParameterError("candidates", "candidates must be 1 or more (a decision lists at least the best "
                                 "payment), got 0")
        _at_least_zero(self.x, "x", " (107.1b)")
        if self.x and isinstance(self.cost, CastChoice):
            raise ParameterError("x", "a card's X is its CastChoice's x")
        check_time_limit(self.time_limit)
        object.__setattr__(self, "keep", tuple(self.keep))
        if isinstance(self.order, str):  # the CLI's comma list
            object.__setattr__(self, "order", tuple(s.strip() for s in self.order.split(",") if s.strip()))
        elif self.order is not None:
            object.__setattr__(self, "order", tuple(s.strip() for s in self.order if s.strip()))

    @property
    def cast(self) -> CastChoice | None:
        """The cast paid, or None when a cost string is paid."""
        return self.cost if isinstance(self.cost, CastChoice) else None
