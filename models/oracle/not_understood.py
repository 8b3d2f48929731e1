"""What the parsers could not read: reported with its template, never guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.oracle.words import SYMBOLS


@dataclass(frozen=True)
class NotUnderstood:
    """A sentence of oracle text the parser could not read exactly (reported, never guessed)."""

    card: str
    sentence: str
    template: str


def template_of(sentence: str) -> str:
    """A sentence with its symbols and numbers abstracted, to group what is not understood."""
    t = re.sub(SYMBOLS, "{…}", sentence)
    t = re.sub(r"\b\d+\b", "N", t)
    return t


def not_understood(card: str, shown: str, normalized: str) -> NotUnderstood:
    """The record of a sentence not read: as printed, grouped by its normalized template."""
    return NotUnderstood(card, shown, template_of(normalized))
