"""The words of oracle text: reminder text, self-references, ability words, sentences,
numbers written as words, and the type/colour "filter words" of phrases like "basic
Swamp" or "noncreature spell"."""

from __future__ import annotations

import re

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}
# A number as written in a template: digits or a word (longest words first, so that
# "thirteen" is not read as "three").
NUMBER = r"\d+|%s" % "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
SYMBOLS = r"(?:\{[^{}]+\})+"  # one or more mana/tap symbols in braces

_SELF_PHRASES = re.compile(r"\b[Tt]his (?:land|creature|artifact|enchantment|permanent|Vehicle|Mount|card|spell|token)\b")
_REMINDER = re.compile(r"\s*\([^()]*\)")
# Words before an em dash at the start of a line: an ability word (207.2c, "Metalcraft —
# {T}: Add ..."), which has no rules meaning, or a keyword that has one ("Max speed —",
# "Exhaust —", "Boast —"), which must never be dropped.
_PREFIX = re.compile(r"^([A-Z][A-Za-z0-9' !-]*?) — (?=\S)")
# 207.2c's ability words: only these are removed without reading them.
ABILITY_WORDS = frozenset(w.replace("_", " ") for w in """adamant addendum alliance battalion bloodrush
celebration channel chroma cohort constellation converge corrupted council's_dilemma coven delirium descend_4
descend_8 domain eerie eminence enrage fateful_hour fathomless_descent ferocious flurry formidable grandeur hellbent
heroic imprint inspired join_forces kinship landfall lieutenant magecraft metalcraft morbid pack_tactics paradox
parley radiance raid rally renew revolt secret_council spell_mastery strive survival sweep tempting_offer threshold
undergrowth valiant vivid void will_of_the_council""".split())
# 207.2d's flavor words in front of abilities of the pool (Warhammer 40,000, Final Fantasy,
# My Little Pony cards): no rules meaning either.  Only these are removed, as ability words.
FLAVOR_WORDS = frozenset({"psychic stimulus", "secrets of the soul", "genomic enhancement", "devouring monster",
                          "a thousand souls die every day", "grand summon", "sonic rainboom"})
WITHOUT_RULES_MEANING = ABILITY_WORDS | FLAVOR_WORDS
_SENTENCE_END = re.compile(r"(?<=\.)\s+")

_TYPES = {"artifact", "creature", "land", "enchantment", "planeswalker", "instant", "sorcery", "battle", "permanent", "kindred"}
_SUPERTYPES = {"basic", "legendary", "snow"}
_COLOR_WORDS = {"white", "blue", "black", "red", "green", "colorless", "monocolored", "multicolored"}


def number_word(word: str) -> int | None:
    """How much a number as written means; None for anything else.

    >>> [number_word(w) for w in ("a", "three", "Twenty", "12", "many")]
    [1, 3, 20, 12, None]
    """
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word.lower())


def times_word(words: str) -> int | None:
    """How many times "once", "twice", "three times" ... say; None for anything else.

    >>> [times_word(w) for w in ("once", "twice", "three times", "3 times", "often")]
    [1, 2, 3, 3, None]
    """
    if words in ("once", "twice"):
        return 1 if words == "once" else 2
    n, sep, rest = words.partition(" ")
    return number_word(n) if sep and rest == "times" else None


def matched_number(word: str) -> int:
    """How much a word the `NUMBER` pattern matched means (so never None)."""
    n = number_word(word)
    if n is None:
        raise ValueError(f"{word!r} is not a number the NUMBER pattern matches")
    return n


def strip_reminder(text: str) -> str:
    """Oracle text without its reminder text (parenthesised)."""
    return _REMINDER.sub("", text)


def normalize(text: str, name: str) -> str:
    """Oracle text with reminder text removed and self-references written as ``~``.

    >>> normalize("Sacrifice Sol Ring: Draw a card. (Reminder.)", "Sol Ring")
    'Sacrifice ~: Draw a card.'
    """
    t = _REMINDER.sub("", text)
    names = [name] + [n for n in name.split(" // ") if n != name] if name else []
    if name.startswith("A-"):  # an Alchemy rebalanced card names itself without the "A-" (A-Vivi Ornitier)
        names.append(name[2:])
    for full in names:
        t = _replace_word(t, full)
        short = full.split(",")[0]
        if short != full and len(short) > 3:
            t = _replace_word(t, short)
    return _SELF_PHRASES.sub("~", t)


