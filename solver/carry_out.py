"""Carry out a typed payment (`manasolve.models.payment.PaymentIn`) on a board: the rules
part of `Position.push` (`manasolve.solver.position`), which ``board.apply`` and
`PlayBoard.apply` reach through the front's JSON translation (`manasolve.payment_apply`).

Carrying a payment out taps what its abilities tap ({T}, Springleaf Drum's creature,
convoke/improvise), untaps {Q}, sacrifices (its own "Sacrifice this", an outlet's
victim), removes counters, pays energy and life, exiles delved and hand-exiled cards,
deals the painlands' damage (a mana ability's effect, 605.3b), spends the mana named in
``from_pool`` and leaves the mana made but not spent floating in the pool (106.4).

Which made mana is spent on which symbol is not part of a payment's identity, so the
mana left floating is chosen: colourless mana is spent on generic symbols before
coloured mana, so the most useful mana floats.  Spend restrictions (106.6) are not
tracked on floating mana.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from manasolve.models.abilities import ManaAbility
from manasolve.models.board import Board, InputError, Permanent, Player
from manasolve.models.board_edits import find_player, leave_battlefield, permanent, remove_zone_cards
from manasolve.models.errors import nearest, shown
from manasolve.models.mana import COLORS, CostSyntaxError, ManaCost, Symbol, SymbolKind
from manasolve.models.payment import ActivationIn, PaymentIn
from manasolve.models.request import Zone
from manasolve.models.rules_version import CR_DATE
from manasolve.models.vocab import Vocabulary
from manasolve.solver.flows import FlowNetwork
from manasolve.solver.production import abilities_adding_mana, damage_dealt
from manasolve.solver.resources import TAP_PURPOSE, PatternKind
from manasolve.solver.results import PaymentDone

# What answers call the objects a non-mana part took (manasolve.answers.CHOSEN_KEY) and what
# carrying it out does with them.
_PART_MOVES = {"sacrificed": "graveyard", "returned": "hand", "discarded": "graveyard", "exiled": "exile",
               "collected": "exile"}
# Tapped for a cost keyword: the permanent pays one symbol of the spell (702.51a, 702.126a).
_CONVOKE, _IMPROVISE = TAP_PURPOSE[PatternKind.CONVOKE], TAP_PURPOSE[PatternKind.IMPROVISE]


class _Done:
    """What a payment does, gathered as it is carried out (`PaymentDone` when done)."""

    def __init__(self) -> None:
        self.tapped: list[str] = []
        self.untapped: list[str] = []
        self.sacrificed: list[str] = []
        self.exiled: list[str] = []
        self.life_lost = 0
        self.energy_paid = 0
        self.counters_removed: dict[str, dict[str, int]] = {}
        self.notes: list[str] = []
        self.taken: dict[str, list[str]] = {}  # returned, discarded, collected: in the order first taken

    def took(self, key: str, ident: str) -> None:
        """`ident` was taken under the answer key `key`."""
        listed = self.sacrificed if key == "sacrificed" else self.exiled if key == "exiled" else \
            self.taken.setdefault(key, [])
        listed.append(ident)

    def value(self, floating: str, mana_pool: str) -> PaymentDone:
        return PaymentDone(tuple(self.tapped), tuple(self.untapped), tuple(self.sacrificed), tuple(self.exiled),
                           self.life_lost, self.energy_paid,
                           tuple((pid, tuple(kinds.items())) for pid, kinds in self.counters_removed.items()),
                           tuple(self.notes), floating, mana_pool,
                           tuple((key, tuple(ids)) for key, ids in self.taken.items()))


class _Unit(Vocabulary):
    """What pays a symbol in `_Spend`: a mana, or an object paying one symbol."""

    MANA = "mana"  # ("mana", type, snow)
    PAYER = "payer"  # ("payer", colours): convoke, improvise, delve


class _Spend:
    """The mana side of a payment: mana made or taken from the pool, objects paying one
    symbol (convoke, improvise, delve), and the symbols to pay."""

    def __init__(self) -> None:
        self.units: Counter[tuple] = Counter()  # ("mana", type, snow) / ("payer", colours)
        self.demand: Counter[tuple] = Counter()  # (spell?, kind, colours)

    def add_mana(self, text: str, snow: bool, where: str) -> None:
        for s in _symbols(text, where):
            if s.kind not in (SymbolKind.COLOR, SymbolKind.C):
                raise InputError(where, "mana made is one type per symbol ({W} ... {C}); got %s" % s)
            self.units[_Unit.MANA, _mana_type(s), snow] += 1

    def add_cost(self, cost: ManaCost, spell: bool) -> None:
        for s in cost.symbols:
            if s.kind == SymbolKind.GENERIC:
                self.demand[spell, SymbolKind.GENERIC, ()] += s.amount
            else:
                self.demand[spell, s.kind, tuple(s.colors)] += 1

    def floating(self, where: str) -> list[str]:
        """The mana left after paying every symbol (InputError if the mana does not pay)."""
        units, demand = list(self.units), list(self.demand)
        flow = FlowNetwork()
        sink = 1 + len(units) + len(demand)
        spent: list[tuple[tuple, int]] = []  # (a unit of mana, an arc spending it)
        for i, u in enumerate(units, start=1):
            flow.arc(0, i, self.units[u])
            for j, d in enumerate(demand, start=1 + len(units)):
                if _accepts(u, d):
                    # Spend what is worth least floating first: objects paying one symbol,
                    # then colourless, then coloured mana.
                    arc = flow.arc(i, j, self.units[u], 0 if u[0] == _Unit.PAYER else 1 + (u[1] != SymbolKind.C))
                    if u[0] == _Unit.MANA:
                        spent.append((u, arc))
        for j, d in enumerate(demand, start=1 + len(units)):
            flow.arc(j, sink, self.demand[d])
        need = sum(self.demand.values())
        # OR-Tools: which mana floats among equally cheap choices is the one it finds
        if flow.max_flow_min_cost(0, sink, need, backend="ortools")[0] < need:
            raise InputError(where, "its mana does not pay the announced cost and its activations' costs (601.2h)")
        left = Counter({u: n for u, n in self.units.items() if u[0] == _Unit.MANA})
        for u, arc in spent:
            left[u] -= flow.flow(arc)
        return [t for t in COLORS + ("C",) for u, n in left.items() if u[1] == t for _ in range(n)]


def _mana_type(s: Symbol) -> str:
    """The type of mana one {W} ... {C} symbol stands for."""
    return s.colors[0] if s.kind == SymbolKind.COLOR else "C"


def _accepts(unit: tuple, demand: tuple) -> bool:
    spell, kind, colors = demand
    if unit[0] == _Unit.PAYER:  # pays one symbol of the spell only (702.51a, 702.126a, 702.66a)
        return spell and (kind == SymbolKind.GENERIC or (kind == SymbolKind.COLOR and colors[0] in unit[1]))
    _, t, snow = unit
    return {SymbolKind.GENERIC: True, SymbolKind.COLOR: t in colors, SymbolKind.HYBRID: t in colors,
            SymbolKind.C: t == SymbolKind.C, SymbolKind.S: snow}.get(kind, False)


def _symbols(text: Any, where: str) -> tuple[Symbol, ...]:
    try:
        return tuple(ManaCost.parse(str(text)).symbols)
    except CostSyntaxError as exc:
        raise InputError(where, str(exc)) from None


def _ability(abilities: list[ManaAbility], text: str, where: str) -> ManaAbility:
    """The mana ability named `text` among the abilities adding mana `abilities`;
    InputError for one it lacks or one that is no mana ability (605.1a)."""
    for ab in abilities:
        if ab.text == text and not ab.is_mana_ability:
            raise InputError(where, "%r is not a mana ability since CR %s (605.1a: it moves a card to or from a "
                                    "library); only mana abilities are activated while paying (601.2g)" % (text, CR_DATE))
        if ab.text == text:
            return ab
    raise InputError(where, "no mana ability %s (605.1; it has %s)" % (
        shown(text), "; ".join(repr(a.text) for a in abilities if a.is_mana_ability) or "none"))


def activation_ability(board: Board, act: ActivationIn, player: str, where: str) -> tuple[Permanent | None, ManaAbility]:
    """The permanent (None for a hand card, ``hand[i]:Name``) and the mana ability one
    activation of a payment names; InputError if `player` can't activate it."""
    pid = act.permanent
    if pid.startswith("hand["):
        name = pid.partition(":")[2]
        if name not in board.player(player).hand:
            raise InputError(where + ".permanent", "%s has no %r in hand (118.3)" % (player, name))
        return None, _ability(list(board.db.get(name).mana_abilities), act.ability, where + ".ability")
    perm = _own(board, pid, player, where + ".permanent")
    return perm, _ability(abilities_adding_mana(board, perm), act.ability, where + ".ability")


