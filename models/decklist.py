"""Deck lists as people write them (MTGO and Arena text exports), read into card names.

One card line is ``COUNT NAME`` (``4 Llanowar Elves``, ``4x Llanowar Elves``), an Arena
set code and collector number after the name are ignored (``4 Llanowar Elves (M21) 123``).
Section headers (a line alone, case-insensitive): ``Deck``/``Main``/``Maindeck``,
``Commander`` (its cards are cast from the command zone, not drawn), ``Sideboard``,
``Companion``, ``Maybeboard`` and ``About`` (the last four ignored).  In an MTGO list
without headers the cards after the first blank line that follows main-deck cards are the
sideboard (ignored).  ``//`` and ``#`` start comment lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.bounds import MAX_DECK_CARDS, MAX_DECK_LINE_COUNT
from manasolve.models.carddb import CardDB, UnknownCard
from manasolve.models.errors import InputError, shown

_LINE = re.compile(r"(\d+)\s*[xX]?\s+(.+?)")
# "(M21) 123", "(M21)", "[M21]", "(PLST) ABC-123", with an optional "*F*" foil marker.
_SET_CODE = re.compile(r"\s+(?:\([A-Za-z0-9]{2,8}\)|\[[A-Za-z0-9]{2,8}\])(?:\s+\S+)?(?:\s+\*[A-Z]\*)?$")
_HEADERS = {"deck": "deck", "main": "deck", "maindeck": "deck", "main deck": "deck",
            "commander": "commander", "sideboard": "ignored", "companion": "ignored",
            "maybeboard": "ignored", "about": "ignored"}


@dataclass(frozen=True)
class DeckEntry:
    """One card line of the list: how many copies, the card's name, its line number."""

    count: int
    name: str
    line: int


@dataclass(frozen=True)
class DeckList:
    """The main deck (drawn from) and the commanders (cast from the command zone)."""

    main: tuple[DeckEntry, ...]
    commander: tuple[DeckEntry, ...] = ()
    source: str | None = None

    @property
    def size(self) -> int:
        """The number of cards in the main deck."""
        return sum(e.count for e in self.main)

    def cards(self) -> list[str]:
        """Every card of the main deck, one name per copy, in list order."""
        return [e.name for e in self.main for _ in range(e.count)]


def parse_decklist(text: str, db: CardDB, source: str | None = None) -> DeckList:
    """The deck list in `text` (MTGO/Arena export), every name checked in `db`.

    Raises InputError ``FILE: line N: what is wrong`` (with the nearest card name for an
    unknown card) for a line that is not a card line or a header, an unknown card, a count
    out of bounds, or a list with no main-deck card."""
    sections: dict[str, list[DeckEntry]] = {"deck": [], "commander": [], "ignored": []}
    section, blank_after_cards, headers_seen = "deck", False, False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            blank_after_cards = bool(sections[section]) or blank_after_cards
            continue
        if line.startswith(("//", "#")):
            continue
        header = _HEADERS.get(line.lower().rstrip(":"))
        if header is not None:
            section, blank_after_cards, headers_seen = header, False, True
            continue
        if section == "ignored" and not _LINE.fullmatch(line):
            continue  # Arena's "About" section holds "Name My Deck"
        m = _LINE.fullmatch(line)
        if m is None:
            raise InputError("line %d" % number, "expected 'COUNT NAME' (e.g. '4 Llanowar Elves') or a section "
                             "header (Deck, Commander, Sideboard), got %s" % shown(line), source)
        if blank_after_cards and section == "deck" and not headers_seen:
            section = "ignored"  # MTGO: the sideboard follows a blank line
        count, name = int(m.group(1)), _SET_CODE.sub("", m.group(2)).strip()
        if not 1 <= count <= MAX_DECK_LINE_COUNT:
            raise InputError("line %d" % number, "count %d out of bounds (1..%d)" % (count, MAX_DECK_LINE_COUNT), source)
        if section != "ignored":
            try:
                name = db.get(name).name
            except UnknownCard as exc:  # with the nearest names
                raise InputError("line %d" % number, exc.message(advice=False), source) from None
        sections[section].append(DeckEntry(count, name, number))
    deck = DeckList(tuple(sections["deck"]), tuple(sections["commander"]), source)
    if not deck.main:
        raise InputError("", "no main-deck card (a card line is 'COUNT NAME', e.g. '4 Llanowar Elves')", source)
    if deck.size > MAX_DECK_CARDS:
        raise InputError("", "%d cards in the main deck, more than the bound %d" % (deck.size, MAX_DECK_CARDS), source)
    return deck


def read_decklist(path: str, db: CardDB) -> DeckList:
    """The deck list in the file `path` (InputError for an unreadable file or a bad line)."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read(MAX_DECK_CARDS * 200)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("", "cannot read the deck list: %s" % (exc.strerror if isinstance(exc, OSError) else exc),
                         path) from None
    return parse_decklist(text, db, path)
