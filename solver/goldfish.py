"""Goldfish games of a deck, and for each card Karsten's question: can it be cast by turn T
when the land drops and the mana spent are chosen *for that card*.

A game is a shuffled library, a London mulligan and the draws; the cards seen by turn T
(hand and draws) are what a card may use.  For one card the goldfish searches every
sequence of land plays from the cards seen, exactly: the *reachable set* of a turn is
every position (battlefield, hand, library counts, graveyard, life paid) some sequence of
plays leads to; a card is castable by turn T when some position of turns 1..T pays its
cost.  Each card is asked of the same sets, so one search answers every card; and the
sets are interned and their transitions memoised on (set, card drawn), so games that see
the same mana cards in the same turns share the work; once every delve question is castable in a
game, its positions count the graveyard as full and drop the fodder in hand (both read by
delve only), so more games meet; the last turn's set is answered without being kept.  The card asked is held in addition
to the cards seen (Karsten's convention): its drawn copies may be played as lands or
mana sources like any other card.  The search knows the cards seen by turn T when it
chooses the plays of earlier turns (the best sequence of the cards seen), as Karsten's
hypergeometric counts do.

One turn (on the play no draw on turn 1; 305.2 one land a turn):
1. untap, draw;
2. land drop, every choice: a land face of a card in hand (either face of a Pathway or a
   modal double-faced card, 712.8), entering tapped as its text says ("enters tapped",
   checklands, fastlands, slowlands; a shockland or a pay-3-life face pays the life and
   enters untapped); a fetch land becomes the land it finds, each choice of the lands its
   search matches that are still in the library ("an Island or Mountain card": any land
   card with one of those types, duals included; "a basic land card": basics only),
   tapped as the fetch says, the life paid, the fetch to the graveyard; a bounce land
   enters tapped and returns one land of the battlefield (each choice, itself included) to
   the hand;
3. each position's mana is asked about every card (recorded for turn T);
4. mana permanents in hand (rocks, Signets, dorks) are cast cheapest first while their
   costs together are payable; they give mana from the next turn (302.6 for creatures; a
   rock's mana is not used the turn it is cast).  In a deck with delve, instants,
   sorceries and {0} artifacts that sacrifice themselves are then cast cheapest first
   while their mana values and the rocks' fit in the battlefield's mana (colours not
   checked): they reach the graveyard, with the fetch lands cracked, for delve.

Cost reductions of the card itself: delve (702.66: each card in the graveyard pays {1})
and "costs {N} less for each <permanent> you control" (affinity, 702.41) counting the
battlefield of the position.  Convoke (702.51) adds nothing here: the only creatures
the goldfish casts are its mana creatures, which tap for the same mana.

What a battlefield pays is decided exactly (`Mana`): by Hall's theorem when every
untapped source adds fixed mana (one mana of a set of colours, or a fixed bundle like Sol
Ring's {C}{C}) or is a converter (a Signet, a filter land), once per *fingerprint* of
those sources (battlefields of other lands with the same mana share it, across turns and
games), else by the payment solver (`solver.payable.payable_each`) once per battlefield; the
tests check the first against the second.  What the mana permanents cast is memoised on
the fingerprint too.

The London mulligan (103.5): draw seven; to keep after K mulligans, put K cards on the
bottom, one by one: a land when the hand has more than half a land above the deck's land
proportion (the land making fewest colours, tapped ones first), else the most expensive
spell that makes no mana (then mana permanents).  A card with a land face counts as a
land here.  `KeepRule` looks at the lands of the hand after bottoming.
"""

from __future__ import annotations

import gc
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from manasolve.models.abilities import AbilityCost, ReferenceScope
from manasolve.models.board import load_board
from manasolve.models.cards import Card, has_filter_words
from manasolve.models.carddb import CardDB
from manasolve.models.mana import COLORS, ManaCost, SymbolKind
from manasolve.models.oracle.spell_costs import Counting
from manasolve.models.oracle.words import normalize
from manasolve.solver.payable import payable_each
from manasolve.solver.resources import PatternKind
from manasolve.solver.total_cost import reduce_symbols

BITS = 6  # at most 63 copies of one card in one place of a position
_FIELD = (1 << BITS) - 1
LIFE_BITS = 16  # the life paid in a position (a few life a turn at most)
MEMO_SETS = 150_000  # sets of positions kept in memory (about 450 MB a process on a 100-card deck), then the memos restart
BATCH = 2048  # shuffled libraries drawn at once: fixed, so a seed's games never depend on workers
UNIT = {c: 1 << i for i, c in enumerate(COLORS + ("C",))}  # a mana type as a bit
_BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
_FETCH = re.compile(r"\{T\}, (?:Pay (\w+) life, )?Sacrifice ~: Search your library for an? (.+?) card, put it onto "
                    r"the battlefield( tapped)?, then shuffle\.(?: Then if you control four or more lands, untap that land\.)?")
_BOUNCE = "When ~ enters, return a land you control to its owner's hand."


@dataclass(frozen=True)
class KeepRule:
    """Keep a hand of 7, 6 or 5 cards (after bottoming) whose land count is within the
    range for its size; always keep 4 or fewer.  `none`: keep every opening seven.
    `free_first`: the first mulligan is free (seven cards again), and the first seven
    is then kept with `first_range` lands (a player mulligans a hand for free that they
    would keep when it costs a card)."""

    name: str
    ranges: dict[int, tuple[int, int]]
    free_first: bool = False  # the first mulligan draws seven again, nothing bottomed (Commander, 103.5c)
    first_range: tuple[int, int] | None = None  # with free_first: the land range of the first seven

    def keeps(self, size: int, lands: int, first: bool = False) -> bool:
        """Whether a hand of `size` cards with `lands` lands is kept (`first`: the first
        seven of a rule with a free mulligan)."""
        lo, hi = self.first_range if first and self.free_first and self.first_range else self.ranges.get(
            size, (0, size))
        return lo <= lands <= hi


# Karsten's rule (2022 update of his source tables): 7 cards: 2-5 lands; 6: 2-4; 5: 1-4; 4: keep.
KARSTEN = KeepRule("karsten", {7: (2, 5), 6: (2, 4), 5: (1, 4)})
NO_MULLIGAN = KeepRule("none", {7: (0, 7)})
# his 99-card Commander tables (2022): the free mulligan taken on a first seven without 3-5 lands
KARSTEN_FREE = KeepRule("karsten-free", KARSTEN.ranges, free_first=True, first_range=(3, 5))


def keep_rule(text: str) -> KeepRule:
    """The keep rule named `text`: ``karsten``, ``karsten-free`` (the first mulligan
    free, taken on a first seven without 3-5 lands), ``none``, or ``LO-HI`` (a 7-card hand with
    LO..HI lands; 6 cards LO..HI-1; 5 cards max(LO-1, 1)..HI-1; 4 kept).  ValueError
    otherwise."""
    if text == "karsten":
        return KARSTEN
    if text == "none":
        return NO_MULLIGAN
    if text == "karsten-free":
        return KARSTEN_FREE
    lo_hi = text.split("-")
    if len(lo_hi) == 2 and all(p.isdigit() for p in lo_hi) and int(lo_hi[0]) <= int(lo_hi[1]) <= 7:
        lo, hi = int(lo_hi[0]), int(lo_hi[1])
        return KeepRule(text, {7: (lo, hi), 6: (lo, max(lo, hi - 1)), 5: (max(lo - 1, 1), max(lo - 1, 1, hi - 1))})
    raise ValueError("unknown mulligan rule %r: karsten, none, or a 7-card land range like 2-5" % text)


@dataclass(frozen=True)
class Question:
    """One cost asked about every turn: `label` (a card name, or "A + B" for two spells in
    one turn), the cost text, its mana value; `card`: the card whose own cost reductions
    apply (delve, affinity), None for none."""

    label: str
    cost: str
    mana_value: int
    card: str | None = None


@dataclass(frozen=True)
class GameSetup:
    """What is simulated (plain data, sent to workers): the library (one name per card),
    the questions, turns 1..`turns`, on the play or the draw, the keep rule, the
    commanders in the command zone (their colour identity is what Command Tower and
    Arcane Signet make, 903.4), the colours the opponents' lands make (what Exotic Orchard
    makes), the starting life (life paid for fetches and shocklands comes out of it)."""

    @property
    def life(self) -> int:
        """The starting life total."""
        return self.starting_life or (40 if self.commanders else 20)

    library: tuple[str, ...]
    questions: tuple[Question, ...]
    turns: int
    on_play: bool
    mulligan: KeepRule
    commanders: tuple[str, ...] = ()
    opponent_colors: str = "WUBRG"
    starting_life: int | None = None  # None: 40 with a commander (903.7), else 20