def _replace_word(text: str, name: str) -> str:
    """``name`` → ``~`` where it stands as whole words (a card named "Ice" leaves "Police")."""
    if name not in text:
        return text
    return re.sub(r"(?<!\w)%s(?!\w)" % re.escape(name), "~", text)


def line_prefix(line: str) -> tuple[str | None, str]:
    """(the words before a leading em dash, the rest): "Max speed — {T}: Add {C}." →
    ("Max speed", "{T}: Add {C}."); (None, line) without one."""
    m = _PREFIX.match(line)
    return (m.group(1), line[m.end():]) if m else (None, line)


def without_ability_word(line: str) -> str:
    """A line without its leading ability word (207.2c) or flavor word (207.2d):
    "Metalcraft — {T}: Add {C}." →
    "{T}: Add {C}.".  Any other prefix ("Max speed —", "Exhaust —") is kept: it has a
    rules meaning."""
    prefix, rest = line_prefix(line)
    return rest if prefix is not None and prefix.lower() in WITHOUT_RULES_MEANING else line


def sentences(line: str) -> list[str]:
    """The sentences of a line (split after each period), stripped, empty ones dropped."""
    return [s.strip() for s in _SENTENCE_END.split(line) if s.strip()]


def normalized_lines(text: str, name: str) -> list[tuple[str, str]]:
    """(normalized line, line as printed without reminder text) for every line of the
    text, both stripped; empty lines included, so indexes match the printed lines."""
    shown = strip_reminder(text).split("\n")
    return [(line.strip(), original.strip()) for line, original in zip(normalize(text, name).split("\n"), shown)]


def _singular(word: str) -> str:
    if word.lower() == "plains":
        return word  # the land type is "Plains" in the singular too
    if word.endswith("us"):
        return word  # Fungus, Octopus
    if word.endswith("ves"):
        return word[:-3] + "f"  # Elves → Elf, Dwarves → Dwarf
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "'s")):
        return word[:-1]
    return word


def filter_words(phrase: str) -> tuple[str, ...] | None:
    """"basic Swamp" → ("Basic", "Swamp"); "black creature card" → ("black",
    "Creature"); "noncreature" → ("non-Creature",); "nontoken artifact" →
    ("non-Token", "Artifact") ("Token": the permanent is a token).  Type words are capitalised, colour
    words kept lower-case, capitalised subtypes kept (plurals made singular); None if a
    word is not one of these.

    >>> filter_words("basic Swamp"), filter_words("Elves"), filter_words("odd creature")
    (('Basic', 'Swamp'), ('Elf',), None)
    """
    out: list[str] = []
    for raw in phrase.split():
        w = _singular(raw) if raw[0].isupper() else raw
        low = _singular(raw.lower())
        if low in ("card", "spell"):
            continue
        if low.startswith("non") and (low[3:] in _TYPES or low[3:] == "token"):
            out.append("non-" + low[3:].capitalize())
        elif low.startswith("non") and low[3:] in _COLOR_WORDS:
            out.append("non-" + low[3:])  # "nonblack"
        elif low in _TYPES or low in _SUPERTYPES or low == "token":  # "Token": see Permanent.has_words
            out.append(low.capitalize())
        elif low in _COLOR_WORDS:
            out.append(low)
        elif raw[0].isupper():
            out.append(w)
        else:
            return None
    return tuple(out) if out else None


def filter_alternatives(phrase: str) -> tuple[tuple[str, ...], ...] | None:
    """"Aura and Equipment" → (("Aura",), ("Equipment",)); "" → () (everything);
    "white creature" → (("white", "Creature"),); None if a word is unknown."""
    phrase = phrase.strip()
    if not phrase:
        return ()
    out = []
    for alt in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", phrase):
        words = filter_words(alt) if alt else None
        if words is None:
            return None
        out.append(words)
    return tuple(out)
