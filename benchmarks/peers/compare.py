"""Ask phase and manasolve the same questions about one board and compare the answers.

Questions: is each hand card castable now, is each flashback card in the graveyard
castable now, and for each Mount/Vehicle, is Saddle/Crew activatable and which sets of
creatures may be tapped for it (phase: every subset submitted to ``apply()`` on a fresh
game, the sweep of peer-phase.md §4; manasolve: ``tap_sets``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from benchmarks.peers.cards import dev_cards, flashback_cost
from benchmarks.peers.convert import PhaseBoard, to_phase
from manasolve.answers import tap_sets_json
from manasolve.api import plays
from manasolve.models.board import Board, load_board
from manasolve.models.mana import ManaCost
from manasolve.solver.payable import payable
from manasolve.solver.tapsets import tap_sets

SWEEP_MAX = 7  # sweep Saddle/Crew sets only with at most this many eligible creatures (2^k games)
KEYWORDS = {"Saddle": ("SaddleMount", "mount_id"), "Crew": ("CrewVehicle", "vehicle_id")}


@dataclass
class Disagreement:
    """One question on which the two engines answered differently."""

    question: str
    manasolve: object
    phase: object
    board: dict
    card: str | None = None  # for castability questions: the card and its zone
    zone: str | None = None


@dataclass
class Tally:
    """Agreement counts per kind of question, and every disagreement."""

    agree: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)

    def record(self, kind: str, question: str, ours: object, theirs: object, board: dict,
               card: str | None = None, zone: str | None = None) -> None:
        """Count one answered question; keep it if the answers differ."""
        self.total[kind] = self.total.get(kind, 0) + 1
        if ours == theirs:
            self.agree[kind] = self.agree.get(kind, 0) + 1
        else:
            self.disagreements.append(Disagreement(question, ours, theirs, board, card, zone))

    def merge(self, other: Tally) -> None:
        """Add another tally's counts and disagreements to this one."""
        for k, v in other.total.items():
            self.total[k] = self.total.get(k, 0) + v
            self.agree[k] = self.agree.get(k, 0) + other.agree.get(k, 0)
        self.disagreements += other.disagreements


def cast_cost(board: Board, name: str, zone: str) -> ManaCost:
    """The printed mana cost from hand, the mana-only flashback cost from the graveyard."""
    return board.db.get(name).mana_cost if zone == "hand" else ManaCost.parse(flashback_cost(dev_cards()[name]))


def manasolve_castable(board: Board, hand: list[str], graveyard: list[str]) -> list[bool]:
    """manasolve's castability of each hand card then each graveyard card, for the active
    player: a payable ``cast`` entry in ``manasolve plays``."""
    castable = {(p["card"], p["zone"]) for p in plays(board)["plays"] if p["kind"] == "cast" and p["payable"]}
    return [(n, "hand") in castable for n in hand] + [(n, "graveyard") in castable for n in graveyard]


def payable_castable(board: Board, hand: list[str], graveyard: list[str]) -> list[bool]:
    """The same answers from ``payable`` alone (printed or flashback cost; no timing, no
    cost pipeline): the cheapest manasolve castability question, used for timing."""
    cards = [(n, "hand") for n in hand] + [(n, "graveyard") for n in graveyard]
    return [payable(board, cast_cost(board, name, zone)) for name, zone in cards]


def phase_castable(game, pb: PhaseBoard) -> list[bool]:
    """phase's castability of the same cards: is a ``CastSpell`` listed for the object."""
    cast = {a.data["object_id"] for a in game.actions() if a.kind == "CastSpell"}
    return [obj in cast for _, obj in pb.hand + pb.graveyard]


def phase_tap_sets(pb: PhaseBoard, keyword: str, source: str) -> tuple[bool, list[frozenset[str]] | None]:
    """(listed now, every accepted set of our creature ids or None if too many to sweep)."""
    kind, key = KEYWORDS[keyword]
    obj = pb.object_of[source]
    ours = {v: k for k, v in pb.object_of.items()}
    game = pb.game()
    action = next((a for a in game.actions() if a.kind == kind and a.data[key] == obj), None)
    if action is None:
        return False, None
    game.apply(0, action)
    eligible = game.waiting_for()["data"]["eligible_creatures"]
    if len(eligible) > SWEEP_MAX:
        return True, None
    accepted = []
    for k in range(1, len(eligible) + 1):
        for subset in combinations(eligible, k):
            trial = pb.game()
            trial.apply(0, action)
            try:
                trial.apply(0, {"type": kind, "data": {key: obj, "creature_ids": list(subset)}})
            except Exception:  # phase refuses an illegal set by raising
                continue
            accepted.append(frozenset(ours[o] for o in subset))
    return True, accepted


def _minimal(sets: list[frozenset[str]]) -> list[frozenset[str]]:
    family = set(sets)
    return [s for s in sets if not any(t < s for t in family)]


def compare_board(board: dict, tally: Tally | None = None) -> Tally:
    """Compare castability and Saddle/Crew answers on one board; returns the tally."""
    tally = tally or Tally()
    pb = to_phase(board)
    ms = load_board(board)
    me = board["players"][0]
    ours = manasolve_castable(ms, me["hand"], me["graveyard"])
    theirs = phase_castable(pb.game(), pb)
    cards = [("hand", n) for n in me["hand"]] + [("graveyard", n) for n in me["graveyard"]]
    for (zone, name), a, b in zip(cards, ours, theirs):
        tally.record("cast from " + zone, "castable %s from %s" % (name, zone), a, b, board, name, zone)
    for perm in me["battlefield"]:
        card = ms.db.get(perm["card"])
        for cost in card.tap_costs:
            answer = tap_sets_json(tap_sets(ms, perm["id"], cost.keyword, limit=10**6, list_all=True))
            what = "%s %d of %s (%s)" % (cost.keyword, cost.n, perm["id"], perm["card"])
            listed, sets = phase_tap_sets(pb, cost.keyword, perm["id"])
            tally.record(cost.keyword.lower() + " activatable", what + " activatable", answer["activatable_now"], listed, board)
            if sets is not None:
                tally.record(cost.keyword.lower() + " sets", what + ": legal sets",
                             sorted(sorted(s) for s in answer["all"]), sorted(sorted(s) for s in sets), board)
                tally.record(cost.keyword.lower() + " minimal sets", what + ": minimal sets",
                             sorted(sorted(s) for s in answer["minimal"]), sorted(sorted(s) for s in _minimal(sets)), board)
    return tally
