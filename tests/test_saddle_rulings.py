"""Every Saddle, Fortune, Loyal Steed and Caustic Bronco ruling in shared/seeds/ as a named
test (the ruling's text is quoted in each docstring), plus rules.md worked example 12."""

from __future__ import annotations

from functools import partial

from manasolve import api
from tests.support import boards

CARDS = [
    {"name": "Pup", "type": "Creature — Dog", "power": "1", "toughness": "1", "manaCost": "{G}"},
    {"name": "Bear", "type": "Creature — Bear", "power": "2", "toughness": "2", "manaCost": "{1}{G}"},
    {"name": "Copycat", "type": "Creature — Shapeshifter", "power": "0", "toughness": "0", "manaCost": "{3}{U}",
     "text": "You may have this creature enter as a copy of any creature on the battlefield."},
    {"name": "Fire // Ice", "layout": "split", "type": "Instant", "manaCost": "{1}{R} // {1}{U}"},
    {"name": "Fireball", "type": "Sorcery", "manaCost": "{X}{R}"},
]


board = partial(boards.board, cards=CARDS, opponents=("bob",))


def bronco_trigger(ans: dict, source: str = "bronco") -> dict:
    return next(t for t in ans["triggers"] if t["source"] == source)


# --- Saddle (all Mounts) ---------------------------------------------------------------------

def test_saddle_n_means_tap_other_untapped_creatures_with_total_power_n_activate_only_as_a_sorcery():
    """"Saddle N" means "Tap any number of other untapped creatures you control with total
    power N or greater: This permanent becomes saddled until end of turn. Activate only as a
    sorcery.\""""
    perms = [{"id": "bronco", "card": "Caustic Bronco"}, {"id": "a", "card": "Bear"},
             {"id": "b", "card": "Pup"}, {"id": "t", "card": "Bear", "tapped": True}]
    ans = api.saddle(board(*perms, opponents={"bob": [{"id": "x", "card": "Bear"}]}), "bronco")
    assert [c["id"] for c in ans["candidates"]] == ["a", "b"]  # other, untapped, yours
    assert ans["count"] == 1 and ans["minimal"] == [["a", "b"]]  # any number: here both
    assert ans["effect"] == "becomes saddled until end of turn"
    assert not api.saddle(board(*perms, step="beginning_of_combat"), "bronco")["activatable_now"]


def test_you_may_activate_a_permanents_saddle_ability_even_if_that_permanent_is_already_saddled():
    """You may activate a permanent's saddle ability even if that permanent is already saddled."""
    perms = [{"id": "bronco", "card": "Caustic Bronco", "saddled": True, "saddled_by": ["a"], "tapped": True},
             {"id": "a", "card": "Bear", "tapped": True}, {"id": "b", "card": "Bear"}, {"id": "c", "card": "Pup"}]
    ans = api.saddle(board(*perms), "bronco")
    assert ans["already_saddled"] is True
    assert ans["activatable_now"] is True  # no {T} in the cost, and saddled doesn't forbid it
    assert ans["minimal"] == [["b", "c"]]


def test_saddled_isnt_an_ability_and_lasts_until_the_turn_ends_or_it_leaves_the_battlefield():
    """"Saddled" isn't an ability that a creature has. It's just something true about that
    creature. It won't stop being saddled until the turn ends or it leaves the battlefield."""
    perms = [{"id": "bronco", "card": "Caustic Bronco", "saddled": True, "saddled_by": ["a"]},
             {"id": "a", "card": "Bear", "tapped": True}]
    # still saddled when its trigger resolves: each opponent loses life
    ans = api.attack(board(*perms, step="declare_attackers"), ["bronco"], reveal={"bronco": "Bear"})
    assert bronco_trigger(ans)["resolution"]["loses_life"] == [{"player": "bob", "amount": 2}]
    # it doesn't come from the card's abilities: a copy of it (same abilities) isn't saddled
    perms.append({"id": "clone", "card": "Copycat"})
    ans = api.attack(board(*perms, step="declare_attackers"), ["clone"], reveal={"clone": "Bear"}, copies={"clone": "bronco"})
    assert bronco_trigger(ans, "clone")["resolution"]["loses_life"] == [{"player": "alice", "amount": 2}]


