"""Could-produce (rule 106.7): seed rulings, rules.md worked examples 1-3, referential
cycles, the `produce` CLI/API, and a property test against naive iteration."""

from __future__ import annotations

import re
from functools import partial

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve import api
from manasolve.cli import main
from manasolve.models.board import InputError
from manasolve.solver.production import (
    activation_bundles,
    could_produce,
    mana_abilities,
)
from tests.support.boards import loaded


# players p0 (the first, active), p1, ...
board = partial(loaded, player="p0")


def bundles(b, pid: str, index: int = 0):
    perm = b.get(pid)
    return activation_bundles(b, perm, mana_abilities(b, perm)[index])


# --- seed rulings (first rulings of every file in shared/seeds/) -----------------------


def test_seed_undefined_type_produces_no_mana():
    """"If an ability would produce one or more mana of an undefined type, it produces no
    mana instead."  Two Pools only: the type is undefined, tapping adds nothing."""
    b = board(("a", "Reflecting Pool"), ("b", "Reflecting Pool"))
    assert bundles(b, "a") == ()
    assert could_produce(b) == {"a": (), "b": ()}


def test_seed_could_produce_ignores_costs():
    """"Ignore whether any costs of the ability could or could not be paid": a tapped land
    and a filter land with no mana to pay its {W/U} both count."""
    b = board(("rp", "Reflecting Pool"), {"id": "isl", "card": "Island", "tapped": True},
              ("gate", "Mystic Gate"))
    got = could_produce(b)
    assert got["isl"] == ("U",)
    assert set(got["gate"]) >= {"W", "U"}
    assert set(got["rp"]) == set(got["gate"]) | {"U"}


def test_could_produce_ignores_summoning_sickness():
    """Our reading of "if the ability were to resolve": a sick creature's {T} ability counts."""
    b = board({"id": "elf", "card": "Llanowar Elves", "sick": True}, ("rp", "Reflecting Pool"),
              opponents={"p1": [{"id": "qe", "card": "Quirion Explorer", "sick": True}, ("orchard", "Exotic Orchard")]})
    got = could_produce(b)
    assert got["elf"] == ("G",)
    assert got["rp"] == ()  # creatures are not lands
    assert got["qe"] == got["orchard"] == ()


def test_seed_could_produce_takes_replacements_into_account():
    """"...taking into account any applicable replacement effects in any possible order."""
    b = board(("rp", "Reflecting Pool"), ("f", "Forest"), ("c", "Contamination"), ("m", "Mana Reflection"))
    assert could_produce(b)["f"] == ("B",)
    assert could_produce(b)["rp"] == ("B",)


def test_seed_wouldnt_produce_any_mana_means_no_type():
    """"If that permanent wouldn't produce any mana ... there's no type of mana it could
    produce": an Orchard facing only Wastes ({C} is not a color)."""
    b = board(("o", "Exotic Orchard"), opponents={"p1": [("w", "Wastes")]})
    assert could_produce(b)["o"] == ()
    assert bundles(b, "o") == ()


def test_seed_tap_for_mana_needs_tap_symbol():
    """"To 'tap [a permanent] for mana' is to activate a mana ability ... that includes
    the {T} symbol": a land's sacrifice-only mana ability is not tapping for mana, so
    Contamination and Mana Flare ignore it."""
    land = {"name": "Sac Land", "type": "Land", "types": ["Land"], "text": "Sacrifice this land: Add {G}."}
    b = board(("s", "Sac Land"), ("c", "Contamination"), ("fl", "Mana Flare"), cards=[land])
    assert bundles(b, "s") == (("G",),)
    assert could_produce(b)["s"] == ("G",)


def test_seed_tapped_for_mana_trigger_needs_mana_produced():
    """"An ability that triggers whenever a permanent 'is tapped for mana' ... triggers
    whenever such a mana ability resolves and produces mana": Mana Flare adds nothing to a
    Pool that produces nothing, and one more of the produced type otherwise."""
    ring = board(("a", "Reflecting Pool"), ("b", "Reflecting Pool"), ("fl", "Mana Flare"))
    assert bundles(ring, "a") == ()
    fed = board(("a", "Reflecting Pool"), ("i", "Island"), ("fl", "Mana Flare"))
    assert bundles(fed, "a") == (("U", "U"),)


