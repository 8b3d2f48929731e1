"""Land plays in ``plays`` (305.1-305.3): lands in hand, extra land drops, the land back
face of a modal double-faced card, and the board field ``lands_played_this_turn``."""

from __future__ import annotations

import json

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import InputError
from tests.support.boards import board

EXPLORATION = {"name": "Exploration Test", "type": "Enchantment", "types": ["Enchantment"], "manaCost": "{G}",
               "text": "You may play an additional land on each of your turns."}
AZUSA = {"name": "Azusa Test", "type": "Legendary Creature — Human Monk", "types": ["Creature"], "manaCost": "{2}{G}",
         "text": "You may play two additional lands on each of your turns.", "power": "1", "toughness": "2"}
MDFC = [{"name": "Awakening Test // Undercrypt Test", "layout": "modal_dfc", "type": "Sorcery", "types": ["Sorcery"],
         "manaCost": "{X}{B}{B}", "text": "Return up to X target creature cards from your graveyard to the battlefield."},
        {"name": "Undercrypt Test", "layout": "modal_dfc", "type": "Land", "types": ["Land"],
         "text": "{T}: Add {B}."}]


def lands(answer: dict) -> list[tuple]:
    return [(p["card"], p.get("face")) for p in answer["plays"] if p["kind"] == "land"]


def test_305_1_land_in_hand_is_a_play_in_own_main_phase():
    b = board("Forest", hand=["Forest", "Forest", "Island", "Llanowar Elves"])
    assert lands(api.plays(b)) == [("Forest", None), ("Island", None)]  # one play per different card
    land = next(p for p in api.plays(b, count=True)["plays"] if p["kind"] == "land")
    assert (land["payable"], land["count"]) == (True, 1)  # a land play costs nothing


def test_305_2_one_land_per_turn():
    b = board(hand=["Forest"], lands_played_this_turn=1)
    assert lands(api.plays(b)) == []


def test_305_2a_additional_land_drops_from_permanents_you_control():
    b = board("Exploration Test", hand=["Forest"], lands_played_this_turn=1, cards=[EXPLORATION])
    assert lands(api.plays(b)) == [("Forest", None)]
    b = board("Exploration Test", hand=["Forest"], lands_played_this_turn=2, cards=[EXPLORATION])
    assert lands(api.plays(b)) == []
    b = board("Azusa Test", hand=["Forest"], lands_played_this_turn=2, cards=[AZUSA])
    assert lands(api.plays(b)) == [("Forest", None)]
    # an opponent's Exploration gives alice nothing
    b = board(hand=["Forest"], lands_played_this_turn=1, opponents={"bob": ["Exploration Test"]}, cards=[EXPLORATION])
    assert lands(api.plays(b)) == []


@pytest.mark.parametrize("kw", [dict(active="bob"), dict(step="upkeep"), dict(step="declare_attackers"),
                                dict(stack_empty=False), dict(step="cleanup")])
def test_305_3_only_own_turn_main_phase_empty_stack(kw):
    b = board(hand=["Forest"], opponents=["bob"], **kw)
    assert lands(api.plays(b, player="alice")) == []


def test_305_3_postcombat_main_allows_a_land():
    b = board(hand=["Forest"], step="postcombat_main")
    assert lands(api.plays(b)) == [("Forest", None)]


def test_mdfc_land_back_face_is_a_land_play():
    b = board(hand=["Awakening Test // Undercrypt Test"], cards=MDFC)
    assert lands(api.plays(b)) == [("Awakening Test // Undercrypt Test", "Undercrypt Test")]
    b = board(hand=["Awakening Test // Undercrypt Test"], cards=MDFC, lands_played_this_turn=1)
    assert lands(api.plays(b)) == []


def test_lands_played_this_turn_must_be_a_count():
    with pytest.raises(InputError, match=r"players\[0\]\.lands_played_this_turn"):
        api.plays(board(hand=["Forest"], lands_played_this_turn=-1))



def test_plays_command_table_shows_land_plays_and_targets(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # one table row per line
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board(*["Swamp"] * 4, ("elf", "Llanowar Elves"), hand=["Forest", "Launch Party"])))
    for extra in ([], ["--count"]):
        assert main(["plays", str(path), *extra]) == 0
        out = capsys.readouterr().out
        assert "play Forest" in out and "target creature: elf" in out
