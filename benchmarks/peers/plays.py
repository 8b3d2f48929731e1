"""``python -m benchmarks.peers.plays``: manasolve ``plays`` beside phase.rs ``actions()`` on
land plays and targeted spells; writes ``benchmarks/results/peers_plays.md``.

For each card in seat 0's hand and graveyard the question is "is it a play now": for
phase, a ``PlayLand`` or ``CastSpell`` for the object in ``actions()``; for manasolve, a
``land`` play or a payable ``cast`` of the card from that zone in ``manasolve plays``.
Every disagreement gets a verdict with its rule (`benchmarks.peers.plays_verdicts`).
Without phase-python installed it prints how to install it and exits 0.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.peers import INSTALL_HINT, phase_available
from benchmarks.peers.__main__ import RESULTS

BOARDS = 160


@dataclass
class PlayQuestion:
    """One card of seat 0's hand or graveyard: both engines' answers and the board."""

    card: str
    zone: str
    kind: str  # the row of the agreement table (land play, or cast by kind of target)
    manasolve: bool | None  # None: listed with payable None (a cost part manasolve does not pay)
    phase: bool
    targets: object  # manasolve's ``targets`` of the play (None when not listed)
    board: dict


@dataclass
class PlaysTally:
    """Questions by row, and the ones where the engines disagree."""

    questions: list[PlayQuestion] = field(default_factory=list)

    @property
    def disagreements(self) -> list[PlayQuestion]:
        return [q for q in self.questions if q.manasolve != q.phase]


def target_row(card) -> str:
    """The agreement-table row of a cast: by the kinds of targets manasolve reads in its text."""
    t = card.targeting
    if t is None or (t.understood and not t.phrases):
        return "cast, no target"
    if not t.understood:
        return "cast, target not read by manasolve"
    kinds = sorted({p.kind.value for p in t.phrases})
    return "cast, target: " + " + ".join(kinds)


def manasolve_answers(board: dict) -> dict[tuple[str, str], tuple[bool | None, object]]:
    """(zone, card) -> (is it a play now, its ``targets``) from ``manasolve plays``."""
    from manasolve.api import plays
    from manasolve.models.board import load_board

    out: dict[tuple[str, str], tuple[bool | None, object]] = {}
    for p in plays(load_board(board))["plays"]:
        if p["kind"] == "land":
            out[("hand", p["card"])] = (True, None)
        elif p["kind"] == "cast":
            key = (p["zone"], p["card"])
            prev = out.get(key, (False, None))[0]
            now = p["payable"]
            if prev is not True:  # several plays of one card: a play if any is payable
                out[key] = (now if prev is False or now is True else prev, p.get("targets"))
    return out


def compare_plays(board: dict, tally: PlaysTally) -> None:
    """Ask both engines about every card of seat 0's hand and graveyard on one board."""
    from benchmarks.peers.convert import to_phase
    from manasolve.models.board import load_board

    pb = to_phase(board)
    listed = {a.data["object_id"] for a in pb.game().actions() if a.kind in ("PlayLand", "CastSpell")}
    ours = manasolve_answers(board)
    db = load_board(board).db
    for zone, objects in (("hand", pb.hand), ("graveyard", pb.graveyard)):
        for name, obj in objects:
            card = db.get(name)
            row = "land play" if card.is_type("Land") else target_row(card) + ("" if zone == "hand" else " (graveyard)")
            answer, targets = ours.get((zone, name), (False, None))
            tally.questions.append(PlayQuestion(name, zone, row, answer, obj in listed, targets, board))


def run(boards: int, seed: int) -> tuple[PlaysTally, int]:
    """Compare on ``boards`` random boards; returns the tally and the boards phase could not set up."""
    from benchmarks.peers.convert import Unsupported
    from benchmarks.peers.plays_boards import plays_board

    rng = random.Random(seed)
    tally, skipped = PlaysTally(), 0
    done = 0
    while done < boards:
        board = plays_board(rng)
        try:
            compare_plays(board, tally)
        except Unsupported:
            skipped += 1
            continue
        done += 1
    return tally, skipped


def _board_text(b: dict) -> str:
    me, opp = b["players"]

    def perms(pl: dict) -> str:
        return ", ".join(p["card"] + (" (tapped)" if p.get("tapped") else "") for p in pl["battlefield"]) or "-"

    stack = " / ".join("%s's %s" % (o["controller"], o["card"]) for o in b.get("stack", [])) or "empty"
    return ("step %s, lands played %d, stack %s; me: %s; hand: %s; graveyard: %s; opp: %s; opp graveyard: %s" % (
        b["step"], me.get("lands_played_this_turn", 0), stack, perms(me), ", ".join(me["hand"]),
        ", ".join(me["graveyard"]) or "-", perms(opp), ", ".join(opp.get("graveyard", [])) or "-"))


