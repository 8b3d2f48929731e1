"""phase.rs (PyPI ``phase-python``) as a differential oracle and performance peer.

``python -m benchmarks.peers`` compares manasolve's castability and Saddle/Crew answers
with phase's on random boards, times both, and writes ``benchmarks/results/peers.md``.
The board → phase game conversion here is our own code; none of phase's code is copied
(see ``shared/docs/peer-phase.md`` for the engine facts it relies on).
"""

INSTALL_HINT = 'phase-python is not installed; install the optional extra with:  pip install -e ".[peers]"'


def phase_available() -> bool:
    """Whether the ``phase`` module (phase-python) can be imported."""
    try:
        import phase  # noqa: F401
    except ImportError:
        return False
    return True