def carry_out(data: dict, board: Board, payment: PaymentIn, player: str | None) -> PaymentDone:
    """Carry out `payment` for `player` (None: the active player) on `data` (the board
    JSON `board` was resolved from, edited in place): what it did.  Raises InputError,
    naming the payment field, for a use the board does not allow."""
    name = board.player(player).name
    me = find_player(data, name, "player")
    done = _Done()
    tapped = {p.id for p in board.permanents if p.tapped}
    spend = _Spend()
    spend.add_cost(ManaCost.parse(payment.announced), spell=True)
    hand_exiled: list[tuple[str, str]] = []
    leaving: list[tuple[str, str]] = []  # (id, zone): exiled or returned by its own mana ability's cost

    def tap(pid: str, at: str) -> None:
        if pid in tapped:
            raise InputError(at, "%s is already tapped (107.5)" % pid)
        tapped.add(pid)
        done.tapped.append(pid)

    costly: list[tuple[int, int]] = []  # (mana value of an activation's mana cost, mana it adds)
    made_free = len(payment.from_pool)  # mana made before any costly activation
    for k, act in enumerate(payment.activations):
        at = "payment.activations[%d]" % k
        pid = act.permanent
        perm, ab = activation_ability(board, act, name, at)
        made = _claimed_mana(ab, act.produces, at)
        if ab.cost.mana.symbols:
            costly.append((ab.cost.mana.mana_value, made))
        else:
            made_free += made
        snow = perm is not None and perm.is_snow
        if perm is None:  # a hand card exiled for mana (Elvish Spirit Guide)
            hand_exiled.append((pid, at + ".permanent"))
        else:
            if (ab.cost.tap or ab.cost.untap) and not perm.can_use_tap_abilities:
                raise InputError(at + ".permanent", "%s is a creature with summoning sickness (302.6)" % pid)
            if ab.cost.tap:
                tap(pid, at + ".permanent")
            if ab.cost.untap:
                if pid not in tapped:
                    raise InputError(at + ".permanent", "%s is untapped; {Q} needs it tapped (107.6)" % pid)
                tapped.discard(pid)
                done.untapped.append(pid)
            if ab.cost.sacrifice_self:
                done.sacrificed.append(pid)
            elif ab.cost.exile_self or ab.cost.return_self:
                leaving.append((pid, "exile" if ab.cost.exile_self else "hand"))
            for kind, n in ab.cost.put_counters:
                counters = permanent(data, pid, at + ".permanent").setdefault("counters", {})
                counters[kind] = counters.get(kind, 0) + n
            for kind, n in ab.cost.remove_counters:
                removed = n if n > 0 else len(_symbols(act.produces, at)) - (ab.per.plus if ab.per else 0)
                counts = done.counters_removed.setdefault(pid, {})
                counts[kind] = counts.get(kind, 0) + removed
        if act.sacrificed:
            victim = _own(board, act.sacrificed, name, at + ".sacrificed")
            done.sacrificed.append(victim.id)
        done.energy_paid += ab.cost.energy
        # painlands (Tomb of Urami only without an Ogre), "You lose 1 life": effects as it resolves
        done.life_lost += (ab.damage if perm is None else damage_dealt(board, perm, ab)) + ab.life_loss
        spend.add_cost(ab.cost.mana, spell=False)
        spend.add_mana(act.produces, snow, at + ".produces")
    _funded(costly, made_free)
    _life_payable(payment, board.player(player))
    for k, t in enumerate(payment.tapped_for_cost):
        at = "payment.tapped_for_cost[%d]" % k
        perm = _own(board, t.permanent, name, at + ".permanent")
        tap(perm.id, at + ".permanent")
        if t.for_ in (_CONVOKE, _IMPROVISE):
            spend.units[_Unit.PAYER, perm.colors if t.for_ == _CONVOKE else ()] += 1
    delved = payment.exiled_for_delve
    spend.units[_Unit.PAYER, ()] += len(delved)
    pool = _pool_after(me, payment.from_pool, spend)
    floating = spend.floating("payment")
    floating_text = "".join("{%s}" % t for t in floating)
    pool_text = "".join("{%s}" % t for t in pool + floating)
    # Carry it out on the board JSON.
    for pid in done.tapped:
        permanent(data, pid, "payment")["tapped"] = True
    for pid in done.untapped:
        permanent(data, pid, "payment")["tapped"] = False
    for pid, counts in done.counters_removed.items():
        counters = permanent(data, pid, "payment").setdefault("counters", {})
        for kind, n in counts.items():
            if counters.get(kind, 0) < n:
                raise InputError("payment", "%s has %d %s counters, the payment removes %d (118.3)" % (pid, counters.get(kind, 0), kind, n))
            counters[kind] -= n
    if done.energy_paid > me.get("energy", 0):
        raise InputError("payment", "%s has %d energy, the payment pays %d (118.3)" % (name, me.get("energy", 0), done.energy_paid))
    me["energy"] = me.get("energy", 0) - done.energy_paid
    zone_moves = [(ident, "payment.exiled_for_delve[%d]" % k, "exile") for k, ident in enumerate(delved)]
    zone_moves += [(ident, at, "exile") for ident, at in hand_exiled]
    for_mana = len(zone_moves)  # the parts' cards below are listed by `took` already
    zone_moves += _other_costs(data, board, me, payment, done)
    names = remove_zone_cards(data, me, [(ident, at) for ident, at, _ in zone_moves])
    for k, ((ident, _, to), card) in enumerate(zip(zone_moves, names)):
        if to != Zone.EXILE:
            me.setdefault(to, []).append(card)
        elif k < for_mana:
            done.exiled.append(ident)
    for pid in done.sacrificed:
        leave_battlefield(data, pid, "graveyard", "payment", board.db)
    for pid, zone in leaving:
        leave_battlefield(data, pid, zone, "payment", board.db)
        done.took("exiled" if zone == Zone.EXILE else "returned", pid)
    done.life_lost += payment.life
    me["life"] = me.get("life", 20) - done.life_lost
    if pool_text:
        me["mana_pool"] = pool_text
    else:
        me.pop("mana_pool", None)
    return done.value(floating_text, pool_text)


