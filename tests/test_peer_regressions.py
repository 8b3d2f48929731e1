"""manasolve bugs found by the differential comparison with phase.rs (benchmarks/peers).

Each test is the minimal board of one disagreement where phase was right.  They are
marked ``xfail(strict=True)`` until the solver is fixed: a fix makes them pass, and the
strict marker then fails the run as a reminder to drop the marker.
"""

from functools import partial

import pytest

from manasolve.models.board import load_board
from manasolve.models.mana import ManaCost
from manasolve.solver.payable import payable
from tests.support import boards


_board = partial(boards.board, player="me")


def test_gaeas_cradle_adds_one_green_per_creature():
    # Two creatures: Cradle adds {G}{G} (rule 106.1, 605.1a), so {2} is payable.
    board = load_board(_board("Gaea's Cradle", "Aegis Turtle", "Aegis Turtle"))
    assert payable(board, ManaCost.parse("{2}"))


@pytest.mark.xfail(strict=True, reason="'{1}: Add {B}.' can be activated repeatedly; left out (not_modelled)")
def test_bog_initiate_converts_one_mana_to_black():
    # Forest's {G} pays Bog Initiate's {1}; its {B} pays Dark Ritual's {B} (601.2g, 605.3a).
    board = load_board(_board("Forest", "Bog Initiate"))
    assert payable(board, ManaCost.parse("{B}"))


def test_salvation_engine_pumps_artifact_creatures_for_saddle():
    # "Other artifact creatures you control get +2/+2": Farmstead Gleaner (2/2 artifact
    # creature) has power 4, so it alone pays Saddle 3 (702.171a, layer 7c).
    from manasolve.solver.tapsets import tap_sets

    board = load_board(_board("Farmstead Gleaner", "Congregation Gryff", "Salvation Engine"))
    assert tap_sets(board, "p1", "Saddle").minimal == (("p0",),)
