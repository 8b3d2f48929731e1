"""Cards as data (MTGJSON field names), with the abilities the oracle parser found."""

from __future__ import annotations

from dataclasses import dataclass, field

from manasolve.models.abilities import (
    BASIC_LAND_TYPES,
    ManaAbility,
    TapCreaturesCost,
    basic_land_ability,
)
from manasolve.models.mana import COLOR_NAMES, COLORS, CostSyntaxError, ManaCost


def has_filter_words(type_words: set[str], colors: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether an object with these type-line words (card types, supertypes, subtypes) and
    colours has every filter word (`oracle.filter_words`): a type-line word, ``non-X``
    (lacks X), a colour word, ``colorless`` or ``multicolored``."""
    color_words = {COLOR_NAMES[c] for c in colors}
    for w in words:
        if w.startswith("non-"):
            if w[4:] in type_words:
                return False
        elif w == "colorless":
            if colors:
                return False
        elif w == "multicolored":
            if len(colors) < 2:
                return False
        elif w in COLOR_NAMES.values():
            if w not in color_words:
                return False
        elif w not in type_words:
            return False
    return True


@dataclass(frozen=True)
class NotUnderstood:
    """A sentence of oracle text the parser could not read exactly (reported, never guessed)."""

    card: str
    sentence: str
    template: str


@dataclass
class Card:
    """One card face as the solver sees it."""

    name: str
    mana_cost: ManaCost | None
    type_line: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    keywords: tuple[str, ...] = ()
    layout: str = "normal"
    colors: tuple[str, ...] | None = None
    mana_abilities: list[ManaAbility] = field(default_factory=list)
    tap_costs: list[TapCreaturesCost] = field(default_factory=list)
    static_keywords: dict[str, object] = field(default_factory=dict)  # Convoke, Improvise, Flashback...
    not_understood: list[NotUnderstood] = field(default_factory=list)

    @property
    def color_set(self) -> tuple[str, ...]:
        """The card's colours: given colours, else those of its mana cost symbols (105.2)."""
        if self.colors is not None:
            return self.colors
        found: set[str] = set()
        if self.mana_cost:
            for s in self.mana_cost.symbols:
                found.update(c for c in s.colors)
        return tuple(c for c in COLORS if c in found)

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_snow(self) -> bool:
        return "Snow" in self.supertypes

    def intrinsic_mana_abilities(self) -> list[ManaAbility]:
        """Abilities granted by basic land types (305.6) followed by the printed ones."""
        out = [basic_land_ability(st) for st in self.subtypes if st in BASIC_LAND_TYPES and "Land" in self.types]
        return out + list(self.mana_abilities)


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, types, subtypes) of a type line like "Basic Snow Land — Forest"."""
    supers = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite"}
    left, _, right = type_line.replace(" - ", " — ").partition("—")
    words = left.split()
    return (
        tuple(w for w in words if w in supers),
        tuple(w for w in words if w not in supers),
        tuple(right.split()),
    )


def card_from_mtgjson(d: dict) -> Card:
    """A Card from a dict in MTGJSON shape (``manaCost``, ``type``, ``text``...).

    Raises CostSyntaxError for an unreadable ``manaCost``.
    """
    from manasolve.models.oracle import parse_card_abilities

    raw_cost = d.get("manaCost")
    mana_cost = ManaCost.parse(raw_cost) if raw_cost else None
    type_line = d.get("type") or ""
    supers, types, subs = split_type_line(type_line)
    card = Card(
        name=d["name"],
        mana_cost=mana_cost,
        type_line=type_line,
        types=tuple(d.get("types") or types),
        subtypes=tuple(d.get("subtypes") or subs),
        supertypes=tuple(d.get("supertypes") or supers),
        text=d.get("text") or "",
        power=d.get("power"),
        toughness=d.get("toughness"),
        keywords=tuple(d.get("keywords") or ()),
        layout=d.get("layout") or "normal",
        colors=tuple(d["colors"]) if d.get("colors") is not None else None,
    )
    parse_card_abilities(card)
    return card


__all__ = ["Card", "NotUnderstood", "card_from_mtgjson", "split_type_line", "CostSyntaxError"]
