"""Spend restrictions (106.6) of real cards, one family each, and riders on the mana:
what each restriction lets its mana pay, on every question, and what the answers report."""

from __future__ import annotations

from functools import partial

from manasolve import api
from manasolve.answers import plays_json
from manasolve.solver.plays import plays_answer
from tests.support import boards

board = partial(boards.loaded, player="a")


def count(b, card: str, **kw) -> int:
    ans = api.pay(b, card=card, mode="count", **kw)
    return ans["count"] if ans["payable"] else 0


def test_cavern_of_souls_pays_creature_spells_of_the_chosen_type_and_says_they_cant_be_countered():
    # Cavern: {T}: Add {C}, or one mana of any colour for a creature spell of the chosen type.
    elves = board({"id": "cav", "card": "Cavern of Souls", "chosen": {"type": "Elf"}},
                  hand=["Llanowar Elves", "Grizzly Bears", "Changeling Outcast"])
    assert count(elves, "Llanowar Elves") == 1  # {G}: the Cavern's G
    assert count(elves, "Changeling Outcast") == 1  # 702.73a: a changeling has every creature type
    assert count(elves, "Grizzly Bears") == 0  # a Bear: only {C}, which can't pay {1}{G}'s G
    best = api.pay(elves, card="Llanowar Elves", mode="best")["best"]
    assert best["activations"][0]["riders"] == ["That spell can't be countered."]
    # no type chosen on the board: the coloured mana pays nothing
    assert count(board("Cavern of Souls", hand=["Llanowar Elves"]), "Llanowar Elves") == 0
    casts = {p["card"]: p["payable"] for p in plays_json(plays_answer(elves, None))["plays"] if p["kind"] == "cast"}
    assert casts["Llanowar Elves"] is True and casts["Grizzly Bears"] is False


def test_eclipsed_realms_pays_any_spell_of_the_chosen_type():
    b = board({"id": "r", "card": "Eclipsed Realms", "chosen": {"type": "Elf"}}, hand=["Llanowar Elves"])
    assert count(b, "Llanowar Elves") == 1


def test_throne_of_eldraine_pays_monocolored_spells_of_the_chosen_colour_only():
    # {T}: Add four mana of the chosen color (GGGG); only monocolored green spells.
    b = board({"id": "t", "card": "Throne of Eldraine", "chosen": {"color": "G"}},
              hand=["Grizzly Bears", "Lightning Bolt", "Kitchen Finks", "Sol Ring"])
    assert api.produce(b)["permanents"]["t"] == ["G"]
    assert count(b, "Grizzly Bears") == 1
    assert count(b, "Lightning Bolt") == 0  # red
    assert count(b, "Kitchen Finks") == 0  # green and white: not monocolored
    assert count(b, "Sol Ring") == 0  # colourless


def test_elfhame_druid_gg_pays_only_a_kicked_spell():
    # Burst Lightning {R}, kicker {4}: the Druid's {G}{G} may pay the kicked spell only.
    b = board(("d", "Elfhame Druid"), ("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain"),
              hand=["Burst Lightning"])
    assert api.pay(b, card="Burst Lightning", kicker=1, mode="payable")["payable"] is True  # 3 Mountains + GG
    unkicked = api.pay(b, card="Burst Lightning", mode="all", limit=None)
    # {R}: a Mountain; the Druid's {G} ability alone can't pay {R} and its {G}{G} is not for an unkicked spell
    assert unkicked["count"] == 3
    assert all(a["permanents"][0].startswith("m") for g in unkicked["payments"] for a in g["activations"])


def test_jeweled_lotus_pays_your_commander_only():
    b = board(("lotus", "Jeweled Lotus"), hand=["Grizzly Bears"], command=[{"card": "Llanowar Elves"}])
    assert api.pay(b, card="Llanowar Elves", zone="command", mode="payable")["payable"] is True
    assert count(b, "Grizzly Bears") == 0


