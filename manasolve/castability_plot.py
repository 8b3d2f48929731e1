"""The PNG of a castability answer: P(castable) by turn, one line per group of cards with
the same cost and the same curve ("{R}: Ragavan, Nimble Pilferer, Lightning Bolt"), each
line its own colour, line style and marker, the legend beside the axes."""

from __future__ import annotations

import os
import textwrap
from fractions import Fraction

from manasolve.models.errors import InputError

_NEEDS = "needs matplotlib: pip install \"manasolve[plot]\""
_COLOURS = 10  # matplotlib's tab10 palette
_STYLES = ["-", "--", "-.", ":"]
_MARKERS = ["o", "s", "^", "D", "v", "P", "X"]


def check_plot(path: str) -> None:
    """InputError unless matplotlib is installed and `path` can be written (said before a
    run, not after it)."""
    try:
        import matplotlib  # noqa: F401; keeps start-up light (the [plot] extra)
    except ImportError:
        raise InputError("--plot", _NEEDS) from None
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise InputError("--plot", "cannot write %s: %s" % (path, "it is a folder" if os.path.isdir(path) else
                                                           "no writable folder %s" % folder))


def curve_groups(answer: dict) -> list[tuple[str, list[dict]]]:
    """(legend label, entries) per line of the plot: the cards with the same cost and the
    same by_turn values in one line, labelled "COST: name, name, ...", by mana value."""
    groups: dict[tuple, list[dict]] = {}
    for e in answer["cards"] + answer.get("pairs", []):
        groups.setdefault((e["cost"], tuple(e["by_turn"].items())), []).append(e)
    ordered = sorted(groups.values(), key=lambda g: (g[0]["mana_value"], g[0]["cost"], g[0]["card"]))
    return [("%s: %s" % (g[0]["cost"], ", ".join(e["card"] for e in g)), g) for g in ordered]


def line_style(i: int) -> dict:
    """The i-th line's colour, line style and marker: distinct for the first 280 lines
    (10 colours x 4 styles x 7 markers), neighbours differing in colour."""
    return {"color": "C%d" % (i % _COLOURS), "linestyle": _STYLES[i // _COLOURS % len(_STYLES)],
            "marker": _MARKERS[i // (_COLOURS * len(_STYLES)) % len(_MARKERS)]}


def plot(answer: dict, path: str) -> None:
    """Draw `answer`'s by_turn curves to the PNG `path` (InputError without matplotlib)."""
    try:
        import matplotlib  # keeps start-up light (the [plot] extra)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # keeps start-up light (the [plot] extra)
    except ImportError:
        raise InputError("--plot", _NEEDS) from None
    groups = curve_groups(answer)
    labels = ["\n".join(textwrap.wrap(label, 60, subsequent_indent="    ")) for label, _ in groups]
    rows = sum(label.count("\n") + 1 for label in labels)
    columns = 1 + rows // 45
    fig, ax = plt.subplots(figsize=(7 + 4.5 * columns, max(5.0, 0.19 * rows / columns + 1.5)))
    for i, ((_, group), label) in enumerate(zip(groups, labels)):
        by_turn = group[0]["by_turn"]
        ax.plot([int(t) for t in by_turn], [100 * float(Fraction(p)) for p in by_turn.values()], markersize=4,
                linewidth=1.4, label=label, **line_style(i))
    ax.set_xlabel("turn (on the %s)" % ("play" if answer["on_play"] else "draw"))
    ax.set_ylabel("P(castable) %")
    ax.set_ylim(0, 101)
    ax.set_xticks(sorted({int(t) for _, g in groups for t in g[0]["by_turn"]}))
    partial = ", partial (time limit)" if answer.get("time_limit_reached") else ""
    ax.set_title("Castable by turn: %d games (±%.1f points), mulligan %s%s" % (
        answer["games"], answer.get("precision_points", 0.0), answer["mulligan"], partial), fontsize=10)
    ax.grid(alpha=0.3)
    if groups:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, ncol=columns,
                  frameon=False)
    try:
        fig.savefig(path, dpi=110, bbox_inches="tight")
    except OSError as exc:
        raise InputError("--plot", "cannot write %s: %s" % (path, exc.strerror)) from None
    finally:
        plt.close(fig)
