"""Board state format ``manasolve/board@1``: validation (pydantic) and the resolved board.

Every problem is raised as `InputError` with the JSON path of the offending value, what
is wrong, and where possible the nearest valid value.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from manasolve.models.carddb import CardDB, UnknownCard, by_name, default_db
from manasolve.models.cards import Card, has_filter_words
from manasolve.models.mana import CostSyntaxError, ManaCost
from manasolve.models.oracle import filter_words

FORMAT = "manasolve/board@1"
STEPS = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
)


class InputError(Exception):
    """Bad input: one line saying where (file, JSON path) and what is wrong."""

    def __init__(self, where: str, message: str, source: str | None = None):
        self.where = where
        self.message = message
        self.source = source
        super().__init__(self.line())

    def line(self) -> str:
        parts = [p for p in (self.source, self.where) if p]
        return "%s: %s" % (": ".join(parts), self.message) if parts else self.message


class ParameterError(InputError):
    """A bad argument of a question (not of the board file): ``parameter`` is its Python
    keyword name (``x``, ``zone``, ``alt``); the CLI shows the matching flag instead."""

    def __init__(self, parameter: str, message: str, source: str | None = None):
        self.parameter = parameter
        super().__init__("parameter " + parameter, message, source)

    def line(self, flag_of=None) -> str:
        """The one-line message; `flag_of` maps a parameter name to what to show (a CLI
        flag), each of several names joined by "/" mapped on its own."""
        if flag_of is None:
            return super().line()
        where = "/".join(flag_of(name) for name in self.parameter.split("/"))
        return InputError(where, self.message, self.source).line()


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


class BoardIn(_Strict):
    format: Literal["manasolve/board@1"] = FORMAT
    active_player: str | None = None
    step: Literal[STEPS] = "precombat_main"  # type: ignore[valid-type]
    stack_empty: bool = True
    players: list[PlayerIn] = Field(min_length=1)
    cards: list[dict] = Field(default_factory=list)


@dataclass(eq=False)
class Permanent:
    """A permanent on the battlefield, resolved against its card."""

    id: str
    card: Card
    controller: str
    tapped: bool = False
    sick: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    token: bool = False
    power_override: int | None = None
    toughness_override: int | None = None
    type_override: str | None = None
    saddled: bool = False
    saddled_by: tuple[str, ...] = ()
    attacked: bool = False
    haste: bool = False
    entered_this_turn: bool = False  # for "Activate only if this land entered this turn"
    attachments: list[str] = field(default_factory=list)  # ids attached to this one
    buff: tuple[int, int] = (0, 0)  # +N/+M from attached Equipment/Auras and static pumps (613.4c)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def type_line(self) -> str:
        return self.type_override or self.card.type_line

    def is_type(self, t: str) -> bool:
        if self.type_override is not None:
            return t in self.type_override.split("—")[0].split()
        return self.card.is_type(t)

    def pump(self, bonus: tuple[int, int]) -> None:
        """Add +N/+M to what other objects give it (613.4c), while the board is built."""
        self.buff = (self.buff[0] + bonus[0], self.buff[1] + bonus[1])

    def has_words(self, words: tuple[str, ...]) -> bool:
        """Whether it has every filter word (see `cards.has_filter_words`): words of its
        type line as it stands, colour words, ``non-X``; "Permanent" always holds."""
        return has_filter_words(set(self.type_line.replace("—", " ").split()) | {"Permanent"}, self.colors, words)

    @property
    def is_creature(self) -> bool:
        return self.is_type("Creature")

    @property
    def is_artifact(self) -> bool:
        return self.is_type("Artifact")

    @property
    def is_land(self) -> bool:
        return self.is_type("Land")

    @property
    def colors(self) -> tuple[str, ...]:
        return self.card.color_set

    @property
    def is_snow(self) -> bool:
        if self.type_override is not None:
            return "Snow" in self.type_override.split("—")[0].split()
        return self.card.is_snow

    def _stat(self, printed: str | None, override: int | None, buff: int) -> int:
        if override is not None:
            base = override  # stands in for the printed value (tokens, changed objects)
        else:
            try:
                base = int(printed) if printed is not None else 0
            except ValueError:  # "*" and friends: 0 outside the game's own evaluation
                base = 0
        plus = self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)
        return base + plus + buff

    @property
    def power(self) -> int:
        """Power as it stands: printed power (or the board's `power`) plus +1/+1 and -1/-1
        counters and what attached Equipment/Auras and static pumps give; may be negative."""
        return self._stat(self.card.power, self.power_override, self.buff[0])

    @property
    def toughness(self) -> int:
        return self._stat(self.card.toughness, self.toughness_override, self.buff[1])

    @property
    def can_use_tap_abilities(self) -> bool:
        """302.6: a creature needs to be free of summoning sickness (or have haste) to use
        its own {T}/{Q} abilities; non-creatures never are affected."""
        return not (self.is_creature and self.sick and not self.haste and "Haste" not in self.card.keywords)

    def state_key(self) -> tuple:
        """Everything that makes two permanents interchangeable, except identity."""
        return (
            self.controller, self.card.name, self.tapped, self.sick, tuple(sorted(self.counters.items())),
            self.attached_to, self.token, self.power_override, self.toughness_override, self.type_override,
            self.saddled, self.saddled_by, self.attacked, self.haste, bool(self.attachments), self.entered_this_turn,
        )


@dataclass
class Player:
    """A player: life, zones, floating mana, energy, spells cast this turn."""

    name: str
    life: int
    battlefield: list[Permanent]
    hand: list[str]
    graveyard: list[str]
    granted_flashback: list[tuple[str, str]] = field(default_factory=list)  # (card, cost or "mana_cost")
    mana_pool: tuple[str, ...] = ()  # mana already floating (106.4), e.g. ("G", "G", "C")
    energy: int = 0  # energy counters the player has (107.14), spent by "Pay {E}"
    spells_cast_this_turn: int = 0  # spells the player already cast this turn


@dataclass
class Board:
    """A validated board: players, their permanents, and the card database used."""

    active_player: str
    step: str
    stack_empty: bool
    players: list[Player]
    db: CardDB
    source: str | None = None

    def player(self, name: str | None = None) -> Player:
        name = name or self.active_player
        for p in self.players:
            if p.name == name:
                return p
        raise ParameterError("player", "unknown player %r%s" % (name, _nearest(name, [p.name for p in self.players])), self.source)

    @property
    def permanents(self) -> list[Permanent]:
        return [perm for p in self.players for perm in p.battlefield]

    def controlled_by(self, name: str) -> list[Permanent]:
        return [perm for perm in self.permanents if perm.controller == name]

    def get(self, pid: str) -> Permanent:
        for perm in self.permanents:
            if perm.id == pid:
                return perm
        raise ParameterError("id", "no permanent with id %r%s" % (pid, _nearest(pid, [p.id for p in self.permanents])), self.source)

    def opponents_of(self, name: str) -> list[str]:
        return [p.name for p in self.players if p.name != name]


def _nearest(value: str, options: list[str]) -> str:
    hits = difflib.get_close_matches(value, options, n=1, cutoff=0.4)
    return " (did you mean %r?)" % hits[0] if hits else ""


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
        return InputError(_json_path(loc), "unknown field %r%s" % (loc[-1], _nearest(str(loc[-1]), valid)), source)
    if kind == "literal_error" and loc and loc[-1] == "step":
        got = e.get("input")
        return InputError(_json_path(loc), "unknown step %r%s" % (got, _nearest(str(got), list(STEPS))), source)
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
        for cand in (PlayerIn, PermanentIn, GrantedFlashbackIn):
            if cand is ann or cand in getattr(ann, "__args__", ()):
                nxt = cand
        if nxt is None:
            return None
        model = nxt
    return model


def load_board(data: dict | str, db: CardDB | None = None, source: str | None = None) -> Board:
    """Validate board JSON (a dict or a JSON string) and resolve it into a `Board`.

    Raises InputError naming the JSON path and the problem.
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise InputError("line %d column %d" % (exc.lineno, exc.colno), "invalid JSON: %s" % exc.msg, source) from None
    if not isinstance(data, dict):
        raise InputError("(top level)", "a board must be a JSON object, got %s" % type(data).__name__, source)
    try:
        raw = BoardIn.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_error(exc, source) from None
    db = db or default_db()
    for i, c in enumerate(raw.cards):
        if not isinstance(c.get("name"), str) or not c["name"]:
            raise InputError("cards[%d].name" % i, "each inline card needs a non-empty \"name\"", source)
    if raw.cards:
        db = db.with_layer_first(by_name(raw.cards))
    names = [p.name for p in raw.players]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise InputError("players[%d].name" % names.index(dup, names.index(dup) + 1), "player name %r used twice" % dup, source)
    active = raw.active_player or names[0]
    if active not in names:
        raise InputError("active_player", "unknown player %r%s" % (active, _nearest(active, names)), source)

    def card(name: str, where: str) -> Card:
        try:
            return db.get(name)
        except UnknownCard as exc:
            hint = " (did you mean %s?)" % " or ".join(repr(s) for s in exc.suggestions) if exc.suggestions else ""
            raise InputError(where, "unknown card %r%s" % (name, hint), source) from None
        except CostSyntaxError as exc:
            raise InputError(where, "card %r has an unreadable mana cost: %s" % (name, exc), source) from None

    seen: dict[str, str] = {}
    players: list[Player] = []
    for pi, p in enumerate(raw.players):
        perms = []
        for bi, perm in enumerate(p.battlefield):
            where = "players[%d].battlefield[%d]" % (pi, bi)
            if perm.id in seen:
                raise InputError(where + ".id", "id %r used twice (first at %s)" % (perm.id, seen[perm.id]), source)
            seen[perm.id] = where
            for cname, n in perm.counters.items():
                if n < 0:
                    raise InputError(where + ".counters." + cname, "a counter count must be 0 or more (got %d)" % n, source)
            controller = perm.controller or p.name
            if controller not in names:
                raise InputError(where + ".controller", "unknown player %r%s" % (controller, _nearest(controller, names)), source)
            perms.append(Permanent(
                id=perm.id, card=card(perm.card, where + ".card"), controller=controller, tapped=perm.tapped,
                sick=perm.sick, counters={k: v for k, v in perm.counters.items() if v}, attached_to=perm.attached_to,
                token=perm.token, power_override=perm.power, toughness_override=perm.toughness,
                type_override=perm.type, saddled=perm.saddled, saddled_by=tuple(perm.saddled_by),
                attacked=perm.attacked, haste=perm.haste, entered_this_turn=perm.entered_this_turn,
            ))
        for hi, name in enumerate(p.hand):
            card(name, "players[%d].hand[%d]" % (pi, hi))
        for gi, name in enumerate(p.graveyard):
            card(name, "players[%d].graveyard[%d]" % (pi, gi))
        granted = []
        for gi, g in enumerate(p.granted_flashback):
            where = "players[%d].granted_flashback[%d]" % (pi, gi)
            card(g.card, where + ".card")
            if g.cost != "mana_cost":
                try:
                    ManaCost.parse(g.cost)
                except CostSyntaxError as exc:
                    raise InputError(where + ".cost", "%s (write a mana cost or \"mana_cost\")" % exc, source) from None
            granted.append((g.card, g.cost))
        players.append(Player(p.name, p.life, perms, list(p.hand), list(p.graveyard), granted,
                              _pool(p.mana_pool, "players[%d].mana_pool" % pi, source), p.energy,
                              p.spells_cast_this_turn))
    by_id = {perm.id: perm for pl in players for perm in pl.battlefield}
    for pl_i, pl in enumerate(players):
        for bi, perm in enumerate(pl.battlefield):
            where = "players[%d].battlefield[%d]" % (pl_i, bi)
            if perm.attached_to is not None:
                if perm.attached_to not in by_id:
                    raise InputError(where + ".attached_to", "no permanent with id %r%s" % (perm.attached_to, _nearest(perm.attached_to, list(by_id))), source)
                if perm.attached_to == perm.id:
                    raise InputError(where + ".attached_to", "a permanent can't be attached to itself", source)
                target = by_id[perm.attached_to]
                target.attachments.append(perm.id)
                target.pump(attachment_bonus(perm))
            for si, sid in enumerate(perm.saddled_by):
                if sid not in by_id:
                    raise InputError(where + ".saddled_by[%d]" % si, "no permanent with id %r%s" % (sid, _nearest(sid, list(by_id))), source)
    for pl in players:
        for lord in pl.battlefield:
            for other, words, bonus in static_pumps(lord):
                for perm in pl.battlefield:
                    if perm.is_creature and not (other and perm is lord) and perm.has_words(words):
                        perm.pump(bonus)
    return Board(active, raw.step, raw.stack_empty, players, db, source)


# "Other artifact creatures you control get +2/+2." / "Land creatures you control get +1/+1."
_STATIC_PUMP = re.compile(r"(Other )?(.+?) you control get ([+-]\d+)/([+-]\d+)\.")


def static_pumps(perm: Permanent) -> list[tuple[bool, tuple[str, ...], tuple[int, int]]]:
    """The "<creatures> you control get +N/+M" static abilities of `perm` (613.4c): (only
    others, filter words, bonus); a phrase that isn't plain type/colour words gives none."""
    out = []
    for line in perm.card.text.split("\n"):
        m = _STATIC_PUMP.fullmatch(line.strip())
        words = filter_words(m.group(2)) if m else None
        if words:
            out.append((bool(m.group(1)), words, (int(m.group(3)), int(m.group(4)))))
    return out


_ATTACHED_BUFF = re.compile(r"(Equipped|Enchanted) creature gets ([+-]\d+)/([+-]\d+)(?: and [^.]*)?\.")


def attachment_bonus(attachment: Permanent) -> tuple[int, int]:
    """+N/+M an Equipment ("Equipped creature gets +N/+M") or an Aura ("Enchanted creature
    gets +N/+M") gives the permanent it is attached to (613.4c); other texts give nothing."""
    words = attachment.type_line.split()
    wanted = "Equipped" if "Equipment" in words else "Enchanted" if "Aura" in words else None
    power = toughness = 0
    for line in attachment.card.text.split("\n"):
        m = _ATTACHED_BUFF.fullmatch(line.strip())
        if m and m.group(1) == wanted:
            power += int(m.group(2))
            toughness += int(m.group(3))
    return power, toughness


def _pool(text: str | None, where: str, source: str | None) -> tuple[str, ...]:
    """Floating mana written as symbols, e.g. "{G}{G}{C}": one plain type per symbol."""
    if not text:
        return ()
    try:
        symbols = ManaCost.parse(text).symbols
    except CostSyntaxError as exc:
        raise InputError(where, "%s (write floating mana like {G}{G}{C})" % exc, source) from None
    out = []
    for s in symbols:
        if s.kind == "color":
            out.append(s.colors[0])
        elif s.kind == "C":
            out.append("C")
        else:
            raise InputError(where, "floating mana has a type: %s is not one (use {W} {U} {B} {R} {G} {C})" % s, source)
    return tuple(out)


def read_board_file(path: str, db: CardDB | None = None) -> Board:
    """Load and validate a board file; InputError (with the file name) on any problem."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        raise InputError("", "no such file", path) from None
    except IsADirectoryError:
        raise InputError("", "is a directory, not a board file", path) from None
    except UnicodeDecodeError:
        raise InputError("", "not UTF-8 text", path) from None
    except OSError as exc:
        raise InputError("", exc.strerror or str(exc), path) from None
    return load_board(text, db, source=path)
