"""The ``creatures`` answer: each creature's power and toughness as they stand, and
whether it is modified (700.9) and by what — what Saddle, Crew and Golden-Tail Trainer
read.

700.9: a permanent is modified if it has any counter on it (any kind, whoever put it
there), is equipped (whoever controls the Equipment), or is enchanted by an Aura its
controller controls (an opponent's Aura does not count).
"""

from __future__ import annotations

from manasolve.models.board import Board, ParameterError, Permanent
from manasolve.models.errors import nearest


def _is_equipment(perm: Permanent) -> bool:
    return perm.is_type("Artifact") and "Equipment" in perm.type_line.split()


def _is_aura(perm: Permanent) -> bool:
    return "Aura" in perm.type_line.split()


def modifications(board: Board, perm: Permanent) -> tuple[list[dict], list[dict]]:
    """What makes `perm` modified (700.9), and what is attached to it without doing so
    (an Aura another player controls), each as answer entries."""
    mods: list[dict] = [{"kind": "counter", "counter": name, "count": n}
                        for name, n in sorted(perm.counters.items()) if n > 0]
    not_mods: list[dict] = []
    for aid in perm.attachments:
        att = board.get(aid)
        if _is_equipment(att):
            mods.append({"kind": "equipment", "id": aid, "card": att.name, "controller": att.controller})
        elif _is_aura(att):
            entry = {"kind": "aura", "id": aid, "card": att.name, "controller": att.controller}
            if att.controller == perm.controller:
                mods.append(entry)
            else:
                not_mods.append({**entry, "why": "an Aura %s controls does not modify a creature %s controls (700.9)"
                                 % (att.controller, perm.controller)})
    return mods, not_mods


def is_modified(board: Board, perm: Permanent) -> bool:
    """700.9: it has any counter, or is equipped (by anyone's Equipment), or is enchanted
    by an Aura its controller controls (an opponent's Aura does not count)."""
    return bool(modifications(board, perm)[0])


def modified_creatures(board: Board, controller: str, exclude: str | None = None) -> list[str]:
    """Ids of the modified creatures `controller` controls, other than `exclude` (the
    creatures Golden-Tail Trainer's attack trigger pumps)."""
    return [p.id for p in board.controlled_by(controller) if p.is_creature and p.id != exclude and is_modified(board, p)]


def creatures_answer(board: Board, player: str | None = None, id: str | None = None) -> dict:
    """The JSON answer of ``manasolve creatures``: for every creature on the board (or
    those `player` controls, or only `id`), its controller, power, toughness, whether it
    is modified (700.9) with the modifications, tapped and summoning-sick state."""
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
        entry: dict = {"id": p.id, "card": p.name, "controller": p.controller, "power": p.power,
                       "toughness": p.toughness, "modified": bool(mods), "modifications": mods,
                       "tapped": p.tapped, "sick": p.sick}
        if not_mods:
            entry["not_modifying"] = not_mods
        out.append(entry)
    return {"creatures": out}
