"""Property tests: on random small boards with effects of other permanents on mana
production (granted abilities, added land types, replacement effects, triggered mana
abilities of 605.1b), the solver's payable / count / grouped payments / best payment equal
the independent brute-force enumerator (tests/support/bruteforce.py, `_Effects`)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.solver.payable import CostToPay
from tests.support.boards import loaded
from tests.support.bruteforce import brute_payments, choice_product
from tests.support.properties import assert_best_is_brute, assert_counts_match

MAX_CHOICES = 3_000

# Referential abilities (Reflecting Pool) are not enumerated by the brute force.
SOURCES = ["Forest", "Swamp", "Island", "Mountain", "Plains", "Tundra", "Llanowar Elves",
           "Birds of Paradise", "Sol Ring", "Azorius Signet"]
EFFECTS = [  # one or two of these on the board, each with what it watches or grants
    "Crypt Ghast", "Leyline of Abundance", "Kinnan, Bonder Prodigy", "Lavaleaper", "Keeper of Progenitus",
    "Infernal Darkness", "Ritual of Subdual", "Pulse of Llanowar", "Stormtide Leviathan", "Rishkar, Peema Renegade",
    "Insidious Roots", "Mana Flare", "Mana Reflection", "Contamination", "Chromatic Lantern", "Damping Sphere",
    "Urborg, Tomb of Yawgmoth", "Nissa, Who Shakes the World", "Eloren Wilds", "Joraga Treespeaker",
    "Gauntlet of Power", "Galazeth Prismari", "Resonating Lute", "Prismatic Omen", "Swampbenders", "Realmwright",
]
RESOLVED = ["High Tide", "Bubbling Muck", "Pale Moon", "Deep Water", "Harvest Mage"]  # until end of turn
AURAS = ["Dawn's Reflection", "Nature's Embrace", "Wild Growth", "Market Festival", "Utopia Sprawl", "Shimmerwilds Growth",
         "Nylea's Presence"]
CHOSEN = st.one_of(st.none(), st.sampled_from("WUBRG").map(lambda c: {"color": c}),  # "the chosen color", if given
                   st.sampled_from(["Plains", "Island", "Swamp", "Mountain", "Forest"]).map(lambda t: {"type": t}))
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{B/G}"]


@st.composite
def scenarios(draw):
    n = draw(st.integers(1, 4))
    perms = []
    for i in range(n):
        card = draw(st.sampled_from(SOURCES))
        perm = {"id": "p%d" % i, "card": card, "tapped": draw(st.booleans()) and draw(st.booleans())}
        if card in ("Llanowar Elves", "Birds of Paradise"):
            perm["counters"] = {"+1/+1": draw(st.integers(0, 1))}
            perm["token"] = draw(st.booleans())
        perms.append(perm)
    for k, card in enumerate(draw(st.lists(st.sampled_from(EFFECTS), min_size=0, max_size=2))):
        perms.append({"id": "e%d" % k, "card": card, "controller": draw(st.sampled_from(["a", "b"])),
                      "counters": {"level": draw(st.integers(0, 6))}})  # Joraga Treespeaker's bands
    if draw(st.booleans()):
        perms.append({"id": "aura", "card": draw(st.sampled_from(AURAS)),
                      "attached_to": "p%d" % draw(st.integers(0, n - 1))})
    for perm in perms[n:]:
        chosen = draw(CHOSEN)
        if chosen:
            perm["chosen"] = chosen
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=3))) or "{0}"
    return perms, cost, draw(st.lists(st.sampled_from(RESOLVED), max_size=2))


def _board(perms, resolved=()):
    mine = [p for p in perms if p.get("controller", "a") == "a"]
    theirs = [{k: v for k, v in p.items() if k != "controller"} for p in perms if p.get("controller") == "b"]
    return loaded(*[{k: v for k, v in p.items() if k != "controller"} for p in mine], player="a",
                  opponents={"b": theirs}, **({"until_end_of_turn": list(resolved)} if resolved else {}))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(scenarios())
@example(([{"id": "p0", "card": "Swamp", "tapped": False}, {"id": "e0", "card": "Crypt Ghast", "controller": "a"},
           {"id": "e1", "card": "Infernal Darkness", "controller": "b"}], "{B}{B}", []))
@example(([{"id": "p0", "card": "Forest", "tapped": False}, {"id": "aura", "card": "Dawn's Reflection", "attached_to": "p0"},
           {"id": "e0", "card": "Pulse of Llanowar", "controller": "a"}], "{W}{U}{1}", ["Harvest Mage"]))
@example(([{"id": "p0", "card": "Llanowar Elves", "tapped": False, "counters": {"+1/+1": 1}, "token": True},
           {"id": "e0", "card": "Rishkar, Peema Renegade", "controller": "a"},
           {"id": "e1", "card": "Kinnan, Bonder Prodigy", "controller": "a"}], "{G}{G}{1}", []))
@example(([{"id": "p0", "card": "Island", "tapped": False}, {"id": "p1", "card": "Tundra", "tapped": False}],
          "{U}{U}{U}{U}", ["High Tide", "High Tide", "Pale Moon"]))
@example(([{"id": "p0", "card": "Forest", "tapped": False}, {"id": "p1", "card": "Tundra", "tapped": False},
           {"id": "aura", "card": "Utopia Sprawl", "attached_to": "p0", "chosen": {"color": "U"}},
           {"id": "e0", "card": "Gauntlet of Power", "controller": "b", "chosen": {"color": "W"}}], "{U}{W}{W}", []))
@example(([{"id": "p0", "card": "Island", "tapped": False},  # Utopia Sprawl on a land that is no Forest: nothing
           {"id": "aura", "card": "Utopia Sprawl", "attached_to": "p0", "chosen": {"color": "U"}}], "{U}{U}", []))
@example(([{"id": "p0", "card": "Llanowar Elves", "tapped": False},
           {"id": "e0", "card": "Joraga Treespeaker", "controller": "a", "counters": {"level": 4}}], "{G}{G}", []))
def test_effects_match_brute_force(scenario):
    perms, cost_text, resolved = scenario
    board = _board(perms, resolved)
    assume(choice_product(board, "a") <= MAX_CHOICES)
    cost = ManaCost.parse(cost_text)
    expected = brute_payments(board, cost, player="a")
    assert_counts_match(board, cost, expected)
    assert_best_is_brute(board, CostToPay(cost), expected)
