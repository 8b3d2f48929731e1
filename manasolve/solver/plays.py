"""``manasolve plays``: every play a player may legally start now, with its cost.

Casts: each card in hand for its mana cost and each printed alternative cost (overload,
evoke), each card in the graveyard for each flashback cost (printed or granted on the
board); each with every choice of optional additional costs (kicker, multikicker, "you
may" costs) and of X that can still be paid (both only make a cost larger, so the listing
stops at the first unpayable value).  Activations: Saddle (sorcery timing) and Crew of the
player's permanents, counted with `tapsets`, and their other activated abilities whose
cost `oracle.parse_cost` reads.  Each play carries its total cost, payable and the exact
count of payments (design.md).  Plays that timing forbids are left out; plays whose cost
has a part the payment solver does not pay are listed with payable/count ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import product

from manasolve.models.abilities import AbilityCost
from manasolve.models.board import Board, Permanent, Player
from manasolve.models.mana import Announcement
from manasolve.models.oracle import is_mana_ability_line, normalize, parse_cost
from manasolve.solver.pay import pay
from manasolve.solver.tapsets import activation_timing, candidates, count_sets
from manasolve.solver.total_cost import (
    BaseChoice,
    TotalCost,
    _pipeline,
    base_choices,
    spell_costs,
    timing_reason,
)

# Upper bound on X and on multikicker repetitions tried (each step adds mana, so the
# listing normally stops far earlier, at the first unpayable value).
MAX_REPEAT = 30
_MAIN_PHASES = ("precombat_main", "postcombat_main")


@dataclass(frozen=True)
class Activated:
    """A non-mana activated ability printed on a permanent: cost, effect, sorcery timing."""

    text: str
    cost: AbilityCost | None  # None: the cost text is not understood
    sorcery: bool


def activated_abilities(perm: Permanent) -> list[Activated]:
    """The permanent's activated abilities other than mana abilities (605.1a), Saddle and
    Crew (handled as tap sets), loyalty abilities and abilities granted in quotes.
    ``Equip {N}`` is read as its 702.6a meaning (sorcery timing)."""
    out = []
    for line in normalize(perm.card.text, perm.card.name).split("\n"):
        line = re.sub(r"^[A-Z][A-Za-z' -]* — (?=\S)", "", line.strip())
        if not line or is_mana_ability_line(line) or line.startswith("["):
            continue
        m = re.fullmatch(r"Equip ((?:\{[^{}]+\})+)", line)
        if m:
            out.append(Activated(line, parse_cost(m.group(1)), True))
            continue
        head, sep, effect = line.partition(": ")
        if not sep or '"' in head or head.startswith(("When", "At ", "As ", "If ", "Whenever")):
            continue
        out.append(Activated(line, parse_cost(head), "Activate only as a sorcery" in effect))
    return out


def _count(board: Board, player: str, plan: TotalCost) -> tuple[bool | None, int | None]:
    """(payable, count) of a cast's locked total; (None, None) if it has a non-mana part."""
    if plan.other:
        return None, None
    ans = pay(board, plan.cost, player, "count", convoke=plan.convoke, improvise=plan.improvise,
              announcements=plan.announcements)
    return ans["payable"], ans["count"]


def _cast_entry(plan: TotalCost, payable: bool | None, count: int | None, via: str) -> dict:
    entry: dict = {"kind": "cast", "card": plan.card.name, "zone": plan.zone, "via": via,
                   "total": plan.total_text, "payable": payable, "count": count}
    if plan.additional:
        entry["additional"] = plan.additional
    if plan.base.x_free:
        entry["x"] = plan.x
    if plan.other:
        entry["not_modelled"] = plan.other
    if plan.base.kind == "flashback":
        entry["exiled_when_leaving_stack"] = True
    return entry


