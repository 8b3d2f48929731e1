"""The board as the solver sees it: players, their zones and permanents resolved against
their cards (`load_board` builds it from board JSON, read by `board_read`, validated by
`board_schema` when the plain check does not accept it).

Every problem is raised as `InputError` with the JSON path of the offending value, what
is wrong, and where possible the nearest valid value.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

import orjson

from manasolve.models.board_read import Refused, board_check, parse_json
from manasolve.models.carddb import CardDB, UnknownCard, by_name, default_db
from manasolve.models.cards import Card, has_filter_words
from manasolve.models.bounds import MAX_BOARD_BYTES, read_text_file
from manasolve.models.errors import MAX_LINE, InputError, ParameterError, nearest
from manasolve.models.mana import COLOR_NAMES, COLORS, CostSyntaxError, ManaCost, SymbolKind
from manasolve.models.oracle.not_understood import NotUnderstood
from manasolve.models.oracle.words import normalize, strip_reminder
from manasolve.models.request import Alternative
from manasolve.models.vocab import Vocabulary

if TYPE_CHECKING:  # a board is read by `read_board`, as these models read it (their import costs ~0.2 s)
    from manasolve.models.board_schema import BoardIn, ExiledIn, PermanentIn, PlayerIn, StackObjectIn

# 708.2a: a face-down permanent is a 2/2 creature with no text, no name, no subtypes, no
# mana cost and no colour (its face is `Permanent.face_up_card`).
FACE_DOWN = Card("", None, "Creature", ("Creature",), power="2", toughness="2", colors=())

MAX_SPEED = 4  # 702.179c: a player's speed can't rise above 4 ("max speed", 702.178)


def _ability_key(text: str, name: str) -> str:
    """An ability's text as compared with `exhausted` and `activated`: no "Exhaust — ",
    spacing and case, and its card's self-references as ``~`` (the board may give the
    printed "This creature gets ..." or the answers' "~ gets ...")."""
    text = " ".join(normalize(text, name).split()).lower()
    return text[len("exhaust — "):] if text.startswith("exhaust — ") else text


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
    exhausted: tuple[str, ...] = ()  # its exhaust abilities already activated (702.177), by printed text
    chosen_color: str | None = None  # the colour chosen for it (W/U/B/R/G): "of the chosen color"
    chosen_type: str | None = None  # the subtype chosen for it: "of the chosen type" (Cavern of Souls)
    unblocked: bool = False  # an attacking creature no creature blocked (509.1h; ninjutsu, 702.49a)
    face_up_card: Card | None = None  # face down (708.2): `card` is a 2/2 with no text; this, its face
    chosen_colors: tuple[str, ...] = ()  # every colour chosen for it (chosen.color and chosen.colors), WUBRG order
    exiled_with: tuple[str, ...] = ()  # names of the cards in exile its text refers to (Chrome Mox's imprint)
    # times each of its abilities was activated this turn, by printed text ("Activate only
    # once each turn", "no more than three times each turn", 602.5b)
    activated: dict[str, int] = field(default_factory=dict)
    attachments: list[str] = field(default_factory=list)  # ids attached to this one
    buff: tuple[int, int] = (0, 0)  # +N/+M from attached Equipment/Auras and static pumps (613.4c)

    @property
    def name(self) -> str:
        return self.card.name

    def has_exhausted(self, ability_text: str) -> bool:
        """Whether the exhaust ability printed as `ability_text` was activated already
        (702.177a: only once); the board's `exhausted` may give the text with or without
        its "Exhaust — " prefix."""
        return _ability_key(ability_text, self.card.name) in {_ability_key(t, self.card.name) for t in self.exhausted}

    def times_activated(self, ability_text: str) -> int:
        """How many times the ability printed as `ability_text` was activated this turn
        (the board's `activated`; 0 when not given)."""
        key = _ability_key(ability_text, self.card.name)
        return sum(n for t, n in self.activated.items() if _ability_key(t, self.card.name) == key)

    @property
    def mana_value(self) -> int:
        """202.3: its card's mana value (0 without a mana cost)."""
        return self.card.mana_cost.mana_value if self.card.mana_cost else 0

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
        type line as it stands, colour words, ``non-X``; "Permanent" always holds, "Token"
        for a token."""
        words_of = set(self.type_line.replace("—", " ").split()) | {"Permanent"} | ({"Token"} if self.token else set())
        return has_filter_words(words_of, self.colors, words)

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
        """Everything that makes two permanents interchangeable, except identity: each
        field but `id` and `buff` (`_STATE_KEY`)."""
        return tuple(getattr(self, name) if key is None else key(getattr(self, name)) for name, key in _STATE_KEY)


def _sorted_items(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counts.items()))


# How each field of a permanent enters its `state_key` (the field itself when not listed; a
# field mapped to None does not enter): its card by name, its attachments as whether it has any.
_STATE_KEY_OF: dict[str, Callable[[Any], Any] | None] = {
    "id": None, "buff": None, "card": lambda card: card.name, "attachments": bool,
    "counters": _sorted_items, "activated": _sorted_items}
_STATE_KEY = tuple((f.name, _STATE_KEY_OF.get(f.name)) for f in fields(Permanent) if _STATE_KEY_OF.get(f.name, f) is not None)

# The state of a permanent its board entry gives as it is (the `PermanentIn` and `Permanent`
# fields of the same name): a change of these alone rebuilds only that permanent on a
# derived board (`board_changes`), as none of them changes what it is, what it is attached
# to or who controls it.
ENTRY_STATE = ("tapped", "sick", "haste", "counters", "attacked", "saddled", "entered_this_turn")


def entry_state(entry: PermanentIn) -> dict[str, Any]:
    """The `ENTRY_STATE` fields of a permanent from its entry (counters with a count of 0
    dropped)."""
    state = {name: getattr(entry, name) for name in ENTRY_STATE}
    state["counters"] = {k: v for k, v in entry.counters.items() if v}
    return state


@dataclass(frozen=True)
class Commander:
    """A player's commander (903.3): its card, the times it was cast from the command
    zone (903.8), and whether it is in the command zone now."""

    card: Card
    times_cast: int = 0
    in_command_zone: bool = True


# What makes a card in exile castable, each flag of `Exiled` (the board's exile entries).
EXILE_PERMISSIONS = ("adventure", "foretold", "madness", "plotted", "warped")


@dataclass(frozen=True)
class Exiled:
    """A card in exile its owner may cast: on an adventure (715.4), foretold (702.143a),
    discarded with madness while its trigger resolves (702.35), plotted (702.170d) or
    exiled by its warp on an earlier turn (its reminder text)."""

    card: str
    adventure: bool = False
    foretold: bool = False
    madness: bool = False
    plotted: bool = False
    warped: bool = False


@dataclass
class Player:
    """A player: life, zones, floating mana, energy, and what happened this turn (spells
    cast, lands played, cards drawn, life gained and lost)."""

    name: str
    life: int
    battlefield: list[Permanent]
    hand: list[str]
    graveyard: list[str]
    granted_flashback: list[tuple[str, str]] = field(default_factory=list)  # (card, cost or "mana_cost")
    mana_pool: tuple[str, ...] = ()  # mana already floating (106.4), e.g. ("G", "G", "C")
    energy: int = 0  # energy counters the player has (107.14), spent by "Pay {E}"
    speed: int = 0  # 702.179: 0 to 4 (MAX_SPEED), for "Max speed —" abilities (702.178)
    spells_cast_this_turn: int = 0  # spells the player already cast this turn
    lands_played_this_turn: int = 0  # 305.2
    commanders: list[Commander] = field(default_factory=list)  # 903.3
    exile: list[Exiled] = field(default_factory=list)  # cards castable from exile (715.4, 702.143a)
    cards_drawn_this_turn: int = 0
    life_gained_this_turn: int = 0
    life_lost_this_turn: int = 0  # also Spectacle (702.137a): an opponent of its caster lost life
    combat_damage_types_this_turn: tuple[str, ...] = ()  # creature types of the player's sources that
    #   dealt combat damage to a player this turn (Prowl, 702.76a)
    miracle: str | None = None  # the card revealed as the first drawn this turn, its miracle trigger resolving (702.94a)
    poison: int = 0  # poison counters (122.1f), for "if an opponent has three or more poison counters"
    initiative: bool = False  # the player has the initiative (725)
    dungeons_completed: int = 0  # dungeons the player completed this game (309.7)
    library: int | None = None  # cards in the library, for "Mill a card" costs; None: not given
    # cards whose "Until end of turn, ..." mana effect this player resolved this turn, once per resolution
    until_end_of_turn: list[Card] = field(default_factory=list)

    @property
    def in_command_zone(self) -> list[str]:
        """The names of this player's commanders in the command zone (903.6)."""
        return [c.card.name for c in self.commanders if c.in_command_zone]

    def times_cast(self, name: str) -> int:
        """How many times the commander `name` was cast from the command zone (903.8)."""
        return sum(c.times_cast for c in self.commanders if c.card.name == name)


