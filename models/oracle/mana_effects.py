"""Static and triggered effects that change what tapping for mana produces, as data.

This module reads, from a card's oracle text, the sentences that act on *other*
permanents' mana production (rules 106.12, 305.7, 605.1b, 614, 616):

- replacement effects on "tapped for mana" (Contamination, Damping Sphere, Mana
  Reflection, Nyxbloom Ancient, Virtue of Strength) — `Replace` and `Multiply`; those
  changing only the type (Infernal Darkness, Ritual of Subdual, Mirri) — `ChangeType`;
- triggered mana abilities on "tapped for mana" (Mana Flare, Vernal Bloom, Wild Growth,
  Mirari's Wake, Crypt Ghast, Leyline of Abundance, Kinnan...) — `AddProduced` and `AddFixed`;
- granted mana abilities (Chromatic Lantern, The World Tree, Cryptolith Rite, Rishkar,
  Nature's Embrace) — `GrantAbility`;
- land-type changes (Urborg, Yavimaya, Stormtide Leviathan: `AddLandType`; Blood Moon:
  `NonbasicAreMountains`).

Only exact templates are accepted.  Any other sentence that speaks about tapping for
mana, land types or granted mana abilities is returned as not understood, never guessed.
Pure data and parsing: nothing here evaluates a board.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from manasolve.models.abilities import Condition, ManaAbility, any_color_options
from manasolve.models.oracle.mana_abilities import is_mana_ability_line, parse_mana_ability
from manasolve.models.oracle.bands import banded_lines, gate
from manasolve.models.oracle.not_understood import NotUnderstood, not_understood
from manasolve.models.mana import COLORS
from manasolve.models.oracle.words import filter_alternatives, filter_words, normalize, number_word, strip_reminder
from manasolve.models.vocab import Vocabulary


class Who(Vocabulary):
    """Whose tapping an effect watches, relative to the effect's controller."""

    ANY = "any"
    YOU = "you"
    OPPONENT = "opponent"


@dataclass(frozen=True)
class Watch:
    """Which "tapped for mana" events an effect looks at.

    what: ``land``, ``permanent``, ``nonland permanent``, ``creature``, ``basic land``, ``nonbasic land``,
    ``snow land``, ``artifact token``, a basic land type (``Forest``, ``Mountain``), several
    land types joined by ``" or "`` (Keeper of Progenitus: ``Mountain or Forest or
    Plains``), or ``enchanted land`` / ``enchanted Forest`` (the permanent the effect's
    source is attached to, of that type).  who: whose tapping counts, relative to the
    effect's controller: ``any``, ``you`` or ``opponent``.
    """

    what: str
    who: Who = Who.ANY


@dataclass(frozen=True)
class Replace:
    """"If a land is tapped for [N or more] mana, it produces {B} instead of any other type
    and amount" (Contamination; Damping Sphere with ``min_amount`` 2); ``any_color``: "one
    mana of a color of your choice" instead of ``bundle`` (Harvest Mage)."""

    watch: Watch
    bundle: tuple[str, ...]
    min_amount: int = 1
    any_color: bool = False


@dataclass(frozen=True)
class Multiply:
    """"If you tap a permanent for mana, it produces twice (three times) as much of that
    mana instead" (Mana Reflection, Nyxbloom Ancient, Virtue of Strength)."""

    watch: Watch
    factor: int


@dataclass(frozen=True)
class ChangeType:
    """"If a land is tapped for mana, it produces {B} (colorless mana) instead of any other
    type" (Infernal Darkness, Ritual of Subdual): every mana of the event becomes ``to``, the
    amount kept; ``to`` None: "mana of a color of your choice" (Mirri, Pulse of Llanowar),
    one colour for all of it."""

    watch: Watch
    to: str | None


@dataclass(frozen=True)
class AddProduced:
    """Triggered mana ability (605.1b): "... adds one mana of any type that land produced"
    (Mana Flare, Heartbeat of Spring, Mirari's Wake, Vorinclex, Winter's Night)."""

    watch: Watch


