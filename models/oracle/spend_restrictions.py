"""Spend restrictions (106.6): "Spend this mana only to cast instant and sorcery spells or
activate abilities of creature sources." and "This mana can't be spent to cast
nonartifact spells." → `SpendRestriction`.

A small grammar, read whole or not at all:

    restriction := "to" clause ((", or" | " or" | ",") ["to"] clause)*  |  "on costs that contain {X}"
    clause      := "cast" spells | "activate" abilities
    spells      := spell (("or" | ",") spell)*             e.g. "a Dragon spell or an Omen spell"
    spell       := [a|an] qualifiers ("spell"|"spells") [suffix]
    qualifiers  := words (("," | "and" | "or" | "and/or") words)*   each words: filter words, all of them
    suffix      := "from exile" | "from your graveyard" | "with flashback from a graveyard"
                 | "with mana value N or greater" | "with {X} in its/their mana cost(s)"
    abilities   := "abilities" | "an ability" | ("abilities of" | "an ability of") [a|an] words ["source(s)"]

Every word must be placed: a restriction with any other word is not understood.
"""

from __future__ import annotations

import re

from manasolve.models.abilities import SpellFilter, SpendRestriction
from manasolve.models.oracle.words import filter_alternatives, filter_words

_JOIN = r"(?:,? and/or |,? or |,? and |, )"
_SUFFIXES = {
    "from exile": {"zone": "exile"},
    "from your graveyard": {"zone": "graveyard"},
    "from a graveyard": {"zone": "graveyard"},
    "with flashback from a graveyard": {"zone": "graveyard", "via": "flashback"},
}
_SPELL = re.compile(r"(?:an? )?(?P<q>[^,]*?(?:%s[^,]*?)*?) ?\bspells?\b(?: (?P<suffix>from exile|from (?:your|a) graveyard|"
                    r"with flashback from a graveyard|with mana value (?P<mv>\d+) or greater|"
                    r"with \{X\} in (?:its|their) mana costs?))?" % _JOIN)
_ABILITIES = re.compile(r"(?:abilities|an ability)(?: of (?:an? )?(?P<q>.+?)(?: sources?)?)?")


def parse_restriction(text: str) -> SpendRestriction | None:
    """The part after "Spend this mana only " → SpendRestriction, or None."""
    if text == "on costs that contain {X}":
        return SpendRestriction(x_costs_only=True)
    if not text.startswith("to "):
        return None
    spells: list[SpellFilter] = []
    abilities: tuple[str, ...] | None = None
    # Clauses: "to cast ..." / "activate ..." joined by "or", ", or" or "," (and "to" again).
    for clause in re.split(r",? or (?:to )?(?=cast |activate )|, (?:to )?(?=cast |activate )", text[len("to "):]):
        if clause.startswith("cast "):
            found = _spell_filters(clause[len("cast "):])
            if found is None:
                return None
            spells += found
        elif clause.startswith("activate "):
            words = _ability_words(clause[len("activate "):])
            if words is None or abilities is not None:
                return None
            abilities = words
        else:
            return None
    return SpendRestriction(spells=tuple(spells), abilities=abilities)


def cant_be_spent(text: str) -> SpendRestriction | None:
    """"This mana can't be spent to cast nonartifact spells." (the part after "can't be
    spent ") → the spells it may still pay (artifact spells) and any ability; None for
    another form."""
    m = re.fullmatch(r"to cast (?:an? )?non(\w+) spells?", text)
    words = filter_words(m.group(1)) if m else None
    if not words or len(words) != 1:
        return None
    return SpendRestriction(spells=(SpellFilter(words=words),), abilities=())


def _spell_filters(text: str) -> list[SpellFilter] | None:
    """"instant and sorcery spells", "a Dragon spell or an Omen spell", "creature spells
    with mana value 4 or greater or creature spells with {X} in their mana costs" → the
    alternatives (each spell qualifier list gives one filter per qualifier)."""
    out: list[SpellFilter] = []
    pos = 0
    while pos < len(text):
        if out:
            sep = re.match(_JOIN, text[pos:])
            if not sep:
                return None
            pos += sep.end()
        m = _SPELL.match(text, pos)
        if not m or m.end() == pos:
            return None
        pos = m.end()
        suffix = m.group("suffix") or ""
        fields: dict = dict(_SUFFIXES.get(suffix, {}))
        if m.group("mv"):
            fields["min_mana_value"] = int(m.group("mv"))
        elif suffix.startswith("with {X}"):
            fields["x_in_cost"] = True
        qualifiers = m.group("q").strip()
        if not qualifiers:
            out.append(SpellFilter(**fields))
            continue
        for alternative in re.split(_JOIN, qualifiers):
            words = filter_words(alternative)
            if words is None:
                return None
            out.append(SpellFilter(words=words, **fields))
    return out


def _ability_words(text: str) -> tuple[str, ...] | None:
    """"abilities" → () (any); "abilities of creature sources" / "an ability of an
    artifact source" / "abilities of Dragons" → ("Creature",) ...; "of a Cleric, Rogue,
    or Wizard" → one word per alternative; None otherwise.  (The solver spends restricted
    mana on spells only, so these words only have to be read, not matched.)"""
    m = _ABILITIES.fullmatch(text)
    if not m:
        return None
    if not m.group("q"):
        return ()
    alternatives = filter_alternatives(m.group("q"))  # "a Cleric, Rogue, Warrior, or Wizard"
    if not alternatives or any(len(a) != 1 for a in alternatives):
        return filter_words(m.group("q"))  # "colorless Eldrazi": every word
    return tuple(a[0] for a in alternatives)
