"""Equipment and Auras change the power Saddle/Crew count (613.4c, issue 4: "power as it
stands now (counters, Equipment, given buffs)")."""

from __future__ import annotations

from manasolve import api
from manasolve.models.board import load_board

AURA = {"name": "Test Might", "manaCost": "{G}", "type": "Enchantment — Aura", "types": ["Enchantment"],
        "subtypes": ["Aura"], "text": "Enchant creature\nEnchanted creature gets +3/+3 and has trample."}


def board(*perms):
    return {"format": "manasolve/board@1", "cards": [AURA],
            "players": [{"name": "alice", "battlefield": list(perms)},
                        {"name": "bob", "battlefield": [{"id": "aura2", "card": "Test Might", "attached_to": "elf"}]}]}


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