def test_corrupted_crossroads_pays_a_devoid_spell_for_one_life():
    b = board(("x", "Corrupted Crossroads"), ("w1", "Wastes"), ("w2", "Wastes"),
              hand=["Eldrazi Skyspawner", "Divination"])
    assert count(b, "Eldrazi Skyspawner") == 1  # {2}{U}: Wastes, Wastes, the Crossroads' U (1 life)
    assert count(b, "Divination") == 0  # {2}{U}, no devoid: the Crossroads' coloured mana can't pay
    assert api.pay(b, card="Eldrazi Skyspawner", mode="best")["best"]["life"] == 1


def test_jasmine_boreal_pays_creature_spells_with_no_abilities():
    b = board({"id": "j", "card": "Jasmine Boreal of the Seven", "sick": False}, hand=["Grizzly Bears", "Llanowar Elves"])
    assert count(b, "Grizzly Bears") == 1  # vanilla {1}{G}: G and W
    assert count(b, "Llanowar Elves") == 0  # it has an ability


def test_archaeomancers_spade_cant_pay_spells_from_the_hand():
    b = board(("s", "Archaeomancer's Spade"), ("i", "Island"), hand=["Think Twice"], graveyard=["Think Twice"])
    assert count(b, "Think Twice") == 0  # from the hand {1}{U}: the Spade's mana can't pay it
    assert count(b, "Think Twice", zone="graveyard") == 1  # flashback {2}{U}: Spade RW + Island


def test_second_city_pays_the_second_spell_of_the_turn():
    first = board(("c", "Second City"), hand=["Llanowar Elves"])
    assert count(first, "Llanowar Elves") == 0  # only {C} for the first spell
    second = board(("c", "Second City"), hand=["Llanowar Elves"], spells_cast_this_turn=1)
    assert count(second, "Llanowar Elves") == 1


def test_cultivator_drone_pays_colorless_spells():
    b = board({"id": "d", "card": "Cultivator Drone", "sick": False}, ("i", "Island"), hand=["Warping Wail", "Think Twice"])
    assert count(b, "Warping Wail") == 1  # {1}{C}: the Drone's C and the Island
    assert count(b, "Think Twice") == 0  # blue, no {C} in its cost


def test_mana_for_things_no_question_pays_never_pays_a_spell():
    # Adarkar Unicorn: cumulative upkeep only; Overgrown Zealot's second ability: face-up only.
    b = board({"id": "u", "card": "Adarkar Unicorn", "sick": False}, hand=["Think Twice"])
    assert count(b, "Think Twice") == 0
    z = board({"id": "z", "card": "Overgrown Zealot", "sick": False}, hand=["Grizzly Bears"])
    assert count(z, "Grizzly Bears") == 0  # one mana of any colour only: {1}{G} needs two


def test_riders_are_reported_and_a_life_loss_rider_counts_in_best():
    # Cryptolith Fragment: "{T}: Add one mana of any color. Each player loses 1 life."
    b = board(("frag", "Cryptolith Fragment"), ("f", "Forest"))
    best = api.pay(b, cost="{G}", mode="best")["best"]
    assert [a["permanent"] for a in best["activations"]] == ["f"]  # the Fragment would cost a life
    both = api.pay(b, cost="{G}{G}", mode="best")["best"]
    frag = next(a for a in both["activations"] if a["permanent"] == "frag")
    assert frag["riders"] == ["Each player loses 1 life."]
    produce = api.produce(b)["details"]["frag"]
    assert produce["riders"] == {"{T}: Add one mana of any color. Each player loses 1 life.": ["Each player loses 1 life."]}


# --- every question against the brute force ------------------------------------------------

from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from manasolve.models.mana import ManaCost  # noqa: E402
from manasolve.solver.payable import CostToPay, payable  # noqa: E402
from manasolve.solver.resources import SpellBeingCast  # noqa: E402
from tests.support.bruteforce import brute_payments  # noqa: E402
from tests.support.paying import pay  # noqa: E402
from tests.support.properties import assert_best_is_brute  # noqa: E402

