"""Deck lists as people write them (MTGO and Arena text exports, MTGO ``.dek`` files), read
into card names.

One card line is ``COUNT NAME`` (``4 Llanowar Elves``, ``4x Llanowar Elves``); after the name
an Arena/Moxfield set code, collector number and foil marker are read and dropped
(``4 Llanowar Elves (M21) 123``, ``1 Sol Ring [C21] 263 *F*``); any other token after a set
code is an error.  ``SB: 2 Blood Moon`` is a sideboard line.  Section headers (a line alone,
case-insensitive, an optional ``:``): ``Deck``/``Main``/``Maindeck``, ``Commander`` (its
cards are cast from the command zone, not drawn), ``Sideboard``, and ``Companion``,
``Maybeboard``, ``About`` (ignored).  In an MTGO list without headers the cards after the
first blank line that follows main-deck cards are the sideboard.  ``//`` and ``#`` start
comment lines.  Sideboard cards are counted (`DeckList.sideboard`) but never drawn, and
their names are not looked up (a sideboard card missing from the card data changes nothing).

An MTGO ``.dek`` file is XML: ``<Deck>`` holding ``<Cards Quantity="4" Sideboard="false"
Name="Lightning Bolt" .../>`` elements.  A file is a ``.dek`` when its text starts with
``<``.  A file is read whole up to `MAX_DECK_FILE_BYTES` (a larger one is an error, never cut
short), as UTF-8 (a UTF-8 or UTF-16 byte-order mark accepted); a file that is not text is
an error saying to export a text list.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from manasolve.models.bounds import MAX_DECK_CARDS, MAX_DECK_FILE_BYTES, MAX_DECK_LINE_COUNT
from manasolve.models.carddb import CardDB, UnknownCard
from manasolve.models.errors import InputError, shown
from manasolve.models.vocab import Vocabulary

# COUNT [x] NAME: the count in ASCII digits ("٤ Forest" is not a count).
_LINE = re.compile(r"([0-9]+)(?:\s*[xX])?\s+(\S.*)")
_SIDEBOARD_LINE = re.compile(r"SB:\s*", re.IGNORECASE)
# An Arena/Moxfield set code after the name, "(M21)" or "[M21]", then the tokens it allows.
_SET_CODE = re.compile(r"\s[(\[]([A-Za-z0-9]{2,8})[)\]](?=\s|$)")
_COLLECTOR_NUMBER = re.compile(r"[A-Za-z0-9-]*[0-9][A-Za-z0-9-]*[★†]?")  # 314, 123a, ABC-123, 7★
_FOIL_MARKER = re.compile(r"\*[A-Z]{1,2}\*")  # *F* foil, *E* etched
_COUNT_DIGITS = 6  # a longer count is out of bounds before int() reads it


class Section(Vocabulary):
    """The part of a deck list a card line is in (its header's, or the main deck's)."""

    DECK = "deck"
    COMMANDER = "commander"
    SIDEBOARD = "sideboard"
    IGNORED = "ignored"  # companion, maybeboard, Arena's "About": read, not used


_HEADERS = {"deck": Section.DECK, "main": Section.DECK, "maindeck": Section.DECK, "main deck": Section.DECK,
            "commander": Section.COMMANDER, "sideboard": Section.SIDEBOARD, "companion": Section.IGNORED,
            "maybeboard": Section.IGNORED, "about": Section.IGNORED}
_EXPORT = "export a text list ('4 Lightning Bolt' lines)"


@dataclass(frozen=True)
class DeckEntry:
    """One card line of the list: how many copies, the card's name, its line number."""

    count: int
    name: str
    line: int


@dataclass(frozen=True)
class DeckList:
    """The main deck (drawn from), the commanders (cast from the command zone) and the
    sideboard (counted, never drawn; names as written)."""

    main: tuple[DeckEntry, ...]
    commander: tuple[DeckEntry, ...] = ()
    source: str | None = None
    sideboard: tuple[DeckEntry, ...] = ()

    @property
    def size(self) -> int:
        """The number of cards in the main deck."""
        return sum(e.count for e in self.main)

    def cards(self) -> list[str]:
        """Every card of the main deck, one name per copy, in list order."""
        return [e.name for e in self.main for _ in range(e.count)]


