"""Cards as data (MTGJSON field names), with what `manasolve.models.oracle` reads from
their text (each reading done once per card, on first use)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from manasolve.models.abilities import (
    BASIC_LAND_TYPES,
    CostKeyword,
    ManaAbility,
    TapCreaturesCost,
    basic_land_ability,
)
from manasolve.models.mana import COLOR_NAMES, COLORS, ManaCost
from manasolve.models.oracle.activated import Activated, read_activated
from manasolve.models.oracle.card_abilities import CardAbilities, read_card_abilities
from manasolve.models.oracle.enters import EntersTapped, read_enters_tapped
from manasolve.models.oracle.mana_effects import ManaEffects, read_mana_effects, states_mana_effect
from manasolve.models.oracle.not_understood import NotUnderstood
from manasolve.models.oracle.protection import Wards, read_wards
from manasolve.models.oracle.spell_costs import SpellCosts, parse_spell_costs
from manasolve.models.oracle.statics import Statics, read_statics
from manasolve.models.oracle.targets import Targeting, spell_targeting
from manasolve.models.oracle.words import strip_reminder
from manasolve.models.oracle.triggers import Triggers, read_triggers


# Layouts whose halves are both on the card's front, each cast on its own (709, 715, 702.127).
SPLIT_LAYOUTS = ("split", "aftermath")


def whole_split_card(name: str, halves: list[dict]) -> dict:
    """The whole split card ``name`` ("Fire // Ice") from its halves (MTGJSON-shaped, in
    order): their combined characteristics (709.4: mana costs, colours and types
    together) and no text of its own (each half is cast with its own, 709.3)."""

    def union(key: str) -> list[str]:
        return list(dict.fromkeys(x for h in halves for x in h.get(key) or []))

    whole = {"name": name, "layout": halves[0]["layout"], "text": "",
             "manaCost": "".join(h.get("manaCost") or "" for h in halves) or None,
             "type": " // ".join(h.get("type") or "" for h in halves), "types": union("types"),
             "subtypes": union("subtypes"), "supertypes": union("supertypes")}
    if all(h.get("colors") is not None for h in halves):
        whole["colors"] = union("colors")  # else from the combined mana cost (105.2)
    if all(h.get("colorIdentity") is not None for h in halves):  # 903.4
        whole["colorIdentity"] = union("colorIdentity")
    return whole


def has_filter_words(type_words: set[str], colors: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether an object with these type-line words (card types, supertypes, subtypes) and
    colours has every filter word (`oracle.filter_words`): a type-line word, ``non-X``
    (lacks X: a type or a colour, "nonblack"), a colour word, ``colorless``, ``monocolored`` or
    ``multicolored``."""
    color_words = {COLOR_NAMES[c] for c in colors}
    for w in words:
        if w.startswith("non-"):
            if has_filter_words(type_words, colors, (w[4:],)):
                return False
        elif w == "colorless":
            if colors:
                return False
        elif w == "multicolored":
            if len(colors) < 2:
                return False
        elif w == "monocolored":  # 105.2b: exactly one colour
            if len(colors) != 1:
                return False
        elif w in COLOR_NAMES.values():
            if w not in color_words:
                return False
        elif w not in type_words:
            return False
    return True


@dataclass(frozen=True)
class Card:
    """One card face as the solver sees it: its printed characteristics, and (as cached
    properties) what its oracle text says."""

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
    given_identity: tuple[str, ...] | None = None  # the card data's colorIdentity

    @cached_property
    def abilities(self) -> CardAbilities:
        """Its mana abilities, Saddle/Crew costs, Convoke/Improvise/Delve."""
        return read_card_abilities(self.name, self.text)

    @property
    def mana_abilities(self) -> tuple[ManaAbility, ...]:
        """Its printed activated mana abilities (605.1a) that the parser reads."""
        return self.abilities.mana_abilities

    @property
    def tap_costs(self) -> tuple[TapCreaturesCost, ...]:
        """Its Saddle N / Crew N costs."""
        return self.abilities.tap_costs

    def has_cost_keyword(self, keyword: CostKeyword) -> bool:
        """Whether it has Convoke, Improvise or Delve."""
        return keyword in self.abilities.cost_keywords

    @property
    def not_understood(self) -> tuple[NotUnderstood, ...]:
        """Mana-ability and Saddle/Crew lines of its text the parser could not read."""
        return self.abilities.not_understood

    @cached_property
    def spell_costs(self) -> SpellCosts:
        """What its text says about casting costs (alternative, additional, modifiers)."""
        return parse_spell_costs(self.name, self.text)

    @cached_property
    def mana_effects(self) -> ManaEffects:
        """Its effects on other permanents' mana production (Mana Reflection, Urborg...)."""
        return read_mana_effects(self.name, self.text)

    @cached_property
    def production_not_understood(self) -> tuple[NotUnderstood, ...]:
        """Sentences about mana production not read: of `mana_effects`, and mana-ability
        lines no parser reads (a quoted grant, like Chromatic Lantern's, is read there)."""
        return self.mana_effects.not_understood + tuple(
            n for n in self.not_understood if not states_mana_effect(self.name, n.sentence))

    @cached_property
    def statics(self) -> Statics:
        """Its static pumps, attachment buffs, crewing sentences and Flash."""
        return read_statics(self.name, self.text)

    @cached_property
    def triggers(self) -> Triggers:
        """Its attack triggers and "becomes tapped" damage."""
        return read_triggers(self.name, self.text)

    @cached_property
    def enters(self) -> EntersTapped:
        """Whether it enters the battlefield tapped, and with which counters (614.1c)."""
        return read_enters_tapped(self.name, self.text)

    @cached_property
    def targeting(self) -> Targeting | None:
        """The targets chosen as it is cast (601.2c); None if it targets nothing then."""
        return spell_targeting(self.name, self.text, self.types, self.subtypes)

    @cached_property
    def wards(self) -> Wards:
        """Its own protection and "hexproof from" qualities (702.16b, 702.11d)."""
        return read_wards(self.name, self.text, self.keywords)

    @cached_property
    def activated(self) -> tuple[Activated, ...]:
        """Its activated abilities other than mana abilities, Saddle and Crew."""
        return read_activated(self.name, self.text)

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

    @property
    def color_identity(self) -> tuple[str, ...]:
        """903.4: its colours and the colours of every mana symbol in its mana cost and
        rules text (reminder text left out, 903.4b); the card data's colorIdentity when
        given.  Order WUBRG."""
        if self.given_identity is not None:
            return tuple(c for c in COLORS if c in self.given_identity)
        found = set(self.color_set)
        for sym in re.findall(r"\{([^{}]+)\}", strip_reminder(self.text)):
            found.update(c for c in sym.split("/") if c in COLORS)
        return tuple(c for c in COLORS if c in found)

    def is_type(self, t: str) -> bool:
        return t in self.types

    def has_words(self, words: tuple[str, ...]) -> bool:
        """Whether the card (as a spell or card) has every filter word: a type, supertype or
        subtype ("Creature", "Aura"), ``non-X`` (lacks type X), or a colour word."""
        return has_filter_words(set(self.types) | set(self.subtypes) | set(self.supertypes), self.color_set, words)

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
    raw_cost = d.get("manaCost")
    mana_cost = ManaCost.parse(raw_cost) if raw_cost else None
    type_line = d.get("type") or ""
    supers, types, subs = split_type_line(type_line)
    return Card(
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
        given_identity=tuple(d["colorIdentity"]) if d.get("colorIdentity") is not None else None,
    )
