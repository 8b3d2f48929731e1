"""CR 605.1a as amended on 2026-08-07: an activated ability whose cost or effect moves a
card to or from a library is no mana ability, even if it adds mana.  It uses the stack, so
no payment activates it (601.2g): `pay`, `plays`' payable, `best`, `count` and `audit`
leave it out and say why; `plays` lists it as an activation; `produce` still answers what
it would produce (106.7).  The brute force (tests/support/bruteforce.py) reads the rule again."""

from __future__ import annotations

from importlib import resources

import pytest

from manasolve import api
from manasolve.models.carddb import default_db
from manasolve.models.mana import ManaCost
from manasolve.cli import main
from manasolve.models.rules_version import CARD_POOL_DATE, CR_DATE
from tests.support.boards import board, loaded
from tests.support.bruteforce import brute_payments

SPHERE = "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card."


def _names_605_1a(answer: dict, card: str) -> bool:
    return any(card in note and "605.1a" in note and "2026-08-07" in note and "before casting" in note
               for note in answer.get("not_modelled", []))


def test_the_rules_date_is_2026_08_07_and_version_names_it(capsys):
    """The answers follow the CR of 2026-08-07; ``manasolve --version`` says so, and the
    card pool's date."""
    assert CR_DATE == "2026-08-07"
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "Comprehensive Rules 2026-08-07" in out and "card pool %s" % CARD_POOL_DATE in out
    summary = resources.files("manasolve").joinpath("data", "docs", "rules.md").read_text(encoding="utf-8")
    assert "amended on %s" % CR_DATE in summary  # the rules summary the MCP server serves says the same date


@pytest.mark.parametrize("source, cost, extra", [
    ("Chromatic Sphere", "{R}", {}),
    ("Skycloud Egg", "{W}", {}),
    ("Deranged Assistant", "{C}", {"library": 30}),  # a library to mill from changes nothing
    ("Millikin", "{C}", {"library": 30}),
    ("Manakin and Millikin", "{C}{C}", {"library": 30}),
])
def test_cr_2026_08_07_an_ability_moving_a_library_card_pays_nothing(source, cost, extra):
    """Forest + Chromatic Sphere: {R} is not payable (only the Sphere could make it), with
    the 605.1a reason; the same for an Odyssey Egg, Deranged Assistant and Millikin."""
    data = board(("f1", "Forest"), ("f2", "Forest"), ("s", source), **extra)
    for mode in ("payable", "count", "best", "all"):
        answer = api.pay(data, cost, mode=mode)
        assert not answer["payable"] and _names_605_1a(answer, source), (mode, answer)
    assert api.pay(data, cost, mode="count")["count"] == 0
    assert brute_payments(loaded(("f1", "Forest"), ("f2", "Forest"), ("s", source), **extra), ManaCost.parse(cost)) == set()
    ability = default_db().get(source).mana_abilities[0]
    assert ability.moves_library and not ability.is_mana_ability


def test_cr_2026_08_07_chromatic_star_stays_a_mana_ability():
    """Its draw is a separate triggered ability ("When this artifact is put into a graveyard
    ..."), so its mana ability stays one: {1} from a Forest, then its {R}."""
    data = board(("f", "Forest"), ("s", "Chromatic Star"))
    answer = api.pay(data, "{R}", mode="count")
    assert answer["payable"] and answer["count"] == 1 and not answer.get("not_modelled")
    assert len(brute_payments(loaded(("f", "Forest"), ("s", "Chromatic Star")), ManaCost.parse("{R}"))) == 1


@pytest.mark.parametrize("card", ["Astrolabe", "Shaun & Rebecca, Agents", "Gilanra, Caller of Wirewood",
                                  "Codie, Vociferous Codex"])
def test_a_draw_or_mill_by_a_later_trigger_leaves_a_mana_ability(card):
    """A delayed or reflexive trigger the ability sets up ("Draw a card at the beginning of
    the next turn's upkeep", "When you do, mill two cards", "When you spend this mana ...")
    is its own ability: the mana ability stays one."""
    assert all(ab.is_mana_ability for ab in default_db().get(card).mana_abilities)


def test_cr_2026_08_07_produce_still_answers_what_it_would_produce():
    """106.7 asks what an ability would produce: the Sphere could produce every colour."""
    answer = api.produce(board(("s", "Chromatic Sphere")))
    assert answer["permanents"]["s"] == ["W", "U", "B", "R", "G"] and answer["details"]["s"]["mana_abilities"] == [SPHERE]


def test_cr_2026_08_07_plays_lists_the_sphere_as_an_activation_and_never_pays_with_it():
    data = board(("f1", "Forest"), ("f2", "Forest"), ("s", "Chromatic Sphere"), hand=["Lightning Bolt"])
    plays = api.plays(data)["plays"]
    bolt = next(p for p in plays if p.get("card") == "Lightning Bolt")
    assert bolt["payable"] is False
    sphere = next(p for p in plays if p["kind"] == "activate" and p["source"] == "s")
    assert sphere["ability"].endswith("Add one mana of any color. Draw a card.") and sphere["payable"] is True


def test_cr_2026_08_07_its_mana_counts_once_it_is_in_the_pool():
    """The README's choice: a payment never counts mana such an ability could make; once
    activated before the cast (the mana in the board's mana_pool), the mana pays."""
    assert api.pay(board(("s", "Chromatic Sphere"), mana_pool="{R}"), "{R}")["payable"]
