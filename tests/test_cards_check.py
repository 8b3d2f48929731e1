"""``manasolve cards check``: the coverage report on real and small card files."""

from __future__ import annotations

import json

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.coverage import family_of
from tests.support.paths import DEV_CARDS

DEV = str(DEV_CARDS)


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASOLVE_CACHE_DIR", str(tmp_path / "cache"))


def run_json(capsys, *argv) -> dict:
    assert main(["cards", "check", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_dev_cards_meet_the_coverage_targets(capsys):
    r = run_json(capsys, DEV)
    assert r["cards"] == 698
    assert r["mana_lines_understood"] / r["mana_lines"] >= 0.97
    for k in ("Saddle", "Crew", "Convoke", "Improvise", "Delve"):
        assert r["keywords"][k]["seen"] > 0 and r["keywords"][k]["understood"] == r["keywords"][k]["seen"], k
    if r["spell_costs"].startswith("manasolve"):  # the spell-cost parser is installed
        for k in ("Flashback", "Kicker", "Multikicker"):
            assert r["keywords"][k]["seen"] > 0 and r["keywords"][k]["understood"] == r["keywords"][k]["seen"], k
    assert r == api.cards_check(DEV)


def test_small_file_counts_and_groups_what_is_not_understood(tmp_path, capsys):
    cards = [
        {"name": "A", "type": "Artifact", "text": "{T}: Add {C}.\n{T}: Add {R} for each card in target player's hand."},
        {"name": "B", "type": "Artifact", "text": "{T}: Add {G} for each card in target player's hand."},
        {"name": "C", "type": "Artifact Creature — Horse", "text": "Saddle 2\nCrew X\nConvoke"},
        {"name": "D", "type": "Planeswalker", "text": "[+1]: Add {R}{R}."},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    r = run_json(capsys, str(path))
    assert (r["cards"], r["mana_lines"], r["mana_lines_understood"]) == (4, 3, 1)
    assert r["keywords"]["Saddle"] == {"seen": 1, "understood": 1}
    assert r["keywords"]["Crew"] == {"seen": 1, "understood": 0}
    assert r["keywords"]["Convoke"] == {"seen": 1, "understood": 1}
    groups = {g["template"]: g for g in r["not_understood_by_template"]}
    g = groups["{…}: Add {…} for each card in target player's hand."]
    assert g["count"] == 2 and [e["card"] for e in g["examples"]] == ["A", "B"]
    assert {"card": "C", "sentence": "Crew X", "template": "Crew X"} in r["not_understood"]


def test_table_output(capsys):
    assert main(["cards", "check", DEV]) == 0
    out = capsys.readouterr().out
    assert "mana-ability lines" in out and "Saddle" in out


def test_bad_file_exits_2_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[{")
    assert main(["cards", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err


@pytest.mark.parametrize(("sentence", "family"), [
    ('Other permanents you control have "{T}: Add one mana of any color."', "granted ability"),
    ("{T}: Add {R}. Spend this mana only to cast an Elemental spell.", "spend restriction"),
    ("{T}: Add {U}. This mana can't be spent to cast a nonartifact spell.", "spend restriction"),
    ("{T}: Add X mana of any one color, where X is the greatest power among creatures you control.", "computed amount"),
    ("{T}, Remove a book counter from Spell Satchel: Add {C}.", "cost part not read"),
    ("{T}: Add {C}. If you control an Urza's Tower, add {C}{C} instead.", "if ..., add ... instead"),
    ("{T}: Add {C}{C}{C}. Activate only if creatures you control have total power 8 or greater.", "activate only"),
    ("Whenever enchanted land is tapped for mana, its controller adds an additional {G}.", "whenever tapped for mana"),
    ("{T}: Add {G} or {U}. If you control a Nissa planeswalker, you gain 2 life.", "rider on the mana"),
    ("LEVEL 1-4", "level, station, max speed or exhaust band"),
    ("This spell costs {2} less to cast if it targets a red creature.", "spell cost modifier"),
    ("{T}: Add {∞}.", "other"),
    ('It perpetually gains "This spell costs {1} less to cast."', "spell cost modifier"),  # grants no mana
])
def test_each_sentence_not_understood_has_one_family(sentence, family):
    assert family_of(sentence) == family


def test_cards_check_groups_every_sentence_not_understood_by_family():
    answer = api.cards_check(str(DEV_CARDS))
    families = answer["not_understood_by_family"]
    assert sum(f["count"] for f in families) == len(answer["not_understood"])
    assert sum(f["mana_lines"] for f in families) == answer["mana_lines"] - answer["mana_lines_understood"]
    assert [f["count"] for f in families] == sorted((f["count"] for f in families), reverse=True)
