"""The front of `castability` (issues 26, 27): strict flags, options checked before any game,
the time limit kept with a partial answer, the default games from --precision, progress on
any stderr, the executor named (a forked pool answers what one process answers), a table
that fits 80 columns, plot lines grouped by cost; and deck files read strictly (size bound,
binary, byte-order marks, MTGO .dek, SB: lines, tokens after a set code, all unknown names)."""

from __future__ import annotations

import io
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manasolve import castability as front
from manasolve.castability import castability, games_for, precision_of, run_games, usable_cores
from manasolve.castability_plot import curve_groups, line_style
from manasolve.cli import main
from manasolve.cli import castability as cli_castability
from manasolve.models.bounds import MAX_DECK_FILE_BYTES
from manasolve.models.carddb import default_db
from manasolve.models.decklist import parse_decklist, read_decklist
from manasolve.models.errors import InputError
from manasolve.solver import deadline
from manasolve.solver.castability_results import Executor
from manasolve.solver.goldfish import KARSTEN, GameSetup, Question

DB = default_db()
GOLGARI = str(Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_midrange.txt")
UR = "20 Island\n12 Mountain\n4 Lightning Bolt\n4 Counterspell\n20 Wurmcoil Engine\n"


def _deck(tmp_path: Path, text: str | bytes, name: str = "deck.txt") -> str:
    path = tmp_path / name
    (path.write_bytes if isinstance(text, bytes) else path.write_text)(text)
    return str(path)


def _one_line_exit_2(argv: list[str], capsys) -> str:
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own errors
        status = exc.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("flags, message", [
    (["--turns", "²"], "--turns: expected turns like 1-7 or 6 (within 1..20), got '²'"),
    (["--turns", "1-٣"], "--turns: expected turns like 1-7"),
    (["--turns", "3-1"], "--turns: expected turns like 1-7"),
    (["--mulligan", "²-5"], "--mulligan: unknown mulligan rule '²-5'"),
    (["--mulligan", "5-2"], "--mulligan: unknown mulligan rule '5-2'"),
    (["--mulligan", "2-8"], "--mulligan: unknown mulligan rule '2-8'"),
    (["--games", "١٠"], "argument --games: expected an integer like 100000, got '١٠'"),
    (["--games", "1_000"], "argument --games: expected an integer"),
    (["--seed", "-1"], "--seed: seed must be 0 or more"),
    (["--precision", "0"], "argument --precision: give percentage points within (0, 50]"),
    (["--precision", "nan"], "argument --precision: give percentage points within (0, 50]"),
    (["--timeout", "0"], "argument --timeout: give seconds above 0"),
])
def test_flags_are_parsed_strictly_one_line_exit_2(flags, message, capsys):
    err = _one_line_exit_2(["castability", GOLGARI, "--workers", "1"] + flags, capsys)
    assert message in err


def test_plot_without_matplotlib_is_refused_before_any_game(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    played = []
    monkeypatch.setattr(front._Work, "_play", lambda self: played.append(1))
    err = _one_line_exit_2(["castability", GOLGARI, "--plot", str(tmp_path / "c.png")], capsys)
    assert 'needs matplotlib: pip install "manasolve[plot]"' in err and not played
    monkeypatch.undo()
    err = _one_line_exit_2(["castability", GOLGARI, "--plot", str(tmp_path / "no" / "c.png")], capsys)
    assert "--plot: cannot write" in err


def test_workers_without_ray_is_refused_before_the_deck_is_read(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(front.importlib.util, "find_spec", lambda name: None)
    err = _one_line_exit_2(["castability", _deck(tmp_path, "4 Llanowar Elfs\n"), "--workers", "2"], capsys)
    assert '--workers: Ray is not installed: pip install "manasolve[ray]"' in err  # not the deck's error


def test_default_games_follow_the_precision():
    assert games_for(0.5) == 38_415 and games_for(1) == 9_604  # (1.96 / (2 * 0.005))^2
    assert precision_of(games_for(0.5)) <= 0.5 < precision_of(games_for(0.5) - 1)
    answer = castability(GOLGARI, precision=20, turns="1-2", workers=1)
    assert answer["games"] == answer["games_asked"] == 25 and answer["precision_points"] == 19.6
    assert answer["executor"] == {"kind": "in_process", "workers": 1} and "time_limit_reached" not in answer


def test_the_time_limit_answers_with_the_games_played(tmp_path):
    deck = _deck(tmp_path, UR)
    started = time.monotonic()
    answer = castability(deck, games=50_000_000, turns="1-3", time_limit=3.0)
    took = time.monotonic() - started
    assert took < 3.0 + 1.5, took  # the limit, the grace, and the answer's summary
    assert answer["time_limit_reached"] is True and 0 < answer["games"] < answer["games_asked"] == 50_000_000
    bolt = next(c for c in answer["cards"] if c["card"] == "Lightning Bolt")
    assert Fraction(bolt["by_turn"]["1"]).denominator <= answer["games"]
    assert bolt["by_turn"]["1"].endswith("/%d" % answer["games"])  # the denominator is the games played


def test_a_deck_whose_games_hang_today_answers_within_its_limit():
    """`--mulligan 2-7` on the Golgari list took minutes for a few hundred games: within
    its limit it answers the games played, or gives up (TimeUp) if none ended."""
    started = time.monotonic()
    try:
        answer = castability(GOLGARI, games=100_000, mulligan="2-7", time_limit=2.0, workers=1)
    except deadline.TimeUp:
        answer = None
    assert time.monotonic() - started < 2.0 + 1.5
    assert answer is None or answer["time_limit_reached"] is True


def test_cli_partial_answer_is_marked_and_exit_0(tmp_path, capsys):
    assert main(["castability", _deck(tmp_path, UR), "--games", "50000000", "--turns", "1-2", "--timeout", "3",
                 "--json", "--quiet"]) == 0
    out = capsys.readouterr()
    answer = json.loads(out.out)
    assert answer["time_limit_reached"] is True and answer["games"] < answer["games_asked"] and out.err == ""


def test_a_forked_pool_answers_what_one_process_answers(monkeypatch):
    if usable_cores() < 2:
        pytest.skip("one usable core: no pool")
    setup = GameSetup(("Swamp",) * 9 + ("Island",) * 8 + ("Gitaxian Probe",) * 23,
                      (Question("x", "{U}{B}", 2), Question("y", "{1}{B}{B}", 3)), 4, True, KARSTEN)
    here = front._Work(None, None, [], 4, True, KARSTEN, 25_000, 11, 1, None, None, None, setup)
    alone = here.run_within(None)
    monkeypatch.setattr(front, "PILOT_SECONDS", 0.0)
    monkeypatch.setattr(front, "POOL_FROM_SECONDS", 0.0)  # fork at the first check of shard 0
    pooled = front._Work(None, None, [], 4, True, KARSTEN, 25_000, 11, None, None, None, None, setup).run_within(None)
    assert pooled.executor == Executor("process_pool", 2) and alone.executor.kind == "in_process"
    assert pooled.records == alone.records and pooled.games == alone.games == 25_000
    assert run_games(setup, 25_000, 11, workers=1) == alone.records


def test_progress_lines_on_a_stderr_that_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(cli_castability, "PROGRESS_EVERY", 0.0)
    progress = cli_castability._Progress(quiet=False, time_limit=30)
    with progress as update:  # capsys's stderr is not a terminal
        update(0, 1000)  # the deck still being read: no line (a bad deck's error is the one line)
        update(10, 1000)
        update(20, 1000)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and lines[0] == "castability: 10/1000 games (1%)"
    assert lines[1].startswith("castability: 20/1000 games (2%)")
    now = time.monotonic()
    progress.started, progress.first = now - 2, (now - 2, 0)  # 500 games in 2 s
    assert progress.line(500, 1000, now) == "castability: 500/1000 games (50%), 250 games/s, ETA 2 s"
    progress.started = now - 29
    assert progress.line(500, 1000, now).endswith("ETA 2 s (past the --timeout: a partial answer in 1 s)")
    with cli_castability._Progress(quiet=True, time_limit=30) as update:
        assert update is None


def test_a_deck_refused_after_the_first_progress_tick_is_still_one_line(tmp_path, monkeypatch, capsys):
    """Found by the door fuzz run (a loaded machine: reading the deck took longer than
    PROGRESS_EVERY): "castability: 0/3 games (0%)" was written before the deck's error,
    two lines on stderr for exit 2."""
    from manasolve.cli import main

    monkeypatch.setattr(cli_castability, "PROGRESS_EVERY", 0.0)
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Forrest\n\n")
    assert main(["castability", str(deck), "--games", "3", "--workers", "1", "--json"]) == 2
    assert capsys.readouterr().err == "%s: line 1: unknown card 'Forrest' (did you mean 'Forest' or 'Forget' or " \
                                      "'Arrest'?)\n" % deck


def test_progress_reaches_the_callback_while_games_are_played(tmp_path):
    seen = []
    castability(_deck(tmp_path, UR), games=10_000, turns="1-2", workers=1, progress=lambda d, t: seen.append((d, t)))
    assert all(t == 10_000 for _, t in seen) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert all(d <= 10_000 for d, _ in seen)


def _render(answer: dict, width: int) -> str:
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, width=width)
    cli_castability.render(answer, console)
    return buffer.getvalue()


def test_the_table_keeps_full_percentages_at_80_columns():
    answer = castability(GOLGARI, games=20, turns="1-7", workers=1)
    text = _render(answer, 80)
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    assert "not shown at 80 columns: --json gives every turn" in text
    hydra = next(c for c in answer["cards"] if c["card"] == "Bristling Hydra")
    shown_pct = "%.1f" % (100 * Fraction(hydra["on_curve"]))
    assert any(line.startswith("Bristling Hydra") and shown_pct in line for line in text.splitlines())
    wide = _render(answer, 160)
    assert "not shown" not in wide and " T7 " in wide


def test_plot_groups_cards_of_one_cost_and_curve_with_distinct_styles(tmp_path):
    answer = {"cards": [
        {"card": "Ragavan, Nimble Pilferer", "cost": "{R}", "mana_value": 1, "by_turn": {"1": "3/4", "2": "1/1"}},
        {"card": "Lightning Bolt", "cost": "{R}", "mana_value": 1, "by_turn": {"1": "3/4", "2": "1/1"}},
        {"card": "Murktide Regent", "cost": "{5}{U}{U}", "mana_value": 7, "by_turn": {"1": "0/4", "2": "1/4"}},
        {"card": "Counterspell", "cost": "{U}{U}", "mana_value": 2, "by_turn": {"1": "0/4", "2": "1/2"}}],
        "on_play": True, "games": 4, "precision_points": 49.0, "mulligan": "karsten"}
    labels = [label for label, _ in curve_groups(answer)]
    assert labels == ["{R}: Ragavan, Nimble Pilferer, Lightning Bolt", "{U}{U}: Counterspell",
                      "{5}{U}{U}: Murktide Regent"]
    styles = [tuple(line_style(i).values()) for i in range(280)]
    assert len(set(styles)) == 280 and line_style(0)["color"] != line_style(1)["color"]
    from manasolve.castability_plot import plot

    plot(answer, str(tmp_path / "p.png"))
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


# -- deck files --------------------------------------------------------------------------


def test_a_long_comment_does_not_cut_the_list_and_an_over_size_file_is_an_error(tmp_path):
    """A deck file was read only to 200,000 characters: a long comment line, then a 64-card
    list, was answered as 30 cards."""
    long_comment = "// " + "x" * 300_000 + "\n"
    deck = read_decklist(_deck(tmp_path, long_comment + "24 Forest\n40 Llanowar Elves\n"), DB)
    assert deck.size == 64
    with pytest.raises(InputError) as err:
        read_decklist(_deck(tmp_path, "// " + "x" * MAX_DECK_FILE_BYTES + "\n24 Forest\n"), DB)
    assert "larger than the bound of 1000000 bytes for a deck list" in err.value.line()


@pytest.mark.parametrize("data, message", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a text deck list (byte 0x89 at offset 0 is not UTF-8 text); "
     "export a text list"),
    (b"4 Forest\n\x00\x01\x02", "a binary file, not a deck list (a NUL character at offset 9)"),
    (b"Commander\n\nDeck\n\nSideboard\n", "no main-deck card"),
])
def test_binary_and_header_only_files_are_one_line_exit_2(tmp_path, capsys, data, message):
    err = _one_line_exit_2(["castability", _deck(tmp_path, data), "--workers", "1"], capsys)
    assert message in err


