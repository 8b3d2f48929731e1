"""The questions: could-produce, total cost, payment enumeration and counting, best payment, legal plays."""

if __name__ != "manasolve.solver":  # e.g. `import solver` with the repository root on sys.path
    raise ImportError("solver/ is the package manasolve.solver (installed there by pyproject.toml's package-dir): "
                      "import manasolve.solver; as a top-level package its classes would be copies of the real ones")
