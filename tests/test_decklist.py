"""Deck lists as MTGO/Arena export them: card lines, set codes, sections, and one-line errors."""

from __future__ import annotations

import pytest

from manasolve.cli import main
from manasolve.models.carddb import default_db
from manasolve.models.decklist import parse_decklist
from manasolve.models.errors import InputError

DB = default_db()


def test_arena_export_with_set_codes_and_sections():
    deck = parse_decklist("Commander\n1 Birds of Paradise (M12) 165\n\nDeck\n4 Llanowar Elves (M19) 314\n"
                          "20 Forest\n3x Golgari Signet [RAV]\n\nSideboard\n2 Terror\n", DB, "d.txt")
    assert [(e.count, e.name, e.line) for e in deck.main] == [(4, "Llanowar Elves", 5), (20, "Forest", 6),
                                                               (3, "Golgari Signet", 7)]
    assert [e.name for e in deck.commander] == ["Birds of Paradise"]
    assert deck.size == 27 and deck.cards().count("Forest") == 20


def test_mtgo_blank_line_starts_the_sideboard_and_comments_are_skipped():
    deck = parse_decklist("// my deck\n4 Llanowar Elves\n16 Forest\n\n3 Not A Real Card Name At All\n", DB)
    assert deck.size == 20  # the sideboard's names are not even looked up


@pytest.mark.parametrize("text, message", [
    ("4 Llanowar Elfs\n", "d.txt: line 1: unknown card 'Llanowar Elfs' (did you mean 'Llanowar Elves'"),
    ("20 Forest\nfour Forest\n", "d.txt: line 2: expected 'COUNT NAME'"),
    ("0 Forest\n", "d.txt: line 1: count 0 out of bounds (1..250)"),
    ("Sideboard\n2 Forest\n", "d.txt: no main-deck card"),
    ("", "d.txt: no main-deck card"),
])
def test_bad_lines_say_file_line_and_what(text, message):
    with pytest.raises(InputError) as err:
        parse_decklist(text, DB, "d.txt")
    assert err.value.line().startswith(message)


def test_cli_bad_deck_exits_2_with_one_line(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("20 Forest\n4 Llanowar Elfs\n")
    assert main(["castability", str(deck), "--games", "10", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deck.txt: line 2: unknown card 'Llanowar Elfs' (did you mean 'Llanowar Elves'" in err
    assert main(["castability", str(tmp_path / "missing.txt"), "--workers", "1"]) == 2
    assert "missing.txt: cannot read the deck list" in capsys.readouterr().err
