"""The core's typed changes (`manasolve.solver.position.Position`): a payment or a patch
pushed and popped gives back the very board before it, its analysis included, on real
cards; what a push did is what ``board.apply`` answers."""

from __future__ import annotations

import copy

import pytest

from manasolve import api
from manasolve.models.board import InputError, load_board
from manasolve.models.board_edits import BoardEdit, EditKind, edit_from_json
from manasolve.models.carddb import default_db
from manasolve.models.payment import PaymentIn, payment_value
from manasolve.answers import done_json
from manasolve.session import PlayBoard
from manasolve.solver.carry_out import PaymentDone
from manasolve.solver.position import KEEP_RESOLVED, Position
from tests.support.boards import board

DB = default_db()


def _position(data: dict) -> Position:
    return Position(copy.deepcopy(data), DB)


def _answers(position: Position) -> tuple:
    """What a few questions answer about the position's board."""
    b = position.resolved
    return (api.produce(b, db=DB), api.pay(b, "{2}{G}", mode="count", db=DB), api.pay(b, "{G}{W}", mode="best", db=DB))


# Painland damage (605.3b), a sacrifice outlet, {T} abilities, summoning sickness, a pool.
PAINLAND_BOARD = board(("f", "Forest"), ("w", "Adarkar Wastes"), ("elf", "Llanowar Elves"), ("altar", "Ashnod's Altar"),
                       ("bears", "Grizzly Bears"), ("sig", "Azorius Signet"), player="a", opponents=["b"])


def test_push_then_pop_a_payment_gives_back_the_identical_board_and_its_analysis() -> None:
    position = _position(PAINLAND_BOARD)
    before_json, before = copy.deepcopy(position.data), position.resolved
    answers = _answers(position)  # asked, so analysed
    analysis = before.analyses.production
    best = api.pay(before, "{1}{W}{U}", mode="best", db=DB)["best"]
    done = position.push(payment_value(best))
    assert isinstance(done, PaymentDone) and done.tapped  # the board changed
    assert position.data != before_json and position.resolved is not before
    position.pop()
    assert position.data == before_json
    assert position.resolved is before and before.analyses.production is analysis
    assert _answers(position) == answers


def test_push_then_pop_a_patch_gives_back_the_identical_board_and_its_analysis() -> None:
    position = _position(PAINLAND_BOARD)
    before_json, before = copy.deepcopy(position.data), position.resolved
    answers = _answers(position)
    edits = [edit_from_json(op, "ops[%d]" % i) for i, op in enumerate([
        {"op": "tap", "id": "f"}, {"op": "move", "from": "battlefield", "to": "graveyard", "id": "elf"},
        {"op": "counters", "id": "altar", "counter": "charge", "add": 2}, {"op": "life", "add": -3}])]
    assert position.push(edits) is None
    assert _answers(position) != answers and position.data["players"][0]["graveyard"] == ["Llanowar Elves"]
    position.pop()
    assert position.data == before_json and position.resolved is before
    assert _answers(position) == answers


def test_a_painland_payment_pushed_does_what_board_apply_says_and_pops_back() -> None:
    position = _position(PAINLAND_BOARD)
    before = position.resolved
    payment = PaymentIn.model_validate({"announced": "{W}", "activations": [
        {"permanent": "w", "ability": "{T}: Add {W} or {U}. This land deals 1 damage to you.", "produces": "{W}"}]})
    done = position.push(payment)
    assert done is not None and done.tapped == ("w",) and done.life_lost == 1  # 605.3b: the painland's damage
    assert position.resolved.player("a").life == 19
    b = PlayBoard(PAINLAND_BOARD, DB)
    assert b.apply(payment.model_dump(by_alias=True, exclude_none=True)) == done_json(done)
    position.pop()
    assert position.resolved is before and position.resolved.player("a").life == 20


