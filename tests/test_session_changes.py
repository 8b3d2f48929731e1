"""A session board changed in place (models/board_changes.derive, the solver's caches
carried over from the board before the change) answers every question exactly as the
same board loaded fresh from its JSON: random boards, random sequences of patch
operations, applied payments and undos."""

from __future__ import annotations

import copy
import dataclasses
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manasolve import api
from manasolve.models.board_edits import apply_op, edit_from_json
from manasolve.models.board import Board, InputError, Permanent, Player, load_board
from manasolve.models.board_schema import STEPS
from manasolve.models.carddb import default_db
from manasolve.models.payment import payment_value
from manasolve.payment_apply import apply_payment
from manasolve.session import PlayBoard
from manasolve.solver import production
from manasolve.solver.position import Position

# Mana sources of every kind the solver caches differently: basics and duals, painlands,
# "Activate only if" lands, counters (Pentad Prism, Vivid lands), amounts read off the
# board (creatures, Elves, the life total), a lord (Elvish Archdruid: other Elves +1/+1),
# an anthem, sacrifice outlets, "tap an untapped creature", a land-type grant, Equipment.
CARDS = ["Forest", "Island", "Swamp", "Tundra", "Adarkar Wastes", "City of Brass", "Tainted Field", "Vivid Meadow",
         "Llanowar Elves", "Birds of Paradise", "Elvish Archdruid", "Gaea's Cradle", "Sol Ring", "Azorius Signet",
         "Pentad Prism", "Ashnod's Altar", "Springleaf Drum", "Urborg, Tomb of Yawgmoth", "Glorious Anthem",
         "Leonin Scimitar", "Grizzly Bears", "Life Font"]
LIFE_FONT = {"name": "Life Font", "type": "Artifact", "types": ["Artifact"],
             "text": "{T}: Add X mana of any one color, where X is your life total."}
HAND = ["Elvish Spirit Guide", "Forest", "Grizzly Bears", "Lightning Bolt", "Llanowar Elves"]
GRAVEYARD = ["Think Twice", "Forest", "Treasure Cruise"]
COSTS = ["{G}", "{1}{W}", "{2}{G}", "{W}{U}", "{B}{R}", "{C}{C}", "{3}", "{G}{G}{G}", "{2}{B/P}"]
# Mostly permanents every board has (p0, p1), sometimes one it may lack or never has.
IDS = ["p0", "p1", "p0", "p1", "p2", "p3", "q0", "n1", "nope"]
DB = default_db()


@st.composite
def boards(draw) -> dict:
    mine = [{"id": "p%d" % i, "card": draw(st.sampled_from(CARDS))} for i in range(draw(st.integers(2, 5)))]
    for perm in mine:
        if draw(st.integers(0, 3)) == 0:
            perm["tapped"] = True
        if draw(st.integers(0, 3)) == 0:
            perm["sick"] = True
        if perm["card"] in ("Pentad Prism", "Vivid Meadow"):
            perm["counters"] = {"charge": draw(st.integers(0, 2))}
    theirs = [{"id": "q0", "card": draw(st.sampled_from(CARDS))}] if draw(st.booleans()) else []
    me = {"name": "a", "battlefield": mine, "life": draw(st.integers(1, 20)),
          "hand": draw(st.lists(st.sampled_from(HAND), max_size=3)),
          "graveyard": draw(st.lists(st.sampled_from(GRAVEYARD), max_size=2))}
    if draw(st.booleans()):
        me["mana_pool"] = draw(st.sampled_from(["{G}", "{W}{C}"]))
    if draw(st.booleans()):
        me["energy"] = draw(st.integers(0, 2))
    data = {"players": [me, {"name": "b", "battlefield": theirs}], "step": draw(st.sampled_from(STEPS)),
            "active_player": draw(st.sampled_from(["a", "b"]))}
    if any(p["card"] == "Life Font" for p in mine + theirs):
        data["cards"] = [LIFE_FONT]
    return data


ids = st.sampled_from(IDS)
players = st.sampled_from(["a", "b", None])
amount = st.fixed_dictionaries({}, optional={"set": st.integers(-1, 21)}) | st.fixed_dictionaries(
    {"add": st.integers(-3, 3)})
