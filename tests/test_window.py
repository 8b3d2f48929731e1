"""The priority window (issue 29): a board patched by a tap, an untap, a move, a counter or
floating mana answers as the same board built from scratch.  What a patch carries over
(`Position`'s typed tap, `resources.collect` moving only the changed permanents between
classes, `hall.summary` and its N(X) memos updated by one permanent's contribution) must
equal what a fresh load computes, and the payable answer must be the brute force's."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from manasolve.models.board import Board, load_board
from manasolve.models.board_changes import derive, retapped
from manasolve.models.board_edits import edit_from_json
from manasolve.models.mana import ManaCost
from manasolve.session import PlayBoard
from manasolve.solver import hall
from manasolve.solver.payable import CostToPay, payable
from manasolve.solver.position import apply_edits
from manasolve.models.request import CostKeywords
from manasolve.solver.resources import Resources, collect
from tests.support.boards import board
from tests.support.bruteforce import brute_or_assume

# Lands, dorks, rocks, Signets, a storage-like counter land, a creature that taps another
# for its cost (Springleaf Drum), convoke and improvise fodder.
CARDS = ["Forest", "Island", "Plains", "Tundra", "City of Brass", "Birds of Paradise", "Llanowar Elves", "Sol Ring",
         "Azorius Signet", "Vivid Meadow", "Springleaf Drum", "Grizzly Bears", "Ornithopter", "Command Tower"]
COSTS = ["{G}", "{W}{U}", "{2}{W}", "{1}{G}{U}", "{3}", "{W}{W}{U}{U}"]


def _state(b: Board) -> list:
    """What a board is, permanent by permanent and player by player (permanents compare
    by identity)."""
    return [(p.name, p.life, p.mana_pool, p.hand, p.graveyard, p.energy,
             [(perm.id, perm.state_key(), perm.buff, perm.attachments) for perm in p.battlefield]) for p in b.players]


def _classes(res: Resources) -> list:
    return [(c.ids, c.roles, c.indistinct) for c in res.classes]


def _memos_hold(s: hall.Summary) -> None:
    """Every N(X) the summary holds is the sum of its table's units reaching X."""
    for table, memo in zip(s.tables, s._n):
        for x, n in memo.items():
            assert n == sum(c for m, c in table.items() if m & x), x


def _normal(counts: dict[int, int]) -> dict[int, int]:
    return {m: n for m, n in counts.items() if n}


def _compare_with_scratch(pb: PlayBoard, convoke: bool, improvise: bool) -> Resources:
    """The resources (and their summary) of the patched board equal those of its JSON
    loaded afresh; returns the patched board's."""
    fresh_board = load_board(pb.to_json())
    assert _state(pb.resolved) == _state(fresh_board)
    got = collect(pb.resolved, "alice", convoke=convoke, improvise=improvise)
    fresh = collect(fresh_board, "alice", convoke=convoke, improvise=improvise)
    assert _classes(got) == _classes(fresh)
    assert (got.skipped, got.energy) == (fresh.skipped, fresh.energy)
    assert list(got.entries) == list(fresh.entries)
    s, t = hall.summary(got), hall.summary(fresh)
    assert [_normal(x) for x in s.tables] == [_normal(x) for x in t.tables]
    assert (s.activations, s.blocking, s.life) == (t.activations, t.blocking, t.life)
    _memos_hold(s)
    return got


@st.composite
def windows(draw):
    specs = [{"id": "p%d" % i, "card": draw(st.sampled_from(CARDS)), "tapped": draw(st.booleans())}
             for i in range(draw(st.integers(1, 6)))]
    for spec in specs:
        if spec["card"] == "Vivid Meadow":
            spec["counters"] = {"charge": draw(st.integers(0, 2))}
    ids = [s["id"] for s in specs]
    op = st.one_of(
        st.builds(lambda i: {"op": "tap", "id": i}, st.sampled_from(ids)),
        st.builds(lambda i: {"op": "untap", "id": i}, st.sampled_from(ids)),
        st.builds(lambda i, n: {"op": "counters", "id": i, "counter": "charge", "set": n}, st.sampled_from(ids),
                  st.integers(0, 2)),
        st.builds(lambda i: {"op": "move", "from": "battlefield", "to": "graveyard", "id": i}, st.sampled_from(ids)),
        st.builds(lambda c: {"op": "mana_pool", "add": c}, st.sampled_from(["{G}", "{U}"])))
    # each change: one op, or a few taps and untaps at once
    changes = draw(st.lists(st.one_of(st.lists(op, min_size=1, max_size=1), st.lists(
        st.builds(lambda i, t: {"op": "tap" if t else "untap", "id": i}, st.sampled_from(ids), st.booleans()),
        min_size=2, max_size=3)), min_size=1, max_size=6))
    return specs, changes, draw(st.sampled_from(COSTS)), draw(st.booleans()), draw(st.booleans())


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(windows())
def test_a_patched_board_answers_as_the_same_board_built_from_scratch(window):
    specs, changes, cost_text, convoke, improvise = window
    pb = PlayBoard(board(*specs, hand=["Llanowar Elves"]))
    cost = ManaCost.parse(cost_text)
    what = CostToPay(cost, keywords=CostKeywords(convoke=convoke, improvise=improvise))
    for c in COSTS[:3]:
        payable(pb.resolved, ManaCost.parse(c))  # the parent's summary built, so the child carries it
    history = [(pb.to_json(), pb.resolved)]
    carried = 0
    for ops in changes:
        before = collect(pb.resolved, "alice", convoke=convoke, improvise=improvise)
        hall.summary(before)
        try:
            pb.patch(ops)
        except Exception:  # a move of a permanent already gone, a counter it can't have: the patch is refused
            assert pb.to_json() == history[-1][0] and pb.resolved is history[-1][1]
            continue
        got = _compare_with_scratch(pb, convoke, improvise)
        carried += got.derived_from is not None and got.derived_from() is before
        assert payable(pb.resolved, what) == bool(brute_or_assume(pb.resolved, cost, convoke=convoke,
                                                                  improvise=improvise))
        history.append((pb.to_json(), pb.resolved))
    event("a collect carried over" if carried else "nothing carried")
    while len(history) > 1:  # undo restores exactly: the JSON and the very board before
        pb.undo()
        history.pop()
        assert pb.to_json() == history[-1][0] and pb.resolved is history[-1][1]