@dataclass(frozen=True)
class AddFixed:
    """Triggered mana ability (605.1b) adding fixed mana: "its controller adds an additional
    {G}" (Vernal Bloom, Wild Growth) or "one mana of any color" (Trace of Abundance);
    ``options`` are the alternative bundles, as in `ManaAbility`."""

    watch: Watch
    options: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class AddChosen:
    """Triggered mana ability (605.1b): "its controller adds an additional one mana of the
    chosen color" (Utopia Sprawl, Shimmerwilds Growth): the colour the board gives as the
    source's ``chosen.color`` (none given: no mana, never guessed); ``if_produced``: only
    when the tapped permanent produced mana of that colour (Gauntlet of Power)."""

    watch: Watch
    if_produced: bool = False


class Grantee(Vocabulary):
    """Which permanents a granted ability goes to, relative to the effect's source."""

    YOURS = "yours"  # "<filter> you control have" (Chromatic Lantern, Cryptolith Rite)
    ALL = "all"  # "All <filter> have" (Gemhide Sliver, Llanowar)
    ATTACHED = "attached"  # "Enchanted land has", "Equipped creature has" (Utopia Sprawl's kin)


@dataclass(frozen=True)
class GrantAbility:
    """"[As long as you control N or more lands,] lands you control have "<ability>""
    (Chromatic Lantern, The World Tree), "Creatures you control have ...", "Enchanted land
    has ...", "All Slivers have ...": the permanents of ``to`` with every word of one of
    ``alternatives`` (``other``: not the source itself) have the mana ability; ``token``:
    only tokens ("Creature tokens you control have", Insidious Roots); ``counter``: only
    those with a counter on them, of that kind, "" for any kind ("Each creature you control
    with a counter on it has", Rishkar); ``present_if``: only while its source satisfies it."""

    ability: ManaAbility
    min_lands: int = 0
    to: Grantee = Grantee.YOURS
    alternatives: tuple[tuple[str, ...], ...] = (("Land",),)
    other: bool = False
    token: bool = False
    counter: str | None = None
    present_if: Condition | None = None  # in a level band of its source (Joraga Treespeaker "LEVEL 5+")


@dataclass(frozen=True)
class AddLandType:
    """"Each land is a Swamp in addition to its other land types" (Urborg; 305.7 gives
    the land the basic type's mana ability).  ``subtype``: a basic land type,
    `EVERY_BASIC` (Prismatic Omen) or `CHOSEN_TYPE` (the source's board ``chosen.type``,
    Realmwright; none given or not a basic land type: no type added, never guessed);
    ``to``: every land, the lands its controller controls ("Lands you control are ...",
    Swampbenders) or the land it enchants (Nylea's Presence)."""

    subtype: str
    to: Grantee = Grantee.ALL


EVERY_BASIC = "every basic land type"
CHOSEN_TYPE = "the chosen type"


@dataclass(frozen=True)
class NonbasicAreMountains:
    """"Nonbasic lands are Mountains" (Blood Moon; 305.7: they lose their other land types
    and the abilities of their rules text, and gain "{T}: Add {R}")."""


ManaEffect = Replace | ChangeType | Multiply | AddProduced | AddFixed | AddChosen | GrantAbility | AddLandType | NonbasicAreMountains

_FACTORS = {"twice": 2, "three times": 3}
_WHO = {"a player": Who.ANY, "you": Who.YOU, "an opponent": Who.OPPONENT}
_SYMBOL = {"W", "U", "B", "R", "G", "C"}

# Sentences (in normalized text, "~" = this object) with no effect on what mana is
# produced, recognised so that they are not reported.
_IRRELEVANT = (
    re.compile(r"Whenever an opponent taps a land for mana, that land doesn't untap during its controller's next untap step\."),
    re.compile(r"That land doesn't untap during its controller's next untap step\."),
    # Mana Web: adds no mana, so not a mana ability; it waits for the stack until a player
    # would receive priority (603.3), after the payment it was triggered in (601.2i).
    re.compile(r"Whenever a land an opponent controls is tapped for mana, tap all lands that player controls "
               r"that could produce any type of mana that land could produce\."),
)

