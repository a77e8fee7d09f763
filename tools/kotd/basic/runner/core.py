"""What Atari BASIC and Applesoft share: lines, a lexer, an expression compiler, the
control stack, variables, DATA, and the statement loop.

A program is read from its listing text (the detokenizer's output), one line at a
time, into Python closures: an expression becomes ``f(rt) -> value``, a statement
``f(rt) -> None``.  A dialect (``atari.py``, ``apple.py``) subclasses :class:`Runtime`
and gives its keyword tables, operator precedences, number format, statements,
functions, screen and error reports.

Values: numbers are ``int`` / ``Decimal`` (Atari) / ``float`` (Applesoft), see
``numbers.py``; strings are ``str`` whose characters are the machine's bytes
(``chr(0..255)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


class ProgramError(Exception):
    """An error the real interpreter reports; ``code`` is its number (Atari BASIC's
    error number, Applesoft's ONERR code)."""

    def __init__(self, code: int, detail: str = ""):
        super().__init__(code, detail)
        self.code = code
        self.detail = detail


class ScriptEnd(Exception):
    """The key script ran out while the program waited for input: a clean end."""

    def __init__(self, waiting_for: str):
        super().__init__(waiting_for)
        self.waiting_for = waiting_for


class ProgramEnd(Exception):
    """END, STOP, or the last line ran: ``how`` says which."""

    def __init__(self, how: str):
        super().__init__(how)
        self.how = how


class RunnerFault(Exception):
    """Something the runner does not model, or an engine fault: not a BASIC error."""


# ----------------------------------------------------------------------------------------
# Lexer
# ----------------------------------------------------------------------------------------
NUM_RE = re.compile(r"(\d+\.?\d*|\.\d+)(E[+-]?\d+)?")


@dataclass
class Tok:
    kind: str        # 'num', 'str', 'id', 'kw', 'op', 'raw' (rest of a REM/DATA), 'end'
    value: object
    text: str = ""


def string_token(text: str, i: int) -> tuple[Tok, int]:
    """The string constant whose opening quote is at ``text[i]``, and where the lexer goes
    on: a string with no closing quote runs to the end of the line, in both dialects."""
    j = text.find('"', i + 1)
    j = len(text) if j < 0 else j
    return Tok("str", text[i + 1:j], text[i:j + 1]), j + 1


@dataclass
class Line:
    number: int
    text: str
    statements: list = field(default_factory=list)     # compiled closures
    kinds: list = field(default_factory=list)          # statement keyword per closure
    data: list = field(default_factory=list)           # DATA items, in order


class Stmt:
    """A compiled statement: ``run(rt)``; ``kind`` the keyword (for DATA, FOR, ...)."""
    __slots__ = ("run", "kind", "data")

    def __init__(self, run, kind: str, data=None):
        self.run, self.kind, self.data = run, kind, data


# ----------------------------------------------------------------------------------------
# The parser: tokens -> closures
# ----------------------------------------------------------------------------------------
class Parser:
    def __init__(self, rt: "Runtime", toks: list[Tok], line_number: int):
        self.rt, self.toks, self.i, self.line_number = rt, toks, 0, line_number

    # --- token access --------------------------------------------------------------------
    def peek(self, offset: int = 0) -> Tok:
        j = self.i + offset
        return self.toks[j] if j < len(self.toks) else Tok("end", None)

    def next(self) -> Tok:
        t = self.peek()
        self.i += 1
        return t

    def at(self, kind: str, value=None) -> bool:
        t = self.peek()
        return t.kind == kind and (value is None or t.value == value)

    def at_op(self, *values) -> bool:
        t = self.peek()
        return t.kind == "op" and t.value in values

    def at_kw(self, *values) -> bool:
        t = self.peek()
        return t.kind == "kw" and t.value in values

    def accept_op(self, value) -> bool:
        if self.at_op(value):
            self.i += 1
            return True
        return False

    def accept_kw(self, value) -> bool:
        if self.at_kw(value):
            self.i += 1
            return True
        return False

    def expect_op(self, value) -> None:
        if not self.accept_op(value):
            raise self.syntax(f"{value!r} expected")

    def expect_kw(self, value) -> None:
        if not self.accept_kw(value):
            raise self.syntax(f"{value} expected")

    def comma_list(self, item) -> list:
        """``item, item, ...``: what ``item()`` reads each time."""
        items = [item()]
        while self.accept_op(","):
            items.append(item())
        return items

    def expect_id(self, problem: str = "variable expected") -> str:
        """The name here (a variable's, a function's); else a syntax error saying ``problem``."""
        t = self.next()
        if t.kind != "id":
            raise self.syntax(problem)
        return t.value

    def at_statement_end(self) -> bool:
        t = self.peek()
        return t.kind == "end" or (t.kind == "op" and t.value == ":")

    def syntax(self, detail: str) -> "SyntaxProblem":
        t = self.peek()
        return SyntaxProblem(f"{detail} at {t.text or t.value or 'end of line'!s}")

    # --- expressions -----------------------------------------------------------------------
    def expr(self, min_prec: int = 0):
        """Precedence climbing over the dialect's binary operator table."""
        rt = self.rt
        left, ltype = self.unary()
        while True:
            t = self.peek()
            if t.kind not in ("op", "kw"):
                break
            op = t.value
            entry = rt.BINARY.get(op)
            if entry is None:
                break
            prec = entry
            if prec < min_prec:
                break
            self.i += 1
            right_assoc = op == "^" and rt.POWER_RIGHT_ASSOC
            right, rtype = self.expr(prec if right_assoc else prec + 1)
            left, ltype = rt.make_binary(op, left, ltype, right, rtype, self)
        return left, ltype

    def unary(self):
        rt = self.rt
        t = self.peek()
        if t.kind == "op" and t.value in ("-", "+"):
            self.i += 1
            operand, otype = self.expr(rt.UNARY_MINUS_PREC)
            if otype != "num":
                raise TypeMismatchProblem()
            if t.value == "+":
                return operand, "num"
            neg = rt.num_neg
            return (lambda r, f=operand: neg(f(r))), "num"
        if t.kind == "kw" and t.value == "NOT":
            self.i += 1
            operand, otype = self.expr(rt.NOT_PREC)
            if otype != "num":
                raise TypeMismatchProblem()
            return (lambda r, f=operand: 0 if f(r) else 1), "num"
        return self.primary()

    def primary(self):
        rt = self.rt
        t = self.next()
        if t.kind == "num":
            v = t.value
            return (lambda r: v), "num"
        if t.kind == "str":
            v = rt.string_literal(t.value)
            return (lambda r: v), "str"
        if t.kind == "op" and t.value == "(":
            f, ty = self.expr()
            self.expect_op(")")
            return f, ty
        if t.kind == "kw":
            fn = rt.FUNCTIONS.get(t.value)
            if fn is not None:
                return fn(self)
        if t.kind == "id":
            return rt.compile_variable_read(self, t.value)
        self.i -= 1
        raise self.syntax("expression expected")

    def num_expr(self):
        f, ty = self.expr()
        if ty != "num":
            raise TypeMismatchProblem()
        return f

    def str_expr(self):
        f, ty = self.expr()
        if ty != "str":
            raise TypeMismatchProblem()
        return f

    def typed_args(self, *types: str) -> list:
        """``( e, ... )`` with one argument of each type in ``types`` ('num', 'str'); their
        closures."""
        args = self.args(len(types), len(types))
        for (_, ty), want in zip(args, types):
            if ty != want:
                raise TypeMismatchProblem()
        return [f for f, _ in args]

    def args(self, count_min: int, count_max: int | None = None):
        """``( e, e, ... )`` after a function name; a list of (closure, type)."""
        self.expect_op("(")
        out = [self.expr()]
        while self.accept_op(","):
            out.append(self.expr())
        self.expect_op(")")
        if len(out) < count_min or (count_max is not None and len(out) > count_max):
            raise self.syntax("wrong number of arguments")
        return out


class SyntaxProblem(Exception):
    """A line the parser cannot read: reported as the dialect's syntax error when run."""


class TypeMismatchProblem(SyntaxProblem):
    def __init__(self):
        super().__init__("type mismatch")


# ----------------------------------------------------------------------------------------
# Control stack frames
# ----------------------------------------------------------------------------------------
class ForFrame:
    __slots__ = ("var", "limit", "step", "resume", "line")

    def __init__(self, var, limit, step, resume, line):
        self.var, self.limit, self.step, self.resume, self.line = var, limit, step, resume, line


class GosubFrame:
    __slots__ = ("resume", "line")

    def __init__(self, resume, line):
        self.resume, self.line = resume, line


class ControlStack(list):
    """The FOR/GOSUB frames, keeping the bytes they take on the machine (``frame_bytes``
    gives a frame's size).  Frames come and go at the top only: append, pop, ``del
    stack[k:]`` and clear are the changes made to it."""

    def __init__(self, frame_bytes):
        super().__init__()
        self.frame_bytes = frame_bytes
        self.totals = [0]                   # totals[k]: the bytes of the first k frames

    @property
    def bytes(self) -> int:
        return self.totals[-1]

    def append(self, frame) -> None:
        super().append(frame)
        self.totals.append(self.totals[-1] + self.frame_bytes(frame))

    def pop(self, index: int = -1):
        if index != -1:
            raise ValueError("frames leave from the top")
        self.totals.pop()
        return super().pop()

    def __delitem__(self, key) -> None:
        if not (isinstance(key, slice) and key.stop is None and key.step is None):
            raise ValueError("frames leave from the top")
        start = key.start or 0
        super().__delitem__(key)
        del self.totals[start + 1:]

    def clear(self) -> None:
        super().clear()
        self.totals = [0]


# ----------------------------------------------------------------------------------------
# The runtime
# ----------------------------------------------------------------------------------------
class Runtime:
    """The statement loop and state shared by both dialects (subclassed per dialect)."""

    DIALECT = ""
    BINARY: dict = {}
    UNARY_MINUS_PREC = 0
    NOT_PREC = 0
    POWER_RIGHT_ASSOC = False
    FUNCTIONS: dict = {}
    STATEMENTS: dict = {}

    def string_literal(self, text: str) -> str:
        """The value of a string constant in the program (Applesoft marks it: its strings
        stay in the program text, FRE does not count them)."""
        return text

    def __init__(self, machine=None, keys=None, trace: bool = False, line_map=None):
        self.machine = machine            # kotd.emu.EngineMachine (its Cpu memory is the RAM)
        self.keys = keys
        self.tracing = trace
        self.trace_lines: list[int] = []
        self.line_map = line_map or {}
        self.lines: list[Line] = []
        self.index: dict[int, int] = {}
        self.scalars: dict[str, object] = {}
        self.arrays: dict[str, tuple] = {}
        self.stack = ControlStack(lambda f: self.FOR_BYTES if isinstance(f, ForFrame) else self.GOSUB_BYTES)
        self.pc = (0, 0)
        self.next_pc = (0, 0)
        self.current_line = None          # the line number running, or None
        self.data_pos = (0, 0)
        self.statements_run = 0
        self.lines_run = 0
        self.end_how = None
        self.reported_error = None
        self.rng = 0xACE1

    # --- numbers (the dialect binds these) -----------------------------------------------
    num_add = num_sub = num_mul = num_div = num_pow = None

    @staticmethod
    def num_neg(x):
        return -x

    @staticmethod
    def stored_number(x):
        """A number as a variable holds it (Applesoft rounds its 40-bit FAC to 32 bits)."""
        return x

    def next_random(self) -> int:
        """A 16-bit Galois LFSR: the runner's one seeded random source (RND; Atari RANDOM)."""
        s = self.rng
        s = (s >> 1) ^ (0xB400 if s & 1 else 0)
        self.rng = s
        return s

    # --- loading -------------------------------------------------------------------------
    def load_text(self, text: str) -> None:
        """A listing: ``NUMBER statements`` per line (blank lines ignored)."""
        raw = {}
        for n, row in enumerate(text.splitlines(), 1):
            row = row.rstrip("\r\n")
            if not row.strip():
                continue
            m = re.match(r"\s*(\d+)\s?(.*)$", row)
            if not m:
                raise RunnerFault(f"listing line {n}: no line number: {row!r}")
            number = int(m.group(1))
            raw[number] = m.group(2)
        self.lines = [Line(number, raw[number]) for number in sorted(raw)]
        self.index = {ln.number: i for i, ln in enumerate(self.lines)}
        for ln in self.lines:
            self.compile_line(ln)

    def compile_line(self, ln: Line) -> None:
        """Split a line into statements and compile them; a line that does not read
        becomes a statement that raises the dialect's syntax error when reached."""
        try:
            toks = self.lex(ln.text)
            p = Parser(self, toks, ln.number)
            while True:
                while p.accept_op(":"):
                    pass
                if p.at("end"):
                    break
                stmt = self.compile_statement(p)
                ln.statements.append(stmt)
                if stmt.kind == "DATA":
                    ln.data.extend(stmt.data)
                if p.at("end"):
                    break
                if not p.accept_op(":"):
                    if stmt.kind in self.THEN_CHAINS:
                        continue
                    raise p.syntax("end of statement expected")
        except SyntaxProblem as exc:
            problem = exc
            mismatch = isinstance(exc, TypeMismatchProblem)

            def fail(rt, problem=problem, mismatch=mismatch):
                raise rt.syntax_error(str(problem), mismatch)
            ln.statements.append(Stmt(fail, "ERROR"))

    THEN_CHAINS = ("IF",)

    def compile_let(self, p: Parser) -> Stmt:
        """``[LET] target = expression``, of one type."""
        setter, ty = self.compile_target(p)
        p.expect_op("=")
        f, ety = p.expr()
        if ety != ty:
            raise TypeMismatchProblem()
        return Stmt(lambda r: setter(r, f(r)), "LET")

    def compile_targets(self, p: Parser) -> list:
        """READ's and INPUT's ``target, target, ...``: a list of (setter, type)."""
        return p.comma_list(lambda: self.compile_target(p))

    def compile_statement(self, p: Parser) -> Stmt:
        t = p.peek()
        if t.kind == "kw" and t.value in self.STATEMENTS:
            p.next()
            return self.STATEMENTS[t.value](self, p)
        if t.kind == "id":
            return self.compile_let(p)
        raise p.syntax("statement expected")

    # --- operators -----------------------------------------------------------------------
    def make_binary(self, op, left, ltype, right, rtype, p):
        """A binary operator on two compiled operands, ``(f, type)``: both of one type;
        AND and OR on numbers give 1 or 0 in both dialects; the rest is the dialect's
        make_operator."""
        if ltype != rtype:
            raise TypeMismatchProblem()
        if op in ("AND", "OR"):
            if ltype != "num":
                raise TypeMismatchProblem()
            if op == "AND":
                return (lambda r: 1 if left(r) and right(r) else 0), "num"
            return (lambda r: 1 if left(r) or right(r) else 0), "num"
        return self.make_operator(op, left, right, ltype, p)

    def make_operator(self, op, left, right, ltype, p):
        raise NotImplementedError

    # --- running -------------------------------------------------------------------------
    def run(self, max_statements: int | None = None) -> str:
        """Run from the first line until END/STOP, the end of the program, an error, or
        the key script running out; returns how it ended."""
        self.pc = (0, 0)
        lines = self.lines
        budget = max_statements
        while True:
            li, si = self.pc
            if li >= len(lines):
                self.end_how = "end of program"
                return self.end_how
            ln = lines[li]
            stmts = ln.statements
            if si >= len(stmts):
                self.pc = (li + 1, 0)
                continue
            if si == 0:
                self.lines_run += 1
                if self.tracing:
                    self.trace_lines.append(ln.number)
            self.current_line = ln.number
            self.next_pc = (li, si + 1)
            try:
                stmts[si].run(self)
            except ProgramError as exc:
                if not self.handle_error(exc):
                    self.reported_error = exc
                    self.end_how = "error"
                    return self.end_how
            except ProgramEnd as end:
                self.end_how = end.how
                return self.end_how
            except ScriptEnd as end:
                self.end_how = f"key script ended: {end.waiting_for} at line {ln.number}"
                return self.end_how
            self.statements_run += 1
            self.pc = self.next_pc
            if budget is not None:
                budget -= 1
                if budget <= 0:
                    self.end_how = f"stopped after {max_statements} statements at line {ln.number}"
                    return self.end_how

    def handle_error(self, exc: ProgramError) -> bool:
        """TRAP / ONERR GOTO: True if the program takes the error itself."""
        return False

    # the dialect's error codes for what the statement loop itself raises
    LINE_NOT_FOUND = NEXT_WITHOUT_FOR = RETURN_WITHOUT_GOSUB = OUT_OF_DATA = None
    STOP_TEXT = ""              # what STOP shows, formatted with ``line``
    VALUE_ERROR = None          # Applesoft's ILLEGAL QUANTITY, Atari BASIC's value error

    # --- control flow --------------------------------------------------------------------
    def goto(self, number: int) -> None:
        i = self.index.get(number)
        if i is None:
            raise ProgramError(self.LINE_NOT_FOUND)
        self.next_pc = (i, 0)

    def line_arg(self, p: Parser):
        """The line number after GOTO, GOSUB, ON, THEN, as a closure ``f(rt) -> number``
        (Atari BASIC takes an expression, Applesoft a constant)."""
        raise NotImplementedError

    def skip_line(self) -> None:
        self.next_pc = (self.pc[0] + 1, 0)

    # the bytes a frame takes where the interpreter keeps its stack, and the room there
    FOR_BYTES = GOSUB_BYTES = 0

    def stack_room(self, frame_bytes: int) -> None:
        """Raise the dialect's out-of-memory error if a frame of this size does not fit."""

    def stack_bytes(self) -> int:
        return self.stack.bytes

    def push_for(self, var, limit, step) -> None:
        # a FOR on a variable already looping replaces that loop (and those inside it)
        for k in range(len(self.stack) - 1, -1, -1):
            f = self.stack[k]
            if isinstance(f, ForFrame) and f.var == var:
                del self.stack[k:]
                break
            if isinstance(f, GosubFrame):
                break
        self.stack_room(self.FOR_BYTES)
        self.stack.append(ForFrame(var, limit, step, self.next_pc, self.current_line))

    def do_next(self, var: str | None) -> None:
        stack = self.stack
        while stack:
            f = stack[-1]
            if isinstance(f, GosubFrame):
                break
            if var is None or f.var == var:
                value = self.num_add(self.get_scalar(f.var), f.step)
                self.scalars[f.var] = value
                if (f.step >= 0 and value > f.limit) or (f.step < 0 and value < f.limit):
                    stack.pop()
                else:
                    self.next_pc = f.resume
                return
            stack.pop()
        raise ProgramError(self.NEXT_WITHOUT_FOR)

    def do_gosub(self, number: int) -> None:
        resume = self.next_pc
        self.goto(number)
        self.stack_room(self.GOSUB_BYTES)
        self.stack.append(GosubFrame(resume, self.current_line))

    def do_return(self) -> None:
        while self.stack:
            f = self.stack.pop()
            if isinstance(f, GosubFrame):
                self.next_pc = f.resume
                return
        raise ProgramError(self.RETURN_WITHOUT_GOSUB)

    # --- input -------------------------------------------------------------------------
    def edit_line(self, enter: int, delete: int, echo=None) -> str:
        """A line typed from the key script up to the dialect's ``enter`` key; ``delete``
        takes back the last character.  ``echo(key)`` shows each key taken, enter and
        delete too (None: nothing shown)."""
        out = []
        while True:
            k = self.read_key(f"INPUT at line {self.current_line}")
            if k == enter:
                if echo:
                    echo(k)
                return "".join(out)
            if k == delete:
                if out:
                    out.pop()
                    if echo:
                        echo(k)
                continue
            out.append(chr(k))
            if echo:
                echo(k)

    # --- variables -----------------------------------------------------------------------
    def get_scalar(self, name: str):
        return self.scalars.get(name, 0)

    def clear_variables(self) -> None:
        """CLEAR / CLR: no variables, no arrays, no FOR or GOSUB."""
        self.scalars.clear()
        self.arrays.clear()
        self.stack.clear()

    def make_array(self, name: str, sizes: list[int], fill):
        """A new array: ``sizes`` the highest subscript of each dimension, the cells in
        row-major order, each ``fill``."""
        count = 1
        for v in sizes:
            count *= v + 1
        arr = (tuple(sizes), [fill] * count)
        self.arrays[name] = arr
        return arr

    # --- DATA ----------------------------------------------------------------------------
    def restore(self, number: int | None = None) -> None:
        if number is None:
            self.data_pos = (0, 0)
            return
        i = 0
        while i < len(self.lines) and self.lines[i].number < number:
            i += 1
        self.data_pos = (i, 0)

    def next_data(self) -> str:
        li, k = self.data_pos
        while li < len(self.lines):
            items = self.lines[li].data
            if k < len(items):
                self.data_pos = (li, k + 1)
                self.data_line = self.lines[li].number
                return items[k]
            li, k = li + 1, 0
        self.data_pos = (li, 0)
        raise ProgramError(self.OUT_OF_DATA)

    # --- reports ----------------------------------------------------------------------------
    def source_of(self, number: int | None) -> str:
        if number is None:
            return ""
        where = self.line_map.get(number)
        return f" ({where})" if where else ""


# ----------------------------------------------------------------------------------------
# Statements both dialects state alike
# ----------------------------------------------------------------------------------------
def st_rem(rt, p):
    p.next()
    return Stmt(lambda r: None, "REM")


def st_let(rt, p):
    return rt.compile_let(p)


def st_return(rt, p):
    return Stmt(lambda r: r.do_return(), "RETURN")


def st_end(rt, p):
    def run(r):
        raise ProgramEnd("END")
    return Stmt(run, "END")


def st_stop(rt, p):
    def run(r):
        r.out_text(r.STOP_TEXT.format(line=r.current_line))
        raise ProgramEnd(f"STOP at line {r.current_line}")
    return Stmt(run, "STOP")


def st_goto(rt, p):
    target = rt.line_arg(p)
    return Stmt(lambda r: r.goto(target(r)), "GOTO")


def st_gosub(rt, p):
    target = rt.line_arg(p)
    return Stmt(lambda r: r.do_gosub(target(r)), "GOSUB")


def st_on(rt, p):
    """ON n GOTO/GOSUB a, b, ...: an n outside 1..the count of lines runs on (outside
    0..255 is the dialect's value error)."""
    sel = p.num_expr()
    if p.accept_kw("GOTO"):
        gosub = False
    elif p.accept_kw("GOSUB"):
        gosub = True
    else:
        raise p.syntax("GOTO or GOSUB expected")
    targets = p.comma_list(lambda: rt.line_arg(p))

    def run(r):
        k = r.to_int(sel(r), 0, 255)
        if 1 <= k <= len(targets):
            line = targets[k - 1](r)
            if gosub:
                r.do_gosub(line)
            else:
                r.goto(line)
    return Stmt(run, "ON")


def st_for(rt, p):
    """FOR v = start TO limit [STEP step]: start, limit and step kept as the variable
    holds a number (``rt.stored_number``)."""
    setter, ty = rt.compile_target(p)
    name = getattr(setter, "var_name", None)
    if name is None or ty != "num" or name.endswith("%"):     # Atari BASIC has no "%" names
        raise p.syntax("FOR needs a real variable")
    p.expect_op("=")
    start = p.num_expr()
    p.expect_kw("TO")
    limit = p.num_expr()
    step = p.num_expr() if p.accept_kw("STEP") else (lambda r: 1)
    store = rt.stored_number

    def run(r):
        r.scalars[name] = store(start(r))
        r.push_for(name, store(limit(r)), store(step(r)))
    return Stmt(run, "FOR")


def st_poke(rt, p):
    a = p.num_expr()
    p.expect_op(",")
    v = p.num_expr()
    return Stmt(lambda r: r.poke(r.to_address(a(r)), r.to_int(v(r), 0, 255)), "POKE")


SHARED_STATEMENTS = {"REM": st_rem, "LET": st_let, "RETURN": st_return, "END": st_end, "STOP": st_stop,
                     "GOTO": st_goto, "GOSUB": st_gosub, "ON": st_on, "FOR": st_for, "POKE": st_poke}


def print_items(p, column_functions=()) -> list:
    """PRINT's list as (kind, closure): kind 'num' or 'str' for a value, ',' or ';' (no
    closure), or one of ``column_functions`` (Applesoft's TAB( and SPC(), its number)."""
    items = []
    while not p.at_statement_end():
        if p.accept_op(";"):
            items.append((";", None))
        elif p.accept_op(","):
            items.append((",", None))
        elif p.at_kw(*column_functions):
            kind = p.next().value
            f = p.num_expr()
            p.expect_op(")")
            items.append((kind, f))
        else:
            f, ty = p.expr()
            items.append((ty, f))
    return items


def registrar(table: dict):
    """A decorator ``@register(NAME, ...)`` that enters a compile function in ``table``."""
    def register(*names):
        def wrap(fn):
            for name in names:
                table[name] = fn
            return fn
        return wrap
    return register


# ----------------------------------------------------------------------------------------
# Functions both dialects state alike
# ----------------------------------------------------------------------------------------
def num_function(fn, result="num"):
    """A function of one number: ``fn(rt, value)`` gives a ``result``."""
    def compile(p):
        f, = p.typed_args("num")
        return (lambda r: fn(r, f(r))), result
    return compile


def str_function(fn, result="num"):
    """A function of one string: ``fn(rt, value)`` gives a ``result``."""
    def compile(p):
        f, = p.typed_args("str")
        return (lambda r: fn(r, f(r))), result
    return compile


def float_function(fn):
    """A function of one number worked in host floats, ``fn(rt, x)``: a domain or range
    error is the dialect's value error; the result in the dialect's numbers."""
    def run(r, x):
        try:
            return r.from_float(fn(r, float(x)))
        except (ValueError, OverflowError):
            raise ProgramError(r.VALUE_ERROR) from None
    return num_function(run)


def _asc(r, s):
    if not s:
        raise ProgramError(r.VALUE_ERROR)
    return ord(s[0])


SHARED_FUNCTIONS = {
    "SGN": num_function(lambda r, x: (x > 0) - (x < 0)),
    "ABS": num_function(lambda r, x: abs(x)),
    "PEEK": num_function(lambda r, x: r.peek(r.to_address(x))),
    "STR$": num_function(lambda r, x: r.format_number(x), "str"),
    "LEN": str_function(lambda r, s: len(s)),
    "ASC": str_function(_asc),
}


def if_statement(cond, target=None) -> Stmt:
    """IF at run time in both dialects: a false condition skips the rest of the line; a
    true one goes to ``target(r)`` (a line number after THEN or GOTO) or runs on."""
    if target is not None:
        def run_goto(r):
            if cond(r):
                r.goto(target(r))
            else:
                r.skip_line()
        return Stmt(run_goto, "IF")

    def run(r):
        if not cond(r):
            r.skip_line()
    return Stmt(run, "IF")


def unmodelled(name):
    """A statement the runner parses over but does not run: a RunnerFault when reached."""
    def compile(rt, p):
        while not p.at_statement_end():
            p.next()

        def run(r):
            raise RunnerFault(f"{name} at line {r.current_line}: not modelled by the runner")
        return Stmt(run, name)
    return compile