def land_faces(db: CardDB, name: str) -> list[Card]:
    """The faces of card `name` that can be played as a land (712.8: either face of a
    modal double-faced card; the card itself when it is a land)."""
    faces = db.faces(name) if db.get(name).layout in ("modal_dfc", "reversible_card") else ()
    return [f for f in faces if f.is_type("Land")] or ([db.get(name)] if db.get(name).is_type("Land") else [])


def fetch_of(card: Card) -> tuple[int, bool, tuple[str, ...], bool] | None:
    """(life paid, found land enters tapped, the alternatives the land card must match
    (basic land types, or "basic" + type words), only basics) for a fetch land's
    "{T}[, Pay N life], Sacrifice ~: Search your library for ..." ability; None if it has
    none the goldfish reads."""
    for line in normalize(card.text, card.name).splitlines():
        m = _FETCH.fullmatch(line.strip())
        if not m:
            continue
        life = {"1": 1, "one": 1, "2": 2, "two": 2}.get(m.group(1) or "0", 0) if m.group(1) else 0
        what = m.group(2)
        if what == "basic land":
            return life, bool(m.group(3)), (), True
        alts = [a.strip() for a in re.split(r",? or |, ", what) if a.strip()]
        basic = all(a.startswith("basic ") for a in alts)
        types = tuple(a.removeprefix("basic ") for a in alts)
        if all(t in _BASIC_OF.values() or t == "Wastes" for t in types):
            return life, bool(m.group(3)), types, basic
    return None


def _simple_units(card: Card, commander_mask: int, opponent_mask: int) -> tuple[int, ...] | None:
    """The mana one tap of `card` adds as units (each a bit mask of the types it may be),
    when that is fixed: one mana of some types (basics, duals, Command Tower with the
    commanders' colours, Exotic Orchard with the opponents'), or one fixed bundle (Sol
    Ring's {C}{C}); None otherwise (the solver decides)."""
    if card.mana_effects.effects or card.production_not_understood:
        return None
    single = 0
    bundles = []
    for a in card.intrinsic_mana_abilities():
        if a.cost != AbilityCost(tap=True, life=a.cost.life) or a.per is not None or a.any_combination:
            return None
        if [e for e in a.extras if e != "reference.scope"] or a.once_per_turn or a.restriction or a.among:
            return None
        if a.reference is not None:
            if a.options or a.reference.amount != 1 or a.reference.filter:
                return None
            if a.reference.scope == ReferenceScope.COMMANDER_IDENTITY:
                single |= commander_mask
            elif a.reference.scope == ReferenceScope.LANDS_OPPONENTS_CONTROL:
                single |= opponent_mask
            else:
                return None
            continue
        for o in a.options:
            if len(o) == 1:
                single |= UNIT[o[0]]
            else:
                bundles.append(tuple(UNIT[t] for t in o))
    if bundles and (single or len(bundles) > 1):
        return None
    return bundles[0] if bundles else ((single,) if single else ())


def most_mana(card: Card) -> int | None:
    """The most mana one activation of the card's mana abilities adds (None: it depends on
    the game, "for each ..."); 0 without mana abilities.  Its mana costs are not
    subtracted, so the bound is safe for filter lands and Signets."""
    most = 0
    for a in card.intrinsic_mana_abilities():
        if a.per is not None:
            return None
        among = (len(COLORS) if a.among.each else 1) if a.among else 0  # one of each colour among ... (Bloom Tender)
        most = max([most, 1 if a.reference else 0, among] + [len(o) for o in a.options])
    return most


ANY = -1  # a converter fed by mana of any type


def _converter(card: Card) -> tuple[int, tuple[tuple[int, ...], ...], int | None] | None:
    """(the types it is fed, as a unit mask or ANY; the bundles it may add, as units; the
    unit its plain "{T}: Add ..." ability adds instead, or None) for a source with one
    ability turning one mana into a bundle: a Signet ("{1}, {T}: Add {B}{G}."), a filter
    land ("{B/G}, {T}: Add {B}{B}, {B}{G}, or {G}{G}." and "{T}: Add {C}."); None for any
    other source."""
    if card.mana_effects.effects or card.production_not_understood:
        return None
    found, alone = None, 0
    for a in card.intrinsic_mana_abilities():
        fed = a.cost.mana.symbols
        if a.cost != AbilityCost(mana=a.cost.mana, tap=True) or a.extras or a.reference is not None or (
                a.per is not None or not a.options or a.any_combination):
            return None
        if not fed and all(len(o) == 1 for o in a.options):
            alone |= sum(UNIT[o[0]] for o in a.options)
            continue
        if found is not None or len(fed) != 1:
            return None
        if fed[0].kind == SymbolKind.GENERIC and fed[0].amount == 1:
            accept = ANY
        elif fed[0].kind in (SymbolKind.COLOR, SymbolKind.HYBRID):
            accept = sum(UNIT[c] for c in fed[0].colors)
        else:
            return None
        found = accept, tuple(tuple(UNIT[t] for t in o) for o in a.options)
    return None if found is None else found + (alone or None,)


def _masks(db: CardDB, setup: GameSetup) -> tuple[int, int, int]:
    """(the commanders' colours, the opponents' colours, the mana types some cost of the
    deck names, a mana ability's included) as unit masks: a unit's other types can only
    pay generic mana."""
    commanders = [db.get(c) for c in setup.commanders]
    cmask = sum(UNIT[c] for c in COLORS if any(c in cc.color_identity for cc in commanders))
    omask = sum(UNIT[c] for c in setup.opponent_colors)
    cards = [db.get(n) for n in set(setup.library) | set(setup.commanders)]
    costs = [c.mana_cost for c in cards] + [a.cost.mana for c in cards for a in c.intrinsic_mana_abilities()]
    keep = 0
    for cost in [c for c in costs if c is not None] + [ManaCost.parse(q.cost) for q in setup.questions]:
        for sym in cost.symbols:
            for c in sym.colors:
                keep |= UNIT.get(c, 0)
            keep |= UNIT["C"] if sym.kind == SymbolKind.C else 0
    return cmask, omask, keep


def _units(card: Card, masks: tuple[int, int, int]) -> tuple[int, ...] | None:
    """`_simple_units` of the card, each unit's types cut to the deck's cost types."""
    units = _simple_units(card, masks[0], masks[1])
    return None if units is None else tuple(u & masks[2] for u in units)


def _same_lands(db: CardDB, setup: GameSetup) -> dict[str, str]:
    """Land cards of the library that play alike (the same faces' types, fixed mana cut to
    the deck's cost types, entering rule, fetch and bounce), each to the first of its
    kind: the goldfish plays them as one card, so more games share their positions."""
    masks = _masks(db, setup)
    first: dict[tuple, str] = {}
    alias: dict[str, str] = {}
    for name in dict.fromkeys(setup.library):
        card = db.get(name)
        faces = land_faces(db, name)
        if not card.is_type("Land") or len(faces) != 1:
            continue
        f = faces[0]
        units = _units(f, masks)
        if units is None:
            continue
        key = (tuple(sorted(units)), f.types, f.subtypes, f.supertypes, f.enters, fetch_of(f),
               _BOUNCE in normalize(f.text, f.name), f.color_set)
        alias[name] = first.setdefault(key, name)
    return {n: a for n, a in alias.items() if n != a}


def _hall(cost: ManaCost) -> tuple[tuple[tuple[int, int], ...], int, int] | None:
    """Hall's conditions for paying `cost` from single-type units: ((types mask, units
    needed), ...) over every set of symbol kinds, the units needed in all, and the
    Phyrexian symbols (left to life); None for a cost this does not decide ({2/W}, snow,
    {C/W})."""
    need: Counter = Counter()
    generic = phyrexian = 0
    for s in cost.symbols:
        if s.kind == SymbolKind.GENERIC:
            generic += s.amount
        elif s.kind == SymbolKind.COLOR:
            need[UNIT[s.colors[0]]] += 1
        elif s.kind == SymbolKind.C:
            need[UNIT["C"]] += 1
        elif s.kind == SymbolKind.HYBRID:
            need[sum(UNIT[c] for c in s.colors)] += 1
        elif s.kind in (SymbolKind.PHYREXIAN, SymbolKind.HPHYREXIAN):
            phyrexian += 1  # paid with 2 life each when the life allows (107.4f), see Mana._fast
        elif s.kind != SymbolKind.X:
            return None
    kinds = list(need)
    out = []
    for r in range(1, len(kinds) + 1):
        for group in combinations(kinds, r):
            mask = 0
            for k in group:
                mask |= k
            out.append((mask, sum(need[k] for k in group)))
    return tuple(out), generic + sum(need.values()), phyrexian