class _Sections:
    """The entries read so far, by section, the names not found collected for one error."""

    def __init__(self, db: CardDB, source: str | None):
        self.db, self.source = db, source
        self.entries: dict[Section, list[DeckEntry]] = {section: [] for section in Section}
        self.unknown: dict[str, int] = {}  # name -> first line
        self.main_cards = 0

    def add(self, section: Section, count_text: str, name: str, line: int) -> None:
        """One card line: its count checked, its name looked up (main deck and commander)."""
        if len(count_text) > _COUNT_DIGITS or not 1 <= int(count_text) <= MAX_DECK_LINE_COUNT:
            shown_count = count_text if len(count_text) <= _COUNT_DIGITS else "%s… (%d digits)" % (
                count_text[:_COUNT_DIGITS], len(count_text))
            raise InputError("line %d" % line, "count %s out of bounds (1..%d)" % (shown_count, MAX_DECK_LINE_COUNT),
                             self.source)
        if section in (Section.DECK, Section.COMMANDER):
            try:
                name = self.db.get(name).name
            except UnknownCard:
                self.unknown.setdefault(name, line)
        self.entries[section].append(DeckEntry(int(count_text), name, line))
        if section == Section.DECK:
            self.main_cards += int(count_text)
            if self.main_cards > MAX_DECK_CARDS:  # said at once: a huge list is not read to its end
                raise InputError("line %d" % line, "more than %d cards in the main deck (the bound)" % MAX_DECK_CARDS,
                                 self.source)

    def deck(self) -> DeckList:
        """The deck list read (InputError for unknown names or no main-deck card)."""
        if self.unknown:
            lines = list(self.unknown.values())
            where = "line %d" % lines[0] if len(lines) == 1 else "lines %s%s" % (
                ", ".join(map(str, lines[:5])), ", …" if len(lines) > 5 else "")
            raise InputError(where, self.db.unknown_message(list(self.unknown), advice=False), self.source)
        e = self.entries
        deck = DeckList(tuple(e[Section.DECK]), tuple(e[Section.COMMANDER]), self.source, tuple(e[Section.SIDEBOARD]))
        if not deck.main:
            raise InputError("", "no main-deck card (a card line is 'COUNT NAME', e.g. '4 Llanowar Elves')", self.source)
        return deck


def _card_name(text: str, line: int, source: str | None) -> str:
    """The card name of a card line's text after its count: a set code and the collector
    number and foil marker after it dropped, any other token after a set code refused."""
    codes = list(_SET_CODE.finditer(text))
    if not codes:
        return text.strip()
    code = codes[-1]
    tokens = text[code.end():].split()
    allowed = [_COLLECTOR_NUMBER, _FOIL_MARKER]
    for token in tokens:
        while allowed and not allowed[0].fullmatch(token):
            allowed.pop(0)
        if not allowed:
            raise InputError("line %d" % line, "%s after the set code %s is not a collector number or a foil marker "
                             "(e.g. '4 Llanowar Elves (M19) 314 *F*')" % (shown(token, 30), code.group(0).strip()),
                             source)
        allowed.pop(0)
    return text[:code.start()].strip()


