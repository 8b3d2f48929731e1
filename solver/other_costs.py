"""Non-mana parts of a total cost (118.8, 601.2h): "Sacrifice a creature", "Discard a
card", "Exile X blue cards from your graveyard", "Return a land you control to its
owner's hand", "Tap three untapped white creatures you control", "Remove X loyalty counters
from among planeswalkers you control", "Collect evidence 6" — what may be chosen, in how
many ways, and where the choice meets the mana payment.

Mana abilities are activated first (601.2g), the total cost is paid after (601.2h), so:
a permanent tapped for mana (or convoke) may still be sacrificed or returned, but not if a
mana ability already sacrificed it; a creature tapped for the cost can't have been tapped
or sacrificed for mana; a card exiled for delve can't be exiled again.  Objects whose use
conflicts this way are *reserved*: for each way to reserve some of them (grouped by the
payment solver's classes of interchangeable objects) the mana payment is counted on what
is left, so counts stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from math import comb

from manasolve.models.abilities import AbilityCost
from manasolve.models.board import Board, Permanent
from manasolve.models.oracle.costs import NonManaPart, PartKind, PartZone
from manasolve.solver.resources import Pattern, PatternKind, PermClass, Resources, Role, zone_cards

# Reserving options tried before giving up on an exact count.
MAX_OPTIONS = 4096


class NotPaid(ValueError):
    """A non-mana part the solver does not pay (its text, or why)."""


@dataclass(frozen=True)
class PartChoice:
    """One non-mana part: choose `k` of the `eligible` objects (None: any number of them);
    for collect evidence any set whose total mana value (`values`) is at least `at_least`;
    for removing counters, `k` counters spread over the eligible permanents, at most
    `values[i]` from each."""

    kind: PartKind
    zone: PartZone
    text: str
    eligible: tuple[str, ...]
    k: int | None
    values: tuple[int, ...] = ()
    at_least: int = 0

    def ways(self, free: tuple[str, ...] | None = None, taken: int = 0, taken_value: int = 0) -> int:
        """Choices among `free` (default: all eligible) once `taken` objects of total mana
        value `taken_value` are already chosen elsewhere."""
        pool = self.eligible if free is None else free
        if self.kind in (PartKind.REMOVE_COUNTERS, PartKind.ENERGY):
            assert self.k is not None  # a number of counters or of energy
            return _bounded_compositions([self.values[self.eligible.index(e)] for e in pool], self.k - taken)
        if self.kind == PartKind.COLLECT_EVIDENCE:
            return _subsets_reaching([self.values[self.eligible.index(e)] for e in pool],
                                     self.at_least - taken_value)
        if self.k is None:
            return 2 ** len(pool)
        return comb(len(pool), self.k - taken) if self.k >= taken else 0


def _bounded_compositions(caps: list[int], total: int) -> int:
    """Ways to write `total` as a sum of parts 0 <= r_i <= caps[i]."""
    if total < 0:
        return 0
    ways = [1] + [0] * total
    for cap in caps:
        nxt = [0] * (total + 1)
        for t in range(total + 1):
            nxt[t] = sum(ways[t - r] for r in range(0, min(cap, t) + 1))
        ways = nxt
    return ways[total]


def _subsets_reaching(values: list[int], need: int) -> int:
    """Subsets of `values` whose sum is at least `need` (collect evidence, 701.59a)."""
    if need <= 0:
        return 2 ** len(values)
    below = [1] + [0] * (need - 1)  # below[s]: subsets summing to exactly s < need
    for v in values:
        below = [below[s] + (below[s - v] if s >= v else 0) for s in range(need)]
    return 2 ** len(values) - sum(below)


def understood(parts: list[NonManaPart]) -> bool:
    """Whether the payment solver pays every one of these parts."""
    return all(p.problem is None for p in parts)


def parse_part(board: Board, player: str, part: NonManaPart, x: int = 0, casting: str | None = None,
               zone_cast_from: str = "hand") -> PartChoice:
    """The choice one part asks for on `board`, X being `x`.  `casting`: the card being
    cast, which is on the stack by now and can't pay for itself (601.2a).  Raises NotPaid
    for a part the solver does not pay."""
    if part.problem is not None:
        raise NotPaid(part.problem)
    assert part.kind is not None and part.zone is not None  # a part read without a problem says both
    k, text = part.count(x), part.text
    me = board.player(player)
    if part.zone == PartZone.BATTLEFIELD:
        perms = [p for p in board.controlled_by(player) if any(p.has_words(w) for w in part.alternatives)
                 and not (part.kind == PartKind.TAP and p.tapped) and _has_qualities(board, p, part, casting)]
        values = tuple(p.counters.get(part.counter, 0) for p in perms) if part.counter else ()
        return PartChoice(part.kind, part.zone, text, tuple(p.id for p in perms), k, values)
    cards = me.hand if part.zone == PartZone.HAND else me.graveyard
    ids = _zone_cards(cards, part.zone, casting if zone_cast_from == part.zone else None)
    if part.kind == PartKind.COLLECT_EVIDENCE:
        assert k is not None  # collect evidence N: the total mana value
        return PartChoice(part.kind, part.zone, text, ids, None, tuple(_mana_value(board, i) for i in ids), k)
    eligible = tuple(i for i in ids if any(board.db.get(i.split(":", 1)[1]).has_words(words)
                                           for words in part.alternatives))
    return PartChoice(part.kind, part.zone, text, eligible, k)


def _has_qualities(board: Board, perm: Permanent, part: NonManaPart, casting: str | None) -> bool:
    """Whether `perm` has the part's qualities beyond filter words: power N or greater
    (casualty), a colour shared with the spell `casting` (conspire), a mana value (emerge),
    unblocked (ninjutsu, sneak)."""
    if part.min_power is not None and not (perm.is_creature and perm.power >= part.min_power):
        return False
    if part.shares_color and not (casting and set(perm.colors) & set(board.db.get(casting).color_set)):
        return False
    if part.mana_value is not None and perm.mana_value != part.mana_value:
        return False
    return perm.unblocked if part.unblocked else True


def _zone_cards(names: list[str], zone: str, casting: str | None) -> tuple[str, ...]:
    return tuple(ident for ident, _ in zone_cards(names, zone, casting))


def _mana_value(board: Board, ident: str) -> int:
    card = board.db.get(ident.split(":", 1)[1])
    return card.mana_cost.mana_value if card.mana_cost else 0


def parse_parts(board: Board, player: str, parts: list[NonManaPart], x: int = 0, casting: str | None = None,
                zone_cast_from: str = "hand") -> list[PartChoice]:
    """Every part's choice; raises NotPaid for a part the solver does not pay, or for two
    parts that could pick the same object (their choices would not be independent)."""
    return _independent([parse_part(board, player, p, x, casting, zone_cast_from) for p in parts])


def _independent(parts: list[PartChoice]) -> list[PartChoice]:
    """`parts`, if no two may pick the same object (then their choices multiply); raises
    NotPaid otherwise."""
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            if set(a.eligible) & set(b.eligible):
                raise NotPaid("%r and %r may pick the same objects; not paid together" % (a.text, b.text))
    return parts


def ability_parts(board: Board, perm: Permanent, cost: AbilityCost) -> list[PartChoice]:
    """The non-mana parts of an activated ability's cost (602.2b) as choices: sacrifice
    this, sacrifice a <type>, tap untapped creatures/<type>s, remove counters from it,
    discard cards, exile cards from the graveyard.  ({T}/{Q} and life are not choices.)  Raises NotPaid
    for parts the solver does not pay (energy, "remove X counters")."""
    unpaid = [name for name in _NOT_PAID_HERE if getattr(cost, name)]
    if unpaid or any(n < 0 for n, _ in cost.tap_untapped) or cost.sacrifice_count < 0:
        raise NotPaid("%s: %r is not paid by the payment solver (%s)" % (perm.id, str(cost), ", ".join(unpaid) or "X"))
    mine = board.controlled_by(perm.controller)
    # With {T} in the cost the source is tapped already: it can't also be one of those tapped.
    untapped = tuple(p for p in mine if not p.tapped and not (cost.tap and p.id == perm.id))
    parts = []
    if cost.sacrifice_self:
        parts.append(PartChoice(PartKind.SACRIFICE, PartZone.BATTLEFIELD, "Sacrifice this", (perm.id,), 1))
    if cost.return_self:
        parts.append(PartChoice(PartKind.RETURN, PartZone.BATTLEFIELD, "Return this to its owner's hand", (perm.id,), 1))
    if cost.sacrifice:
        words = tuple(cost.sacrifice)
        parts.append(PartChoice(PartKind.SACRIFICE, PartZone.BATTLEFIELD, "Sacrifice %s %s" % (
            "another" if cost.sacrifice_other else cost.sacrifice_count, " ".join(words)),
            tuple(p.id for p in mine if p.has_words(words) and not (cost.sacrifice_other and p.id == perm.id)
                  and cost.sacrifice_named in ("", p.name)),
            cost.sacrifice_count))
    if cost.tap_creatures:
        parts.append(PartChoice(PartKind.TAP, PartZone.BATTLEFIELD, "Tap %d untapped creatures you control" % cost.tap_creatures,
                                tuple(p.id for p in untapped if p.is_creature), cost.tap_creatures))
    for n, alternatives in cost.tap_untapped:
        parts.append(PartChoice(PartKind.TAP, PartZone.BATTLEFIELD, "Tap %d untapped %s you control" % (
            n, " or ".join(" ".join(w) for w in alternatives)),
            tuple(p.id for p in untapped if any(p.has_words(w) for w in alternatives)), n))
    for kind, n in cost.remove_counters:
        if n < 0:
            raise NotPaid("%s: removing X %s counters is not paid by the payment solver" % (perm.id, kind))
        parts.append(PartChoice(PartKind.REMOVE_COUNTERS, PartZone.BATTLEFIELD, "Remove %d %s counter(s)" % (n, kind),
                                (perm.id,), n, (perm.counters.get(kind, 0),)))
    if cost.energy:  # 107.14: no choice, only enough energy
        energy = board.player(perm.controller).energy
        parts.append(PartChoice(PartKind.ENERGY, PartZone.PLAYER, "Pay " + "{E}" * cost.energy, (perm.controller,), cost.energy,
                                (energy,)))
    if cost.discard:
        hand = _zone_cards(board.player(perm.controller).hand, PartZone.HAND, None)
        parts.append(PartChoice(PartKind.DISCARD, PartZone.HAND, "Discard %d card(s)" % cost.discard, hand, cost.discard))
    graveyard = _zone_cards(board.player(perm.controller).graveyard, PartZone.GRAVEYARD, None)
    if cost.exile_from_graveyard:
        parts.append(PartChoice(PartKind.EXILE, PartZone.GRAVEYARD, "Exile %d card(s) from your graveyard" % cost.exile_from_graveyard,
                                graveyard, cost.exile_from_graveyard))
    if cost.exile_from_hand:
        hand = _zone_cards(board.player(perm.controller).hand, PartZone.HAND, None)
        parts.append(PartChoice(PartKind.EXILE, PartZone.HAND, "Exile %d card(s) from your hand" % cost.exile_from_hand,
                                hand, cost.exile_from_hand))
    if cost.collect_evidence:  # 701.59a
        parts.append(PartChoice(PartKind.COLLECT_EVIDENCE, PartZone.GRAVEYARD, "Collect evidence %d" % cost.collect_evidence,
                                graveyard, None, tuple(_mana_value(board, i) for i in graveyard), cost.collect_evidence))
    return _independent(parts)


# Cost parts an activated ability may have that `ability_parts` does not pay: the play is
# listed with payable None.  (Exiling it from the battlefield or the graveyard, milling
# — the library is not on the board —, discarding the whole hand, foraging, putting counters,
# exiling another permanent.)
_NOT_PAID_HERE = ("exile_self_from_hand", "exile_self", "exile_self_from_graveyard", "mill", "discard_hand", "forage",
                  "put_counters", "exile_other")


# --- meeting the mana payment ---------------------------------------------------------

def _conflicting_roles(kind: PartKind, cls: PermClass) -> list[int] | None:
    """Roles of `cls` a member can't take if chosen for a part of `kind`: None = every
    role (the member is not there for the mana payment at all)."""
    if kind in (PartKind.TAP, PartKind.EXILE, PartKind.COLLECT_EVIDENCE, PartKind.DISCARD, PartKind.REVEAL):
        # Tapped, exiled (delve; Elvish Spirit Guide from the hand) by the mana payment
        # first (601.2g before 601.2h): not there for the part any more.
        return None
    if kind in (PartKind.SACRIFICE, PartKind.RETURN):
        return [i for i, r in enumerate(cls.roles) if r.removes_member]
    return []


@dataclass
class Option:
    """One way to share the parts' objects with the mana payment: `reserved[c]` members
    of class c (the last ones) are kept out of roles they conflict with; `ways` choices of
    the parts' objects go with it."""

    resources: Resources
    ways: int
    chosen_reserved: dict[int, list[str]] = field(default_factory=dict)  # part index -> ids reserved
    free: dict[int, tuple[str, ...]] = field(default_factory=dict)  # part index -> eligible, no conflict

    @property
    def reserved_count(self) -> int:
        """How many objects this option keeps out of the mana payment."""
        return sum(len(v) for v in self.chosen_reserved.values())