def _claimed_mana(ab: ManaAbility, produces: str, where: str) -> int:
    """How much mana one activation says it adds; InputError if an ability that adds
    fixed mana (Forest's {G}, Sol Ring's {C}{C}) is said to add other mana (605.1)."""
    symbols = _symbols(produces, where)
    produced = tuple(sorted(s.colors[0] if s.kind == SymbolKind.COLOR else s.kind for s in symbols))
    fixed = ab.options and not (ab.per or ab.instead or ab.reference or ab.any_combination)
    if fixed and produced not in {tuple(sorted(o)) for o in ab.options}:
        raise InputError(where + ".produces", "%r adds %s, not %s (605.1)" % (ab.text, " or ".join(
            "".join("{%s}" % t for t in o) for o in ab.options), produces))
    return len(symbols)


def _funded(costly: list[tuple[int, int]], made_free: int) -> None:
    """601.2g: an activation's mana cost is paid with mana made before it (the pool's
    and free abilities' mana, then what cheaper costly ones add); InputError if not."""
    available = made_free
    for need, makes in sorted(costly):
        if need > available:
            raise InputError("payment.activations", "an activation costing %d mana has only %d mana made before it "
                             "(601.2g: mana abilities paying each other in a ring fund nothing)" % (need, available))
        available += makes - need


