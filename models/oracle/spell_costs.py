"""Spell-cost text as data: alternative costs, additional costs and cost modifiers.

Read here, from a card's oracle text (exact templates only):

* alternative costs (118.9): ``Flashback`` (702.34; any number of instances, mana and
  non-mana parts, e.g. "Flashback—{1}{G}, Pay 3 life"), ``Overload``, ``Evoke``;
* optional additional costs (118.8b): ``Kicker`` (702.33, also "Kicker {R} and/or {W}"),
  ``Multikicker`` and "As an additional cost to cast this spell, you may ...";
* mandatory additional costs: "As an additional cost to cast this spell, sacrifice a
  creature." and the like;
* cost modifiers a permanent applies to spells (601.2f): "Noncreature spells cost {1}
  more to cast.", "Aura and Equipment spells you cast cost {X} less to cast, where X is
  this creature's power.", "Green spells you cast cost {G} more to cast.", ...;
* the spell's own reductions: "Affinity for artifacts" (702.41) and "This spell costs {1}
  less to cast for each artifact you control / instant card in your graveyard";
* keyword ways of casting (Escape, Dash, Emerge, Jump-start, ..., and the special actions
  Plot and Suspend), read by `oracle.cast_keywords`.

A cost sentence read exactly whose effect the model does not apply (it depends on the
spell's targets, on this turn's events, it is created by a resolving ability ...) is
returned in ``unapplied`` with why (`oracle.unapplied_costs`); every other cost-related
sentence that matches no template is returned in ``not_understood`` (never guessed).  Nothing here evaluates a board: that is the total-cost pipeline's job.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from manasolve.models.mana import CostSyntaxError, ManaCost
from manasolve.models.oracle.added_costs import (
    ADDED_COST_START,
    FACE_DOWN_COST,
    FaceUpCost,
    OptionalKind,
    Splice,
    ZoneAbility,
    ZoneAbilityKind,
    read_added_cost,
)
from manasolve.models.oracle.cast_keywords import KEYWORD_LINE, SpecialAction, read_keyword
from manasolve.models.oracle.costs import CostPart, parse_cost_part
from manasolve.models.oracle.not_understood import NotUnderstood, not_understood
from manasolve.models.oracle.words import (
    NUMBER,
    SYMBOLS,
    filter_alternatives,
    filter_words,
    normalized_lines,
    number_word,
    sentences,
    without_ability_word,
)
from manasolve.models.request import Alternative
from manasolve.models.vocab import Vocabulary

if TYPE_CHECKING:  # imported where first needed (`_unapplied`): the CLI's start-up does not read these families
    from manasolve.models.oracle.unapplied_costs import Unapplied

_COST_WORDS = re.compile(
    r"^(?:Flashback|Kicker|Multikicker|Overload|Evoke|Foretell|Affinity for|Buyback|Offspring|Replicate)\b"
    r"|%s" % ADDED_COST_START.pattern[1:] +
    r"|additional cost|(?:more|less) to cast"
    r"|rather than pay|\bflashback\b|\bcosts? [a-z]+ mana to cast"
)


class Direction(Vocabulary):
    """Whether a cost modifier increases or reduces (601.2f)."""

    MORE = "more"
    LESS = "less"


class Casters(Vocabulary):
    """Whose spells a cost modifier applies to, from its controller's point of view."""

    YOU = "you"
    OPPONENTS = "opponents"
    ALL = "all"


class ModifierTurn(Vocabulary):
    """Whose turn a cost modifier applies in (601.2f): any, its source's controller's
    ("Spells your opponents cast during your turn", Paladin Class), any other ("During
    turns other than yours, spells you cast", Geyser Drake), or any but the caster's
    ("Each spell costs {3} more to cast except during its controller's turn", Defense Grid)."""

    ANY = "any"
    SOURCE = "source_controller"
    NOT_SOURCE = "not_source_controller"
    NOT_CASTER = "not_caster"


