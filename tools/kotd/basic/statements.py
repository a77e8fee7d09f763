"""BASIC text as the checker reads it: tokens, statements, and for each statement what it
reads, assigns, dimensions and where control goes next (:func:`analyse`).  The types of
expressions (number or string) come with it (:class:`ExprParser`).

A line is read as LIST prints it and as the toolchain writes it: keywords from the
dialect's token table (longest first), names as letters and digits with ``$`` or ``%``,
strings, numbers, operators; REM and DATA keep their text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .dialects import Dialect

NUM, STR = "number", "string"
STRING_FIRST_ARGUMENT = ("ASC", "LEN", "VAL", "ADR", "LEFT$", "RIGHT$", "MID$")
JUMPS = ("GOTO", "GOSUB", "GO TO")
ENDS = ("END", "STOP", "RUN", "NEW", "BYE", "DOS")


# --- lexing BASIC text -------------------------------------------------------------------

@dataclass(frozen=True)
class Tok:
    kind: str          # NUM STR KW NAME OP RAW
    text: str
    array: bool = False

    def is_op(self, *ops: str) -> bool:
        return self.kind == "OP" and self.text in ops

    def is_kw(self, *kws: str) -> bool:
        return self.kind == "KW" and self.text in kws


_NUMBER = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?")
_NAME = re.compile(r"[A-Z][A-Z0-9]*[$%]?")


def lex(text: str, dialect: Dialect) -> tuple[list[Tok], list[str]]:
    """The tokens of one line's text, and the problems of its names (Applesoft reserved words)."""
    toks: list[Tok] = []
    problems: list[str] = []
    pos, n = 0, len(text)
    alnum_keywords = [k for k in dialect.keywords if k.isalpha()]
    while pos < n:
        c = text[pos]
        if c == " ":
            pos += 1
            continue
        if c == '"':
            end = text.find('"', pos + 1)
            end = n if end < 0 else end + 1
            toks.append(Tok("STR", text[pos:end]))
            pos = end
            continue
        m = _NUMBER.match(text, pos)
        if m and (c.isdigit() or c == "."):
            toks.append(Tok("NUM", m.group()))
            pos = m.end()
            continue
        if c.isalpha() or c == "?":
            kw = next((k for k in dialect.keywords_by_initial.get(c, ()) if text.startswith(k, pos) and
                       (not k[-1].isalpha() or pos + len(k) >= n or not text[pos + len(k)].isalpha())), None)
            if kw:
                toks.append(Tok("KW", kw))
                pos += len(kw)
                if kw == "REM" or (kw == "DATA" and not dialect.data_ends_at_colon):
                    toks.append(Tok("RAW", text[pos:]))
                    break
                if kw == "DATA":
                    end, quoted = pos, False
                    while end < n and (quoted or text[end] != ":"):
                        quoted ^= text[end] == '"'
                        end += 1
                    toks.append(Tok("RAW", text[pos:end]))
                    pos = end
                continue
            m = _NAME.match(text, pos)
            if m:
                name = m.group()
                pos = m.end()
                rest = text[pos:].lstrip(" ")
                toks.append(Tok("NAME", name, array=rest.startswith("(")))
                if dialect.significant:
                    held = [k for k in alnum_keywords if k in name.rstrip("$%")]
                    if held:
                        problems.append(f"the name {name} holds the reserved word {held[0]}: "
                                        f"{dialect.title} reads it as keywords, not as one name")
                continue
        two = text[pos:pos + 2]
        if two in ("<>", "<=", ">="):
            toks.append(Tok("OP", two))
            pos += 2
            continue
        toks.append(Tok("OP", c))
        pos += 1
    return toks, problems


# --- statements --------------------------------------------------------------------------

@dataclass
class Stmt:
    line: int                  # index in the program's lines
    toks: list[Tok]
    after_then: bool = False   # the first statement after THEN on its line


def split_statements(toks: list[Tok]) -> list[tuple[list[Tok], bool]]:
    """Statements of a line; an IF's THEN part starts a new statement."""
    out, cur, after_then = [], [], False
    for i, t in enumerate(toks):
        if t.is_op(":"):
            out.append((cur, after_then))
            cur, after_then = [], False
            continue
        cur.append(t)
        then_number = i + 1 < len(toks) and toks[i + 1].kind == "NUM"
        if t.is_kw("THEN") and cur[0].is_kw("IF") and not then_number:
            out.append((cur, after_then))
            cur, after_then = [], True
    if cur or after_then:
        out.append((cur, after_then))
    return [(s, a) for s, a in out if s or a]


