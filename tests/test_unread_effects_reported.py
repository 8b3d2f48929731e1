"""A sentence about mana production the reader does not place is named in every payment
answer of a board that holds it, never silently ignored (Thran Portal's own land type and
its mana abilities' extra life; Spreading Seas' "Enchanted land is an Island")."""

from __future__ import annotations

from manasolve import api


def _board(*permanents: dict) -> dict:
    return {"players": [{"name": "a", "battlefield": list(permanents)}]}


def test_thran_portal_sentences_are_named_in_pay() -> None:
    answer = api.pay(_board({"id": "tp", "card": "Thran Portal", "chosen": {"type": "Island"}},
                            {"id": "f", "card": "Forest"}), "{U}", mode="count")
    notes = " ".join(answer["not_modelled"])
    assert "tp (Thran Portal)" in notes
    assert "chosen type in addition to its other types" in notes
    assert "cost an additional 1 life" in notes


def test_spreading_seas_is_named_in_pay() -> None:
    answer = api.pay(_board({"id": "ss", "card": "Spreading Seas", "attached_to": "f"}, {"id": "f", "card": "Forest"}),
                     "{G}")
    assert answer["payable"] is True
    assert any("Enchanted land is an Island." in n for n in answer["not_modelled"])


def test_a_board_with_everything_read_has_no_such_note() -> None:
    answer = api.pay(_board({"id": "f", "card": "Forest"}), "{G}")
    assert not any("not understood" in n for n in answer.get("not_modelled", ()))