class StackKind(Vocabulary):
    """What an object on the stack is (405.1): a spell, or an ability."""

    SPELL = "spell"
    ABILITY = "ability"


@dataclass(frozen=True)
class StackObject:
    """A spell (``card``) or an activated/triggered ability (``source`` id, ``card`` of
    its source) on the stack, and who controls it."""

    kind: StackKind
    controller: str
    card: Card | None = None
    source: str | None = None
    ability: str = "activated"  # or "triggered", for abilities


@dataclass(eq=False)
class Analyses:
    """What the solver derives from one board, held by that board (`Board.analyses`) and
    filled by the solver on first use; models/ names none of the solver's types.  Boards
    are not changed in place once loaded (nothing in manasolve does), so nothing here
    goes stale while its board lives.

    ``production``: the mana-production analysis (`solver.production.Analysis`: could-
    produce, mana abilities, subtypes), None until asked; ``resources``: what a player can
    pay with (`solver.resources.Resources`: classes, entries, the models built from them),
    by the question's keywords; ``spell_effects``: the permanents whose card changes other
    spells' costs or timing (`solver.timing.spell_effect_sources`), None until asked."""

    production: Any = None
    resources: dict[tuple, Any] = field(default_factory=dict)
    spell_effects: Any = None


@dataclass(frozen=True)
class Derivation:
    """How a board was made from another (`board_changes.derive`): the board before the
    change (weakly: a derived board does not keep its history alive) and the fields the
    change touched, e.g. ``frozenset({"permanent.tapped", "player.life"})``.

    The two boards share the permanents the change did not touch.  Boards are not changed
    in place once loaded (nothing in manasolve does), so what the solver cached for the
    parent is taken as it is for what the change did not touch."""

    parent: weakref.ref
    touched: frozenset[str]

    @property
    def parent_analyses(self) -> Analyses | None:
        """What the solver derived from the board before the change, while that board
        lives: the solver carries it over for what the change did not touch."""
        parent = self.parent()
        return parent.analyses if parent is not None else None


