"""Bad input, said in one line: where (file, JSON path or parameter) and what is wrong."""

from __future__ import annotations

import difflib

# The longest error line (issue 17): one line a person reads; echoed input is cut short.
MAX_LINE = 300


def shown(value: object, limit: int = 60) -> str:
    """`value` for an error line (a string quoted by repr, so newlines show as \\n), cut
    to about `limit` characters with "…" and its length when longer."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return repr(value) if isinstance(value, str) else text
    return "%s… (%d characters)" % (repr(text[:limit]) if isinstance(value, str) else text[:limit], len(text))


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """`text` as one line of at most `limit` characters: line breaks escaped, the middle
    cut out if too long (the start says where, the end often says the nearest value)."""
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    if len(text) <= limit:
        return text
    keep = (limit - 3) // 2
    return text[:keep] + "…" + text[-(limit - keep - 1):]


class InputError(Exception):
    """Bad input: one line saying where (file, JSON path) and what is wrong."""

    def __init__(self, where: str, message: str, source: str | None = None):
        self.where = where
        self.message = message
        self.source = source
        super().__init__(self.line())

    def line(self) -> str:
        parts = [p for p in (self.source, self.where) if p]
        return one_line("%s: %s" % (": ".join(parts), self.message) if parts else self.message)



def nearest(value: str, options: list[str]) -> str:
    """" (did you mean 'x'?)" for the option nearest to `value`, or "" if none is near."""
    if len(value) > 100:  # difflib is quadratic: a long value is near nothing anyway
        return ""
    hits = difflib.get_close_matches(value, options, n=1, cutoff=0.4)
    return " (did you mean %r?)" % hits[0] if hits else ""


class ParameterError(InputError):
    """A bad argument of a question (not of the board file): ``parameter`` is its Python
    keyword name (``x``, ``zone``, ``alt``); the CLI shows the matching flag instead."""

    def __init__(self, parameter: str, message: str, source: str | None = None):
        self.parameter = parameter
        super().__init__("parameter " + parameter, message, source)

    def line(self, flag_of=None) -> str:
        """The one-line message; `flag_of` maps a parameter name to what to show (a CLI
        flag), each of several names joined by "/" mapped on its own."""
        if flag_of is None:
            return super().line()
        where = "/".join(flag_of(name) for name in self.parameter.split("/"))
        return InputError(where, self.message, self.source).line()
