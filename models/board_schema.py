"""The board file format ``manasolve/board@1`` as a pydantic schema, and its errors said
as one line with the JSON path of the offending value and the nearest valid value.  A
board is read without these models when it passes the plain check of `board_read`, which
follows the JSON Schema they generate; every other board is validated here."""

from __future__ import annotations

import json
import re
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from manasolve.models.board_read import _big_int, json_depth_error, parse_json  # noqa: F401 - read here too
from manasolve.models.bounds import MAX_COUNT, MAX_INT_DIGITS, MAX_MAGNITUDE, MAX_TEXT
from manasolve.models.errors import InputError, nearest, shown
from manasolve.models.vocab import Step

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Signed = Annotated[int, Field(ge=-MAX_MAGNITUDE, le=MAX_MAGNITUDE)]
Text = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]

FORMAT: Final = "manasolve/board@1"
STEPS = tuple(step.value for step in Step)  # the board's words, in turn order


class _Strict(BaseModel):
    # strict: a wrong type is an error at its JSON path, never coerced ("tapped": "yes" is
    # not true, "life": "20" is not 20).
    model_config = ConfigDict(extra="forbid", strict=True)


class ChosenIn(_Strict):
    """What was chosen for this permanent as it entered (or as an effect said, or before the
    game: Cryptic Spires's circled colours, Paliano's drafted ones): a colour (Throne of
    Eldraine, Sunken Citadel: W, U, B, R or G, or its name) and a creature or other subtype
    (Cavern of Souls, Unclaimed Territory, Eclipsed Realms: "Elf"); several colours in
    ``colors`` ("choose up to two colors", Desert Cenote)."""

    color: Text | None = None
    type: Text | None = None
    colors: list[Text] = Field(default_factory=list)  # several chosen: "choose up to two colors" (Desert Cenote)


class PermanentIn(_Strict):
    id: Text
    card: Text
    tapped: bool = False
    sick: bool = False
    counters: dict[Text, Count] = Field(default_factory=dict)
    attached_to: Text | None = None
    token: bool = False
    controller: Text | None = None
    power: Signed | None = None
    toughness: Signed | None = None
    type: Text | None = None
    saddled: bool = False
    saddled_by: list[Text] = Field(default_factory=list)
    attacked: bool = False
    haste: bool = False
    entered_this_turn: bool = False
    exhausted: list[Text] = Field(default_factory=list)  # exhaust abilities already activated, by text (702.177)
    chosen: ChosenIn | None = None  # the colour / type chosen for it ("As ~ enters, choose ...")
    face_down: bool = False  # a face-down 2/2 (708.2a; morph, disguise): `card` is its face
    # The face of a double-faced or flip card it is on the battlefield as, when not its front
    # (712.8d-e, 710.2): "Lavaglide Pathway" of "Riverglide Pathway // Lavaglide Pathway".
    face: Text | None = None
    unblocked: bool = False  # attacking and not blocked (509.1h), for ninjutsu (702.49a)
    # Cards in exile its text refers to (imprinted by Chrome Mox, exiled with Pit of Offerings,
    # used to craft it, 702.167c), by name.
    exiled_with: list[Text] = Field(default_factory=list)
    activated: dict[Text, Count] = Field(default_factory=dict)  # times each ability was activated this turn, by text


class GrantedFlashbackIn(_Strict):
    """A card in this player's graveyard that an effect gave flashback (e.g. Snapcaster
    Mage): ``cost`` is a mana cost or ``"mana_cost"`` for "equal to its mana cost"."""

    card: Text
    cost: Text = "mana_cost"


class CommanderIn(_Strict):
    """A commander of this player (903.3): ``times_cast`` from the command zone so far
    this game (903.8 tax); ``in_command_zone`` false when it is elsewhere (it still gives
    its colour identity, 903.4)."""

    card: Text
    times_cast: Count = 0
    in_command_zone: bool = True


class ExiledIn(_Strict):
    """A card in this player's exile that they may cast from there: ``adventure`` (it went
    on an adventure: its creature half may be cast, 715.4), ``foretold`` (cast for its
    foretell cost, 702.143a; foretold on an earlier turn), ``madness``, ``plotted`` or
    ``warped`` (see each field); one of them."""

    card: Text
    adventure: bool = False
    foretold: bool = False
    madness: bool = False  # discarded into exile, its madness trigger resolving (702.35a)
    plotted: bool = False  # plotted on an earlier turn: cast free, as a sorcery (702.170d)
    warped: bool = False  # exiled by its warp on an earlier turn: cast for its costs (warp)


