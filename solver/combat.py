"""Declaring attackers with Mounts: which attack triggers fire, and how the saddle-aware
ones (Caustic Bronco, Fortune, Loyal Steed) resolve.

What the rulings say, and how it is represented here:

* "Saddled" is a designation, not an ability (702.171b): it lasts until end of turn or
  until the permanent leaves the battlefield, and it is not copiable (707.2), so a
  permanent that becomes a copy of a saddled Mount is not saddled (`become_copy`).
* An "attacks while saddled" ability triggers only if the Mount was saddled as it was
  declared as an attacker; an unsaddled Mount attacks as normal, those abilities just
  don't trigger.
* Caustic Bronco: who loses life is decided on resolution, from whether Bronco is saddled
  then, or, if it has left the battlefield, whether it was saddled as it last existed
  (608.2h).  The amount is the revealed card's mana value (202.3: no mana cost is 0, X is
  0, a split card adds both halves, 709.4b).
* Fortune: its delayed trigger fires at end of combat even if Fortune has left; it
  targets nothing, and "up to one creature that saddled it this turn" is chosen as it
  resolves.  Exiled tokens cease to exist instead of returning (111.7).

The board given is the state as the attackers are declared; ``left`` names the permanents
that have left the battlefield by the time their abilities resolve (their board entry is
then their last known information).
"""

from __future__ import annotations

from dataclasses import replace

from manasolve.models.board import Board, ParameterError, Permanent
from manasolve.models.carddb import SPLIT_LAYOUTS
from manasolve.models.errors import nearest
from manasolve.models.mana import CostSyntaxError, ManaCost
from manasolve.models.oracle.triggers import Resolution
from manasolve.solver.attack_results import (
    AttackAnswer,
    AttackTriggered,
    BroncoResolution,
    Fate,
    FortuneChoice,
    FortuneResolution,
    LifeLoss,
)
from manasolve.solver.pump_triggers import resolve_pump_triggers
from manasolve.solver.tapsets import tap_cost


def become_copy(perm: Permanent, original: Permanent) -> Permanent:
    """``perm`` after it becomes a copy of ``original`` (707.2): it takes the original's
    copiable values (its card) and keeps everything else of its own — tapped state,
    counters, controller, and whether *it* is saddled.  Saddled is not copiable
    (702.171b), so copying a saddled Mount never makes the copy saddled."""
    return replace(perm, card=original.card, power_override=None, toughness_override=None, type_override=None)


def revealed_mana_value(board: Board, name: str) -> int:
    """Mana value of a card revealed from the library (202.3): 0 without a mana cost (a
    land), X counts 0, and a split card adds both halves (709.4b).  ParameterError for an
    unknown card name."""
    db = board.db
    if name not in db:
        raise ParameterError("reveal", db.unknown_message([name], advice=False), board.source)
    cost = db.raw(name).get("manaCost") or ""
    halves = db.faces(name) if db.raw(name).get("layout") in SPLIT_LAYOUTS and " // " not in cost else ()
    parts = [db.raw(h.name).get("manaCost") or "" for h in halves] if halves else cost.split(" // ")
    try:
        return sum(ManaCost.parse(p).mana_value for p in parts if p.strip())
    except CostSyntaxError as exc:
        raise ParameterError("reveal", "card %r has an unreadable mana cost: %s" % (name, exc), board.source) from None


def _owner(board: Board, perm: Permanent) -> str:
    """The player whose battlefield lists the permanent (boards list permanents by owner)."""
    return next(p.name for p in board.players if any(q is perm for q in p.battlefield))


def _check_attacker(board: Board, pid: str) -> Permanent:
    perm = next((p for p in board.permanents if p.id == pid), None)
    if perm is None:
        mine = [p.id for p in board.controlled_by(board.active_player) if p.is_creature]
        raise ParameterError("attackers", "no permanent with id %r%s" % (pid, nearest(pid, mine) or nearest(pid, [p.id for p in board.permanents])), board.source)
    problem = None
    if perm.controller != board.active_player:
        problem = "it is controlled by %s, and only the active player %s attacks" % (perm.controller, board.active_player)
    elif not perm.is_creature:
        problem = "it is not a creature (%s)" % perm.type_line  # an uncrewed Vehicle
    elif perm.tapped:
        problem = "it is tapped"
    elif not perm.can_use_tap_abilities:
        problem = "it is summoning-sick and has no haste (302.6)"
    if problem:
        raise ParameterError("attackers", "%r (%s) can't attack: %s" % (pid, perm.name, problem), board.source)
    return perm


