"""Goldfish games of a deck: shuffle, London mulligan, draws, one land drop a turn, mana
permanents cast when affordable, and on each turn which costs the battlefield's mana can
pay, decided by the exact payment solver (`solver.pay.payable`) and memoised on the
battlefield.

The battlefield is a multiset of mana sources (lands and nonland permanents with mana
abilities), each untapped or tapped (entered tapped this turn), packed in one int: six
bits per (card, tapped) slot.  What a battlefield can pay is computed once per distinct
battlefield and question (`ManaMemo`): games repeat battlefields constantly, so almost
every turn costs a dictionary lookup; that is what makes a million games fast.

The game, turn by turn (on the play no draw on turn 1):
1. untap; draw;
2. land drop (305.2, one a turn): of the distinct lands in hand, the one that keeps the
   most questions payable this turn (entering tapped counted), then the most questions'
   coloured symbols payable once it is untapped (the land that fixes best), then one that
   enters tapped (saving an untapped one for later), then the first in deck order;
3. record which questions the battlefield can pay now, and how many lands it holds;
4. cast mana permanents from hand, cheapest first, while the sum of their mana costs is
   payable (the mana of one cast this turn is not used for the next: a safe simplification).
Creatures cast on turn T can tap for mana from turn T+1 (302.6), which the order above
gives: they are only asked about on later turns.  A permanent entering "with N counters"
keeps them (counters are not spent across turns: each turn asks one payment).

The London mulligan (103.5): draw seven; to keep after K mulligans, put K cards on the
bottom, one by one: a land when the hand has more than half a land above the deck's land
proportion (the land that fixes least, tapped ones first), else the most expensive spell
that makes no mana (then mana permanents).  The keep rule `KeepRule` looks at the lands
of the hand after bottoming.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from manasolve.models.board import load_board
from manasolve.models.carddb import CardDB
from manasolve.models.mana import COLORS, ManaCost, SymbolKind
from manasolve.solver.pay import payable_each

SLOT_BITS = 6  # at most 63 copies of one card in one state on the battlefield
_FIELD = (1 << SLOT_BITS) - 1
BATCH = 2048  # shuffled libraries drawn at once: fixed, so a seed's games never depend on workers


@dataclass(frozen=True)
class KeepRule:
    """Keep a hand of 7, 6 or 5 cards (after bottoming) whose land count is within the
    range for its size; always keep 4 or fewer.  `none`: keep every opening seven."""

    name: str
    ranges: dict[int, tuple[int, int]]

    def keeps(self, size: int, lands: int) -> bool:
        """Whether a hand of `size` cards with `lands` lands is kept."""
        lo, hi = self.ranges.get(size, (0, size))
        return lo <= lands <= hi


# Karsten's rule (2022 update of his source tables): 7 cards: 2-5 lands; 6: 2-4; 5: 1-4; 4: keep.
KARSTEN = KeepRule("karsten", {7: (2, 5), 6: (2, 4), 5: (1, 4)})
NO_MULLIGAN = KeepRule("none", {7: (0, 7)})


def keep_rule(text: str) -> KeepRule:
    """The keep rule named `text`: ``karsten``, ``none``, or ``LO-HI`` (a 7-card hand with
    LO..HI lands; 6 cards LO..HI-1; 5 cards max(LO-1, 1)..HI-1; 4 kept).  ValueError
    otherwise."""
    if text == "karsten":
        return KARSTEN
    if text == "none":
        return NO_MULLIGAN
    lo_hi = text.split("-")
    if len(lo_hi) == 2 and all(p.isdigit() for p in lo_hi) and int(lo_hi[0]) <= int(lo_hi[1]) <= 7:
        lo, hi = int(lo_hi[0]), int(lo_hi[1])
        return KeepRule(text, {7: (lo, hi), 6: (lo, max(lo, hi - 1)), 5: (max(lo - 1, 1), max(lo - 1, 1, hi - 1))})
    raise ValueError("unknown mulligan rule %r: karsten, none, or a 7-card land range like 2-5" % text)


@dataclass(frozen=True)
class Question:
    """One cost asked about every turn: `label` (a card name, or "A + B" for two spells in
    one turn), the cost text, its mana value."""

    label: str
    cost: str
    mana_value: int


def coloured_part(cost: str) -> str:
    """The cost without its generic and X symbols: what a land drop's fixing is judged by."""
    kept = [s for s in ManaCost.parse(cost).symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.X)]
    return str(ManaCost(tuple(kept))) if kept else "{0}"


