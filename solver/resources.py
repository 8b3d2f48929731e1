"""What a player can use to pay: permanents grouped into interchangeable classes, each
with the roles a member may take in one payment (activate a mana ability producing a
given bundle, convoke, improvise, be tapped for another ability's cost).

A permanent takes at most one role in a payment (118.3: it is tapped once).
"""

from __future__ import annotations

import bisect
import weakref
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Union

from manasolve.models.abilities import CountKind, ManaAbility, SpellFilter, SpellTrait, SpendPurpose, SpendRestriction
from manasolve.models.board import Board, Permanent
from manasolve.models.cards import has_filter_words
from manasolve.models.mana import COLORS, SymbolKind
from manasolve.models.request import Zone
from manasolve.models.vocab import Vocabulary
from manasolve.solver.production import (
    abilities_adding_mana,
    activation_allowed,
    activation_bundles,
    bundles_sacrificing,
    carried_from,
    mana_abilities,
    not_mana_ability_note,
    sacrifice_victims,
)



class PatternKind(Vocabulary):
    """What one use of a role does (see `Pattern`)."""

    MANA = "mana"  # a mana ability activated
    CONVOKE = "convoke"  # a creature tapped for convoke
    IMPROVISE = "improvise"  # an artifact tapped for improvise
    DELVE = "delve"  # a card exiled from the graveyard for delve
    TAPPED = "tapped"  # a creature tapped for another ability's "tap an untapped creature" cost
    PART_TAP = "part_tap"  # a creature tapped for the spell's "tap any number of untapped creatures"


# Kinds of use that each pay exactly one symbol of the spell (702.51a, 702.126a, 702.66a).
SYMBOL_PAYERS = (PatternKind.CONVOKE, PatternKind.IMPROVISE, PatternKind.DELVE)
# What a tap that is not a mana activation is for, as answers name it.
TAP_PURPOSE = {PatternKind.CONVOKE: "convoke", PatternKind.IMPROVISE: "improvise", PatternKind.TAPPED: "ability_cost",
               PatternKind.PART_TAP: "additional_cost"}
# Symbol kinds an activation's mana cost may contain and that we can pay exactly.
_PAYABLE_COST_KINDS = {SymbolKind.GENERIC, SymbolKind.COLOR, SymbolKind.C, SymbolKind.S, SymbolKind.HYBRID}
# "Exile ~" and "Return ~ to its owner's hand" take the permanent away like "Sacrifice ~"
# (`AbilityCost.leaves_battlefield`): usable once per payment.
_LEAVING = {"exile_self", "return_self"}
# Parsed extensions the solver handles: riders that change neither the mana nor the
# cost, "once each turn" (one activation per payment anyway), bands and max speed
# (`mana_abilities` leaves out an ability the permanent does not have), "Exert ~" (701.43:
# it only keeps the permanent tapped later), "Put a -0/-1 counter on ~" (always payable),
# conditional damage (an effect, counted by `best`), and amounts or types that
# `activation_bundles` reads off the board (it yields no bundle when the board is silent),
# colours among objects included.
# Spend restrictions are handled apart (they need the spell being paid).
_HANDLED_EXTRAS = {"effects", "once_per_turn", "per", "instead", "options+reference", "reference.scope", "present_if",
                   "exert", "among", "put_counters", "damage_if", "sacrifice_other"} | _LEAVING


