"""The typed answers the front computes itself (the solver's are in `manasolve.solver`):
``cards update``, ``audit`` and the server's own methods (``board.*``, ``ping``,
``cancel``, ``server.info``); written as JSON by `manasolve.answers`.  Light to import."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from manasolve.solver.results import Payment


@dataclass(frozen=True)
class CardsUpdate:
    """``cards update``: where the card file came from, where it is stored, and why there."""

    source: str
    path: str
    set_by: str  # "MANASOLVE_CARDS", the config file's path, or "default"
    cards: int
    names: int  # cards, faces and full names of multi-face cards
    sha256: str  # the stored file's SHA-256
    sha256_checked: bool  # checked against --sha256 or the checksum the source publishes


@dataclass(frozen=True)
class Broken:
    rule: str | None  # the rule the message cites (None: it cites none)
    path: str
    message: str


@dataclass(frozen=True)
class AuditAnswer:
    """``audit``: whether an engine's payment is legal, and whether a better one exists."""

    cost: str
    player: str
    legal: bool
    broken: Broken | None
    levels: Mapping[str, int] | None
    best: Payment | None
    best_levels: Mapping[str, int] | None
    better: bool
    why: str | None
    card: str | None = None  # a card's total audited
    levels_words: Mapping[str, str] | None = field(default=None, metadata={"always": True})  # the levels in words
    best_levels_words: Mapping[str, str] | None = field(default=None, metadata={"always": True})


# -- the server's session methods and its own --------------------------------------------
@dataclass(frozen=True)
class SessionHandle:
    session: str  # board.load, board.copy: the new session's


@dataclass(frozen=True)
class SessionChanges:
    session: str
    changes: int  # the changes ``board.undo`` can take back now


@dataclass(frozen=True)
class SessionBoard:
    session: str
    board: Mapping[str, Any]  # ``manasolve/board@1`` JSON


@dataclass(frozen=True)
class Closed:
    closed: str  # the handle freed


@dataclass(frozen=True)
class Ping:
    running: int | str | None  # the id of the request running (None: none)


@dataclass(frozen=True)
class CancelState:
    """``cancel``: what became of the request: ``running`` (it answers now with its partial
    answer, ``"cancelled": true``), ``queued`` (it answers cancelled when its turn comes) or
    ``unknown`` (finished, or never sent)."""

    id: int | str
    state: Literal["running", "queued", "unknown"]


@dataclass(frozen=True)
class ServerLimits:
    """What one server holds at most: sessions, card databases of ``board.load``'s
    ``cards``, bytes of one request line (``line_bytes``, also as ``request_line_bytes``),
    and the time limit of a question that gives none."""

    line_bytes: int
    request_line_bytes: int
    sessions: int
    card_files: int
    time_limit: float | None


@dataclass(frozen=True)
class ServerInfo:
    """``server.info``: versions (package, protocol, rules date, card pool), methods,
    limits, the files it may read and the closed list of error codes."""

    package: str
    version: str  # the package's, as ``package``
    protocol: str
    protocols: tuple[str, ...]
    rules: str
    card_pool: str
    answer_formats: tuple[str, ...]
    methods: tuple[str, ...]
    immediate: tuple[str, ...]
    limits: ServerLimits
    sessions: int  # held now
    allowed_paths: tuple[str, ...]
    card_file: str | None
    error_codes: Mapping[str, str]
