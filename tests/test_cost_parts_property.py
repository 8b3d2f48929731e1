"""Property tests for the mana abilities with the cost parts, limits and conditions of
`oracle.ability_cost_parts` / `oracle.board_conditions`: on random small boards the
solver's count and grouped payments equal the brute-force enumerator's
(tests/support/bruteforce.py, which reads the same fields independently).

Cards: Mirrored Lotus ("{T}, Exile ~"), Grinning Ignus ("{R}, Return ~ to its owner's
hand", as a sorcery), Wall of Roots ("Put a -0/-1 counter on ~", once each turn, with
this turn's activations on the board), Deranged Assistant ("{T}, Mill a card": no mana
ability since CR 2026-08-07, 605.1a; with the library given or not), Diamond Kaleidoscope
("Sacrifice a Prism token", tokens among the permanents), Sceptre of Eternal Glory (three
lands with the same name), Glistening Sphere (an opponent's poison counters); Chromatic
Sphere and Skycloud Egg (no mana abilities since CR 2026-08-07, 605.1a) and Chromatic Star
(still one)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from manasolve.models.board import load_board
from manasolve.models.mana import ManaCost
from tests.support.boards import board
from tests.support.bruteforce import brute_payments, choice_product
from tests.support.properties import assert_counts_match

MAX_CHOICES = 20_000
WALL = "Put a -0/-1 counter on this creature: Add {G}. Activate only once each turn."
SOURCES = ["Forest", "Forest", "Island", "Mountain", "Llanowar Elves", "Mirrored Lotus", "Grinning Ignus", "Wall of Roots",
           "Deranged Assistant", "Diamond Kaleidoscope", "Prism", "Sceptre of Eternal Glory", "Glistening Sphere",
           "Ashnod's Altar", "Chromatic Sphere", "Skycloud Egg", "Chromatic Star"]
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{G/U}"]


def _permanent(i: int, card: str, draw) -> dict:
    perm: dict = {"id": "p%d" % i, "card": card}
    if draw(st.booleans()) and draw(st.booleans()):
        perm["tapped"] = True
    if draw(st.booleans()):
        perm["sick"] = True
    if card == "Prism":  # a 0/1 Prism artifact creature token (Diamond Kaleidoscope's)
        perm.update(card="Memnite", type="Artifact Creature — Prism", token=True)
    if card == "Wall of Roots" and draw(st.booleans()):
        perm["activated"] = {WALL: 1}
    return perm


@st.composite
def scenarios(draw):
    n = draw(st.integers(0, 7))
    perms = [_permanent(i, draw(st.sampled_from(SOURCES)), draw) for i in range(n)]
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=4))) or "{0}"
    fields: dict = {}
    library = draw(st.sampled_from([None, 0, 10]))
    if library is not None:
        fields["library"] = library
    data = board(*perms, player="a", opponents=["b"], step=draw(st.sampled_from(["precombat_main", "upkeep"])),
                 **fields)
    data["players"][1]["poison"] = draw(st.integers(0, 4))
    return data, cost


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_new_cost_parts_match_brute_force(scenario):
    data, cost_text = scenario
    b = load_board(data)
    assume(choice_product(b) <= MAX_CHOICES)
    cost = ManaCost.parse(cost_text)
    expected = brute_payments(b, cost)
    assert_counts_match(b, cost, expected)
