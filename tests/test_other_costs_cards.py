"""Real cards whose total cost has a non-mana part (118.8, 601.2h), paid through
`pay --card` and listed by `plays`; each expected count is worked out in the comment."""

from __future__ import annotations

from functools import partial

import json

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import InputError, load_board
from manasolve.answers import plays_json
from manasolve.solver.plays import plays_answer
from manasolve.solver.total_cost import total_cost
from tests.support import boards


board = partial(boards.loaded, player="a")


def test_flash_of_insight_flashback_exiles_x_blue_cards():
    # Flashback—{1}{U}, Exile X blue cards from your graveyard.  Mana: {i1,i2}, {i1,f},
    # {i2,f} = 3; the blue cards other than Flash of Insight itself (on the stack, 601.2a):
    # Think Twice, Deep Analysis, Treasure Cruise → C(3,2) = 3 for X = 2.
    b = board(("i1", "Island"), ("i2", "Island"), ("f", "Forest"),
              graveyard=["Flash of Insight", "Think Twice", "Deep Analysis", "Treasure Cruise", "Forest"])
    ans = api.pay(b, card="Flash of Insight", zone="graveyard", x=2, mode="count")
    assert ans["total"] == "{1}{U}, Exile X blue cards from your graveyard"
    assert ans["count"] == 9 and ans["exile"]["choose"] == 2 and len(ans["exile"]["from"]) == 3
    assert api.pay(b, card="Flash of Insight", zone="graveyard", x=3, mode="count")["count"] == 3
    assert api.pay(b, card="Flash of Insight", zone="graveyard", x=4, mode="count")["payable"] is False


def test_light_up_the_night_removes_x_loyalty_counters_from_among_planeswalkers():
    # Remove 3 loyalty counters from among walkers with 2 and 3: (0,3), (1,2), (2,1) = 3
    # ways; {3}{R} from exactly four Mountains: 1 way.
    b = board(*[("m%d" % i, "Mountain") for i in range(4)],
              {"id": "pw1", "card": "Chandra, Bold Pyromancer", "counters": {"loyalty": 2}},
              {"id": "pw2", "card": "Jiang Yanggu, Wildcrafter", "counters": {"loyalty": 3}},
              graveyard=["Light Up the Night"])
    ans = api.pay(b, card="Light Up the Night", zone="graveyard", x=3, mode="best")
    assert ans["best"]["counters_removed_from"].count("pw2") == 3  # the fuller walker first
    assert api.pay(b, card="Light Up the Night", zone="graveyard", x=3, mode="count")["count"] == 3
    assert api.pay(b, card="Light Up the Night", zone="graveyard", x=6, mode="count")["payable"] is False


def test_burn_at_the_stake_taps_any_number_of_creatures_not_used_for_mana():
    # {2}{R}{R}{R} needs all five sources, the Elves included; the Scout may be tapped or
    # not: 2 payments.  A sick Elf can't tap for mana, so then nothing pays.
    perms = [("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain"), ("f", "Forest"),
             ("elf", "Llanowar Elves"), ("scout", "Kitesail Scout")]
    assert api.pay(board(*perms, hand=["Burn at the Stake"]), card="Burn at the Stake", mode="count")["count"] == 2
    sick = board(*perms[:4], {"id": "elf", "card": "Llanowar Elves", "sick": True}, *perms[5:], hand=["Burn at the Stake"])
    assert api.pay(sick, card="Burn at the Stake", mode="count")["payable"] is False


def test_arctic_merfolk_kicker_returns_a_creature_even_one_tapped_for_mana():
    # {1}{U} + "Return a creature you control to its owner's hand": {U} from the Island,
    # {1} from Forest or Elves (2); the returned creature: Elves or Scout (2) — the Elves
    # tapped for mana may still be returned (601.2g, then 601.2h): 4.
    b = board(("i", "Island"), ("f", "Forest"), ("elf", "Llanowar Elves"), ("scout", "Kitesail Scout"),
              hand=["Arctic Merfolk"])
    assert api.pay(b, card="Arctic Merfolk", kicker=1, mode="count")["count"] == 4
    assert api.pay(b, card="Arctic Merfolk", mode="count")["count"] == 2


