"""Faces in ``plays``: either half of a split card (709.3), an adventurer card's Adventure
from the hand and its creature from exile (715.3, 715.4), a foretold card from exile
(702.143a), a modal double-faced card's spell back face (712.11), as the card data gives
the faces (MTGJSON ``layout``/``side``/``faceName``, inline cards, ``--cards`` files)."""

from __future__ import annotations

import json

import pytest

from manasolve import api
from manasolve.models.board import load_board
from manasolve.models.carddb import CardDB, builtin_cards
from manasolve.models.errors import InputError
from manasolve.models.loaders import load_card_file
from tests.support.boards import board

FIRE = {"name": "Fire", "layout": "split", "side": "a", "manaCost": "{1}{R}", "type": "Instant", "types": ["Instant"],
        "text": "Fire deals 2 damage divided as you choose among one or two targets."}
ICE = {"name": "Ice", "layout": "split", "side": "b", "manaCost": "{1}{U}", "type": "Instant", "types": ["Instant"],
       "text": "Tap target permanent.\nDraw a card."}
GIANT = {"name": "Bonecrusher Giant", "layout": "adventure", "side": "a", "manaCost": "{2}{R}",
         "type": "Creature — Giant", "types": ["Creature"], "subtypes": ["Giant"], "power": "4", "toughness": "3",
         "text": "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 damage to "
                 "that spell's controller."}
STOMP = {"name": "Stomp", "layout": "adventure", "side": "b", "manaCost": "{1}{R}", "type": "Instant — Adventure",
         "types": ["Instant"], "subtypes": ["Adventure"],
         "text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target."}
SAW_IT_COMING = {"name": "Saw It Coming", "manaCost": "{1}{U}{U}", "type": "Instant", "types": ["Instant"],
                 "keywords": ["Foretell"],
                 "text": "Counter target spell.\nForetell {1}{U} (During your turn, you may pay {2} and exile this "
                         "card from your hand face down. Cast it on a later turn for its foretell cost.)"}
FACES = [FIRE, ICE, GIANT, STOMP, SAW_IT_COMING]
WHOLE_GIANT = "Bonecrusher Giant // Stomp"


def casts(answer: dict) -> list[tuple]:
    return [(p["card"], p.get("face"), p["zone"], p["total"], p["payable"]) for p in answer["plays"] if p["kind"] == "cast"]


def test_709_3_either_half_of_a_split_card_is_cast_on_its_own():
    b = board("Island", "Island", hand=["Fire // Ice"], opponents={"bob": [("x", "Forest")]}, cards=FACES)
    assert casts(api.plays(b)) == [("Fire // Ice", "Fire", "hand", "{1}{R}", False),
                                   ("Fire // Ice", "Ice", "hand", "{1}{U}", True)]
    ice = [p for p in api.plays(b)["plays"] if p.get("face") == "Ice"][0]
    assert ice["targets"][0]["legal"] == ["p0", "p1", "x"]  # the half's own text gives its targets


def test_709_4_the_whole_split_card_has_both_halves_characteristics():
    whole = load_board(board(cards=FACES)).db.get("Fire // Ice")
    assert whole.mana_cost.mana_value == 4
    assert set(whole.color_set) == {"R", "U"}


def test_715_3_adventure_cast_from_the_hand_at_its_own_speed():
    mountains = ("Mountain",) * 3
    b = board(*mountains, hand=[WHOLE_GIANT], cards=FACES, step="beginning_of_combat")
    assert casts(api.plays(b)) == [(WHOLE_GIANT, "Stomp", "hand", "{1}{R}", True)]  # an instant; the Giant waits
    b = board(*mountains, hand=[WHOLE_GIANT], cards=FACES)
    assert casts(api.plays(b)) == [(WHOLE_GIANT, None, "hand", "{2}{R}", True),
                                   (WHOLE_GIANT, "Stomp", "hand", "{1}{R}", True)]


def test_715_4_the_creature_is_cast_from_exile_after_its_adventure():
    b = board(*("Mountain",) * 3, cards=FACES, exile=[{"card": WHOLE_GIANT, "adventure": True}])
    assert casts(api.plays(b)) == [(WHOLE_GIANT, None, "exile", "{2}{R}", True)]
    b["step"] = "end"
    assert casts(api.plays(b)) == []  # still a creature spell: sorcery timing (307.1)


