"""Real cards of the families "cost part not read", "activate only", "if ..., add ...
instead" and "other" of issue 15: what the reader makes of each line, and what the
payment solver does with it on a board (or the note saying it leaves it out)."""

from __future__ import annotations

import pytest

from manasolve.api import pay, produce
from manasolve.models.carddb import default_db
from manasolve.models.board import load_board
from manasolve.models.errors import InputError
from manasolve.solver.production import damage_dealt, mana_abilities
from tests.support.boards import board


def payable(cost: str, *perms, **fields) -> bool:
    return pay(board(*perms, **fields), cost)["payable"]


def ability(card: str, index: int = 0):
    return default_db().get(card).mana_abilities[index]


# --- cost parts ------------------------------------------------------------------------

def test_mirrored_lotus_exiles_itself_once():
    assert ability("Mirrored Lotus").cost.exile_self
    assert payable("{R}{R}{R}", ("m", "Mirrored Lotus"))
    assert not payable("{R}{R}{R}{R}", ("m", "Mirrored Lotus"))
    assert pay(board(("m", "Mirrored Lotus")), "{G}{G}{G}", mode="count")["count"] == 1


def test_grinning_ignus_returns_itself_only_at_sorcery_speed():
    ignus = {"id": "i", "card": "Grinning Ignus"}
    assert ability("Grinning Ignus").cost.return_self
    assert payable("{C}{C}", ("m", "Mountain"), ignus)  # {R} from the Mountain pays the Ignus: {C}{C}{R}
    assert not payable("{C}{C}", ("m", "Mountain"), ignus, step="upkeep")


def test_deranged_assistant_mills_so_it_is_no_mana_ability():
    """Its "Mill a card" cost is read; since CR 2026-08-07 (605.1a) that makes it no mana
    ability, so no payment uses it, library or not (tests/test_rules_605_1a.py)."""
    assistant = {"id": "d", "card": "Deranged Assistant"}
    assert ability("Deranged Assistant").cost.mill == 1 and not ability("Deranged Assistant").is_mana_ability
    assert not payable("{C}", assistant, library=30)


def test_diamond_kaleidoscope_sacrifices_prism_tokens_only():
    prism = {"id": "t1", "card": "Memnite", "type": "Artifact Creature — Prism", "token": True}
    not_token = {"id": "t2", "card": "Memnite", "type": "Artifact Creature — Prism"}
    assert ability("Diamond Kaleidoscope").cost.sacrifice == ("Prism", "Token")
    assert payable("{W}", ("k", "Diamond Kaleidoscope"), prism)
    assert not payable("{W}", ("k", "Diamond Kaleidoscope"), not_token)
    two = pay(board(("k", "Diamond Kaleidoscope"), prism, dict(prism, id="t3")), "{W}{U}", mode="count")
    assert two["count"] == 2  # which token makes the {W}


def test_tapping_other_permanents_is_read_and_left_out_with_a_note():
    meria, citanul = ability("Meria, Scholar of Antiquity"), ability("Citanul Stalwart")
    assert meria.cost.tap_untapped == ((1, (("non-Token", "Artifact"),)),)
    assert citanul.cost.tap_untapped == ((1, (("Artifact",), ("Creature",))),)
    answer = pay(board(("m", "Meria, Scholar of Antiquity"), ("s", "Sol Ring")), "{G}")
    assert not answer["payable"] and any("tap_untapped" in note for note in answer["not_modelled"])


@pytest.mark.parametrize("card, field, value", [
    ("Cadaverous Bloom", "exile_from_hand", 1), ("Jack-o'-Lantern", "exile_self_from_graveyard", True),
    ("Lion's Eye Diamond", "discard_hand", True), ("Wall of Roots", "put_counters", (("-0/-1", 1),)),
    ("Cryptex", "collect_evidence", 3),
    ("Master of Dark Rites", "sacrifice_other", True), ("The Food Court", "sacrifice_count", 3),
])
def test_cost_parts_read(card, field, value):
    assert getattr(ability(card).cost, field) == value


def test_forage_is_read():
    assert ability("Thornvault Forager", 1).cost.forage


def test_an_alchemy_card_names_itself_without_its_prefix():
    assert ability("A-Spell Satchel").cost.remove_counters == (("book", 1),)


# --- "Activate only ..." / "Activate no more than ..." ---------------------------------

