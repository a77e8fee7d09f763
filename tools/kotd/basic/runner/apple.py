"""Applesoft BASIC: its statements, functions, numbers, strings, devices and errors.

Numbers are the ROM's 5-byte binary floats (numbers.py); ``A%`` are 16-bit integers
(assignment floors, as the ROM's AYINT).  Names count by their first two characters.
The text screen and HGR page 1 live in the engine machine's memory (screens.py); the
keyboard is $C000/$C010 and GET/INPUT, fed by the key script.  Errors are the ROM's
messages (``?SYNTAX ERROR IN 10``) and ONERR codes, taken by ``ONERR GOTO``.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from . import applesoft_fp as FP
from . import numbers as N
from . import core
from .core import (NUM_RE, SHARED_FUNCTIONS, SHARED_STATEMENTS, ProgramError, Parser, Runtime, RunnerFault, Stmt,
                   SyntaxProblem, Tok, TypeMismatchProblem, float_function, if_statement, num_function, print_items,
                   registrar, str_function, string_token, unmodelled)
from .screens import CH, CV, INVFLG, AppleScreen

# the ROM's keyword table, in its order (the cruncher takes the first that matches)
KEYWORDS = (
    "END", "FOR", "NEXT", "DATA", "INPUT", "DEL", "DIM", "READ", "GR", "TEXT", "PR#", "IN#", "CALL",
    "PLOT", "HLIN", "VLIN", "HGR2", "HGR", "HCOLOR=", "HPLOT", "DRAW", "XDRAW", "HTAB", "HOME", "ROT=",
    "SCALE=", "SHLOAD", "TRACE", "NOTRACE", "NORMAL", "INVERSE", "FLASH", "COLOR=", "POP", "VTAB",
    "HIMEM:", "LOMEM:", "ONERR", "RESUME", "RECALL", "STORE", "SPEED=", "LET", "GOTO", "RUN", "IF",
    "RESTORE", "&", "GOSUB", "RETURN", "REM", "STOP", "ON", "WAIT", "LOAD", "SAVE", "DEF", "POKE",
    "PRINT", "CONT", "LIST", "CLEAR", "GET", "NEW", "TAB(", "TO", "FN", "SPC(", "THEN", "AT", "NOT",
    "STEP", "+", "-", "*", "/", "^", "AND", "OR", ">", "=", "<", "SGN", "INT", "ABS", "USR", "FRE",
    "SCRN(", "PDL", "POS", "SQR", "RND", "LOG", "EXP", "COS", "SIN", "TAN", "ATN", "PEEK", "LEN",
    "STR$", "VAL", "ASC", "CHR$", "LEFT$", "RIGHT$", "MID$")
WORD_KEYWORDS = tuple(k for k in KEYWORDS if k[0].isalpha() or k in ("&", "PR#", "IN#"))

ERRORS = {  # ONERR code: message
    0: "NEXT WITHOUT FOR", 16: "SYNTAX", 22: "RETURN WITHOUT GOSUB", 42: "OUT OF DATA",
    53: "ILLEGAL QUANTITY", 69: "OVERFLOW", 77: "OUT OF MEMORY", 90: "UNDEF'D STATEMENT",
    107: "BAD SUBSCRIPT", 120: "REDIM'D ARRAY", 133: "DIVISION BY ZERO", 163: "TYPE MISMATCH",
    176: "STRING TOO LONG", 191: "FORMULA TOO COMPLEX", 224: "UNDEF'D FUNCTION", 254: "BAD RESPONSE TO INPUT",
    255: "BREAK",
}
E_NEXT, E_SYNTAX, E_RETURN, E_DATA, E_QTY, E_OVERFLOW = 0, 16, 22, 42, 53, 69
E_UNDEF, E_SUBSCRIPT, E_REDIM, E_DIV0, E_TYPE, E_LONG = 90, 107, 120, 133, 163, 176
E_MEMORY = 77

KBD, KBDSTRB = 0xC000, 0xC010
ERRFLG, ERRNUM, ERRLIN = 0xD8, 0xDE, 0xDA
PREC = {"OR": 1, "AND": 2, "<": 4, ">": 4, "=": 4, "<=": 4, ">=": 4, "<>": 4, "+": 5, "-": 5,
        "*": 6, "/": 6, "^": 7}

# monitor routines a front end CALLs, modelled by address
MONITOR_HOME, MONITOR_CLREOP, MONITOR_CLREOL, MONITOR_BELL, MONITOR_BELL1 = 0xFC58, 0xFC42, 0xFC9C, 0xFF3A, 0xFBDD


class ProgramString(str):
    """A string whose characters Applesoft keeps in the program text (a literal, or a
    copy of one): it takes no string space."""


def script_key_to_apple(code: int) -> int:
    return {0x1C0: 0x0B, 0x1C1: 0x0A, 0x1C2: 0x08, 0x1C3: 0x15, 127: 0x7F}.get(code, code & 0x7F)


class AppleRuntime(Runtime):
    DIALECT = "apple"
    BINARY = PREC
    UNARY_MINUS_PREC = 8          # -2^2 is 4 and NOT 0+1 is 2: both bind to the next operand
    NOT_PREC = 8
    POWER_RIGHT_ASSOC = False
    STATEMENTS: dict = {}
    FUNCTIONS: dict = {}

    # Applesoft keeps FOR and GOSUB on the 6502 stack: ?OUT OF MEMORY when a GOSUB would
    # take it past 122 bytes or a FOR past 131 (fitted on an emulated //e: 24 GOSUBs
    # nest, or 10 FORs, or 21 GOSUBs in one FOR, 9 FORs in one or two GOSUBs ...)
    GOSUB_BYTES, FOR_BYTES = 5, 13
    GOSUB_ROOM, FOR_ROOM = 122, 131

    @staticmethod
    def num_add(a, b):
        """NEXT: the variable plus the step, stored rounded."""
        return FP.round32(FP.add(a, b))

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.ram = self.machine.cpu.memory if self.machine is not None else _plain_memory()
        self.screen = AppleScreen(self.ram)
        self.onerr_line = None
        self.error_pc = None
        self.last_rnd = 0
        self.functions: dict[str, tuple] = {}

    # --- numbers ---------------------------------------------------------------------------
    stored_number = staticmethod(FP.round32)      # a variable holds 32 bits: the FAC is rounded

    def to_int(self, x, low: int = 0, high: int = 255) -> int:
        """To an integer the ROM's way (floor); outside low..high is ?ILLEGAL QUANTITY."""
        v = math.floor(x)
        if not low <= v <= high:
            raise ProgramError(E_QTY)
        return v

    def stack_room(self, frame_bytes: int) -> None:
        room = self.GOSUB_ROOM if frame_bytes == self.GOSUB_BYTES else self.FOR_ROOM
        if self.stack_bytes() + frame_bytes > room:
            raise ProgramError(E_MEMORY)

    def to_address(self, x) -> int:
        """GETADR: -65535..65535, a negative address counting back from 65536."""
        v = int(x)
        if not -65535 <= v <= 65535:
            raise ProgramError(E_QTY)
        return v & 0xFFFF

    def from_float(self, f: float):
        try:
            return N.apple_norm(f)
        except N.NumberOverflow:
            raise ProgramError(E_OVERFLOW) from None

    def arith(self, op, a, b):
        try:
            if type(a) is int and type(b) is int:           # whole numbers below 2^32: exact
                r = a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else None
                if op == "/" and b and a % b == 0:
                    r = a // b
                if r is not None and -0xFFFFFFFF <= r <= 0xFFFFFFFF:
                    return r
            if op == "+":
                return FP.add(a, b)
            if op == "-":
                return FP.sub(a, b)
            if op == "*":
                return FP.mul(a, b)
            if op == "/":
                return FP.div(a, b)
            return self.num_pow(FP.round32(a), b)
        except N.NumberOverflow:
            raise ProgramError(E_OVERFLOW) from None
        except N.DivisionByZero:
            raise ProgramError(E_DIV0) from None

    def num_pow(self, a, b):
        if isinstance(b, int) and 0 <= b <= 64:
            r = 1
            for _ in range(b):
                r = N.apple_mul(r, a)
            return r
        if a < 0:
            raise ProgramError(E_QTY)
        if not a:
            if b < 0:
                raise ProgramError(E_DIV0)
            return 0
        return self.from_float(math.exp(float(b) * math.log(float(a))))

    def format_number(self, x) -> str:
        return FP.fout(x)

    # --- lexing ----------------------------------------------------------------------------
    def _match_keyword(self, text: str, i: int):
        """The keyword starting at i (spaces inside it skipped), as the cruncher finds it."""
        for kw in KEYWORDS:
            j, k = i, 0
            while k < len(kw) and j < len(text):
                if text[j] == " ":
                    j += 1
                    continue
                if text[j] != kw[k]:
                    break
                j += 1
                k += 1
            if k == len(kw):
                if kw == "AT":
                    nxt = text[j:].lstrip(" ")[:1]
                    if nxt == "N":
                        return "ATN", text.index("N", j) + 1
                    if nxt == "O":
                        continue           # "A TO": the A is a variable
                return kw, j
        return None, i

    def lex(self, text: str) -> list[Tok]:
        toks: list[Tok] = []
        i, n = 0, len(text)
        while i < n:
            c = text[i]
            if c == " ":
                i += 1
                continue
            if c == '"':
                tok, i = string_token(text, i)
                toks.append(tok)
                continue
            if c.isdigit() or c == ".":
                m = NUM_RE.match(text, i)
                if m and m.group(0) != ".":
                    toks.append(Tok("num", FP.fin(m.group(0)), m.group(0)))
                    i = m.end()
                    continue
            if c == "?":
                toks.append(Tok("kw", "PRINT", "?"))
                i += 1
                continue
            kw, j = self._match_keyword(text, i)
            if kw is not None:
                if kw in PREC or kw in ("+", "-", "*", "/", "^", ">", "=", "<"):
                    # operators: two-character relations
                    if kw in ("<", ">", "="):
                        rest = text[j:].lstrip(" ")[:1]
                        pair = kw + rest
                        if pair in ("<=", "=<"):
                            toks.append(Tok("op", "<=", pair))
                            i = text.index(rest, j) + 1
                            continue
                        if pair in (">=", "=>"):
                            toks.append(Tok("op", ">=", pair))
                            i = text.index(rest, j) + 1
                            continue
                        if pair in ("<>", "><"):
                            toks.append(Tok("op", "<>", pair))
                            i = text.index(rest, j) + 1
                            continue
                    toks.append(Tok("kw" if kw in ("AND", "OR") else "op", kw, kw))
                    i = j
                    continue
                toks.append(Tok("kw", kw, kw))
                i = j
                if kw == "REM":
                    toks.append(Tok("raw", text[i:]))
                    i = n
                elif kw == "DATA":
                    k, quoted = i, False
                    while k < n and (quoted or text[k] != ":"):
                        if text[k] == '"':
                            quoted = not quoted
                        k += 1
                    toks.append(Tok("raw", text[i:k]))
                    i = k
                continue
            if c.isalpha():
                j = i + 1
                while j < n and (text[j].isalnum() or text[j] == " "):
                    if text[j] != " " and self._match_keyword(text, j)[0] is not None:
                        break
                    j += 1
                word = text[i:j].replace(" ", "")
                if j < n and text[j] in "$%":
                    word += text[j]
                    j += 1
                toks.append(Tok("id", self.var_name(word), word))
                i = j
                continue
            if c in "(),;:":
                toks.append(Tok("op", c, c))
                i += 1
                continue
            raise SyntaxProblem(f"character {c!r}")
        return toks

    @staticmethod
    def var_name(word: str) -> str:
        suffix = word[-1] if word[-1] in "$%" else ""
        base = word[:-1] if suffix else word
        return base[:2] + suffix

    # --- errors ----------------------------------------------------------------------------
    def syntax_error(self, detail: str, mismatch: bool = False) -> ProgramError:
        return ProgramError(E_TYPE if mismatch else E_SYNTAX, detail)

    LINE_NOT_FOUND, NEXT_WITHOUT_FOR, RETURN_WITHOUT_GOSUB, OUT_OF_DATA = E_UNDEF, E_NEXT, E_RETURN, E_DATA
    STOP_TEXT = "\rBREAK IN {line}\r"
    VALUE_ERROR = E_QTY

    def handle_error(self, exc: ProgramError) -> bool:
        line = self.current_line or 0
        self._poke(ERRNUM, exc.code)
        self._poke(ERRLIN, line & 0xFF)
        self._poke(ERRLIN + 1, line >> 8)
        if self.onerr_line is not None:
            self.error_pc = self.pc
            self.goto(self.onerr_line)
            return True
        self.out_text(f"\r?{ERRORS.get(exc.code, 'UNKNOWN')} ERROR IN {line}\r")
        return False

    def error_report(self, exc: ProgramError) -> str:
        return f"?{ERRORS.get(exc.code, 'UNKNOWN')} ERROR IN {self.current_line}" + self.source_of(self.current_line)

    # --- output / input --------------------------------------------------------------------
    def out_text(self, s: str) -> None:
        put = self.screen.put
        for ch in s:
            put(ord(ch))

    def read_key(self, what: str) -> int:
        return script_key_to_apple(self.keys.wait_key(what))

    def read_line(self) -> str:
        return self.edit_line(13, 8, self.screen.put)

    # --- memory ----------------------------------------------------------------------------
    def _poke(self, addr: int, value: int) -> None:
        list.__setitem__(self.ram, addr, value & 0xFF)

    def peek(self, addr: int) -> int:
        if addr == KBD:
            k = self.keys.pending_key("the keyboard ($C000)") if self.keys else None
            if k is None:
                return self.ram[KBD] & 0x7F
            self._poke(KBD, script_key_to_apple(k))
            return script_key_to_apple(k) | 0x80
        if addr == KBDSTRB:
            if self.keys:
                self.keys.take_key()
            return 0
        if 0xC000 <= addr <= 0xC0FF:
            return 0
        return self.ram[addr]

    def poke(self, addr: int, value: int) -> None:
        if addr == KBDSTRB:
            if self.keys:
                self.keys.take_key()
            return
        if 0xC000 <= addr <= 0xC0FF:
            return
        self._poke(addr, value)

    def call(self, addr: int) -> None:
        s = self.screen
        if addr == MONITOR_HOME:
            s.home()
        elif addr == MONITOR_CLREOP:
            s.clear_to_eop()
        elif addr == MONITOR_CLREOL:
            s.clear_to_eol(self.ram[CV], self.ram[CH])
        elif addr in (MONITOR_BELL, MONITOR_BELL1):
            pass
        elif self.machine is not None and any(r is not None and r.contains(addr) for r in (
                self.machine.target.engine, self.machine.target.display, self.machine.target.resident,
                getattr(self.machine, "display_text", None))):
            try:
                self.machine.cpu.call(addr)
            except Exception as exc:
                raise RunnerFault(f"CALL {addr} at line {self.current_line}{self.source_of(self.current_line)}: "
                                  f"{exc}") from None
        else:
            raise RunnerFault(f"CALL {addr} (${addr:04X}) at line {self.current_line}: not modelled "
                              f"(HOME -936, CLREOP -958, CLREOL -868, BELL -198, or the engine, the "
                              f"display code or the disk code)")

    # --- memory left: FRE ---------------------------------------------------------------------
    # FRE(0) as Applesoft counts it after its garbage collection: HIMEM less the program
    # (tokenized), 7 bytes a simple variable, each array (5 bytes + 2 a dimension + 5 a
    # real, 2 an integer, 3 a string element) and the strings' characters.  Applesoft keeps
    # a string assigned from a literal in the program text, not in string space: such a
    # string (a ProgramString, also when copied to another variable) is not counted.  HIMEM: the game
    # disk's ($4000, the target's program region) with the engine loaded, else $9600 (DOS).
    def string_literal(self, text: str) -> str:
        return ProgramString(text)

    def load_text(self, text: str) -> None:
        super().load_text(text)
        self._program_text = text
        self._program_bytes = None

    @property
    def program_bytes(self) -> int:
        if getattr(self, "_program_bytes", None) is None:
            from ..apple import tokenize
            self._program_bytes = len(tokenize(self._program_text)) + 1
        return self._program_bytes

    def free_bytes(self) -> int:
        program = self.machine.target.program if self.machine is not None else None
        top = program.end + 1 if program is not None else 0x9600
        used = 0x0801 + self.program_bytes + 7 * len(self.scalars)
        for name, (shape, cells) in self.arrays.items():
            used += 5 + 2 * len(shape) + len(cells) * (2 if name.endswith("%") else 3 if name.endswith("$") else 5)
            if name.endswith("$"):
                used += sum(len(s) for s in cells if not isinstance(s, ProgramString))
        used += sum(len(v) for k, v in self.scalars.items() if k.endswith("$") and not isinstance(v, ProgramString))
        return top - used

    # --- variables -------------------------------------------------------------------------
    def compile_variable_read(self, p: Parser, name: str):
        ty = "str" if name.endswith("$") else "num"
        if p.at_op("("):
            idx = self.index_args(p)
            return (lambda r: r.array_get(name, idx(r))), ty
        scalars = self.scalars
        default = self.empty_value(name)
        return (lambda r: scalars.get(name, default)), ty

    def index_args(self, p: Parser):
        p.expect_op("(")
        fs = [p.num_expr()]
        while p.accept_op(","):
            fs.append(p.num_expr())
        p.expect_op(")")
        return lambda r: [f(r) for f in fs]

    @staticmethod
    def empty_value(name: str):
        """What a variable or an array cell holds before anything is assigned."""
        return "" if name.endswith("$") else 0

    def array_cell(self, name: str, idx):
        ints = []
        for v in idx:
            i = math.floor(v)
            if not -32767 <= i <= 32767 or i < 0:
                raise ProgramError(E_QTY)
            ints.append(i)
        arr = self.arrays.get(name)
        if arr is None:
            arr = self.make_array(name, [10] * len(ints), self.empty_value(name))
        shape, cells = arr
        if len(ints) != len(shape):
            raise ProgramError(E_SUBSCRIPT)
        pos = 0
        for i, size in zip(ints, shape):
            if i > size:
                raise ProgramError(E_SUBSCRIPT)
            pos = pos * (size + 1) + i
        return pos, cells

    def array_get(self, name, idx):
        pos, cells = self.array_cell(name, idx)
        return cells[pos]

    def convert_for(self, name: str, v):
        if name.endswith("%"):
            i = math.floor(v)
            if not -32767 <= i <= 32767:
                raise ProgramError(E_QTY)
            return i
        if name.endswith("$"):
            if len(v) > 255:
                raise ProgramError(E_LONG)
            return v
        return self.stored_number(v)

    def compile_target(self, p: Parser):
        name = p.expect_id()
        ty = "str" if name.endswith("$") else "num"
        if p.at_op("("):
            idx = self.index_args(p)

            def set_cell(r, v):
                pos, cells = r.array_cell(name, idx(r))
                cells[pos] = r.convert_for(name, v)
            return set_cell, ty
        scalars = self.scalars
        if name.endswith("%") or name.endswith("$"):
            def set_scalar(r, v):
                scalars[name] = r.convert_for(name, v)
        else:
            store = self.stored_number

            def set_scalar(r, v):
                scalars[name] = store(v)
        set_scalar.var_name = name
        return set_scalar, ty

    # --- operators -------------------------------------------------------------------------
    def make_operator(self, op, left, right, ltype, p):
        """A comparison or arithmetic on two ``ltype`` operands (core.Runtime.make_binary
        checked the types and took AND and OR)."""
        if op in ("<", ">", "=", "<=", ">=", "<>"):
            test = {"<": lambda c: c < 0, ">": lambda c: c > 0, "=": lambda c: c == 0,
                    "<=": lambda c: c <= 0, ">=": lambda c: c >= 0, "<>": lambda c: c != 0}[op]
            if ltype == "str":
                def order(a, b):
                    return (a > b) - (a < b)
            else:
                def order(a, b):
                    if type(a) is int and type(b) is int:
                        return (a > b) - (a < b)
                    return FP.compare(a, b)
            return (lambda r: 1 if test(order(left(r), right(r))) else 0), "num"
        if ltype == "str":
            if op != "+":
                raise TypeMismatchProblem()

            def concat(r):
                s = left(r) + right(r)
                if len(s) > 255:
                    raise ProgramError(E_LONG)
                return s
            return concat, "str"
        arith = self.arith
        return (lambda r: arith(op, left(r), right(r))), "num"

    def line_number(self, p: Parser) -> int:
        t = p.next()
        if t.kind != "num" or not isinstance(t.value, int):
            raise p.syntax("line number expected")
        return t.value

    def line_arg(self, p: Parser):
        n = self.line_number(p)
        return lambda r: n