def options(res: Resources, parts: list[PartChoice]) -> list[Option]:
    """Every reservation with its number of choices, cheapest-to-the-payment first (fewest
    objects taken from the mana payment).  Raises NotPaid beyond MAX_OPTIONS."""
    per_part = []
    for part in parts:
        eligible = set(part.eligible)
        hits = []  # (class index, eligible members, conflicting roles)
        for ci, cls in enumerate(res.classes):
            conflict = _conflicting_roles(part.kind, cls)
            members = [m.id for m in cls.members if m.id in eligible]
            if members and (conflict is None or conflict):
                hits.append((ci, members, conflict))
        inside = {m for _, members, _ in hits for m in members}
        free = tuple(e for e in part.eligible if e not in inside)
        choices: list[tuple[list[tuple[int, list[str], list[int] | str | None]], int]] = []
        if part.kind == PartKind.TAP and part.k is None:
            # "Tap any number of untapped creatures": each creature the mana payment leaves
            # alone may be tapped or not — a role of its own in the payment (no mana), so
            # the counter sums over it instead of over reservations.
            choices.append(([(ci, [], _PART_TAP) for ci, _, _ in hits], part.ways(free)))
            per_part.append((choices, free))
            continue
        for counts in product(*(range(len(members) + 1) for _, members, _ in hits)):
            taken = sum(counts)
            if part.k is not None and part.kind != PartKind.COLLECT_EVIDENCE and taken > part.k:
                continue
            value = sum(part.values[part.eligible.index(members[0])] * j
                        for (_, members, _), j in zip(hits, counts) if j) if part.kind == PartKind.COLLECT_EVIDENCE else 0
            w = part.ways(free, taken, value)
            for (_, members, _), j in zip(hits, counts):
                w *= comb(len(members), j)
            if w:
                choices.append(([(ci, members[len(members) - j:], conflict)
                                 for (ci, members, conflict), j in zip(hits, counts) if j], w))
            if len(choices) > MAX_OPTIONS:
                raise NotPaid("%r: too many ways to share objects with the mana payment to count" % part.text)
        per_part.append((choices, free))
    out = []
    frees = {pi: free for pi, (_, free) in enumerate(per_part)}
    for combo in product(*(choices for choices, _ in per_part)):
        ways = 1
        reserve: list[tuple[int, list[str], list[int] | str | None]] = []
        chosen: dict[int, list[str]] = {}
        for pi, (picks, w) in enumerate(combo):
            ways *= w
            reserve += picks
            chosen[pi] = [m for _, ms, _ in picks for m in ms]
        out.append(Option(_reserve(res, reserve), ways, chosen, frees))
        if len(out) > MAX_OPTIONS:
            raise NotPaid("too many ways to share objects with the mana payment to count")
    out.sort(key=lambda o: o.reserved_count)
    return out