OPS = st.one_of(
    st.builds(lambda op, i: {"op": op, "id": i}, st.sampled_from(["tap", "untap"]), ids),
    st.builds(lambda op, i: {"op": op, "id": i}, st.sampled_from(["tap", "untap"]), ids),
    st.builds(lambda i, c, n: {"op": "counters", "id": i, "counter": c, **n}, ids,
              st.sampled_from(["charge", "+1/+1"]), amount),
    st.builds(lambda op, p, n: {"op": op, **({"player": p} if p else {}), **n},
              st.sampled_from(["life", "energy"]), players, amount),
    st.builds(lambda p, k, v: {"op": "mana_pool", **({"player": p} if p else {}), k: v}, players,
              st.sampled_from(["set", "add"]), st.sampled_from(["", "{G}", "{G}{C}", "{W}{U}", "{X}"])),
    st.builds(lambda s: {"op": "step", "step": s}, st.sampled_from(STEPS + ("nope",))),
    st.builds(lambda p: {"op": "active_player", "player": p}, st.sampled_from(["a", "b", "zed"])),
    st.builds(lambda p: {"op": "priority_player", "player": p}, players),
    st.builds(lambda v: {"op": "stack_empty", "value": v}, st.booleans()),
    st.builds(lambda p: {"op": "untap_all", **({"player": p} if p else {})}, players),
    st.builds(lambda i, to: {"op": "move", "from": "battlefield", "to": to, "id": i}, ids,
              st.sampled_from(["graveyard", "hand", "exile"])),
    st.builds(lambda c, n: {"op": "move", "from": "hand", "to": "battlefield", "card": c, "new_id": n},
              st.sampled_from(HAND), st.sampled_from(["n1", "p0"])),
    st.builds(lambda c: {"op": "move", "from": "graveyard", "to": "hand", "card": c}, st.sampled_from(GRAVEYARD)),
    st.builds(lambda i, fv: {"op": "set", "id": i, "field": fv[0], "value": fv[1]}, ids, st.sampled_from([
        ("tapped", True), ("sick", False), ("haste", True), ("entered_this_turn", True), ("power", 5),
        ("type", "Creature — Elf"), ("attached_to", "p0"), ("attached_to", "p1"), ("attacked", True)])),
)
PATCH = st.tuples(st.just("patch"), st.lists(OPS, min_size=1, max_size=3))
APPLY = st.tuples(st.just("apply"), st.sampled_from(COSTS))
ACTIONS = st.one_of(PATCH, APPLY, PATCH, APPLY, PATCH, st.just(("undo",)))


def _shape(board: Board) -> tuple:
    """Everything a resolved board holds, comparable between two loads (cards by name and
    text; permanents field by field, attachments and pumps included)."""
    def perm(p: Permanent) -> tuple:
        return tuple((f.name, (p.card.name, p.card.text) if f.name == "card" else getattr(p, f.name))
                     for f in dataclasses.fields(Permanent))

    def player(pl: Player) -> tuple:
        return tuple((f.name, [perm(p) for p in pl.battlefield] if f.name == "battlefield" else
                      [(c.card.name, c.times_cast, c.in_command_zone) for c in pl.commanders] if f.name == "commanders"
                      else getattr(pl, f.name)) for f in dataclasses.fields(Player))

    return (board.active_player, board.step, board.stack_empty, board.priority_player, board.stack,
            [player(pl) for pl in board.players])


def _same_as_fresh(b: PlayBoard, expected: dict, costs: list[str]) -> None:
    """`b` holds `expected` and answers as `expected` loaded fresh."""
    assert b.to_json() == expected
    fresh = load_board(expected, DB)  # a change the session accepted gives a valid board
    assert _shape(b.resolved) == _shape(fresh)
    for cost in costs:
        for mode in ("payable", "count", "best"):
            assert b.pay(cost, mode=mode) == api.pay(fresh, cost, mode=mode, db=DB), (cost, mode)
        assert b.pay(cost, player="b") == api.pay(fresh, cost, player="b", db=DB)
    assert b.produce() == api.produce(fresh, db=DB)
    assert b.plays() == api.plays(fresh, db=DB)


def _expected_after_patch(data: dict, ops: list[dict]) -> dict | str:
    """The board JSON after `ops`, or the line the session refuses them with: the bad
    operation's own, or the line of the board after them that is not valid."""
    after = copy.deepcopy(data)
    try:
        for i, op in enumerate(ops):
            apply_op(after, op, "ops[%d]" % i, DB)
    except InputError as exc:
        return exc.line()
    try:
        load_board(after, DB)
    except InputError as exc:
        return "ops: the board after it is not valid: " + exc.line()
    return after


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards(), st.lists(ACTIONS, min_size=3, max_size=8), st.lists(st.sampled_from(COSTS), min_size=1, max_size=2))
def test_a_changed_board_answers_as_the_same_board_loaded_fresh(data, actions, costs):
    b = PlayBoard(data)
    history = [copy.deepcopy(data)]
    _same_as_fresh(b, history[-1], costs)
    for action in actions:
        if action[0] == "undo":
            if len(history) == 1:
                with pytest.raises(InputError, match="^undo: nothing to undo$"):
                    b.undo()
            else:
                b.undo()
                history.pop()
        elif action[0] == "patch":
            after = _expected_after_patch(history[-1], action[1])
            if isinstance(after, str):
                with pytest.raises(InputError, match="^%s$" % re.escape(after)):
                    b.patch(action[1])
            else:
                b.patch(action[1])
                history.append(after)
        else:
            answer = b.best(action[1])
            if answer["best"] is None:
                continue
            after = copy.deepcopy(history[-1])
            expected = apply_payment(after, load_board(history[-1], DB), answer["best"], None)
            assert b.apply(answer) == expected
            history.append(after)
        _same_as_fresh(b, history[-1], costs)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards(), st.lists(st.one_of(PATCH, APPLY), min_size=1, max_size=4))
