"""Effects on mana production (106.12, 305.7, 605.1b, 616.1): replacement effects in every
order, triggered mana abilities, granted abilities and land-type changes; and the parsing
of those sentences from the dev card set."""

from __future__ import annotations

from functools import partial

import json

import pytest

from manasolve.models.cards import card_from_mtgjson
from manasolve.models.mana import CostSyntaxError
from manasolve.models.oracle.mana_effects import (
    AddChosen,
    AddFixed,
    AddLandType,
    AddProduced,
    ChangeType,
    GrantAbility,
    Multiply,
    NonbasicAreMountains,
    Replace,
    Watch,
)
from manasolve.solver.production import (
    activation_bundles,
    could_produce,
    mana_abilities,
    replaced,
)
from tests.support.boards import loaded
from tests.support.paths import DEV_CARDS

DEV = DEV_CARDS
TWIN = {"name": "Twin Land", "type": "Land", "types": ["Land"], "text": "{T}: Add {C}{C}."}


# players p0 (the first, active), p1, ...
board = partial(loaded, player="p0")


def bundles(b, pid: str, index: int = 0):
    perm = b.get(pid)
    return activation_bundles(b, perm, mana_abilities(b, perm)[index])


def texts(b, pid):
    return [a.text for a in mana_abilities(b, b.get(pid))]


# --- replacement effects, every order (616.1) ---------------------------------------------


def test_contamination_and_mana_reflection_both_orders():
    """Contamination first: {B} doubled to {B}{B}; Reflection first: {G}{G} becomes {B}."""
    b = board(("f", "Forest"), ("c", "Contamination"), ("m", "Mana Reflection"))
    assert set(bundles(b, "f")) == {("B",), ("B", "B")}
    assert could_produce(b)["f"] == ("B",)


def test_replaced_each_order_is_an_option():
    contamination = Replace(Watch("land"), ("B",))
    double = Multiply(Watch("permanent", "you"), 2)
    assert replaced(("G",), (contamination, double)) == {("B",), ("B", "B")}
    assert replaced(("G",), (double, contamination)) == {("B",), ("B", "B")}
    assert replaced((), (contamination, double)) == {()}  # no mana, nothing to replace


def test_two_mana_reflections_and_nyxbloom_multiply():
    b = board(("f", "Forest"), ("m1", "Mana Reflection"), ("m2", "Mana Reflection"), ("n", "Nyxbloom Ancient"))
    assert bundles(b, "f") == (("G",) * 12,)


def test_damping_sphere_becomes_applicable_after_doubling():
    """616.1e: Damping Sphere (two or more mana) applies after Mana Reflection in any order."""
    b = board(("f", "Forest"), ("d", "Damping Sphere"), ("m", "Mana Reflection"))
    assert bundles(b, "f") == (("C",),)
    solo = board(("f", "Forest"), ("d", "Damping Sphere"))
    assert bundles(solo, "f") == (("G",),)
    twin = board(("t", "Twin Land"), ("d", "Damping Sphere"), cards=[TWIN])
    assert bundles(twin, "t") == (("C",),)


def test_mana_reflection_is_only_for_its_controller():
    b = board(("m", "Mana Reflection"), opponents={"p1": [("f", "Forest")]})
    assert bundles(b, "f") == (("G",),)


def test_mana_reflection_doubles_nonland_permanents_contamination_does_not_touch_them():
    b = board(("sol", "Sol Ring"), ("c", "Contamination"), ("m", "Mana Reflection"))
    assert bundles(b, "sol") == (("C",) * 4,)


def test_virtue_of_strength_triples_basic_lands_only():
    b = board(("f", "Forest"), ("t", "Twin Land"), ("v", "Virtue of Strength // Garenbrig Growth"), cards=[TWIN])
    assert bundles(b, "f") == (("G",) * 3,)
    assert bundles(b, "t") == (("C", "C"),)


def test_contamination_on_pool_referencing_opponent_free_fellwar():
    """Fellwar Stone is not a land: Contamination doesn't replace its mana, but the
    opposing lands it reads could produce only {B}."""
    b = board(("fs", "Fellwar Stone"), ("c", "Contamination"), opponents={"p1": [("i", "Island")]})
    assert bundles(b, "fs") == (("B",),)


