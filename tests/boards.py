"""The one builder of ``manasolve/board@1`` dicts for the tests.

``board(*permanents, ...)`` answers the board dict of a player (``player``, default
``alice``, who is also the active player) with those permanents on the battlefield, and of
the ``opponents`` after them.  A permanent is given as

- a card name: ``"Forest"`` (its id is ``p<position>``),
- an ``(id, card)`` pair: ``("f1", "Forest")``,
- a dict with any state of the format: ``{"id": "elf", "card": "Llanowar Elves", "sick": True}``
  (without ``"id"`` it gets ``p<position>``).

``loaded(...)`` is the same board through :func:`load_board`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Union

from manasolve.models.board import FORMAT, Board, load_board

PermanentSpec = Union[str, tuple[str, str], Mapping[str, Any]]


def permanent(spec: PermanentSpec, position: int) -> dict:
    """The battlefield entry of one permanent spec (see the module docstring)."""
    if isinstance(spec, str):
        return {"id": "p%d" % position, "card": spec}
    if isinstance(spec, tuple):
        pid, card = spec
        return {"id": pid, "card": card}
    entry = dict(spec)
    entry.setdefault("id", "p%d" % position)
    return entry


def battlefield(specs: Sequence[PermanentSpec]) -> list[dict]:
    """The battlefield entries of a list of permanent specs."""
    return [permanent(spec, i) for i, spec in enumerate(specs)]


def board(*permanents: PermanentSpec, player: str = "alice", life: int = 20,
          hand: Sequence[str] = (), graveyard: Sequence[str] = (),
          opponents: Mapping[str, Sequence[PermanentSpec]] | Sequence[str] = (),
          cards: Sequence[dict] = (), step: str = "precombat_main", active: str | None = None,
          stack_empty: bool = True, **player_fields: Any) -> dict:
    """A board dict: ``player``'s permanents, zones and other fields (``player_fields``,
    e.g. ``granted_flashback``, ``energy``, ``mana_pool``), then each opponent (a name, or
    name -> permanents), the inline ``cards``, the ``step`` and the ``active`` player
    (default ``player``)."""
    if not isinstance(opponents, Mapping):
        opponents = {name: () for name in opponents}
    me = {"name": player, "life": life, "battlefield": battlefield(permanents), "hand": list(hand),
          "graveyard": list(graveyard), **player_fields}
    return {"format": FORMAT, "active_player": active or player, "step": step, "stack_empty": stack_empty,
            "cards": list(cards),
            "players": [me] + [{"name": name, "battlefield": battlefield(side)} for name, side in opponents.items()]}


def loaded(*permanents: PermanentSpec, **options: Any) -> Board:
    """:func:`board` through :func:`load_board`: the validated, resolved board."""
    return load_board(board(*permanents, **options))
