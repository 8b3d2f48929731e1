"""Mana types, cost symbols and mana costs (rules 106, 107.4, 202.3).

A `ManaCost` is the printed sequence of symbols, e.g. ``{2}{G}{W/U}``.  Before paying,
every hybrid and Phyrexian symbol is *announced* (601.2b): the result is a `Requirement`,
a plain bag of demands (generic, per colour, {C}, {S}, life) that payment must meet.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import product
from math import comb, prod

from manasolve.models.bounds import MAX_ANNOUNCEMENTS, MAX_COST_SYMBOLS, MAX_COUNT
from manasolve.models.errors import shown
from manasolve.models.vocab import Vocabulary

COLORS = ("W", "U", "B", "R", "G")
TYPES = ("W", "U", "B", "R", "G", "C")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class SymbolKind(Vocabulary):
    """The kinds of mana symbol (107.4)."""

    GENERIC = "generic"  # {N}
    X = "X"  # {X} (107.3)
    COLOR = "color"  # {W}
    C = "C"  # {C}, colorless mana only
    S = "S"  # {S}, mana from a snow source
    HYBRID = "hybrid"  # {W/U}
    TWOBRID = "twobrid"  # {2/W}
    CHYBRID = "chybrid"  # {C/W}
    PHYREXIAN = "phyrexian"  # {W/P}, {C/P}
    HPHYREXIAN = "hphyrexian"  # {W/U/P}


class CostSyntaxError(ValueError):
    """A cost string that is not a sequence of valid mana symbols."""


@dataclass(frozen=True, order=True)
class Symbol:
    """One mana symbol of a cost.

    kind is one of: ``generic`` (amount), ``X``, ``color`` (colors[0]), ``C``, ``S``,
    ``hybrid`` ({W/U}: colors), ``twobrid`` ({2/W}), ``chybrid`` ({C/W}), ``phyrexian``
    ({W/P}; also the colourless {C/P}, colors ``("C",)``), ``hphyrexian`` ({W/U/P}).
    """

    kind: SymbolKind
    colors: tuple[str, ...] = ()
    amount: int = 0

    def __str__(self) -> str:
        k = self.kind
        if k == SymbolKind.GENERIC:
            return "{%d}" % self.amount
        if k in (SymbolKind.X, SymbolKind.C, SymbolKind.S):
            return "{%s}" % k
        if k == SymbolKind.COLOR:
            return "{%s}" % self.colors[0]
        if k == SymbolKind.HYBRID:
            return "{%s/%s}" % self.colors
        if k == SymbolKind.TWOBRID:
            return "{2/%s}" % self.colors[0]
        if k == SymbolKind.CHYBRID:
            return "{C/%s}" % self.colors[0]
        if k == SymbolKind.PHYREXIAN:
            return "{%s/P}" % self.colors[0]
        return "{%s/%s/P}" % self.colors

    @property
    def needs_announcement(self) -> bool:
        """True for symbols whose paid half is chosen in 601.2b (hybrid, Phyrexian)."""
        return self.kind in (SymbolKind.HYBRID, SymbolKind.TWOBRID, SymbolKind.CHYBRID, SymbolKind.PHYREXIAN, SymbolKind.HPHYREXIAN)

    def halves(self) -> tuple[Symbol | Life, ...]:
        """The symbols (or life payment) this symbol may be announced as (107.4e/f).

        >>> [str(h) for h in parse_symbol("G/P").halves()]
        ['{G}', '(2 life)']
        >>> [str(h) for h in parse_symbol("2/W").halves()]
        ['{W}', '{2}']
        """
        k = self.kind
        if k == SymbolKind.HYBRID:
            return tuple(Symbol(SymbolKind.COLOR, (c,)) for c in self.colors)
        if k == SymbolKind.TWOBRID:
            return (Symbol(SymbolKind.COLOR, self.colors), Symbol(SymbolKind.GENERIC, amount=2))
        if k == SymbolKind.CHYBRID:
            return (Symbol(SymbolKind.C), Symbol(SymbolKind.COLOR, self.colors))
        if k == SymbolKind.PHYREXIAN:
            return (self.paid_half, Life(2))
        if k == SymbolKind.HPHYREXIAN:
            return tuple(Symbol(SymbolKind.COLOR, (c,)) for c in self.colors) + (Life(2),)
        return (self,)

    @property
    def paid_half(self) -> Symbol:
        """The mana a Phyrexian symbol asks for when not paid with life: {W} for {W/P},
        {C} for {C/P}."""
        return Symbol(SymbolKind.C) if self.colors == (SymbolKind.C,) else Symbol(SymbolKind.COLOR, self.colors)

    @property
    def mana_value(self) -> int:
        """This symbol's share of mana value (202.3): X is 0, {2/W} counts 2.

        >>> [parse_symbol(s).mana_value for s in ("X", "2/W", "W/U", "B/P", "3")]
        [0, 2, 1, 1, 3]
        """
        k = self.kind
        if k == SymbolKind.GENERIC:
            return self.amount
        if k == SymbolKind.X:
            return 0
        if k == SymbolKind.TWOBRID:
            return 2
        return 1


@dataclass(frozen=True)
class Life:
    """A life payment chosen for a Phyrexian symbol (107.4f)."""

    amount: int

    def __str__(self) -> str:
        return "(%d life)" % self.amount


_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


def parse_symbol(body: str) -> Symbol:
    """The symbol written inside one pair of braces, e.g. ``W/U`` or ``2``.

    Hybrid colours are put in their printed (colour-wheel) order:

    >>> str(parse_symbol("u/w")), str(parse_symbol("G/W")), str(parse_symbol("C/P"))
    ('{W/U}', '{G/W}', '{C/P}')
    """
    b = body.strip().upper()
    if b.isascii() and b.isdigit():  # not "²" or other Unicode digits
        if len(b) > 1 and b.startswith("0"):
            raise CostSyntaxError("generic mana {%s} has a leading zero (write {%d})" % (body, int(b)))
        if len(b) > len(str(MAX_COUNT)) or int(b) > MAX_COUNT:
            raise CostSyntaxError("generic mana {%s…} is over the bound of %d" % (body[:10], MAX_COUNT))
        return Symbol(SymbolKind.GENERIC, amount=int(b))
    if b == SymbolKind.X:
        return Symbol(SymbolKind.X)
    if b in COLORS:
        return Symbol(SymbolKind.COLOR, (b,))
    if b in (SymbolKind.C, SymbolKind.S):
        return Symbol(SymbolKind(b))
    parts = b.split("/")
    if len(parts) == 2:
        a, c = parts
        if a in COLORS and c in COLORS and a != c:
            # Printed order is the colour-wheel order: {W/U} not {U/W}, {G/W} not {W/G}.
            if (COLORS.index(c) - COLORS.index(a)) % 5 > 2:
                a, c = c, a
            return Symbol(SymbolKind.HYBRID, (a, c))
        if a == "2" and c in COLORS:
            return Symbol(SymbolKind.TWOBRID, (c,))
        if a == SymbolKind.C and c in COLORS:
            return Symbol(SymbolKind.CHYBRID, (c,))
        if (a in COLORS or a == SymbolKind.C) and c == "P":
            return Symbol(SymbolKind.PHYREXIAN, (a,))
    if len(parts) == 3 and parts[2] == "P" and parts[0] in COLORS and parts[1] in COLORS and parts[0] != parts[1]:
        a, c = parts[0], parts[1]
        if (COLORS.index(c) - COLORS.index(a)) % 5 > 2:
            a, c = c, a
        return Symbol(SymbolKind.HPHYREXIAN, (a, c))
    raise CostSyntaxError("unknown mana symbol {%s}" % (body if len(body) <= 20 else body[:20] + "…"))


# Costs are parsed once per text (a server is asked the same costs again and again); a
# ManaCost is frozen, so the one parsed is shared.
@lru_cache(maxsize=4096)
def _parse_cost(text: str) -> ManaCost:
    s = text.strip()
    if not s:
        raise CostSyntaxError("empty cost (write {0} for a zero cost)")
    if s.count("{") > MAX_COST_SYMBOLS:
        raise CostSyntaxError("a cost of %d symbols is over the bound of %d" % (s.count("{"), MAX_COST_SYMBOLS))
    pos = 0
    symbols: list[Symbol] = []
    for m in _SYMBOL_RE.finditer(s):
        if m.start() != pos:
            raise CostSyntaxError("unexpected text %s in cost %s" % (shown(s[pos : m.start()], 20), shown(s, 60)))
        pos = m.end()
        sym = parse_symbol(m.group(1))
        if sym.kind == SymbolKind.GENERIC and sym.amount == 0:
            continue
        symbols.append(sym)
    if pos != len(s):
        raise CostSyntaxError("unexpected text %s in cost %s" % (shown(s[pos:], 20), shown(s, 60)))
    cost = ManaCost(tuple(symbols))
    if cost.announcement_count() > MAX_ANNOUNCEMENTS:
        raise CostSyntaxError("a cost with %d ways to announce its hybrid/Phyrexian symbols (601.2b) is over the "
                              "bound of %d" % (cost.announcement_count(), MAX_ANNOUNCEMENTS))
    return cost


@dataclass(frozen=True)
class ManaCost:
    """A printed mana cost: an ordered tuple of symbols.  ``{0}`` is the empty cost."""

    symbols: tuple[Symbol, ...] = ()

    @staticmethod
    def parse(text: str) -> ManaCost:
        """Parse ``{2}{G}{W/U}``; raise CostSyntaxError naming the bad part.

        Printing puts X and generic mana first and drops {0}:

        >>> str(ManaCost.parse("{G}{2}{W/U}")), str(ManaCost.parse("{0}")), len(ManaCost.parse("{0}").symbols)
        ('{2}{G}{W/U}', '{0}', 0)
        >>> for bad in ("{2}G", "{2}{Q}", ""):
        ...     try:
        ...         ManaCost.parse(bad)
        ...     except CostSyntaxError as error:
        ...         print(error)
        unexpected text 'G' in cost '{2}G'
        unknown mana symbol {Q}
        empty cost (write {0} for a zero cost)
        """
        return _parse_cost(text)

    def __str__(self) -> str:
        return self._text

    @cached_property  # frozen: printed once (answers print the cost of every question)
    def _text(self) -> str:
        return format_symbols(self.symbols)

    def __hash__(self) -> int:
        return self._hash

    @cached_property  # frozen: hashed once (the solver's caches key on the costs a window asks again and again)
    def _hash(self) -> int:
        return hash((self.symbols,))  # the dataclass's own hash

    @property
    def mana_value(self) -> int:
        """Mana value per 202.3 (X counts 0).

        >>> ManaCost.parse("{2}{G}{W/U}").mana_value, ManaCost.parse("{X}{X}{R}").mana_value
        (4, 1)
        """
        return sum(s.mana_value for s in self.symbols)

    @property
    def has_x(self) -> bool:
        return any(s.kind == SymbolKind.X for s in self.symbols)

    def with_x(self, x: int) -> ManaCost:
        """This cost with each {X} replaced by generic mana x (107.3a).

        >>> str(ManaCost.parse("{X}{X}{R}").with_x(3)), str(ManaCost.parse("{X}{R}").with_x(0))
        ('{6}{R}', '{R}')
        """
        out: list[Symbol] = []
        for s in self.symbols:
            if s.kind == SymbolKind.X:
                if x:
                    out.append(Symbol(SymbolKind.GENERIC, amount=x))
            else:
                out.append(s)
        return ManaCost(tuple(out))

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols)

    def announcement_count(self) -> int:
        """How many distinct announcements `announcements` lists, without listing them:
        per distinct symbol, the multisets of its halves (stars and bars).

        >>> ManaCost.parse("{B/P}{B/P}{2/W}").announcement_count()
        6
        """
        groups = Counter(s for s in self.symbols if s.needs_announcement)
        return prod(comb(n + len(sym.halves()) - 1, n) for sym, n in groups.items())

    def announcements(self) -> list[Announcement]:
        """Every distinct 601.2b announcement of this cost's hybrid/Phyrexian symbols.

        Identical symbols are announced as a multiset, so ``{B/P}{B/P}`` has three
        announcements (BB, B + 2 life, 4 life), not four.  An {X} still in the cost counts
        as 0 (announce X first with `with_x`).

        >>> [(a.text, a.requirement.life) for a in ManaCost.parse("{B/P}{B/P}").announcements()]
        [('{B}{B}', 0), ('{B}', 2), ('{0}', 4)]
        >>> [str(a.requirement) for a in ManaCost.parse("{1}{G}{2/W}").announcements()]
        ['{1}{W}{G}', '{3}{G}']
        """
        fixed = [s for s in self.symbols if not s.needs_announcement and s.kind != SymbolKind.X]
        groups = Counter(s for s in self.symbols if s.needs_announcement)
        per_group: list[list[tuple]] = []
        for sym, n in sorted(groups.items()):
            halves = sym.halves()
            per_group.append([(sym, combo) for combo in _multisets(len(halves), n)])
        result = []
        for choice in product(*per_group):
            chosen: list[Symbol] = list(fixed)
            life = 0
            picks: list[tuple[Symbol, Symbol | Life]] = []
            for sym, combo in choice:
                halves = sym.halves()
                for idx, count in enumerate(combo):
                    for _ in range(count):
                        h = halves[idx]
                        picks.append((sym, h))
                        if isinstance(h, Life):
                            life += h.amount
                        else:
                            chosen.append(h)
            result.append(Announcement(self, tuple(picks), Requirement.of(chosen, life)))
        return result


def _multisets(k: int, n: int) -> list[tuple[int, ...]]:
    """All ways to split n identical items into k ordered bins."""
    if k == 1:
        return [(n,)]
    return [(i,) + rest for i in range(n, -1, -1) for rest in _multisets(k - 1, n - i)]


def format_symbols(symbols) -> str:
    """Print symbols in the conventional order: generic first, then the rest as given.

    >>> format_symbols(ManaCost.parse("{G}{1}{X}{2}").symbols)
    '{X}{3}{G}'
    """
    syms = list(symbols)
    generic = sum(s.amount for s in syms if s.kind == SymbolKind.GENERIC)
    xs = [s for s in syms if s.kind == SymbolKind.X]
    rest = [s for s in syms if s.kind not in (SymbolKind.GENERIC, SymbolKind.X)]
    text = "".join(str(s) for s in xs)
    if generic:
        text += "{%d}" % generic
    text += "".join(str(s) for s in rest)
    return text or "{0}"


@dataclass(frozen=True)
class Requirement:
    """A cost after announcement: what must be paid, with no choices left.

    colored: units of each colour; colorless: {C} units; snow: {S} units; generic: amount;
    life: life to pay.

    >>> need = Requirement.of(ManaCost.parse("{G}{2}{W}{G}{C}").symbols)
    >>> str(need), need.mana_units, need.color_count("G")
    ('{2}{W}{G}{G}{C}', 6, 2)
    >>> Requirement.of(ManaCost.parse("{W/U}").symbols)
    Traceback (most recent call last):
    ...
    ValueError: symbol {W/U} must be announced first
    """

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    colorless: int = 0
    snow: int = 0
    life: int = 0

    def __hash__(self) -> int:
        return self._hash

    @cached_property  # frozen: hashed once (the payable summary's sets are cached by requirement)
    def _hash(self) -> int:
        return hash((self.generic, self.colored, self.colorless, self.snow, self.life))  # the dataclass's own hash

    @staticmethod
    def of(symbols, life: int = 0) -> Requirement:
        """Requirement of already-announced symbols (no hybrid/Phyrexian/X left)."""
        generic = colorless = snow = 0
        colored: Counter[str] = Counter()
        for s in symbols:
            if s.kind == SymbolKind.GENERIC:
                generic += s.amount
            elif s.kind == SymbolKind.COLOR:
                colored[s.colors[0]] += 1
            elif s.kind == SymbolKind.C:
                colorless += 1
            elif s.kind == SymbolKind.S:
                snow += 1
            else:
                raise ValueError("symbol %s must be announced first" % s)
        return Requirement(generic, tuple(sorted(colored.items(), key=lambda kv: TYPES.index(kv[0]))), colorless, snow, life)

    def by_kind(self) -> dict[str, int]:
        """Units to pay per kind of symbol, in order W U B R G C S generic (all eight)."""
        d = {c: self.color_count(c) for c in COLORS}
        d.update(C=self.colorless, S=self.snow, generic=self.generic)
        return d

    def color_count(self, c: str) -> int:
        return dict(self.colored).get(c, 0)

    @property
    def mana_units(self) -> int:
        """How many mana must be spent to pay it."""
        return self.generic + sum(n for _, n in self.colored) + self.colorless + self.snow

    def __str__(self) -> str:
        parts = "".join("{%s}" % c * n for c, n in self.colored)
        text = ("{%d}" % self.generic if self.generic else "") + parts + "{C}" * self.colorless + "{S}" * self.snow
        return text or "{0}"


@dataclass(frozen=True)
class Announcement:
    """One 601.2b announcement of a cost: the half chosen for each announced symbol."""

    cost: ManaCost
    picks: tuple[tuple[Symbol, Symbol | Life], ...] = field(default=())
    requirement: Requirement = field(default_factory=Requirement)

    @cached_property  # frozen: printed once
    def text(self) -> str:
        """The cost with each hybrid/Phyrexian symbol replaced by its announced half;
        life halves are dropped (they show as the life amount)."""
        syms = [s for s in self.cost.symbols if not s.needs_announcement]
        syms += [h for _, h in self.picks if isinstance(h, Symbol)]
        return format_symbols(syms)

    @property
    def paid_with_life(self) -> tuple[str, ...]:
        """The Phyrexian symbols announced as 2 life (107.4f), in the cost's order: what
        tells apart announcements whose `text` and life agree ({G/P}{G/W/P}: life for
        {G/P} and {G} for {G/W/P}, or {G} for {G/P} and life for {G/W/P}, 601.2b).

        >>> [a.paid_with_life for a in ManaCost.parse("{G/P}{G/W/P}").announcements() if a.text == "{G}"]
        [('{G/P}',), ('{G/W/P}',)]
        """
        left = Counter(s for s, h in self.picks if isinstance(h, Life))
        out = []
        for s in self.cost.symbols:
            if left[s]:
                left[s] -= 1
                out.append(str(s))
        # a locked total's announcement (solver.total_cost) keeps only its life picks, in
        # the cost's order: the symbols themselves left its cost when they were announced
        for s, h in self.picks:
            if isinstance(h, Life) and left[s]:
                left[s] -= 1
                out.append(str(s))
        return tuple(out)