def _plain_memory():
    from ...emu.cpu import WatchedMemory
    return WatchedMemory()


_register = registrar(AppleRuntime.STATEMENTS)
AppleRuntime.STATEMENTS.update(SHARED_STATEMENTS)    # REM, LET, RETURN, END, GOTO, GOSUB, ON, FOR, POKE (core.py)


def _data_items(raw: str) -> list[str]:
    items, cur, quoted, was_quoted = [], [], False, False
    for ch in raw:
        if ch == '"':
            quoted = not quoted
            was_quoted = True
            continue
        if ch == "," and not quoted:
            items.append("".join(cur) if was_quoted else "".join(cur).strip(" "))
            cur, was_quoted = [], False
            continue
        cur.append(ch)
    items.append("".join(cur) if was_quoted else "".join(cur).strip(" "))
    return items


@_register("DATA")
def st_data(rt, p):
    raw = p.next().value
    return Stmt(lambda r: None, "DATA", _data_items(raw))


@_register("POP")
def st_pop(rt, p):
    def run(r):
        from .core import GosubFrame
        while r.stack:
            if isinstance(r.stack.pop(), GosubFrame):
                return
        raise ProgramError(E_RETURN)
    return Stmt(run, "POP")


@_register("IF")
def st_if(rt, p):
    cond, ty = p.expr()
    if ty == "str":
        f = cond
        cond = lambda r: len(f(r))         # noqa: E731  (a string is true when not empty)
    if p.accept_kw("GOTO"):
        target = rt.line_arg(p)
    else:
        p.expect_kw("THEN")
        target = rt.line_arg(p) if p.at("num") else None
    return if_statement(cond, target)


