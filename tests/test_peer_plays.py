"""Differential test against phase.rs (phase-python): land plays and targeted spells.

Runs only when the optional extra ``peers`` is installed (``pip install -e ".[peers]"``).
Every disagreement must have a verdict of benchmarks/peers/plays_verdicts.py (a phase bug
with its rule, or a play manasolve lists with targets "not checked").
"""

import pytest

pytest.importorskip("phase", reason='phase-python not installed (pip install -e ".[peers]")')

from benchmarks.peers.plays import run  # noqa: E402
from benchmarks.peers.plays_verdicts import UNEXPLAINED, verdict  # noqa: E402

BOARDS = 15


@pytest.fixture(scope="module")
def tally():
    return run(BOARDS, 16)[0]


def test_land_plays_and_targeted_casts_were_asked(tally):
    kinds = {q.kind for q in tally.questions}
    assert "land play" in kinds and "cast, target: permanent" in kinds
    assert any(q.phase for q in tally.questions if q.kind == "land play")


def test_every_play_disagreement_has_a_verdict(tally):
    unexplained = [q for q in tally.disagreements if verdict(q) == UNEXPLAINED]
    assert unexplained == [], ["%s from %s: manasolve %s, phase %s" % (q.card, q.zone, q.manasolve, q.phase)
                               for q in unexplained]
