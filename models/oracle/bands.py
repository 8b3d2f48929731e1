"""What stands in front of an ability and decides when it works: the level band it is
printed in ("LEVEL 1-4", 711.2a), a station band ("8+ | ...", 702.184b), "Max speed —"
(702.178a), "Exhaust —" (702.177a), an ability word (207.2c, no rules meaning).  Each is
read into a `Condition` the board states (the permanent's counters, the player's `speed`,
the permanent's `exhausted`), never dropped: a prefix not known here is not understood."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from manasolve.models.abilities import Condition, ConditionKind, all_of
from manasolve.models.oracle.words import WITHOUT_RULES_MEANING, line_prefix, normalized_lines

_LEVEL_BAND = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")
# A Class's "{2}{G}: Level 2" (716.2a) begins the abilities of a class level, which the
# board does not state.
_CLASS_LEVEL = re.compile(r"(?:\{[^{}]+\})+: Level (\d+)")
_STATION = re.compile(r"(\d+)\+ \| (.+)")


@dataclass(frozen=True)
class BandedLine:
    """A line of a card's text (normalized, and as printed) with the level band it is in:
    ``band`` (None: no band), ``class_level`` (in a Class level's abilities)."""

    line: str
    original: str
    band: Condition | None = None
    class_level: bool = False


def banded_lines(text: str, name: str) -> Iterator[BandedLine]:
    """The non-empty lines of a card's text other than level-band headers, each with the
    band it is in."""
    band: Condition | None = None
    class_level = False
    for line, original in normalized_lines(text, name):
        if not line:
            continue
        if m := _LEVEL_BAND.fullmatch(line):
            band = Condition(ConditionKind.SELF_COUNTER, counter="level", n=int(m.group(1)),
                             at_most=int(m.group(2)) if m.group(2) else None)
        elif _CLASS_LEVEL.fullmatch(line):
            yield BandedLine(line, original)  # gaining the level is an activated ability of the Class itself
            class_level = True
        else:
            yield BandedLine(line, original, band, class_level)


@dataclass(frozen=True)
class Gated:
    """An ability's text without what stands in front of it: ``body``; ``present_if``: the
    object has the ability only while it holds (bands, max speed); ``activate_if``: it
    may be activated only while it holds (exhaust)."""

    body: str
    present_if: Condition | None = None
    activate_if: Condition | None = None


def gate(banded: BandedLine) -> Gated | None:
    """The line's conditions and body; None when something in front of it is not
    understood (a Class level, or a prefix that is neither these keywords nor an ability
    or flavor word, e.g. "Boast —")."""
    if banded.class_level:
        return None
    line = banded.line
    present = [banded.band]
    exhaust = None
    if m := _STATION.fullmatch(line):
        present.append(Condition(ConditionKind.SELF_COUNTER, counter="charge", n=int(m.group(1))))
        line = m.group(2)
    prefix, body = line_prefix(line)
    if prefix == "Max speed":
        present.append(Condition(ConditionKind.MAX_SPEED))
    elif prefix == "Exhaust":
        exhaust = Condition(ConditionKind.NOT_EXHAUSTED, text=banded.original)
    elif prefix is not None and prefix.lower() not in WITHOUT_RULES_MEANING:  # 207.2c, 207.2d
        return None
    return Gated(body, all_of(*present), exhaust)
