"""Atari BASIC: its statements, functions, numbers, strings, devices and errors.

Numbers are the OS math pack's 6-byte BCD (numbers.py).  Strings are DIMensioned
(``DIM A$(20)``) and cut with ``A$(I)``/``A$(I,J)``.  The screen is the OS editor and
``S:`` (screens.py); the keyboard, console keys and joystick come from the key script.
Errors are Atari BASIC's numbers: ``ERROR-   9 AT LINE 20``, taken by ``TRAP``.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction

from . import numbers as N
from .core import (NUM_RE, SHARED_FUNCTIONS, SHARED_STATEMENTS, ProgramError, Parser, Runtime, RunnerFault, Stmt,
                   SyntaxProblem, Tok, TypeMismatchProblem, float_function, if_statement, num_function, print_items,
                   registrar, st_goto, str_function, string_token, unmodelled)
from .screens import AtariScreen

STATEMENT_NAMES = (
    "REM", "DATA", "INPUT", "COLOR", "LIST", "ENTER", "LET", "IF", "FOR", "NEXT", "GOTO", "GO", "GOSUB",
    "TRAP", "BYE", "CONT", "COM", "CLOSE", "CLR", "DEG", "DIM", "END", "NEW", "OPEN", "LOAD", "SAVE",
    "STATUS", "NOTE", "POINT", "XIO", "ON", "POKE", "PRINT", "RAD", "READ", "RESTORE", "RETURN", "RUN",
    "STOP", "POP", "GET", "PUT", "GRAPHICS", "PLOT", "POSITION", "DOS", "DRAWTO", "SETCOLOR", "LOCATE",
    "SOUND", "LPRINT", "CSAVE", "CLOAD")
FUNCTION_NAMES = ("STR$", "CHR$", "USR", "ASC", "VAL", "LEN", "ADR", "ATN", "COS", "PEEK", "SIN", "RND",
                  "FRE", "EXP", "LOG", "CLOG", "SQR", "SGN", "ABS", "INT", "PADDLE", "STICK", "PTRIG", "STRIG")
WORD_OPERATORS = ("AND", "OR", "NOT", "TO", "STEP", "THEN", "GOTO", "GOSUB")

ERROR_TEXT = {
    2: "memory insufficient", 3: "value error", 4: "too many variables", 5: "string length error",
    6: "out of data", 7: "number greater than 32767", 8: "input statement error",
    9: "array or string DIM error", 10: "argument stack overflow", 11: "floating point overflow/underflow",
    12: "line not found", 13: "no matching FOR", 14: "line too long", 15: "GOSUB or FOR line deleted",
    16: "RETURN error", 17: "syntax error (garbage)", 18: "invalid string character",
    128: "BREAK abort", 130: "nonexistent device", 131: "IOCB write only", 132: "invalid command",
    133: "device or file not open", 134: "bad IOCB number", 135: "IOCB read only", 136: "end of file",
    141: "cursor out of range", 145: "bad screen mode",
}

# the keyboard's internal code (CH, location 764) for the keys a script types
KEYCODES = {"L": 0, "J": 1, ";": 2, "K": 5, "+": 6, "*": 7, "O": 8, "P": 10, "U": 11, "\r": 12, "I": 13,
            "-": 14, "=": 15, "V": 16, "C": 18, "B": 21, "X": 22, "Z": 23, "4": 24, "3": 26, "6": 27,
            "\x1b": 28, "5": 29, "2": 30, "1": 31, ",": 32, " ": 33, ".": 34, "N": 35, "M": 37, "/": 38,
            "R": 40, "E": 42, "Y": 43, "\t": 44, "T": 45, "W": 46, "Q": 47, "9": 48, "0": 50, "7": 51,
            "\x7f": 52, "8": 53, "<": 54, ">": 55, "F": 56, "H": 57, "D": 58, "G": 61, "S": 62, "A": 63}
# the symbols typed with SHIFT on a digit key: CH is the digit's code + $40 (SHIFT)
SHIFTED = {"!": "1", '"': "2", "#": "3", "$": "4", "%": "5", "&": "6", "'": "7", "@": "8", "(": "9", ")": "0"}

# hardware and OS locations the runner answers itself
RTCLOK, CH_KEY, CONSOL, STICK0, STRIG0, RANDOM = 20, 764, 53279, 632, 644, 53770
LMARGN, RMARGN, ROWCRS, COLCRS = 82, 83, 84, 85
ERRSAVE, STOPLN = 195, 186
STATEMENTS_PER_JIFFY = 16
PREC = {"OR": 1, "AND": 2, "<": 4, ">": 4, "=": 4, "<=": 4, ">=": 4, "<>": 4, "+": 5, "-": 5,
        "*": 6, "/": 6, "^": 7}


SHFLOK = 702                # the keyboard's shift lock: $40 caps (as at power-up), 0 lower case


def script_key_to_atascii(code: int, shift_lock: int = 0x40) -> int:
    """A script key as K: and E: give it: a lower-case letter is the key without SHIFT,
    an upper-case one under CAPS (SHFLOK $40, the power-up state)."""
    if 0x61 <= code <= 0x7A and shift_lock == 0x40:
        return code - 0x20
    return {13: 155, 8: 126, 27: 27, 9: 127, 0x1C0: 28, 0x1C1: 29, 0x1C2: 30, 0x1C3: 31}.get(code, code & 0xFF)


class AtariRuntime(Runtime):
    DIALECT = "atari"
    BINARY = PREC
    UNARY_MINUS_PREC = 8          # -2^2 is 4: the minus binds first
    NOT_PREC = 4                  # NOT A=B is NOT (A=B); NOT 0+1 is 0
    POWER_RIGHT_ASSOC = False

    # Atari BASIC's run-time stack grows in free memory: a GOSUB takes 4 bytes, a FOR 16;
    # error 2 when they fill it.  Free memory is estimated for the project's layout, the
    # game disk (docs/images.md "Memory"): no DOS, so MEMLO $0700, up to the screen under
    # RAMTOP at the disk's resident code ($5000), less the program (its listing's length
    # stands for its tokens, variables and arrays).  A caller can set MEMLO (DOS 2: $2000)
    # and TOP (None: the engine's start).
    GOSUB_BYTES, FOR_BYTES = 4, 16
    MEMLO = 0x0700
    TOP = 0x5000
    SCREEN_BYTES = {0: 992, 1: 674, 2: 424, 3: 434, 4: 694, 5: 1174, 6: 2174, 7: 4190, 8: 8112}

    num_add = staticmethod(N.atari_add)
    num_sub = staticmethod(N.atari_sub)
    num_mul = staticmethod(N.atari_mul)
    num_div = staticmethod(N.atari_div)

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.strings: dict[str, str] = {}
        self.string_dims: dict[str, int] = {}
        self.screen = AtariScreen()
        self.iocbs: dict[int, str] = {0: "E:"}
        self.trap_line = None
        self.print_column = 0             # BASIC's own column count, for the comma's tab stops
        self.color = 0
        self.sounds: list[tuple] = []
        self.ram = self.machine.cpu.memory if self.machine is not None else [0] * 0x10000
        list.__setitem__(self.ram, SHFLOK, 0x40)

    # ------------------------------------------------------------------------------------
    # numbers
    # ------------------------------------------------------------------------------------
    def free_bytes(self) -> int:
        top = self.TOP or (self.machine.target.engine.start if self.machine is not None else 0x5800)
        used = self.program_bytes + 8 * len(self.scalars)
        used += sum(len(cells) * 6 for _, cells in self.arrays.values()) + sum(self.string_dims.values())
        return top - self.SCREEN_BYTES[self.screen.mode] - self.MEMLO - used

    def stack_room(self, frame_bytes: int) -> None:
        if self.stack_bytes() + frame_bytes > self.free_bytes():
            raise ProgramError(2)

    @property
    def program_bytes(self) -> int:
        if getattr(self, "_program_bytes", None) is None:
            self._program_bytes = sum(len(ln.text) + 4 for ln in self.lines)
        return self._program_bytes

    def to_int(self, x, low: int = 0, high: int = 65535) -> int:
        """FPI: round half up; outside low..high is error 3."""
        v = N.atari_round(x)
        if not low <= v <= high:
            raise ProgramError(3)
        return v

    def to_address(self, x) -> int:
        """PEEK's and POKE's address: 0..65535, rounded as FPI does."""
        return self.to_int(x)

    def num_pow(self, a, b):
        if isinstance(b, int) and 0 <= b <= 64:
            r = 1
            for _ in range(b):
                r = N.atari_mul(r, a)
            return r
        if isinstance(b, int) and b < 0 and a:
            return N.atari_div(1, self.num_pow(a, -b))
        if a < 0:
            raise ProgramError(3)
        if not a:
            return 0
        return self.from_float(math.exp(float(b) * math.log(float(a))))

    def from_float(self, f: float):
        try:
            return N.atari_norm(Decimal(repr(f)))
        except N.NumberOverflow:
            raise ProgramError(11) from None

    def arith(self, op, a, b):
        try:
            if op == "+":
                return N.atari_add(a, b)
            if op == "-":
                return N.atari_sub(a, b)
            if op == "*":
                return N.atari_mul(a, b)
            if op == "/":
                return N.atari_div(a, b)
            return self.num_pow(a, b)
        except (N.NumberOverflow, N.DivisionByZero):
            raise ProgramError(11) from None

    def format_number(self, x) -> str:
        return N.atari_format(x)

    # ------------------------------------------------------------------------------------
    # lexing
    # ------------------------------------------------------------------------------------
    def lex(self, text: str) -> list[Tok]:
        toks: list[Tok] = []
        i, n = 0, len(text)
        statement_start = True
        while i < n:
            c = text[i]
            if c == " ":
                i += 1
                continue
            if c == '"':
                tok, i = string_token(text, i)
                toks.append(tok)
                statement_start = False
                continue
            m = NUM_RE.match(text, i) if (c.isdigit() or c == ".") else None
            if m and m.group(0) != ".":
                toks.append(Tok("num", N.atari_from_text(m.group(0)), m.group(0)))
                i = m.end()
                statement_start = False
                continue
            if c.isalpha():
                m = re.compile(r"[A-Z][A-Z0-9]*\$?").match(text, i)
                word = m.group(0)
                if statement_start:
                    name = word if word in STATEMENT_NAMES else next(
                        (s for s in sorted(STATEMENT_NAMES, key=len, reverse=True) if word.startswith(s)
                         and not self._is_assignment(text, m.end())), None)
                    if name is not None:
                        toks.append(Tok("kw", name, name))
                        i += len(name)
                        if name in ("REM", "DATA"):
                            toks.append(Tok("raw", text[i:].lstrip(" ") if name == "DATA" else text[i:]))
                            i = n
                        statement_start = name == "THEN"
                        continue
                i = m.end()
                statement_start = False
                rest = text[i:].lstrip(" ")
                if word in WORD_OPERATORS:
                    toks.append(Tok("kw", word, word))
                    statement_start = word == "THEN" and not (rest[:1].isdigit())
                elif word in FUNCTION_NAMES and rest.startswith("("):
                    toks.append(Tok("kw", word, word))
                else:
                    toks.append(Tok("id", word, word))
                continue
            if c == "?" and statement_start:
                toks.append(Tok("kw", "PRINT", "?"))
                i += 1
                statement_start = False
                continue
            two = text[i:i + 2]
            if two in ("<=", ">=", "<>"):
                toks.append(Tok("op", two, two))
                i += 2
            elif c in "+-*/^()=<>,;:#":
                toks.append(Tok("op", c, c))
                i += 1
            else:
                raise SyntaxProblem(f"character {c!r}")
            statement_start = c == ":"
        return toks

    @staticmethod
    def _is_assignment(text: str, end: int) -> bool:
        rest = text[end:].lstrip(" ")
        return rest.startswith("=")

    def compile_statement(self, p: Parser) -> Stmt:
        t = p.peek()
        if t.kind == "kw" and t.value == "GO":
            p.next()
            if not (p.at("id", "TO") or p.at_kw("TO")):
                raise p.syntax("GO TO")
            p.next()
            return st_goto(self, p)
        return super().compile_statement(p)

    # ------------------------------------------------------------------------------------
    # errors
    # ------------------------------------------------------------------------------------
    def syntax_error(self, detail: str, mismatch: bool = False) -> ProgramError:
        return ProgramError(17, detail)

    LINE_NOT_FOUND, NEXT_WITHOUT_FOR, RETURN_WITHOUT_GOSUB, OUT_OF_DATA = 12, 13, 16, 6
    STOP_TEXT = "\x9bSTOPPED AT LINE {line}\x9b"
    VALUE_ERROR = 3

    def handle_error(self, exc: ProgramError) -> bool:
        line = self.current_line or 0
        list.__setitem__(self.ram, ERRSAVE, exc.code & 0xFF)
        list.__setitem__(self.ram, STOPLN, line & 0xFF)
        list.__setitem__(self.ram, STOPLN + 1, line >> 8)
        if self.trap_line is not None and self.trap_line < 32768:
            target = self.trap_line
            self.trap_line = None             # TRAP fires once
            self.goto(target)
            return True
        self.out_text(f"\x9bERROR-   {exc.code} AT LINE {line}\x9b")
        return False

    def error_report(self, exc: ProgramError) -> str:
        text = ERROR_TEXT.get(exc.code, "")
        line = self.current_line
        return f"ERROR-   {exc.code} AT LINE {line}" + (f" ({text})" if text else "") + self.source_of(line)

    # ------------------------------------------------------------------------------------
    # output
    # ------------------------------------------------------------------------------------
    def out_text(self, s: str, channel: int = 0) -> None:
        device = self.iocbs.get(channel)
        if device is None:
            raise ProgramError(133)
        if device == "E:":
            ed = self.screen.editor
            for ch in s:
                a = ord(ch)
                ed.put(a)
                if a == 155 or a == 125:
                    self.print_column = 0
                else:
                    self.print_column += 1
        elif device == "S:":
            for ch in s:
                a = ord(ch)
                if a == 155:
                    self.screen.gx, self.screen.gy = 0, self.screen.gy + 1
                    continue
                if not self.screen.check_point(self.screen.gx, self.screen.gy):
                    raise ProgramError(141)
                self.screen.plot(self.screen.gx, self.screen.gy, a)
                self.screen.gx += 1
        elif device == "K:":
            raise ProgramError(135)
        else:
            raise ProgramError(130)

    def print_tab(self, channel: int) -> None:
        self.out_text(" ", channel)
        while self.print_column % 10:
            self.out_text(" ", channel)

    # ------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------
    def read_key(self, what: str) -> int:
        return script_key_to_atascii(self.keys.wait_key(what), self.ram[SHFLOK])

    def read_line(self, channel: int) -> str:
        device = self.iocbs.get(channel)
        if device is None:
            raise ProgramError(133)
        echo = (lambda a: self.out_text(chr(a))) if device == "E:" else None
        return self.edit_line(155, 126, echo)

    # ------------------------------------------------------------------------------------
    # memory and hardware
    # ------------------------------------------------------------------------------------
    def peek(self, addr: int) -> int:
        if addr == CONSOL:
            held = self.keys.held("console", "the console keys") if self.keys else None
            return 7 & ~(held or 0)
        if addr == CH_KEY:
            k = self.keys.pending_key("the keyboard (764)") if self.keys else None
            if k is None:
                return 255
            if k < 128 and chr(k) in SHIFTED:
                return KEYCODES[SHIFTED[chr(k)]] | 0x40
            return KEYCODES.get(chr(k).upper(), 255) if k < 128 else 255
        if addr == STICK0:
            return self.stick()
        if addr == STRIG0:
            return self.strig()
        if addr in (RTCLOK, RTCLOK - 1, RTCLOK - 2):
            jiffies = self.statements_run // STATEMENTS_PER_JIFFY
            return (jiffies >> (8 * (RTCLOK - addr))) & 0xFF
        if addr == RANDOM:
            return self.next_random() & 0xFF
        if addr == LMARGN:
            return self.screen.editor.lmargin
        if addr == RMARGN:
            return self.screen.editor.rmargin
        if addr == ROWCRS:
            return self.screen.text.row if self.screen.mode == 0 else self.screen.gy
        if addr == COLCRS:
            return self.screen.text.col if self.screen.mode == 0 else self.screen.gx & 0xFF
        return self.ram[addr]

    def poke(self, addr: int, value: int) -> None:
        if addr == CH_KEY:
            if self.keys is not None and value == 255:
                self.keys.take_key()
            return
        if addr == LMARGN:
            self.screen.editor.lmargin = value
        elif addr == RMARGN:
            self.screen.editor.rmargin = value
        elif addr == ROWCRS and self.screen.mode == 0:
            self.screen.text.row = value
        elif addr == COLCRS and self.screen.mode == 0:
            self.screen.text.col = value
        list.__setitem__(self.ram, addr, value)

    def stick(self) -> int:
        v = self.keys.held("stick", "the joystick") if self.keys else None
        return 15 if v is None else v

    def strig(self) -> int:
        v = self.keys.held("fire", "the joystick button") if self.keys else None
        return 1 if v is None else 0

    def usr(self, address: int, args: list[int]):
        if self.machine is None:
            raise RunnerFault(f"USR({address}) at line {self.current_line}: no engine loaded (--target-engine)")
        stack = bytearray()
        for v in reversed(args):
            stack += bytes([v & 0xFF, v >> 8])
        stack.append(len(args))
        cpu = self.machine.cpu
        try:
            cpu.call(address, stack=bytes(stack))
        except Exception as exc:                # an engine fault: the line and the fault report
            raise RunnerFault(f"USR({address}) at line {self.current_line}{self.source_of(self.current_line)}: "
                              f"{exc}") from None
        return cpu.word(0xD4)

    # ------------------------------------------------------------------------------------
    # variables
    # ------------------------------------------------------------------------------------
    def compile_variable_read(self, p: Parser, name: str):
        if name.endswith("$"):
            if p.at_op("("):
                lo, hi = self.pair_args(p)
                return (lambda r: r.substring(name, lo(r), hi(r) if hi else None)), "str"
            return (lambda r: r.string_value(name)), "str"
        if p.at_op("("):
            idx = self.index_args(p)
            return (lambda r: r.array_get(name, idx(r))), "num"
        scalars = self.scalars
        return (lambda r: scalars.get(name, 0)), "num"

    def pair_args(self, p: Parser):
        """``(a)`` or ``(a, b)``: two closures, the second None when absent: a substring's
        bounds, an array's subscripts (one or two dimensions) or sizes."""
        p.expect_op("(")
        first = p.num_expr()
        second = p.num_expr() if p.accept_op(",") else None
        p.expect_op(")")
        return first, second

    def index_args(self, p: Parser):
        first, second = self.pair_args(p)
        if second is None:
            return lambda r: (first(r),)
        return lambda r: (first(r), second(r))

    def string_value(self, name: str) -> str:
        if name not in self.string_dims:
            raise ProgramError(9)
        return self.strings.get(name, "")

    def substring(self, name: str, lo, hi) -> str:
        s = self.string_value(name)
        i = self.to_int(lo, 0, 32767)
        j = len(s) if hi is None else self.to_int(hi, 0, 32767)
        if i < 1 or j < i or j > self.string_dims[name] or i > len(s) or j > len(s):
            raise ProgramError(5)
        return s[i - 1:j]

    def string_assign(self, name: str, value: str, lo=None, hi=None) -> None:
        if name not in self.string_dims:
            raise ProgramError(9)
        dim = self.string_dims[name]
        if lo is None:
            self.strings[name] = value[:dim]
            return
        old = self.strings.get(name, "")
        i = self.to_int(lo, 0, 32767)
        j = dim if hi is None else self.to_int(hi, 0, 32767)
        if i < 1 or j < i or j > dim or i > len(old) + 1:
            raise ProgramError(5)
        room = j - i + 1
        part = value[:room]
        if hi is None:
            self.strings[name] = old[:i - 1] + part
        else:
            new = old[:i - 1] + part + old[i - 1 + len(part):]
            self.strings[name] = new

    def array_get(self, name: str, idx):
        pos, cells = self.array_cell(name, idx)
        value = cells[pos]
        if value is None:
            # Atari BASIC's DIM leaves the array's memory as it was: the value is garbage
            raise RunnerFault(f"line {self.current_line}{self.source_of(self.current_line)}: {name}"
                              f"({', '.join(str(N.atari_round(v)) for v in idx)}) read before anything was "
                              f"assigned to it (Atari BASIC does not clear a DIMensioned array)")
        return value

    def array_cell(self, name: str, idx):
        arr = self.arrays.get(name)
        if arr is None:
            raise ProgramError(9)
        shape, cells = arr
        if len(idx) != len(shape):
            raise ProgramError(9)
        pos = 0
        for k, (v, size) in enumerate(zip(idx, shape)):
            i = self.to_int(v, 0, 32767)
            if i > size:
                raise ProgramError(9)
            pos = pos * (size + 1) + i
        return pos, cells

    def compile_target(self, p: Parser):
        """A variable to assign: returns (setter(rt, value), type)."""
        name = p.expect_id()
        if name.endswith("$"):
            if p.at_op("("):
                lo, hi = self.pair_args(p)
                return (lambda r, v: r.string_assign(name, v, lo(r), hi(r) if hi else None)), "str"
            def set_string(r, v):
                r.string_assign(name, v)
            set_string.var_name = name
            return set_string, "str"
        if p.at_op("("):
            idx = self.index_args(p)

            def set_cell(r, v):
                pos, cells = r.array_cell(name, idx(r))
                cells[pos] = v
            return set_cell, "num"
        scalars = self.scalars

        def set_scalar(r, v):
            scalars[name] = v
        set_scalar.var_name = name
        return set_scalar, "num"

    # ------------------------------------------------------------------------------------
    # binary operators
    # ------------------------------------------------------------------------------------
    def make_operator(self, op, left, right, ltype, p):
        """A comparison or arithmetic on two ``ltype`` operands (core.Runtime.make_binary
        checked the types and took AND and OR)."""
        if op in ("<", ">", "=", "<=", ">=", "<>"):
            cmp = {"<": lambda a, b: a < b, ">": lambda a, b: a > b, "=": lambda a, b: a == b,
                   "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "<>": lambda a, b: a != b}[op]
            return (lambda r: 1 if cmp(left(r), right(r)) else 0), "num"
        if ltype != "num":
            raise TypeMismatchProblem()
        if op == "+":
            add = N.atari_add

            def f(r):
                a, b = left(r), right(r)
                if type(a) is int and type(b) is int:
                    s = a + b
                    if -10000000000 < s < 10000000000:
                        return s
                try:
                    return add(a, b)
                except N.NumberOverflow:
                    raise ProgramError(11) from None
            return f, "num"
        arith = self.arith
        return (lambda r: arith(op, left(r), right(r))), "num"

    # ------------------------------------------------------------------------------------
    # statements
    # ------------------------------------------------------------------------------------
    def line_arg(self, p: Parser):
        f = p.num_expr()
        return lambda r: r.to_int(f(r), 0, 32767)

    def channel(self, p: Parser):
        p.expect_op("#")
        f = p.num_expr()
        return lambda r: r.to_int(f(r), 0, 7)


AtariRuntime.STATEMENTS = {}
AtariRuntime.FUNCTIONS = {}
_register = registrar(AtariRuntime.STATEMENTS)
AtariRuntime.STATEMENTS.update(SHARED_STATEMENTS)    # REM, LET, RETURN, END, GOTO, GOSUB, ON, FOR, POKE (core.py)


@_register("DATA")
def st_data(rt, p):
    raw = p.next().value
    items = raw.split(",")
    return Stmt(lambda r: None, "DATA", items)


@_register("POP")
def st_pop(rt, p):
    def run(r):
        if r.stack:
            r.stack.pop()
    return Stmt(run, "POP")


@_register("IF")
def st_if(rt, p):
    cond = p.num_expr()
    p.expect_kw("THEN")
    return if_statement(cond, rt.line_arg(p) if p.at("num") else None)


@_register("NEXT")
def st_next(rt, p):
    name = p.expect_id("NEXT needs its variable")
    return Stmt(lambda r: r.do_next(name), "NEXT")


@_register("TRAP")
def st_trap(rt, p):
    f = p.num_expr()

    def run(r):
        v = r.to_int(f(r), 0, 65535)
        r.trap_line = v
    return Stmt(run, "TRAP")


@_register("DIM")
def st_dim(rt, p):
    def item():
        name = p.expect_id("DIM needs a variable")
        first, second = rt.pair_args(p)
        return name, [first] if second is None else [first, second]
    items = p.comma_list(item)

    def run(r):
        for name, sizes in items:
            vals = [r.to_int(s(r), 0, 32767) for s in sizes]
            if name.endswith("$"):
                if name in r.string_dims or len(vals) != 1 or vals[0] == 0:
                    raise ProgramError(9)
                r.string_dims[name] = vals[0]
                r.strings[name] = ""
            else:
                if name in r.arrays:
                    raise ProgramError(9)
                r.make_array(name, vals, None)
    return Stmt(run, "DIM")


AtariRuntime.STATEMENTS["COM"] = st_dim


@_register("CLR")
def st_clr(rt, p):
    def run(r):
        r.clear_variables()
        r.strings.clear()
        r.string_dims.clear()
    return Stmt(run, "CLR")


@_register("READ")
def st_read(rt, p):
    targets = rt.compile_targets(p)

    def run(r):
        for setter, ty in targets:
            name = getattr(setter, "var_name", "")
            if name.endswith("$"):
                r.string_value(name)          # an undimensioned string is error 9 first
            item = r.next_data()
            if ty == "str":
                setter(r, item)
            else:
                setter(r, r.parse_number(item, 8))
    return Stmt(run, "READ")


@_register("RESTORE")
def st_restore(rt, p):
    f = None if p.at_statement_end() else rt.line_arg(p)
    return Stmt(lambda r: r.restore(f(r) if f else None), "RESTORE")


def parse_number(self, text: str, error: int):
    s = text.strip(" ")
    m = NUM_RE.match(s) if s else None
    sign = 1
    if s[:1] in "+-" and s:
        sign = -1 if s[0] == "-" else 1
        m = NUM_RE.match(s, 1)
    if not m or s[m.end():].strip(" "):
        raise ProgramError(error)
    v = N.atari_from_text(m.group(0))
    return -v if sign < 0 else v


AtariRuntime.parse_number = parse_number


@_register("PRINT")
def st_print(rt, p):
    chan = None
    if p.at_op("#"):
        chan = rt.channel(p)
        if not p.at_statement_end():
            if not (p.accept_op(";") or p.accept_op(",")):
                raise p.syntax("; or , after the channel")
    items = print_items(p)

    def run(r):
        c = chan(r) if chan else 0
        out = r.out_text
        for kind, f in items:
            if kind == "str":
                out(f(r), c)
            elif kind == "num":
                out(r.format_number(f(r)), c)
            elif kind == ",":
                r.print_tab(c)
        if not items or items[-1][0] not in (";", ","):
            out("\x9b", c)
    return Stmt(run, "PRINT")


@_register("INPUT")
def st_input(rt, p):
    chan = None
    if p.at_op("#"):
        chan = rt.channel(p)
        if not (p.accept_op(",") or p.accept_op(";")):
            raise p.syntax(", after the channel")
    targets = rt.compile_targets(p)

    def run(r):
        c = chan(r) if chan else 0
        pending: list[str] = []
        for setter, ty in targets:
            if not pending:
                if c == 0:
                    r.out_text("?")
                line = r.read_line(c)
                pending = [line] if ty == "str" else line.split(",")
            item = pending.pop(0)
            if ty == "str":
                setter(r, item)
                pending = []
            else:
                setter(r, r.parse_number(item, 8))
    return Stmt(run, "INPUT")


@_register("GET")
def st_get(rt, p):
    chan = rt.channel(p)
    p.expect_op(",")
    setter, ty = rt.compile_target(p)

    def run(r):
        c = chan(r)
        device = r.iocbs.get(c)
        if device is None:
            raise ProgramError(133)
        if device in ("K:", "E:"):
            setter(r, r.read_key(f"GET #{c}"))
        elif device == "S:":
            s = r.screen
            if not s.check_point(s.gx, s.gy):
                raise ProgramError(141)
            setter(r, s.locate(s.gx, s.gy))
            s.gx += 1
        else:
            raise ProgramError(130)
    return Stmt(run, "GET")


@_register("PUT")
def st_put(rt, p):
    chan = rt.channel(p)
    p.expect_op(",")
    f = p.num_expr()
    return Stmt(lambda r: r.out_text(chr(r.to_int(f(r), 0, 255)), chan(r)), "PUT")


@_register("OPEN")
def st_open(rt, p):
    chan = rt.channel(p)
    p.expect_op(",")
    aux1 = p.num_expr()
    p.expect_op(",")
    aux2 = p.num_expr()
    p.expect_op(",")
    name = p.str_expr()

    def run(r):
        c = chan(r)
        if c in r.iocbs and c != 0:
            raise ProgramError(129)
        device = name(r)[:2]
        if device not in ("K:", "S:", "E:"):
            raise RunnerFault(f"OPEN of {name(r)!r} at line {r.current_line}: only K:, S: and E: are modelled")
        if device == "S:":
            r.screen.graphics(r.to_int(aux2(r), 0, 255) | (r.to_int(aux1(r), 0, 255) & 0x30))
        r.iocbs[c] = device
    return Stmt(run, "OPEN")


@_register("CLOSE")
def st_close(rt, p):
    chan = rt.channel(p)

    def run(r):
        c = chan(r)
        if c != 0:
            r.iocbs.pop(c, None)
    return Stmt(run, "CLOSE")


@_register("GRAPHICS")
def st_graphics(rt, p):
    f = p.num_expr()

    def run(r):
        mode = r.to_int(f(r), 0, 255)
        if (mode & 15) not in (0, 1, 2, 3, 4, 5, 6, 7, 8):
            raise RunnerFault(f"GRAPHICS {mode} at line {r.current_line}: modes 0-8 are modelled")
        r.screen.graphics(mode)
        r.print_column = 0
        if mode & 15:
            r.iocbs[6] = "S:"
        else:
            r.iocbs.pop(6, None)
    return Stmt(run, "GRAPHICS")


@_register("COLOR")
def st_color(rt, p):
    f = p.num_expr()

    def run(r):
        r.color = r.to_int(f(r), 0, 255)
    return Stmt(run, "COLOR")


def _two(p):
    x = p.num_expr()
    p.expect_op(",")
    y = p.num_expr()
    return x, y


def _plot_value(r):
    s = r.screen
    if s.mode in (1, 2) or s.mode == 0:
        return r.color
    colours = {3: 4, 4: 2, 5: 4, 6: 2, 7: 4, 8: 2}[s.mode]
    return r.color % colours


@_register("PLOT")
def st_plot(rt, p):
    x, y = _two(p)

    def run(r):
        xi, yi = r.to_int(x(r)), r.to_int(y(r))
        s = r.screen
        if s.mode == 0:
            if not (0 <= xi < 40 and 0 <= yi < 24):
                raise ProgramError(141)
            s.text.cells[yi][xi] = r.color
            s.text.col, s.text.row = xi, yi
            return
        if not s.check_point(xi, yi):
            raise ProgramError(141)
        s.plot(xi, yi, _plot_value(r))
    return Stmt(run, "PLOT")


@_register("DRAWTO")
def st_drawto(rt, p):
    x, y = _two(p)

    def run(r):
        s = r.screen
        x1, y1 = r.to_int(x(r)), r.to_int(y(r))
        if s.mode == 0 or not s.check_point(x1, y1):
            raise ProgramError(141)
        x0, y0 = s.gx, s.gy
        value = _plot_value(r)
        # the OS's walk: both accumulators start at half the longer side; each step
        # adds a side's length and moves that way when it reaches the longer one
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
        counter = max(dx, dy)
        acc_x = acc_y = counter // 2
        for _ in range(counter):
            acc_x += dx
            if acc_x >= counter:
                acc_x -= counter
                x0 += sx
            acc_y += dy
            if acc_y >= counter:
                acc_y -= counter
                y0 += sy
            s.plot(x0, y0, value)
        s.gx, s.gy = x1, y1
    return Stmt(run, "DRAWTO")


@_register("POSITION")
def st_position(rt, p):
    x, y = _two(p)

    def run(r):
        r.screen.position(r.to_int(x(r)), r.to_int(y(r), 0, 255))
        r.print_column = 0
    return Stmt(run, "POSITION")


@_register("LOCATE")
def st_locate(rt, p):
    x, y = _two(p)
    p.expect_op(",")
    setter, ty = rt.compile_target(p)

    def run(r):
        s = r.screen
        xi, yi = r.to_int(x(r)), r.to_int(y(r))
        if s.mode == 0:
            if not (0 <= xi < 40 and 0 <= yi < 24):
                raise ProgramError(141)
            setter(r, s.text.cells[yi][xi])
            return
        if not s.check_point(xi, yi):
            raise ProgramError(141)
        setter(r, s.locate(xi, yi))
        s.gx, s.gy = xi + 1, yi
    return Stmt(run, "LOCATE")


@_register("SETCOLOR")
def st_setcolor(rt, p):
    reg, hue = _two(p)
    p.expect_op(",")
    lum = p.num_expr()

    def run(r):
        k = r.to_int(reg(r), 0, 4)
        r.screen.colour_registers[k] = r.to_int(hue(r), 0, 15) * 16 + (r.to_int(lum(r), 0, 15) & 14)
        list.__setitem__(r.ram, 708 + k, r.screen.colour_registers[k])
    return Stmt(run, "SETCOLOR")


@_register("SOUND")
def st_sound(rt, p):
    a, b = _two(p)
    p.expect_op(",")
    c, d = _two(p)

    def run(r):
        r.sounds.append((r.to_int(a(r), 0, 3), r.to_int(b(r), 0, 255), r.to_int(c(r), 0, 14),
                         r.to_int(d(r), 0, 15)))
    return Stmt(run, "SOUND")


@_register("XIO")
def st_xio(rt, p):
    cmd = p.num_expr()
    p.expect_op(",")
    chan = rt.channel(p)
    for _ in range(2):                    # aux1, aux2: unused by XIO 12
        p.expect_op(",")
        p.num_expr()
    p.expect_op(",")
    p.str_expr()

    def run(r):
        c = r.to_int(cmd(r), 0, 255)
        if c == 12:                       # close
            r.iocbs.pop(chan(r), None)
            return
        raise RunnerFault(f"XIO {c} at line {r.current_line}: only XIO 12 (close) is modelled")
    return Stmt(run, "XIO")


def _angle_mode(deg: bool):
    def compile(rt, p):
        def run(r):
            r.degrees = deg
        return Stmt(run, "DEG" if deg else "RAD")
    return compile


AtariRuntime.STATEMENTS["DEG"] = _angle_mode(True)
AtariRuntime.STATEMENTS["RAD"] = _angle_mode(False)
AtariRuntime.degrees = False


for _name in ("LIST", "ENTER", "BYE", "CONT", "NEW", "LOAD", "SAVE", "STATUS", "NOTE", "POINT", "RUN",
              "DOS", "LPRINT", "CSAVE", "CLOAD"):
    AtariRuntime.STATEMENTS[_name] = unmodelled(_name)


# ----------------------------------------------------------------------------------------
# functions
# ----------------------------------------------------------------------------------------
_fn = registrar(AtariRuntime.FUNCTIONS)


AtariRuntime.FUNCTIONS.update(SHARED_FUNCTIONS)      # SGN, ABS, PEEK, STR$, LEN, ASC (core.py)
AtariRuntime.FUNCTIONS.update({
    "INT": num_function(lambda r, x: N.atari_int(x)),
    "SQR": float_function(lambda r, x: math.sqrt(x) if x >= 0 else math.sqrt(-1)),
    "EXP": float_function(lambda r, x: math.exp(x)),
    "LOG": float_function(lambda r, x: math.log(x)),
    "CLOG": float_function(lambda r, x: math.log10(x)),
    "SIN": float_function(lambda r, x: math.sin(math.radians(x) if r.degrees else x)),
    "COS": float_function(lambda r, x: math.cos(math.radians(x) if r.degrees else x)),
    "ATN": float_function(lambda r, x: math.degrees(math.atan(x)) if r.degrees else math.atan(x)),
    "RND": num_function(lambda r, x: N.atari_norm(Fraction(r.next_random(), 65536))),
    "FRE": num_function(lambda r, x: 20000),
    "STICK": num_function(lambda r, x: r.stick() if r.to_int(x, 0, 3) == 0 else 15),
    "STRIG": num_function(lambda r, x: r.strig() if r.to_int(x, 0, 3) == 0 else 1),
    "PADDLE": num_function(lambda r, x: 228),
    "PTRIG": num_function(lambda r, x: 1),
})


AtariRuntime.FUNCTIONS.update({
    "VAL": str_function(lambda r, s: r.parse_number(re.match(r"\s*[-+]?[0-9.]*(E[-+]?\d+)?", s).group(0) or "x", 18)),
    "ADR": str_function(lambda r, s: (_ for _ in ()).throw(
        RunnerFault(f"ADR at line {r.current_line}: strings have no address in the runner"))),
})


AtariRuntime.FUNCTIONS["CHR$"] = num_function(lambda r, x: chr(r.to_int(x) & 0xFF), "str")


@_fn("USR")
def fn_usr(p):
    args = p.args(1)
    for _, ty in args:
        if ty != "num":
            raise TypeMismatchProblem()
    fs = [f for f, _ in args]

    def run(r):
        values = [r.to_int(f(r)) for f in fs]
        return r.usr(values[0], values[1:])
    return run, "num"
