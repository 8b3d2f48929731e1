"""The split count (solver/split_count.py: one-mana sources and Signets counted through
their summaries) against the general counter and the brute force, on random boards of
lands, Signets, Pentad Prisms (charge counters: activations that can't be told apart),
floating mana and Elvish Spirit Guides."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.solver.groups import counters
from manasolve.solver.resources import collect
from tests.support.boards import loaded
from tests.support.bruteforce import brute_or_assume, choice_product

LANDS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Tundra", "Underground Sea", "Badlands",
         "Taiga", "Savannah", "Jungle Shrine", "Crumbling Necropolis", "City of Brass", "Mana Confluence",
         "Snow-Covered Forest"]
SIGNETS = ["Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet", "Orzhov Signet",
           "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet"]
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{B/R}", "{2/W}", "{G/P}", "{B/P}"]
# The brute force tries every choice of every source: only on boards this small.
BRUTE_CHOICES = 20_000


@st.composite
def split_boards(draw, most: int):
    names = draw(st.lists(st.sampled_from(LANDS + SIGNETS * 2 + ["Pentad Prism"]), max_size=most))
    perms = [{"id": "p%d" % i, "card": name, "tapped": draw(st.integers(0, 5)) == 0,
              "counters": {"charge": draw(st.integers(0, 2))}} for i, name in enumerate(names)]
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), max_size=5))) or "{0}"
    pool = "".join(draw(st.lists(st.sampled_from(["{G}", "{U}", "{C}"]), max_size=2)))
    hand = draw(st.lists(st.just("Elvish Spirit Guide"), max_size=2))
    board = loaded(*perms, player="a", life=draw(st.integers(0, 6)), mana_pool=pool, hand=hand)
    return board, ManaCost.parse(cost)


def _split_counters(board, cost):
    per = counters(board, "a", cost.announcements(), collect(board, "a"))
    event("split count used" if all(c.split is not None for _, c in per) else "general counter")
    return per


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(split_boards(most=11))
def test_split_count_equals_the_general_counter(case):
    board, cost = case
    for _, c in _split_counters(board, cost):
        assert c.count() == c.general_count()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(split_boards(most=6))
def test_split_count_equals_the_brute_force(case):
    board, cost = case
    assume(choice_product(board) <= BRUTE_CHOICES)
    assert sum(c.count() for _, c in _split_counters(board, cost)) == len(brute_or_assume(board, cost))
