"""The mana-line families of issue 15 read and modelled, each with real oracle texts:
spend restrictions (106.6), riders that change neither the mana nor the cost, computed
amounts, conditions ("Activate only if", "If ..., add ... instead"), Exert costs."""

from __future__ import annotations

import pytest

from manasolve.api import pay, produce
from manasolve.models.abilities import SpellFilter
from manasolve.models.cards import card_from_mtgjson
from manasolve.models.oracle.spend_restrictions import parse_restriction
from tests.support.boards import board


def _card(name, text, type_line="Land", **more):
    types = [w for w in type_line.split("—")[0].split() if w not in ("Legendary", "Basic", "Snow")]
    subtypes = type_line.split("—")[1].split() if "—" in type_line else []
    return {"name": name, "type": type_line, "types": types, "subtypes": subtypes, "text": text, **more}


PRIEST = _card("Priest of Titania", "{T}: Add {G} for each Elf on the battlefield.", "Creature — Elf Druid",
               manaCost="{1}{G}", power="1", toughness="1")
SELVALA = _card("Selvala, Heart of the Wilds", "Whenever another creature enters, its controller may draw a card if its "
                "power is greater than each other creature's power.\n{G}, {T}: Add X mana in any combination of colors, "
                "where X is the greatest power among creatures you control.", "Legendary Creature — Elf Scout",
                manaCost="{1}{G}{G}", power="2", toughness="3")
MAELSTROM = _card("Maelstrom of the Spirit Dragon", "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only "
                  "to cast a Dragon spell or an Omen spell.\n{4}, {T}, Sacrifice this land: Search your library for a "
                  "Dragon card, reveal it, put it into your hand, then shuffle.")
DIGNITARY = _card("Lys Alana Dignitary", "As an additional cost to cast this spell, behold an Elf or pay {2}. (To behold "
                  "an Elf, choose an Elf you control or reveal an Elf card from your hand.)\n{T}: Add {G}{G}. Activate "
                  "only if there is an Elf card in your graveyard.", "Creature — Elf Advisor", manaCost="{1}{G}",
                  power="2", toughness="3")
LAPIS = _card("Lapis Orb of Dragonkind", "{T}: Add {U}. When you spend this mana to cast a Dragon creature spell, scry 2. "
              "(Look at the top two cards of your library, then put any number of them on the bottom and the rest on "
              "top in any order.)", "Artifact", manaCost="{2}{U}")
GARENBRIG = _card("Castle Garenbrig", "This land enters tapped unless you control a Forest.\n{T}: Add {G}.\n{2}{G}{G}, "
                  "{T}: Add six {G}. Spend this mana only to cast creature spells or activate abilities of creatures.")
RIVER = _card("River of Tears", "{T}: Add {U}. If you played a land this turn, add {B} instead.")
CAVERNS = _card("Gemstone Caverns", "If this card is in your opening hand and you're not the starting player, you may "
                "begin the game with Gemstone Caverns on the battlefield with a luck counter on it. If you do, exile a "
                "card from your hand.\n{T}: Add {C}. If Gemstone Caverns has a luck counter on it, instead add one mana "
                "of any color.", "Legendary Land")
RITUALIST = _card("Oasis Ritualist", "{T}: Add one mana of any color.\n{T}, Exert this creature: Add two mana of any one "
                  "color. (An exerted creature won't untap during your next untap step.)", "Creature — Snake Druid",
                  manaCost="{3}{G}", power="2", toughness="4")
BANDIT_LORD = _card("Hall of the Bandit Lord", "Hall of the Bandit Lord enters tapped.\n{T}, Pay 3 life: Add {C}. If that "
                    "mana is spent on a creature spell, it gains haste.", "Legendary Land")


def test_spend_restriction_grammar_reads_qualifier_lists_and_clauses():
    r = parse_restriction("to cast Vampire, Cleric, and/or Demon spells")  # Master of Dark Rites
    assert r.spells == (SpellFilter(("Vampire",)), SpellFilter(("Cleric",)), SpellFilter(("Demon",))) and r.abilities is None
    r = parse_restriction("to cast creature spells or activate abilities of creatures")  # Castle Garenbrig
    assert r.spells == (SpellFilter(("Creature",)),) and r.abilities == ("Creature",)
    assert parse_restriction("to cast creature spells with mana value 4 or greater or creature spells with {X} in "
                             "their mana costs").spells == (SpellFilter(("Creature",), min_mana_value=4),
                                                            SpellFilter(("Creature",), x_in_cost=True))
    # a word it cannot place: not understood, never read without it
    assert parse_restriction("to cast a spell that shares a watermark with ~") is None  # Secret Base
    assert parse_restriction("to cast spells that aren't from your starting deck") is None  # The Mystical Archive
    assert parse_restriction("to pay Un-costs") is None  # Underdome


def test_maelstrom_colored_mana_pays_a_dragon_spell_only():
    dragon = _card("Test Dragon", "Flying", "Creature — Dragon", manaCost="{R}", power="4", toughness="4")
    elf = _card("Test Elf", "", "Creature — Elf", manaCost="{R}", power="1", toughness="1")
    b = board(("m", "Maelstrom of the Spirit Dragon"), hand=["Test Dragon", "Test Elf"], cards=[MAELSTROM, dragon, elf])
    assert pay(b, card="Test Dragon")["payable"] is True
    assert pay(b, card="Test Elf")["payable"] is False


