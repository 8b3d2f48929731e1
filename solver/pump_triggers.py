"""How the attack triggers that pump creatures resolve: Golden-Tail Trainer's "other
modified creatures you control get +X/+X, where X is this creature's power" and a Mount's
"attacks while saddled, it gets +N/+M" (Alacrian Jaguar, Venomsac Lagac, Congregation
Gryff's "+X/+X where X is the number of Mounts you control").

Each value is read as its ability resolves (608.2h; the seed ruling: the Trainer's X "is
determined only as the ability resolves"), so an earlier trigger's pump counts: with two
modified Trainers attacking, the second to resolve uses the power the first gave it.  The
triggers resolve in the order they are listed (the active player puts them on the stack
in the reverse order, 603.3b).  A source that has left the battlefield uses its last
known information (608.2h); a creature that has left gets nothing.  Modified is 700.9,
read on resolution; a negative power gives X = 0 (107.1b).
"""

from __future__ import annotations

from dataclasses import replace

from manasolve.models.board import Board
from manasolve.models.oracle.triggers import AttackTrigger, Resolution
from manasolve.solver.attack_results import AttackTriggered, Pumped, PumpModified, PumpSelf
from manasolve.solver.creatures import Modification, modifications


def resolve_pump_triggers(board: Board, triggers: list[tuple[AttackTrigger, AttackTriggered]],
                          gone: set[str]) -> tuple[AttackTriggered, ...]:
    """The answer entries of `triggers` (in resolution order), each firing pump trigger
    with its resolution, tracking the pumps as they apply."""
    pumps: dict[str, tuple[int, int]] = {}

    def stats(pid: str) -> tuple[int, int]:
        perm = board.get(pid)
        dp, dt = pumps.get(pid, (0, 0))
        return perm.power + dp, perm.toughness + dt

    def pump(pid: str, by: tuple[int, int], mods: tuple[Modification, ...] | None = None) -> Pumped:
        dp, dt = pumps.get(pid, (0, 0))
        pumps[pid] = (dp + by[0], dt + by[1])
        power, toughness = stats(pid)
        return Pumped(pid, power, toughness, mods)

    out = []
    for trigger, entry in triggers:
        if not entry.triggers:
            out.append(entry)
            continue
        src = board.get(entry.source)
        if trigger.resolution == Resolution.PUMP_MODIFIED:
            x = max(0, stats(src.id)[0])  # 107.1b
            pumped = []
            for perm in board.controlled_by(src.controller):
                mods = modifications(board, perm)[0]
                if perm.id != src.id and perm.id not in gone and perm.is_creature and mods:
                    pumped.append(pump(perm.id, (x, x), mods))
            entry = replace(entry, resolution=PumpModified(x, src.id in gone, tuple(pumped)))
        elif trigger.resolution == Resolution.PUMP_SELF:
            assert trigger.pump is not None  # a self-pump trigger reads its pump
            counted = trigger.pump.counted
            x = sum(1 for p in board.controlled_by(src.controller) if p.id not in gone and p.has_words((counted,))) if counted else 0
            by = (x if trigger.pump.power is None else trigger.pump.power,
                  x if trigger.pump.toughness is None else trigger.pump.toughness)
            left = src.id in gone
            entry = replace(entry, resolution=PumpSelf(by[0], by[1], x if counted else None, left,
                                                       () if left else (pump(src.id, by),)))
        out.append(entry)
    return tuple(out)
