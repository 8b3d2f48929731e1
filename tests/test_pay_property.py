"""Property tests: on random small boards and costs, the solver's payable / count /
grouped payments equal an independent brute-force enumerator (tests/support/bruteforce.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.solver.groups import counters
from manasolve.models.request import CostKeywords
from manasolve.solver.payable import CostToPay, payable
from manasolve.solver.resources import SpellBeingCast, collect
from tests.support.boards import loaded
from tests.support.bruteforce import brute_or_assume
from tests.support.paying import pay
from tests.support.properties import (assert_best_is_brute, best_identity, brute_parts, listed_payments, scenario_board,
                                      scenarios)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_solver_matches_brute_force(scenario):
    board, cost, (convoke, improvise, delve), graveyard = scenario_board(scenario)
    # Casting a Treasure Cruise from the graveyard: that copy is on the stack (601.2a).
    cast_from = "Treasure Cruise" if delve and "Treasure Cruise" in graveyard else None
    expected = brute_or_assume(board, cost, convoke=convoke, improvise=improvise, delve=delve,
                              cast_from_graveyard=cast_from)
    res = collect(board, "a", convoke=convoke, improvise=improvise, delve=delve, casting_from_graveyard=cast_from)
    per = counters(board, "a", cost.announcements(), res)
    assert sum(c.count() for _, c in per) == len(expected)
    assert payable(board, CostToPay(cost, keywords=CostKeywords(convoke, improvise, delve),
                                    casting_from_graveyard=cast_from)) == bool(expected)
    assert listed_payments(per) == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(most=6))
@example(([{"id": "p0", "card": "Springleaf Drum", "tapped": False, "sick": False},
           {"id": "p1", "card": "Llanowar Elves", "tapped": False, "sick": True}], "{U}", 0,
          (False, False, False), [], "", [], 0))
@example(([{"id": "p0", "card": "Island", "tapped": False, "sick": False},
           {"id": "p1", "card": "Cylian Elf", "tapped": False, "sick": True}], "{1}{U}", 0,
          (True, False, True), ["Forest"], "{C}", ["Elvish Spirit Guide"], 1))
def test_best_payment_is_one_of_the_payments(scenario):
    board, cost, (convoke, improvise, delve), graveyard = scenario_board(scenario)
    expected = brute_or_assume(board, cost, convoke=convoke, improvise=improvise, delve=delve)
    answer = pay(board, CostToPay(cost, keywords=CostKeywords(convoke, improvise, delve)), mode="best")
    assert answer["payable"] == bool(expected)
    if expected:
        assert best_identity(answer["best"]) in {brute_parts(i) for i in expected}


# --- spend restrictions (106.6) ------------------------------------------------------------

RESTRICTED = ["Lilypad Village", "Somberwald Sage", "Hydro-Channeler", "Jegantha, the Wellspring",
              "Voldaren Estate", "Rosheen Meanderer", "Troyan, Gutsy Explorer", "Forest", "Island",
              "Azorius Signet", "Springleaf Drum", "Birds of Paradise",
              "Resonating Lute"]  # grants lands "{T}: Add two mana of any one color. Spend this mana only to cast instant ..."
SPELLS = [  # (type line, zone, via, mana value, has {X} in its mana cost, the cost paid has {X})
    ("Creature — Elf", "hand", "mana_cost", 2, False, False),
    ("Instant", "hand", "mana_cost", 1, False, False),
    ("Sorcery", "graveyard", "flashback", 5, True, True),
    ("Creature — Vampire", "hand", "mana_cost", 6, False, False),
    ("Artifact", "hand", "mana_cost", 0, True, True),
]


@st.composite
def restricted_scenarios(draw):
    n = draw(st.integers(0, 5))
    perms = [{"id": "p%d" % i, "card": draw(st.sampled_from(RESTRICTED)), "tapped": False,
              "sick": draw(st.booleans()) and draw(st.booleans())} for i in range(n)]
    cost = "".join(draw(st.lists(st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{G}", "{B}", "{C}", "{U/B}"]),
                                 max_size=4))) or "{0}"
    return perms, cost, draw(st.sampled_from(SPELLS)), draw(st.integers(0, 3))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(restricted_scenarios())
@example(([{"id": "p0", "card": "Somberwald Sage", "tapped": False, "sick": False},
           {"id": "p1", "card": "Azorius Signet", "tapped": False, "sick": False}], "{W}{U}",
          ("Creature — Elf", "hand", "mana_cost", 2, False, False), 20))
@example(([{"id": "p0", "card": "Jegantha, the Wellspring", "tapped": False, "sick": False}], "{1}{G}",
          ("Instant", "hand", "mana_cost", 1, False, False), 20))
def test_restricted_mana_matches_brute_force(scenario):
    perms, cost_text, spell, life = scenario
    board = loaded(*perms, player="a", life=life)
    cost = ManaCost.parse(cost_text)
    keys = ("type_line", "zone", "via", "mana_value", "has_x", "cost_has_x")
    expected = brute_or_assume(board, cost, spell=dict(zip(keys, spell)))
    cast = SpellBeingCast(*spell)
    answer = pay(board, CostToPay(cost, spell=cast), mode="all", limit=None)
    assert answer["count"] == len(expected)
    assert payable(board, CostToPay(cost, spell=cast)) == bool(expected)
    assert_best_is_brute(board, CostToPay(cost, spell=cast), expected)