def report(tally: PlaysTally, verdicts: list[tuple[PlayQuestion, str]], boards: int, seed: int,
           skipped: int, elapsed: float) -> str:
    """The markdown report: agreement table, verdict counts, every disagreement."""
    rows: dict[str, list[int]] = {}
    for q in tally.questions:
        r = rows.setdefault(q.kind, [0, 0, 0, 0])
        r[0] += 1
        r[1] += q.manasolve == q.phase
        r[2] += bool(q.phase)
        r[3] += q.manasolve is True
    lines = ["# manasolve `plays` beside phase.rs `actions()`: land plays and targeted spells", "",
             "Generated by `python -m benchmarks.peers.plays --boards %d --seed %d` in %.0f s "
             "(phase-python 0.103.0; %d generated boards phase could not be set up were replaced). "
             "The board conversion is our own (`benchmarks/peers/convert.py`); no phase code is used or copied." % (
                 boards, seed, elapsed, skipped), "",
             "Boards (`benchmarks/peers/plays_boards.py`): 3-7 basics/duals (some tapped); 2-5 targeted instants, "
             "sorceries and Auras in hand, 0-2 lands, sometimes an untargeted instant; 0-2 creatures each side, a "
             "third of them with hexproof, shroud, ward or protection (White Knight, Black Knight, Tel-Jilad Chosen, "
             "Progenitus, given inline); 0-2 creature cards in each graveyard, sometimes Unburial Rites (flashback); "
             "`lands_played_this_turn` 0 or 1; a main phase (60%) or upkeep, draw, beginning of combat, end of "
             "combat, end; a stack of 1-2 spells (35%: seat 0's instant or creature spell, then seat 0's or the "
             "opponent's instant; then, 60% of the time, a card targeting a spell joins the hand).", "",
             "A question is one card of seat 0's hand or graveyard: is it a play now (phase: `PlayLand`/`CastSpell` "
             "listed; manasolve: a `land` play or a payable `cast`).  Rows group casts by the kinds of target "
             "manasolve reads in the card's text.", "",
             "| question | asked | agree | phase: a play | manasolve: a play |", "|---|---:|---:|---:|---:|"]
    for kind in sorted(rows):
        n, agree, ph, ms = rows[kind]
        lines.append("| %s | %d | %d | %d | %d |" % (kind, n, agree, ph, ms))
    total = len(tally.questions)
    agree = total - len(tally.disagreements)
    lines.append("| **all** | **%d** | **%d** | | |" % (total, agree))
    lines += ["", "## Disagreements by verdict", ""]
    groups = Counter(v for _, v in verdicts)
    if not groups:
        lines.append("None.")
    lines += ["| verdict | count |", "|---|---:|"] if groups else []
    for v, n in groups.most_common():
        lines.append("| %s | %d |" % (v, n))
    lines += ["", "## Found on the way", "",
              "manasolve bugs, fixed, with named tests in `tests/test_plays_targets.py`:", "",
              "- protection was not modelled: a black spell (Dismember, Grapple with Death, Chocobo Kick) was listed "
              "with White Knight or Progenitus as its only target (702.16b; "
              "`test_702_16b_protection_from_a_colour_stops_spells_of_that_colour_only`, "
              "`test_702_16b_protection_from_everything_and_from_a_card_type`);",
              "- (found reading the pool's target phrases) \"target nonartifact, nonblack creature\" (Terror) was read as \"target nonartifact\": any "
              "nonartifact permanent, lands included (`test_115_1_nonartifact_nonblack_creature_needs_all_of_it`);",
              "- \"with mana value N [or greater]\" (Mental Misstep, Kin-Tree Severance) was not read: those plays "
              "said `targets: \"not checked\"`; now checked (`test_202_3_target_with_mana_value`).", "",
              "phase bugs (verdicts above): it lists a cast whose only possible targets are missing or protected "
              "(Chocobo Kick, Vayne's Treachery: both have a kicker whose cost is not mana, which may be why), and "
              "it does not pay a {2/W} symbol with two generic mana.", "",
              "Not compared: the opponent's turn and a player without priority (the conversion only sets up seat 0 "
              "acting on its own turn), abilities on the stack, and split, adventure and modal double-faced cards "
              "(the peer card data builds single-faced cards only; those have named tests in "
              "`tests/test_plays_faces.py`).", ""]
    lines += ["## Every disagreement", ""]
    for q, v in verdicts:
        lines.append("- %s from %s: manasolve %s, phase %s (targets %s) — %s. Board: %s" % (
            q.card, q.zone, q.manasolve, q.phase, json.dumps(q.targets), v.split(" — ")[0], _board_text(q.board)))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run the differential and write the report; 0 also when phase is missing."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.peers.plays", description=__doc__)
    ap.add_argument("--boards", type=int, default=BOARDS, help="random boards (default %d)" % BOARDS)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--no-write", action="store_true", help="print only; do not write results")
    args = ap.parse_args(argv)
    if not phase_available():
        print(INSTALL_HINT)
        return 0
    from benchmarks.peers.plays_verdicts import verdict

    start = time.perf_counter()
    tally, skipped = run(args.boards, args.seed)
    verdicts = [(q, verdict(q)) for q in tally.disagreements]
    text = report(tally, verdicts, args.boards, args.seed, skipped, time.perf_counter() - start)
    print(text)
    if not args.no_write:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "peers_plays.md").write_text(text, encoding="utf-8")
        print("wrote %s" % (RESULTS / "peers_plays.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