def _life_payable(payment: PaymentIn, player: Player) -> None:
    """119.4: life is paid only up to the life total (the payment's ``life`` is all the
    life it pays: its Phyrexian symbols' and its activations' life costs)."""
    if payment.life > player.life:
        raise InputError("payment.life", "%s pays %d life with %d (119.4)" % (player.name, payment.life, player.life))


def _own(board: Board, pid: Any, player: str, where: str) -> Permanent:
    ids = [p.id for p in board.permanents]
    if pid not in ids:
        raise InputError(where, "no permanent with id %s%s (118.3)" % (shown(pid), nearest(str(pid), ids)))
    perm = board.get(pid)
    if perm.controller != player:
        raise InputError(where, "%s is controlled by %s, not by %s (602.2)" % (pid, perm.controller, player))
    return perm


def _pool_after(me: dict, from_pool: list[str], spend: _Spend) -> list[str]:
    """The pool less the mana the payment takes from it (each taken mana is a unit)."""
    pool = Counter(_mana_type(s) for s in _symbols(me.get("mana_pool") or "{0}", "mana_pool")
                   if s.kind in (SymbolKind.COLOR, SymbolKind.C))
    for k, text in enumerate(from_pool):
        at = "payment.from_pool[%d]" % k
        for s in _symbols(text, at):
            t = _mana_type(s)
            if pool[t] <= 0:
                raise InputError(at, "no {%s} floating in the mana pool (118.3)" % t)
            pool[t] -= 1
        spend.add_mana(text, False, at)
    return [t for t in COLORS + ("C",) for _ in range(pool[t])]


