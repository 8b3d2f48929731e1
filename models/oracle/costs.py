"""Costs as printed: activation costs (602.1a: "{1}, {T}, Sacrifice ~"), the cost after a
keyword or "additional cost" ("{1}{G}, Pay 3 life", "Sacrifice a creature"), and each
non-mana part of it ("Exile X blue cards from your graveyard") read into what it asks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from manasolve.models.abilities import AbilityCost
from manasolve.models.mana import CostSyntaxError, ManaCost
from manasolve.models.oracle.ability_cost_parts import read_cost_part
from manasolve.models.oracle.words import NUMBER, SYMBOLS, filter_alternatives, number_word
from manasolve.models.vocab import Vocabulary

_NUM = "(%s)" % NUMBER


def _plus(mana: ManaCost, symbols: str) -> ManaCost | None:
    """``mana`` followed by the written ``symbols``; None if one is not a mana symbol."""
    try:
        return mana + ManaCost.parse(symbols)
    except CostSyntaxError:
        return None


def parse_ability_cost(text: str) -> AbilityCost | None:
    """An activation cost like ``{1}, {T}, Pay 1 life`` (normalized: "this" as ``~``);
    None if any part is unknown."""
    mana = ManaCost()
    fields: dict = {"tap": False, "untap": False, "life": 0, "sacrifice_self": False, "tap_creatures": 0,
                    "tap_untapped": (), "sacrifice": (), "remove_counters": (), "energy": 0,
                    "exile_from_graveyard": 0, "exile_self_from_hand": False, "discard": 0, "exert": False}
    for part in (p.strip() for p in text.split(",")):
        if part == "{T}":
            fields["tap"] = True
        elif part == "{Q}":
            fields["untap"] = True
        elif re.fullmatch(r"Pay (?:\{E\})+", part):
            fields["energy"] += part.count("{E}")
        elif re.fullmatch(SYMBOLS, part):
            added = _plus(mana, part)
            if added is None:
                return None
            mana = added
        elif m := re.fullmatch(r"Pay (\d+) life", part):
            fields["life"] += int(m.group(1))
        elif part == "Sacrifice ~":
            fields["sacrifice_self"] = True
        elif part == "Exert ~":
            fields["exert"] = True
        elif part == "Exile ~ from your hand":
            fields["exile_self_from_hand"] = True
        elif part == "Exile a card from your graveyard":
            fields["exile_from_graveyard"] += 1
        elif m := re.fullmatch(r"Discard %s cards?" % _NUM, part):
            fields["discard"] += number_word(m.group(1))
        elif m := re.fullmatch(r"Tap %s untapped creatures? you control" % _NUM, part):
            fields["tap_creatures"] += number_word(m.group(1))
        elif m := re.fullmatch(r"Remove (X|any number of|one or more|%s) ([a-z+/\d-]+) counters? from ~" % NUMBER, part):
            # "one or more": any number, and the ability reading it makes no mana from none
            n = -1 if m.group(1) in ("X", "any number of", "one or more") else number_word(m.group(1))
            fields["remove_counters"] += ((m.group(2), n),)
        elif (more := read_cost_part(part)) is None or not _add_part(fields, more):
            return None
    return AbilityCost(mana=mana, **fields)


def _add_part(fields: dict, more: dict) -> bool:
    """Add a part's fields to the cost's (counts added up, flags set, lists joined);
    False for a second sacrifice of other permanents (one filter only)."""
    if "sacrifice" in more and fields.get("sacrifice"):
        return False
    for name, value in more.items():
        if isinstance(value, bool) or name in ("sacrifice", "sacrifice_count"):
            fields[name] = value
        else:
            fields[name] = fields.get(name, type(value)()) + value
    return True


class PartKind(Vocabulary):
    """What a non-mana cost part does to the objects it chooses."""

    SACRIFICE = "sacrifice"
    DISCARD = "discard"
    EXILE = "exile"
    REVEAL = "reveal"
    RETURN = "return"
    TAP = "tap"
    REMOVE_COUNTERS = "remove_counters"
    COLLECT_EVIDENCE = "collect_evidence"
    ENERGY = "energy"


class PartZone(Vocabulary):
    """Where a cost part's objects are (``player``: the player's own counters, energy)."""

    BATTLEFIELD = "battlefield"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    PLAYER = "player"


_N = r"(any number of|X|%s)" % NUMBER
_FORMS = [(kind, zone, re.compile(form, re.IGNORECASE)) for kind, zone, form in [
    (PartKind.SACRIFICE, PartZone.BATTLEFIELD, r"sacrifice %s (.+?)" % _N),
    (PartKind.DISCARD, PartZone.HAND, r"discard %s ((?:[A-Za-z]+ )?cards?)" % _N),  # "a Zombie card"
    (PartKind.EXILE, PartZone.GRAVEYARD, r"exile %s (.*?)cards? from your graveyard" % _N),
    (PartKind.EXILE, PartZone.HAND, r"exile %s (.*?)cards? from your hand" % _N),
    (PartKind.REVEAL, PartZone.HAND, r"reveal %s (.*?)cards? (?:from|in) your hand" % _N),  # morph: "in"
    (PartKind.RETURN, PartZone.BATTLEFIELD, r"return %s (.+?) you control to (?:its|their) owner's hand" % _N),
    (PartKind.TAP, PartZone.BATTLEFIELD, r"tap %s untapped (.+?) you control" % _N),
    (PartKind.REMOVE_COUNTERS, PartZone.BATTLEFIELD, r"remove %s ([a-z+/0-9-]+) counters? from among (.+?) you control" % _N),
    (PartKind.COLLECT_EVIDENCE, PartZone.GRAVEYARD, r"collect evidence (\d+|X)"),
]]


@dataclass(frozen=True)
class NonManaPart:
    """One non-mana part of a spell's cost (118.8, 601.2h), as read from its text.

    kind/zone: what it does, where its objects are; n: how many objects (collect
    evidence: the total mana value), None for "any number"; n_is_x: the number is X;
    alternatives: the objects have every filter word of one alternative (``((),)``:
    any); counter: the kind of counter removed; mana_value: only permanents of that mana
    value (Emerge's choice, set by its reader).  ``problem``: why the payment solver
    can't pay it (text read by no template), None when it is read."""

    text: str
    kind: PartKind | None = None
    zone: PartZone | None = None
    n: int | None = None
    n_is_x: bool = False
    alternatives: tuple[tuple[str, ...], ...] = ((),)
    counter: str = ""
    problem: str | None = None
    min_power: int | None = None  # "a creature with power N or greater" (casualty, 702.153a)
    shares_color: bool = False  # "that share a color with it": with the spell cast (conspire, 702.78a)
    unblocked: bool = False  # "an unblocked attacker" (ninjutsu, 702.49a)
    mana_value: int | None = None  # only objects of this mana value (Emerge's choice, 702.119)

    def __str__(self) -> str:
        return self.text

    @property
    def has_x(self) -> bool:
        """Whether the part's text mentions X (107.3b)."""
        return re.search(r"\bX\b", self.text) is not None

    def count(self, x: int) -> int | None:
        """How many objects (or the total mana value) the part asks for once X is ``x``."""
        return x if self.n_is_x else self.n


def _object_filter(phrase: str) -> tuple[tuple[str, ...], ...] | None:
    """The alternatives of filter words of a part's object phrase ("white creatures",
    "artifact or creature", "basic land"; "cards" alone: anything)."""
    words = [w for w in phrase.split() if w.lower() not in ("untapped", "card", "cards")]
    alternatives = filter_alternatives(" ".join(words)) if words else ()
    return None if alternatives is None else alternatives or ((),)


def read_non_mana_part(text: str) -> NonManaPart:
    """The part's kind, zone, number and object filter; with ``problem`` set for text no
    template reads."""
    unread = NonManaPart(text, problem="non-mana cost part %r is not paid by the payment solver" % text)
    said, qualities = _qualities(text.strip().rstrip("."))
    for kind, zone, form in _FORMS:
        m = form.fullmatch(said)
        if m is None:
            continue
        word = m.group(1)
        if kind == PartKind.COLLECT_EVIDENCE:
            x = word.upper() == "X"
            return NonManaPart(text, kind, zone, None if x else int(word), x)
        x = word.upper() == "X"
        n = None if word.lower() == "any number of" or x else number_word(word)
        if kind == PartKind.REMOVE_COUNTERS:
            if m.group(2).lower() != "loyalty" or (n is None and not x):
                return unread
            phrase, counter = m.group(3), "loyalty"
        else:
            phrase, counter = m.group(2), ""
        alternatives = _object_filter(phrase)
        if alternatives is None:
            return NonManaPart(text, problem="%r: %r is not a filter the solver reads" % (text, phrase))
        return NonManaPart(text, kind, zone, n, x, alternatives, counter, **qualities)
    return unread


def _qualities(text: str) -> tuple[str, dict]:
    """The part's text without the qualities read apart from its filter words, and them:
    "a creature with power 2 or greater", "creatures you control that share a color with
    it", "an unblocked attacker"."""
    out: dict = {}
    if m := re.fullmatch(r"(.+?) with power (\d+) or greater(.*)", text):
        text, out["min_power"] = m.group(1) + m.group(3), int(m.group(2))
    if text.endswith(" that share a color with it"):
        text, out["shares_color"] = text[:-len(" that share a color with it")], True
    if " unblocked attacker " in text:
        text, out["unblocked"] = text.replace(" unblocked attacker ", " creature "), True
    return text, out


# Verbs that begin a non-mana cost part we recognise.
_NON_MANA_VERBS = ("Sacrifice", "Discard", "Tap", "Exile", "Return", "Reveal", "Remove", "Collect", "Put", "Behold")
_PART_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+(?=(?:%s)\b)" % "|".join(v.lower() for v in _NON_MANA_VERBS))


@dataclass(frozen=True)
class CostPart:
    """One cost as printed after a keyword or "additional cost": its mana part, life to
    pay, and the other (non-mana) parts, e.g. "Sacrifice a Mountain"."""

    mana: ManaCost = field(default_factory=ManaCost)
    life: int = 0
    other: tuple[NonManaPart, ...] = ()
    text: str = ""

    @property
    def has_x(self) -> bool:
        """Whether this cost mentions X (in its mana or its other parts; 107.3b)."""
        return self.mana.has_x or any(o.has_x for o in self.other)

    def __str__(self) -> str:
        return self.text or str(self.mana)


def parse_cost_part(text: str) -> CostPart | None:
    """``{1}{G}, Pay 3 life`` → CostPart; None if a part is neither mana, life nor a
    recognised non-mana action."""
    text = text.strip().rstrip(".")
    mana = ManaCost()
    life = 0
    other: list[NonManaPart] = []
    # "pay {1} and return a basic land ...": " and " joins parts too when a verb follows.
    for part in (p.strip() for p in _PART_SPLIT.split(text)):
        if re.fullmatch(SYMBOLS, part):
            more = _plus(mana, part)
            if more is None:
                return None
            mana = more
        elif m := re.fullmatch(r"[Pp]ay (\d+) life", part):
            life += int(m.group(1))
        elif m := re.fullmatch(r"[Pp]ay (%s)" % SYMBOLS, part):
            more = _plus(mana, m.group(1))
            if more is None:
                return None
            mana = more
        elif part and part.split()[0].capitalize() in _NON_MANA_VERBS and "{" not in part:
            other.append(read_non_mana_part(part[0].upper() + part[1:]))
        else:
            return None
    return CostPart(mana, life, tuple(other), text)