@dataclass(frozen=True)
class SpellBeingCast:
    """What a spend restriction looks at (106.6): the spell's type line, the zone it is
    cast from, the alternative cost used ("flashback", or "mana_cost"), its mana value,
    whether its mana cost has {X}, whether the cost being paid does, its name and colours;
    whether it is kicked (702.33d), one of its caster's commanders (903.3), a card with no
    rules text, cast face down, owned by its caster; its keywords; which spell of its
    caster this turn it is (1: the first); whether the cost being paid contains {C}.
    With ``spell`` false it is no spell but an ability or special action of the card
    (turning it face up, unearth): no spell filter holds, and ``purposes`` say which
    "Spend this mana only to ..." purposes it is."""

    type_line: str
    zone: str = "hand"
    via: str = "mana_cost"
    mana_value: int = 0
    has_x: bool = False
    cost_has_x: bool = False
    name: str = ""
    colors: tuple[str, ...] = ()
    kicked: bool = False
    commander: bool = False
    no_abilities: bool = False
    face_down: bool = False
    owned: bool = True
    keywords: tuple[str, ...] = ()
    nth: int = 1
    cost_has_c: bool = False
    spell: bool = True
    purposes: tuple[SpendPurpose, ...] = ()

    def matches(self, f: SpellFilter, source: Permanent) -> bool:
        """Whether this spell passes every field of the filter, for mana made by `source`
        (whose chosen type and colour "of the chosen type" / "of that color" read)."""
        if not self.spell or not has_filter_words(set(self.type_line.replace("—", " ").split()), self.colors, f.words):
            return False
        return ((f.zone is None or f.zone == self.zone) and (f.via is None or f.via == self.via)
                and (f.min_mana_value is None or self.mana_value >= f.min_mana_value)
                and (not f.x_in_cost or self.has_x) and (f.keyword is None or f.keyword in self.keywords)
                and (f.nth_spell is None or f.nth_spell == self.nth)
                and all(self._has(t, source) for t in f.traits))

    def _has(self, trait: SpellTrait, source: Permanent) -> bool:
        if trait == SpellTrait.CHOSEN_TYPE:
            return source.chosen_type is not None and self.has_subtype(source.chosen_type)
        if trait == SpellTrait.CHOSEN_COLOR:
            return source.chosen_color is not None and self.colors == (source.chosen_color,)
        return {SpellTrait.KICKED: self.kicked, SpellTrait.COMMANDER: self.commander,
                SpellTrait.NO_ABILITIES: self.no_abilities, SpellTrait.FACE_DOWN: self.face_down,
                SpellTrait.NOT_OWNED: not self.owned, SpellTrait.NO_X: not self.has_x,
                SpellTrait.NOT_FROM_HAND: self.zone != Zone.HAND}[trait]

    def has_subtype(self, subtype: str) -> bool:
        """Whether the spell has this subtype ("Elf", "Time Lord"); a changeling spell has
        every creature type (702.73a)."""
        if "Changeling" in self.keywords:
            return True
        _, _, subtypes = self.type_line.partition("—")
        return (" %s " % subtype) in (" %s " % " ".join(subtypes.split()))


def restricted_flags(restriction: SpendRestriction, spell: SpellBeingCast, source: Permanent) -> tuple[bool, bool] | None:
    """(spell_only, no_generic) for mana of `source` with this restriction spent on
    `spell`, or None if it can't be spent on it at all."""
    if restriction.no_generic:
        return False, True  # Jegantha: any spell or ability, never generic
    if restriction.x_costs_only:
        return (True, False) if spell.cost_has_x else None
    if "C" in restriction.costs_with and spell.cost_has_c:
        return True, False  # "pay a cost that contains {C}": the whole cost
    if set(restriction.purposes) & set(spell.purposes):
        return True, False  # "Spend this mana only to turn permanents face up", ...
    return (True, False) if any(spell.matches(f, source) for f in restriction.spells) else None


@dataclass(frozen=True, order=True)
class Pattern:
    """What one use of a role contributes, independent of which permanent does it.

    kind: ``mana`` (an activation), ``convoke`` (a creature tapped for convoke; ``colors``
    are its colours), ``improvise`` (an artifact tapped for improvise), ``delve`` (a card
    exiled from the graveyard for delve), ``tapped`` (a creature tapped to pay another
    ability's "tap an untapped creature" cost) or ``part_tap`` (a creature tapped for the
    spell's "tap any number of untapped creatures" cost: no mana, no symbol).
    For ``mana``: bundle produced, whether it came from a snow source, the mana part of
    the ability's own cost (symbols), life paid, creatures it needs tapped, and its spend
    restriction as it stands for the spell being paid (106.6): ``spell_only`` (it may pay
    the spell but no activation's cost), ``no_generic`` (never generic mana).
    """

    kind: PatternKind
    bundle: tuple[str, ...] = ()
    snow: bool = False
    cost_symbols: tuple = ()
    life: int = 0
    tap_creatures: int = 0
    colors: tuple[str, ...] = ()
    spell_only: bool = False
    no_generic: bool = False
    energy: int = 0  # {E} paid (107.14)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        # Patterns key every memo of the counter; hash the fields once.
        return hash((self.kind, self.bundle, self.snow, self.cost_symbols, self.life, self.tap_creatures, self.colors,
                     self.spell_only, self.no_generic, self.energy))

    @property
    def shape(self) -> Pattern:
        """The pattern without its life cost: what matters for paying mana symbols."""
        return replace(self, life=0) if self.life else self

    @property
    def costly(self) -> bool:
        """True when its own cost needs mana (it must be funded by earlier mana)."""
        return bool(self.cost_symbols)


