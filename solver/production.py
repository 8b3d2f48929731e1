"""What each permanent's mana abilities produce now (rules 106.5, 106.7, 106.12, 305.7,
605.1b, 616.1).

Three questions, all answered from one analysis of the board (`analyse`, held by the board):

- `mana_abilities`: the mana abilities a permanent has now — printed ones, those of its
  basic land types (after Urborg / Blood Moon), and granted ones (Chromatic Lantern);
- `activation_bundles`: every bundle of mana one activation adds after replacement
  effects in every order (616.1) and triggered mana abilities (605.1b, 605.4a) — the
  payment solver calls this;
- `could_produce`: rule 106.7 for every permanent, the least fixpoint of the "could
  produce" dependency graph, solved by propagating new types along its edges.
"""

from __future__ import annotations

import dataclasses
import itertools
import weakref
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache


from manasolve.models.abilities import (
    BASIC_LAND_TYPES,
    AmongWhere,
    ColorsAmong,
    Condition,
    ConditionKind,
    Count,
    CountKind,
    ManaAbility,
    ManaSort,
    ReferenceScope,
    basic_land_ability,
)
from manasolve.models.board import MAX_SPEED, Board, Permanent
from manasolve.models.mana import COLOR_NAMES, COLORS, TYPES
from manasolve.models.rules_version import CR_DATE
from manasolve.solver.timing import MAIN_PHASES
from manasolve.models.errors import InputError
from manasolve.models.oracle.mana_effects import (
    CHOSEN_TYPE,
    EVERY_BASIC,
    AddFixed,
    AddLandType,
    AddChosen,
    AddProduced,
    ChangeType,
    GrantAbility,
    Grantee,
    ManaEffect,
    Multiply,
    NonbasicAreMountains,
    Replace,
    Watch,
    Who,
)
from manasolve.models.oracle.targets import Relation

Bundle = tuple[str, ...]
_ORDER = {t: i for i, t in enumerate(TYPES)}

# Land types (205.3i) that Blood Moon's 305.7 replacement takes away.
_LAND_TYPES = frozenset(BASIC_LAND_TYPES) | {
    "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Sphere", "Tower", "Town", "Urza's",
}

# Reference scopes of `Reference` (abilities.py): what the referenced permanents are and
# whose they are.  A scope not listed defines no type of mana (106.7: produces nothing).
_SCOPES = {
    ReferenceScope.LANDS_YOU_CONTROL: ("land", Relation.YOU),
    ReferenceScope.LANDS_OPPONENTS_CONTROL: ("land", Relation.OPPONENT),
    ReferenceScope.PERMANENTS_YOU_CONTROL: ("permanent", Relation.YOU),
    # "any type the sacrificed land could produce": costs are ignored (106.7), so any land
    # you could sacrifice; as a payment option each choice of land is one bundle.
    ReferenceScope.SACRIFICED: ("land", Relation.YOU),
}


def _sort(bundle: list[str] | tuple[str, ...]) -> Bundle:
    return tuple(sorted(bundle, key=_ORDER.__getitem__))


def _types_of(types: set[str] | frozenset[str]) -> tuple[str, ...]:
    return tuple(t for t in TYPES if t in types)


# A could-produce node read by referential abilities: (player, what, filter words).
GroupNode = tuple[str, str, tuple[str, ...]]


@dataclass
class Analysis:
    """Everything about mana production on one board, computed once."""

    board: Board
    effects: list[tuple[Permanent, ManaEffect]] = field(default_factory=list)
    subtypes: dict[str, frozenset[str]] = field(default_factory=dict)
    abilities: dict[str, list[ManaAbility]] = field(default_factory=dict)
    could: dict[str | GroupNode, frozenset[str]] = field(default_factory=dict)  # permanent id or group
    graph: dict = field(default_factory=dict)  # node -> successor -> abilities on that edge
    # The board this analysis was carried over from (`carried_from`), weakly; None when built.
    parent: weakref.ref | None = None

    @cached_property  # (its abilities are complete once it is built; a carried analysis shares them)
    def reads_life(self) -> bool:
        """Whether some ability's amount is its controller's life total (the only use of
        life totals here)."""
        return any(ab.per is not None and ab.per.kind == CountKind.LIFE_TOTAL
                   for abilities in self.abilities.values() for ab in abilities)

    @cached_property
    def reads_hand(self) -> bool:
        """Whether some ability's amount counts cards in its controller's hand ("Reveal
        any number of artifact cards in your hand", Metalworker)."""
        return any(ab.per is not None and ab.per.kind == CountKind.REVEALED
                   for abilities in self.abilities.values() for ab in abilities)


def _supertypes(perm: Permanent) -> tuple[str, ...]:
    if perm.type_override is not None:
        return tuple(w for w in perm.type_override.split("—")[0].split() if w in ("Basic", "Snow", "Legendary"))
    return perm.card.supertypes


def _printed_subtypes(perm: Permanent) -> frozenset[str]:
    if perm.type_override is not None:
        _, _, right = perm.type_override.replace(" - ", " — ").partition("—")
        return frozenset(right.split())
    return frozenset(perm.card.subtypes)


def _mooned(perm: Permanent, moon: bool) -> bool:
    """305.7 under "Nonbasic lands are Mountains": the permanent loses its rules-text abilities."""
    return moon and perm.is_land and "Basic" not in _supertypes(perm)