def test_byte_order_marks_are_accepted(tmp_path):
    assert read_decklist(_deck(tmp_path, b"\xef\xbb\xbf20 Forest\n"), DB).size == 20
    assert read_decklist(_deck(tmp_path, "20 Forest\n".encode("utf-16")), DB).size == 20  # with its BOM
    assert read_decklist(_deck(tmp_path, b"\xfe\xff" + "20 Forest\n".encode("utf-16-be")), DB).size == 20


def test_sideboard_lines_are_counted_not_drawn():
    deck = parse_decklist("20 Mountain\n4 Lightning Bolt\nSB: 2 Blood Moon\nSB:1 Pyroblast\n", DB, "d.txt")
    assert deck.size == 24 and [(e.count, e.name) for e in deck.sideboard] == [(2, "Blood Moon"), (1, "Pyroblast")]
    answer = castability(parse_decklist("20 Mountain\n4 Lightning Bolt\nSB: 2 Blood Moon\n", DB), games=20,
                         turns="1", workers=1)
    assert answer["deck"]["cards"] == 24 and answer["deck"]["sideboard"] == 2
    assert [c["card"] for c in answer["cards"]] == ["Lightning Bolt"]


MTGO_DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="53837" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="1240" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="32123" Quantity="2" Sideboard="true" Name="Blood Moon" Annotation="0" />
</Deck>
"""


def test_an_mtgo_dek_file_is_read(tmp_path):
    deck = read_decklist(_deck(tmp_path, MTGO_DEK, "deck.dek"), DB)
    assert [(e.count, e.name, e.line) for e in deck.main] == [(4, "Lightning Bolt", 5), (20, "Mountain", 6)]
    assert [(e.count, e.name) for e in deck.sideboard] == [(2, "Blood Moon")]


@pytest.mark.parametrize("text, message", [
    (MTGO_DEK.replace('Quantity="4"', 'Quantity="four"'), "d.dek: line 5: <Cards Quantity='four'>: expected a count"),
    (MTGO_DEK.replace('"Lightning Bolt"', '"Lightning Blot"'), "d.dek: line 5: unknown card 'Lightning Blot' "
     "(did you mean 'Lightning Bolt'"),
    (MTGO_DEK.replace('Sideboard="true"', 'Sideboard="yes"'), "d.dek: line 7: <Cards Sideboard='yes'>"),
    (MTGO_DEK.replace(' />\n</Deck>', '>\n</Deck>'), "d.dek: line 8: not a readable MTGO .dek file (XML: "
     "mismatched tag); export a text list"),
    ('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]>\n<Deck><Cards Quantity="1" Name="&a;"/></Deck>',
     "d.dek: line 2: an XML file with a DOCTYPE or entity declarations is not a .dek; export a text list"),
    ("<html><body>a deck</body></html>", "d.dek: line 1: an XML file whose root is <html>, not an MTGO .dek"),
])
def test_a_bad_dek_file_is_one_line(text, message):
    with pytest.raises(InputError) as err:
        parse_decklist(text, DB, "d.dek")
    assert err.value.line().startswith(message), err.value.line()


@pytest.mark.parametrize("line, message", [
    ("4 Llanowar Elves (M19) 314 *F*", None),
    ("1 Sol Ring [C21] 263", None),
    ("4 Llanowar Elves (M19) ABC-123", None),
    ("4 Llanowar Elves (M19) garbage", "line 1: 'garbage' after the set code (M19) is not a collector number"),
    ("4 Llanowar Elves (M19) 314 315", "line 1: '315' after the set code (M19) is not a collector number"),
    ("٤ Llanowar Elves", "line 1: expected 'COUNT NAME'"),
    ("99999999999999999999999 Forest", "line 1: count 999999… (23 digits) out of bounds (1..250)"),
    ("SB: two Blood Moon", "line 1: expected 'COUNT NAME' (e.g. '4 Llanowar Elves' or 'SB: 2 Blood Moon')"),
])
def test_every_token_of_a_card_line_is_checked(line, message):
    if message is None:
        assert parse_decklist(line + "\n20 Forest\n", DB).main[0].name in ("Llanowar Elves", "Sol Ring")
        return
    with pytest.raises(InputError) as err:
        parse_decklist(line + "\n", DB, "d.txt")
    assert err.value.line().startswith("d.txt: " + message), err.value.line()


def test_every_unknown_card_is_named_in_one_line():
    with pytest.raises(InputError) as err:
        parse_decklist("20 Forest\n4 Llanowar Elfs\n2 Sol Rnig\n1 Xyzzy\n4 Llanowar Elfs\n", DB, "d.txt")
    line = err.value.line()
    assert line.startswith("d.txt: lines 2, 3, 4: unknown cards 'Llanowar Elfs' (did you mean 'Llanowar Elves'")
    assert "'Sol Rnig' (did you mean 'Sol Ring'?), 'Xyzzy'" in line and "\n" not in line


_TOKENS = ["4", "4x", "x", "SB:", "Forest", "Llanowar", "Elves", "(M19)", "[C21]", "314", "*F*", "Deck", "Commander",
           "Sideboard", "//", "#", "<Deck>", "<Cards", 'Quantity="4"', 'Name="Forest"', "/>", "٤", "²", "\x00", "\ufeff"]


@given(st.lists(st.lists(st.sampled_from(_TOKENS), max_size=6).map(" ".join), max_size=8).map("\n".join))
def test_any_deck_text_is_a_deck_or_one_line_error(text):
    try:
        deck = parse_decklist(text, DB, "d.txt")
    except InputError as exc:
        line = exc.line()
        assert line.startswith("d.txt: ") and "\n" not in line and len(line) <= 300
    else:
        assert deck.size >= 1


@given(st.binary(max_size=64))
def test_any_deck_bytes_are_text_or_one_line_error(data):
    from manasolve.models.decklist import deck_text

    try:
        deck_text(data, "d.txt")
    except InputError as exc:
        assert exc.line().startswith("d.txt: ") and "\n" not in exc.line()


def test_help_lists_the_new_flags(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["castability", "--help"])
    out = capsys.readouterr().out
    assert exc.value.code == 0 and all(f in out for f in ("--precision", "--timeout", "--quiet", "manasolve[plot]"))
