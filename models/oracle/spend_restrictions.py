"""Spend restrictions (106.6): "Spend this mana only to cast instant and sorcery spells or
activate abilities of creature sources." and "This mana can't be spent to cast
nonartifact spells." → `SpendRestriction`.

A small grammar, read whole or not at all:

    restriction := "to" clause ((", or" | " or" | ",") ["to"] clause)*  |  "on costs that contain {X}"
    clause      := "cast" spells | "activate" abilities | purpose
                 | "pay a disturb cost" | "pay a cost that contains {C}"
    purpose     := "activate equip abilities" | "turn a permanent face up" | "pay a morph cost"
                 | "pay cumulative upkeep costs" | "unlock a door" | ...      (see _PURPOSES)
    spells      := spell (("or" | ",") spell)*             e.g. "a Dragon spell or an Omen spell"
    spell       := "your commander" | "your second spell in a turn"
                 | [a|an] [kicked|face-down] qualifiers ("spell"|"spells") suffix*
    qualifiers  := words (("," | "and" | "or" | "and/or") words)*   each words: filter words, all of them
    suffix      := "from exile" | "from your graveyard" | "with flashback from a graveyard"
                 | "with mana value N or greater" | "with {X} in its/their mana cost(s)"
                 | "with devoid" | "that has freerunning" | "you don't own" | "with no abilities"
                 | "of the chosen type" | "of that color" | "that's one or more colors"
                 | "without {X} in its mana cost"
    abilities   := "abilities" | "an ability" | ("abilities of" | "an ability of") [a|an] words ["source(s)"]
                   ["of the chosen type"]

Every word must be placed: a restriction with any other word is not understood.
"""

from __future__ import annotations

import re

from manasolve.models.abilities import SpellFilter, SpellTrait, SpendPurpose, SpendRestriction
from manasolve.models.oracle.words import filter_alternatives, filter_words

_JOIN = r"(?:,? and/or |,? or |,? and |, )"
# What one suffix after "spell(s)" asks of the spell, as SpellFilter fields.
_SUFFIXES: dict[str, dict] = {
    "from exile": {"zone": "exile"},
    "from your graveyard": {"zone": "graveyard"},
    "from a graveyard": {"zone": "graveyard"},
    "with flashback from a graveyard": {"zone": "graveyard", "via": "flashback"},
    "with {X} in its mana cost": {"x_in_cost": True},
    "with {X} in their mana costs": {"x_in_cost": True},
    "with devoid": {"keyword": "Devoid"},  # 702.114
    "that has freerunning": {"keyword": "Freerunning"},  # 702.173
    "you don't own": {"traits": (SpellTrait.NOT_OWNED,)},
    "with no abilities": {"traits": (SpellTrait.NO_ABILITIES,)},
    "of the chosen type": {"traits": (SpellTrait.CHOSEN_TYPE,)},
    "of that color": {"traits": (SpellTrait.CHOSEN_COLOR,)},
    "that's one or more colors": {"words": ("non-colorless",)},  # 105.2: it has a colour
    "without {X} in its mana cost": {"traits": (SpellTrait.NO_X,)},
}
_SUFFIX = r"(?:%s|with mana value \d+ or greater)" % "|".join(re.escape(s) for s in sorted(_SUFFIXES, key=len, reverse=True))
_SPELL = re.compile(r"(?:an? )?(?P<q>[^,]*?(?:%s[^,]*?)*?) ?\bspells?\b(?P<suffixes>(?: %s)*)" % (_JOIN, _SUFFIX))
# Whole spell phrases that name one spell by what it is to its caster.
_NAMED_SPELLS = {"your commander": SpellFilter(traits=(SpellTrait.COMMANDER,)),  # 903.3
                 "your second spell in a turn": SpellFilter(nth_spell=2)}
# Words in front of the qualifiers that are no type or colour.
_PREFIX_TRAITS = {"kicked": SpellTrait.KICKED, "face-down": SpellTrait.FACE_DOWN}
_ABILITIES = re.compile(r"(?:abilities|an ability)(?: of (?:an? )?(?P<q>.+?)(?: sources?)?(?P<chosen> of the chosen type)?)?")
# Clauses that pay something no question here pays (the mana is never spent on a spell for them).
_PURPOSES = {
    "activate equip abilities": SpendPurpose.EQUIP, "activate an equip ability": SpendPurpose.EQUIP,
    "activate power-up abilities": SpendPurpose.POWER_UP,
    "turn permanents face up": SpendPurpose.TURN_FACE_UP, "turn a permanent face up": SpendPurpose.TURN_FACE_UP,
    "turn creatures face up": SpendPurpose.TURN_FACE_UP,
    "pay a mana cost to turn a manifested creature face up": SpendPurpose.MANIFESTED_FACE_UP,
    "pay a morph cost": SpendPurpose.MORPH, "pay cumulative upkeep costs": SpendPurpose.CUMULATIVE_UPKEEP,
    "unlock a door": SpendPurpose.UNLOCK, "foretell a card from your hand": SpendPurpose.FORETELL,
}
_CLAUSE_START = r"(?=cast |activate |pay |turn |unlock |foretell )"