@_register("NEXT")
def st_next(rt, p):
    names = []
    if p.at("id"):
        names.append(p.next().value)
        while p.accept_op(","):
            names.append(p.expect_id())

    def run(r):
        if not names:
            r.do_next(None)
            return
        for name in names:
            before = r.next_pc
            r.do_next(name)
            if r.next_pc != before:        # looped back: the later names wait
                return
    return Stmt(run, "NEXT")


@_register("ON")
def st_on(rt, p):
    if p.accept_kw("ONERR"):
        raise p.syntax("ONERR")
    return core.st_on(rt, p)


@_register("ONERR")
def st_onerr(rt, p):
    p.expect_kw("GOTO")
    n = rt.line_number(p)

    def run(r):
        r.onerr_line = n
        r._poke(0xD8, 0x80)
    return Stmt(run, "ONERR")


@_register("RESUME")
def st_resume(rt, p):
    def run(r):
        if r.error_pc is None:
            raise ProgramError(E_SYNTAX)
        r.next_pc = r.error_pc
    return Stmt(run, "RESUME")


@_register("DIM")
def st_dim(rt, p):
    items = p.comma_list(lambda: (p.expect_id("DIM needs a variable"), rt.index_args(p)))

    def run(r):
        for name, idx in items:
            if name in r.arrays:
                raise ProgramError(E_REDIM)
            sizes = []
            for v in idx(r):
                i = math.floor(v)
                if i < 0 or i > 32767:
                    raise ProgramError(E_QTY)
                sizes.append(i)
            r.make_array(name, sizes, r.empty_value(name))
    return Stmt(run, "DIM")


