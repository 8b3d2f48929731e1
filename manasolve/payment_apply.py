"""A payment in JSON, translated for the core: what `PlayBoard.apply` and ``board.apply``
do with a ``pay`` answer before and after `manasolve.solver.position.Position.push`
carries it out (the rules: `manasolve.solver.carry_out`).

A payment is the ``best`` object of a ``pay`` answer (``mode="best"``) or one group of
``mode="all"`` (one member of each interchangeable class is picked, the first ids
listed); `payment_from_json` makes it the typed payment
(`manasolve.models.payment.PaymentIn`), `manasolve.answers.done_json` writes what carrying it out did.
"""

from __future__ import annotations

from typing import Any

from manasolve.models.board import Board, InputError
from manasolve.models.payment import PaymentIn, checked_payment, payment_value
from manasolve.answers import done_json
from manasolve.solver.carry_out import carry_out


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


def payment_from_json(payment: Any, player: str | None, where: str = "payment") -> tuple[PaymentIn, str | None]:
    """(the typed payment, who pays) of `payment` in JSON: best-shaped, a group, or a whole
    pay answer (checked by `manasolve.models.payment.checked_payment`; a group as its
    `group_as_payment`).  InputError naming the JSON path for anything else."""
    payment, player = checked_payment(payment, player, where)
    if "multiplicity" in payment:
        payment = group_as_payment(payment)
    return payment_value(payment), player


def apply_payment(data: dict, board: Board, payment: Any, player: str | None) -> dict:
    """Carry out `payment` in JSON (as `payment_from_json` takes it) for `player` on `data`
    (the board dict `board` was resolved from, edited in place): what it did, as
    `done_json` writes it.  Raises InputError, naming the payment field, for a use the
    board does not allow."""
    typed, player = payment_from_json(payment, player)
    return done_json(carry_out(data, board, typed, player))