class Counting(Vocabulary):
    """What a spell's own reduction counts (see `SelfReduction`)."""

    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    IF_CONTROL = "if_control"
    MANA_VALUE = "mana_value"
    OPPONENT_MOST = "opponent_most"
    COUNTERS = "counters"
    PAID = "paid"
    OPPONENTS = "opponents"  # Undaunted (702.125a): each opponent
    EVERYONE = "everyone"  # each permanent on the battlefield, whoever controls it (Blasphemous Act)
    DOMAIN = "domain"  # basic land types among lands its caster controls (Leyline Binding)
    PARTY = "party"  # creatures in its caster's party (700.8: up to one each Cleric, Rogue, Warrior, Wizard)
    DRAWN = "drawn"  # cards its caster drew this turn (Deem Inferior)
    GREATEST_POWER = "greatest_power"  # the greatest power among creatures its caster controls (The Great Henge)
    TOTAL_POWER = "total_power"  # the total power of creatures its caster controls (Ghalta)
    DEVOTION = "devotion"  # its caster's devotion to `color` (700.5; Drag to the Underworld)
    OPPONENTS_CONTROL = "opponents_control"  # each permanent its caster's opponents control (Primeval Protector)
    YOUR_TURN = "your_turn"  # once during its caster's turn (Mental Modulation)
    CAST_ANOTHER = "cast_another"  # once if its caster has cast another spell this turn (Focus the Mind)


@dataclass(frozen=True)
class AltCost:
    """An alternative cost (118.9): kind ``flashback``, ``overload``, ``evoke``,
    ``alternative`` ("You may sacrifice two Mountains rather than pay this spell's mana
    cost") or a keyword's (oracle.cast_keywords: escape, dash, emerge, ...), usable only
    while its caster controls a permanent with every word of ``if_you_control`` (empty:
    always)."""

    kind: Alternative
    cost: CostPart
    if_you_control: tuple[str, ...] = ()
    plus_mana_cost: bool = False  # paid with the mana cost (Jump-start 702.133a, Retrace 702.81a)
    sacrifice: tuple[tuple[str, ...], ...] = ()  # Emerge: what is sacrificed, reducing by its mana value (702.119a)
    # "If it's (not) your turn, you may ... rather than pay ~'s mana cost" (Force of Negation, Mine Collapse):
    # usable only during its caster's turn (True), only during another's (False), or any (None)
    in_your_turn: bool | None = None


@dataclass(frozen=True)
class OptionalCost:
    """An optional additional cost (118.8b): kind ``kicker``, ``multikicker`` (any number
    of times, 702.33c), ``buyback``, ``offspring``, ``replicate`` (any number of times)
    or ``optional`` ("As an additional cost ..., you may ...")."""

    kind: OptionalKind
    cost: CostPart
    most: int | None = None  # the most times it may be paid (escalate: the modes beyond the first)

    @property
    def repeatable(self) -> bool:
        return self.kind in (OptionalKind.MULTIKICKER, OptionalKind.REPLICATE, OptionalKind.SQUAD,
                             OptionalKind.ESCALATE) and self.most != 1


@dataclass(frozen=True)
class AdditionalCost:
    """A mandatory additional cost (118.8): must be paid whichever way the spell is cast.
    With ``alternatives``, the caster pays `cost` or one of them ("reveal a Goblin card
    from your hand or pay {3}")."""

    cost: CostPart
    alternatives: tuple[CostPart, ...] = ()

    @property
    def sides(self) -> tuple[CostPart, ...]:
        """Every cost the caster may choose to pay."""
        return (self.cost, *self.alternatives)


@dataclass(frozen=True)
class CostModifier:
    """A static cost increase or reduction a permanent applies to spells (601.2f).

    direction: ``more`` or ``less``; amount: the cost per application ({1}, {G}, {X});
    x_is_power: the amount's X is the source's power (Golden-Tail Trainer); spells: the
    alternatives a spell must match one of (each a tuple of filter words, see
    `Card.has_words`), empty = every spell; casters: ``you``, ``opponents`` or ``all``."""

    direction: Direction
    amount: ManaCost
    x_is_power: bool = False
    spells: tuple[tuple[str, ...], ...] = ()
    casters: Casters = Casters.ALL
    text: str = ""
    per_other_spell: bool = False  # "for each other spell that player has cast this turn"
    zones: tuple[str, ...] = ()  # only spells cast from one of these zones ("from your graveyard"); empty: any
    nth_spell: int | None = None  # only its caster's Nth spell this turn ("The second spell you cast each turn")
    mana_value_at_least: int | None = None  # only spells of this mana value or greater (202.3; Krosan Drover)
    turn: ModifierTurn = ModifierTurn.ANY  # only in these turns (Geyser Drake, Paladin Class, Defense Grid)