def _added_types(effects: list[tuple[Permanent, ManaEffect]], perm: Permanent) -> set[str]:
    """The basic land types the board's "in addition to its other types" effects give the
    land `perm` (305.7)."""
    out: set[str] = set()
    for s, e in effects:
        if not isinstance(e, AddLandType) or not {
                Grantee.ALL: True, Grantee.YOURS: s.controller == perm.controller,
                Grantee.ATTACHED: s.attached_to == perm.id}[e.to]:
            continue
        if e.subtype == EVERY_BASIC:
            out |= set(BASIC_LAND_TYPES)
        elif e.subtype == CHOSEN_TYPE:
            out |= {t for t in BASIC_LAND_TYPES if t == s.chosen_type}
        else:
            out.add(e.subtype)
    return out


def _moon_order_unknown(board: Board, effects: list[tuple[Permanent, ManaEffect]], moon: bool) -> None:
    """InputError when Blood Moon's type change and another "in addition to its other
    types" change both apply to a nonbasic land and neither depends on the other: the
    result depends on their timestamps (613.7), which the board doesn't give.  (Urborg and
    Yavimaya, lands themselves, lose their effect to Blood Moon: 613.8 dependency.)"""
    if not moon:
        return
    for pi, pl in enumerate(board.players):
        for bi, p in enumerate(pl.battlefield):
            if p.is_land and "Basic" not in _supertypes(p) and _added_types(effects, p):
                raise InputError("players[%d].battlefield[%d]" % (pi, bi), "%s is a nonbasic land both \"Nonbasic lands "
                                 "are Mountains\" and an effect adding land types change: which applies last depends on "
                                 "timestamps (613.7) the board doesn't give" % p.id, board.source)


def _effective_subtypes(perm: Permanent, moon: bool, added: set[str]) -> frozenset[str]:
    """Subtypes after Blood Moon (305.7: land types become Mountain) and Urborg-style additions."""
    subs = _printed_subtypes(perm)
    if not perm.is_land:
        return subs
    if _mooned(perm, moon):
        subs = (subs - _LAND_TYPES) | {"Mountain"}
    return subs | added


def _watches(an: Analysis, src: Permanent, watch: Watch, perm: Permanent) -> bool:
    """Whether `perm` being tapped for mana is an event `src`'s effect looks at."""
    if watch.who == Who.YOU and perm.controller != src.controller:
        return False
    if watch.who == Who.OPPONENT and perm.controller == src.controller:
        return False
    return _is(an, perm, watch.what, src)


def _is(an: Analysis, perm: Permanent, what: str, src: Permanent | None = None) -> bool:
    if " or " in what:  # "a Mountain, Forest, or Plains"
        return any(_is(an, perm, w, src) for w in what.split(" or "))
    if what == "permanent":
        return True
    if what == "nonland permanent":
        return not perm.is_land
    if what == "creature":
        return perm.is_creature
    if what == "artifact token":
        return perm.is_artifact and perm.token
    if not perm.is_land:
        return False
    if what == "land":
        return True
    if what == "basic land":
        return "Basic" in _supertypes(perm)
    if what == "nonbasic land":
        return "Basic" not in _supertypes(perm)
    if what == "snow land":
        return perm.is_snow
    if what in ("enchanted land", "enchanted Forest"):  # Wild Growth; Utopia Sprawl
        return src is not None and src.attached_to == perm.id and (what == "enchanted land" or "Forest" in an.subtypes[perm.id])
    return what in an.subtypes[perm.id]  # a land type: Forest, Mountain, Gate...


def _has_word(an: Analysis, perm: Permanent, word: str) -> bool:
    """A type-line word of `perm` now ("Basic", "Gate", "Creature", "Swamp"), "Token" for a
    token, "non-X" for a word it lacks."""
    if word.startswith("non-"):
        return not _has_word(an, perm, word[4:])
    if word == "Token":
        return perm.token
    return word in _supertypes(perm) or perm.is_type(word) or word in an.subtypes[perm.id]


def _granted_to(an: Analysis, source: Permanent, grant: GrantAbility, perm: Permanent) -> bool:
    """Whether `perm` is one of the permanents `source`'s grant gives its ability to."""
    if grant.to == Grantee.ATTACHED and source.attached_to != perm.id:
        return False
    if (grant.to == Grantee.YOURS and perm.controller != source.controller) or (grant.other and perm is source):
        return False
    if (grant.token and not perm.token) or (
            grant.counter is not None and not any(n > 0 and grant.counter in ("", kind) for kind, n in perm.counters.items())):
        return False
    return any(all(w == "Permanent" or _has_word(an, perm, w) for w in words) for words in grant.alternatives)


def _ability_key(ab: ManaAbility) -> tuple:
    return (ab.cost, ab.options, ab.reference, ab.damage, ab.life_loss, ab.per, ab.among)


