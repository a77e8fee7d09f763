"""The one error type of the BASIC toolchain."""

from __future__ import annotations


class BasicError(ValueError):
    """A problem in a BASIC program: where (line of the text, BASIC line number) and what.

    ``text_line`` is the 1-based line of the source text (None for tokenized input),
    ``basic_line`` the BASIC line number when known.  ``str()`` gives
    ``"line N: BASIC line L: message"`` (the parts that are known).
    """

    def __init__(self, message: str, text_line: int | None = None, basic_line: int | None = None):
        self.message = message
        self.text_line = text_line
        self.basic_line = basic_line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.text_line is not None:
            where.append(f"line {self.text_line}")
        if self.basic_line is not None:
            where.append(f"BASIC line {self.basic_line}")
        return ": ".join(where + [self.message])
