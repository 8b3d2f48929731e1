"""Which card file a user set to be looked up before the built-in cards, without
``--cards PATH`` on every call.  The first of:

1. the ``MANASOLVE_CARDS`` environment variable (a path);
2. ``cards = "PATH"`` in the config file ``$MANASOLVE_CONFIG``, else
   ``$XDG_CONFIG_HOME/manasolve/config.toml`` (``~/.config/manasolve/config.toml``);
   a relative PATH is read from the config file's folder, ``~`` is expanded;
3. the file ``manasolve cards update`` stores when neither is set:
   ``$XDG_DATA_HOME/manasolve/AtomicCards.json.gz`` (``~/.local/share/...``), if it exists.

The setting is read here, at the front, and handed down (`card_db`), with the folder card
files are cached in (`cache_dir`): models/ reads no environment and no config file.
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from manasolve.models.carddb import CardDB, default_db
from manasolve.models.errors import InputError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ENV_VAR = "MANASOLVE_CARDS"


@dataclass(frozen=True)
class CardSetting:
    """A card file path and what set it (``MANASOLVE_CARDS``, the config file's path, or
    ``default``); ``path`` may not exist yet (``cards update`` creates it)."""

    path: Path
    set_by: str


def config_path() -> Path:
    """The config file: ``$MANASOLVE_CONFIG`` or ``$XDG_CONFIG_HOME/manasolve/config.toml``."""
    if os.environ.get("MANASOLVE_CONFIG"):
        return Path(os.environ["MANASOLVE_CONFIG"]).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base).expanduser() / "manasolve" / "config.toml"


def default_cards_path() -> Path:
    """Where ``cards update`` stores the cards when no setting names a file."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "manasolve" / "AtomicCards.json.gz"


def _from_config(path: Path) -> Path | None:
    """The ``cards`` path of the config file, None without file or key; InputError (naming
    the file) for a file that is not TOML or a ``cards`` that is not a path."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("", "cannot read config file (%s)" % exc, source=str(path)) from None
    try:
        config = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError("", "not valid TOML (%s)" % exc, source=str(path)) from None
    value = config.get("cards")
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InputError("cards", "expected a card file path as a string, e.g. cards = \"~/mtg/AtomicCards.json.gz\"",
                         source=str(path))
    return Path(os.path.normpath(path.parent / Path(value).expanduser()))


def card_setting() -> CardSetting | None:
    """The card file the user set (environment, then config file), else None."""
    if os.environ.get(ENV_VAR):
        return CardSetting(Path(os.environ[ENV_VAR]).expanduser(), ENV_VAR)
    cfg = config_path()
    from_config = _from_config(cfg)
    return CardSetting(from_config, str(cfg)) if from_config is not None else None


def configured_card_file() -> CardSetting | None:
    """The user's card file to look up before the built-in cards: the setting, else the
    default ``cards update`` file if it exists, else None."""
    setting = card_setting()
    if setting is not None:
        return setting
    default = default_cards_path()
    return CardSetting(default, "default") if default.is_file() else None


def update_target() -> CardSetting:
    """Where ``cards update`` stores the cards: the setting, else the default path."""
    return card_setting() or CardSetting(default_cards_path(), "default")


def card_db(cards: str | os.PathLike | None = None) -> CardDB:
    """The card database of the card setting: the file `cards` (``--cards``), else the
    one the user set (`configured_card_file`), looked up before the built-in cards; one
    database per process for a given setting (`models.carddb.default_db`)."""
    if cards:
        return default_db(cards, cache=cache_dir())
    setting = _configured_now()
    if setting is None:
        return default_db()
    return default_db(setting.path, None if setting.set_by == "default" else setting.set_by, cache_dir())


def cache_dir() -> Path:
    """Where loaded card files are cached: ``$MANASOLVE_CACHE_DIR`` or ~/.cache/manasolve."""
    env = os.environ.get("MANASOLVE_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "manasolve"


# The variables a setting is read from (HOME: where the default folders are).
_VARIABLES = (ENV_VAR, "MANASOLVE_CONFIG", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "HOME")
# `configured_card_file` as last read, and what it was read from.
_LAST: tuple[tuple, CardSetting | None] | None = None


def _configured_now() -> CardSetting | None:
    """`configured_card_file`, read again only when a variable it reads, the config file or
    the stored ``cards update`` file changed since it was last read (a question asked
    through the API reads the setting: this keeps that to a few system calls)."""
    global _LAST
    variables = tuple(os.environ.get(name) for name in _VARIABLES)
    config, stored = _places(variables)
    seen = variables + (_stamp(config), _stamp(stored))
    last = _LAST
    if last is not None and last[0] == seen:
        return last[1]
    setting = configured_card_file()
    _LAST = (seen, setting)
    return setting


@functools.lru_cache(maxsize=8)
def _places(variables: tuple) -> tuple[str, str]:
    """The config file and the stored cards file for these values of `_VARIABLES`."""
    return str(config_path()), str(default_cards_path())


def _stamp(path: str) -> tuple[int, int] | None:
    """The size and modification time of the file `path`; None if there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)
