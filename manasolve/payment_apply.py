"""Carry out a payment on a board: what `PlayBoard.apply` does with a ``pay`` answer.

A payment is the ``best`` object of a ``pay`` answer (``mode="best"``) or one group of
``mode="all"`` (one member of each interchangeable class is picked, the first ids
listed).  Carrying it out taps what its abilities tap ({T}, Springleaf Drum's creature,
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

from manasolve.models.board_edits import find_player, leave_battlefield, permanent, remove_zone_cards
from manasolve.models.abilities import ManaAbility
from manasolve.models.board import Board, InputError, Permanent
from manasolve.models.errors import nearest, shown
from manasolve.models.mana import COLORS, CostSyntaxError, ManaCost
from manasolve.payment_model import checked_payment
from manasolve.solver.flows import FlowNetwork

# What answers call the objects a non-mana part took (manasolve.answers.CHOSEN_KEY) and what
# carrying it out does with them.
_PART_MOVES = {"sacrificed": "graveyard", "returned": "hand", "discarded": "graveyard", "exiled": "exile",
               "collected": "exile"}


def group_as_payment(group: dict, where: str = "payment") -> dict:
    """One payment of a ``mode="all"`` group, in the ``best`` shape: for each entry the
    first `use` listed members not already used by an earlier entry."""
    if group.get("other_costs"):
        raise InputError(where + ".other_costs", "a group with non-mana parts does not say which objects they take; "
                         "apply the mode=\"best\" payment instead")
    taken: set[str] = set()

    def pick(ids: list[str], use: int, at: str) -> list[str]:
        if len(ids) == 1 and use > 1:  # one permanent activated once per counter (Pentad Prism)
            return ids * use
        free = [i for i in ids if i not in taken][:use]
        if len(free) < use:
            raise InputError(at, "uses %d of %s but only %d are left" % (use, ids, len(free)))
        taken.update(free)
        return free

    activations: list[dict] = []
    previous: list[str] = []
    for k, a in enumerate(_list(group, "activations", where)):
        at = "%s.activations[%d]" % (where, k)
        ids = previous if a.get("same_permanents_as_previous") else pick(a["permanents"], a["use"], at)
        previous = ids
        for pid in ids:
            act = {"ability": a["ability"], "produces": a["produces"], "permanent": pid}
            if a.get("sacrificed_to"):
                act.update(permanent=a["sacrificed_to"][0], sacrificed=pid)
            activations.append(act)
    payment = {"announced": group["announced"], "life": group.get("life", 0), "activations": activations,
               **({"paid_with_life": group["paid_with_life"]} if "paid_with_life" in group else {}),
               "tapped_for_cost": [{"permanent": pid, "for": t["for"]}
                                   for k, t in enumerate(_list(group, "tapped_for_cost", where))
                                   for pid in pick(t["permanents"], t["use"], "%s.tapped_for_cost[%d]" % (where, k))]}
    delve = [cid for k, e in enumerate(_list(group, "exiled_for_delve", where))
             for cid in pick(e["cards"], e["use"], "%s.exiled_for_delve[%d]" % (where, k))]
    if delve:
        payment["exiled_for_delve"] = delve
    pool = [e["mana"] for e in _list(group, "from_pool", where) for _ in range(e["use"])]
    if pool:
        payment["from_pool"] = pool
    return payment


def group_contains(group: dict, payment: dict) -> bool:
    """Whether `payment` (the shape of ``pay --best``'s ``best``) is one of the payments
    of `group` (a ``mode="all"`` group or a ``mode="candidates"`` candidate): the same
    announcement and life, each of the group's entries done by exactly `use` of its
    listed members, and nothing else."""
    if payment.get("announced") != group.get("announced") or payment.get("life", 0) != group.get("life", 0) \
            or sorted(payment.get("paid_with_life", [])) != sorted(group.get("paid_with_life", [])):
        return False
    left: dict[str, list[tuple]]
    left = {"activations": [(a.get("sacrificed", a.get("permanent")), a.get("ability"), a.get("produces"))
                            for a in payment.get("activations", [])],
            "tapped_for_cost": [(t.get("permanent"), t.get("for")) for t in payment.get("tapped_for_cost", [])],
            "exiled_for_delve": [(c,) for c in payment.get("exiled_for_delve", [])],
            "from_pool": [(m,) for m in payment.get("from_pool", [])]}
    for key, what in (("activations", lambda e: (e["ability"], e["produces"])), ("tapped_for_cost", lambda e: (e["for"],)),
                      ("exiled_for_delve", lambda e: ()), ("from_pool", lambda e: ())):
        for e in group.get(key, []):
            members = e.get("permanents", e.get("cards", [e.get("mana")]))
            hits = [x for x in left[key] if x[0] in members and x[1:] == what(e)] if key != "from_pool" else [
                x for x in left[key] if x[0] == e["mana"]]
            if len(hits) < e["use"]:
                return False
            for x in hits[:e["use"]]:
                left[key].remove(x)
    return not any(left.values())


def _list(obj: dict, key: str, where: str) -> list:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise InputError("%s.%s" % (where, key), "must be a list")
    return value


class _Spend:
    """The mana side of a payment: mana made or taken from the pool, objects paying one
    symbol (convoke, improvise, delve), and the symbols to pay."""

    def __init__(self) -> None:
        self.units: Counter[tuple] = Counter()  # ("mana", type, snow) / ("payer", colours)
        self.demand: Counter[tuple] = Counter()  # (spell?, kind, colours)

    def add_mana(self, text: str, snow: bool, where: str) -> None:
        for s in _symbols(text, where):
            if s.kind not in ("color", "C"):
                raise InputError(where, "mana made is one type per symbol ({W} ... {C}); got %s" % s)
            self.units["mana", s.colors[0] if s.kind == "color" else "C", snow] += 1

    def add_cost(self, cost: ManaCost, spell: bool) -> None:
        for s in cost.symbols:
            if s.kind == "generic":
                self.demand[spell, "generic", ()] += s.amount
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
                    arc = flow.arc(i, j, self.units[u], 0 if u[0] == "payer" else 1 + (u[1] != "C"))
                    if u[0] == "mana":
                        spent.append((u, arc))
        for j, d in enumerate(demand, start=1 + len(units)):
            flow.arc(j, sink, self.demand[d])
        need = sum(self.demand.values())
        # OR-Tools: which mana floats among equally cheap choices is the one it finds
        if flow.max_flow_min_cost(0, sink, need, backend="ortools")[0] < need:
            raise InputError(where, "its mana does not pay the announced cost and its activations' costs (601.2h)")
        left = Counter({u: n for u, n in self.units.items() if u[0] == "mana"})
        for u, arc in spent:
            left[u] -= flow.flow(arc)
        return [t for t in COLORS + ("C",) for u, n in left.items() if u[1] == t for _ in range(n)]


def _accepts(unit: tuple, demand: tuple) -> bool:
    spell, kind, colors = demand
    if unit[0] == "payer":  # pays one symbol of the spell only (702.51a, 702.126a, 702.66a)
        return spell and (kind == "generic" or (kind == "color" and colors[0] in unit[1]))
    _, t, snow = unit
    return {"generic": True, "color": t in colors, "hybrid": t in colors, "C": t == "C", "S": snow}.get(kind, False)


def _symbols(text: Any, where: str):
    try:
        return ManaCost.parse(str(text)).symbols
    except CostSyntaxError as exc:
        raise InputError(where, str(exc)) from None


def _ability(abilities: list[ManaAbility], text: str | None, where: str) -> ManaAbility:
    """The mana ability named `text` (None: none named) among the abilities adding mana `abilities`;
    InputError for one it lacks or one that is no mana ability (605.1a)."""
    from manasolve.models.rules_version import CR_DATE

    for ab in abilities:
        if ab.text == text and not ab.is_mana_ability:
            raise InputError(where, "%r is not a mana ability since CR %s (605.1a: it moves a card to or from a "
                                    "library); only mana abilities are activated while paying (601.2g)" % (text, CR_DATE))
        if ab.text == text:
            return ab
    raise InputError(where, "no mana ability %s (605.1; it has %s)" % (
        shown(text), "; ".join(repr(a.text) for a in abilities if a.is_mana_ability) or "none"))


def activation_ability(board: Board, act: Any, player: str, where: str) -> tuple[Permanent | None, ManaAbility]:
    """The permanent (None for a hand card, ``hand[i]:Name``) and the mana ability one
    activation of a payment names; InputError if `player` can't activate it."""
    from manasolve.solver.production import abilities_adding_mana

    if not isinstance(act, dict):
        raise InputError(where, "an activation is an object with permanent, ability, produces")
    pid = act.get("permanent")
    if isinstance(pid, str) and pid.startswith("hand["):
        name = pid.partition(":")[2]
        if name not in board.player(player).hand:
            raise InputError(where + ".permanent", "%s has no %r in hand (118.3)" % (player, name))
        return None, _ability(list(board.db.get(name).mana_abilities), act.get("ability"), where + ".ability")
    perm = _own(board, pid, player, where + ".permanent")
    return perm, _ability(abilities_adding_mana(board, perm), act.get("ability"), where + ".ability")


def apply_payment(data: dict, board: Board, payment: Any, player: str | None) -> dict:
    """Carry out `payment` (best-shaped, a group, or a whole pay answer: checked by
    `manasolve.payment_model.checked_payment`) for `player` on `data` (the board dict `board`
    was resolved from, edited in place).  What it did: ``tapped``, ``untapped``,
    ``sacrificed``, ``exiled``, ``life_lost``, ``energy_paid``, ``counters_removed``,
    ``floating`` (the mana it leaves in the pool) and ``mana_pool`` (the pool after it).
    Raises InputError, naming the payment field, for a use the board does not allow."""
    payment, player = checked_payment(payment, player)
    if "multiplicity" in payment:
        payment = group_as_payment(payment)
    name = board.player(player).name
    me = find_player(data, name, "player")
    from manasolve.solver.production import damage_dealt  # as `activation_ability` does: a lazy import

    done: dict = {"tapped": [], "untapped": [], "sacrificed": [], "exiled": [], "life_lost": 0, "energy_paid": 0,
                  "counters_removed": {}, "notes": []}
    tapped = {p.id for p in board.permanents if p.tapped}
    spend = _Spend()
    spend.add_cost(ManaCost.parse(payment["announced"]), spell=True)
    hand_exiled: list[tuple[str, str]] = []
    leaving: list[tuple[str, str]] = []  # (id, zone): exiled or returned by its own mana ability's cost

    def tap(pid: str, at: str) -> None:
        if pid in tapped:
            raise InputError(at, "%s is already tapped (107.5)" % pid)
        tapped.add(pid)
        done["tapped"].append(pid)

    costly: list[tuple[int, int]] = []  # (mana value of an activation's mana cost, mana it adds)
    made_free = len(_list(payment, "from_pool", "payment"))  # mana made before any costly activation
    for k, act in enumerate(_list(payment, "activations", "payment")):
        at = "payment.activations[%d]" % k
        pid = act.get("permanent")
        perm, ab = activation_ability(board, act, name, at)
        made = _claimed_mana(ab, act.get("produces"), at)
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
                done["untapped"].append(pid)
            if ab.cost.sacrifice_self:
                done["sacrificed"].append(pid)
            elif ab.cost.exile_self or ab.cost.return_self:
                leaving.append((pid, "exile" if ab.cost.exile_self else "hand"))
            for kind, n in ab.cost.put_counters:
                counters = permanent(data, pid, at + ".permanent").setdefault("counters", {})
                counters[kind] = counters.get(kind, 0) + n
            for kind, n in ab.cost.remove_counters:
                removed = n if n > 0 else len(_symbols(act.get("produces"), at)) - (ab.per.plus if ab.per else 0)
                counts = done["counters_removed"].setdefault(pid, {})
                counts[kind] = counts.get(kind, 0) + removed
        if act.get("sacrificed"):
            victim = _own(board, act["sacrificed"], name, at + ".sacrificed")
            done["sacrificed"].append(victim.id)
        done["energy_paid"] += ab.cost.energy
        # painlands (Tomb of Urami only without an Ogre), "You lose 1 life": effects as it resolves
        done["life_lost"] += (ab.damage if perm is None else damage_dealt(board, perm, ab)) + ab.life_loss
        spend.add_cost(ab.cost.mana, spell=False)
        spend.add_mana(act.get("produces", ""), snow, at + ".produces")
    _funded(costly, made_free)
    _life_payable(payment, board.player(player))
    for k, t in enumerate(_list(payment, "tapped_for_cost", "payment")):
        at = "payment.tapped_for_cost[%d]" % k
        perm = _own(board, t.get("permanent"), name, at + ".permanent")
        tap(perm.id, at + ".permanent")
        if t.get("for") in ("convoke", "improvise"):
            spend.units["payer", perm.colors if t["for"] == "convoke" else ()] += 1
    delved = _list(payment, "exiled_for_delve", "payment")
    spend.units["payer", ()] += len(delved)
    pool = _pool_after(me, _list(payment, "from_pool", "payment"), spend)
    floating = spend.floating("payment")
    done["floating"] = "".join("{%s}" % t for t in floating)
    done["mana_pool"] = "".join("{%s}" % t for t in pool + floating)
    # Carry it out on the board dict.
    for pid in done["tapped"]:
        permanent(data, pid, "payment")["tapped"] = True
    for pid in done["untapped"]:
        permanent(data, pid, "payment")["tapped"] = False
    for pid, counts in done["counters_removed"].items():
        counters = permanent(data, pid, "payment").setdefault("counters", {})
        for kind, n in counts.items():
            if counters.get(kind, 0) < n:
                raise InputError("payment", "%s has %d %s counters, the payment removes %d (118.3)" % (pid, counters.get(kind, 0), kind, n))
            counters[kind] -= n
    if done["energy_paid"] > me.get("energy", 0):
        raise InputError("payment", "%s has %d energy, the payment pays %d (118.3)" % (name, me.get("energy", 0), done["energy_paid"]))
    me["energy"] = me.get("energy", 0) - done["energy_paid"]
    zone_moves = [(ident, "payment.exiled_for_delve[%d]" % k, "exile") for k, ident in enumerate(delved)]
    zone_moves += [(ident, at, "exile") for ident, at in hand_exiled]
    zone_moves += _other_costs(data, board, me, payment, done)
    names = remove_zone_cards(data, me, [(ident, at) for ident, at, _ in zone_moves])
    for (ident, _, to), card in zip(zone_moves, names):
        if to == "exile":
            done["exiled"].append(ident)
        else:
            me.setdefault(to, []).append(card)
    for pid in done["sacrificed"]:
        leave_battlefield(data, pid, "graveyard", "payment", board.db)
    for pid, zone in leaving:
        leave_battlefield(data, pid, zone, "payment", board.db)
        done.setdefault("exiled" if zone == "exile" else "returned", []).append(pid)
    done["life_lost"] += int(payment.get("life", 0))
    me["life"] = me.get("life", 20) - done["life_lost"]
    if done["mana_pool"]:
        me["mana_pool"] = done["mana_pool"]
    else:
        me.pop("mana_pool", None)
    if not done["notes"]:
        del done["notes"]
    return done


def _claimed_mana(ab: ManaAbility, produces: Any, where: str) -> int:
    """How much mana one activation says it adds; InputError if an ability that adds
    fixed mana (Forest's {G}, Sol Ring's {C}{C}) is said to add other mana (605.1)."""
    symbols = _symbols(produces, where)
    produced = tuple(sorted(s.colors[0] if s.kind == "color" else s.kind for s in symbols))
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


def _life_payable(payment: dict, player: Any) -> None:
    """119.4: life is paid only up to the life total (the payment's ``life`` is all the
    life it pays: its Phyrexian symbols' and its activations' life costs)."""
    life = payment.get("life", 0)
    if life > player.life:
        raise InputError("payment.life", "%s pays %d life with %d (119.4)" % (player.name, life, player.life))


def _own(board: Board, pid: Any, player: str, where: str):
    ids = [p.id for p in board.permanents]
    if pid not in ids:
        raise InputError(where, "no permanent with id %s%s (118.3)" % (shown(pid), nearest(str(pid), ids)))
    perm = board.get(pid)
    if perm.controller != player:
        raise InputError(where, "%s is controlled by %s, not by %s (602.2)" % (pid, perm.controller, player))
    return perm


def _pool_after(me: dict, from_pool: list, spend: _Spend) -> list[str]:
    """The pool less the mana the payment takes from it (each taken mana is a unit)."""
    pool = Counter(s.colors[0] if s.kind == "color" else "C" for s in _symbols(me.get("mana_pool") or "{0}", "mana_pool")
                   if s.kind in ("color", "C"))
    for k, text in enumerate(from_pool):
        at = "payment.from_pool[%d]" % k
        for s in _symbols(text, at):
            t = s.colors[0] if s.kind == "color" else "C"
            if pool[t] <= 0:
                raise InputError(at, "no {%s} floating in the mana pool (118.3)" % t)
            pool[t] -= 1
        spend.add_mana(text, False, at)
    return [t for t in COLORS + ("C",) for _ in range(pool[t])]


def _other_costs(data: dict, board: Board, me: dict, payment: dict, done: dict) -> list[tuple[str, str, str]]:
    """Carry out on permanents what a card's non-mana cost parts took (``pay --card
    --best``); the cards they take from the hand or graveyard, as (id, JSON path, zone
    they go to), for the caller to move in one step."""
    zone_moves = []
    for key, to in _PART_MOVES.items():
        for k, ident in enumerate(_list(payment, key, "payment")):
            at = "payment.%s[%d]" % (key, k)
            done.setdefault(key, []).append(ident)  # "sacrificed" ones leave with the mana's victims
            if str(ident).startswith(("hand[", "graveyard[")):
                zone_moves.append((ident, at, to))
            else:
                _own(board, ident, me["name"], at)
                if key != "sacrificed":
                    leave_battlefield(data, ident, to, at, board.db)
    for k, pid in enumerate(_list(payment, "tapped", "payment")):
        at = "payment.tapped[%d]" % k
        perm = _own(board, pid, me["name"], at)
        if perm.tapped or pid in done["tapped"]:
            raise InputError(at, "%s is already tapped (107.5)" % pid)
        permanent(data, pid, at)["tapped"] = True
        done["tapped"].append(pid)
    for key in ("counters_removed_from", "energy"):
        if payment.get(key):
            done["notes"].append("%s: how many are removed is not in the payment; not carried out" % key)
    return zone_moves
