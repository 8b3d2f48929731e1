"""Total cost (601.2f): rules.md worked examples 6-11, the pipeline's steps, lock-in, a
property test of increases-then-reductions against an independent formula, and the
``cost`` CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve import api
from manasolve.answers import cost_json
from manasolve.cli import main
from manasolve.models.board import InputError
from manasolve.models.mana import COLORS, ManaCost, Requirement, Symbol, SymbolKind
from manasolve.solver.cost_results import AdditionalCost, ChangeFrom, CostChange
from manasolve.solver.total_cost import cost_of, reduce_symbols, total_cost
from tests.support import boards
from tests.support.inline import INLINE, board, lands

# --- worked example 6: granted flashback on an {X}{R} sorcery --------------------------------

def test_example_6_granted_flashback_equal_to_mana_cost_keeps_x_free():
    b = board(*lands("Mountain"), graveyard=["Burn X"], granted_flashback=[{"card": "Burn X", "cost": "mana_cost"}])
    t = total_cost(b, None, "Burn X", "graveyard", "flashback", x=3)
    assert (t.base.kind, t.x, str(t.cost)) == ("flashback", 3, "{3}{R}")
    assert t.castable_now and t.mana_value == 4  # 202.3e: X on the stack is the chosen value


def test_example_6_granted_flashback_sorcery_timing_only():
    b = board(graveyard=["Burn X"], granted_flashback=[{"card": "Burn X", "cost": "mana_cost"}], step="declare_attackers")
    t = total_cost(b, None, "Burn X", "graveyard", "flashback", x=1)
    assert not t.castable_now and "sorcery timing" in t.reason


def test_example_6_granted_flashback_zero_forces_x_zero():
    b = board(graveyard=["Burn X"], granted_flashback=[{"card": "Burn X", "cost": "{0}"}])
    t = total_cost(b, None, "Burn X", "graveyard", "flashback", x=5)
    assert t.x == 0 and str(t.cost) == "{0}" and cost_json(cost_of(t))["x_forced_zero"] is True
    assert [str(a.requirement) for a in t.announcements] == ["{0}"]


# --- worked example 7: no mana cost ----------------------------------------------------------

def test_example_7_no_mana_cost_has_no_flashback_cost_even_with_reductions():
    b = board({"id": "baral", "card": "Baral, Chief of Compliance"}, graveyard=["Vision Test"],
              granted_flashback=[{"card": "Vision Test", "cost": "mana_cost"}])
    t = total_cost(b, None, "Vision Test", "graveyard", "flashback")
    assert t.base.cost is None and not t.castable_now and "118.6a" in t.reason
    assert t.announcements == [] and cost_json(cost_of(t))["total"] is None  # never reduced to {0}
    assert api.pay(b, card="Vision Test", zone="graveyard", alt="flashback", mode="count")["payable"] is False


def test_example_7_without_paying_its_mana_cost_works():
    b = board(hand=["Vision Test"])
    t = total_cost(b, None, "Vision Test", "hand", "free")
    assert t.castable_now and str(t.cost) == "{0}"
    assert api.pay(b, card="Vision Test", alt="free", mode="count")["count"] == 1  # 118.5: the empty payment


def test_example_7_creature_card_never_cast_with_flashback():
    b = board(*lands("Forest", "Forest"), graveyard=["Bear Test"], granted_flashback=[{"card": "Bear Test", "cost": "mana_cost"}])
    t = total_cost(b, None, "Bear Test", "graveyard", "flashback")
    assert not t.castable_now and "instants and sorceries" in t.reason


# --- worked example 8: Golden-Tail Trainer, power 4 ------------------------------------------

TRAINER4 = {"id": "gt", "card": "Golden-Tail Trainer", "counters": {"+1/+1": 3}}


@pytest.mark.parametrize("card,total", [("Aura W", "{W}{W}"), ("Gear 3", "{0}"), ("Aura Snow", "{G}{S}")])
def test_example_8_trainer_reduces_generic_only(card, total):
    t = total_cost(board(TRAINER4, hand=[card]), None, card)
    assert str(t.cost) == total
    assert t.reductions == (CostChange("gt", t.reductions[0].text, by="{4}", x=4),)


def test_example_8_equipment_reduced_to_zero_still_one_payment():
    b = board(TRAINER4, hand=["Gear 3"])
    assert api.pay(b, card="Gear 3", mode="count")["count"] == 1  # 118.5


def test_example_8_negative_power_reduces_by_zero():
    weak = {"id": "gt", "card": "Golden-Tail Trainer", "counters": {"-1/-1": 2}}  # power -1
    t = total_cost(board(weak, hand=["Aura W"]), None, "Aura W")
    assert str(t.cost) == "{1}{W}{W}" and t.reductions[0].x == 0  # 107.1b


# --- worked example 9: lock-in ---------------------------------------------------------------

def test_example_9_lock_in_reducer_tapped_for_mana_still_pays_locked_total():
    """The Trainer (power 2) reduces a {3}{W} Aura to {1}{W}; during 601.2g it is tapped for
    {W} (leaving the reducer's job behind): the locked {1}{W} is what gets paid."""
    b = board({"id": "mt", "card": "Mana Trainer"}, {"id": "f", "card": "Forest"}, hand=["Aura 3W"])
    t = total_cost(b, None, "Aura 3W")
    assert str(t.cost) == "{1}{W}"
    ans = api.pay(b, card="Aura 3W", mode="all")
    assert ans["payable"] and ans["count"] == 1
    used = {p for grp in ans["payments"] for a in grp["activations"] for p in a["permanents"]}
    assert used == {"mt", "f"}


def test_example_9_sacrificing_the_only_reducer_as_additional_cost_keeps_discount():
    b = board({"id": "mt", "card": "Mana Trainer"}, hand=["Sac Aura"])
    t = total_cost(b, None, "Sac Aura")
    assert str(t.cost) == "{1}{W}" and [o.text for o in t.other] == ["Sacrifice a creature"]
    assert t.additional == (AdditionalCost("mandatory", "sacrifice a creature", 1),)
    ans = api.pay(b, card="Sac Aura", mode="count")
    assert ans["payable"] is False and ans["count"] == 0  # {1}{W} from one Trainer: not enough mana
    b = board({"id": "mt", "card": "Mana Trainer"}, {"id": "p", "card": "Plains"}, hand=["Sac Aura"])
    # 601.2g then 601.2h: the Trainer taps for {W}, the Plains pays {1}, then the Trainer
    # (tapped, its discount locked in) is the creature sacrificed.
    ans = api.pay(b, card="Sac Aura", mode="all")
    assert ans["payable"] and ans["count"] == 1
    assert ans["sacrifice"]["from"] == ["mt"] and ans["payments"][0]["sacrifice"] == {"choose": 1, "from": ["mt"]}
    best = api.pay(b, card="Sac Aura", mode="best")["best"]
    assert best["sacrificed"] == ["mt"] and {a["permanent"] for a in best["activations"]} == {"mt", "p"}


def test_example_9_golden_tail_trainer_sacrificed_to_ashnods_altar_keeps_locked_total():
    """The issue's lock-in case itself: Golden-Tail Trainer (printed power 1, one +1/+1
    counter) reduces the {3}{W} Aura to {1}{W}; during 601.2g it is sacrificed
    to Ashnod's Altar for {C}{C}.  The total stays {1}{W}: Plains {W} + the Altar's {C}
    (one {C} floats) — 1 payment.  Without lock-in {3}{W} would need 3 generic: unpayable."""
    b = board({"id": "gt", "card": "Golden-Tail Trainer", "counters": {"+1/+1": 1}}, {"id": "alt", "card": "Ashnod's Altar"},
              {"id": "p", "card": "Plains"}, hand=["Aura 3W"])
    t = total_cost(b, None, "Aura 3W")
    assert str(t.cost) == "{1}{W}" and t.reductions[0].x == 2
    ans = api.pay(b, card="Aura 3W", mode="all")
    assert ans["payable"] and ans["count"] == 1
    (group,) = ans["payments"]
    altar = next(a for a in group["activations"] if a.get("sacrificed_to"))
    assert altar["permanents"] == ["gt"] and altar["sacrificed_to"] == ["alt"] and altar["produces"] == "{C}{C}"
    best = api.pay(b, card="Aura 3W", mode="best")["best"]
    assert {"permanent": "alt", "permanents": ["gt"], "use": 1, "ability": "Sacrifice a creature: Add {C}{C}.",
            "sacrificed": "gt", "sacrificed_to": ["alt"], "produces": "{C}{C}"} in best["activations"]


# --- worked example 10: flashback + kicker + tax ---------------------------------------------

def test_example_10_flashback_kicker_and_tax():
    b = board(graveyard=["Kicked Flame"], opponents={"bob": [{"id": "thalia", "card": "Thalia, Guardian of Thraben"}]})
    t = total_cost(b, None, "Kicked Flame", "graveyard", "flashback", kicker=1)
    assert str(t.cost) == "{4}{R}{R}"
    assert cost_json(cost_of(t))["increases"][0]["source"] == "thalia"
    assert t.mana_value == 2  # 118.8d, 118.9c


def test_example_10_only_one_alternative_cost():
    b = board(*lands("Mountain"), graveyard=["Kicked Flame"])
    vias = {p["via"] for p in api.plays(b, count=True)["plays"] if p["kind"] == "cast"}
    assert vias == {"flashback"}  # overload is never offered from the graveyard (118.9a)


# --- worked example 11: Phyrexian and hybrid at 1 life ----------------------------------------

def test_example_11_announcements_and_reduction():
    b = board({"id": "ch", "card": "Cheapener"}, hand=["Phyrexian Test"], life=1)
    t = total_cost(b, None, "Phyrexian Test")
    locked = sorted((a.requirement.life, str(a.requirement)) for a in t.announcements)
    # {W}{U}: nothing to reduce; {W}{2}: → {1}{W}; life halves keep their reductions too
    assert locked == [(0, "{1}{W}"), (0, "{W}{U}"), (2, "{1}"), (2, "{U}")]


def test_example_11_one_life_cannot_pay_phyrexian_two_life_can():
    ws = [{"id": "p%d" % i, "card": "Plains"} for i in range(2)] + [{"id": "i", "card": "Island"}]
    one = api.pay(board(*ws, hand=["Phyrexian Test"], life=1), card="Phyrexian Test", mode="all")
    assert all(p["life"] == 0 for p in one["payments"])
    two = api.pay(board(*ws, hand=["Phyrexian Test"], life=2), card="Phyrexian Test", mode="all")
    assert any(p["life"] == 2 for p in two["payments"]) and two["count"] > one["count"]


# --- pipeline details ------------------------------------------------------------------------

def test_colour_increase_and_colour_reduction_spill_into_generic():
    """Jade Leech adds {G} to green spells (a coloured increase); a {W} reduction on a spell
    without {W} reduces generic instead (118.7b)."""
    b = board({"id": "leech", "card": "Jade Leech"}, hand=["Bear Test"])
    assert str(total_cost(b, None, "Bear Test").cost) == "{1}{G}{G}"
    assert [str(ManaCost(tuple(reduce_symbols(list(ManaCost.parse("{2}{G}").symbols), [ManaCost.parse("{W}")]))))] == ["{1}{G}"]


def test_opponents_you_cast_reducer_does_not_apply():
    b = board(hand=["Aura W"], opponents={"bob": [TRAINER4]})
    assert str(total_cost(b, None, "Aura W").cost) == "{1}{W}{W}"


def test_affinity_counts_matching_permanents():
    arts = [{"id": "a%d" % i, "card": "Cheapener"} for i in range(3)]
    t = total_cost(board(*arts, hand=["Broodstar"]), None, "Broodstar")
    # Broodstar {8}{U}{U}: affinity 3, and the Cheapeners' own "{1} less" ×3
    assert str(t.cost) == "{2}{U}{U}"


def test_card_not_in_zone_and_unknown_card_are_input_errors():
    b = board(hand=["Aura W"])
    with pytest.raises(InputError, match="not in alice's graveyard"):
        total_cost(b, None, "Aura W", "graveyard", "flashback")
    with pytest.raises(InputError, match="did you mean 'Aura W'"):
        total_cost(b, None, "Aura X")


def test_kicker_on_a_card_without_kicker_is_an_input_error():
    with pytest.raises(InputError, match="no kicker"):
        total_cost(board(hand=["Aura W"]), None, "Aura W", kicker=1)


def test_multikicker_times_add_each_time():
    t = total_cost(board(hand=["Gnarlid Pack"]), None, "Gnarlid Pack", kicker=3)
    assert str(t.cost) == "{4}{G}{G}{G}{G}" and t.additional[0].times == 3


# --- property: increases then reductions = an independent formula ------------------------------

_KINDS = st.sampled_from(["generic", "C", "S"] + list(COLORS))


def _symbols(kinds: list[str], generic: int) -> list[Symbol]:
    out = [Symbol(SymbolKind.GENERIC, amount=generic)] if generic else []
    for k in kinds:
        if k in COLORS:
            out.append(Symbol(SymbolKind.COLOR, (k,)))
        elif k in ("C", "S"):
            out.append(Symbol(k))
    return out


@settings(max_examples=300, deadline=None)
@given(base=st.lists(_KINDS, max_size=6), g=st.integers(0, 6), inc=st.lists(_KINDS, max_size=3), ig=st.integers(0, 3),
       red=st.lists(st.lists(_KINDS, max_size=3), max_size=3), rg=st.lists(st.integers(0, 4), max_size=3))
def test_property_increases_then_reductions_match_formula(base, g, inc, ig, red, rg):
    cost = _symbols(base, g) + _symbols(inc, ig)
    reductions = [ManaCost(tuple(_symbols(r, n))) for r, n in zip(red, rg + [0] * len(red))]
    got = Requirement.of(reduce_symbols(cost, reductions))
    # Independent formula (118.7a-d, g): per colour max(0, have - reduced); what a colour
    # reduction could not use, every {S} reduction, and every generic reduction come off
    # the generic part, which stops at 0.
    have = {k: base.count(k) + inc.count(k) for k in list(COLORS) + ["C", "S"]}
    asked = {k: sum(r.count(k) for r in red) for k in list(COLORS) + ["C", "S"]}
    generic_red = sum((rg + [0] * len(red))[: len(red)])
    spill = generic_red + asked["S"] + sum(max(0, asked[k] - have[k]) for k in list(COLORS) + ["C"])
    assert got.generic == max(0, g + ig - spill)
    for c in COLORS:
        assert got.color_count(c) == max(0, have[c] - asked[c])
    assert got.colorless == max(0, have["C"] - asked["C"])
    assert got.snow == have["S"]  # 107.4h: {S} is never reduced


# --- CLI ------------------------------------------------------------------------------------

# the board of the `board_file` fixture (tests/conftest.py)
FILE_BOARD = {"format": "manasolve/board@1", "active_player": "alice", "cards": INLINE,
              "players": [{"name": "alice", "battlefield": [{"id": "m", "card": "Mountain"}], "hand": ["Burn X"],
                           "graveyard": ["Think Twice"]},
                          {"name": "bob", "battlefield": [{"id": "thalia", "card": "Thalia, Guardian of Thraben"}]}]}


def test_cli_cost_json_design_keys(board_file, capsys):
    assert main(["cost", board_file, "--card", "Think Twice", "--alt", "flashback", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == out | {"card": "Think Twice", "zone": "graveyard", "base_kind": "flashback", "base": "{2}{U}",
                         "additional": [], "reductions": [], "total": "{3}{U}", "mana_value": 2,
                         "castable_now": True, "reason": None, "exiled_when_leaving_stack": True}
    assert [(i["by"], i["source"]) for i in out["increases"]] == [("{1}", "thalia")]


def test_cli_cost_table(board_file, capsys):
    assert main(["cost", board_file, "--card", "Burn X", "--x", "2"]) == 0
    out = capsys.readouterr().out
    assert "{3}{R}" in out and "locked total" in out  # X=2, +{1} from Thalia


@pytest.mark.parametrize("argv,expected", [
    (["cost", "{f}", "--card", "Think Twise", "--alt", "flashback"], "did you mean 'Think Twice'"),
    (["cost", "{f}", "--card", "Burn X", "--from", "graveyard"], "not in alice's graveyard"),
    (["cost", "{f}", "--card", "Burn X", "--x", "-1"], "X must be 0 or more"),
])
def test_cli_cost_errors_exit_2_one_line(board_file, capsys, argv, expected):
    assert main([a.replace("{f}", board_file) for a in argv]) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1


# --- more self-reductions from the dev card set (601.2f, 118.7) -------------------------

def _two_player(mine: list[str], theirs: list[str], hand: list[str]):
    """Player a's cards (the first with a +1/+1 counter) and hand against o's cards."""
    return boards.loaded(*[{"id": "a%d" % i, "card": c, "counters": {"+1/+1": 1} if i == 0 else {}} for i, c in enumerate(mine)],
                         player="a", hand=hand, opponents={"o": [("o%d" % i, c) for i, c in enumerate(theirs)]})


@pytest.mark.parametrize("card, mine, theirs, total", [
    ("Chill of the Grave", ["Cryptbreaker"], [], "{1}{U}"),          # {1} less if you control a Zombie
    ("Chill of the Grave", ["Llanowar Elves"], [], "{2}{U}"),
    ("Cavern-Hoard Dragon", [], ["Sol Ring", "Sol Ring", "Azorius Signet"], "{4}{R}{R}"),  # most artifacts of one opponent
    ("Earthquake Dragon", ["Cavern-Hoard Dragon"], [], "{5}{G}"),   # X = total mana value of your Dragons (9)
    ("Lumbering Megasloth", ["Llanowar Elves", "Llanowar Elves"], ["Sol Ring"], "{8}{G}{G}"),  # two counters in play
])
def test_self_reductions_read_off_the_board(card, mine, theirs, total):
    b = _two_player(mine, theirs, [card])
    if card == "Lumbering Megasloth":  # a0 has one +1/+1 counter; give an opponent's permanent one too
        b.player("o").battlefield[0].counters["charge"] = 1
    assert total_cost(b, None, card).total_text == total


# --- Trinisphere (a floor applied last, 601.2f) and Damping Sphere -------------------------

def _sphere_board(trinisphere_tapped: bool = False, cast: int = 0, hand=("Think Twice",)):
    """Trinisphere and Damping Sphere, after `cast` spells this turn."""
    return boards.loaded({"id": "t", "card": "Trinisphere", "tapped": trinisphere_tapped}, ("d", "Damping Sphere"),
                         player="a", hand=hand, spells_cast_this_turn=cast,
                         cards=[{"name": "Probe Test", "manaCost": "{1}{B/P}{B/P}", "type": "Instant", "text": "Draw a card."}])


def test_trinisphere_raises_a_total_below_three_mana_last():
    t = total_cost(_sphere_board(), None, "Think Twice")
    assert t.total_text == "{2}{U}" and t.increases == (
        CostChange("t", t.increases[0].text, floor=3, origin=ChangeFrom.FLOOR),)
    assert cost_json(cost_of(t))["increases"] == [{"source": "t", "text": t.increases[0].text, "floor": 3}]
    assert total_cost(_sphere_board(trinisphere_tapped=True), None, "Think Twice").total_text == "{1}{U}"


def test_trinisphere_ignores_life_paid_for_phyrexian_symbols():
    # {1}{B/P}{B/P}: {1}{B}{B} stays; {1}{B} + 2 life becomes {2}{B}; {1} + 4 life becomes {3}
    # (the life paid is not mana).
    t = total_cost(_sphere_board(hand=["Probe Test"]), None, "Probe Test")
    got = sorted((a.text, a.requirement.life) for a in t.announcements)
    assert got == [("{1}{B}{B}", 0), ("{2}{B}", 2), ("{3}", 4)]


def test_damping_sphere_taxes_each_other_spell_cast_this_turn():
    # Trinisphere tapped; two spells cast already: Think Twice {1}{U} + {2}.
    t = total_cost(_sphere_board(trinisphere_tapped=True, cast=2), None, "Think Twice")
    assert t.total_text == "{3}{U}" and t.increases[0].count == 2