_PART_TAP = PatternKind.PART_TAP  # a pick that adds the "tapped for the cost" role to a whole class


def _reserve(res: Resources, picks: list[tuple[int, list[str], list[int] | str | None]]) -> Resources:
    """`res` with the picked members out of their conflicting roles."""
    if not picks:
        return res
    classes = list(res.classes)
    extra: list[PermClass] = []
    for ci, ids, conflict in picks:
        cls = classes[ci]
        if conflict == _PART_TAP:
            classes[ci] = PermClass(cls.members, cls.roles + [Role(Pattern(PatternKind.PART_TAP))], cls.indistinct)
            continue
        kept = [m for m in cls.members if m.id not in ids]
        classes[ci] = PermClass(kept, cls.roles, cls.indistinct)
        if conflict:  # the picked members keep their other roles, in a class of their own
            roles = [r for i, r in enumerate(cls.roles) if i not in conflict]
            if roles:
                extra.append(PermClass([m for m in cls.members if m.id in ids], roles, cls.indistinct))
    return Resources([c for c in classes if c.members] + extra, res.skipped)


def cheapest(board: Board, part: PartChoice, among: tuple[str, ...], reserved: list[str]) -> list[str]:
    """What an AI gives up from `among` on top of the `reserved` objects: permanents with
    the least power + toughness (non-creatures count 0), cards with the lowest mana value,
    then the lowest ids; nothing extra for "any number"; for collect evidence the fewest
    cards (highest mana value first) reaching the total; for counters, from the
    planeswalkers with the most loyalty."""
    def value(ident: str) -> tuple[int, str]:
        if part.zone != PartZone.BATTLEFIELD:
            return (_mana_value(board, ident), ident)
        perm = board.get(ident)
        return (perm.power + perm.toughness if perm.is_creature else 0, ident)
    if part.kind == PartKind.ENERGY:
        assert part.k is not None  # an amount of energy
        return [part.eligible[0]] * part.k
    if part.kind == PartKind.REMOVE_COUNTERS:
        assert part.k is not None  # a number of counters
        left, out = part.k, []
        for ident in sorted(among, key=lambda i: (-part.values[part.eligible.index(i)], i)):
            take = min(left, part.values[part.eligible.index(ident)])
            out += [ident] * take
            left -= take
        return out
    if part.kind == PartKind.COLLECT_EVIDENCE:
        out, total = [], sum(_mana_value(board, i) for i in reserved)
        for ident in sorted(among, key=lambda i: (-_mana_value(board, i), i)):
            if total >= part.at_least:
                break
            out.append(ident)
            total += _mana_value(board, ident)
        return out
    if part.k is None:
        return []
    return sorted(among, key=value)[:part.k - len(reserved)]