CARDS = ["Cavern of Souls", "Unclaimed Territory", "Eclipsed Realms", "Elfhame Druid", "Jeweled Lotus",
         "Corrupted Crossroads", "Throne of Eldraine", "Sunken Citadel", "Archaeomancer's Spade",
         "Jasmine Boreal of the Seven", "Cultivator Drone", "Volshe Tideturner", "Second City", "Adarkar Unicorn",
         "Tin Street Gossip", "Qarsi Deceiver", "Overgrown Zealot", "Jegantha, the Wellspring", "Forest", "Island",
         "Wastes"]
TYPE_LINES = ["Creature — Elf Druid", "Creature — Goblin", "Creature — Shapeshifter", "Kindred Instant — Elf",
              "Instant", "Sorcery", "Artifact", "Enchantment"]


_SPELL = {"type_line": "Creature — Elf Druid", "zone": "hand", "via": "mana_cost", "mana_value": 1, "has_x": False,
          "cost_has_x": False, "colors": ("G",), "kicked": False, "commander": False, "no_abilities": False,
          "keywords": (), "nth": 1, "cost_has_c": False}


@st.composite
def spells(draw) -> dict:
    return {"type_line": draw(st.sampled_from(TYPE_LINES)), "zone": draw(st.sampled_from(["hand", "graveyard", "command"])),
            "via": draw(st.sampled_from(["mana_cost", "flashback"])), "mana_value": draw(st.integers(0, 6)),
            "has_x": draw(st.booleans()), "cost_has_x": draw(st.booleans()),
            "colors": tuple(draw(st.lists(st.sampled_from("WUBRG"), max_size=2, unique=True))),
            "kicked": draw(st.booleans()), "commander": draw(st.booleans()), "no_abilities": draw(st.booleans()),
            "keywords": tuple(draw(st.lists(st.sampled_from(["Devoid", "Changeling", "Flying"]), max_size=2, unique=True))),
            "nth": draw(st.integers(1, 3)), "cost_has_c": draw(st.booleans())}


@st.composite
def payees(draw) -> dict:
    """A spell, or an ability's cost (turning a permanent face up for its morph or
    disguise cost, unearth)."""
    if draw(st.integers(0, 3)):
        return draw(spells())
    return {**_SPELL, "spell": False, "cost_has_x": draw(st.booleans()), "cost_has_c": draw(st.booleans()),
            "purposes": draw(st.sampled_from([(), ("turn face up",), ("turn face up", "morph")]))}


