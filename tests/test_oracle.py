"""Oracle parser: templates one by one, self-references, reminder text, no crash on any
real card text."""

from __future__ import annotations

import json

import pytest

from manasolve.models.abilities import CostKeyword, Reference, TapBonus, any_color_options
from manasolve.models.cards import Card, card_from_mtgjson
from manasolve.models.oracle.card_abilities import read_card_abilities
from manasolve.models.oracle.mana_abilities import is_mana_ability_line, parse_mana_ability
from manasolve.models.oracle.words import filter_words, normalize, number_word
from tests.support.paths import DEV_CARDS

DEV = DEV_CARDS


def card(text: str, name: str = "Test Card", type_line: str = "Artifact") -> Card:
    return card_from_mtgjson({"name": name, "type": type_line, "text": text})


def test_reminder_text_is_ignored_and_self_references_become_tilde():
    assert normalize("Crew 2 (Tap any number of creatures.)\nTest Card deals 1 damage.", "Test Card") == "Crew 2\n~ deals 1 damage."
    assert normalize("Sacrifice this artifact: draw.", "X") == "Sacrifice ~: draw."
    assert normalize("The Jewel enters tapped.", "The Jewel // The Locus") == "~ enters tapped."


@pytest.mark.parametrize("line", [
    "[+2]: Add {R}{G}.",  # loyalty ability: not a mana ability (605.1a)
    'Creatures you control have "{T}: Add {G}."',  # granted, not this object's
    "When ~ enters, add {R}.",
    "1-6 | Add {R}{R}{R}{R}.",
])
def test_lines_that_are_not_mana_abilities_of_this_object(line):
    assert not is_mana_ability_line(line)


def test_painland_damage_is_an_effect_not_a_cost():
    ab = card("{T}: Add {W} or {U}. Test Card deals 1 damage to you.", type_line="Land").mana_abilities[0]
    assert ab.options == (("W",), ("U",)) and ab.damage == 1 and ab.cost.life == 0


def test_self_sacrifice_by_card_name_and_by_this_phrase():
    by_name = card("{1}, Sacrifice Test Card: Add {C}{C}.").mana_abilities[0]
    by_phrase = card("{1}, Sacrifice this artifact: Add {C}{C}.").mana_abilities[0]
    assert by_name.cost.sacrifice_self and by_phrase.cost.sacrifice_self
    assert by_name.options == (("C", "C"),)


def test_any_color_one_color_and_any_type():
    assert card("{T}: Add two mana of any one color.").mana_abilities[0].options == any_color_options(2)
    assert len(card("{T}: Add one mana of any type.").mana_abilities[0].options) == 6
    assert len(card("{T}: Add three mana in any combination of colors.").mana_abilities[0].options) == 35


def test_two_mana_of_any_color_without_one_is_not_guessed():
    c = card("{T}: Add two mana of any color.")
    assert c.mana_abilities == () and len(c.not_understood) == 1


def test_reference_abilities():
    ab = card("{T}: Add one mana of any type that a land you control could produce.", type_line="Land").mana_abilities[0]
    assert ab.reference == Reference("lands_you_control", "type") and ab.options == ()
    assert ab.extras == ()
    ab = card("{T}: Add one mana of any color that a land an opponent controls could produce.").mana_abilities[0]
    assert ab.reference == Reference("lands_opponents_control", "color")


def test_for_each_amount_is_recorded_not_resolved():
    ab = card("{T}: Add {G} for each Elf you control.", type_line="Creature — Elf").mana_abilities[0]
    assert ab.options == (("G",),) and ab.per.kind == "permanents" and ab.per.filter == ("Elf",)
    assert "per" in ab.extras


def test_costs_with_life_untap_and_tapping_creatures():
    ab = card("{2}, {Q}, Pay 2 life, Tap two untapped creatures you control: Add {B}.").mana_abilities[0]
    assert (ab.cost.untap, ab.cost.life, ab.cost.tap_creatures, str(ab.cost.mana)) == (True, 2, 2, "{2}")


