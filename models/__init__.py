"""The game as data: mana and cost symbols, cards and abilities, oracle parser, card loaders, boards. Never imports the solver."""

if __name__ != "manasolve.models":  # e.g. `import models` with the repository root on sys.path
    raise ImportError("models/ is the package manasolve.models (installed there by pyproject.toml's package-dir): "
                      "import manasolve.models; as a top-level package its classes would be copies of the real ones")
