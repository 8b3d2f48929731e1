"""Whether a permanent enters the battlefield tapped (614.1c replacement effects): "This
land enters tapped.", "~ enters tapped unless you control ...", "As this land enters, you
may pay 2 life. If you don't, it enters tapped."

Read: unconditional "enters tapped" (also "... tapped with N counters on it" and "... tapped.
As it enters, choose a color ..."), the pay-2-life choice (a goldfish pays it: untapped),
and the conditions "unless you control N or more other <lands/Subtype>s", "unless you
control N or fewer other lands", "unless you control a <Subtype> or a <Subtype>".  Any
other "enters tapped" sentence is reported as not understood (the simulation then plays
it tapped, the safe side) rather than guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.oracle.words import normalize, number_word

_SUBJECT = r"(?:~|This (?:land|artifact|creature|permanent))"
_ALWAYS = re.compile(_SUBJECT + r" enters tapped(?: with (\w+) ([\w+/-]+) counters? on it)?\.(?: As it enters, [^.]+\.)?")
_UNLESS = re.compile(_SUBJECT + r" enters tapped unless you control (.+)\.")
_SHOCK = re.compile(r"As (?:~|this land) enters, you may pay (\w+) life\. If you don't, it enters tapped\.")
_AT_LEAST = re.compile(r"(\w+) or more other (\w+?)s?")
_AT_MOST = re.compile(r"(\w+) or fewer other lands")
_ANY_OF = re.compile(r"an? (\w+)(?: or an? (\w+))*")


@dataclass(frozen=True)
class EntersTapped:
    """How a permanent enters: `always` tapped; else tapped unless the controller has at
    least `at_least` other permanents of `kind` (a land subtype or "land"), at most
    `at_most` other lands, or one of `any_of` (land subtypes); `life` paid to enter
    untapped; `counters` it enters with ((kind, n), ...); `unread` sentences about
    entering tapped that were not understood."""

    always: bool = False
    at_least: tuple[int, str] | None = None
    at_most: int | None = None
    any_of: tuple[str, ...] = ()
    life: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    unread: tuple[str, ...] = ()

    @property
    def conditional(self) -> bool:
        """Whether it depends on the other permanents."""
        return self.at_least is not None or self.at_most is not None or bool(self.any_of)

    def tapped(self, other_lands: int, subtypes: dict[str, int]) -> bool:
        """Whether it enters tapped when its controller has `other_lands` other lands,
        `subtypes[s]` of them of each land subtype s."""
        if self.always or self.unread:
            return True
        if self.at_least is not None:
            n, kind = self.at_least
            have = other_lands if kind == "land" else subtypes.get(kind, 0)
            return have < n
        if self.at_most is not None:
            return other_lands > self.at_most
        if self.any_of:
            return not any(subtypes.get(s, 0) for s in self.any_of)
        return False


def read_enters_tapped(name: str, text: str) -> EntersTapped:
    """How the card named `name` with oracle `text` enters the battlefield."""
    always, life = False, 0
    at_least: tuple[int, str] | None = None
    at_most: int | None = None
    any_of: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    unread: list[str] = []
    for line in normalize(text, name).splitlines():
        if "enters tapped" not in line and "it enters tapped" not in line:
            continue
        if m := _ALWAYS.fullmatch(line):
            always = True
            if m.group(1) and (n := number_word(m.group(1))) is not None:
                counters = ((m.group(2), n),)
        elif (m := _SHOCK.fullmatch(line)) and (n := number_word(m.group(1))) is not None:
            life = n  # shocklands 2, the MDFC lands of Zendikar Rising 3
        elif m := _UNLESS.fullmatch(line):
            cond = m.group(1)
            if (c := _AT_LEAST.fullmatch(cond)) and (n := number_word(c.group(1))) is not None:
                at_least = (n, "land" if c.group(2) == "land" else c.group(2))
            elif (c := _AT_MOST.fullmatch(cond)) and (n := number_word(c.group(1))) is not None:
                at_most = n
            elif _ANY_OF.fullmatch(cond):
                any_of = tuple(re.findall(r"an? (\w+)", cond))
            else:
                unread.append(line)
        else:
            unread.append(line)
    return EntersTapped(always, at_least, at_most, any_of, life, counters, tuple(unread))
