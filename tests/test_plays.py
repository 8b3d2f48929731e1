"""``manasolve plays``: legal plays now — casts with every cost choice, flashback, saddle,
crew and other activations — on small boards and on a 30-permanent board with a 7-card
hand (timed, printed, not asserted)."""

from __future__ import annotations

import json
import time

import pytest

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import InputError
from tests.support import boards
from tests.support.inline import INLINE, board, lands


def test_plays_lists_hand_casts_flashback_and_activations_with_counts():
    b = board(*lands("Island", "Island", "Island", "Forest") + [{"id": "bronco", "card": "Caustic Bronco"},
                                                              {"id": "elf", "card": "Llanowar Elves"},
                                                              {"id": "birds", "card": "Birds of Paradise"}],
              hand=["Bear Test"], graveyard=["Think Twice"])
    plays = api.plays(b, count=True)["plays"]
    bear = next(p for p in plays if p.get("card") == "Bear Test")
    assert bear["total"] == "{1}{G}" and bear["count"] == api.pay(b, card="Bear Test", mode="count")["count"] > 0
    tt = next(p for p in plays if p.get("card") == "Think Twice")
    assert (tt["via"], tt["total"], tt["zone"]) == ("flashback", "{2}{U}", "graveyard")
    assert tt["count"] == api.pay(b, card="Think Twice", zone="graveyard", alt="flashback", mode="count")["count"]
    saddle = next(p for p in plays if p.get("ability") == "Saddle 3")
    assert saddle["source"] == "bronco" and saddle["count"] == api.saddle(b, "bronco")["count"]


def test_sorcery_speed_plays_left_out_on_opponents_turn():
    b = board(*lands("Island", "Forest") + [{"id": "bronco", "card": "Caustic Bronco"}, {"id": "elf", "card": "Llanowar Elves"}],
              hand=["Bear Test", "Think Twice"], graveyard=["Faithless Looting"], active="bob")
    plays = api.plays(b, player="alice", count=True)["plays"]
    assert [p["card"] for p in plays if p["kind"] == "cast"] == ["Think Twice"]  # instant only
    assert not any(p.get("ability") == "Saddle 3" for p in plays)


def test_x_spell_listed_with_x_zero_and_largest_payable_x():
    b = board(*lands("Mountain", "Mountain", "Mountain"), hand=["Burn X"])
    xs = [(p["x"], p["x_max"], p["count"]) for p in api.plays(b, count=True)["plays"] if p.get("card") == "Burn X"]
    assert xs == [(0, 2, 3)]  # {R}: any of the 3 Mountains; X up to 2
    b = board(*lands("Island"), hand=["Burn X"])
    assert [p["payable"] for p in api.plays(b, count=True)["plays"]] == [False] and "x_max" not in api.plays(b, count=True)["plays"][0]


def test_kicker_and_multikicker_choices():
    b = board(*lands("Forest", "Forest", "Forest", "Forest", "Forest"), hand=["Gnarlid Pack"])
    plays = api.plays(b, count=True)["plays"]
    assert [sum(a["times"] for a in p.get("additional", [])) for p in plays] == [0, 1]
    assert plays[1]["times_max"] == 1  # {2}{G}{G} payable; {3}{G}{G}{G} (6 mana) is not
    b = board(*lands(*["Mountain"] * 5), graveyard=["Kicked Flame"])
    totals = [(p["total"], p["payable"]) for p in api.plays(b, count=True)["plays"]]
    assert totals == [("{2}{R}", True), ("{3}{R}{R}", True)]


def test_crew_and_generic_activated_ability():
    b = board(*lands("Mountain", "Mountain") + [{"id": "copter", "card": "Smuggler's Copter"},
                                               {"id": "bear", "card": "Bear Test", "sick": True},
                                               {"id": "blade", "card": "Bonesplitter"}])
    plays = api.plays(b, count=True)["plays"]
    crew = next(p for p in plays if p.get("ability") == "Crew 1")
    assert crew["source"] == "copter" and crew["count"] == 1  # the sick Bear may crew (302.6)
    equip = next(p for p in plays if p.get("source") == "blade")
    assert equip["ability"] == "Equip {1}" and equip["count"] == 2  # either Mountain