@_register("CLEAR")
def st_clear(rt, p):
    def run(r):
        r.clear_variables()
        r.restore()
    return Stmt(run, "CLEAR")


@_register("CALL")
def st_call(rt, p):
    a = p.num_expr()
    return Stmt(lambda r: r.call(r.to_address(a(r))), "CALL")


@_register("READ")
def st_read(rt, p):
    targets = rt.compile_targets(p)

    def run(r):
        for setter, ty in targets:
            item = r.next_data()
            if ty == "str":
                setter(r, item)
            else:
                try:
                    setter(r, r.parse_number(item))
                except ProgramError:
                    r.current_line = r.data_line        # the ROM reports the DATA line
                    raise
    return Stmt(run, "READ")


@_register("RESTORE")
def st_restore(rt, p):
    return Stmt(lambda r: r.restore(), "RESTORE")


def parse_number(self, text: str):
    s = text.replace(" ", "")
    if not s:
        return 0
    m = re.match(r"[-+]?(\d+\.?\d*|\.\d+)(E[-+]?\d+)?$", s)
    if not m:
        raise ProgramError(E_SYNTAX)
    try:
        return FP.fin(s)
    except N.NumberOverflow:
        raise ProgramError(E_OVERFLOW) from None


AppleRuntime.parse_number = parse_number


