"""Property test: totals with a non-mana part (tap creatures, sacrifice, return, exile from
the graveyard, collect evidence, discard) counted by the solver equal an independent count:
every brute-force mana payment (tests/support/bruteforce.py) times the ways to choose the part's
objects among those that payment leaves available (601.2g mana abilities first, then
601.2h the rest of the total cost)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.models.oracle.costs import read_non_mana_part
from manasolve.solver.other_costs import parse_parts
from manasolve.models.request import CostKeywords
from manasolve.solver.payable import CostToPay, payable
from tests.support.boards import loaded
from tests.support.bruteforce import brute_or_assume, choice_product
from tests.support.paying import pay
from tests.support.parts import PARTS, brute_count, mana_value

SOURCES = ["Forest", "Plains", "Llanowar Elves", "Birds of Paradise", "Blood Pet", "Buried Treasure",
           "Dwarven Ruins", "Tinder Wall", "Kitesail Scout", "Sol Ring", "Springleaf Drum", "Cylian Elf",
           "Ashnod's Altar", "Grizzly Bears", "Raging Goblin", "Glorious Anthem"]
GRAVEYARD = ["Think Twice", "Forest", "Treasure Cruise", "Kitesail Scout"]


CASTING = "Burn Trail"  # the red spell a part that shares its colour is paid for


@st.composite
def scenarios(draw):
    n = draw(st.integers(0, 6))
    perms = [{"id": "p%d" % i, "card": draw(st.sampled_from(SOURCES)), "tapped": draw(st.booleans()) and draw(st.booleans()),
              "sick": draw(st.booleans()), "token": draw(st.booleans()) and draw(st.booleans()),
              "unblocked": draw(st.booleans())} for i in range(n)]
    cost = "".join(draw(st.lists(st.sampled_from(["{1}", "{G}", "{W}", "{B}", "{R}", "{G/W}"]), max_size=3))) or "{0}"
    graveyard = draw(st.lists(st.sampled_from(GRAVEYARD), max_size=min(3, 8 - n)))
    hand = draw(st.lists(st.sampled_from(["Forest", "Think Twice", "Elvish Spirit Guide"]), max_size=2))
    part = draw(st.sampled_from(sorted(PARTS)))
    flags = draw(st.sampled_from([(False, False), (True, False), (False, True)]))
    return perms, cost, graveyard, hand, part, flags


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
@example(([{"id": "p0", "card": "Llanowar Elves"}, {"id": "p1", "card": "Kitesail Scout"}], "{G}", [], [],
          "Tap an untapped creature you control", (False, False)))
@example(([{"id": "p0", "card": "Blood Pet"}, {"id": "p1", "card": "Tinder Wall"}], "{B}", [], [],
          "Sacrifice a creature", (False, False)))
@example(([{"id": "p0", "card": "Forest"}], "{1}{G}", ["Forest", "Kitesail Scout", "Think Twice"], [],
          "Collect evidence 4", (False, True)))
@example(([{"id": "p0", "card": "Llanowar Elves"}], "{0}", [], [], "Tap any number of untapped creatures you control",
          (False, False)))
def test_other_cost_counts_match_brute_force(scenario):
    perms, cost_text, graveyard, hand, part, (convoke, delve) = scenario
    board = loaded(*perms, player="a", graveyard=graveyard, hand=hand)
    cost = ManaCost.parse(cost_text)
    assume(choice_product(board, convoke=convoke) <= 20_000)  # sacrifice outlets multiply choices
    parts = parse_parts(board, "a", [read_non_mana_part(part)], casting=CASTING)
    expected = sum(brute_count(board, ident, part)
                   for ident in brute_or_assume(board, cost, convoke=convoke, delve=delve))
    what = CostToPay(cost, keywords=CostKeywords(convoke=convoke, delve=delve), parts=tuple(parts))
    answer = pay(board, what)
    assert answer["count"] == expected
    assert answer["payable"] == (expected > 0)
    assert payable(board, what) == (expected > 0)
    listed = pay(board, what, mode="all", limit=None)
    assert sum(g["multiplicity"] for g in listed["payments"]) == expected
    best = pay(board, what, mode="best")
    assert best["payable"] == (expected > 0)
    if expected:
        _check_best_choice(board, best["best"], part)


def _check_best_choice(board, best: dict, part: str) -> None:
    """The objects --best gives up are ones its own mana payment leaves available."""
    kind, k, which = PARTS[part]
    (chosen_part,) = best["other_costs"]
    chosen = chosen_part["chosen"]
    used = {a["permanent"] for a in best["activations"]} | {t["permanent"] for t in best["tapped_for_cost"]}
    sacrificed = {a["permanent"] for a in best["activations"] if "Sacrifice this" in a["ability"]}
    sacrificed |= {a["sacrificed"] for a in best["activations"] if "sacrificed" in a}
    used |= sacrificed
    delved = set(best.get("exiled_for_delve", []))
    assert len(set(chosen)) == len(chosen)
    if kind == "tap":
        assert not set(chosen) & used
    if kind == "remove":
        assert not set(chosen) & sacrificed
    if which == "graveyard":
        assert not set(chosen) & delved
    if which in ("hand", "green in hand"):
        assert not set(chosen) & used  # a card exiled for mana is gone
    if kind == "evidence":
        assert sum(mana_value(board, c.split(":", 1)[1]) for c in chosen) >= k
    elif k is not None:
        assert len(chosen) == k


def test_battle_screech_flashback_taps_creatures_that_did_not_make_mana():
    # Flashback—Tap three untapped white creatures you control: four Scouts, C(4,3) = 4.
    perms = [{"id": "s%d" % i, "card": "Kitesail Scout"} for i in range(4)]
    board = loaded(*perms, player="a", graveyard=["Battle Screech"])
    answer = pay(board, CostToPay(ManaCost.parse("{0}"), parts=tuple(parse_parts(board, "a", [
        read_non_mana_part("Tap three untapped white creatures you control")]))))
    assert answer["count"] == 4


def test_tapped_for_mana_means_not_tapped_for_the_cost():
    # {G} from one of two Elves, then tap an untapped creature: the other Elf (1 way per
    # Elf paying) — 2 payments; the Elf that made the mana can't be the one tapped.
    board = loaded({"id": "e1", "card": "Llanowar Elves"}, {"id": "e2", "card": "Llanowar Elves"}, player="a")
    parts = parse_parts(board, "a", [read_non_mana_part("Tap an untapped creature you control")])
    assert pay(board, CostToPay(ManaCost.parse("{G}"), parts=tuple(parts)))["count"] == 2
    assert pay(board, CostToPay(ManaCost.parse("{G}{G}"), parts=tuple(parts)))["payable"] is False


def test_sacrificed_for_mana_means_not_sacrificed_again():
    # Blood Pet sacrificed for {B} can't also be the creature sacrificed for the cost, so
    # Tinder Wall is: one payment.
    board = loaded({"id": "pet", "card": "Blood Pet"}, {"id": "wall", "card": "Tinder Wall"}, player="a")
    parts = parse_parts(board, "a", [read_non_mana_part("Sacrifice a creature")])
    answer = pay(board, CostToPay(ManaCost.parse("{B}"), parts=tuple(parts)), mode="best")
    assert answer["best"]["sacrificed"] == ["wall"]
    assert pay(board, CostToPay(ManaCost.parse("{B}"), parts=tuple(parts)))["count"] == 1
