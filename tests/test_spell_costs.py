"""The spell-cost parser (`oracle.spell_costs`): what it understands exactly, what it reports."""

from __future__ import annotations

import pytest

from manasolve.models.carddb import default_db
from manasolve.models.cards import card_from_mtgjson
from manasolve.models.oracle.costs import parse_cost_part
from manasolve.models.oracle.words import filter_alternatives


def parsed(name: str):
    return default_db().get(name).spell_costs


def texts(parts) -> tuple[str, ...]:
    return tuple(p.text for p in parts)


def test_flashback_with_mana_and_life():
    fb = parsed("Acorn Harvest").flashback
    assert [(str(f.cost.mana), f.cost.life, texts(f.cost.other)) for f in fb] == [("{1}{G}", 3, ())]


def test_flashback_non_mana_only():
    fb = parsed("Lava Dart").flashback[0].cost
    assert (fb.mana.symbols, texts(fb.other)) == ((), ("Sacrifice a Mountain",))


def test_flashback_with_x_in_non_mana_part_keeps_x():
    assert parsed("Flash of Insight").flashback[0].cost.has_x  # "Exile X blue cards" (107.3b)


def test_kicker_and_or_gives_two_kickers_and_multikicker_is_repeatable():
    assert [str(k.cost) for k in parsed("Thornscape Battlemage").kicker] == ["{R}", "{W}"]
    mk = parsed("Gnarlid Pack").multikicker
    assert [str(k.cost) for k in mk] == ["{1}{G}"] and mk[0].repeatable


def test_mandatory_and_optional_additional_costs():
    assert [texts(a.cost.other) for a in parsed("Launch Party").additional] == [("Sacrifice a creature",)]
    opt = parsed("Undergrowth").optional
    assert [(str(o.cost.mana), o.kind) for o in opt] == [("{2}{R}", "optional")]


@pytest.mark.parametrize("name,direction,amount,spells,casters,x_is_power", [
    ("Thalia, Guardian of Thraben", "more", "{1}", (("non-Creature",),), "all", False),
    ("Sphere of Resistance", "more", "{1}", (), "all", False),
    ("Golden-Tail Trainer", "less", "{X}", (("Aura",), ("Equipment",)), "you", True),
    ("Baral, Chief of Compliance", "less", "{1}", (("Instant",), ("Sorcery",)), "you", False),
    ("Jade Leech", "more", "{G}", (("green",),), "you", False),
    ("Planar Gate", "less", "{2}", (("Creature",),), "you", False),
])
def test_cost_modifiers(name, direction, amount, spells, casters, x_is_power):
    (mod,) = parsed(name).modifiers
    assert (mod.direction, str(mod.amount), mod.spells, mod.casters, mod.x_is_power) == (
        direction, amount, spells, casters, x_is_power)


def test_conditional_and_x_self_reductions():
    (chill,) = parsed("Chill of the Grave").self_reductions
    assert (chill.per, chill.counting, str(chill.amount)) == ((("Zombie",),), "if_control", "{1}")
    (quake,) = parsed("Earthquake Dragon").self_reductions
    assert (quake.per, quake.counting) == ((("Dragon",),), "mana_value")


def test_affinity_and_for_each_reductions():
    (aff,) = parsed("Broodstar").self_reductions
    assert (aff.per, aff.counting) == ((("Artifact",),), "battlefield")
    (terror,) = parsed("Tolarian Terror").self_reductions
    assert (terror.per, terror.counting) == ((("Instant",), ("Sorcery",)), "graveyard")


@pytest.mark.parametrize("name,fragment,kind", [
    ("Toxic Deluge", "pay X life", "additional"),  # (Launch the Fleet's Strive is read now: test_added_costs.py)
    ("Defiler of Vigor", "you may pay 2 life", "additional"),
    ("Thing Swing", "if it targets a Hero", "targets"),
    ("Snapcaster Mage", "gains flashback", "flashback_grant"),
    ("Visions of Glory", "less to cast this way", "effect"),
])
def test_cost_sentences_beyond_the_model_are_named_not_guessed(name, fragment, kind):
    # read exactly but not applied (oracle.unapplied_costs): named with why, nothing guessed
    sc = parsed(name)
    assert [u.kind for u in sc.unapplied if fragment in u.text] == [kind] and not sc.not_understood
    assert not sc.modifiers and not sc.additional and not sc.self_reductions


def test_a_cost_sentence_no_family_reads_stays_not_understood():
    sc = parsed("Worldheart Phoenix")  # "You may cast this card from your graveyard by paying {W}{U}{B}{R}{G} ..."
    assert [nu.sentence[:45] for nu in sc.not_understood] == ["You may cast this card from your graveyard by "[:45]]
    assert not sc.unapplied and not sc.alternative


def test_cards_without_cost_text_report_nothing():
    sc = parsed("Forest")
    assert not (sc.flashback or sc.kicker or sc.modifiers or sc.not_understood)


def test_cost_part_and_filters():
    assert parse_cost_part("{1}{U}, Pay 2 life").life == 2
    assert parse_cost_part("Dance a jig") is None
    assert filter_alternatives("Artifact, instant, and sorcery") == (("Artifact",), ("Instant",), ("Sorcery",))
    aura = card_from_mtgjson({"name": "A", "manaCost": "{W}", "type": "Enchantment — Aura"})
    assert aura.has_words(("Aura",)) and aura.has_words(("white",)) and not aura.has_words(("non-Enchantment",))


CAPSIZE = {"name": "Capsize", "type": "Instant", "types": ["Instant"], "manaCost": "{1}{U}{U}",
           "text": "Buyback {3} (You may pay an additional {3} as you cast this spell. If you do, put this card into your "
                   "hand as it resolves.)\nReturn target permanent to its owner's hand."}
GIGADROWSE = {"name": "Gigadrowse", "type": "Instant", "types": ["Instant"], "manaCost": "{U}",
              "text": "Replicate {U} (When you cast this spell, copy it for each time you paid its replicate cost. You may "
                      "choose new targets for the copies.)\nTap target permanent."}


def test_buyback_and_replicate_are_optional_additional_costs():
    from manasolve.api import cost
    from tests.support.boards import board
    b = board(("i", "Island"), hand=["Capsize", "Gigadrowse"], cards=[CAPSIZE, GIGADROWSE])
    assert cost(b, "Capsize")["total"] == "{1}{U}{U}"
    assert cost(b, "Capsize", kicker=1)["total"] == "{4}{U}{U}"  # 702.27a
    assert cost(b, "Gigadrowse", kicker=3)["total"] == "{U}{U}{U}{U}"  # 702.56a: paid any number of times
