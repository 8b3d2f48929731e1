"""The PNG of a castability answer: P(castable) by turn, one line per card."""

from __future__ import annotations

from fractions import Fraction

from manasolve.models.errors import InputError


def plot(answer: dict, path: str) -> None:
    """Draw `answer`'s by_turn curves to the PNG `path` (InputError without matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError("--plot", "needs matplotlib: pip install \"manasolve[plot]\"") from None
    entries = answer["cards"] + answer.get("pairs", [])
    fig, ax = plt.subplots(figsize=(9, 5.5))
    for e in sorted(entries, key=lambda e: (e["mana_value"], e["card"])):
        turns = [int(t) for t in e["by_turn"]]
        ax.plot(turns, [100 * float(Fraction(p)) for p in e["by_turn"].values()], marker="o", markersize=3,
                label="%s (%d)" % (e["card"], e["mana_value"]))
    ax.set_xlabel("turn (on the %s)" % ("play" if answer["on_play"] else "draw"))
    ax.set_ylabel("P(castable) %")
    ax.set_ylim(0, 101)
    ax.set_title("Castable by turn: %d games, mulligan %s" % (answer["games"], answer["mulligan"]))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="lower right", ncol=1 + len(entries) // 14)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise InputError("--plot", "cannot write %s: %s" % (path, exc.strerror)) from None
    finally:
        plt.close(fig)