def _build(board: Board) -> Analysis:
    # A weak reference: the board holds its analysis (`Board.analyses`), and an analysis
    # holding its board strongly would make a cycle, freed only by the cycle collector.
    an = Analysis(weakref.proxy(board))
    perms = board.permanents
    moon = any(isinstance(e, NonbasicAreMountains) for p in perms for e in p.card.mana_effects.effects)
    for p in perms:
        if _mooned(p, moon):
            continue  # 305.7 removes its abilities; Urborg's grant goes too (613.8 dependency)
        an.effects.extend((p, e) for e in p.card.mana_effects.effects)
    for pl in board.players:  # resolved spells and abilities: High Tide, Pale Moon (611.2a)
        for k, card in enumerate(pl.until_end_of_turn):
            resolved = Permanent("%s:until_end_of_turn[%d]" % (pl.name, k), card, pl.name)  # stands for the effect
            an.effects.extend((resolved, e) for e in card.mana_effects.until_end_of_turn)
    _moon_order_unknown(board, an.effects, moon)
    for p in perms:
        an.subtypes[p.id] = _effective_subtypes(p, moon, _added_types(an.effects, p))
    lands_of = Counter(p.controller for p in perms if p.is_land)
    for p in perms:
        found: list[ManaAbility] = []
        if p.is_land:  # 305.6: each basic land type gives its mana ability
            found += [basic_land_ability(t) for t in BASIC_LAND_TYPES if t in an.subtypes[p.id]]
        if not _mooned(p, moon):
            found += p.card.mana_abilities
        # layer 6 grants apply after Blood Moon's layer-4 change
        found += [e.ability for s, e in an.effects
                  if isinstance(e, GrantAbility) and _granted_to(an, s, e, p) and lands_of[s.controller] >= e.min_lands
                  and (e.present_if is None or _holds(an, s, e.present_if))]
        unique: dict[tuple, ManaAbility] = {}
        for ab in found:
            if ab.present_if is not None and not _holds(an, p, ab.present_if):
                continue  # outside its level/station band, or without max speed: not an ability it has

            unique.setdefault(_ability_key(ab), ab)
        an.abilities[p.id] = list(unique.values())
    _solve_fixpoint(an)
    return an


# ---------------------------------------------------------------------------------------
# Replacement effects and triggered mana abilities on one activation


def _replacements(an: Analysis, perm: Permanent) -> tuple[ManaEffect, ...]:
    return tuple(e for s, e in an.effects if isinstance(e, (Replace, ChangeType, Multiply)) and _watches(an, s, e.watch, perm))


def _triggers(an: Analysis, perm: Permanent) -> list[tuple[Permanent, ManaEffect]]:
    """The triggered mana abilities (with their sources) `perm` being tapped for mana fires."""
    return [(s, e) for s, e in an.effects
            if isinstance(e, (AddFixed, AddProduced, AddChosen)) and _watches(an, s, e.watch, perm)]


def _trigger_mana(source: Permanent, effect: ManaEffect, produced: Bundle) -> tuple[Bundle, ...]:
    """The bundles one triggered mana ability may add after `produced`; () if it adds none
    (no chosen colour on the board, or Gauntlet of Power's colour not produced)."""
    if isinstance(effect, AddFixed):
        return effect.options
    if isinstance(effect, AddProduced):  # "one mana of any type that land produced"
        return tuple((t,) for t in _types_of(set(produced)))
    assert isinstance(effect, AddChosen)
    color = source.chosen_color
    if color is None or (effect.if_produced and color not in produced):
        return ()
    return ((color,),)


def _applies(effect: ManaEffect, bundle: Bundle) -> bool:
    if isinstance(effect, Replace):
        return len(bundle) >= effect.min_amount
    return True


def _apply(effect: ManaEffect, bundle: Bundle) -> tuple[Bundle, ...]:
    """The bundles one replacement effect may turn `bundle` into."""
    if isinstance(effect, Replace):  # "instead of any other type and amount"
        return tuple((c,) for c in COLORS) if effect.any_color else (effect.bundle,)
    if isinstance(effect, ChangeType):  # "instead of any other type": the amount stays
        return tuple((t,) * len(bundle) for t in ((effect.to,) if effect.to else COLORS))
    assert isinstance(effect, Multiply)
    return (_sort(bundle * effect.factor),)  # "N times as much of that mana"


@lru_cache(maxsize=65536)
def replaced(bundle: Bundle, effects: tuple[ManaEffect, ...]) -> frozenset[Bundle]:
    """Every result of the replacement effects `effects` on a mana production event of
    `bundle`, over every order the affected player may choose (616.1): each effect applies
    at most once, one that becomes applicable later still gets its turn (616.1e), and an
    event of no mana is not replaced (106.12b: it modifies mana being produced)."""
    choices = [e for e in dict.fromkeys(effects) if _applies(e, bundle)]
    if not bundle or not choices:
        return frozenset([bundle])
    out: set[Bundle] = set()
    for e in choices:
        rest = list(effects)
        rest.remove(e)
        for b in _apply(e, bundle):
            out |= replaced(b, tuple(rest))
    return frozenset(out)


def _base_options(an: Analysis, perm: Permanent, ability: ManaAbility, on_stack: str | None = None) -> tuple[Bundle, ...]:
    """The bundles the ability's own text allows, before any effect (referential ones
    resolved through the could-produce fixpoint; 106.5: undefined type, no option);
    `on_stack`: the card being cast from the hand (see `_count`)."""
    if ability.among is not None:
        return _among(an, perm, ability.among)
    if ability.reference is None:
        return _amounts(an, perm, ability, ability.options, on_stack)
    refs = tuple((t,) * ability.reference.amount for t in _types_of(_reference_input(an, perm, ability)))
    return _amounts(an, perm, ability, tuple(dict.fromkeys(ability.options + refs)), on_stack)


