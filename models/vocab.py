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
    """The steps and main phases of a turn (500.1), as the board names them."""

    UNTAP = "untap"  # 502
    UPKEEP = "upkeep"  # 503
    DRAW = "draw"  # 504
    PRECOMBAT_MAIN = "precombat_main"  # 505
    BEGINNING_OF_COMBAT = "beginning_of_combat"  # 507
    DECLARE_ATTACKERS = "declare_attackers"  # 508
    DECLARE_BLOCKERS = "declare_blockers"  # 509
    COMBAT_DAMAGE = "combat_damage"  # 510
    END_OF_COMBAT = "end_of_combat"  # 511
    POSTCOMBAT_MAIN = "postcombat_main"  # 505
    END = "end"  # 513
    CLEANUP = "cleanup"  # 514