def parse_decklist(text: str, db: CardDB, source: str | None = None) -> DeckList:
    """The deck list in `text` (MTGO/Arena text export, or an MTGO ``.dek``), every name of
    the main deck and commanders checked in `db`.

    Raises InputError ``FILE: line N: what is wrong`` for a line that is not a card line or
    a header, a token after a set code that is not a collector number, a count out of
    bounds, unknown cards (all of them, the first with the nearest names), or a list with
    no main-deck card."""
    if text.lstrip().startswith("<"):
        return _parse_dek(text, db, source)
    read = _Sections(db, source)
    section, blank_after_cards, headers_seen = Section.DECK, False, False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            blank_after_cards = bool(read.entries[section]) or blank_after_cards
            continue
        if line.startswith(("//", "#")):
            continue
        header = _HEADERS.get(line.lower().rstrip(":").rstrip())
        if header is not None:
            section, blank_after_cards, headers_seen = header, False, True
            continue
        sideboard_line = _SIDEBOARD_LINE.match(line)
        m = _LINE.fullmatch(line[sideboard_line.end():] if sideboard_line else line)
        if m is None and section == Section.IGNORED and not sideboard_line:
            continue  # Arena's "About" section holds "Name My Deck"
        if m is None:
            raise InputError("line %d" % number, "expected 'COUNT NAME' (e.g. '4 Llanowar Elves' or 'SB: 2 Blood "
                             "Moon') or a section header (Deck, Commander, Sideboard), got %s" % shown(line), source)
        if blank_after_cards and section == Section.DECK and not headers_seen:
            section = Section.SIDEBOARD  # MTGO: the sideboard follows a blank line
        read.add(Section.SIDEBOARD if sideboard_line else section, m.group(1), _card_name(m.group(2), number, source),
                 number)
    return read.deck()


def _parse_dek(text: str, db: CardDB, source: str | None) -> DeckList:
    """An MTGO ``.dek`` deck (XML): ``<Cards Quantity Sideboard Name/>`` under ``<Deck>``;
    a DOCTYPE or entity declaration (which MTGO never writes) is refused before expansion."""
    from xml.parsers import expat  # keeps start-up light

    parser = expat.ParserCreate()
    read = _Sections(db, source)
    roots: list[str] = []

    def refuse(line: int, what: str) -> InputError:
        return InputError("line %d" % line, "%s; %s" % (what, _EXPORT), source)

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        if not roots:
            roots.append(tag)
            if tag != "Deck":
                raise refuse(line, "an XML file whose root is <%s>, not an MTGO .dek <Deck>" % shown(tag, 30).strip("'"))
            return
        if tag != "Cards":
            return  # NetDeckID, PreconstructedDeckID
        for key in ("Quantity", "Name"):
            if not attrs.get(key, "").strip():
                raise refuse(line, "a <Cards> element without its %s attribute" % key)
        side = attrs.get("Sideboard", "false")
        if side not in ("true", "false"):
            raise refuse(line, "<Cards Sideboard=%s>: expected \"true\" or \"false\"" % shown(side, 20))
        quantity = attrs["Quantity"].strip()
        if not quantity.isascii() or not quantity.isdigit():
            raise refuse(line, "<Cards Quantity=%s>: expected a count like \"4\"" % shown(quantity, 20))
        read.add(Section.SIDEBOARD if side == "true" else Section.DECK, quantity, attrs["Name"].strip(), line)

    def declaration(*_: object) -> None:
        raise refuse(parser.CurrentLineNumber, "an XML file with a DOCTYPE or entity declarations is not a .dek")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = declaration
    parser.EntityDeclHandler = declaration
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise refuse(exc.lineno, "not a readable MTGO .dek file (XML: %s)" % expat.ErrorString(exc.code)) from None
    return read.deck()


def deck_text(data: bytes, source: str | None = None) -> str:
    """The text of a deck file's bytes: UTF-8, or UTF-16 after its byte-order mark (a UTF-8
    one dropped); InputError for bytes that are not text."""
    encoding = "utf-8"
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                       (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            data, encoding = data[len(bom):], codec
            break
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError("", "not a text deck list (byte 0x%02x at offset %d is not %s text); %s" % (
            data[exc.start], exc.start, encoding.upper(), _EXPORT), source) from None
    if "\x00" in text:
        raise InputError("", "a binary file, not a deck list (a NUL character at offset %d); %s" % (
            text.index("\x00"), _EXPORT), source)
    return text


def read_decklist(path: str, db: CardDB) -> DeckList:
    """The deck list in the file `path` (InputError for an unreadable, over-size or binary
    file, or a bad line)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_DECK_FILE_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a readable file path"
        raise InputError("", "cannot read the deck list: %s" % reason, path) from None
    if len(data) > MAX_DECK_FILE_BYTES:
        raise InputError("", "larger than the bound of %d bytes for a deck list (a deck list is a few kilobytes); "
                         "not read" % MAX_DECK_FILE_BYTES, path)
    return parse_decklist(deck_text(data, path), db, path)