def _other_costs(data: dict, board: Board, me: dict, payment: PaymentIn, done: _Done) -> list[tuple[str, str, str]]:
    """Carry out on permanents what a card's non-mana cost parts took (``pay --card
    --best``); the cards they take from the hand or graveyard, as (id, JSON path, zone
    they go to), for the caller to move in one step."""
    zone_moves = []
    for key, to in _PART_MOVES.items():
        for k, ident in enumerate(getattr(payment, key) or ()):
            at = "payment.%s[%d]" % (key, k)
            done.took(key, ident)  # "sacrificed" ones leave with the mana's victims
            if ident.startswith(("hand[", "graveyard[")):
                zone_moves.append((ident, at, to))
            else:
                _own(board, ident, me["name"], at)
                if key != "sacrificed":
                    leave_battlefield(data, ident, to, at, board.db)
    for k, pid in enumerate(payment.tapped or ()):
        at = "payment.tapped[%d]" % k
        perm = _own(board, pid, me["name"], at)
        if perm.tapped or pid in done.tapped:
            raise InputError(at, "%s is already tapped (107.5)" % pid)
        permanent(data, pid, at)["tapped"] = True
        done.tapped.append(pid)
    for key in ("counters_removed_from", "energy"):
        if getattr(payment, key):
            done.notes.append("%s: how many are removed is not in the payment; not carried out" % key)
    return zone_moves