@dataclass(frozen=True)
class CostFloor:
    """"As long as ~ is untapped, each spell that would cost less than three mana to cast
    costs three mana to cast." (Trinisphere): applied after every increase and reduction
    (601.2f), only while the source is untapped when ``while_untapped``."""

    mana: int
    while_untapped: bool = False
    text: str = ""


@dataclass(frozen=True)
class SelfReduction:
    """The spell's own reduction: ``amount`` times the number ``counting`` says, read with
    the objects matching one of ``per`` (filter-word tuples): ``battlefield`` (each
    permanent its caster controls), ``graveyard`` (each card in its caster's graveyard),
    ``if_control`` (once if its caster controls one), ``mana_value`` (their total mana
    value), ``opponent_most`` (the most one opponent controls), ``counters`` (each counter
    on a permanent), ``paid`` (once when the optional cost whose text begins with
    ``if_paid`` is paid: "if evidence was collected", "if it was kicked"), and the other
    `Counting` kinds (``color``: the colour of a devotion, a mana letter).  Affinity is
    one (702.41)."""

    amount: ManaCost
    per: tuple[tuple[str, ...], ...]
    counting: Counting = Counting.BATTLEFIELD
    text: str = ""
    if_paid: str = ""
    color: str = ""
    at_least: int = 1  # ``if_control``: "if you control three or more artifacts" (Stoic Rebuttal)


@dataclass(frozen=True)
class SpellCosts:
    """What a card's text says about casting costs: what was understood, what was not."""

    card: str
    flashback: tuple[AltCost, ...] = ()
    alternative: tuple[AltCost, ...] = ()  # overload, evoke, foretell, "rather than pay"
    kicker: tuple[OptionalCost, ...] = ()
    multikicker: tuple[OptionalCost, ...] = ()
    optional: tuple[OptionalCost, ...] = ()  # "you may ..." additional costs
    additional: tuple[AdditionalCost, ...] = ()  # mandatory
    modifiers: tuple[CostModifier, ...] = ()
    floors: tuple[CostFloor, ...] = ()
    self_reductions: tuple[SelfReduction, ...] = ()
    per_extra_target: tuple[ManaCost, ...] = ()  # Strive: more for each target beyond the first (601.2f)
    face_up: tuple[FaceUpCost, ...] = ()  # morph, megamorph, disguise: the cost to turn it face up
    zone_abilities: tuple[ZoneAbility, ...] = ()  # unearth, embalm, eternalize, ninjutsu
    splice: tuple[Splice, ...] = ()  # 702.47: added to a spell it is spliced onto
    # generic reductions this permanent gives its controller's keyword abilities (ninjutsu ...)
    ability_reductions: tuple[tuple[ZoneAbilityKind, ManaCost], ...] = ()
    spree: bool = False  # 702.172a: its modes' costs are `optional` of kind spree; one or more chosen
    aftermath: bool = False  # 702.127a: this half is cast only from the graveyard
    fuse: bool = False  # 702.102: both halves of this split card may be cast together from the hand
    specials: tuple[SpecialAction, ...] = ()  # Plot, Suspend: special actions from hand
    # cost sentences read exactly but not applied, each with why (`oracle.unapplied_costs`)
    unapplied: tuple[Unapplied, ...] = ()
    not_understood: tuple[NotUnderstood, ...] = ()
    seen: int = 0  # cost sentences (and Spree mode costs) read, read but not applied, or in not_understood (`cards check`)

    def has_keyword_cost(self, kind: str) -> bool:
        """Whether the card has an alternative cost or special action of `kind` (``plot``,
        ``madness``, ...)."""
        return any(a.kind == kind for a in self.alternative + self.flashback + self.specials)

    @property
    def optional_costs(self) -> tuple[OptionalCost, ...]:
        """Every optional additional cost, in announcement order: kickers, multikickers,
        then "you may" costs."""
        return self.kicker + self.multikicker + self.optional