# --- expressions -------------------------------------------------------------------------

@dataclass
class Use:
    name: str                  # NAME, NAME$, NAME% (arrays: NAME( ...)
    array: bool
    indexes: list[int | None]  # constant indexes of an array or substring, None where not constant


@dataclass
class Facts:
    """What one statement reads, assigns and dimensions, and the problems found in it."""
    reads: list[Use] = field(default_factory=list)
    assigns: list[Use] = field(default_factory=list)
    dims: list[tuple[str, bool, list[int | None]]] = field(default_factory=list)
    literals: list[tuple[str, int]] = field(default_factory=list)   # NAME$ = "a constant": its length
    problems: list[str] = field(default_factory=list)


def kind_of(name: str) -> str:
    return STR if name.endswith("$") else NUM


def var_key(name: str, array: bool, dialect: Dialect) -> str:
    if name.endswith("$") and dialect.name == "atari":
        array = False            # A$(i, j) is a substring of A$
    return name + ("(" if array else "")


class ExprParser:
    """Infers the type of expressions, collecting reads and type mismatches."""

    def __init__(self, toks: list[Tok], dialect: Dialect, facts: Facts):
        self.toks, self.pos, self.dialect, self.facts = toks, 0, dialect, facts

    def peek(self) -> Tok | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def take(self) -> Tok | None:
        t = self.peek()
        self.pos += t is not None
        return t

    def mismatch(self, what: str) -> None:
        self.facts.problems.append(f"type mismatch: {what}")

    def expr(self) -> str | None:
        left = self.and_expr()
        while (t := self.peek()) and t.is_kw("OR"):
            self.take()
            right = self.and_expr()
            self.need_numbers("OR", left, right)
            left = NUM
        return left

    def need_numbers(self, op: str, *types: str | None) -> None:
        if STR in types:
            self.mismatch(f"{op} works on numbers, not strings")

    def and_expr(self) -> str | None:
        left = self.not_expr()
        while (t := self.peek()) and t.is_kw("AND"):
            self.take()
            right = self.not_expr()
            self.need_numbers("AND", left, right)
            left = NUM
        return left

    def not_expr(self) -> str | None:
        if (t := self.peek()) and t.is_kw("NOT"):
            self.take()
            self.need_numbers("NOT", self.not_expr())
            return NUM
        return self.comparison()

    def comparison(self) -> str | None:
        left = self.additive()
        while (t := self.peek()) and t.is_op("=", "<>", "<", ">", "<=", ">="):
            self.take()
            right = self.additive()
            if left and right and left != right:
                self.mismatch(f"a {left} compared with a {right} ({t.text})")
            left = NUM
        return left

    def additive(self) -> str | None:
        left = self.term()
        while (t := self.peek()) and t.is_op("+", "-"):
            self.take()
            right = self.term()
            if t.text == "+" and left == STR and right == STR:
                if not self.dialect.string_concatenation:
                    self.mismatch(f"{self.dialect.title} has no + for strings (join them with "
                                  f"A$(LEN(A$)+1)=B$)")
                left = STR
                continue
            if left and right and STR in (left, right):
                self.mismatch(f"{t.text} between a {left} and a {right}")
            left = NUM if left and right else None
        return left

    def term(self) -> str | None:
        left = self.unary()
        while (t := self.peek()) and t.is_op("*", "/", "^"):
            self.take()
            right = self.unary()
            self.need_numbers(t.text, left, right)
            left = NUM
        return left

    def unary(self) -> str | None:
        if (t := self.peek()) and t.is_op("-", "+"):
            self.take()
            v = self.unary()
            self.need_numbers(f"unary {t.text}", v)
            return NUM
        return self.primary()

    def arguments(self) -> list[tuple[str | None, int | None]]:
        """``( a, b, ... )`` after a name or function: (type, constant value) of each."""
        out = []
        if not ((t := self.peek()) and t.is_op("(")):
            return out
        self.take()
        while True:
            start = self.pos
            typ = self.expr()
            const = None
            if self.pos == start + 1 and self.toks[start].kind == "NUM":
                const = float(self.toks[start].text)
            out.append((typ, const))
            t = self.take()
            if t is None or t.is_op(")"):
                return out
            if not t.is_op(","):
                return out

    def primary(self) -> str | None:
        t = self.take()
        if t is None:
            return None
        if t.kind == "NUM":
            return NUM
        if t.kind == "STR":
            return STR
        if t.is_op("("):
            v = self.expr()
            if (c := self.peek()) and c.is_op(")"):
                self.take()
            return v
        if t.kind == "NAME":
            if t.array:
                args = self.arguments()
                for typ, _ in args:
                    if typ == STR:
                        self.mismatch(f"a string as the index of {t.text}")
                self.facts.reads.append(Use(t.text, True, [c for _, c in args]))
            else:
                self.facts.reads.append(Use(t.text, False, []))
            return kind_of(t.text)
        if t.kind == "KW":
            name = t.text.rstrip("(")
            if name == "FN":                       # Applesoft FN F(X)
                if (n := self.peek()) and n.kind == "NAME":
                    self.take()
                    self.arguments()
                return NUM
            if t.text.endswith("("):               # Applesoft SCRN( SPC( TAB(: the token holds the (
                self.pos -= 1
                self.toks = self.toks[:self.pos] + [Tok("OP", "(")] + self.toks[self.pos + 1:]
            args = self.arguments()
            for i, (typ, _) in enumerate(args):
                want = STR if (i == 0 and name in STRING_FIRST_ARGUMENT) else NUM
                if typ and typ != want:
                    self.mismatch(f"{name} wants a {want} as argument {i + 1}, not a {typ}")
            return STR if name.endswith("$") else NUM
        self.pos -= 1
        return None