@dataclass
class Board:
    """A validated board: players, their permanents, and the card database used.

    ``priority_player`` is the player the board says holds priority, None when it does
    not say (then the player asked about is taken to hold it, 117.3 by default the
    active player); ``stack`` the objects on the stack when the board lists them (None:
    only ``stack_empty`` is known); ``derived``: the board it was derived from, for a
    board changed in place (None for a board loaded from JSON); ``analyses``: what the
    solver derived from it (`Analyses`)."""

    active_player: str
    step: str
    stack_empty: bool
    players: list[Player]
    db: CardDB
    source: str | None = None
    priority_player: str | None = None
    stack: tuple[StackObject, ...] | None = None
    derived: Derivation | None = field(default=None, compare=False, repr=False)
    # Not an argument: a board made with `dataclasses.replace` starts with none of them.
    analyses: Analyses = field(default_factory=Analyses, init=False, compare=False, repr=False)

    def player(self, name: str | None = None) -> Player:
        name = name or self.active_player
        for p in self.players:
            if p.name == name:
                return p
        raise ParameterError("player", "unknown player %r%s" % (name, nearest(name, [p.name for p in self.players])), self.source)

    @property
    def permanents(self) -> list[Permanent]:
        return [perm for p in self.players for perm in p.battlefield]

    def production_not_understood(self) -> list[tuple[Permanent, NotUnderstood]]:
        """Every sentence about mana production on the board that no reader places, with
        its permanent (an opponent's Blood Moon-like effect counts too)."""
        return [(perm, n) for perm in self.permanents for n in perm.card.production_not_understood]

    def controlled_by(self, name: str) -> list[Permanent]:
        return [perm for perm in self.permanents if perm.controller == name]

    def get(self, pid: str) -> Permanent:
        for perm in self.permanents:
            if perm.id == pid:
                return perm
        raise ParameterError("id", "no permanent with id %r%s" % (pid, nearest(pid, [p.id for p in self.permanents])), self.source)

    def land_drops(self, name: str) -> int:
        """How many lands `name` may play this turn: one, plus each additional land the
        permanents they control let them play (305.2, 305.2a)."""
        return 1 + sum(perm.card.statics.extra_land_drops for perm in self.controlled_by(name))

    def commander_identity(self, name: str) -> tuple[str, ...]:
        """The combined colour identity of `name`'s commanders (903.4, 903.4c), order
        WUBRG; () without a commander (903.4f)."""
        found = {c for cmd in self.player(name).commanders for c in cmd.card.color_identity}
        return tuple(c for c in COLORS if c in found)

    def opponents_of(self, name: str) -> list[str]:
        return [p.name for p in self.players if p.name != name]


