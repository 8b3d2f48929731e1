"""Build tools run from a checkout (never installed): ``python -m tools.card_pool``."""