# A sentence is ours to understand if it speaks about mana production by others.
# A granted ability counts only when it is a mana ability ("{T}: This creature deals 1
# damage ..." granted by Power of Fire makes no mana).
_TOPIC = re.compile(r"for mana\b.*\b(?:adds?|produces?)\b|in addition to its other land types|lands are [A-Z]|"
                    r"^Mana abilities of ~ cost|"  # Thran Portal's extra life
                    r"ha(?:ve|s) \"\{[^\"]*: [^\"]*\b[Aa]dd\b|"
                    # a land's types set or added (305.7): its basic land types' mana abilities
                    r"^(?:(?:For )?[Aa]s long as [^,]+, )?(?:Each land|All lands|Lands you control|Nonbasic lands|"
                    r"Enchanted land|That land)(?: with [^.]*?)? (?:is|are) (?:an? (?:Plains|Island|Swamp|Mountain|Forest)\b|"
                    r"the chosen type|every (?:basic )?land type|(?:Plains|Islands|Swamps|Mountains|Forests)\b)")

# A land's own basic land type (305.7: its mana ability): Thran Portal, Multiversal Passage;
# "the chosen type" is a land type only when a basic land type was chosen (not Adaptive
# Automaton's creature type).
_OWN_LAND_TYPE = re.compile(r"~ is (?:an? (?:Plains|Island|Swamp|Mountain|Forest)\b|the chosen type)")
_CHOOSE_LAND_TYPE = "choose a basic land type"


def _symbol_bundle(text: str) -> tuple[str, ...] | None:
    syms = re.findall(r"\{([^{}]+)\}", text)
    if not syms or "".join("{%s}" % s for s in syms) != text or any(s not in _SYMBOL for s in syms):
        return None
    return tuple(sorted(syms, key="WUBRGC".index))


def parse_sentence(s: str) -> ManaEffect | None:
    """One normalized sentence → the effect it states, or None if it is not an exact template."""
    return _replacement(s) or _trigger(s) or _granted(s) or _land_types(s)


_BASIC = r"Plains|Island|Swamp|Mountain|Forest"
_BASIC_PLURAL = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain", "Forests": "Forest"}
_TO = {"colorless mana": "C", "mana of a color of your choice": None}
_CHANGED = {  # whose mana a `ChangeType` changes
    "a land is tapped": Watch("land", Who.ANY),  # Infernal Darkness, Ritual of Subdual
    "a basic land you control is tapped": Watch("basic land", Who.YOU),  # Mirri, Pulse of Llanowar
    "a player taps a nonbasic land": Watch("nonbasic land", Who.ANY),  # Pale Moon
    "you tap a land you control": Watch("land", Who.YOU),  # Deep Water
}


def _replacement(s: str) -> ManaEffect | None:
    """A replacement effect on "tapped for mana" (614.1a, 106.12b)."""
    m = re.fullmatch(r"If a land is tapped for (?:(\w+) or more )?mana, it produces (\{[^.]+\}) instead of any other type and amount\.", s)
    if m:
        bundle = _symbol_bundle(m.group(2))
        least = (number_word(m.group(1)) or 0) if m.group(1) else 1
        if bundle and least:
            return Replace(Watch("land", Who.ANY), bundle, least)
        return None
    if s == "If you tap a land for mana, it produces one mana of a color of your choice instead of any other type and amount.":
        return Replace(Watch("land", Who.YOU), (), any_color=True)  # Harvest Mage (until end of turn)
    m = re.fullmatch(r"If (a land is tapped|a basic land you control is tapped|a player taps a nonbasic land|you tap a land you control) "
                     r"for mana, it produces (\{[WUBRGC]\}|colorless mana|mana of a color of your choice) instead of any other type\.", s)
    if m:
        watch = _CHANGED[m.group(1)]
        return ChangeType(watch, _TO[m.group(2)] if m.group(2) in _TO else m.group(2)[1])
    m = re.fullmatch(r"If you tap an? (permanent|land|basic land) for mana, it produces (twice|three times) as much of that mana instead\.", s)
    if m:
        return Multiply(Watch(m.group(1), Who.YOU), _FACTORS[m.group(2)])
    return None


