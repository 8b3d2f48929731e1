"""Property tests for computed amounts, colours among objects and chosen colours (issue
15): on random small boards of real cards whose mana depends on the board (devotion,
defenders, domain, cards drawn, life gained, counters, revealed cards, colours among
permanents / exiled cards, chosen colours), the solver's payable / count / every payment
/ best payment / could-produce equal the independent brute force (tests/support/bruteforce.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.solver.payable import CostToPay
from manasolve.solver.production import could_produce
from tests.support.boards import loaded
from tests.support.bruteforce import brute_could_produce, brute_payments, choice_product
from tests.support.properties import assert_best_is_brute, assert_counts_match

MAX_CHOICES = 6_000

# Each family's cards (the subject of a test) and cards that make their amounts move.
COUNTS = ["Nykthos, Shrine to Nyx", "Overgrown Battlement", "Axebane Guardian", "Brigid, Doun's Mind",
          "Selvala, Eager Trailblazer", "White Lotus Tile", "Alena, Kessig Trapper", "Powerstone Shard",
          "Prismatic Geoscope", "Three Tree City"]
HISTORY = ["Kydele, Chosen of Kruphix", "Accomplished Alchemist", "Metalworker", "Kyren Toy", "Rasputin, the Oneiromancer",
           "Astral Cornucopia", "Famous Museum", "Empowered Autogenerator"]
COLOURS = ["Bloom Tender", "Faeburrow Elder", "Tarnation Vista", "Mox Amber", "Plaza of Heroes", "Chrome Mox",
           "Desert Cenote"]
HELPERS = ["Forest", "Island", "Tundra", "Llanowar Elves", "Elvish Mystic", "Kitchen Finks", "Wall of Roots", "Sol Ring",
           "Kydele, Chosen of Kruphix", "Changeling Outcast"]
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{G/P}"]
EXILED = ["Lightning Helix", "Counterspell", "Llanowar Elves", "Sol Ring"]


@st.composite
def scenarios(draw, subjects: list[str]):
    n = draw(st.integers(1, 4))
    perms = []
    for i in range(n):
        card = draw(st.sampled_from(subjects if i == 0 or draw(st.booleans()) else HELPERS))
        perms.append({"id": "p%d" % i, "card": card,
                      "tapped": draw(st.booleans()) and draw(st.booleans()),
                      "sick": draw(st.booleans()) and draw(st.booleans()),
                      "entered_this_turn": draw(st.booleans()),
                      "counters": {"charge": draw(st.integers(0, 2)), "dream": draw(st.integers(0, 2)),
                                   "art": draw(st.integers(0, 1))},
                      "chosen": {"colors": draw(st.lists(st.sampled_from("WUBRG"), max_size=2, unique=True)),
                                 **draw(st.sampled_from([{}, {"type": "Elf"}, {"type": "Ouphe"}]))},
                      "exiled_with": draw(st.lists(st.sampled_from(EXILED), max_size=2))})
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4)))
    hand = draw(st.lists(st.sampled_from(["Sol Ring", "Mox Amber", "Forest"]), max_size=3))
    fields = {"cards_drawn_this_turn": draw(st.integers(0, 2)), "life_gained_this_turn": draw(st.integers(0, 2))}
    return perms, cost, hand, fields


def _board(scenario):
    perms, cost, hand, fields = scenario
    board = loaded(*perms, player="a", hand=hand, **fields)
    assume(choice_product(board) <= MAX_CHOICES)
    return board, ManaCost.parse(cost)


def _spec(pid: str, card: str, **state) -> dict:
    return {"id": pid, "card": card, "tapped": False, "sick": False, "entered_this_turn": False, "counters": {},
            "exiled_with": [], **state}


def _check(scenario) -> None:
    """Every question on the scenario's board equals the brute force."""
    board, cost = _board(scenario)
    expected = brute_payments(board, cost)
    assert_counts_match(board, cost, expected)
    assert_best_is_brute(board, CostToPay(cost), expected)
    made = could_produce(board)
    assert {pid: set(types) for pid, types in made.items()} == brute_could_produce(board, "a")


_SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                             HealthCheck.filter_too_much])


@_SETTINGS
@given(scenarios(COUNTS))
@example(([_spec("n", "Nykthos, Shrine to Nyx"), _spec("k", "Kitchen Finks"), _spec("f", "Forest"),
           _spec("s", "Sol Ring")], "{W}{W}{G}", [], {}))
@example(([_spec("w", "White Lotus Tile"), _spec("e", "Llanowar Elves"), _spec("m", "Elvish Mystic")], "{1}", [], {}))
@example(([_spec("t", "Three Tree City", chosen={"type": "Elf"}), _spec("e", "Llanowar Elves"),
           _spec("c", "Changeling Outcast"), _spec("s", "Sol Ring")], "{B}{B}", [], {}))
# No type chosen on the board: Three Tree City counts nothing, changelings included.
@example(([_spec("t", "Three Tree City"), _spec("f", "Forest"), _spec("c", "Changeling Outcast")], "{1}", [], {}))
@example(([_spec("a", "Alena, Kessig Trapper", entered_this_turn=True), _spec("k", "Kitchen Finks"),
           _spec("b", "Brigid, Doun's Mind")], "{R}", [], {}))
def test_counts_on_the_battlefield_match_brute_force(scenario):
    _check(scenario)


@_SETTINGS
@given(scenarios(HISTORY))
@example(([_spec("m", "Metalworker")], "{1}", ["Sol Ring", "Mox Amber"], {}))
@example(([_spec("k", "Kyren Toy", counters={"charge": 2}), _spec("r", "Rasputin, the Oneiromancer",
                                                                  counters={"dream": 2})], "{3}", [], {}))
@example(([_spec("k", "Kydele, Chosen of Kruphix"), _spec("a", "Accomplished Alchemist")], "{C}{G}", [],
          {"cards_drawn_this_turn": 2, "life_gained_this_turn": 2}))
def test_history_counters_and_revealed_cards_match_brute_force(scenario):
    _check(scenario)


@_SETTINGS
@given(scenarios(COLOURS))
@example(([_spec("b", "Bloom Tender"), _spec("k", "Kitchen Finks"), _spec("c", "Chrome Mox", exiled_with=["Lightning Helix"]),
           _spec("d", "Desert Cenote", chosen={"colors": ["U", "B"]})], "{W}{G}", [], {}))
def test_colours_among_and_chosen_colours_match_brute_force(scenario):
    _check(scenario)
