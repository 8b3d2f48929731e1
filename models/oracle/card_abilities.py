"""The cost-relevant abilities printed on a card: its activated mana abilities (605.1a),
Saddle/Crew (702.171, 702.122), Convoke/Improvise/Delve (702.51, 702.126, 702.66).  Only
exact templates are accepted; any mana-ability or cost-keyword line that does not match
one is recorded as `NotUnderstood` and left out (never guessed)."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace

from manasolve.models.abilities import (
    CostKeyword,
    ManaAbility,
    TapCreaturesCost,
    TapKeyword,
    all_of,
)
from manasolve.models.oracle.bands import BandedLine, banded_lines, gate
from manasolve.models.oracle.mana_abilities import is_mana_ability_line, parse_mana_ability
from manasolve.models.oracle.not_understood import NotUnderstood, not_understood
from manasolve.models.oracle.statics import read_tap_bonus
from manasolve.models.oracle.words import normalized_lines, sentences

_COST_KEYWORDS = frozenset(k.value for k in CostKeyword)
# A line about crewing/saddling that is not the creature's own "as though" static.
_TAP_TOPIC = re.compile(r"\b(?:crews|saddles) (?:Vehicles|Mounts)\b|\b(?:crew|saddle) cost\b")


@dataclass(frozen=True)
class CardAbilities:
    """What a card's text says about producing mana and paying costs with other objects."""

    mana_abilities: tuple[ManaAbility, ...] = ()
    tap_costs: tuple[TapCreaturesCost, ...] = ()
    cost_keywords: frozenset[CostKeyword] = frozenset()
    not_understood: tuple[NotUnderstood, ...] = ()


def read_card_abilities(name: str, text: str) -> CardAbilities:
    """The mana abilities, Saddle/Crew costs and cost keywords of a card's text, and the
    lines on those topics it could not read."""
    mana: list[ManaAbility] = []
    taps: list[TapCreaturesCost] = []
    keywords: set[CostKeyword] = set()
    missed: list[NotUnderstood] = []
    for banded in banded_lines(text, name):
        line, original = banded.line, banded.original
        if is_mana_ability_line(line):
            ab = _mana_ability(banded)
            if ab is None:
                missed.append(not_understood(name, original, line))
            else:
                mana.append(ab)
            continue
        kw = keyword_in_line(line)
        if kw in (TapKeyword.SADDLE, TapKeyword.CREW):
            m = re.fullmatch(r"(Saddle|Crew) (\d+)(\. Activate only once each turn\.)?", line)
            if m:  # 602.5b: "Activate only once each turn" (Luxurious Locomotive)
                taps.append(TapCreaturesCost(TapKeyword(m.group(1)), int(m.group(2)), bool(m.group(3)), original))
            else:
                missed.append(not_understood(name, original, line))
            continue
        if kw is not None:
            keywords.update(CostKeyword(p) for p in _keyword_list(line) or () if p in _COST_KEYWORDS)
            continue
        if _TAP_TOPIC.search(line) and '"' not in line and not all(read_tap_bonus(s) for s in sentences(line)):
            missed.append(not_understood(name, original, line))
    return CardAbilities(tuple(mana), tuple(taps), frozenset(keywords), tuple(missed))


def _mana_ability(banded: BandedLine) -> ManaAbility | None:
    """A mana-ability line read with every condition in front of it (`bands.gate`); None
    if any part is not understood."""
    gated = gate(banded)
    ab = parse_mana_ability(gated.body, banded.original) if gated is not None else None
    if gated is None or ab is None:
        return None
    return replace(ab, activate_if=all_of(gated.activate_if, ab.activate_if), present_if=gated.present_if)


def keyword_in_line(line: str) -> TapKeyword | CostKeyword | None:
    """The cost keyword a normalized line states, if any: Saddle/Crew (any line beginning
    with them) or Convoke/Improvise/Delve in a keyword list such as "Convoke, delve"."""
    m = re.match(r"(Saddle|Crew)\b", line)
    if m:
        return TapKeyword(m.group(1))
    for part in _keyword_list(line) or ():
        if part in _COST_KEYWORDS:
            return CostKeyword(part)
    return None


def _keyword_list(line: str) -> list[str] | None:
    """The keywords of a line that is only a comma-separated list of short keywords."""
    parts = [p.strip() for p in line.split(",")]
    if not all(re.fullmatch(r"[A-Za-z]+(?: [a-z]+)?", p) for p in parts):
        return None
    return [p[0].upper() + p[1:] for p in parts]


def keyword_lines(text: str, name: str) -> dict[str, list[str]]:
    """The printed lines (reminder text removed) that state each cost keyword, for
    ``cards check``.  Deliberately looser than the parsers: a line counts if it begins
    with Saddle, Crew, Flashback, Kicker or Multikicker, or lists Convoke/Improvise/Delve
    among comma-separated keywords, whatever follows."""
    found: dict[str, list[str]] = defaultdict(list)
    for line, original in normalized_lines(text, name):
        m = re.match(r"(Saddle|Crew|Flashback|Kicker|Multikicker)\b", line)
        if m:
            found[m.group(1)].append(original)
            continue
        for part in line.split(","):
            word = part.strip().capitalize()
            if word in _COST_KEYWORDS:
                found[word].append(original)
    return found