class Mana:
    """What battlefields pay: `paid(bf, life)` is the bit mask of `costs` payable on the
    packed battlefield `bf` (two fields of BITS bits per slot: untapped, tapped), with
    `life` paid already; memoised per battlefield and life paid, packed in one int
    (`paid_key`: the life above the battlefield's fields, as in a goldfish position)."""

    def __init__(self, db: CardDB, slots: list[str], costs: list[str], setup: GameSetup, life_matters: bool):
        self.db, self.slots, self.setup = db, slots, setup
        self.life_at = 2 * len(slots) * BITS  # a memo key: the battlefield, then the life paid from this bit
        self.bf_mask = (1 << self.life_at) - 1
        self.costs = list(costs)
        self.parsed = [ManaCost.parse(c) for c in self.costs]
        self.hall = [_hall(c) for c in self.parsed]
        # the costs Hall's theorem decides whatever the life (no Phyrexian symbol): one answer per fingerprint
        self.lifeless_rules = [(i, h) for i, h in enumerate(self.hall) if h is not None and not h[2]]
        self.lifeless = frozenset(i for i, _ in self.lifeless_rules)
        self.least = [min(a.requirement.mana_units for a in c.announcements()) for c in self.parsed]
        masks = _masks(db, setup)
        self.units = [_units(db.get(n), masks) for n in slots]
        self.converters = [None if u is not None else _converter(db.get(n)) for n, u in zip(slots, self.units)]
        self.converters = [None if c is None else (c[0], tuple(tuple(u & masks[2] for u in b) for b in c[1]),
                                                   None if c[2] is None else c[2] & masks[2])
                           for c in self.converters]
        self.unit_life = [max([a.cost.life for a in db.get(n).intrinsic_mana_abilities()] + [0]) for n in slots]
        self.slot_table = [(2 * s * BITS, self.units[s], self.converters[s], self.unit_life[s]) for s in range(len(slots))]
        self.most = [most_mana(db.get(n)) for n in slots]
        self.life_matters = life_matters
        self.memo: dict[int, int] = {}
        self.extra: dict[tuple[int, int, tuple], bool] = {}
        # the same two answers per fingerprint of the untapped fixed-mana sources (`print_of`):
        # battlefields of different lands with the same mana share them, across turns and games;
        # a fingerprint is numbered once (`print_id`), its memos are lists and dicts on the number
        self.untapped = sum(_FIELD << (2 * s * BITS) for s in range(len(slots)))
        self._prints: dict[int, int] = {}  # untapped fields of a battlefield: its fingerprint's number, -1: none
        self._print_ids: dict[tuple, int] = {}
        self.prints: list[tuple] = []
        self._views: list[tuple] = []  # by fingerprint number: `_untapped_units`
        self.by_print: list[int] = []  # by fingerprint number: the costs without life it pays, -1 not yet asked
        self.extra_by_print: dict[tuple, bool] = {}
        self._rules: dict[tuple, tuple | None] = {}
        self.by_life: dict[tuple[int, int], tuple[int, list[int]]] = {}
        self.solver_calls = 0

    def forget(self) -> None:
        """Empty the memos per battlefield (those per fingerprint stay): see `Goldfish._forget`."""
        self.memo.clear()
        self.extra.clear()
        self._prints.clear()

    def board(self, bf: int, life: int = 0) -> dict:
        """The battlefield `bf` as a manasolve/board@1 dict (one player, main phase, the
        commanders in the command zone, an opponent with a basic land of each opponent
        colour)."""
        perms = []
        for s, name in enumerate(self.slots):
            counters = dict(self.db.get(name).enters.counters)
            for tapped in (0, 1):
                n = (bf >> ((2 * s + tapped) * BITS)) & _FIELD
                perms += [{"id": "s%d_%d_%d" % (s, tapped, i), "card": name, "tapped": bool(tapped),
                           **({"counters": counters} if counters else {})} for i in range(n)]
        command = [{"card": c, "times_cast": 0, "in_command_zone": True} for c in self.setup.commanders]
        me = {"name": "me", "life": self.setup.life - life, "battlefield": perms,
              **({"command": command} if command else {})}
        opp = {"name": "opponent", "life": 20, "battlefield": [
            {"id": "o%d" % i, "card": _BASIC_OF[c]} for i, c in enumerate(self.setup.opponent_colors)]}
        return {"format": "manasolve/board@1", "active_player": "me", "step": "precombat_main", "players": [me, opp]}

    def _untapped_units(self, bf: int) -> tuple[Counter, int, int, list] | None:
        """(units by types mask, units in all, life the units' taps may cost, the
        converters' bundles) of the untapped sources of `bf`; None when a source is
        neither (the solver decides)."""
        number = self.print_id(bf)
        return None if number < 0 else self._views[number]

    def print_of(self, bf: int) -> tuple | None:
        """What Hall's theorem reads of battlefield `bf`: ((types mask, units), ...) of the
        units its untapped sources add, the life their taps may cost, the converters'
        bundles; the key of the answers shared by battlefields of different lands with the
        same mana, across turns and games.  None when a source is neither a fixed-mana
        source nor a converter (the solver decides)."""
        number = self.print_id(bf)
        return None if number < 0 else self.prints[number]

    def print_id(self, bf: int) -> int:
        """The number of `print_of(bf)`, -1 for None (memoised on the untapped fields)."""
        bf &= self.untapped
        found = self._prints.get(bf)
        if found is None:
            counts: dict[int, int] = {}
            life = 0
            convs: tuple = ()
            for shift, units, converter, unit_life in self.slot_table:
                n = (bf >> shift) & _FIELD
                if not n:
                    continue
                if units is None:
                    if converter is None:
                        found = -1
                        break
                    convs += (converter,) * n
                    continue
                for u in units:
                    counts[u] = counts.get(u, 0) + n
                life += n * unit_life
            else:
                printed = (tuple(sorted(counts.items())), life, convs)
                found = self._print_ids.get(printed)
                if found is None:
                    found = self._print_ids[printed] = len(self.prints)
                    self.prints.append(printed)
                    tally = Counter(dict(printed[0]))
                    self._views.append((tally, sum(tally.values()), life, list(convs)))
                    self.by_print.append(-1)
            self._prints[bf] = found
        return found

    def _most(self, bf: int) -> float:
        """The most mana the untapped sources of `bf` could add (`most_mana`)."""
        total = 0
        for s, most in enumerate(self.most):
            n = (bf >> (2 * s * BITS)) & _FIELD
            if n:
                if most is None:
                    return float("inf")
                total += n * most
        return total

    def _fast(self, view: tuple, rule: tuple, life_left: int) -> bool | None:
        """Whether the sources `view` pay the cost of Hall `rule`, None when life is
        short for the Phyrexian symbols (the solver decides).  Paying every Phyrexian
        symbol with 2 life is then never worse (107.4f); each converter (Signet) is
        fed one unit of some type or left alone."""
        counts, total, unit_life, convs = view
        constraints, need, phyrexian = rule
        if phyrexian and life_left < 2 * phyrexian + unit_life + 1:
            return None
        return self._hall_pays(counts, total, constraints, need, convs)

    def _hall_pays(self, counts: Counter, total: int, constraints, need: int, convs: list) -> bool:
        if total + len(convs) * 3 >= need:  # (a bundle adds at most 3 net)
            ok = total >= need
            for mask, n in constraints if ok else ():
                if sum(c for u, c in counts.items() if u & mask) < n:
                    ok = False
                    break
            if ok:
                return True
        if not convs:
            return False
        (accept, bundles, alone), rest = convs[0], convs[1:]
        if alone is None:
            if self._hall_pays(counts, total, constraints, need, rest):
                return True
        else:
            plain = Counter(counts)
            plain[alone] += 1
            if self._hall_pays(plain, total + 1, constraints, need, rest):
                return True
        for u in [u for u, c in counts.items() if c and (accept == ANY or u & accept)]:
            for bundle in bundles:
                fed = Counter(counts)
                fed[u] -= 1
                for b in bundle:
                    fed[b] += 1
                if self._hall_pays(fed, total - 1 + len(bundle), constraints, need, rest):
                    return True
        return False

    def paid(self, bf: int, life: int = 0) -> int:
        """The bit mask of `costs` payable on battlefield `bf` with `life` paid (see the
        class docstring)."""
        return self.paid_key(bf | (life if self.life_matters else 0) << self.life_at)

    def paid_key(self, key: int) -> int:
        """`paid` of the battlefield and life paid packed in `key` (`bf | life << life_at`;
        the life 0 unless `life_matters`)."""
        found = self.memo.get(key)
        if found is not None:
            return found
        bf, life = key & self.bf_mask, key >> self.life_at
        number = self.print_id(bf)
        if number < 0:
            ask = [i for i in range(len(self.costs)) if self.least[i] <= self._most(bf)]
            paid = 0
        else:  # Hall's theorem per fingerprint: the costs without life once, those with it per life paid
            view = self._views[number]
            paid = self.by_print[number]
            if paid < 0:
                paid = self.by_print[number] = sum(1 << i for i, rule in self.lifeless_rules
                                                   if self._fast(view, rule, 0))
            lived = self.by_life.get((number, life))
            if lived is None:
                lived = self.by_life[number, life] = self._lived(view, self.setup.life - life)
            paid |= lived[0]
            ask = lived[1]
        if ask:
            self.solver_calls += len(ask)
            board = load_board(self.board(bf, life), self.db)
            for i, ok in zip(ask, payable_each(board, [self.parsed[i] for i in ask], "me")):
                paid |= ok << i
        self.memo[key] = paid
        return paid

    def _lived(self, view: tuple, life_left: int) -> tuple[int, list[int]]:
        """(the bit mask of the costs outside `lifeless` Hall's theorem says `view` pays
        with `life_left` life, the costs it leaves to the solver: those it does not decide
        that the sources could add enough mana for)."""
        paid, ask = 0, []
        most = view[1] + 3 * len(view[3])
        for i, rule in enumerate(self.hall):
            if i in self.lifeless:
                continue
            ok = None if rule is None else self._fast(view, rule, life_left)
            if ok is None:
                if self.least[i] <= most:  # a cost needing more mana than the sources add is unpayable
                    ask.append(i)
            elif ok:
                paid |= 1 << i
        return paid, ask

    def pays(self, bf: int, life: int, what: tuple, cost_of) -> bool:
        """Whether battlefield `bf` pays the cost `cost_of(what)` (memoised on `what`), for
        casting mana permanents."""
        key = (bf, life if self.life_matters else 0, what)
        found = self.extra.get(key)
        if found is None:
            number = self.print_id(bf)
            if what not in self._rules:
                self._rules[what] = _hall(cost_of(what))
            rule = self._rules[what]
            # (Hall's answer without a Phyrexian symbol does not depend on the life: one per fingerprint)
            by_print = (number, key[1] if rule is None or rule[2] else 0, what)
            found = self.extra_by_print.get(by_print) if number >= 0 else None
            if found is None:
                view = None if number < 0 else self._views[number]
                found = None if view is None or rule is None else self._fast(view, rule, self.setup.life - key[1])
                if found is None:
                    self.solver_calls += 1
                    found = payable_each(load_board(self.board(bf, key[1]), self.db), [cost_of(what)], "me")[0]
                elif number >= 0:
                    self.extra_by_print[by_print] = found
            self.extra[key] = found
        return found


