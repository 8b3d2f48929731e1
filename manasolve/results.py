"""The typed answers the front computes itself (the solver's are in `manasolve.solver`):
``cards update``; written as JSON by `manasolve.answers`.  Light to import."""

from __future__ import annotations

from dataclasses import dataclass


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