def test_castle_garenbrig_six_green_for_creatures_only():
    ab = card_from_mtgjson(GARENBRIG).mana_abilities[1]
    assert ab.options == (("G",) * 6,) and ab.restriction.spells == (SpellFilter(("Creature",)),)


def test_riders_are_read_as_effects_and_change_no_payment():
    assert card_from_mtgjson(LAPIS).mana_abilities[0].effects
    assert card_from_mtgjson(BANDIT_LORD).mana_abilities[0].effects
    assert pay(board(("o", "Lapis Orb of Dragonkind"), cards=[LAPIS]), "{U}")["payable"] is True


@pytest.mark.parametrize("elves, n", [(0, 1), (2, 3)])
def test_priest_of_titania_counts_elves_of_every_player(elves, n):
    others = {"bob": [{"id": "e%d" % i, "card": "Llanowar Elves"} for i in range(elves)]}
    b = board(("p", "Priest of Titania"), cards=[PRIEST], opponents=others)
    assert pay(b, "{G}" * n)["payable"] and not pay(b, "{G}" * (n + 1))["payable"]


def test_selvala_makes_the_greatest_power_in_any_colours():
    b = board(("s", "Selvala, Heart of the Wilds"), ("f", "Forest"), {"id": "big", "card": "Llanowar Elves",
              "counters": {"+1/+1": 3}}, cards=[SELVALA])
    # the Forest pays Selvala's {G}, Selvala adds 4 (the Elves' power), the Elves {G}
    assert pay(b, "{W}{U}{B}{R}{G}")["payable"] is True
    assert pay(b, "{W}{U}{B}{R}{G}{G}")["payable"] is False


@pytest.mark.parametrize("graveyard, ok", [([], False), (["Llanowar Elves"], True), (["Forest"], False)])
def test_lys_alana_dignitary_needs_an_elf_card_in_the_graveyard(graveyard, ok):
    b = board(("d", "Lys Alana Dignitary"), graveyard=graveyard, cards=[DIGNITARY])
    assert pay(b, "{G}{G}")["payable"] is ok


@pytest.mark.parametrize("played, types", [(0, ["U"]), (1, ["B"])])
def test_river_of_tears_after_a_land_play(played, types):
    assert produce(board(("r", "River of Tears"), cards=[RIVER], lands_played_this_turn=played))["permanents"]["r"] == types


@pytest.mark.parametrize("counters, types", [({}, ["C"]), ({"luck": 1}, ["W", "U", "B", "R", "G"])])
def test_gemstone_caverns_with_a_luck_counter(counters, types):
    caverns = {"id": "g", "card": "Gemstone Caverns", "counters": counters}
    assert produce(board(caverns, cards=[CAVERNS]))["permanents"]["g"] == types


def test_oasis_ritualist_exert_is_paid():
    b = board(("o", "Oasis Ritualist"), cards=[RITUALIST])
    assert pay(b, "{R}{R}")["payable"] is True


ABUNDANT = _card("Abundant Growth", "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land has \"{T}: Add one "
                 "mana of any color.\"", "Enchantment — Aura", manaCost="{G}")
CRYPTOLITH = _card("Cryptolith Rite", "Creatures you control have \"{T}: Add one mana of any color.\"", "Enchantment",
                   manaCost="{1}{G}")
GEMHIDE = _card("Gemhide Sliver", "All Slivers have \"{T}: Add one mana of any color.\"", "Creature — Sliver",
                manaCost="{1}{G}", power="1", toughness="1")
NYKTHOS = _card("Nykthos, Shrine to Nyx", "{T}: Add {C}.\n{2}, {T}: Choose a color. Add an amount of mana of that color "
                "equal to your devotion to that color. (Your devotion to a color is the number of mana symbols of that "
                "color in the mana costs of permanents you control.)", "Legendary Land")


def test_abundant_growth_gives_the_enchanted_land_any_color():
    growth = {"id": "a", "card": "Abundant Growth", "attached_to": "f"}
    assert produce(board(("f", "Forest"), growth, cards=[ABUNDANT]))["permanents"]["f"] == ["W", "U", "B", "R", "G"]
    assert produce(board(("f", "Forest"), ("i", "Island"), growth, cards=[ABUNDANT]))["permanents"]["i"] == ["U"]


def test_cryptolith_rite_gives_only_its_controllers_creatures():
    b = board(("c", "Cryptolith Rite"), ("e", "Llanowar Elves"), cards=[CRYPTOLITH],
              opponents={"bob": [("x", "Llanowar Elves")]})
    made = produce(b)["permanents"]
    assert made["e"] == ["W", "U", "B", "R", "G"] and made["x"] == ["G"] and made["c"] == []


def test_gemhide_sliver_gives_every_players_slivers():
    b = board(("s", "Gemhide Sliver"), cards=[GEMHIDE], opponents={"bob": [("t", "Gemhide Sliver")]})
    assert produce(b)["permanents"] == {"s": ["W", "U", "B", "R", "G"], "t": ["W", "U", "B", "R", "G"]}


def test_nykthos_is_counted_as_a_mana_ability_and_read():
    from manasolve.models.coverage import coverage_report
    report = coverage_report([NYKTHOS])
    assert (report.mana_lines, report.mana_lines_understood) == (2, 2)
