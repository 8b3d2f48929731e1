"""The whole card pool shipped with the package: read lazily, the same cards the loaders
read from the source, every card parsed without an exception, unknown cards said at once."""

from __future__ import annotations

import json
from functools import cached_property

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.card_pool import FORMAT, CardPool, card_pool, write_pool
from manasolve.models.carddb import default_db
from manasolve.models.cards import Card, card_from_mtgjson
from manasolve.models.errors import MAX_LINE, InputError
from manasolve.models.loaders import load_card_file
from manasolve.models.mana import CostSyntaxError, ManaCost
from tests.support.paths import DEV_CARDS

COMMANDER_HAND = ["Arcane Signet", "Cultivate", "Counterspell"]  # none is in the dev set


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASOLVE_CACHE_DIR", str(tmp_path / "cache"))


def board(hand=(), battlefield=()) -> dict:
    return {"format": "manasolve/board@1", "players": [
        {"name": "alice", "hand": list(hand), "battlefield": [{"id": "p%d" % i, "card": n} for i, n in enumerate(battlefield)]}]}


def test_the_shipped_pool_is_the_whole_pool():
    pool = CardPool()
    assert pool.meta["format"] == FORMAT and pool.meta["cards"] >= 35000
    assert len(pool) == pool.meta["names"]
    for name in COMMANDER_HAND + ["Forest", "Fire // Ice", "Bonecrusher Giant"]:
        assert name in pool and pool[name]["name"] == name


def test_a_name_reads_one_shard_not_the_pool():
    pool = CardPool()
    assert pool["Arcane Signet"]["text"] == "{T}: Add one mana of any color in your commander's color identity."
    assert "Not A Card At All" not in pool
    assert pool._names is None and len(pool._shards) <= 2  # no list of names, no other shard


def test_built_from_the_dev_cards_it_holds_what_the_loaders_read(tmp_path):
    loaded = load_card_file(DEV_CARDS)
    out = tmp_path / "pool.zip"
    write_pool(loaded, out, "dev")
    pool = CardPool(out)
    assert sorted(pool) == sorted(loaded)
    assert dict(pool) == dict(loaded)
    again = tmp_path / "again.zip"
    write_pool(loaded, again, "dev")
    assert again.read_bytes() == out.read_bytes()  # reproducible: rebuilding changes nothing in git


def test_a_commander_hand_is_known_without_a_card_file():
    answer = api.plays(board(hand=COMMANDER_HAND, battlefield=["Forest", "Island", "Island"]))
    cast = {p["card"] for p in answer["plays"] if p.get("kind") == "cast"}
    assert {"Cultivate", "Arcane Signet"} <= cast  # Counterspell waits for a spell to target
    assert api.cost(board(hand=COMMANDER_HAND), "Counterspell")["total"] == "{U}{U}"


def test_the_dev_set_is_looked_up_before_the_pool():
    db = default_db()
    assert db.layers[-1] is card_pool() and "Llanowar Elves" in db.layers[-2]


def test_several_unknown_cards_are_one_error_listing_them_all():
    hand = COMMANDER_HAND + ["Cultivat", "Sol Rnig", "Zzyzx Unknown"]
    with pytest.raises(InputError) as e:
        api.pay(board(hand=hand), "{G}")
    line = e.value.line()
    assert e.value.where == "players[0].hand[3]"
    assert "unknown cards 'Cultivat' (did you mean 'Cultivate'?), 'Sol Rnig' (did you mean 'Sol Ring'?), " \
           "'Zzyzx Unknown'" in line
    assert "--cards PATH or MANASOLVE_CARDS" in line and len(line) <= MAX_LINE


def test_many_unknown_cards_end_with_and_n_more_within_one_line(tmp_path, capsys):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board(hand=["Unheard Of Card Number %d" % i for i in range(40)])))
    assert main(["pay", str(path), "--cost", "{G}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err.strip()) <= MAX_LINE
    assert "'Unheard Of Card Number 0'" in err and " more; give their text inline" in err
    shown = err.count("'Unheard Of Card Number")
    assert "and %d more" % (40 - shown) in err


def test_one_unknown_card_keeps_the_singular():
    with pytest.raises(InputError, match=r"unknown card 'Forrest' \(did you mean 'Forest'"):
        api.pay(board(battlefield=["Forrest"]), "{G}")


def _parsed_properties() -> list[str]:
    return [n for n, a in vars(Card).items() if isinstance(a, (cached_property, property))]


def test_every_card_of_the_pool_parses_without_an_exception():
    """The whole pool through every parser (each lazily parsed property of a Card):
    nothing may raise but an unreadable printed mana cost (un-set symbols such as {HW}),
    which the board loader reports as bad input."""
    pool = card_pool()
    properties = _parsed_properties()
    assert {"abilities", "mana_abilities", "spell_costs", "mana_effects", "statics"} <= set(properties)
    unreadable, failures = [], []
    for name in pool:
        d = pool[name]
        try:
            card = card_from_mtgjson(d)
        except CostSyntaxError:
            with pytest.raises(CostSyntaxError, match=r"^(unknown mana symbol \{|unexpected text |generic mana \{|empty cost|"
                                                      r"a cost )"):  # what of the cost text is wrong
                ManaCost.parse(d["manaCost"])
            unreadable.append(name)
            continue
        for prop in properties:
            try:
                getattr(card, prop)
            except Exception as exc:  # noqa: BLE001 - the point is to catch any exception
                failures.append("%s.%s: %s: %s" % (name, prop, type(exc).__name__, exc))
    assert failures == []
    assert len(unreadable) < 10, unreadable
