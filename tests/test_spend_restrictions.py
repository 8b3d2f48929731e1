"""Mana with a spend restriction (106.6) pays the spells it may pay, and only them; it
never pays an activation's cost inside the same payment."""

from __future__ import annotations

from functools import partial

from manasolve import api
from manasolve.answers import plays_json
from manasolve.solver.plays import plays_answer
from tests.support import boards


board = partial(boards.loaded, player="a")


def test_somberwald_sage_pays_creature_spells_only():
    # Sage: "{T}: Add three mana of any one color. Spend this mana only to cast creature
    # spells."  Llanowar Elves {G}: the Sage's GGG (one activation, one G spent) — 1 way.
    b = board(("sage", "Somberwald Sage"), hand=["Llanowar Elves", "Think Twice"])
    elves = api.pay(b, card="Llanowar Elves", mode="count")
    assert (elves["payable"], elves["count"]) == (True, 1)
    assert api.pay(b, card="Think Twice", mode="count")["payable"] is False  # an instant


def test_lilypad_village_blue_only_for_creatures():
    # {T}: Add {C}, or {T}: Add {U} (creature spells only).  Think Twice {1}{U} with an
    # Island: Island {U} + Village {C} — the Village's {U} can't pay an instant.
    b = board(("lv", "Lilypad Village"), ("i", "Island"), hand=["Think Twice"])
    assert api.pay(b, card="Think Twice", mode="count")["count"] == 1


def test_restricted_mana_never_funds_a_signet():
    # Azorius Signet's {1} is an ability's cost, not the spell: the Sage can't fund it.
    b = board(("sage", "Somberwald Sage"), ("sig", "Azorius Signet"), hand=["Llanowar Elves"])
    ans = api.pay(b, card="Llanowar Elves", mode="all")
    assert ans["count"] == 1 and all(a["permanents"] == ["sage"] for g in ans["payments"] for a in g["activations"])


def test_jegantha_mana_pays_colours_not_generic():
    # Think Twice {1}{U}: Jegantha's WUBRG pays the {U}, never the {1}: needs a Forest.
    assert api.pay(board(("j", "Jegantha, the Wellspring"), hand=["Think Twice"]),
                            card="Think Twice", mode="count")["payable"] is False
    ans = api.pay(board(("j", "Jegantha, the Wellspring"), ("f", "Forest"), hand=["Think Twice"]),
                           card="Think Twice", mode="count")
    assert ans["payable"] and ans["count"] == 1


def test_plays_use_restricted_mana_per_spell_and_cost_answers_say_why():
    b = board(("sage", "Somberwald Sage"), hand=["Llanowar Elves", "Think Twice"])
    casts = {p["card"]: p["payable"] for p in plays_json(plays_answer(b, None))["plays"] if p["kind"] == "cast"}
    assert casts == {"Llanowar Elves": True, "Think Twice": False}
    from manasolve.models.mana import ManaCost
    from tests.support.paying import pay
    bare = pay(b, ManaCost.parse("{G}"))
    assert bare["payable"] is False and any("spend restriction" in n for n in bare["not_modelled"])