class PlayerIn(_Strict):
    name: Text
    life: Signed = 20
    battlefield: list[PermanentIn] = Field(default_factory=list)
    hand: list[Text] = Field(default_factory=list)
    graveyard: list[Text] = Field(default_factory=list)
    mana_pool: Annotated[str, Field(max_length=MAX_TEXT)] | None = None
    energy: Count = 0  # energy counters (107.14)
    speed: Annotated[int, Field(ge=0, le=4)] = 0  # 702.179, for "Max speed —" (702.178)
    spells_cast_this_turn: Count = 0  # for Damping Sphere-like taxes
    granted_flashback: list[GrantedFlashbackIn] = Field(default_factory=list)
    lands_played_this_turn: Count = 0  # 305.2
    # History of this turn read by amounts and costs ("for each card you've drawn this turn").
    cards_drawn_this_turn: Count = 0
    life_gained_this_turn: Count = 0
    life_lost_this_turn: Count = 0  # also Spectacle (702.137a): an opponent lost life
    combat_damage_types_this_turn: list[Text] = Field(default_factory=list)  # Prowl (702.76a): creature types
    miracle: Text | None = None  # the card revealed as the first drawn this turn (Miracle, 702.94a)
    command: list[CommanderIn] = Field(default_factory=list)  # 903.3, 903.6
    exile: list[ExiledIn] = Field(default_factory=list)  # 715.4, 702.143a
    poison: Count = 0  # poison counters (122.1f)
    initiative: bool = False  # 725
    dungeons_completed: Count = 0  # 309.7
    library: Count | None = None  # cards in the library ("Mill a card" costs); not given: unknown
    # Cards whose "Until end of turn, ..." effect on mana this player resolved this turn
    # (High Tide, Pale Moon, Deep Water's ability), once per resolution.
    until_end_of_turn: list[Text] = Field(default_factory=list)


class StackObjectIn(_Strict):
    """A spell or ability on the stack (405.1), top of the stack last: who controls it,
    the spell's card, or an ability's source (a permanent id and/or its card name) and
    whether it is activated or triggered — enough for "target spell" and "target
    activated ability"."""

    kind: Literal["spell", "ability"]
    controller: Text
    card: Text | None = None
    source: Text | None = None
    ability: Literal["activated", "triggered"] = "activated"


class CardIn(BaseModel):
    """An inline card: an MTGJSON card face (the fields the models read are typed; other
    MTGJSON fields are allowed and ignored)."""

    model_config = ConfigDict(extra="allow", strict=True)
    name: Text
    faceName: Text | None = None
    manaCost: Annotated[str, Field(max_length=MAX_TEXT)] | None = None
    type: Annotated[str, Field(max_length=MAX_TEXT)] | None = None
    types: list[Text] | None = None
    subtypes: list[Text] | None = None
    supertypes: list[Text] | None = None
    text: Annotated[str, Field(max_length=MAX_TEXT)] | None = None
    power: Annotated[str, Field(max_length=10)] | None = None
    toughness: Annotated[str, Field(max_length=10)] | None = None
    loyalty: Annotated[str, Field(max_length=10)] | None = None
    keywords: list[Text] | None = None
    layout: Text | None = None
    colors: list[Literal["W", "U", "B", "R", "G"]] | None = None
    colorIdentity: list[Literal["W", "U", "B", "R", "G"]] | None = None
    side: Text | None = None

    def mtgjson(self) -> dict:
        """The card as the MTGJSON-shaped dict the card database reads."""
        return self.model_dump(exclude_unset=True)


class BoardIn(_Strict):
    format: Literal["manasolve/board@1"] = FORMAT
    active_player: Text | None = None
    step: Literal[STEPS] = "precombat_main"  # type: ignore[valid-type]  # Literal of a tuple built at import: mypy wants the words written out
    stack_empty: bool = True
    priority_player: Text | None = None  # 117.3: default the active player
    stack: list[StackObjectIn] | None = None
    players: list[PlayerIn] = Field(min_length=1)
    cards: list[CardIn] = Field(default_factory=list)


def _json_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += "[%d]" % part
        else:
            out += ("." if out else "") + (str(part) if _PLAIN_KEY.fullmatch(str(part)) else shown(part, 30))
    return out or "(top level)"


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_+/-]{1,40}")


def _pydantic_error(err: ValidationError, source: str | None) -> InputError:
    return validation_error(err, BoardIn, source)


# What a wrong type must be, said without the models' internal names (pydantic's own
# words name the class: "a valid dictionary or instance of PermanentIn").
_MUST_BE = {"model_type": "must be an object", "dict_type": "must be an object",
            "model_attributes_type": "must be an object", "list_type": "must be a list",
            "string_type": "must be a string", "bool_type": "must be true or false",
            "int_type": "must be an integer", "int_from_float": "must be an integer",
            "float_type": "must be a number", "none_required": "must be null",
            "string_unicode": "must be Unicode text (a lone surrogate is not a character)"}


