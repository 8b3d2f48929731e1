"""Computed amounts and colours of mana abilities that `mana_abilities` hands over to this
module: "for each" counts and "where X is" amounts read off the board (basic land types,
different powers, creatures sharing a type, creatures with a keyword or a name, cards
drawn and life gained this turn), "Choose a color. Add ... of that color ...", "Put a
charge counter on ~. Add X ...", "Reveal any number of ... cards in your hand. Add ... for
each card revealed this way" (also "cards with {X} in their mana cost"), and the colours among objects ("For each color among
permanents you control, add one mana of that color", "one mana of any color among
legendary permanents you control", "any of the exiled card's colors").

Every template is anchored at both ends: a phrase with a word it cannot place is None
(not understood), never read without that word.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from manasolve.models.abilities import (
    AmongWhere,
    ColorsAmong,
    Count,
    CountKind,
    ManaSort,
    Reference,
    ReferenceScope,
    any_color_options,
)
from manasolve.models.oracle.words import SYMBOLS, filter_alternatives, filter_words

# Keyword abilities a "... you control with <keyword>" count may name (702.x): one word
# each, as MTGJSON's `keywords` spells them capitalised.
_KEYWORDS = ("defender", "flying", "reach", "haste", "vigilance", "trample", "deathtouch", "lifelink", "menace",
             "hexproof", "indestructible", "flash", "shroud", "changeling")
_ONE = r"\{([WUBRGC])\}"

AmountReader = Callable[[str], Count | None]
AddReader = Callable[[str], dict | None]


def parse_more_counts(phrase: str) -> Count | None:
    """What a "for each ..." phrase counts, for the phrases `mana_abilities.parse_count`
    leaves to this module."""
    m = re.fullmatch(r"(other )?(.+?) you control with (%s)" % "|".join(_KEYWORDS), phrase)
    if m and (words := filter_words(m.group(2))):
        return Count(CountKind.PERMANENTS, words, others=bool(m.group(1)), keyword=m.group(3).capitalize())
    m = re.fullmatch(r"(.+?) you control of the chosen type", phrase)  # Three Tree City
    if m and (words := filter_words(m.group(1))):
        return Count(CountKind.PERMANENTS, words, of_chosen_type=True)
    m = re.fullmatch(r"(.+?) you control named (.+)", phrase)
    if m and (words := filter_words(m.group(1))):
        return Count(CountKind.PERMANENTS, words, named=m.group(2))
    if phrase == "card you've drawn this turn":
        return Count(CountKind.CARDS_DRAWN)
    m = re.fullmatch(r"different power among (.+?) you control", phrase)
    if m and (words := filter_words(m.group(1))):
        return Count(CountKind.DIFFERENT_POWERS, words)
    return None


def parse_more_amounts(phrase: str) -> Count | None:
    """What a "where X is ..." / "equal to ..." phrase amounts to, for the phrases
    `mana_abilities.parse_amount` leaves to this module."""
    if phrase == "the number of basic land types among lands you control":
        return Count(CountKind.BASIC_LAND_TYPES)
    if phrase in ("~'s toughness", "~ toughness"):
        return Count(CountKind.SELF_TOUGHNESS)
    if phrase == "the amount of life you gained this turn":
        return Count(CountKind.LIFE_GAINED)
    if phrase == "the greatest number of creatures you control that have a creature type in common":
        return Count(CountKind.SHARED_TYPE, ("Creature",))
    if phrase == "your devotion to that color":  # the colour chosen: each option its own devotion
        return Count(CountKind.DEVOTION)
    if phrase == "X plus one":  # "Remove X charge counters from ~: Add an amount of {C} equal to X plus one"
        return Count(CountKind.REMOVED_COUNTERS, plus=1)
    m = re.fullmatch(r"the greatest power among (.+?) you control that entered this turn", phrase)
    if m and (words := filter_words(m.group(1))):
        return Count(CountKind.GREATEST_POWER, words, entered_this_turn=True)
    return None


def parse_more_adds(effect: str, amount: AmountReader) -> dict | None:
    """ManaAbility field values for the one-sentence "Add ..." templates of this module
    (``effect`` without its final period), or None."""
    m = re.fullmatch(r"Add X %s or X %s, where X is (.+)" % (_ONE, _ONE), effect)
    if m and m.group(1) != m.group(2) and (count := amount(m.group(3))):
        return {"options": ((m.group(1),), (m.group(2),)), "per": count}
    m = re.fullmatch(r"Add %s, plus an additional \{\1\} for each (.+)" % _ONE, effect)
    if m and (count := amount("the number of " + m.group(2))):
        return {"options": ((m.group(1),),), "per": _plus(count, 1)}
    m = re.fullmatch(r"Add that much %s" % _ONE, effect)  # "Remove one or more dream counters from ~"
    if m:
        return {"options": ((m.group(1),),), "per": Count(CountKind.REMOVED_COUNTERS)}
    m = re.fullmatch(r"Add one mana of any color among (.+?) (you control|in your graveyard)", effect)
    if m:
        return _among(AmongWhere.PERMANENTS if m.group(2) == "you control" else AmongWhere.GRAVEYARD, m.group(1), False)
    if effect in ("Add one mana of any of the exiled card's colors", "Add one mana of any of the exiled cards' colors"):
        return {"among": ColorsAmong(AmongWhere.EXILED_WITH)}
    if effect == "Add one mana of a chosen color":  # "choose up to two colors" as it entered (Desert Cenote)
        return {"reference": Reference(ReferenceScope.CHOSEN, ManaSort.COLOR)}
    return None


def parse_leading(said: list[str], add: AddReader, amount: AmountReader) -> tuple[dict, list[str]] | None:
    """ManaAbility field values for an effect whose mana is added by its second sentence,
    read with the first ("Choose a color. Add an amount of mana of that color equal to
    your devotion to that color."), or by a "For each color among ..., add ..." sentence;
    with the sentences left to read.  None if not one of these."""
    first, rest = said[0], said[1:]
    m = re.fullmatch(r"For each color among (monocolored )?(.+?) (you control|used to craft ~), add one mana of that color\.",
                     first)
    if m:
        craft = m.group(3) != "you control"
        if craft and (m.group(1) or m.group(2) != "the exiled cards"):
            return None
        found = {"among": ColorsAmong(AmongWhere.EXILED_WITH, True)} if craft else \
            _among(AmongWhere.PERMANENTS, m.group(2), True, bool(m.group(1)))
        return (found, rest) if found else None
    if not rest:
        return None
    second = rest[0].rstrip(".")
    if first == "Choose a color.":
        m = re.fullmatch(r"Add an amount of mana of that color equal to (.+)|Add one mana of that color for each (.+)", second)
        count = (amount(m.group(1)) if m.group(1) else amount("the number of " + m.group(2))) if m else None
        return ({"options": any_color_options(1), "per": count}, rest[1:]) if count else None
    m = re.fullmatch(r"Put an? ([a-z+/\d-]+) counter on ~\.", first)
    if m:  # the counter is on ~ before the mana is counted
        fields = add(second)
        per = fields.get("per") if fields else None
        if not fields or per is None or per.kind != CountKind.COUNTERS_ON_SELF or per.counter != m.group(1):
            return None
        return {**fields, "per": _plus(per, 1), "effects": (first,)}, rest[1:]
    if first == "Add to your mana pool one mana of the color last chosen." and second == "Then choose a random color":
        return {"reference": Reference(ReferenceScope.CHOSEN, ManaSort.COLOR), "effects": (rest[0],)}, rest[1:]
    m = re.fullmatch(r"Reveal any number of (.+?) cards? (?:with power (\d+) or greater )?(?:in|from) your hand\.", first)
    n = re.fullmatch(r"Add (%s) for each card revealed this way" % SYMBOLS, second)
    if m and n and (words := filter_words(m.group(1))) and (bundle := _symbols(n.group(1))):
        power = int(m.group(2)) if m.group(2) else None
        return {"options": (bundle,), "per": Count(CountKind.REVEALED, words, power_at_least=power)}, rest[1:]
    if first == "Reveal any number of cards with {X} in their mana cost in your hand." and n \
            and (bundle := _symbols(n.group(1))):  # Rosheen, Roaring Prophet
        return {"options": (bundle,), "per": Count(CountKind.REVEALED, x_in_cost=True)}, rest[1:]
    return None


def _among(where: AmongWhere, phrase: str, each: bool, monocolored: bool = False) -> dict | None:
    alternatives = filter_alternatives(phrase)
    return {"among": ColorsAmong(where, each, alternatives, monocolored)} if alternatives else None


def _plus(count: Count, n: int) -> Count:
    return replace(count, plus=count.plus + n)


def _symbols(text: str) -> tuple[str, ...] | None:
    found = re.findall(r"\{([^{}]+)\}", text)
    if not found or any(s not in "WUBRGC" or len(s) != 1 for s in found):
        return None
    return tuple(sorted(found, key="WUBRGC".index))