def _trigger(s: str) -> ManaEffect | None:
    """A triggered mana ability on "tapped for mana" (605.1b)."""
    m = re.fullmatch(r"Whenever (a player|an opponent) taps (an? (?:land|snow land|basic land|permanent)|a Mountain, Forest, or Plains) "
                     r"for mana, that player adds one mana of any type that (land|permanent) produced\.", s)
    if m:
        what = m.group(2).split(" ", 1)[1].replace(", or ", " or ").replace(", ", " or ")
        noun_ok = m.group(3) == "permanent" if what == "permanent" else m.group(3) == "land"
        return AddProduced(Watch(what, _WHO[m.group(1)])) if noun_ok else None
    m = re.fullmatch(r"Whenever you tap an? (land|snow land|artifact token|nonland permanent) for mana, "
                     r"add one mana of any type that (land|artifact token|permanent) produced\.", s)
    if m and m.group(1).endswith(m.group(2)):
        return AddProduced(Watch(m.group(1), Who.YOU))
    m = re.fullmatch(r"Whenever you tap an? (land|creature|%s) for mana, add (?:an additional )?(\{[^.]+\})\." % _BASIC, s)
    if m:
        bundle = _symbol_bundle(m.group(2))
        return AddFixed(Watch(m.group(1), Who.YOU), (bundle,)) if bundle else None
    m = re.fullmatch(r"Whenever a player taps an? (%s) for mana, that player adds an additional (\{[^.]+\})\." % _BASIC, s)
    if m:  # High Tide, Bubbling Muck (until end of turn)
        bundle = _symbol_bundle(m.group(2))
        return AddFixed(Watch(m.group(1), Who.ANY), (bundle,)) if bundle else None
    m = re.fullmatch(r"Whenever (enchanted land|enchanted Forest|a basic land) is tapped for mana( of the chosen color)?, "
                     r"its controller adds an additional one mana of (?:the chosen|that) color\.", s)
    if m and (m.group(1) == "a basic land") == bool(m.group(2)):  # Utopia Sprawl; Gauntlet of Power
        return AddChosen(Watch(m.group(1).removeprefix("a "), Who.ANY), if_produced=bool(m.group(2)))
    m = re.fullmatch(r"Whenever (an? (?:%s)|enchanted land) is tapped for mana, its controller adds an additional "
                     r"(\{[^.]+\}|one mana of any color|two mana in any combination of colors)\." % _BASIC, s)
    if m:
        what = m.group(1).split(" ", 1)[1] if m.group(1).startswith("a") else "enchanted land"
        if m.group(2) == "one mana of any color":
            return AddFixed(Watch(what, Who.ANY), any_color_options(1))
        if m.group(2) == "two mana in any combination of colors":
            return AddFixed(Watch(what, Who.ANY), tuple(itertools.combinations_with_replacement(COLORS, 2)))
        bundle = _symbol_bundle(m.group(2))
        return AddFixed(Watch(what, Who.ANY), (bundle,)) if bundle else None
    return None


def _quoted_ability(quoted: str) -> ManaAbility | None:
    """The mana ability in a grant's quotes, each of its sentences with its full stop (the
    last one's may stand outside the quotes: "{T}: Add {C}" and ...)."""
    text = quoted if quoted.endswith(".") else quoted + "."
    return parse_mana_ability(text, quoted)