def test_tap_ability_source_cannot_also_pay_for_it():
    card = {"name": "Pinger", "manaCost": "{R}", "type": "Artifact",
            "text": "{T}: Add {R}.\n{1}, {T}: Pinger deals 1 damage to any target."}
    data = {"format": "manasolve/board@1", "cards": INLINE + [card],
            "players": [{"name": "alice", "battlefield": [{"id": "pinger", "card": "Pinger"}]}]}
    ping = next(p for p in api.plays(data, count=True)["plays"] if p.get("source") == "pinger")
    assert ping["payable"] is False  # its {T} is in the cost, so it can't also make the {1}


def test_unknown_player_is_input_error():
    with pytest.raises(InputError, match="unknown player"):
        api.plays(board(), player="carol", count=True)


# --- 30 permanents, 7 cards in hand -------------------------------------------------------------

def big_board() -> dict:
    perms = lands(*(["Forest"] * 4 + ["Island"] * 3 + ["Mountain"] * 3 + ["Plains"] * 2 + ["Reflecting Pool"]))
    perms += [{"id": "elf%d" % i, "card": "Llanowar Elves"} for i in range(2)]
    perms += [{"id": "birds", "card": "Birds of Paradise"}, {"id": "bronco", "card": "Caustic Bronco"},
              {"id": "gt", "card": "Golden-Tail Trainer", "counters": {"+1/+1": 1}},
              {"id": "copter", "card": "Smuggler's Copter"}, {"id": "sol", "card": "Sol Ring"},
              {"id": "signet", "card": "Izzet Signet"}, {"id": "drum", "card": "Springleaf Drum"},
              {"id": "blade", "card": "Bonesplitter"}]
    perms += [{"id": "bear%d" % i, "card": "Bear Test", "sick": i % 2 == 0} for i in range(7)]
    assert len(perms) == 30
    return boards.board(*perms, cards=INLINE,
                        hand=["Burn X", "Aura W", "Gear 3", "Gnarlid Pack", "Probe", "Think Twice", "Phyrexian Test"],
                        graveyard=["Faithless Looting", "Acorn Harvest"],
                        opponents={"bob": [("thalia", "Thalia, Guardian of Thraben")]})


def test_plays_on_30_permanent_board_with_7_card_hand(capsys):
    data = big_board()
    start = time.perf_counter()
    ans = api.plays(data, count=True)
    elapsed = time.perf_counter() - start
    with capsys.disabled():
        print("\nplays, 30 permanents + 7-card hand: %d plays in %.3f s" % (len(ans["plays"]), elapsed))
    cards = {p["card"] for p in ans["plays"] if p["kind"] == "cast"}
    assert cards == {"Burn X", "Aura W", "Gear 3", "Gnarlid Pack", "Probe", "Think Twice", "Phyrexian Test",
                     "Faithless Looting", "Acorn Harvest"}
    abilities = {(p["source"], p["ability"]) for p in ans["plays"] if p["kind"] == "activate"}
    assert {("bronco", "Saddle 3"), ("copter", "Crew 1")} <= abilities
    b = api.as_board(data)
    for p in ans["plays"]:  # every cast's count agrees with `pay --card`
        if p["kind"] == "cast" and p["payable"] is not None and "x" not in p and not p.get("additional"):
            alt = None if p["via"] == "mana_cost" else p["via"]
            assert p["count"] == api.pay(b, card=p["card"], zone=p["zone"], alt=alt, mode="count")["count"]


def test_plays_on_30_permanent_board_of_plain_mana_sources(capsys):
    """The same board with its filter/any-colour sources (Reflecting Pool, Signet, Drum,
    Birds, Sol Ring) replaced by Forests: counts stay small, so does the time."""
    data = big_board()
    heavy = ("Reflecting Pool", "Izzet Signet", "Springleaf Drum", "Birds of Paradise", "Sol Ring")
    for perm in data["players"][0]["battlefield"]:
        if perm["card"] in heavy:
            perm["card"] = "Forest"
    start = time.perf_counter()
    ans = api.plays(data, count=True)
    elapsed = time.perf_counter() - start
    with capsys.disabled():
        print("\nplays, 30 plain permanents + 7-card hand: %d plays in %.3f s" % (len(ans["plays"]), elapsed))
    think = next(p for p in ans["plays"] if p.get("card") == "Think Twice")
    assert think["count"] == api.pay(data, card="Think Twice", mode="count")["count"]