def test_a_refused_push_leaves_the_position_as_it_was() -> None:
    position = _position(PAINLAND_BOARD)
    before_json, before = copy.deepcopy(position.data), position.resolved
    payment = payment_value({"announced": "{G}", "activations": [
        {"permanent": "elf", "ability": "{T}: Add {G}.", "produces": "{G}"}]})
    board_with_sick_elf = copy.deepcopy(PAINLAND_BOARD)
    board_with_sick_elf["players"][0]["battlefield"][2]["sick"] = True
    sick = _position(board_with_sick_elf)
    with pytest.raises(InputError, match=r"^payment\.activations\[0\]\.permanent: elf is a creature with summoning "
                                         r"sickness \(302\.6\)$") as caught:
        sick.push(payment)
    assert caught.value.line() == "payment.activations[0].permanent: elf is a creature with summoning sickness (302.6)"
    assert sick.depth == 0
    with pytest.raises(InputError, match=r"^ops\[1\]\.id: no permanent with id 'nope'"):
        position.push([BoardEdit(EditKind.TAP, (("id", "f"),)), BoardEdit(EditKind.TAP, (("id", "nope"),))])
    assert position.data == before_json and position.resolved is before and position.depth == 0


def test_pop_with_nothing_pushed_is_one_line() -> None:
    with pytest.raises(InputError, match=r"^undo: nothing to undo$"):
        _position(PAINLAND_BOARD).pop()


def test_pops_past_the_kept_boards_resolve_the_same_board_again() -> None:
    position = _position(board(*[("f%d" % i, "Forest") for i in range(KEEP_RESOLVED + 2)], player="a"))
    before_json = copy.deepcopy(position.data)
    counts = []
    for i in range(KEEP_RESOLVED + 2):
        counts.append(api.pay(position.resolved, "{G}", mode="count", db=DB)["count"])
        position.push([edit_from_json({"op": "tap", "id": "f%d" % i}, "ops[0]")])
    for i in reversed(range(KEEP_RESOLVED + 2)):
        position.pop()
        assert api.pay(position.resolved, "{G}", mode="count", db=DB)["count"] == counts[i]
    assert position.data == before_json
    assert api.produce(position.resolved, db=DB) == api.produce(load_board(before_json, DB), db=DB)


def test_a_copy_pops_on_its_own() -> None:
    position = _position(PAINLAND_BOARD)
    position.push([edit_from_json({"op": "tap", "id": "f"}, "ops[0]")])
    other = position.copy()
    other.pop()
    assert other.depth == 0 and position.depth == 1
    assert position.data["players"][0]["battlefield"][0]["tapped"] is True
    assert "tapped" not in other.data["players"][0]["battlefield"][0]


def test_a_patch_error_of_an_earlier_operation_comes_before_a_later_operations_shape() -> None:
    # ops[0] names no permanent, ops[1] is no operation: applied in order, ops[0]'s error is the one
    b = PlayBoard(PAINLAND_BOARD, DB)
    with pytest.raises(InputError, match=r"^ops\[0\]\.id: no permanent with id 'nope'"):
        b.patch([{"op": "tap", "id": "nope"}, {"op": "x"}])
    with pytest.raises(InputError, match=r"^ops\[1\]\.op: unknown operation \"x\""):
        b.patch([{"op": "tap", "id": "f"}, {"op": "x"}])
    assert b.history_length == 0


def test_cards_a_non_mana_part_exiles_from_the_graveyard_are_listed_once():
    """Skaab Ruinator's "exile three creature cards from your graveyard" (601.2h): each card
    the part exiles is listed once under `exiled` (it was listed twice: once as the part
    took it, once as it left the graveyard), and the graveyard keeps none of them."""
    b = board(*[("i%d" % k, "Island") for k in range(5)], hand=["Skaab Ruinator"],
              graveyard=["Grizzly Bears", "Llanowar Elves", "Eternal Witness", "Lightning Bolt"])
    best = api.pay(b, card="Skaab Ruinator", mode="best")["best"]
    played = PlayBoard(b)
    done = played.apply(best)
    chosen = best["other_costs"][0]["chosen"]
    assert sorted(done["exiled"]) == sorted(chosen) and len(chosen) == 3
    assert played.to_json()["players"][0]["graveyard"] == ["Lightning Bolt"]
