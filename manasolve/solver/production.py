"""What tapping a source for mana adds now (rules 106.5, 106.7, 605) — first version.

The payment solver asks `activation_bundles` for every activation it considers.
"""

from __future__ import annotations

from manasolve.models.abilities import ManaAbility
from manasolve.models.board import Board, Permanent
from manasolve.models.mana import COLORS, TYPES


def mana_abilities(board: Board, perm: Permanent) -> list[ManaAbility]:
    """The mana abilities `perm` has now (intrinsic basic-land-type ones + printed ones)."""
    return perm.card.intrinsic_mana_abilities()


def _in_scope(board: Board, source: Permanent, scope: str) -> list[Permanent]:
    if scope == "lands_you_control":
        return [p for p in board.permanents if p.is_land and p.controller == source.controller]
    if scope == "lands_opponents_control":
        return [p for p in board.permanents if p.is_land and p.controller != source.controller]
    return [p for p in board.permanents if p.controller == source.controller]


def could_produce(board: Board) -> dict[str, tuple[str, ...]]:
    """Rule 106.7 for every permanent on the board: id -> types (order WUBRGC).

    Least fixpoint by repeated iteration from nothing (a ring with no real source stays empty)."""
    value: dict[str, set[str]] = {p.id: set() for p in board.permanents}
    changed = True
    while changed:
        changed = False
        for p in board.permanents:
            new: set[str] = set()
            for ab in mana_abilities(board, p):
                if ab.reference is None:
                    new.update(t for o in ab.options for t in o)
                else:
                    seen = set().union(*(value[q.id] for q in _in_scope(board, p, ab.reference.scope)))
                    new.update(t for t in seen if ab.reference.kind == "type" or t in COLORS)
            if not new <= value[p.id]:
                value[p.id] |= new
                changed = True
    return {pid: tuple(t for t in TYPES if t in v) for pid, v in value.items()}


def activation_bundles(board: Board, perm: Permanent, ability: ManaAbility) -> tuple[tuple[str, ...], ...]:
    """Every distinct mana bundle one activation of `ability` of `perm` can add now; ()
    if it would add no mana (106.5)."""
    if ability.reference is None:
        return ability.options
    types: set[str] = set()
    for q in _in_scope(board, perm, ability.reference.scope):
        types.update(could_produce(board)[q.id])
    return tuple((t,) for t in TYPES if t in types and (ability.reference.kind == "type" or t in COLORS))
