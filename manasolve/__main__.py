"""``python -m manasolve``: the same as the ``manasolve`` console script, from any folder."""

import os
import sys

if getattr(sys.modules.get("manasolve"), "__file__", None) is None:
    # Run in the folder that holds a clone of the repository named ``manasolve``: the
    # clone's folder (the current folder, first on sys.path) was imported as a namespace
    # package, not the package inside it.  Import the installed package instead.
    here = os.getcwd()
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    del sys.modules["manasolve"]
    try:
        import manasolve  # noqa: F401
    except ImportError:
        sys.stderr.write("manasolve: the folder %r here is not the installed package; install it "
                         "(pip install -e PATH) or run from another folder\n" % os.path.join(here, "manasolve"))
        raise SystemExit(2) from None

from manasolve.cli import entry  # noqa: E402 - after the fix-up above

entry()