def _count(an: Analysis, perm: Permanent, count: Count, color: str | None = None, on_stack: str | None = None) -> int | None:
    """A "for each" number read off the board now; None if the board doesn't say.
    ``color``: the colour of the mana added, for "your devotion to that color";
    ``on_stack``: the card being cast from the hand, which is on the stack while its cost
    is paid (601.2a), so no "Reveal ... in your hand" reveals it.
    (A count or condition that reads a field of `UNREAD` must take it out of there: the
    analysis is carried over across changes of those fields.)"""
    if count.kind in (CountKind.PERMANENTS, CountKind.GREATEST_POWER, CountKind.GREATEST_TOUGHNESS,
                      CountKind.DIFFERENT_POWERS, CountKind.SHARED_TYPE):
        if count.of_chosen_type and perm.chosen_type is None:
            return None  # the board doesn't say which type was chosen
        counted = [q for q in (an.board.permanents if count.everyone else an.board.controlled_by(perm.controller))
                   if all(_has_word(an, q, w) for w in count.filter) and not (count.others and q is perm)
                   and (count.power_at_least is None or (q.is_creature and q.power >= count.power_at_least))
                   and (count.toughness_at_least is None or (q.is_creature and q.toughness >= count.toughness_at_least))
                   and (count.keyword is None or count.keyword in q.card.keywords)
                   and (count.named is None or q.card.name == (perm.card.name if count.named == "~" else count.named))
                   and (not count.entered_this_turn or q.entered_this_turn)
                   and (not count.of_chosen_type or perm.chosen_type in an.subtypes[q.id]
                        or "Changeling" in q.card.keywords)]  # 702.73a: every creature type
        if count.kind == CountKind.PERMANENTS:
            n = len(counted)
        elif count.kind == CountKind.DIFFERENT_POWERS:
            n = len({q.power for q in counted})
        elif count.kind == CountKind.SHARED_TYPE:
            n = _most_sharing_a_type(an, counted)
        else:
            n = max((q.power if count.kind == CountKind.GREATEST_POWER else q.toughness for q in counted), default=0)
    elif count.kind == CountKind.LIFE_TOTAL:
        n = an.board.player(perm.controller).life
    elif count.kind == CountKind.DEVOTION:
        letter = {name: c for c, name in COLOR_NAMES.items()}[count.counter] if count.counter else color
        n = devotion(an.board, perm.controller, letter) if letter is not None else 0
    elif count.kind == CountKind.COUNTERS_ON_SELF:
        n = sum(v for k, v in perm.counters.items() if count.counter in (None, k))
    elif count.kind == CountKind.SELF_POWER:
        n = perm.power
    elif count.kind == CountKind.SELF_TOUGHNESS:
        n = perm.toughness
    elif count.kind == CountKind.GRAVEYARD_CARDS:
        n = sum(1 for name in an.board.player(perm.controller).graveyard if an.board.db.get(name).has_words(count.filter))
    elif count.kind == CountKind.BASIC_LAND_TYPES:
        n = _domain(an, perm.controller)
    elif count.kind == CountKind.CARDS_DRAWN:
        n = an.board.player(perm.controller).cards_drawn_this_turn
    elif count.kind == CountKind.LIFE_GAINED:
        n = an.board.player(perm.controller).life_gained_this_turn
    elif count.kind == CountKind.REVEALED:  # the most cards that may be revealed; any fewer too (`_amount_choices`)
        names = list(an.board.player(perm.controller).hand)
        if on_stack in names:
            names.remove(on_stack)
        cards = [an.board.db.get(name) for name in names]
        cards = [c for c in cards if c.has_words(count.filter)
                 and (not count.x_in_cost or (c.mana_cost is not None and c.mana_cost.has_x))]
        if count.power_at_least is not None:
            if any(not _printed_number(c.power) for c in cards):
                return None  # "*" power in the hand: the board doesn't say
            cards = [c for c in cards if int(c.power) >= count.power_at_least]  # type: ignore[arg-type]  # printed: checked above
        n = len(cards)
    else:  # counters removed or mana value sacrificed as a cost
        return None
    return max(n, 0) + count.plus


def devotion(board: Board, player: str, color: str) -> int:
    """The player's devotion to a colour (a mana letter): the mana symbols of that colour in
    the mana costs of the permanents they control (700.5; a hybrid symbol counts for each of
    its colours)."""
    return sum(1 for q in board.controlled_by(player) if q.card.mana_cost is not None
               for sym in q.card.mana_cost.symbols if color in sym.colors)


def basic_land_types(board: Board, player: str) -> int:
    """Domain: how many basic land types are among the lands the player controls, Urborg's
    and Blood Moon's changes included."""
    return _domain(analyse(board), player)


def _domain(an: Analysis, player: str) -> int:
    return len({t for q in an.board.controlled_by(player) if q.is_land for t in an.subtypes[q.id] if t in BASIC_LAND_TYPES})


def _printed_number(value: str | None) -> bool:
    return value is not None and value.lstrip("-").isdigit()


def _most_sharing_a_type(an: Analysis, creatures: list[Permanent]) -> int:
    """The greatest number of `creatures` that have a creature type in common (a
    changeling has every creature type, 702.73a; land types are no creature types)."""
    changelings = sum(1 for q in creatures if "Changeling" in q.card.keywords)
    per_type = Counter(t for q in creatures if "Changeling" not in q.card.keywords
                       for t in an.subtypes[q.id] - _LAND_TYPES)
    return max([changelings] + [n + changelings for n in per_type.values()])


