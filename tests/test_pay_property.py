"""Property tests: on random small boards and costs, the solver's payable / count /
grouped payments equal an independent brute-force enumerator (tests/bruteforce.py)."""

from __future__ import annotations

from itertools import combinations, permutations, product

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from manasolve.models.mana import ManaCost
from manasolve.solver.groups import counters
from manasolve.models.request import CostKeywords
from manasolve.solver.payable import CostToPay, payable
from manasolve.solver.resources import CounterUse, PatternKind, SpellBeingCast, collect
from tests.boards import loaded
from tests.bruteforce import brute_or_assume, choice_product
from tests.paying import pay

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
    ann_id = tuple(sorted((str(s), _label(h)) for s, h in announcement.picks))

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
        assert _best_identity(best["best"]) in {_brute_parts(i) for i in expected}

def _label(half) -> str:
    if hasattr(half, "kind"):
        if half.kind == "generic":
            return str(half.amount)
        return half.colors[0] if half.kind == "color" else half.kind
    return "life"


def _scenario_board(scenario):
    """The board and cost of a scenario, skipped when the brute force would take too long."""
    perms, cost_text, life, flags, graveyard, pool, hand, energy = scenario
    board = loaded(*perms, player="a", life=life, graveyard=graveyard, mana_pool=pool, hand=hand, energy=energy)
    assume(choice_product(board, convoke=flags[0], improvise=flags[1]) <= MAX_CHOICES)
    return board, ManaCost.parse(cost_text), flags, graveyard


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_solver_matches_brute_force(scenario):
    board, cost, (convoke, improvise, delve), graveyard = _scenario_board(scenario)
    # Casting a Treasure Cruise from the graveyard: that copy is on the stack (601.2a).
    cast_from = "Treasure Cruise" if delve and "Treasure Cruise" in graveyard else None
    expected = brute_or_assume(board, cost, convoke=convoke, improvise=improvise, delve=delve,
                              cast_from_graveyard=cast_from)
    res = collect(board, "a", convoke=convoke, improvise=improvise, delve=delve, casting_from_graveyard=cast_from)
    per = counters(board, "a", cost.announcements(), res)
    assert sum(c.count() for _, c in per) == len(expected)
    assert payable(board, CostToPay(cost, keywords=CostKeywords(convoke, improvise, delve),
                                    casting_from_graveyard=cast_from)) == bool(expected)
    assert listed_payments(per) == expected


def _best_identity(best: dict) -> tuple:
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


def _brute_parts(ident) -> tuple:
    _, acts, taps = ident
    plain = frozenset((a[0], a[1], a[2]) for a in acts if a[0] not in ("pool", "multi"))
    plain |= {(a[1], a[2], a[3]) for a in acts if a[0] == "multi"}
    helpers = frozenset(h for a in acts if a[0] not in ("pool", "multi") for h in a[3])
    pool = frozenset((a[1], a[2]) for a in acts if a[0] == "pool")
    return plain, helpers, taps, pool


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(most=6))
@example(([{"id": "p0", "card": "Springleaf Drum", "tapped": False, "sick": False},
           {"id": "p1", "card": "Llanowar Elves", "tapped": False, "sick": True}], "{U}", 0,
          (False, False, False), [], "", [], 0))
@example(([{"id": "p0", "card": "Island", "tapped": False, "sick": False},
           {"id": "p1", "card": "Cylian Elf", "tapped": False, "sick": True}], "{1}{U}", 0,
          (True, False, True), ["Forest"], "{C}", ["Elvish Spirit Guide"], 1))
def test_best_payment_is_one_of_the_payments(scenario):
    board, cost, (convoke, improvise, delve), graveyard = _scenario_board(scenario)
    expected = brute_or_assume(board, cost, convoke=convoke, improvise=improvise, delve=delve)
    answer = pay(board, CostToPay(cost, keywords=CostKeywords(convoke, improvise, delve)), mode="best")
    assert answer["payable"] == bool(expected)
    if expected:
        assert _best_identity(answer["best"]) in {_brute_parts(i) for i in expected}


# --- spend restrictions (106.6) ------------------------------------------------------------

RESTRICTED = ["Lilypad Village", "Somberwald Sage", "Hydro-Channeler", "Jegantha, the Wellspring",
              "Voldaren Estate", "Rosheen Meanderer", "Troyan, Gutsy Explorer", "Forest", "Island",
              "Azorius Signet", "Springleaf Drum", "Birds of Paradise",
              "Resonating Lute"]  # grants lands "{T}: Add two mana of any one color. Spend this mana only to cast instant ..."
SPELLS = [  # (type line, zone, via, mana value, has {X} in its mana cost, the cost paid has {X})
    ("Creature — Elf", "hand", "mana_cost", 2, False, False),
    ("Instant", "hand", "mana_cost", 1, False, False),
    ("Sorcery", "graveyard", "flashback", 5, True, True),
    ("Creature — Vampire", "hand", "mana_cost", 6, False, False),
    ("Artifact", "hand", "mana_cost", 0, True, True),
]


@st.composite
def restricted_scenarios(draw):
    n = draw(st.integers(0, 5))
    perms = [{"id": "p%d" % i, "card": draw(st.sampled_from(RESTRICTED)), "tapped": False,
              "sick": draw(st.booleans()) and draw(st.booleans())} for i in range(n)]
    cost = "".join(draw(st.lists(st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{G}", "{B}", "{C}", "{U/B}"]),
                                 max_size=4))) or "{0}"
    return perms, cost, draw(st.sampled_from(SPELLS)), draw(st.integers(0, 3))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(restricted_scenarios())
@example(([{"id": "p0", "card": "Somberwald Sage", "tapped": False, "sick": False},
           {"id": "p1", "card": "Azorius Signet", "tapped": False, "sick": False}], "{W}{U}",
          ("Creature — Elf", "hand", "mana_cost", 2, False, False), 20))
@example(([{"id": "p0", "card": "Jegantha, the Wellspring", "tapped": False, "sick": False}], "{1}{G}",
          ("Instant", "hand", "mana_cost", 1, False, False), 20))
def test_restricted_mana_matches_brute_force(scenario):
    perms, cost_text, spell, life = scenario
    board = loaded(*perms, player="a", life=life)
    cost = ManaCost.parse(cost_text)
    keys = ("type_line", "zone", "via", "mana_value", "has_x", "cost_has_x")
    expected = brute_or_assume(board, cost, spell=dict(zip(keys, spell)))
    cast = SpellBeingCast(*spell)
    answer = pay(board, CostToPay(cost, spell=cast), mode="all", limit=None)
    assert answer["count"] == len(expected)
    assert payable(board, CostToPay(cost, spell=cast)) == bool(expected)
    assert_best_is_brute(board, CostToPay(cost, spell=cast), expected)