def test_an_ability_that_triggers_when_a_creature_attacks_while_saddled_triggers_only_if_saddled_when_declared():
    """An ability that triggers when a creature "attacks while saddled" will trigger only if
    that creature was saddled when it was declared as an attacker."""
    perms = [{"id": "steed", "card": "Seraphic Steed", "saddled": True, "saddled_by": ["a"]},
             {"id": "steed2", "card": "Seraphic Steed"}, {"id": "a", "card": "Bear", "tapped": True}]
    ans = api.attack(board(*perms, step="declare_attackers"), ["steed", "steed2"])
    fired = {t["source"]: t["triggers"] for t in ans["triggers"]}
    assert fired == {"steed": True, "steed2": False}


def test_creatures_with_saddle_can_attack_or_block_as_normal_even_if_they_arent_saddled():
    """Creatures with saddle can attack or block as normal even if they aren't saddled."""
    perms = [{"id": "bronco", "card": "Caustic Bronco"}, {"id": "fortune", "card": "Fortune, Loyal Steed"}]
    ans = api.attack(board(*perms, step="declare_attackers"), ["bronco", "fortune"])
    assert ans["attackers"] == ["bronco", "fortune"] and ans["saddled"] == {"bronco": False, "fortune": False}
    assert bronco_trigger(ans)["triggers"]  # Bronco's trigger has no saddle condition
    assert not bronco_trigger(ans, "fortune")["triggers"]


def test_if_a_permanent_becomes_a_copy_of_a_saddled_mount_the_copy_wont_be_saddled():
    """If a permanent becomes a copy of a saddled Mount, the copy won't be saddled."""
    perms = [{"id": "steed", "card": "Seraphic Steed", "saddled": True, "saddled_by": ["a"], "tapped": True},
             {"id": "clone", "card": "Copycat"}, {"id": "a", "card": "Bear", "tapped": True}]
    ans = api.attack(board(*perms, step="declare_attackers"), ["clone"], copies={"clone": "steed"})
    assert ans["saddled"] == {"clone": False}
    assert [t["triggers"] for t in ans["triggers"]] == [False]


def test_worked_example_12_copy_of_saddled_mount_needs_its_own_saddle_and_lki_for_the_original():
    """rules.md example 12: the copy is not saddled and can be saddled on its own; the
    original's trigger, resolving after it was exiled, uses LKI: it was saddled."""
    perms = [{"id": "bronco", "card": "Caustic Bronco", "saddled": True, "saddled_by": ["a"]},
             {"id": "clone", "card": "Caustic Bronco"}, {"id": "a", "card": "Bear", "tapped": True},
             {"id": "b", "card": "Bear"}, {"id": "c", "card": "Pup"}]
    saddle = api.saddle(board(*perms), "clone")
    assert saddle["already_saddled"] is False
    assert sorted(sorted(m) for m in saddle["minimal"]) == [["b", "bronco"], ["b", "c"], ["bronco", "c"]]
    ans = api.attack(board(*perms, step="declare_attackers"), ["bronco"], reveal={"bronco": "Pup"}, left=["bronco"])
    res = bronco_trigger(ans)["resolution"]
    assert res["uses_last_known_information"] and res["saddled_on_resolution"]
    assert res["loses_life"] == [{"player": "bob", "amount": 1}]


# --- Caustic Bronco --------------------------------------------------------------------------

BRONCO = [{"id": "bronco", "card": "Caustic Bronco"}]


def bronco_loss(reveal: str, saddled: bool = False, left: bool = False) -> list[dict]:
    perms = [dict(BRONCO[0], saddled=saddled)]
    ans = api.attack(board(*perms, step="declare_attackers"), ["bronco"], reveal={"bronco": reveal},
                     left=["bronco"] if left else None)
    return bronco_trigger(ans)["resolution"]["loses_life"]


def test_if_the_revealed_card_doesnt_have_a_mana_cost_its_mana_value_is_0():
    """If the revealed card doesn't have a mana cost (because it's a land card, for example),
    its mana value is 0."""
    assert bronco_loss("Forest") == [{"player": "alice", "amount": 0}]


def test_if_the_revealed_card_is_a_split_card_its_mana_value_is_based_on_the_combined_cost_of_both_halves():
    """If the revealed card is a split card, that card's mana value is based on the combined
    mana cost of its two halves."""
    assert bronco_loss("Fire // Ice") == [{"player": "alice", "amount": 4}]