def read_board(data: dict | str, source: str | None = None) -> Any:
    """Board JSON (a dict or a JSON string) as the models read it: checked by
    `board_read` when it passes, else validated by the models (InputError naming the JSON
    path and the problem).  Here, not in board_read: board_schema imports board_read."""
    value = parse_json(data, source) if isinstance(data, str) else data
    try:
        return board_check()(value)
    except (Refused, RecursionError):
        from manasolve.models.board_schema import validate_board  # keeps start-up light

        return validate_board(value, source)


def load_board(data: dict | str, db: CardDB | None = None, source: str | None = None) -> Board:
    """Validate board JSON (a dict or a JSON string) and resolve it into a `Board`.

    Raises InputError naming the JSON path and the problem.
    """
    raw = read_board(data, source)
    db = db or default_db()
    if raw.cards:
        db = db.with_layer_first(by_name([c.mtgjson() for c in raw.cards]))
    names = [p.name for p in raw.players]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise InputError("players[%d].name" % names.index(dup, names.index(dup) + 1), "player name %r used twice" % dup, source)
    active = raw.active_player or names[0]
    if active not in names:
        raise InputError("active_player", "unknown player %r%s" % (active, nearest(active, names)), source)
    _check_cards_known(raw, db, source)
    cards = CardLookup(db, source)
    seen: dict[str, str] = {}
    players = [_player(p, pi, names, cards, seen, source) for pi, p in enumerate(raw.players)]
    _attach(players, source)
    _apply_static_pumps(players)
    if raw.priority_player is not None and raw.priority_player not in names:
        raise InputError("priority_player", "unknown player %r%s" % (raw.priority_player, nearest(raw.priority_player, names)), source)
    stack = None if raw.stack is None else tuple(_stack_object(o, "stack[%d]" % i, names, cards, source)
                                                 for i, o in enumerate(raw.stack))
    stack_empty = raw.stack_empty
    if stack is not None:
        if "stack_empty" in raw.model_fields_set and raw.stack_empty != (not stack):
            raise InputError("stack_empty", "%s but the stack lists %d object(s) (leave stack_empty out or make it %s)"
                             % (str(raw.stack_empty).lower(), len(stack), str(not stack).lower()), source)
        stack_empty = not stack
    return Board(active, raw.step, stack_empty, players, db, source, raw.priority_player, stack)


# How many boards `held_board` keeps: the ones asked about last.
HELD_BOARDS = 16
# (board JSON as bytes, card database) -> (that JSON read back, its board)
_HELD: OrderedDict[tuple[bytes, CardDB], tuple[dict, Board]] = OrderedDict()
_HELD_LOCK = threading.Lock()


def held_board(data: dict, db: CardDB | None = None) -> Board:
    """`load_board(data, db)`, and the same `Board` again for the same board JSON and card
    database while it is among the `HELD_BOARDS` asked about last: boards are not changed
    in place, so what the board holds (`Board.analyses`) serves every question asked with
    that JSON.  The same JSON: the same bytes written, and equal to those bytes read back
    (so of the same JSON types: a tuple is not a list, True is not 1); a value JSON does
    not write is loaded each time, and a board that is not valid raises InputError each time."""
    db = db or default_db()
    try:
        text = orjson.dumps(data)
    except TypeError:  # orjson.JSONEncodeError: not JSON (a key that is not a string, a huge integer)
        return load_board(data, db)
    key = (text, db)
    with _HELD_LOCK:
        hit = _HELD.get(key)
        if hit is not None and hit[0] == data:
            _HELD.move_to_end(key)
            return hit[1]
    board = load_board(data, db)
    with _HELD_LOCK:
        _HELD[key] = (orjson.loads(text), board)
        while len(_HELD) > HELD_BOARDS:
            _HELD.popitem(last=False)
    return board


