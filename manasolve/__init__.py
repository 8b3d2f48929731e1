"""manasolve: exact answers to Magic: The Gathering cost questions.

The Python API mirrors the command line, one function per command; see `manasolve.api`.
"""

__version__ = "0.1.0"
