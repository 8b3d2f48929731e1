"""manasolve: exact answers to Magic: The Gathering cost questions.

The Python API mirrors the command line, one function per command; see `manasolve.api`.
"""

import os as _os

__version__ = "0.1.0"

# In a source checkout models/ and solver/ sit beside this folder (the design card's
# layout); an installed copy has them inside it.  When this folder is imported straight
# from a checkout (``python -m pytest`` at the repository root puts the root first on
# sys.path, ahead of an installed copy), let ``manasolve.models``/``manasolve.solver``
# resolve to the folders beside it.
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "models")) and \
        _os.path.isfile(_os.path.join(_root, "models", "__init__.py")):
    __path__.append(_root)  # noqa: F821 - the package's own search path
del _root


def __getattr__(name: str):
    # `manasolve.PlayBoard` / `manasolve.open_board` without importing the solver at start-up.
    if name in ("PlayBoard", "open_board"):
        from manasolve import session  # keeps start-up light

        return getattr(session, name)
    raise AttributeError("module 'manasolve' has no attribute %r" % name)