def _stack_object(o: StackObjectIn, where: str, names: list[str], cards: CardLookup, source: str | None) -> StackObject:
    """One stack entry resolved: its controller a player, a spell's card known."""
    if o.controller not in names:
        raise InputError(where + ".controller", "unknown player %r%s" % (o.controller, nearest(o.controller, names)), source)
    if o.kind == StackKind.SPELL and o.card is None:
        raise InputError(where + ".card", "a spell on the stack needs its card", source)
    card = cards(o.card, where + ".card") if o.card is not None else None
    return StackObject(StackKind(o.kind), o.controller, card, o.source, o.ability)


def _card_refs(raw: BoardIn) -> Iterator[tuple[str, str]]:
    """Every card name the board names, with its JSON path, in the order they are resolved."""
    for pi, p in enumerate(raw.players):
        for bi, perm in enumerate(p.battlefield):
            yield "players[%d].battlefield[%d].card" % (pi, bi), perm.card
            for ei, name in enumerate(perm.exiled_with):
                yield "players[%d].battlefield[%d].exiled_with[%d]" % (pi, bi, ei), name
        for zone in ("hand", "graveyard"):
            for i, name in enumerate(getattr(p, zone)):
                yield "players[%d].%s[%d]" % (pi, zone, i), name
        for gi, g in enumerate(p.granted_flashback):
            yield "players[%d].granted_flashback[%d].card" % (pi, gi), g.card
        for ci, c in enumerate(p.command):
            yield "players[%d].command[%d].card" % (pi, ci), c.card
        for ui, name in enumerate(p.until_end_of_turn):
            yield "players[%d].until_end_of_turn[%d]" % (pi, ui), name
    for i, o in enumerate(raw.stack or ()):
        if o.card is not None:
            yield "stack[%d].card" % i, o.card


def _check_cards_known(raw: BoardIn, db: CardDB, source: str | None) -> None:
    """One InputError naming every unknown card of the board (at the first one's path)."""
    unknown: dict[str, str] = {}
    for where, name in _card_refs(raw):
        if name not in unknown and name not in db:
            unknown[name] = where
    if unknown:
        where = next(iter(unknown.values()))
        room = MAX_LINE - len("%s: %s: " % (source or "", where))  # the whole line within MAX_LINE
        raise InputError(where, db.unknown_message(list(unknown), limit=max(room, 60)), source)


class CardLookup:
    """Cards by name for one board; InputError at the JSON path for an unknown card."""

    def __init__(self, db: CardDB, source: str | None):
        self.db, self.source = db, source

    def __call__(self, name: str, where: str) -> Card:
        try:
            return self.db.get(name)
        except UnknownCard as exc:
            raise InputError(where, exc.message(), self.source) from None
        except CostSyntaxError as exc:
            raise InputError(where, "card %r has an unreadable mana cost: %s" % (name, exc), self.source) from None