def _bronco(board: Board, perm: Permanent, gone: bool, revealed: str | None) -> BroncoResolution:
    # 608.2h: on the battlefield, its current state; gone, its last known information.  No
    # saddle activation fits between declaring attackers and resolution (sorcery speed), so
    # both equal the board's `saddled`.
    saddled = perm.saddled
    mv = revealed_mana_value(board, revealed) if revealed is not None else None
    losers = board.opponents_of(perm.controller) if saddled else [perm.controller]
    return BroncoResolution(saddled, gone, revealed, mv, tuple(LifeLoss(p, mv) for p in losers))


def _fortune(board: Board, perm: Permanent, gone: set[str]) -> FortuneResolution:
    by_id = {p.id: p for p in board.permanents}

    def fate(p: Permanent) -> Fate:
        if p.token:  # 111.7: a token that leaves the battlefield ceases to exist
            return Fate(p.id, False, why="a token ceases to exist in exile")
        return Fate(p.id, True, under=_owner(board, p))

    here = perm.id not in gone
    eligible = [by_id[i] for i in perm.saddled_by if i in by_id and i not in gone and by_id[i].is_creature and i != perm.id]
    choices = []
    for chosen in [None] + eligible:
        moved = ([fate(perm)] if here else []) + ([fate(chosen)] if chosen else [])
        choices.append(FortuneChoice(chosen.id if chosen else None, tuple(moved)))
    return FortuneResolution(not here, tuple(choices))


def attack_answer(
    board: Board,
    attackers: list[str],
    reveal: dict[str, str] | None = None,
    left: list[str] | None = None,
    copies: dict[str, str] | None = None,
) -> AttackAnswer:
    """Which attack triggers fire when ``attackers`` are declared, and how the saddle-aware
    ones resolve.

    reveal: attacker id → name of the card its reveal trigger reveals (Caustic Bronco);
    left: ids that have left the battlefield before their triggers resolve;
    copies: id → id of the permanent it has become a copy of (before attacking).
    Triggers resolve in the order listed: attackers in the order given."""
    reveal, gone, copies = dict(reveal or {}), set(left or []), dict(copies or {})
    ids = {p.id for p in board.permanents}
    for where, pid in [("left", i) for i in gone] + [("copies", i) for pair in copies.items() for i in pair]:
        if pid not in ids:
            raise ParameterError(where, "no permanent with id %r%s" % (pid, nearest(pid, sorted(ids))), board.source)
    if not attackers:
        raise ParameterError("attackers", "name at least one attacker", board.source)
    if len(set(attackers)) != len(attackers):
        dup = next(a for a in attackers if attackers.count(a) > 1)
        raise ParameterError("attackers", "%r is declared twice" % dup, board.source)
    for pid in reveal:
        if pid not in attackers:
            raise ParameterError("reveal", "%r is not among the attackers %s" % (pid, ", ".join(attackers)), board.source)
    if copies:
        originals = {c: board.get(o) for c, o in copies.items()}
        board = replace(board, players=[
            replace(pl, battlefield=[become_copy(p, originals[p.id]) if p.id in originals else p for p in pl.battlefield])
            for pl in board.players])
    declared = [_check_attacker(board, pid) for pid in attackers]

    triggers = []
    for perm in declared:
        for trigger in perm.card.triggers.attack:
            fires = perm.saddled or not trigger.while_saddled
            resolution: BroncoResolution | FortuneResolution | None = None
            if fires and trigger.resolution == Resolution.REVEAL_LIFE_LOSS:
                resolution = _bronco(board, perm, perm.id in gone, reveal.get(perm.id))
            if fires and trigger.resolution == Resolution.EXILE_AND_RETURN:
                resolution = _fortune(board, perm, gone)
            why = ("not saddled as it was declared as an attacker" if not fires else
                   "saddled as it was declared as an attacker" if trigger.while_saddled else "it attacked")
            triggers.append((trigger, AttackTriggered(perm.id, perm.name, trigger.text, trigger.while_saddled, fires,
                                                      why, resolution)))
    return AttackAnswer(tuple(p.id for p in declared), {p.id: p.saddled for p in declared if tap_cost(p, "Saddle")},
                        resolve_pump_triggers(board, triggers, gone))