def _holds(an: Analysis, perm: Permanent, cond: Condition) -> bool | None:
    """Whether a condition of an ability ("Activate only if ...", its band, "Max speed",
    "If ..., add ... instead") holds now; None if the board doesn't say."""
    if cond.kind == ConditionKind.SELF_COUNTER:
        n = sum(v for k, v in perm.counters.items() if cond.counter in (None, k))
        return n >= cond.n and (cond.at_most is None or n <= cond.at_most)
    if cond.kind == ConditionKind.ENTERED_THIS_TURN:
        return perm.entered_this_turn
    if cond.kind == ConditionKind.MAX_SPEED:
        return an.board.player(perm.controller).speed >= MAX_SPEED
    if cond.kind == ConditionKind.NOT_EXHAUSTED:
        return not perm.has_exhausted(cond.text)
    if cond.kind in (ConditionKind.YOUR_TURN, ConditionKind.OPPONENTS_TURN):
        return (an.board.active_player == perm.controller) == (cond.kind == ConditionKind.YOUR_TURN)
    if cond.kind == ConditionKind.LAND_PLAYED:
        return an.board.player(perm.controller).lands_played_this_turn > 0
    if cond.kind == ConditionKind.SELF_IS:
        return all(_has_word(an, perm, w) for w in cond.filter)
    if cond.kind == ConditionKind.TOTAL_POWER:
        return sum(q.power for q in an.board.controlled_by(perm.controller)
                   if q.is_creature and all(_has_word(an, q, w) for w in cond.filter)) >= cond.n
    if cond.kind == ConditionKind.GRAVEYARD:
        counted = _count(an, perm, Count(CountKind.GRAVEYARD_CARDS, cond.filter))
        return counted is not None and counted >= cond.n
    if cond.kind == ConditionKind.SORCERY_TIMING:  # 307.1: your main phase, the stack empty
        b = an.board
        return b.active_player == perm.controller and b.step in MAIN_PHASES and b.stack_empty
    if cond.kind == ConditionKind.CONTROL:
        counted = _count(an, perm, Count(CountKind.PERMANENTS, cond.filter, cond.power_at_least,
                                         toughness_at_least=cond.toughness_at_least))
        return counted is not None and counted >= cond.n
    board_field = _board_condition(an, perm, cond)
    if board_field is not None:
        return board_field
    if cond.kind == ConditionKind.NOT:
        inner = _holds(an, perm, cond.parts[0])
        return None if inner is None else not inner
    if cond.kind in (ConditionKind.ALL_OF, ConditionKind.ANY_OF):  # three-valued: one known part may decide
        parts = [_holds(an, perm, c) for c in cond.parts]
        decisive = cond.kind == ConditionKind.ANY_OF
        if decisive in parts:
            return decisive
        return None if None in parts else not decisive
    return None


def _board_condition(an: Analysis, perm: Permanent, cond: Condition) -> bool | None:
    """The conditions read off players' fields and names (`oracle.board_conditions`);
    None for another kind."""
    me = an.board.player(perm.controller)
    mine = an.board.controlled_by(perm.controller)
    if cond.kind == ConditionKind.OPPONENT_POISON:
        return any(an.board.player(o).poison >= cond.n for o in an.board.opponents_of(perm.controller))
    if cond.kind == ConditionKind.INITIATIVE:
        return me.initiative
    if cond.kind == ConditionKind.DUNGEON_COMPLETED:
        return me.dungeons_completed > 0
    if cond.kind == ConditionKind.EXILED_WITH:  # 607.1: the cards its imprint exiled, as the board lists them
        return bool(perm.exiled_with)
    if cond.kind == ConditionKind.SAME_NAME:
        names = Counter(q.name for q in mine if all(_has_word(an, q, w) for w in cond.filter))
        return max(names.values(), default=0) >= cond.n
    if cond.kind == ConditionKind.CONTROL_WITH_COUNTERS:
        return cond.counter is not None and any(q.counters.get(cond.counter, 0) >= cond.n for q in mine if all(_has_word(an, q, w) for w in cond.filter))
    if cond.kind == ConditionKind.CONTROL_NAMED:
        return any(q.name == cond.text for q in mine if all(_has_word(an, q, w) for w in cond.filter))
    return None


def _amounts(an: Analysis, perm: Permanent, ability: ManaAbility, bundles: tuple[Bundle, ...],
             on_stack: str | None = None) -> tuple[Bundle, ...]:
    """Amounts read off the board ("for each", "If ..., add ... instead"); an amount the
    board doesn't determine leaves the ability out (no bundle: never guessed).
    `on_stack`: the card being cast from the hand (see `_count`)."""
    if ability.per is not None:
        per = ability.per
        if per.kind == CountKind.DEVOTION and per.counter is None:  # "equal to your devotion to that color"
            scaled: list[Bundle] = []
            for b in bundles:
                n = _count(an, perm, per, b[0])
                if n is None:
                    return ()
                scaled.append(b * n)
            bundles = tuple(scaled)
        else:
            most = _count(an, perm, per, on_stack=on_stack)
            if most is None:
                return ()
            # "Reveal any number of ...": every number up to the most; otherwise exactly that many
            amounts = range(1, most + 1) if per.kind == CountKind.REVEALED else [most]
            if ability.any_combination:
                pool = _types_of({t for b in bundles for t in b})
                bundles = tuple(c for n in amounts if n for c in itertools.combinations_with_replacement(pool, n))
            else:
                bundles = tuple(b * n for n in amounts if n for b in bundles)
    if ability.instead is not None:
        holds = _holds(an, perm, ability.instead.condition)
        if holds is None:
            return ()
        if holds:
            inst = ability.instead
            bundles = inst.options if inst.options else tuple(_sort(b * inst.times) for b in bundles)
    return tuple(dict.fromkeys(_sort(b) for b in bundles if b))