def test_seed_replacement_modifies_production_while_resolving():
    """"A replacement effect that applies if a permanent 'is tapped for mana' ... modifies
    the mana production event": Mana Reflection doubles a Forest's {G}."""
    b = board(("f", "Forest"), ("m", "Mana Reflection"))
    assert bundles(b, "f") == (("G", "G"),)


# --- rules.md worked examples 1-3 ---------------------------------------------------------


def test_worked_example_1_two_pools():
    b = board(("a", "Reflecting Pool"), ("b", "Reflecting Pool"))
    assert api.produce(b) ["permanents"] == {"a": [], "b": []}


def test_worked_example_2_pool_tapped_island_wastes_and_orchard():
    b = board(("rp", "Reflecting Pool"), {"id": "i", "card": "Island", "tapped": True}, ("w", "Wastes"),
              opponents={"p1": [("o", "Exotic Orchard")]})
    got = could_produce(b)
    assert got["rp"] == ("U", "C")
    assert bundles(b, "rp") == (("U",), ("C",))
    assert got["o"] == ("U",)  # the Island is a colored source across the table
    alone = board(("o", "Exotic Orchard"), opponents={"p1": [("w", "Wastes")]})
    assert could_produce(alone)["o"] == ()


def test_worked_example_3_contamination():
    b = board(("f", "Forest"), ("rp", "Reflecting Pool"), ("c", "Contamination"))
    assert could_produce(b)["f"] == ("B",)
    assert could_produce(b)["rp"] == ("B",)
    assert bundles(b, "rp") == (("B",),)


# --- referential graphs ------------------------------------------------------------------


def test_two_exotic_orchards_facing_each_other():
    """Each Orchard sees the other side's basic and, through the other Orchard, its own."""
    b = board(("o1", "Exotic Orchard"), ("f", "Forest"), opponents={"p1": [("o2", "Exotic Orchard"), ("i", "Island")]})
    got = could_produce(b)
    assert got["o1"] == ("U", "G") and got["o2"] == ("U", "G")
    bare = board(("o1", "Exotic Orchard"), opponents={"p1": [("o2", "Exotic Orchard")]})
    assert could_produce(bare) == {"o1": (), "o2": ()}


def test_pool_orchard_cycle():
    base = [("rp", "Reflecting Pool"), ("oa", "Exotic Orchard")]
    empty = board(*base, opponents={"p1": [("ob", "Exotic Orchard"), ("w", "Wastes")]})
    assert could_produce(empty) == {"rp": (), "oa": (), "ob": (), "w": ("C",)}
    fed = board(*base + [("pl", "Plains"), ("wa", "Wastes")], opponents={"p1": [("ob", "Exotic Orchard")]})
    got = could_produce(fed)
    assert got["rp"] == ("W", "C")  # "type": colorless counts
    assert got["ob"] == ("W",)  # "color": C dropped
    assert got["oa"] == ("W",)  # through the opposing Orchard


def test_ring_of_three_pools_with_and_without_a_real_land():
    ring = [("a", "Reflecting Pool"), ("b", "Reflecting Pool"), ("c", "Reflecting Pool")]
    assert set(could_produce(board(*ring)).values()) == {()}
    got = could_produce(board(*ring + [{"id": "i", "card": "Island", "tapped": True}]))
    assert got == {"a": ("U",), "b": ("U",), "c": ("U",), "i": ("U",)}


def test_pool_sees_only_its_controllers_lands():
    b = board(("rp", "Reflecting Pool"), opponents={"p1": [("f", "Forest")]})
    assert could_produce(b)["rp"] == ()


def test_fellwar_stone_and_harvester_druid():
    b = board(("fs", "Fellwar Stone"), ("hd", "Harvester Druid", ), ("w", "Wastes"), ("m", "Mountain"),
              opponents={"p1": [("i", "Island"), ("w2", "Wastes")]})
    got = could_produce(b)
    assert got["fs"] == ("U",)
    assert got["hd"] == ("R",)  # lands you control, colors only