def test_bite_down_on_crime_costs_two_less_when_evidence_was_collected():
    b = board(("f", "Forest"), ("g", "Forest"), hand=["Bite Down on Crime"],
              graveyard=["Treasure Cruise", "Think Twice"])
    t = total_cost(b, None, "Bite Down on Crime", kicker=1)
    assert t.total_text == "{1}{G}, Collect evidence 6"
    # Evidence 6: Treasure Cruise (8) alone or with Think Twice (3): 2 ways; {1}{G}: 1.
    assert api.pay(b, card="Bite Down on Crime", kicker=1, mode="count")["count"] == 2
    assert total_cost(b, None, "Bite Down on Crime").total_text == "{3}{G}"


def test_lava_dart_flashback_sacrifices_a_mountain():
    b = board(("m1", "Mountain"), ("m2", "Mountain"), ("f", "Forest"), graveyard=["Lava Dart"])
    ans = api.pay(b, card="Lava Dart", zone="graveyard", mode="best")
    assert ans["payable"] and len(ans["best"]["sacrificed"]) == 1
    assert api.pay(b, card="Lava Dart", zone="graveyard", mode="count")["count"] == 2


def test_plays_pay_the_non_mana_parts():
    b = board(("m1", "Mountain"), *[("scout%d" % i, "Kitesail Scout") for i in range(3)],
              graveyard=["Battle Screech", "Lava Dart"])
    got = {(p["card"], p["via"]): (p["payable"], p["count"]) for p in plays_json(plays_answer(b, None, count=True))["plays"]
           if p["kind"] == "cast"}
    assert got[("Battle Screech", "flashback")] == (True, 1)
    assert got[("Lava Dart", "flashback")] == (True, 1)


def test_graveyard_cast_without_alt_uses_flashback_and_pay_says_when_not_castable():
    b = board(*[("k%d" % i, "Kitesail Scout") for i in range(3)], hand=["Think Twice"], graveyard=["Battle Screech"])
    assert api.pay(b, card="Battle Screech", zone="graveyard", mode="count")["total"].endswith("white creatures you control")
    ans = api.pay(b, card="Think Twice", mode="count")  # {1}{U}: no lands at all
    assert ans["castable_now"] is True and ans["payable"] is False
    # A payable total that timing forbids: Pulverize (a sorcery) during combat.
    combat = load_board({"active_player": "a", "step": "declare_attackers", "players": [
        {"name": "a", "hand": ["Pulverize"], "battlefield": [{"id": "m%d" % i, "card": "Mountain"} for i in range(2)]}]})
    ans = api.pay(combat, card="Pulverize", alt="alternative", mode="count")
    assert ans["payable"] is True and ans["castable_now"] is False and "sorcery" in ans["reason"]


def test_cli_pay_card_with_a_tap_part(tmp_path, capsys):
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"active_player": "a", "players": [{"name": "a", "graveyard": ["Battle Screech"],
                                "battlefield": [{"id": "k%d" % i, "card": "Kitesail Scout"} for i in range(4)]}]}))
    assert main(["pay", str(path), "--card", "Battle Screech", "--from", "graveyard", "--count", "--json"]) == 0
    ans = json.loads(capsys.readouterr().out)
    assert ans["count"] == 4 and ans["tap"]["choose"] == 3


