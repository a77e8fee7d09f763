"""The static checker of the BASIC programs (docs/basic.md "The checker").

It reads a numbered program — one the toolchain made from the sources
(:func:`kotd.basic.source.build_program`), whose lines remember their source file and line,
or a plain numbered BASIC text — and reports, as ``file:line: problem``, what the real
interpreter would reject or what would fail at run time:

- a line the dialect's tokenizer refuses (:mod:`kotd.basic.atari`, :mod:`kotd.basic.apple`):
  too long (Atari BASIC: 114 characters of the screen editor, 255 tokenized bytes;
  Applesoft: a 239-character input line), a line number out of range, and for Atari BASIC,
  whose tokenizer follows its syntax tables, any syntax error;
- too many variables (Atari BASIC: 128);
- an Atari string or array used without DIM, or before it on every path; a constant index
  beyond a DIM (Applesoft: beyond 10 without DIM); a string constant longer than the Atari
  string it is assigned to;
- GOTO, GOSUB, ON, THEN, TRAP, ONERR targets that are no line;
- Applesoft names that are one variable to Applesoft (same first two characters), or that
  hold a reserved word (``SCORE`` reads ``SC OR E``); a line whose keywords Applesoft's
  tokenizer reads otherwise than written (``T OR X`` is stored ``TO R X``);
- a statement that is no statement (a misspelt keyword);
- a variable read before any assignment on every path the checker can see;
- a string where a number belongs and the other way round;
- an engine entry given the wrong number of arguments (``USR(ENTRY_...)`` on the Atari; the
  source's ``ENGINE(...)`` is counted by :mod:`kotd.basic.source`).

What it does not see: the values of variables (an index or a jump held in a variable),
what a POKE does, the order DATA and READ meet, the screen.  A computed GOTO or GOSUB
makes every line a possible entry: the read-before-assignment check then stays quiet.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..build import abi
from .dialects import DIALECTS, Dialect, tokenize_line
from .errors import BasicError
from .source import (Line, Origin, Problem, Program, SourceError, build_from_files, build_program, display,
                     read_manifest)

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


def _number(t: Tok | None) -> int | None:
    if t is not None and t.kind == "NUM" and re.fullmatch(r"\d+", t.text):
        return int(t.text)
    return None


def _target_list(toks: list[Tok], flow: Flow, into: list[int]) -> None:
    for part in _commas(toks):
        num = _number(part[0]) if len(part) == 1 else None
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
        num = _number(after[0]) if len(after) == 1 else None
        if num is not None:
            flow.jumps.append(num)
        return facts, flow
    if word in JUMPS:
        num = _number(rest[0]) if len(rest) == 1 else None
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
        num = _number(body[0]) if len(body) == 1 else None
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


# --- the whole program -------------------------------------------------------------------

class Checker:
    def __init__(self, program: Program, constants: dict[str, int] | None = None):
        self.program = program
        self.dialect = program.dialect
        self.constants = constants or {}
        self.problems: list[Problem] = []

    def report(self, line: Line, message: str) -> None:
        self.problems.append(Problem(line.origin.file, line.origin.line, f"{message} (line {line.number})"))

    def name(self, short: str, array: bool = False) -> str:
        key = short + ("(" if array else "")
        long = self.program.names.get(key)
        return f"{long.rstrip('(')} ({short})" if long else short

    def run(self) -> list[Problem]:
        d = self.dialect
        lines = self.program.lines
        numbers = {ln.number: i for i, ln in enumerate(lines)}
        stmts: list[Stmt] = []
        first_stmt: dict[int, int] = {}
        names_seen: dict[str, Line] = {}
        for i, ln in enumerate(lines):
            toks, name_problems = lex(ln.text, d)
            stored = self.check_tokenizes(ln)
            if stored is not None and d.significant:
                self.check_read_as_written(ln, toks, stored)
            for msg in dict.fromkeys(name_problems):
                self.report(ln, msg)
            for t in toks:
                if t.kind == "NAME":
                    names_seen.setdefault(var_key(t.text, t.array, d), ln)
            first_stmt[i] = len(stmts)
            for body, after_then in split_statements(toks):
                stmts.append(Stmt(i, body, after_then))
        self.check_names(names_seen)
        facts, flows = [], []
        for st in stmts:
            f, fl = analyse(st.toks, d)
            facts.append(f)
            flows.append(fl)
            for msg in f.problems:
                self.report(lines[st.line], msg)
            self.check_usr(lines[st.line], st.toks)
        for st, fl in zip(stmts, flows):
            for target in fl.jumps + fl.calls + fl.entries:
                if target not in numbers:
                    self.report(lines[st.line], f"no line {target} to go to")
        self.check_dims(stmts, facts)
        self.check_flow(stmts, facts, flows, numbers, first_stmt)
        return sorted(set(self.problems), key=lambda p: (p.file, p.line, p.message))

    # each check ---------------------------------------------------------------------

    def check_tokenizes(self, ln: Line) -> bytes | None:
        """The dialect's tokenizer takes the line: its length, its number, (Atari) its syntax.
        The stored line, or None."""
        try:
            return tokenize_line(self.dialect.name, ln.number, ln.text)
        except BasicError as exc:
            self.report(ln, f"{self.dialect.title} refuses the line: {exc.message}")
            return None

    def check_read_as_written(self, ln: Line, toks: list[Tok], stored: bytes) -> None:
        """Applesoft finds keywords wherever their letters stand, blanks or not: the keywords
        its tokenizer stored must be the ones written (``T OR X`` is stored ``TO R X``)."""
        from . import apple
        written = ["PRINT" if t.is_op("?") else t.text for t in toks
                   if t.kind == "KW" or t.is_op("?")]
        read = [apple.TOKENS[b - apple.FIRST_TOKEN] for b in stored[4:-1] if b >= apple.FIRST_TOKEN]
        read = [k for k in read if k in self.dialect.keyword_set]
        if written != read:
            shown = apple.list_line(ln.number, stored[4:-1]).strip()
            self.report(ln, f"Applesoft reads the line as {shown!r}: keywords {' '.join(read)}, "
                            f"not {' '.join(written)} as written; rename or space the name next to the keyword")

    def check_names(self, seen: dict[str, Line]) -> None:
        d = self.dialect
        if d.max_variables and len(seen) > d.max_variables:
            ln = list(seen.values())[d.max_variables]
            self.report(ln, f"too many variables: {len(seen)}, {d.title} holds {d.max_variables}")
        if d.significant:
            groups: dict[str, list[str]] = defaultdict(list)
            for key in seen:
                base = key.rstrip("(").rstrip("$%")
                suffix = key[len(base):]
                groups[base[:d.significant] + suffix].append(key)
            for short, keys in groups.items():
                if len(keys) > 1:
                    keys.sort(key=lambda k: (seen[k].number, k))
                    shown = " and ".join(k.rstrip("(") for k in keys)
                    self.report(seen[keys[1]], f"{shown} are one variable to {d.title}, which keeps "
                                               f"{d.significant} characters of a name ({short.rstrip('(')})")

    def check_usr(self, ln: Line, toks: list[Tok]) -> None:
        """``USR(ENTRY_..., args)`` with a literal entry address: the entry's argument count."""
        by_address = {v: k[len("ENTRY_"):] for k, v in self.constants.items() if k.startswith("ENTRY_")}
        for i, t in enumerate(toks):
            if t.is_kw("USR") and i + 2 < len(toks) and toks[i + 1].is_op("("):
                address = _number(toks[i + 2])
                if address not in by_address:
                    continue
                p = ExprParser(toks[i + 1:], self.dialect, Facts())
                given = len(p.arguments()) - 1
                entry = abi.entry(by_address[address])
                if given != len(entry.args):
                    self.report(ln, f"USR({address}) is the engine entry {entry.name}: it takes "
                                    f"{len(entry.args)} argument(s), {given} given")

    def dim_sizes(self, facts: list[Facts]) -> dict[str, list[int | None]]:
        sizes: dict[str, list[int | None]] = {}
        for f in facts:
            for name, array, dims in f.dims:
                sizes[var_key(name, array, self.dialect)] = dims
        return sizes

    def check_dims(self, stmts: list[Stmt], facts: list[Facts]) -> None:
        d = self.dialect
        sizes = self.dim_sizes(facts)
        for st, f in zip(stmts, facts):
            ln = self.program.lines[st.line]
            for name, length in f.literals:
                dims = sizes.get(var_key(name, False, d))
                if d.needs_dim and dims and dims[0] is not None and length > dims[0]:
                    self.report(ln, f"{self.name(name)} holds {dims[0]} characters (its DIM), the string "
                                    f"given has {length}: {d.title} keeps the first {dims[0]}")
            for use in f.reads + f.assigns:
                key = var_key(use.name, use.array, d)
                is_string = use.name.endswith("$") and d.name == "atari"
                if not (use.array or is_string):
                    continue
                dims = sizes.get(key)
                if dims is None and d.needs_dim:
                    self.report(ln, f"{self.name(use.name, use.array and not is_string)} is used but never "
                                    f"DIMensioned; {d.title} needs DIM {use.name}(size) first")
                    continue
                if dims is None:
                    dims = [d.undimmed_array_size] * max(1, len(use.indexes))
                for k, index in enumerate(use.indexes):
                    if index is None:
                        continue
                    limit = dims[0] if is_string else (dims[k] if k < len(dims) else None)
                    if limit is None:
                        continue
                    low = 1 if is_string else 0
                    if not low <= index <= limit:
                        what = "its DIM" if key in sizes else "an array without DIM"
                        self.report(ln, f"{self.name(use.name, use.array and not is_string)}: index {index:g} "
                                        f"is outside {low}..{limit}, the size of {what}")

    def check_flow(self, stmts: list[Stmt], facts: list[Facts], flows: list[Flow],
                   numbers: dict[int, int], first_stmt: dict[int, int]) -> None:
        """Reads before any assignment (and Atari strings and arrays before their DIM)."""
        d = self.dialect
        n = len(stmts)
        if not n:
            return
        line_count = len(self.program.lines)

        def line_start(i: int) -> int | None:      # first statement of the line at index i
            while i < line_count:
                if first_stmt[i] < n and stmts[first_stmt[i]].line == i:
                    return first_stmt[i]
                i += 1
            return None

        def at(number: int) -> int | None:
            return line_start(numbers[number]) if number in numbers else None

        succ: list[set[int]] = [set() for _ in range(n)]
        wild: set[int] = set()
        returns_to: list[int] = []
        any_computed = any(fl.computed for fl in flows)
        for k, (st, fl) in enumerate(zip(stmts, flows)):
            nxt = k + 1 if k + 1 < n else None
            next_line = line_start(st.line + 1)
            head = st.toks[0] if st.toks else None
            if head is not None and head.is_kw("IF"):
                if nxt is not None and stmts[nxt].line == st.line:
                    succ[k].add(nxt)            # THEN statements
                if next_line is not None:
                    succ[k].add(next_line)      # the condition is false
            elif fl.falls and nxt is not None:
                succ[k].add(nxt)
            for target in fl.jumps + fl.calls:
                if (s := at(target)) is not None:
                    succ[k].add(s)
            for target in fl.entries:
                if (s := at(target)) is not None:
                    wild.add(s)
            if fl.calls and nxt is not None:
                returns_to.append(nxt)
            if fl.next_var is not None:
                loop = next((j for j in range(k - 1, -1, -1) if flows[j].for_var is not None
                             and fl.next_var in ("", flows[j].for_var)), None)
                if loop is not None and loop + 1 < n:
                    succ[k].add(loop + 1)
        for k, fl in enumerate(flows):
            if fl.returns:
                succ[k].update(returns_to)
        if any_computed:
            wild.update(range(n))

        everything: set[str] = set()
        for f in facts:
            everything.update(self.defined(f))
        state: list[set[str] | None] = [None] * n
        state[0] = set()
        for w in wild:
            state[w] = set(everything)
        work = [0] + sorted(wild)
        while work:
            k = work.pop()
            out = state[k] | self.defined(facts[k])
            for s in succ[k]:
                if state[s] is None:
                    state[s] = set(out)
                    work.append(s)
                elif not out <= state[s]:
                    state[s] |= out
                    work.append(s)
        reported: set[tuple[int, str]] = set()
        dimmed = self.dim_sizes(facts)
        for k, (st, f) in enumerate(zip(stmts, facts)):
            if state[k] is None:
                continue
            ln = self.program.lines[st.line]
            for use, is_read in [(u, True) for u in f.reads] + [(u, False) for u in f.assigns]:
                key = var_key(use.name, use.array, d)
                atari_dim = d.needs_dim and (use.array or use.name.endswith("$"))
                if atari_dim:
                    if "DIM " + key not in state[k] and key in dimmed \
                            and (st.line, key) not in reported:
                        reported.add((st.line, key))
                        self.report(ln, f"{self.name(use.name, use.array and not use.name.endswith('$'))} is "
                                        f"used before its DIM on every path to here")
                    continue
                if not is_read or use.array:
                    continue
                if key not in state[k] and (st.line, key) not in reported:
                    reported.add((st.line, key))
                    self.report(ln, f"{self.name(use.name)} is read before any assignment on every path "
                                    f"to here")

    def defined(self, f: Facts) -> set[str]:
        out = {var_key(u.name, u.array, self.dialect) for u in f.assigns}
        out.update("DIM " + var_key(name, array, self.dialect) for name, array, _ in f.dims)
        return out