@dataclass(frozen=True)
class Role:
    """One way a class member can take part: a pattern plus how to report it."""

    pattern: Pattern
    ability: ManaAbility | None = None
    # A permanent sacrificed to another's mana ability ("Sacrifice a creature: Add {C}{C}"):
    # the interchangeable outlets whose ability it may be sacrificed to, one activation each.
    via: tuple[str, ...] = ()
    # A second activation by the same member after this one (601.2g: tap Llanowar Elves
    # for {G}, then sacrifice it to Ashnod's Altar).
    then: Role | None = None

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        # Tuples of roles key the classes (resources.collect) and the flow's facts: hash once.
        return hash((self.pattern, self.ability, self.via, self.then))

    @property
    def parts(self) -> tuple[Role, ...]:
        """The uses one member taking this role makes, in order (one, or two with `then`)."""
        return (self,) if self.then is None else (self, *self.then.parts)

    @property
    def ways(self) -> int:
        """Distinct payments one member taking this role stands for (which outlet)."""
        n = 1
        for part in self.parts:
            n *= len(part.via) or 1
        return n

    @property
    def life(self) -> int:
        """Life paid by every use this role makes."""
        return sum(part.pattern.life for part in self.parts)

    @property
    def sacrifices(self) -> bool:
        """True when taking this role sacrifices the permanent (its own "Sacrifice this"
        mana ability, or sacrificed to an outlet)."""
        return any(part.via or (part.ability and part.ability.cost.leaves_battlefield) for part in self.parts)

    @property
    def removes_member(self) -> bool:
        """True when taking this role takes the permanent away (sacrificed; a card exiled
        for delve)."""
        return self.pattern.kind == PatternKind.DELVE or self.sacrifices

    @property
    def riders(self) -> tuple[str, ...]:
        """What this use's ability does besides its mana, changing neither the mana nor
        the cost (``ManaAbility.effects``: "that spell can't be countered", ...)."""
        return self.ability.effects if self.ability else ()

    def describe(self) -> str:
        """This use (the first part's, for a role with `then`) as answers name it."""
        if self.pattern.kind == PatternKind.MANA:
            return self.ability.text if self.ability else "floating in the mana pool"
        return self.pattern.kind


# what a class holds: permanents, or the stand-ins for a counter's use, floating mana, and
# graveyard or hand cards (each with an `id`)
Member = Union["Permanent", "CounterUse", "PoolMana", "GraveyardCard", "HandCard"]


@dataclass
class PermClass:
    """Interchangeable permanents (same card, same state, same controller).

    indistinct: the members can't be told apart at all (mana of one type floating in the
    pool), so using r of them is one choice, not C(n, r)."""

    members: list[Member]
    roles: list[Role] = field(default_factory=list)
    indistinct: bool = False

    @property
    def ids(self) -> list[str]:
        return [m.id for m in self.members]


@dataclass
class Entry:
    """One permanent's part of `Resources`, before the roles every permanent of the
    payment gets (convoke, improvise, tapped for another's cost, then sacrificed): the
    roles of its own mana abilities and as a sacrifice outlet's victim (`victim`), the
    notes on abilities left out, and its counter-limited activations."""

    perm: Permanent
    roles: list[Role]
    victim: list[Role]
    notes: list[str]
    counter_classes: list[PermClass]
    # Its class key once the payment-wide roles are added (None: no role), and whether
    # some permanent had a "tap an untapped creature" cost then (None: not yet added).
    group: ClassKey | None = None
    any_tap: bool | None = None
    # Whether one of its roles taps creatures for its cost (every creature then gets the
    # role of being tapped for it), computed from `roles`.
    taps_creatures: bool = field(init=False)

    def __post_init__(self) -> None:
        self.taps_creatures = any(r.pattern.tap_creatures for r in self.roles)


class ClassKey:
    """What puts permanents in one class: their state and their roles (with the payment-
    wide ones), hashed once."""

    __slots__ = ("key", "hash")

    def __init__(self, key: tuple) -> None:
        self.key, self.hash = key, hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, ClassKey) and self.key == other.key)


@dataclass
class Resources:
    """What one player can pay with: the classes, the abilities left out (with the
    reason) and the player's energy."""

    classes: list[PermClass]
    skipped: list[str]  # abilities left out, with the reason
    energy: int = 0  # energy counters the paying player has, for "Pay {E}" (107.14)
    # Models built from the classes alone (solver.best without keep costs, flow arcs):
    # reused while the board is unchanged, and by a board derived from it with the same
    # classes (`collect`).
    models: dict = field(default_factory=dict, compare=False, repr=False)
    # Models that read more of the board (solver.best with keep costs): this board only.
    board_models: dict = field(default_factory=dict, compare=False, repr=False)
    # Each permanent's entry by id, for the resources of a board derived from this one.
    entries: dict[str, Entry] = field(default_factory=dict, compare=False, repr=False)
    # The resources of the board this one's was derived from (`collect`), weakly: the
    # payable summary (solver.hall) is that one's less and plus the permanents changed.
    derived_from: weakref.ref | None = field(default=None, compare=False, repr=False)
    # The permanents' classes by key, in the order of `classes` (they come first there),
    # and each permanent's place among the player's permanents: what `collect` updates for
    # a board derived from this one by changing a few permanents (`_carried_collect`).
    groups: dict[ClassKey, PermClass] = field(default_factory=dict, compare=False, repr=False)
    order: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # Built by `_carried_collect`: the permanents whose entry is not `derived_from`'s (the
    # others' are the same objects, and so are the classes that are no permanent's).
    changed: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    # `_blind_to`'s reading of these (bare cost) resources, once: whether every permanent's
    # entry is blind to the spell being cast, and the names of the hand's mana sources.
    spell_blind: tuple[bool, frozenset[str]] | None = field(default=None, compare=False, repr=False)


