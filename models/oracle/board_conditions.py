"""Conditions of mana abilities that read a player's own board fields or names, beyond
`mana_abilities.parse_condition`'s counts of permanents: "an opponent has three or more
poison counters" (Corrupted), "you control three or more lands with the same name",
"you control a Planet with twelve or more charge counters on it", "you control
creatures named Mine Worker and Power Plant Worker", "you have the initiative", "you've
completed a dungeon", "a card is exiled with ~", and "you don't control an Ogre" (its
negation)."""

from __future__ import annotations

import re

from manasolve.models.abilities import Condition, ConditionKind, all_of
from manasolve.models.oracle.words import NUMBER, filter_words, matched_number

_NUM = "(%s)" % NUMBER

_FIXED = {
    "you have the initiative": Condition(ConditionKind.INITIATIVE),
    "you've completed a dungeon": Condition(ConditionKind.DUNGEON_COMPLETED),
    "a card is exiled with ~": Condition(ConditionKind.EXILED_WITH),  # Ugin's Labyrinth's imprint (607.1)
}


def read_board_condition(text: str) -> Condition | None:
    """The condition as the board states it, or None if it is not one of these forms."""
    if text in _FIXED:
        return _FIXED[text]
    if m := re.fullmatch(r"an opponent has %s or more poison counters" % _NUM, text):
        return Condition(ConditionKind.OPPONENT_POISON, n=matched_number(m.group(1)))
    if (m := re.fullmatch(r"you control %s or more (.+?) with the same name" % _NUM, text)) \
            and (words := filter_words(m.group(2))):
        return Condition(ConditionKind.SAME_NAME, words, matched_number(m.group(1)))
    if (m := re.fullmatch(r"you control an? (.+?) with %s or more ([a-z+/\d-]+) counters on it" % _NUM, text)) \
            and (words := filter_words(m.group(1))):
        return Condition(ConditionKind.CONTROL_WITH_COUNTERS, words, matched_number(m.group(2)), counter=m.group(3))
    if (m := re.fullmatch(r"you control (?:an? )?(\w+) named (.+)", text)) and (words := filter_words(m.group(1))):
        names = re.split(r",? and (?=[A-Z])|, (?=[A-Z])", m.group(2))
        return all_of(*(Condition(ConditionKind.CONTROL_NAMED, words, text=n) for n in names))
    return None


def negated(condition: Condition | None) -> Condition | None:
    """"you don't control an Ogre": the condition that does not hold (None stays None)."""
    return None if condition is None else Condition(ConditionKind.NOT, parts=(condition,))