@st.composite
def restricted_boards(draw):
    perms = []
    for i in range(draw(st.integers(0, 4))):
        perm = {"id": "p%d" % i, "card": draw(st.sampled_from(CARDS)), "sick": draw(st.booleans()) and draw(st.booleans())}
        if draw(st.booleans()):
            perm["chosen"] = {"color": draw(st.sampled_from("WUG")), "type": draw(st.sampled_from(["Elf", "Goblin"]))}
        perms.append(perm)
    cost = "".join(draw(st.lists(st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{G}", "{C}", "{G/W}"]), max_size=4))) or "{0}"
    return perms, cost, draw(payees()), draw(st.integers(0, 2))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(restricted_boards())
@example(([{"id": "p0", "card": "Cavern of Souls", "chosen": {"type": "Elf"}}], "{G}",  # a changeling is an Elf
          {**_SPELL, "type_line": "Creature — Shapeshifter", "keywords": ("Changeling",)}, 0))
@example(([{"id": "p0", "card": "Throne of Eldraine", "chosen": {"color": "W"}}], "{W}",  # green: not "of that color"
          {**_SPELL, "colors": ("G",)}, 0))
@example(([{"id": "p0", "card": "Elfhame Druid"}], "{G}{G}", {**_SPELL, "kicked": True}, 0))
@example(([{"id": "p0", "card": "Qarsi Deceiver"}], "{C}", {**_SPELL, "spell": False, "purposes": ("turn face up",)}, 0))
@example(([{"id": "p0", "card": "Archaeomancer's Spade"}], "{R}", {**_SPELL, "zone": "graveyard"}, 0))
def test_every_question_honours_the_new_restrictions_like_the_brute_force(scenario):
    perms, cost_text, spell, life = scenario
    b = board(*perms, life=life)
    cost = ManaCost.parse(cost_text)
    expected = brute_payments(b, cost, spell=spell)
    what = CostToPay(cost, spell=SpellBeingCast(**spell))
    assert pay(b, what, mode="all", limit=None)["count"] == len(expected)
    assert pay(b, what, mode="count")["count"] == len(expected)
    assert payable(b, what) == bool(expected)
    assert_best_is_brute(b, what, expected)


def test_face_down_spells_and_turning_face_up_take_their_restricted_mana():
    # Tin Street Gossip {R}{G}: face-down spells or turning creatures face up.
    gossip = {"id": "g", "card": "Tin Street Gossip", "sick": False}
    b = board(gossip, ("m", "Mountain"), hand=["Exalted Angel"])
    assert count(b, "Exalted Angel", alt="face_down") == 1  # {3}: R, G and the Mountain
    assert count(b, "Exalted Angel") == 0  # face up it is no face-down spell: {4}{W}{W} and only the Mountain
    up = board(gossip, {"id": "fd", "card": "Ainok Survivalist", "face_down": True})
    assert api.pay(up, card="fd", ability="face_up", mode="count")["count"] == 1  # megamorph {1}{G}: R for {1}
    # Qarsi Deceiver's {C}: a morph cost, never a disguise cost; Somberwald Sage's: creature spells only
    qarsi = {"id": "q", "card": "Qarsi Deceiver", "sick": False}
    assert api.pay(board(qarsi, ("f", "Forest"), {"id": "fd", "card": "Ainok Survivalist", "face_down": True}),
                   card="fd", ability="face_up", mode="count")["count"] == 1
    assert api.pay(board(qarsi, ("m", "Mountain"), {"id": "fd", "card": "Boltbender", "face_down": True}),
                   card="fd", ability="face_up", mode="payable")["payable"] is False
    assert api.pay(board({"id": "s", "card": "Somberwald Sage", "sick": False},
                         {"id": "fd", "card": "Ainok Survivalist", "face_down": True}),
                   card="fd", ability="face_up", mode="payable")["payable"] is False


def test_flavor_words_are_dropped_like_ability_words_and_riders_reported():
    # Biophagus: "Genomic Enhancement — {T}: Add one mana of any color. If this mana is spent to
    # cast a creature spell, that creature enters with an additional +1/+1 counter on it."
    b = board({"id": "bio", "card": "Biophagus", "sick": False})
    (act,) = api.pay(b, cost="{G}", mode="best")["best"]["activations"]
    assert act["riders"] == ["If this mana is spent to cast a creature spell, that creature enters with an additional "
                             "+1/+1 counter on it."]
    # a keyword in front of an ability keeps its meaning: "Boast —" stays not understood
    from manasolve.models.oracle.bands import BandedLine, gate
    assert gate(BandedLine("Boast — {1}: Add {R}.", "Boast — {1}: Add {R}.")) is None


def test_audit_refuses_restricted_mana_spent_where_its_restriction_forbids():
    b = boards.board({"id": "cav", "card": "Cavern of Souls", "chosen": {"type": "Elf"}}, player="a",
                     hand=["Llanowar Elves", "Fyndhorn Elves", "Giant Growth"])
    cavern = {"permanent": "cav", "ability": "{T}: Add one mana of any color. Spend this mana only to cast a creature "
                                             "spell of the chosen type, and that spell can't be countered.",
              "produces": "{G}"}
    payment = {"announced": "{G}", "life": 0, "tapped_for_cost": [], "activations": [cavern]}
    assert api.audit(b, payment, card="Llanowar Elves")["legal"] is True
    refused = api.audit(b, payment, card="Giant Growth")  # an instant
    assert refused["legal"] is False and refused["broken"]["rule"] == "106.6"
    assert api.audit(b, payment, "{G}")["broken"]["rule"] == "106.6"  # a bare cost: never
