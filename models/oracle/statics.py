"""Static abilities that change creatures' power for what the solver reads (613.4c): "Other
artifact creatures you control get +2/+2", "Equipped creature gets +2/+0", and a
creature's own "~ crews Vehicles as though its power were 2 greater" / "~ can't crew
Vehicles" (702.122c); "You may play an additional land on each of your turns" (305.2a);
and "You may cast <spells> [this turn] as though they had flash" (601.3a, 702.8a)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.abilities import TapBonus, TapKeyword
from manasolve.models.oracle.words import NUMBER, filter_alternatives, filter_words, matched_number, normalize, sentences

# "Other artifact creatures you control get +2/+2." / "Land creatures you control get +1/+1."
_STATIC_PUMP = re.compile(r"(Other )?(.+?) you control get ([+-]\d+)/([+-]\d+)\.")
_ATTACHED_BUFF = re.compile(r"(Equipped|Enchanted) creature gets ([+-]\d+)/([+-]\d+)(?: and [^.]*)?\.")
# 305.2a: "You may play an additional land on each of your turns." / "... two additional lands ..."
_EXTRA_LANDS = re.compile(r"You may play (%s) additional lands? on each of your turns\." % NUMBER)
# 601.3a, 702.8a: "You may cast green creature spells as though they had flash." (Yeva),
# "... spells this turn as though ..." (Emergence Zone's effect), "Any player may ...".
_FLASH_GRANT = re.compile(r"(You|Any player|Players) may cast (?:(.+?) )?spells( this turn)? as though they had flash\.")
_OWN_FLASH = "You may cast ~ as though it had flash."  # Armor of Thorns: the card's own permission
_TAP_VERBS = r"(?:crews Vehicles|saddles Mounts)(?: and (?:crews Vehicles|saddles Mounts))?"
_TAP_BONUS = re.compile(r"~ (%s) (?:as though its power were (%s) greater|using its toughness rather than its power)\."
                        % (_TAP_VERBS, NUMBER))


@dataclass(frozen=True)
class FlashGrant:
    """A permission to cast spells as though they had flash (601.3a, 702.8a): which
    spells (filter alternatives; () every spell) and whose (``everyone``: "Any player
    may ...", else its controller's, or the resolving player's)."""

    spells: tuple[tuple[str, ...], ...] = ()
    everyone: bool = False


@dataclass(frozen=True)
class StaticPump:
    """"[Other] <creatures> you control get +N/+M" (613.4c): only others, the filter words
    of the creatures pumped, the bonus."""

    others_only: bool
    words: tuple[str, ...]
    bonus: tuple[int, int]


@dataclass(frozen=True)
class AttachedBuff:
    """"Equipped creature gets +N/+M" (``equipped``) or "Enchanted creature gets +N/+M"
    (not ``equipped``): what an Equipment or Aura gives the permanent it is attached to."""

    equipped: bool
    bonus: tuple[int, int]


@dataclass(frozen=True)
class Statics:
    """The static abilities of a card's text that the solver reads."""

    pumps: tuple[StaticPump, ...] = ()
    attached: tuple[AttachedBuff, ...] = ()
    tap_bonuses: tuple[TapBonus, ...] = ()  # its own "crews Vehicles as though ..." sentences
    cant_crew: bool = False  # "~ can't crew Vehicles." (702.122c)
    flash: bool = False  # a "Flash" line (702.8)
    extra_land_drops: int = 0  # additional lands its controller may play each turn (305.2a)
    flash_grants: tuple[FlashGrant, ...] = ()  # while it is on the battlefield (Yeva, Vedalken Orrery)
    flash_this_turn: tuple[FlashGrant, ...] = ()  # once it resolved (Emergence Zone's ability): `until_end_of_turn`
    flash_unread: tuple[str, ...] = ()  # other "as though it/they had flash" sentences (conditions, "the next spell")

    def tap_modifiers(self, keyword: TapKeyword) -> tuple[bool, int, bool]:
        """How the creature pays ``keyword`` costs: (excluded, power bonus, uses toughness)."""
        mine = [b for b in self.tap_bonuses if keyword in b.keywords]
        return (keyword == TapKeyword.CREW and self.cant_crew, sum(b.power_bonus for b in mine),
                any(b.use_toughness for b in mine))


def read_tap_bonus(sentence: str) -> TapBonus | None:
    """"~ crews Vehicles as though its power were 2 greater." and the saddle/toughness
    variants (normalized) → TapBonus; None for any other sentence."""
    m = _TAP_BONUS.fullmatch(sentence)
    if not m:
        return None
    keywords = tuple(k for k in (TapKeyword.SADDLE, TapKeyword.CREW) if k.lower() in m.group(1))
    if m.group(2):
        return TapBonus(keywords, power_bonus=matched_number(m.group(2)))
    return TapBonus(keywords, use_toughness=True)


def read_statics(name: str, text: str) -> Statics:
    """The static pumps, attachment buffs, crewing sentences, Flash, extra land drops and
    flash permissions of a card's text."""
    pumps, attached, bonuses = [], [], []
    cant_crew = flash = False
    extra_lands = 0
    for line in text.split("\n"):
        line = line.strip()
        flash = flash or line == "Flash"
        m = _STATIC_PUMP.fullmatch(line)
        words = filter_words(m.group(2)) if m else None
        if m and words:
            pumps.append(StaticPump(bool(m.group(1)), words, (int(m.group(3)), int(m.group(4)))))
        m = _ATTACHED_BUFF.fullmatch(line)
        if m:
            attached.append(AttachedBuff(m.group(1) == "Equipped", (int(m.group(2)), int(m.group(3)))))
    grants: list[FlashGrant] = []
    this_turn: list[FlashGrant] = []
    unread: list[str] = []
    for line in normalize(text, name).split("\n"):
        effect = line.partition(": ")[2] if ": " in line and '"' not in line.partition(": ")[0] else line
        for sentence in sentences(effect):
            if "had flash" in sentence and '"' not in sentence:
                grant = _flash_grant(sentence)
                if sentence == _OWN_FLASH:
                    flash = True
                elif grant is None:
                    unread.append(sentence)
                else:
                    (this_turn if " this turn " in sentence else grants).append(grant)
        for sentence in sentences(line):
            cant_crew = cant_crew or sentence == "~ can't crew Vehicles."
            m = _EXTRA_LANDS.fullmatch(sentence)
            extra_lands += matched_number(m.group(1)) if m else 0
            bonus = read_tap_bonus(sentence)
            if bonus is not None:
                bonuses.append(bonus)
    return Statics(tuple(pumps), tuple(attached), tuple(bonuses), cant_crew, flash, extra_lands, tuple(grants),
                   tuple(this_turn), tuple(unread))


def _flash_grant(sentence: str) -> FlashGrant | None:
    """"You may cast legendary spells and artifact spells as though they had flash." →
    FlashGrant; None for another sentence or a filter word not read."""
    m = _FLASH_GRANT.fullmatch(sentence)
    if m is None:
        return None
    spells = filter_alternatives(re.sub(r" spells (and|or) ", r" \1 ", m.group(2) or ""))
    return None if spells is None else FlashGrant(spells, everyone=m.group(1) != "You")
