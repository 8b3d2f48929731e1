"""The CP-SAT model of one payment: is there one, and which one is best?

One boolean per (permanent, role), one announcement among the 601.2b announcements,
integer flows from each permanent's mana to the spell's symbols and to other activations'
costs, and levels that order mana-costing activations so each is funded only by mana
made before it (no ring pays for itself).  Every rule of a payment in design.md is a
constraint here; the brute-force enumerator in the tests checks it independently.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ortools.sat.python import cp_model

from manasolve.models.board import Permanent
from manasolve.models.mana import Announcement
from manasolve.solver.feasibility import cost_symbol_accepts, spell_kind_accepts
from manasolve.solver.resources import (
    SYMBOL_PAYERS,
    TAP_PURPOSE,
    Pattern,
    PoolMana,
    Resources,
    Role,
)

KINDS = ("W", "U", "B", "R", "G", "C", "S", "generic")


@dataclass
class PaymentModel:
    """A built CP-SAT model plus the variables needed to read a payment back."""

    model: cp_model.CpModel
    members: list[tuple[Permanent, list[Role]]]
    use: dict[tuple[int, int], cp_model.IntVar]
    announce: list[cp_model.IntVar]
    announcements: list[Announcement]
    life_paid: cp_model.LinearExpr

    def total(self, per_use) -> cp_model.LinearExpr:
        """The sum over every (member, role) chosen of `per_use(member, role)`."""
        return _total(self.members, self.use, per_use)


def _total(members: list[tuple[Permanent, list[Role]]], use: dict, per_use) -> cp_model.LinearExpr:
    return sum(per_use(perm, r) * use[i, j] for i, (perm, roles) in enumerate(members) for j, r in enumerate(roles))


def build(resources: Resources, announcements: list[Announcement], life_total: int) -> PaymentModel:
    """The CP-SAT model whose solutions are exactly the payments (one announcement)."""
    m = cp_model.CpModel()
    members = [(perm, cls.roles) for cls in resources.classes for perm in cls.members]
    use: dict[tuple[int, int], cp_model.IntVar] = {}
    for i, (perm, roles) in enumerate(members):
        for j, _ in enumerate(roles):
            use[i, j] = m.NewBoolVar("use_%s_%d" % (perm.id, j))
        m.AddAtMostOne(use[i, j] for j in range(len(roles)))  # 118.3: tapped once
    announce = [m.NewBoolVar("announce_%d" % k) for k in range(len(announcements))]
    m.AddExactlyOne(announce)
    by_kind = [a.requirement.by_kind() for a in announcements]
    demand = {k: sum(d[k] * v for d, v in zip(by_kind, announce)) for k in KINDS}
    max_units = sum(max(len(part.pattern.bundle), 1) for _, roles in members for r in roles for part in r.parts) + 1

    # Costs of mana-costing activations: one demand node per (member, symbol).
    cost_nodes: dict[int, list[tuple[object, cp_model.LinearExpr]]] = {}
    for i, (perm, roles) in enumerate(members):
        per_symbol: dict[object, cp_model.LinearExpr] = {}
        for j, r in enumerate(roles):
            for sym, n in Counter(r.pattern.cost_symbols).items():
                amount = sym.amount * n if sym.kind == "generic" else n
                per_symbol[sym] = per_symbol.get(sym, 0) + amount * use[i, j]
        if per_symbol:
            cost_nodes[i] = list(per_symbol.items())
    costly = sorted(cost_nodes)
    level = {i: m.NewIntVar(0, len(costly), "level_%d" % i) for i in costly}

    into_kind: dict[str, list] = {k: [] for k in KINDS}
    into_cost: dict[tuple[int, int], list] = {}
    for n_prod, (i, made_by) in enumerate(_producers(members)):
        perm = members[i][0]
        spent_total = []
        types = sorted({t for _, p in made_by for t in p.bundle})
        pattern = made_by[0][1]  # the patterns of one producer share snow-ness and restriction
        for t in types:
            made = sum(p.bundle.count(t) * use[i, j] for j, p in made_by)
            outs = []
            for k in KINDS:
                if spell_kind_accepts(k, pattern, t):
                    f = m.NewIntVar(0, max_units, "f_%s_%d_%s_%s" % (perm.id, n_prod, t, k))
                    into_kind[k].append(f)
                    outs.append(f)
            for q in costly:
                if q == i:
                    continue
                for s_idx, (sym, _) in enumerate(cost_nodes[q]):
                    if cost_symbol_accepts(sym, t, pattern):
                        f = m.NewIntVar(0, max_units, "g_%s_%d_%s_%d_%d" % (perm.id, n_prod, t, q, s_idx))
                        into_cost.setdefault((q, s_idx), []).append(f)
                        outs.append(f)
                        if i in level:  # 601.2g: funded only by mana made earlier
                            b = m.NewBoolVar("")
                            m.Add(f == 0).OnlyEnforceIf(b.Not())
                            m.Add(level[i] + 1 <= level[q]).OnlyEnforceIf(b)
            m.Add(sum(outs) <= made)
            spent_total += outs
        # No activation wasted: at least one of its mana is spent.
        m.Add(sum(spent_total) >= sum(use[i, j] for j, _ in made_by))
    for i, (perm, roles) in enumerate(members):
        for j, r in enumerate(roles):
            if r.pattern.kind in SYMBOL_PAYERS:
                outs = []
                for k in KINDS:
                    if spell_kind_accepts(k, r.pattern, None):
                        f = m.NewIntVar(0, 1, "t_%s_%s" % (perm.id, k))
                        into_kind[k].append(f)
                        outs.append(f)
                m.Add(sum(outs) == use[i, j])  # 702.51a: each tapped creature pays one symbol
    for k in KINDS:
        m.Add(sum(into_kind[k]) == demand[k])
    for q in costly:
        for s_idx, (_, amount) in enumerate(cost_nodes[q]):
            m.Add(sum(into_cost.get((q, s_idx), [])) == amount)

    # Creatures tapped for "tap an untapped creature" costs: as many as those costs ask.
    m.Add(_total(members, use, lambda _, r: sum(part.pattern.tap_creatures for part in r.parts))
          == _total(members, use, lambda _, r: int(r.pattern.kind == "tapped")))
    life_paid = sum(a.requirement.life * v for a, v in zip(announcements, announce)) + _total(
        members, use, lambda _, r: r.life)
    m.Add(life_paid <= max(life_total, 0))  # 119.4
    m.Add(_total(members, use, lambda _, r: sum(part.pattern.energy for part in r.parts))
          <= resources.energy)  # 107.14
    return PaymentModel(m, members, use, announce, announcements, life_paid)


def _producers(members: list[tuple[Permanent, list[Role]]]) -> list[tuple[int, list[tuple[int, Pattern]]]]:
    """Who makes mana, each with its own flows and "no activation wasted" constraint:
    per member, its one-activation roles (split by snow-ness — mana of a permanent
    sacrificed to an outlet comes from the outlet — and by spend restriction), and each
    activation of a role with two (each must have some of its mana spent)."""
    out = []
    for i, (_, roles) in enumerate(members):
        single: dict[tuple[bool, bool, bool], list[tuple[int, Pattern]]] = {}
        for j, r in enumerate(roles):
            if r.then is None and r.pattern.kind == "mana":
                p = r.pattern
                single.setdefault((p.snow, p.spell_only, p.no_generic), []).append((j, p))
            elif r.then is not None:
                out += [(i, [(j, part.pattern)]) for part in r.parts if part.pattern.kind == "mana"]
        out += [(i, made_by) for _, made_by in sorted(single.items())]
    return out


def solve(pm: PaymentModel, objective=None) -> cp_model.CpSolver | None:
    """Solve (optionally minimising `objective`); the solver if a payment exists, else None."""
    if objective is not None:
        pm.model.Minimize(objective)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic answers
    # Payments are flows: with the full LP relaxation CP-SAT finds or refutes one at once,
    # where the default single-worker search can wander for minutes on large boards.
    solver.parameters.linearization_level = 2
    solver.parameters.random_seed = 0
    status = solver.Solve(pm.model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver
    return None


def read_payment(pm: PaymentModel, solver: cp_model.CpSolver) -> dict:
    """The solved payment in the ``pay --best`` JSON shape (one ungrouped payment)."""
    k = next(k for k, v in enumerate(pm.announce) if solver.Value(v))
    a = pm.announcements[k]
    answer: dict = {"announced": a.text, "life": a.requirement.life, "tapped_for_cost": [], "activations": []}
    for (i, j), v in sorted(pm.use.items()):
        if solver.Value(v):
            perm, roles = pm.members[i]
            for part in roles[j].parts:
                _read_use(perm, part, answer)
    return answer


def _read_use(perm, r: Role, answer: dict) -> None:
    """Add one use (one part of a role) of `perm` to the answer."""
    p = r.pattern
    if p.kind == "mana" and isinstance(perm, PoolMana):
        answer.setdefault("from_pool", []).append("{%s}" % p.bundle[0])
    elif p.kind == "mana":
        act = {"permanent": getattr(perm, "source", perm.id), "ability": r.ability.text if r.ability else "",
               "produces": "".join("{%s}" % t for t in p.bundle)}
        if r.via:  # the outlet's activation, sacrificing perm
            act.update(permanent=r.via[0], sacrificed=perm.id)
        answer["activations"].append(act)
        answer["life"] += p.life
    elif p.kind == "delve":
        answer.setdefault("exiled_for_delve", []).append(perm.id)
    else:
        answer["tapped_for_cost"].append({"permanent": perm.id, "for": TAP_PURPOSE[p.kind]})
