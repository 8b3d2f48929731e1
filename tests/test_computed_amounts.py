"""Issue 15's computed amounts, "for each" counts, colours among objects and chosen
colours, one named test per family with real cards: read from the oracle text, modelled
from what the board states, honoured by payable, count, best, produce and plays (the
property tests in test_amounts_property.py cross-check them against the brute force)."""

from __future__ import annotations

import pytest

from manasolve.api import pay, plays, produce
from manasolve.models.board import load_board
from manasolve.models.carddb import default_db
from manasolve.models.errors import InputError
from tests.support.boards import board


def _count(b: dict, cost: str) -> int:
    return pay(b, cost, mode="count")["count"]


def test_nykthos_adds_its_devotion_to_the_colour_chosen():
    # 700.5: Kitchen Finks's {G/W}{G/W} count for green and for white; Llanowar Elves {G}.
    b = board(("n", "Nykthos, Shrine to Nyx"), ("k", "Kitchen Finks"), ("e", "Llanowar Elves"), ("s", "Sol Ring"),
              hand=["Kitchen Finks"])
    assert produce(b)["permanents"]["n"] == ["W", "G", "C"]
    assert _count(b, "{G}{G}{G}{G}") == 1  # Sol Ring pays {2}, Nykthos adds {G}{G}{G}, the Elves {G}
    assert not pay(b, "{G}{G}{G}{G}{G}")["payable"]
    assert not pay(b, "{W}{W}{W}")["payable"]  # devotion to white is 2
    best = pay(b, "{W}{W}{G}", mode="best")["best"]
    assert {a["produces"] for a in best["activations"]} == {"{C}{C}", "{W}{W}", "{G}"}
    finks = [p for p in plays(b)["plays"] if p.get("card") == "Kitchen Finks"]
    assert finks and finks[0]["payable"]


def test_prismatic_geoscope_counts_basic_land_types_among_your_lands():
    b = board(("g", "Prismatic Geoscope"), ("f", "Forest"), ("i", "Island"), ("y", "Bayou"))
    assert _count(b, "{W}{W}{W}") == 1  # domain 3: Forest, Island, Swamp (Bayou's two types count once each)
    assert not pay(b, "{W}{W}{W}{W}")["payable"]
    assert produce(b)["permanents"]["g"] == ["W", "U", "B", "R", "G"]


def test_defenders_are_counted_by_overgrown_battlement_and_axebane_guardian():
    b = board(("o", "Overgrown Battlement"), ("a", "Axebane Guardian"), ("w", "Wall of Wood"), ("e", "Llanowar Elves"))
    assert pay(b, "{G}" * 6)["payable"]  # three defenders: {G}{G}{G} and three of any colours
    assert not pay(b, "{G}" * 8)["payable"]
    assert _count(b, "{W}{U}{B}") == 1  # only the Guardian makes white, blue and black


@pytest.mark.parametrize("drawn, payable", [(2, False), (3, True)])
def test_kydele_adds_a_colourless_mana_per_card_drawn_this_turn(drawn, payable):
    assert pay(board(("k", "Kydele, Chosen of Kruphix"), cards_drawn_this_turn=drawn), "{C}{C}{C}")["payable"] is payable


def test_accomplished_alchemist_adds_the_life_gained_this_turn():
    b = board(("a", "Accomplished Alchemist"), life_gained_this_turn=3)
    assert _count(b, "{B}{B}{B}") == 1 and not pay(b, "{B}{B}{B}{B}")["payable"]
    assert _count(board(("a", "Accomplished Alchemist")), "{B}") == 1  # its "one mana of any color"


def test_metalworker_reveals_any_number_of_artifact_cards():
    b = board(("m", "Metalworker"), hand=["Sol Ring", "Mox Amber", "Forest"])
    assert _count(b, "{C}{C}{C}{C}") == 1
    assert _count(b, "{2}") == 2  # reveal one ({C}{C}) or both ({C}{C}{C}{C}, two floating)
    assert not pay(b, "{5}")["payable"]


def test_counters_removed_or_put_decide_the_amount():
    b = board({"id": "k", "card": "Kyren Toy", "counters": {"charge": 2}},
              {"id": "r", "card": "Rasputin, the Oneiromancer", "counters": {"dream": 1}},
              {"id": "e", "card": "Empowered Autogenerator", "counters": {"charge": 1}})
    assert pay(b, "{C}" * 4 + "{G}{G}")["payable"]  # Kyren Toy X=2 -> 3, Rasputin 1, Autogenerator 1+1 green
    assert not pay(b, "{C}" * 5 + "{G}{G}")["payable"]
    empty = board(("r", "Rasputin, the Oneiromancer"))
    assert not pay(empty, "{C}")["payable"]  # "one or more" counters: none to remove
    assert produce(empty)["permanents"]["r"] == ["C"]  # 106.7 ignores the cost