# --- triggered mana abilities (605.1b) ------------------------------------------------------


def test_mana_flare_adds_one_of_the_produced_types_for_every_player():
    b = board(("rp", "Reflecting Pool"), ("i", "Island"), ("f", "Forest"), ("fl", "Mana Flare"),
              opponents={"p1": [("m", "Mountain")]})
    assert set(bundles(b, "rp")) == {("U", "U"), ("G", "G")}
    assert bundles(b, "m") == (("R", "R"),)
    assert could_produce(b)["rp"] == ("U", "G")  # triggers aren't abilities of the land


def test_mana_flare_after_contamination_and_reflection():
    b = board(("f", "Forest"), ("c", "Contamination"), ("m", "Mana Reflection"), ("fl", "Heartbeat of Spring"))
    assert set(bundles(b, "f")) == {("B", "B"), ("B", "B", "B")}


def test_mirraris_wake_only_for_you():
    b = board(("f", "Forest"), ("w", "Mirari's Wake"), opponents={"p1": [("i", "Island")]})
    assert bundles(b, "f") == (("G", "G"),)
    assert bundles(b, "i") == (("U",),)


def test_vernal_bloom_watches_forests_including_granted_type():
    b = board(("f", "Forest"), ("i", "Island"), ("v", "Vernal Bloom"))
    assert bundles(b, "f") == (("G", "G"),)
    assert bundles(b, "i") == (("U",),)
    yav = board(("i", "Island"), ("v", "Vernal Bloom"), ("y", "Yavimaya, Cradle of Growth"))
    assert set(texts(yav, "i")) == {"{T}: Add {U}.", "{T}: Add {G}."}
    assert {bundles(yav, "i", k) for k in (0, 1)} == {(("U", "G"),), (("G", "G"),)}


def test_wild_growth_and_trace_of_abundance_on_the_enchanted_land():
    b = board(("f", "Forest"), ("f2", "Forest"), {"id": "wg", "card": "Wild Growth", "attached_to": "f"},
              {"id": "tr", "card": "Trace of Abundance", "attached_to": "f2"})
    assert bundles(b, "f") == (("G", "G"),)
    assert set(bundles(b, "f2")) == {tuple(sorted(("G", c), key="WUBRGC".index)) for c in "WUBRG"}


def test_winters_night_only_snow_lands():
    b = board(("sf", "Snow-Covered Forest"), ("f", "Forest"), ("wn", "Winter's Night"))
    assert bundles(b, "sf") == (("G", "G"),)
    assert bundles(b, "f") == (("G",),)


def test_trigger_ignores_abilities_without_tap():
    """106.12: only a mana ability with {T} in its cost taps for mana."""
    land = {"name": "Sac Land", "type": "Land", "types": ["Land"], "text": "Sacrifice this land: Add {G}."}
    b = board(("s", "Sac Land"), ("v", "Vernal Bloom"), ("m", "Mana Reflection"), cards=[land])
    assert bundles(b, "s") == (("G",),)


# --- granted abilities and land types -------------------------------------------------------


def test_chromatic_lantern_grants_to_its_controllers_lands():
    b = board(("cl", "Chromatic Lantern"), ("w", "Wastes"), opponents={"p1": [("i", "Island")]})
    assert "{T}: Add one mana of any color." in texts(b, "w")
    assert texts(b, "i") == ["{T}: Add {U}."]
    assert could_produce(b)["w"] == ("W", "U", "B", "R", "G", "C")


def test_the_world_tree_needs_six_lands():
    five = board(("t", "The World Tree"), *[("f%d" % i, "Forest") for i in range(4)])
    six = board(("t", "The World Tree"), *[("f%d" % i, "Forest") for i in range(5)])
    assert could_produce(five)["f0"] == ("G",)
    assert could_produce(six)["f0"] == ("W", "U", "B", "R", "G")


