"""The keyword ways of casting (issue 15), one named test per keyword with a real card:
where it casts from, what the board or this turn's history must show, what it pays
besides mana, and that ``plays`` offers it (``via``) and ``pay --card --alt`` pays it."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.errors import InputError
from manasolve.models.oracle.spell_costs import parse_spell_costs
from tests.support.boards import board
from tests.support.commands import cli_json

SWAMPS = [("s%d" % i, "Swamp") for i in range(5)]
ISLANDS = [("i%d" % i, "Island") for i in range(7)]
MOUNTAINS = [("m%d" % i, "Mountain") for i in range(4)]


def _plays(data: dict, **kw) -> list[dict]:
    return api.plays(data, **kw)["plays"]


def _vias(data: dict, card: str, player: str = "alice") -> dict[str, dict]:
    return {p["via"]: p for p in _plays(data, player=player) if p.get("card") == card and p["kind"] == "cast"}


def _with(data: dict, player: int, **fields) -> dict:
    data["players"][player].update(fields)
    return data


def test_escape_woe_strider_exiles_four_other_cards():
    # Escape—{3}{B}{B}, Exile four other cards from your graveyard (702.138a): the card
    # itself is on the stack, so exactly the four others are exiled
    data = board(*SWAMPS, graveyard=["Woe Strider", "Forest", "Island", "Mountain", "Plains"])
    play = _vias(data, "Woe Strider")["escape"]
    assert play["zone"] == "graveyard" and play["payable"] is True
    assert play["total"] == "{3}{B}{B}, Exile four other cards from your graveyard"
    assert api.pay(data, card="Woe Strider", alt="escape", mode="count")["count"] == 1  # 5 Swamps, 1 way to exile
    data = board(*SWAMPS, graveyard=["Woe Strider", "Forest", "Island", "Mountain"])
    assert api.pay(data, card="Woe Strider", alt="escape")["payable"] is False  # three others only
    assert "escape" not in _vias(board(*SWAMPS, hand=["Woe Strider"]), "Woe Strider")  # not from the hand


def test_disturb_casts_from_the_graveyard_only():
    data = board(("p", "Plains"), ("f", "Forest"), graveyard=["Lunarch Veteran"])
    play = _vias(data, "Lunarch Veteran")["disturb"]
    assert (play["zone"], play["total"], play["payable"]) == ("graveyard", "{1}{W}", True)
    assert api.pay(data, card="Lunarch Veteran", alt="disturb", mode="count")["count"] == 1
    in_hand = api.cost(board(("p", "Plains"), hand=["Lunarch Veteran"]), "Lunarch Veteran", alt="disturb",
                       zone="hand")
    assert in_hand["castable_now"] is False and "graveyard" in in_hand["reason"]


def test_jump_start_pays_the_mana_cost_and_discards_a_card():
    data = board(*ISLANDS[:4], graveyard=["Chemister's Insight"], hand=["Forest", "Island"])
    play = _vias(data, "Chemister's Insight")["jump-start"]
    assert play["total"] == "{3}{U}, Discard a card" and play["exiled_when_leaving_stack"] is True
    assert api.pay(data, card="Chemister's Insight", alt="jump-start", mode="count")["count"] == 2  # which card
    assert api.pay(board(*ISLANDS[:4], graveyard=["Chemister's Insight"]), card="Chemister's Insight",
                   alt="jump-start")["payable"] is False  # nothing to discard


def test_retrace_discards_a_land_card():
    data = board(*MOUNTAINS, graveyard=["Throes of Chaos"], hand=["Forest", "Think Twice"])
    assert _vias(data, "Throes of Chaos")["retrace"]["total"] == "{3}{R}, Discard a land card"
    assert api.pay(data, card="Throes of Chaos", alt="retrace", mode="count")["count"] == 1  # only the Forest
    data = board(*MOUNTAINS, graveyard=["Throes of Chaos"], hand=["Think Twice"])
    assert api.pay(data, card="Throes of Chaos", alt="retrace")["payable"] is False


def test_madness_casts_the_discarded_card_from_exile_while_its_trigger_resolves():
    # 702.35a: cast as the trigger resolves, so even in another player's upkeep
    data = board(("s", "Swamp"), opponents=["bob"], active="bob", step="upkeep",
                 exile=[{"card": "Big Game Hunter", "madness": True}])
    play = _vias(data, "Big Game Hunter")["madness"]
    assert (play["zone"], play["total"], play["payable"]) == ("exile", "{B}", True)
    assert api.pay(data, card="Big Game Hunter", alt="madness", player="alice")["castable_now"] is True
    assert not _vias(board(("s", "Swamp"), exile=[{"card": "Big Game Hunter", "foretold": False}]), "Big Game Hunter")
    with pytest.raises(InputError, match="no madness cost"):
        api.plays(board(("s", "Swamp"), exile=[{"card": "Grizzly Bears", "madness": True}]))


def test_dash_and_blitz_are_alternative_costs_from_hand():
    data = board(*SWAMPS[:4], *MOUNTAINS, hand=["Mardu Strike Leader", "Star Athlete"])
    assert _vias(data, "Mardu Strike Leader")["dash"]["total"] == "{3}{B}"
    assert _vias(data, "Star Athlete")["blitz"]["total"] == "{3}{R}"
    assert api.pay(data, card="Star Athlete", alt="blitz", mode="count")["count"] == 70 - 1  # 4 of the 8 lands, not the 4 Swamps


def test_bestow_needs_a_creature_to_enchant():
    lands = MOUNTAINS + [("x%d" % i, "Mountain") for i in range(3)]
    alone = board(*lands, hand=["Purphoros's Emissary"])
    assert "bestow" not in _vias(alone, "Purphoros's Emissary")  # 702.103b: an Aura spell needs its target
    data = board(*lands, ("bear", "Grizzly Bears"), hand=["Purphoros's Emissary"])
    play = _vias(data, "Purphoros's Emissary")["bestow"]
    assert play["total"] == "{6}{R}" and play["targets"][0]["legal"] == ["bear"]


def test_warp_from_hand_then_the_warped_card_from_exile_for_its_mana_cost():
    data = board(*ISLANDS[:3], hand=["Sinister Cryologist"])
    assert _vias(data, "Sinister Cryologist")["warp"]["total"] == "{U}"
    later = board(*ISLANDS[:3], exile=[{"card": "Sinister Cryologist", "warped": True}])
    (play,) = [p for p in _plays(later) if p.get("card") == "Sinister Cryologist"]
    assert (play["zone"], play["via"], play["total"]) == ("exile", "mana_cost", "{2}{U}")
    assert "warp" not in {p["via"] for p in _plays(later) if p.get("via")}  # warp works from hand only


def test_sneak_returns_an_unblocked_attacker_in_the_declare_blockers_step():
    attackers = [{"id": "a1", "card": "Grizzly Bears", "attacked": True, "tapped": True, "unblocked": True},
                 {"id": "a2", "card": "Grizzly Bears", "attacked": True, "tapped": True},
                 {"id": "a3", "card": "Savannah Lions", "attacked": True, "tapped": True, "unblocked": True}]
    data = board(("p", "Plains"), *attackers, hand=["Leonardo, Cutting Edge"], opponents=["bob"],
                 step="declare_blockers")
    play = _vias(data, "Leonardo, Cutting Edge")["sneak"]
    assert play["payable"] is True and play["total"].startswith("{W}, Return an unblocked attacking creature")
    answer = api.pay(data, card="Leonardo, Cutting Edge", alt="sneak", mode="count")
    assert answer["count"] == 2 and answer["return"]["from"] == ["a1", "a3"]  # not the blocked one
    main = board(("p", "Plains"), ("b", "Plains"), *attackers, hand=["Leonardo, Cutting Edge"], opponents=["bob"])
    assert "sneak" not in _vias(main, "Leonardo, Cutting Edge")


def test_mutate_needs_a_non_human_creature_its_caster_owns():
    lands = [("f%d" % i, "Forest") for i in range(4)]
    human = board(*lands, ("v", "Elite Vanguard"), hand=["Sawtusk Demolisher"], opponents={"bob": [("b", "Grizzly Bears")]})
    assert "mutate" not in _vias(human, "Sawtusk Demolisher")  # a Human, and the opponent's Bear is not owned
    data = board(*lands, ("bear", "Grizzly Bears"), hand=["Sawtusk Demolisher"])
    play = _vias(data, "Sawtusk Demolisher")["mutate"]
    assert play["total"] == "{3}{G}" and play["targets"][0]["legal"] == ["bear"]


def test_miracle_only_for_the_card_revealed_as_the_first_drawn():
    data = board(("p", "Plains"), hand=["Terminus"], opponents=["bob"], active="bob", step="draw", miracle="Terminus")
    play = _vias(data, "Terminus")["miracle"]
    assert (play["total"], play["payable"]) == ("{W}", True)  # in the opponent's draw step: the trigger resolving
    assert "miracle" not in _vias(board(("p", "Plains"), hand=["Terminus"]), "Terminus")
    with pytest.raises(InputError, match="not in alice's hand"):
        api.plays(board(("p", "Plains"), miracle="Terminus"))


def test_spectacle_needs_an_opponent_who_lost_life_this_turn():
    data = board(("m", "Mountain"), hand=["Light Up the Stage"], opponents=["bob"])
    assert "spectacle" not in _vias(data, "Light Up the Stage")
    reason = api.cost(data, "Light Up the Stage", alt="spectacle")["reason"]
    assert "life_lost_this_turn" in reason
    _with(data, 1, life_lost_this_turn=2)
    assert _vias(data, "Light Up the Stage")["spectacle"]["total"] == "{R}"
    _with(data, 1, life_lost_this_turn=0)
    _with(data, 0, life_lost_this_turn=3)  # the caster's own loss does not count
    assert "spectacle" not in _vias(data, "Light Up the Stage")


def test_surge_needs_another_spell_cast_this_turn():
    data = board(*ISLANDS[:3], hand=["Comparative Analysis"])
    assert "surge" not in _vias(data, "Comparative Analysis")
    assert _vias(_with(data, 0, spells_cast_this_turn=1), "Comparative Analysis")["surge"]["total"] == "{2}{U}"


def test_prowl_needs_a_shared_creature_type_that_dealt_combat_damage():
    data = board(*ISLANDS[:3], hand=["Latchkey Faerie"], combat_damage_types_this_turn=["Goblin"])
    assert "prowl" not in _vias(data, "Latchkey Faerie")
    data = _with(data, 0, combat_damage_types_this_turn=["Goblin", "Rogue"])
    assert _vias(data, "Latchkey Faerie")["prowl"]["total"] == "{2}{U}"


def test_emerge_sums_the_payments_of_each_creature_sacrificed():
    # 702.119a: {5}{U}{U} reduced by the sacrificed creature's mana value; the Elves may
    # tap for mana and then be sacrificed (601.2g before 601.2h)
    data = board(*ISLANDS[:4], ("elf", "Llanowar Elves"), ("bear", "Grizzly Bears"), ("bear2", "Grizzly Bears"),
                 hand=["Elder Deep-Fiend"])
    answer = api.pay(data, card="Elder Deep-Fiend", alt="emerge", mode="count")
    assert [c["total"] for c in answer["choices"]] == ["{4}{U}{U}, Sacrifice a creature with mana value 1",
                                                       "{3}{U}{U}, Sacrifice a creature with mana value 2"]
    assert [c["count"] for c in answer["choices"]] == [0, 2] and answer["count"] == 2
    best = api.pay(data, card="Elder Deep-Fiend", alt="emerge", mode="best")
    assert best["best"]["sacrificed"] in (["bear"], ["bear2"]) and best["total"].startswith("{3}{U}{U}")
    listed = api.pay(data, card="Elder Deep-Fiend", alt="emerge", mode="all", limit=None)
    assert sum(g["multiplicity"] for g in listed["payments"]) == 2
    cost = api.cost(data, "Elder Deep-Fiend", alt="emerge")
    assert cost["reductions"][0]["by"] == "{2}" and cost["total"].startswith("{3}{U}{U}")
    plays = [p for p in _plays(data) if p.get("via") == "emerge"]
    assert [p["payable"] for p in plays] == [False, True]
    none = api.cost(board(*ISLANDS[:4], hand=["Elder Deep-Fiend"]), "Elder Deep-Fiend", alt="emerge")
    assert none["castable_now"] is False and "no creature to sacrifice" in none["reason"]


def test_plot_is_a_special_action_then_the_plotted_card_is_cast_free_as_a_sorcery():
    data = board(*ISLANDS[:4], hand=["Lock and Load"])
    (plot,) = [p for p in _plays(data) if p["kind"] == "special"]
    assert (plot["action"], plot["card"], plot["zone"], plot["total"], plot["payable"]) == (
        "plot", "Lock and Load", "hand", "{3}{U}", True)
    combat = board(*ISLANDS[:4], hand=["Lock and Load"], step="beginning_of_combat")
    assert not [p for p in _plays(combat) if p["kind"] == "special"]  # 702.170a: as a sorcery
    plotted = board(exile=[{"card": "Lock and Load", "plotted": True}])
    (cast,) = [p for p in _plays(plotted) if p.get("card") == "Lock and Load"]
    assert (cast["zone"], cast["via"], cast["total"], cast["payable"]) == ("exile", "plot", "{0}", True)
    assert api.pay(plotted, card="Lock and Load", zone="exile", alt="plot")["payable"] is True
    assert not _plays(_with(plotted, 0, exile=[{"card": "Lock and Load", "plotted": True}]) | {"step": "end"})


def test_suspend_is_a_special_action_at_the_cards_own_speed():
    data = board(("m", "Mountain"), hand=["Rift Bolt"])
    (suspend,) = [p for p in _plays(data) if p["kind"] == "special"]
    assert (suspend["action"], suspend["total"], suspend["time_counters"]) == ("suspend", "{R}", 1)
    assert api.pay(data, card="Rift Bolt", alt="suspend", mode="count")["count"] == 1
    # a sorcery: suspended only when it could be cast (702.62a)
    assert not [p for p in _plays(board(("m", "Mountain"), hand=["Rift Bolt"], step="end")) if p["kind"] == "special"]


def test_special_actions_pay_no_spell_cost_increase():
    # Thalia taxes noncreature spells; plotting is not casting (116.2)
    data = board(*ISLANDS[:4], hand=["Lock and Load"], opponents={"bob": [("t", "Thalia, Guardian of Thraben")]})
    (plot,) = [p for p in _plays(data) if p["kind"] == "special"]
    assert plot["total"] == "{3}{U}"
    assert _vias(data, "Lock and Load")["mana_cost"]["total"] == "{3}{U}"  # the cast is taxed


def test_keyword_lines_are_read_exactly_and_names_are_not_keywords():
    assert parse_spell_costs("Test", "Warp Vortex — When this creature enters, draw a card.").alternative == ()
    sc = parse_spell_costs("Test", "Madness {B}, cycling {2}, kicker {1}")
    assert sc.alternative == () and sc.kicker == ()  # never guessed: named, not offered
    assert [(u.kind, u.why) for u in sc.unapplied] == [("alternative", "a keyword cost of a form the model does not read; "
                                                                       "not offered")]
    emerge = parse_spell_costs("Test", "Emerge from artifact {5}{U}{U}").alternative[0]
    assert emerge.sacrifice == (("Artifact",),)
    suspend = parse_spell_costs("Test", "Suspend X—{X}{R}{R}. X can't be 0.").specials[0]
    assert suspend.time_counters is None and suspend.cost.mana.has_x


def test_pay_alt_on_the_command_line_casts_from_the_keywords_zone(capsys, tmp_path):
    data = board(*SWAMPS, graveyard=["Woe Strider", "Forest", "Island", "Mountain", "Plains", "Swamp"])
    answer = cli_json(capsys, tmp_path, data, "pay", "--card", "Woe Strider", "--alt", "escape", "--count")
    assert answer["count"] == 5 and answer["castable_now"] is True  # 5 ways to pick four of the five others
