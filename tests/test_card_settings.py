"""The user's card file without --cards: MANASOLVE_CARDS, the config file, the file
`cards update` stores; and `cards update` itself (local file:// URLs only, no network)."""

from __future__ import annotations

import contextlib
import hashlib

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import manasolve

from manasolve import api
from manasolve.cli import main
from manasolve.card_settings import card_db, config_path, configured_card_file, default_cards_path
from manasolve.models.carddb import default_db
from manasolve.models.errors import InputError

EXAMPLE_BOARD = Path(manasolve.__file__).parent / "data" / "example_board.json"

# A card only the user's file knows, and a new text for a card the built-in set has.
MINE = {"name": "Grove Tender Prime", "manaCost": "{1}{G}", "type": "Creature — Elf Druid",
        "text": "{T}: Add {G}{G}{G}.", "power": "1", "toughness": "1"}
FOREST = {"name": "Forest", "type": "Basic Land — Forest", "text": "({T}: Add {C}.)"}


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASOLVE_CACHE_DIR", str(tmp_path / "cache"))


def atomic(path, *cards, gz=False):
    data = json.dumps({"meta": {}, "data": {c["name"]: [c] for c in cards}}).encode()
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


@pytest.fixture(autouse=True)
def _no_user_card_setting(tmp_path_factory, monkeypatch):
    """Each test starts from no card file set (MANASOLVE_CARDS, a config file, a stored
    ``cards update`` file): only the built-in cards, unless the test sets one."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.delenv("MANASOLVE_CARDS", raising=False)
    monkeypatch.delenv("MANASOLVE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))


def board_with(*names: str) -> dict:
    """A board where alice has only the permanents `names` (no summoning sickness)."""
    return {"format": "manasolve/board@1", "players": [
        {"name": "alice", "battlefield": [{"id": "x%d" % i, "card": n} for i, n in enumerate(names)]}]}


def test_without_a_setting_only_the_built_in_cards_are_used():
    assert configured_card_file() is None
    assert "Grove Tender Prime" not in card_db()


def test_the_default_database_is_built_once_per_card_setting(tmp_path, monkeypatch):
    assert card_db() is card_db() is default_db()
    mine = atomic(tmp_path / "mine.json", MINE)
    monkeypatch.setenv("MANASOLVE_CARDS", str(mine))
    db = card_db()
    assert db is card_db() is default_db(mine) and db is not default_db()
    atomic(mine, MINE, FOREST)  # the file changed: read again
    assert card_db() is not db and card_db().get("Forest").text == "({T}: Add {C}.)"


def test_the_model_layer_reads_no_card_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASOLVE_CARDS", str(atomic(tmp_path / "mine.json", MINE)))
    assert "Grove Tender Prime" not in default_db()  # the setting is read at the front: card_db
    assert "Grove Tender Prime" in card_db()


def test_the_lower_layers_read_no_environment_and_no_config_file():
    root = Path(manasolve.__file__).resolve().parent.parent
    assert (root / "models" / "board.py").is_file() and (root / "solver" / "pay.py").is_file()
    found = [(str(f.relative_to(root)), word) for layer in ("models", "solver") for f in (root / layer).rglob("*.py")
             for word in ("os.environ", "getenv", "tomllib", "config.toml") if word in f.read_text(encoding="utf-8")]
    assert found == []


def test_manasolve_cards_names_the_file_looked_up_first(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASOLVE_CARDS", str(atomic(tmp_path / "mine.json", MINE, FOREST)))
    db = card_db()
    assert db.get("Grove Tender Prime").text == "{T}: Add {G}{G}{G}."
    assert db.get("Forest").text == "({T}: Add {C}.)"  # before the built-in card
    assert db.get("Llanowar Elves").name == "Llanowar Elves"  # the built-in cards stay behind it
    assert api.pay(board_with("Grove Tender Prime"), "{G}{G}{G}")["payable"]


def test_the_config_file_names_a_path_absolute_or_relative_to_itself(tmp_path):
    cfg = config_path()
    cfg.parent.mkdir(parents=True)
    cfg.write_text('cards = "%s"\n' % atomic(tmp_path / "mine.json.gz", MINE, gz=True))
    assert configured_card_file().set_by == str(cfg)
    assert "Grove Tender Prime" in card_db()
    atomic(cfg.parent / "near.json", FOREST)
    cfg.write_text('cards = "near.json"\n')
    assert configured_card_file().path == cfg.parent / "near.json"
    assert card_db().get("Forest").text == "({T}: Add {C}.)"


def test_the_environment_wins_over_the_config_file_and_cards_over_both(tmp_path, monkeypatch):
    cfg = config_path()
    cfg.parent.mkdir(parents=True)
    cfg.write_text('cards = "%s"\n' % atomic(tmp_path / "cfg.json", FOREST))
    monkeypatch.setenv("MANASOLVE_CARDS", str(atomic(tmp_path / "env.json", MINE)))
    assert configured_card_file().set_by == "MANASOLVE_CARDS"
    assert "Grove Tender Prime" in card_db()
    assert "Grove Tender Prime" not in card_db(atomic(tmp_path / "flag.json", FOREST))


@pytest.mark.parametrize(("text", "words"), [
    ("cards = 3\n", "cards: expected a card file path"),
    ("cards = \n", "not valid TOML"),
])
def test_a_bad_config_file_is_one_line_naming_it(text, words):
    cfg = config_path()
    cfg.parent.mkdir(parents=True)
    cfg.write_text(text)
    with pytest.raises(InputError) as e:
        card_db()
    assert str(cfg) in e.value.line() and words in e.value.line()


def test_a_missing_set_file_says_which_setting_named_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MANASOLVE_CARDS", str(tmp_path / "gone.json"))
    assert main(["pay", str(EXAMPLE_BOARD), "--cost", "{G}"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("(card file set by MANASOLVE_CARDS)") and "gone.json" in err and "\n" not in err


def test_cards_update_stores_in_the_default_place_and_every_command_uses_it(tmp_path, capsys):
    src = atomic(tmp_path / "AtomicCards.json.gz", MINE, FOREST, gz=True)
    assert main(["cards", "update", src.as_uri(), "--allow-insecure", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == {"format": "manasolve/cards_update@1", "source": src.as_uri(), "path": str(default_cards_path()),
                      "set_by": "default", "cards": 2, "names": 2,
                      "sha256": hashlib.sha256(src.read_bytes()).hexdigest(), "sha256_checked": False}
    assert default_cards_path().read_bytes() == src.read_bytes()
    assert configured_card_file().set_by == "default"
    board = _write(tmp_path, board_with("Grove Tender Prime"))
    assert main(["pay", str(board), "--cost", "{G}{G}{G}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payable"]


def _write(tmp_path, board: dict):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    return path


def test_cards_update_stores_where_manasolve_cards_points(tmp_path, monkeypatch, capsys):
    target = tmp_path / "deep" / "cards.json"
    monkeypatch.setenv("MANASOLVE_CARDS", str(target))
    assert main(["cards", "update", str(atomic(tmp_path / "src.json", MINE))]) == 0
    out = capsys.readouterr().out
    assert "stored 1 cards" in out and str(target) in out and "MANASOLVE_CARDS" in out
    assert "Grove Tender Prime" in card_db()


@pytest.mark.parametrize(("content", "words"), [
    (b"[1, 2]", "[0]: expected a card object"),
    (b"{\"meta\": {}}", "data: missing"),
    (b"[]", "no cards in it"),
    (b"not json", "expected MTGJSON AtomicCards"),
])
def test_cards_update_keeps_the_old_file_when_the_new_one_does_not_read(tmp_path, capsys, content, words):
    assert main(["cards", "update", str(atomic(tmp_path / "good.json", MINE))]) == 0
    before = default_cards_path().read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    capsys.readouterr()
    assert main(["cards", "update", bad.as_uri(), "--allow-insecure"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert default_cards_path().read_bytes() == before
    assert [p.name for p in default_cards_path().parent.iterdir()] == [default_cards_path().name]


def test_cards_update_from_nowhere_is_one_line(tmp_path, capsys):
    assert main(["cards", "update", (tmp_path / "none.json").as_uri(), "--allow-insecure"]) == 2
    err = capsys.readouterr().err
    assert "cannot fetch the card file" in err and err.count("\n") == 1
    assert not default_cards_path().exists()


def test_the_cli_reads_the_setting_in_a_fresh_process(tmp_path):
    env_file = atomic(tmp_path / "mine.json", MINE)
    board = _write(tmp_path, board_with("Grove Tender Prime"))
    env = dict(os.environ, MANASOLVE_CARDS=str(env_file))
    out = subprocess.run([sys.executable, "-m", "manasolve", "pay", str(board), "--cost", "{G}{G}{G}",
                          "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["payable"]


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/AtomicCards.json.gz", "ftp://127.0.0.1/x.json", "file:///etc/passwd"])
def test_cards_update_fetches_https_only_unless_allowed(url, capsys):
    """Issue 27: http://, ftp:// and file:// were fetched; now one line, exit 2, nothing
    fetched (a PATH without a scheme stays a local file)."""
    assert main(["cards", "update", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "only https:// URLs" in err and "--allow-insecure" in err
    assert not default_cards_path().exists()


@contextlib.contextmanager
def _served(folder):
    """An HTTP server on the loopback address serving `folder` (stopped on exit)."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_cards_update_checks_the_checksum_the_source_publishes(tmp_path, capsys):
    """MTGJSON publishes AtomicCards.json.gz.sha256 beside it: a file that disagrees is
    not stored (one line), one that agrees is, with "sha256_checked": true."""
    src = atomic(tmp_path / "AtomicCards.json.gz", MINE, gz=True)
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    (tmp_path / "AtomicCards.json.gz.sha256").write_text("0" * 64 + "  AtomicCards.json.gz\n")
    with _served(tmp_path) as base:
        assert main(["cards", "update", base + "AtomicCards.json.gz", "--allow-insecure"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "its SHA-256 is %s, not %s" % (digest, "0" * 64) in err
        assert not default_cards_path().exists()
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".cards-update-")] == []
        (tmp_path / "AtomicCards.json.gz.sha256").write_text(digest + "  AtomicCards.json.gz\n")
        assert main(["cards", "update", base + "AtomicCards.json.gz", "--allow-insecure", "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["sha256"] == digest and answer["sha256_checked"] is True
        assert main(["cards", "update", base + "AtomicCards.json.gz", "--allow-insecure", "--sha256", "f" * 64]) == 2
        assert "not %s" % ("f" * 64) in capsys.readouterr().err


def test_cards_update_sha256_given_for_a_local_file_and_a_bad_one(tmp_path, capsys):
    src = atomic(tmp_path / "src.json", MINE)
    assert main(["cards", "update", str(src), "--sha256", "xyz"]) == 2
    assert "64 hex digits" in capsys.readouterr().err
    assert main(["cards", "update", str(src), "--sha256", hashlib.sha256(src.read_bytes()).hexdigest().upper()]) == 0


def test_cards_update_into_a_folder_is_one_line(tmp_path, monkeypatch, capsys):
    """Issue 27: a target that is a directory was an IsADirectoryError traceback."""
    folder = tmp_path / "cards-folder"
    folder.mkdir()
    monkeypatch.setenv("MANASOLVE_CARDS", str(folder))
    assert main(["cards", "update", str(atomic(tmp_path / "src.json", MINE))]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a folder" in err and str(folder) in err


def test_cards_update_over_its_bound_or_deadline_stores_nothing(tmp_path, monkeypatch, capsys):
    from manasolve import card_update

    src = atomic(tmp_path / "src.json", MINE)
    monkeypatch.setattr(card_update, "MAX_DOWNLOAD", 10)
    assert main(["cards", "update", str(src)]) == 2
    assert "more than 10 bytes" in capsys.readouterr().err
    monkeypatch.undo()
    assert main(["cards", "update", str(src), "--deadline", "0.000001"]) == 2
    assert "deadline" in capsys.readouterr().err
    assert not default_cards_path().exists()
    assert not [p for p in default_cards_path().parent.glob(".cards-update-*")]


def test_cards_update_with_fields_of_odd_types_is_one_line(tmp_path, capsys):
    bad = tmp_path / "odd.json"
    bad.write_text(json.dumps([{"name": "X", "types": "Creature"}]))
    assert main(["cards", "update", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "[0].types" in err and "(card 'X')" in err
