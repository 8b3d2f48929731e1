"""The CP-SAT model of one payment: is there one, and which one is best?

One integer per (class of interchangeable permanents, role): how many members take that
role (118.3: each member takes at most one), one announcement among the 601.2b
announcements, integer flows from each role's mana to the spell's symbols and to other
activations' costs.  Mana-costing activations must be funded only by mana made before
them (601.2g; no ring pays for itself): when every such cost is {1} (Signets) it is
enough that some free mana pays an activation cost (feasibility._costs_one_generic);
otherwise each member of a class with such a role is a class of its own with a level,
and mana flows only from a lower level to a higher one.  Every rule of a payment in
design.md is a constraint here; the brute-force enumerator in the tests checks it
independently.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ortools.sat.python import cp_model

from manasolve.models.mana import Announcement, Symbol, SymbolKind
from manasolve.solver import deadline
from manasolve.solver.feasibility import cost_symbol_accepts, costs_one_generic, spell_kind_accepts
from manasolve.solver.results import Activation, Payment, Tapped
from manasolve.solver.resources import (
    SYMBOL_PAYERS,
    Member,
    TAP_PURPOSE,
    PatternKind,
    PermClass,
    PoolMana,
    Resources,
    Role,
)

KINDS = ("W", "U", "B", "R", "G", "C", "S", "generic")


class Model(cp_model.CpModel):
    """A CpModel without the deprecated CamelCase aliases OR-Tools attaches to every
    new model (about 1.5 ms a model, measured: a third of a best question on 20
    permanents); the solver uses the snake_case names only."""

    def _add_pre_pep8_methods(self) -> None:
        pass

    def clone(self) -> Model:
        """A copy of the model (CpModel.clone, but a Model)."""
        copy = Model()
        copy.proto.copy_from(self.proto)
        copy.rebuild_constant_map()
        return copy


@dataclass
class PaymentModel:
    """A built CP-SAT model plus the variables needed to read a payment back.

    classes: the classes as modelled (members sorted by id); use[c, j]: how many members
    of class c take role j."""

    model: cp_model.CpModel
    classes: list[PermClass]
    use: dict[tuple[int, int], cp_model.IntVar]
    announce: list[cp_model.IntVar]
    announcements: list[Announcement]
    life_paid: cp_model.LinearExpr

    def total(self, per_use) -> cp_model.LinearExpr:
        """The sum over every (class, role) of `per_use(class, role)` times its use."""
        return _total(self.classes, self.use, per_use)

    def used(self, c: int) -> cp_model.LinearExpr | int:
        """How many members of class c take part."""
        return sum(self.use[c, j] for j in range(len(self.classes[c].roles)))


def _total(classes: list[PermClass], use: dict, per_use) -> cp_model.LinearExpr:
    # (the terms of weight 0 left out: a smaller expression to build and to solve)
    return sum(w * use[c, j] for c, cls in enumerate(classes) for j, r in enumerate(cls.roles) if (w := per_use(cls, r)))


def model_classes(resources: Resources) -> tuple[list[PermClass], bool]:
    """The classes the model uses, and whether mana-costing activations need levels:
    every member sorted by id; when some activation costs more than {1}, each member of
    a class with a mana-costing role is split into a class of its own."""
    leveled = any(part.pattern.costly and not costs_one_generic(part.pattern)
                  for cls in resources.classes for r in cls.roles for part in r.parts)
    out = []
    for cls in resources.classes:
        members = sorted(cls.members, key=lambda m: m.id)
        if leveled and any(part.pattern.costly for r in cls.roles for part in r.parts) and not cls.indistinct:
            out += [PermClass([m], cls.roles) for m in members]
        else:
            out.append(PermClass(members, cls.roles, cls.indistinct))
    return out, leveled


def build(resources: Resources, announcements: list[Announcement], life_total: int, into=None) -> PaymentModel:
    """The CP-SAT model whose solutions are exactly the payments (one announcement), up
    to which members of a class take which role; built in `into` (best's keep costs:
    a view of the main model enforcing every constraint) instead of a new model."""
    m = Model() if into is None else into
    classes, leveled = model_classes(resources)
    use: dict[tuple[int, int], cp_model.IntVar] = {}
    for c, cls in enumerate(classes):
        n = len(cls.members)
        for j, _ in enumerate(cls.roles):
            use[c, j] = m.new_int_var(0, n, "use_%s_%d" % (cls.members[0].id, j))
        m.add(sum(use[c, j] for j in range(len(cls.roles))) <= n)  # 118.3: tapped once
    announce = [m.new_bool_var("announce_%d" % k) for k in range(len(announcements))]
    m.add_exactly_one(announce)
    by_kind = [a.requirement.by_kind() for a in announcements]
    demand = {k: sum(d[k] * v for d, v in zip(by_kind, announce)) for k in KINDS}
    max_units = sum(len(cls.members) * max(len(part.pattern.bundle), 1)
                    for cls in classes for r in cls.roles for part in r.parts) + 1

    # Costs of mana-costing activations: one demand node per (class, symbol).
    cost_nodes: dict[int, list[tuple[Symbol, cp_model.LinearExpr]]] = {}
    for c, cls in enumerate(classes):
        per_symbol: dict[Symbol, cp_model.LinearExpr] = {}
        for j, r in enumerate(cls.roles):
            for part in r.parts:
                for sym, n in Counter(part.pattern.cost_symbols).items():
                    amount = sym.amount * n if sym.kind == SymbolKind.GENERIC else n
                    per_symbol[sym] = per_symbol.get(sym, 0) + amount * use[c, j]
        if per_symbol:
            cost_nodes[c] = list(per_symbol.items())
    costly = sorted(cost_nodes)
    level = {c: m.new_int_var(0, len(costly), "level_%d" % c) for c in costly} if leveled else {}

    into_kind: dict[str, list] = {k: [] for k in KINDS}
    into_cost: dict[tuple[int, int], list] = {}
    free_to_cost = []  # mana of activations that cost nothing, paying an activation cost
    for c, j, part in _producers(classes):
        p = part.pattern
        spent = []
        for t in sorted(set(p.bundle)):
            outs = []
            for k in KINDS:
                if spell_kind_accepts(k, p, t):
                    f = m.new_int_var(0, max_units, "")
                    into_kind[k].append(f)
                    outs.append(f)
            for q in costly:
                if q == c and leveled:
                    continue
                for s_idx, (sym, _) in enumerate(cost_nodes[q]):
                    if cost_symbol_accepts(sym, t, p):
                        f = m.new_int_var(0, max_units, "")
                        into_cost.setdefault((q, s_idx), []).append(f)
                        outs.append(f)
                        if c in level:  # 601.2g: funded only by mana made earlier
                            b = m.new_bool_var("")
                            m.add(f == 0).only_enforce_if(b.Not())
                            m.add(level[c] + 1 <= level[q]).only_enforce_if(b)
                        elif not p.costly:
                            free_to_cost.append(f)
            m.add(sum(outs) <= p.bundle.count(t) * use[c, j])
            spent += outs
        # No activation wasted: each has at least one of its mana spent.
        m.add(sum(spent) >= use[c, j])
    for c, cls in enumerate(classes):
        for j, r in enumerate(cls.roles):
            if r.pattern.kind in SYMBOL_PAYERS:
                outs = []
                for k in KINDS:
                    if spell_kind_accepts(k, r.pattern, None):
                        f = m.new_int_var(0, len(cls.members), "")
                        into_kind[k].append(f)
                        outs.append(f)
                m.add(sum(outs) == use[c, j])  # 702.51a: each tapped creature pays one symbol
    for k in KINDS:
        m.add(sum(into_kind[k]) == demand[k])
    for q in costly:
        for s_idx, (_, amount) in enumerate(cost_nodes[q]):
            m.add(sum(into_cost.get((q, s_idx), [])) == amount)
    if costly and not leveled:
        # Every activation cost is {1}: some free mana pays one when any is activated.
        any_costly = m.new_bool_var("any_costly")
        m.add(sum(use[c, j] for c in costly for j, r in enumerate(classes[c].roles)
                  if any(part.pattern.costly for part in r.parts)) == 0).only_enforce_if(any_costly.Not())
        m.add(sum(free_to_cost) >= 1).only_enforce_if(any_costly)

    # Creatures tapped for "tap an untapped creature" costs: as many as those costs ask.
    m.add(_total(classes, use, lambda _, r: sum(part.pattern.tap_creatures for part in r.parts))
          == _total(classes, use, lambda _, r: int(r.pattern.kind == PatternKind.TAPPED)))
    life_paid = sum(a.requirement.life * v for a, v in zip(announcements, announce)) + _total(
        classes, use, lambda _, r: r.life)
    m.add(life_paid <= max(life_total, 0))  # 119.4
    m.add(_total(classes, use, lambda _, r: sum(part.pattern.energy for part in r.parts))
          <= resources.energy)  # 107.14
    return PaymentModel(m, classes, use, announce, announcements, life_paid)


def _producers(classes: list[PermClass]) -> list[tuple[int, int, Role]]:
    """(class, role, part) for every use that makes mana: each gets its own flows and
    "no activation wasted" constraint (a role with two activations, one per part)."""
    return [(c, j, part) for c, cls in enumerate(classes) for j, r in enumerate(cls.roles) for part in r.parts
            if part.pattern.kind == PatternKind.MANA]


def new_solver(**tuned) -> cp_model.CpSolver:
    """A CP-SAT solver with the parameters every payment model is solved with, plus the
    `tuned` ones (best's, measured), given the question's time left: the one place
    they are written."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic answers
    # Payments are flows: with the full LP relaxation CP-SAT finds or refutes one at once,
    # where the default single-worker search can wander for minutes on large boards.
    solver.parameters.linearization_level = 2
    solver.parameters.random_seed = 0
    # Probing (in presolve and again before the search) finds nothing these flows need
    # and, with a mana-costing activation of many roles (4 Baxter Building + 12 Forest),
    # was most of the solve: 9.3 s of it against 1.4 s without (benchmarks/time_limits.py).
    solver.parameters.cp_model_probing_level = 0
    for name, value in tuned.items():
        setattr(solver.parameters, name, value)
    deadline.limit_solver(solver)
    return solver


def solve(pm: PaymentModel, objective=None) -> cp_model.CpSolver | None:
    """Solve (optionally minimising `objective`); the solver if a payment exists, else None."""
    if objective is not None:
        pm.model.minimize(objective)
    solver = new_solver()
    status = solver.solve(pm.model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver
    if status == cp_model.UNKNOWN:  # stopped by the time limit: a payment neither found nor refuted
        raise deadline.give_up()
    return None


def members_taking(pm: PaymentModel, solver: cp_model.CpSolver) -> list[tuple[Member, Role]]:
    """The solved payment as (member, role) pairs: in each class the members in id order
    take the roles in role order (any members would do: they are interchangeable)."""
    out = []
    for c, cls in enumerate(pm.classes):
        members = iter(cls.members)
        for j, r in enumerate(cls.roles):
            out += [(next(members), r) for _ in range(solver.value(pm.use[c, j]))]
    return out


def read_payment(pm: PaymentModel, solver: cp_model.CpSolver) -> Payment:
    """The solved payment (one ungrouped payment), uses in permanent id order."""
    k = next(k for k, v in enumerate(pm.announce) if solver.value(v))
    a = pm.announcements[k]
    life, activations, tapped, exiled, pool = a.requirement.life, [], [], [], []
    for perm, role in sorted(members_taking(pm, solver), key=lambda pr: pr[0].id):
        for r in role.parts:
            p = r.pattern
            if p.kind == PatternKind.MANA and isinstance(perm, PoolMana):
                pool.append("{%s}" % p.bundle[0])
            elif p.kind == PatternKind.MANA:
                produces = "".join("{%s}" % t for t in p.bundle)
                ability = r.ability.text if r.ability else ""
                if r.via:  # the outlet's activation, sacrificing perm
                    activations.append(Activation(r.via[0], ability, produces, perm.id, r.riders))
                else:
                    activations.append(Activation(getattr(perm, "source", perm.id), ability, produces, riders=r.riders))
                life += p.life
            elif p.kind == PatternKind.DELVE:
                exiled.append(perm.id)
            else:
                tapped.append(Tapped(perm.id, TAP_PURPOSE[p.kind]))
    return Payment(a.text, life, tuple(activations), tuple(tapped), tuple(exiled), tuple(pool),
                   paid_with_life=a.paid_with_life)
