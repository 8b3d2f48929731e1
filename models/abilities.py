"""Abilities as data: activation costs and mana abilities (rules 602, 605, 106.7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, combinations_with_replacement

from manasolve.models.mana import COLORS, TYPES, ManaCost
from manasolve.models.vocab import Vocabulary


class TapKeyword(Vocabulary):
    """Keyword costs that tap other creatures with enough total power."""

    SADDLE = "Saddle"  # 702.171
    CREW = "Crew"  # 702.122


class CountKind(Vocabulary):
    """What a `Count` counts."""

    PERMANENTS = "permanents"
    GRAVEYARD_CARDS = "graveyard_cards"
    COUNTERS_ON_SELF = "counters_on_self"
    SELF_POWER = "self_power"
    SELF_TOUGHNESS = "self_toughness"  # "equal to ~'s toughness" (Vhal)
    REMOVED_COUNTERS = "removed_counters"
    SACRIFICED_MANA_VALUE = "sacrificed_mana_value"  # of the permanent the cost sacrificed (or exiled: Food Chain)
    SACRIFICED_POWER = "sacrificed_power"  # the power of the creature the cost sacrificed (Furgul)
    COST_X = "cost_x"  # the X the cost chose: {X} paid, X permanents tapped or sacrificed (Hazel, Springjack Pasture)
    LIFE_TOTAL = "life_total"
    DEVOTION = "devotion"  # 700.5: mana symbols of that colour in the mana costs of permanents you control
    GREATEST_POWER = "greatest_power"
    GREATEST_TOUGHNESS = "greatest_toughness"
    BASIC_LAND_TYPES = "basic_land_types"  # basic land types among lands you control (domain)
    DIFFERENT_POWERS = "different_powers"  # different powers among the creatures you control matching filter
    SHARED_TYPE = "shared_type"  # the most creatures you control sharing a creature type (702.73a: changelings all)
    CARDS_DRAWN = "cards_drawn"  # cards you've drawn this turn (the player's cards_drawn_this_turn)
    LIFE_GAINED = "life_gained"  # life you gained this turn (the player's life_gained_this_turn)
    REVEALED = "revealed"  # "Reveal any number of <filter> cards in your hand": any number up to those cards


class ConditionKind(Vocabulary):
    """What a `Condition` asks of the game."""

    CONTROL = "control"
    SELF_COUNTER = "self_counter"
    ENTERED_THIS_TURN = "entered_this_turn"
    MAX_SPEED = "max_speed"  # 702.178: its controller's speed is 4 (the player's `speed`)
    NOT_EXHAUSTED = "not_exhausted"  # 702.177: this exhaust ability was not activated yet (`exhausted`)
    YOUR_TURN = "your_turn"  # "Activate only during your turn"
    OPPONENTS_TURN = "opponents_turn"  # "Activate only during an opponent's turn"
    GRAVEYARD = "graveyard"  # at least n cards with every word of filter in your graveyard
    LAND_PLAYED = "land_played"  # you played a land this turn (the player's lands_played_this_turn)
    SELF_IS = "self_is"  # this permanent has every word of filter ("is a creature")
    TOTAL_POWER = "total_power"  # the permanents you control with filter have total power >= n
    SORCERY_TIMING = "sorcery_timing"  # 602.5d / 307.1: your main phase, the stack empty
    OPPONENT_POISON = "opponent_poison"  # an opponent has at least n poison counters (the player's `poison`)
    SAME_NAME = "same_name"  # you control at least n permanents with filter that share one name
    CONTROL_WITH_COUNTERS = "control_with_counters"  # you control a permanent with filter and >= n `counter` counters
    CONTROL_NAMED = "control_named"  # you control a permanent named `text`
    INITIATIVE = "initiative"  # you have the initiative (725; the player's `initiative`)
    DUNGEON_COMPLETED = "dungeon_completed"  # you completed a dungeon (309.7; the player's `dungeons_completed`)
    EXILED_WITH = "exiled_with"  # a card is exiled with this permanent (607.1: its board `exiled_with`)
    NOT = "not"  # the one condition in parts does not hold
    ALL_OF = "all_of"
    ANY_OF = "any_of"


class ReferenceScope(Vocabulary):
    """Whose mana a referential ability looks at (see `Reference`)."""

    LANDS_YOU_CONTROL = "lands_you_control"
    LANDS_OPPONENTS_CONTROL = "lands_opponents_control"
    PERMANENTS_YOU_CONTROL = "permanents_you_control"
    CHOSEN = "chosen"
    COMMANDER_IDENTITY = "commander_identity"
    SACRIFICED = "sacrificed"


class ManaSort(Vocabulary):
    """``type`` (any of W U B R G C) or ``color`` (W U B R G only) in "one mana of any ..."."""

    TYPE = "type"
    COLOR = "color"


class CostKeyword(Vocabulary):
    """Keywords that let other objects pay part of a spell's cost."""

    CONVOKE = "Convoke"  # 702.51
    IMPROVISE = "Improvise"  # 702.126
    DELVE = "Delve"  # 702.66


