"""Cost sentences of the whole pool (issue 25): the families read into the total cost
(a spell's own reductions counted off the board), and the families read exactly but not
applied (`oracle.unapplied_costs`), each named with why in every total-cost answer —
never guessed, never silently dropped.  Where a reading changes a payment, the payment
count is checked against the brute force (tests/support/bruteforce.py) on the total the card's
text gives, worked out here by hand."""

from __future__ import annotations

import re

import pytest

from manasolve import api
from manasolve.models.carddb import default_db
from manasolve.models.mana import ManaCost
from manasolve.models.board import load_board
from manasolve.models.card_pool import card_pool
from tests.support.boards import board
from tests.support.bruteforce import brute_payments


def _islands(n: int) -> list[tuple[str, str]]:
    return [("i%d" % k, "Island") for k in range(n)]


def _agrees(data: dict, card: str, total: str) -> int:
    """The payment count of casting `card` equals the brute force's count of `total`."""
    answer = api.pay(data, card=card, mode="count")
    assert answer["total"] == total
    brute = len(brute_payments(load_board(data), ManaCost.parse(total)))
    assert answer["count"] == brute, (answer, brute)
    return brute


def test_focus_the_mind_costs_2_less_once_another_spell_was_cast_this_turn():
    # "This spell costs {2} less to cast if you've cast another spell this turn." {4}{U} → {2}{U}
    first = board(*_islands(3), hand=["Focus the Mind"])
    assert api.cost(first, "Focus the Mind")["total"] == "{4}{U}"
    assert not api.pay(first, card="Focus the Mind")["payable"]
    second = board(*_islands(3), hand=["Focus the Mind"], spells_cast_this_turn=1)
    assert _agrees(second, "Focus the Mind", "{2}{U}") == 1


def test_primeval_protector_counts_only_the_creatures_opponents_control():
    # "This spell costs {1} less to cast for each creature your opponents control." {10}{G}
    forests = [("f%d" % k, "Forest") for k in range(9)]
    bears = [("b%d" % k, "Grizzly Bears") for k in range(3)]
    data = board(*forests, ("mine", "Grizzly Bears"), hand=["Primeval Protector"], opponents={"bob": bears})
    assert _agrees(data, "Primeval Protector", "{7}{G}") > 0


def test_avatar_of_growth_costs_1_less_for_each_opponent():
    # "This spell costs {1} less to cast for each opponent you have." {4}{G}{G}, three opponents
    data = board(*[("f%d" % k, "Forest") for k in range(3)], hand=["Avatar of Growth"], opponents=["b", "c", "d"])
    assert _agrees(data, "Avatar of Growth", "{1}{G}{G}") == 1


def test_mental_modulation_costs_1_less_during_its_casters_turn():
    # "This spell costs {1} less to cast during your turn." {1}{U}
    mine = board(*_islands(2), hand=["Mental Modulation"], opponents=["bob"])
    assert api.cost(mine, "Mental Modulation")["total"] == "{U}"
    theirs = board(*_islands(2), hand=["Mental Modulation"], opponents=["bob"], active="bob")
    assert api.cost(theirs, "Mental Modulation", player="alice")["total"] == "{1}{U}"


@pytest.mark.parametrize("card, artifacts, total", [("Stoic Rebuttal", 3, "{U}{U}"), ("Stoic Rebuttal", 2, "{1}{U}{U}")])
def test_stoic_rebuttal_needs_three_artifacts(card, artifacts, total):
    # Metalcraft — "This spell costs {1} less to cast if you control three or more artifacts."
    data = board(*_islands(3), *[("a%d" % k, "Ornithopter") for k in range(artifacts)], hand=[card])
    assert api.cost(data, card)["total"] == total


def test_geistlight_snare_reads_its_second_reduction():
    # "... {1} less to cast if you control a Spirit. It also costs {1} less to cast if you control an enchantment."
    reductions = default_db().get("Geistlight Snare").spell_costs.self_reductions
    assert [(r.per, str(r.amount)) for r in reductions] == [((("Spirit",),), "{1}"), ((("Enchantment",),), "{1}")]


@pytest.mark.parametrize("card, kind, why, others", [
    ("Ajani's Response", "targets", "depends on its target (a tapped creature)", False),
    ("Boreal Elemental", "targets", "depends on the targets they choose", True),
    ("Bone Picker", "condition", "a condition the model does not evaluate", False),
    ("Blood for the Blood God!", "count", "counts each creature that died this turn", False),
    ("Herald's Horn", "spells", "a static cost change to spells", True),
    ("Hardened Berserker", "effect", "a triggered or activated ability or a chapter creates", False),
    ("Geistchanneler", "perpetual", "Alchemy 'perpetually'", False),
    ("Snapcaster Mage", "flashback_grant", "gives other cards flashback", False),
    ("Mindbreak Trap", "alternative", "under a condition", False),
    ("Toxic Deluge", "additional", "'pay X life'", False),
    ("Defiler of Vigor", "additional", "gives green permanent spells", True),
    ("Memory Crystal", "ability_cost", "another keyword cost", False),
    ("Rout", "timing", "at instant speed if you pay {2} more", False),
    ("Quiet Speculation", "no_cost", "only as a quality of cards", False),
    ("Avatar of Me", "un_set", "years you've been alive", False),
])
def test_a_cost_sentence_beyond_the_model_is_named_with_why(card, kind, why, others):
    """One real card of each family: the sentence is read into its family (and whether it
    changes other spells' costs), nothing of the card's cost text is left unread."""
    sc = default_db().get(card).spell_costs
    found = [u for u in sc.unapplied if u.kind == kind]
    assert found and any(why in u.why for u in found) and all(u.others == others for u in found), sc.unapplied
    assert not sc.not_understood


