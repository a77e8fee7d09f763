"""What the toolchain knows about each BASIC: limits, and the keywords of the token tables.

The keywords themselves come from the tokenizers' token tables (:mod:`kotd.basic.atari`,
:mod:`kotd.basic.apple`); this module only adds the limits the checker enforces, each
with where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from . import apple, atari


@dataclass(frozen=True)
class Dialect:
    name: str                  # "atari" or "apple": also the build target's name
    title: str
    max_line_number: int       # the largest line number the interpreter accepts
    max_text_line: int | None  # characters of an input line (number included), or None
    max_token_line: int | None # bytes of a tokenized line (number and length bytes included)
    max_variables: int | None  # entries of the variable table, or None for no fixed limit
    significant: int | None    # characters of a name the interpreter tells apart (None: all)
    integer_names: bool        # NAME% integer variables exist
    needs_dim: bool            # strings and arrays must be DIMensioned before use
    undimmed_array_size: int | None  # largest index of an array used without DIM
    string_concatenation: bool # A$ + B$ is a string
    data_ends_at_colon: bool   # DATA ends at a colon (Applesoft) or at the end of the line (Atari)

    @cached_property
    def keywords(self) -> tuple[str, ...]:
        """Every keyword of the token tables that starts with a letter (or is ``?``), longest first."""
        words = [k for k in table_keywords(self.name) if k[:1].isalpha() or k == "?"]
        return tuple(sorted(set(words), key=lambda k: (-len(k), k)))

    @cached_property
    def keywords_by_initial(self) -> dict[str, tuple[str, ...]]:
        """The keywords by their first character, longest first."""
        out: dict[str, list[str]] = {}
        for k in self.keywords:
            out.setdefault(k[0], []).append(k)
        return {c: tuple(ks) for c, ks in out.items()}

    @cached_property
    def keyword_set(self) -> frozenset[str]:
        return frozenset(self.keywords)

    def is_keyword(self, word: str) -> bool:
        """``word`` is a keyword, also without the punctuation some tokens carry (``HCOLOR=``, ``SCRN(``)."""
        return word in self.keyword_set or any(
            k[:-1] == word and not k[-1].isalnum() for k in self.keywords if len(k) == len(word) + 1)


ATARI = Dialect(
    name="atari", title="Atari BASIC",
    # The tokenizer's limits (kotd.basic.atari): line numbers, a logical line of the screen
    # editor, the line length byte, 128 variable names (tokens $80-$FF).
    max_line_number=atari.MAX_LINE_NUMBER, max_text_line=atari.MAX_TEXT_LINE,
    max_token_line=atari.MAX_TOKENIZED_LINE, max_variables=atari.MAX_VARIABLES,
    significant=None, integer_names=False, needs_dim=True, undimmed_array_size=None,
    string_concatenation=False, data_ends_at_colon=False)

APPLE = Dialect(
    name="apple", title="Applesoft",
    # The tokenizer's limits (kotd.basic.apple): line numbers, GETLN's 239 characters.
    # Applesoft II BASIC Reference Manual: names keep two significant characters and hold
    # no reserved word; an array used without DIM has indexes 0-10.
    max_line_number=apple.MAX_LINE_NUMBER, max_text_line=apple.MAX_TEXT_LINE, max_token_line=None,
    max_variables=None,
    significant=2, integer_names=True, needs_dim=False, undimmed_array_size=10,
    string_concatenation=True, data_ends_at_colon=True)

def table_keywords(name: str) -> list[str]:
    """The keywords of a dialect's token table (the tokenizer's own)."""
    if name == "atari":
        return [k for k in atari.STATEMENTS if k and k != "ERROR-"] + list(atari.OPERATORS.values())
    return list(apple.TOKENS)


def tokenize_line(name: str, number: int, text: str) -> bytes:
    """One line as the dialect's tokenizer stores it (line number and length/link included);
    raises :class:`~kotd.basic.errors.BasicError` where the interpreter would refuse it."""
    if name == "atari":
        return atari.parse_program(f"{number} {text}", direct=None).lines[0]
    (_, body), = apple.tokenize_lines(f"{number} {text}")
    return bytes(4) + body + b"\x00"


DIALECTS = {"atari": ATARI, "apple": APPLE}
