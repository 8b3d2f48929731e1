"""Saddle N / Crew N tap sets: worked example 4, variants, timing, brute-force property
tests, CLI and API."""

from __future__ import annotations

from functools import partial

import json
from itertools import combinations, islice
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import InputError, load_board
from manasolve.solver.tapsets import (
    Candidate,
    all_sets,
    best_set,
    count_sets,
    minimal_sets,
)
from tests.support import boards

INLINE = [
    {"name": "Pup", "type": "Creature — Dog", "power": "1", "toughness": "1", "manaCost": "{G}"},
    {"name": "Bear", "type": "Creature — Bear", "power": "2", "toughness": "2", "manaCost": "{1}{G}"},
    {"name": "Wall", "type": "Creature — Wall", "power": "0", "toughness": "5", "manaCost": "{1}{W}"},
    {"name": "Pilot", "type": "Token Creature — Pilot", "power": "1", "toughness": "1",
     "text": "This token crews Vehicles as though its power were 2 greater."},
    {"name": "Sturdy Ox", "type": "Creature — Ox", "power": "2", "toughness": "4", "manaCost": "{1}{W}",
     "text": "This creature saddles Mounts and crews Vehicles using its toughness rather than its power."},
    {"name": "Grounded", "type": "Creature — Goblin", "power": "5", "toughness": "1", "manaCost": "{R}",
     "text": "This creature can't crew Vehicles."},
    {"name": "Guard", "type": "Creature — Wall", "power": "1", "toughness": "1", "manaCost": "{W}",
     "text": "Defender", "keywords": ["Defender"]},
]


make_board = partial(boards.board, cards=INLINE, opponents=("bob",))


EXAMPLE4 = [
    {"id": "bronco", "card": "Caustic Bronco"},
    {"id": "A", "card": "Pup"}, {"id": "B", "card": "Pup"},
    {"id": "C", "card": "Bear"}, {"id": "D", "card": "Bear", "sick": True},
]


# --- rules.md worked example 4 ------------------------------------------------------------

def test_worked_example_4_ten_sets_five_minimal():
    ans = api.saddle(make_board(*EXAMPLE4), "bronco")
    assert ans["mount"] == "bronco" and ans["n"] == 3
    assert ans["count"] == 10
    assert sorted(sorted(s) for s in ans["minimal"]) == [["A", "C"], ["A", "D"], ["B", "C"], ["B", "D"], ["C", "D"]]
    assert ans["activatable_now"] and ans["reason"] is None


def test_worked_example_4_every_set_listed_with_all():
    ans = api.saddle(make_board(*EXAMPLE4), "bronco", all=True)
    assert sorted(sorted(s) for s in ans["all"]) == sorted(sorted(s) for s in [
        "AC", "AD", "BC", "BD", "CD", "ABC", "ABD", "ACD", "BCD", "ABCD"])
    assert not ans["all_truncated"]


def test_listing_order_is_deterministic_and_limited():
    board = make_board(*EXAMPLE4)
    first = api.saddle(board, "bronco", limit=3)
    assert first["minimal"] == api.saddle(board, "bronco", limit=3)["minimal"]
    assert len(first["minimal"]) == 3 and first["minimal_truncated"]
    assert first["minimal"] == api.saddle(board, "bronco")["minimal"][:3]
    assert api.saddle(board, "bronco", limit=0)["minimal"] == []


def test_best_set_has_no_excess_and_prefers_the_sick_creature():
    best = api.saddle(make_board(*EXAMPLE4), "bronco", best=True)["best"]
    assert best["excess"] == 0 and best["total_power"] == 3 and len(best["set"]) == 2
    assert "D" in best["set"]  # D is sick: it could not attack this turn anyway


# --- best set: spent creatures are the least valuable (issue 7) ----------------------------

def best_of(perms: list[dict], mount: str = "bronco") -> dict:
    return api.saddle(make_board({"id": mount, "card": "Caustic Bronco"}, *perms), mount, best=True)["best"]