def most_mana(card) -> int | None:
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


class ManaMemo:
    """What a battlefield (packed state) can pay, computed by the exact solver once per
    distinct battlefield and cost.

    Two sound shortcuts skip solver calls: a cost needing more mana (its cheapest
    601.2b announcement, life paid for Phyrexian symbols) than the battlefield's most
    mana is unpayable; and when no card changes another's mana (no mana effects), more
    permanents, or the same ones untapped, pay at least what fewer paid, so a cost
    payable on the `hint` battlefield (a sub-battlefield) is payable without asking."""

    def __init__(self, db: CardDB, slots: list[str], questions: list[Question], commanders: tuple[str, ...] = ()):
        self.db, self.slots, self.commanders = db, slots, commanders
        self.costs = sorted({q.cost for q in questions} | {coloured_part(q.cost) for q in questions})
        self._bit = {c: i for i, c in enumerate(self.costs)}
        self.question_bits = [self._bit[q.cost] for q in questions]
        self.pip_bits = [self._bit[coloured_part(q.cost)] for q in questions]
        self.parsed = [ManaCost.parse(c) for c in self.costs]
        self.least = [min(a.requirement.mana_units for a in c.announcements()) for c in self.parsed]
        cards = [db.get(n) for n in slots]
        self.most = [most_mana(c) for c in cards]
        self.monotone = not any(c.mana_effects.effects or c.mana_effects.not_understood for c in cards)
        # state -> (questions payable, coloured parts payable, costs payable) as bit masks
        self.masks: dict[int, tuple[int, int, int]] = {}
        self.extra: dict[tuple[int, str], bool] = {}  # (state, cost) for casting mana permanents
        self.solver_calls = 0

    def board(self, state: int) -> dict:
        """The battlefield `state` as a manasolve/board@1 dict (one player, main phase)."""
        perms = []
        for s, name in enumerate(self.slots):
            counters = dict(self.db.get(name).enters.counters)
            for tapped in (0, 1):
                n = (state >> ((2 * s + tapped) * SLOT_BITS)) & _FIELD
                perms += [{"id": "s%d_%d_%d" % (s, tapped, i), "card": name, "tapped": bool(tapped),
                           **({"counters": counters} if counters else {})} for i in range(n)]
        command = [{"card": c, "times_cast": 0, "in_command_zone": True} for c in self.commanders]
        return {"format": "manasolve/board@1", "active_player": "me", "step": "precombat_main",
                "players": [{"name": "me", "life": 20, "battlefield": perms, **({"command": command} if command else {})}]}

    def _most(self, state: int) -> float:
        """The most mana the untapped permanents of `state` could add."""
        total = 0
        for s, most in enumerate(self.most):
            n = (state >> (2 * s * SLOT_BITS)) & _FIELD
            if n:
                if most is None:
                    return float("inf")
                total += n * most
        return total

    def of(self, state: int, hint: int | None = None) -> tuple[int, int, int]:
        """(bit mask of the questions payable, bit mask of the questions whose coloured
        symbols are payable, bit mask of `costs` payable) on battlefield `state`;
        `hint`: a battlefield with a subset of its permanents, or the same ones with more
        of them tapped."""
        found = self.masks.get(state)
        if found is not None:
            return found
        known = self.masks[hint][2] if self.monotone and hint is not None and hint in self.masks else 0
        most = self._most(state)
        ask = [i for i in range(len(self.costs)) if not known >> i & 1 and self.least[i] <= most]
        paid = known
        if ask:
            self.solver_calls += len(ask)
            board = load_board(self.board(state), self.db)
            for i, ok in zip(ask, payable_each(board, [self.parsed[i] for i in ask], "me")):
                paid |= ok << i
        q = sum(1 << i for i, b in enumerate(self.question_bits) if paid >> b & 1)
        p = sum(1 << i for i, b in enumerate(self.pip_bits) if paid >> b & 1)
        found = self.masks[state] = (q, p, paid)
        return found

    def pays(self, state: int, cost: str) -> bool:
        """Whether battlefield `state` pays `cost` (memoised)."""
        key = (state, cost)
        found = self.extra.get(key)
        if found is None:
            self.solver_calls += 1
            found = self.extra[key] = payable_each(load_board(self.board(state), self.db), [ManaCost.parse(cost)], "me")[0]
        return found