def _granted(s: str) -> GrantAbility | None:
    """A granted mana ability (613.1f)."""
    m = re.fullmatch(r"(?:As long as you control (\w+) or more lands, l|L)ands you control have \"(.+)\"\.?", s)
    if m:
        least = (number_word(m.group(1)) or -1) if m.group(1) else 0
        ability = _quoted_ability(m.group(2))
        if ability is None or least < 0:
            return None
        return GrantAbility(ability, least)
    m = re.fullmatch(r"As long as enchanted permanent is an? (\w+), it has \"([^\"]+)\"\.?", s)
    if m:  # Nature's Embrace: an Aura on a land or a creature
        words = filter_words(m.group(1))
        ability = _quoted_ability(m.group(2))
        return GrantAbility(ability, to=Grantee.ATTACHED, alternatives=(words,)) if words and ability else None
    m = re.fullmatch(r"Each (\w+) you control with an? (\+1/\+1 )?counter on it has \"([^\"]+)\"\.?", s)
    if m:  # Rishkar, Jiang Yanggu
        words = filter_words(m.group(1))
        ability = _quoted_ability(m.group(3))
        counter = (m.group(2) or "").strip()
        return GrantAbility(ability, alternatives=(words,), counter=counter) if words and ability else None
    m = re.fullmatch(r"(?:(Enchanted|Equipped) (?:land|creature) has|(All|Other|Each)? ?(.+?) (you control )?(?:have|has)) "
                     r"\"([^\"]+)\"\.?", s)
    if m:
        return _grant(*m.groups())
    return None


def _land_types(s: str) -> ManaEffect | None:
    """A land-type change (305.7): Urborg, Stormtide Leviathan, Blood Moon."""
    m = re.fullmatch(r"Each land is an? (%s) in addition to its other land types\." % _BASIC, s)
    if m:
        return AddLandType(m.group(1))
    m = re.fullmatch(r"All lands are (%s) in addition to their other types\." % "|".join(_BASIC_PLURAL), s)
    if m:
        return AddLandType(_BASIC_PLURAL[m.group(1)])
    m = re.fullmatch(r"(Lands you control are|Enchanted land is) (an? (?:%s)|%s|every basic land type|the chosen type) "
                     r"in addition to (?:its|their) other types\." % (_BASIC, "|".join(_BASIC_PLURAL)), s)
    if m:  # Prismatic Omen, Swampbenders, Realmwright; Nylea's Presence
        to = Grantee.YOURS if m.group(1) == "Lands you control are" else Grantee.ATTACHED
        what = m.group(2).split(" ", 1)[1] if m.group(2).startswith(("a ", "an ")) else m.group(2)
        return AddLandType(_BASIC_PLURAL.get(what, what), to)
    if s == "Nonbasic lands are Mountains.":
        return NonbasicAreMountains()
    return None


def _grant(attached: str | None, quantifier: str | None, phrase: str | None, yours: str | None,
           quoted: str) -> GrantAbility | None:
    """A granted mana ability (613.1f) from the parts of a "... have "<ability>"" sentence."""
    ability = _quoted_ability(quoted)
    if ability is None:
        return None
    if attached:
        return GrantAbility(ability, to=Grantee.ATTACHED, alternatives=((),))
    token = bool(phrase and re.search(r" tokens?$", phrase))
    alternatives = filter_alternatives(re.sub(r" tokens?$", "", phrase or ""))
    if not alternatives or (quantifier == "All") == bool(yours) or (quantifier in ("Other", "Each") and not yours):
        return None  # "All X you control", "Other X" of every player, or words it can't place
    return GrantAbility(ability, to=Grantee.YOURS if yours else Grantee.ALL, alternatives=alternatives,
                        other=quantifier == "Other", token=token)


def _sentences(line: str) -> list[str]:
    """Split a line into sentences, keeping quoted abilities ("{T}: Add ...") whole."""
    out, depth, start = [], False, 0
    for i, ch in enumerate(line):
        if ch == '"':
            depth = not depth
        elif ch == "." and not depth and (i + 1 == len(line) or line[i + 1] == " "):
            out.append(line[start:i + 1].strip())
            start = i + 1
    rest = line[start:].strip()
    if rest:
        out.append(rest)
    return out