def test_702_143a_a_foretold_card_is_cast_from_exile_for_its_foretell_cost():
    b = board("Island", "Island", cards=FACES, exile=[{"card": "Saw It Coming", "foretold": True}], opponents=["bob"])
    b["stack"] = [{"kind": "spell", "controller": "bob", "card": "Llanowar Elves"}]
    (play,) = [p for p in api.plays(b)["plays"] if p["kind"] == "cast"]
    assert (play["zone"], play["via"], play["total"], play["payable"]) == ("exile", "foretell", "{1}{U}", True)
    b["stack"] = []
    assert casts(api.plays(b)) == []  # 601.2c: nothing to counter
    b = board("Island", "Island", "Island", hand=["Saw It Coming"], cards=FACES, opponents=["bob"])
    b["stack"] = [{"kind": "spell", "controller": "bob", "card": "Llanowar Elves"}]
    assert casts(api.plays(b)) == [("Saw It Coming", None, "hand", "{1}{U}{U}", True)]  # no foretell from the hand


def test_712_11_modal_double_faced_card_spell_back_face_is_cast():
    front = {"name": "Front Test // Back Test", "layout": "modal_dfc", "manaCost": "{G}", "type": "Creature — Elf",
             "types": ["Creature"], "power": "1", "toughness": "1", "text": ""}
    back = {"name": "Back Test", "layout": "modal_dfc", "manaCost": "{U}", "type": "Instant", "types": ["Instant"],
            "text": "Draw a card."}
    b = board("Island", hand=["Front Test // Back Test"], cards=[front, back])
    assert casts(api.plays(b)) == [("Front Test // Back Test", None, "hand", "{G}", False),
                                   ("Front Test // Back Test", "Back Test", "hand", "{U}", True)]


def test_faces_from_an_mtgjson_atomic_cards_file(tmp_path):
    atomic = {"data": {
        "Fire // Ice": [dict(FIRE, name="Fire // Ice", faceName="Fire"), dict(ICE, name="Fire // Ice", faceName="Ice")],
        WHOLE_GIANT: [dict(GIANT, name=WHOLE_GIANT, faceName="Bonecrusher Giant"),
                      dict(STOMP, name=WHOLE_GIANT, faceName="Stomp")]}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(atomic))
    db = CardDB([load_card_file(path), builtin_cards()])
    b = board("Island", "Mountain", "Mountain", hand=["Fire // Ice", WHOLE_GIANT])
    faces = [(p["card"], p.get("face")) for p in api.plays(b, db=db)["plays"] if p["kind"] == "cast"]
    assert faces == [("Fire // Ice", "Fire"), ("Fire // Ice", "Ice"), (WHOLE_GIANT, None), (WHOLE_GIANT, "Stomp")]


@pytest.mark.parametrize("entry,where", [
    ({"card": "Llanowar Elves", "adventure": True}, r"exile\[0\]\.adventure"),
    ({"card": "Llanowar Elves", "foretold": True}, r"exile\[0\]\.foretold"),
    ({"card": WHOLE_GIANT, "adventure": True, "foretold": True}, r"exile\[0\]"),
    ({"card": "Llanowar Elvs", "adventure": True}, r"exile\[0\]\.card"),
])
def test_exile_errors_name_the_json_path(entry, where):
    with pytest.raises(InputError, match=where):
        api.plays(board(cards=FACES, exile=[entry]))


def test_a_card_whose_other_faces_the_data_lacks_says_so():
    only_front = {"name": "Front Only // Missing", "layout": "adventure", "manaCost": "{R}", "type": "Creature — Giant",
                  "types": ["Creature"], "power": "1", "toughness": "1", "text": ""}
    (play,) = [p for p in api.plays(board("Mountain", hand=["Front Only // Missing"], cards=[only_front]))["plays"]
               if p["kind"] == "cast"]
    assert play["other_faces"] == "not in the card data" and "face" not in play