def test_push_then_pop_gives_back_the_identical_board_and_its_analysis(data, actions):
    """The core's typed changes (`Position.push`: a payment or a patch) popped in reverse
    give back each board before them: the same JSON, the very resolved board with its
    analysis, the same answers; a refused push changes nothing."""
    position = Position(copy.deepcopy(data), DB)
    pushed = []
    for action in actions:
        before_json, before = copy.deepcopy(position.data), position.resolved
        answer = api.produce(before, db=DB)  # analysed before the change
        analysis = before.analyses.production
        try:
            if action[0] == "patch":
                position.push([edit_from_json(op, "ops[%d]" % i) for i, op in enumerate(action[1])])
            else:
                best = api.pay(before, action[1], mode="best", db=DB)["best"]
                if best is None:
                    continue
                position.push(payment_value(best))
        except InputError:
            assert position.data == before_json and position.resolved is before
            continue
        pushed.append((before_json, before, analysis, answer))
    assert position.depth == len(pushed)
    while pushed:
        before_json, before, analysis, answer = pushed.pop()
        position.pop()
        assert position.data == before_json
        assert position.resolved is before and before.analyses.production is analysis
        assert api.produce(position.resolved, db=DB) == answer


def _example_session() -> PlayBoard:
    from tests.support.boards import board

    return PlayBoard(board(("f1", "Forest"), ("f2", "Forest"), ("w", "Adarkar Wastes"), ("elf", "Llanowar Elves"),
                           ("s", "Azorius Signet"), player="a", opponents=["b"]))


def test_a_tap_rebuilds_one_permanent_and_carries_the_analysis_and_the_entries_over():
    b = _example_session()
    assert b.payable("{2}{G}")
    before = b.resolved
    b.patch([{"op": "tap", "id": "f1"}])
    after = b.resolved
    assert after.derived.parent() is before and after.derived.touched == {"permanent.tapped"}
    shared = {p.id for p, q in zip(before.permanents, after.permanents) if p is q}
    assert shared == {"f2", "w", "elf", "s"}
    assert b.payable("{2}{G}")
    assert production.carried_from(after) is before
    assert production.analyse(after).abilities is production.analyse(before).abilities
    (key, old), = ((k, v) for k, v in before.analyses.resources.items())
    new = after.analyses.resources[key]
    assert {pid for pid in new.entries if new.entries[pid] is old.entries[pid]} >= {"f2", "w", "s"}


def test_a_change_the_analysis_reads_builds_it_again():
    b = _example_session()
    b.payable("{G}")
    b.patch([{"op": "counters", "id": "s", "counter": "charge", "add": 1}])
    assert b.resolved.derived.touched == {"permanent.counters"}
    assert production.carried_from(b.resolved) is None


def test_a_change_derive_does_not_cover_resolves_the_whole_board():
    b = _example_session()
    b.patch([{"op": "set", "id": "elf", "field": "type", "value": "Artifact Creature — Elf"}])
    assert b.resolved.derived is None
    b.patch([{"op": "step", "step": "upkeep"}])
    assert b.resolved.derived.touched == {"board.step"}


def test_an_applied_payment_is_derived_and_a_sacrifice_removes_one_permanent():
    from tests.support.boards import board

    b = PlayBoard(board(("f1", "Forest"), ("alt", "Ashnod's Altar"), ("bear", "Grizzly Bears"),
                        ("w", "Adarkar Wastes"), player="a", opponents=["b"]))
    answer = b.best("{C}{C}{W}")
    b.apply(answer)
    touched = b.resolved.derived.touched
    assert "permanent.tapped" in touched and "player.life" in touched
    assert "permanent.removed" in touched and "player.graveyard" in touched
    assert b.to_json()["players"][0]["graveyard"] == ["Grizzly Bears"]


@pytest.mark.parametrize("taps", [0, 1, 2], ids=["untouched", "tapped", "tapped-twice"])
def test_a_move_onto_the_battlefield_with_an_id_already_used_is_refused(taps):
    # A Forest from the hand with new_id "p0", the id of the Forest already there: a board
    # file listing that id twice is refused, so is the patch (found unseeded by the test above).
    b = PlayBoard({"players": [{"name": "a", "battlefield": [{"id": "p0", "card": "Forest"}, {"id": "p1", "card": "Island"}],
                                "hand": ["Forest"]}]}, DB)
    for _ in range(taps):
        b.patch([{"op": "tap", "id": "p0"}])
    before = b.to_json()
    with pytest.raises(InputError, match=re.escape(
            "ops: the board after it is not valid: players[0].battlefield[2].id: id 'p0' used twice "
            "(first at players[0].battlefield[0])")):
        b.patch([{"op": "move", "from": "hand", "to": "battlefield", "card": "Forest", "new_id": "p0"}])
    assert b.to_json() == before and b.history_length == taps