# --- entry points ------------------------------------------------------------------------

def check_program(program: Program, constants: dict[str, int] | None = None) -> list[Problem]:
    return Checker(program, constants).run()


def is_tokenized(path: Path) -> bool:
    """A program file as the machine saves it (Atari SAVE file, DOS 3.3 Applesoft file)."""
    data = Path(path).read_bytes()
    return b"\x00" in data or any(b > 0x7E for b in data)


def is_numbered(path: Path) -> bool:
    """A plain BASIC program (every line starts with its number), not a source file."""
    if is_tokenized(path):
        return True
    lines = [ln for ln in Path(path).read_text().splitlines() if ln.strip()]
    return bool(lines) and all(re.match(r"\s*\d+", ln) for ln in lines)


def read_numbered(path: Path, dialect: Dialect) -> Program:
    """A plain numbered program, as text or as the machine's program file (listed first);
    each line's origin is its line in the text (in the LIST of a program file)."""
    shown = display(path)
    if is_tokenized(path):
        from . import apple, atari
        data = Path(path).read_bytes()
        try:
            text = atari.detokenize(data) if dialect.name == "atari" else \
                apple.detokenize(apple.from_file_image(data), form="source")
        except BasicError as exc:
            raise SourceError([Problem(shown, 1, f"not a {dialect.title} program file: {exc}")]) from None
    else:
        text = Path(path).read_text()
    lines, problems, last = [], [], -1
    for i, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        m = re.match(r"\s*(\d+)\s?(.*)$", raw)
        if not m:
            problems.append(Problem(shown, i, "a line without its line number"))
            continue
        number = int(m.group(1))
        if number <= last:
            problems.append(Problem(shown, i, f"line {number} comes after line {last}: line numbers must rise"))
        last = max(last, number)
        lines.append(Line(number, m.group(2).rstrip(), Origin(shown, i), raw))
    if problems:
        raise SourceError(problems)
    return Program(Path(path).stem, dialect, lines, files=[shown])