def _cast_plays(board: Board, player: str, name: str, zone: str, base: BaseChoice) -> list[dict]:
    """Every choice of optional costs and X for one base cost of one card."""
    card = board.db.get(name)
    if timing_reason(board, player, card, zone, base) is not None:
        return []
    sc = spell_costs(card)
    optional = sc.optional_costs
    via = base.kind if base.kind != "mana_cost" else "mana_cost"
    if base.granted:
        via += " (granted)"
    out: list[dict] = []
    blocked: list[tuple[int, ...]] = []  # announcements known unpayable (or unknowable)

    def dominates(kicks: tuple[int, ...]) -> bool:
        return any(all(k >= b for k, b in zip(kicks, low)) for low in blocked)

    ranges = [range(MAX_REPEAT + 1) if o.repeatable else range(2) for o in optional]
    for kicks in product(*ranges):
        if dominates(kicks):
            continue  # more kicks only add to the cost: nothing larger is payable
        for x in range(MAX_REPEAT + 1 if base.x_free else 1):
            plan = _pipeline(board, player, card, zone, base, x, kicks, optional, sc)
            payable, count = _count(board, player, plan)
            if payable is False and x > 0:
                break  # a larger X only adds generic mana
            out.append(_cast_entry(plan, payable, count, via))
            if payable is not True:
                if payable is False or any(k and o.repeatable for k, o in zip(kicks, optional)):
                    blocked.append(kicks)
                break
    return out


def _with_tapped(board: Board, pid: str) -> Board:
    """The board with permanent `pid` tapped (its {T} paid: it can't also make mana)."""
    players = [Player(p.name, p.life, [replace(perm, tapped=True) if perm.id == pid else perm for perm in p.battlefield],
                      p.hand, p.graveyard, p.granted_flashback) for p in board.players]
    return Board(board.active_player, board.step, board.stack_empty, players, board.db, board.source)


def _has_priority(board: Board) -> bool:
    return board.step not in ("untap", "cleanup")


def _sorcery_ok(board: Board, player: str) -> bool:
    return board.active_player == player and board.step in _MAIN_PHASES and board.stack_empty


def _activation_plays(board: Board, player: str) -> list[dict]:
    """Saddle/Crew and other activated abilities of `player`'s permanents, legal now."""
    out: list[dict] = []
    if not _has_priority(board):
        return out
    for perm in board.controlled_by(player):
        for tc in perm.card.tap_costs:
            if activation_timing(board, perm, tc.keyword, player) is not None:
                continue
            n = count_sets([c.counted for c in candidates(board, perm, tc)], tc.n)
            out.append({"kind": "activate", "source": perm.id, "ability": "%s %d" % (tc.keyword, tc.n),
                        "total": "Tap other untapped creatures with total power %d or more" % tc.n,
                        "payable": n > 0, "count": n})
        for ab in activated_abilities(perm):
            if ab.sorcery and not _sorcery_ok(board, player):
                continue
            entry: dict = {"kind": "activate", "source": perm.id, "ability": ab.text}
            c = ab.cost
            if c is None:
                out.append(dict(entry, total=None, payable=None, count=None, not_modelled=["cost not understood"]))
                continue
            if c.tap and (perm.tapped or not perm.can_use_tap_abilities):
                continue  # 107.5, 302.6
            if c.untap and (not perm.tapped or not perm.can_use_tap_abilities):
                continue  # 107.6
            entry["total"] = str(c)
            unmodelled = [name for name in ("tap_creatures", "sacrifice_self", "untap") if getattr(c, name)] + list(c.extras)
            if ab.text.startswith("Equip") and not any(p.is_creature and p.id != perm.id for p in board.controlled_by(player)):
                continue  # Equip needs another creature you control to target (702.6a)
            if unmodelled:
                out.append(dict(entry, payable=None, count=None, not_modelled=unmodelled))
                continue
            paying = _with_tapped(board, perm.id) if c.tap else board
            anns = [Announcement(a.cost, a.picks, replace(a.requirement, life=a.requirement.life + c.life))
                    for a in c.mana.announcements()]
            ans = pay(paying, c.mana, player, "count", announcements=anns)
            out.append(dict(entry, payable=ans["payable"], count=ans["count"]))
    return out


def plays_answer(board: Board, player: str | None = None) -> dict:
    """The ``plays`` answer: every play `player` (default: the active player) may start
    now, each with its total cost, whether it is payable and the exact payment count."""
    me = board.player(player)
    out: list[dict] = []
    for name in dict.fromkeys(me.hand):
        card = board.db.get(name)
        for alt in (None, "overload", "evoke"):
            for base in base_choices(board, me.name, card, alt):
                out += _cast_plays(board, me.name, name, "hand", base)
    for name in dict.fromkeys(me.graveyard):
        card = board.db.get(name)
        for base in base_choices(board, me.name, card, "flashback"):
            out += _cast_plays(board, me.name, name, "graveyard", base)
    out += _activation_plays(board, me.name)
    return {"player": me.name, "plays": out}

