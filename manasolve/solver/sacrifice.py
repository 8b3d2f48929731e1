"""Additional-cost parts "Sacrifice N <type>" and "Discard N card(s)" (118.8): what may be
given up and in how many ways.

The choice is independent of the mana payment: mana abilities are activated first
(601.2g) and these parts are paid with the rest of the total cost (601.2h), so a creature
tapped for mana, or for convoke, may still be the one sacrificed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import comb

from manasolve.models.board import Board, Permanent

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_PART = re.compile(r"(sacrifice|discard) (a|an|one|two|three|four|five|\d+) ([a-z][a-z-]*)", re.IGNORECASE)


@dataclass(frozen=True)
class SacrificeChoice:
    """Choose `k` of the `eligible` objects (permanent ids, or hand cards as
    ``hand[i]:Name``) to sacrifice or discard (`kind`)."""

    kind: str
    text: str
    k: int
    eligible: tuple[str, ...]

    @property
    def ways(self) -> int:
        """How many distinct choices there are."""
        return comb(len(self.eligible), self.k)


def _type_words(perm: Permanent) -> set[str]:
    return {w.lower() for w in perm.type_line.replace("—", " ").split()}


def _parse(parts: list[str]) -> tuple[str, int, str] | None:
    if len(parts) != 1:
        return None
    m = _PART.fullmatch(parts[0].strip().rstrip("."))
    if m is None:
        return None
    kind, n, word = m.group(1).lower(), _NUMBERS.get(m.group(2).lower()) or int(m.group(2)), m.group(3).lower()
    if n > 1 and word.endswith("s"):
        word = word[:-1]
    if kind == "discard" and word != "card":
        return None
    return kind, n, word


def paid_by_solver(parts: list[str]) -> bool:
    """Whether the payment solver pays these non-mana parts: one "Sacrifice N <type>" or
    one "Discard N card(s)"."""
    return _parse(parts) is not None


def sacrifice_choice(board: Board, player: str, parts: list[str],
                     casting_from_hand: str | None = None) -> SacrificeChoice | None:
    """The choice the single part asks for; None when the parts are anything else (or
    several), which the payment solver does not pay.  `casting_from_hand`: the card being
    cast from the hand is on the stack and can't be discarded for itself (601.2a)."""
    parsed = _parse(parts)
    if parsed is None:
        return None
    kind, n, word = parsed
    if kind == "discard":
        hand = list(enumerate(board.player(player).hand))
        if casting_from_hand is not None:
            hand.pop(next(i for i, (_, name) in enumerate(hand) if name == casting_from_hand))
        eligible = tuple("hand[%d]:%s" % (i, name) for i, name in hand)
    else:
        eligible = tuple(p.id for p in board.controlled_by(player) if word in _type_words(p))
    return SacrificeChoice(kind, parts[0], n, eligible)


def cheapest(board: Board, choice: SacrificeChoice) -> list[str]:
    """What an AI gives up: permanents with the least power + toughness (non-creatures
    count 0), hand cards with the lowest mana value; then the lowest ids."""
    def value(ident: str) -> tuple[int, str]:
        if choice.kind == "discard":
            card = board.db.get(ident.split(":", 1)[1])
            return (card.mana_cost.mana_value if card.mana_cost else 0, ident)
        perm = board.get(ident)
        return (perm.power + perm.toughness if perm.is_creature else 0, ident)
    return sorted(choice.eligible, key=value)[:choice.k]