def resolved_permanent(perm: PermanentIn, where: str, owner: str, names: list[str], cards: CardLookup,
                       seen: dict[str, str], source: str | None) -> Permanent:
    """One battlefield entry resolved; InputError for a repeated id, a negative counter
    count or an unknown controller."""
    if perm.id in seen:
        raise InputError(where + ".id", "id %r used twice (first at %s)" % (perm.id, seen[perm.id]), source)
    seen[perm.id] = where
    for cname, n in perm.counters.items():
        if n < 0:
            raise InputError(where + ".counters." + cname, "a counter count must be 0 or more (got %d)" % n, source)
    controller = perm.controller or owner
    if controller not in names:
        raise InputError(where + ".controller", "unknown player %r%s" % (controller, nearest(controller, names)), source)
    card = cards(perm.card, where + ".card")
    if perm.face is not None:
        card = _face_up(card, perm.face, where, cards, source)
    exhaust = [line.strip() for line in strip_reminder(card.text).split("\n") if line.strip().startswith("Exhaust — ")]
    for ei, text in enumerate(perm.exhausted):
        if not any(_ability_key(text, card.name) == _ability_key(line, card.name) for line in exhaust):
            raise InputError("%s.exhausted[%d]" % (where, ei), "%s has no exhaust ability %r%s" % (
                card.name, text, nearest(text, exhaust) if exhaust else " (it has none)"), source)
    lines = [line.strip() for line in strip_reminder(card.text).split("\n") if line.strip()]
    for text, n in perm.activated.items():
        if not any(_ability_key(text, card.name) == _ability_key(line, card.name) for line in lines):
            raise InputError("%s.activated" % where, "%s has no ability %r%s" % (card.name, text, nearest(text, lines)),
                             source)
    color, ctype, colors = _chosen(perm, where, source)
    return Permanent(
        id=perm.id, card=FACE_DOWN if perm.face_down else card, controller=controller, **entry_state(perm),
        attached_to=perm.attached_to, token=perm.token, power_override=perm.power, toughness_override=perm.toughness,
        type_override=perm.type, saddled_by=tuple(perm.saddled_by),
        exhausted=tuple(perm.exhausted), chosen_color=color, chosen_type=ctype, unblocked=perm.unblocked,
        face_up_card=card if perm.face_down else None,
        activated={k: v for k, v in perm.activated.items() if v},
        chosen_colors=colors,
        exiled_with=tuple(cards(name, "%s.exiled_with[%d]" % (where, i)).name for i, name in enumerate(perm.exiled_with)),
    )


# Layouts whose card is on the battlefield as one of its faces: a double-faced card's face
# up (712.8d-e) or a flip card flipped (710.2); the others' permanent is their front.
_FACE_UP_LAYOUTS = ("modal_dfc", "transform", "flip")


def _face_up(card: Card, face: str, where: str, cards: CardLookup, source: str | None) -> Card:
    """The face ``face`` of `card` a permanent is on the battlefield as: it has only that
    face's characteristics (712.8d-e, 710.2), so only that face's abilities make mana
    (106.7); InputError for a card without faces, a face it does not have (with the
    nearest), or one the card data lacks."""
    if card.layout not in _FACE_UP_LAYOUTS:
        raise InputError(where + ".face", "%s is not a double-faced or flip card: it is on the battlefield as "
                         "itself (layout %s)" % (card.name, card.layout), source)
    faces = cards.db.faces(card.name)
    if not faces:
        raise InputError(where + ".face", "%s: its other faces are not in the card data" % card.name, source)
    names = [f.name for f in faces]
    if face not in names:
        raise InputError(where + ".face", "%s has no face %r%s" % (card.name, face, nearest(face, names)), source)
    return faces[names.index(face)]


def _chosen(perm: PermanentIn, where: str, source: str | None) -> tuple[str | None, str | None, tuple[str, ...]]:
    """The permanent's chosen colour (a mana letter; the board may name it, "green"),
    chosen subtype (capitalised as a type line writes it) and every colour chosen for it
    (``color`` and ``colors``, "choose up to two colors", in WUBRG order); InputError for
    a colour that is none of the five."""
    if perm.chosen is None:
        return None, None, ()
    color = _color_letter(perm.chosen.color, where + ".chosen.color", source) if perm.chosen.color is not None else None
    more = {_color_letter(c, "%s.chosen.colors[%d]" % (where, i), source) for i, c in enumerate(perm.chosen.colors)}
    every = tuple(c for c in COLORS if c in more or c == color)
    ctype = perm.chosen.type
    return color, (" ".join(w[:1].upper() + w[1:] for w in ctype.split()) if ctype else None), every


def _color_letter(color: str, where: str, source: str | None) -> str:
    """A colour as the board writes it ("G" or "green") → its letter; InputError otherwise."""
    by_name = {name: c for c, name in COLOR_NAMES.items()}
    letter = color.upper() if color.upper() in COLORS else by_name.get(color.lower())
    if letter is None:
        raise InputError(where, "a chosen colour is one of W, U, B, R, G (or its name), not %r%s"
                         % (color, nearest(color, list(COLORS) + list(by_name))), source)
    return letter


