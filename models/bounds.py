"""The limits of input the answers are defined for (issue 17), each with its reason.

Beyond them an input is refused with exit status 2 and a line saying the bound, instead of
an answer that would take hours, gigabytes, or overflow the 64-bit integers of CP-SAT.
"""

from __future__ import annotations

# Board JSON nesting: a board is 6 levels deep (players[].battlefield[].counters), inline
# cards 3; anything past this is not a board, and deeper text would exhaust the stack.
MAX_JSON_DEPTH = 32
# Integers written in a board: more digits than this are refused before Python's
# int-from-text conversion (which itself stops at 4,300 digits).
MAX_INT_DIGITS = 30
# Counters on a permanent, energy, spells cast, X, kicker times, --limit: no real game
# reaches a million, and sums of a few such stay far inside CP-SAT's 64-bit bounds.
MAX_COUNT = 1_000_000
# Life totals and power/toughness may be negative (119.4, 208.3); same magnitude bound.
MAX_MAGNITUDE = 1_000_000
# A cost string: the longest printed cost has 16 symbols ({W}{W}{W}... on Gleemax-like
# jokes aside, ~12); generic numbers up to MAX_COUNT; at most this many symbols.
MAX_COST_SYMBOLS = 100
# Text fields (names, ids, oracle text): the longest oracle text is ~1,100 characters.
MAX_TEXT = 5_000
# Distinct 601.2b announcements of a cost's hybrid/Phyrexian symbols: Reaper King's
# {2/W}{2/U}{2/B}{2/R}{2/G} has 32; each announcement is a question of its own, and a cost
# of dozens of distinct hybrid symbols would have billions.
MAX_ANNOUNCEMENTS = 1024
# "Add N mana of any color / in any combination" with a fixed N: printed cards say at most
# ten; a larger N is reported as not understood (its options grow as N^4).
MAX_PRINTED_MANA = 20
# A deck list: Commander decks have 100 cards, Battle Box/cube-like lists a few hundred;
# one line's count past this is a typo, and a longer library is not a deck.
MAX_DECK_LINE_COUNT = 250
MAX_DECK_CARDS = 1_000
# A deck file: a 1,000-card list with comments is well under 100 kB; a file past this is
# refused (never cut short: the cards after a cut would be silently missing).
MAX_DECK_FILE_BYTES = 1_000_000
# Turns a castability run simulates: the tables stop at 7; past 20 nobody goldfishes.
MAX_TURNS = 20
# A card file's bytes (decompressed, for a .gz): MTGJSON's AtomicCards is ~130 MB, a Scryfall
# bulk file of every English printing ~500 MB; a file past this is not a card list.
MAX_CARD_FILE_BYTES = 1024 ** 3
# A board file, and one line of the server (server.MAX_LINE): a board of 2,000 permanents is
# ~200 KB; past this it is not a board.
MAX_BOARD_BYTES = 8 * 1024 * 1024
# A batch file (`manasolve batch`): lines of at most MAX_BOARD_BYTES each, 64 MB in all.
MAX_BATCH_BYTES = 64 * 1024 * 1024
# The seconds a whole `cards update` may take (fetch, checksum, check): AtomicCards is
# ~30 MB, minutes on a slow line; a server dripping bytes is stopped here.
UPDATE_DEADLINE = 900.0


def read_bounded_file(path: str, bound: int, what: str) -> bytes:
    """The bytes of the file at `path`, read to at most `bound` bytes: a longer file (or
    an endless one, like /dev/zero) is an error naming the bound, never cut silently.
    Raises ValueError with the line's message (the caller names the file): no such file,
    a directory, over the bound, or the system's reason."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(bound + 1)
    except FileNotFoundError:
        raise ValueError("no such file") from None
    except IsADirectoryError:
        raise ValueError("is a directory, not a %s" % what) from None
    except OSError as exc:
        raise ValueError(exc.strerror or type(exc).__name__) from None
    if len(data) > bound:
        raise ValueError("more than %d bytes, the bound of a %s" % (bound, what))
    return data


def read_text_file(path: str, bound: int, what: str) -> str:
    """The UTF-8 text of the file at `path` (a byte-order mark is not part of it), read as
    `read_bounded_file` reads it; ValueError also for text that is not UTF-8."""
    try:
        return read_bounded_file(path, bound, what).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
