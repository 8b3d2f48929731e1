"""``plays`` asks every card of a hand on one set of resources where the spell changes
nothing of them (solver.resources.collect: the bare cost's resources, one Hall summary),
and each card's own resources where it does: a spend restriction (106.6) or a hand mana
source being cast (601.2a).  An activation's {T} board is derived from the board."""

from __future__ import annotations

from manasolve import api
from manasolve.solver.payable import cost_to_pay
from manasolve.solver.resources import collect
from manasolve.solver.total_cost import total_cost
from tests.support.inline import board, lands


def _payable(b, zone: str = "hand") -> dict[str, bool]:
    return {p["card"]: p["payable"] for p in api.plays(b)["plays"] if p["kind"] == "cast" and p["zone"] == zone}


def _resources(b, card: str):
    plan = total_cost(b, "alice", card, "hand")
    return collect(b, "alice", spell=cost_to_pay(b, plan).spell)


def test_601_2a_a_hand_mana_source_being_cast_is_not_in_the_shared_resources():
    # Elvish Spirit Guide {2}{G}: on the stack while it is paid, so it can't exile itself
    # from the hand for {G}; a second copy in the hand can.
    one = board(*lands("Forest", "Forest"), hand=["Elvish Spirit Guide", "Grizzly Bears"])
    assert _payable(one) == {"Elvish Spirit Guide": False, "Grizzly Bears": True}
    assert _resources(one, "Grizzly Bears") is collect(one, "alice")  # the bare cost's, shared
    assert _resources(one, "Elvish Spirit Guide") is not collect(one, "alice")
    two = board(*lands("Forest", "Forest"), hand=["Elvish Spirit Guide", "Elvish Spirit Guide", "Grizzly Bears"])
    assert _payable(two) == {"Elvish Spirit Guide": True, "Grizzly Bears": True}


def test_106_6_a_spend_restriction_keeps_each_spell_its_own_resources():
    # Ancient Ziggurat's mana only casts creature spells: Grizzly Bears, not Giant Growth.
    b = board(*lands("Ancient Ziggurat"), {"id": "bear", "card": "Grizzly Bears"}, hand=["Llanowar Elves", "Giant Growth"])
    assert _payable(b) == {"Llanowar Elves": True, "Giant Growth": False}
    assert _resources(b, "Llanowar Elves") is not collect(b, "alice")
    assert _payable(board(*lands("Ancient Ziggurat", "Forest"), {"id": "bear", "card": "Grizzly Bears"},
                          hand=["Llanowar Elves", "Giant Growth"])) == {"Llanowar Elves": True, "Giant Growth": True}


def test_107_5_an_activation_with_t_is_paid_without_its_source():
    # Mind Stone "{1}, {T}, Sacrifice: Draw a card": tapped for the cost, it can't make the {1}
    # (its tapped board is derived from the board: the same answer as a board loaded tapped).
    def draw(b) -> bool | None:
        return next(p["payable"] for p in api.plays(b)["plays"] if p.get("ability", "").startswith("{1}, {T}"))

    assert draw(board({"id": "stone", "card": "Mind Stone"})) is False
    assert draw(board({"id": "stone", "card": "Mind Stone"}, *lands("Forest"))) is True
    assert draw(board({"id": "stone", "card": "Mind Stone"}, *lands("Forest"), {"id": "t", "card": "Forest", "tapped": True})) is True
    assert draw(board({"id": "stone", "card": "Mind Stone"}, {"id": "f", "card": "Forest", "tapped": True})) is False