def _reduction(db: CardDB, name: str | None) -> tuple[str, int, tuple] | None:
    """("delve", 1, ()) or ("battlefield", N, per words) for the card's own generic
    reduction the goldfish applies; None for none."""
    if name is None:
        return None
    card = db.get(name)
    if "Delve" in card.keywords:
        return "delve", 1, ()
    for r in card.spell_costs.self_reductions:
        if r.counting == Counting.BATTLEFIELD and all(s.kind == SymbolKind.GENERIC for s in r.amount.symbols):
            return "battlefield", r.amount.mana_value, r.per
    return None


class Goldfish:
    """Plays games of a GameSetup; each game's record is one int per turn: the bit mask of
    the questions castable by that turn times 32, plus the most land drops the cards seen
    allow by that turn."""

    def __init__(self, setup: GameSetup, db: CardDB):
        self.setup, self.db = setup, db
        self.alias = _same_lands(db, setup)
        library = [self.alias.get(n, n) for n in setup.library]
        names = list(dict.fromkeys(library))
        self.names = names
        self.kinds_1 = len(names) + 1  # (a kind drawn, -1 for none, packs in a transition's key)
        cards = [db.get(n) for n in names]
        self.kind_of = {n: i for i, n in enumerate(names)}
        self.deck = np.array([self.kind_of[n] for n in library], dtype=np.int16)
        deck_count = Counter(self.deck.tolist())
        faces = [land_faces(db, n) for n in names]
        self.is_land = [bool(f) for f in faces]
        self.is_perm = [not land and bool(c.mana_abilities) and c.mana_cost is not None
                        and any(c.is_type(t) for t in ("Artifact", "Creature", "Enchantment"))
                        for c, land in zip(cards, self.is_land)]
        reductions = [_reduction(db, q.card) for q in setup.questions]
        self.delve = any(r and r[0] == PatternKind.DELVE for r in reductions)
        self.is_fodder = [self.delve and not self.is_land[k] and c.mana_cost is not None and (
            c.is_type("Instant") or c.is_type("Sorcery") or (
                c.is_type("Artifact") and c.mana_cost.mana_value == 0 and "Sacrifice ~" in normalize(c.text, c.name)))
            for k, c in enumerate(cards)]
        # battlefield slots: land faces, then mana permanents
        slot_names: list[str] = []
        for k in range(len(names)):
            for f in faces[k] if self.is_land[k] else ([cards[k]] if self.is_perm[k] else []):
                if f.name not in slot_names:
                    slot_names.append(f.name)
        self.slot_names = slot_names
        self.slot_of = {n: s for s, n in enumerate(slot_names)}
        self.slot_card = [db.get(n) for n in slot_names]
        self.slot_kind: dict[int, int] = {}
        for k in range(len(names)):
            for f in faces[k] if self.is_land[k] else ([cards[k]] if self.is_perm[k] else []):
                self.slot_kind.setdefault(self.slot_of[f.name], k)
        self.slot_is_land = [c.is_type("Land") for c in self.slot_card]
        # (enters tapped, life paid to enter untapped) of each slot, None when it depends on the battlefield
        self.enters_static = [(False, c.enters.life) if c.enters.life else None if c.enters.conditional
                              else (c.enters.always or bool(c.enters.unread), 0) for c in self.slot_card]
        self.untapped_mask = sum(_FIELD << (2 * s * BITS) for s in range(len(slot_names)))
        self.tapped_mask = self.untapped_mask << BITS
        # a position is one int, from the lowest bit: the battlefield (two fields of BITS bits a slot:
        # untapped, tapped), the life paid (LIFE_BITS; 0 unless it matters), the graveyard (BITS), the
        # library's copies of each fetchable kind (BITS each), the hand (BITS a kind kept)
        self.bf_bits = 2 * len(slot_names) * BITS
        self.life_at = self.bf_bits
        self.gy_at = self.life_at + LIFE_BITS
        self.lib_at = self.gy_at + BITS
        self.gy_field, self.gy_one = _FIELD << self.gy_at, 1 << self.gy_at
        self.paid_mask = (1 << self.gy_at) - 1  # the battlefield and the life paid: `Mana.paid_key`'s key
        self.asked_mask = (1 << self.lib_at) - 1  # ... and the graveyard: what `_castable` reads of a position
        # land plays of each kind
        self.fetchable: list[int] = []
        self.plays: list[list[tuple]] = []
        self.notes: list[str] = []
        for k, fs in enumerate(faces):
            plays: list[tuple] = []
            for f in fs:
                fetch = fetch_of(f)
                s = self.slot_of[f.name]
                if fetch is not None:
                    life, tapped, types, basic = fetch
                    targets = tuple(j for j, c in enumerate(cards) if c.is_type("Land") and (
                        not basic or "Basic" in c.supertypes) and (not types or set(types) & set(c.subtypes)))
                    self.fetchable += [j for j in targets if j not in self.fetchable]
                    plays.append(("fetch", s, life, tapped, targets))  # targets resolved below
                elif _BOUNCE in normalize(f.text, f.name):
                    plays.append(("bounce", s))
                else:
                    plays.append(("land", s))
            self.plays.append(plays)
        self.lib_bit = {k: 1 << (self.lib_at + i * BITS) for i, k in enumerate(self.fetchable)}
        self.hand_at = self.lib_at + len(self.fetchable) * BITS
        self.lib_gy_mask = (1 << self.hand_at) - (1 << self.gy_at)  # the graveyard and the library counts
        for plays in self.plays:
            for i, play in enumerate(plays):
                if play[0] == "fetch":
                    found = tuple((self.lib_at + self.fetchable.index(x) * BITS, self.lib_bit[x],
                                   self.slot_of[land_faces(db, names[x])[0].name]) for x in play[4])
                    plays[i] = play[:4] + (found,)
        self.lib0 = sum(deck_count[k] * b for k, b in self.lib_bit.items())
        self.in_hand = [self.is_land[k] or self.is_perm[k] or self.is_fodder[k] for k in range(len(names))]
        self.mv = [c.mana_cost.mana_value if c.mana_cost else 0 for c in cards]
        # graveyard fodder matters by its mana value only: one kind stands for all of a mana value
        self.canon = [next(j for j in range(len(names)) if self.is_fodder[j] and self.mv[j] == self.mv[k])
                      if self.is_fodder[k] else k for k in range(len(names))]
        self.land_kinds = [k for k in range(len(names)) if self.plays[k]]
        self.perm_order = sorted((k for k in range(len(names)) if self.is_perm[k]), key=lambda k: (self.mv[k], k))
        self.fodder_order = sorted({self.canon[k] for k in range(len(names)) if self.is_fodder[k]},
                                   key=lambda k: (self.mv[k], k))
        # a hand packs the kinds that matter in hand only (the canonical fodder kinds among them), BITS bits each
        kept = [k for k in range(len(names)) if self.in_hand[k] and self.canon[k] == k]
        kept = [k for k in kept if self.plays[k]] + [k for k in kept if not self.plays[k]]  # the lands first
        self.hand_shift = [self.hand_at + kept.index(k) * BITS if k in kept else -1 for k in range(len(names))]
        self.fodder_mask = sum(_FIELD << self.hand_shift[k] for k in self.fodder_order)
        self.cast_mask = self.fodder_mask | sum(_FIELD << self.hand_shift[k] for k in self.perm_order)
        self.hand_bit = [1 << self.hand_shift[k] if k in kept else 0 for k in range(len(names))]
        # a land a bounce land may return: its battlefield fields (untapped and tapped), and by field its card in hand
        self.land_slot_fields = sum(_FIELD << ((2 * t + tp) * BITS) for t in range(len(slot_names))
                                    if self.slot_is_land[t] for tp in (0, 1))
        self.back_of = [self.hand_bit[self.slot_kind[f // 2]] if self.slot_is_land[f // 2] else 0
                        for f in range(2 * len(slot_names))]
        self.cost = [c.mana_cost.with_x(0) if c.mana_cost else ManaCost() for c in cards]
        # what is cast depends on the battlefield's mana only when Hall's theorem decides every cost cast
        self.plan_by_print = all(s.kind in (SymbolKind.GENERIC, SymbolKind.COLOR, SymbolKind.C, SymbolKind.HYBRID)
                                 for k in self.perm_order for s in self.cost[k].symbols)
        self.land_ratio = sum(self.is_land[k] for k in self.deck.tolist()) / max(1, len(self.deck))
        # the costs asked: each question's cost, and its reduced costs
        self.questions = list(setup.questions)
        costs: list[str] = []
        self.variants: list[list[int]] = []
        self.reductions = reductions
        for q, r in zip(self.questions, reductions):
            base = ManaCost.parse(q.cost)
            generic = sum(s.amount for s in base.symbols if s.kind == SymbolKind.GENERIC)
            # 702.66a: each card delve exiles pays {1}; 601.2f: a generic reduction (118.7a)
            forms = [base] + ([ManaCost(tuple(reduce_symbols(list(base.symbols), [ManaCost.parse("{%d}" % n)])))
                               for n in range(1, generic + 1)] if r else [])
            v: list[int] = []
            for form in forms:
                if str(form) not in costs:
                    costs.append(str(form))
                v.append(costs.index(str(form)))
            self.variants.append(v)
        life_matters = any(s.kind in (SymbolKind.PHYREXIAN, SymbolKind.HPHYREXIAN)
                           for c in costs for s in ManaCost.parse(c).symbols)
        self.life_matters = life_matters
        # the fields of the land kinds in a hand; the land drops of each set of land kinds in hand (`_drop_rows`)
        self.land_fields = sum(_FIELD << self.hand_shift[k] for k in self.land_kinds)
        self._drop_rows: dict[int, tuple[tuple[int, ...], tuple]] = {}
        self.mana = Mana(db, slot_names, costs, setup, life_matters)
        # what casting gains a position depends on (`_cast`): the castable cards in hand, the graveyard (with
        # fodder), and the untapped fields when the plan goes by the fingerprint and every slot has one, else
        # the whole battlefield and the life paid
        by_print_only = self.plan_by_print and all(u is not None or c is not None
                                                   for u, c in zip(self.mana.units, self.mana.converters))
        self.cast_key = self.cast_mask | (self.gy_field if self.fodder_mask else 0) | (
            self.untapped_mask if by_print_only else self.paid_mask)
        self.question_of_cost = [0] * len(costs)
        self.gy_cap = max([len(self.variants[i]) - 1 for i, r in enumerate(reductions) if r and r[0] == PatternKind.DELVE] + [0])
        self.gy_full = self.gy_cap << self.gy_at
        # the questions with a reduction: (bit, delve, per, words, cost variants, the last variant)
        self._reduced: list[tuple] = []
        for i, (v, r) in enumerate(zip(self.variants, reductions)):
            if r:
                self._reduced.append((1 << i, r[0] == PatternKind.DELVE, r[1], r[2], v, len(v) - 1))
            else:
                self.question_of_cost[v[0]] |= 1 << i
        self.slot_subtypes = [c.subtypes for c in self.slot_card]
        self.slot_words = [set(c.types) | set(c.subtypes) | set(c.supertypes) for c in self.slot_card]
        self.slot_colors = [c.color_set for c in self.slot_card]
        # land rank for bottoming: fewest colours first, tapped first
        self.land_rank = {k: (self._colours(faces[k]), not any(f.enters.always for f in faces[k]), -k)
                          for k in range(len(names)) if self.is_land[k]}
        self._cast_memo: dict[tuple, tuple] = {}
        # what a card in the opening hand adds to the position (its canonical kind in hand, out of the library)
        self._opening_gain = [self.hand_bit[self.canon[k]] - self.lib_bit.get(self.canon[k], 0) if self.in_hand[k]
                              else 0 for k in range(len(names))]
        self._questions_of: dict[int, int] = {}  # the costs paid (a bit mask): the questions they answer
        # a position's answer by fingerprint, life paid and graveyard (`_answer`): kept across `_forget`, as the
        # fingerprints are
        self._by_print_answers = all(r[1] for r in self._reduced)
        self._print_answers: dict[tuple[int, int], int] = {}
        # the questions delve answers: the only ones that read the graveyard and so the fodder in hand; once a
        # game has them all its positions are `_settled` (0: never, as when a fodder kind is also a mana
        # permanent: casting it changes the battlefield)
        self.delve_bits = 0 if any(f and m for f, m in zip(self.is_fodder, self.is_perm)) else sum(
            bit for bit, delve, *_ in self._reduced if delve)
        self._forget()

    def _forget(self) -> None:
        """Empty the memos that grow with the games played (sets of positions and their
        transitions, what each battlefield pays), keeping those that stay small (per mana
        fingerprint): a cache, so the answers do not change; called between games when
        they hold more than MEMO_SETS sets, so that memory stays bounded."""
        self.sets: list[frozenset] = []
        self._set_id: dict[frozenset, int] = {}
        self._trans: dict[int, int] = {}  # (set, kind drawn, cast) packed in one int (`_step`): the set after
        self._qmask: list[int] = []
        self._tapped_memo: dict[tuple[int, int], bool] = {}
        self._open: dict[int, int] = {}
        self._cast_gains: dict[int, int] = {}
        self._settle: dict[int, int] = {}
        self._answers: dict[int, int] = {}
        self._placed: dict[int, tuple[int, ...]] = {}
        self._fetched: dict[int, tuple[int, ...]] = {}  # `_other_drops`: what a fetch's land drop gains
        self._last: dict[int, int] = {}  # `_last_step`'s answers
        self.mana.forget()

    def _simple_plays(self, k: int) -> tuple[int, ...] | None:
        """What a position gains (the land on the battlefield, out of the hand, the life
        paid) by each play of land kind `k` when every play is a plain land drop entering
        the same way on any battlefield; None otherwise (fetch, bounce, a condition)."""
        out = []
        for play in self.plays[k]:
            entering = self.enters_static[play[1]]
            if play[0] != "land" or entering is None:
                return None
            out.append(self._bit(play[1], entering[0]) - self.hand_bit[k]
                       + (entering[1] * self.life_matters << self.life_at))
        return tuple(out)

    def _rows_of(self, lands: int) -> tuple[tuple[int, ...], tuple]:
        """(what a position gains by each plain land drop, (hand bit, plays) of the other
        land kinds) of the land kinds in hand `lands` (the hand's land fields)."""
        found = self._drop_rows.get(lands)
        if found is None:
            simple: tuple[int, ...] = ()
            other: tuple = ()
            for k in self.land_kinds:
                if (lands >> self.hand_shift[k]) & _FIELD:
                    gains = self._simple_plays(k)
                    if gains is None:
                        other += ((self.hand_bit[k], tuple(self._compiled(k, play) for play in self.plays[k])),)
                    else:
                        simple += gains
            found = self._drop_rows[lands] = simple, other
        return found

    def _compiled(self, k: int, play: tuple) -> tuple:
        """Land kind `k`'s `play` for `_other_drops`: a fetch whose own and found lands'
        entering never depends on the battlefield as ("found", ((library field's shift,
        what the position gains), ...) for its targets, what it gains finding nothing, `k`); any
        other play as it is."""
        static, lm = self.enters_static, self.life_matters
        if play[0] != "fetch" or static[play[1]] is None or any(static[xs] is None for _, _, xs in play[4]):
            return play
        _, s, paid, tapped, targets = play
        own_tapped, own_life = static[s]
        found = []
        for lib_shift, lb, xs in targets:
            x_tapped, x_life = static[xs]
            late = tapped or own_tapped or (x_tapped and not x_life)  # 614.1c on the found land
            found.append((lib_shift, self._bit(xs, late) - lb - self.hand_bit[k]
                          + ((paid + own_life + (0 if late else x_life)) * lm << self.life_at)))
        return "found", tuple(found), self._bit(s, own_tapped) - self.hand_bit[k] + (own_life * lm << self.life_at), k

    def _colours(self, faces: list[Card]) -> int:
        """How many mana types the land faces could add (6 when the solver decides)."""
        mask = 0
        for f in faces:
            units = self.mana.units[self.slot_of[f.name]]
            for u in (63,) if units is None else units:
                mask |= u
        return bin(mask).count("1")

    # -- positions: one int each (battlefield, life paid, graveyard, library counts, hand; see __init__) --

    def _intern(self, states: frozenset) -> int:
        sid = self._set_id.get(states)
        if sid is None:
            sid = self._set_id[states] = len(self.sets)
            self.sets.append(states)
            self._qmask.append(-1)
        return sid

    def _enters_tapped(self, s: int, bf: int) -> tuple[bool, int]:
        """(enters tapped, life paid to enter untapped) for slot `s` entering `bf`."""
        found = self.enters_static[s]
        if found is not None:
            return found
        rule = self.slot_card[s].enters
        key = (s, bf & self.land_slot_fields)  # (the rules read the lands only)
        tapped = self._tapped_memo.get(key)
        if tapped is None:
            lands, subtypes = 0, Counter[str]()
            for t, is_land in enumerate(self.slot_is_land):
                n = ((bf >> (2 * t * BITS)) & _FIELD) + ((bf >> ((2 * t + 1) * BITS)) & _FIELD)
                if n and is_land:
                    lands += n
                    for sub in self.slot_subtypes[t]:
                        subtypes[sub] += n
            tapped = self._tapped_memo[key] = rule.tapped(lands, subtypes)
        return tapped, 0

    def _bit(self, s: int, tapped: bool) -> int:
        return 1 << ((2 * s + tapped) * BITS)

    def _other_drops(self, p: int, other: tuple, add: Callable[[int], None]) -> None:
        """`add` every position after this turn's land drop from position `p` of the land
        kinds `other` in its hand (`_rows_of`: fetch and bounce lands, lands whose entering
        depends on the battlefield)."""
        bf = p & self.mana.bf_mask
        gy_gain = 0
        if self.delve and p & self.gy_field < self.gy_full:  # a fetch land cracked goes to the graveyard
            gy_gain = self.gy_one
        lands, placed = bf & self.land_slot_fields, self._placed
        for hand_bit, plays in other:
            h = p - hand_bit
            for play in plays:
                if play[0] == "found":  # memoised on the library counts and the graveyard, the fetch's kind above
                    key = (p & self.lib_gy_mask) | play[3] << self.hand_at
                    gains = self._fetched.get(key)
                    if gains is None:
                        gains = self._fetched[key] = tuple(gain + gy_gain for lib_shift, gain in play[1]
                                                           if (p >> lib_shift) & _FIELD) or (play[2],)
                    for g in gains:  # (none: nothing left to find, a land without mana)
                        add(p + g)
                    continue
                if play[0] != "fetch":  # a land (or a bounce land) whose entering reads the lands: memoised on them
                    gains = placed.get(lands | play[1] << self.bf_bits)
                    for g in self._place(play, lands) if gains is None else gains:
                        add(h + g)
                    continue
                lm, life_at, static, tapped_in = self.life_matters, self.life_at, self.enters_static, self._enters_tapped
                s = play[1]
                own_tapped, own_life = static[s] or tapped_in(s, bf)
                _, _, paid, tapped, targets = play
                found_any = False
                for lib_shift, lb, xs in targets:
                    if not (p >> lib_shift) & _FIELD:
                        continue
                    found_any = True
                    x_tapped, x_life = static[xs] or tapped_in(xs, bf)
                    late = tapped or own_tapped or (x_tapped and not x_life)  # 614.1c on the found land
                    add(h + (1 << ((2 * xs + late) * BITS)) - lb + gy_gain
                        + ((paid + own_life + (0 if late else x_life)) * lm << life_at))
                if not found_any:  # nothing left to find: a land without mana
                    add(h + (1 << ((2 * s + own_tapped) * BITS)) + (own_life * lm << life_at))

    def _place(self, play: tuple, lands: int) -> tuple[int, ...]:
        """What a position gains, past the card leaving its hand, by `play` ("land" or "bounce") on a
        battlefield whose land fields are `lands`: the land, tapped as its rule says, the life paid, and for a
        bounce land each land of the battlefield (itself included) back to the hand; memoised in `_placed`."""
        s = play[1]
        own_tapped, own_life = self.enters_static[s] or self._enters_tapped(s, lands)
        own = (1 << ((2 * s + own_tapped) * BITS)) + (own_life * self.life_matters << self.life_at)
        if play[0] == "land":
            gains: tuple[int, ...] = (own,)
        else:  # the bounce land's trigger: a land back to hand, each land field of the battlefield in turn
            gains, fields = (), (lands + own) & self.land_slot_fields
            while fields:
                field = ((fields & -fields).bit_length() - 1) // BITS
                fields &= ~(_FIELD << (field * BITS))
                gains += (own - (1 << (field * BITS)) + self.back_of[field],)
        self._placed[lands | s << self.bf_bits] = gains
        return gains

    def _cast(self, p: int) -> int:
        """The position after casting the mana permanents (and, with delve, the graveyard
        fodder) the policy of the module docstring casts: what is cast depends on the
        battlefield's mana and the castable cards in hand only, so it is memoised on
        those (`Mana.print_id`) across positions, turns and games; what a position gains
        is memoised on the fields it depends on (`cast_key`)."""
        if not p & self.cast_mask:
            return p
        key = p & self.cast_key
        gain = self._cast_gains.get(key)
        if gain is None:
            mana = self.mana
            bf, castable = p & mana.bf_mask, p & self.cast_mask
            number = mana.print_id(bf) if self.plan_by_print else -1
            # (no Phyrexian symbol among the costs cast when keyed on the fingerprint: the life paid does not matter)
            plan_key = (number, castable) if number >= 0 else (p & self.paid_mask, castable)
            plan = self._cast_memo.get(plan_key)
            if plan is None:
                plan = self._cast_memo[plan_key] = self._plan(bf, p >> self.life_at & ((1 << LIFE_BITS) - 1), castable)
            cards, added, fodder = plan
            after = p + added - cards
            if self.fodder_mask:
                gy = ((after >> self.gy_at) & _FIELD) + fodder
                if gy >= self.gy_cap:  # more cards in the graveyard pay for nothing more: the fodder left no longer matters
                    after = (after & ~self.fodder_mask & ~self.gy_field) | self.gy_full
                else:
                    after += fodder << self.gy_at
            gain = self._cast_gains[key] = after - p
        return p + gain

    def _plan(self, bf: int, life: int, castable: int) -> tuple[int, int, int]:
        """(the cards cast from hand, as position bits; the permanents they add to the
        battlefield, packed; the fodder cards put into the graveyard) when the castable
        cards in hand are `castable` (a position's hand fields) on battlefield `bf`: mana
        permanents cheapest first while their costs together are payable, then the fodder
        cheapest first while the mana values fit."""
        cast: tuple = ()
        cards = added = fodder = 0
        spent = 0  # the mana the permanents cast take, paid from the battlefield of `state`
        for k in self.perm_order:
            for _ in range((castable >> self.hand_shift[k]) & _FIELD):
                if not self.mana.pays(bf, life, cast + (k,), self._sum_cost):
                    break
                cast += (k,)
                spent += self.mv[k]
                cards += self.hand_bit[k]
                added += self._bit(self.slot_of[self.names[k]], False)
        for k in self.fodder_order:
            for _ in range((castable >> self.hand_shift[k]) & _FIELD):
                if not self.mana.pays(bf, life, (-1 - spent - self.mv[k],), self._sum_cost):
                    break
                spent += self.mv[k]
                cards += self.hand_bit[k]
                fodder += 1
        return cards, added, fodder

    def _sum_cost(self, kinds: tuple) -> ManaCost:
        """The costs of mana permanent kinds together; (-1 - N,): N generic mana."""
        if kinds and kinds[0] < 0:
            return ManaCost.parse("{%d}" % (-1 - kinds[0]))
        total = ManaCost()
        for k in kinds:
            total = total + self.cost[k]
        return total

    def _step(self, sid: int, drawn: int, cast: bool) -> int:
        """The set after (casting, when `cast`) untapping, drawing kind `drawn` (-1: no
        card that matters) and the land drop, from set `sid`."""
        key = (sid * self.kinds_1 + drawn + 1) * 2 + cast  # (one int: cheaper to hash than a tuple)
        found = self._trans.get(key)
        if found is None:
            found = self._trans[key] = self._intern(frozenset(self._after(sid, drawn, cast)))
        return found

    def _last_step(self, sid: int, drawn: int, cast: bool) -> int:
        """`_castable(_step(sid, drawn, cast))` for the last turn, whose set is not kept (nothing follows it):
        memoised on the same key."""
        key = (sid * self.kinds_1 + drawn + 1) * 2 + cast
        found = self._last.get(key)
        if found is None:
            found, asked_mask, answers, answer = 0, self.asked_mask, self._answers, self._answer
            for p in {p & asked_mask for p in self._after(sid, drawn, cast)}:
                a = answers.get(p)
                found |= answer(p) if a is None else a
            self._last[key] = found
        return found

    def _after(self, sid: int, drawn: int, cast: bool) -> set[int]:
        """The positions of `_step`."""
        lb = self.lib_bit.get(drawn, 0)
        lib_shift = lb.bit_length() - 1
        gain = self.hand_bit[drawn] if drawn >= 0 else 0
        cast_mask, tapped = self.cast_mask if cast else 0, self.tapped_mask
        cast_key, gains, cast_of = self.cast_key, self._cast_gains, self._cast
        ready: set[int] = set()  # the positions after casting, untapping and drawing (lines of play that meet there merge)
        put = ready.add
        for p in self.sets[sid]:
            if p & cast_mask:
                g = gains.get(p & cast_key)
                p = cast_of(p) if g is None else p + g
            t = p & tapped
            if t:  # untap: the tapped fields added to the untapped ones
                p += (t >> BITS) - t
            if not lb:
                put(p + gain)
            elif (p >> lib_shift) & _FIELD:
                put(p + gain - lb)
            else:  # this line of play fetched that copy; the card drawn is another (thinning)
                put(p)
        out: set[int] = set()
        add, rows, land_fields, other_drops = out.add, self._drop_rows, self.land_fields, self._other_drops
        for p in ready:  # the land drop, every choice (no land in hand: the position itself)
            lands = p & land_fields
            if not lands:
                add(p)
                continue
            row = rows.get(lands)
            simple, other = self._rows_of(lands) if row is None else row
            for g in simple:  # lands whose entering does not depend on the battlefield
                add(p + g)
            if other:
                other_drops(p, other, add)
        return out

    def _castable(self, sid: int) -> int:
        """The bit mask of the questions some position of set `sid` pays."""
        found = self._qmask[sid]
        if found >= 0:
            return found
        q = 0
        asked_mask, answers, answer = self.asked_mask, self._answers, self._answer
        for p in self.sets[sid]:
            a = answers.get(p & asked_mask)
            q |= answer(p & asked_mask) if a is None else a
        self._qmask[sid] = q
        return q

    def _answer(self, key: int) -> int:
        """The bit mask of the questions a position pays, from what `_castable` reads of it (`key`: its
        battlefield, life paid and graveyard), memoised on the key, and on its fingerprint (`Mana.print_id`),
        life paid and graveyard when Hall's theorem decides every cost there and no question counts the
        battlefield: the answer reads nothing else of the battlefield then."""
        mana = self.mana
        number = mana.print_id(key & mana.bf_mask) if self._by_print_answers else -1
        if number >= 0:
            q = self._print_answers.get((number, key >> self.life_at))
            if q is not None:
                self._answers[key] = q
                return q
        paid = mana.paid_key(key & self.paid_mask)
        q = self._questions_of.get(paid)
        if q is None:
            q, i, rest = 0, 0, paid
            while rest:
                if rest & 1:
                    q |= self.question_of_cost[i]
                rest >>= 1
                i += 1
            self._questions_of[paid] = q
        for bit, delve, per, words, v, last in self._reduced:
            n = (key >> self.gy_at) & _FIELD if delve else per * self._count(key & mana.bf_mask, words)
            if paid >> v[min(n, last)] & 1:
                q |= bit
        self._answers[key] = q
        if number >= 0 and not mana.by_life[number, (key & self.paid_mask) >> mana.life_at][1]:  # (no solver asked)
            self._print_answers[number, key >> self.life_at] = q
        return q

    def _settled(self, sid: int) -> int:
        """Set `sid` once every delve question is castable in the game: each position with the graveyard
        full (`gy_cap`) and no fodder in hand, as `_cast` leaves a position whose graveyard pays for nothing
        more; the fodder and the graveyard are read by the delve questions only, so the answers stay."""
        found = self._settle.get(sid)
        if found is None:
            clear, full = ~(self.fodder_mask | self.gy_field), self.gy_full
            found = self._settle[sid] = self._intern(frozenset((p & clear) | full for p in self.sets[sid]))
        return found

    def _count(self, bf: int, words: tuple) -> int:
        """The permanents of `bf` with every word of one alternative of `words`."""
        n = 0
        for s, w in enumerate(self.slot_words):
            k = ((bf >> (2 * s * BITS)) & _FIELD) + ((bf >> ((2 * s + 1) * BITS)) & _FIELD)
            if k and any(has_filter_words(w, self.slot_colors[s], alt) for alt in words):
                n += k
        return n

    # -- games --

    def _bottom(self, hand: list[int], k: int) -> list[int]:
        """The hand after putting `k` cards on the bottom (London mulligan, 103.5c)."""
        hand = list(hand)
        for _ in range(k):
            lands = [c for c in hand if self.is_land[c]]
            spells = [c for c in hand if not self.is_land[c]]
            if lands and (not spells or len(lands) - self.land_ratio * (len(hand) - 1) > 0.5):
                hand.remove(min(lands, key=self.land_rank.__getitem__))
            else:
                hand.remove(max(spells, key=lambda c: (not self.is_perm[c], self.mv[c], c)))
        return hand

    def _opening(self, rows) -> tuple[list[int], list[int]]:
        """(hand, library) after mulligans, drawing shuffled libraries from `rows`."""
        rule, n, is_land = self.setup.mulligan, len(self.deck), self.is_land.__getitem__
        for k in range(9 if rule.free_first else 8):
            row = next(rows)
            hand = row[:7]
            bottomed = k - rule.free_first if k else 0
            if not bottomed:
                if rule.keeps(7, sum(map(is_land, hand)), first=not k):
                    return hand, row[7:]
                continue
            kept = self._bottom(hand, bottomed)
            if len(kept) <= 4 or rule.keeps(len(kept), sum(map(is_land, kept))):
                bottom = list((Counter(hand) - Counter(kept)).elements())
                return kept, row[7:] + (bottom if len(row) == n else [])
        raise AssertionError("a hand of 4 or fewer is always kept")

    def _start(self, hand: list[int]) -> int:
        """The set before turn 1 of an opening `hand`."""
        p = self.lib0
        for c in hand:
            p += self._opening_gain[c]
        found = self._open.get(p)
        if found is None:
            found = self._open[p] = self._intern(frozenset((p,)))
        return found

    def play_games(self, games: int, seed: int, shard: int, on_game: Callable[[tuple], None] | None = None) -> Counter:
        """The records of `games` games of shard number `shard` of run `seed` (a Counter of
        per-turn record tuples): the same for a (seed, shard) on any machine.  `on_game` is
        called with each game's record as it ends (progress, and a time limit: it may raise
        to stop the shard, the records it was given being the games played)."""
        setup = self.setup
        rng = np.random.default_rng(np.random.SeedSequence([seed, shard]))
        depth = min(len(self.deck), 7 + setup.turns)
        tiled = np.tile(self.deck, (BATCH, 1))

        def rows():
            while True:
                yield from rng.permuted(tiled, axis=1)[:, :depth].tolist()

        shuffled = rows()
        out: Counter = Counter()
        full = (1 << len(self.questions)) - 1
        # the memos hold hundreds of thousands of sets and tuples that make no reference cycle: the cyclic
        # collector would walk them again and again (10-20% of the time); reference counting frees the rest
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._play(games, shuffled, on_game, out, full)
        finally:
            if collecting:
                gc.enable()

    def _play(self, games: int, shuffled, on_game: Callable[[tuple], None] | None, out: Counter, full: int) -> Counter:
        """`play_games`' loop: `games` games from the shuffled libraries `shuffled`, their records counted in `out`."""
        is_land, in_hand, step, castable, canon = self.is_land, self.in_hand, self._step, self._castable, self.canon
        turns, on_play, delve_bits, is_fodder = self.setup.turns, self.setup.on_play, self.delve_bits, self.is_fodder
        last_step = self._last_step
        for _ in range(games):
            if len(self.sets) > MEMO_SETS:
                self._forget()
            hand, library = self._opening(shuffled)
            sid = self._start(hand)
            lands_seen = sum(is_land[c] for c in hand)
            drops = drawn = mask = 0
            settled = False
            record = []
            for t in range(1, turns + 1):
                card = -1
                if (t > 1 or not on_play) and drawn < len(library):
                    c = library[drawn]
                    drawn += 1
                    lands_seen += is_land[c]
                    if in_hand[c] and not (settled and is_fodder[c]):  # (settled: fodder no longer matters)
                        card = canon[c]
                drops = min(drops + 1, lands_seen)
                if mask != full and t == turns:
                    mask |= last_step(sid, card, t > 1)
                elif mask != full:  # (every card castable: the later turns add nothing to ask)
                    sid = step(sid, card, t > 1)
                    mask |= castable(sid)
                    if delve_bits and not settled and mask & delve_bits == delve_bits:
                        settled = True
                        sid = self._settled(sid)
                record.append(mask << 5 | drops)
            out[tuple(record)] += 1
            if on_game is not None:
                on_game(tuple(record))
        return out


def card_notes(db: CardDB, names: list[str], commanders: list[str], opponent_colors: str) -> list[str]:
    """What the goldfish plays of each card in a simplified way, or not at all, and why
    (a line per card and reason; the mana text the parser does not read is reported by
    the caller)."""
    notes = []
    fetchers: list[tuple[str, tuple[str, ...], bool, int]] = []
    for name in names:
        card = db.get(name)
        text = normalize(card.text, card.name)
        if card.layout == "adventure":
            notes.append("%s: asked as %s; its Adventure is not asked" % (name, card.name))
        if card.layout == "modal_dfc" and len(db.faces(name)) < 2:
            notes.append("%s: its other face is not in the card data: only %s is played" % (name, card.name))
        faces = land_faces(db, name)
        if faces and not card.is_type("Land"):
            notes.append("%s: a land or a spell: played as %s when that is best for the card asked, asked about as "
                         "the spell" % (name, " or ".join(f.name for f in faces)))
        for f in faces:
            ftext = normalize(f.text, f.name)
            fetch = fetch_of(f)
            if fetch is not None:
                life, tapped, types, basic = fetch
                fetchers.append((f.name, types, basic, life))
                found = " or ".join(("a basic " if basic else "an " if t[0] in "AEIOU" else "a ") + t
                                    for t in types) if types else "a basic land"
                notes.append("%s: a land drop that becomes %s card from the library%s%s, chosen for each card asked "
                             "(deck thinning not simulated)%s" % (
                                 f.name, found, ", tapped" if tapped else "", ", %d life" % life if life else "",
                                 "; the untap with four or more lands not simulated" if "untap that land" in ftext
                                 else ""))
            elif "Search your library" in ftext:
                notes.append("%s: its land search is not simulated (a land with its own mana only)" % f.name)
            elif _BOUNCE in ftext:
                notes.append("%s: enters tapped and returns a land you control to the hand (the land chosen for each "
                             "card asked)" % f.name)
            if f.enters.life:
                notes.append("%s: pays %d life to enter untapped" % (f.name, f.enters.life))
            for a in f.intrinsic_mana_abilities():
                if a.reference is not None and a.reference.scope == ReferenceScope.LANDS_OPPONENTS_CONTROL:
                    notes.append("%s: assumed the opponents' lands make %s (opponent_colors)" % (
                        f.name, ", ".join(opponent_colors) or "nothing"))
                if a.reference is not None and a.reference.scope == ReferenceScope.COMMANDER_IDENTITY:
                    notes.append("%s: makes the colours of the commanders%s" % (
                        f.name, " (%s)" % ", ".join(commanders) if commanders else ": no commander, no mana (903.4f)"))
        if faces:
            continue
        if card.mana_abilities and card.mana_cost is not None and not card.is_type("Creature"):
            notes.append("%s: its mana is used from the turn after it is cast" % name)
        for a in card.intrinsic_mana_abilities():
            if a.reference is not None and a.reference.scope == ReferenceScope.COMMANDER_IDENTITY:
                notes.append("%s: makes the colours of the commanders%s" % (
                    name, " (%s)" % ", ".join(commanders) if commanders else ": no commander, no mana (903.4f)"))
        if re.search(r"[Ss]earch your library for [^.]*land", text):
            notes.append("%s: its land search is not simulated" % name)
        if card.mana_cost is not None and card.mana_cost.has_x:
            notes.append("%s: asked with X = 0" % name)
        costs = card.spell_costs
        if "Delve" in card.keywords:
            notes.append("%s: delve counted with the cards in the graveyard by that turn: the fetch lands cracked, "
                         "and the instants, sorceries and self-sacrificing {0} artifacts seen, cast cheapest first on "
                         "earlier turns while their mana values fit the battlefield's mana (colours not checked)" % name)
        elif _reduction(db, name):
            notes.append("%s: %s counted with the lands and mana permanents on the goldfish's battlefield" % (
                name, costs.self_reductions[0].text))
        if "Convoke" in card.keywords:
            notes.append("%s: convoke adds nothing: the goldfish's only creatures are its mana creatures, which tap for "
                         "the same mana" % name)
        if "Improvise" in card.keywords:
            notes.append("%s: improvise not simulated (its artifacts tap for mana instead)" % name)
        skipped = [what for what, there in (("alternative costs", costs.alternative), ("kicker", costs.kicker),
                                            ("additional costs", costs.additional), ("cost changes", costs.modifiers),
                                            ("other cost reductions", costs.self_reductions[1:] if _reduction(db, name)
                                             else costs.self_reductions), ("flashback", costs.flashback),
                                            ("unread cost text", costs.not_understood),
                                            ("cost text beyond the model", costs.unapplied)) if there]
        if skipped:
            notes.append("%s: asked at its mana cost; %s not applied" % (name, ", ".join(skipped)))
    return notes