def _modifier(sentence: str) -> CostModifier | None:
    turn = next((t for prefix, t in _TURNS.items() if sentence.startswith(prefix)), ModifierTurn.ANY)
    if turn != ModifierTurn.ANY:
        rest = sentence.split(", ", 1)[1]
        sentence = rest[0].upper() + rest[1:]
    if (m := re.fullmatch(r"Each spell costs (\{\d+\}) more to cast except during its controller's turn\.", sentence)):
        return CostModifier(Direction.MORE, ManaCost.parse(m.group(1)), turn=ModifierTurn.NOT_CASTER)  # Defense Grid
    if (m := re.fullmatch(r"Each spell you cast that's (.+?) costs (\{\d+\}) less to cast\.", sentence)):
        # "a Demon, Horror, or Nightmare" (Ancient Cellarspawn), "red or green" (Goblin Anarchomancer)
        spells = filter_alternatives(re.sub(r"\b(?:an?) ", "", m.group(1)).replace(", or ", " or ").replace(", ", " or "))
        return CostModifier(Direction.LESS, ManaCost.parse(m.group(2)), spells=spells, casters=Casters.YOU,
                            turn=turn) if spells else None
    m = re.fullmatch(
        r"(?:(?P<spells>.*?) )?[Ss]pells (?P<casters>you cast |your opponents cast )?(?:from (?P<zone>anywhere other than "
        r"your hand|your graveyard|your graveyard or from exile) )?(?:with mana value (?P<mv>\d+) or greater )?"
        r"(?P<during>during your turn )?cost (?P<amount>%s) (?P<direction>more|less) to cast(?:, where X is ~'s power)?\."
        % SYMBOLS, sentence)
    if not m:
        return None
    if m.group("during"):
        if turn != ModifierTurn.ANY or m.group("casters") != "your opponents cast ":
            return None
        turn = ModifierTurn.SOURCE  # "Spells your opponents cast during your turn" (Paladin Class)
    zones = _MODIFIER_ZONES[m.group("zone")]
    if zones and not m.group("casters"):
        return None  # "from ..." is read only for "you cast" / "your opponents cast" (whose graveyard)
    spells = filter_alternatives(m.group("spells") or "")
    if spells is None:
        return None
    try:
        amount = ManaCost.parse(m.group("amount"))
    except CostSyntaxError:  # a symbol no cost holds ({½}, Cheap Ass): not understood
        return None
    x_is_power = sentence.endswith("where X is ~'s power.")
    if amount.has_x != x_is_power or any(s.needs_announcement for s in amount.symbols):
        return None  # an undefined X, or a hybrid reduction (118.7e) we don't model
    casters = {"you cast ": Casters.YOU, "your opponents cast ": Casters.OPPONENTS, None: Casters.ALL}[m.group("casters")]
    return CostModifier(Direction(m.group("direction")), amount, x_is_power, spells, casters, sentence, zones=zones,
                        mana_value_at_least=int(m.group("mv")) if m.group("mv") else None, turn=turn)


# "During turns other than yours, spells you cast ..." / "During your turn, spells ..."
_TURNS = {"During turns other than yours, ": ModifierTurn.NOT_SOURCE, "During your turn, ": ModifierTurn.SOURCE}


# "Spells you cast from ... cost": the zones a spell is cast from (`models.request.Zone`).
_MODIFIER_ZONES = {None: (), "your graveyard": ("graveyard",), "your graveyard or from exile": ("graveyard", "exile"),
                   "anywhere other than your hand": ("graveyard", "exile", "command")}