def test_three_players_opponents_lands():
    b = board(("o", "Exotic Orchard"), opponents={"p1": [("i", "Island")], "p2": [("s", "Swamp")]})
    assert could_produce(b)["o"] == ("U", "B")


# --- property: the SCC fixpoint equals naive repeated iteration --------------------------

BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G", "Wastes": "C"}
REFERENTIAL = {  # card -> (is a land, reads own/opponents' lands, type/color)
    "Reflecting Pool": (True, "own", "type"),
    "Exotic Orchard": (True, "opp", "color"),
    "Fellwar Stone": (False, "opp", "color"),
    "Harvester Druid": (False, "own", "color"),
}
LANDS_FOR_TEST = set(BASICS) | {c for c, v in REFERENTIAL.items() if v[0]}


def naive(perms: list[tuple[str, str, int]], contaminated: bool) -> dict[str, set[str]]:
    """Repeated whole-board iteration from nothing until no value changes."""
    val: dict[str, set[str]] = {pid: set() for pid, _, _ in perms}
    while True:
        new = {}
        for pid, card, owner in perms:
            if card in BASICS:
                out = {BASICS[card]}
            else:
                is_land, whose, kind = REFERENTIAL[card]
                seen = set()
                for qid, qcard, qowner in perms:
                    if qcard in LANDS_FOR_TEST and ((qowner == owner) == (whose == "own")):
                        seen |= val[qid]
                if kind == "color":
                    seen.discard("C")
                out = seen
            if contaminated and (card in LANDS_FOR_TEST) and out:
                out = {"B"}
            new[pid] = out
        if new == val:
            return val
        val = new


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(sorted(BASICS) + sorted(REFERENTIAL) * 3), st.integers(0, 2)),
             min_size=1, max_size=30),
    st.booleans(),
)
def test_fixpoint_equals_naive_iteration(perms, contaminated):
    listed = [("x%d" % i, card, owner) for i, (card, owner) in enumerate(perms)]
    sides: list[list] = [[], [], []]
    for pid, card, owner in listed:
        sides[owner].append((pid, card))
    if contaminated:
        sides[0].append(("contamination", "Contamination"))
    got = could_produce(board(*sides[0], opponents={"p1": sides[1], "p2": sides[2]}))
    want = naive(listed, contaminated)
    for pid, _, _ in listed:
        assert set(got[pid]) == want[pid], pid


# --- CLI and API -----------------------------------------------------------------------------


# the board of the `board_file` fixture (tests/conftest.py)
FILE_BOARD = {"players": [
    {"name": "alice", "battlefield": [{"id": "rp", "card": "Reflecting Pool"}, {"id": "f1", "card": "Forest"}]},
    {"name": "bob", "battlefield": [{"id": "orchard", "card": "Exotic Orchard"}, {"id": "w", "card": "Wastes"}]},
]}


def test_cli_produce_json_every_permanent(board_file, capsys):
    assert main(["produce", board_file, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["permanents"] == {"rp": ["G"], "f1": ["G"], "orchard": ["G"], "w": ["C"]}


def test_cli_produce_one_id_and_table(board_file, capsys):
    assert main(["produce", board_file, "--json", "--id", "orchard"]) == 0
    assert json.loads(capsys.readouterr().out)["permanents"] == {"orchard": ["G"]}
    assert main(["produce", board_file]) == 0
    assert "Reflecting Pool" in capsys.readouterr().out


def test_cli_produce_unknown_id_exit_2(board_file, capsys):
    assert main(["produce", board_file, "--id", "orchad"]) == 2
    err = capsys.readouterr().err
    assert "orchad" in err and "'orchard'" in err


def test_api_produce_unknown_id_raises(board_file):
    with pytest.raises(InputError, match=re.escape("board.json: parameter id: no permanent with id 'nope'")):
        api.produce(board_file, "nope")