def test_cli_plays_json_and_table(tmp_path, capsys):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(big_board()))
    assert main(["plays", str(path), "--count", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    first = out["plays"][0]
    assert {"kind", "card", "zone", "via", "total", "payable", "count"} <= set(first)
    assert main(["plays", str(path)]) == 0
    assert "Legal plays now for alice" in capsys.readouterr().out
    assert main(["plays", str(path), "--player", "carl"]) == 2
    assert "unknown player" in capsys.readouterr().err


def _activations(b: dict) -> dict[str, tuple | None]:
    """The activate plays of `b` other than Saddle/Crew: ability text -> not_modelled."""
    return {p["ability"]: tuple(p["not_modelled"]) if p.get("not_modelled") else None
            for p in api.plays(b)["plays"] if p["kind"] == "activate"}


BAXTER_DRAW = "{4}, {T}: Draw a card. Activate only if you control a creature with toughness 4 or greater."


@pytest.mark.parametrize("creature, listed", [
    (None, False),
    ({"id": "c", "card": "Grizzly Bears"}, False),  # 2/2
    ({"id": "c", "card": "Grizzly Bears", "counters": {"+1/+1": 2}}, True),  # 4/4 with counters
    ({"id": "c", "card": "Serra Angel"}, True),  # 4/4
    ({"id": "c", "card": "Serra Angel", "controller": "bob"}, False),  # not yours
], ids=["none", "toughness-2", "toughness-4-by-counters", "toughness-4", "an-opponents"])
def test_baxter_buildings_draw_needs_a_creature_with_toughness_4_or_greater(creature, listed):
    # 602.5b: "Activate only if ..." — the draw ability is no play without such a creature
    b = boards.board(("bb", "Baxter Building"), *[("f%d" % i, "Forest") for i in range(4)],
                     *([creature] if creature else []), opponents=["bob"])
    plays = _activations(b)
    assert (BAXTER_DRAW in plays) == listed
    if listed:
        assert plays[BAXTER_DRAW] is None  # read and holding: nothing left unmodelled


def test_activate_only_restrictions_are_read_or_named():
    # Security Detail: "Activate only if you control no creatures and only once each turn."
    detail = "{W}{W}: Create a 1/1 white Soldier creature token. " \
             "Activate only if you control no creatures and only once each turn."
    plains = [("p1", "Plains"), ("p2", "Plains")]
    assert detail in _activations(boards.board(("sd", "Security Detail"), *plains))
    assert detail not in _activations(boards.board(("sd", "Security Detail"), *plains, ("elf", "Llanowar Elves")))
    assert detail not in _activations(boards.board({"id": "sd", "card": "Security Detail", "activated": {detail: 1}},
                                                   *plains))  # 602.5b: once each turn, and it was
    # 602.5b: "Activate no more than twice each turn" (Pit Imp) / "three times" (Sewer Rats): not read before,
    # so the pump stayed a play however often the board said it was activated
    imp = "{B}: ~ gets +1/+0 until end of turn. Activate no more than twice each turn."
    swamps = [("s1", "Swamp"), ("s2", "Swamp")]
    for times, listed in ((0, True), (1, True), (2, False), (3, False)):
        printed = {imp.replace("~", "This creature"): times}  # the board names the ability as printed
        assert (imp in _activations(boards.board({"id": "pi", "card": "Pit Imp", "activated": printed},
                                                 *swamps))) == listed
    # the board may also name it as the answers print it ("~"): the same ability
    assert imp not in _activations(boards.board({"id": "pi", "card": "Pit Imp", "activated": {imp: 2}}, *swamps))
    rats = "{B}, Pay 1 life: ~ gets +1/+0 until end of turn. Activate no more than three times each turn."
    for times, listed in ((2, True), (3, False)):
        printed = {rats.replace("~", "This creature"): times}
        assert (rats in _activations(boards.board({"id": "r", "card": "Sewer Rats", "activated": printed},
                                                  *swamps))) == listed
    # Argent Sphinx: metalcraft, "if you control three or more artifacts"
    islands = [("i1", "Island"), ("s1", "Sol Ring"), ("s2", "Sol Ring")]
    assert not any(text.startswith("{U}: Exile") for text in _activations(boards.board(("a", "Argent Sphinx"), *islands)))
    assert any(text.startswith("{U}: Exile") for text in _activations(
        boards.board(("a", "Argent Sphinx"), *islands, ("s3", "Sol Ring"))))
    # a restriction not read is named, never guessed
    enforcer = _activations(boards.board(("c", "Celestial Enforcer"), *plains))
    assert enforcer == {"{1}{W}, {T}: Tap target creature. Activate only if you control a creature with flying.": (
        "'Activate only if you control a creature with flying.' is not modelled: listed whether or not it holds",)}