@pytest.mark.parametrize("order", [("fresh", "veteran"), ("veteran", "fresh")])
def test_best_set_taps_the_creature_that_attacked_before_an_equal_value_fresh_one(order):
    bears = {"fresh": {"id": "fresh", "card": "Bear"}, "veteran": {"id": "veteran", "card": "Bear", "attacked": True}}
    best = best_of([{"id": "p", "card": "Pup"}] + [bears[k] for k in order])
    assert best["set"] == ["p", "veteran"] and best["excess"] == 0 and best["value"] == 6 and best["spent"] == 1


def test_best_set_taps_a_cheaper_fresh_creature_before_a_costlier_spent_one():
    # Saddle 3, both with no excess: {p, bear} is worth 6, {p, ox} is worth 8 though the
    # ox (a 2/4) is summoning-sick
    best = best_of([{"id": "p", "card": "Pup"}, {"id": "ox", "card": "Bear", "toughness": 4, "sick": True},
                    {"id": "bear", "card": "Bear"}])
    assert best["set"] == ["p", "bear"] and best["value"] == 6 and best["spent"] == 0


def test_best_set_prefers_more_spent_creatures_over_fewer_creatures_at_equal_value():
    # Saddle 3 with no excess: {bear, p} (value 6) or {p, q, r} (value 6, all sick).  Value
    # ties, so the spent creatures win before "fewest creatures" is asked.
    sick_pups = [{"id": k, "card": "Pup", "sick": True} for k in "pqr"]
    best = best_of([{"id": "bear", "card": "Bear"}] + sick_pups)
    assert best["set"] == ["p", "q", "r"] and best["spent"] == 3
    # the same board with nobody spent: fewest creatures decides
    fresh_pups = [{"id": k, "card": "Pup"} for k in "pqr"]
    assert len(best_of([{"id": "bear", "card": "Bear"}] + fresh_pups)["set"]) == 2


def test_best_set_taps_defenders_that_could_never_attack_before_a_creature_that_could():
    # Saddle 3 with no excess: {bear, p}, {bear, g} (value 6, two creatures) or {p, g, h}
    # (value 6, three creatures).  The Guards have defender (702.3b): like sick creatures
    # they can't attack this turn, so they are spent and win before "fewest creatures".
    guards = [{"id": k, "card": "Guard"} for k in "gh"]
    best = best_of([{"id": "bear", "card": "Bear"}, {"id": "p", "card": "Pup"}] + guards)
    assert sorted(best["set"]) == ["g", "h", "p"] and best["spent"] == 2 and best["value"] == 6


def test_a_defender_is_a_spent_candidate():
    assert Candidate("w", 1, 1, 1, False, 0, cannot_attack=True).spent


@pytest.mark.parametrize("order", [("hasty", "veteran"), ("veteran", "hasty")])
def test_a_summoning_sick_creature_with_haste_is_not_spent(order):
    bears = {"hasty": {"id": "hasty", "card": "Bear", "sick": True, "haste": True},
             "veteran": {"id": "veteran", "card": "Bear", "attacked": True}}
    best = best_of([{"id": "p", "card": "Pup"}] + [bears[k] for k in order])
    assert best["set"] == ["p", "veteran"]  # the hasty Bear can still attack this turn (302.6)


def test_candidates_report_attacked_and_spent():
    hasty = Candidate("h", 2, 2, 2, True, 0, haste=True)
    assert not hasty.spent and Candidate("s", 2, 2, 2, True, 1).spent
    assert Candidate("a", 2, 2, 2, False, 2, attacked=True).spent and not Candidate("f", 2, 2, 2, False, 3).spent
    ans = api.saddle(make_board({"id": "bronco", "card": "Caustic Bronco"},
                                {"id": "v", "card": "Bear", "attacked": True}), "bronco")
    assert ans["candidates"] == [{"id": "v", "power": 2, "counted_power": 2, "toughness": 2, "sick": False,
                                  "attacked": True}]


# --- who may be tapped ----------------------------------------------------------------------

def test_candidates_exclude_self_tapped_and_opponents_creatures():
    perms = [{"id": "bronco", "card": "Caustic Bronco"}, {"id": "t", "card": "Bear", "tapped": True},
             {"id": "ok", "card": "Bear"}]
    ans = api.saddle(make_board(*perms, opponents={"bob": [{"id": "theirs", "card": "Bear"}]}), "bronco")
    assert [c["id"] for c in ans["candidates"]] == ["ok"]
    assert ans["count"] == 0 and not ans["activatable_now"]
    assert "total power 3" in ans["reason"]


