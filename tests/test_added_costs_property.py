"""Property test: a real card's optional sacrifice or tap (Bargain: Torch the Tower,
Casualty 1: Make Disappear, Conspire: Burn Trail) and Ninjutsu's returned attacker (Ninja
of the Deep Hours), paid through the card's locked total cost (`api.pay(card=...,
optional=[1])`, `ability="ninjutsu"`), are counted as the brute-force enumerator counts
them: every mana payment of the total (tests/support/bruteforce.py) times the ways to choose the
part's objects among those the payment leaves (tests/test_other_costs_property.py's
independent reading of each part)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from manasolve import api
from manasolve.models.mana import ManaCost
from tests.support.boards import loaded
from tests.support.bruteforce import brute_payments, choice_product
from tests.support.parts import brute_count

SOURCES = ["Mountain", "Mountain", "Island", "Island", "Birds of Paradise", "Llanowar Elves", "Sol Ring", "Grizzly Bears", "Raging Goblin",
           "Glorious Anthem", "Tinder Wall", "Blood Pet", "Kitesail Scout"]
# card -> (how it is paid, its locked total, the part's text)
CARDS = {
    "Torch the Tower": ({"optional": [1]}, "{R}", "Sacrifice an artifact, enchantment, or token"),
    "Make Disappear": ({"optional": [1]}, "{1}{U}", "Sacrifice a creature with power 1 or greater"),
    "Burn Trail": ({"optional": [1]}, "{3}{R}", "Tap two untapped creatures you control that share a color with it"),
    "Ninja of the Deep Hours": ({"ability": "ninjutsu"}, "{1}{U}",
                                "Return an unblocked attacker you control to its owner's hand"),
}


@st.composite
def scenarios(draw):
    n = draw(st.integers(2, 7))
    perms = [{"id": "p%d" % i, "card": draw(st.sampled_from(SOURCES)), "tapped": draw(st.integers(0, 3)) == 0,
              "sick": draw(st.integers(0, 3)) == 0, "token": draw(st.booleans()) and draw(st.booleans()),
              "unblocked": draw(st.booleans())} for i in range(n)]
    return perms, draw(st.sampled_from(sorted(CARDS)))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_card_optional_parts_count_as_brute_force(scenario):
    perms, name = scenario
    how, total, part = CARDS[name]
    step = "declare_blockers" if "ability" in how else "precombat_main"
    b = loaded(*perms, player="a", hand=[name], step=step)
    assume(choice_product(b) <= 20_000)
    answer = api.pay(b, card=name, mode="count", **how)
    assert answer["cost"] == total  # the mana of the locked total; the part is paid with it
    expected = sum(brute_count(b, ident, part) for ident in brute_payments(b, ManaCost.parse(total)))
    assert answer["count"] == expected
    assert answer["payable"] == (expected > 0)
    event("payable" if expected else "unpayable")
