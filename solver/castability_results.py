"""The typed answer of ``castability`` (`manasolve.castability` plays the games,
`solver.castability` counts them): per card its castability by turn, the deck, where the
games ran; written as JSON by `manasolve.answers`.  Light to import (no game code)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class CardCastability:
    """One card (or a pair cast in one turn) of ``castability``: its cost and mana value,
    per turn the games it was castable by then, and on curve (its mana value's turn; None
    past the last turn): castable, castable given the land drops, the average delay and
    the games never castable by the last turn; probabilities as unreduced ``"N/D"``."""

    card: str
    cost: str
    mana_value: int
    by_turn: Mapping[str, str]
    on_curve: str | None
    on_curve_given_lands: str | None
    average_delay: str | None
    never_by_last_turn: str | None


@dataclass(frozen=True)
class DeckSummary:
    cards: int
    lands: int
    commander: tuple[str, ...]
    sideboard: int  # sideboard cards: counted, never drawn


@dataclass(frozen=True)
class Executor:
    """Where the games ran: in this process, a local pool of processes, or Ray."""

    kind: Literal["in_process", "process_pool", "ray"]
    workers: int


@dataclass(frozen=True)
class CastabilityAnswer:
    """``castability``: goldfish games of a deck, per card and turn; `games` is the games
    played (the denominator), `games_asked` those asked for (more when the time limit
    stopped the run: ``time_limit_reached``), `precision_points` the half-width of a 95%
    confidence interval of a probability over `games` games, at worst."""

    games: int
    games_asked: int
    precision_points: float
    seed: int
    turns: tuple[int, int]
    on_play: bool
    mulligan: str
    deck: DeckSummary
    executor: Executor
    definition: str
    cards: tuple[CardCastability, ...]
    pairs: tuple[CardCastability, ...] | None = None  # when pairs were asked
    time_limit_reached: bool = False
    notes: tuple[str, ...] = field(default=(), metadata={"always": True})