def test_a_tap_is_the_board_derive_builds_without_the_json_compared():
    data = board(("f", "Forest"), ("t", "Tundra"), {"id": "b", "card": "Birds of Paradise", "tapped": True},
                 {"id": "v", "card": "Vivid Meadow", "counters": {"charge": 2}}, opponents={"bob": [("i", "Island")]})
    before = load_board(data)
    after = {**data, "players": [dict(p) for p in data["players"]]}
    after["players"][0]["battlefield"] = [dict(e) for e in data["players"][0]["battlefield"]]
    after["players"][0]["battlefield"][0]["tapped"] = True
    after["players"][0]["battlefield"][2]["tapped"] = False
    typed, derived = retapped(before, {"f": True, "b": False, "t": False}), derive(before, data, after)
    assert derived is not None and _state(typed) == _state(derived) == _state(load_board(after))
    assert typed.derived.touched == derived.derived.touched == {"permanent.tapped"}
    assert typed.players[1] is before.players[1]  # an untouched player is shared
    assert typed.get("t") is before.get("t")  # already untapped: shared, as derive shares an unchanged entry


def test_the_json_of_a_tap_shares_what_it_does_not_change():
    pb = PlayBoard(board(("f", "Forest"), ("i", "Island"), opponents={"bob": [("m", "Mountain")]}))
    held = pb.position.data
    ops = [{"op": "tap", "id": "f"}, {"op": "untap", "id": "f"}, {"op": "tap", "id": "i"}]
    pb.patch(ops)
    now = pb.position.data
    # the JSON the operations write one by one, key order included
    applied = copy.deepcopy(held)
    apply_edits(applied, [edit_from_json(op, "ops[%d]" % i) for i, op in enumerate(ops)], pb.db)
    assert json.dumps(now) == json.dumps(applied)
    assert now["players"][1] is held["players"][1]
    assert now["players"][0]["battlefield"][0] == {"id": "f", "card": "Forest", "tapped": False}
    assert now["players"][0]["battlefield"][1] == {"id": "i", "card": "Island", "tapped": True}
    assert held["players"][0]["battlefield"][1] == {"id": "i", "card": "Island"}  # the board before: unchanged
    pb.undo()
    assert pb.to_json() == board(("f", "Forest"), ("i", "Island"), opponents={"bob": [("m", "Mountain")]})


def test_a_tap_moves_one_permanent_between_classes_in_the_order_a_fresh_collect_gives():
    # f1 leads the Forests' class; tapped, the class's first member is f2, after the
    # Island: the classes come in a new order, and the tapped Forest is in no class.
    pb = PlayBoard(board(("f1", "Forest"), ("i", "Island"), ("f2", "Forest"), ("b", "Birds of Paradise"),
                         ("f3", "Forest")))
    before = collect(pb.resolved, "alice")
    assert [c.ids for c in before.classes] == [["f1", "f2", "f3"], ["i"], ["b"]]
    pb.patch([{"op": "tap", "id": "f1"}])
    after = collect(pb.resolved, "alice")
    assert after.derived_from is not None and after.derived_from() is before  # carried over, not collected afresh
    assert [c.ids for c in after.classes] == [["i"], ["f2", "f3"], ["b"]]
    assert before.classes[0].ids == ["f1", "f2", "f3"]  # the board before keeps its classes (for undo)
    pb.patch([{"op": "untap", "id": "f1"}])
    assert [c.ids for c in collect(pb.resolved, "alice").classes] == [["f1", "f2", "f3"], ["i"], ["b"]]
    _compare_with_scratch(pb, False, False)


def test_a_creature_tapping_for_a_cost_collects_afresh():
    # Springleaf Drum taps an untapped creature: every creature gets that role, so tapping
    # the Drum changes every creature's class (collected afresh, and the same as fresh).
    pb = PlayBoard(board(("d", "Springleaf Drum"), ("e", "Llanowar Elves"), ("g", "Grizzly Bears"), ("f", "Forest")))
    assert payable(pb.resolved, ManaCost.parse("{G}{U}"))  # the Drum taps the Bears: {U}; the Elves: {G}
    pb.patch([{"op": "tap", "id": "d"}])
    _compare_with_scratch(pb, False, False)
    assert not payable(pb.resolved, ManaCost.parse("{G}{U}"))
    pb.undo()
    assert payable(pb.resolved, ManaCost.parse("{G}{U}"))
