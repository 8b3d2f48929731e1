"""Where benchmarks write their results: a Markdown report and a plot per benchmark."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


def write_results(name: str, text: str, plot: Callable[[Path], None], out: Path = RESULTS) -> Path:
    """Write `out`/`name`.md and the plot `out`/`name`.png; the report's path."""
    out.mkdir(parents=True, exist_ok=True)
    report = out / ("%s.md" % name)
    report.write_text(text, encoding="utf-8")
    plot(out / ("%s.png" % name))
    return report
