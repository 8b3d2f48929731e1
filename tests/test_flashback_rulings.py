"""The seed rulings (shared/seeds/) on flashback, total cost, Golden-Tail Trainer and
"modified" (700.9), one named test per ruling."""

from __future__ import annotations

from functools import partial

from manasolve import api
from manasolve.answers import cost_json
from manasolve.solver.creatures import is_modified, modified_creatures
from manasolve.solver.total_cost import cost_of, total_cost
from tests.support import boards
from tests.support.inline import board, lands

CARDS = [
    {"name": "Twin Flash", "manaCost": "{3}{U}", "type": "Sorcery",
     "text": "Draw two cards.\nFlashback {5}{U}\nFlashback—{1}{U}, Pay 2 life."},
    {"name": "Loaded Flash", "manaCost": "{2}{R}", "type": "Sorcery",
     "text": "As an additional cost to cast this spell, discard a card.\nKicker {2}\nOverload {4}{R}{R}\n"
             "Flashback {3}{R}\nLoaded Flash deals 2 damage to any target."},
]


# the flashback boards: CARDS inline, alice against bob
flashback_board = partial(boards.loaded, cards=CARDS, opponents=("bob",))


# --- flashback rulings ----------------------------------------------------------------------

def test_total_cost_starts_from_flashback_cost_adds_increases_then_reductions_mana_value_from_mana_cost():
    # {2}{R} + {1} − {1} × 3 = {R}; the reductions first would lose one and give {1}{R}
    electromancers = [{"id": "el%d" % i, "card": "Goblin Electromancer"} for i in range(3)]
    b = board(*electromancers, graveyard=["Faithless Looting"],
              opponents={"bob": [{"id": "sphere", "card": "Sphere of Resistance"}]})
    t = total_cost(b, None, "Faithless Looting", "graveyard", "flashback")
    a = cost_json(cost_of(t))
    assert (a["base"], [i["by"] for i in a["increases"]], [r["by"] for r in a["reductions"]], a["total"]) == (
        "{2}{R}", ["{1}"], ["{1}"] * 3, "{R}")
    assert a["mana_value"] == 1  # {R}: the printed mana cost only


def test_flashback_castable_even_if_card_reached_graveyard_without_being_cast():
    # The board records no history: any instant/sorcery in the graveyard may use flashback.
    b = board(*lands("Island", "Island", "Island"), graveyard=["Think Twice"])
    t = total_cost(b, None, "Think Twice", "graveyard", "flashback")
    assert t.castable_now and api.pay(b, card="Think Twice", zone="graveyard", alt="flashback", mode="count")["payable"]


def test_multiple_flashback_instances_choose_any():
    b = flashback_board(*lands("Island", "Island"), graveyard=["Twin Flash"])
    first = total_cost(b, None, "Twin Flash", "graveyard", "flashback", flashback=0)
    second = total_cost(b, None, "Twin Flash", "graveyard", "flashback", flashback=1)
    assert (str(first.cost), str(second.cost), second.life) == ("{5}{U}", "{1}{U}", 2)
    plays = [p for p in api.plays(b, count=True)["plays"] if p["card"] == "Twin Flash"]
    assert sorted(p["total"] for p in plays) == ["{1}{U}, Pay 2 life", "{5}{U}"]
    assert [p["payable"] for p in plays if p["total"] == "{1}{U}, Pay 2 life"] == [True]


def test_flashback_no_other_alternative_cost_kicker_allowed_mandatory_additional_required():
    b = flashback_board(*lands("Mountain"), graveyard=["Loaded Flash"])
    t = total_cost(b, None, "Loaded Flash", "graveyard", "flashback", kicker=1)
    kinds = [a.kind for a in t.additional]
    assert kinds == ["kicker", "mandatory"]  # kicker allowed; the discard must be paid too
    assert str(t.cost) == "{5}{R}" and [o.text for o in t.other] == ["Discard a card"]
    plays = [p for p in api.plays(b, count=True)["plays"] if p["card"] == "Loaded Flash"]
    assert {p["via"] for p in plays} == {"flashback"}  # overload never combined
    # The discard is paid like the mana: with no other card in hand there is nothing to
    # discard, so no flashback cast is payable, kicked or not.
    assert plays and all(p["payable"] is False and p["count"] == 0 and "not_modelled" not in p for p in plays)


def test_flashback_follows_card_type_timing_sorcery_only_at_sorcery_speed():
    for kw in ({"step": "declare_attackers"}, {"stack_empty": False}, {"active": "bob"}):
        b = flashback_board(graveyard=["Faithless Looting", "Think Twice"], **kw)
        sorcery = total_cost(b, "alice", "Faithless Looting", "graveyard", "flashback")
        assert not sorcery.castable_now and "sorcery timing" in sorcery.reason
        instant = total_cost(b, "alice", "Think Twice", "graveyard", "flashback")
        assert instant.castable_now  # an instant: any time its caster has priority