@dataclass(frozen=True)
class GameSetup:
    """What is simulated (plain data, sent to workers): the library (one name per card),
    the questions, turns 1..`turns`, on the play or the draw, the keep rule, the
    commanders in the command zone (their colour identity is what Command Tower makes,
    903.4)."""

    library: tuple[str, ...]
    questions: tuple[Question, ...]
    turns: int
    on_play: bool
    mulligan: KeepRule
    commanders: tuple[str, ...] = ()


class Goldfish:
    """Plays games of a GameSetup; each game's record is one int per turn: the bit mask of
    the questions payable that turn times 32, plus the lands on the battlefield."""

    def __init__(self, setup: GameSetup, db: CardDB):
        self.setup = setup
        names = list(dict.fromkeys(setup.library))
        cards = [db.get(n) for n in names]
        self.kind_of = {n: i for i, n in enumerate(names)}
        self.deck = np.array([self.kind_of[n] for n in setup.library], dtype=np.int16)
        self.is_land = [c.is_type("Land") for c in cards]
        self.is_perm = [not land and bool(c.mana_abilities) and c.mana_cost is not None
                        and any(c.is_type(t) for t in ("Artifact", "Creature", "Enchantment"))
                        for c, land in zip(cards, self.is_land)]
        source = [k for k in range(len(names)) if self.is_land[k] or self.is_perm[k]]
        self.slot = {k: s for s, k in enumerate(source)}
        self.memo = ManaMemo(db, [names[k] for k in source], list(setup.questions), setup.commanders)
        self.enters = [c.enters for c in cards]
        self.subtypes = [c.subtypes for c in cards]
        self.mv = [c.mana_cost.mana_value if c.mana_cost else 0 for c in cards]
        self.cost = [str(c.mana_cost.with_x(0)) if c.mana_cost else "{0}" for c in cards]
        self.land_ratio = sum(self.is_land[k] for k in self.deck.tolist()) / max(1, len(self.deck))
        self._tapped_memo: dict[tuple[int, int], bool] = {}
        self._drops: dict[tuple[int, int], tuple[int, int]] = {}  # (state, land kinds in hand) -> land drop
        # Least useful land first when bottoming: fewest coloured parts payable alone, tapped first.
        self.land_rank = {k: (bin(self.memo.of(self._bit(k, 0))[1]).count("1"), not self.enters[k].always, -k)
                          for k in source if self.is_land[k]}

    def _bit(self, kind: int, tapped: int) -> int:
        return 1 << ((2 * self.slot[kind] + tapped) * SLOT_BITS)

    def _enters_tapped(self, kind: int, state: int, lands: int) -> bool:
        rule = self.enters[kind]
        if not rule.conditional:
            return rule.always or bool(rule.unread)
        key = (kind, state)
        found = self._tapped_memo.get(key)
        if found is None:
            subtypes: Counter = Counter()
            for k, s in self.slot.items():
                n = sum((state >> ((2 * s + t) * SLOT_BITS)) & _FIELD for t in (0, 1))
                if n and self.is_land[k]:
                    for sub in self.subtypes[k]:
                        subtypes[sub] += n
            found = self._tapped_memo[key] = rule.tapped(lands, subtypes)
        return found

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
        for k in range(8):
            row = next(rows)
            hand = row[:7]
            if not k:
                if rule.keeps(7, sum(map(is_land, hand))):
                    return hand, row[7:]
                continue
            kept = self._bottom(hand, k)
            if len(kept) <= 4 or rule.keeps(len(kept), sum(map(is_land, kept))):
                bottom = list((Counter(hand) - Counter(kept)).elements())
                return kept, row[7:] + (bottom if len(row) == n else [])
        raise AssertionError("a hand of 4 or fewer is always kept")

    def play_games(self, games: int, seed: int, shard: int, on_game: Callable[[tuple], None] | None = None) -> Counter:
        """The records of `games` games of shard number `shard` of run `seed` (a Counter of
        per-turn record tuples): the same for a (seed, shard) on any machine.  `on_game` is
        called with each game's record as it ends (progress, and a time limit: it may raise
        to stop the shard, the records it was given being the games played)."""
        setup, memo = self.setup, self.memo
        rng = np.random.default_rng(np.random.SeedSequence([seed, shard]))
        depth = min(len(self.deck), 7 + setup.turns)
        tiled = np.tile(self.deck, (BATCH, 1))

        def rows():
            while True:
                yield from rng.permuted(tiled, axis=1)[:, :depth].tolist()

        shuffled = rows()
        is_land, is_perm, masks, drops = self.is_land, self.is_perm, memo.masks, self._drops
        untapped_mask = sum(_FIELD << (2 * s * SLOT_BITS) for s in range(len(self.slot)))
        tapped_mask = untapped_mask << SLOT_BITS
        out: Counter = Counter()
        turns, on_play = setup.turns, setup.on_play
        for _ in range(games):
            hand, library = self._opening(shuffled)
            hand_lands = [c for c in hand if is_land[c]]
            hand_perms = [c for c in hand if is_perm[c]]
            state = lands = 0
            drawn = 0
            record = []
            for t in range(1, turns + 1):
                before = state  # a sub-battlefield of every state this turn (ManaMemo.of's hint)
                if (t > 1 or not on_play) and drawn < len(library):
                    c = library[drawn]
                    drawn += 1
                    if is_land[c]:
                        hand_lands.append(c)
                    elif is_perm[c]:
                        hand_perms.append(c)
                state = (state & untapped_mask) + ((state & tapped_mask) >> SLOT_BITS)
                if hand_lands:
                    present = 0
                    for c in hand_lands:
                        present |= 1 << c
                    choice = drops.get((state, present))
                    if choice is None:
                        choice = drops[state, present] = self._land_drop(state, lands, present)
                    hand_lands.remove(choice[0])
                    state += choice[1]
                    lands += 1
                found = masks.get(state)
                if found is None:
                    found = memo.of(state, before)
                record.append(found[0] << 5 | lands)
                if hand_perms:
                    state = self._cast_permanents(state, hand_perms)
            out[tuple(record)] += 1
            if on_game is not None:
                on_game(tuple(record))
        return out

    def _land_drop(self, state: int, lands: int, present: int) -> tuple[int, int]:
        """(land kind, its bit in the state: untapped or tapped) to play from the land kinds
        in hand (`present`: bit k set for kind k), by the policy in the module docstring."""
        best, best_score = None, None
        kinds = [k for k in range(len(self.is_land)) if present >> k & 1]
        for k in kinds:
            tapped = int(self._enters_tapped(k, state, lands))
            if len(kinds) == 1:
                return k, self._bit(k, tapped)
            now = self.memo.of(state + self._bit(k, tapped), state)[0].bit_count()
            fixes = self.memo.of(state + self._bit(k, 0), state)[1].bit_count()
            score = (now, fixes, tapped)
            if best_score is None or score > best_score:
                best, best_score = (k, self._bit(k, tapped)), score
        return best

    def _cast_permanents(self, state: int, hand_perms: list[int]) -> int:
        """The state after casting the mana permanents the policy casts (cheapest first,
        while their total cost is payable); they are removed from `hand_perms`."""
        chosen: list[int] = []
        total = ""
        for k in sorted(hand_perms, key=lambda c: (self.mv[c], c)):
            cost = total + self.cost[k]
            if self.memo.pays(state, str(ManaCost.parse(cost))):
                chosen.append(k)
                total = cost
        for k in chosen:
            hand_perms.remove(k)
            state += self._bit(k, 0)  # untapped by its first turn to be asked about
        return state