def check_path(path: Path, dialect: Dialect, constants: dict[str, int]) -> tuple[Program | None, list[Problem]]:
    """Check a manifest (``.prog``), a source file or a plain numbered program for one dialect."""
    path = Path(path)
    if path.suffix != ".prog" and not is_numbered(path):
        users = programs_using(path, dialect)
        if users:                         # a source file is checked in the programs that hold it
            results = [check_path(m, dialect, constants) for m in users]
            problems = sorted({p for _, probs in results for p in probs}, key=lambda p: (p.file, p.line, p.message))
            return results[0][0], problems
    try:
        if path.suffix == ".prog":
            program = build_program(path, dialect, constants)
        elif is_numbered(path):
            program = read_numbered(path, dialect)
        else:
            program = build_from_files([path], dialect, constants, name=path.stem)
    except SourceError as exc:
        return None, exc.problems
    return program, check_program(program, constants)


def programs_using(path: Path, dialect: Dialect) -> list[Path]:
    """The manifests next to a source file's folder that put it in their program for ``dialect``."""
    path = Path(path).resolve()
    out = []
    for folder in (path.parent, path.parent.parent):
        for manifest in sorted(folder.glob("*.prog")):
            try:
                files = read_manifest(manifest, dialect)
            except SourceError:
                continue
            if any(f.resolve() == path for f, _ in files):
                out.append(manifest)
    return out


def dialect_of(path: Path) -> Dialect | None:
    """The dialect a path's folder names (``port/basic/atari/...``), if any."""
    for part in Path(path).parts:
        if part in DIALECTS:
            return DIALECTS[part]
    return None