def test_flashback_means_cast_from_graveyard_rather_than_mana_cost_then_exile():
    b = board(hand=["Think Twice"], graveyard=["Think Twice"])
    from_gy = total_cost(b, None, "Think Twice", "graveyard", "flashback")
    assert cost_json(cost_of(from_gy))["exiled_when_leaving_stack"] is True and str(from_gy.cost) == "{2}{U}"
    from_hand = total_cost(b, None, "Think Twice", "hand", "flashback")
    assert not from_hand.castable_now and "graveyard" in from_hand.reason
    assert "exiled_when_leaving_stack" not in cost_json(cost_of(total_cost(b, None, "Think Twice")))


def test_x_spell_with_flashback_equal_to_mana_cost_chooses_x_flashback_zero_makes_x_zero():
    b = board(graveyard=["Burn X"], granted_flashback=[{"card": "Burn X", "cost": "mana_cost"}, {"card": "Burn X", "cost": "{0}"}])
    equal = total_cost(b, None, "Burn X", "graveyard", "flashback", x=4, flashback=0)
    zero = total_cost(b, None, "Burn X", "graveyard", "flashback", x=4, flashback=1)
    assert (equal.x, str(equal.cost)) == (4, "{4}{R}")
    assert (zero.x, str(zero.cost)) == (0, "{0}")


def test_spell_cast_with_flashback_always_exiled_afterward():
    b = board(*lands("Island", "Island", "Island"), graveyard=["Think Twice"])
    play = next(p for p in api.plays(b, count=True)["plays"] if p["card"] == "Think Twice")
    assert play["via"] == "flashback" and play["exiled_when_leaving_stack"] is True


def test_card_with_no_mana_cost_gaining_flashback_equal_to_mana_cost_has_no_flashback_cost():
    b = board(*lands("Island"), graveyard=["Ancestral Vision"], granted_flashback=[{"card": "Ancestral Vision", "cost": "mana_cost"}])
    t = total_cost(b, None, "Ancestral Vision", "graveyard", "flashback")
    assert t.base.cost is None and not t.castable_now
    assert not [p for p in api.plays(b, count=True)["plays"] if p.get("card") == "Ancestral Vision"]


# --- Golden-Tail Trainer and modified (700.9) --------------------------------------------------

TRAINER_BOARD = [
    {"id": "gt", "card": "Golden-Tail Trainer"},
    {"id": "bear", "card": "Bear Test"},
]


def test_equipped_creature_is_modified_whoever_controls_the_equipment():
    b = board(*TRAINER_BOARD, opponents={"bob": [{"id": "blade", "card": "Bonesplitter", "attached_to": "bear"}]})
    assert is_modified(b, b.get("bear"))
    assert modified_creatures(b, "alice", exclude="gt") == ["bear"]


def test_aura_controlled_by_another_player_does_not_make_it_modified():
    theirs = board(*TRAINER_BOARD, opponents={"bob": [{"id": "aura", "card": "Aura W", "attached_to": "bear"}]})
    assert not is_modified(theirs, theirs.get("bear"))
    mine = board(*TRAINER_BOARD + [{"id": "aura", "card": "Aura W", "attached_to": "bear"}])
    assert is_modified(mine, mine.get("bear"))


def test_creature_with_any_counter_is_modified_whatever_the_counter():
    for counter in ("+1/+1", "-1/-1", "stun", "oil"):
        b = board({"id": "bear", "card": "Bear Test", "counters": {counter: 1}})
        assert is_modified(b, b.get("bear"))
    b = board({"id": "bear", "card": "Bear Test"})
    assert not is_modified(b, b.get("bear"))


def test_trainer_cost_reduction_x_is_its_power_as_the_total_is_determined():
    # The cost reduction reads the Trainer's power as the total is determined (the attack
    # trigger's X, determined as it resolves: tests/test_attack_pumps.py).
    for counters, total in (({}, "{W}{W}"), ({"+1/+1": 1}, "{W}{W}"), ({"-1/-1": 1}, "{1}{W}{W}")):
        b = board({"id": "gt", "card": "Golden-Tail Trainer", "counters": counters}, hand=["Aura W"])
        assert str(total_cost(b, None, "Aura W").cost) == total


def test_costs_locked_before_mana_abilities_trainer_leaving_or_shrinking_changes_nothing():
    """The reducer is used up for mana during 601.2g; the pay solver pays the fixed locked
    requirement, so the discount stays (rules.md example 9)."""
    b = board({"id": "mt", "card": "Mana Trainer"}, {"id": "p", "card": "Plains"}, hand=["Aura 3W"])
    plan = total_cost(b, None, "Aura 3W")
    assert [str(a.requirement) for a in plan.announcements] == ["{1}{W}"]
    # one payment: the Trainer tapped for {W} and the Plains for {W} (one pays {1})
    assert api.pay(b, card="Aura 3W", mode="count")["count"] == 1


def test_trainer_total_cost_increases_then_reductions_mana_value_unchanged():
    b = board({"id": "gt", "card": "Golden-Tail Trainer", "counters": {"+1/+1": 1}}, hand=["Aura W"],
              opponents={"bob": [{"id": "thalia", "card": "Thalia, Guardian of Thraben"}]})
    t = total_cost(b, None, "Aura W")
    assert str(t.cost) == "{W}{W}"  # {1}{W}{W} + {1} − {2}; reducing first would give {1}{W}{W}
    assert t.mana_value == 3
