"""Typed answers of Saddle N / Crew N (702.171, 702.122): the creatures that may be
tapped, and the sets of them that pay the cost, as `solver.tapsets.tap_sets` finds them.
The answer JSON is built at the edge, in `manasolve.answers`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Candidate:
    """A creature that may be tapped for the cost.

    counted: the power the cost counts (its power as it stands, or its toughness, plus any
    "as though its power were N greater"); power, toughness, sick, attacked and haste rank
    `best_set` only (see `value` and `spent`)."""

    id: str
    counted: int
    power: int
    toughness: int
    sick: bool
    index: int  # position on the board, for deterministic order
    attacked: bool = False  # it attacked this turn (board field "attacked")
    haste: bool = False
    cannot_attack: bool = False  # it has defender (702.3b): it can't attack at all

    @property
    def value(self) -> int:
        """What tapping it gives up, as `best_set` weighs it: power + toughness."""
        return self.power + self.toughness

    @property
    def spent(self) -> bool:
        """True if it can't attack this turn anyway: it already attacked, it is
        summoning-sick without haste (302.6), or `cannot_attack`.  `best_set` counts a
        spent creature as less valuable than an unspent one of the same value."""
        return self.attacked or (self.sick and not self.haste) or self.cannot_attack


@dataclass(frozen=True)
class BestSet:
    """The set an AI should tap (`solver.tapsets.best_set`): its ids in board order, the
    counted power it taps, how far beyond N, its value (power + toughness) and how many
    of its creatures are spent."""

    set: tuple[str, ...]
    total_power: int
    excess: int
    value: int
    spent: int


@dataclass(frozen=True)
class TapSets:
    """The Saddle/Crew question on one source: its cost (`keyword` N), the exact count of
    legal sets, the minimal sets listed up to `limit` (ids in board order), whether
    `player` can activate it now (`reason`: why not, or None), the candidates in board
    order; with Saddle whether the Mount is already saddled (else None); every set when
    asked (else None); the best set when asked (`best_asked`; None if no set is legal)."""

    keyword: str
    source: str
    card: str
    n: int
    count: int
    minimal: tuple[tuple[str, ...], ...]
    minimal_truncated: bool
    limit: int
    player: str
    reason: str | None
    candidates: tuple[Candidate, ...]
    already_saddled: bool | None
    all: tuple[tuple[str, ...], ...] | None
    all_truncated: bool
    best_asked: bool
    best: BestSet | None

    @property
    def activatable_now(self) -> bool:
        """True if `player` can activate the cost now."""
        return self.reason is None
