"""The typed answers the front computes itself (the solver's are in `manasolve.solver`):
``cards update`` and ``audit``; written as JSON by `manasolve.answers`.  Light to import."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from manasolve.solver.results import Payment


@dataclass(frozen=True)
class CardsUpdate:
    """``cards update``: where the card file came from, where it is stored, and why there."""

    source: str
    path: str
    set_by: str  # "MANASOLVE_CARDS", the config file's path, or "default"
    cards: int
    names: int  # cards, faces and full names of multi-face cards
    sha256: str  # the stored file's SHA-256
    sha256_checked: bool  # checked against --sha256 or the checksum the source publishes


@dataclass(frozen=True)
class Broken:
    rule: str | None  # the rule the message cites (None: it cites none)
    path: str
    message: str


@dataclass(frozen=True)
class AuditAnswer:
    """``audit``: whether an engine's payment is legal, and whether a better one exists."""

    cost: str
    player: str
    legal: bool
    broken: Broken | None
    levels: Mapping[str, int] | None
    best: Payment | None
    best_levels: Mapping[str, int] | None
    better: bool
    why: str | None
    card: str | None = None  # a card's total audited
    levels_words: Mapping[str, str] | None = field(default=None, metadata={"always": True})  # the levels in words
    best_levels_words: Mapping[str, str] | None = field(default=None, metadata={"always": True})