def is_sacrifice_outlet(ab: ManaAbility) -> bool:
    """"Sacrifice a creature: Add {C}{C}." (Ashnod's Altar, Phyrexian Altar, Skirk
    Prospector, Squandered Resources): repeatable, but each activation uses up another
    permanent, so it is modelled as a role of each permanent it may sacrifice."""
    c = ab.cost
    return "sacrifice" in c.parts and c.parts <= {"sacrifice", "sacrifice_named", "mana", "life"} \
        and set(ab.extras) <= _HANDLED_EXTRAS | {"sacrifice", "sacrifice_named"} \
        and all(s.kind in _PAYABLE_COST_KINDS for s in c.mana.symbols)


def counter_limited(ab: ManaAbility) -> bool:
    """"Remove a charge counter from this artifact: Add one mana of any color." (Pentad
    Prism): repeatable, but each activation uses up counters, so the permanent's counters
    bound it; free of any other cost."""
    c = ab.cost
    return c.parts == {"remove_counters"} and all(n > 0 for _, n in c.remove_counters) and not ab.once_per_turn \
        and set(ab.extras) <= _HANDLED_EXTRAS | {"remove_counters"}


@dataclass(frozen=True)
class CounterUse:
    """One activation of a counter-limited ability (see `counter_limited`) of the
    permanent `source`: a permanent with three charge counters gives three of these, and
    using some of them is one choice (they can't be told apart)."""

    id: str
    source: str
    is_snow: bool = False


