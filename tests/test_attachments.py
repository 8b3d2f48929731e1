"""Equipment and Auras change the power Saddle/Crew count (613.4c, issue 4: "power as it
stands now (counters, Equipment, given buffs)")."""

from __future__ import annotations

from functools import partial

from manasolve import api
from manasolve.models.board import load_board
from tests.support import boards

AURA = {"name": "Test Might", "manaCost": "{G}", "type": "Enchantment — Aura", "types": ["Enchantment"],
        "subtypes": ["Aura"], "text": "Enchant creature\nEnchanted creature gets +3/+3 and has trample."}


# alice's permanents; bob's Aura is on alice's "elf"
board = partial(boards.board, cards=[AURA], opponents={"bob": [{"id": "aura2", "card": "Test Might", "attached_to": "elf"}]})


def test_equipment_adds_power_for_saddle():
    b = board({"id": "bronco", "card": "Caustic Bronco"}, {"id": "elf", "card": "Cylian Elf"},
              {"id": "blade", "card": "Bonesplitter", "attached_to": "elf"})
    # Cylian Elf is 2/2, Bonesplitter makes it 4/2, and bob's Aura +3/+3: 7/5.
    elf = load_board(b).get("elf")
    assert (elf.power, elf.toughness) == (7, 5)
    answer = api.saddle(b, "bronco")
    assert answer["minimal"] == [["elf"]] and answer["count"] == 1


def test_unattached_equipment_gives_nothing():
    b = board({"id": "bronco", "card": "Caustic Bronco"}, {"id": "elf", "card": "Cylian Elf"},
              {"id": "blade", "card": "Bonesplitter"})
    b["players"][1]["battlefield"] = []
    assert load_board(b).get("elf").power == 2
    assert api.saddle(b, "bronco")["count"] == 0


def test_static_pumps_of_lords_count_for_power():
    # 613.4c: "Other Elves you control get +1/+1" (Canopy Tactician) pumps the Elves but
    # not itself; "Other artifact creatures you control get +2/+2" (Salvation Engine) only
    # artifact creatures; an opponent's lord pumps only its controller's creatures.
    from manasolve.models.board import load_board

    b = load_board({"players": [
        {"name": "me", "battlefield": [{"id": "ct", "card": "Canopy Tactician"}, {"id": "elf", "card": "Llanowar Elves"},
                                       {"id": "g", "card": "Farmstead Gleaner"}, {"id": "se", "card": "Salvation Engine"}]},
        {"name": "you", "battlefield": [{"id": "elf2", "card": "Llanowar Elves"}]}]})
    power = {p.id: p.power for p in b.permanents}
    assert power["elf"] == 2 and power["ct"] == 3 and power["elf2"] == 1
    assert power["g"] == 4 and power["se"] == 6