def test_urborg_makes_every_land_a_swamp():
    b = board(("u", "Urborg, Tomb of Yawgmoth"), ("f", "Forest"), opponents={"p1": [("rp", "Reflecting Pool")]})
    assert could_produce(b)["f"] == ("B", "G")
    assert could_produce(b)["rp"] == ("B",)  # its own Swamp ability, and itself as a land
    assert could_produce(b)["u"] == ("B",)


def test_blood_moon_removes_nonbasic_abilities_and_urborg():
    b = board(("rp", "Reflecting Pool"), ("f", "Forest"), ("u", "Urborg, Tomb of Yawgmoth"), opponents={"p1": [("bm", "Blood Moon")]})
    assert texts(b, "rp") == ["{T}: Add {R}."]
    assert could_produce(b) == {"rp": ("R",), "f": ("G",), "u": ("R",), "bm": ()}


def test_blood_moon_keeps_chromatic_lantern_grant():
    b = board(("rp", "Reflecting Pool"), ("cl", "Chromatic Lantern"), opponents={"p1": [("bm", "Blood Moon")]})
    assert could_produce(b)["rp"] == ("W", "U", "B", "R", "G")


def test_granted_ability_counts_for_mana_flare():
    b = board(("w", "Wastes"), ("cl", "Chromatic Lantern"), ("fl", "Mana Flare"))
    lantern = mana_abilities(b, b.get("w"))[1]
    assert set(activation_bundles(b, b.get("w"), lantern)) == {(c, c) for c in "WUBRG"}


# --- issue 15: the families read from the whole pool ---------------------------------------


def test_crypt_ghast_and_leyline_of_abundance_add_an_additional_mana():
    """605.1b: "Whenever you tap a Swamp / a creature for mana, add an additional ..."."""
    b = board(("s", "Swamp"), ("cg", "Crypt Ghast"), ("e", "Llanowar Elves"), ("l", "Leyline of Abundance"),
              opponents={"p1": [("s2", "Swamp"), ("e2", "Llanowar Elves")]})
    assert bundles(b, "s") == (("B", "B"),)
    assert bundles(b, "e") == (("G", "G"),)
    assert bundles(b, "s2") == (("B",),) and bundles(b, "e2") == (("G",),)  # only yours
    urborg = board(("f", "Forest"), ("u", "Urborg, Tomb of Yawgmoth"), ("cg", "Crypt Ghast"))
    swamp_ability = next(k for k, t in enumerate(texts(urborg, "f")) if t == "{T}: Add {B}.")
    assert bundles(urborg, "f", swamp_ability) == (("B", "B"),)  # a Swamp by Urborg too
    assert bundles(urborg, "f", 1 - swamp_ability) == (("B", "G"),)  # any tap of a Swamp for mana


def test_kinnan_adds_one_of_what_a_nonland_permanent_produced():
    b = board(("f", "Forest"), ("sr", "Sol Ring"), ("bp", "Birds of Paradise"), ("k", "Kinnan, Bonder Prodigy"))
    assert bundles(b, "f") == (("G",),)
    assert bundles(b, "sr") == (("C", "C", "C"),)
    assert set(bundles(b, "bp")) == {(c, c) for c in "WUBRG"}


def test_lavaleaper_and_keeper_of_progenitus_watch_their_land_kinds():
    b = board(("f", "Forest"), ("i", "Island"), ("t", "Tundra"), ("kp", "Keeper of Progenitus"),
              opponents={"p1": [("m", "Mountain")]})
    assert bundles(b, "f") == (("G", "G"),) and bundles(b, "m") == (("R", "R"),)  # every player
    assert bundles(b, "i") == (("U",),)  # not an Island
    # Tundra is a Plains: either of its abilities taps a Plains, adding one more of what it made
    assert {bundles(b, "t", 0), bundles(b, "t", 1)} == {(("W", "W"),), (("U", "U"),)}
    lava = board(("f", "Forest"), ("t", "Tundra"), ("lv", "Lavaleaper"))
    assert bundles(lava, "f") == (("G", "G"),)
    assert {bundles(lava, "t", 0), bundles(lava, "t", 1)} == {(("W",),), (("U",),)}  # Tundra isn't basic


