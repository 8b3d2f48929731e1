"""Goldfish castability: simulated probabilities against exact hypergeometric ones, the
memo against the solver asked afresh, enters-tapped lands, mulligans, shards."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from math import comb, sqrt

import pytest

from manasolve.castability import castability, run_games
from manasolve.cli import main
from manasolve.models.carddb import default_db
from manasolve.models.decklist import read_decklist
from manasolve.models.mana import ManaCost
from manasolve.models.board import load_board
from manasolve.solver.castability import deck_questions, merged, shards, summarise
from manasolve.solver.goldfish import KARSTEN, KARSTEN_FREE, NO_MULLIGAN, GameSetup, Goldfish, Question, keep_rule
from manasolve.solver.payable import payable_each
from pathlib import Path

DB = default_db()
GOLGARI = str(Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_midrange.txt")
COMMANDER = str(Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_commander.txt")


def _q(cost: str) -> Question:
    return Question(cost, cost, ManaCost.parse(cost).mana_value)


def _at_least(k: int, successes: int, population: int, drawn: int) -> Fraction:
    """P(at least k successes in `drawn` cards from `population` holding `successes`)."""
    return sum((Fraction(comb(successes, i) * comb(population - successes, drawn - i), comb(population, drawn))
                for i in range(k, min(successes, drawn) + 1)), Fraction(0))


def _close(simulated: str, exact: Fraction, games: int) -> None:
    # seeded, so deterministic; 4.5 standard deviations of a binomial proportion
    p = float(exact)
    assert abs(float(Fraction(simulated)) - p) <= 4.5 * sqrt(p * (1 - p) / games) + 1e-12, (simulated, p)


def test_one_colour_matches_the_hypergeometric_law():
    games = 20_000
    questions = [_q("{B}"), _q("{B}{B}"), _q("{1}{B}{B}")]
    setup = GameSetup(("Swamp",) * 8 + ("Gitaxian Probe",) * 12, tuple(questions), 3, True, NO_MULLIGAN)
    entries = summarise(questions, run_games(setup, games, seed=7, workers=1), 3)
    for e in entries:
        pips = e.mana_value
        for t in range(1, 4):
            exact = _at_least(pips, 8, 20, 6 + t) if t >= pips else Fraction(0)
            _close(e.by_turn[str(t)], exact, games)
    # {1}{B}{B} on turn 3 needs three lands, two of them... all lands are Swamps: 3 in 9 cards
    assert entries[2].on_curve_given_lands.split("/")[0] == entries[2].on_curve.split("/")[0]


def test_two_colours_on_the_draw_match_inclusion_exclusion():
    games = 20_000
    setup = GameSetup(("Swamp",) * 6 + ("Island",) * 6 + ("Gitaxian Probe",) * 8, (_q("{U}{B}"),), 2, False,
                      NO_MULLIGAN)
    (entry,) = summarise([_q("{U}{B}")], run_games(setup, games, seed=3, workers=1), 2)
    # castable on turn 2 on the draw iff the first 9 cards hold a Swamp and an Island
    exact = 1 - Fraction(2 * comb(14, 9), comb(20, 9))
    _close(entry.by_turn["2"], exact, games)
    assert entry.by_turn["1"] == "0/%d" % games


@pytest.mark.parametrize("deck_file", [GOLGARI, COMMANDER])
def test_memo_answers_what_the_solver_answers_afresh(deck_file):
    # the fast path (Hall's theorem on fixed-mana sources) and the solver's memo, against
    # the solver asked afresh on the same battlefield
    deck = read_decklist(deck_file, DB)
    questions, _ = deck_questions(deck, DB)
    fish = Goldfish(GameSetup(tuple(deck.cards()), tuple(questions), 5, True, KARSTEN,
                              tuple(e.name for e in deck.commander)), DB)
    fish.play_games(150, seed=5, shard=0)
    mana = fish.mana
    assert mana.memo and mana.extra
    states = [((key & mana.bf_mask, key >> mana.life_at), paid) for key, paid in mana.memo.items()]
    assert any(mana._untapped_units(bf) is not None for (bf, _), _ in states)  # the fast path was used
    # ... also with a Signet (both decks) or a filter land (Twilight Mire) fed untapped
    assert any(view is not None and view[3] for view in (mana._untapped_units(bf) for (bf, _), _ in states[:150]))
    for (bf, life), paid in states[:150]:
        board = load_board(mana.board(bf, life), DB)
        fresh = payable_each(board, mana.parsed, "me")
        assert [bool(paid >> i & 1) for i in range(len(mana.costs))] == fresh, mana.board(bf)
    for (bf, life, what), ok in list(mana.extra.items())[:60]:
        assert payable_each(load_board(mana.board(bf, life), DB), [fish._sum_cost(what)], "me") == [ok]


def test_a_land_that_enters_tapped_pays_from_the_next_turn():
    setup = GameSetup(("Golgari Guildgate",) * 20, (_q("{G}"), _q("{B}{G}")), 3, True, NO_MULLIGAN)
    g, b = summarise(list(setup.questions), run_games(setup, 50, seed=1, workers=1), 3)
    assert g.by_turn == {"1": "0/50", "2": "50/50", "3": "50/50"}
    assert b.by_turn == {"1": "0/50", "2": "0/50", "3": "50/50"}
    assert g.average_delay == "50/50" and b.average_delay == "50/50"  # one turn late, every game


def test_mana_creatures_tap_from_the_turn_after_they_are_cast():
    games = 4000
    setup = GameSetup(("Forest",) + ("Llanowar Elves",) * 19, (_q("{G}{G}"),), 3, True, NO_MULLIGAN)
    (e,) = summarise(list(setup.questions), run_games(setup, games, seed=2, workers=1), 3)
    # one Forest: {G}{G} once an Elf cast with it (the Forest's turn) untaps: the turn after
    # the Forest is drawn, i.e. turn 2 iff it is among the first 7 cards, turn 3 the first 8
    assert e.by_turn["1"] == "0/%d" % games
    _close(e.by_turn["2"], Fraction(7, 20), games)
    _close(e.by_turn["3"], Fraction(8, 20), games)


def test_karsten_rule_mulligans_an_all_land_deck_to_four():
    fish = Goldfish(GameSetup(("Forest",) * 30, (_q("{G}"),), 1, True, KARSTEN), DB)
    hand, library = fish._opening(iter([[0] * 30] * 8))
    assert len(hand) == 4 and len(library) == 26
    assert keep_rule("3-5").keeps(7, 3) and not keep_rule("3-5").keeps(7, 2)
    with pytest.raises(ValueError, match=re.escape(
            "unknown mulligan rule 'often': karsten, none, or a 7-card land range like 2-5")):
        keep_rule("often")


def test_karsten_free_takes_the_free_mulligan_on_a_first_seven_without_three_to_five_lands():
    # his 99-card tables: the first mulligan is free (103.5c, seven cards again, nothing
    # bottomed) and taken on a first seven of 2 lands that the 60-card rule keeps
    fish = Goldfish(GameSetup(("Forest",) * 41 + ("Gitaxian Probe",) * 58, (_q("{G}"),), 1, False, KARSTEN_FREE), DB)
    forest, probe = fish.kind_of["Forest"], fish.kind_of["Gitaxian Probe"]
    two = [forest] * 2 + [probe] * 5 + [forest] * 39 + [probe] * 53
    three = [forest] * 3 + [probe] * 4 + [forest] * 38 + [probe] * 54
    hand, library = fish._opening(iter([two, two]))  # the second seven is kept with 2 lands (2-5)
    assert sorted(hand) == sorted(two[:7]) and len(library) == 92
    hand, _ = fish._opening(iter([three, two]))
    assert sorted(hand) == sorted(three[:7])
    assert KARSTEN_FREE.keeps(7, 2) and not KARSTEN_FREE.keeps(7, 2, first=True) and KARSTEN.keeps(7, 2, first=True)
    hand, _ = fish._opening(iter([[forest] * 7 + two[7:], [forest] * 7 + two[7:], two]))  # then 6 cards, 2-4 lands
    assert len(hand) == 6 and hand.count(forest) == 2


def test_a_seed_gives_the_same_games_whatever_the_shards_run_on():
    setup = GameSetup(("Swamp",) * 10 + ("Gitaxian Probe",) * 10, (_q("{B}{B}"),), 3, True, KARSTEN)
    assert shards(25_000) == [(0, 10_000), (1, 10_000), (2, 5_000)]
    fish = Goldfish(setup, DB)
    one = fish.play_games(300, seed=9, shard=1)
    assert Goldfish(setup, DB).play_games(300, seed=9, shard=1) == one
    assert fish.play_games(300, seed=9, shard=2) != one
    assert merged([one, one])[next(iter(one))] == 2 * one[next(iter(one))]


def test_cli_json_fractions_pairs_and_plot(tmp_path, capsys):
    png = tmp_path / "deck.png"
    args = ["castability", GOLGARI, "--games", "200", "--turns", "2-4", "--workers", "1", "--json",
            "--pair", "Llanowar Elves", "Vicious Offering"]
    assert main(args + ["--plot", str(png)]) == 0  # matplotlib is in the test extra
    answer = json.loads(capsys.readouterr().out)
    assert answer["format"] == "manasolve/castability@1" and answer["games"] == 200 and answer["seed"] == 1
    hydra = next(c for c in answer["cards"] if c["card"] == "Bristling Hydra")
    assert hydra["mana_value"] == 4 and list(hydra["by_turn"]) == ["2", "3", "4"]
    assert hydra["by_turn"]["2"] == "0/200" and hydra["on_curve"] == hydra["by_turn"]["4"]
    assert hydra["on_curve_given_lands"].split("/")[1] != "200"  # conditional: fewer games
    (pair,) = answer["pairs"]
    assert pair["card"] == "Llanowar Elves + Vicious Offering" and pair["mana_value"] == 3
    assert png.stat().st_size > 10_000
    assert castability(GOLGARI, games=200, turns="2-4", workers=1)["cards"] == answer["cards"]


@pytest.mark.parametrize("flags, message", [
    (["--turns", "0-3"], "--turns: expected turns like 1-7"),
    (["--mulligan", "often"], "--mulligan: unknown mulligan rule 'often'"),
    (["--games", "0"], "--games: games must be within"),
    (["--pair", "Forest", "Bayou"], "--pair: 'Forest' is not a nonland card of the deck"),
    (["--workers", "0"], "--workers: give 1 or more workers"),
])
def test_cli_bad_flags_exit_2(flags, message, capsys):
    assert main(["castability", GOLGARI, "--workers", "1"] + flags) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_command_tower_makes_the_commanders_colours(tmp_path):
    deck = tmp_path / "edh.txt"
    deck.write_text("Commander\n1 Birds of Paradise\n\nDeck\n20 Command Tower\n5 Llanowar Elves\n")
    answer = castability(str(deck), games=100, turns="1-2", mulligan="none", workers=1)
    birds = next(c for c in answer["cards"] if c["card"] == "Birds of Paradise")
    assert answer["deck"]["commander"] == ["Birds of Paradise"] and birds["by_turn"]["1"] != "0/100"
    deck.write_text("20 Command Tower\n5 Llanowar Elves\n")  # no commander: the Tower makes nothing (903.4f)
    elves = castability(str(deck), games=100, turns="1-2", mulligan="none", workers=1)["cards"][0]
    assert elves["by_turn"] == {"1": "0/100", "2": "0/100"}


def _random_battlefields(fish: Goldfish, n: int, seed: int) -> list[int]:
    """`n` packed battlefields of 0-2 copies of each slot, untapped or tapped, from `seed`;
    every second one the first with its lands swapped for others of the same mana (the
    fingerprint memo's hits)."""
    import random

    rng = random.Random(seed)
    units = fish.mana.units
    out = []
    for i in range(n):
        if i % 2 and out:
            bf = out[-1]
            for s in range(len(fish.slot_names)):  # move copies to another slot with the same units
                same = [t for t in range(len(units)) if t != s and units[t] == units[s] and units[s] is not None]
                k = (bf >> (2 * s * 6)) & 63
                if same and k:
                    bf += k * ((1 << (2 * same[0] * 6)) - (1 << (2 * s * 6)))
            out.append(bf)
            continue
        out.append(sum(rng.choice((0, 0, 1, 2)) << ((2 * s + rng.randint(0, 1)) * 6)
                       for s in range(len(fish.slot_names))))
    return out


@pytest.mark.parametrize("deck_file", [GOLGARI, COMMANDER])
def test_the_fingerprint_memo_answers_what_the_solver_answers_on_random_battlefields(deck_file):
    # `Mana.paid` shares its answers between battlefields of the same untapped mana
    # (`print_of`): on random battlefields, some sharing a fingerprint, each answer against
    # the solver asked afresh on that battlefield
    deck = read_decklist(deck_file, DB)
    questions, _ = deck_questions(deck, DB)
    fish = Goldfish(GameSetup(tuple(deck.cards()), tuple(questions), 5, True, KARSTEN,
                              tuple(e.name for e in deck.commander)), DB)
    mana = fish.mana
    battlefields = _random_battlefields(fish, 40, seed=len(deck_file))
    answers = [mana.paid(bf) for bf in battlefields]
    assert len({mana.print_of(bf) for bf in battlefields}) < len(set(battlefields))  # the memo was shared
    for bf, paid in zip(battlefields, answers):
        fresh = payable_each(load_board(mana.board(bf), DB), mana.parsed, "me")
        assert [bool(paid >> i & 1) for i in range(len(mana.costs))] == fresh, mana.board(bf)


def test_the_cast_plan_memo_casts_what_the_greedy_casts_afresh():
    # `Goldfish._cast` memoises what it casts on (mana fingerprint, castable cards in hand):
    # on random battlefields with every mana permanent of the Commander list in hand, the
    # permanents cast against the greedy redone with the solver (cheapest first while the
    # costs together are payable, a permanent that does not fit left in hand)
    deck = read_decklist(COMMANDER, DB)
    questions, _ = deck_questions(deck, DB)
    fish = Goldfish(GameSetup(tuple(deck.cards()), tuple(questions), 5, True, KARSTEN,
                              tuple(e.name for e in deck.commander)), DB)
    assert fish.plan_by_print and fish.perm_order
    hand = sum(fish.hand_bit[k] for k in fish.perm_order)
    for bf in _random_battlefields(fish, 24, seed=3):
        after = fish._cast(bf + hand)  # (a position: the battlefield's fields, then the hand's)
        cast: list[int] = []
        for k in fish.perm_order:
            total = ManaCost()
            for c in cast + [k]:
                total = total + fish.cost[c]
            if payable_each(load_board(fish.mana.board(bf), DB), [total], "me")[0]:
                cast.append(k)
        assert after >> fish.bf_bits << fish.bf_bits == hand - sum(fish.hand_bit[k] for k in cast), [
            fish.names[k] for k in cast]
        assert after & fish.mana.bf_mask == bf + sum(fish._bit(fish.slot_of[fish.names[k]], False) for k in cast)


def test_the_memos_restarting_past_memo_sets_change_no_answer(monkeypatch):
    # the memos that grow with the games are emptied between games past MEMO_SETS sets:
    # a cache only, so the records of a seed stay the same
    from manasolve.solver import goldfish

    deck = read_decklist(COMMANDER, DB)
    questions, _ = deck_questions(deck, DB)
    setup = GameSetup(tuple(deck.cards()), tuple(questions), 4, True, KARSTEN, tuple(e.name for e in deck.commander))
    kept = Goldfish(setup, DB).play_games(120, seed=4, shard=0)
    monkeypatch.setattr(goldfish, "MEMO_SETS", 40)
    fish = Goldfish(setup, DB)
    assert fish.play_games(120, seed=4, shard=0) == kept
    assert len(fish.sets) <= 40 + 4 * 2  # restarted (a game adds a few sets past the bound)


@pytest.mark.parametrize("deck_name", ["golgari_commander.txt", "murktide.txt"])
def test_settled_positions_and_answers_by_fingerprint_change_no_answer(deck_name):
    # two shortcuts of the goldfish (issue 26, Commander in seconds): a game whose delve questions
    # are all castable drops the graveyard and the fodder from its positions (`_settled`), and a
    # position's answer is shared by the battlefields of one mana fingerprint; both are caches of
    # what the full search answers, so the records of a seed stay the same without them
    deck = read_decklist(str(Path(COMMANDER).parent / deck_name), DB)
    questions, _ = deck_questions(deck, DB)
    setup = GameSetup(tuple(deck.cards()), tuple(questions), 5, True, KARSTEN, tuple(e.name for e in deck.commander))
    fish = Goldfish(setup, DB)
    kept = fish.play_games(150, seed=3, shard=0)
    assert fish.delve_bits and fish._settle and fish._print_answers  # (both shortcuts were taken)
    plain = Goldfish(setup, DB)
    plain.delve_bits, plain._by_print_answers = 0, False
    assert plain.play_games(150, seed=3, shard=0) == kept
    assert not plain._settle and not plain._print_answers