def validation_error(err: ValidationError, root: type[BaseModel], source: str | None = None,
                     prefix: str = "") -> InputError:
    """The first error of validating against `root` as one line: the JSON path (under
    `prefix`), what is wrong, the value given and, for an unknown key, the nearest valid one."""
    errors = err.errors()
    e = next((x for x in errors if x.get("type") == "extra_forbidden"), errors[0])  # a typo explains the rest
    loc = tuple(e.get("loc", ()))
    kind = e.get("type", "")
    path = _json_path(loc)
    if prefix:
        path = prefix if path == "(top level)" else prefix + ("" if path.startswith("[") else ".") + path
    if kind == "extra_forbidden":
        model = _model_at(root, loc[:-1])
        valid = sorted(f.alias or k for k, f in model.model_fields.items()) if model else []
        return InputError(path, "unknown field %s%s" % (shown(loc[-1]), nearest(str(loc[-1]), valid)), source)
    if kind == "literal_error" and loc and loc[-1] == "step":
        got = e.get("input")
        shown_got = shown(got) if isinstance(got, str) else echo(got)  # JSON, not Python's repr ({"id": null})
        return InputError(path, "unknown step %s%s" % (shown_got, nearest(str(got), list(STEPS))), source)
    ctx = e.get("ctx") or {}
    got = echo(e.get("input"))
    if kind == "literal_error":
        return InputError(path, "must be %s (got %s)" % (ctx.get("expected"), got), source)
    if kind == "missing":
        return InputError(path, "missing (a required field)", source)
    if kind == "greater_than_equal":
        return InputError(path, "must be %s or more (got %s)" % (ctx.get("ge"), got), source)
    if kind == "less_than_equal":
        return InputError(path, "must be at most %s, the bound of the format (got %s)" % (ctx.get("le"), got), source)
    if kind == "string_too_long":
        return InputError(path, "at most %s characters, the bound of the format (got %d)" % (
            ctx.get("max_length"), len(e.get("input") or "")), source)
    if kind == "string_too_short":
        return InputError(path, "must not be empty (got %s)" % got, source)
    if isinstance(e.get("input"), float) and abs(e["input"]) > 10 ** MAX_INT_DIGITS:  # see _big_int
        return InputError(path, "a number of more than %d digits, past every bound of the format" % MAX_INT_DIGITS, source)
    if kind == "finite_number":
        return InputError(path, "must be a finite number (got %s)" % got, source)
    if kind in _MUST_BE:
        return InputError(path, "%s (got %s)" % (_MUST_BE[kind], got), source)
    if kind == "value_error":  # a validator's own sentence
        return InputError(path, "%s (got %s)" % (str(ctx.get("error", e.get("msg", "invalid"))), got), source)
    return InputError(path, "%s (got %s)" % (e.get("msg", "invalid"), got), source)


def echo(value: object) -> str:
    """A bad input value as JSON, cut short (for the "(got ...)" of an error line)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = str(type(value).__name__)
    return text if len(text) <= 60 else text[:60] + "… (%d characters)" % len(text)


def _model_at(root: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model whose fields are at `loc` under `root` (None past a plain value)."""
    model = root
    for part in loc:
        if isinstance(part, int):
            continue
        field_info = model.model_fields.get(part) or next(
            (f for f in model.model_fields.values() if f.alias == part), None)
        if field_info is None:
            return None
        nxt = _model_in(field_info.annotation)
        if nxt is None:
            return None
        model = nxt
    return model


def _model_in(annotation: object) -> type[BaseModel] | None:
    """The model an annotation holds (``PermanentIn``, ``list[PermanentIn]``, ``X | None``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def validate_board(data: object, source: str | None = None) -> BoardIn:
    """Board JSON (a dict or a JSON string; anything else is refused) checked against the
    schema; InputError naming the JSON path and the problem."""
    value = parse_json(data, source) if isinstance(data, str) else data
    if not isinstance(value, dict):
        raise InputError("(top level)", "a board must be a JSON object {...}, got %s" % _json_kind(value), source)
    try:
        return BoardIn.model_validate(value)
    except ValidationError as exc:
        raise _pydantic_error(exc, source) from None


def check_card(card: dict, where: str) -> None:
    """InputError at `where` (a card face's JSON path in its card file) when a field the
    models read (`CardIn`) has the wrong type or is over its bound: the line names the
    field and the card."""
    try:
        CardIn.model_validate(card)
    except ValidationError as err:
        e = _pydantic_error(err, None)
        name = card.get("name")
        raise InputError("%s.%s" % (where, e.where), e.message + (" (card %s)" % shown(name, 40)
                                                               if isinstance(name, str) else "")) from None


def _json_kind(value: object) -> str:
    """What a JSON value is, in JSON's words (null, true, a number, a string, an array)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "a JSON value"
