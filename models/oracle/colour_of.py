"""Mana of a colour that objects have (not mana they could produce, 106.7): "Choose a
color of a permanent you control. Add one mana of that color." (Meteor Crater), "...
of a card in your graveyard" (Corrupted Grafstone), "Add one mana of any color that
shares a color with a permanent a player controls." (Reflective Gate).  The colours are
read off the board when the ability resolves (`ReferenceScope` ``*_colors``)."""

from __future__ import annotations

import re

from manasolve.models.abilities import ManaSort, Reference, ReferenceScope
from manasolve.models.oracle.words import filter_words

_WHOSE = {"you control": ReferenceScope.PERMANENT_COLORS_YOU_CONTROL,
          "a player controls": ReferenceScope.PERMANENT_COLORS}


def read_colour_of(said: list[str]) -> tuple[dict, list[str]] | None:
    """(ManaAbility field values, the sentences left) for an effect whose mana is a colour
    of some objects, or None if it is not one of these forms."""
    first = said[0].rstrip(".")
    if len(said) > 1 and said[1] == "Add one mana of that color.":
        if m := re.fullmatch(r"Choose a color of an? (.+?) (you control|a player controls)", first):
            return _reference(_WHOSE[m.group(2)], m.group(1), said[2:])
        if m := re.fullmatch(r"Choose a color of an? (.+?) in your graveyard", first):
            return _reference(ReferenceScope.GRAVEYARD_COLORS, m.group(1), said[2:])
    if m := re.fullmatch(r"Add one mana of any color that shares a color with an? (.+?) (you control|a player controls)",
                         first):
        return _reference(_WHOSE[m.group(2)], m.group(1), said[1:])
    return None


def _reference(scope: ReferenceScope, phrase: str, rest: list[str]) -> tuple[dict, list[str]] | None:
    words = () if phrase in ("card", "permanent") else filter_words(phrase)
    if words is None:
        return None
    return {"reference": Reference(scope, ManaSort.COLOR, words)}, rest