def _among(an: Analysis, perm: Permanent, among: ColorsAmong) -> tuple[Bundle, ...]:
    """The bundles of "For each color among ..., add one mana of that color" (one bundle,
    a mana of each colour) or "one mana of any color among ..." (one per colour): the
    colours of the objects now (105.2); none among them, no mana (106.5)."""
    board = an.board
    if among.where == AmongWhere.EXILED_WITH:
        found = {c for name in perm.exiled_with for c in board.db.get(name).color_set}
    elif among.where == AmongWhere.GRAVEYARD:
        cards = [board.db.get(name) for name in board.player(perm.controller).graveyard]
        found = {c for card in cards if not among.alternatives or any(card.has_words(a) for a in among.alternatives)
                 for c in card.color_set if not among.monocolored or len(card.color_set) == 1}
    else:
        found = {c for q in (board.permanents if among.where == AmongWhere.ALL_PERMANENTS else board.controlled_by(perm.controller))
                 if not among.alternatives or any(all(w == "Permanent" or _has_word(an, q, w) for w in a)
                                                  for a in among.alternatives)
                 if not among.monocolored or len(q.colors) == 1 for c in q.colors}
    colors = _types_of(found)
    if not colors:
        return ()
    return (colors,) if among.each else tuple((c,) for c in colors)


def _resolve(an: Analysis, perm: Permanent, ability: ManaAbility, bundles: tuple[Bundle, ...]) -> list[Bundle]:
    """Replacement effects on each bundle, only if the ability taps `perm` (106.12)."""
    if not ability.cost.tap:
        return list(bundles)
    effects = _replacements(an, perm)
    if not effects:
        return list(bundles)
    out: list[Bundle] = []
    for b in bundles:
        out += sorted(replaced(b, effects), key=lambda r: (len(r), [_ORDER[t] for t in r]))
    return out


def activation_bundles(board: Board, perm: Permanent, ability: ManaAbility,
                       on_stack: str | None = None) -> tuple[tuple[str, ...], ...]:
    """Every distinct mana bundle (sorted tuple of types, order WUBRGC) one activation of
    `ability` of `perm` can add when it resolves now, after every applicable replacement
    effect (any order the controller may choose, 616.1) and triggered mana abilities
    (605.1b, e.g. Mana Flare adds one mana of any type that land produced); () if it would
    add no mana (106.5).  `on_stack`: the card being cast from the hand while it is paid
    for (601.2a: not in the hand, so not revealed from there)."""
    an = analyse(board)
    produced = [b for b in _resolve(an, perm, ability, _base_options(an, perm, ability, on_stack)) if b]
    triggers = _triggers(an, perm) if ability.cost.tap else []
    out: dict[Bundle, None] = {}
    for b in produced:
        # 106.12a: each trigger fires because mana was produced; 605.4a: it resolves at once.
        extra = [opts for opts in (_trigger_mana(src, e, b) for src, e in triggers) if opts]
        for pick in itertools.product(*extra):
            out[_sort(b + tuple(t for p in pick for t in p))] = None
    return tuple(out)


def condition_holds(board: Board, perm: Permanent, condition: Condition | None) -> bool | None:
    """Whether a condition of an ability of `perm` holds now (its band, max speed,
    "Exhaust —", "Activate only if ...", 602.5b); True without one; None when the board
    doesn't say."""
    return True if condition is None else _holds(analyse(board), perm, condition)


def damage_dealt(board: Board, perm: Permanent, ability: ManaAbility) -> int:
    """The damage the ability deals its controller as it resolves (painlands; Tomb of
    Urami only without an Ogre); dealt also when the board doesn't say whether its
    condition holds (the cautious reading for a choice among payments)."""
    if ability.damage and ability.damage_if is not None and condition_holds(board, perm, ability.damage_if) is False:
        return 0
    return ability.damage


def activation_allowed(board: Board, perm: Permanent, ability: ManaAbility) -> bool | None:
    """Whether the mana ability's "Activate only ..." condition (602.5b) holds now; True
    without one; None when the board doesn't say."""
    return condition_holds(board, perm, ability.activate_if)


def sacrifice_victims(board: Board, outlet: Permanent, ability: ManaAbility) -> list[Permanent]:
    """The permanents an activation of `ability` ("Sacrifice a creature: Add {C}{C}.") may
    sacrifice: its controller's permanents with every word of the cost and the name it
    asks for ("a token named Wood"; the outlet itself included when it matches, e.g. Skirk
    Prospector is a Goblin)."""
    an = analyse(board)
    return [q for q in board.controlled_by(outlet.controller)
            if all(_has_word(an, q, w) for w in ability.cost.sacrifice) and not (ability.cost.sacrifice_other and q is outlet)
            and ability.cost.sacrifice_named in ("", q.name)]


def bundles_sacrificing(board: Board, outlet: Permanent, ability: ManaAbility,
                        victim: Permanent) -> tuple[tuple[str, ...], ...]:
    """The bundles one activation of the sacrifice outlet's `ability` adds when `victim`
    is the permanent sacrificed: for "any type the sacrificed land could produce"
    (Squandered Resources) the victim's could-produce types (106.7), after effects."""
    if ability.reference is None or ability.reference.scope != ReferenceScope.SACRIFICED:
        return activation_bundles(board, outlet, ability)
    an = analyse(board)
    options = tuple((t,) for t in _types_of(an.could.get(victim.id, frozenset())))
    return tuple(dict.fromkeys(_sort(b) for b in _resolve(an, outlet, ability, _amounts(an, outlet, ability, options))
                               if b))