def test_dawns_reflection_adds_two_mana_in_any_combination():
    b = board(("f", "Forest"), {"id": "dr", "card": "Dawn's Reflection", "attached_to": "f"})
    got = set(bundles(b, "f"))
    assert len(got) == 15 and ("W", "W", "G") in got and ("U", "G", "G") in got and ("W", "U", "G") in got


def test_infernal_darkness_and_ritual_of_subdual_change_the_type_not_the_amount():
    b = board(("sr", "Sol Ring"), ("f", "Forest"), ("a", "Ancient Tomb"), ("id", "Infernal Darkness"))
    assert bundles(b, "f") == (("B",),)
    assert bundles(b, "a") == (("B", "B"),)  # two mana stay two (unlike Contamination)
    assert bundles(b, "sr") == (("C", "C"),)  # not a land
    r = board(("f", "Forest"), ("rs", "Ritual of Subdual"), ("c", "Contamination"))
    assert set(bundles(r, "f")) == {("C",), ("B",)}  # 616.1: the land's controller orders them


def test_pulse_of_llanowar_basic_lands_you_control_make_any_colour():
    b = board(("f", "Forest"), ("t", "Tundra"), ("p", "Pulse of Llanowar"), opponents={"p1": [("i", "Island")]})
    assert set(bundles(b, "f")) == {(c,) for c in "WUBRG"}
    assert {bundles(b, "t", 0), bundles(b, "t", 1)} == {(("W",),), (("U",),)}  # not basic
    assert bundles(b, "i") == (("U",),)  # not yours
    assert could_produce(b)["f"] == ("W", "U", "B", "R", "G")


def test_rishkar_grants_to_creatures_with_a_counter():
    b = board({"id": "e", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}, ("e2", "Grizzly Bears"),
              {"id": "r", "card": "Rishkar, Peema Renegade"}, opponents={"p1": [{"id": "o", "card": "Grizzly Bears",
                                                                                 "counters": {"+1/+1": 1}}]})
    assert texts(b, "e") == ["{T}: Add {G}."]
    assert texts(b, "e2") == [] and texts(b, "o") == []
    j = board({"id": "e", "card": "Grizzly Bears", "counters": {"-1/-1": 1}}, ("jy", "Jiang Yanggu, Wildcrafter"))
    assert texts(j, "e") == []  # Jiang Yanggu asks for a +1/+1 counter


def test_insidious_roots_grants_to_creature_tokens_only():
    b = board({"id": "t", "card": "Grizzly Bears", "token": True}, ("c", "Grizzly Bears"), ("ir", "Insidious Roots"))
    assert texts(b, "t") == ["{T}: Add one mana of any color."]
    assert texts(b, "c") == []


def test_natures_embrace_grants_only_while_it_enchants_a_land():
    land = board(("w", "Wastes"), {"id": "ne", "card": "Nature's Embrace", "attached_to": "w"})
    assert "{T}: Add two mana of any one color." in texts(land, "w")
    creature = board(("g", "Grizzly Bears"), {"id": "ne", "card": "Nature's Embrace", "attached_to": "g"})
    assert texts(creature, "g") == []


def test_stormtide_leviathan_makes_every_land_an_island():
    b = board(("f", "Forest"), ("sl", "Stormtide Leviathan"), opponents={"p1": [("m", "Mountain")]})
    assert could_produce(b)["f"] == ("U", "G") and could_produce(b)["m"] == ("U", "R")


# --- parsing from the dev card set ----------------------------------------------------------


def _dev_cards():
    for d in json.loads(DEV.read_text()):
        try:
            yield card_from_mtgjson(d)
        except CostSyntaxError:
            continue


