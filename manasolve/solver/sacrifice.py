"""Cost parts "Sacrifice a <type>" (an additional cost, 118.8): which permanents may be
sacrificed and in how many ways.

The choice is independent of the mana payment: mana abilities are activated first
(601.2g) and the sacrifice is paid with the rest of the total cost (601.2h), so a creature
tapped for mana, or for convoke, may still be the one sacrificed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import comb

from manasolve.models.board import Board, Permanent

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SACRIFICE = re.compile(r"sacrifice (a|an|one|two|three|four|five|\d+) ([a-z][a-z-]*)", re.IGNORECASE)


@dataclass(frozen=True)
class SacrificeChoice:
    """Choose `k` of the `eligible` permanents (ids) to sacrifice."""

    text: str
    k: int
    eligible: tuple[str, ...]

    @property
    def ways(self) -> int:
        """How many distinct choices there are."""
        return comb(len(self.eligible), self.k)


def _type_words(perm: Permanent) -> set[str]:
    return {w.lower() for w in perm.type_line.replace("—", " ").split()}


def paid_by_solver(parts: list[str]) -> bool:
    """Whether the payment solver pays these non-mana parts: one "Sacrifice N <type>"."""
    return len(parts) == 1 and _SACRIFICE.fullmatch(parts[0].strip().rstrip(".")) is not None


def sacrifice_choice(board: Board, player: str, parts: list[str]) -> SacrificeChoice | None:
    """The choice a single "Sacrifice N <type>" part asks for; None when the parts are
    anything else (or several), which the payment solver does not pay."""
    if not paid_by_solver(parts):
        return None
    m = _SACRIFICE.fullmatch(parts[0].strip().rstrip("."))
    n = _NUMBERS.get(m.group(1).lower()) or int(m.group(1))
    word = m.group(2).lower()
    if n > 1 and word.endswith("s"):
        word = word[:-1]
    eligible = tuple(p.id for p in board.controlled_by(player) if word in _type_words(p))
    return SacrificeChoice(parts[0], n, eligible)


def cheapest(board: Board, choice: SacrificeChoice) -> list[str]:
    """The permanents an AI gives up: least power + toughness (non-creatures count 0),
    then the lowest ids."""
    def value(pid: str) -> tuple[int, str]:
        perm = board.get(pid)
        return (perm.power + perm.toughness if perm.is_creature else 0, pid)
    return sorted(choice.eligible, key=value)[:choice.k]
