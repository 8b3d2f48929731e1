"""What a permanent's own keyword lines say about being targeted: "Protection from
<quality>" (702.16b: not the target of spells with that quality nor of abilities from
sources with it) and "Hexproof from <quality>" (702.11d: the same, for an opponent's
spells and abilities).  Plain Hexproof and Shroud are keywords (`Card.keywords`).

Qualities read: a colour, "all colors", "multicolored", "everything", and card types or
subtypes ("artifacts", "Goblins"); "X and from Y" lists.  Any other quality ("the chosen
color", "each of your opponents") is kept as ``unread``: a target check that meets it says
"not checked", never guesses.  Protection granted by other text ("Enchanted creature has
protection from ...") is not the permanent's own line and is not read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.mana import COLOR_NAMES
from manasolve.models.oracle.words import filter_words, normalize

EVERYTHING: tuple[tuple[str, ...], ...] = ((),)  # one alternative with no words: every object has it
ALL_COLORS = tuple((c,) for c in COLOR_NAMES.values())


@dataclass(frozen=True)
class Wards:
    """Qualities (filter-word alternatives, as `has_filter_words` reads them) a source must
    lack to target the permanent: from protection, and from "hexproof from" (opponents only)."""

    protection: tuple[tuple[str, ...], ...] = ()
    hexproof_from: tuple[tuple[str, ...], ...] = ()
    unread: tuple[str, ...] = ()


def _quality(text: str) -> tuple[tuple[str, ...], ...] | None:
    q = text.strip().rstrip(".")
    if q == "everything":
        return EVERYTHING
    if q == "all colors":
        return ALL_COLORS
    words = filter_words(q)
    return None if not words else (words,)


def read_wards(name: str, text: str, keywords: tuple[str, ...]) -> Wards:
    """The protection and "hexproof from" qualities of a card's own keyword lines (a line
    made of keywords only, e.g. "First strike, protection from black and from red")."""
    known = {k.lower() for k in keywords}
    protection: list[tuple[str, ...]] = []
    hexproof: list[tuple[str, ...]] = []
    unread: list[str] = []
    for line in normalize(text, name).split("\n"):
        m = re.search(r"\b(protection|hexproof) from (.+)$", line.strip(), re.IGNORECASE)
        if not m:
            continue
        before = [w.strip().lower() for w in line[:m.start()].split(",") if w.strip()]
        if any(w not in known for w in before):
            continue  # not a keyword line: the quality is granted to something else
        into = protection if m.group(1).lower() == "protection" else hexproof
        for part in re.split(r",? and from |, from ", m.group(2)):
            q = _quality(part)
            if q is None:
                unread.append(line.strip())
            else:
                into.extend(q)
    return Wards(tuple(protection), tuple(hexproof), tuple(dict.fromkeys(unread)))