def _player(p: PlayerIn, pi: int, names: list[str], cards: CardLookup, seen: dict[str, str],
            source: str | None) -> Player:
    """One player resolved: permanents, the cards of hand and graveyard checked, granted
    flashback costs and floating mana read."""
    perms = [resolved_permanent(perm, "players[%d].battlefield[%d]" % (pi, bi), p.name, names, cards, seen, source)
             for bi, perm in enumerate(p.battlefield)]
    for hi, name in enumerate(p.hand):
        cards(name, "players[%d].hand[%d]" % (pi, hi))
    for gi, name in enumerate(p.graveyard):
        cards(name, "players[%d].graveyard[%d]" % (pi, gi))
    granted = []
    for gi, g in enumerate(p.granted_flashback):
        where = "players[%d].granted_flashback[%d]" % (pi, gi)
        cards(g.card, where + ".card")
        if g.cost != "mana_cost":
            try:
                ManaCost.parse(g.cost)
            except CostSyntaxError as exc:
                raise InputError(where + ".cost", "%s (write a mana cost or \"mana_cost\")" % exc, source) from None
        granted.append((g.card, g.cost))
    commanders = [Commander(cards(c.card, "players[%d].command[%d].card" % (pi, ci)), c.times_cast, c.in_command_zone)
                  for ci, c in enumerate(p.command)]
    exile = [_exiled(e, "players[%d].exile[%d]" % (pi, ei), cards, source) for ei, e in enumerate(p.exile)]
    return Player(p.name, p.life, perms, list(p.hand), list(p.graveyard), granted,
                  resolved_pool(p.mana_pool, "players[%d].mana_pool" % pi, source), p.energy, p.speed,
                  p.spells_cast_this_turn, p.lands_played_this_turn, commanders, exile,
                  p.cards_drawn_this_turn, p.life_gained_this_turn, p.life_lost_this_turn,
                  tuple(p.combat_damage_types_this_turn), _miracle(p, pi, cards, source), poison=p.poison,
                  initiative=p.initiative, dungeons_completed=p.dungeons_completed, library=p.library,
                  until_end_of_turn=[_resolved_effect(name, "players[%d].until_end_of_turn[%d]" % (pi, ui), cards, source)
                                     for ui, name in enumerate(p.until_end_of_turn)])


def _miracle(p: PlayerIn, pi: int, cards: CardLookup, source: str | None) -> str | None:
    """The player's revealed miracle card, checked: in their hand, with a miracle cost."""
    if p.miracle is None:
        return None
    where = "players[%d].miracle" % pi
    card = cards(p.miracle, where)
    if p.miracle not in p.hand:
        raise InputError(where, "%r is not in %s's hand (a miracle is revealed as it is drawn, 702.94a)"
                         % (p.miracle, p.name), source)
    if not any(a.kind == Alternative.MIRACLE for a in card.spell_costs.alternative):
        raise InputError(where, "%r has no miracle cost the reader understands" % p.miracle, source)
    return p.miracle


def _resolved_effect(name: str, where: str, cards: CardLookup, source: str | None) -> Card:
    """A card whose "Until end of turn, ..." mana effect or "this turn" flash permission
    (Emergence Zone) is in force; InputError if this version reads neither on it (it
    would change nothing: never silently)."""
    card = cards(name, where)
    if not card.mana_effects.until_end_of_turn and not card.statics.flash_this_turn:
        raise InputError(where, "%r states no \"Until end of turn, ...\" effect on mana and no \"You may cast spells "
                                "this turn as though they had flash\" that is read (cards such as High Tide, Pale "
                                "Moon, Deep Water, Emergence Zone)" % name, source)
    return card