@_register("PRINT")
def st_print(rt, p):
    items = print_items(p, ("TAB(", "SPC("))

    def run(r):
        out = r.out_text
        for kind, f in items:
            if kind == "str":
                out(f(r))
            elif kind == "num":
                out(r.format_number(f(r)))
            elif kind == ",":
                ch = r.ram[CH]
                if ch >= 24:
                    out("\r")
                else:
                    out(" " * (16 - ch % 16))
            elif kind == "TAB(":
                n = r.to_int(f(r), 0, 255)
                ch = r.ram[CH]
                if n - 1 > ch:
                    out(" " * (n - 1 - ch))
            elif kind == "SPC(":
                out(" " * r.to_int(f(r), 0, 255))
        if not items or items[-1][0] not in (";", ",", "TAB(", "SPC("):
            out("\r")
    return Stmt(run, "PRINT")


@_register("INPUT")
def st_input(rt, p):
    prompt = None
    if p.at("str"):
        prompt = p.next().value
        p.expect_op(";")
    targets = rt.compile_targets(p)

    def run(r):
        r.out_text("?" if prompt is None else prompt)
        while True:
            items = _data_items(r.read_line())
            values = []
            try:
                for (setter, ty), item in zip(targets, items):
                    values.append(item if ty == "str" else r.parse_number(item))
            except ProgramError:
                r.out_text("?REENTER\r")
                r.out_text("?" if prompt is None else prompt)
                continue
            break
        while len(values) < len(targets):
            r.out_text("??")
            for item in _data_items(r.read_line()):
                if len(values) < len(targets):
                    ty = targets[len(values)][1]
                    values.append(item if ty == "str" else r.parse_number(item))
        if len(items) > len(targets):
            r.out_text("?EXTRA IGNORED\r")
        for (setter, ty), v in zip(targets, values):
            setter(r, v)
    return Stmt(run, "INPUT")