# --- one statement -----------------------------------------------------------------------

@dataclass
class Flow:
    jumps: list[int] = field(default_factory=list)     # target line numbers
    calls: list[int] = field(default_factory=list)     # GOSUB targets
    entries: list[int] = field(default_factory=list)   # TRAP / ONERR targets
    computed: bool = False
    falls: bool = True                                  # control goes on to the next statement
    returns: bool = False
    next_var: str | None = None                         # NEXT's variable ("" for a bare NEXT)
    for_var: str | None = None


def literal_number(t: Tok | None) -> int | None:
    if t is not None and t.kind == "NUM" and re.fullmatch(r"\d+", t.text):
        return int(t.text)
    return None


def _target_list(toks: list[Tok], flow: Flow, into: list[int]) -> None:
    for part in _commas(toks):
        num = literal_number(part[0]) if len(part) == 1 else None
        if num is None:
            flow.computed = True
        else:
            into.append(num)


def _commas(toks: list[Tok]) -> list[list[Tok]]:
    out, cur, depth = [], [], 0
    for t in toks:
        depth += t.is_op("(") - t.is_op(")")
        if depth == 0 and t.is_op(",", ";"):
            out.append(cur)
            cur = []
        else:
            cur.append(t)
    out.append(cur)
    return [p for p in out if p]


def _lvalue(toks: list[Tok], dialect: Dialect, facts: Facts) -> None:
    """An assigned variable (READ, INPUT, GET, LOCATE...): its indexes are reads."""
    if not toks or toks[0].kind != "NAME":
        return
    p = ExprParser(toks, dialect, facts)
    p.take()
    args = p.arguments() if toks[0].array else []
    facts.assigns.append(Use(toks[0].text, toks[0].array, [c for _, c in args]))


