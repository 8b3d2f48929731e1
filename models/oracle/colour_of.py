"""Mana of a colour that objects have (not mana they could produce, 106.7), chosen as
the ability resolves: "Choose a color of a permanent you control. Add one mana of that
color." (Meteor Crater), "Choose a color of a card in your graveyard. ..." (Corrupted
Grafstone), "Add one mana of any color that shares a color with a permanent a player
controls." (Reflective Gate) — read as `ColorsAmong` (one mana of any one of them)."""

from __future__ import annotations

import re

from manasolve.models.abilities import AmongWhere, ColorsAmong
from manasolve.models.oracle.words import filter_alternatives

_WHERE = {"you control": AmongWhere.PERMANENTS, "a player controls": AmongWhere.ALL_PERMANENTS,
          "in your graveyard": AmongWhere.GRAVEYARD}


def read_colour_of(said: list[str]) -> tuple[dict, list[str]] | None:
    """(ManaAbility field values, the sentences left) for an effect whose mana is a colour
    of some objects, or None if it is not one of these forms."""
    first = said[0].rstrip(".")
    if len(said) > 1 and said[1] == "Add one mana of that color.":
        if m := re.fullmatch(r"Choose a color of an? (.+?) (you control|a player controls|in your graveyard)", first):
            return _among(_WHERE[m.group(2)], m.group(1), said[2:])
    if m := re.fullmatch(r"Add one mana of any color that shares a color with an? (.+?) (you control|a player controls)",
                         first):
        return _among(_WHERE[m.group(2)], m.group(1), said[1:])
    return None


def _among(where: AmongWhere, phrase: str, rest: list[str]) -> tuple[dict, list[str]] | None:
    alternatives = () if phrase in ("card", "permanent") else filter_alternatives(phrase)
    if alternatives is None:
        return None
    return {"among": ColorsAmong(where, alternatives=alternatives)}, rest