@_register("GET")
def st_get(rt, p):
    setter, ty = rt.compile_target(p)

    def run(r):
        k = r.read_key(f"GET at line {r.current_line}")
        if ty == "str":
            setter(r, chr(k))
        else:
            if not chr(k).isdigit():
                raise ProgramError(E_SYNTAX)
            setter(r, int(chr(k)))
    return Stmt(run, "GET")


@_register("HOME")
def st_home(rt, p):
    return Stmt(lambda r: r.screen.home(), "HOME")


@_register("TEXT")
def st_text(rt, p):
    def run(r):
        r.screen.text_mode()
        r._poke(CV, 23)
        r._poke(CH, 0)
    return Stmt(run, "TEXT")


def _flag(value):
    def compile(rt, p):
        return Stmt(lambda r: r._poke(INVFLG, value), "INVFLG")
    return compile


AppleRuntime.STATEMENTS["NORMAL"] = _flag(0xFF)
AppleRuntime.STATEMENTS["INVERSE"] = _flag(0x3F)
AppleRuntime.STATEMENTS["FLASH"] = _flag(0x7F)


@_register("HTAB")
def st_htab(rt, p):
    f = p.num_expr()

    def run(r):
        n = r.to_int(f(r), 1, 255) - 1
        cv = r.ram[CV] + n // 40
        r._poke(CH, n % 40)
        if n // 40:
            r._poke(CV, min(cv, 23))
    return Stmt(run, "HTAB")