@pytest.mark.skipif(not DEV.exists(), reason="shared dev card set not available")
def test_dev_set_effects_parsed_exactly():
    found = {c.name: c.mana_effects.effects for c in _dev_cards() if c.mana_effects.effects}
    land_any = Watch("land", "any")
    assert found["Contamination"] == (Replace(land_any, ("B",)),)
    assert found["Damping Sphere"] == (Replace(land_any, ("C",), 2),)
    assert found["Mana Reflection"] == (Multiply(Watch("permanent", "you"), 2),)
    assert found["Nyxbloom Ancient"] == (Multiply(Watch("permanent", "you"), 3),)
    assert found["Mana Flare"] == found["Heartbeat of Spring"] == found["Dictate of Karametra"] == (AddProduced(land_any),)
    assert found["Vorinclex, Voice of Hunger"] == (AddProduced(Watch("land", "you")),)
    assert found["Vernal Bloom"] == (AddFixed(Watch("Forest"), (("G",),)),)
    assert found["Urborg, Tomb of Yawgmoth"] == (AddLandType("Swamp"),)
    assert found["Blood Moon"] == (NonbasicAreMountains(),)
    assert isinstance(found["Chromatic Lantern"][0], GrantAbility)
    assert found["The World Tree"][0].min_lands == 6


@pytest.mark.skipif(not DEV.exists(), reason="shared dev card set not available")
def test_dev_set_unhandled_effects_are_reported_not_guessed():
    reported = {c.name for c in _dev_cards() if c.mana_effects.not_understood}
    for name in ("Reality Twist", "Chaos Moon", "Elvish Guidance", "Extraplanar Lens"):
        assert name in reported
    cards = {c.name: c for c in _dev_cards()}
    assert cards["Reality Twist"].mana_effects.effects == ()


def test_utopia_sprawl_and_gauntlet_of_power_add_the_chosen_colour():
    b = board(("f", "Forest"), ("f2", "Forest"), {"id": "us", "card": "Utopia Sprawl", "attached_to": "f",
                                                  "chosen": {"color": "R"}},
              {"id": "g", "card": "Gauntlet of Power", "chosen": {"color": "green"}}, opponents={"p1": [("i", "Island")]})
    assert bundles(b, "f") == (("R", "G", "G"),)  # Sprawl's red, Gauntlet's green for a basic land's green
    assert bundles(b, "f2") == (("G", "G"),) and bundles(b, "i") == (("U",),)  # no green made: no Gauntlet mana
    silent = board(("f", "Forest"), {"id": "us", "card": "Utopia Sprawl", "attached_to": "f"})
    assert bundles(silent, "f") == (("G",),)  # the board doesn't say which colour: never guessed
    wrong = board(("i", "Island"), {"id": "us", "card": "Shimmerwilds Growth", "attached_to": "i", "chosen": {"color": "B"}})
    assert bundles(wrong, "i") == (("U", "B"),)  # Shimmerwilds Growth: any enchanted land


def test_prismatic_omen_and_swampbenders_add_types_to_your_lands():
    b = board(("w", "Wastes"), ("po", "Prismatic Omen"), opponents={"p1": [("w2", "Wastes")]})
    assert could_produce(b)["w"] == ("W", "U", "B", "R", "G", "C") and could_produce(b)["w2"] == ("C",)
    s = board(("w", "Wastes"), ("sb", "Swampbenders"))
    assert could_produce(s)["w"] == ("B", "C")


def test_realmwright_adds_the_chosen_type_and_nyleas_presence_every_type():
    chosen = board(("w", "Wastes"), {"id": "r", "card": "Realmwright", "chosen": {"type": "island"}})
    assert could_produce(chosen)["w"] == ("U", "C")
    silent = board(("w", "Wastes"), ("r", "Realmwright"))
    assert could_produce(silent)["w"] == ("C",)  # the board doesn't say: no type added
    nylea = board(("w", "Wastes"), ("w2", "Wastes"), {"id": "n", "card": "Nylea's Presence", "attached_to": "w"})
    assert could_produce(nylea)["w"] == ("W", "U", "B", "R", "G", "C") and could_produce(nylea)["w2"] == ("C",)


