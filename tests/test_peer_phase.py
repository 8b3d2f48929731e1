"""Differential test against phase.rs (phase-python): castability and Saddle/Crew sets.

Runs only when the optional extra ``peers`` is installed (``pip install -e ".[peers]"``).
Every disagreement must be one of the explained kinds of benchmarks/peers/verdicts.py
(known phase bugs, or manasolve gaps with a named test in test_peer_regressions.py).
"""

import random

import pytest

pytest.importorskip("phase", reason='phase-python not installed (pip install -e ".[peers]")')

from benchmarks.peers.boards import random_board  # noqa: E402
from benchmarks.peers.compare import Tally, compare_board  # noqa: E402
from benchmarks.peers.verdicts import explain  # noqa: E402

BOARDS = 12


@pytest.fixture(scope="module")
def tally() -> Tally:
    rng = random.Random(20240607)
    out = Tally()
    for _ in range(BOARDS):
        compare_board(random_board(rng, rng.randint(1, 8), rng.randint(0, 5)), out)
    return out


def test_questions_were_asked(tally):
    assert tally.total.get("cast from hand", 0) == 7 * BOARDS
    assert tally.total.get("saddle activatable", 0) == BOARDS
    assert tally.total.get("crew sets", 0) > 0


def test_saddle_and_crew_sets_agree_exactly(tally):
    tap = [d for d in tally.disagreements if d.card is None]
    assert tap == [], ["%s: manasolve %s, phase %s" % (d.question, d.manasolve, d.phase) for d in tap]


def test_every_castability_disagreement_is_explained(tally):
    unexplained = [d for d in tally.disagreements if d.card is not None and explain(d) is None]
    assert unexplained == [], ["%s: manasolve %s, phase %s" % (d.question, d.manasolve, d.phase) for d in unexplained]
