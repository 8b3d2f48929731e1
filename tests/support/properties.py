"""The property tests' comparison with the brute force (tests/support/bruteforce.py): random
small boards and costs (`scenarios`), the concrete payments a solver group stands for
(`expand`, `listed_payments`) and the brute-force identity of a ``--best`` payment."""

from __future__ import annotations

from itertools import combinations, permutations, product

from hypothesis import assume
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.solver.groups import counters
from manasolve.solver.payable import CostToPay, payable
from manasolve.solver.resources import CounterUse, PatternKind, collect
from tests.support.boards import loaded
from tests.support.bruteforce import choice_product
from tests.support.paying import pay

# Sacrifice outlets multiply every creature's choices: keep the brute force affordable.
MAX_CHOICES = 20_000

SOURCES = [
    "Forest", "Island", "Plains", "Swamp", "Mountain", "Wastes", "Snow-Covered Forest", "Snow-Covered Island",
    "Tundra", "Savannah", "Underground Sea", "Adarkar Wastes", "Jungle Shrine", "City of Brass", "Mana Confluence",
    "Birds of Paradise", "Llanowar Elves", "Sol Ring", "Azorius Signet", "Dimir Signet", "Mystic Gate",
    "Springleaf Drum", "Cylian Elf", "Gravestone Strider", "Ashnod's Altar", "Phyrexian Altar", "Skirk Prospector",
    "Vivid Meadow", "Tainted Field", "Solar Transformer", "Pentad Prism", "Dark Fortress", "Red Mana Battery",
]
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{W/U}", "{B/G}", "{2/G}", "{2/W}",
           "{C/U}", "{B/P}", "{G/P}", "{G/W/P}", "{C/P}"]


