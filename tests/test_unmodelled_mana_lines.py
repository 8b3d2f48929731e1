"""Mana-ability lines read exactly whose meaning lies beyond the model (issue 25): the
cost and the mana are read, what the model cannot evaluate is named in
`ManaAbility.unmodelled` ("unless any player pays {1}", a coin flip, a spend restriction
on watermarks, a ticket prefix ...), so every payment leaves the ability out and says why
(never guessed), while `produce` still answers what it could add (106.7).  The brute force
(tests/support/bruteforce.py) reads independently which of them no payment relies on."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.carddb import default_db
from manasolve.models.mana import ManaCost
from tests.support.boards import board, loaded
from tests.support.bruteforce import brute_payments

ANY = [("W",), ("U",), ("B",), ("R",), ("G",)]


@pytest.mark.parametrize("card, options, why", [
    ("Rhystic Cave", ANY, "any player may pay {1} to stop its mana"),
    ("Mana Screw", [("C", "C")], "coin flip (705)"),
    ("Black Tulip", [(c, c, c) for c in "WUBRG"], "begun their sixth turn of the game"),
    ("Mana Cache", [("C",)], "any player may activate it"),
    ("Temur Elevator", [("G",), ("U",), ("R",)], "city's blessing (702.131)"),
    ("Blustering Barnyard", ANY, "loses life equal to the number of barnyards"),
    ("Happy Dead Squirrel", [("C", "C")], "{TK}{TK} prefix (tickets"),
    ("Unique Charmed Pants", ANY, "{TK}{TK} prefix (tickets"),
    ("Watermarket", [("C", "C")], "spend restriction asks for watermarks"),
    ("Secret Base", ANY, "spend restriction asks for watermarks"),
    ("The Mystical Archive", None, "starting deck"),
    ("Underdome", ANY, "Un-costs"),
    ("Mishra's Toy Workshop", [("C", "C", "C")], "would create tokens"),
    ("______", ANY, "the player's own name"),
    ("A-Town", [("C",)], "city whose name starts with an A"),
    ("Command Mine", [], "two mana of the commander's colours"),
    ("Command Power Plant", [], "two mana of the commander's colours"),
    ("Druid of the Sacred Beaker", [("G",)], "Crossbreed Labs watermark"),
    ("The Secret Lair", ANY, "'Say the secret word'"),
    ("Selvala, Explorer Returned", [("G",)], "nonland card revealed"),
    ("Soldevi Adnate", [("B",)], "'Sacrifice a black or artifact creature'"),
])
def test_a_mana_line_beyond_the_model_is_read_with_what_it_leaves_out_named(card, options, why):
    """Each real card's line reads into one ManaAbility whose unmodelled part is named
    (and listed by `extras`, so the payment solvers leave it out); nothing of the line
    is left unread."""
    c = default_db().get(card)
    named = [ab for ab in c.mana_abilities if ab.unmodelled]
    assert len(named) == 1 and not [n for n in c.not_understood if "Add" in n.sentence], c.not_understood
    ab = named[0]
    assert any(why in u for u in ab.unmodelled), ab.unmodelled
    assert any(e.startswith("unmodelled: ") for e in ab.extras)
    if options is not None:
        assert list(ab.options) == options


@pytest.mark.parametrize("card, cost, could", [("Rhystic Cave", "{R}", ["W", "U", "B", "R", "G"]),
                                               ("Mana Screw", "{2}", ["C"]),
                                               ("Black Tulip", "{B}{B}{B}", ["W", "U", "B", "R", "G"])])
def test_pay_leaves_out_mana_no_payment_may_rely_on_and_names_it(card, cost, could):
    """Forest + Rhystic Cave: {R} is not payable (any player may pay {1} to stop the
    Cave's mana), and the answer names the Cave; the brute force agrees; `produce` still
    lists what the Cave could add (106.7)."""
    data = board(("f", "Forest"), ("x", card))
    answer = api.pay(data, cost)
    assert not answer["payable"]
    assert any(n.startswith("x: ") and "unmodelled: " in n and "left out" in n for n in answer["not_modelled"]), answer
    assert api.pay(data, cost, mode="count")["count"] == 0
    assert brute_payments(loaded(("f", "Forest"), ("x", card)), ManaCost.parse(cost)) == set()
    assert api.produce(data)["permanents"]["x"] == could  # 106.7: what it could add