@dataclass(frozen=True)
class ManaEffects:
    """The effects on other permanents' mana production a card's text states, and its
    sentences on that topic not read exactly.

    ``until_end_of_turn``: the effects of its "Until end of turn, ..." sentences (High
    Tide, Pale Moon, Deep Water's ability): in force only once the spell or ability
    resolved, which the board states in a player's ``until_end_of_turn``, never while the
    card is merely on the battlefield."""

    effects: tuple[ManaEffect, ...] = ()
    not_understood: tuple[NotUnderstood, ...] = ()
    until_end_of_turn: tuple[ManaEffect, ...] = ()

    @property
    def understood(self) -> int:
        """How many sentences on mana production were read exactly."""
        return len(self.effects) + len(self.until_end_of_turn)


# "Until end of turn, <effect>", alone (an instant: High Tide) or as the effect of an
# activated ability ("{U}: Until end of turn, ...", Deep Water).
_UNTIL_EOT = re.compile(r"(?:[^:\"]+: )?Until end of turn, (.+)")


def read_mana_effects(name: str, text: str) -> ManaEffects:
    """The effects on mana production that a card's text states (exact templates only)."""
    effects: list[ManaEffect] = []
    this_turn: list[ManaEffect] = []
    missed: list[NotUnderstood] = []
    for banded in banded_lines(text, name):
        line = banded.line
        if is_mana_ability_line(line):
            continue  # `mana_abilities` reads it
        gated = gate(banded)
        # An effect in a level band, a station band or after "Max speed —" holds only
        # then; other than a grant, these readers do not carry that condition, so such an
        # effect is reported.
        plain = gated is not None and gated.present_if is None and gated.activate_if is None
        # A grant in a level band is carried with its band (`GrantAbility.present_if`).
        banded_grant = gated is not None and gated.present_if is not None and gated.activate_if is None
        for s in _sentences(gated.body if gated is not None and (plain or banded_grant) else line):
            if any(p.fullmatch(s) for p in _IRRELEVANT):
                continue
            until = _UNTIL_EOT.fullmatch(s) if plain else None
            parsed = parse_sentence(s) if plain and not until else None
            if banded_grant and gated is not None:
                grant = _granted(s)
                parsed = replace(grant, present_if=gated.present_if) if grant is not None else None
            if until:
                parsed = parse_sentence(until.group(1)[0].upper() + until.group(1)[1:])
                if parsed is not None:
                    this_turn.append(parsed)
                    continue
            if isinstance(parsed, GrantAbility) and "~" in parsed.ability.text and _names_itself_in_quotes(name, text):
                parsed = None  # Katilda's "any of ~'s colors": ~ is Katilda, not the grantee ("Sacrifice ~")
            if parsed is not None:
                effects.append(parsed)
            elif _TOPIC.search(s) or (_OWN_LAND_TYPE.match(s) and ("chosen" not in s or _CHOOSE_LAND_TYPE in text)):
                missed.append(not_understood(name, s, s))
    return ManaEffects(tuple(effects), tuple(missed), tuple(this_turn))


def _names_itself_in_quotes(name: str, text: str) -> bool:
    """Whether a quoted ability of the card names the card itself ("any of Katilda's
    colors"), where normalized text can't tell it from "this artifact" (the grantee)."""
    names = {n for full in name.split(" // ") for n in (full, full.split(",")[0]) if len(n) > 3}
    return any(re.search(r"(?<!\w)%s(?!\w)" % re.escape(n), quoted)
               for quoted in re.findall(r'"([^"]*)"', strip_reminder(text)) for n in names)


def states_mana_effect(name: str, sentence: str) -> bool:
    """Whether a printed sentence of the card ``name`` is one this module reads (e.g. a
    quoted grant such as Chromatic Lantern's, which `mana_abilities` reports)."""
    return parse_sentence(normalize(sentence, name)) is not None
