"""Activated abilities other than mana abilities (602), for the plays a permanent offers:
"{3}, {T}, Sacrifice ~: Draw a card.", "Equip {2}" (702.6a)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.abilities import AbilityCost, Condition, all_of
from manasolve.models.oracle.bands import banded_lines, gate
from manasolve.models.oracle.costs import parse_ability_cost
from manasolve.models.oracle.mana_abilities import is_mana_ability_line, moves_library_card, read_activate_only
from manasolve.models.oracle.targets import Relation, TargetKind, TargetPhrase, Targeting, read_targets
from manasolve.models.oracle.words import SYMBOLS, times_word, without_ability_word


@dataclass(frozen=True)
class Activated:
    """A non-mana activated ability printed on a permanent: cost, sorcery timing, the
    targets it chooses (602.2b, 601.2c)."""

    text: str
    cost: AbilityCost | None  # None: the cost text (or what stands in front of it) is not understood
    sorcery: bool
    targeting: Targeting = Targeting()
    present_if: Condition | None = None  # its level/station band, max speed (`bands.gate`)
    # "Exhaust —": not activated yet; "Activate only if ..." / "during your turn" (602.5b)
    activate_if: Condition | None = None
    once_per_turn: bool = False  # "Activate only once each turn" (602.5b; the board's `activated`)
    max_per_turn: int | None = None  # "Activate no more than twice each turn" (602.5b; the board's `activated`)
    unread: tuple[str, ...] = ()  # its "Activate only ..." sentences not understood (named in plays, never guessed)

    @property
    def per_turn(self) -> int | None:
        """How many times it may be activated each turn (602.5b; None: no limit)."""
        return 1 if self.once_per_turn else self.max_per_turn


# 702.6a: "Attach to target creature you control" (not the Equipment itself).
_EQUIP_TARGET = Targeting((TargetPhrase("target creature you control", TargetKind.PERMANENT, (("Creature",),),
                                        Relation.YOU, other=True),))


def read_activated(name: str, text: str) -> tuple[Activated, ...]:
    """The card's activated abilities other than mana abilities (605.1a; those adding mana
    that move a card to or from a library included, CR 2026-08-07), Saddle and Crew
    (tap sets), loyalty abilities, abilities granted in quotes and abilities that work
    only from a hand or graveyard (113.6k).  ``Equip {N}`` is read as its 702.6a meaning
    (sorcery timing)."""
    out = []
    for banded in banded_lines(text, name):
        gated = gate(banded)
        line = without_ability_word(banded.line)
        if is_mana_ability_line(line) and not moves_library_card(line) or line.startswith("["):
            continue  # a mana ability (605.1a; one that moves a library card is none since CR 2026-08-07)
        m = re.fullmatch(r"Equip (%s)" % SYMBOLS, line)
        if m:
            out.append(Activated(line, parse_ability_cost(m.group(1)), True, _EQUIP_TARGET))
            continue
        head, sep, effect = (gated.body if gated is not None else line).partition(": ")
        if not sep or '"' in head or head.startswith(("When", "At ", "As ", "If ", "Whenever")):
            continue
        if re.search(r"~ from your (graveyard|hand)", effect):
            continue  # 113.6k: it moves ~ out of that zone, so it works only there
        cost = parse_ability_cost(head) if gated is not None else None
        once, most, condition, unread = _restrictions(effect)
        out.append(Activated(line, cost, "Activate only as a sorcery" in effect, read_targets(effect),
                             gated.present_if if gated else None, all_of(gated.activate_if if gated else None, condition),
                             once, most, unread))
    return tuple(out)


def _restrictions(effect: str) -> tuple[bool, int | None, Condition | None, tuple[str, ...]]:
    """The "Activate only ..." and "Activate no more than N times each turn." sentences of
    an ability's effect (602.5b), outside the abilities it grants in quotes: (only once each
    turn, at most N times each turn, the conditions read, the sentences not understood).
    "as a sorcery" is the ability's `sorcery`."""
    once, most, condition, unread = False, None, None, []
    own = re.sub(r'"[^"]*"', '""', effect)
    for m in re.finditer(r"Activate only ([^.]+)\.", own):
        if m.group(1) == "as a sorcery":
            continue
        read = read_activate_only(m.group(1))
        if read is None:
            unread.append(m.group(0))
        else:
            once, condition = once or read[0], all_of(condition, read[1])
    for m in re.finditer(r"Activate no more than ([^.]+?) each turn\.", own):
        n = times_word(m.group(1))
        if n is None:
            unread.append(m.group(0))
        else:
            most = n if most is None else min(most, n)
    return once, most, condition, tuple(unread)