def abilities_adding_mana(board: Board, perm: Permanent) -> list[ManaAbility]:
    """The activated abilities adding mana that `perm` has now: printed/intrinsic ones,
    plus granted ones (Chromatic Lantern: lands have "{T}: Add one mana of any color";
    Urborg: each land is a Swamp too), minus removed ones (Blood Moon: nonbasic lands are
    Mountains); those that are no mana abilities (605.1a, `ManaAbility.is_mana_ability`)
    included, as 106.7 asks what any ability would produce."""
    return list(analyse(board).abilities[perm.id])


def mana_abilities(board: Board, perm: Permanent) -> list[ManaAbility]:
    """The mana abilities (605.1a) `perm` has now (`abilities_adding_mana` less those that
    move a card to or from a library): the only abilities a payment may activate (601.2g)."""
    return [ab for ab in analyse(board).abilities[perm.id] if ab.is_mana_ability]


def not_mana_ability_note(perm: Permanent, ability: ManaAbility) -> str:
    """What a payment answer says of an ability that adds mana but is no mana ability
    (605.1a as amended by the CR of 2026-08-07): it is never activated inside a payment
    (601.2g), and its mana is not counted as if already made (see the README, "605.1a")."""
    return ("%s (%s): %r is not a mana ability since CR %s (605.1a: it moves a card to or from a library): "
            "not used inside a payment; activate it before casting (plays lists it) and give its mana in mana_pool"
            % (perm.id, perm.name, ability.text, CR_DATE))


def could_produce(board: Board) -> dict[str, tuple[str, ...]]:
    """Rule 106.7 for every permanent on the board: id -> types (order WUBRGC)."""
    an = analyse(board)
    return {p.id: _types_of(an.could[p.id]) for p in board.permanents}


# ---------------------------------------------------------------------------------------
# The could-produce fixpoint (106.7)


def _groups(an: Analysis, perm: Permanent, ability: ManaAbility) -> list[GroupNode]:
    """The group nodes ``(player, what, filter words)`` a referential ability reads."""
    assert ability.reference is not None
    scope = _SCOPES.get(ability.reference.scope)
    if scope is None:  # "chosen" colour, commander identity (`_fixed_input`): no permanent read
        return []
    what, whose = scope
    players = [perm.controller] if whose == Relation.YOU else an.board.opponents_of(perm.controller)
    return [(pl, what, ability.reference.filter) for pl in players]


def _fixed_input(an: Analysis, perm: Permanent, ability: ManaAbility) -> frozenset[str]:
    """The types a referential ability reads off no permanent's mana: the colours of its
    controller's commanders' identity (903.4; none without a commander, 903.4f), the
    colours chosen for the permanent (its board `chosen.color` / `chosen.colors`; none when
    not given)."""
    assert ability.reference is not None
    if ability.reference.scope == ReferenceScope.COMMANDER_IDENTITY:
        return frozenset(an.board.commander_identity(perm.controller))
    if ability.reference.scope == ReferenceScope.CHOSEN:
        return frozenset(perm.chosen_colors)
    return frozenset()


def _reference_input(an: Analysis, perm: Permanent, ability: ManaAbility) -> frozenset[str]:
    """The types a referential ability may add: what the referenced permanents could
    produce, without C when the card says "color" (106.1b)."""
    assert ability.reference is not None
    seen: set[str] = set(_fixed_input(an, perm, ability))
    for g in _groups(an, perm, ability):
        seen |= an.could.get(g, frozenset())
    if ability.reference.kind == ManaSort.COLOR:
        seen &= set(COLORS)
    return frozenset(seen)


def _transfer(an: Analysis, perm: Permanent, ability: ManaAbility, types: frozenset[str]) -> frozenset[str]:
    """Types the referential `ability` could produce given referenced types `types`:
    each one-mana option after replacement effects (monotone: a union over `types`)."""
    assert ability.reference is not None  # only referential abilities are transferred
    if ability.reference.kind == ManaSort.COLOR:
        types = types & frozenset(COLORS)
    bundles = _resolve(an, perm, ability, _amounts(an, perm, ability, tuple((t,) for t in _types_of(types))))
    return frozenset(t for b in bundles for t in b)


# Amounts the cost paid decides (counters removed, the permanent sacrificed or exiled, X).
_SET_BY_COST = (CountKind.REMOVED_COUNTERS, CountKind.SACRIFICED_MANA_VALUE, CountKind.SACRIFICED_POWER, CountKind.COST_X)


def _direct(an: Analysis, perm: Permanent) -> frozenset[str]:
    """Types `perm` could produce without looking at any other permanent: its
    non-referential mana abilities after replacements, and the fixed mana of its triggered
    mana abilities ("any type that land produced" has no defined type on its own, 106.5)."""
    out: set[str] = set()
    for ab in an.abilities[perm.id]:
        if ab.per is not None and ab.per.kind in _SET_BY_COST:  # 106.7: costs ignored, so any number
            ab = dataclasses.replace(ab, per=None)
        if ab.reference is None:
            out.update(t for b in _resolve(an, perm, ab, _base_options(an, perm, ab)) for t in b)
        elif ab.options:  # "Add {G} or one mana of the chosen color": the fixed half
            out.update(t for b in _resolve(an, perm, ab, _amounts(an, perm, ab, ab.options)) for t in b)
    for s, e in an.effects:
        if s is perm and isinstance(e, AddFixed):
            out.update(t for b in e.options for t in b)
        elif s is perm and isinstance(e, AddChosen) and perm.chosen_color:
            out.add(perm.chosen_color)
    return frozenset(out)