def test_blood_moon_and_prismatic_omen_need_timestamps_the_board_does_not_give():
    from manasolve.models.errors import InputError

    b = board(("rp", "Reflecting Pool"), ("po", "Prismatic Omen"), opponents={"p1": [("bm", "Blood Moon")]})
    with pytest.raises(InputError, match="613.7"):
        could_produce(b)
    basic = board(("f", "Forest"), ("po", "Prismatic Omen"), opponents={"p1": [("bm", "Blood Moon")]})
    assert could_produce(basic)["f"] == ("W", "U", "B", "R", "G")  # a basic land: Blood Moon doesn't touch it


def test_land_types_set_rather_than_added_are_reported():
    """305.7: "Enchanted land is an Island" takes away the land's other types and abilities,
    in timestamp order with Blood Moon: not read, reported."""
    for name in ("Spreading Seas", "Celestial Dawn", "Phantasmal Terrain", "Lush Growth", "Harbinger of the Seas"):
        got = _effects_of(name)
        assert got.effects == () and got.not_understood, name


def test_joraga_treespeaker_grants_to_elves_from_level_5():
    def elf_abilities(level):
        b = board({"id": "j", "card": "Joraga Treespeaker", "counters": {"level": level}}, ("e", "Llanowar Elves"))
        return texts(b, "e")
    assert elf_abilities(4) == ["{T}: Add {G}."]
    assert elf_abilities(5) == ["{T}: Add {G}.", "{T}: Add {G}{G}."]


def test_a_grant_naming_its_source_is_not_read_on_the_grantee():
    """Katilda: "one mana of any of ~'s colors" means Katilda's colours, not the Human's."""
    assert _effects_of("Katilda, Dawnhart Prime").effects == ()
    assert _effects_of("Katilda, Dawnhart Prime").not_understood
    treasure, = _effects_of("Goldspan Dragon").effects  # "Sacrifice this artifact": the Treasure itself
    assert treasure.alternatives == (("Treasure",),) and treasure.ability.cost.sacrifice_self


def test_high_tide_and_pale_moon_hold_once_the_board_says_they_resolved():
    """"Until end of turn, ..." effects of spells and abilities: a player's `until_end_of_turn`."""
    sides = dict(opponents={"p1": [("i2", "Island")]})
    assert bundles(board(("i", "Island"), ("ht", "High Tide"), **sides), "i") == (("U",),)  # on the battlefield: nothing
    b = board(("i", "Island"), ("t", "Tundra"), until_end_of_turn=["High Tide", "High Tide", "Pale Moon"], **sides)
    assert bundles(b, "i") == (("U", "U", "U"),) and bundles(b, "i2") == (("U", "U", "U"),)  # every player's Islands
    # Tundra: Pale Moon makes its mana {C}; it is an Island, so each High Tide still adds {U}
    assert {bundles(b, "t", 0), bundles(b, "t", 1)} == {(("U", "U", "C"),)}
    deep = board(("f", "Forest"), until_end_of_turn=["Deep Water"], **sides)
    assert bundles(deep, "f") == (("U",),)
    assert could_produce(deep)["i2"] == ("U",) and could_produce(deep)["f"] == ("U",)


def test_a_session_change_keeps_high_tide_in_force():
    from manasolve.session import PlayBoard
    from tests.support.boards import board as board_json

    b = PlayBoard(board_json(("i", "Island"), ("i2", "Island"), until_end_of_turn=["High Tide"]))
    assert b.pay("{U}{U}{U}{U}", mode="count")["count"] == 1
    b.patch([{"op": "tap", "id": "i2"}])  # the analysis is carried over to the changed board
    assert b.payable("{U}{U}") and not b.payable("{U}{U}{U}")


def test_until_end_of_turn_names_a_card_with_such_an_effect():
    from manasolve.models.board import load_board
    from manasolve.models.errors import InputError

    with pytest.raises(InputError, match=r"players\[0\]\.until_end_of_turn\[0\].*Lightning Bolt"):
        load_board(board(("f", "Forest"), until_end_of_turn=["Lightning Bolt"]))


def _effects_of(name: str):
    return board(("x", name)).get("x").card.mana_effects


