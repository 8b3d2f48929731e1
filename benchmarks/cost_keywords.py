"""The cost-keyword table of issue 15: for each keyword that changes what a spell costs or
how it is paid, how many cards of a card file have it (``seen``), how many of those the
oracle parser reads (``understood``), and whether the payment solver pays it.

    python -m benchmarks.cost_keywords [CARD_FILE]   # default: the built-in card set

writes benchmarks/results/cost_keywords.md (keywords seen on at least 20 cards first,
then the rest).  A card counts as seen when MTGJSON's ``keywords`` lists the keyword or a
line of its text begins with it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from manasolve.models.abilities import CostKeyword
from manasolve.models.cards import Card, card_from_mtgjson
from manasolve.models.loaders import load_card_file
from manasolve.models.oracle.costs import CostPart
from manasolve.models.request import Alternative

RESULTS = Path(__file__).resolve().parent / "results" / "cost_keywords.md"
THRESHOLD = 20  # the issue asks for every such keyword at least this many cards have


def _alt(kind: Alternative) -> Callable[[Card], bool]:
    return lambda c: any(a.kind == kind for a in c.spell_costs.alternative + c.spell_costs.flashback)


def _opt(kind: str) -> Callable[[Card], bool]:
    return lambda c: any(o.kind == kind for o in c.spell_costs.optional_costs)


def _face_up(kind: str) -> Callable[[Card], bool]:
    return lambda c: any(f.kind == kind and _solved(f.cost) for f in c.spell_costs.face_up)


def _zone(kind: str) -> Callable[[Card], bool]:
    return lambda c: any(a.kind == kind and _solved(a.cost) for a in c.spell_costs.zone_abilities)


def _solved(cost: CostPart) -> bool:
    """Whether the payment solver pays every non-mana part of `cost`."""
    return not any(o.problem for o in cost.other)


# keyword -> (how the parser shows it read it, what pays it; "" when the solver does not)
READ: dict[str, tuple[Callable[[Card], bool] | None, str]] = {
    "Convoke": (lambda c: c.has_cost_keyword(CostKeyword.CONVOKE), "pay --convoke / --card: creatures tapped (702.51)"),
    "Improvise": (lambda c: c.has_cost_keyword(CostKeyword.IMPROVISE), "pay --improvise / --card: artifacts tapped (702.126)"),
    "Delve": (lambda c: c.has_cost_keyword(CostKeyword.DELVE), "pay --delve / --card: graveyard cards exiled (702.66)"),
    "Flashback": (lambda c: bool(c.spell_costs.flashback), "pay --card --alt flashback (702.34)"),
    "Kicker": (lambda c: bool(c.spell_costs.kicker), "pay --card --kicker (702.33)"),
    "Multikicker": (lambda c: bool(c.spell_costs.multikicker), "pay --card --kicker TIMES (702.33c)"),
    "Overload": (_alt(Alternative.OVERLOAD), "pay --card --alt overload (702.96)"),
    "Evoke": (_alt(Alternative.EVOKE), "pay --card --alt evoke (702.74)"),
    "Buyback": (lambda c: any(o.kind == "buyback" for o in c.spell_costs.optional),
                "pay --card --kicker (its first optional cost); plays: with and without (702.27)"),
    "Offspring": (lambda c: any(o.kind == "offspring" for o in c.spell_costs.optional),
                  "pay --card --kicker (its first optional cost); plays: with and without (702.175)"),
    "Replicate": (lambda c: any(o.kind == "replicate" for o in c.spell_costs.multikicker),
                  "pay --card --kicker TIMES; plays: 0..N times (702.56)"),
    "Foretell": (_alt(Alternative.FORETELL), "plays: a foretold card cast from exile for its foretell cost (702.143)"),
    "Entwine": (_opt("entwine"), "pay --card --optional 1; plays: with and without (702.42)"),
    "Gift": (_opt("gift"), "pay --card --optional 1 (no mana: an opponent chosen); plays: with and without (702.174)"),
    "Bargain": (_opt("bargain"), "pay --card --optional 1: an artifact, enchantment or token sacrificed (702.166)"),
    "Casualty": (_opt("casualty"), "pay --card --optional 1: a creature with power N or greater sacrificed (702.153)"),
    "Conspire": (_opt("conspire"), "pay --card --optional 1: two creatures sharing a colour tapped (702.78)"),
    "Squad": (_opt("squad"), "pay --card --optional TIMES; plays: times_max (702.157)"),
    "Escalate": (_opt("escalate"), "pay --card --optional TIMES (at most the modes beyond the first, 702.120)"),
    "Spree": (lambda c: c.spell_costs.spree and _opt("spree")(c),
              "pay --card --optional 1,0,1 (one or more modes); plays: each choice (702.172)"),
    "Cleave": (_alt(Alternative.CLEAVE), "pay --card --alt cleave (702.148)"),
    "Morph": (_face_up("morph"), "pay --card --alt face_down ({3}); pay --card ID --ability face_up (702.37)"),
    "Megamorph": (_face_up("megamorph"), "pay --card --alt face_down ({3}); pay --card ID --ability face_up (702.37b)"),
    "Disguise": (_face_up("disguise"), "pay --card --alt face_down ({3}); pay --card ID --ability face_up (702.168)"),
    "Unearth": (_zone("unearth"), "pay --card --ability unearth; plays: from the graveyard (702.84)"),
    "Embalm": (_zone("embalm"), "pay --card --ability embalm; plays: from the graveyard (702.128)"),
    "Eternalize": (_zone("eternalize"), "pay --card --ability eternalize; plays: from the graveyard (702.129)"),
    "Ninjutsu": (_zone("ninjutsu"), "pay --card --ability ninjutsu: an unblocked attacker returned (702.49)"),
    "Strive": (lambda c: bool(c.spell_costs.per_extra_target), "pay --card --targets N: more per target (601.2f)"),
    "Undaunted": (lambda c: any(r.text == "Undaunted" for r in c.spell_costs.self_reductions),
                  "total cost: {1} less per opponent (702.125)"),
    "Affinity": (lambda c: any(r.text.startswith("Affinity") for r in c.spell_costs.self_reductions),
                 "total cost: {1} less per object (702.41)"),
}
# Keywords that change a spell's cost or how it is paid (counted whether read or not).
CANDIDATES = (
    "Convoke", "Improvise", "Delve", "Affinity", "Flashback", "Kicker", "Multikicker", "Buyback", "Entwine", "Escape",
    "Jump-start", "Retrace", "Overload", "Spectacle", "Surge", "Emerge", "Evoke", "Madness", "Foretell", "Disturb",
    "Dash", "Bestow", "Prowl", "Replicate", "Splice", "Casualty", "Bargain", "Offspring", "Blitz", "Cleave", "Mutate",
    "Morph", "Megamorph", "Disguise", "Suspend", "Miracle", "Plot", "Awaken", "Squad", "Freerunning", "Impending",
    "Warp", "Gift", "Spree", "Harmonize", "Aftermath", "Fuse", "Conspire", "Escalate", "Assist", "Undaunted",
    "Strive", "Embalm", "Eternalize", "Unearth", "Ninjutsu", "Mayhem", "Sneak", "Web-slinging", "Tiered",
)


def _has(d: dict, keyword: str) -> bool:
    if keyword in (d.get("keywords") or ()):
        return True
    return any(re.match(r"%s\b" % re.escape(keyword), line) for line in (d.get("text") or "").split("\n"))


def table(cards: list[dict]) -> list[dict]:
    """One row per candidate keyword: seen, understood, paid (the solver's way, or "")."""
    rows = []
    for k in CANDIDATES:
        having = [d for d in cards if not d.get("aliasOf") and _has(d, k)]
        read, pays = READ.get(k, (None, ""))
        understood = 0
        for d in having:
            try:
                card = card_from_mtgjson(d)
            except ValueError:  # an unreadable mana cost: the card is not understood
                continue
            understood += bool(read and read(card))
        rows.append({"keyword": k, "seen": len(having), "understood": understood,
                     "paid": understood if pays else 0, "how": pays or "not read: the solver does not offer this way of casting"})
    return sorted(rows, key=lambda r: (-r["seen"], r["keyword"]))


def write(rows: list[dict], source: str, path: Path = RESULTS) -> None:
    """The table as markdown."""
    lines = ["# Cost keywords: seen / understood / paid by the solver", "",
             "Card file: `%s`. A keyword is seen on a card when MTGJSON's `keywords` lists it or a line "
             "begins with it; understood when the oracle parser reads its cost; paid when the payment "
             "solver pays that cost (the command that does it)." % source, "",
             "| keyword | seen | understood | paid by the solver | how |", "|---|---:|---:|---:|---|"]
    for part, keep in (("at least %d cards" % THRESHOLD, lambda r: r["seen"] >= THRESHOLD),
                       ("fewer cards", lambda r: 0 < r["seen"] < THRESHOLD)):
        for r in filter(keep, rows):
            lines.append("| %s | %d | %d | %d | %s |" % (r["keyword"], r["seen"], r["understood"], r["paid"], r["how"]))
        lines.append("| *(above: %s)* | | | | |" % part)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> None:
    from manasolve.models.carddb import builtin_cards

    source = argv[0] if argv else "built-in cards"
    cards = list(load_card_file(argv[0]).values()) if argv else list(builtin_cards().values())
    rows = table(cards)
    write(rows, source if not argv else Path(argv[0]).name)
    for r in rows:
        if r["seen"]:
            print("%-14s seen %5d  understood %5d  paid %5d" % (r["keyword"], r["seen"], r["understood"], r["paid"]))


if __name__ == "__main__":
    main(sys.argv[1:])
