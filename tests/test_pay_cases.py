"""Named payment cases (issue 2) and the seed rulings about {T}, {Q} and sickness."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.board import load_board
from manasolve.models.mana import ManaCost
from manasolve.models.request import CostKeywords
from manasolve.solver.payable import CostToPay, payable
from tests.support.boards import loaded
from tests.support.paying import pay


board = loaded


def count(b, cost: str, convoke: bool = False, improvise: bool = False, delve: bool = False, **how) -> int:
    """The exact count of payments of `cost` (with those cost keywords, paid as CostToPay
    fields `how` say)."""
    what = CostToPay(ManaCost.parse(cost), keywords=CostKeywords(convoke, improvise, delve), **how)
    answer = pay(b, what)
    assert answer["payable"] == (answer["count"] > 0)
    assert payable(b, what) == answer["payable"]
    return answer["count"]


def test_greedy_tapper_counterexample_is_payable():
    # Lands W/U, U/B, U/B, W/G, R/G, R/G paying {W}{U}{U}{B}{R}{G}: a most-constrained
    # greedy tapper can paint itself into a corner; an exact solver must not.
    b = board("Tundra", "Underground Sea", "Underground Sea", "Savannah", "Taiga", "Taiga")
    # Taigas give R and G (2 ways), Savannah W, Tundra U, the Seas U and B (2 ways).
    assert count(b, "{W}{U}{U}{B}{R}{G}") == 4


@pytest.mark.parametrize("life, expected", [(1, 0), (2, 1), (3, 1)])
def test_phyrexian_symbol_needs_two_life(life, expected):
    # 107.4f / 119.4: 2 life only while life >= 2; paying down to 0 is legal.
    assert count(board("Forest", life=life), "{B/P}") == expected


@pytest.mark.parametrize("life, expected", [(1, 0), (3, 1), (4, 2)])
def test_each_phyrexian_symbol_is_its_own_two_life(life, expected):
    # {B/P}{B/P} with one Swamp: B + 2 life (life >= 2), or 4 life (life >= 4); BB needs two
    # Swamps. Identical symbols are announced as a multiset.
    assert count(board("Swamp", life=life), "{B/P}{B/P}") == expected


def test_phyrexian_announcement_and_life_in_answer():
    answer = pay(board("Forest", life=5), ManaCost.parse("{G}{W/P}"), mode="all")
    (only,) = answer["payments"]
    assert only["announced"] == "{G}" and only["life"] == 2


def test_sick_llanowar_elves_cannot_tap_for_mana():
    # 302.6: a creature's {T} ability needs it to be under control since the turn began.
    assert count(board({"card": "Llanowar Elves", "sick": True}), "{G}") == 0
    assert count(board({"card": "Llanowar Elves", "sick": False}), "{G}") == 1
    assert count(board({"card": "Llanowar Elves", "sick": True, "haste": True}), "{G}") == 1


def test_sick_land_is_not_affected():
    # 302.6 is about creatures: a land that just came under control taps for mana.
    assert count(board({"card": "Forest", "sick": True}), "{G}") == 1


def test_seed_tapped_permanent_cannot_pay_tap_cost():
    # Seed: "A permanent that's already tapped can't be tapped again to pay the cost."
    assert count(board({"card": "Forest", "tapped": True}), "{G}") == 0


def test_seed_untap_symbol_needs_a_tapped_permanent_and_no_sickness():
    # Seed: {Q} means "untap this permanent"; an untapped one can't pay it, and a
    # creature's {Q} ability has the same sickness rule as {T}.
    cards = [{"name": "Untap Druid", "manaCost": "{G}", "type": "Creature — Elf Druid", "types": ["Creature"],
              "text": "{Q}: Add {G}.", "power": "1", "toughness": "1"}]
    assert count(board({"card": "Untap Druid", "tapped": True}, cards=cards), "{G}") == 1
    assert count(board({"card": "Untap Druid", "tapped": False}, cards=cards), "{G}") == 0
    assert count(board({"card": "Untap Druid", "tapped": True, "sick": True}, cards=cards), "{G}") == 0


def test_signet_chain_counts_each_funded_activation():
    # Island pays Azorius Signet's {1}; either Signet's mana may pay the next one.
    b = board("Island", "Azorius Signet", "Dimir Signet")
    assert count(b, "{1}") == 4  # Island; Island+A; Island+D; Island+A+D (in some order)


def test_ring_of_signets_funds_nothing():
    assert count(board("Azorius Signet", "Dimir Signet"), "{1}") == 0
    assert not payable(board("Azorius Signet", "Dimir Signet"), ManaCost.parse("{1}"))


def test_signet_pays_two_colours_once_funded():
    assert count(board("Forest", "Azorius Signet"), "{W}{U}") == 1
    assert count(board("Azorius Signet"), "{W}{U}") == 0


def test_zero_cost_has_exactly_the_empty_payment():
    # 118.5: a cost of {0} is paid by acknowledging it.
    answer = pay(board("Forest", "Sol Ring"), ManaCost.parse("{0}"), mode="all")
    assert answer["count"] == 1 and answer["payable"]
    assert answer["payments"] == [{"multiplicity": 1, "announced": "{0}", "life": 0,
                                   "activations": [], "tapped_for_cost": []}]


def test_birds_paying_generic_is_five_payments():
    # The mana produced is part of a payment's identity (design.md).
    assert count(board("Birds of Paradise"), "{1}") == 5


def test_sol_ring_and_forest_may_float_one_colorless():
    # Sol Ring alone, or Sol Ring + Forest with one {C} floating; Forest's {G} is spent.
    assert count(board("Sol Ring", "Forest"), "{2}") == 2


def test_colorless_symbol_needs_colorless_mana():
    # 107.4c
    assert count(board("Forest"), "{C}") == 0
    assert count(board("Wastes"), "{C}") == 1


def test_snow_symbol_needs_snow_source():
    # 107.4h
    assert count(board("Forest"), "{S}") == 0
    assert count(board("Snow-Covered Forest"), "{S}") == 1


def test_mana_confluence_life_cost():
    assert count(board("Mana Confluence", life=0), "{R}") == 0
    assert count(board("Mana Confluence", life=1), "{R}") == 1


def test_springleaf_drum_may_tap_a_sick_creature():
    # The Drum's "tap an untapped creature you control" is not the creature's {T}.
    b = board("Springleaf Drum", {"card": "Llanowar Elves", "sick": True})
    assert count(b, "{U}") == 1
    answer = pay(b, ManaCost.parse("{U}"), mode="best")
    assert answer["best"]["tapped_for_cost"] == [{"permanent": "p1", "permanents": ["p1"], "use": 1, "for": "ability_cost"}]


def test_one_creature_is_never_used_twice():
    # Non-sick Elves: tap for {G}, or be tapped by the Drum, never both.
    b = board("Springleaf Drum", "Llanowar Elves")
    assert count(b, "{G}{G}") == 0
    assert count(b, "{G}") == 2  # Elves for {G}; or Drum (tapping Elves) for {G}


def test_filter_land_needs_mana_from_elsewhere():
    assert count(board("Mystic Gate"), "{W}{W}") == 0
    assert count(board("Mystic Gate", "Island"), "{W}{W}") == 1
    assert count(board("Mystic Gate", "Plains"), "{W}{W}") == 1


def test_forty_basics_seven_symbols_exact_count():
    b = board(*(["Forest"] * 8 + ["Plains"] * 8 + ["Island"] * 8 + ["Swamp"] * 8 + ["Mountain"] * 8))
    # One colour three times (5 * C(8,3) * 8^4) or two colours twice (10 * C(8,2)^2 * 8^3).
    assert count(b, "{2}{W}{U}{B}{R}{G}") == 5 * 56 * 8 ** 4 + 10 * 28 ** 2 * 8 ** 3


def test_groups_name_interchangeable_permanents_with_multiplicity():
    b = board("Forest", "Forest", "Forest", "Forest", "Llanowar Elves")
    answer = pay(b, ManaCost.parse("{2}{G}"), mode="all")
    assert answer["count"] == 10
    assert sorted(g["multiplicity"] for g in answer["payments"]) == [4, 6]
    six = next(g for g in answer["payments"] if g["multiplicity"] == 6)
    forests = next(a for a in six["activations"] if a["permanents"][0] == "p0")
    assert forests["permanents"] == ["p0", "p1", "p2", "p3"] and forests["use"] == 2


def test_best_uses_fewest_permanents_and_no_life():
    b = board("Mana Confluence", "Forest", "Sol Ring", life=20)
    answer = pay(b, ManaCost.parse("{1}{G}"), mode="best")
    used = {a["permanent"] for a in answer["best"]["activations"]}
    assert answer["best"]["life"] == 0 and "p0" not in used


def delve_board(graveyard, *perms, hand=("Treasure Cruise",)):
    """The permanents, with Treasure Cruise in hand and that graveyard to delve."""
    return loaded(*perms, hand=hand, graveyard=graveyard)


def test_delve_exiles_graveyard_cards_for_generic_mana():
    # 702.66a: each card exiled pays {1}; identical cards are interchangeable (a class).
    b = delve_board(["Forest", "Forest", "Think Twice"], "Island")
    answer = pay(b, CostToPay(ManaCost.parse("{2}{U}"), keywords=CostKeywords(delve=True)), mode="all")
    assert answer["count"] == 3  # Island + any two of the three cards
    assert all(g["exiled_for_delve"] for g in answer["payments"])
    assert count(b, "{2}{U}") == 0  # without delve, one Island is not enough


def test_delve_never_pays_colored_mana():
    assert count(delve_board(["Forest"] * 4), "{U}", delve=True) == 0


def test_card_cast_from_graveyard_cannot_exile_itself_for_delve():
    # 601.2a: the card is on the stack before costs are paid.
    b = delve_board(["Treasure Cruise"], "Island", hand=())
    assert count(b, "{1}{U}", delve=True) == 1  # another Treasure Cruise pays {1}
    assert count(b, "{1}{U}", delve=True, casting_from_graveyard="Treasure Cruise") == 0


def test_pay_card_with_delve_uses_the_graveyard():
    b = delve_board(["Think Twice"] * 7, "Island")
    answer = pay_card(b, "Treasure Cruise")
    assert answer["payable"] and answer["count"] == 1  # all seven cards and the Island


def pay_card(b, name):
    return api.pay(b, card=name, mode="count")


def pool_board(pool, *perms):
    """The permanents, with that mana floating in the pool."""
    return loaded(*perms, mana_pool=pool)


def test_floating_mana_is_one_resource_per_type():
    # 106.4: mana in the pool pays like any other; one {G} in the pool is like another.
    assert count(pool_board("{G}{G}"), "{1}{G}") == 1
    assert count(pool_board("{G}", "Forest"), "{G}") == 2  # the floating {G} or the Forest
    answer = pay(pool_board("{G}{U}"), ManaCost.parse("{G}"), mode="all")
    assert answer["payments"] == [{"multiplicity": 1, "announced": "{G}", "life": 0, "activations": [],
                                   "tapped_for_cost": [], "from_pool": [{"mana": "{G}", "use": 1}]}]


def test_floating_mana_can_fund_a_signet_and_is_spent_first_by_best():
    b = pool_board("{C}", "Azorius Signet", "Plains")
    # The {C} or the Plains pays the Signet's {1}; or the {C} does and the Plains pays {W}.
    assert count(b, "{W}{U}") == 3
    best = pay(b, ManaCost.parse("{W}{U}"), mode="best")["best"]
    assert best["from_pool"] == ["{C}"] and [a["permanent"] for a in best["activations"]] == ["p0"]


def test_sacrifice_additional_cost_multiplies_payments_by_choices():
    # Launch Party: "As an additional cost to cast this spell, sacrifice a creature." (118.8)
    # The creature tapped for mana may also be the one sacrificed (601.2g, then 601.2h).
    perms = [{"id": "s%d" % i, "card": "Swamp"} for i in range(4)]
    perms += [{"id": "elf", "card": "Llanowar Elves"}, {"id": "cyl", "card": "Cylian Elf"}]
    b = load_board({"players": [{"name": "alice", "battlefield": perms, "hand": ["Launch Party"]}]})
    answer = pay_card(b, "Launch Party")
    # Mana: the four Swamps, or three of them and the Elves (5 ways) x 2 creatures to sacrifice.
    assert answer["count"] == 10 and answer["sacrifice"]["ways"] == 2
    no_creature = load_board({"players": [{"name": "alice", "battlefield": perms[:4], "hand": ["Launch Party"]}]})
    answer = pay_card(no_creature, "Launch Party")
    assert answer["payable"] is False and answer["count"] == 0  # 118.3: nothing to sacrifice


def test_discard_additional_cost_counts_the_other_cards_in_hand():
    # Seize the Spoils: "As an additional cost to cast this spell, discard a card."  The
    # card being cast is on the stack (601.2a), so only the other three can be discarded.
    perms = [{"id": "m%d" % i, "card": "Mountain"} for i in range(3)]
    hand = ["Seize the Spoils", "Think Twice", "Think Twice", "Forest"]
    b = load_board({"players": [{"name": "alice", "battlefield": perms, "hand": hand}]})
    answer = pay_card(b, "Seize the Spoils")
    assert answer["count"] == 3 and answer["discard"]["ways"] == 3
    alone = load_board({"players": [{"name": "alice", "battlefield": perms, "hand": hand[:1]}]})
    assert pay_card(alone, "Seize the Spoils")["payable"] is False  # nothing left to discard


@pytest.mark.parametrize("perms, life, expected", [
    (("Wastes",), 20, 2),   # {C}+2 life, or 4 life; {C}{C} needs a second colourless source
    (("Wastes", "Wastes"), 20, 4),  # both Wastes; either one + 2 life; 4 life
    (("Forest",), 20, 1),   # a Forest can't pay {C}: only the 4 life
    (("Wastes", "Wastes"), 3, 3),   # 4 life is out of reach at 3 life
])
def test_colourless_phyrexian_symbol(perms, life, expected):
    # That Which Was Compleated prints {C/P}: {C} or 2 life (107.4f with colourless mana).
    assert count(board(*perms, life=life), "{C/P}{C/P}") == expected


def test_card_with_colourless_phyrexian_cost_loads():
    from manasolve.models.carddb import default_db
    card = default_db().get("That Which Was Compleated")
    assert str(card.mana_cost) == "{8}{C/P}{C/P}" and card.mana_cost.mana_value == 10
    assert card.color_set == ()


# --- sacrifice outlets: "Sacrifice a creature: Add {C}{C}." ---------------------------------

def test_elves_tapped_for_mana_then_sacrificed_to_ashnods_altar():
    # 601.2g: {T}: Add {G}, then the same Elves sacrificed for {C}{C}: {2}{G} is paid.
    b = board("Llanowar Elves", "Ashnod's Altar")
    assert count(b, "{2}{G}") == 1
    # {2}: sacrificed for {C}{C}; or tapped for {G} and then sacrificed ({G} and one {C}
    # spent, one {C} floats: no activation wasted).
    assert count(b, "{2}") == 2
    assert count(b, "{3}{G}") == 0


def test_each_altar_is_its_own_activation():
    # Two Altars, one creature: sacrificed to either — two payments (design.md identity).
    b = board("Ashnod's Altar", "Ashnod's Altar", "Kitesail Scout")
    assert count(b, "{2}") == 2
    answer = pay(b, ManaCost.parse("{2}"), mode="all")
    (only,) = answer["payments"]
    assert only["multiplicity"] == 2 and only["activations"][0]["sacrificed_to"] == ["p0", "p1"]


def test_sacrificed_creature_may_be_tapped_and_may_be_tapped_or_sick():
    # Sacrificing needs no untapped, unsick creature; Phyrexian Altar makes any colour.
    b = board("Phyrexian Altar", {"card": "Kitesail Scout", "tapped": True, "sick": True})
    assert count(b, "{U}") == 1 and count(b, "{1}") == 5  # five colours, each a payment


def test_skirk_prospector_may_sacrifice_itself():
    assert count(board("Skirk Prospector"), "{R}") == 1
    assert count(board("Skirk Prospector", "Kitesail Scout"), "{R}") == 1  # the Scout is no Goblin


def test_squandered_resources_adds_what_the_sacrificed_land_could_produce():
    # {W}: the Tundra tapped for {W}, or sacrificed for {W}.  {W}{U}: tapped for one of
    # them, then sacrificed for the other (two payments: the mana made differs).
    b = board("Squandered Resources", "Tundra")
    assert count(b, "{W}") == 2
    assert count(b, "{W}{U}") == 2
    assert count(b, "{G}") == 0


# --- "Remove a counter from ~" with {T}; "Activate only if ..." (602.5b) -------------------

def test_vivid_land_needs_a_charge_counter_for_any_colour():
    assert count(board({"card": "Vivid Meadow", "counters": {"charge": 1}}), "{G}") == 1
    assert count(board({"card": "Vivid Meadow", "counters": {"charge": 0}}), "{G}") == 0
    assert count(board({"card": "Vivid Meadow"}), "{W}") == 1  # its plain {T}: Add {W}


def test_tainted_field_needs_a_swamp():
    assert count(board("Tainted Field"), "{W}") == 0
    assert count(board("Tainted Field", "Swamp"), "{W}") == 1
    assert count(board("Tainted Field", "Swamp"), "{B}") == 2  # either source


def test_condition_entered_this_turn_or_control_a_basic_land():
    # Dark Fortress: "Activate only if this land entered this turn or if you control a basic
    # land" — the board's `entered_this_turn` (default false) or a basic land.
    assert count(board("Dark Fortress", "Forest"), "{R}") == 1
    assert count(board("Dark Fortress", "Savannah"), "{R}") == 0
    assert count(board({"card": "Dark Fortress", "entered_this_turn": True}, "Savannah"), "{R}") == 1


def test_elvish_spirit_guide_exiles_itself_from_hand_for_mana():
    # Each copy in hand is its own source (like graveyard cards for delve); the copy being
    # cast is on the stack (601.2a).  --best keeps cards in hand when a land can pay.
    b = load_board({"active_player": "alice", "players": [{"name": "alice", "hand": [
        "Elvish Spirit Guide", "Elvish Spirit Guide"], "battlefield": [{"id": "f", "card": "Forest"}]}]})
    assert count(b, "{G}{G}") == 3  # both Guides, or the Forest and either Guide
    best = pay(b, ManaCost.parse("{G}"), mode="best")["best"]
    assert [a["permanent"] for a in best["activations"]] == ["f"]
    assert api.pay(b, card="Elvish Spirit Guide", mode="count")["payable"] is False  # {2}{G} from 2 sources


def test_energy_pays_for_solar_transformer():
    # "{T}, Pay {E}: Add one mana of any color." — one energy counter: one of the two.
    def b(energy):
        return load_board({"players": [{"name": "a", "energy": energy, "battlefield": [
            {"id": "s1", "card": "Solar Transformer"}, {"id": "s2", "card": "Solar Transformer"}]}]})
    assert count(b(0), "{G}") == 0
    assert count(b(1), "{G}") == 2 and count(b(1), "{G}{U}") == 0
    assert count(b(2), "{G}{U}") == 2


def test_pentad_prism_activates_once_per_charge_counter():
    # "Remove a charge counter from this artifact: Add one mana of any color." — repeatable,
    # but each activation removes a counter: two counters, at most two activations; two
    # activations making the same colour can't be told apart (a multiset of colours).
    def prism(charge):
        return board({"card": "Pentad Prism", "counters": {"charge": charge}})
    assert count(prism(2), "{1}") == 5
    assert count(prism(2), "{2}") == 15  # multisets of two colours out of five
    assert count(prism(2), "{3}") == 0 and count(prism(0), "{G}") == 0
    answer = pay(prism(2), ManaCost.parse("{G}{G}"), mode="all")
    (group,) = answer["payments"]
    assert group["activations"] == [{"permanents": ["p0"], "use": 2, "ability": group["activations"][0]["ability"],
                                     "produces": "{G}"}]


def test_storage_land_and_mana_battery_remove_any_number_of_counters():
    # "{T}, Remove any number of storage counters: Add {G} for each counter removed" —
    # each number removed is its own activation: with 3 counters {G} is paid by G, GG or
    # GGG (the rest floats); Red Mana Battery adds one {R} more than the counters removed.
    trees = board({"card": "Hollow Trees", "counters": {"storage": 3}})
    assert count(trees, "{G}") == 3 and count(trees, "{G}{G}{G}") == 1 and count(trees, "{4}") == 0
    battery = board({"card": "Red Mana Battery", "counters": {"charge": 2}})
    assert count(battery, "{R}{R}{R}") == 1 and count(battery, "{R}") == 3
    assert count(board({"card": "Red Mana Battery"}), "{R}") == 1  # no counter: just {R}
