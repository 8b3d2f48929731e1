"""Put a manasolve board (``manasolve/board@1``) into a phase game.

phase has no "create game from state" call, so a board is built the way
``shared/docs/peer-phase.md`` §3 describes: start a Legacy game whose decks hold every card
the board needs (plus ten Wastes each), keep both hands, pass to seat 0's first main phase,
then with debug mode on move named cards from the library to their zones and set tapped,
summoning sickness, counters, attachments, life and the step with the engine's own
``Debug`` actions.  The opponent (players[1], if any) is seat 1.  Seat 0 is the board's
first player and must be the active player.  ``lands_played_this_turn`` is written into the
snapshot; a ``stack`` of spells is built by really casting them, bottom first, from mana
added to the caster's pool (the first spell must be seat 0's: seat 0 holds priority first,
and passing on an empty stack would end the step).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from benchmarks.peers.cards import dev_cards, engine, phase_faces, symbols

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
    stack = board.get("stack") or []
    if not board.get("stack_empty", not stack) and not stack:
        raise Unsupported("a non-empty stack that is not listed")
    if any(o["kind"] != "spell" for o in stack) or (stack and stack[0]["controller"] != players[0]["name"]):
        raise Unsupported("a stack of abilities, or whose bottom spell is not seat 0's")
    faces = phase_faces()
    if any(c["name"].lower() not in faces for c in board.get("cards", [])):
        raise Unsupported("inline cards phase has no face for")
    for p in players:
        if p.get("mana_pool"):
            raise Unsupported("floating mana")
        for perm in p.get("battlefield", []):
            if perm.get("token") or perm.get("controller") or perm.get("saddled") or perm.get("type"):
                raise Unsupported("tokens, controller changes, saddled or retyped permanents (%s)" % perm["id"])
            if any(k not in COUNTERS for k in perm.get("counters", {})):
                raise Unsupported("counters other than +1/+1 and -1/-1 (%s)" % perm["id"])
        for name in _cards_of(p, stack):
            if name.lower() not in faces:
                raise Unsupported("card %r has no single-faced phase face" % name)


def _cards_of(player: dict, stack: list[dict]) -> list[str]:
    """Every card the player's deck must hold: battlefield, hand, graveyard, their spells on the stack."""
    return ([q["card"] for q in player.get("battlefield", [])] + player.get("hand", []) + player.get("graveyard", [])
            + [o["card"] for o in stack if o["controller"] == player["name"]])


def _start(players: list[dict], stack: list[dict]):
    decks = []
    for p in players:
        decks.append(_cards_of(p, stack) + FILLER)
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
    stack = board.get("stack") or []
    game = _with_debug(_start(players, stack), True)

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
    seat_of = {p["name"]: seat for seat, p in enumerate(players)}
    spells = []
    for o in stack:
        seat = seat_of[o["controller"]]
        obj = library_left(game, seat, o["card"])
        move(obj, "Hand")
        debug("AddMana", {"player_id": seat, "mana": _pool_for(o["card"])})
        spells.append((seat, obj))
    game = _with_debug(game, False)
    _cast_stack(game, spells)
    snap = game.state()
    _set_lands_played(snap["state"], [p.get("lands_played_this_turn", 0) for p in players])
    out.snapshot = json.dumps(snap)
    return out


def library_left(game, seat: int, name: str) -> int:
    """The object id of a card named ``name`` still in seat's library."""
    state = game.state()["state"]
    return next(o for o in state["players"][seat]["library"] if state["objects"][str(o)]["name"] == name)


_COLOURS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}


def _pool_for(card: str) -> list[str]:
    """Mana that pays exactly the card's printed cost: its coloured symbols, and colourless for the generic part."""
    pool: list[str] = []
    for sym in symbols(dev_cards()[card].get("manaCost") or ""):
        if sym.isdigit():
            pool += ["Colorless"] * int(sym)
        elif sym in _COLOURS:
            pool.append(_COLOURS[sym])
        else:
            raise Unsupported("a stack spell whose cost has {%s}" % sym)
    return pool


def _cast_stack(game, spells: list[tuple[int, int]]) -> None:
    """Cast each (seat, object) bottom first, passing priority between casters so that the
    next caster holds it, and back to seat 0 at the end (117.3c: the caster gets priority)."""
    for seat, obj in spells:
        if game.priority_player() != seat:
            game.apply(game.priority_player(), {"type": "PassPriority"})
        game.apply(seat, {"type": "CastSpell", "data": {"object_id": obj, "card_id": obj, "targets": [],
                                                       "payment_mode": {"type": "Auto"}}})
        if game.waiting_for()["type"] != "Priority":
            raise Unsupported("casting stack spell %d asked for %s" % (obj, game.waiting_for()["type"]))
    if game.priority_player() != 0:
        game.apply(game.priority_player(), {"type": "PassPriority"})
    state = game.state()["state"]
    if len(state["stack"]) != len(spells) or any(p["mana_pool"]["mana"] for p in state["players"]):
        raise Unsupported("the stack could not be built as listed")


def _set_lands_played(state: dict, counts: list[int]) -> None:
    """Write each seat's land plays this turn (305.2) into a snapshot state."""
    for seat, n in enumerate(counts):
        state["players"][seat]["lands_played_this_turn"] = n
    state["lands_played_this_turn"] = counts[0]
    state["lands_played_this_turn_by_player"] = {str(seat): [{"from_zone": "Hand"}] * n
                                                 for seat, n in enumerate(counts) if n}