def _self_reduction(sentence: str) -> SelfReduction | None:
    m = re.fullmatch(r"Affinity for (.+)", sentence.rstrip("."))
    if m:
        per = filter_alternatives(m.group(1))
        return SelfReduction(ManaCost.parse("{1}"), per, Counting.BATTLEFIELD, sentence) if per else None
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast for each (basic land type among lands you control|creature in your party|"
                     r"card you've drawn this turn)\.", sentence)
    if m:
        counting = {"basic land type among lands you control": Counting.DOMAIN, "creature in your party": Counting.PARTY,
                    "card you've drawn this turn": Counting.DRAWN}[m.group(2)]
        return SelfReduction(ManaCost.parse(m.group(1)), (), counting, sentence)
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast for each (.+?) (you control|in your graveyard|on the battlefield)\.",
                     sentence)
    if m:
        per = filter_alternatives(m.group(2))
        counting = {"you control": Counting.BATTLEFIELD, "in your graveyard": Counting.GRAVEYARD,
                    "on the battlefield": Counting.EVERYONE}[m.group(3)]
        return SelfReduction(ManaCost.parse(m.group(1)), per, counting, sentence) if per else None
    m = re.fullmatch(r"~ costs \{X\} less to cast, where X is (the greatest power among|the total power of) creatures you "
                     r"control\.", sentence)
    if m:
        counting = Counting.GREATEST_POWER if m.group(1).startswith("the greatest") else Counting.TOTAL_POWER
        return SelfReduction(ManaCost.parse("{1}"), (("Creature",),), counting, sentence)
    m = re.fullmatch(r"~ costs \{X\} less to cast, where X is your devotion to (white|blue|black|red|green)\.", sentence)
    if m:
        letter = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[m.group(1)]
        return SelfReduction(ManaCost.parse("{1}"), (), Counting.DEVOTION, sentence, color=letter)
    # "It also costs {1} less ...": the spell's second reduction (Geistlight Snare)
    m = re.fullmatch(r"(?:~|It also) costs (\{\d+\}) less to cast if you control an? (.+?)\.", sentence)
    if m:
        per = filter_alternatives(m.group(2))
        return SelfReduction(ManaCost.parse(m.group(1)), per, Counting.IF_CONTROL, sentence) if per else None
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast if you control (%s) or more (.+?)\." % NUMBER, sentence)
    if m and (n := number_word(m.group(2))) and (per := filter_alternatives(m.group(3))):
        return SelfReduction(ManaCost.parse(m.group(1)), per, Counting.IF_CONTROL, sentence, at_least=n)
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast for each (.+?) your opponents control\.", sentence)
    if m and (per := filter_alternatives(m.group(2))):
        return SelfReduction(ManaCost.parse(m.group(1)), per, Counting.OPPONENTS_CONTROL, sentence)
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast (during your turn|if you've cast another spell this turn)\.",
                     sentence)
    if m:
        counting = Counting.YOUR_TURN if m.group(2) == "during your turn" else Counting.CAST_ANOTHER
        return SelfReduction(ManaCost.parse(m.group(1)), (), counting, sentence)
    if (m := re.fullmatch(r"~ costs (\{\d+\}) less to cast for each opponent you have\.", sentence)):
        return SelfReduction(ManaCost.parse(m.group(1)), ((),), Counting.OPPONENTS, sentence)  # Avatar of Growth
    m = re.fullmatch(r"~ costs \{X\} less to cast, where X is the total mana value of (.+?) you control\.", sentence)
    if m:
        per = filter_alternatives(m.group(1))
        return SelfReduction(ManaCost.parse("{1}"), per, Counting.MANA_VALUE, sentence) if per else None
    m = re.fullmatch(r"~ costs \{X\} less to cast, where X is the greatest number of (.+?) an opponent controls\.",
                     sentence)
    if m:
        per = filter_alternatives(m.group(1))
        return SelfReduction(ManaCost.parse("{1}"), per, Counting.OPPONENT_MOST, sentence) if per else None
    if sentence == "~ costs {1} less to cast for each counter among players and permanents.":
        return SelfReduction(ManaCost.parse("{1}"), ((),), Counting.COUNTERS, sentence)
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast if (evidence was collected|it was kicked|~ was kicked)\.", sentence)
    if m:
        paid = "collect evidence" if m.group(2).startswith("evidence") else "kicker"
        return SelfReduction(ManaCost.parse(m.group(1)), (), Counting.PAID, sentence, paid)
    return None


