"""A permanent's `chosen` colour and type (board field): what "of the chosen color" mana
is, and bad values said in one line."""

from __future__ import annotations

import pytest

from manasolve import api
from manasolve.models.errors import InputError
from tests.support import boards


def test_sunken_citadel_adds_the_chosen_colour_and_nothing_without_one():
    chosen = boards.loaded({"id": "c", "card": "Sunken Citadel", "chosen": {"color": "green"}}, player="a")
    assert api.produce(chosen)["permanents"]["c"] == ["G"]
    assert api.pay(chosen, cost="{G}", mode="count")["count"] == 1
    silent = boards.loaded({"id": "c", "card": "Sunken Citadel"}, player="a")
    assert api.produce(silent)["permanents"]["c"] == []
    assert api.pay(silent, cost="{G}", mode="payable")["payable"] is False


def test_a_chosen_colour_that_is_none_of_the_five_names_the_nearest():
    with pytest.raises(InputError) as err:
        boards.loaded({"id": "c", "card": "Sunken Citadel", "chosen": {"color": "gren"}}, player="a")
    assert "chosen.color" in str(err.value) and "'green'" in str(err.value)