@pytest.mark.parametrize("poison, ok", [(2, False), (3, True)])
def test_glistening_sphere_corrupted_needs_an_opponents_poison(poison, ok):
    data = board(("g", "Glistening Sphere"), opponents=["bob"])
    data["players"][1]["poison"] = poison
    assert pay(data, "{B}{B}{B}")["payable"] is ok


def test_wall_of_roots_once_each_turn_reads_this_turns_activations():
    text = "Put a -0/-1 counter on this creature: Add {G}. Activate only once each turn."
    assert payable("{G}", {"id": "w", "card": "Wall of Roots", "tapped": True, "sick": True})
    assert not payable("{G}", {"id": "w", "card": "Wall of Roots", "activated": {text: 1}})


def test_an_activated_text_the_card_does_not_have_is_an_input_error():
    with pytest.raises(InputError, match=r"battlefield\[0\]\.activated.*did you mean"):
        load_board(board({"id": "w", "card": "Wall of Roots", "activated": {"Put a counter: Add {G}.": 1}}))


def test_manaforge_cinder_no_more_than_three_times_is_read_and_not_guessed():
    assert ability("Manaforge Cinder").max_per_turn == 3
    answer = pay(board(("c", "Manaforge Cinder"), ("s", "Swamp")), "{R}")
    assert not answer["payable"] and any("max_per_turn" in note for note in answer["not_modelled"])


def test_sceptre_of_eternal_glory_needs_three_lands_with_one_name():
    three = [("f%d" % i, "Forest") for i in range(3)]
    assert payable("{U}{U}{U}", ("s", "Sceptre of Eternal Glory"), *three)
    assert not payable("{U}{U}{U}", ("s", "Sceptre of Eternal Glory"), *three[:2], ("i", "Island"))


# --- "If ..., add ... instead" -----------------------------------------------------------

def test_sarevoks_tome_with_the_initiative():
    assert not payable("{C}{C}", ("t", "Sarevok's Tome"))
    assert payable("{C}{C}", ("t", "Sarevok's Tome"), initiative=True)


def test_undermountain_adventurer_after_a_dungeon():
    elf = {"id": "u", "card": "Undermountain Adventurer"}
    assert not payable("{G}{G}{G}", elf)
    assert payable("{G}{G}{G}{G}{G}{G}", elf, dungeons_completed=1)


def test_tower_worker_with_the_named_workers():
    workers = [("m", "Mine Worker"), ("p", "Power Plant Worker")]
    assert payable("{C}{C}{C}", ("t", "Tower Worker"), *workers)
    assert not payable("{C}{C}{C}", ("t", "Tower Worker"), workers[0])


def test_brood_astronomer_with_a_charged_planet():
    planet = {"id": "p", "card": "Memnite", "type": "Artifact — Planet", "counters": {"charge": 12}}
    assert payable("{R}{R}{R}", ("b", "Brood Astronomer"), planet)
    assert not payable("{R}{R}{R}", ("b", "Brood Astronomer"), dict(planet, counters={"charge": 11}))


# --- other ---------------------------------------------------------------------------------

def test_tomb_of_urami_hurts_only_without_an_ogre():
    b = load_board(board(("t", "Tomb of Urami")))
    assert damage_dealt(b, b.get("t"), ability("Tomb of Urami")) == 1
    b = load_board(board(("t", "Tomb of Urami"), ("o", "Ogre Warrior")))
    assert damage_dealt(b, b.get("t"), ability("Tomb of Urami")) == 0


def test_meteor_crater_and_friends_make_the_colours_objects_have():
    crater = produce(board(("c", "Meteor Crater"), ("e", "Llanowar Elves"), ("b", "Birds of Paradise")))
    assert crater["permanents"]["c"] == ["G"]  # colours, not the mana the Birds could make
    grafstone = produce(board(("g", "Corrupted Grafstone"), graveyard=["Lightning Bolt", "Counterspell"]))
    assert grafstone["permanents"]["g"] == ["U", "R"]
    gate = produce(board(("r", "Reflective Gate"), opponents={"bob": [("s", "Serra Angel")]}))
    assert gate["permanents"]["r"] == ["W", "C"]


def test_farrelite_priest_rider_is_kept_and_its_repeats_not_guessed():
    priest = ability("Farrelite Priest")
    assert priest.effects and "four or more times" in priest.effects[0]
    b = load_board(board(("p", "Farrelite Priest")))
    assert mana_abilities(b, b.get("p")) == [priest]