def test_answers_name_what_they_do_not_apply():
    """The total of Ajani's Response names its unapplied reduction; a creature spell cast
    beside Herald's Horn names the Horn's unapplied change (it needs the chosen type)."""
    data = board(*[("p%d" % k, "Plains") for k in range(5)], ("h", "Herald's Horn"), hand=["Ajani's Response",
                                                                                           "Grizzly Bears"])
    response = api.cost(data, "Ajani's Response")
    assert response["total"] == "{4}{W}"  # the {3} less if it targets a tapped creature is not applied
    assert any(n.startswith("not applied: 'This spell costs {3} less to cast if it targets a tapped creature.'")
               for n in response["notes"])
    bears = api.cost(data, "Grizzly Bears")
    assert any(n.startswith("h (Herald's Horn): not applied: 'Creature spells you cast of the chosen type")
               for n in bears["notes"])


_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}
# A second reading, by this test, of the sentences the new reductions read.
_SECOND = [
    (re.compile(r"This spell costs \{(\d+)\} less to cast if you control (two|three|four|five) or more ([a-z]+)( creatures)?\."),
     lambda m, r: r.counting == "if_control" and r.at_least == _WORDS[m.group(2)] and str(r.amount) == "{%s}" % m.group(1)),
    (re.compile(r"This spell costs \{(\d+)\} less to cast for each creature your opponents control\."),
     lambda m, r: r.counting == "opponents_control" and r.per == (("Creature",),) and str(r.amount) == "{%s}" % m.group(1)),
    (re.compile(r"This spell costs \{(\d+)\} less to cast if you've cast another spell this turn\."),
     lambda m, r: r.counting == "cast_another" and str(r.amount) == "{%s}" % m.group(1)),
    (re.compile(r"This spell costs \{(\d+)\} less to cast during your turn\."),
     lambda m, r: r.counting == "your_turn" and str(r.amount) == "{%s}" % m.group(1)),
]


def test_every_pool_sentence_of_the_new_reductions_is_read_as_a_second_reading_says():
    """Every sentence of the whole pool the new reductions read, read again here from the
    printed text: the count, the kind and the amount agree (no silent misparse)."""
    pool = card_pool()
    seen = 0
    for name in pool:
        text = pool[name].get("text") or ""
        if "less to cast" not in text or pool[name].get("aliasOf"):
            continue
        for sentence in re.split(r"(?<=\.)\s+", text.replace("\n", " ")):
            for rx, agrees in _SECOND:
                said = re.sub(r"^[A-Z][a-z]+ — ", "", sentence.strip())  # an ability word (Metalcraft —)
                if (m := rx.fullmatch(said)):
                    seen += 1
                    reductions = [r for r in default_db().get(name).spell_costs.self_reductions if r.text.endswith(said)]
                    assert len(reductions) == 1 and agrees(m, reductions[0]), (name, sentence, reductions)
    assert seen >= 8


def test_krosan_drover_reduces_only_creature_spells_of_mana_value_6_or_greater():
    # "Creature spells you cast with mana value 6 or greater cost {2} less to cast." (202.3)
    forests = [("f%d" % k, "Forest") for k in range(4)]
    data = board(*forests, ("d", "Krosan Drover"), hand=["Craw Wurm", "Grizzly Bears"])
    assert _agrees(data, "Craw Wurm", "{2}{G}{G}") == 1  # {4}{G}{G}, mana value 6
    assert api.cost(data, "Grizzly Bears")["total"] == "{1}{G}"


@pytest.mark.parametrize("source, active, total", [
    ("Geyser Drake", "bob", "{U}"),  # "During turns other than yours, spells you cast cost {1} less to cast."
    ("Geyser Drake", "alice", "{1}{U}"),
    ("Defense Grid", "bob", "{4}{U}"),  # "Each spell costs {3} more to cast except during its controller's turn."
    ("Defense Grid", "alice", "{1}{U}"),
])
def test_a_cost_change_applies_only_in_the_turns_it_names(source, active, total):
    data = board(*_islands(2), ("s", source), hand=["Think Twice"], opponents=["bob"], active=active)
    assert api.cost(data, "Think Twice", player="alice")["total"] == total


def test_paladin_class_taxes_opponents_only_during_its_controllers_turn():
    # "Spells your opponents cast during your turn cost {1} more to cast."
    mine = board(("pc", "Paladin Class"), opponents={"bob": _islands(3)}, active="alice")
    mine["players"][1]["hand"] = ["Think Twice"]
    assert api.cost(mine, "Think Twice", player="bob")["total"] == "{2}{U}"
    mine["active_player"] = "bob"
    assert api.cost(mine, "Think Twice", player="bob")["total"] == "{1}{U}"


def test_goblin_anarchomancer_reduces_red_or_green_spells():
    # "Each spell you cast that's red or green costs {1} less to cast."
    data = board(("m", "Mountain"), ("g", "Goblin Anarchomancer"), hand=["Lightning Strike", "Think Twice"])
    assert _agrees(data, "Lightning Strike", "{R}") == 1
    assert api.cost(data, "Think Twice")["total"] == "{1}{U}"
