"""Counting helpers shared by the payment counters: ways to split interchangeable
members among roles."""

from __future__ import annotations

from collections.abc import Iterator
from math import comb


def compositions(k: int, total_max: int) -> Iterator[tuple[int, ...]]:
    """All k-tuples of non-negative ints with sum ≤ total_max, in lexicographic order."""
    if k == 0:
        yield ()
        return
    for first in range(total_max + 1):
        for rest in compositions(k - 1, total_max - first):
            yield (first,) + rest


def multinomial(n: int, parts) -> int:
    """Ways to pick disjoint labelled subsets of the given sizes from n items."""
    out, left = 1, n
    for r in parts:
        out *= comb(left, r)
        left -= r
    return out