def test_counters_and_negative_power_count_as_they_stand():
    perms = [{"id": "bronco", "card": "Caustic Bronco"},
             {"id": "big", "card": "Bear", "counters": {"+1/+1": 1}},
             {"id": "neg", "card": "Pup", "counters": {"-1/-1": 2}},
             {"id": "zero", "card": "Wall"}]
    ans = api.saddle(make_board(*perms), "bronco", best=True)
    powers = {c["id"]: c["counted_power"] for c in ans["candidates"]}
    assert powers == {"big": 3, "neg": -1, "zero": 0}
    # {big}, {big, zero} legal; {big, neg} totals 2 < 3 and is not
    assert ans["count"] == 2
    assert ans["minimal"] == [["big"]]


def test_uncrewed_vehicle_never_crews_but_a_crewed_one_does():
    perms = [{"id": "copter", "card": "Smuggler's Copter"},
             {"id": "ark", "card": "Ghost Ark"},
             {"id": "pup", "card": "Pup"}]
    ans = api.crew(make_board(*perms), "copter")
    assert [c["id"] for c in ans["candidates"]] == ["pup"]
    perms[1] = {"id": "ark", "card": "Ghost Ark", "type": "Artifact Creature — Vehicle"}
    ans = api.crew(make_board(*perms), "copter")
    assert sorted(ans["minimal"]) == [["ark"], ["pup"]] and ans["count"] == 3


def test_a_crewed_vehicle_cannot_crew_itself():
    perms = [{"id": "copter", "card": "Smuggler's Copter", "type": "Artifact Creature — Vehicle"}]
    ans = api.crew(make_board(*perms), "copter")
    assert ans["candidates"] == [] and ans["count"] == 0


def test_pilot_token_crews_as_though_power_were_2_greater_but_saddles_at_its_power():
    perms = [{"id": "copter", "card": "Smuggler's Copter"}, {"id": "bronco", "card": "Caustic Bronco"},
             {"id": "p", "card": "Pilot", "token": True}]
    crew = api.crew(make_board(*perms), "copter")
    assert {c["id"]: c["counted_power"] for c in crew["candidates"]} == {"bronco": 2, "p": 3}
    saddle = api.saddle(make_board(*perms), "bronco")
    assert {c["id"]: c["counted_power"] for c in saddle["candidates"]} == {"p": 1}
    assert saddle["count"] == 0  # 1 < 3: the bonus is for crewing only


def test_toughness_variant_and_cant_crew():
    perms = [{"id": "ark", "card": "Ghost Ark"}, {"id": "ox", "card": "Sturdy Ox"}, {"id": "g", "card": "Grounded"}]
    ans = api.crew(make_board(*perms), "ark")
    assert [(c["id"], c["counted_power"]) for c in ans["candidates"]] == [("ox", 4)]
    perms[0] = {"id": "bronco", "card": "Caustic Bronco"}
    ans = api.saddle(make_board(*perms), "bronco")
    assert {c["id"]: c["counted_power"] for c in ans["candidates"]} == {"ox": 4, "g": 5}  # may saddle


# --- timing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("step,stack_empty,active,ok", [
    ("precombat_main", True, "alice", True),
    ("postcombat_main", True, "alice", True),
    ("precombat_main", False, "alice", False),
    ("declare_attackers", True, "alice", False),
    ("precombat_main", True, "bob", False),
])
def test_saddle_only_at_sorcery_timing(step, stack_empty, active, ok):
    ans = api.saddle(make_board(*EXAMPLE4, step=step, stack_empty=stack_empty, active=active), "bronco", player="alice")
    assert ans["activatable_now"] is ok
    assert (ans["reason"] is None) is ok
    assert ans["count"] == 10  # the sets don't depend on timing


@pytest.mark.parametrize("step,stack_empty,active,ok", [
    ("declare_blockers", False, "bob", True),
    ("end", True, "alice", True),
    ("untap", True, "alice", False),
    ("cleanup", True, "alice", False),
])
def test_crew_whenever_the_player_has_priority(step, stack_empty, active, ok):
    perms = [{"id": "copter", "card": "Smuggler's Copter"}, {"id": "pup", "card": "Pup", "sick": True}]
    ans = api.crew(make_board(*perms, step=step, stack_empty=stack_empty, active=active), "copter", player="alice")
    assert ans["activatable_now"] is ok and ans["count"] == 1


