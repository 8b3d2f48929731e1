"""Targets in ``plays`` (601.2c, 115.1): a cast or activation is a play only when each
required target has a legal choice; targets the reader can't settle are "not checked"."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.oracle.targets import TargetKind, read_targets
from tests.support.boards import board

COUNTERSPELL = {"name": "Counterspell Test", "type": "Instant", "types": ["Instant"], "manaCost": "{U}{U}",
                "text": "Counter target spell."}
STIFLE = {"name": "Stifle Test", "type": "Instant", "types": ["Instant"], "manaCost": "{U}",
          "text": "Counter target activated or triggered ability."}
ISLANDS = ("Island", "Island", "Island")


def casts(answer: dict, card: str) -> list[dict]:
    return [p for p in answer["plays"] if p.get("card") == card and p["kind"] == "cast"]


def test_601_2c_counterspell_with_an_empty_stack_is_not_a_play():
    b = board(*ISLANDS, hand=["Counterspell Test"], cards=[COUNTERSPELL])
    assert casts(api.plays(b), "Counterspell Test") == []


def test_601_2c_counterspell_with_a_spell_on_the_stack_lists_it_as_the_target():
    b = board(*ISLANDS, hand=["Counterspell Test"], cards=[COUNTERSPELL], opponents=["bob"], active="bob")
    b["stack"] = [{"kind": "spell", "controller": "bob", "card": "Llanowar Elves"}]
    b["priority_player"] = "alice"
    (play,) = casts(api.plays(b, player="alice"), "Counterspell Test")
    assert play["targets"] == [{"target": "target spell", "legal": ["stack[0]"]}] and play["payable"]


def test_601_2c_target_creature_spell_needs_a_creature_spell():
    b = board(*ISLANDS, hand=["Hornswoggle"])
    b["stack"] = [{"kind": "spell", "controller": "alice", "card": "Think Twice"}]
    assert casts(api.plays(b), "Hornswoggle") == []
    b["stack"].append({"kind": "spell", "controller": "alice", "card": "Llanowar Elves"})
    assert casts(api.plays(b), "Hornswoggle")[0]["targets"][0]["legal"] == ["stack[1]"]


def test_601_2c_target_ability_needs_an_ability_on_the_stack():
    b = board(*ISLANDS, hand=["Stifle Test"], cards=[STIFLE])
    b["stack"] = [{"kind": "spell", "controller": "alice", "card": "Think Twice"}]
    assert casts(api.plays(b), "Stifle Test") == []
    b["stack"].append({"kind": "ability", "controller": "alice", "source": "x", "ability": "triggered"})
    assert casts(api.plays(b), "Stifle Test")[0]["targets"][0]["legal"] == ["stack[1]"]


def test_601_2c_stack_not_listed_but_not_empty_is_not_checked():
    b = board(*ISLANDS, hand=["Counterspell Test"], cards=[COUNTERSPELL], stack_empty=False)
    assert casts(api.plays(b), "Counterspell Test")[0]["targets"] == "not checked"


def test_601_2c_unburial_rites_needs_a_creature_card_in_your_graveyard():
    swamps = ["Swamp"] * 5
    b = board(*swamps, hand=["Unburial Rites"], graveyard=["Think Twice"], opponents=["bob"])
    assert casts(api.plays(b), "Unburial Rites") == []
    b = board(*swamps, hand=["Unburial Rites"], graveyard=["Think Twice"], opponents={"bob": []})
    b["players"][1]["graveyard"] = ["Llanowar Elves"]  # an opponent's creature card: not "your graveyard"
    assert casts(api.plays(b), "Unburial Rites") == []
    b = board(*swamps, hand=["Unburial Rites"], graveyard=["Think Twice", "Llanowar Elves"])
    (play,) = casts(api.plays(b), "Unburial Rites")
    assert play["targets"] == [{"target": "target creature card from your graveyard", "legal": ["alice.graveyard[1]"]}]


def test_601_2c_target_creature_permanents_hexproof_and_shroud():
    b = board("Swamp", "Swamp", "Swamp", "Swamp", ("c", "Caustic Bronco"), hand=["Launch Party"])
    # Launch Party also sacrifices a creature, but its target is chosen first (601.2c before 601.2h)
    assert casts(api.plays(b), "Launch Party")[0]["targets"] == [{"target": "target creature", "legal": ["c"]}]
    b = board(*["Mountain"] * 2, hand=["Gut Shot"], opponents={"bob": [("k", "Kalonian Behemoth"), ("h", "Conifer Strider")]})
    legal = casts(api.plays(b), "Gut Shot")[0]["targets"][0]["legal"]
    assert legal == ["alice", "bob"]  # 702.18a shroud, 702.11b an opponent's hexproof: not targetable
    b = board(("h", "Conifer Strider"), "Plains", hand=["Homestead Courage"])
    assert casts(api.plays(b), "Homestead Courage")[0]["targets"][0]["legal"] == ["h"]  # your own hexproof: fine


def test_601_2c_target_creature_you_control_and_target_opponent():
    b = board("Plains", hand=["Homestead Courage"], opponents={"bob": [("elf", "Llanowar Elves")]})
    assert casts(api.plays(b), "Homestead Courage") == []
    b = board(*["Swamp"] * 6, hand=["Blood Tribute"])  # no opponent on the board
    assert casts(api.plays(b), "Blood Tribute") == []


def test_equip_needs_another_creature_you_control():
    b = board(("blade", "Bonesplitter"), "Mountain", opponents={"bob": [("elf", "Llanowar Elves")]})
    assert not [p for p in api.plays(b)["plays"] if p.get("source") == "blade"]
    b = board(("blade", "Bonesplitter"), "Mountain", ("elf", "Llanowar Elves"))
    (equip,) = [p for p in api.plays(b)["plays"] if p.get("source") == "blade"]
    assert equip["targets"] == [{"target": "target creature you control", "legal": ["elf"]}]


def test_targets_not_understood_are_listed_as_not_checked():
    (play,) = casts(api.plays(board(*["Mountain"] * 2, hand=["Glorious Decay"])), "Glorious Decay")
    assert play["targets"] == "not checked"  # modal: its target depends on the mode (700.2)


def test_up_to_one_target_needs_no_target():
    nb = {"name": "Up To Test", "type": "Sorcery", "types": ["Sorcery"], "manaCost": "{G}",
          "text": "Up to one target creature gets +2/+2 until end of turn."}
    (play,) = casts(api.plays(board("Forest", hand=["Up To Test"], cards=[nb])), "Up To Test")
    assert play["targets"] == [{"target": "Up to one target creature", "legal": []}]


@pytest.mark.parametrize("text,kind,count,optional", [
    ("Destroy target artifact or enchantment.", TargetKind.PERMANENT, 1, False),
    ("Counter target spell.", TargetKind.SPELL, 1, False),
    ("It deals 3 damage to any target.", TargetKind.ANY, 1, False),
    ("Target player draws two cards.", TargetKind.PLAYER, 1, False),
    ("Target opponent discards a card.", TargetKind.PLAYER, 1, False),
    ("Tap up to two target creatures.", TargetKind.PERMANENT, 2, True),
    ("Return target creature card from your graveyard to your hand.", TargetKind.GRAVEYARD_CARD, 1, False),
    ("Counter target activated ability.", TargetKind.ABILITY, 1, False),
])
def test_115_1_target_phrases_read(text, kind, count, optional):
    (phrase,) = read_targets(text).phrases
    assert (phrase.kind, phrase.count, phrase.optional) == (kind, count, optional)


@pytest.mark.parametrize("text", ["Destroy target attacking creature.", "Destroy target creature with flying.",
                                  "Exile target permanent with mana value 3 or greater and flying."])
def test_115_1_target_qualifiers_not_modelled_are_unread(text):
    assert not read_targets(text).understood


WHITE_KNIGHT = {"name": "White Knight", "manaCost": "{W}{W}", "type": "Creature — Human Knight", "types": ["Creature"],
                "subtypes": ["Human", "Knight"], "keywords": ["First strike", "Protection"],
                "text": "First strike\nProtection from black", "power": "2", "toughness": "2"}
PROGENITUS = {"name": "Progenitus", "manaCost": "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}", "type": "Legendary Creature — Hydra Avatar",
              "types": ["Creature"], "supertypes": ["Legendary"], "keywords": ["Protection"],
              "text": "Protection from everything", "power": "10", "toughness": "10"}
CHOSEN = {"name": "Tel-Jilad Chosen", "manaCost": "{1}{G}", "type": "Creature — Human Warrior", "types": ["Creature"],
          "keywords": ["Protection"], "text": "Protection from artifacts", "power": "2", "toughness": "1"}
ODD_GUARD = {"name": "Odd Guard", "manaCost": "{W}", "type": "Creature — Human", "types": ["Creature"],
             "keywords": ["Protection"], "text": "Protection from the chosen player", "power": "1", "toughness": "1"}
MENTOR = {"name": "Odd Mentor", "manaCost": "{W}", "type": "Creature — Human", "types": ["Creature"],
          "keywords": ["Protection"], "text": "Other creatures you control have protection from black.",
          "power": "1", "toughness": "1"}
SWAMPS = ("Swamp",) * 4


def test_702_16b_protection_from_a_colour_stops_spells_of_that_colour_only():
    b = board(*SWAMPS, hand=["Dismember"], opponents={"bob": [("k", "White Knight")]}, cards=[WHITE_KNIGHT])
    assert casts(api.plays(b), "Dismember") == []  # black spell, protection from black: no legal target
    b = board(*["Mountain"] * 2, hand=["Gut Shot"], opponents={"bob": [("k", "White Knight")]}, cards=[WHITE_KNIGHT])
    assert casts(api.plays(b), "Gut Shot")[0]["targets"][0]["legal"] == ["alice", "bob", "k"]  # red: fine


def test_702_16b_protection_from_everything_and_from_a_card_type():
    b = board(*SWAMPS, hand=["Dismember"], opponents={"bob": [("p", "Progenitus"), ("c", "Tel-Jilad Chosen")]},
              cards=[PROGENITUS, CHOSEN])
    assert casts(api.plays(b), "Dismember")[0]["targets"][0]["legal"] == ["c"]  # not an artifact spell
    blade = board(("blade", "Bonesplitter"), "Mountain", ("c", "Tel-Jilad Chosen"), ("p", "Progenitus"),
                  cards=[PROGENITUS, CHOSEN])
    # Equip is an ability of an artifact: protection from artifacts and from everything stop it (702.16b)
    assert not [p for p in api.plays(blade)["plays"] if p.get("source") == "blade"]


def test_702_16_protection_quality_not_read_is_not_checked_and_granted_protection_is_not_its_own():
    b = board(*SWAMPS, hand=["Dismember"], opponents={"bob": [("g", "Odd Guard")]}, cards=[ODD_GUARD])
    assert casts(api.plays(b), "Dismember")[0]["targets"] == "not checked"
    b = board(*SWAMPS, hand=["Dismember"], opponents={"bob": [("m", "Odd Mentor")]}, cards=[MENTOR])
    assert casts(api.plays(b), "Dismember")[0]["targets"][0]["legal"] == ["m"]


def test_702_11d_hexproof_from_a_colour_stops_an_opponents_spells_of_that_colour():
    hb = {"name": "Hexproof From Test", "manaCost": "{G}", "type": "Creature — Elf", "types": ["Creature"],
          "keywords": ["Hexproof from"], "text": "Hexproof from black", "power": "1", "toughness": "1"}
    b = board(*SWAMPS, hand=["Dismember"], opponents={"bob": [("h", "Hexproof From Test")]}, cards=[hb])
    assert casts(api.plays(b), "Dismember") == []
    b = board(*SWAMPS, ("h", "Hexproof From Test"), hand=["Dismember"], cards=[hb])
    assert casts(api.plays(b), "Dismember")[0]["targets"][0]["legal"] == ["h"]  # your own: fine


def test_115_1_nonartifact_nonblack_creature_needs_all_of_it():
    b = board(*SWAMPS, hand=["Terror"], opponents={"bob": [("k", "Black Knight"), ("f", "Forest")]},
              cards=[dict(WHITE_KNIGHT, name="Black Knight", manaCost="{B}{B}", text="First strike")])
    assert casts(api.plays(b), "Terror") == []  # a land is not a creature; the knight is black
    b["players"][1]["battlefield"].append({"id": "e", "card": "Llanowar Elves"})
    assert casts(api.plays(b), "Terror")[0]["targets"][0]["legal"] == ["e"]


def test_202_3_target_with_mana_value():
    b = board(*["Island"] * 2, hand=["Mental Misstep"])
    b["stack"] = [{"kind": "spell", "controller": "alice", "card": "Think Twice"}]  # mana value 2
    assert casts(api.plays(b), "Mental Misstep") == []
    b["stack"].append({"kind": "spell", "controller": "alice", "card": "Llanowar Elves"})  # mana value 1
    assert casts(api.plays(b), "Mental Misstep")[0]["targets"][0]["legal"] == ["stack[1]"]
    b = board("Plains", "Swamp", "Forest", ("e", "Llanowar Elves"), ("r", "Rhox Brute"), hand=["Kin-Tree Severance"])
    assert casts(api.plays(b), "Kin-Tree Severance")[0]["targets"][0]["legal"] == ["r"]


def test_601_2c_cost_and_pay_card_say_counterspell_is_not_castable_with_an_empty_stack():
    """The same target check as `plays` (`targets.cast_targets`): castable now only with a
    legal target, the reason naming the phrase."""
    b = board(*ISLANDS, hand=["Counterspell"])
    for answer in (api.cost(b, "Counterspell"), api.pay(b, card="Counterspell")):
        assert answer["castable_now"] is False and "'target spell'" in answer["reason"] and "601.2c" in answer["reason"]
    b["stack"] = [{"kind": "spell", "controller": "alice", "card": "Llanowar Elves"}]
    assert api.cost(b, "Counterspell")["castable_now"] is True and api.pay(b, card="Counterspell")["reason"] is None


def test_601_2c_a_kicker_target_phrase_applies_only_to_the_kicked_cast():
    """Bloodchief's Thirst: unkicked it targets a creature or planeswalker with mana value
    2 or less, kicked ("If this spell was kicked, instead destroy target ...") any one."""
    b = board("Swamp", "Swamp", "Swamp", "Swamp", hand=["Bloodchief's Thirst"],
              opponents={"bob": [("bear", "Grizzly Bears"), ("angel", "Serra Angel")]})
    unkicked, kicked = sorted(casts(api.plays(b), "Bloodchief's Thirst"), key=lambda p: p["optional"])
    assert (unkicked["total"], kicked["total"]) == ("{B}", "{2}{B}{B}")
    assert unkicked["targets"] == [{"target": "target creature or planeswalker with mana value 2 or less", "legal": ["bear"]}]
    assert kicked["targets"] == [{"target": "target creature or planeswalker", "legal": ["bear", "angel"]}]
    only_angel = board("Swamp", "Swamp", "Swamp", "Swamp", hand=["Bloodchief's Thirst"], opponents={"bob": [("angel", "Serra Angel")]})
    (play,) = casts(api.plays(only_angel), "Bloodchief's Thirst")
    assert play["optional"] == [1]  # unkicked it has no legal target (601.2c)
    assert api.cost(only_angel, "Bloodchief's Thirst")["castable_now"] is False
    assert api.cost(only_angel, "Bloodchief's Thirst", kicker=1)["castable_now"] is True


def test_601_2c_a_spree_modes_target_applies_only_when_the_mode_is_chosen():
    """Explosive Derailment: "+ {2} — ... target creature" and "+ {2} — Destroy target
    artifact": with no artifact on the board only the creature mode is a play."""
    b = board(*["Mountain"] * 5, hand=["Explosive Derailment"], opponents={"bob": [("bear", "Grizzly Bears")]})
    (play,) = casts(api.plays(b), "Explosive Derailment")
    assert play["optional"] == [1, 0] and play["targets"] == [{"target": "target creature", "legal": ["bear"]}]


