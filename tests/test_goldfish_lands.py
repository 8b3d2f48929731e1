"""Per-card castability (Karsten's question) and the lands real decks play: each land kind
with a named test on a hand played turn by turn (the exact search), the repro decks of
issue 26 against exact hypergeometric values, and decks of basics in two and three colours
against the exact multivariate hypergeometric law."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb, sqrt
from pathlib import Path

import pytest

from manasolve.castability import castability, run_games
from manasolve.models.carddb import default_db
from manasolve.models.mana import ManaCost
from manasolve.solver.castability import summarise
from manasolve.solver.goldfish import NO_MULLIGAN, GameSetup, Goldfish, Question

DB = default_db()
FILLER = "Gitaxian Probe"


def _q(cost: str, card: str | None = None) -> Question:
    return Question(card or cost, cost, ManaCost.parse(cost).mana_value, card)


def by_turn(library: list[str], questions: list[Question], hand: list[str], draws: list[str | None], turns: int,
            db=DB, **setup) -> list[list[bool]]:
    """Per question, castable by turn 1..turns when the game's opening hand is `hand` and
    its draws `draws` (on the play: turn 2 on; None: a card that does not matter)."""
    fish = Goldfish(GameSetup(tuple(library), tuple(questions), turns, setup.pop("on_play", True), NO_MULLIGAN,
                              **setup), db)

    def kind(name: str) -> int:
        k = fish.kind_of[fish.alias.get(name, name)]
        return fish.canon[k] if fish.in_hand[k] else -1

    sid = fish._start([fish.kind_of[fish.alias.get(n, n)] for n in hand])
    mask, out = 0, []
    for t in range(1, turns + 1):
        card = draws[t - 2] if 2 <= t < len(draws) + 2 else None
        sid = fish._step(sid, -1 if card is None else kind(card), t > 1)
        mask |= fish._castable(sid)
        out.append(mask)
    return [[bool(m >> i & 1) for m in out] for i in range(len(questions))]


def _close(simulated: str, exact: float, games: int, points: float | None = None) -> None:
    # seeded, so deterministic: 4 standard errors of a binomial proportion (and `points` if given)
    p = float(Fraction(simulated))
    assert abs(p - exact) <= 4 * sqrt(exact * (1 - exact) / games) + 1e-12, (simulated, exact)
    if points is not None:
        assert abs(p - exact) <= points / 100, (simulated, exact)


def _at_least(k: int, successes: int, population: int, drawn: int) -> float:
    return float(sum(Fraction(comb(successes, i) * comb(population - successes, drawn - i), comb(population, drawn))
                     for i in range(k, min(successes, drawn) + 1)))


def _deck(tmp_path, text: str) -> str:
    path = tmp_path / "deck.txt"
    path.write_text(text)
    return str(path)


def _card(answer: dict, name: str) -> dict:
    return next(c for c in answer["cards"] if c["card"] == name)


# -- the repro decks of issue 26 --

@pytest.mark.parametrize("bolts", [True, False])
def test_counterspell_by_turn_2_does_not_depend_on_the_other_cards(tmp_path, bolts):
    # exact: P(>= 2 Islands in 8 cards of 60 with 20 Islands) = 0.8242
    text = "20 Island\n12 Mountain\n4 Counterspell\n" + ("4 Lightning Bolt\n20" if bolts else "24") + " Wurmcoil Engine\n"
    games = 20_000
    answer = castability(_deck(tmp_path, text), games=games, turns="1-2", mulligan="none", workers=1)
    assert abs(_at_least(2, 20, 60, 8) - 0.8242) < 1e-4
    _close(_card(answer, "Counterspell")["by_turn"]["2"], _at_least(2, 20, 60, 8), games, points=1)
    assert "Karsten" in answer["definition"]


def test_elves_and_viscera_seer_each_as_often_as_their_own_lands(tmp_path):
    text = "12 Forest\n12 Swamp\n4 Llanowar Elves\n4 Viscera Seer\n28 Wurmcoil Engine\n"
    games = 20_000
    answer = castability(_deck(tmp_path, text), games=games, turns="1-2", mulligan="none", workers=1)
    exact = _at_least(1, 12, 60, 7)
    assert abs(exact - 0.809) < 1e-3
    for name in ("Llanowar Elves", "Viscera Seer"):
        _close(_card(answer, name)["on_curve"], exact, games, points=1)


def test_a_fetch_land_finds_its_basics(tmp_path):
    games = 20_000
    fetch = castability(_deck(tmp_path, "10 Mountain\n4 Scalding Tarn\n10 Island\n4 Lightning Bolt\n32 Wurmcoil Engine\n"),
                        games=games, turns="1-1", mulligan="none", workers=1)
    plain = castability(_deck(tmp_path, "14 Mountain\n10 Island\n4 Lightning Bolt\n32 Wurmcoil Engine\n"),
                        games=games, turns="1-1", mulligan="none", workers=1)
    a, b = (float(Fraction(_card(x, "Lightning Bolt")["by_turn"]["1"])) for x in (fetch, plain))
    assert abs(a - b) <= 0.01
    _close(_card(fetch, "Lightning Bolt")["by_turn"]["1"], _at_least(1, 14, 60, 7), games)
    assert any(n.startswith("Scalding Tarn: a land drop that becomes an Island or a Mountain card") for n in fetch["notes"])


def test_a_bounce_land_alone_never_keeps_a_land(tmp_path):
    answer = castability(_deck(tmp_path, "24 Golgari Rot Farm\n36 Wurmcoil Engine\n"), games=2000, turns="1-4",
                         mulligan="none", workers=1)
    assert _card(answer, "Wurmcoil Engine")["by_turn"]["4"] == "0/2000"


# -- each land, on a hand played turn by turn --

def test_bounce_land_returns_a_land_and_gives_its_mana_the_turn_after():
    lib = ["Forest"] * 10 + ["Golgari Rot Farm"] * 10 + [FILLER] * 20
    qs = [_q("{2}{G}"), _q("{4}"), _q("{G}")]
    # turn 1 Forest; turn 2 Rot Farm returning the Forest (or itself); turn 3 the Forest again
    three, four, g = by_turn(lib, qs, ["Forest", "Golgari Rot Farm", FILLER], [None, None], 3)
    assert three == [False, False, True] and four == [False, False, False] and g == [True, True, True]


def test_fetch_lands_find_duals_with_their_types_and_basic_fetches_only_basics():
    lib = ["Scalding Tarn", "Evolving Wilds", "Steam Vents", "Underground Sea"] + [FILLER] * 20
    qs = [_q("{U}{R}"), _q("{B}")]
    # Tarn finds Steam Vents (Island Mountain) untapped, paying 1 + 2 life
    ur, b = by_turn(lib, qs, ["Scalding Tarn", "Underground Sea"], [None], 2)
    assert ur == [False, True] and b == [True, True]
    # Evolving Wilds finds basics only: neither dual; with nothing to find it makes no mana
    ur, b = by_turn(lib, qs, ["Evolving Wilds", "Steam Vents"], [None], 2)
    assert ur == [False, False] and b == [False, False]
    # ... and a basic it finds enters tapped
    lib = ["Evolving Wilds", "Swamp", "Swamp"] + [FILLER] * 20
    (b,) = by_turn(lib, [_q("{B}")], ["Evolving Wilds"], [None], 2)
    assert b == [False, True]


def test_life_paid_for_fetch_and_shockland_is_counted():
    lib = ["Scalding Tarn", "Steam Vents"] + [FILLER] * 20
    qs = [_q("{U}{U/P}")]  # {U} from the Steam Vents fetched, 2 life for {U/P}
    (short,) = by_turn(lib, qs, ["Scalding Tarn"], [], 1, starting_life=4)  # 1 + 2 paid: 1 left
    (enough,) = by_turn(lib, qs, ["Scalding Tarn"], [], 1, starting_life=6)
    assert short == [False] and enough == [True]


def test_checklands_fastlands_slowlands_enter_tapped_as_they_say():
    q = [_q("{U}{R}")]
    lib = ["Sulfur Falls"] * 4 + ["Island"] * 4 + [FILLER] * 20
    assert by_turn(lib, q, ["Sulfur Falls", "Island"], [None], 2) == [[False, True]]
    assert by_turn(lib, q, ["Sulfur Falls", "Sulfur Falls"], [None, None], 3) == [[False, False, True]]
    lib = ["Spirebluff Canal"] * 6 + [FILLER] * 20
    # the fourth fastland enters tapped: {4} on turn 5, {3} on turn 3
    three, four = by_turn(lib, [_q("{3}"), _q("{4}")], ["Spirebluff Canal"] * 4, [None] * 4, 5)
    assert three == [False, False, True, True, True] and four == [False, False, False, False, True]
    lib = ["Deserted Beach"] * 6 + [FILLER] * 20
    # the slowland enters tapped with fewer than two other lands
    (one, two, three) = by_turn(lib, [_q("{W}"), _q("{2}"), _q("{3}")], ["Deserted Beach"] * 3, [None, None], 3)
    assert one == [False, True, True] and two == three == [False, False, True]


def _mdfc_cards() -> dict:
    """MTGJSON-shaped faces of two modal double-faced cards (the built-in pool holds the
    front faces only until it has every face)."""
    return {
        "Shatterskull, the Hammer Pass": {
            "name": "Shatterskull, the Hammer Pass", "layout": "modal_dfc", "type": "Land", "types": ["Land"],
            "text": "As Shatterskull, the Hammer Pass enters, you may pay 3 life. If you don't, it enters tapped.\n"
                    "{T}: Add {R}."},
        "Riverglide Pathway // Lavaglide Pathway": {
            "name": "Riverglide Pathway // Lavaglide Pathway", "layout": "modal_dfc", "type": "Land",
            "types": ["Land"], "text": "{T}: Add {U}.", "aliasOf": "Riverglide Pathway"},
        "Lavaglide Pathway": {"name": "Lavaglide Pathway", "layout": "modal_dfc", "type": "Land", "types": ["Land"],
                              "text": "{T}: Add {R}."},
    }


def test_an_mdfc_is_a_land_or_a_spell_and_pays_3_life_to_enter_untapped():
    db = DB.with_layer_first(_mdfc_cards())
    card = "Shatterskull Smashing"
    lib = [card] * 24 + ["Lightning Bolt"] * 4 + [FILLER] * 32
    bolt, smash = by_turn(lib, [_q("{R}", "Lightning Bolt"), _q("{R}{R}", card)], [card], [card], 2, db=db)
    assert bolt == [True, True] and smash == [False, True]  # the copies seen are lands; the one cast is held
    games = 20_000
    setup = GameSetup(tuple(lib), (_q("{R}", "Lightning Bolt"), _q("{R}{R}", card)), 2, True, NO_MULLIGAN)
    fish = Goldfish(setup, db)
    entries = summarise(list(setup.questions), fish.play_games(games, 3, 0), 2)
    _close(entries[0].by_turn["1"], _at_least(1, 24, 60, 7), games)
    _close(entries[1].by_turn["2"], _at_least(2, 24, 60, 8), games)


def test_without_its_land_face_an_mdfc_is_named_in_the_notes(tmp_path):
    answer = castability(_deck(tmp_path, "20 Mountain\n4 Shatterskull Smashing\n36 Wurmcoil Engine\n"), games=50,
                         turns="1-2", workers=1)
    if len(DB.faces("Shatterskull Smashing")) < 2:
        assert "Shatterskull Smashing: its other face is not in the card data: only Shatterskull Smashing is played" \
            in answer["notes"]


def test_a_pathway_is_played_with_the_face_the_card_needs():
    db = DB.with_layer_first(_mdfc_cards())
    lib = ["Riverglide Pathway"] * 20 + [FILLER] * 40
    u, r, ur = by_turn(lib, [_q("{U}"), _q("{R}"), _q("{U}{R}")], ["Riverglide Pathway"], ["Riverglide Pathway"], 2,
                       db=db)
    assert u == [True, True] and r == [True, True] and ur == [False, True]


def test_command_tower_exotic_orchard_and_reflecting_pool():
    lib = ["Exotic Orchard", "Command Tower", "Reflecting Pool", "Island"] + [FILLER] * 20
    r = [_q("{R}")]
    assert by_turn(lib, r, ["Exotic Orchard"], [], 1, opponent_colors="R") == [[True]]
    assert by_turn(lib, r, ["Exotic Orchard"], [], 1, opponent_colors="") == [[False]]
    assert by_turn(lib, r, ["Command Tower"], [], 1, commanders=("Krenko, Mob Boss",)) == [[True]]
    assert by_turn(lib, r, ["Command Tower"], [], 1) == [[False]]  # no commander (903.4f)
    assert by_turn(lib, [_q("{U}{U}")], ["Reflecting Pool", "Island"], [None], 2) == [[False, True]]


def test_rocks_and_dorks_cast_on_earlier_turns():
    lib = ["Forest", "Swamp", "Sol Ring", "Golgari Signet", "Llanowar Elves", "Arcane Signet"] + [FILLER] * 20
    # Sol Ring cast on turn 1 gives {C}{C} from turn 2
    (three,) = by_turn(lib, [_q("{3}")], ["Forest", "Sol Ring"], [None], 2)
    assert three == [False, True]
    # a Signet cast on turn 2 turns one land's mana into {B}{G} on turn 3
    (bbg,) = by_turn(lib, [_q("{B}{B}{G}")], ["Forest", "Swamp", "Golgari Signet"], [None, None], 3)
    assert bbg == [False, False, True]
    # Llanowar Elves: summoning sick the turn it is cast (302.6)
    (gg,) = by_turn(lib, [_q("{G}{G}")], ["Forest", "Llanowar Elves"], [None, None], 3)
    assert gg == [False, True, True]
    # Arcane Signet makes the commander's colours
    (bb,) = by_turn(lib, [_q("{B}{B}")], ["Swamp", "Arcane Signet", "Forest"], [None], 3,
                    commanders=("Meren of Clan Nel Toth",))
    assert bb == [False, False, True]


def test_delve_counts_the_fetch_lands_in_the_graveyard_and_affinity_the_artifacts():
    lib = ["Polluted Delta"] * 3 + ["Swamp"] * 6 + ["Gurmag Angler"] + [FILLER] * 20
    angler, plain = by_turn(lib, [_q("{6}{B}", "Gurmag Angler"), _q("{6}{B}")], ["Polluted Delta"] * 3 + ["Swamp"],
                            [None] * 3, 4)
    assert angler == [False, False, False, True] and plain == [False] * 4  # 4 lands, 3 fetches exiled
    lib = ["Darksteel Citadel"] * 4 + ["Frogmite"] + [FILLER] * 20
    (frog,) = by_turn(lib, [_q("{4}", "Frogmite")], ["Darksteel Citadel"] * 2, [None], 2)
    assert frog == [False, True]


def test_cards_not_modelled_are_named_in_the_notes(tmp_path):
    text = ("Commander\n1 Meren of Clan Nel Toth\n\nDeck\n30 Forest\n1 Cultivate\n1 Murderous Cut\n"
            "1 Chord of Calling\n1 Sol Ring\n1 Exotic Orchard\n1 Myriad Landscape\n1 Toxic Deluge\n")
    notes = castability(_deck(tmp_path, text), games=20, turns="1-2", workers=1)["notes"]
    assert "Cultivate: its land search is not simulated" in notes
    assert any(n.startswith("Murderous Cut: delve counted with the cards in the graveyard") for n in notes)
    assert any(n.startswith("Chord of Calling: convoke adds nothing") for n in notes)
    assert "Chord of Calling: asked with X = 0" in notes
    assert "Sol Ring: its mana is used from the turn after it is cast" in notes
    assert "Exotic Orchard: assumed the opponents' lands make W, U, B, R, G (opponent_colors)" in notes
    assert "Myriad Landscape: its land search is not simulated (a land with its own mana only)" in notes
    # a cost sentence read but not applied (its pay-X-life additional cost) is named too
    assert "Toxic Deluge: asked at its mana cost; cost text beyond the model not applied" in notes


# -- the exact multivariate hypergeometric law on basics and filler --

def _exact(counts: dict[str, int], filler: int, cost: ManaCost, turn: int, on_play: bool) -> float:
    """P(castable by `turn`) for a deck of basics (`counts` by colour) and filler, no
    mulligan: the cards seen hold lands with enough of each colour and at least the mana
    value of them, of which at most `turn` are played (any `turn` of them can be: from
    turn 2 on one card arrives a turn)."""
    seen = 7 + turn - (1 if on_play else 0)
    colours = list(counts)
    need = {c: sum(1 for s in cost.symbols if s.colors == (c,)) for c in colours}
    total = sum(counts.values()) + filler
    p = Fraction(0)
    for ks in product(*(range(min(counts[c], seen) + 1) for c in colours)):
        rest = seen - sum(ks)
        if rest < 0 or rest > filler:
            continue
        ways = comb(filler, rest)
        for c, k in zip(colours, ks):
            ways *= comb(counts[c], k)
        if all(k >= need[c] for c, k in zip(colours, ks)) and min(turn, sum(ks)) >= cost.mana_value:
            p += Fraction(ways, comb(total, seen))
    return float(p)


@pytest.mark.parametrize("counts, filler, costs, on_play", [
    ({"U": 9, "B": 8}, 23, ["{U}", "{U}{B}", "{1}{U}{U}", "{B}{B}{B}", "{2}{U}{B}"], True),
    ({"U": 7, "B": 6, "R": 5}, 22, ["{R}", "{U}{B}", "{U}{B}{R}", "{1}{U}{R}", "{B}{B}", "{1}{U}{U}{B}"], False),
])
def test_every_card_matches_the_multivariate_hypergeometric_law(counts, filler, costs, on_play):
    basics = {"U": "Island", "B": "Swamp", "R": "Mountain"}
    lib = tuple(n for c, k in counts.items() for n in [basics[c]] * k) + (FILLER,) * filler
    games, turns = 20_000, 4
    qs = [_q(c) for c in costs]
    setup = GameSetup(lib, tuple(qs), turns, on_play, NO_MULLIGAN)
    entries = summarise(qs, run_games(setup, games, seed=11, workers=1), turns)
    for q, e in zip(qs, entries):
        for t in range(1, turns + 1):
            _close(e.by_turn[str(t)], _exact(counts, filler, ManaCost.parse(q.cost), t, on_play), games)


def test_the_commander_list_runs_end_to_end():
    path = Path(__file__).resolve().parents[1] / "examples" / "decks" / "golgari_commander.txt"
    answer = castability(str(path), games=300, workers=1)
    assert answer["deck"]["cards"] == 99 and answer["deck"]["commander"] == ["Meren of Clan Nel Toth"]
    assert _card(answer, "Sol Ring")["by_turn"]["1"] != "0/300"
    assert "Golgari Rot Farm: enters tapped and returns a land you control to the hand (the land chosen for each " \
           "card asked)" in answer["notes"]


MURKTIDE = """4 Ragavan, Nimble Pilferer
4 Dragon's Rage Channeler
4 Murktide Regent
2 Brazen Borrower
1 Bonecrusher Giant
4 Lightning Bolt
4 Unholy Heat
4 Expressive Iteration
4 Consider
2 Counterspell
2 Spell Pierce
2 Mishra's Bauble
2 Fire // Ice
1 Shatterskull Smashing
4 Scalding Tarn
2 Bloodstained Mire
2 Flooded Strand
2 Steam Vents
2 Spirebluff Canal
1 Riverglide Pathway
1 Fiery Islet
4 Island
2 Mountain
"""


def test_the_murktide_list_of_the_issue(tmp_path):
    games = 400
    answer = castability(_deck(tmp_path, MURKTIDE), games=games, workers=1)
    assert answer["deck"]["lands"] == 20 + (1 if DB.back_face("Shatterskull Smashing") else 0)
    for one_drop in ("Ragavan, Nimble Pilferer", "Lightning Bolt", "Unholy Heat"):
        assert float(Fraction(_card(answer, one_drop)["on_curve"])) > 0.9  # the fetches find Mountains
    assert float(Fraction(_card(answer, "Murktide Regent")["by_turn"]["7"])) > 0.5  # delve counted
    assert any(n.startswith("Murktide Regent: delve counted") for n in answer["notes"])
    if len(DB.faces("Fire // Ice")) == 2:  # 709.3: each half on its own, not the halves' costs added
        assert _card(answer, "Fire // Ice (Fire)")["cost"] == "{1}{R}"
        assert _card(answer, "Fire // Ice (Ice)")["cost"] == "{1}{U}"