def _exiled(e: ExiledIn, where: str, cards: CardLookup, source: str | None) -> Exiled:
    """A card in exile checked: on an adventure only if it is an adventurer card (715.2),
    foretold only if it has a foretell cost (702.143a); not both."""
    card = cards(e.card, where + ".card")
    flags = [f for f in EXILE_PERMISSIONS if getattr(e, f)]
    if len(flags) > 1:
        raise InputError(where, "a card is exiled one way, not %s" % " and ".join(flags), source)
    if e.adventure and card.layout != "adventure":
        raise InputError(where + ".adventure", "%r is not an adventurer card (layout %r, not 'adventure')"
                         % (e.card, card.layout), source)
    if e.adventure and " // " not in e.card and (faces := cards.db.faces(e.card)) and faces[0].name != e.card:
        raise InputError(where + ".card", "%r is the Adventure of %r, which is cast from exile as the creature "
                         "(715.4): name the card, %r" % (e.card, faces[0].name, faces[0].name), source)
    needs = {"foretold": "foretell", "madness": "madness", "plotted": "plot", "warped": "warp"}
    for flag in flags:
        if flag in needs and not card.spell_costs.has_keyword_cost(needs[flag]):
            raise InputError(where + "." + flag, "%r has no %s cost the reader understands" % (e.card, needs[flag]), source)
    return Exiled(e.card, **{f: True for f in flags})


def _attach(players: list[Player], source: str | None) -> None:
    """Record each attachment on its target with what it gives (613.4c); check that
    ``attached_to`` and ``saddled_by`` name permanents."""
    by_id = {perm.id: perm for pl in players for perm in pl.battlefield}
    for pl_i, pl in enumerate(players):
        for bi, perm in enumerate(pl.battlefield):
            where = "players[%d].battlefield[%d]" % (pl_i, bi)
            if perm.attached_to is not None:
                if perm.attached_to not in by_id:
                    raise InputError(where + ".attached_to", "no permanent with id %r%s" % (perm.attached_to, nearest(perm.attached_to, list(by_id))), source)
                if perm.attached_to == perm.id:
                    raise InputError(where + ".attached_to", "a permanent can't be attached to itself", source)
                target = by_id[perm.attached_to]
                target.attachments.append(perm.id)
                target.pump(attachment_bonus(perm))
            for si, sid in enumerate(perm.saddled_by):
                if sid not in by_id:
                    raise InputError(where + ".saddled_by[%d]" % si, "no permanent with id %r%s" % (sid, nearest(sid, list(by_id))), source)


def _apply_static_pumps(players: list[Player]) -> None:
    """Each "<creatures> you control get +N/+M" (613.4c) pumps its controller's matching
    creatures (not its source when it says "Other")."""
    for pl in players:
        for lord in pl.battlefield:
            for pump in lord.card.statics.pumps:
                for perm in pl.battlefield:
                    if perm.is_creature and not (pump.others_only and perm is lord) and perm.has_words(pump.words):
                        perm.pump(pump.bonus)


def attachment_bonus(attachment: Permanent) -> tuple[int, int]:
    """+N/+M an Equipment ("Equipped creature gets +N/+M") or an Aura ("Enchanted creature
    gets +N/+M") gives the permanent it is attached to (613.4c); other texts give nothing."""
    words = attachment.type_line.split()
    equipment, aura = "Equipment" in words, "Aura" in words
    if not (equipment or aura):
        return 0, 0
    buffs = [b.bonus for b in attachment.card.statics.attached if b.equipped == equipment]
    return sum(p for p, _ in buffs), sum(t for _, t in buffs)


def resolved_pool(text: str | None, where: str, source: str | None) -> tuple[str, ...]:
    """Floating mana written as symbols, e.g. "{G}{G}{C}": one plain type per symbol."""
    if not text:
        return ()
    try:
        symbols = ManaCost.parse(text).symbols
    except CostSyntaxError as exc:
        raise InputError(where, "%s (write floating mana like {G}{G}{C})" % exc, source) from None
    out = []
    for s in symbols:
        if s.kind == SymbolKind.COLOR:
            out.append(s.colors[0])
        elif s.kind == SymbolKind.C:
            out.append("C")
        else:
            raise InputError(where, "floating mana has a type: %s is not one (use {W} {U} {B} {R} {G} {C})" % s, source)
    return tuple(out)


def read_board_file(path: str, db: CardDB | None = None) -> Board:
    """Load and validate a board file; InputError (with the file name) on any problem."""
    return load_board(board_file_text(path), db, source=path)


def board_file_text(path: str) -> str:
    """The text of the board file at `path`, at most MAX_BOARD_BYTES; InputError naming
    the file (missing, a directory, not UTF-8, over the bound)."""
    try:
        return read_text_file(path, MAX_BOARD_BYTES, "board file")
    except ValueError as exc:
        raise InputError("", str(exc), path) from None
