"""The types of a cast's plan (601.2f): the cost it starts from (`BaseChoice`) and its
breakdown with the locked totals (`TotalCost`), and what every plan is built with:
finding the card cast (`find_card`), applying cost reductions (`reduce_symbols`) and a
spell's mana value (`spell_mana_value`).
solver.total_cost builds the plans of casts, solver.keyword_abilities those of keyword
abilities; both, and the payment solver, read them from here."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from manasolve.models.board import Board, ParameterError
from manasolve.models.carddb import UnknownCard
from manasolve.models.cards import Card
from manasolve.models.errors import nearest
from manasolve.models.mana import Announcement, ManaCost, Symbol, SymbolKind
from manasolve.models.oracle.costs import CostPart, NonManaPart
from manasolve.models.request import CostKeywords, Zone
from manasolve.solver.cost_results import AdditionalCost, CostChange


@dataclass(frozen=True)
class BaseChoice:
    """The cost a cast starts from (601.2f): ``kind`` is ``mana_cost`` or an alternative
    cost (118.9).  ``cost`` None means there is no such cost: unpayable (118.6).  ``x_free``:
    X may be chosen (107.3a); otherwise X is 0 (107.3b)."""

    kind: str
    cost: CostPart | None
    x_free: bool
    granted: bool = False
    unmet: str | None = None  # why it can't be used now (its "If you control ..." fails, its history condition)
    reduction: int = 0  # Emerge: the sacrificed creature's mana value, taken off the total (702.119a)

    @property
    def label(self) -> str:
        if self.kind == "mana_cost":
            return "mana cost"
        what = "no cost" if self.cost is None else str(self.cost)
        return "%s %s%s" % (self.kind, what, " (granted)" if self.granted else "")


def reduce_symbols(symbols: list[Symbol], reductions: list[ManaCost]) -> list[Symbol]:
    """Apply cost reductions to a (possibly announced) cost, per 118.7a-g.

    A generic reduction lowers only generic mana (118.7a); a coloured or {C} reduction
    lowers a matching symbol, otherwise generic mana (118.7b-d); {S} reductions and any
    excess reduce generic (118.7g); generic never goes below 0, and unannounced hybrid,
    Phyrexian and {S} symbols are never touched.  The result does not depend on order."""
    generic = sum(s.amount for s in symbols if s.kind == SymbolKind.GENERIC)
    matchable = Counter(s for s in symbols if s.kind in (SymbolKind.COLOR, SymbolKind.C))
    spill = 0
    for red in reductions:
        for s in red.symbols:
            if s.kind == SymbolKind.GENERIC:
                spill += s.amount
            elif s.kind in (SymbolKind.COLOR, SymbolKind.C, SymbolKind.PHYREXIAN):
                target = s.paid_half if s.kind == SymbolKind.PHYREXIAN else s  # 118.7f
                if matchable[target] > 0:
                    matchable[target] -= 1
                else:
                    spill += 1
            else:  # {S} (118.7g)
                spill += 1
    left = max(0, generic - spill)
    out = [Symbol(SymbolKind.GENERIC, amount=left)] if left else []
    for s in symbols:
        if s.kind == SymbolKind.GENERIC:
            continue
        if s.kind in (SymbolKind.COLOR, SymbolKind.C):
            if matchable[s] <= 0:
                continue
            matchable[s] -= 1
        out.append(s)
    return out


@dataclass
class TotalCost:
    """A cast's 601.2f breakdown and the locked total of each 601.2b announcement."""

    card: Card
    zone: str
    player: str
    base: BaseChoice
    x: int
    x_forced_zero: bool
    additional: tuple[AdditionalCost, ...]
    increases: tuple[CostChange, ...]
    reductions: tuple[CostChange, ...]
    cost: ManaCost  # the total with hybrid/Phyrexian symbols unannounced
    life: int  # life from cost parts ("Pay 3 life"), on top of Phyrexian life
    other: list[NonManaPart]  # non-mana cost parts ("Sacrifice a creature"), see solver.other_costs
    announcements: list[Announcement]
    castable_now: bool
    reason: str | None
    convoke: bool = False
    improvise: bool = False
    delve: bool = False
    notes: list[str] = field(default_factory=list)
    ability: bool = False  # a keyword ability's cost (solver.keyword_abilities), not a cast
    targets: list[dict] | str | None = None  # the cast's legal targets (`targets.cast_targets`), as plays shows them

    @property
    def keywords(self) -> CostKeywords:
        """The cost keywords the card has (convoke, improvise, delve)."""
        return CostKeywords(self.convoke, self.improvise, self.delve)

    @property
    def total_text(self) -> str:
        """The locked total as text: mana, then life and other parts."""
        parts = [str(self.cost)] if self.base.cost is not None else ["unpayable (no cost, 118.6)"]
        if self.life:
            parts.append("Pay %d life" % self.life)
        return ", ".join(parts + [o.text for o in self.other])

    @property
    def mana_value(self) -> int:
        """202.3: from the printed mana cost only (never the total), X as announced on
        the stack (202.3e); no mana cost → 0."""
        return spell_mana_value(self.card, self.x)


def spell_mana_value(card: Card, x: int) -> int:
    """202.3: a spell's mana value, from its printed mana cost only, X as announced on the
    stack (202.3e); no mana cost → 0."""
    mc = card.mana_cost
    if mc is None:
        return 0
    return mc.mana_value + x * sum(1 for s in mc.symbols if s.kind == SymbolKind.X)


def find_card(board: Board, player: str, name: str, zone: str) -> Card:
    """The card `name` in `player`'s `zone`, or in the hand a half or face of a card there
    ("Ice" of a "Fire // Ice" in the hand: that half is cast, 709.3, 715.3, 712.11);
    ParameterError (nearest names) if it is not there."""
    p = board.player(player)
    cards = {"hand": p.hand, "graveyard": p.graveyard, "command": p.in_command_zone,
             "exile": [e.card for e in p.exile]}[zone]
    if name not in cards and zone == Zone.HAND and " // " not in name and name in board.db:
        held = {face.name for card in dict.fromkeys(cards) for face in board.db.faces(card)}
        if name in held:
            return board.db.get(name)
    if name not in cards:
        try:
            board.db.get(name)
        except UnknownCard as exc:
            raise ParameterError("card", exc.message(advice=False), board.source) from None
        listed = ", ".join(cards) if cards else "none"
        raise ParameterError("card", "%r is not in %s's %s%s; it holds: %s" % (
            name, p.name, zone, nearest(name, cards), listed), board.source)
    return board.db.get(name)