def test_another_players_mount_is_not_activatable():
    ans = api.saddle(make_board(*EXAMPLE4), "bronco", player="bob")
    assert not ans["activatable_now"] and "controlled by alice" in ans["reason"]


# --- counting at scale ----------------------------------------------------------------------

def test_sixty_creatures_count_matches_binomial_sum():
    powers = [1] * 60
    assert count_sets(powers, 30) == sum(comb(60, k) for k in range(30, 61))


def test_five_hundred_creatures_with_negatives_and_zeros():
    # 200 of power 2, 100 of power 0, 200 of power -1; N = 5:  choose a twos and b minus-ones
    # with 2a - b >= 5; zeros double everything.
    powers = [2] * 200 + [0] * 100 + [-1] * 200
    expected = sum(comb(200, a) * comb(200, b) for a in range(201) for b in range(201) if 2 * a - b >= 5) * 2 ** 100
    assert count_sets(powers, 5) == expected


def test_nonpositive_n_counts_the_empty_set_and_it_is_the_only_minimal_one():
    cands = [Candidate("a", -1, -1, 1, False, 0), Candidate("b", 2, 2, 2, False, 1)]
    assert count_sets([-1, 2], 0) == 3  # {}, {b}, {a, b}
    assert list(minimal_sets(cands, 0)) == [()]
    assert best_set(cands, 0) == ()


# --- property tests against an independent brute force --------------------------------------

def brute(powers: list[int], n: int) -> tuple[list[frozenset[int]], list[frozenset[int]]]:
    legal = [frozenset(s) for k in range(len(powers) + 1) for s in combinations(range(len(powers)), k)
             if sum(powers[i] for i in s) >= n]
    legal_set = set(legal)
    minimal = [s for s in legal if not any(s - {i} in legal_set for i in s)]
    return legal, minimal


powers_st = st.lists(st.integers(min_value=-2, max_value=6), max_size=14)


def cands_of(powers: list[int]) -> list[Candidate]:
    return [Candidate(str(i), p, p, 3, i % 3 == 0, i) for i, p in enumerate(powers)]


@settings(max_examples=150, deadline=None)
@given(powers_st, st.integers(min_value=-3, max_value=20))
def test_count_and_minimal_sets_equal_brute_force(powers, n):
    legal, minimal = brute(powers, n)
    assert count_sets(powers, n) == len(legal)
    got = [frozenset(int(c.id) for c in s) for s in minimal_sets(cands_of(powers), n)]
    assert len(got) == len(set(got)) and set(got) == set(minimal)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(min_value=-2, max_value=6), max_size=10), st.integers(min_value=-2, max_value=15))
def test_all_sets_equal_brute_force(powers, n):
    legal, _ = brute(powers, n)
    got = [frozenset(int(c.id) for c in s) for s in all_sets(cands_of(powers), n)]
    assert len(got) == len(set(got)) and set(got) == set(legal)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-2, 6), st.integers(0, 6), st.booleans(), st.booleans(), st.booleans()),
                max_size=10), st.integers(1, 15))
def test_best_set_is_lexicographically_optimal(stats, n):
    cands = [Candidate(str(i), p, p, t, sick, i, attacked=attacked, haste=haste)
             for i, (p, t, sick, attacked, haste) in enumerate(stats)]
    powers = [p for p, *_ in stats]
    legal, _ = brute(powers, n)
    got = best_set(cands, n)
    if not legal:
        assert got is None
        return

    def spent(i: int) -> bool:  # written out again rather than read from Candidate.spent
        _, _, sick, attacked, haste = stats[i]
        return attacked or (sick and not haste)

    def key(s):
        return (sum(powers[i] for i in s) - n, sum(stats[i][0] + stats[i][1] for i in s),
                -sum(spent(i) for i in s), len(s))

    assert got is not None
    chosen = frozenset(int(c.id) for c in got)
    assert chosen in set(legal)
    assert key(chosen) == min(key(s) for s in legal)


