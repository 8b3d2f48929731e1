"""The payment an AI should choose (``pay --best``): an explicit lexicographic objective
solved by CP-SAT, and the reason it beat the runner-up.

Criteria (default order; any subset in any order may be given, the deterministic
tie-break always comes last):

1. ``keep`` — as many of the keep costs (``--keep COST`` or, with ``--keep-hand``, the
   mana costs of the other cards in hand) as possible stay payable afterwards.  Each keep
   cost gets its own copy of the payment model in the same CP-SAT model (built by
   `cpsat.build` and appended variable by variable), active only when its ``kept``
   literal is true; a permanent the main payment uses can't be used by any copy, and the
   copy may pay only the life left after the main payment (119.4).  The copies are
   independent: "payable afterwards" is asked of each keep cost on its own.
2. ``life`` — life paid (Phyrexian 107.4f, "Pay N life" costs) plus damage dealt to you:
   painlands' rider (``ManaAbility.damage``), a life-loss rider ("You lose 1 life.",
   ``ManaAbility.life_loss``) and a "Whenever this land becomes tapped, it
   deals N damage to you." trigger (City of Brass), which fires whenever the permanent is
   tapped for any reason.  Triggers worded otherwise are not read (listed under "notes").
3. ``sacrifice`` — permanents sacrificed to pay (Treasures, Ashnod's Altar), cards exiled
   from the hand for mana (Elvish Spirit Guide) and cards exiled for delve that have a use
   in the graveyard (flashback, escape and the other `GRAVEYARD_KEYWORDS`, or flashback
   granted by the board): untapped sources pay instead where they can.  A graveyard card
   a keep cost with delve could exile is guarded by the ``keep`` level.
4. ``waste`` — mana made but spent neither on the cost nor on another activation's cost.
5. ``attackers`` — creatures used that could still attack this turn (`could_attack`: the
   paying player's turn before its declare attackers step, the creature untapped, free
   of summoning sickness or with haste (302.6), without defender (702.3b) and not
   attacked yet): in a main phase before combat they are worth more than any land, so
   the lands pay first.  From the declare attackers step on (508.1a: attackers are
   chosen before any cost of the declaration is paid) and on other players' turns this
   level is 0 for every payment.
6. ``colors`` — the number of colours some untapped, unused source could still make with
   an ability that costs no mana.
7. ``flexibility`` — the sum, over the permanents used, of how many mana types each could
   make: the least flexible sources are tapped first.
8. ``creatures`` — creatures tapped (an untapped creature could still attack or block).

Levels are solved one by one: minimise level k, add "level k == its optimum", go on.
The tie-break minimises the sum of the used permanents' ranks in id order, and CP-SAT
runs with one worker and a fixed seed, so the same board always gives the same answer.

The explanation re-solves with the chosen payment forbidden (same announcement and the
same number of members of each interchangeable class in each role), compares the two
level by level and names the first criterion on which they differ.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ortools.sat.python import cp_model
from ortools.sat.python import cp_model_helper as cmh

from manasolve.models.abilities import GRAVEYARD_KEYWORDS
from manasolve.models.board import Board, ParameterError, Permanent
from manasolve.models.mana import COLORS, Announcement, ManaCost, Symbol, SymbolKind, format_symbols
from manasolve.models.request import CostKeywords, Criterion
from manasolve.solver import cpsat, deadline
from manasolve.solver.feasibility import cost_units
from manasolve.solver.payable import resources_payable
from manasolve.solver.production import damage_dealt
from manasolve.solver.resources import (
    SYMBOL_PAYERS,
    GraveyardCard,
    HandCard,
    Member,
    PatternKind,
    PermClass,
    Resources,
    Role,
    collect,
)
from manasolve.solver.results import BestFound, Payment

CRITERIA = ("keep", "life", "sacrifice", "waste", "attackers", "colors", "flexibility", "creatures")
DEFAULT_ORDER = CRITERIA
TIEBREAK = "tiebreak"



@dataclass(frozen=True)
class KeepCost:
    """A cost that should stay payable after the payment: its label (card name or cost
    text), its 601.2b announcements and its cost keywords (convoke, improvise, delve)."""

    label: str
    cost: ManaCost
    keywords: CostKeywords = CostKeywords()


def parse_order(order: str | Sequence[str] | None) -> tuple[str, ...]:
    """The criteria order from a comma list (CLI) or a list (API); None = default.

    Raises ParameterError naming an unknown or repeated criterion."""
    if order is None:
        return DEFAULT_ORDER
    names = [s.strip() for s in order.split(",")] if isinstance(order, str) else [s.strip() for s in order]
    names = [n for n in names if n]
    for n in names:
        if n not in CRITERIA:
            raise ParameterError("order", "unknown criterion %r (choose from %s)" % (n, ", ".join(CRITERIA)))
    if len(set(names)) != len(names):
        raise ParameterError("order", "a criterion is listed twice in %r" % ",".join(names))
    return tuple(names)


def hand_keep_costs(board: Board, player: str, casting: str | None = None) -> list[KeepCost]:
    """Keep costs for ``--keep-hand``: the mana cost ({X} = 0) of every card in `player`'s
    hand except one copy of `casting`; cards without a mana cost (lands) are skipped."""
    hand = list(board.player(player).hand)
    if casting in hand:
        hand.remove(casting)
    out = []
    for name in hand:
        card = board.db.get(name)
        if card.mana_cost is None:
            continue
        out.append(KeepCost(name, card.mana_cost.with_x(0), CostKeywords.of(card.abilities.cost_keywords)))
    return out


# Steps of a turn before its declare attackers step (500.1, 505.1, 506.1): a creature
# still untapped then may attack this turn.
_BEFORE_ATTACKS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat")


def could_attack(board: Board, player: str, perm: object) -> bool:
    """Whether `perm` (a payment resource) is a creature `player` could still attack with
    this turn: it is `player`'s turn (506.2: the active player attacks) before the declare
    attackers step (508.1a chooses the attackers before costs are paid, so using a
    creature to pay from then on takes no attacker away), the creature is untapped, free
    of summoning sickness or has haste (302.6), has no defender (702.3b) and has not
    attacked yet."""
    if not isinstance(perm, Permanent) or not perm.is_creature or perm.tapped or perm.attacked:
        return False
    if board.active_player != player or board.step not in _BEFORE_ATTACKS:
        return False
    return perm.can_use_tap_abilities and "Defender" not in perm.card.keywords


def tapped_trigger_damage(perm: Member) -> int:
    """Damage dealt to the controller whenever `perm` becomes tapped (City of Brass), read
    only from the exact sentence "Whenever this land becomes tapped, it deals N damage to you."."""
    card = getattr(perm, "card", None)  # floating mana and graveyard cards have no text here
    return card.triggers.tapped_damage if card else 0


def graveyard_use(board: Board, player: str, name: str) -> bool:
    """Whether card `name` in `player`'s graveyard could still be used from there: a
    keyword of `GRAVEYARD_KEYWORDS`, or flashback the board grants it."""
    card = board.db.get(name)
    return bool(card.spell_costs.flashback) or any(k in GRAVEYARD_KEYWORDS for k in card.keywords) \
        or any(g[0] == name for g in board.player(player).granted_flashback)


def _taps(role: Role) -> bool:
    """Whether taking this role taps the permanent (a {T} ability, convoke, improvise, or
    being tapped for another ability's cost); {Q} abilities untap it instead."""
    if role.pattern.kind != PatternKind.MANA:
        return True
    return bool(role.ability and role.ability.cost.tap)


class _Enforced:
    """The main model as `cpsat.build` sees it when it builds a keep cost's payment model
    straight into it: the variables are the main model's, and every constraint is
    enforced only when `flag` is true (`close` adds `flag` last to each, after the
    enforcement literals of its own).  CP-SAT enforces no exactly-one constraint, so
    one is added as the linear sum it means."""

    def __init__(self, main: cp_model.CpModel, flag: cp_model.IntVar) -> None:
        self.main, self.flag = main, flag
        self.first = len(main.proto.constraints)
        self.true: cp_model.IntVar | None = None

    def new_int_var(self, lb: int, ub: int, name: str) -> cp_model.IntVar:
        return self.main.new_int_var(lb, ub, "keep_" + name)

    def new_bool_var(self, name: str) -> cp_model.IntVar:
        return self.main.new_bool_var("keep_" + name)

    def add(self, ct) -> cp_model.Constraint:
        if isinstance(ct, cp_model.BoundedLinearExpression) or not ct:
            return self.main.add(ct)
        # A comparison an empty sum made True: over a true literal of the keep model's
        # own, so its variables are those of a model of its own, in the same order.
        if self.true is None:
            self.true = self.main.new_int_var(1, 1, "keep_")
        return self.main.add_bool_or([self.true])

    def add_exactly_one(self, literals: list[cp_model.IntVar]) -> cp_model.Constraint:
        return self.main.add(sum(literals) == 1)

    def close(self) -> None:
        """Enforce every constraint added through this view by `flag`."""
        constraints = self.main.proto.constraints
        for k in range(self.first, len(constraints)):
            constraints[k].enforcement_literal.append(self.flag.index)


@dataclass
class Problem:
    """The main payment model plus the keep copies and every level's expression."""

    pm: cpsat.PaymentModel
    keeps: list[KeepCost]
    kept: list[cp_model.IntVar]
    used: list[cp_model.LinearExpr | int]  # members of each class taking part
    levels: dict[str, cp_model.LinearExpr | int]  # an int: nothing on the board changes that level
    colour_makers: list[list[int]]  # per colour some class could make: the classes that could
    prefixes: dict[int, list[int]]  # per class on the field: the tie-break of using its first k members
    groups: dict[tuple[str, ...], list] = field(default_factory=dict)  # `_weighted` per order
    flat: dict[str, tuple[int, list[tuple[int, int]]]] = field(default_factory=dict)  # `_flat` per level
    # Per order: the proven optimum (`_solved`), or None if there is no payment.
    solved: dict[tuple[str, ...], tuple[cp_model.CpSolver, Choice] | None] = field(default_factory=dict)

    def evaluate(self, uses: dict[tuple[int, int], int], announced: int) -> dict[str, int]:
        """The level values (but keep's) of the payment whose class c has ``uses[c, j]``
        members in role j (the lowest ids first, as `members_taking` reads a solution)
        and that announces ``pm.announcements[announced]``: what a solution of the model
        with these uses has on each level at the optimum of the auxiliary variables
        (colours: a colour is left iff some maker has a member unused)."""
        pm = self.pm
        values = {v.index: uses.get(key, 0) for key, v in pm.use.items()}
        values.update({v.index: int(k == announced) for k, v in enumerate(pm.announce)})
        used = [sum(uses.get((c, j), 0) for j in range(len(cls.roles))) for c, cls in enumerate(pm.classes)]
        out = {}
        for name, expr in self.levels.items():
            if name == Criterion.COLORS:
                out[name] = -sum(1 for makers in self.colour_makers
                                 if any(len(pm.classes[c].members) > used[c] for c in makers))
            elif name == TIEBREAK:
                out[name] = sum(prefix[used[c]] for c, prefix in self.prefixes.items())
            elif name != Criterion.KEEP:
                offset, terms = self._flat(name)
                # KeyError if the level reads a variable other than a use or an announcement
                out[name] = offset + sum(coeff * values[index] for index, coeff in terms)
        return out

    def _flat(self, name: str) -> tuple[int, list[tuple[int, int]]]:
        """Level `name` as (offset, [(variable index, coefficient)]), computed once."""
        if name not in self.flat:
            expr = self.levels[name]
            if isinstance(expr, int):
                self.flat[name] = (expr, [])
            else:
                flat = cmh.FlatIntExpr(expr)
                self.flat[name] = (flat.offset, [(v.index, c) for v, c in zip(flat.vars, flat.coeffs)])
        return self.flat[name]


def _problem(board: Board, player: str, res: Resources, anns: list[Announcement], keeps: list[KeepCost]) -> Problem:
    """`_build`'s problem, built once per resources object (cached per unchanged board,
    see resources.collect) and question; `_solve_levels` leaves its model as it found it."""
    key = ("best", player, board.player(player).life, tuple(anns), tuple(keeps))
    # Without keep costs the model reads the classes alone (and the life total, in the
    # key); keep costs collect other resources of this board.
    models = res.board_models if keeps else res.models
    try:
        hit = models.get(key)
    except TypeError:  # an unhashable part: not cached
        return _build(board, player, res, anns, keeps)
    if hit is None:
        if len(models) >= _MODELS_KEPT:  # a long session asking many costs: forget the oldest
            del models[next(iter(models))]
        hit = models[key] = _build(board, player, res, anns, keeps)
    return hit


# Built problems kept per resources object (one per cost and keep costs asked).
_MODELS_KEPT = 32


def _build(board: Board, player: str, res: Resources, anns: list[Announcement], keeps: list[KeepCost]) -> Problem:
    """The CP-SAT model of the payments of `anns` with the keep copies and level expressions."""
    life_total = board.player(player).life
    pm = cpsat.build(res, anns, life_total)
    m = pm.model
    classes = pm.classes
    used = [pm.used(c) for c in range(len(classes))]
    reps = [cls.members[0] for cls in classes]
    # Floating mana and graveyard cards are not sources on the battlefield: using them
    # costs nothing on the colour, flexibility and tie-break levels (pool mana goes first).
    on_field = [isinstance(rep, Permanent) for rep in reps]

    damage = []
    for c, cls in enumerate(classes):
        trig = tapped_trigger_damage(reps[c])
        for j, r in enumerate(cls.roles):
            # a member not on the battlefield (a hand card exiled for mana) has no damage
            # condition for `damage_dealt` to read: it takes it for its ability alone
            dealt = [damage_dealt(board, reps[c], part.ability) + part.ability.life_loss  # type: ignore[arg-type]  # any Member: see above
                     for part in r.parts if part.ability]
            d = sum(dealt) + (trig if _taps(r) else 0)
            if d:
                damage.append(d * pm.use[c, j])
    loss = pm.life_paid + sum(damage)

    # Permanents sacrificed, cards exiled from the hand for mana (Elvish Spirit Guide) and
    # cards with a graveyard use exiled for delve.
    useful = {c for c, rep in enumerate(reps) if isinstance(rep, GraveyardCard) and graveyard_use(board, player, rep.name)}
    sacrificed = sum(pm.use[c, j] for c, cls in enumerate(classes) for j, r in enumerate(cls.roles)
                     if r.sacrifices or isinstance(reps[c], HandCard)
                     or (c in useful and r.pattern.kind == PatternKind.DELVE))
    produced = pm.total(lambda _, r: sum(len(p.pattern.bundle) for p in r.parts if p.pattern.kind == PatternKind.MANA))
    spent_on_costs = pm.total(lambda _, r: sum(cost_units(p.pattern) for p in r.parts if p.pattern.kind == PatternKind.MANA))
    convoked = pm.total(lambda _, r: int(r.pattern.kind in SYMBOL_PAYERS))
    spell_mana = sum(a.requirement.mana_units * v for a, v in zip(anns, pm.announce)) - convoked
    waste = produced - spell_mana - spent_on_costs
    # Redundant (the flows never spend more than is made) but it hands CP-SAT the lower
    # bound that proves "no waste" optimal at once instead of searching for it.
    m.add(waste >= 0)

    colors_left, colour_makers = [], []
    for col in COLORS:
        makers = [c for c, cls in enumerate(classes) if on_field[c] and any(
            r.pattern.kind == PatternKind.MANA and not r.pattern.costly and col in r.pattern.bundle for r in cls.roles)]
        if makers:
            avail = m.new_bool_var("avail_" + col)
            m.add(avail <= sum(len(classes[c].members) - used[c] for c in makers))
            colors_left.append(avail)
            colour_makers.append(makers)
    flex = sum(len({t for r in cls.roles if r.pattern.kind == PatternKind.MANA for t in r.pattern.bundle}) * used[c]
               for c, cls in enumerate(classes) if on_field[c])
    creatures = sum(used[c] for c, rep in enumerate(reps) if getattr(rep, "is_creature", False))
    attackers = sum(used[c] for c, rep in enumerate(reps) if could_attack(board, player, rep))
    # Tie-break: the sum of the ranks (in id order) of the permanents used; a class uses
    # its members in id order, so k members cost the sum of its k lowest ranks.
    rank = {pid: n for n, pid in enumerate(sorted(m_.id for cls in classes for m_ in cls.members))}
    tiebreak, prefixes = [], {}
    for c, cls in enumerate(classes):
        if not on_field[c]:
            continue
        ranks = [rank[x.id] for x in cls.members]
        prefix = prefixes[c] = [sum(ranks[:i]) for i in range(len(ranks) + 1)]
        if len(ranks) == 1:
            tiebreak.append(ranks[0] * used[c])
            continue
        k = m.new_int_var(0, len(ranks), "")
        m.add(k == used[c])
        cost = m.new_int_var(0, prefix[-1], "")
        m.add_element(k, prefix, cost)
        tiebreak.append(cost)

    kept = [_keep_copy(board, player, m, pm, used, kc, n, loss, life_total) for n, kc in enumerate(keeps)]
    levels = {"keep": -sum(kept), "life": loss, "sacrifice": sacrificed, "waste": waste,
              "attackers": attackers, "colors": -sum(colors_left), "flexibility": flex, "creatures": creatures, TIEBREAK: sum(tiebreak)}
    return Problem(pm, keeps, kept, used, levels, colour_makers, prefixes)


def _keep_copy(board: Board, player: str, m: cp_model.CpModel, pm: cpsat.PaymentModel, used: list,
               kc: KeepCost, n: int, loss, life_total: int) -> cp_model.IntVar:
    """Build the payment model of keep cost `kc` into `m`, active when the returned
    literal is true, using only members the main payment leaves."""
    kres = collect(board, player, convoke=kc.keywords.convoke, improvise=kc.keywords.improvise,
                   delve=kc.keywords.delve)
    flag = m.new_bool_var("kept_%d" % n)
    within = _Enforced(m, flag)
    sub = cpsat.build(kres, kc.cost.announcements(), life_total, into=within)
    within.close()
    kuse = sub.use
    for v in kuse.values():
        m.add(v == 0).only_enforce_if(flag.Not())
    # Members of a keep class come from the main classes it meets: y[a, b] of keep class
    # b's members from main class a; a main class gives no more than it has left.
    main_of = {x.id: a for a, cls in enumerate(pm.classes) for x in cls.members}
    given: dict[int, list] = {}
    for b, kcls in enumerate(sub.classes):
        meets = Counter(main_of[x.id] for x in kcls.members if x.id in main_of)
        if not meets:
            continue
        total = sum(kuse[b, j] for j in range(len(kcls.roles)))
        if len(meets) == 1 and sum(meets.values()) == len(kcls.members):
            (a,) = meets
            given.setdefault(a, []).append(total)
            continue
        parts = []
        for a, k in meets.items():
            y = m.new_int_var(0, k, "")
            given.setdefault(a, []).append(y)
            parts.append(y)
        outside = len(kcls.members) - sum(meets.values())
        m.add(total <= sum(parts) + outside)
    for a, takes in given.items():
        m.add(used[a] + sum(takes) <= len(pm.classes[a].members))  # the keep copy uses only what is left
    kann = sub.announce
    klife = sum(a.requirement.life * v for a, v in zip(sub.announcements, kann)) + sum(
        r.life * kuse[b, j] for b, kcls in enumerate(sub.classes) for j, r in enumerate(kcls.roles) if r.life)
    m.add(klife + loss <= life_total).only_enforce_if(flag)  # 119.4 after the payment's life and damage
    return flag


class _Unproven(Exception):
    """CP-SAT reached the question's time limit with a payment it has not proven best."""

    def __init__(self, solver: cp_model.CpSolver):
        super().__init__("not proven best within the time limit")
        self.solver = solver


# Classes larger than this keep CP-SAT's presolve on (see `_optimise`).
_PRESOLVE_FROM = 64


def _optimise(model: cp_model.CpModel, objective=None, presolve: bool = True) -> cp_model.CpSolver | None:
    """Solve to optimality with one worker and a fixed seed (deterministic); None if
    infeasible.  At the question's time limit: _Unproven with the payment found so far,
    or TimeUp if none was found."""
    if objective is not None:
        model.minimize(objective)
    # Measured (benchmarks/decision_loop.py): presolve costs more than it saves on the
    # small flows of ordinary boards (about 2x at 17 to 160 permanents) but is 100x
    # faster with classes of hundreds of members (the tie-break's element tables).
    # Measured the same way: symmetry detection and probing find nothing to use in
    # these flows, and the LP with every constraint from the start (not added lazily)
    # proves the weighted optimum 2-3x sooner on 17 to 2,000 permanents.
    solver = cpsat.new_solver(cp_model_presolve=presolve, symmetry_level=0, cp_model_probing_level=0,
                              add_lp_constraints_lazily=False)
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status == cp_model.FEASIBLE:
        raise _Unproven(solver)
    if status == cp_model.UNKNOWN:
        raise deadline.give_up()
    if status != cp_model.OPTIMAL:  # pragma: no cover - MODEL_INVALID would be a bug here
        raise RuntimeError("CP-SAT answered %s" % status)
    return solver


# Largest product of level ranges solved as one weighted objective (exact integers in
# CP-SAT's objective, well inside what its LP handles).
_WEIGHT_LIMIT = 1 << 31


def _range(expr) -> int:
    """hi - lo of `expr` over its variables' domains (a bound, not the attainable range)."""
    flat = cmh.FlatIntExpr(expr)  # the expression as one term per variable
    spread = 0
    for var, coeff in zip(flat.vars, flat.coeffs):
        dom = var.proto.domain
        spread += abs(coeff) * (dom[len(dom) - 1] - dom[0])  # (no negative index on the proto)
    return spread


def _solve_levels(prob: Problem, order: tuple[str, ...]) -> tuple[cp_model.CpSolver, dict[str, int], bool] | None:
    """The lexicographic optimum, in as few solves as the level ranges allow (levels are
    merged into one weighted objective while their range product is small): the last
    solver, each level's optimum and True; or None if no payment.  At the question's
    time limit: the payment found so far, the levels proven optimal before it (a level's
    variables may not equal its value in a solution that is not optimal) and False
    (TimeUp if no payment was found).  The problem's model is left as it was but for
    its objective (it is reused, see `_problem`)."""
    m = prob.pm.model
    values: dict[str, int] = {}
    levels: list[tuple[str, object]] = []
    for name in order + (TIEBREAK,):
        expr = prob.levels[name]
        if isinstance(expr, int):  # nothing on the board can change this level
            values[name] = expr
        else:
            levels.append((name, expr))
    if order not in prob.groups:
        prob.groups[order] = _weighted(levels) or [[]]
    groups = prob.groups[order]
    presolve = max((len(c.members) for c in prob.pm.classes), default=0) > _PRESOLVE_FROM
    if len(groups) > 1:  # the levels of earlier solves are fixed in a copy
        m = m.clone()
    solver: cp_model.CpSolver | None = None
    for n, group in enumerate(groups):
        m.clear_hints()
        if solver is not None:
            for v in list(prob.pm.use.values()) + list(prob.pm.announce) + list(prob.kept):
                m.add_hint(v, solver.value(v))
        try:
            solver = _optimise(m, sum(w * expr for _, expr, w in group) if group else None, presolve=presolve)
        except _Unproven as stop:  # a legal payment (it meets every constraint), not proven best
            return stop.solver, {name: values[name] for name in order + (TIEBREAK,) if name in values}, False
        if solver is None:
            return None
        for name, expr, _ in group:
            values[name] = solver.value(expr)
            if n + 1 < len(groups):
                m.add(expr == values[name])
    assert solver is not None  # `groups` is never empty
    return solver, {name: values[name] for name in order + (TIEBREAK,)}, True


def _weighted(levels: list[tuple[str, object]]) -> list[list[tuple[str, object, int]]]:
    """The levels cut into consecutive groups, each with its weight in the group's
    objective: a level's weight is the product of (range + 1) of the levels after it
    in its group, so one step of a level outweighs any change of the later ones; a
    group grows while that product stays under `_WEIGHT_LIMIT`."""
    groups: list[list[tuple[str, object, int]]] = []
    weight = _WEIGHT_LIMIT + 1
    for name, expr in reversed(levels):
        span = _range(expr) + 1
        if weight * span > _WEIGHT_LIMIT or not groups:
            groups.insert(0, [])
            weight = 1
        groups[0].insert(0, (name, expr, weight))
        weight *= span
    return groups


def _forbid(prob: Problem, solver: cp_model.CpSolver) -> None:
    """Exclude the solved payment up to interchangeable members: some class must use a
    role a different number of times, or the announcement must differ."""
    m = prob.pm.model
    diffs = [v.Not() for v in prob.pm.announce if solver.boolean_value(v)]
    for v in prob.pm.use.values():
        d = m.new_bool_var("")
        m.add(v != solver.value(v)).only_enforce_if(d)
        diffs.append(d)
    m.add_bool_or(diffs)


@dataclass
class Choice:
    """A solved payment: its JSON, its level values, what it taps and what it keeps."""

    payment: Payment
    values: dict[str, int]
    used: list[str]
    kept: list[str]
    colors: str


def _choice(prob: Problem, solver: cp_model.CpSolver, values: dict[str, int]) -> Choice:
    taking = cpsat.members_taking(prob.pm, solver)
    used = sorted(perm.id for perm, _ in taking)
    kept = [kc.label for kc, v in zip(prob.keeps, prob.kept) if solver.boolean_value(v)]
    left = [col for col in COLORS if any(
        r.pattern.kind == PatternKind.MANA and not r.pattern.costly and col in r.pattern.bundle
        for c, cls in enumerate(prob.pm.classes) if solver.value(prob.used[c]) < len(cls.members) for r in cls.roles)]
    return Choice(cpsat.read_payment(prob.pm, solver), values, used, kept, format_symbols(
        [Symbol(SymbolKind.COLOR, (col,)) for col in left]) if left else "no colour")


def kept_after(board: Board, player: str, keeps: list[KeepCost], used: list[str], loss: int) -> list[str]:
    """The labels of the keep costs payable, each on its own, by what a payment using
    the permanents `used` and losing `loss` life leaves (the keep copies of `_build`)."""
    gone = set(used)
    life_left = board.player(player).life - loss
    out = []
    for kc in keeps:
        kres = collect(board, player, convoke=kc.keywords.convoke, improvise=kc.keywords.improvise,
                       delve=kc.keywords.delve)
        left = [PermClass([x for x in cls.members if x.id not in gone], cls.roles, cls.indistinct)
                for cls in kres.classes]
        rest = Resources([cls for cls in left if cls.members], kres.skipped, kres.energy)
        if resources_payable(rest, kc.cost.announcements(), life_left):
            out.append(kc.label)
    return out


def _ids(ids: list[str]) -> str:
    return ", ".join(ids) if ids else "nothing more"


def _why(board: Board, player: str, res: Resources, anns: list[Announcement], keeps: list[KeepCost],
         order: tuple[str, ...], solver: cp_model.CpSolver, best: Choice) -> list[str]:
    """Why `best` (solved by `solver`) beats the best payment that differs from it.
    Raises TimeUp if the runner-up is not found and proven best within the time limit."""
    runner_prob = _build(board, player, res, anns, keeps)
    _forbid(runner_prob, solver)
    runner_solved = _solve_levels(runner_prob, order)
    if runner_solved is None:
        return ["the only payment"]
    runner_solver, runner_values, proven = runner_solved
    if not proven:  # a payment it beats, but maybe not the runner-up: no reason given
        raise deadline.give_up()
    runner = _choice(runner_prob, runner_solver, runner_values)
    deciding = next(n for n in order + (TIEBREAK,) if best.values[n] != runner.values[n]) \
        if best.values != runner.values else TIEBREAK
    return [explain(deciding, best, runner)]


def explain(name: str, best: Choice, runner: Choice) -> str:
    """One sentence: why `best` beats `runner` on criterion `name`."""
    only_runner = [p for p in runner.used if p not in best.used]
    taps = "the runner-up taps %s" % _ids(only_runner)
    b, r = best.values[name], runner.values[name]
    if name == Criterion.KEEP:
        gained = [k for k in best.kept if k not in runner.kept]
        return "keeps %s payable (%s and does not)" % (", ".join(gained), taps)
    if name == Criterion.LIFE:
        return "loses %d life to costs and damage where the runner-up loses %d (%s)" % (b, r, taps)
    if name == Criterion.SACRIFICE:
        return "sacrifices %d permanent%s (or exiles cards from hand, or graveyard cards with a use there) " \
            "where the runner-up gives up %d (%s)" % (
            b, "" if b == 1 else "s", r, taps)
    if name == Criterion.WASTE:
        return "leaves %d mana unspent where the runner-up leaves %d (%s)" % (b, r, taps)
    if name == Criterion.ATTACKERS:
        return "%s where the runner-up taps %s (%s)" % (
            level_words(name, b), _creatures(r, "that could attack"), taps)
    if name == Criterion.COLORS:
        return "leaves %s producible by untapped sources where the runner-up leaves %s (%s)" % (
            best.colors, runner.colors, taps)
    if name == Criterion.FLEXIBILITY:
        return "taps less flexible sources (%d mana types in all) than the runner-up (%d; %s)" % (b, r, taps)
    if name == Criterion.CREATURES:
        return "keeps %d more creature%s untapped to attack or block (%s)" % (r - b, "" if r - b == 1 else "s", taps)
    return "ties with the runner-up on every criterion; chosen by the deterministic tie-break (lowest permanent ids; %s)" % taps


def _creatures(n: int, which: str = "") -> str:
    tail = " " + which if which else ""
    return "no creature%s" % tail if not n else "%d creature%s%s" % (n, "" if n == 1 else "s", tail)


def level_words(name: str, value: int) -> str:
    """One criterion's value (as in a ``levels`` answer: lower is better, keep and colors
    negated counts) in words, e.g. ``attackers`` 3: "taps 3 creatures that could attack"."""
    n = -value if name in (Criterion.KEEP, Criterion.COLORS) else value
    if name == Criterion.KEEP:
        return "keeps %d keep cost%s payable" % (n, "" if n == 1 else "s")
    if name == Criterion.LIFE:
        return "loses %d life to costs and damage" % n
    if name == Criterion.SACRIFICE:
        return "gives up %d permanent%s or card%s (sacrificed, exiled from hand, or exiled from the graveyard " \
            "with a use there)" % (n, "" if n == 1 else "s", "" if n == 1 else "s")
    if name == Criterion.WASTE:
        return "leaves %d mana unspent" % n
    if name == Criterion.ATTACKERS:
        return "taps %s" % _creatures(n, "that could attack")
    if name == Criterion.COLORS:
        return "leaves %d colour%s producible by untapped sources" % (n, "" if n == 1 else "s")
    if name == Criterion.FLEXIBILITY:
        return "uses sources that make %d mana type%s in all" % (n, "" if n == 1 else "s")
    if name == Criterion.CREATURES:
        return "taps %s" % _creatures(n)
    return "ranks %d on the tie-break (the sum of the used permanents' ranks in id order)" % n


def levels_words(levels: Mapping[str, int]) -> dict[str, str]:
    """Each level of a ``levels`` answer in words (`level_words`)."""
    return {name: level_words(name, v) for name, v in levels.items()}


def compared(name: str, better: int, worse: int, other: str = "the runner-up") -> str:
    """Why a payment with `better` on criterion `name` beats `other` with `worse`, in
    words: "taps 3 creatures that could attack where the runner-up taps 4 ..."."""
    return "%s where %s %s" % (level_words(name, better), other, level_words(name, worse))


def solve_best(board: Board, player: str, res: Resources, anns: list[Announcement], keeps: list[KeepCost],
               order: tuple[str, ...]) -> tuple[Problem, cp_model.CpSolver, Choice, bool] | None:
    """The best payment by `order` keeping `keeps` where it can: the problem solved, its
    solver, the choice and whether it was proven best within the time limit (TimeUp if
    no payment was found in time); None if there is no payment."""
    prob = _problem(board, player, res, anns, [])
    solved = _solved(prob, order)
    if solved is None:
        return None
    solver, best, proven = solved
    if keeps:
        kept = kept_after(board, player, keeps, best.used, solver.value(prob.levels["life"])) if proven else []
        if proven and len(kept) == len(keeps):
            # The best payment ignoring the keep costs keeps them all: no payment keeps
            # more, so it is also the best one with the keep level in any position.
            best.kept, best.values["keep"] = kept, -len(kept)
        else:
            prob = _problem(board, player, res, anns, keeps)
            resolved = _solved(prob, order)
            assert resolved is not None  # the payment found without the keep costs is one of this model's too
            solver, best, proven = resolved
    return prob, solver, best, proven


def _solved(prob: Problem, order: tuple[str, ...]) -> tuple[cp_model.CpSolver, Choice, bool] | None:
    """`_solve_levels(prob, order)` and its choice (None if there is no payment),
    remembered on the problem once proven: the problem is cached per unchanged classes
    and question (`_problem`) and its model is left as it was, so solving it again (one
    worker, a fixed seed) would find the same solution.  A payment found at the time
    limit, not proven best, is not remembered.  The choice is a copy the caller may change."""
    if order in prob.solved:
        hit = prob.solved[order]
        if hit is None:
            return None
        solver, choice = hit
        return solver, replace(choice, values=dict(choice.values), used=list(choice.used), kept=list(choice.kept)), True
    solved = _solve_levels(prob, order)
    if solved is None:
        prob.solved[order] = None
        return None
    solver, values, proven = solved
    best = _choice(prob, solver, values)
    if proven:
        prob.solved[order] = solver, replace(best, values=dict(best.values), used=list(best.used),
                                             kept=list(best.kept))
    return solver, best, proven


def next_best(board: Board, player: str, res: Resources, anns: list[Announcement], keeps: list[KeepCost],
              order: tuple[str, ...], solver: cp_model.CpSolver, seconds: float, most: int) -> list:
    """After the payment `solver` solved (of `solve_best`'s problem), at most `most` next
    payments by `order`, each a different group (`_forbid`), as (payment model, solver)
    pairs, until none is left or `seconds` pass (a payment found but not proven next is
    still given, then the search ends)."""
    prob = _build(board, player, res, anns, keeps)
    _forbid(prob, solver)
    out: list = []
    with deadline.time_limit(max(seconds, 0.001)):
        while len(out) < most:
            try:
                solved = _solve_levels(prob, order)
            except deadline.TimeUp:
                break
            if solved is None:
                break
            out.append((prob.pm, solved[0]))
            if not solved[2]:
                break
            _forbid(prob, solved[0])
    return out


def best_payment(board: Board, player: str, res: Resources, anns: list[Announcement],
                 keeps: list[KeepCost] | None = None, order: tuple[str, ...] = DEFAULT_ORDER,
                 why: bool = True) -> BestFound:
    """What ``pay --best`` finds: one payment (None if none), its levels (its value on
    each criterion, lower is better; keep and colors are negated counts), the keep costs
    that stay payable and, with `why`, the deciding criterion against the runner-up (a
    second optimisation).

    At the question's time limit (solver.deadline) the answer is the best payment found
    so far, a legal one, not optimal, with `time_limit_reached` and the levels only those
    proven optimal (a reason not found in time is said in `why`); TimeUp if no payment
    was found."""
    keeps = list(keeps or [])
    solved = solve_best(board, player, res, anns, keeps, order)
    if solved is None:
        return BestFound(None, {}, why=() if why else None)
    _, solver, best, proven = solved
    reasons: tuple[str, ...] | None = None
    by_time = not proven
    if why and not proven:
        reasons = ("not explained: %s before this payment was proven best" % deadline.give_up(),)
    elif why:
        try:
            reasons = tuple(_why(board, player, res, anns, keeps, order, solver, best))
        except deadline.TimeUp as stop:
            reasons, by_time = ("not explained: %s before the runner-up was found" % stop,), True
    notes = tuple("%s: %r not read; its damage is not counted" % (p.id, line) for p in board.controlled_by(player)
                  for line in p.card.triggers.tapped_unread)
    return BestFound(best.payment, best.values, tuple(best.kept), tuple(k.label for k in keeps), proven, reasons,
                     by_time, notes)