def parse_restriction(text: str) -> SpendRestriction | None:
    """The part after "Spend this mana only " → SpendRestriction, or None."""
    if text == "on costs that contain {X}":
        return SpendRestriction(x_costs_only=True)
    if not text.startswith("to "):
        return None
    spells: list[SpellFilter] = []
    abilities: tuple[str, ...] | None = None
    purposes: list[SpendPurpose] = []
    costs_with: list[str] = []
    # Clauses: "to cast ..." / "activate ..." / "pay ..." joined by "or", ", or" or "," (and "to" again).
    for clause in re.split(r",? or (?:to )?%s|, (?:to )?%s" % (_CLAUSE_START, _CLAUSE_START), text[len("to "):]):
        if clause in _PURPOSES:
            purposes.append(_PURPOSES[clause])
        elif clause == "pay a disturb cost":  # 702.146: casting it with disturb
            spells.append(SpellFilter(via="disturb"))
        elif m := re.fullmatch(r"pay a cost that contains \{([WUBRGC])\}", clause):
            costs_with.append(m.group(1))
        elif clause.startswith("cast "):
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
    return SpendRestriction(spells=tuple(spells), abilities=abilities, costs_with=tuple(costs_with),
                            purposes=tuple(purposes))


def cant_be_spent(text: str) -> SpendRestriction | None:
    """"This mana can't be spent to cast nonartifact spells." (the part after "can't be
    spent ") → the spells it may still pay (artifact spells) and any ability; "to cast
    spells from your hand" → spells cast from anywhere else; None for another form."""
    if text == "to cast spells from your hand":
        return SpendRestriction(spells=(SpellFilter(traits=(SpellTrait.NOT_FROM_HAND,)),), abilities=())
    m = re.fullmatch(r"to cast (?:an? )?non(\w+) spells?", text)
    words = filter_words(m.group(1)) if m else None
    if not words or len(words) != 1:
        return None
    return SpendRestriction(spells=(SpellFilter(words=words),), abilities=())


def _spell_filters(text: str) -> list[SpellFilter] | None:
    """"instant and sorcery spells", "a Dragon spell or an Omen spell", "creature spells
    with mana value 4 or greater or creature spells with {X} in their mana costs" → the
    alternatives (each spell qualifier list gives one filter per qualifier)."""
    if text in _NAMED_SPELLS:
        return [_NAMED_SPELLS[text]]
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
        fields = _suffix_fields(m.group("suffixes"))
        qualifiers = m.group("q").strip()
        first, _, rest = qualifiers.partition(" ")
        if first in _PREFIX_TRAITS:  # "kicked spells", "a face-down creature spell"
            fields["traits"] = fields.get("traits", ()) + (_PREFIX_TRAITS[first],)
            qualifiers = rest
        if not qualifiers:
            out.append(SpellFilter(**fields))
            continue
        for alternative in re.split(_JOIN, qualifiers):
            words = filter_words(alternative)
            if words is None:
                return None
            out.append(SpellFilter(**{**fields, "words": words + fields.get("words", ())}))
    return out


def _suffix_fields(suffixes: str) -> dict:
    """The SpellFilter fields of the suffixes after "spell(s)", e.g. " with devoid"."""
    fields: dict = {}
    for m in re.finditer(r" (%s)" % _SUFFIX, suffixes):
        suffix = m.group(1)
        if mv := re.fullmatch(r"with mana value (\d+) or greater", suffix):
            fields["min_mana_value"] = int(mv.group(1))
            continue
        for key, value in _SUFFIXES[suffix].items():
            fields[key] = fields.get(key, ()) + value if isinstance(value, tuple) else value
    return fields


def _ability_words(text: str) -> tuple[str, ...] | None:
    """"abilities" → () (any); "abilities of creature sources" / "an ability of an
    artifact source" / "abilities of Dragons" → ("Creature",) ...; "of a Cleric, Rogue,
    or Wizard" → one word per alternative ("Time Lord" kept whole); "of a creature source
    of the chosen type" → ("Creature", "chosen type"); None otherwise.  (The solver
    spends restricted mana on spells only, so these words only have to be read, not
    matched.)"""
    m = _ABILITIES.fullmatch(text)
    if not m:
        return None
    chosen = ("chosen type",) if m.group("chosen") else ()
    if not m.group("q"):
        return chosen
    if m.group("q") == "source":  # "an ability of a source of the chosen type"
        return chosen or None
    alternatives = filter_alternatives(m.group("q"))  # "a Cleric, Rogue, Warrior, or Wizard"
    if alternatives and all(len(a) == 1 or all(w[:1].isupper() for w in a) for a in alternatives):
        return tuple(" ".join(a) for a in alternatives) + chosen
    words = filter_words(m.group("q"))  # "colorless Eldrazi": every word
    return words + chosen if words else None
