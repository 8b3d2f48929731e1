"""The less common non-mana parts of an activation cost (602.1a), each read into the
`AbilityCost` fields it sets: "Mill a card", "Exile a card from your hand", "Exile ~",
"Exile ~ from your graveyard", "Return ~ to its owner's hand", "Discard your hand",
"Put a -0/-1 counter on ~", "Sacrifice three Foods", "Sacrifice another creature",
"Sacrifice a Prism token", "Tap an untapped artifact or creature you control", "Tap X
untapped tokens you control", "Collect evidence 3", "Forage", "Exile seven cards from
your graveyard", "Sacrifice X Goats", "Exile a creature you control".

`costs.parse_ability_cost` reads the common parts itself and asks `read_cost_part` for
the rest; a part neither reads is not understood (the whole cost is then None)."""

from __future__ import annotations

import re

from manasolve.models.mana import SymbolKind
from manasolve.models.oracle.words import NUMBER, filter_alternatives, filter_words, number_word

_NUM = "(%s)" % NUMBER

# Parts read whole, with the field each sets.
_FIXED = {
    "Exile ~": {"exile_self": True},
    "Exile ~ from your graveyard": {"exile_self_from_graveyard": True},
    "Return ~ to its owner's hand": {"return_self": True},
    "Discard your hand": {"discard_hand": True},
    "Forage": {"forage": True},  # 701.61a: exile three cards from your graveyard or sacrifice a Food
}


def read_cost_part(part: str) -> dict | None:
    """The `AbilityCost` fields one cost part sets (counts to add up, flags to set), or
    None if it is not one of the forms above."""
    if part in _FIXED:
        return dict(_FIXED[part])
    if m := re.fullmatch(r"Mill %s cards?" % _NUM, part):
        return {"mill": number_word(m.group(1))}
    if m := re.fullmatch(r"Exile %s cards? from your hand" % _NUM, part):
        return {"exile_from_hand": number_word(m.group(1))}
    if (m := re.fullmatch(r"Exile %s cards? from your graveyard" % _NUM, part)) and (n := number_word(m.group(1))):
        return {"exile_from_graveyard": n}  # Sunken Palace: "Exile seven cards from your graveyard"
    if (m := re.fullmatch(r"Exile an? (.+?) you control", part)) and (words := filter_words(m.group(1))):
        return {"exile_other": words}  # Food Chain (the permanent is chosen as the cost is paid, 601.2h)
    if m := re.fullmatch(r"Put %s ([a-z+/\d-]+) counters? on ~" % _NUM, part):
        return {"put_counters": ((m.group(2), number_word(m.group(1))),)}
    if m := re.fullmatch(r"Collect evidence (\d+)", part):  # 701.59a
        return {"collect_evidence": int(m.group(1))}
    if m := re.fullmatch(r"Sacrifice (another|X|%s) (.+)" % NUMBER, part):
        return _sacrifice(m.group(1), m.group(2))
    if m := re.fullmatch(r"Tap (X|%s) untapped (.+) you control" % NUMBER, part):
        alternatives = filter_alternatives(m.group(2))
        if not alternatives:
            return None
        n = -1 if m.group(1) == "X" else number_word(m.group(1))
        return {"tap_untapped": ((n, alternatives),)}
    return None


def _sacrifice(count: str, phrase: str) -> dict | None:
    """"Sacrifice another creature", "Sacrifice three Foods", "Sacrifice a Prism token",
    "Sacrifice a token named Wood" (one kind of permanent; "a creature or land" is not
    read: one filter only)."""
    if (m := re.fullmatch(r"(.+?) named ([A-Z][\w' -]*)", phrase)) and count in ("a", "an"):
        words = filter_words(m.group(1))
        return {"sacrifice": words, "sacrifice_named": m.group(2)} if words else None
    words = filter_words(phrase)
    if words is None:
        return None
    if count == "another":
        return {"sacrifice": words, "sacrifice_other": True}
    if count == SymbolKind.X:  # "Sacrifice X Goats" (Springjack Pasture): any number, X (107.3)
        return {"sacrifice": words, "sacrifice_count": -1}
    n = number_word(count)
    if not n:
        return None
    return {"sacrifice": words, "sacrifice_count": n} if n > 1 else {"sacrifice": words}
