"""``pay --candidates K`` (issue 30): a payment decision for game environments — at most K
groups of payments ranked by the ``--best`` order, the best first.

On random small boards every candidate stands for brute-force payments only
(tests/support/bruteforce.py), no two candidates are the same group, and with K at least the
number of groups they cover every payment; on real boards every candidate passes
``audit`` as legal and the first is ``best``'s payment.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings

from manasolve import api
from manasolve.models.errors import ParameterError
from manasolve.payment_apply import group_as_payment, group_contains
from manasolve.solver import pay as solver_pay
from manasolve.solver.groups import counters, listed_groups, payment_group
from manasolve.models.request import CostKeywords
from manasolve.solver.payable import CostToPay
from manasolve.solver.resources import collect
from manasolve.models.mana import ManaCost
from tests.support.boards import loaded
from tests.support.bruteforce import brute_or_assume
from tests.support.paying import pay
from tests.support.boards import CONVOKE_BOARD, board_a as board
from tests.support.paying import tapped
from tests.support.properties import best_identity, brute_parts, expand, scenario_board, scenarios

COMMANDER = ["Forest", "Forest", "Island", "Island", "Swamp", "Plains", "Mountain", "Flooded Grove",
             "Exotic Orchard", "Command Tower", "Reflecting Pool", "Tropical Island", "Azorius Signet",
             "Dimir Signet", "Simic Signet", "Birds of Paradise", "Sol Ring"]  # benchmarks/decision_loop.py's


def commander(**kw) -> dict:
    return board(*[("p%d" % i, c) for i, c in enumerate(COMMANDER)],
                 hand=["Counterspell", "Cultivate", "Arcane Signet", "Swords to Plowshares"], **kw)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(most=6))
@example(([{"id": "p0", "card": "Springleaf Drum", "tapped": False, "sick": False},
           {"id": "p1", "card": "Llanowar Elves", "tapped": False, "sick": True},
           {"id": "p2", "card": "Birds of Paradise", "tapped": False, "sick": False}], "{U}", 0,
          (False, False, False), [], "", [], 0))
@example(([{"id": "p0", "card": "Forest", "tapped": False, "sick": False},
           {"id": "p1", "card": "Forest", "tapped": False, "sick": False},
           {"id": "p2", "card": "Llanowar Elves", "tapped": False, "sick": False}], "{1}{G}", 2,
          (True, False, False), [], "", [], 0))
@example(([{"id": "p0", "card": "Forest", "tapped": False, "sick": False},
           {"id": "p1", "card": "Forest", "tapped": False, "sick": False}], "{G/P}{G/W/P}", 2,
          (False, False, False), [], "", [], 0))  # life for {G/P} or for {G/W/P}: two groups (found unseeded)
def test_candidates_are_brute_force_payments_and_cover_them(scenario):
    b, cost, (convoke, improvise, delve), _ = scenario_board(scenario)
    expected = brute_or_assume(b, cost, convoke=convoke, improvise=improvise, delve=delve)
    what = CostToPay(cost, keywords=CostKeywords(convoke, improvise, delve))
    answer = solver_pay.pay(b, what, mode="candidates", candidates=10_000)
    ranked = answer.found
    assert answer.payable == bool(expected)
    if not expected:
        assert ranked.candidates == ()
        return
    # Every group as --all lists it, with the brute-force payments it stands for.
    res = collect(b, "a", convoke=convoke, improvise=improvise, delve=delve)
    per = counters(b, "a", cost.announcements(), res)
    concrete = {}
    for a, c, g in listed_groups(per):
        payments = expand(c, a, g)
        assert payments <= expected and len(payments) == g.multiplicity
        concrete[payment_group(c, a, g)] = payments
    groups = [cand.group for cand in ranked.candidates]
    assert all(g in concrete for g in groups)  # each candidate is a group of brute-force payments
    assert len(set(groups)) == len(groups)  # no two candidates are the same group
    assert ranked.ranked_all and len(groups) == len(concrete) == ranked.groups_ranked
    assert set().union(*(concrete[g] for g in groups)) == expected  # K >= the groups: every payment
    # Ranked by the best order; the first holds best's payment and has its levels.
    best = pay(b, what, mode="best")
    keys = [[c.levels[n] for n in ("keep", "life", "sacrifice", "waste", "attackers", "colors", "flexibility",
                                   "creatures", "tiebreak")] for c in ranked.candidates]
    assert keys == sorted(keys)
    assert ranked.candidates[0].levels == best["levels"]
    assert best_identity(best["best"]) in {brute_parts(p) for p in concrete[groups[0]]}


def test_life_paid_for_different_phyrexian_symbols_names_the_symbol():
    # {G/P}{G/W/P} with two Forests and 2 life: 2 life for {G/P} and {G} for {G/W/P}, or
    # {G} for {G/P} and 2 life for {G/W/P} -- different 601.2b announcements (design.md:
    # only identical symbols are announced as a multiset), both "announced {G}, life 2":
    # the groups say which symbol the life paid for.
    b = board(("f1", "Forest"), ("f2", "Forest"), life=2)
    assert brute_or_assume(loaded(("f1", "Forest"), ("f2", "Forest"), life=2), ManaCost.parse("{G/P}{G/W/P}"))
    groups = api.pay(b, "{G/P}{G/W/P}", mode="all")
    assert groups["count"] == 5 == sum(g["multiplicity"] for g in groups["payments"])
    assert [(g["announced"], g["life"], g.get("paid_with_life")) for g in groups["payments"]] == [
        ("{G}{G}", 0, None), ("{G}", 2, ["{G/P}"]), ("{G}", 2, ["{G/W/P}"])]
    answer = api.pay(b, "{G/P}{G/W/P}", mode="candidates")
    shown = [json.dumps({k: v for k, v in c.items() if k not in ("levels", "levels_words")}, sort_keys=True)
             for c in answer["candidates"]]
    assert len(answer["candidates"]) == 3 and len(set(shown)) == 3
    for cand in answer["candidates"]:
        assert api.audit(b, cand, "{G/P}{G/W/P}")["legal"]
    wrong = dict(answer["candidates"][1], paid_with_life=["{G/P}", "{G/W/P}"])
    assert api.audit(b, wrong, "{G/P}{G/W/P}")["broken"] == {
        "rule": "601.2b", "path": "payment.paid_with_life",
        "message": "{G/P}{G/W/P} announced {G} pays life for ['{G/P}'] or ['{G/W/P}'], not ['{G/P}', '{G/W/P}'] (601.2b)"}
    best = api.pay(board(("f1", "Forest"), life=2), "{G/P}{G/W/P}", mode="best")["best"]
    assert (best["announced"], best["life"], best["paid_with_life"]) in [("{G}", 2, ["{G/P}"]), ("{G}", 2, ["{G/W/P}"])]


def test_k_bounds_the_candidates_and_the_first_is_best():
    answer = api.pay(board(*CONVOKE_BOARD), "{3}{G}", mode="candidates", convoke=True, candidates=3)
    best = api.pay(board(*CONVOKE_BOARD), "{3}{G}", mode="best", convoke=True)
    assert len(answer["candidates"]) == 3 and answer["groups_ranked"] == 18 and answer["ranked_all"]
    assert not group_contains(answer["candidates"][1], best["best"])
    first = answer["candidates"][0]
    assert group_contains(first, best["best"]) and first["levels"] == best["levels"]
    assert first["mana"] == "{G}{G}{G}{G}" and first["untapped"] == [
        {"permanents": ["bear1", "bear2"], "count": 2}, {"permanents": ["witness"], "count": 1},
        {"permanents": ["elf"], "count": 1}]
    # the runner-up convokes with one Bear (either: 2 payments x 4 Forests), taps 1 attacker
    assert answer["candidates"][1]["levels_words"]["attackers"] == "taps 1 creature that could attack"
    assert answer["candidates"][1]["multiplicity"] == 8


def test_castable_says_which_hand_cards_stay_mana_payable():
    # {G}: Forest first (Elves could attack); what is left pays Counterspell? no: no blue;
    # Grizzly Bears ({1}{G}): the other Forest and the Elves.
    b = board(("f1", "Forest"), ("f2", "Forest"), ("elf", "Llanowar Elves"), ("i", "Island"),
              hand=["Grizzly Bears", "Counterspell", "Giant Growth", "Forest"])
    answer = api.pay(b, "{G}", mode="candidates")
    by_uses = {tuple(sorted(p for a in c["activations"] for p in a["permanents"][:a["use"]])): c["castable"]
               for c in answer["candidates"]}
    assert by_uses[("f1",)] == ["Grizzly Bears", "Giant Growth"]  # Island + Forest/Elves; Counterspell needs {U}{U}
    assert by_uses[("elf",)] == ["Grizzly Bears", "Giant Growth"]
    assert answer["candidates"][0]["activations"][0]["permanents"] == ["f1", "f2"]  # a Forest, not the Elves


def test_the_first_holds_best_when_ids_do_not_sort_as_the_board_lists_them():
    # Islands p0, p9, p15, p17: the tie-break ranks ids as strings (p15 < p17 < p9), the
    # group lists them in board order; best's payment is one of the first group's.
    b = board(*[("p%d" % i, "Island" if i in (0, 9, 15, 17) else "Plains") for i in range(18)])
    best = api.pay(b, "{2}{W}{U}", mode="best")["best"]
    answer = api.pay(b, "{2}{W}{U}", mode="candidates", candidates=2)
    assert group_contains(answer["candidates"][0], best)
    assert not group_contains(answer["candidates"][1], best)


def test_every_candidate_on_the_commander_board_is_legal_by_audit():
    b = commander()
    answer = api.pay(b, "{2}{U}", mode="candidates", candidates=25)
    assert len(answer["candidates"]) == 25
    assert group_contains(answer["candidates"][0], api.pay(b, "{2}{U}", mode="best")["best"])
    seen = set()
    for cand in answer["candidates"]:
        audited = api.audit(b, cand, "{2}{U}")
        assert audited["legal"], audited["broken"]
        key = json.dumps({k: cand[k] for k in ("announced", "activations", "tapped_for_cost")}, sort_keys=True)
        assert key not in seen
        seen.add(key)
    keys = [[c["levels"][n] for n in c["levels"]] for c in answer["candidates"]]
    assert keys == sorted(keys)


def test_a_time_limit_gives_a_sound_partial_answer():
    # 3.2 million payments of {7}{U}: the listing can't finish in 0.5 s; the best comes first
    b = commander()
    answer = api.pay(b, "{7}{U}", mode="candidates", time_limit=0.5)
    assert answer.get("time_limit_reached") and not answer["ranked_all"]
    assert answer["candidates"] and group_contains(answer["candidates"][0], api.pay(b, "{7}{U}", mode="best")["best"])
    for cand in answer["candidates"][:5]:
        assert api.audit(b, cand, "{7}{U}")["legal"]


def test_bad_candidates_values_are_parameter_errors():
    with pytest.raises(ParameterError, match="candidates must be 1 or more"):
        api.pay(board(*CONVOKE_BOARD), "{G}", mode="candidates", candidates=0)
    with pytest.raises(ParameterError, match="non-mana parts"):
        api.pay(board(*CONVOKE_BOARD, hand=["Village Rites"]), card="Village Rites", mode="candidates")


def test_cli_candidates_table_and_json(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board(*CONVOKE_BOARD)))
    run = [sys.executable, "-m", "manasolve", "pay", str(path), "--cost", "{3}{G}", "--convoke", "--candidates", "2"]
    table = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert "candidates, best first (2 of 18 groups ranked)" in table
    answer = json.loads(subprocess.run(run + ["--json"], capture_output=True, text=True, check=True).stdout)
    assert len(answer["candidates"]) == 2 and tapped({"best": group_as_payment(answer["candidates"][0])}) == [
        "f1", "f2", "f3", "f4"]


def test_the_example_adapter_makes_a_pay_mana_decision_and_argentum_sources():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("pay_decision", Path(__file__).parents[1] / "examples" / "pay_decision.py")
    adapter = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(adapter)
    answer = api.pay(board(*CONVOKE_BOARD), "{3}{G}", mode="candidates", convoke=True)
    decision = adapter.to_pay_mana(answer)
    assert decision["type"] == "pay_mana" and decision["recommended"] == 0 and len(decision["options"]) == 18
    assert decision["options"][1]["description"] == (
        "tap 3 of f1,f2,f3,f4 ({G}); convoke with 1 of bear1,bear2 — {G}{G}{G}, 0 life; leaves no other hand card "
        "castable")
    payment = adapter.chosen_payment(decision, 1)
    assert api.audit(board(*CONVOKE_BOARD), payment, "{3}{G}", convoke=True)["legal"]
    assert adapter.to_selected_sources(payment) == {"selectedSources": ["f1", "f2", "f3", "bear1"], "autoPay": False}
    with pytest.raises(ValueError, match="from 0 to 17"):
        adapter.chosen_payment(decision, 18)


def test_601_2b_a_cards_locked_total_names_the_phyrexian_symbol_its_life_paid_for():
    # The same announcements reached through a card (its locked 601.2f total) named no symbol:
    # `pay --card` listed two identical-looking "{G} and 2 life" groups and `cost` two identical
    # by_announcement lines. Each now names the symbol the life paid for, as `pay --cost` does.
    probe = {"name": "Probe", "manaCost": "{G/P}{G/W/P}", "type": "Sorcery", "text": "Draw a card."}
    b = dict(board(("f1", "Forest"), ("f2", "Forest"), life=2, hand=["Probe"]), cards=[probe])
    by_card = api.pay(b, card="Probe", mode="all")
    by_cost = api.pay(b, "{G/P}{G/W/P}", mode="all")
    assert by_card["payments"] == by_cost["payments"]
    assert [g.get("paid_with_life") for g in by_card["payments"]] == [None, ["{G/P}"], ["{G/W/P}"]]
    for cand in api.pay(b, card="Probe", mode="candidates")["candidates"]:
        assert api.audit(b, cand, card="Probe")["legal"]
    lines = [(a["announced"], a["life"], a.get("paid_with_life")) for a in api.cost(b, "Probe")["by_announcement"]]
    assert len(set(map(repr, lines))) == len(lines) == 6
    assert ("{G}", 2, ["{G/P}"]) in lines and ("{G}", 2, ["{G/W/P}"]) in lines
    # a real card: Ajani, Sleeper Agent's one Phyrexian symbol, through the card and through its cost
    ajani = board(("f1", "Forest"), ("p1", "Plains"), ("f2", "Forest"), ("f3", "Forest"), hand=["Ajani, Sleeper Agent"])
    assert api.pay(ajani, card="Ajani, Sleeper Agent", mode="all")["payments"] == \
        api.pay(ajani, "{1}{G}{G/W/P}{W}", mode="all")["payments"]
