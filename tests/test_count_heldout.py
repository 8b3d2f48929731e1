"""Held-out exact counts on boards too big for the brute force: the answers of the
counter before it kept a summary (commit c20c4c9, which took up to 18 s on them), and
the time limit's lower bound."""

from __future__ import annotations

import pytest

from manasolve.answers import pay_json
from manasolve.models.mana import ManaCost
from manasolve.solver.pay import pay
from tests.support.boards import loaded

COMMANDER = ["Forest", "Forest", "Island", "Island", "Swamp", "Plains", "Mountain", "Flooded Grove",
             "Exotic Orchard", "Command Tower", "Reflecting Pool", "Tropical Island", "Azorius Signet",
             "Dimir Signet", "Simic Signet", "Birds of Paradise", "Sol Ring"]


def commander():
    return loaded(*COMMANDER, opponents={"bob": [("o0", "Swamp"), ("o1", "Mountain"), ("o2", "Plains")]})


def signets(n: int):
    """Forests and equal numbers of Rakdos, Boros and Azorius Signets, n permanents."""
    k = n // 4
    return loaded(*(["Forest"] * (n - 3 * k) + ["Rakdos Signet"] * k + ["Boros Signet"] * k + ["Azorius Signet"] * k))


@pytest.mark.parametrize("cost, expected", [("{7}{U}", 3256035), ("{8}{U}", 3374461)])
def test_commander_board_counts_as_before(cost, expected):
    assert pay(commander(), ManaCost.parse(cost), mode="count").found.count == expected


@pytest.mark.parametrize("n, expected", [(8, 108), (12, 2723), (16, 50160)])
def test_signets_funding_each_other_count_as_before(n, expected):
    assert pay(signets(n), ManaCost.parse("{W}{U}{B}"), mode="count").found.count == expected


def test_a_time_limit_gives_a_lower_bound_or_the_exact_count():
    exact = pay(signets(16), ManaCost.parse("{W}{U}{B}"), mode="count").found
    assert exact.exact is True
    cut_answer = pay(signets(16), ManaCost.parse("{W}{U}{B}"), mode="count", time_limit=0.0)
    cut = cut_answer.found
    assert cut.exact is False and "count" not in pay_json(cut_answer)
    assert pay_json(cut_answer)["count_at_least"] == cut.count
    assert 0 <= cut.count <= exact.count
    assert cut.undone
    roomy = pay(signets(16), ManaCost.parse("{W}{U}{B}"), mode="count", time_limit=600).found
    assert roomy.count == exact.count and roomy.exact is True


def test_an_unpayable_cost_counts_zero_without_counting():
    answer = pay(signets(40), ManaCost.parse("{G}" * 20 + "{R}" * 12), mode="count", time_limit=0.0)
    assert answer.payable is False and answer.found.count == 0 and answer.found.exact is True
