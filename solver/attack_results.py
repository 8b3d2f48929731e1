"""The ``attack`` answer as frozen values: each attack trigger, whether it fires and how
the saddle-aware and pump triggers resolve.  The answer JSON is written at the edge, in
`manasolve.answers`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from manasolve.solver.creatures import Modification


@dataclass(frozen=True)
class LifeLoss:
    """`player` loses `amount` life (None: the revealed card's mana value, not given)."""

    player: str
    amount: int | None


@dataclass(frozen=True)
class BroncoResolution:
    """Caustic Bronco's reveal-and-draw with its life loss (608.2h: saddled as it resolves,
    or as it last existed)."""

    saddled_on_resolution: bool
    uses_last_known_information: bool
    revealed: str | None
    mana_value: int | None
    loses_life: tuple[LifeLoss, ...]


@dataclass(frozen=True)
class Fate:
    """What Fortune's delayed trigger does to permanent `id`: exiled, and returned under
    `under` or not (a token ceases to exist, 111.7: `why`)."""

    id: str
    returns: bool
    under: str | None = None
    why: str | None = None


@dataclass(frozen=True)
class FortuneChoice:
    """One choice of Fortune's "up to one creature that saddled it" (None: none) and the
    permanents it moves."""

    creature: str | None
    permanents: tuple[Fate, ...]


@dataclass(frozen=True)
class FortuneResolution:
    """Fortune's delayed trigger at end of combat: whether it fires although its source
    left, and each choice made as it resolves (no target)."""

    source_left: bool
    choices: tuple[FortuneChoice, ...]


@dataclass(frozen=True)
class Pumped:
    """A creature pumped to `power`/`toughness` (with the modifications that made it
    eligible, for Golden-Tail Trainer)."""

    id: str
    power: int
    toughness: int
    modifications: tuple[Modification, ...] | None = None


@dataclass(frozen=True)
class PumpModified:
    """Golden-Tail Trainer: the other modified creatures get +X/+X, X the source's power as
    it resolves (its last known information when it left)."""

    x: int
    uses_last_known_information: bool
    pumped: tuple[Pumped, ...]


@dataclass(frozen=True)
class PumpSelf:
    """A Mount's "attacks while saddled, it gets +N/+M" (`x`: the count X stands for, None
    when the pump is fixed); nothing pumped when it left the battlefield."""

    power: int
    toughness: int
    x: int | None
    left: bool
    pumped: tuple[Pumped, ...]


Resolution = BroncoResolution | FortuneResolution | PumpModified | PumpSelf


@dataclass(frozen=True)
class AttackTriggered:
    """One attack trigger of attacker `source`: its condition, whether it fires and why,
    and how it resolves (None: not modelled, or it does not fire)."""

    source: str
    card: str
    ability: str
    while_saddled: bool
    triggers: bool
    why: str
    resolution: Resolution | None = None


@dataclass(frozen=True)
class AttackAnswer:
    """The ``attack`` answer: the attackers declared, whether each that can be saddled is,
    and their triggers in resolution order."""

    attackers: tuple[str, ...]
    saddled: Mapping[str, bool]
    triggers: tuple[AttackTriggered, ...]