def _own(an: Analysis, perm: Permanent) -> frozenset[str]:
    """What `perm` could produce before any edge of the graph: `_direct` and what its
    referential abilities make of what they read off no permanent (the fixpoint's start)."""
    v = set(_direct(an, perm))
    for ab in an.abilities[perm.id]:
        if ab.reference is not None:
            v |= _transfer(an, perm, ab, _fixed_input(an, perm, ab))
    return frozenset(v)


def dependency_edges(board: Board) -> tuple[dict, dict[str, frozenset[str]]]:
    """The could-produce dependency graph of `board` (node -> successor -> the referential
    abilities on that edge; nodes are permanent ids and group nodes ``(player, what,
    filter words)``, see `_solve_fixpoint`) and what each permanent could produce before
    any edge: for ``produce --why`` and its reference tests."""
    an = analyse(board)
    return an.graph, {p.id: _own(an, p) for p in board.permanents}


def transferred(board: Board, pid: str, ability: ManaAbility, types: frozenset[str]) -> frozenset[str]:
    """The types permanent `pid`'s referential `ability` could add when what it reads
    could produce `types` (one edge of the dependency graph)."""
    an = analyse(board)
    return _transfer(an, board.get(pid), ability, types)


def _solve_fixpoint(an: Analysis) -> None:
    """Least fixpoint of could-produce over the dependency graph.

    Nodes: permanent ids, and group nodes ``(player, what, words)`` = the union of what
    that player's permanents of kind `what` having every filter word could produce.  Edges: member → group, group →
    every permanent with a referential ability reading it (`Analysis.graph`: node → successor →
    the abilities on that edge).  Every transfer is a union over single types, so starting
    from what each permanent makes on its own and propagating each new type once along the
    edges (a worklist) reaches the least fixpoint — a ring with no real source stays empty.
    """
    g = an.graph
    perms = an.board.permanents
    by_id = {p.id: p for p in perms}
    readers: dict[GroupNode, list[tuple[Permanent, ManaAbility]]] = {}
    for p in perms:
        g.setdefault(p.id, {})
        for ab in an.abilities[p.id]:
            if ab.reference is not None:
                for grp in _groups(an, p, ab):
                    readers.setdefault(grp, []).append((p, ab))
                    g.setdefault(grp, {}).setdefault(p.id, []).append(ab)
    for grp in readers:
        player, what, words = grp
        for q in perms:
            if q.controller == player and _is(an, q, what) and all(_has_word(an, q, w) for w in words):
                g[q.id].setdefault(grp, [])
    value: dict = {n: frozenset() for n in g}
    pending: list = []
    for p in perms:
        v = _own(an, p)
        if v:
            value[p.id] = frozenset(v)
            pending.append((p.id, value[p.id]))
    while pending:  # semi-naive propagation of new types
        n, delta = pending.pop()
        for succ, abilities in g[n].items():
            if succ in by_id:
                p = by_id[succ]
                gain: set[str] = set()
                for ab in abilities:
                    gain |= _transfer(an, p, ab, delta)
            else:
                gain = set(delta)
            new = frozenset(gain) - value[succ]
            if new:
                value[succ] = value[succ] | new
                pending.append((succ, new))
    an.could = value


# ---------------------------------------------------------------------------------------
# The analysis is held by its board (`Board.analyses`): the payment solver calls
# activation_bundles many times per board.

# What a change of a derived board (`Board.derived`) may touch and leave the analysis as
# it was: tapped and sick state, attacking and saddled (106.7 ignores them; nothing here
# reads them), floating mana, energy, hands, spells cast and who holds priority.  A
# change of life totals too when no ability counts life (`Analysis.reads_life`); a change of
# a hand not when an ability counts cards in it (`Analysis.reads_hand`).
UNREAD = frozenset({"permanent.tapped", "permanent.sick", "permanent.haste", "permanent.attacked",
                    "permanent.saddled", "player.mana_pool", "player.energy", "player.hand",
                    "player.spells_cast_this_turn", "board.priority_player"})


def _carried(board: Board) -> Analysis | None:
    """The analysis of the board `board` was derived from, when that board has one and the
    change touched nothing it reads: the same analysis, its permanents those of `board`."""
    derived = board.derived
    parent = derived.parent_analyses if derived is not None else None
    # (the parent's analysis as it is: see `Derivation`, boards are not changed in place)
    prev = parent.production if parent is not None else None
    if prev is None or derived is None:
        return None
    unread = (UNREAD if prev.reads_life else UNREAD | {"player.life"}) - ({"player.hand"} if prev.reads_hand else set())
    if not derived.touched <= unread:
        return None
    perms = {p.id: p for p in board.permanents}  # the same ids: no permanent added or removed
    # (an effect resolved this turn keeps its stand-in source, which is on no battlefield)
    return Analysis(weakref.proxy(board), [(perms.get(s.id, s), e) for s, e in prev.effects], prev.subtypes, prev.abilities,
                    prev.could, prev.graph, derived.parent)


def carried_from(board: Board) -> Board | None:
    """The board `board` was derived from when `board`'s analysis is that board's carried
    over (the change touched nothing it reads, see `UNREAD`); None otherwise."""
    an = analyse(board)
    return an.parent() if an.parent is not None else None


def analyse(board: Board) -> Analysis:
    """The mana-production analysis of `board`: built once and held by the board
    (`Board.analyses`); carried over from the board it was derived from when the change
    does not touch it."""
    held = board.analyses
    if held.production is None:
        held.production = _carried(board) or _build(board)
    return held.production