def test_115_1_a_kicked_instead_sentence_splits_the_targets():
    t = read_targets("Destroy target creature with mana value 2 or less. If this spell was kicked, instead destroy "
                     "target creature.")
    assert [(p.text, p.kicked) for p in t.phrases] == [("target creature with mana value 2 or less", False),
                                                      ("target creature", True)]
    assert [p.text for p in t.for_cast(kicked=False).phrases] == ["target creature with mana value 2 or less"]
    probe = read_targets("Draw three cards, then discard two cards. If this spell was kicked, target player discards two cards.")
    assert probe.for_cast(kicked=False).phrases == () and len(probe.for_cast(kicked=True).phrases) == 1


def test_601_2c_commit_targets_a_spell_or_a_nonland_permanent():
    """Commit's "target spell or nonland permanent" is one phrase choosing either (it was
    read as "target spell" alone): with an empty stack it is a play while a nonland
    permanent is on the battlefield, and not one when there are only lands."""
    (phrase,) = read_targets("Put target spell or nonland permanent into its owner's library second from the top.").phrases
    assert (phrase.text, phrase.kind, phrase.or_permanent) == ("target spell or nonland permanent", TargetKind.SPELL,
                                                             (("non-Land", "Permanent"),))
    islands = [("i%d" % i, "Island") for i in range(4)]
    only_lands = board(*islands, hand=["Commit // Memory"], opponents=["bob"])
    assert casts(api.plays(only_lands), "Commit // Memory") == []
    assert api.cost(only_lands, "Commit")["castable_now"] is False
    with_bears = board(*islands, hand=["Commit // Memory"], opponents={"bob": [("gb", "Grizzly Bears")]})
    (play,) = casts(api.plays(with_bears), "Commit // Memory")
    assert play["targets"] == [{"target": "target spell or nonland permanent", "legal": ["gb"]}] and play["payable"]
    assert api.cost(with_bears, "Commit")["castable_now"] is True
    with_bears["stack"] = [{"kind": "spell", "controller": "bob", "card": "Llanowar Elves"}]
    with_bears["active_player"], with_bears["priority_player"] = "bob", "alice"
    (play,) = casts(api.plays(with_bears, player="alice"), "Commit // Memory")
    assert play["targets"] == [{"target": "target spell or nonland permanent", "legal": ["gb", "stack[0]"]}]