def test_if_the_revealed_cards_mana_cost_includes_x_x_is_0():
    """If the revealed card's mana cost includes {X}, X is 0 for the purpose of determining
    its mana value."""
    assert bronco_loss("Fireball", saddled=True) == [{"player": "bob", "amount": 1}]


def test_if_caustic_bronco_isnt_on_the_battlefield_use_whether_it_was_saddled_before_it_left():
    """If Caustic Bronco isn't on the battlefield as its triggered ability resolves, use
    whether it was saddled or not before it left the battlefield to determine who loses
    life."""
    assert bronco_loss("Bear", saddled=True, left=True) == [{"player": "bob", "amount": 2}]
    assert bronco_loss("Bear", saddled=False, left=True) == [{"player": "alice", "amount": 2}]


# --- Fortune, Loyal Steed --------------------------------------------------------------------

def fortune_board(fortune: dict | None = None, saddlers: list[dict] | None = None) -> dict:
    saddlers = saddlers if saddlers is not None else [{"id": "a", "card": "Bear", "tapped": True},
                                                      {"id": "b", "card": "Pup", "tapped": True}]
    f = {"id": "fortune", "card": "Fortune, Loyal Steed", "saddled": True, "saddled_by": [s["id"] for s in saddlers]}
    f.update(fortune or {})
    return board(f, *saddlers, step="declare_attackers")


def fortune_resolution(ans: dict) -> dict:
    return bronco_trigger(ans, "fortune")["resolution"]


def test_fortunes_delayed_trigger_triggers_whether_or_not_fortune_is_still_on_the_battlefield():
    """Fortune's middle ability creates a delayed triggered ability that triggers at end of
    combat. This ability will trigger whether or not Fortune is still on the battlefield. If
    it's not, you can still exile up to one creature that saddled it that turn."""
    res = fortune_resolution(api.attack(fortune_board(), ["fortune"], left=["fortune"]))
    assert res["delayed_trigger"] == "end_of_combat" and res["triggers_although_source_left"]
    assert [c["creature"] for c in res["choices"]] == [None, "a", "b"]
    assert res["choices"][1]["permanents"] == [{"id": "a", "exiled": True, "returns": True, "under": "alice"}]
    assert res["choices"][0]["permanents"] == []  # Fortune is gone: nothing to exile


def test_tokens_exiled_by_the_delayed_triggered_ability_wont_return_to_the_battlefield():
    """Tokens exiled by the delayed triggered ability won't return to the battlefield. It's
    usually not a good idea to saddle Fortune if Fortune itself is a token."""
    saddlers = [{"id": "tok", "card": "Bear", "token": True, "tapped": True}]
    res = fortune_resolution(api.attack(fortune_board({"token": True}, saddlers), ["fortune"]))
    by_choice = {c["creature"]: c["permanents"] for c in res["choices"]}
    assert [p["returns"] for p in by_choice[None]] == [False]  # the token Fortune is gone for good
    assert [(p["id"], p["returns"]) for p in by_choice["tok"]] == [("fortune", False), ("tok", False)]


def test_the_delayed_triggered_ability_doesnt_target_the_creature_is_chosen_as_it_resolves():
    """The delayed triggered ability doesn't target any creature. You choose which other
    creature to exile, if any, as that ability is resolving. At that point, it's too late for
    any player to respond."""
    res = fortune_resolution(api.attack(fortune_board(), ["fortune"]))
    assert res["targets"] is False and res["chosen_on_resolution"] is True
    assert res["choices"][0] == {"creature": None, "permanents": [
        {"id": "fortune", "exiled": True, "returns": True, "under": "alice"}]}
    # a saddler gone before end of combat is simply not offered
    res = fortune_resolution(api.attack(fortune_board(), ["fortune"], left=["b"]))
    assert [c["creature"] for c in res["choices"]] == [None, "a"]


def test_unsaddled_fortune_creates_no_delayed_trigger():
    """Fortune's ability is an "attacks while saddled" trigger: no saddle, no end-of-combat exile."""
    ans = api.attack(board({"id": "fortune", "card": "Fortune, Loyal Steed"}, step="declare_attackers"), ["fortune"])
    assert [t["triggers"] for t in ans["triggers"]] == [False]
    assert "resolution" not in ans["triggers"][0]