def test_unread_part_is_refused_not_guessed(tmp_path, capsys):
    odd = {"name": "Odd Toll", "manaCost": "{1}", "type": "Sorcery", "types": ["Sorcery"],
           "text": "As an additional cost to cast this spell, exile a creature you control.\nDraw a card."}
    raw = {"active_player": "a", "cards": [odd],
           "players": [{"name": "a", "hand": ["Odd Toll"], "battlefield": [{"id": "m", "card": "Mountain"}]}]}
    with pytest.raises(InputError, match="not paid by the payment solver"):
        api.pay(load_board(raw), card="Odd Toll", mode="count")
    play = next(p for p in plays_json(plays_answer(load_board(raw), None))["plays"] if p.get("card") == "Odd Toll")
    assert play["payable"] is None and play["count"] is None
    path = tmp_path / "b.json"
    path.write_text(json.dumps(raw))
    assert main(["pay", str(path), "--card", "Odd Toll"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Exile a creature you control" in err


# --- activated abilities with non-mana parts (602.2b), as `plays` lists them -------------

def _activation(b, source: str, starts: str = "") -> dict:
    return next(p for p in plays_json(plays_answer(b, None, count=True))["plays"] if p["kind"] == "activate" and p["source"] == source
                and p["ability"].startswith(starts))


def test_tap_two_untapped_creatures_for_an_enchantments_ability():
    # Diversionary Tactics: "Tap two untapped creatures you control": C(4,2) = 6 (sick ones
    # too: not {T}); the tapped Scout can't be one of them.
    b = board(("dt", "Diversionary Tactics"), ("elf", "Llanowar Elves"),
              {"id": "k0", "card": "Kitesail Scout", "tapped": True}, {"id": "k1", "card": "Kitesail Scout", "sick": True},
              ("k2", "Kitesail Scout"), ("k3", "Kitesail Scout"))
    assert _activation(b, "dt")["count"] == 6


def test_tap_and_sacrifice_this_leaves_the_source_out_of_the_mana():
    # Dreamstone Hedron: "{3}, {T}, Sacrifice ~: Draw three cards." Its own {T}: Add {C}{C}{C}
    # can't help (it is tapped for the cost): three Wastes pay {3} — 1 way; two can't.
    ans = _activation(board(("h", "Dreamstone Hedron"), *[("w%d" % i, "Wastes") for i in range(3)]), "h")
    assert (ans["payable"], ans["count"]) == (True, 1)
    ans = _activation(board(("h", "Dreamstone Hedron"), *[("w%d" % i, "Wastes") for i in range(2)]), "h")
    assert ans["payable"] is False


def test_tap_untapped_creature_type_and_remove_counters_from_this():
    # Cryptbreaker: "Tap three untapped Zombies you control" — only one Zombie: no.
    assert _activation(board(("cb", "Cryptbreaker")), "cb", "Tap three")["payable"] is False
    # Its "{1}{B}, {T}, Discard a card": two Swamps (one way) × which card of two (2).
    cb = board(("cb", "Cryptbreaker"), ("s1", "Swamp"), ("s2", "Swamp"), hand=["Forest", "Island"])
    assert _activation(cb, "cb", "{1}{B}")["count"] == 2
    # Weather Maker: "{T}, Remove three charge counters from ~" — needs three counters.
    assert _activation(board({"id": "wm", "card": "Weather Maker", "counters": {"charge": 3}}), "wm")["count"] == 1
    assert _activation(board({"id": "wm", "card": "Weather Maker", "counters": {"charge": 2}}), "wm")["payable"] is False


def test_graveyard_only_ability_is_not_a_battlefield_play():
    # Earthquake Dragon's "{2}{G}, Sacrifice a land: Return ~ from your graveyard to your
    # hand" works only in the graveyard (113.6k).
    b = board(("ed", "Earthquake Dragon"), ("f", "Forest"))
    assert not [p for p in plays_json(plays_answer(b, None))["plays"] if p["kind"] == "activate" and p["source"] == "ed"]


# --- "You may <cost> rather than pay this spell's mana cost" (118.9) ---------------------

def test_pulverize_sacrifices_two_mountains_instead_of_its_mana_cost():
    b = board(*[("m%d" % i, "Mountain") for i in range(3)], hand=["Pulverize"])
    ans = api.pay(b, card="Pulverize", alt="alternative", mode="count")
    assert ans["total"] == "{0}, Sacrifice two Mountains" and ans["count"] == 3  # C(3,2)
    assert api.pay(b, card="Pulverize", mode="count")["payable"] is False  # {4}{R}{R} from three Mountains


def test_scars_of_the_veteran_exiles_another_white_card_from_hand():
    b = board(hand=["Scars of the Veteran", "Kitesail Scout", "Forest"])
    ans = api.pay(b, card="Scars of the Veteran", alt="alternative", mode="count")
    assert ans["count"] == 1 and ans["exile"]["from"] == ["hand[1]:Kitesail Scout"]  # not itself (601.2a)


def test_mistvein_borderpost_pays_one_and_returns_a_basic_land():
    # {1} from the Forest or the Island (2) × the basic land returned (2): the land tapped
    # for mana may be the one returned (601.2g, then 601.2h).
    b = board(("f", "Forest"), ("i", "Island"), hand=["Mistvein Borderpost"])
    assert api.pay(b, card="Mistvein Borderpost", alt="alternative", mode="count")["count"] == 4


def test_sivvis_valor_alternative_needs_a_plains():
    without = board(("k1", "Kitesail Scout"), hand=["Sivvi's Valor"])
    ans = api.pay(without, card="Sivvi's Valor", alt="alternative", mode="count")
    assert ans["castable_now"] is False and "Plains" in ans["reason"]
    assert not [p for p in plays_json(plays_answer(without, None))["plays"] if p.get("via") == "alternative"]
    b = board(("p", "Plains"), ("k1", "Kitesail Scout"), ("k2", "Kitesail Scout"), hand=["Sivvi's Valor"])
    play = next(p for p in plays_json(plays_answer(b, None, count=True))["plays"] if p.get("via") == "alternative")
    assert play["count"] == 2 and play["total"] == "{0}, Tap an untapped creature you control"


def test_squeaking_pie_sneak_reveals_a_goblin_or_pays_three():
    # "As an additional cost to cast this spell, reveal a Goblin card from your hand or pay
    # {3}."  Side 0: reveal — the other Goblin in hand (not itself, 601.2a), {1}{B} from
    # the Swamp and one of four Mountains: 4.  Side 1: {4}{B} needs all five lands: 1.
    b = board(("s", "Swamp"), *[("m%d" % i, "Mountain") for i in range(4)],
              hand=["Squeaking Pie Sneak", "Skirk Prospector", "Forest"])
    reveal = api.pay(b, card="Squeaking Pie Sneak", mode="count")
    assert reveal["total"] == "{1}{B}, Reveal a Goblin card from your hand" and reveal["count"] == 4
    assert reveal["reveal"]["from"] == ["hand[1]:Skirk Prospector"]
    assert api.pay(b, card="Squeaking Pie Sneak", side=1, mode="count")["count"] == 1
    sides = {p["total"]: p["count"] for p in plays_json(plays_answer(b, None, count=True))["plays"] if p.get("card") == "Squeaking Pie Sneak"}
    assert sides == {"{1}{B}, Reveal a Goblin card from your hand": 4, "{4}{B}": 1}
    with pytest.raises(InputError, match="parameter side: "):
        api.pay(b, card="Squeaking Pie Sneak", side=2, mode="count")


def test_force_of_negation_exiles_a_blue_card_only_when_it_is_not_your_turn():
    # "If it's not your turn, you may exile a blue card from your hand rather than pay this
    # spell's mana cost." (118.9): in bob's turn, with bob's spell on the stack, the blue
    # card in hand pays (not Force of Negation itself, 601.2a); in alice's turn it is no option.
    theirs = boards.board(hand=["Force of Negation", "Think Twice", "Forest"], opponents=["bob"], active="bob")
    theirs["stack"] = [{"kind": "spell", "controller": "bob", "card": "Divination"}]
    theirs["priority_player"] = "alice"
    ans = api.pay(theirs, card="Force of Negation", alt="alternative", mode="count", player="alice")
    assert ans["castable_now"] is True and ans["count"] == 1 and ans["exile"]["from"] == ["hand[1]:Think Twice"]
    mine = boards.board(hand=["Force of Negation", "Think Twice"], opponents=["bob"], stack_empty=False)
    ans = api.pay(mine, card="Force of Negation", alt="alternative")
    assert ans["castable_now"] is False and "only for a turn other than its caster's" in ans["reason"]


def test_mine_collapse_sacrifices_a_mountain_only_in_your_turn():
    # "If it's your turn, you may sacrifice a Mountain rather than pay this spell's mana cost."
    mine = boards.board(("m", "Mountain"), ("gb", "Grizzly Bears"), hand=["Mine Collapse"],
                        opponents={"bob": [("x", "Grizzly Bears")]})
    ans = api.pay(mine, card="Mine Collapse", alt="alternative", mode="count")
    assert ans["total"] == "{0}, Sacrifice a Mountain" and ans["castable_now"] is True and ans["count"] == 1
    mine["active_player"] = "bob"
    ans = api.pay(mine, card="Mine Collapse", alt="alternative", player="alice")
    assert ans["castable_now"] is False and "only for its caster's turn" in ans["reason"]