@st.composite
def scenarios(draw, most: int = 10):
    n = draw(st.integers(0, min(8, most)))
    perms = []
    for i in range(n):
        perms.append({"id": "p%d" % i, "card": draw(st.sampled_from(SOURCES)),
                      "tapped": draw(st.booleans()) and draw(st.booleans()),
                      "sick": draw(st.booleans()), "counters": {"charge": draw(st.integers(0, 2))}, "entered_this_turn": draw(st.booleans())})
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=4))) or "{0}"
    life = draw(st.integers(0, 5))
    flags = draw(st.sampled_from([(False, False, False), (True, False, False), (False, True, False),
                                  (False, False, True), (True, False, True)]))
    # Keep the brute force affordable: at most `most` things to choose for in all.
    room = most - n
    graveyard = draw(st.lists(st.sampled_from(["Think Twice", "Forest", "Treasure Cruise"]), max_size=min(3, room)))
    pool = "".join(draw(st.lists(st.sampled_from(["{G}", "{U}", "{C}"]), max_size=min(2, room - len(graveyard)))))
    hand = draw(st.lists(st.sampled_from(["Elvish Spirit Guide", "Forest"]),
                         max_size=max(0, min(2, room - len(graveyard) - len(pool) // 3))))
    return perms, cost, life, flags, graveyard, pool, hand, draw(st.integers(0, 2))


def expand(counter, announcement, group) -> set:
    """The concrete payments a group stands for, as brute-force identities."""
    per_class: list[list[dict]] = []
    def indistinct_identity(cls, role, n):
        if isinstance(cls.members[0], CounterUse):
            return ("multi", cls.members[0].source, role.ability.text, role.pattern.bundle, n)
        return ("pool", role.pattern.bundle[0], n)

    floating = frozenset(indistinct_identity(counter.classes[ci], counter.classes[ci].roles[ri], n)
                         for ci, ri, n in group.uses if counter.classes[ci].indistinct)
    for ci in sorted({ci for ci, _, _ in group.uses if not counter.classes[ci].indistinct}):
        cls = counter.classes[ci]
        wanted = [(cls.roles[ri], n) for c2, ri, n in group.uses if c2 == ci]
        options = []

        def assign(k, free, acc):
            if k == len(wanted):
                options.append(dict(acc))
                return
            role, n = wanted[k]
            for chosen in combinations(free, n):
                assign(k + 1, [m for m in free if m not in chosen], acc + [(m, role) for m in chosen])

        assign(0, list(cls.members), [])
        per_class.append(options)
    results = set()
    ann_id = tuple(sorted((str(s), label(h)) for s, h in announcement.picks))

    def combine(k, acc):
        if k == len(per_class):
            uses = [(m, part) for m, r in acc.items() for part in r.parts]
            acts = [(m, r) for m, r in uses if r.pattern.kind == PatternKind.MANA]
            tapped = sorted(m.id for m, r in uses if r.pattern.kind == PatternKind.TAPPED)
            taps = frozenset((m.id, r.pattern.kind) for m, r in uses
                             if r.pattern.kind in (PatternKind.CONVOKE, PatternKind.IMPROVISE, PatternKind.DELVE))
            needs = [i for i, (m, r) in enumerate(acts) for _ in range(r.pattern.tap_creatures)]
            # A member sacrificed to an outlet: the activation is the outlet's (any of `via`).
            outlet_picks = product(*[r.via or (m.id,) for m, r in acts])
            for order, sources in product(permutations(tapped), outlet_picks):
                helpers: dict[int, list[str]] = {}
                for i, c in zip(needs, order):
                    helpers.setdefault(i, []).append(c)
                for i, (m, r) in enumerate(acts):
                    if r.via:
                        helpers.setdefault(i, []).append("sacrificed:" + m.id)
                results.add((ann_id, frozenset((src, r.ability.text, r.pattern.bundle, tuple(sorted(helpers.get(i, ()))))
                                               for i, ((m, r), src) in enumerate(zip(acts, sources))) | floating, taps))
            return
        for opt in per_class[k]:
            combine(k + 1, {**acc, **opt})

    combine(0, {})
    return results


def listed_payments(per) -> set:
    """Every concrete payment the solver's groups stand for (one group per payment
    multiplicity; no payment in two groups), as brute-force identities."""
    listed: set = set()
    for a, c in per:
        for g in c.groups():
            concrete = expand(c, a, g)
            assert len(concrete) == g.multiplicity
            assert not (listed & concrete)
            listed |= concrete
    return listed



def assert_counts_match(board, cost: ManaCost, expected: set, player: str = "a") -> None:
    """The exact count, payable and every listed payment of `cost` on `board` equal the
    brute force's `expected` payments."""
    per = counters(board, player, cost.announcements(), collect(board, player))
    assert sum(c.count() for _, c in per) == len(expected)
    assert payable(board, CostToPay(cost)) == bool(expected)
    assert listed_payments(per) == expected


def assert_best_is_brute(board, what: CostToPay, expected: set) -> None:
    """`--best` pays exactly when the brute force finds a payment, and its payment is one of them."""
    best = pay(board, what, mode="best")
    assert best["payable"] == bool(expected)
    if expected:
        assert best_identity(best["best"]) in {brute_parts(i) for i in expected}

def label(half) -> str:
    if hasattr(half, "kind"):
        if half.kind == "generic":
            return str(half.amount)
        return half.colors[0] if half.kind == "color" else half.kind
    return "life"


def scenario_board(scenario):
    """The board and cost of a scenario, skipped when the brute force would take too long."""
    perms, cost_text, life, flags, graveyard, pool, hand, energy = scenario
    board = loaded(*perms, player="a", life=life, graveyard=graveyard, mana_pool=pool, hand=hand, energy=energy)
    assume(choice_product(board, convoke=flags[0], improvise=flags[1]) <= MAX_CHOICES)
    return board, ManaCost.parse(cost_text), flags, graveyard


def best_identity(best: dict) -> tuple:
    """The parts of a `--best` answer that a brute-force identity also holds."""
    acts = frozenset((a["permanent"], a["ability"], tuple(a["produces"][1:-1].split("}{")) if a["produces"] else ())
                     for a in best["activations"])
    helpers = frozenset(t["permanent"] for t in best["tapped_for_cost"] if t["for"] == "ability_cost")
    helpers |= {"sacrificed:" + a["sacrificed"] for a in best["activations"] if "sacrificed" in a}
    taps = frozenset((t["permanent"], t["for"]) for t in best["tapped_for_cost"] if t["for"] != "ability_cost")
    taps |= {(card, "delve") for card in best.get("exiled_for_delve", [])}
    pool = frozenset((t, best.get("from_pool", []).count("{%s}" % t)) for t in "WUBRGC"
                     if "{%s}" % t in best.get("from_pool", []))
    return acts, helpers, taps, pool


def brute_parts(ident) -> tuple:
    _, acts, taps = ident
    plain = frozenset((a[0], a[1], a[2]) for a in acts if a[0] not in ("pool", "multi"))
    plain |= {(a[1], a[2], a[3]) for a in acts if a[0] == "multi"}
    helpers = frozenset(h for a in acts if a[0] not in ("pool", "multi") for h in a[3])
    pool = frozenset((a[1], a[2]) for a in acts if a[0] == "pool")
    return plain, helpers, taps, pool