def counter_uses(board: Board, perm: Permanent) -> list[PermClass]:
    """One indistinct class per counter-limited ability of `perm`, with as many members
    as the counters allow activations."""
    out = []
    for ab in mana_abilities(board, perm):
        if not counter_limited(ab):
            continue
        times = min(perm.counters.get(kind, 0) // n for kind, n in ab.cost.remove_counters)
        roles = [Role(Pattern(PatternKind.MANA, bundle, perm.is_snow), ab) for bundle in activation_bundles(board, perm, ab)
                 if bundle]
        if times and roles:
            members: list[Member] = [CounterUse("%s#%d" % (perm.id, k + 1), perm.id, perm.is_snow) for k in range(times)]
            out.append(PermClass(members, roles, indistinct=True))
    return out


def _then_sacrificable(role: Role) -> bool:
    """Roles a permanent may take and still be sacrificed to an outlet afterwards: a mana
    ability that leaves it on the battlefield, free of mana and creature-tapping costs, or
    being tapped for another ability's cost.  (Convoke and improvise come later, 601.2h.)"""
    p = role.pattern
    if p.kind == PatternKind.TAPPED:
        return True
    return p.kind == PatternKind.MANA and not role.via and role.ability is not None and not role.ability.cost.leaves_battlefield \
        and not p.costly and not p.tap_creatures


def outlet_roles(board: Board, player: str) -> dict[str, list[Role]]:
    """For each permanent of `player` that a sacrifice outlet may sacrifice, its roles:
    one per distinct (ability, mana) with the outlets that give it."""
    found: dict[str, dict[tuple, list[str]]] = {}
    abilities: dict[tuple, ManaAbility] = {}
    for outlet in board.controlled_by(player):
        for ab in mana_abilities(board, outlet):
            if not is_sacrifice_outlet(ab):
                continue
            for victim in sacrifice_victims(board, outlet, ab):
                for bundle in bundles_sacrificing(board, outlet, ab, victim):
                    key = (ab.text, bundle, outlet.is_snow, ab.cost.mana.symbols, ab.cost.life)
                    abilities[key] = ab
                    found.setdefault(victim.id, {}).setdefault(key, []).append(outlet.id)
    return {vid: [Role(Pattern(PatternKind.MANA, key[1], key[2], key[3], key[4]), abilities[key], tuple(outlets))
                   for key, outlets in per.items()] for vid, per in found.items()}


def ability_roles(board: Board, perm: Permanent, spell: SpellBeingCast | None = None) -> tuple[list[Role], list[str]]:
    """The mana-ability roles `perm` can take now, and notes on abilities it can't use
    (sacrifice outlets are roles of what they sacrifice, see `outlet_roles`).  `spell`:
    the spell being paid, which decides what restricted mana may do (None: a bare cost,
    which restricted mana is not spent on)."""
    roles: list[Role] = []
    notes = [not_mana_ability_note(perm, ab) for ab in abilities_adding_mana(board, perm) if not ab.is_mana_ability]
    for ab in mana_abilities(board, perm):
        if is_sacrifice_outlet(ab) or counter_limited(ab):
            continue  # roles of other members (outlet_roles, counter_uses)
        c = ab.cost
        unmodelled = [e for e in ab.extras
                      if e not in _HANDLED_EXTRAS and e not in ("restriction", "activate_if", "energy", "max_per_turn")]
        if ab.max_per_turn is not None and not (c.tap or c.untap or c.leaves_battlefield or ab.once_per_turn):
            unmodelled.append("max_per_turn (several activations in one payment)")
        allowed = activation_allowed(board, perm, ab)
        if allowed is False or not _uses_left(perm, ab):
            continue  # 602.5b: its condition fails now, or it was activated as often as it may this turn
        if allowed is None:
            unmodelled.append("activate_if (the board does not say whether it holds)")
        variants = [ab]
        if "remove_counters" in unmodelled and (c.tap or c.untap or ab.once_per_turn):
            # once per payment: the counters it has decide what it can do
            found = _counter_variants(perm, ab)
            if found is not None:
                if not found:
                    continue
                variants = found
                unmodelled.remove("remove_counters")
        flags = (False, False)
        if ab.restriction is not None:
            if spell is None:
                notes.append("%s: %r has a spend restriction; it is used only when paying a card (--card)"
                             % (perm.id, ab.text))
                continue
            spend_flags = restricted_flags(ab.restriction, spell, perm)
            if spend_flags is None:
                continue  # 106.6: its mana can't be spent on this spell
            flags = spend_flags
        if unmodelled:
            notes.append("%s: %r uses %s; left out" % (perm.id, ab.text, ", ".join(unmodelled)))
            continue
        if not (c.tap or c.untap or c.leaves_battlefield or ab.once_per_turn):
            # Repeatable without limit (e.g. "Sacrifice a creature: ..."): not modelled.
            notes.append("%s: %r can be activated repeatedly; not modelled" % (perm.id, ab.text))
            continue
        if c.tap and perm.tapped:
            continue  # 107.5
        if c.untap and not perm.tapped:
            continue  # 107.6
        if (c.tap or c.untap) and not perm.can_use_tap_abilities:
            continue  # 302.6
        if any(s.kind not in _PAYABLE_COST_KINDS for s in c.mana.symbols):
            notes.append("%s: cost of %r not modelled" % (perm.id, ab.text))
            continue
        on_stack = spell.name if spell is not None and spell.zone == Zone.HAND else None  # 601.2a
        for bundle in dict.fromkeys(b for v in variants for b in activation_bundles(board, perm, v, on_stack)):
            if not bundle:
                continue
            pattern = Pattern(PatternKind.MANA, bundle, perm.is_snow, c.mana.symbols, c.life, c.tap_creatures, (), *flags,
                              energy=c.energy)
            roles.append(Role(pattern, ab))
    return roles, notes


def _uses_left(perm: Permanent, ab: ManaAbility) -> bool:
    """Whether "Activate only once each turn" / "no more than N times each turn" (602.5b)
    still allows an activation, given the permanent's `activated` this turn."""
    limit = 1 if ab.once_per_turn else ab.max_per_turn
    return limit is None or perm.times_activated(ab.text) < limit


def _counter_variants(perm: Permanent, ab: ManaAbility) -> list[ManaAbility] | None:
    """The activations one use of a counter-removing ability may be, as abilities with
    fixed mana: [ab] for "Remove a charge counter from ~" if it has the counters (Vivid
    lands), one per number removed for "Remove any number of storage counters from ~:
    Add {G} for each ..." (storage lands, Mana Batteries; the mana made tells them apart);
    [] when it can't be activated; None for other forms ("Remove X ...")."""
    c = ab.cost
    if all(n > 0 for _, n in c.remove_counters):
        return [] if any(perm.counters.get(kind, 0) < n for kind, n in c.remove_counters) else [ab]
    if ab.per is None or ab.per.kind != CountKind.REMOVED_COUNTERS or ab.any_combination or len(c.remove_counters) != 1:
        return None
    plus = ab.per.plus
    return [replace(ab, per=None, options=tuple(b * (k + plus) for b in ab.options))
            for k in range(perm.counters.get(c.remove_counters[0][0], 0) + 1) if k + plus > 0]


@dataclass(frozen=True)
class PoolMana:
    """One mana floating in its owner's mana pool (106.4): spent like a one-mana source."""

    id: str
    is_snow: bool = False


@dataclass(frozen=True)
class GraveyardCard:
    """A card in a graveyard, exiled to pay for delve (702.66)."""

    id: str
    name: str
    is_snow: bool = False


@dataclass(frozen=True)
class HandCard:
    """A card in its owner's hand whose mana ability exiles it from there (Elvish Spirit
    Guide: "Exile this creature from your hand: Add {G}.")."""

    id: str
    name: str
    is_snow: bool = False


def collect(board: Board, player: str, convoke: bool = False, improvise: bool = False, delve: bool = False,
            casting_from_graveyard: str | None = None, spell: SpellBeingCast | None = None) -> Resources:
    """Group `player`'s permanents into classes with their usable roles for one payment.

    convoke/improvise/delve: whether the spell being paid has that keyword (702.51,
    702.126, 702.66); casting_from_graveyard: the name of the card being cast from the
    graveyard, which is on the stack by now and can't be exiled for its own delve (601.2a);
    spell: the spell being paid, for spend restrictions (106.6).
    """
    key = (player, convoke, improvise, delve, casting_from_graveyard, spell)
    per_board = board.analyses.resources  # computed once per board and question keywords
    hit = per_board.get(key)
    if hit is None and spell is not None and not (delve and casting_from_graveyard):
        bare = collect(board, player, convoke, improvise, delve)
        if _blind_to(board, bare, spell):  # the same classes: one summary answers every card of a hand
            hit = per_board[key] = bare
    if hit is None:
        earlier = _earlier(board, key)
        # A spell's resources on a board: each permanent whose entry the spell can't change
        # shares the bare cost's entry (plays asks one cost per card in hand).
        base = collect(board, player, convoke, improvise, delve) if earlier is None and spell is not None else None
        hit = per_board[key] = _collect(board, player, convoke, improvise, delve, casting_from_graveyard, spell,
                                        earlier, base)
    return hit


def _blind_to(board: Board, bare: Resources, spell: SpellBeingCast) -> bool:
    """Whether paying `spell` changes nothing of `bare` (the bare cost's resources on
    `board`): no permanent's entry reads the spell (`spell_blind`) and, cast from the hand,
    it is no hand mana source (which would leave the hand, 601.2a)."""
    if bare.spell_blind is None:
        bare.spell_blind = (all(spell_blind(board, e.perm) for e in bare.entries.values()),
                            frozenset(m.name for cls in bare.classes for m in cls.members if isinstance(m, HandCard)))
    blind, hand_sources = bare.spell_blind
    return blind and not (spell.zone == Zone.HAND and spell.name in hand_sources)


def _earlier(board: Board, key: tuple) -> Resources | None:
    """The same question's resources on the board `board` was derived from, when the
    change left the production analysis as it was (`production.carried_from`): then each
    permanent's entry is a function of the permanent alone, and the entry of every
    permanent the change did not touch (the same object) is reused."""
    parent = carried_from(board)
    # (the parent's resources as they are: see `Derivation`, boards are not changed in place)
    return parent.analyses.resources.get(key) if parent is not None else None


def _entries(board: Board, perms: list[Permanent], spell: SpellBeingCast | None,
             earlier: Resources | None, base: Resources | None = None) -> dict[str, Entry]:
    """Each permanent's entry: `earlier`'s for a permanent it has (the same object),
    computed for the others (their roles as a victim are `earlier`'s too: a change that
    keeps the analysis keeps what outlets can sacrifice and make); or `base`'s (the same
    board's for a bare cost) where the spell can't change it (`spell_blind`)."""
    if earlier is not None and all(p.id in earlier.entries for p in perms):
        out = {}
        for perm in perms:
            old = earlier.entries[perm.id]
            out[perm.id] = old if old.perm is perm else _entry(board, perm, spell, old.victim)
        return out
    if base is not None and all(p.id in base.entries for p in perms):
        out = {}
        for perm in perms:
            old = base.entries[perm.id]
            out[perm.id] = old if spell_blind(board, perm) else _entry(board, perm, spell, old.victim)
        return out
    sacrificed = outlet_roles(board, perms[0].controller) if perms else {}
    return {perm.id: _entry(board, perm, spell, sacrificed.get(perm.id, [])) for perm in perms}


def spell_blind(board: Board, perm: Permanent) -> bool:
    """Whether `perm`'s roles and notes are the same whatever spell is paid: none of its
    mana abilities has a spend restriction (106.6) or reveals cards in the hand, where
    the spell being cast is not (601.2a) — what `ability_roles` reads of the spell."""
    return all(ab.restriction is None and (ab.per is None or ab.per.kind != CountKind.REVEALED)
               for ab in mana_abilities(board, perm))


def _entry(board: Board, perm: Permanent, spell: SpellBeingCast | None, victim: list[Role]) -> Entry:
    roles, notes = ability_roles(board, perm, spell)
    return Entry(perm, roles + victim, victim, notes, counter_uses(board, perm))


def _class_key(perm: Permanent, entry: Entry, convoke: bool, improvise: bool, any_tap: bool) -> ClassKey | None:
    """The key of `perm`'s class: its state and its roles with the payment-wide ones."""
    roles = list(entry.roles)
    if not perm.tapped:
        # Tapping for convoke/improvise/another cost is not {T}: sick creatures may (302.6).
        if convoke and perm.is_creature:
            roles.append(Role(Pattern(PatternKind.CONVOKE, colors=tuple(c for c in COLORS if c in perm.colors))))
        if improvise and perm.is_artifact:
            roles.append(Role(Pattern(PatternKind.IMPROVISE)))
        if any_tap and perm.is_creature:
            roles.append(Role(Pattern(PatternKind.TAPPED)))
    # Made mana with it (or tapped it for Springleaf Drum), then sacrificed it.
    roles += [replace(first, then=last) for first in roles if _then_sacrificable(first) for last in entry.victim]
    return ClassKey((perm.state_key(), tuple(roles))) if roles else None


def _collect(board: Board, player: str, convoke: bool, improvise: bool, delve: bool,
             casting_from_graveyard: str | None, spell: SpellBeingCast | None,
             earlier: Resources | None = None, base: Resources | None = None) -> Resources:
    perms = board.controlled_by(player)
    if earlier is not None:
        carried = _carried_collect(board, player, perms, convoke, improvise, spell, earlier)
        if carried is not None:
            return carried
    entries = _entries(board, perms, spell, earlier, base)
    any_tap_creature_cost = any(e.taps_creatures for e in entries.values())
    skipped = [note for e in entries.values() for note in e.notes]
    skipped += ["%s (%s): %r not understood; its effect on mana is not modelled" % (p.id, p.name, n.sentence)
                for p, n in board.production_not_understood()]
    groups: dict[ClassKey, tuple[ClassKey, PermClass]] = {}
    for perm in perms:
        entry = entries[perm.id]
        if entry.any_tap is not any_tap_creature_cost:
            entry = entries[perm.id] = replace(entry, any_tap=any_tap_creature_cost,
                                               group=_class_key(perm, entry, convoke, improvise, any_tap_creature_cost))
        if entry.group is None:
            continue
        hit = groups.get(entry.group)
        if hit is None:
            hit = groups[entry.group] = (entry.group, PermClass([], list(entry.group.key[1])))
        elif hit[0] is not entry.group:  # an equal key: share one, so the next board compares by identity
            entries[perm.id] = replace(entry, group=hit[0])
        hit[1].members.append(perm)
    by_key = {key: cls for key, cls in groups.values()}
    classes = list(by_key.values())
    for perm in perms:
        classes += entries[perm.id].counter_classes
    classes += _zone_classes(board, player, delve, casting_from_graveyard, spell)
    res = Resources(classes, skipped, board.player(player).energy, entries=entries,
                    derived_from=weakref.ref(earlier or base) if (earlier or base) is not None else None,
                    groups=by_key, order={p.id: i for i, p in enumerate(perms)})
    return _same_as(res, earlier)


def _same_as(res: Resources, earlier: Resources | None) -> Resources:
    """`res`, with `earlier`'s classes and models when its classes are the same (the
    models built from them alone stay valid)."""
    if earlier is not None and res == earlier:
        res.classes, res.models = earlier.classes, earlier.models
    return res


def _zone_classes(board: Board, player: str, delve: bool, casting_from_graveyard: str | None,
                  spell: SpellBeingCast | None) -> list[PermClass]:
    """The classes of what is not a permanent: floating mana, hand sources, and the
    graveyard's cards for delve."""
    classes = []
    pool = board.player(player).mana_pool
    for t in sorted(set(pool), key="WUBRGC".index):
        members: list[Member] = [PoolMana("pool:%s%d" % (t, k + 1)) for k in range(pool.count(t))]
        classes.append(PermClass(members, [Role(Pattern(PatternKind.MANA, (t,)))], indistinct=True))
    classes += _hand_sources(board, player, spell)
    if delve:
        by_name: dict[str, PermClass] = {}
        for ident, name in zone_cards(board.player(player).graveyard, "graveyard", casting_from_graveyard):
            cls = by_name.setdefault(name, PermClass([], [Role(Pattern(PatternKind.DELVE))]))
            cls.members.append(GraveyardCard(ident, name))
        classes += by_name.values()
    return classes


def _carried_collect(board: Board, player: str, perms: list[Permanent], convoke: bool, improvise: bool,
                     spell: SpellBeingCast | None, earlier: Resources) -> Resources | None:
    """`_collect`'s resources built from `earlier` (the same question's on the board this
    one was derived from, its analysis carried over) by moving only the permanents that
    changed (tapped, a counter, ...) out of their class and into their new one: the
    same classes in the same order, members in the permanents' order.  None (collected
    afresh) when permanents came or went, a change decides whether some permanent taps
    creatures for its cost, changes a permanent's notes or counter-limited activations,
    or the player's pool, hand or graveyard changed."""
    old_entries, order = earlier.entries, earlier.order
    if len(perms) != len(old_entries) or len(order) != len(perms) or not earlier.groups:
        return None
    changed = []
    for i, perm in enumerate(perms):
        old = old_entries.get(perm.id)
        if old is None or order[perm.id] != i:
            return None
        if old.perm is not perm:
            changed.append((perm, old))
    parent = carried_from(board)
    if parent is None:
        return None
    now, then = board.player(player), parent.player(player)
    if now.mana_pool != then.mana_pool or now.hand != then.hand or now.graveyard != then.graveyard:
        return None
    any_tap = next(iter(old_entries.values())).any_tap
    entries = dict(old_entries)
    groups = dict(earlier.groups)
    copied: set[ClassKey] = set()  # the classes already this board's own (copied or new)

    def own(key: ClassKey) -> PermClass:  # the class of `key`, copied before its members change
        if key not in copied:
            cls = groups[key]
            groups[key] = PermClass(list(cls.members), cls.roles, cls.indistinct)
            copied.add(key)
        return groups[key]

    for perm, old in changed:
        entry = _entry(board, perm, spell, old.victim)
        if entry.taps_creatures or old.taps_creatures or entry.notes != old.notes or entry.counter_classes \
                or old.counter_classes:
            return None
        group = _class_key(perm, entry, convoke, improvise, bool(any_tap))
        if old.group is not None:
            members = own(old.group).members
            members.pop(next(i for i, m in enumerate(members) if m.id == perm.id))
            if not members:
                del groups[old.group]
        if group is not None:
            if group in groups:
                group = next(k for k in groups if k == group)  # the class's key: compared by identity next time
                bisect.insort(own(group).members, perm, key=lambda m: order[m.id])
            else:
                groups[group] = PermClass([perm], list(group.key[1]))
                copied.add(group)
        entry.any_tap, entry.group = any_tap, group  # a new entry: not shared yet
        entries[perm.id] = entry
    firsts = [order[cls.members[0].id] for cls in groups.values()]
    if any(a > b for a, b in zip(firsts, firsts[1:])):  # the classes in the order of their first member
        groups = dict(sorted(groups.items(), key=lambda kv: order[kv[1].members[0].id]))
    res = Resources(list(groups.values()) + earlier.classes[len(earlier.groups):], list(earlier.skipped),
                    now.energy, entries=entries, derived_from=weakref.ref(earlier), groups=groups, order=order,
                    changed=tuple(perm.id for perm, _ in changed))
    return _same_as(res, earlier)


def _hand_sources(board: Board, player: str, spell: SpellBeingCast | None) -> list[PermClass]:
    """Hand cards with "Exile ~ from your hand: Add ..." (and no other cost), one class
    per card name; the card being cast is on the stack (601.2a), not in the hand."""
    casting = spell.name if spell is not None and spell.zone == Zone.HAND else None
    by_name: dict[str, PermClass] = {}
    for ident, name in zone_cards(board.player(player).hand, "hand", casting):
        card = board.db.get(name)
        roles = [Role(Pattern(PatternKind.MANA, bundle), ab) for ab in card.mana_abilities
                 if ab.is_mana_ability and ab.cost.parts == {"exile_self_from_hand"} and ab.extras == ("exile_self_from_hand",)
                 for bundle in ab.options]
        if roles:
            by_name.setdefault(name, PermClass([], roles)).members.append(HandCard(ident, name))
    return list(by_name.values())


def zone_cards(names: list[str], zone: str, on_stack: str | None = None) -> list[tuple[str, str]]:
    """(id, name) of each card of a hand or graveyard, ids like ``hand[2]:Forest``, less
    one copy of `on_stack`, the card being cast from there (601.2a)."""
    cards = [("%s[%d]:%s" % (zone, i, name), name) for i, name in enumerate(names)]
    if on_stack is not None and on_stack in names:
        cards.pop(names.index(on_stack))
    return cards
