"""The board file format ``manasolve/board@1`` as a pydantic schema, and its errors said
as one line with the JSON path of the offending value and the nearest valid value."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from manasolve.models.errors import InputError, nearest

FORMAT = "manasolve/board@1"
STEPS = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=False)


class PermanentIn(_Strict):
    id: str = Field(min_length=1)
    card: str = Field(min_length=1)
    tapped: bool = False
    sick: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    attached_to: str | None = None
    token: bool = False
    controller: str | None = None
    power: int | None = None
    toughness: int | None = None
    type: str | None = None
    saddled: bool = False
    saddled_by: list[str] = Field(default_factory=list)
    attacked: bool = False
    haste: bool = False
    entered_this_turn: bool = False


class GrantedFlashbackIn(_Strict):
    """A card in this player's graveyard that an effect gave flashback (e.g. Snapcaster
    Mage): ``cost`` is a mana cost or ``"mana_cost"`` for "equal to its mana cost"."""

    card: str = Field(min_length=1)
    cost: str = "mana_cost"


class CommanderIn(_Strict):
    """A commander of this player (903.3): ``times_cast`` from the command zone so far
    this game (903.8 tax); ``in_command_zone`` false when it is elsewhere (it still gives
    its colour identity, 903.4)."""

    card: str = Field(min_length=1)
    times_cast: int = Field(default=0, ge=0)
    in_command_zone: bool = True


class PlayerIn(_Strict):
    name: str = Field(min_length=1)
    life: int = 20
    battlefield: list[PermanentIn] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    graveyard: list[str] = Field(default_factory=list)
    mana_pool: str | None = None
    energy: int = Field(default=0, ge=0)  # energy counters (107.14)
    spells_cast_this_turn: int = Field(default=0, ge=0)  # for Damping Sphere-like taxes
    granted_flashback: list[GrantedFlashbackIn] = Field(default_factory=list)
    lands_played_this_turn: int = Field(default=0, ge=0)  # 305.2
    command: list[CommanderIn] = Field(default_factory=list)  # 903.3, 903.6


class StackObjectIn(_Strict):
    """A spell or ability on the stack (405.1), top of the stack last: who controls it,
    the spell's card, or an ability's source (a permanent id and/or its card name) and
    whether it is activated or triggered — enough for "target spell" and "target
    activated ability"."""

    kind: Literal["spell", "ability"]
    controller: str = Field(min_length=1)
    card: str | None = Field(default=None, min_length=1)
    source: str | None = Field(default=None, min_length=1)
    ability: Literal["activated", "triggered"] = "activated"


class BoardIn(_Strict):
    format: Literal["manasolve/board@1"] = FORMAT
    active_player: str | None = None
    step: Literal[STEPS] = "precombat_main"  # type: ignore[valid-type]
    stack_empty: bool = True
    priority_player: str | None = None  # 117.3: default the active player
    stack: list[StackObjectIn] | None = None
    players: list[PlayerIn] = Field(min_length=1)
    cards: list[dict] = Field(default_factory=list)


def _json_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += "[%d]" % part
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _pydantic_error(err: ValidationError, source: str | None) -> InputError:
    e = err.errors()[0]
    loc = tuple(e.get("loc", ()))
    kind = e.get("type", "")
    if kind == "extra_forbidden":
        model = _model_at(loc[:-1])
        valid = sorted(model.model_fields) if model else []
        return InputError(_json_path(loc), "unknown field %r%s" % (loc[-1], nearest(str(loc[-1]), valid)), source)
    if kind == "literal_error" and loc and loc[-1] == "step":
        got = e.get("input")
        return InputError(_json_path(loc), "unknown step %r%s" % (got, nearest(str(got), list(STEPS))), source)
    return InputError(_json_path(loc), "%s (got %s)" % (e.get("msg", "invalid"), json.dumps(e.get("input"))[:80]), source)


def _model_at(loc: tuple):
    model: type[BaseModel] = BoardIn
    for part in loc:
        if isinstance(part, int):
            continue
        field_info = model.model_fields.get(part)
        if field_info is None:
            return None
        ann = field_info.annotation
        nxt = None
        for cand in (PlayerIn, PermanentIn, GrantedFlashbackIn, StackObjectIn, CommanderIn):
            if cand is ann or cand in getattr(ann, "__args__", ()):
                nxt = cand
        if nxt is None:
            return None
        model = nxt
    return model


def validate_board(data: dict | str, source: str | None = None) -> BoardIn:
    """Board JSON (a dict or a JSON string) checked against the schema; InputError naming
    the JSON path and the problem."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise InputError("line %d column %d" % (exc.lineno, exc.colno), "invalid JSON: %s" % exc.msg, source) from None
    if not isinstance(data, dict):
        raise InputError("(top level)", "a board must be a JSON object, got %s" % type(data).__name__, source)
    try:
        return BoardIn.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_error(exc, source) from None
