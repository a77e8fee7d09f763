"""Atari BASIC: token tables, the tokenizer (text -> SAVE file) and LIST (SAVE file -> text).

Text.  A program is a ``str`` whose characters are ATASCII bytes, ``chr(byte)`` (latin-1), one
program line per text line (``"10 PRINT A"``), lines separated by ``"\\n"``.  Each line is
taken as the screen editor hands it to BASIC: trailing blanks are dropped, and it may hold at
most ``MAX_TEXT_LINE`` (114) characters, what one logical line of the editor takes with the
default margins.  Blank text lines are skipped.  Keywords may be abbreviated as Atari BASIC
allows (``PR.``, ``GR.``, ``.`` for REM).

SAVE file (what ``tokenize`` returns, byte for byte what ``SAVE "D:..."`` writes):

====== ==============================================================================
0-13   seven words: LOMEM, VNTP, VNTD, VVTP, STMTAB, STMCUR, STARP ($80-$8D) less LOMEM,
       so the first word is 0 and VNTP is $0100 (the 256-byte argument stack under it)
...    the memory from VNTP to STARP: the variable name table (each name's last
       character with bit 7 set, ``$`` ending a string's name and ``(`` an array's),
       the one $00 byte VNTD points at, the variable value table (8 bytes a variable:
       type $00 number / $40 array / $80 string, its number, 6 bytes of value, all 0
       as typing the lines leaves them), the statement table and, last, the direct-mode
       line 32768 holding the SAVE command being executed (STMCUR points at it)
====== ==============================================================================

A program line in the statement table: line number (word), the line's length (byte), then
each statement: the offset of the next statement from the line's start (byte), the
statement token, its tokens.  Numbers are $0E and 6 bytes of BCD floating point (excess-64
exponent of 100, five bytes of two digits), strings $0F, their length and their bytes,
variables $80 + their number.  A statement ends with $14 (``:``) or $16 (end of line); REM
and DATA keep their text as typed, ended by $9B.  A statement after ``THEN`` starts without
a ``:``.  Tokens whose meaning depends on the context (``=`` as assignment or as a numeric
or string comparison, the six ``(`` and two ``,`` kinds, unary ``+ -``, ``GOTO``/``GOSUB``
after ``ON``) are chosen by following Atari BASIC's syntax tables (The Atari BASIC Source
Book): the parser below is an ordered-choice parser over the same grammar.

Numbers are read as the OS's AFP reads them; below 1E-98 they become 0.  A constant may
have at most nine significant digits (the Atari OS keeps nine, AltirraOS ten where they
fit: more would make the bytes depend on the OS).  LIST prints them as the OS's FASC does (fixed
from 0.01 up to 1E10, else ``d.dddE+nn``; ``1E11`` lists as ``1.0E+11``).

Cross-checked with Altirra BASIC 1.59 in atari800 (docs/basic.md): Altirra BASIC is a
compatible reimplementation, not Atari BASIC rev B/C.  Where it stores differently (it folds
a sign into a numeric constant, ``-5`` -> one negative constant, where Atari BASIC stores
unary minus then 5) we write what Atari BASIC writes; both LOAD and run either form.  What
only one of them accepts is an error here: a string comparison inside a numeric array
element's parentheses (``A(B$="X")``, which Altirra BASIC refuses).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import BasicError

# --- token tables ---------------------------------------------------------------------

#: Statement tokens $00-$37, in token order (the order BASIC searches them in).  $36 is the
#: implied LET (``A=1``, listed without a keyword), $37 the line BASIC could not parse.
STATEMENTS: tuple[str, ...] = (
    "REM", "DATA", "INPUT", "COLOR", "LIST", "ENTER", "LET", "IF", "FOR", "NEXT",
    "GOTO", "GO TO", "GOSUB", "TRAP", "BYE", "CONT", "COM", "CLOSE", "CLR", "DEG",
    "DIM", "END", "NEW", "OPEN", "LOAD", "SAVE", "STATUS", "NOTE", "POINT", "XIO",
    "ON", "POKE", "PRINT", "RAD", "READ", "RESTORE", "RETURN", "RUN", "STOP", "POP",
    "?", "GET", "PUT", "GRAPHICS", "PLOT", "POSITION", "DOS", "DRAWTO", "SETCOLOR", "LOCATE",
    "SOUND", "LPRINT", "CSAVE", "CLOAD", "", "ERROR-",
)
STATEMENT_TOKENS: dict[str, int] = {name: token for token, name in enumerate(STATEMENTS) if name}
T_REM, T_DATA, T_ILET, T_ERROR = 0x00, 0x01, 0x36, 0x37

#: Operator and function tokens $10-$54, by token: (the name BASIC matches and LISTs).
#: $10 and $11 are never stored; $38 and $39 (array and DIM parentheses) list as nothing.
OPERATORS: dict[int, str] = {
    0x10: '"', 0x12: ",", 0x13: "$", 0x14: ":", 0x15: ";", 0x16: "",
    0x17: "GOTO", 0x18: "GOSUB", 0x19: "TO", 0x1A: "STEP", 0x1B: "THEN", 0x1C: "#",
    0x1D: "<=", 0x1E: "<>", 0x1F: ">=", 0x20: "<", 0x21: ">", 0x22: "=",
    0x23: "^", 0x24: "*", 0x25: "+", 0x26: "-", 0x27: "/",
    0x28: "NOT", 0x29: "OR", 0x2A: "AND", 0x2B: "(", 0x2C: ")",
    0x2D: "=", 0x2E: "=",                                       # numeric / string assignment
    0x2F: "<=", 0x30: "<>", 0x31: ">=", 0x32: "<", 0x33: ">", 0x34: "=",   # string compares
    0x35: "+", 0x36: "-",                                       # unary plus / minus
    0x37: "(", 0x38: "", 0x39: "", 0x3A: "(", 0x3B: "(",       # string, array, DIM, function, DIM string
    0x3C: ",",                                                  # subscript / argument comma
    0x3D: "STR$", 0x3E: "CHR$", 0x3F: "USR", 0x40: "ASC", 0x41: "VAL", 0x42: "LEN",
    0x43: "ADR", 0x44: "ATN", 0x45: "COS", 0x46: "PEEK", 0x47: "SIN", 0x48: "RND",
    0x49: "FRE", 0x4A: "EXP", 0x4B: "LOG", 0x4C: "CLOG", 0x4D: "SQR", 0x4E: "SGN",
    0x4F: "ABS", 0x50: "INT", 0x51: "PADDLE", 0x52: "STICK", 0x53: "PTRIG", 0x54: "STRIG",
}
FUNCTIONS: dict[str, int] = {name: token for token, name in OPERATORS.items() if token >= 0x3D}

C_NUM, C_STR = 0x0E, 0x0F
C_COMMA, C_EOS, C_SEMI, C_EOL = 0x12, 0x14, 0x15, 0x16
C_GOTO, C_GOSUB, C_TO, C_STEP, C_THEN, C_HASH = 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C
C_EQ, C_NOT, C_OR, C_AND, C_LPRN, C_RPRN = 0x22, 0x28, 0x29, 0x2A, 0x2B, 0x2C
C_AASN, C_SASN, C_UPLUS, C_UMINUS = 0x2D, 0x2E, 0x35, 0x36
C_SLPRN, C_ALPRN, C_DLPRN, C_FLPRN, C_DSLPRN, C_ACOM = 0x37, 0x38, 0x39, 0x3A, 0x3B, 0x3C
#: binary numeric operators (<NOP>) and the string comparisons (<SOP>) they turn into
BINARY_OPERATORS = frozenset((*range(0x1D, 0x28), C_OR, C_AND))
STRING_COMPARE = {0x1D: 0x2F, 0x1E: 0x30, 0x1F: 0x31, 0x20: 0x32, 0x21: 0x33, 0x22: 0x34}
STRING_FUNCTIONS = frozenset((0x3D, 0x3E))            # STR$ CHR$: number in, string out
STRING_ARG_FUNCTIONS = frozenset((0x40, 0x41, 0x42, 0x43))   # ASC VAL LEN ADR: string in
#: the names the operator search (SRCONT) tries, in token order
_OP_SEARCH: tuple[tuple[str, int], ...] = tuple(
    (name, token) for token, name in sorted(OPERATORS.items())
    if name and token not in (0x10, 0x16) and token < 0x2D or token >= 0x3D)

EOL = 0x9B                      # ATASCII end of line, ends REM and DATA text
MAX_TEXT_LINE = 114             # one logical line of the screen editor, default margins
MAX_TOKENIZED_LINE = 255        # the line length byte (error 14 beyond it)
MAX_VARIABLES = 128             # tokens $80-$FF (error 4 beyond it)
MAX_LINE_NUMBER = 32767
MAX_DIGITS = 9                  # significant digits of a constant (see number_bytes)
DIRECT_LINE = 32768
DEFAULT_DIRECT = 'SAVE "D:PROGRAM.BAS"'

VAR_NUMBER, VAR_ARRAY, VAR_STRING = 0x00, 0x40, 0x80


# --- numbers: the OS's AFP and FASC ---------------------------------------------------

def number_bytes(text: str) -> bytes:
    """The 6-byte BCD of a decimal constant as AFP reads it.

    The Atari OS's AFP keeps nine significant digits and drops the rest; AltirraOS's keeps
    ten when the exponent leaves room for them.  So that the bytes never depend on the OS,
    a constant with more than nine significant digits is an error here.
    """
    mantissa, _, exponent = text.upper().partition("E")
    whole, _, fraction = mantissa.partition(".")
    if not (whole + fraction).isdigit() or (exponent and not exponent.lstrip("+-").isdigit()):
        raise ValueError(f"bad number {text!r}")
    digits = (whole + fraction).lstrip("0")
    if not digits:
        return bytes(6)
    # value = 0.<digits> x 10^k
    k = len(whole.lstrip("0")) if whole.lstrip("0") else -(len(fraction) - len(fraction.lstrip("0")))
    k += int(exponent or 0)
    digits = digits.rstrip("0")
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"number {text!r} has {len(digits)} significant digits; write at most "
                         f"{MAX_DIGITS} (the OS keeps 9, AltirraOS 10 when they fit)")
    if k % 2:
        digits, k = "0" + digits, k + 1
    exponent_byte = 64 + k // 2 - 1
    if k > 98:
        raise ValueError(f"number {text!r} is too large (at most 9.99999999E+97)")
    if k < -96:                         # under 1E-98: AFP gives 0
        return bytes(6)
    digits = digits.ljust(10, "0")
    return bytes([exponent_byte]) + bytes.fromhex(digits)


def number_text(bcd: bytes) -> str:
    """A 6-byte BCD number as LIST and PRINT show it (the OS's FASC)."""
    if len(bcd) != 6:
        raise ValueError("a number is 6 bytes")
    if bcd[0] & 0x7F == 0 and not any(bcd[1:]):
        return "0"
    sign = "-" if bcd[0] & 0x80 else ""
    exponent = (bcd[0] & 0x7F) - 64                 # value = m1.m2m3m4m5 x 100^exponent
    digits = bcd[1:].hex()
    if not digits.isdigit():
        raise ValueError(f"not BCD: {bcd.hex()}")
    if -1 <= exponent <= 4:                         # 0.01 <= x < 1E10: fixed
        point = 2 + 2 * exponent
        whole, fraction = digits[:point].lstrip("0"), digits[point:].rstrip("0")
        if point <= 0:
            whole, fraction = "", ("0" * -point + digits).rstrip("0")
        text = (whole or "0") + ("." + fraction if fraction else "")
        return sign + text
    # FASC's E format: point after the first byte, trailing zeros dropped, then the point
    # moved one digit left when the first byte has two digits (so 10 -> "1.0", not "1")
    head, rest = digits[:2], digits[2:].rstrip("0")
    power = 2 * exponent
    if head[0] == "0":
        text = head[1] + ("." + rest if rest else "")
    else:
        text = head[0] + "." + head[1] + rest
        power += 1
    return f"{sign}{text}E{'+' if power >= 0 else '-'}{abs(power):02d}"


# --- the tokenizer --------------------------------------------------------------------

@dataclass
class _Variables:
    names: list[str] = field(default_factory=list)

    def number(self, name: str, text_line: int, basic_line: int) -> int:
        if name not in self.names:
            if len(self.names) == MAX_VARIABLES:
                raise BasicError(f"too many variables: {name} would be the {MAX_VARIABLES + 1}th "
                                 f"(Atari BASIC has {MAX_VARIABLES})", text_line, basic_line)
            self.names.append(name)
        return self.names.index(name)


class _Fail(Exception):
    """This alternative does not match (the parser backtracks)."""


class _LineParser:
    """Atari BASIC's syntax tables as an ordered-choice parser over one program line."""

    def __init__(self, text: str, variables: _Variables, text_line: int, basic_line: int):
        self.text = text
        self.pos = 0
        self.out = bytearray()
        self.variables = variables
        self.text_line = text_line
        self.basic_line = basic_line
        self.furthest = 0
        self.subscript_depth = 0          # inside a numeric array's ( ): see string_compare

    # -- helpers
    def error(self, message: str) -> BasicError:
        return BasicError(message, self.text_line, self.basic_line)

    def skip_blanks(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.text[index] if index < len(self.text) else ""

    def attempt(self, rule, *args) -> bool:
        """Run ``rule``; on failure put position and output back and say False."""
        pos, size = self.pos, len(self.out)
        try:
            rule(*args)
            return True
        except _Fail:
            self.furthest = max(self.furthest, self.pos)
            self.pos = pos
            del self.out[size:]
            return False

    def first(self, *alternatives) -> None:
        for alternative in alternatives:
            if self.attempt(alternative):
                return
        raise _Fail

    def search_operator(self) -> tuple[int, int] | None:
        """SRCONT: the first operator or function whose name the text starts with."""
        self.skip_blanks()
        for name, token in _OP_SEARCH:
            if self.text.startswith(name, self.pos):
                return token, self.pos + len(name)
        return None

    def expect(self, token: int, store: int | None = None) -> None:
        """A terminal of the syntax tables: operator ``token``, stored as ``store`` (CHNG)."""
        found = self.search_operator()
        if found is None or found[0] != token:
            raise _Fail
        self.pos = found[1]
        self.out.append(token if store is None else store)

    def end_of_statement(self) -> None:
        self.skip_blanks()
        if self.pos == len(self.text):
            self.out.append(C_EOL)
        elif self.peek() == ":":
            self.pos += 1
            self.out.append(C_EOS)
        else:
            raise _Fail

    # -- variables and constants
    def variable_name(self) -> str:
        """TNVAR/TSVAR's scan: a letter, letters and digits; not a reserved word."""
        self.skip_blanks()
        if not ("A" <= self.peek() <= "Z"):
            raise _Fail
        reserved = self.search_operator()
        if reserved is not None:
            after = self.text[reserved[1]] if reserved[1] < len(self.text) else ""
            if after == "" or after < "0":
                raise _Fail
        start = self.pos
        while self.peek().isascii() and (self.peek().isupper() or self.peek().isdigit()):
            self.pos += 1
        return self.text[start:self.pos]

    def add_variable(self, name: str) -> None:
        self.out.append(0x80 + self.variables.number(name, self.text_line, self.basic_line))

    def numeric_name(self) -> bool:
        """A numeric variable or array name; True for an array (``(`` follows)."""
        name = self.variable_name()
        if self.peek() == "$":
            raise _Fail
        array = self.peek() == "("
        self.add_variable(name + ("(" if array else ""))
        return array

    def simple_numeric_name(self) -> None:
        """<NVARN> where BASIC wants a plain variable (FOR, NEXT, GET, NOTE ...)."""
        if self.numeric_name():
            raise _Fail

    def string_name(self) -> None:
        name = self.variable_name()
        if self.peek() != "$":
            raise _Fail
        self.pos += 1
        self.add_variable(name + "$")

    def numeric_constant(self) -> None:
        self.skip_blanks()
        start = self.pos
        while self.peek().isdigit():
            self.pos += 1
        if self.peek() == ".":
            self.pos += 1
            while self.peek().isdigit():
                self.pos += 1
        if self.pos == start or self.text[start:self.pos] == ".":
            self.pos = start
            raise _Fail
        if self.peek() == "E":
            mark = self.pos
            self.pos += 1
            if self.peek() in "+-" and self.peek():
                self.pos += 1
            if not self.peek().isdigit():
                self.pos = mark
            else:
                while self.peek().isdigit():
                    self.pos += 1
        try:
            value = number_bytes(self.text[start:self.pos])
        except ValueError as exc:
            raise self.error(str(exc)) from None
        self.out.append(C_NUM)
        self.out += value

    def string_constant(self) -> None:
        self.skip_blanks()
        if self.peek() != '"':
            raise _Fail
        end = self.text.find('"', self.pos + 1)
        if end < 0:
            raise self.error('string without its closing "')
        body = self.text[self.pos + 1:end]
        self.pos = end + 1
        self.out += bytes((C_STR, len(body))) + body.encode("latin-1")

    # -- expressions (<EXP> and friends)
    def expression(self) -> None:
        self.first(self._paren_expression, self._unary_expression, self._value_expression)

    def _paren_expression(self) -> None:
        self.expect(C_LPRN)
        self.expression()
        self.expect(C_RPRN)
        self.operator_tail()

    def _unary_expression(self) -> None:
        found = self.search_operator()
        if found is None or found[0] not in (0x25, 0x26, C_NOT):
            raise _Fail
        self.pos = found[1]
        self.out.append({0x25: C_UPLUS, 0x26: C_UMINUS, C_NOT: C_NOT}[found[0]])
        self.expression()

    def _value_expression(self) -> None:
        self.first(self.numeric_function, self.numeric_variable, self.numeric_constant,
                   self.string_compare)
        self.operator_tail()

    def operator_tail(self) -> None:
        """<NOP>: a binary operator and an expression, or nothing."""
        pos, size = self.pos, len(self.out)
        found = self.search_operator()
        if found is None or found[0] not in BINARY_OPERATORS:
            self.pos = pos
            return
        self.pos = found[1]
        self.out.append(found[0])
        if not self.attempt(self.expression):
            self.pos = pos
            del self.out[size:]

    def numeric_variable(self) -> None:
        if self.numeric_name():
            self.subscripts(C_ALPRN)

    def subscripts(self, paren: int) -> None:
        self.expect(C_LPRN, paren)
        self.subscript_depth += paren == C_ALPRN
        try:
            self.expression()
            if self.attempt(self.expect, C_COMMA, C_ACOM):
                self.expression()
        finally:
            self.subscript_depth -= paren == C_ALPRN
        self.expect(C_RPRN)

    def numeric_function(self) -> None:
        found = self.search_operator()
        if found is None or found[0] < 0x3D or found[0] in STRING_FUNCTIONS:
            raise _Fail
        token = found[0]
        self.pos = found[1]
        self.out.append(token)
        self.expect(C_LPRN, C_FLPRN)
        if token in STRING_ARG_FUNCTIONS:
            self.string_expression()
        else:
            self.expression()
            while token == 0x3F and self.attempt(self.expect, C_COMMA, C_ACOM):   # USR
                self.expression()
        self.expect(C_RPRN)

    def string_compare(self) -> None:
        self.string_expression()
        found = self.search_operator()
        if found is None or found[0] not in STRING_COMPARE:
            raise _Fail
        if self.subscript_depth:
            raise self.error("a string comparison inside an array element's ( ): Altirra BASIC "
                             "refuses it (Atari BASIC takes it); compute it into a variable first")
        self.pos = found[1]
        self.out.append(STRING_COMPARE[found[0]])
        self.string_expression()

    def string_expression(self) -> None:
        self.first(self.string_function, self.string_variable, self.string_constant)

    def string_function(self) -> None:
        found = self.search_operator()
        if found is None or found[0] not in STRING_FUNCTIONS:
            raise _Fail
        self.pos = found[1]
        self.out.append(found[0])
        self.expect(C_LPRN, C_FLPRN)
        self.expression()
        self.expect(C_RPRN)

    def string_variable(self) -> None:
        self.string_name()
        self.attempt(self.subscripts, C_SLPRN)

    def print_item(self) -> None:
        self.first(self.expression, self.string_expression)

    # -- statements
    def channel(self) -> None:
        """``#expression``."""
        self.expect(C_HASH)
        self.expression()

    def comma(self) -> None:
        self.expect(C_COMMA)

    def numbers(self, count: int) -> None:
        for index in range(count):
            if index:
                self.comma()
            self.expression()

    def statement(self, token: int) -> None:
        """The rest of a statement after its keyword, and its end."""
        if token in (T_REM, T_DATA):
            self.skip_blanks()
            body = self.text[self.pos:]
            self.pos = len(self.text)
            self.out += body.encode("latin-1") + bytes((EOL,))
            return
        if token == T_ERROR:
            raise _Fail
        handler = _STATEMENT_SYNTAX.get(STATEMENTS[token] or "LET")
        handler(self)

    def s_none(self) -> None:
        self.end_of_statement()

    def s_expression(self) -> None:
        self.expression()
        self.end_of_statement()

    def s_numbers(self, count: int) -> None:
        self.numbers(count)
        self.end_of_statement()

    def s_string(self) -> None:
        self.string_expression()
        self.end_of_statement()

    def s_optional_string(self) -> None:
        if not self.attempt(self.s_string):
            self.end_of_statement()

    def s_optional_expression(self) -> None:
        if not self.attempt(self.s_expression):
            self.end_of_statement()

    def s_let(self) -> None:
        def numeric() -> None:
            self.numeric_variable()
            self.expect(C_EQ, C_AASN)
            self.expression()
            self.end_of_statement()

        def string() -> None:
            self.string_variable()
            self.expect(C_EQ, C_SASN)
            self.string_expression()
            self.end_of_statement()
        self.first(numeric, string)

    def s_if(self) -> None:
        self.expression()
        self.expect(C_THEN)
        self.skip_blanks()
        if self.peek().isdigit() or self.peek() == ".":
            self.numeric_constant()
            self.end_of_statement()
        # else: a statement follows (the line parser goes on after THEN)

    def s_for(self) -> None:
        self.simple_numeric_name()
        self.expect(C_EQ, C_AASN)
        self.expression()
        self.expect(C_TO)
        self.expression()
        if self.attempt(self.expect, C_STEP):
            self.expression()
        self.end_of_statement()

    def s_next(self) -> None:
        self.simple_numeric_name()
        self.end_of_statement()

    def variable_list(self) -> None:
        while True:
            self.first(self.simple_numeric_name, self.string_name)
            if not self.attempt(self.comma):
                break

    def separator_next(self) -> tuple[int, int] | None:
        """search_operator's answer if it is a comma or a semicolon, else None; nothing taken."""
        found = self.search_operator()
        return found if found is not None and found[0] in (C_COMMA, C_SEMI) else None

    def take_separator(self) -> bool:
        """A comma or a semicolon next: stored and passed; False (nothing taken) if not."""
        found = self.separator_next()
        if found is None:
            return False
        self.pos = found[1]
        self.out.append(found[0])
        return True

    def s_input(self) -> None:
        if self.attempt(self.channel) and not self.take_separator():
            raise _Fail
        self.variable_list()
        self.end_of_statement()

    def s_read(self) -> None:
        self.variable_list()
        self.end_of_statement()

    def print_list(self) -> None:
        while True:
            if self.take_separator():
                continue
            if self.attempt(self.print_item) and self.separator_next() is not None:
                continue
            break

    def s_print(self) -> None:
        if self.attempt(self.channel):
            self.take_separator()
        self.print_list()
        self.end_of_statement()

    def s_lprint(self) -> None:
        self.print_list()
        self.end_of_statement()

    def s_list(self) -> None:
        def with_device() -> None:
            self.string_expression()
            self.comma()
        if self.attempt(self.end_of_statement):
            return
        if self.attempt(self.s_string):
            return
        self.attempt(with_device)
        self.expression()
        if self.attempt(self.comma):
            self.expression()
        self.end_of_statement()

    def s_dim(self) -> None:
        def numeric() -> None:
            if not self.numeric_name():
                raise _Fail
            self.subscripts(C_DLPRN)

        def string() -> None:
            self.string_name()
            self.expect(C_LPRN, C_DSLPRN)
            self.expression()
            self.expect(C_RPRN)
        while True:
            self.first(numeric, string)
            if not self.attempt(self.comma):
                break
        self.end_of_statement()

    def s_close(self) -> None:
        self.channel()
        self.end_of_statement()

    def s_open(self) -> None:
        self.channel()
        self.comma()
        self.numbers(2)
        self.comma()
        self.s_string()

    def s_xio(self) -> None:
        self.expression()
        self.comma()
        self.s_open()

    def s_status(self) -> None:
        self.channel()
        self.comma()
        self.simple_numeric_name()
        self.end_of_statement()

    def s_note(self) -> None:
        self.channel()
        for _ in range(2):
            self.comma()
            self.simple_numeric_name()
        self.end_of_statement()

    def s_point(self) -> None:
        self.channel()
        self.comma()
        self.s_numbers(2)

    def s_put(self) -> None:
        self.channel()
        self.comma()
        self.s_expression()

    def s_locate(self) -> None:
        self.numbers(2)
        self.comma()
        self.simple_numeric_name()
        self.end_of_statement()

    def s_on(self) -> None:
        self.expression()
        found = self.search_operator()
        if found is None or found[0] not in (C_GOTO, C_GOSUB):
            raise _Fail
        self.pos = found[1]
        self.out.append(found[0])
        self.expression()
        while self.attempt(self.comma):
            self.expression()
        self.end_of_statement()


def _numbers(count: int):
    return lambda parser: parser.s_numbers(count)


_STATEMENT_SYNTAX = {
    "INPUT": _LineParser.s_input, "COLOR": _LineParser.s_expression, "LIST": _LineParser.s_list,
    "ENTER": _LineParser.s_string, "LET": _LineParser.s_let, "IF": _LineParser.s_if,
    "FOR": _LineParser.s_for, "NEXT": _LineParser.s_next, "GOTO": _LineParser.s_expression,
    "GO TO": _LineParser.s_expression, "GOSUB": _LineParser.s_expression,
    "TRAP": _LineParser.s_expression, "BYE": _LineParser.s_none, "CONT": _LineParser.s_none,
    "COM": _LineParser.s_dim, "CLOSE": _LineParser.s_close, "CLR": _LineParser.s_none,
    "DEG": _LineParser.s_none, "DIM": _LineParser.s_dim, "END": _LineParser.s_none,
    "NEW": _LineParser.s_none, "OPEN": _LineParser.s_open, "LOAD": _LineParser.s_string,
    "SAVE": _LineParser.s_string, "STATUS": _LineParser.s_status, "NOTE": _LineParser.s_note,
    "POINT": _LineParser.s_point, "XIO": _LineParser.s_xio, "ON": _LineParser.s_on,
    "POKE": _numbers(2), "PRINT": _LineParser.s_print, "RAD": _LineParser.s_none,
    "READ": _LineParser.s_read, "RESTORE": _LineParser.s_optional_expression,
    "RETURN": _LineParser.s_none, "RUN": _LineParser.s_optional_string, "STOP": _LineParser.s_none,
    "POP": _LineParser.s_none, "?": _LineParser.s_print, "GET": _LineParser.s_status,
    "PUT": _LineParser.s_put, "GRAPHICS": _LineParser.s_expression, "PLOT": _numbers(2),
    "POSITION": _numbers(2), "DOS": _LineParser.s_none, "DRAWTO": _numbers(2),
    "SETCOLOR": _numbers(3), "LOCATE": _LineParser.s_locate, "SOUND": _numbers(4),
    "LPRINT": _LineParser.s_lprint, "CSAVE": _LineParser.s_none, "CLOAD": _LineParser.s_none,
}


def _statement_keyword(text: str, pos: int) -> tuple[int, int]:
    """Atari BASIC's statement name search at ``pos``: (token, end), implied LET if none.

    Names are tried in token order; the first the text starts with wins (so ``PRINTER=1``
    is ``PRINT ER=1``); a ``.`` in the text ends an abbreviation (``PR.`` is PRINT, the
    first statement whose name starts with PR; ``.`` alone is REM).
    """
    for token, name in enumerate(STATEMENTS[:T_ILET]):
        index = 0
        while index < len(name):
            char = text[pos + index] if pos + index < len(text) else ""
            if char == ".":
                return token, pos + index + 1
            if char != name[index]:
                break
            index += 1
        else:
            return token, pos + len(name)
    return T_ILET, pos


def _split_line_number(line: str, text_line: int) -> tuple[int, str]:
    digits = len(line) - len(line.lstrip("0123456789"))
    if digits == 0:
        raise BasicError("a program line starts with its line number", text_line)
    number = int(line[:digits])
    if number > MAX_LINE_NUMBER:
        raise BasicError(f"line number {number} is above {MAX_LINE_NUMBER}", text_line)
    return number, line[digits:]


def tokenize_line(number: int, body: str, variables: _Variables, text_line: int = 0,
                  column: int = 0) -> bytes:
    """One program line (its number and the text after it) as the statement table holds it.

    ``column``: where ``body`` starts in its text line, for the errors' columns.
    """
    parser = _LineParser(body, variables, text_line, number)
    statements = bytearray()
    parser.skip_blanks()
    if parser.pos == len(body):
        raise parser.error("a line number alone deletes a line; there is nothing to store")
    while parser.pos < len(body) or not statements:
        parser.skip_blanks()
        start = parser.pos
        token, parser.pos = _statement_keyword(body, parser.pos)
        parser.out = bytearray([token])
        if not parser.attempt(parser.statement, token):
            parser.pos = max(parser.furthest, start)
            what = (f"syntax error in {STATEMENTS[token]}" if STATEMENTS[token] else
                    "not a statement keyword, nor an assignment (syntax error)")
            raise parser.error(f"{what} at column {column + parser.pos + 1}: "
                               f"{body[:parser.pos].strip()} <here> {body[parser.pos:].strip()}"
                               .rstrip())
        offset = 3 + len(statements) + 1 + len(parser.out)
        statements += bytes([offset & 0xFF]) + parser.out
        if offset > MAX_TOKENIZED_LINE:
            break
        ends = parser.out[-1]
        if ends == C_EOL or (ends == EOL and token in (T_REM, T_DATA)):
            break
        if ends != C_EOS and ends != C_THEN:
            break
        parser.skip_blanks()
        if parser.pos == len(body):
            raise parser.error(f"a line cannot end with {OPERATORS[ends]!r}: a statement must follow")
    length = 3 + len(statements)
    if length > MAX_TOKENIZED_LINE:
        raise parser.error(f"line too long: {length} bytes tokenized, Atari BASIC takes at most "
                           f"{MAX_TOKENIZED_LINE} (error 14)")
    return number.to_bytes(2, "little") + bytes([length]) + bytes(statements)


@dataclass
class Program:
    """A tokenized program in memory order: names, values, statement table, direct line."""

    names: list[str]
    lines: list[bytes]
    direct: bytes

    def variable_name_table(self) -> bytes:
        table = bytearray()
        for name in self.names:
            raw = name.encode("latin-1")
            table += raw[:-1] + bytes([raw[-1] | 0x80])
        return bytes(table) + b"\x00"

    def variable_value_table(self) -> bytes:
        table = bytearray()
        for number, name in enumerate(self.names):
            kind = VAR_STRING if name.endswith("$") else VAR_ARRAY if name.endswith("(") else VAR_NUMBER
            table += bytes([kind, number]) + bytes(6)
        return bytes(table)

    def memory(self, lomem: int) -> tuple[dict[str, int], bytes]:
        """The pointers ($80-$8D) and the bytes from VNTP to STARP for a given LOMEM."""
        vnt, vvt = self.variable_name_table(), self.variable_value_table()
        statements = b"".join(self.lines)
        vntp = lomem + 0x100
        pointers = {"LOMEM": lomem, "VNTP": vntp, "VNTD": vntp + len(vnt) - 1,
                    "VVTP": vntp + len(vnt), "STMTAB": vntp + len(vnt) + len(vvt)}
        pointers["STMCUR"] = pointers["STMTAB"] + len(statements)
        pointers["STARP"] = pointers["STMCUR"] + len(self.direct)
        return pointers, vnt + vvt + statements + self.direct

    def save_file(self) -> bytes:
        pointers, body = self.memory(0)
        return b"".join(value.to_bytes(2, "little") for value in pointers.values()) + body


POINTER_NAMES = ("LOMEM", "VNTP", "VNTD", "VVTP", "STMTAB", "STMCUR", "STARP")


def parse_program(text: str, direct: str | None = DEFAULT_DIRECT) -> Program:
    """The program of ``text`` (see the module's notes), lines sorted by number."""
    variables = _Variables()
    lines: dict[int, bytes] = {}
    for text_line, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip(" \r")
        if not line.strip():
            continue
        if len(line) > MAX_TEXT_LINE:
            raise BasicError(f"line too long: {len(line)} characters, the screen editor takes "
                             f"{MAX_TEXT_LINE}", text_line)
        number, body = _split_line_number(line.lstrip(" "), text_line)
        if number in lines:
            raise BasicError(f"line {number} twice", text_line, number)
        lines[number] = tokenize_line(number, body, variables, text_line, len(line) - len(body))
    if direct is None:
        direct_bytes = DIRECT_LINE.to_bytes(2, "little") + b"\x03"
    else:
        direct_bytes = DIRECT_LINE.to_bytes(2, "little") + tokenize_line(0, direct, variables)[2:]
    return Program(list(variables.names), [lines[n] for n in sorted(lines)], direct_bytes)


def tokenize(text: str, direct: str | None = DEFAULT_DIRECT) -> bytes:
    """The SAVE file of the program ``text``.

    ``direct`` is the direct-mode line 32768 SAVE leaves at the end (the SAVE command
    itself when a program is saved from the keyboard); ``None`` writes the empty line
    ``$00 $80 $03`` BASIC holds after NEW.  Raises BasicError.
    """
    return parse_program(text, direct).save_file()


# --- LIST -----------------------------------------------------------------------------

def split_save_file(data: bytes) -> tuple[dict[str, int], bytes]:
    """The seven header pointers (LOMEM = 0) and the body of a SAVE file, checked."""
    if len(data) < 14:
        raise BasicError("not an Atari BASIC SAVE file: shorter than its 14-byte header")
    pointers = {name: int.from_bytes(data[2 * i:2 * i + 2], "little") for i, name in enumerate(POINTER_NAMES)}
    order = [pointers[name] for name in POINTER_NAMES[1:]]
    if pointers["LOMEM"] != 0 or pointers["VNTP"] != 0x100 or order != sorted(order):
        raise BasicError("not an Atari BASIC SAVE file: its header pointers are not LOMEM 0, "
                         "VNTP $100 and ascending")
    body = data[14:]
    if len(body) != pointers["STARP"] - pointers["VNTP"]:
        raise BasicError(f"SAVE file size: header says {pointers['STARP'] - 0x100} bytes after "
                         f"it, the file has {len(body)}")
    return pointers, body


def variable_names(table: bytes) -> list[str]:
    names, current = [], ""
    for byte in table:
        current += chr(byte & 0x7F)
        if byte & 0x80:
            names.append(current)
            current = ""
    return names


def list_line(line: bytes, names: list[str]) -> str:
    """One statement-table line as LIST prints it (no end of line)."""
    number, length = int.from_bytes(line[:2], "little"), line[2]
    out = [f"{number} "]
    pos = 3
    while pos < length:
        next_statement, token = line[pos], line[pos + 1]
        pos += 2
        if token in (T_REM, T_DATA):
            end = line.index(EOL, pos)
            out.append(STATEMENTS[token] + " " + line[pos:end].decode("latin-1"))
            pos = next_statement
            continue
        if token >= len(STATEMENTS):
            raise BasicError(f"unknown statement token ${token:02X}", basic_line=number)
        if STATEMENTS[token]:
            out.append(STATEMENTS[token] + " ")
        while pos < next_statement:
            token = line[pos]
            pos += 1
            if token >= 0x80:
                if token - 0x80 >= len(names):
                    raise BasicError(f"variable ${token:02X} is not in the name table", basic_line=number)
                out.append(names[token - 0x80])
            elif token == C_NUM:
                out.append(number_text(line[pos:pos + 6]))
                pos += 6
            elif token == C_STR:
                size = line[pos]
                out.append('"' + line[pos + 1:pos + 1 + size].decode("latin-1") + '"')
                pos += 1 + size
            elif token in OPERATORS and token not in (0x10, 0x11):
                name = OPERATORS[token]
                out.append(f" {name} " if name[:1].isalpha() and token < 0x3D else name)
            else:
                raise BasicError(f"unknown token ${token:02X}", basic_line=number)
    return "".join(out)


def statement_lines(statements: bytes) -> list[bytes]:
    """The lines of a statement table, up to and without the direct line 32768."""
    lines, pos = [], 0
    while pos + 3 <= len(statements):
        number, length = int.from_bytes(statements[pos:pos + 2], "little"), statements[pos + 2]
        if number >= DIRECT_LINE:
            break
        if length < 3 or pos + length > len(statements):
            raise BasicError(f"statement table: line {number} has a bad length {length}")
        lines.append(statements[pos:pos + length])
        pos += length
    return lines


def detokenize(data: bytes) -> str:
    """LIST of a SAVE file: one text line per program line, ``"\\n"`` after each.

    As the screen shows it: no trailing blanks (LIST puts one after every statement name).
    """
    pointers, body = split_save_file(data)
    base = pointers["VNTP"]
    names = variable_names(body[:pointers["VNTD"] - base])
    statements = body[pointers["STMTAB"] - base:]
    return "".join(list_line(line, names).rstrip(" ") + "\n" for line in statement_lines(statements))
