"""Property test: Emerge (702.119a) adds a payment choice, the creature sacrificed, whose
mana value reduces the total.  The solver's count, listing, payable and best answers over
every choice equal an independent count: for each creature the player controls, every
brute-force payment (tests/support/bruteforce.py) of the emerge cost reduced by its mana value
(generic mana only, 118.7a) in which that creature was not already sacrificed for mana."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from manasolve import api
from manasolve.models.board import load_board
from manasolve.models.mana import ManaCost
from tests.support.boards import board
from tests.support.bruteforce import brute_payments, choice_product

PERMANENTS = ["Forest", "Plains", "Llanowar Elves", "Birds of Paradise", "Blood Pet", "Grizzly Bears",
              "Tinder Wall", "Sol Ring", "Ashnod's Altar", "Kitesail Scout", "Phyrexian Walker"]
EMERGE_COSTS = ["{2}{G}", "{3}", "{1}{G}{G}", "{4}{W}", "{G}"]


def _emerger(cost: str) -> dict:
    return {"name": "Test Emerger", "manaCost": "{6}{G}", "type": "Creature — Eldrazi", "types": ["Creature"],
            "subtypes": ["Eldrazi"], "text": "Emerge %s" % cost, "power": "5", "toughness": "5"}


def _reduced(cost: str, by: int) -> ManaCost:
    """The cost with `by` less generic mana, never below zero (118.7a), written afresh."""
    generic = sum(int(n) for n in re.findall(r"\{(\d+)\}", cost))
    rest = "".join(re.findall(r"\{[^\d}]+\}", cost))
    left = max(0, generic - by)
    return ManaCost.parse(("{%d}" % left if left else "") + rest or "{0}")


def _sacrificed_for_mana(board, ident) -> set[str]:
    """Permanents a brute-force payment sacrificed while making mana (to an outlet, or as
    its own ability's cost)."""
    _, acts, _ = ident
    out = {h.split(":", 1)[1] for a in acts for h in a[3] if h.startswith("sacrificed:")}
    return out | {a[0] for a in acts if a[0] != "pool" and any(
        ab.text == a[1] and ab.cost.sacrifice_self for ab in board.get(a[0]).card.intrinsic_mana_abilities())}


@st.composite
def scenarios(draw):
    n = draw(st.integers(1, 6))
    perms = [{"id": "p%d" % i, "card": draw(st.sampled_from(PERMANENTS)), "tapped": draw(st.booleans()) and draw(st.booleans()),
              "sick": draw(st.booleans())} for i in range(n)]
    return perms, draw(st.sampled_from(EMERGE_COSTS))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
@example(([{"id": "p0", "card": "Llanowar Elves"}, {"id": "p1", "card": "Forest"}, {"id": "p2", "card": "Forest"}],
          "{2}{G}"))
@example(([{"id": "p0", "card": "Blood Pet"}, {"id": "p1", "card": "Grizzly Bears"}, {"id": "p2", "card": "Forest"}],
          "{3}"))
@example(([{"id": "p0", "card": "Ashnod's Altar"}, {"id": "p1", "card": "Grizzly Bears"},
           {"id": "p2", "card": "Llanowar Elves"}], "{3}"))
def test_emerge_counts_match_brute_force(scenario):
    perms, cost = scenario
    data = board(*perms, player="a", hand=["Test Emerger"], cards=[_emerger(cost)])
    loaded = load_board(data)
    assume(choice_product(loaded) <= 20_000)
    creatures = [p for p in loaded.controlled_by("a") if p.is_creature]
    expected = sum(1 for c in creatures
                   for ident in brute_payments(loaded, _reduced(cost, c.mana_value))
                   if c.id not in _sacrificed_for_mana(loaded, ident))
    if not creatures:
        answer = api.pay(data, card="Test Emerger", alt="emerge", mode="count")
        assert answer["castable_now"] is False and answer["count"] == 0
        return
    answer = api.pay(data, card="Test Emerger", alt="emerge", mode="count")
    assert answer["count"] == expected
    assert answer["payable"] == (expected > 0)
    assert api.pay(data, card="Test Emerger", alt="emerge")["payable"] == (expected > 0)
    listed = api.pay(data, card="Test Emerger", alt="emerge", mode="all", limit=None)
    assert sum(g["multiplicity"] for g in listed["payments"]) == expected
    best = api.pay(data, card="Test Emerger", alt="emerge", mode="best")
    assert best["payable"] == (expected > 0)
    if expected:
        (chosen,) = best["best"]["sacrificed"]
        spent = {a["permanent"] for a in best["best"]["activations"] if "Sacrifice this" in a["ability"]}
        spent |= {a["sacrificed"] for a in best["best"]["activations"] if "sacrificed" in a}
        assert chosen not in spent  # a creature sacrificed for mana can't be sacrificed again
        mv = loaded.get(chosen).mana_value
        assert best["total"].startswith(str(_reduced(cost, mv)))
