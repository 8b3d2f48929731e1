"""Test cards given inline (card text of our own: Burn X, Bear Test, Phyrexian Test, ...),
the validated board builder that uses them (alice against bob) and `lands`."""

from __future__ import annotations

from functools import partial

from tests.support import boards

INLINE = [
    {"name": "Burn X", "manaCost": "{X}{R}", "type": "Sorcery", "text": "Burn X deals X damage to any target."},
    {"name": "Vision Test", "type": "Sorcery", "text": "Suspend 4—{U}\nTarget player draws three cards."},
    {"name": "Bear Test", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2"},
    {"name": "Aura W", "manaCost": "{1}{W}{W}", "type": "Enchantment — Aura", "text": "Enchant creature"},
    {"name": "Aura 3W", "manaCost": "{3}{W}", "type": "Enchantment — Aura", "text": "Enchant creature"},
    {"name": "Aura Snow", "manaCost": "{2}{G}{S}", "type": "Snow Enchantment — Aura", "text": "Enchant creature"},
    {"name": "Sac Aura", "manaCost": "{3}{W}", "type": "Enchantment — Aura",
     "text": "As an additional cost to cast this spell, sacrifice a creature.\nEnchant creature"},
    {"name": "Gear 3", "manaCost": "{3}", "type": "Artifact — Equipment", "text": "Equip {1}"},
    {"name": "Mana Trainer", "manaCost": "{1}{G}{W}", "type": "Creature — Fox Samurai", "power": "2", "toughness": "3",
     "text": "Aura and Equipment spells you cast cost {X} less to cast, where X is this creature's power.\n{T}: Add {W}."},
    {"name": "Kicked Flame", "manaCost": "{1}{R}", "type": "Sorcery",
     "text": "Kicker {1}{R}\nKicked Flame deals 2 damage to any target.\nFlashback {2}{R}\nOverload {5}{R}{R}"},
    {"name": "Phyrexian Test", "manaCost": "{W/P}{2/U}", "type": "Instant", "text": "Draw a card."},
    {"name": "Cheapener", "manaCost": "{2}", "type": "Artifact", "text": "Spells you cast cost {1} less to cast."},
]


# a validated board: alice against bob, with the inline test cards
board = partial(boards.loaded, cards=INLINE, opponents=("bob",))


def lands(*names: str) -> list[dict]:
    return [{"id": "%s%d" % (n[0].lower(), i), "card": n} for i, n in enumerate(names)]
