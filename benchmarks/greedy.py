"""The peers' baseline: a greedy auto-tapper (shared by the land_sea and follow_up benchmarks).

What the peer engines do (shared/docs/anchors.md: phase.rs "MCV/LCV, no backtracking",
Forge's per-shard loop, XMage's symbol-at-a-time AI): pay one symbol at a time, the most
constrained symbol first (coloured, then hybrid, then Phyrexian, then generic; within a
kind, the symbol fewest sources can pay), each from mana already floating if possible,
else from the least flexible untapped source that can pay it (fewest mana types; sources
that hurt you or cost mana last; then board order).  A Signet's {1} is paid the same way.
Phyrexian symbols take mana when some source can pay them, else 2 life; {2/W} takes {W}
when possible, else {2}.  Choices are never revisited.

Sources are read from the card data of `manasolve.models` only (never the solver), as
plain `Source` records, which the brute-force enumerator (benchmarks/brute.py) shares.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from manasolve.models.board import Board
from manasolve.models.mana import ManaCost, Symbol, SymbolKind


@dataclass(frozen=True)
class Source:
    """One permanent's mana abilities: the bundles it may add, the generic mana its cost
    needs (Signets: 1), life it costs, and the damage each option deals (painlands)."""

    id: str
    options: tuple[tuple[str, ...], ...]
    cost: int = 0
    life: int = 0
    damage: tuple[int, ...] = ()

    @property
    def types(self) -> frozenset[str]:
        return frozenset(t for o in self.options for t in o)


def sources_of(board: Board, player: str) -> list[Source]:
    """The untapped permanents' {T} mana abilities that the benchmarks model: fixed options,
    a cost of {T} plus at most generic mana and life (no references, no extras).  A
    permanent's abilities merge into one Source when they share cost and life (painlands);
    otherwise its abilities after the first are dropped."""
    out = []
    for perm in board.controlled_by(player):
        if perm.tapped or not perm.can_use_tap_abilities:
            continue
        found = None
        for ab in perm.card.intrinsic_mana_abilities():
            c = ab.cost
            if ab.reference or ab.extras or not c.tap or c.sacrifice_self or c.tap_creatures:
                continue
            if any(s.kind != SymbolKind.GENERIC for s in c.mana.symbols):
                continue
            generic = sum(s.amount for s in c.mana.symbols)
            dmg = (ab.damage,) * len(ab.options)
            if found is None:
                found = Source(perm.id, tuple(ab.options), generic, c.life, dmg)
            elif (found.cost, found.life) == (generic, c.life):
                found = Source(perm.id, found.options + tuple(ab.options), generic, c.life, found.damage + dmg)
        if found is not None:
            out.append(found)
    return out


def _accepts(sym: Symbol) -> frozenset[str] | None:
    """Mana types one unit of which pays `sym` (None: any type, i.e. generic)."""
    if sym.kind == SymbolKind.COLOR:
        return frozenset(sym.colors)
    if sym.kind == SymbolKind.HYBRID:
        return frozenset(sym.colors)
    if sym.kind == SymbolKind.C:
        return frozenset("C")
    return None


_KIND_RANK = {"color": 0, "C": 0, "twobrid": 1, "hybrid": 2, "phyrexian": 3, "generic": 4}


def greedy_pay(cost: ManaCost, sources: list[Source], life: int) -> tuple[list[str], int] | None:
    """The greedy payment of `cost`: (ids of the sources tapped, life paid), or None when
    the greedy says "can't pay".  Symbols it does not know ({S}, {C/W}, {W/U/P}) make it
    give up."""
    free = list(sources)
    pool: Counter = Counter()
    tapped: list[str] = []
    paid_life = 0
    flex = {s.id: (len(s.types), sum(s.damage) + s.life > 0, s.cost > 0) for s in sources}
    order = {s.id: n for n, s in enumerate(sources)}

    def can_pay(acc: frozenset[str] | None) -> list[Source]:
        return [s for s in free if any(acc is None or t in acc for o in s.options for t in o)]

    def take(acc: frozenset[str] | None, depth: int = 0) -> bool:
        """Pay one unit of a symbol accepting `acc` from the pool or a new source."""
        for t in sorted(pool):  # floating mana first
            if pool[t] and (acc is None or t in acc):
                pool[t] -= 1
                return True
        for src in sorted(can_pay(acc), key=lambda s: (flex[s.id], order[s.id])):
            if src.cost and depth > 0:
                continue  # a Signet's own {1} comes from a free source
            free.remove(src)
            if src.cost and not all(take(None, depth + 1) for _ in range(src.cost)):
                return False  # the funding choice is not undone (no backtracking)
            # the painless option first when several can pay
            bundle = min((o for o in src.options if any(acc is None or t in acc for t in o)),
                         key=lambda o: src.damage[src.options.index(o)])
            pool.update(bundle)
            tapped.append(src.id)
            nonlocal paid_life
            paid_life += src.life
            return take(acc, depth)
        return False

    symbols = []
    for sym in cost.symbols:
        if sym.kind == SymbolKind.GENERIC:
            symbols += [Symbol(SymbolKind.GENERIC, amount=1)] * sym.amount
        elif sym.kind in _KIND_RANK:
            symbols.append(sym)
        elif sym.kind != SymbolKind.X:
            return None
    symbols.sort(key=lambda s: (_KIND_RANK[s.kind], len(can_pay(_accepts(s) if s.kind != SymbolKind.TWOBRID else frozenset(s.colors)))))
    for sym in symbols:
        if sym.kind == SymbolKind.TWOBRID:
            if not (can_pay(frozenset(sym.colors)) or any(pool[c] for c in sym.colors)) or not take(frozenset(sym.colors)):
                if not (take(None) and take(None)):
                    return None
        elif sym.kind == SymbolKind.PHYREXIAN:
            acc = frozenset(sym.colors)
            if can_pay(acc) or any(pool[c] for c in sym.colors):
                if not take(acc):
                    return None
            elif life - paid_life >= 2:  # 119.4
                paid_life += 2
            else:
                return None
        elif not take(_accepts(sym)):
            return None
    if paid_life > life:
        return None
    return tapped, paid_life
