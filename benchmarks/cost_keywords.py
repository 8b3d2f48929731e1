"""The cost-keyword table of issue 15: for each keyword that changes what a spell costs or
how it is paid, how many cards of a card file have it (``seen``), how many of those the
oracle parser reads (``understood``), and whether the payment solver pays it.

    python -m benchmarks.cost_keywords [CARD_FILE]   # default: the built-in pool (every card)

writes benchmarks/results/cost_keywords.md (keywords seen on at least 20 cards first,
then the rest).  A card counts as seen when a line of its text (or an item of a keyword
list line) begins with the keyword (see `_has`).
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
HALVES = ("Fuse", "Aftermath")  # paid only when the card file holds each half
THRESHOLD = 20  # the issue asks for every such keyword at least this many cards have
BACK_FACED = ("transform", "modal_dfc", "meld")  # layouts whose faces each carry the card's keywords


def _alt(kind: Alternative) -> Callable[[Card], bool]:
    return lambda c: any(a.kind == kind for a in c.spell_costs.alternative + c.spell_costs.flashback)


def _opt(kind: str) -> Callable[[Card], bool]:
    return lambda c: any(o.kind == kind for o in c.spell_costs.optional_costs)


def _face_up(kind: str) -> Callable[[Card], bool]:
    # "This cost is reduced by ..." after a disguise cost is not read: that card is not understood
    return lambda c: any(f.kind == kind and _solved(f.cost) for f in c.spell_costs.face_up) and not any(
        nu.sentence.startswith("This cost is reduced") for nu in c.spell_costs.not_understood)


def _zone(kind: str) -> Callable[[Card], bool]:
    return lambda c: any(a.kind == kind and _solved(a.cost) for a in c.spell_costs.zone_abilities)


def _solved(cost: CostPart) -> bool:
    """Whether the payment solver pays every non-mana part of `cost`."""
    return not any(o.problem for o in cost.other)
def _kw(kind: str) -> Callable[[Card], bool]:
    def read(c: Card) -> bool:
        sc = c.spell_costs
        return any(a.kind == kind and _solved(a.cost) for a in sc.alternative + sc.specials)
    return read


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
    "Splice": (lambda c: any(_solved(sp.cost) for sp in c.spell_costs.splice),
               "pay --card SPELL --optional ...: each card in hand spliced onto it adds its cost (702.47)"),
    "Fuse": (lambda c: c.spell_costs.fuse, "pay --card 'A // B' --fuse; plays: fuse (702.102); paid only "
             "when the card file has both halves"),
    "Aftermath": (lambda c: c.layout == "aftermath", "pay --card 'A // B' --from graveyard: the second half "
                  "(702.127); paid only when the card file has both halves"),
    "Affinity": (lambda c: any(r.text.startswith("Affinity") for r in c.spell_costs.self_reductions),
                 "total cost: {1} less per object (702.41)"),
    # ways of casting (models/oracle/cast_keywords.py, solver/cast_keywords.py): pay --card --alt KEYWORD, plays via
    "Escape": (_kw("escape"), "pay --card --alt escape: from the graveyard, other cards exiled (702.138)"),
    "Disturb": (_kw("disturb"), "pay --card --alt disturb: from the graveyard (702.146)"),
    "Jump-start": (_kw("jump-start"), "pay --card --alt jump-start: graveyard, mana cost + discard (702.133)"),
    "Retrace": (_kw("retrace"), "pay --card --alt retrace: graveyard, mana cost + a land card discarded (702.81)"),
    "Madness": (_kw("madness"), "pay --card --alt madness: from exile, board exile entry \"madness\" (702.35)"),
    "Dash": (_kw("dash"), "pay --card --alt dash (702.109)"),
    "Blitz": (_kw("blitz"), "pay --card --alt blitz (702.152)"),
    "Bestow": (_kw("bestow"), "pay --card --alt bestow: needs a creature to target (702.103)"),
    "Warp": (_kw("warp"), "pay --card --alt warp; exile entry \"warped\": cast from exile later"),
    "Sneak": (_kw("sneak"), "pay --card --alt sneak: declare blockers step, returns an unblocked attacker"),
    "Mutate": (_kw("mutate"), "pay --card --alt mutate: needs a non-Human creature you own (702.140)"),
    "Miracle": (_kw("miracle"), "pay --card --alt miracle: board field \"miracle\" (702.94)"),
    "Spectacle": (_kw("spectacle"), "pay --card --alt spectacle: an opponent's life_lost_this_turn (702.137)"),
    "Surge": (_kw("surge"), "pay --card --alt surge: spells_cast_this_turn (702.117)"),
    "Prowl": (_kw("prowl"), "pay --card --alt prowl: combat_damage_types_this_turn (702.76)"),
    "Emerge": (_kw("emerge"), "pay --card --alt emerge: every creature sacrificed, reduced by its mana value (702.119)"),
    "Plot": (_kw("plot"), "plays: special action plot; exile entry \"plotted\": cast free (702.170)"),
    "Suspend": (_kw("suspend"), "plays: special action suspend; pay --card --alt suspend (702.62)"),
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
    """Whether the card face has the keyword: a line of its own text begins with it, or one
    item of a keyword list line ("Flying, convoke") does.  MTGJSON's ``keywords`` alone is
    not enough when the text says the word: it also lists the keywords a card only
    mentions ("The top card of your library has plot.")."""
    if keyword.lower() not in (d.get("text") or "").lower():
        # only MTGJSON's list says so (an aftermath card's second half is not in this text);
        # not a double-faced card's back face (no mana cost), which repeats the front's
        return keyword in (d.get("keywords") or ()) and not (d.get("layout") in BACK_FACED and not d.get("manaCost"))
    # not a line naming the card ("Blitz of the Thunder-Raptor deals ...") or a named ability
    # ("Warp Vortex — ...", "Warp-Strike — ...", "Sneak Attack — ...", "Suspended Animation — ...")
    # nor a rule about the keyword ("Blitz costs you pay cost {1} less ...")
    kw = re.escape(keyword)
    first = re.compile(r"%s(?![-\w])(?! [A-Z][\w']* —)(?! costs?\b)" % kw)
    listed = re.compile(r"%s(?=$| ?\{| ?—| \()" % kw, re.IGNORECASE)  # "Flash; convoke", "Flying, convoke"
    return any((first.match(line) or any(listed.match(item) for item in re.split(r"[,;] ", line)[1:]))
               and not line.startswith(d["name"]) for line in (d.get("text") or "").split("\n"))


def table(cards: list[dict]) -> list[dict]:
    """One row per candidate keyword: seen, understood, paid (the solver's way, or "")."""
    rows = []
    names = {d["name"] for d in cards} | {d.get("faceName") for d in cards if d.get("faceName")}
    for k in CANDIDATES:
        having = [d for d in cards if not d.get("aliasOf") and _has(d, k)]
        read, pays = READ.get(k, (None, ""))
        understood = paid = 0
        for d in having:
            try:
                card = card_from_mtgjson(d)
            except ValueError:  # an unreadable mana cost: the card is not understood
                continue
            read_it = bool(read and read(card))
            understood += read_it
            # a split card's halves are cast from its halves' data (solver.total_cost.split_half)
            paid += read_it and bool(pays) and (k not in HALVES or all(n in names for n in d["name"].split(" // ")))
        rows.append({"keyword": k, "seen": len(having), "understood": understood,
                     "paid": paid, "how": pays or "not read: the solver does not offer this way of casting"})
    return sorted(rows, key=lambda r: (-r["seen"], r["keyword"]))


def write(rows: list[dict], source: str, path: Path = RESULTS) -> None:
    """The table as markdown."""
    lines = ["# Cost keywords: seen / understood / paid by the solver", "",
             "Card file: `%s`. A keyword is seen on a card when a line of its own text begins with it "
             "(or one item of a keyword list does: \"Flying, convoke\"), or, when its text never says the "
             "word, MTGJSON's `keywords` lists it (an aftermath card's second half); understood when the oracle parser reads its cost; paid when the payment "
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
    from manasolve.models.card_pool import card_pool

    source = argv[0] if argv else "the built-in pool"
    pool = card_pool()
    cards = list(load_card_file(argv[0]).values()) if argv else [pool[n] for n in pool]
    rows = table(cards)
    write(rows, source if not argv else Path(argv[0]).name)
    for r in rows:
        if r["seen"]:
            print("%-14s seen %5d  understood %5d  paid %5d" % (r["keyword"], r["seen"], r["understood"], r["paid"]))


if __name__ == "__main__":
    main(sys.argv[1:])