def parse_spell_costs(name: str, text: str) -> SpellCosts:
    """Everything a card's text says about the cost of casting spells: its own
    alternative and additional costs, its self-reductions, and the modifiers it applies
    to other spells while on the battlefield; unreadable cost sentences are listed in
    ``not_understood``."""
    # each SpellCosts field's values (a list), or True for the flags fuse, spree and aftermath
    out: dict[str, Any] = defaultdict(list)
    lines = normalized_lines(text, name)
    modes = sum(1 for line, _ in lines if line.startswith("•"))
    seen = 0
    for line, shown in lines:
        if line.startswith("+ ") and out.get("spree"):
            seen += 1
            if not _read_spree_mode(line, out):
                out["not_understood"].append(not_understood(name, shown, line))
            continue
        said, originals = sentences(without_ability_word(line)), sentences(shown)
        if len(originals) != len(said):
            originals = said
        for sentence, original in zip(said, originals):
            if not (_COST_WORDS.search(sentence) or KEYWORD_LINE.match(sentence)):
                continue
            seen += 1
            if _read_sentence_safely(sentence, original, out):
                continue
            unapplied = _unapplied(sentence, original)
            if unapplied is not None:
                out["unapplied"].append(unapplied)
            else:
                out["not_understood"].append(not_understood(name, original, sentence))
    if modes and out["multikicker"]:  # escalate: at most once per mode beyond the first
        out["multikicker"] = [replace(o, most=modes - 1) if o.kind == OptionalKind.ESCALATE else o
                              for o in out["multikicker"]]
    fields: dict[str, Any] = {k: (v if k in ("fuse", "spree", "aftermath") else tuple(v)) for k, v in out.items()}
    return SpellCosts(name, **fields, seen=seen)


def _unapplied(sentence: str, original: str) -> Unapplied | None:
    """`unapplied_costs.read_unapplied`, imported on the first sentence no template reads."""
    from manasolve.models.oracle.unapplied_costs import read_unapplied  # keeps start-up light
    return read_unapplied(sentence, original)


def _read_spree_mode(line: str, out: dict[str, Any]) -> bool:
    """A Spree mode, "+ {1}{R} — ...": its additional cost (702.172a)."""
    m = re.match(r"\+ (%s) — " % SYMBOLS, line)
    cost = parse_cost_part(m.group(1)) if m else None
    if cost is None:
        return False
    out["optional"].append(OptionalCost(OptionalKind.SPREE, cost))
    return True


def _read_sentence_safely(sentence: str, original: str, out: dict[str, Any]) -> bool:
    """`_read_sentence`, False (not understood) for a symbol no mana cost has, such as
    Cheap Ass's {½} (which `ManaCost.parse` refuses)."""
    try:
        return _read_sentence(sentence, original, out)
    except CostSyntaxError:
        return False


