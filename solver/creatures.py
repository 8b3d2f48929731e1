"""The ``creatures`` answer: each creature's power and toughness as they stand, and
whether it is modified (700.9) and by what — what Saddle, Crew and Golden-Tail Trainer
read.  The answer JSON is built at the edge, in `manasolve.answers`.

700.9: a permanent is modified if it has any counter on it (any kind, whoever put it
there), is equipped (whoever controls the Equipment), or is enchanted by an Aura its
controller controls (an opponent's Aura does not count).
"""

from __future__ import annotations

from dataclasses import dataclass

from manasolve.models.board import Board, ParameterError, Permanent
from manasolve.models.errors import nearest


def _is_equipment(perm: Permanent) -> bool:
    return perm.is_type("Artifact") and "Equipment" in perm.type_line.split()


def _is_aura(perm: Permanent) -> bool:
    return "Aura" in perm.type_line.split()


@dataclass(frozen=True)
class Counters:
    """`count` counters named `counter` on the permanent (700.9: any counter modifies)."""

    counter: str
    count: int
    kind: str = "counter"


@dataclass(frozen=True)
class Attached:
    """An Equipment or Aura (`kind` "equipment" or "aura") attached to the permanent;
    `why`, for an attachment that does not modify it, says why not."""

    kind: str
    id: str
    card: str
    controller: str
    why: str | None = None


Modification = Counters | Attached


@dataclass(frozen=True)
class CreatureState:
    """A creature as it stands: power, toughness, what modifies it (700.9), what is
    attached without modifying it, tapped and summoning-sick."""

    id: str
    card: str
    controller: str
    power: int
    toughness: int
    modifications: tuple[Modification, ...]
    not_modifying: tuple[Attached, ...]
    tapped: bool
    sick: bool

    @property
    def modified(self) -> bool:
        """700.9: anything modifies it."""
        return bool(self.modifications)


def modifications(board: Board, perm: Permanent) -> tuple[tuple[Modification, ...], tuple[Attached, ...]]:
    """What makes `perm` modified (700.9), and what is attached to it without doing so
    (an Aura another player controls)."""
    mods: list[Modification] = [Counters(name, n) for name, n in sorted(perm.counters.items()) if n > 0]
    not_mods: list[Attached] = []
    for aid in perm.attachments:
        att = board.get(aid)
        if _is_equipment(att):
            mods.append(Attached("equipment", aid, att.name, att.controller))
        elif _is_aura(att):
            if att.controller == perm.controller:
                mods.append(Attached("aura", aid, att.name, att.controller))
            else:
                not_mods.append(Attached("aura", aid, att.name, att.controller,
                                         "an Aura %s controls does not modify a creature %s controls (700.9)"
                                         % (att.controller, perm.controller)))
    return tuple(mods), tuple(not_mods)


def is_modified(board: Board, perm: Permanent) -> bool:
    """700.9: it has any counter, or is equipped (by anyone's Equipment), or is enchanted
    by an Aura its controller controls (an opponent's Aura does not count)."""
    return bool(modifications(board, perm)[0])


def modified_creatures(board: Board, controller: str, exclude: str | None = None) -> list[str]:
    """Ids of the modified creatures `controller` controls, other than `exclude` (the
    creatures Golden-Tail Trainer's attack trigger pumps)."""
    return [p.id for p in board.controlled_by(controller) if p.is_creature and p.id != exclude and is_modified(board, p)]


def creatures(board: Board, player: str | None = None, id: str | None = None) -> tuple[CreatureState, ...]:
    """The ``manasolve creatures`` question: every creature on the board (or those
    `player` controls, or only `id`) as it stands, in board order."""
    if id is not None:
        perm = board.get(id)
        if not perm.is_creature:
            creatures = [p.id for p in board.permanents if p.is_creature]
            raise ParameterError("id", "%r (%s) is not a creature (%s)%s" % (
                id, perm.name, perm.type_line, nearest(id, creatures)), board.source)
        perms = [perm]
    else:
        who = board.player(player).name if player is not None else None
        perms = [p for p in board.permanents if p.is_creature and (who is None or p.controller == who)]
    out = []
    for p in perms:
        mods, not_mods = modifications(board, p)
        out.append(CreatureState(p.id, p.name, p.controller, p.power, p.toughness, mods, not_mods, p.tapped, p.sick))
    return tuple(out)