def analyse(toks: list[Tok], dialect: Dialect) -> tuple[Facts, Flow]:
    facts, flow = Facts(), Flow()
    if not toks:
        return facts, flow
    head = toks[0]
    rest = toks[1:]
    word = head.text if head.kind == "KW" else None
    if word in ("REM", "DATA", "DEF"):
        return facts, flow
    if head.kind == "NAME" or word == "LET":
        body = toks if head.kind == "NAME" else rest
        eq = next((i for i, t in enumerate(body) if t.is_op("=")), None)
        if not body or body[0].kind != "NAME" or eq is None:
            name = body[0].text if body else "LET"
            facts.problems.append(f"{name}: not a statement of {dialect.title} (a misspelt keyword, "
                                  f"or an assignment without =)")
            return facts, flow
        target = body[0]
        args = ExprParser(body[1:eq], dialect, facts).arguments() if target.array else []
        p = ExprParser(body[eq + 1:], dialect, facts)
        typ = p.expr()
        if typ and typ != kind_of(target.text):
            facts.problems.append(f"type mismatch: a {typ} assigned to the {kind_of(target.text)} "
                                  f"variable {target.text}")
        facts.assigns.append(Use(target.text, target.array, [c for _, c in args]))
        value = body[eq + 1:]
        if not target.array and len(value) == 1 and value[0].kind == "STR":
            facts.literals.append((target.text, len(value[0].text.strip('"'))))
        return facts, flow
    if word == "IF":
        then = next((i for i, t in enumerate(rest) if t.is_kw("THEN", "GOTO")), len(rest))
        typ = ExprParser(rest[:then], dialect, facts).expr()
        if typ == STR:
            facts.problems.append("type mismatch: IF needs a number (a comparison), not a string")
        after = rest[then + 1:] if then < len(rest) else []
        num = literal_number(after[0]) if len(after) == 1 else None
        if num is not None:
            flow.jumps.append(num)
        return facts, flow
    if word in JUMPS:
        num = literal_number(rest[0]) if len(rest) == 1 else None
        if num is None:
            ExprParser(rest, dialect, facts).expr()
            flow.computed = True
        else:
            (flow.calls if word == "GOSUB" else flow.jumps).append(num)
        flow.falls = word == "GOSUB"
        return facts, flow
    if word == "ON":
        at = next((i for i, t in enumerate(rest) if t.is_kw(*JUMPS)), None)
        if at is not None:
            ExprParser(rest[:at], dialect, facts).expr()
            _target_list(rest[at + 1:], flow, flow.calls if rest[at].text == "GOSUB" else flow.jumps)
        return facts, flow
    if word in ("TRAP", "ONERR"):
        body = rest[1:] if word == "ONERR" and rest and rest[0].is_kw("GOTO") else rest
        num = literal_number(body[0]) if len(body) == 1 else None
        if num is not None and num <= dialect.max_line_number:
            flow.entries.append(num)
        elif num is None:
            ExprParser(body, dialect, facts).expr()
        return facts, flow
    if word in ENDS:
        flow.falls = False
        return facts, flow
    if word in ("RETURN", "RESUME"):
        flow.falls = False
        flow.returns = word == "RETURN"
        return facts, flow
    if word == "FOR":
        eq = next((i for i, t in enumerate(rest) if t.is_op("=")), None)
        if rest and rest[0].kind == "NAME" and eq == 1:
            to = next((i for i, t in enumerate(rest) if t.is_kw("TO")), len(rest))
            step = next((i for i, t in enumerate(rest) if t.is_kw("STEP")), len(rest))
            for part in (rest[2:to], rest[to + 1:step], rest[step + 1:]):
                if part and ExprParser(part, dialect, facts).expr() == STR:
                    facts.problems.append("type mismatch: FOR counts with numbers, not strings")
            if rest[0].text.endswith("$"):
                facts.problems.append(f"type mismatch: FOR needs a number variable, not {rest[0].text}")
            facts.assigns.append(Use(rest[0].text, False, []))
            flow.for_var = rest[0].text
        return facts, flow
    if word == "NEXT":
        flow.next_var = rest[0].text if rest and rest[0].kind == "NAME" else ""
        return facts, flow
    if word == "DIM":
        for part in _commas(rest):
            if part and part[0].kind == "NAME":
                p = ExprParser(part, dialect, facts)
                p.take()
                sizes = [c for _, c in p.arguments()]
                facts.dims.append((part[0].text, dialect.name == "apple" or not part[0].text.endswith("$"),
                                   [int(s) if s is not None else None for s in sizes]))
        return facts, flow
    if word in ("READ", "INPUT", "GET", "LOCATE", "NOTE", "STATUS"):
        parts = _commas(rest)
        if parts and parts[0][0].is_op("#"):
            ExprParser(parts[0][1:], dialect, facts).expr()
            parts = parts[1:]
        if word == "LOCATE":
            for part in parts[:2]:
                ExprParser(part, dialect, facts).expr()
            parts = parts[2:]
        for part in parts:
            if part[0].kind == "STR":          # INPUT "PROMPT";A
                continue
            _lvalue(part, dialect, facts)
        return facts, flow
    # Any other statement: its arguments are expressions (PRINT, POKE, POSITION, ...).
    body = rest
    for part in _commas(body):
        if part[0].is_op("#"):
            part = part[1:]
        if part:
            ExprParser(part, dialect, facts).expr()
    return facts, flow
