"""Closed vocabularies as string enums: each member *is* its string, so comparisons with
plain strings, ``"%s" %`` formatting and JSON output give the word itself."""

from __future__ import annotations

from enum import Enum


class Vocabulary(str, Enum):
    """Base of the project's string enums (`enum.StrEnum` behaviour on Python 3.10 too)."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


class Step(Vocabulary):
    """The steps and main phases of a turn, in turn order, as the board names them (500.1;
    the untap step 502 ... the cleanup step 514)."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"
