"""The plain board check (models/board_read.py) against the pydantic models it stands in
for: on fuzzed boards, whatever the check accepts the models accept, read the same way
(every field, default and given-field set), and a board the check refuses gets the
models' error line; the command line reads a valid board without importing pydantic."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from pydantic import BaseModel, ValidationError

from manasolve.models.board import load_board
from manasolve.models.board import read_board
from manasolve.models.board_read import Read, Refused, board_check
from manasolve.models.board_schema import STEPS, BoardIn, validate_board
from manasolve.models.errors import InputError

from tests.support.boards import board


def _plain(value):
    """A read board as plain data: fields, the fields given and the extra ones, nested."""
    if isinstance(value, BaseModel):
        names = type(value).model_fields
        return {"fields": {k: _plain(getattr(value, k)) for k in names}, "set": sorted(value.model_fields_set),
                "extra": value.__pydantic_extra__ or {}}
    if isinstance(value, Read):
        names = [k for k in vars(value) if k not in ("model_fields_set", "_extra")]
        return {"fields": {k: _plain(getattr(value, k)) for k in names}, "set": sorted(value.model_fields_set),
                "extra": value._extra}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


ODD = [None, True, False, 0, 1, -1, 7, 10**6, 10**6 + 1, -10**6 - 1, 2**70, 1.0, 0.5, float("inf"), "", "x", "20",
       "a\udc80", "é", "x" * 5001, "y" * 11, [], ["x"], ("x",), {}, {"x": 1}, {"": 1}, {"x": -1}, {"x": True}]
NAMES = ["Forest", "Island", "Llanowar Elves", "Sol Ring", "Birds of Paradise", "Tolarian Academy"]


def _value(rng: random.Random, kind: str):
    """A plausible value of a field of `kind`, or sometimes an odd one."""
    if rng.random() < 0.03:
        return rng.choice(ODD)
    if kind == "text":
        return rng.choice(NAMES + ["a", "b", "p1"])
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "count":
        return rng.choice([0, 1, 3, 10**6])
    if kind == "signed":
        return rng.choice([-3, 0, 2, 10**6, -10**6])
    if kind == "texts":
        return [rng.choice(NAMES) for _ in range(rng.randint(0, 2))]
    if kind == "counts":
        return {rng.choice(["+1/+1", "charge", "-1/-1"]): rng.choice([0, 2]) for _ in range(rng.randint(0, 2))}
    raise AssertionError(kind)


PERMANENT = {"tapped": "bool", "sick": "bool", "counters": "counts", "attached_to": "text", "token": "bool",
             "controller": "text", "power": "signed", "toughness": "signed", "type": "text", "saddled": "bool",
             "saddled_by": "texts", "attacked": "bool", "haste": "bool", "entered_this_turn": "bool",
             "exhausted": "texts", "face_down": "bool", "face": "text", "unblocked": "bool", "exiled_with": "texts",
             "activated": "counts"}
PLAYER = {"life": "signed", "hand": "texts", "graveyard": "texts", "energy": "count", "speed": "count",
          "spells_cast_this_turn": "count", "lands_played_this_turn": "count", "poison": "count",
          "initiative": "bool", "library": "count", "until_end_of_turn": "texts", "miracle": "text",
          "combat_damage_types_this_turn": "texts"}


def _fields(rng: random.Random, kinds: dict) -> dict:
    out = {}
    for name in rng.sample(sorted(kinds), rng.randint(0, 4)):
        out[name] = _value(rng, kinds[name])
    if rng.random() < 0.05:
        out[rng.choice(["tappd", "Tapped", "lif", "zzz"])] = 1
    return out


def _fuzzed(rng: random.Random) -> dict:
    players = []
    for pi in range(rng.randint(1, 2)):
        perms = [{"id": "p%d_%d" % (pi, i), "card": rng.choice(NAMES), **_fields(rng, PERMANENT)}
                 for i in range(rng.randint(0, 3))]
        for perm in perms:
            if rng.random() < 0.1:
                perm["chosen"] = rng.choice([{"color": "G"}, {"colors": ["W", "U"]}, {"type": "Elf"}, {"colour": "G"},
                                             None, {"color": 3}])
            if rng.random() < 0.05:
                del perm[rng.choice(["id", "card"])]
        player = {"name": "pl%d" % pi, "battlefield": perms, **_fields(rng, PLAYER)}
        if rng.random() < 0.1:
            player["command"] = [rng.choice([{"card": "Sol Ring"}, {"card": "Sol Ring", "times_cast": 2},
                                             {"card": "Sol Ring", "in_command_zone": 0}])]
        if rng.random() < 0.1:
            player["exile"] = [rng.choice([{"card": "x", "foretold": True}, {"card": "x", "plotted": "yes"}])]
        if rng.random() < 0.1:
            player["granted_flashback"] = [rng.choice([{"card": "x"}, {"card": "x", "cost": "{1}"}, {"cost": "{1}"}])]
        if rng.random() < 0.1:
            player["mana_pool"] = rng.choice(["{G}", "", None, 3, "z" * 5001])
        players.append(player)
    data: dict = {"players": players}
    for key, values in (("format", ["manasolve/board@1", "manasolve/board@2"]), ("step", list(STEPS) + ["main", 1]),
                        ("active_player", ["pl0", "pl1", "", None]), ("stack_empty", [True, False, 1]),
                        ("priority_player", ["pl0", None]),
                        ("stack", [[], None, [{"kind": "spell", "controller": "pl0", "card": "x"}],
                                   [{"kind": "ability", "controller": "pl0", "ability": "triggered"}],
                                   [{"kind": "effect", "controller": "pl0"}]]),
                        ("cards", [[{"name": "Fuzz", "type": "Land", "text": "{T}: Add {G}.", "rarity": "rare"}],
                                   [{"name": "Fuzz", "colors": ["G", "X"]}], [{"name": "", "type": "Land"}],
                                   [{"name": "Fuzz", "power": "1" * 11}], [{"type": "Land"}],
                                   [{"name": "Fuzz", "manaCost": "", "keywords": ["Flying"], "extra\udc80": 1}],
                                   [{"name": "Fuzz", "rarity": "a\udc80", "printings": [1, {"a": None}]}]])):
        if rng.random() < 0.3:
            data[key] = rng.choice(values)
    if rng.random() < 0.03:
        data = rng.choice([{"players": []}, {"players": [{}]}, {"players": ({"name": "a"},)}, {"board": 1}])
    return data


def _pydantic(data):
    try:
        return BoardIn.model_validate(data)
    except ValidationError:
        return None


def test_the_check_is_built_from_every_node_of_the_shipped_schema():
    check = board_check()
    assert isinstance(check({"players": [{"name": "a"}]}), Read)


@pytest.mark.parametrize("seed", range(4))
def test_what_the_check_accepts_the_models_accept_and_read_alike(seed):
    rng = random.Random(seed)
    accepted = refused_by_both = deferred = 0
    for _ in range(500):
        data = _fuzzed(rng)
        try:
            fast = board_check()(data)
        except Refused:
            fast = None
        slow = _pydantic(data)
        if fast is None:
            deferred += slow is not None
            refused_by_both += slow is None
            continue
        assert slow is not None, data
        assert _plain(fast) == _plain(slow), data
        for mine, theirs in zip(getattr(fast, "cards"), slow.cards):
            assert mine.mtgjson() == theirs.mtgjson()
        accepted += 1
    assert accepted > 80 and refused_by_both > 100  # both sides of the check are exercised
    assert deferred == 0  # JSON-shaped data the models accept is accepted here (the tuple case aside)


def test_a_refused_board_gets_the_models_error_line():
    rng = random.Random(11)
    seen = 0
    for _ in range(300):
        data = _fuzzed(rng)
        try:
            validate_board(data, "b.json")
        except InputError as exc:
            with pytest.raises(InputError) as got:
                read_board(data, "b.json")
            assert got.value.line() == exc.line()
            seen += 1
    assert seen > 50


def test_a_loaded_board_is_the_same_whichever_way_it_was_read(monkeypatch):
    data = board(("f", "Forest"), {"id": "elf", "card": "Llanowar Elves", "sick": True, "counters": {"+1/+1": 1}},
                 {"id": "ring", "card": "Sol Ring", "tapped": True}, hand=["Cultivate"], opponents={"b": [("s", "Swamp")]},
                 cards=[{"name": "Fuzz Land", "type": "Land", "text": "{T}: Add {G}.", "rarity": "rare"}])
    data["players"][0]["battlefield"].append({"id": "fz", "card": "Fuzz Land"})
    fast = load_board(json.dumps(data))
    from manasolve.models import board as board_module

    monkeypatch.setattr(board_module, "read_board", validate_board)
    slow = load_board(json.dumps(data))
    assert [(p.id, p.card.name, p.tapped, p.sick, p.counters, p.controller) for p in fast.permanents] == \
        [(p.id, p.card.name, p.tapped, p.sick, p.counters, p.controller) for p in slow.permanents]
    assert fast.player("alice").hand == slow.player("alice").hand and fast.step == slow.step


def test_pay_on_the_command_line_imports_no_solver_or_validation_library_it_does_not_need(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board(("f", "Forest"), ("i", "Island"), hand=["Llanowar Elves"])))
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "manasolve", "pay", str(path), "--cost", "{G}"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "manasolve.models.board_read" in imported  # the import log is read
    heavy = ("ortools", "networkx", "numpy", "pydantic", "pydantic_core", "annotated_types", "multiprocessing",
             "ray", "matplotlib", "pandas")
    assert not {m for m in imported if m.split(".")[0] in heavy}