def _read_sentence(sentence: str, original: str, out: dict[str, Any]) -> bool:
    """Record one sentence (normalized; `original` as printed) in `out`; False if it
    matches no template."""
    added = read_added_cost(sentence)
    if added is not None:
        return _record_added(added, out)
    if KEYWORD_LINE.match(sentence):
        kw = read_keyword(sentence)
        if kw is None:
            return False
        if kw.special is not None:
            out["specials"].append(kw.special)
        else:
            out["alternative"].append(AltCost(kw.kind, kw.cost, plus_mana_cost=kw.plus_mana_cost, sacrifice=kw.sacrifice))
        return True
    m = re.fullmatch(r"(Flashback|Overload|Evoke|Foretell|Multikicker)(?:—| )(.+?)\.?", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        if cost is None:
            return False
        kind = m.group(1).lower()
        if kind == OptionalKind.MULTIKICKER:
            out["multikicker"].append(OptionalCost(OptionalKind.MULTIKICKER, cost))
        else:
            out["flashback" if kind == Alternative.FLASHBACK else "alternative"].append(AltCost(Alternative(kind), cost))
        return True
    m = re.fullmatch(r"(Buyback|Offspring|Replicate)(?:—| )(.+?)\.?", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        if cost is None:
            return False
        kind = OptionalKind(m.group(1).lower())
        out["multikicker" if kind == OptionalKind.REPLICATE else "optional"].append(OptionalCost(kind, cost))
        return True
    m = re.fullmatch(r"Kicker(?:—| )(.+?)\.?", sentence)
    if m:
        parts = [parse_cost_part(p) for p in m.group(1).split(" and/or ")]
        if any(p is None for p in parts):
            return False
        out["kicker"].extend(OptionalCost(OptionalKind.KICKER, p) for p in parts if p is not None)
        return True
    m = re.fullmatch(r"As an additional cost to cast ~, (.+) or (pay \{[^.]+\})\.", sentence)
    if m:  # "reveal a Goblin card from your hand or pay {3}": one side or the other
        one, other = parse_cost_part(m.group(1)), parse_cost_part(m.group(2))
        if one is None or other is None or " or " in m.group(1):
            return False
        out["additional"].append(AdditionalCost(one, (other,)))
        return True
    m = re.fullmatch(r"As an additional cost to cast ~, (you may )?(.+)\.", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        if cost is None or (" or " in m.group(2) and not _or_within_objects(cost)):
            return False  # another choice between costs: not modelled
        if m.group(1):
            out["optional"].append(OptionalCost(OptionalKind.OPTIONAL, cost))
        else:
            out["additional"].append(AdditionalCost(cost))
        return True
    m = re.fullmatch(r"If it's (not )?your turn, you may (.+?) rather than pay ~'s mana cost\.", sentence)
    if m and (cost := parse_cost_part(m.group(2))) is not None and " or " not in m.group(2):
        out["alternative"].append(AltCost(Alternative.ALTERNATIVE, cost, in_your_turn=not m.group(1)))
        return True
    m = re.fullmatch(r"(?:If you control an? ([A-Za-z ]+?), y|Y)ou may (.+?) rather than pay ~'s mana cost\.", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        condition = filter_words(m.group(1)) if m.group(1) else ()
        if cost is None or condition is None:
            return False
        out["alternative"].append(AltCost(Alternative.ALTERNATIVE, cost, condition))
        return True
    m = re.fullmatch(r"Each spell a player casts costs (\{\d+\}) more to cast for each other spell that player "
                     r"has cast this turn\.", sentence)
    if m:  # Damping Sphere
        out["modifiers"].append(CostModifier(Direction.MORE, ManaCost.parse(m.group(1)), text=original, per_other_spell=True))
        return True
    m = re.fullmatch(r"(As long as ~ is untapped, )?each spell that would cost less than (\w+) mana to cast costs "
                     r"\2 mana to cast\.", sentence, flags=re.IGNORECASE)
    if m and (n := number_word(m.group(2))):  # Trinisphere
        out["floors"].append(CostFloor(n, bool(m.group(1)), original))
        return True
    m = re.fullmatch(r"The second spell you cast each turn costs (\{\d+\}) less to cast\.", sentence)
    if m:  # Highspire Bell-Ringer: the player's spells_cast_this_turn says which spell this is
        out["modifiers"].append(CostModifier(Direction.LESS, ManaCost.parse(m.group(1)), casters=Casters.YOU, text=original,
                                             nth_spell=2))
        return True
    mod = _modifier(sentence)
    if mod is not None:
        out["modifiers"].append(replace(mod, text=original))
        return True
    red = _self_reduction(sentence)
    if red is not None:
        out["self_reductions"].append(replace(red, text=original))
        return True
    return False


def _or_within_objects(cost: CostPart) -> bool:
    """Whether every " or " of the cost is one between the objects of one part that reads
    ("sacrifice an artifact or creature": one permanent, an artifact or a creature),
    not one between two costs ("sacrifice a creature or discard a card")."""
    return not cost.mana.symbols and not cost.life and len(cost.other) == 1 and cost.other[0].problem is None \
        and len(cost.other[0].alternatives) > 1


def _record_added(added: tuple[str, object], out: dict[str, Any]) -> bool:
    """Record what `read_added_cost` read: (field, value); value None: not understood."""
    key, value = added
    if value is None:
        return False
    if key in ("fuse", "spree", "aftermath"):
        out[key] = True
    elif key in ("optional", "multikicker"):
        kind, cost = cast("tuple[str, CostPart]", value)
        out[key].append(OptionalCost(OptionalKind(kind), cost))
    elif key == "alternative":
        kind, cost = cast("tuple[str, CostPart]", value)
        out[key].append(AltCost(Alternative(kind), cost))
    elif key == "face_up":  # 702.37c, 702.168a: also castable face down for {3}
        out[key].append(value)
        if not any(a.kind == Alternative.FACE_DOWN for a in out["alternative"]):
            down = ManaCost.parse(FACE_DOWN_COST)
            out["alternative"].append(AltCost(Alternative.FACE_DOWN, CostPart(down, text=FACE_DOWN_COST)))
    elif key == "undaunted":
        out["self_reductions"].append(SelfReduction(ManaCost.parse("{1}"), ((),), Counting.OPPONENTS, "Undaunted"))
    else:
        out[key].append(value)
    return True
