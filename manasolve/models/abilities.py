"""Abilities as data: activation costs and mana abilities (rules 602, 605, 106.7)."""

from __future__ import annotations

from dataclasses import dataclass, field

from manasolve.models.mana import COLORS, TYPES, ManaCost


@dataclass(frozen=True)
class AbilityCost:
    """An activation cost (602.1a): mana plus the non-mana parts we model."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False  # {T} (107.5)
    untap: bool = False  # {Q} (107.6)
    life: int = 0  # "Pay N life"
    sacrifice_self: bool = False  # "Sacrifice this artifact"
    tap_creatures: int = 0  # "Tap an untapped creature you control" (not {T}: sick ones allowed)

    def __str__(self) -> str:
        parts = []
        if self.mana.symbols:
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        if self.tap_creatures == 1:
            parts.append("Tap an untapped creature you control")
        elif self.tap_creatures > 1:
            parts.append("Tap %d untapped creatures you control" % self.tap_creatures)
        if self.life:
            parts.append("Pay %d life" % self.life)
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        return ", ".join(parts)


@dataclass(frozen=True)
class Reference:
    """Mana of a type that other permanents could produce (106.7).

    scope: ``lands_you_control`` (Reflecting Pool), ``lands_opponents_control`` (Exotic
    Orchard, Fellwar Stone), ``permanents_you_control``;  kind: ``type`` (includes C) or
    ``color`` (excludes C).
    """

    scope: str
    kind: str


@dataclass(frozen=True)
class ManaAbility:
    """An activated mana ability (605.1a).

    options: the alternative mana bundles one activation may add, each a sorted tuple of
    types, e.g. ``(("W",), ("U",))`` for "Add {W} or {U}" and ``(("C", "C"),)`` for Sol
    Ring.  A referential ability (``reference`` set) adds one mana whose type is resolved
    from what other permanents could produce.  damage: damage dealt to the controller
    when it resolves (painlands); it is an effect, not a cost.
    """

    cost: AbilityCost
    options: tuple[tuple[str, ...], ...] = ()
    reference: Reference | None = None
    damage: int = 0
    text: str = ""

    @property
    def amount(self) -> int:
        return max((len(o) for o in self.options), default=1 if self.reference else 0)


def any_color_options(n: int = 1) -> tuple[tuple[str, ...], ...]:
    """Options of "Add n mana of any one color"."""
    return tuple(tuple([c] * n) for c in COLORS)


def any_type_options() -> tuple[tuple[str, ...], ...]:
    return tuple((t,) for t in TYPES)


@dataclass(frozen=True)
class TapCreaturesCost:
    """A keyword cost "tap any number of other untapped creatures you control with total
    power N or greater" (Saddle 702.171, Crew 702.122)."""

    keyword: str  # "Saddle" or "Crew"
    n: int
    power_bonus: int = 0  # "as though its power were 2 greater"
    use_toughness: bool = False


# Basic land types give their intrinsic mana ability (305.6).
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def basic_land_ability(subtype: str) -> ManaAbility:
    """The intrinsic mana ability a basic land type grants, e.g. Forest: "{T}: Add {G}."."""
    t = BASIC_LAND_TYPES[subtype]
    return ManaAbility(AbilityCost(tap=True), ((t,),), text="{T}: Add {%s}." % t)
