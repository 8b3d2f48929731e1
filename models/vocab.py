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