@pytest.mark.parametrize("text", [
    "{T}: Add {B}. Target player loses 1 life.",
    "{T}: Add {X}.",
    "{T}: Add {R} for each card in target opponent's hand.",
])
def test_unknown_parts_make_the_whole_ability_not_understood(text):
    c = card(text)
    assert c.mana_abilities == ()
    assert [n.sentence for n in c.not_understood] == [text]


def test_discard_cost_is_read_and_marked_as_an_extension():
    # Read exactly, listed in `extras` so the payment solver (which does not pay discard
    # costs of mana abilities) leaves the ability out with a note instead of guessing.
    (ab,) = card("{T}, Discard a card: Add {R}.").mana_abilities
    assert ab.cost.discard == 1 and ab.cost.tap and ab.extras == ("discard",)


def test_keywords_saddle_crew_and_cost_keywords():
    c = card("Flying\nSaddle 3 (reminder)\nCrew 1\nConvoke, delve", type_line="Creature — Horse Mount")
    assert [(t.keyword, t.n) for t in c.tap_costs] == [("Saddle", 3), ("Crew", 1)]
    assert c.has_cost_keyword(CostKeyword.CONVOKE) and c.has_cost_keyword(CostKeyword.DELVE)
    assert not c.has_cost_keyword(CostKeyword.IMPROVISE)


def test_crew_with_a_non_number_is_reported():
    c = card("Crew X")
    assert c.tap_costs == () and c.not_understood[0].sentence == "Crew X"


def test_crews_as_though_power_were_greater_and_toughness_variant():
    c = card("Test Card crews Vehicles as though its power were 2 greater.", type_line="Creature")
    assert c.statics.tap_bonuses == (TapBonus(("Crew",), power_bonus=2),) and c.not_understood == ()
    c = card("This creature saddles Mounts and crews Vehicles using its toughness rather than its power.", type_line="Creature")
    assert c.statics.tap_bonuses == (TapBonus(("Saddle", "Crew"), use_toughness=True),)


def test_one_number_reader_for_every_template():
    assert [number_word(w) for w in ("a", "an", "Six", "seven", "thirteen", "twenty", "12", "lots")] == [
        1, 1, 6, 7, 13, 20, 12, None]
    # the same reader in an activation cost, a crewing static and a spell's additional cost
    assert card("{T}, Tap eleven untapped creatures you control: Add {G}.").mana_abilities[0].cost.tap_creatures == 11
    pilot = card("This creature crews Vehicles as though its power were seven greater.", type_line="Creature")
    assert pilot.statics.tap_modifiers("Crew") == (False, 7, False)
    part = card("As an additional cost to cast this spell, sacrifice twelve creatures.").spell_costs.additional[0]
    assert (part.cost.other[0].kind, part.cost.other[0].count(0)) == ("sacrifice", 12)


def test_filter_words():
    assert filter_words("basic Swamp") == ("Basic", "Swamp")
    assert filter_words("Elves") == ("Elf",)
    assert filter_words("noncreature spells") == ("non-Creature",)
    assert filter_words("odd creature") is None


def test_parse_mana_ability_accepts_a_quoted_ability_without_final_period():
    ab = parse_mana_ability("{T}: Add one mana of any color", "{T}: Add one mana of any color.")
    assert ab is not None and ab.options == any_color_options(1)


def _dev_cards() -> list[dict]:
    return json.loads(DEV.read_text(encoding="utf-8"))


def test_no_crash_on_any_dev_card_text():
    cards = _dev_cards()
    assert len(cards) == 698
    for d in cards:
        read = read_card_abilities(d["name"], d.get("text") or "")  # must not raise
        for ab in read.mana_abilities:
            assert ab.options or ab.reference, d["name"]
            assert all(t in "WUBRGC" for o in ab.options for t in o)
