"""The payment solver's answer as the user sees it: `solver.pay.pay` with its typed
payments turned into JSON by `manasolve.answers` (for tests that look at payments)."""

from __future__ import annotations

from manasolve.answers import pay_json
from manasolve.solver import pay as solver_pay


def pay(*args, **kwargs) -> dict:
    """``solver.pay.pay(*args, **kwargs)`` as JSON."""
    return pay_json(solver_pay.pay(*args, **kwargs))


def tapped(answer: dict) -> list[str]:
    """The ids the best payment taps, sorted."""
    best = answer["best"]
    return sorted([a["permanent"] for a in best["activations"]] + [t["permanent"] for t in best["tapped_for_cost"]])
