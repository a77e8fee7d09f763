"""Long source names -> the short names a dialect keeps apart (docs/basic.md "Names").

Each long name gets, in order of first use, the first free short name among: its first
letter; its first letter and one of its other letters; its first letter and a digit; any
two characters.  A, A$, A%, A( and A$( are different variables to both interpreters, so
each kind has its own short names.  On the Apple a short name is taken only when
Applesoft's tokenizer, which finds keywords across blanks, reads it back as itself.
"""

from __future__ import annotations

from .dialects import Dialect


def name_key(text: str, is_array: bool, dialect: Dialect) -> tuple[str, str, bool]:
    """(base, ``$``/``%``/``""``, array): what makes two source names one variable."""
    base, suffix = (text[:-1], text[-1]) if text[-1] in "$%" else (text, "")
    if dialect.name == "atari" and suffix == "$":
        is_array = False        # NAME$(i, j) is a substring of NAME$, not an array
    return base, suffix, is_array


def name_is_safe(short: str, dialect: Dialect) -> bool:
    """``short`` reads back as itself wherever it stands: it holds no keyword, no keyword can
    begin inside it and run on into a keyword after it, and no keyword before it can grow into
    a longer one with it (Applesoft's tokenizer ignores spaces: ``T OR`` reads ``TO R``)."""
    kws = [k for k in dialect.keywords if k[0].isalpha()]
    if any(k in short for k in kws):
        return False
    if dialect.name == "atari":
        return True
    for k in kws:
        joined = short + k                   # a name, then a keyword (T followed by OR reads TO R)
        if any(joined.startswith(k2, i) for i in range(len(short)) for k2 in kws):
            return False
        joined = k + short                   # a keyword, then a name (AT followed by N1 reads ATN 1)
        if any(len(k2) > len(k) and joined.startswith(k2) for k2 in kws):
            return False
    return True


def _candidates(base: str):
    letters = [c.upper() for c in base if c.isalnum()]
    first = letters[0]
    yield first
    for c in letters[1:]:
        yield first + c
    for d in "0123456789":
        yield first + d
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for a in alphabet:
        for b in "0123456789" + alphabet:
            yield a + b


class NameMap:
    """Long source names -> short BASIC names, the same long name always to the same short one."""

    def __init__(self, dialect: Dialect):
        self.dialect = dialect
        self.short: dict[tuple[str, str, bool], str] = {}
        self.taken: set[tuple[str, str, bool]] = set()
        self.safe: dict[str, bool] = {}

    @classmethod
    def holding(cls, dialect: Dialect, table: dict[str, str]) -> "NameMap":
        """A map that already holds a program's names (``table``: short -> long, as
        :meth:`table` gives them)."""
        names = cls(dialect)
        for short, long in table.items():
            array = short.endswith("(")
            short, long = short.rstrip("("), long.rstrip("(")
            suffix = short[-1] if short[-1] in "$%" else ""
            base = short[:len(short) - len(suffix)]
            names.taken.add((base, suffix, array))
            names.short[name_key(long, array, dialect)] = base
        return names

    def _safe(self, name: str) -> bool:
        if name not in self.safe:
            self.safe[name] = name_is_safe(name, self.dialect)
        return self.safe[name]

    def map(self, key: tuple[str, str, bool]) -> str:
        if key not in self.short:
            base, suffix, is_array = key
            for cand in _candidates(base):
                space = (cand, suffix, is_array)
                if space not in self.taken and self._safe(cand):
                    self.taken.add(space)
                    self.short[key] = cand
                    break
            else:   # pragma: no cover - 936 names per kind
                raise ValueError(f"no short name left for {base}{suffix}")
        return self.short[key] + key[1]

    def table(self) -> dict[str, str]:
        out = {}
        for (base, suffix, is_array), short in self.short.items():
            paren = "(" if is_array else ""
            out[short + suffix + paren] = base + suffix + paren
        return out
