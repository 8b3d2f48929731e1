"""Edits of a board in ``manasolve/board@1`` JSON form: the patch operations of a
session board, as typed values (`BoardEdit`, pushed and popped by
`manasolve.solver.position.Position`), and the moves a payment makes
(`manasolve.solver.carry_out`): the rules of moving a permanent (a token ceases to exist,
111.7; Auras go to the graveyard, Equipment stays, 704.5m-n) kept with the board format
they edit, in the model layer.

Every function works on a board dict in place (the caller holds a copy) and raises
`InputError` with the JSON path of the offending operation field.  Where a patch is
checked: its shape (an object, a known operation, the fields it takes) when it becomes a
`BoardEdit` (`edit_from_json`); each field's value and what it names on the board (a
permanent, a player, a card in a zone) by the operation's handler in `OPS` as it is
applied (`BoardEdit.apply`), in the order the handler reads them; the board after the
whole patch by `manasolve.solver.position.Position` (`manasolve.models.board.load_board`'s
checks) before it is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from manasolve.models.board_schema import STEPS, PermanentIn, PlayerIn, echo
from manasolve.models.errors import InputError, nearest
from manasolve.models.carddb import CardDB, UnknownCard, by_name
from manasolve.models.request import Zone
from manasolve.models.vocab import Vocabulary

ZONES = ("battlefield", "hand", "graveyard", "exile")
# Fields a "set_player" op may change (name and battlefield have their own ops).
_PLAYER_FIELDS = sorted(set(PlayerIn.model_fields) - {"name", "battlefield"})
_PERMANENT_FIELDS = sorted(set(PermanentIn.model_fields) - {"id", "card"})


def find_player(data: dict, name: str | None, where: str) -> dict:
    """The player entry named `name` (default: the active player)."""
    players = data["players"]
    name = name if name is not None else data.get("active_player") or players[0]["name"]
    for p in players:
        if p["name"] == name:
            return p
    raise InputError(where, "unknown player %r%s" % (name, nearest(str(name), [p["name"] for p in players])))


def find_permanent(data: dict, pid: str, where: str) -> tuple[dict, int]:
    """(the player entry listing it, its index in that battlefield) for permanent `pid`."""
    ids = []
    for p in data["players"]:
        for i, perm in enumerate(p.get("battlefield", [])):
            if perm["id"] == pid:
                return p, i
            ids.append(perm["id"])
    raise InputError(where, "no permanent with id %r%s" % (pid, nearest(str(pid), ids)))


def permanent(data: dict, pid: str, where: str) -> dict:
    """The board entry of permanent `pid`."""
    p, i = find_permanent(data, pid, where)
    return p["battlefield"][i]


def leave_battlefield(data: dict, pid: str, to: str, where: str, db: CardDB) -> None:
    """Move permanent `pid` to its owner's `to` zone ("hand", "graveyard", "exile"; the
    listing player stands for the owner).  A token ceases to exist (111.7, 111.8); Auras
    attached to it go to the graveyard and Equipment stays, unattached (704.5m, 704.5n);
    it leaves every saddled_by list."""
    owner, i = find_permanent(data, pid, where)
    perm = owner["battlefield"].pop(i)
    if to in (Zone.HAND, Zone.GRAVEYARD) and not perm.get("token"):
        owner.setdefault(to, []).append(perm["card"])
    for p in data["players"]:
        for other in list(p.get("battlefield", [])):
            if other.get("attached_to") == pid:
                if _is_aura(data, other, db):
                    leave_battlefield(data, other["id"], "graveyard", where, db)
                else:
                    other.pop("attached_to")
            if pid in other.get("saddled_by", []):
                other["saddled_by"] = [s for s in other["saddled_by"] if s != pid]


def _is_aura(data: dict, perm: dict, db: CardDB) -> bool:
    if perm.get("type"):
        return "Aura" in perm["type"].split()
    db = db.with_layer_first(by_name(data["cards"])) if data.get("cards") else db
    try:
        return "Aura" in db.get(perm["card"]).type_line.split()
    except UnknownCard:
        return False


def remove_zone_cards(data: dict, player: dict, ids: list[tuple[str, str]]) -> list[str]:
    """Take the cards named by zone ids (``hand[2]:Forest``, ``graveyard[0]:Think Twice``,
    as payments name them; each with the JSON path it came from) out of `player`'s zones
    in one step, so every index refers to the zones as they were; their names, in order."""
    picked: dict[str, list[int]] = {"hand": [], "graveyard": []}
    names = []
    for ident, where in ids:
        zone, index, name = _zone_id(ident, where)
        cards = player.get(zone, [])
        if index >= len(cards) or cards[index] != name:
            raise InputError(where, "%s has no %r at index %d" % (zone, name, index))
        if index in picked[zone]:
            raise InputError(where, "%r is named twice" % ident)
        picked[zone].append(index)
        names.append(name)
    for zone, indexes in picked.items():
        for index in sorted(indexes, reverse=True):
            player[zone].pop(index)
    return names


def _zone_id(ident: str, where: str) -> tuple[str, int, str]:
    head, sep, name = str(ident).partition(":")
    for zone in ("hand", "graveyard"):
        if sep and head.startswith(zone + "[") and head.endswith("]") and head[len(zone) + 1:-1].isdigit():
            return zone, int(head[len(zone) + 1:-1]), name
    raise InputError(where, "not a card id like 'hand[0]:Forest' or 'graveyard[2]:Think Twice' (got %s)" % echo(ident))


class EditKind(Vocabulary):
    """The patch operations (`OPS` has each one's fields and handler)."""

    TAP = "tap"
    UNTAP = "untap"
    UNTAP_ALL = "untap_all"  # 502.3
    SET = "set"
    COUNTERS = "counters"
    MOVE = "move"  # 111.7, 704.5m-n when a permanent leaves
    LIFE = "life"
    ENERGY = "energy"
    MANA_POOL = "mana_pool"
    SET_PLAYER = "set_player"
    STEP = "step"
    ACTIVE_PLAYER = "active_player"
    PRIORITY_PLAYER = "priority_player"
    STACK_EMPTY = "stack_empty"


@dataclass(frozen=True)
class BoardEdit:
    """One patch operation as a value: its `kind` and the fields given with it (each one
    the operation takes, see `OPS`), as ``(name, JSON value)`` pairs in the order given.
    A field's value is checked when the edit is applied, with what it names on the board,
    in the order the rules read them (a permanent looked up before the counter kind)."""

    kind: EditKind
    fields: tuple[tuple[str, Any], ...] = ()

    def apply(self, data: dict, where: str, db: CardDB) -> None:
        """Apply the edit to the board dict `data` in place (`where`: its JSON path, as
        ``ops[i]``); `db` tells which cards are Auras when a permanent leaves the
        battlefield.  InputError naming the field for a value the board does not allow."""
        OPS[self.kind][1](data, {"op": self.kind.value, **dict(self.fields)}, where, db)


def edit_from_json(op: Any, where: str) -> BoardEdit:
    """The typed edit of one patch operation in JSON (``{"op": "tap", "id": "f1"}``);
    InputError naming `where` for one that is not an object, an unknown operation or a
    field the operation does not take."""
    if not isinstance(op, dict):
        raise InputError(where, "an operation is an object like {\"op\": \"tap\", \"id\": \"f1\"}")
    name = op.get("op")
    handler = OPS.get(name) if isinstance(name, str) else None
    if handler is None:
        raise InputError(where + ".op", "unknown operation %s%s" % (echo(name), nearest(str(name), list(OPS))))
    fields, _ = handler
    for key in op:
        if key != "op" and key not in fields:
            raise InputError("%s.%s" % (where, key), "operation %r takes no field %r (it takes %s)" % (
                name, key, ", ".join(fields) or "nothing"))
    return BoardEdit(EditKind(name), tuple((k, v) for k, v in op.items() if k != "op"))


def apply_op(data: dict, op: Any, where: str, db: CardDB) -> None:
    """Apply one patch operation in JSON (see `OPS`) to the board dict: `edit_from_json`
    then `BoardEdit.apply`."""
    edit_from_json(op, where).apply(data, where, db)


def _need(op: dict, key: str, where: str, kind: type | tuple[type, ...] = str) -> Any:
    if key not in op:
        raise InputError(where, "operation %r needs %r" % (op["op"], key))
    value = op[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise InputError("%s.%s" % (where, key), "must be %s (got %s)" % (names.replace("str", "a string").replace(
            "int", "an integer").replace("bool", "true or false"), echo(value)))
    return value


def _set_or_add(op: dict, where: str, current: int) -> int:
    if ("set" in op) == ("add" in op):
        raise InputError(where, "operation %r needs exactly one of \"set\" or \"add\"" % op["op"])
    if "set" in op:
        return _need(op, "set", where, int)
    return current + _need(op, "add", where, int)


def _tap(value: bool):
    def run(data: dict, op: dict, where: str, db: CardDB) -> None:
        permanent(data, _need(op, "id", where), where + ".id")["tapped"] = value
    return run


def _set_field(entry: dict, op: dict, where: str, valid: list[str], what: str) -> None:
    """entry[op.field] = op.value, for a field of the board format (checked again when
    the board is validated)."""
    field = _need(op, "field", where)
    if field not in valid:
        raise InputError(where + ".field", "unknown %s field %r%s" % (what, field, nearest(field, valid)))
    if "value" not in op:
        raise InputError(where, "operation %r needs 'value'" % op["op"])
    entry[field] = op["value"]


def _set_permanent(data: dict, op: dict, where: str, db: CardDB) -> None:
    _set_field(permanent(data, _need(op, "id", where), where + ".id"), op, where, _PERMANENT_FIELDS, "permanent")


def _counters(data: dict, op: dict, where: str, db: CardDB) -> None:
    perm = permanent(data, _need(op, "id", where), where + ".id")
    kind = _need(op, "counter", where)
    counters = perm.setdefault("counters", {})
    n = _set_or_add(op, where, counters.get(kind, 0))
    if n < 0:
        raise InputError(where, "%s would have %d %s counters; a count is 0 or more" % (perm["id"], n, kind))
    counters[kind] = n


def _player_number(key: str, minimum: int | None):
    def run(data: dict, op: dict, where: str, db: CardDB) -> None:
        player = find_player(data, op.get("player"), where + ".player")
        n = _set_or_add(op, where, player.get(key, 20 if key == EditKind.LIFE else 0))
        if minimum is not None and n < minimum:
            raise InputError(where, "%s would have %d %s; it is %d or more" % (player["name"], n, key, minimum))
        player[key] = n
    return run


def _set_player(data: dict, op: dict, where: str, db: CardDB) -> None:
    _set_field(find_player(data, op.get("player"), where + ".player"), op, where, _PLAYER_FIELDS, "player")


def _mana_pool(data: dict, op: dict, where: str, db: CardDB) -> None:
    player = find_player(data, op.get("player"), where + ".player")
    if ("set" in op) == ("add" in op):
        raise InputError(where, "operation 'mana_pool' needs exactly one of \"set\" or \"add\"")
    text = _need(op, "set" if "set" in op else "add", where)
    player["mana_pool"] = text if "set" in op else (player.get("mana_pool") or "") + text
    if not player["mana_pool"]:
        player.pop("mana_pool")  # the text itself is checked when the board is validated again


def _step(data: dict, op: dict, where: str, db: CardDB) -> None:
    step = _need(op, "step", where)
    if step not in STEPS:
        raise InputError(where + ".step", "unknown step %r%s" % (step, nearest(step, list(STEPS))))
    data["step"] = step


def _active_player(data: dict, op: dict, where: str, db: CardDB) -> None:
    data["active_player"] = find_player(data, _need(op, "player", where), where + ".player")["name"]


def _priority_player(data: dict, op: dict, where: str, db: CardDB) -> None:
    if op.get("player") is None:  # the board no longer says who holds priority
        data.pop("priority_player", None)
        return
    data["priority_player"] = find_player(data, _need(op, "player", where), where + ".player")["name"]


def _stack_empty(data: dict, op: dict, where: str, db: CardDB) -> None:
    data["stack_empty"] = _need(op, "value", where, bool)


def _untap_all(data: dict, op: dict, where: str, db: CardDB) -> None:
    # 502.3: the active player untaps their permanents (here: every permanent they control).
    name = find_player(data, op.get("player"), where + ".player")["name"]
    for p in data["players"]:
        for perm in p.get("battlefield", []):
            if perm.get("controller", p["name"]) == name:
                perm["tapped"] = False


def _move(data: dict, op: dict, where: str, db: CardDB) -> None:
    src, dst = _need(op, "from", where), _need(op, "to", where)
    for key, zone in (("from", src), ("to", dst)):
        if zone not in ZONES or (key == "from" and zone == Zone.EXILE):
            valid = [z for z in ZONES if not (key == "from" and z == Zone.EXILE)]
            raise InputError("%s.%s" % (where, key), "unknown zone %r%s (zones: %s)" % (
                zone, nearest(str(zone), valid), ", ".join(valid)))
    if src == dst:
        raise InputError(where + ".to", "the card is already in %s" % dst)
    if src == Zone.BATTLEFIELD:
        leave_battlefield(data, _need(op, "id", where), dst, where + ".id", db)
        return
    player = find_player(data, op.get("player"), where + ".player")
    card = _need(op, "card", where)
    cards = player.get(src, [])
    if card not in cards:
        raise InputError(where + ".card", "%s's %s has no %r%s" % (player["name"], src, card, nearest(card, cards)))
    cards.remove(card)
    if dst == Zone.BATTLEFIELD:
        entry = {"id": _need(op, "new_id", where), "card": card, **_extra_fields(op.get("fields", {}), where + ".fields")}
        player.setdefault("battlefield", []).append(entry)
    elif dst != Zone.EXILE:
        player.setdefault(dst, []).append(card)


def _extra_fields(fields: Any, where: str) -> dict:
    if not isinstance(fields, dict):
        raise InputError(where, "must be an object of permanent fields, e.g. {\"tapped\": true}")
    for key in fields:
        if key not in _PERMANENT_FIELDS:
            raise InputError("%s.%s" % (where, key), "unknown permanent field %r%s" % (key, nearest(key, _PERMANENT_FIELDS)))
    return dict(fields)


# op name -> (fields it takes besides "op", handler)
OPS: dict[str, tuple[tuple[str, ...], Any]] = {
    "tap": (("id",), _tap(True)),
    "untap": (("id",), _tap(False)),
    "untap_all": (("player",), _untap_all),
    "set": (("id", "field", "value"), _set_permanent),
    "counters": (("id", "counter", "set", "add"), _counters),
    "move": (("from", "to", "id", "card", "player", "new_id", "fields"), _move),
    "life": (("player", "set", "add"), _player_number("life", None)),
    "energy": (("player", "set", "add"), _player_number("energy", 0)),
    "mana_pool": (("player", "set", "add"), _mana_pool),
    "set_player": (("player", "field", "value"), _set_player),
    "step": (("step",), _step),
    "active_player": (("player",), _active_player),
    "priority_player": (("player",), _priority_player),
    "stack_empty": (("value",), _stack_empty),
}
