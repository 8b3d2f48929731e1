"""Target phrases of oracle text (115.1, 601.2c): "target creature", "target creature card
in your graveyard", "target spell", "target activated ability", "any target", "target
player", "target opponent", "up to one target ...", "target artifact or enchantment you
control", "target nonartifact, nonblack creature", "... with mana value N [or greater/or
less]" (202.3), and an Aura's "Enchant creature" (303.4a).

Only exact templates are read.  A "target" the reader does not understand — a phrase with
a qualifier it does not model ("target attacking creature", "target creature with
flying", "... with mana value 3 or less"), a modal spell, a target inside a granted ability
— makes the whole targeting `understood = False`: the plays say "not checked", never
guess.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace

from manasolve.models.oracle.words import NUMBER, filter_alternatives, normalize, number_word, sentences
from manasolve.models.vocab import Vocabulary


class TargetKind(Vocabulary):
    """What a target phrase may choose."""

    PERMANENT = "permanent"  # a permanent on the battlefield with the filter words
    GRAVEYARD_CARD = "graveyard_card"  # a card in a graveyard
    SPELL = "spell"  # a spell on the stack
    ABILITY = "ability"  # an activated or triggered ability on the stack
    PLAYER = "player"  # a player (or, with ``planeswalkers``, also a planeswalker)
    ANY = "any"  # "any target": a creature, player, planeswalker or battle (115.4)


class Relation(Vocabulary):
    """Whose object or which player a phrase allows, seen from the one who chooses."""

    ANY = "any"
    YOU = "you"  # "you control" / "your graveyard"
    OPPONENT = "opponent"  # "an opponent controls" / "target opponent" / "an opponent's graveyard"
    NOT_YOU = "not_you"  # "you don't control"


@dataclass(frozen=True)
class TargetPhrase:
    """One instance of the word "target" (115.3): what it may choose, how many objects
    (``count``; ``optional`` for "up to N" / "any number of"), "another"/"other" (not the
    source), and the filter alternatives (``()``: any object of the kind)."""

    text: str
    kind: TargetKind
    alternatives: tuple[tuple[str, ...], ...] = ()
    relation: Relation = Relation.ANY
    count: int = 1
    optional: bool = False
    other: bool = False
    planeswalkers: bool = False  # "target player or planeswalker"
    ability_kinds: tuple[str, ...] = ()  # "activated" / "triggered" for ABILITY
    mana_value: tuple[str, int] | None = None  # "with mana value 3 or greater": (">=", 3); "=", "<=" too
    # Which casts choose it (601.2c: the targets of the choices made in 601.2b): True only a
    # kicked one ("If this spell was kicked, ... target ..."), False only an unkicked one
    # (the phrase a kicked "instead" replaces); `mode` only one choosing that Spree mode
    # (702.172a, counted from 0).
    kicked: bool | None = None
    mode: int | None = None
    # "target spell or nonland permanent" (Commit): a SPELL phrase that may choose instead a
    # permanent with every word of one of these alternatives (``((),)``: any permanent)
    or_permanent: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True)
class Targeting:
    """The targets of a spell or an ability, and the phrases with "target" not read."""

    phrases: tuple[TargetPhrase, ...] = ()
    unread: tuple[str, ...] = ()

    @property
    def understood(self) -> bool:
        return not self.unread

    def for_cast(self, kicked: bool, modes: Collection[int] = ()) -> Targeting:
        """The targets of one cast: kicked or not (702.33d), with these Spree modes."""
        return Targeting(tuple(p for p in self.phrases if p.kicked in (None, kicked)
                               and (p.mode is None or p.mode in modes)), self.unread)


_QUANTITY = re.compile(r"(?:(?P<upto>up to (?P<n1>%s))|(?P<any>any number of)|(?P<n2>%s) or (?:%s)|(?P<n3>%s))? ?"
                       r"(?P<other>(?:an)?other )?$" % (NUMBER, NUMBER, NUMBER, NUMBER), re.IGNORECASE)
_CONTROL = {"you control": Relation.YOU, "an opponent controls": Relation.OPPONENT,
            "you don't control": Relation.NOT_YOU}
_GRAVEYARD = {"your": Relation.YOU, "a": Relation.ANY, "an opponent's": Relation.OPPONENT}
# Words after a phrase that would qualify it further (not modelled).
_QUALIFIERS = {"with", "without", "that", "that's", "who", "whose", "named", "of", "which", "other", "than",
               "in", "from", "attacking", "blocking", "tapped", "untapped", "an", "you", "your"}
_COST_CHANGE = re.compile(r"\bcosts? .*\b(?:more|less) to (?:cast|activate)\b")
_LONGEST = 9  # words in the longest phrase read ("creature card in an opponent's graveyard" and alike)


# 702.33d: a sentence that applies only to a kicked spell; group 1: it replaces the one before.
_KICKED = re.compile(r"If (?:this spell|~|it) was kicked, (instead )?")
_MANA_VALUE = re.compile(r"with mana value (\d+)( or (?:greater|less))?([.,;:]|$)")
_MV_OP = {None: "=", " or greater": ">=", " or less": "<="}


def _head(phrase: str) -> TargetPhrase | None:
    """The phrase after "target" (no count, no "another") read, or None."""
    phrase = re.sub(r"\b(non[a-z]+), (?=non[a-z]+ )", r"\1 ", phrase)  # "nonartifact, nonblack creature": both
    m = re.fullmatch(r"(player|opponent)(?:s|'s)?( or planeswalker)?", phrase)
    if m:
        rel = Relation.OPPONENT if m.group(1) == "opponent" else Relation.ANY
        return TargetPhrase("", TargetKind.PLAYER, relation=rel, planeswalkers=bool(m.group(2)))
    m = re.fullmatch(r"(activated|triggered|activated or triggered) abilit(?:y|ies)", phrase)
    if m:
        return TargetPhrase("", TargetKind.ABILITY, ability_kinds=tuple(m.group(1).split(" or ")))
    m = re.fullmatch(r"spell or (.+)", phrase)  # Commit: "target spell or nonland permanent"
    if m:
        perm = _head(m.group(1))
        if perm is None or perm.kind != TargetKind.PERMANENT or perm.relation != Relation.ANY:
            return None
        return TargetPhrase("", TargetKind.SPELL, or_permanent=perm.alternatives or ((),))
    m = re.fullmatch(r"(?:(.+) )?spells?", phrase)
    if m:
        alts = filter_alternatives(m.group(1) or "")
        return None if alts is None else TargetPhrase("", TargetKind.SPELL, alts)
    m = re.fullmatch(r"(?:(.+) )?cards? (?:in|from) (your|a|an opponent's) graveyard", phrase)
    if m:
        alts = filter_alternatives(m.group(1) or "")
        return None if alts is None else TargetPhrase("", TargetKind.GRAVEYARD_CARD, alts, _GRAVEYARD[m.group(2)])
    m = re.fullmatch(r"(.+?)(?: (you control|an opponent controls|you don't control))?", phrase)
    if m and not re.search(r"\b(?:cards?|spells?|graveyard)\b", m.group(1)):
        alts = filter_alternatives(m.group(1))
        if alts:
            return TargetPhrase("", TargetKind.PERMANENT, alts, _CONTROL.get(m.group(2) or "", Relation.ANY))
    return None


def _one(before: str, after: str) -> TargetPhrase | None:
    """The phrase around one "target": `before` ends just before it, `after` starts just
    after it; None when not read."""
    q = _QUANTITY.search(before)
    words = after.split()
    for n in range(min(_LONGEST, len(words)), 0, -1):
        if any(w[-1] in ".;:" for w in words[:n - 1]):
            continue  # a phrase ends at the end of its sentence or clause
        bare = " ".join(words[:n]).rstrip(".,;:")
        read = _head(bare)
        if read is None:
            continue
        ends = words[n - 1][-1] in ".,;:" or n == len(words)
        mv = None if ends or read.kind == TargetKind.PLAYER else _MANA_VALUE.match(" ".join(words[n:]))
        if mv:
            bare += " " + mv.group(0).rstrip(".,;:")
        elif not ends and words[n].lower().rstrip(".,;:") in _QUALIFIERS:
            return None  # "target creature with flying": a qualifier not modelled
        count, optional = 1, False
        if q and q.group("upto"):
            count, optional = number_word(q.group("n1")) or 1, True
        elif q and q.group("any"):
            optional = True
        elif q and (q.group("n2") or q.group("n3")):
            count = number_word(q.group("n2") or q.group("n3")) or 1
        other = bool(q and q.group("other"))
        text = ((q.group(0) if q else "") + "target " + bare).strip()
        return TargetPhrase(text, read.kind, read.alternatives, read.relation, count, optional, other,
                            read.planeswalkers, read.ability_kinds,
                            (_MV_OP[mv.group(2)], int(mv.group(1))) if mv else None, or_permanent=read.or_permanent)
    return None


def read_targets(text: str, name: str = "") -> Targeting:
    """Every "target" of an effect text (a spell's text, or what follows an activated
    ability's colon) read into phrases; any it can't read goes to ``unread``."""
    phrases: list[TargetPhrase] = []
    unread: list[str] = []
    body = normalize(text, name)
    if re.search(r"\btargets?\b", body, re.IGNORECASE) and ("•" in body or re.search(r"\bChoose (?:one|two)", body)):
        return Targeting((), (body.strip(),))  # modal: the targets depend on the modes chosen (700.2)
    modes = 0
    for line in body.split("\n"):
        mode = None
        if line.startswith("+ "):  # a Spree mode (702.172a): its targets only when chosen
            mode, modes = modes, modes + 1
        before = len(phrases)  # this line's earlier sentences' phrases start here
        for sentence in sentences(line):
            if _COST_CHANGE.search(sentence):
                continue  # "costs {1} more ... for each target": a cost, read with the costs
            if '"' in sentence and re.search(r"\btarget", sentence, re.IGNORECASE):
                unread.append(sentence)  # a granted ability in quotes: whose targets? not read
                continue
            kicked = _KICKED.match(sentence)
            if kicked and kicked.group(1):  # "..., instead destroy target ...": not the kicked cast's
                phrases[before:] = [replace(p, kicked=False) if p.kicked is None else p for p in phrases[before:]]
            start = len(phrases)
            for m in re.finditer(r"\b(any )?target(s)?\b", sentence, re.IGNORECASE):
                if sentence[:m.start()].endswith("that "):
                    continue  # "that target": the one already chosen
                if m.group(1) and not m.group(2):
                    phrases.append(TargetPhrase("any target", TargetKind.ANY))
                    continue
                read = None if m.group(2) else _one(sentence[:m.start()], sentence[m.end():])
                if read is None or (re.search(r"\bkicked\b", sentence) and not kicked):
                    unread.append(sentence)  # "kicked with its {1}{G} kicker": which kicker, not read
                else:
                    phrases.append(read)
            phrases[start:] = [replace(p, kicked=True if kicked else None, mode=mode) for p in phrases[start:]]
    return Targeting(tuple(phrases), tuple(dict.fromkeys(unread)))


def spell_targeting(name: str, text: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> Targeting | None:
    """The targets chosen while casting a card (601.2c): an instant's or sorcery's text
    (triggered-ability lines left out), an Aura's "Enchant ..." (303.4a); None for other
    spells, which target nothing as they are cast."""
    if "Aura" in subtypes:
        for line in normalize(text, name).split("\n"):
            m = re.fullmatch(r"Enchant (.+)", line.strip())
            if m:
                read = _head(m.group(1))
                if read is None or read.kind not in (TargetKind.PERMANENT, TargetKind.PLAYER):
                    return Targeting((), (line.strip(),))
                return Targeting((TargetPhrase(line.strip(), read.kind, read.alternatives, read.relation),))
        return None
    if "Instant" not in types and "Sorcery" not in types:
        return None
    lines = [ln for ln in text.split("\n")
             if not re.match(r"(?:When|Whenever|At the|Flashback|Kicker|Multikicker|Buyback)\b", ln.strip())]
    return read_targets("\n".join(lines), name)
