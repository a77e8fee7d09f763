"""Numbers in variables: Atari BASIC's room won back by the build (docs/basic.md "Numbers
in variables").

Atari BASIC stores every number of a program as a marker byte and six bytes of BCD, a
variable as one byte: ``GOSUB 610`` is nine bytes, ``GOSUB N6`` three.  The programs
use the same few numbers again and again (0 and 1, the lines of the subroutines called
most, the addresses of the state block), so the build gives each number used often
enough a variable of its own, set on lines before the program's first, and writes the
variable wherever the number stood.  A pooled number costs its assignment (12 bytes:
the statement's offset and token, the variable, ``=``, the number, the separator) and
its variable (the name in the name table, 8 bytes of value): it pays from four uses on.

What keeps the program the same program:

- ``RUN`` starts at the lowest line, the pool's: every way into the program (the boot's
  ``RUN``, RESET's) sets the variables first, and nothing clears them (the sources have no
  ``CLR``; the checker reads the program before the pool, with its numbers);
- a number after ``THEN`` is a line number Atari BASIC's syntax wants as a constant, and
  strings, ``DATA`` and ``REM`` are text: they keep their numbers;
- each line the pool rewrites is tokenized again; a line Atari BASIC would refuse so (too
  long to type) keeps its numbers;
- ``POOL_RESERVE`` variables stay free for what one types at the prompt.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from .dialects import Dialect, tokenize_line
from .errors import BasicError
from .names import NameMap, name_key
from .source import FIRST_LINE, Line, Origin, Program
from .statements import lex

NUMBER_BYTES = 7            # Atari BASIC: the marker $0E and six bytes of BCD
VARIABLE_BYTES = 1          # a variable's token
ASSIGNMENT_BYTES = 12       # offset, silent LET, variable, =, number, : or end of line
VALUE_BYTES = 8             # the variable value table's entry
POOL_RESERVE = 8            # variables left free for the prompt (Atari BASIC has 128)
POOL_LINE = 80              # characters of an assignment line (Atari's editor takes 114)


@dataclasses.dataclass(frozen=True)
class Pool:
    """What the pool did: number text -> (short name, uses), and the bytes it saved."""
    names: dict[str, tuple[str, int]]
    saved: int


def _number_places(text: str, dialect: Dialect) -> list[tuple[int, int]]:
    """(start, end) of each number of a line's text that a variable may stand for."""
    toks, _ = lex(text, dialect)
    places, pos, prev = [], 0, None
    for t in toks:
        while t.kind != "RAW" and text[pos] == " ":      # REM's and DATA's text begins at the keyword
            pos += 1
        if not text.startswith(t.text, pos):        # pragma: no cover - lex reads the text in order
            raise ValueError(f"pool: {t.text!r} not at column {pos} of {text!r}")
        if t.kind == "NUM" and not (prev is not None and prev.is_kw("THEN")):
            places.append((pos, pos + len(t.text)))
        pos += len(t.text)
        prev = t
    return places


def _rewrite(text: str, places: list[tuple[int, int]], names: dict[str, str]) -> str:
    """The text with each pooled number at ``places`` replaced by its variable, spaced
    apart from a name or keyword it would otherwise run into."""
    out, last = [], 0
    for start, end in places:
        name = names.get(text[start:end])
        if name is None:
            continue
        before = " " if start > 0 and text[start - 1].isalnum() else ""
        after = " " if end < len(text) and (text[end].isalnum() or text[end] in "$.") else ""
        out += [text[last:start], before, name, after]
        last = end
    out.append(text[last:])
    return "".join(out)


def _stored(dialect: Dialect, number: int, text: str) -> bytes | None:
    """The line as Atari BASIC stores it, or None where it would refuse it."""
    try:
        return tokenize_line(dialect.name, number, text)
    except BasicError:
        return None


def pool_numbers(program: Program, origin: Origin) -> tuple[Program, Pool]:
    """The program with its often used numbers in variables (Atari BASIC; other dialects
    as they are), and what was pooled.  ``origin``: where the listing says the
    assignment lines come from."""
    dialect = program.dialect
    if dialect.name != "atari":
        return program, Pool({}, 0)
    places = [_number_places(ln.text, dialect) for ln in program.lines]
    uses = Counter(ln.text[s:e] for ln, spots in zip(program.lines, places) for s, e in spots)
    room = dialect.max_variables - POOL_RESERVE - len(program.names)
    worth = sorted(((n * (NUMBER_BYTES - VARIABLE_BYTES), number) for number, n in uses.items()),
                   key=lambda kv: (-kv[0], kv[1]))

    names = NameMap.holding(dialect, program.names)
    chosen: dict[str, str] = {}
    for gain, number in worth[:max(room, 0)]:
        name = names.map(name_key(f"number {number}", False, dialect))
        if gain <= ASSIGNMENT_BYTES + len(name) + VALUE_BYTES:
            break
        chosen[number] = name
    assignments = _assignment_lines(chosen, dialect)
    if not chosen or assignments is None:
        return program, Pool({}, 0)

    lines = [Line(number, text, origin, "the numbers of the lines below, in variables (docs/basic.md)")
             for number, text, _ in assignments]
    saved = -sum(len(stored) for _, _, stored in assignments) - sum(len(v) + VALUE_BYTES for v in chosen.values())
    counted: Counter[str] = Counter()
    for ln, spots in zip(program.lines, places):
        text = _rewrite(ln.text, spots, chosen)
        stored = _stored(dialect, ln.number, text) if text != ln.text else None
        if stored is None:                          # no pooled number, or Atari BASIC would refuse it so
            lines.append(ln)
            continue
        lines.append(dataclasses.replace(ln, text=text))
        saved += len(tokenize_line(dialect.name, ln.number, ln.text)) - len(stored)
        counted.update(n for n in (ln.text[s:e] for s, e in spots) if n in chosen)
    pooled = dataclasses.replace(program, lines=lines,
                                 names={**program.names, **{v: f"the number {k}" for k, v in chosen.items()}})
    return pooled, Pool({k: (v, counted[k]) for k, v in chosen.items()}, saved)


def _assignment_lines(chosen: dict[str, str], dialect: Dialect) -> list[tuple[int, str, bytes]] | None:
    """``N=0:NU=1:...`` on lines 1, 2, ... below the program's first (number, text,
    the line as stored); None when they do not fit there."""
    lines: list[tuple[int, str]] = []
    text = ""
    for number, name in chosen.items():
        piece = f"{name}={number}"
        if text and len(text) + 1 + len(piece) > POOL_LINE:
            lines.append((len(lines) + 1, text))
            text = ""
        text = f"{text}:{piece}" if text else piece
    if text:
        lines.append((len(lines) + 1, text))
    stored = [_stored(dialect, n, t) for n, t in lines]
    if len(lines) >= FIRST_LINE or None in stored:
        return None
    return [(n, t, b) for (n, t), b in zip(lines, stored)]