def test_pool_effects_parsed_exactly():
    """The whole-pool templates of issue 15, each read into the effect it states."""
    you, anyone = partial(Watch, who="you"), partial(Watch, who="any")
    assert _effects_of("Crypt Ghast").effects == (AddFixed(you("Swamp"), (("B",),)),)
    assert _effects_of("Leyline of Abundance").effects == (AddFixed(you("creature"), (("G",),)),)
    assert _effects_of("Kinnan, Bonder Prodigy").effects == (AddProduced(you("nonland permanent")),)
    assert _effects_of("Eloren Wilds").effects == (AddProduced(anyone("permanent")),)
    assert _effects_of("Lavaleaper").effects == (AddProduced(anyone("basic land")),)
    assert _effects_of("Keeper of Progenitus").effects == (AddProduced(anyone("Mountain or Forest or Plains")),)
    assert _effects_of("Infernal Darkness").effects == (ChangeType(anyone("land"), "B"),)
    assert _effects_of("Ritual of Subdual").effects == (ChangeType(anyone("land"), "C"),)
    assert _effects_of("Pulse of Llanowar").effects == (ChangeType(you("basic land"), None),)
    assert _effects_of("Stormtide Leviathan").effects == (AddLandType("Island"),)
    market = _effects_of("Market Festival").effects
    assert len(market) == 1 and market[0].watch == anyone("enchanted land") and len(market[0].options) == 15
    rishkar, = _effects_of("Rishkar, Peema Renegade").effects
    assert (rishkar.alternatives, rishkar.counter, rishkar.token) == ((("Creature",),), "", False)
    assert _effects_of("Jiang Yanggu, Wildcrafter").effects[0].counter == "+1/+1"
    assert _effects_of("Insidious Roots").effects[0].token
    assert _effects_of("Nature's Embrace").effects[0].to == "attached"
    assert _effects_of("Utopia Sprawl").effects == (AddChosen(anyone("enchanted Forest")),)
    assert _effects_of("Gauntlet of Power").effects == (AddChosen(anyone("basic land"), if_produced=True),)
    assert _effects_of("Prismatic Omen").effects == (AddLandType("every basic land type", "yours"),)
    assert _effects_of("Nylea's Presence").effects == (AddLandType("every basic land type", "attached"),)
    assert _effects_of("Realmwright").effects == (AddLandType("the chosen type", "yours"),)


def test_pool_effects_not_read_are_reported():
    """Effects whose condition or amount the board can't state are reported, never read
    without it (a chosen colour, the monarch, "may", a die roll)."""
    assert _effects_of("Mana Web").not_understood == ()  # no mana: it waits for the stack (603.3)
    for name in ("Snowfall", "Regal Behemoth", "Barbflare Gremlin", "Overabundance",
                 "Harbinger of the Seas", "Orochi Merge-Keeper", "Naked Singularity", "Chaos Moon"):
        got = _effects_of(name)
        assert got.effects == () and got.not_understood, name


# --- parsed extensions: filtered references, amounts read off the board ---------------------


def test_star_compass_and_gond_gate_filtered_references():
    b = board(("sc", "Star Compass"), ("gg", "Gond Gate"), ("i", "Island"), ("rp", "Reflecting Pool"))
    got = could_produce(b)
    assert got["sc"] == ("U",)  # basic lands only: not the Pool's {C} from the Gate
    assert got["gg"] == ("C",)  # the only Gate produces only {C}, not a color
    assert got["rp"] == ("U", "C")


def test_incubation_druid_three_with_a_counter_and_gaeas_cradle_counts_creatures():
    b = board({"id": "d", "card": "Incubation Druid", "counters": {"+1/+1": 1}}, ("f", "Forest"),
              ("gc", "Gaea's Cradle"))
    assert bundles(b, "d") == (("G", "G", "G"),)
    assert bundles(b, "gc") == (("G",),)
    empty = board(("gc", "Gaea's Cradle"))
    assert bundles(empty, "gc") == () and could_produce(empty)["gc"] == ()


def test_chosen_color_is_not_on_the_board():
    """Thriving Bluff: {R}, or the colour chosen as it entered, which the board doesn't record."""
    b = board(("tb", "Thriving Bluff"))
    assert bundles(b, "tb") == (("R",),)
