"""A game environment's payment decision from ``pay --candidates`` (issue 30).

Two adapters over one manasolve answer (API ``mode="candidates"``):

* `to_pay_mana`: a Spellbench-style ``pay_mana`` decision — a list of at most 4,096
  options an agent picks one index from, each described in words (what it taps, the
  mana and life it spends, what it leaves castable), option 0 the payment ``--best``
  would make; `chosen_payment` turns the chosen index back into one concrete payment
  (the group's lowest-id members, as ``audit`` and ``board.apply`` take it);
* `to_selected_sources`: the same choice in argentum's ``SELECT_MANA_SOURCES`` response
  shape: the ids of the sources selected, and ``autoPay`` false.

Run:  python examples/pay_decision.py [BOARD] [--cost COST] [--choose N]
(default: the built-in example board, ``{2}{G}``, option 0).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import manasolve
from manasolve import api
from manasolve.payment_apply import group_as_payment

SPELLBENCH_MAX_OPTIONS = 4096  # Spellbench v2: a decision picks one of at most 4,096 candidates


def _describe(candidate: dict) -> str:
    """One option in words: "tap 2 of f1,f2 ({G}); convoke with 1 of bear1,bear2 — 0 life; leaves Counterspell castable"."""
    uses = ["tap %d of %s (%s)" % (a["use"], ",".join(a["permanents"]), a["produces"]) for a in candidate["activations"]]
    uses += ["%s with %d of %s" % (t["for"], t["use"], ",".join(t["permanents"])) for t in candidate["tapped_for_cost"]]
    castable = ", ".join(candidate["castable"]) or "no other hand card"
    return "%s — %s, %d life; leaves %s castable" % (
        "; ".join(uses) or "nothing to tap", candidate["mana"] or "no mana", candidate["life"], castable)


def to_pay_mana(answer: dict) -> dict:
    """A ``pay_mana`` decision from a ``pay`` mode candidates answer: the cost, the options
    (index, description, the candidate itself) and which option manasolve recommends."""
    options = [{"index": i, "description": _describe(c), "candidate": c}
               for i, c in enumerate(answer["candidates"][:SPELLBENCH_MAX_OPTIONS])]
    return {"type": "pay_mana", "cost": answer["cost"], "player": answer["player"], "options": options,
            "recommended": 0 if options else None, "complete": answer["ranked_all"]}


def chosen_payment(decision: dict, index: int) -> dict:
    """The concrete payment of option `index` (the shape of ``pay --best``'s ``best``)."""
    if not 0 <= index < len(decision["options"]):
        raise ValueError("choose an option from 0 to %d, got %d" % (len(decision["options"]) - 1, index))
    return group_as_payment(decision["options"][index]["candidate"])


def to_selected_sources(payment: dict) -> dict:
    """argentum's ``SELECT_MANA_SOURCES`` response: the sources the payment taps or uses
    (mana abilities' permanents, then the creatures/artifacts tapped for convoke or
    improvise), and ``autoPay`` false (the agent chose)."""
    sources = [a["permanent"] for a in payment["activations"]]
    sources += [t["permanent"] for t in payment["tapped_for_cost"] if t["permanent"] not in sources]
    return {"selectedSources": sources, "autoPay": False}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", default=str(Path(manasolve.__file__).parent / "data" / "example_board.json"))
    parser.add_argument("--cost", default="{2}{G}")
    parser.add_argument("--choose", type=int, default=0, help="the option the agent picks")
    args = parser.parse_args()
    answer = api.pay(args.board, args.cost, mode="candidates", candidates=SPELLBENCH_MAX_OPTIONS)
    decision = to_pay_mana(answer)
    for option in decision["options"][:10]:
        print("%4d  %s" % (option["index"], option["description"]))
    if len(decision["options"]) > 10:
        print("      ... %d options in all" % len(decision["options"]))
    payment = chosen_payment(decision, args.choose)
    print(json.dumps({"chosen": args.choose, "payment": payment, "argentum": to_selected_sources(payment)}, indent=1))


if __name__ == "__main__":
    main()
