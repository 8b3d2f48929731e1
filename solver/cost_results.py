"""The typed answer of ``cost`` (601.2f): the additional costs, increases and reductions
of a cast (`TotalCost`'s steps) and the breakdown `CostAnswer` that `manasolve.answers`
writes as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class AdditionalCost:
    kind: str  # kicker, multikicker, an optional cost's kind, mandatory, commander_tax
    cost: str
    times: int
    either_of: tuple[str, ...] = ()  # an "A or B" mandatory cost: both sides (`cost` is the one chosen)


class ChangeFrom(Enum):
    """What made an increase or reduction (its keys' order in the answer follows it)."""

    MODIFIER = "modifier"  # a permanent's "spells cost {1} more/less" (Thalia, Goblin Electromancer)
    FLOOR = "floor"  # "each spell that would cost less than N mana costs N mana" (Trinisphere)
    EMERGE = "emerge"  # 702.119a: the sacrificed creature's mana value
    STRIVE = "strive"  # 601.2f: more for each target beyond the first
    SELF = "self"  # the spell's own "costs {1} less for each ..." (702.41 affinity)


@dataclass(frozen=True)
class CostChange:
    """An increase or reduction: `by` how much, and its `source`; a floor such as
    Trinisphere's ("costs three mana") says `floor` instead of `by`."""

    source: str
    text: str | None = None
    by: str | None = None
    floor: int | None = None
    count: int | None = None  # how many times the amount applies (per other spell, per extra target, ...)
    x: int | None = None  # X of the amount as the total is determined (the source's power)
    origin: ChangeFrom = ChangeFrom.MODIFIER


@dataclass(frozen=True)
class ByAnnouncement:
    """The locked total of one 601.2b announcement of hybrid and Phyrexian symbols."""

    announced: str
    life: int
    total: str
    # which Phyrexian symbols the life pays for: it tells apart announcements whose mana
    # and life agree (601.2b): {G/P}{G/W/P} announced as {G} and 2 life, the life for either symbol
    paid_with_life: tuple[str, ...] = ()


@dataclass(frozen=True)
class CostAnswer:
    """``cost``: the 601.2f breakdown of a cast."""

    card: str
    zone: str
    player: str
    base_kind: str
    base: str | None
    additional: tuple[AdditionalCost, ...]
    increases: tuple[CostChange, ...]
    reductions: tuple[CostChange, ...]
    total: str | None
    mana_value: int
    x: int
    castable_now: bool
    reason: str | None
    x_forced_zero: bool = False  # 107.3b: an X given for a base cost without X
    exiled_when_leaving_stack: bool = False  # 702.34a, however it leaves the stack
    granted: bool = False  # the base cost is granted by a permanent
    not_modelled: tuple[str, ...] = ()
    by_announcement: tuple[ByAnnouncement, ...] | None = None  # when a symbol needs an announcement
    pays_with: tuple[str, ...] = ()  # convoke, improvise, delve
    notes: tuple[str, ...] = ()
