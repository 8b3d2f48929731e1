"""Put a manasolve board (``manasolve/board@1``) into a phase game.

phase has no "create game from state" call, so a board is built the way
``shared/docs/peer-phase.md`` §3 describes: start a Legacy game whose decks hold every card
the board needs (plus ten Wastes each), keep both hands, pass to seat 0's first main phase,
then with debug mode on move named cards from the library to their zones and set tapped,
summoning sickness, counters, attachments, life and the step with the engine's own
``Debug`` actions.  The opponent (players[1], if any) is seat 1.  Seat 0 is the board's
first player and must be the active player.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from benchmarks.peers.cards import engine, phase_faces

STEPS = {
    "untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "precombat_main": "PreCombatMain",
    "beginning_of_combat": "BeginCombat", "declare_attackers": "DeclareAttackers",
    "declare_blockers": "DeclareBlockers", "combat_damage": "CombatDamage", "end_of_combat": "EndCombat",
    "postcombat_main": "PostCombatMain", "end": "End", "cleanup": "Cleanup",
}
COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
FILLER = ["Wastes"] * 10


class Unsupported(ValueError):
    """The board uses something this conversion does not set up in phase."""


@dataclass
class PhaseBoard:
    """A board set up in phase: the snapshot to load games from and the id mapping."""

    snapshot: str  # JSON of ``game.state()`` with debug mode off
    object_of: dict[str, int] = field(default_factory=dict)  # our permanent id -> phase object id
    hand: list[tuple[str, int]] = field(default_factory=list)  # (card name, object id), seat 0
    graveyard: list[tuple[str, int]] = field(default_factory=list)  # (card name, object id), seat 0

    def game(self):
        """A fresh phase ``Game`` in the board's state."""
        return engine().load_game(self.snapshot)


def _check(board: dict) -> None:
    players = board["players"]
    if len(players) > 2:
        raise Unsupported("more than two players")
    if board.get("active_player", players[0]["name"]) != players[0]["name"]:
        raise Unsupported("only players[0] acting on its own turn is set up")
    if not board.get("stack_empty", True):
        raise Unsupported("a non-empty stack")
    if board.get("cards"):
        raise Unsupported("inline cards")
    faces = phase_faces()
    for p in players:
        if p.get("mana_pool"):
            raise Unsupported("floating mana")
        for perm in p.get("battlefield", []):
            if perm.get("token") or perm.get("controller") or perm.get("saddled") or perm.get("type"):
                raise Unsupported("tokens, controller changes, saddled or retyped permanents (%s)" % perm["id"])
            if any(k not in COUNTERS for k in perm.get("counters", {})):
                raise Unsupported("counters other than +1/+1 and -1/-1 (%s)" % perm["id"])
        for name in [q["card"] for q in p.get("battlefield", [])] + p.get("hand", []) + p.get("graveyard", []):
            if name.lower() not in faces:
                raise Unsupported("card %r has no single-faced phase face" % name)


def _start(players: list[dict]):
    decks = []
    for p in players:
        decks.append([q["card"] for q in p.get("battlefield", [])] + p.get("hand", []) + p.get("graveyard", []) + FILLER)
    if len(decks) == 1:
        decks.append(FILLER * 2)
    game = engine().new_game(player=decks[0], opponent=decks[1], seed=7, first_player=0, format="Legacy")
    while game.waiting_for()["type"] == "MulliganDecision":
        seat = game.waiting_for()["data"]["pending"][0]["player"]
        game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
    while not (game.phase == "PreCombatMain" and game.priority_player() == 0):
        game.apply(game.priority_player(), {"type": "PassPriority"})
    return game


def _with_debug(game, on: bool):
    snap = game.state()
    snap["state"]["debug_mode"] = on
    return engine().load_game(json.dumps(snap))


def to_phase(board: dict) -> PhaseBoard:
    """Set up ``board`` (a board@1 dict) in phase; raises Unsupported for what is not handled."""
    _check(board)
    players = board["players"]
    game = _with_debug(_start(players), True)

    def debug(kind: str, data: dict | None = None) -> None:
        game.apply(0, {"type": "Debug", "data": {"type": kind, "data": data} if data is not None else {"type": kind}})

    def move(obj: int, zone: str) -> None:
        debug("MoveToZone", {"object_id": obj, "to_zone": zone, "simulate": False})

    state = game.state()["state"]
    for seat in range(len(state["players"])):
        for obj in list(state["players"][seat]["hand"]):
            move(obj, "Library")
    state = game.state()["state"]
    out = PhaseBoard(snapshot="")
    for seat, p in enumerate(players):
        library: dict[str, list[int]] = {}
        for obj in state["players"][seat]["library"]:
            library.setdefault(state["objects"][str(obj)]["name"], []).append(obj)
        for perm in p.get("battlefield", []):
            obj = library[perm["card"]].pop()
            move(obj, "Battlefield")
            out.object_of[perm["id"]] = obj
        for name in p.get("hand", []):
            obj = library[name].pop()
            move(obj, "Hand")
            if seat == 0:
                out.hand.append((name, obj))
        for name in p.get("graveyard", []):
            obj = library[name].pop()
            move(obj, "Graveyard")
            if seat == 0:
                out.graveyard.append((name, obj))
    for seat, p in enumerate(players):
        for perm in p.get("battlefield", []):
            obj = out.object_of[perm["id"]]
            debug("SetSummoningSickness", {"object_id": obj, "sick": bool(perm.get("sick", False))})
            if perm.get("tapped"):
                debug("SetTapped", {"object_id": obj, "tapped": True})
            for kind, n in perm.get("counters", {}).items():
                if n:
                    debug("ModifyCounters", {"object_id": obj, "counter_type": COUNTERS[kind], "delta": n})
            if perm.get("attached_to"):
                target = out.object_of[perm["attached_to"]]
                debug("Attach", {"object_id": obj, "target": {"type": "Object", "data": target}})
        debug("SetLife", {"player_id": seat, "life": p.get("life", 20)})
    step = STEPS[board.get("step", "precombat_main")]
    if step != "PreCombatMain":
        debug("SetPhase", {"phase": step, "active_player": 0})
    snap = _with_debug(game, False).state()
    out.snapshot = json.dumps(snap)
    return out
