"""Keyword ways of casting a spell, read from a card's text: alternative costs (Escape,
Disturb, Madness, Dash, Blitz, Bestow, Warp, Sneak, Mutate, Miracle, Spectacle, Surge,
Prowl, Emerge), permissions to cast from the graveyard for the mana cost and more
(Jump-start, Retrace), and the special actions Plot and Suspend.

Exact templates only: "Escape—{3}{B}{B}, Exile four other cards from your graveyard.",
"Emerge {5}{U}{U}", "Emerge from artifact {5}{U}{U}", "Suspend 4—{1}{G}", "Suspend X—{X}{R}{R}",
"Jump-start".  A line that begins with the keyword and a cost but matches no template is
not understood (never guessed); a line that merely begins with the word ("Warp Vortex —
When ...", "Blitz of the Thunder-Raptor deals ...") is not a keyword line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from manasolve.models.oracle.costs import CostPart, NonManaPart, PartKind, PartZone, parse_cost_part
from manasolve.models.oracle.words import filter_alternatives
from manasolve.models.request import Alternative

# Keywords followed by their cost ("Dash {2}{R}", "Escape—{2}{B}, Exile ...").
_COSTED = ("Escape", "Disturb", "Madness", "Dash", "Blitz", "Bestow", "Warp", "Sneak", "Mutate", "Miracle",
           "Spectacle", "Surge", "Prowl", "Plot")
# A sentence that is a keyword line: the keyword, then its cost (or nothing, for Jump-start / Retrace).
KEYWORD_LINE = re.compile(r"^(?:(?:%s)(?:—| \{)|Emerge(?: from \w+)? \{|Suspend (?:\d+|X) ?—|(?:Jump-start|Retrace)$)"
                          % "|".join(_COSTED))

# 702.133a, 702.81a: the discards Jump-start and Retrace add to the mana cost.
JUMP_START_DISCARD = NonManaPart("Discard a card", PartKind.DISCARD, PartZone.HAND, 1)
RETRACE_DISCARD = NonManaPart("Discard a land card", PartKind.DISCARD, PartZone.HAND, 1, alternatives=(("Land",),))
# Escape's "other cards": the card is on the stack already (601.2a), so any card of the graveyard.
_OTHER, _ANY = " other cards from your graveyard", " cards from your graveyard"

# Sneak's reminder text: the unblocked attacker it returns, as a non-mana part of its cost.
SNEAK_RETURN = NonManaPart("Return an unblocked attacking creature you control to its owner's hand", PartKind.RETURN,
                           PartZone.BATTLEFIELD, 1, alternatives=(("Creature",),), unblocked=True)


@dataclass(frozen=True)
class SpecialAction:
    """A special action that exiles the card from its owner's hand for a cost (116.2):
    Plot (702.170a: as a sorcery) or Suspend (702.62a: when the card could be cast;
    `time_counters` the counters it gets, None for Suspend X, whose X is at least 1)."""

    kind: Alternative
    cost: CostPart
    time_counters: int | None = None


@dataclass(frozen=True)
class KeywordCast:
    """What one keyword line says (see `read_keyword`): an alternative cost of `kind`
    paying `cost`; ``plus_mana_cost``: the mana cost is paid too and `cost` adds to it
    (Jump-start, Retrace); ``sacrifice``: Emerge's object filter, the sacrificed object's
    mana value reducing the cost (702.119a); or a special action."""

    kind: Alternative
    cost: CostPart
    plus_mana_cost: bool = False
    sacrifice: tuple[tuple[str, ...], ...] = ()
    special: SpecialAction | None = None


def read_keyword(sentence: str) -> KeywordCast | None:
    """The keyword way of casting one sentence states, or None if it states none this
    module reads (`KEYWORD_LINE` tells whether it is a keyword line at all)."""
    if sentence in ("Jump-start", "Retrace"):  # 702.133a, 702.81a: its mana cost plus a discard
        discard = JUMP_START_DISCARD if sentence == "Jump-start" else RETRACE_DISCARD
        return KeywordCast(Alternative(sentence.lower()), CostPart(other=(discard,), text=discard.text), True)
    m = re.fullmatch(r"Emerge(?: from (\w+))? (\{[^,.]+\})\.?", sentence)
    if m:
        sacrificed = filter_alternatives(m.group(1) or "creature")
        cost = parse_cost_part(m.group(2))
        if not sacrificed or cost is None or cost.other or cost.life:
            return None
        return KeywordCast(Alternative.EMERGE, cost, sacrifice=sacrificed)
    m = re.fullmatch(r"Suspend (\d+|X) ?— ?(.+?)\.?", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        if cost is None or (m.group(1) == "X") != cost.mana.has_x:
            return None
        counters = None if m.group(1) == "X" else int(m.group(1))
        return KeywordCast(Alternative.SUSPEND, cost, special=SpecialAction(Alternative.SUSPEND, cost, counters))
    m = re.fullmatch(r"(%s)(?:—| )(.+?)\.?" % "|".join(_COSTED), sentence)
    if not m:
        return None
    kind = Alternative(m.group(1).lower())
    text = m.group(2)
    # Escape: the card is on the stack as its cost is paid (601.2a), so "other cards" are
    # the graveyard's cards
    cost = parse_cost_part(text.replace(_OTHER, _ANY) if kind == Alternative.ESCAPE else text)
    if cost is None:
        return None
    other = tuple(replace(o, text=o.text.replace(_ANY, _OTHER)) for o in cost.other)  # as printed
    cost = CostPart(cost.mana, cost.life, other, text)
    if kind == Alternative.SNEAK:
        if cost.other:
            return None
        cost = CostPart(cost.mana, cost.life, (SNEAK_RETURN,), "%s, %s" % (text, SNEAK_RETURN.text))
    if kind == Alternative.PLOT:
        return KeywordCast(kind, cost, special=SpecialAction(kind, cost))
    return KeywordCast(kind, cost)
