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

from manasolve.models.board import Board, load_board

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
    (default: ``player``).

    Only what differs from the format's defaults is written, so the dict says what the
    test chose (and a question that echoes the board, like a session, adds nothing):

    >>> board(("f", "Forest"), hand=["Llanowar Elves"], opponents=["bob"])
    {'players': [{'name': 'alice', 'battlefield': [{'id': 'f', 'card': 'Forest'}], 'hand': ['Llanowar Elves']}, {'name': 'bob'}]}
    """
    me: dict[str, Any] = {"name": player, "battlefield": battlefield(permanents)}
    if life != 20:
        me["life"] = life
    if hand:
        me["hand"] = list(hand)
    if graveyard:
        me["graveyard"] = list(graveyard)
    me.update(player_fields)
    if isinstance(opponents, Mapping):
        others = [{"name": name, "battlefield": battlefield(side)} for name, side in opponents.items()]
    else:
        others = [{"name": name} for name in opponents]
    data: dict[str, Any] = {"players": [me] + others}
    if active is not None:
        data["active_player"] = active
    if step != "precombat_main":
        data["step"] = step
    if not stack_empty:
        data["stack_empty"] = False
    if cards:
        data["cards"] = list(cards)
    return data


def loaded(*permanents: PermanentSpec, **options: Any) -> Board:
    """:func:`board` through :func:`load_board`: the validated, resolved board."""
    return load_board(board(*permanents, **options))


def board_a(*permanents: Any, **kw: Any) -> dict:
    """`board` with one player, "a" (the payment tests' player)."""
    return board(*permanents, player="a", **kw)


# Four Forests, two Grizzly Bears, Eternal Witness and Llanowar Elves (issue 30, tried
# as a new user would): {3}{G} with convoke.
CONVOKE_BOARD = [("f1", "Forest"), ("f2", "Forest"), ("f3", "Forest"), ("f4", "Forest"), ("bear1", "Grizzly Bears"),
                 ("bear2", "Grizzly Bears"), ("witness", "Eternal Witness"), ("elf", "Llanowar Elves")]