def test_three_tree_city_counts_the_creatures_of_the_type_chosen_for_it():
    b = board({"id": "t", "card": "Three Tree City", "chosen": {"type": "Elf"}}, ("e", "Llanowar Elves"),
              ("c", "Changeling Outcast"), ("k", "Kitchen Finks"), ("s", "Sol Ring"))
    # an Elf and a changeling (702.73a): two mana of one colour; its {2} paid by Sol Ring alone
    # or by Sol Ring and the Elves (one mana left floating)
    assert _count(b, "{B}{B}") == 2
    assert not pay(b, "{B}{B}{B}")["payable"]
    unsaid = board(("t", "Three Tree City"), ("e", "Llanowar Elves"), ("s", "Sol Ring"))
    assert not pay(unsaid, "{B}")["payable"]  # no type chosen on the board: that mana is not made


def test_bloom_tender_adds_one_mana_of_each_colour_among_your_permanents():
    b = board(("t", "Bloom Tender"), ("k", "Kitchen Finks"))
    assert _count(b, "{W}{G}") == 1  # one activation makes {W}{G}
    assert not pay(b, "{W}{W}")["payable"]
    assert produce(b)["permanents"]["t"] == ["W", "G"]


def test_mox_amber_and_plaza_of_heroes_read_legendary_colours():
    alone = board(("m", "Mox Amber"), ("p", "Plaza of Heroes"))
    assert produce(alone)["permanents"]["m"] == []
    assert not pay(alone, "{W}")["payable"]  # Plaza's other "any color" mana is only for legendary spells
    b = board(("m", "Mox Amber"), ("p", "Plaza of Heroes"), ("k", "Kydele, Chosen of Kruphix"))
    assert produce(b)["permanents"]["m"] == ["U", "G"]
    assert _count(b, "{U}") == 2 and not pay(b, "{W}")["payable"]  # the Mox or the Plaza


def test_chrome_mox_makes_the_exiled_cards_colours():
    b = board({"id": "c", "card": "Chrome Mox", "exiled_with": ["Lightning Helix"]})
    assert produce(b)["permanents"]["c"] == ["W", "R"]
    assert pay(b, "{R}")["payable"] and not pay(b, "{G}")["payable"]
    assert produce(board(("c", "Chrome Mox")))["permanents"]["c"] == []  # nothing imprinted: no mana (106.5)


def test_desert_cenote_makes_the_colours_chosen_for_it():
    b = board({"id": "d", "card": "Desert Cenote", "chosen": {"colors": ["B", "U"]}})
    assert produce(b)["permanents"]["d"] == ["U", "B", "C"]
    assert _count(b, "{1}") == 3
    assert produce(board(("d", "Desert Cenote")))["permanents"]["d"] == ["C"]  # the board names none


@pytest.mark.parametrize("field, value, where", [
    ("chosen", {"colors": ["P"]}, "players[0].battlefield[0].chosen.colors[0]"),
    ("exiled_with", ["Lightning Helx"], "players[0].battlefield[0].exiled_with[0]"),
])
def test_bad_chosen_colours_and_exiled_cards_name_their_path(field, value, where):
    with pytest.raises(InputError) as err:
        load_board(board({"id": "c", "card": "Chrome Mox", field: value}))
    assert where in str(err.value)


# (Paliano, the High City's colours, chosen as it was drafted, are its board `chosen.colors`:
# tests/test_coverage_lines.py.)
@pytest.mark.parametrize("name", ["Chea, Friend to Maybe Too Many", "Jeweled Amulet"])
def test_amounts_the_board_cannot_state_stay_not_understood(name):
    card = default_db().get(name)
    assert card.not_understood, name


@pytest.mark.parametrize("name, why", [("Druid of the Sacred Beaker", "the board records no watermarks"),
                                       ("Soldevi Adnate", "the model reads one filter")])
def test_amounts_the_board_cannot_state_are_named_and_left_out_of_payments(name, why):
    # read exactly, the part beyond the model named (tests/test_unmodelled_mana_lines.py)
    (ab,) = default_db().get(name).mana_abilities
    assert any(why in u for u in ab.unmodelled) and any(e.startswith("unmodelled: ") for e in ab.extras)


def test_goldfish_bound_counts_the_colours_among_permanents():
    from manasolve.solver.goldfish import most_mana
    db = default_db()
    assert most_mana(db.get("Bloom Tender")) == 5  # one of each colour: up to five mana
    assert most_mana(db.get("Chrome Mox")) == 1
    assert most_mana(db.get("Metalworker")) is None  # the hand decides


def test_vhal_adds_its_toughness_in_colourless_not_for_spells_from_the_hand():
    b = board(("v", "Vhal, Candlekeep Researcher"), ("i", "Island"), graveyard=["Think Twice"], hand=["Think Twice"])
    flashback = pay(b, card="Think Twice", zone="graveyard", mode="best")  # {2}{U}
    assert flashback["payable"]
    assert {a["produces"] for a in flashback["best"]["activations"]} == {"{C}{C}{C}", "{U}"}  # toughness 3
    assert not pay(b, card="Think Twice")["payable"]  # {1}{U} from the hand: Vhal's mana can't pay it