def test_minimal_stream_is_lazy_on_a_huge_herd():
    cands = [Candidate(str(i), 1 + i % 8, 1, 1, False, i) for i in range(500)]
    first = list(islice(minimal_sets(cands, 40), 20))
    assert len(first) == 20 and all(sum(c.counted for c in s) >= 40 for s in first)
    assert all(sum(c.counted for c in s) - min(c.counted for c in s) < 40 for s in first)


# --- CLI and API errors ---------------------------------------------------------------------

# the board of the `board_file` fixture (tests/conftest.py)
FILE_BOARD = make_board(*EXAMPLE4 + [{"id": "copter", "card": "Smuggler's Copter"}])


def test_cli_saddle_json_matches_design_keys(board_file, capsys):
    assert main(["saddle", board_file, "--mount", "bronco", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"mount", "n", "count", "minimal"} <= set(out) and out["count"] == 10 and out["n"] == 3


def test_cli_crew_table(board_file, capsys):
    assert main(["crew", board_file, "--vehicle", "copter", "--best", "--all", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "Crew 1" in out and "Minimal sets" in out and "Best set" in out


@pytest.mark.parametrize("argv,expected", [
    (["saddle", "{f}", "--mount", "brnco"], "did you mean 'bronco'?"),
    (["saddle", "{f}", "--mount", "A"], "'A' (Pup) has no Saddle ability; permanents with Saddle: bronco"),
    (["crew", "{f}", "--vehicle", "bronco"], "has no Crew ability; permanents with Crew: copter"),
    (["saddle", "{f}", "--mount", "bronco", "--limit", "-1"], "--limit"),
    (["saddle", "{f}", "--mount", "bronco", "--player", "carol"], "unknown player 'carol'"),
])
def test_cli_errors_exit_2_with_one_line(board_file, capsys, argv, expected):
    assert main([a.replace("{f}", board_file) for a in argv]) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1


def test_api_raises_input_error_for_unknown_mount():
    with pytest.raises(InputError, match="no permanent with id 'nope'"):
        api.saddle(load_board(make_board(*EXAMPLE4)), "nope")


# --- "Crew N. Activate only once each turn." and Crew/Saddle lines not read ----------------

LOCOMOTIVE_CREW = "Crew 1. Activate only once each turn."


def test_602_5b_luxurious_locomotive_crews_once_each_turn():
    """Luxurious Locomotive's "Crew 1. Activate only once each turn." is read: crewable
    with a Bear, and not again once the board's `activated` counts it this turn."""
    fresh = boards.board(("loco", "Luxurious Locomotive"), ("bear", "Grizzly Bears"))
    answer = api.crew(fresh, "loco")
    assert answer["n"] == 1 and answer["count"] == 1 and answer["activatable_now"]
    assert any(p["kind"] == "activate" and p["source"] == "loco" and p["ability"] == "Crew 1" and p["payable"]
               for p in api.plays(fresh)["plays"])
    used = boards.board({"id": "loco", "card": "Luxurious Locomotive", "activated": {LOCOMOTIVE_CREW: 1}},
                        ("bear", "Grizzly Bears"))
    again = api.crew(used, "loco")
    assert not again["activatable_now"] and "602.5b" in again["reason"]
    assert not any(p.get("source") == "loco" for p in api.plays(used)["plays"])


def test_a_crew_line_not_read_is_reported_never_answered_as_no_crew_ability():
    odd = {"name": "Odd Wagon", "type": "Artifact — Vehicle", "power": "3", "toughness": "3", "manaCost": "{2}",
           "text": "Crew 2. Activate only during your turn."}
    b = boards.board(("w", "Odd Wagon"), ("bear", "Grizzly Bears"), cards=[odd])
    with pytest.raises(InputError) as err:
        api.crew(b, "w")
    assert "not understood" in str(err.value) and "Crew 2. Activate only during your turn." in str(err.value)
    assert "has no Crew ability" not in str(err.value)
    (play,) = [p for p in api.plays(b)["plays"] if p.get("source") == "w"]
    assert play["ability"] == "Crew 2. Activate only during your turn." and play["payable"] is None
    assert play["not_modelled"] == ["not understood"]