@_register("VTAB")
def st_vtab(rt, p):
    f = p.num_expr()
    return Stmt(lambda r: r._poke(CV, r.to_int(f(r), 1, 24) - 1), "VTAB")


@_register("HGR")
def st_hgr(rt, p):
    return Stmt(lambda r: r.screen.hgr_init(), "HGR")


@_register("HCOLOR=")
def st_hcolor(rt, p):
    f = p.num_expr()

    def run(r):
        r.screen.hcolor = r.to_int(f(r), 0, 7)
    return Stmt(run, "HCOLOR=")


@_register("HPLOT")
def st_hplot(rt, p):
    start, points = None, []

    def point():
        x = p.num_expr()
        p.expect_op(",")
        return x, p.num_expr()
    if not p.accept_kw("TO"):
        start = point()
        if p.accept_kw("TO"):
            points.append(point())
    else:
        points.append(point())
    while points and p.accept_kw("TO"):
        points.append(point())

    def coords(r, x, y):
        xi, yi = r.to_int(x(r), 0, 279), r.to_int(y(r), 0, 191)
        return xi, yi

    def run(r):
        s = r.screen
        if start is not None:
            cur = coords(r, *start)
            s.hplot(*cur)
        else:
            if s.last_plot is None:
                raise ProgramError(E_QTY)
            cur = s.last_plot
        for x, y in points:
            nxt = coords(r, x, y)
            s.hline(*cur, *nxt)
            cur = nxt
    return Stmt(run, "HPLOT")


@_register("HIMEM:", "LOMEM:")
def st_himem(rt, p):
    f = p.num_expr()

    def run(r):
        r.to_address(f(r))
    return Stmt(run, "HIMEM")


@_register("SPEED=")
def st_speed(rt, p):
    f = p.num_expr()
    return Stmt(lambda r: r.to_int(f(r), 0, 255) and None, "SPEED=")