# Keywords that use the card from its owner's graveyard: a card with one of them is worth
# keeping there (a delve payment that exiles it gives that use up).
GRAVEYARD_KEYWORDS = frozenset({
    "Flashback",  # 702.34
    "Dredge",  # 702.52
    "Retrace",  # 702.81
    "Unearth",  # 702.84
    "Scavenge",  # 702.97
    "Aftermath",  # 702.127
    "Embalm",  # 702.128
    "Eternalize",  # 702.129
    "Jump-start",  # 702.133
    "Escape",  # 702.138
    "Encore",  # 702.141
    "Disturb",  # 702.146
})


# Flags of `AbilityCost` as its text shows them.
_PART_TEXTS = (("exile_self", "Exile this"), ("return_self", "Return this to its owner's hand"),
               ("exile_self_from_graveyard", "Exile this from your graveyard"), ("discard_hand", "Discard your hand"),
               ("forage", "Forage"))


@dataclass(frozen=True)
class AbilityCost:
    """An activation cost (602.1a): mana plus the non-mana parts we model."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False  # {T} (107.5)
    untap: bool = False  # {Q} (107.6)
    life: int = 0  # "Pay N life"
    sacrifice_self: bool = False  # "Sacrifice this artifact"
    tap_creatures: int = 0  # "Tap an untapped creature you control" (not {T}: sick ones allowed)
    # Extensions read by the oracle parser (an ability using one is listed by
    # ManaAbility.extras so a solver that does not model it can leave it out):
    # "Tap two untapped Elves you control": ((2, (("Elf",),)),) — n (-1 for X) permanents
    # each with every word of one alternative ("artifact or creature": two alternatives)
    tap_untapped: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...] = ()
    sacrifice: tuple[str, ...] = ()  # "Sacrifice a creature": ("Creature",) — one other permanent matching every word
    sacrifice_count: int = 1  # "Sacrifice three Foods": that many permanents matching `sacrifice` (-1: X)
    sacrifice_other: bool = False  # "Sacrifice another creature": not this permanent
    sacrifice_named: str = ""  # "Sacrifice a token named Wood" (Jungle Patrol): only permanents with this name
    remove_counters: tuple[tuple[str, int], ...] = ()  # ("charge", 1); n = -1 for "X" / "any number of"
    energy: int = 0  # "Pay {E}{E}" (107.14)
    exile_from_graveyard: int = 0  # "Exile a card from your graveyard"
    exile_self_from_hand: bool = False  # "Exile ~ from your hand" (activated from the hand)
    discard: int = 0  # "Discard a card"
    exert: bool = False  # "Exert ~" (701.43): it won't untap during its controller's next untap step
    # Parts read by `oracle.ability_cost_parts`:
    mill: int = 0  # "Mill a card" (701.13): needs that many cards in the library
    exile_from_hand: int = 0  # "Exile a card from your hand"
    exile_self: bool = False  # "Exile ~" (Mirrored Lotus): it leaves the battlefield, like "Sacrifice ~"
    return_self: bool = False  # "Return ~ to its owner's hand": it leaves the battlefield
    exile_self_from_graveyard: bool = False  # "Exile ~ from your graveyard" (activated from the graveyard)
    discard_hand: bool = False  # "Discard your hand"
    put_counters: tuple[tuple[str, int], ...] = ()  # "Put a -0/-1 counter on ~": (("-0/-1", 1),)
    collect_evidence: int = 0  # "Collect evidence 3" (701.59a): exile graveyard cards of total mana value >= N
    forage: bool = False  # "Forage" (701.61a): exile three graveyard cards or sacrifice a Food
    exile_other: tuple[str, ...] = ()  # "Exile a creature you control": one permanent you control matching every word

    def __str__(self) -> str:
        parts = []
        if self.mana.symbols:
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        if self.tap_creatures == 1:
            parts.append("Tap an untapped creature you control")
        elif self.tap_creatures > 1:
            parts.append("Tap %d untapped creatures you control" % self.tap_creatures)
        if self.life:
            parts.append("Pay %d life" % self.life)
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        for n, alternatives in self.tap_untapped:
            parts.append("Tap %s untapped %s you control" % ("X" if n < 0 else n, " or ".join(" ".join(w) for w in alternatives)))
        if self.sacrifice:
            count = "X" if self.sacrifice_count < 0 else str(self.sacrifice_count)
            parts.append("Sacrifice %s%s%s" % ("another " if self.sacrifice_other else count + " ", " ".join(self.sacrifice),
                                               " named " + self.sacrifice_named if self.sacrifice_named else ""))
        for kind, n in self.remove_counters:
            parts.append("Remove %s %s counter(s)" % ("X" if n < 0 else n, kind))
        if self.energy:
            parts.append("Pay " + "{E}" * self.energy)
        if self.exile_from_graveyard:
            parts.append("Exile %d card(s) from your graveyard" % self.exile_from_graveyard)
        if self.exile_self_from_hand:
            parts.append("Exile this from your hand")
        if self.discard:
            parts.append("Discard %d card(s)" % self.discard)
        if self.exert:
            parts.append("Exert this")
        parts += [text for name, text in _PART_TEXTS if getattr(self, name)]
        if self.mill:
            parts.append("Mill %d card(s)" % self.mill)
        if self.exile_from_hand:
            parts.append("Exile %d card(s) from your hand" % self.exile_from_hand)
        parts += ["Put %d %s counter(s) on this" % (n, kind) for kind, n in self.put_counters]
        if self.collect_evidence:
            parts.append("Collect evidence %d" % self.collect_evidence)
        if self.exile_other:
            parts.append("Exile a %s you control" % " ".join(self.exile_other))
        return ", ".join(parts)

    @property
    def leaves_battlefield(self) -> bool:
        """Whether paying it takes the permanent off the battlefield (sacrificed, exiled,
        returned to its owner's hand): usable at most once."""
        return self.sacrifice_self or self.exile_self or self.return_self

    @cached_property
    def parts(self) -> frozenset[str]:
        """Names of every field this cost uses (computed once: costs are frozen): "mana", "tap", "untap", "life",
        "sacrifice_self", "tap_creatures" and the extensions (`extras`)."""
        core = [n for n in ("tap", "untap", "life", "sacrifice_self", "tap_creatures") if getattr(self, n)]
        return frozenset(core + (["mana"] if self.mana.symbols else []) + list(self.extras))

    @cached_property
    def extras(self) -> tuple[str, ...]:
        """Names of the extension fields this cost uses (see the field comments; computed once)."""
        names = ("tap_untapped", "sacrifice", "remove_counters", "energy", "exile_from_graveyard", "exile_self_from_hand",
                 "discard", "exert", "sacrifice_other", "mill", "exile_from_hand", "exile_self", "return_self",
                 "exile_self_from_graveyard", "discard_hand", "put_counters", "collect_evidence", "forage", "exile_other",
                 "sacrifice_named")
        return tuple(n for n in names if getattr(self, n)) + (("sacrifice_count",) if self.sacrifice_count != 1 else ())


@dataclass(frozen=True)
class Reference:
    """Mana of a type that other permanents could produce (106.7).

    scope: ``lands_you_control`` (Reflecting Pool), ``lands_opponents_control`` (Exotic
    Orchard, Fellwar Stone), ``permanents_you_control``, or an extension scope below;  kind: ``type`` (includes C) or
    ``color`` (excludes C).
    """

    scope: ReferenceScope
    kind: ManaSort
    filter: tuple[str, ...] = ()  # only permanents in scope with every one of these words ("Basic", "Gate")
    amount: int = 1  # mana of that type added ("Add two mana of the chosen color")


# Scopes of the first solver; the others are extensions: ``chosen`` (the colour chosen as
# this permanent entered), ``commander_identity``, ``sacrificed`` (the land sacrificed to
# pay this cost).
_SOLVER_SCOPES = (ReferenceScope.LANDS_YOU_CONTROL, ReferenceScope.LANDS_OPPONENTS_CONTROL,
                  ReferenceScope.PERMANENTS_YOU_CONTROL)


@dataclass(frozen=True)
class Count:
    """A number read off the game when the ability resolves ("for each", "where X is").

    kind: ``permanents`` (you control, or with ``everyone`` on the battlefield, matching
    ``filter``), ``graveyard_cards`` (in your graveyard), ``counters_on_self`` (of kind
    ``counter``; None = any), ``self_power``, ``removed_counters`` (removed to pay this
    cost), ``sacrificed_mana_value``, ``life_total``, ``devotion`` (to the colour named
    in ``counter``), ``greatest_power`` / ``greatest_toughness`` among the creatures you
    control matching ``filter`` (0 without one).
    filter: words the counted objects all have — type-line words capitalised ("Basic",
    "Swamp", "Creature"), colours lower-case ("black"), "non-X" for a negation.
    plus: added to the count ("Add {R}, then add an additional {R} for each ...").
    """

    kind: CountKind
    filter: tuple[str, ...] = ()
    power_at_least: int | None = None
    counter: str | None = None
    plus: int = 0
    others: bool = False  # "other ... you control": not this permanent
    everyone: bool = False  # "... on the battlefield": every player's permanents
    keyword: str | None = None  # "creatures you control with defender": only those with this keyword
    named: str | None = None  # "artifact you control named ~": only those with this name ("~": the card's own)
    entered_this_turn: bool = False  # "... creatures you control that entered this turn"
    of_chosen_type: bool = False  # "... of the chosen type": with the permanent's chosen subtype (changelings too)
    x_in_cost: bool = False  # "cards with {X} in their mana cost" (Rosheen): only cards whose mana cost has {X}
    toughness_at_least: int | None = None  # "a creature with toughness 4 or greater" (Baxter Building)


class AmongWhere(Vocabulary):
    """Where `ColorsAmong` looks for colours."""

    PERMANENTS = "permanents"  # permanents you control
    ALL_PERMANENTS = "all_permanents"  # permanents any player controls (Reflective Gate)
    GRAVEYARD = "graveyard"  # cards in your graveyard
    EXILED_WITH = "exiled_with"  # the cards exiled with this permanent (its `exiled_with`)


@dataclass(frozen=True)
class ColorsAmong:
    """Mana of the colours among some objects (105.2): ``each`` — one mana of each colour
    among them ("For each color among permanents you control, add one mana of that color",
    Bloom Tender); else one mana of any one of them ("Add one mana of any color among
    legendary permanents you control", Plaza of Heroes; "of any of the exiled card's
    colors", Chrome Mox).  ``alternatives``: the objects have every word of one of these
    (empty: any object); ``monocolored``: only objects of exactly one colour."""

    where: AmongWhere
    each: bool = False
    alternatives: tuple[tuple[str, ...], ...] = ()
    monocolored: bool = False


@dataclass(frozen=True)
class Condition:
    """A condition on the game: ``control`` — you control at least ``n`` permanents with
    every word of ``filter`` (and power ≥ ``power_at_least``, toughness ≥
    ``toughness_at_least``); ``self_counter`` — this
    permanent has at least ``n`` (and at most ``at_most``) ``counter`` counters (a level
    band "LEVEL 1-4", 711.2; a station band "8+ |", charge counters, 702.184);
    ``entered_this_turn``; ``max_speed``; ``not_exhausted`` (``text``: the exhaust
    ability's printed text); ``your_turn``; ``opponents_turn``; ``sorcery_timing``;
    ``graveyard`` — at least ``n`` cards with every word of ``filter`` in your graveyard;
    ``all_of`` / ``any_of`` over ``parts``."""

    kind: ConditionKind
    filter: tuple[str, ...] = ()
    n: int = 1
    power_at_least: int | None = None
    counter: str | None = None
    parts: tuple[Condition, ...] = ()
    at_most: int | None = None
    text: str = ""
    toughness_at_least: int | None = None

    def kinds(self) -> frozenset[ConditionKind]:
        """Every kind in this condition, its parts' included."""
        return frozenset([self.kind]).union(*(p.kinds() for p in self.parts))


def all_of(*conditions: Condition | None) -> Condition | None:
    """The conjunction of the conditions given (None ones left out); None if none."""
    found = [c for c in conditions if c is not None]
    if len(found) <= 1:
        return found[0] if found else None
    return Condition(ConditionKind.ALL_OF, parts=tuple(found))


class SpellTrait(Vocabulary):
    """What a spend restriction may ask of the spell being cast besides its type line."""

    KICKED = "kicked"  # 702.33d: its kicker (or multikicker) cost was paid
    COMMANDER = "commander"  # it is one of its caster's commanders (903.3)
    NO_ABILITIES = "no_abilities"  # its card has no rules text (a vanilla creature)
    FACE_DOWN = "face_down"  # cast face down (708.4, morph, disguise)
    NOT_OWNED = "not_owned"  # its caster does not own it
    NO_X = "no_x"  # no {X} in its mana cost
    CHOSEN_TYPE = "chosen_type"  # it has the subtype chosen for the mana's source
    CHOSEN_COLOR = "chosen_color"  # "of that color": the colour chosen for the mana's source
    NOT_FROM_HAND = "not_from_hand"  # "can't be spent to cast spells from your hand"


class SpendPurpose(Vocabulary):
    """Things other than casting a spell that restricted mana may pay: turning a
    face-down permanent face up is paid by ``pay --ability face_up``; the others no
    question here pays (read so that the line is understood, never matched)."""

    EQUIP = "equip"  # activate equip abilities
    POWER_UP = "power-up"  # activate power-up abilities
    TURN_FACE_UP = "turn face up"  # turn a permanent face up (its morph, megamorph or disguise cost)
    MORPH = "morph"  # pay a morph cost (a megamorph cost is one, 702.37b)
    MANIFESTED_FACE_UP = "manifested face up"  # pay a mana cost to turn a manifested creature face up (701.40b)
    CUMULATIVE_UPKEEP = "cumulative upkeep"  # 702.24
    UNLOCK = "unlock a door"  # 709.5
    FORETELL = "foretell"  # the special action of 702.143a, not the cast


@dataclass(frozen=True)
class SpellFilter:
    """Which spells a restricted mana may pay for: every given field must hold.

    words: the spell has every one of these filter words (type-line words, ``non-X``,
    colour words, ``colorless``, ``monocolored``, ``multicolored``; empty: any spell).
    zone: cast from that zone.  via: cast with that alternative cost ("flashback",
    "disturb").  min_mana_value / x_in_cost: mana value ≥ N / {X} in its mana cost.
    traits: `SpellTrait`s it must have.  keyword: a keyword it has ("Devoid").
    nth_spell: it is its caster's Nth spell this turn."""

    words: tuple[str, ...] = ()
    zone: str | None = None
    via: str | None = None
    min_mana_value: int | None = None
    x_in_cost: bool = False
    traits: tuple[SpellTrait, ...] = ()
    keyword: str | None = None
    nth_spell: int | None = None


@dataclass(frozen=True)
class SpendRestriction:
    """"Spend this mana only ..." (106.6): the mana may pay a spell matching one of
    ``spells``; an ability of a source with one of the words in ``abilities`` (empty:
    any ability; None: no ability); only costs containing {X} (``x_costs_only``); never
    generic mana (``no_generic``); any cost containing one of ``costs_with`` ("C":
    "pay a cost that contains {C}"); the ``purposes`` no question here pays."""

    spells: tuple[SpellFilter, ...] = ()
    abilities: tuple[str, ...] | None = None
    x_costs_only: bool = False
    no_generic: bool = False
    costs_with: tuple[str, ...] = ()
    purposes: tuple[SpendPurpose, ...] = ()


@dataclass(frozen=True)
class Instead:
    """"If <condition>, add <other mana> instead": ``options`` replace the ability's
    options; ``times`` (with options empty) multiplies the chosen mana ("three mana of
    that type instead")."""

    condition: Condition
    options: tuple[tuple[str, ...], ...] = ()
    times: int = 1


@dataclass(frozen=True)
class ManaAbility:
    """An activated ability that adds mana: a mana ability (605.1a) unless
    ``moves_library`` (see `is_mana_ability`).

    options: the alternative mana bundles one activation may add, each a sorted tuple of
    types, e.g. ``(("W",), ("U",))`` for "Add {W} or {U}" and ``(("C", "C"),)`` for Sol
    Ring.  A referential ability (``reference`` set) adds one mana whose type is resolved
    from what other permanents could produce.  damage: damage dealt to the controller
    when it resolves (painlands); it is an effect, not a cost.

    Extensions (listed by ``extras``; a solver that does not model one must leave the
    ability out rather than use the plain fields alone):
    per — the amount is read off the game: one chosen bundle of ``options`` is added
    that many times, or with ``any_combination`` that many mana each of any type in
    ``options``.  options *and* reference set — either one (Thriving lands).
    once_per_turn, activate_if — "Activate only ..." (602.5b), "Exhaust —" (702.177).
    present_if — the object has the ability only while this holds: a level band (711.2a),
    a station band (702.184b), "Max speed —" (702.178a).  instead — a conditional
    replacement of the mana added.  max_per_turn — "Activate no more than N times each
    turn" (602.5b; the permanent's `activated` counts this turn's activations).  damage_if —
    the damage is dealt only if it holds.  restriction — "Spend this mana only ...".  effects —
    further effects of the ability that change neither the mana nor any cost ("Draw a
    card.", "When that mana is spent to cast ...", 106.6a), kept as text: answers report
    them as ``riders``.  life_loss — life its controller loses when it resolves ("You
    lose 1 life.", "Each player loses 1 life."), an effect like ``damage`` (also kept
    in ``effects``).  among — the mana is of the colours among some objects
    (`ColorsAmong`; ``options`` is then empty).
    """

    cost: AbilityCost
    options: tuple[tuple[str, ...], ...] = ()
    reference: Reference | None = None
    damage: int = 0
    text: str = ""
    per: Count | None = None
    any_combination: bool = False
    once_per_turn: bool = False
    activate_if: Condition | None = None
    instead: Instead | None = None
    restriction: SpendRestriction | None = None
    effects: tuple[str, ...] = ()
    present_if: Condition | None = None
    life_loss: int = 0
    among: ColorsAmong | None = None
    max_per_turn: int | None = None  # "Activate no more than three times each turn" (602.5b)
    damage_if: Condition | None = None  # `damage` is dealt only if this holds (Tomb of Urami: no Ogre)
    # 605.1a (CR 2026-08-07): its cost or effect moves a card to or from a library
    # (Chromatic Sphere's "Draw a card.", Millikin's "Mill a card"): no mana ability.
    moves_library: bool = False
    # Parts of the line read exactly but beyond the model, each named with why (a spend
    # restriction on watermarks, "unless any player pays {1}", a coin flip ...): listed
    # by `extras` as "unmodelled: <why>", so every solver leaves the ability out and says why.
    unmodelled: tuple[str, ...] = ()

    @property
    def is_mana_ability(self) -> bool:
        """Whether it is a mana ability (605.1a): usable while paying (601.2g, 605.3a).
        Otherwise it uses the stack and adds its mana only before a cast begins."""
        return not self.moves_library

    @cached_property
    def extras(self) -> tuple[str, ...]:
        """Names of the extension fields in use (cost extensions included; computed once:
        abilities are frozen)."""
        names = ["per", "once_per_turn", "activate_if", "instead", "restriction", "effects", "present_if", "among",
                 "max_per_turn", "damage_if"]
        out = [n for n in names if getattr(self, n)] + ["unmodelled: " + why for why in self.unmodelled]
        if self.options and self.reference:
            out.append("options+reference")
        if self.reference and (self.reference.filter or self.reference.scope not in _SOLVER_SCOPES):
            out.append("reference.scope")
        return tuple(out) + self.cost.extras


def any_color_options(n: int = 1) -> tuple[tuple[str, ...], ...]:
    """Options of "Add n mana of any one color"."""
    return tuple(tuple([c] * n) for c in COLORS)


def any_type_options() -> tuple[tuple[str, ...], ...]:
    """Options of "Add one mana of any type"."""
    return tuple((t,) for t in TYPES)


def combination_options(n: int, types: tuple[str, ...] = COLORS, distinct: bool = False) -> tuple[tuple[str, ...], ...]:
    """Options of "Add n mana in any combination of colors" (multisets of size n), or with
    ``distinct`` of "Add n mana of different colors"."""
    pick = combinations if distinct else combinations_with_replacement
    return tuple(pick(types, n))


@dataclass(frozen=True)
class TapBonus:
    """A creature's static "~ crews Vehicles as though its power were N greater" /
    "... using its toughness rather than its power" for the keywords listed."""

    keywords: tuple[TapKeyword, ...]
    power_bonus: int = 0
    use_toughness: bool = False


@dataclass(frozen=True)
class TapCreaturesCost:
    """A keyword cost "tap any number of other untapped creatures you control with total
    power N or greater" (Saddle 702.171, Crew 702.122)."""

    keyword: TapKeyword
    n: int
    once_per_turn: bool = False  # "Crew 1. Activate only once each turn." (602.5b)
    text: str = ""  # the printed line: its key in a permanent's `activated` this turn


# Basic land types give their intrinsic mana ability (305.6).
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def basic_land_ability(subtype: str) -> ManaAbility:
    """The intrinsic mana ability a basic land type grants, e.g. Forest: "{T}: Add {G}."."""
    t = BASIC_LAND_TYPES[subtype]
    return ManaAbility(AbilityCost(tap=True), ((t,),), text="{T}: Add {%s}." % t)
