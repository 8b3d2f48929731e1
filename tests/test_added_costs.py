"""Cost keywords that add to a spell's cost, cast it another way or are paid from another
zone (models/oracle/added_costs.py, solver/total_cost.py, solver/keyword_abilities.py):
one test per keyword with a real card, read and paid exactly.  The exact counts with
sacrifices, taps and returns (bargain, casualty, conspire, ninjutsu) are also checked
against the brute-force enumerator in tests/test_other_costs_property.py."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.errors import ParameterError
from tests.support.boards import board

MOUNTAINS = [("m%d" % i, "Mountain") for i in range(4)]


def _plays(b: dict, **kw) -> list[dict]:
    return api.plays(b, **kw)["plays"]


def _count(b: dict, card: str, **kw) -> int:
    return api.pay(b, card=card, mode="count", **kw)["count"]


def test_morph_casts_face_down_for_three_as_a_colourless_creature_spell_of_mana_value_0():
    # Krosan Colossus (Morph {6}{G}{G}) face down: {3} (702.37c); Gloom's "White spells
    # cost {3} more" would not touch it anyway, but a face-down spell is not green either.
    b = board(*MOUNTAINS[:3], ("g", "Gloom"), hand=["Krosan Colossus"], opponents=["bob"])
    cost = api.cost(b, "Krosan Colossus", alt="face_down")
    assert (cost["base"], cost["total"], cost["mana_value"], cost["increases"]) == ("{3}", "{3}", 0, [])
    assert _count(b, "Krosan Colossus", alt="face_down") == 1
    via = {p["via"]: p["payable"] for p in _plays(b) if p.get("card") == "Krosan Colossus"}
    assert via == {"mana_cost": False, "face_down": True}


def test_face_down_spell_has_sorcery_timing_and_no_flash():
    b = board(*MOUNTAINS[:3], hand=["Krosan Colossus"], step="combat_damage")
    assert api.cost(b, "Krosan Colossus", alt="face_down")["castable_now"] is False


def test_megamorph_turns_face_up_for_its_cost_at_any_time_with_priority():
    # Ainok Survivalist face down (Megamorph {1}{G}): a special action (116.2b), even in combat.
    b = board(("f1", "Forest"), ("f2", "Forest"), {"id": "fd", "card": "Ainok Survivalist", "face_down": True},
              step="combat_damage")
    answer = api.pay(b, card="fd", ability="face_up", mode="count")
    assert (answer["total"], answer["count"], answer["castable_now"]) == ("{1}{G}", 1, True)
    (up,) = [p for p in _plays(b) if p["kind"] == "turn_face_up"]
    assert (up["source"], up["via"], up["total"], up["payable"]) == ("fd", "megamorph", "{1}{G}", True)


def test_disguise_casts_face_down_and_turns_face_up_for_its_cost():
    # Boltbender {3}{R}, Disguise {1}{R}
    b = board(*MOUNTAINS, {"id": "fd", "card": "Boltbender", "face_down": True}, hand=["Boltbender"])
    assert api.cost(b, "Boltbender", alt="face_down")["total"] == "{3}"
    up = api.pay(b, card="fd", ability="face_up", mode="count")
    assert (up["total"], up["count"]) == ("{1}{R}", 6)  # two of the four Mountains
    assert [p["via"] for p in _plays(b) if p["kind"] == "turn_face_up"] == ["disguise"]


def test_a_face_down_permanent_has_no_mana_ability():
    # 708.2a: face down, Birds of Paradise is a 2/2 with no text: it makes no mana.
    b = board({"id": "bop", "card": "Birds of Paradise", "face_down": True})
    assert api.produce(b)["permanents"]["bop"] == []
    assert api.pay(b, "{G}")["payable"] is False
    assert not [p for p in _plays(b) if p["kind"] == "turn_face_up"]  # no morph: it stays face down


def test_entwine_adds_its_cost_when_paid():
    # Savage Beating {3}{R}{R}, Entwine {1}{R}
    b = board(*MOUNTAINS, hand=["Savage Beating"])
    assert api.cost(b, "Savage Beating", optional=[1])["total"] == "{4}{R}{R}{R}"
    assert [p["optional"] for p in _plays(b) if p.get("card") == "Savage Beating"] == [[0]]  # 4 lands: unentwined only


def test_gift_is_an_optional_cost_of_no_mana():
    # Sazacap's Brew {1}{R}: Gift a tapped Fish; discard a card as a mandatory additional cost
    b = board(*MOUNTAINS[:2], ("bears", "Grizzly Bears"), hand=["Sazacap's Brew", "Forest"], opponents=["bob"])
    given = api.cost(b, "Sazacap's Brew", optional=[1])
    assert given["total"] == api.cost(b, "Sazacap's Brew")["total"]
    assert given["additional"][0]["kind"] == "gift"
    assert sorted(p["optional"] for p in _plays(b) if p.get("card") == "Sazacap's Brew") == [[0], [1]]


def test_bargain_sacrifices_an_artifact_enchantment_or_token():
    # Torch the Tower {R}, Bargain: a token Grizzly Bears or Sol Ring, not the Mountain
    b = board(("m", "Mountain"), ("sol", "Sol Ring"), {"id": "tok", "card": "Grizzly Bears", "token": True},
              ("bears", "Grizzly Bears"), hand=["Torch the Tower"])
    assert _count(b, "Torch the Tower", optional=[1]) == 2
    best = api.pay(b, card="Torch the Tower", optional=[1], mode="best")["best"]
    assert best["other_costs"][0]["chosen"] in (["sol"], ["tok"])


def test_casualty_sacrifices_a_creature_with_power_n_or_greater():
    # Make Disappear {1}{U}, Casualty 1: Grizzly Bears (2/2) but not Birds of Paradise (0/1)
    b = board(("i1", "Island"), ("i2", "Island"), ("bears", "Grizzly Bears"), {"id": "bop", "card": "Birds of Paradise",
              "sick": True}, hand=["Make Disappear"])
    assert _count(b, "Make Disappear", optional=[1]) == 1
    assert _count(b, "Make Disappear") == 1


def test_conspire_taps_two_creatures_sharing_a_colour_with_the_spell():
    # Burn Trail {3}{R}: three red Raging Goblins, a green Grizzly Bears: C(3, 2) = 3
    goblins = [("rg%d" % i, "Raging Goblin") for i in range(3)]
    b = board(*MOUNTAINS, *goblins, ("bears", "Grizzly Bears"), hand=["Burn Trail"])
    assert _count(b, "Burn Trail", optional=[1]) == 3
    one = board(*MOUNTAINS, goblins[0], ("bears", "Grizzly Bears"), hand=["Burn Trail"])
    assert api.pay(one, card="Burn Trail", optional=[1])["payable"] is False


def test_squad_is_paid_any_number_of_times():
    # Ultramarines Honour Guard {3}{W}, Squad {2}
    b = board(*[("p%d" % i, "Plains") for i in range(8)], hand=["Ultramarines Honour Guard"])
    assert api.cost(b, "Ultramarines Honour Guard", optional=[2])["total"] == "{7}{W}"
    (squadded,) = [p for p in _plays(b) if p.get("optional") == [1]]
    assert squadded["times_max"] == 2


def test_spree_needs_one_mode_or_more_each_adding_its_cost():
    # Final Showdown {W}: + {1}, + {1}, + {3}{W}{W}
    b = board(*[("p%d" % i, "Plains") for i in range(3)], hand=["Final Showdown"])
    assert api.cost(b, "Final Showdown", optional=[0, 0, 1])["total"] == "{3}{W}{W}{W}"
    with pytest.raises(ParameterError, match="spree modes"):
        api.cost(b, "Final Showdown")
    listed = {tuple(p["optional"]): p["payable"] for p in _plays(b) if p.get("card") == "Final Showdown"}
    assert listed == {(1, 0, 0): True, (0, 1, 0): True, (0, 0, 1): False, (1, 1, 0): True}


def test_escalate_is_paid_once_per_mode_beyond_the_first():
    # Collective Defiance {1}{R}{R}, Escalate {1}, three modes: at most twice
    b = board(*MOUNTAINS, hand=["Collective Defiance"])
    assert api.cost(b, "Collective Defiance", optional=[2])["total"] == "{3}{R}{R}"
    with pytest.raises(ParameterError, match="at most 2"):
        api.cost(b, "Collective Defiance", optional=[3])


def test_strive_costs_more_for_each_target_beyond_the_first():
    # Ajani's Presence {W}, Strive {2}{W}
    b = board(hand=["Ajani's Presence"])
    answer = api.cost(b, "Ajani's Presence", targets=3)
    assert answer["total"] == "{4}{W}{W}{W}" and answer["increases"][0]["count"] == 2
    assert api.cost(b, "Ajani's Presence")["total"] == "{W}"


def test_undaunted_costs_one_less_per_opponent():
    # Sublime Exhalation {6}{W}
    assert api.cost(board(hand=["Sublime Exhalation"], opponents=["b"]), "Sublime Exhalation")["total"] == "{5}{W}"
    assert api.cost(board(hand=["Sublime Exhalation"], opponents=["b", "c", "d"]),
                    "Sublime Exhalation")["total"] == "{3}{W}"


def test_cleave_is_an_alternative_cost():
    # Dig Up {G}, Cleave {1}{B}{B}{G}
    b = board(("f", "Forest"), ("s1", "Swamp"), ("s2", "Swamp"), ("m", "Mountain"), hand=["Dig Up"])
    assert api.cost(b, "Dig Up", alt="cleave")["total"] == "{1}{B}{B}{G}"
    assert {p["via"] for p in _plays(b) if p.get("card") == "Dig Up"} == {"mana_cost", "cleave"}


def test_unearth_from_the_graveyard_at_sorcery_timing():
    # Dregscape Zombie, Unearth {B}
    b = board(("s", "Swamp"), ("s2", "Swamp"), graveyard=["Dregscape Zombie"])
    answer = api.pay(b, card="Dregscape Zombie", ability="unearth", mode="count")
    assert (answer["total"], answer["count"], answer["castable_now"]) == ("{B}", 2, True)
    assert [p["ability"] for p in _plays(b) if p["kind"] == "activate" and p.get("card")] == ["unearth"]
    in_combat = board(("s", "Swamp"), graveyard=["Dregscape Zombie"], step="combat_damage")
    assert api.cost(in_combat, "Dregscape Zombie", ability="unearth")["castable_now"] is False
    assert not [p for p in _plays(in_combat) if p.get("ability") == "unearth"]


def test_embalm_and_eternalize_from_the_graveyard():
    b = board(*[("p%d" % i, "Plains") for i in range(5)], graveyard=["Anointer Priest", "Adorned Pouncer"])
    assert api.cost(b, "Anointer Priest", ability="embalm")["total"] == "{3}{W}"
    assert _count(b, "Adorned Pouncer", ability="eternalize") == 1
    with pytest.raises(ParameterError, match="no unearth"):
        api.cost(b, "Anointer Priest", ability="unearth")


def test_eternalize_with_a_discard_pays_both_parts():
    # Sunscourge Champion: Eternalize—{2}{W}{W}, Discard a card
    b = board(*[("p%d" % i, "Plains") for i in range(4)], hand=["Forest", "Island"], graveyard=["Sunscourge Champion"])
    assert _count(b, "Sunscourge Champion", ability="eternalize") == 2


def test_ninjutsu_returns_an_unblocked_attacker_after_blockers():
    # Ninja of the Deep Hours {1}{U}: two unblocked attackers, one blocked
    attackers = [{"id": "a%d" % i, "card": "Grizzly Bears", "tapped": True, "unblocked": i < 2} for i in range(3)]
    b = board(("i1", "Island"), ("i2", "Island"), *attackers, hand=["Ninja of the Deep Hours"], step="declare_blockers")
    answer = api.pay(b, card="Ninja of the Deep Hours", ability="ninjutsu", mode="count")
    assert (answer["count"], answer["castable_now"]) == (2, True)
    assert [p["ability"] for p in _plays(b) if p["kind"] == "activate" and p.get("card")] == ["ninjutsu"]
    main = board(("i1", "Island"), ("i2", "Island"), *attackers, hand=["Ninja of the Deep Hours"])
    assert "702.49a" in api.cost(main, "Ninja of the Deep Hours", ability="ninjutsu")["reason"]


def test_a_keyword_ability_is_not_a_spell_so_spell_modifiers_do_not_touch_it():
    # Gloom: white spells cost {3} more; Anointer Priest's embalm is not a spell
    b = board(*[("p%d" % i, "Plains") for i in range(4)], ("g", "Gloom"), graveyard=["Anointer Priest"])
    assert api.cost(b, "Anointer Priest", ability="embalm")["total"] == "{3}{W}"


def test_cli_pays_optional_costs_and_abilities(tmp_path):
    import json
    import subprocess
    import sys

    path = tmp_path / "b.json"
    path.write_text(json.dumps(board(*MOUNTAINS, hand=["Collective Defiance"])))
    out = subprocess.run([sys.executable, "-m", "manasolve", "pay", str(path), "--card", "Collective Defiance",
                          "--optional", "1", "--json"], capture_output=True, text=True)
    assert json.loads(out.stdout)["total"] == "{2}{R}{R}"
    bad = subprocess.run([sys.executable, "-m", "manasolve", "pay", str(path), "--card", "Collective Defiance",
                          "--optional", "x"], capture_output=True, text=True)
    assert bad.returncode == 2 and "optional" in bad.stderr and "Traceback" not in bad.stderr


def test_splice_onto_arcane_adds_each_spliced_cards_cost():
    # Lava Spike (Sorcery — Arcane, {R}) with two Glacial Rays in hand (Splice onto Arcane {1}{R}):
    # each other card may be spliced; a Glacial Ray cast is not spliced onto itself (702.47a).
    b = board(*MOUNTAINS, hand=["Glacial Ray", "Glacial Ray", "Lava Spike"], opponents=["bob"])
    assert api.cost(b, "Lava Spike", optional=[1, 1])["total"] == "{2}{R}{R}{R}"
    assert _count(b, "Lava Spike", optional=[1, 0]) == 4  # three of the four Mountains
    listed = sorted(p["optional"] for p in _plays(b) if p.get("card") == "Lava Spike")
    assert listed == [[0, 0], [0, 1], [1, 0]]  # both splices need five mana
    assert sorted(p["optional"] for p in _plays(b) if p.get("card") == "Glacial Ray") == [[0], [1]]
    assert api.cost(board(hand=["Lava Spike"]), "Lava Spike")["total"] == "{R}"  # nothing to splice


# Split cards with fuse / aftermath, as MTGJSON gives their halves, inline (the built-in
# pool's own halves: tests/test_pool_faces.py).
BECK = {"name": "Beck", "layout": "split", "side": "a", "manaCost": "{G}{U}", "type": "Sorcery", "types": ["Sorcery"],
        "text": "Whenever a creature you control enters this turn, you may draw a card.\n"
                "Fuse (You may cast one or both halves of this card from your hand.)"}
CALL = {"name": "Call", "layout": "split", "side": "b", "manaCost": "{4}{W}{U}", "type": "Sorcery",
        "types": ["Sorcery"], "text": "Create four 1/1 white Bird creature tokens with flying.\n"
                                      "Fuse (You may cast one or both halves of this card from your hand.)"}
COMMIT = {"name": "Commit", "layout": "aftermath", "side": "a", "manaCost": "{3}{U}", "type": "Instant",
          "types": ["Instant"], "text": "Put target spell or nonland permanent into its owner's library second from the top."}
MEMORY = {"name": "Memory", "layout": "aftermath", "side": "b", "manaCost": "{4}{U}{U}", "type": "Sorcery",
          "types": ["Sorcery"], "text": "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
                                        "Each player shuffles their hand and graveyard into their library, then draws seven cards."}


def test_fuse_casts_both_halves_from_the_hand_paying_both_costs():
    lands = [("i%d" % i, "Island") for i in range(3)] + [("f", "Forest"), ("p", "Plains"), ("p2", "Plains"),
                                                        ("p3", "Plains"), ("p4", "Plains")]
    b = board(*lands, hand=["Beck // Call"], cards=[BECK, CALL])
    assert api.cost(b, "Beck // Call", fuse=True)["total"] == "{4}{G}{U}{W}{U}"  # {G}{U} + {4}{W}{U}
    fused = [p for p in _plays(b) if p.get("fuse")]
    assert [(p["total"], p["payable"]) for p in fused] == [("{4}{G}{U}{W}{U}", True)]
    assert _count(b, "Beck // Call", fuse=True) == 1  # all eight lands
    assert api.pay(board(*lands[1:], hand=["Beck // Call"], cards=[BECK, CALL]), card="Beck // Call",
                   fuse=True)["payable"] is False
    with pytest.raises(ParameterError, match="no fuse"):
        api.cost(board(hand=["Commit // Memory"], cards=[COMMIT, MEMORY]), "Commit // Memory", fuse=True)


def test_aftermath_half_is_cast_only_from_the_graveyard():
    b = board(*[("i%d" % i, "Island") for i in range(6)], graveyard=["Commit // Memory"], cards=[COMMIT, MEMORY])
    answer = api.pay(b, card="Commit // Memory", zone="graveyard", mode="count")
    assert (answer["total"], answer["count"], answer["castable_now"]) == ("{4}{U}{U}", 1, True)
    (memory,) = [p for p in _plays(b) if p.get("zone") == "graveyard"]
    assert (memory["face"], memory["total"]) == ("Memory", "{4}{U}{U}")
    in_hand = board(*[("i%d" % i, "Island") for i in range(6)], hand=["Commit // Memory"], cards=[COMMIT, MEMORY])
    assert [p.get("face") for p in _plays(in_hand) if p["kind"] == "cast"] == []  # Commit needs a target; never Memory


def test_a_face_up_cost_reduction_not_applied_is_a_note_never_dropped():
    # Fugitive Codebreaker: Disguise {5}{R}. "This cost is reduced by {1} for each instant and
    # sorcery card in your graveyard." (read, not applied: the answer says so and why)
    b = board(*MOUNTAINS, {"id": "fd", "card": "Fugitive Codebreaker", "face_down": True})
    answer = api.pay(b, card="fd", ability="face_up")
    assert any(n.startswith("not applied: 'This cost is reduced") and "does not reduce" in n for n in answer["notes"])
    (up,) = [p for p in _plays(b) if p["kind"] == "turn_face_up"]
    assert up["notes"] == answer["notes"]


def test_ninjutsu_abilities_cost_less_with_silver_fur_master():
    # Silver-Fur Master: "Ninjutsu abilities you activate cost {1} less to activate."
    attacker = {"id": "a", "card": "Grizzly Bears", "tapped": True, "unblocked": True}
    b = board(("i", "Island"), ("sfm", "Silver-Fur Master"), attacker, hand=["Ninja of the Deep Hours"],
              step="declare_blockers")
    answer = api.cost(b, "Ninja of the Deep Hours", ability="ninjutsu")
    assert (answer["total"].split(",")[0], answer["reductions"]) == ("{U}", [{"source": "sfm", "by": "{1}"}])
    assert _count(b, "Ninja of the Deep Hours", ability="ninjutsu") == 1


def test_morph_costs_that_reveal_or_discard_a_card_of_a_kind():
    # Temur Charger: Morph—Reveal a green card in your hand; Putrid Raptor: Morph—Discard a Zombie card
    b = board({"id": "tc", "card": "Temur Charger", "face_down": True},
              {"id": "pr", "card": "Putrid Raptor", "face_down": True},
              hand=["Llanowar Elves", "Grizzly Bears", "Island", "Gravecrawler"])
    assert _count(b, "tc", ability="face_up") == 2  # Llanowar Elves or Grizzly Bears
    assert _count(b, "pr", ability="face_up") == 1  # Gravecrawler, a Zombie