@_register("TRACE", "NOTRACE")
def st_trace(rt, p):
    return Stmt(lambda r: None, "TRACE")


@_register("DEF")
def st_def(rt, p):
    p.expect_kw("FN")
    name = p.expect_id("function name expected")
    p.expect_op("(")
    param = p.next().value
    p.expect_op(")")
    p.expect_op("=")
    body = p.num_expr()

    def run(r):
        r.functions[name] = (param, body)
    return Stmt(run, "DEF")


for _name in ("DEL", "GR", "PR#", "IN#", "PLOT", "HLIN", "VLIN", "HGR2", "DRAW", "XDRAW", "ROT=", "SCALE=",
              "SHLOAD", "COLOR=", "RECALL", "STORE", "RUN", "&", "WAIT", "LOAD", "SAVE", "CONT", "LIST", "NEW"):
    AppleRuntime.STATEMENTS[_name] = unmodelled(_name)


# ----------------------------------------------------------------------------------------
# functions
# ----------------------------------------------------------------------------------------
def _float_fn(fn):
    """A function of the host's math module on one number."""
    return float_function(lambda r, x: fn(x))


def _rnd(r, x):
    if x < 0:
        r.rng = (int(abs(x) * 65536) & 0xFFFF) or 0xACE1
    if x != 0:
        r.last_rnd = N.apple_norm(Fraction(r.next_random(), 65536))
    return r.last_rnd


AppleRuntime.FUNCTIONS.update(SHARED_FUNCTIONS)      # SGN, ABS, PEEK, STR$, LEN, ASC (core.py)
AppleRuntime.FUNCTIONS.update({
    "INT": num_function(lambda r, x: N.apple_int(x)),
    "FRE": num_function(lambda r, x: r.free_bytes()),
    "PDL": num_function(lambda r, x: 127),
    "POS": num_function(lambda r, x: r.ram[CH]),
    "SQR": _float_fn(math.sqrt),
    "RND": num_function(_rnd),
    "LOG": _float_fn(math.log),
    "EXP": _float_fn(math.exp),
    "COS": _float_fn(math.cos),
    "SIN": _float_fn(math.sin),
    "TAN": _float_fn(math.tan),
    "ATN": _float_fn(math.atan),
})


def _val(r, s):
    m = re.match(r"[-+]?(\d+\.?\d*|\.\d+)(E[-+]?\d+)?", s.replace(" ", ""))
    return FP.fin(m.group(0)) if m else 0


AppleRuntime.FUNCTIONS.update({
    "VAL": str_function(_val),
})


def _fn_left(p):
    s, n = p.typed_args("str", "num")
    return (lambda r: s(r)[:r.to_int(n(r), 0, 255)]), "str"


def _fn_right(p):
    s, n = p.typed_args("str", "num")

    def run(r):
        v, k = s(r), r.to_int(n(r), 0, 255)
        return v[len(v) - k:] if k < len(v) else v
    return run, "str"


def _fn_mid(p):
    args = p.args(2, 3)
    if args[0][1] != "str" or any(ty != "num" for _, ty in args[1:]):
        raise TypeMismatchProblem()
    s, start = args[0][0], args[1][0]
    length = args[2][0] if len(args) == 3 else None

    def run(r):
        v, i = s(r), r.to_int(start(r), 1, 255)
        k = 255 if length is None else r.to_int(length(r), 0, 255)
        return v[i - 1:i - 1 + k]
    return run, "str"


def _fn_usr(p):
    raise SyntaxProblem("USR is not modelled (the front ends CALL the engine)")


def _fn_scrn(p):
    raise SyntaxProblem("SCRN( (lo-res) is not modelled")


def _fn_fn(p):
    name = p.expect_id("function name expected")
    p.expect_op("(")
    arg = p.num_expr()
    p.expect_op(")")

    def run(r):
        if name not in r.functions:
            raise ProgramError(224)
        param, body = r.functions[name]
        saved = r.scalars.get(param)
        r.scalars[param] = arg(r)
        try:
            return body(r)
        finally:
            if saved is None:
                r.scalars.pop(param, None)
            else:
                r.scalars[param] = saved
    return run, "num"


AppleRuntime.FUNCTIONS.update({"CHR$": num_function(lambda r, x: chr(r.to_int(x, 0, 255)), "str"),
                               "LEFT$": _fn_left, "RIGHT$": _fn_right, "MID$": _fn_mid, "USR": _fn_usr,
                               "SCRN(": _fn_scrn, "FN": _fn_fn})
