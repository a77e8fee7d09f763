"""Applesoft: the token table, the tokenizer (text -> program as in memory) and LIST.

Text.  A program is a ``str`` of 7-bit ASCII, one program line per text line
(``"10 PRINT A"``), lines separated by ``"\\n"``; blank text lines are skipped.  A line may
hold at most ``MAX_TEXT_LINE`` (239) characters, what GETLN takes.

Program (what ``tokenize`` returns): the bytes Applesoft keeps from TXTTAB ($67-$68, $0801
by default) up to VARTAB ($69-$6A), exactly: for each line the address of the next line
(word, absolute, so the image belongs at ``start``), the line number (word), the line's
tokens and characters, a $00; then $00 $00 (the link of the end).  The byte before TXTTAB
($0800) must be $00 too; it is not part of the image.

The tokenizer follows Applesoft's PARSE routine ($D56C) character for character:

- blanks are dropped everywhere except in strings, after REM and in DATA;
- a keyword is looked for at every character that is not a digit, ``:`` or ``;``, the
  keywords tried in token order, the first that matches winning, blanks inside the
  text ignored while matching (``G O T O`` is GOTO); so keywords are found inside names:
  ``SCORE`` is ``SC`` ``OR`` ``E`` and ``HEAT`` is ``HE`` ``AT``;
- ``AT`` followed directly by ``N`` is not AT (ATN is found later) and followed directly by
  ``O`` is not AT either (``A`` then ``TO``); ``?`` is PRINT;
- after REM the rest of the line is kept as typed; after DATA up to a ``:`` outside quotes.

LIST (``detokenize``) prints as Applesoft's LIST does: the line number and a blank, each
keyword with a blank before and after it, everything else as stored.  The screen form
(``form="screen"``) also does what LIST does on the 40-column screen: after a character
that leaves the cursor in column 33 or beyond it starts a new screen line indented by 5.

VARTAB.  Loading the image sets VARTAB = TXTTAB + its length.  Lines typed after NEW leave
VARTAB one byte further (NEW adds 3 to TXTTAB where 2 would do, its carry being set), so
a program typed in and saved carries one byte of whatever was in memory after its $00 $00;
we do not write that byte.

Files.  ``apb_file``: our ``.apb`` file, the image with its load address: TXTTAB (word),
the image's length (word), the image.  ``file_image``: a DOS 3.3 Applesoft ("A") file's
contents: the image's length (word) and the image, whose links are those for TXTTAB =
``start`` ($0801, where DOS 3.3 and Applesoft load programs unless TXTTAB was moved).
"""

from __future__ import annotations

from .errors import BasicError

#: Tokens $80-$EA in order; the names as PARSE matches them and LIST prints them.
TOKENS: tuple[str, ...] = (
    "END", "FOR", "NEXT", "DATA", "INPUT", "DEL", "DIM", "READ", "GR", "TEXT",
    "PR#", "IN#", "CALL", "PLOT", "HLIN", "VLIN", "HGR2", "HGR", "HCOLOR=", "HPLOT",
    "DRAW", "XDRAW", "HTAB", "HOME", "ROT=", "SCALE=", "SHLOAD", "TRACE", "NOTRACE", "NORMAL",
    "INVERSE", "FLASH", "COLOR=", "POP", "VTAB", "HIMEM:", "LOMEM:", "ONERR", "RESUME", "RECALL",
    "STORE", "SPEED=", "LET", "GOTO", "RUN", "IF", "RESTORE", "&", "GOSUB", "RETURN",
    "REM", "STOP", "ON", "WAIT", "LOAD", "SAVE", "DEF", "POKE", "PRINT", "CONT",
    "LIST", "CLEAR", "GET", "NEW", "TAB(", "TO", "FN", "SPC(", "THEN", "AT",
    "NOT", "STEP", "+", "-", "*", "/", "^", "AND", "OR", ">",
    "=", "<", "SGN", "INT", "ABS", "USR", "FRE", "SCRN(", "PDL", "POS",
    "SQR", "RND", "LOG", "EXP", "COS", "SIN", "TAN", "ATN", "PEEK", "LEN",
    "STR$", "VAL", "ASC", "CHR$", "LEFT$", "RIGHT$", "MID$",
)
FIRST_TOKEN = 0x80
TOKEN_CODES: dict[str, int] = {name: FIRST_TOKEN + index for index, name in enumerate(TOKENS)}
T_DATA, T_REM = TOKEN_CODES["DATA"], TOKEN_CODES["REM"]
T_PRINT, T_AT = TOKEN_CODES["PRINT"], TOKEN_CODES["AT"]
LAST_STATEMENT = TOKEN_CODES["NEW"]          # $80-$BF can start a statement

DEFAULT_START = 0x0801
MAX_TEXT_LINE = 239
MAX_LINE_NUMBER = 63999
LIST_WRAP_COLUMN = 33                        # LIST starts a new screen line here ...
LIST_INDENT = 5                              # ... indented so far
SCREEN_WIDTH = 40


def _line_number(line: str, text_line: int) -> tuple[int, int]:
    """LINGET after CHRGET: the line number (blanks among its digits skipped) and where it ends."""
    pos, number, digits = 0, 0, 0
    while pos < len(line) and (line[pos] == " " or line[pos].isdigit()):
        if line[pos].isdigit():
            number = number * 10 + int(line[pos])
            digits += 1
            if number > MAX_LINE_NUMBER:
                raise BasicError(f"line number above {MAX_LINE_NUMBER}", text_line)
        pos += 1
    if not digits:
        raise BasicError("a program line starts with its line number", text_line)
    # LINGET stops at the first character that is not a digit; CHRGET has skipped blanks,
    # so blanks before it are gone and PARSE starts at that character
    return number, pos


def parse_line(text: str) -> bytes:
    """PARSE: the stored form of the text after a line number (no trailing $00)."""
    out = bytearray()
    pos = 0
    in_data = False
    size = len(text)
    while pos < size:
        char = text[pos]
        if char == " " and not in_data:
            pos += 1
            continue
        if char == '"':
            end = text.find('"', pos + 1)
            end = size if end < 0 else end + 1
            out += text[pos:end].encode("ascii")
            pos = end
            continue
        if in_data:
            out.append(ord(char))
            pos += 1
            if char == ":":
                in_data = False
            continue
        if char == "?":
            token, pos = T_PRINT, pos + 1
        elif "0" <= char <= ";":
            token, pos = ord(char), pos + 1
        else:
            token, pos = _match_keyword(text, pos)
        out.append(token)
        if token == ord(":"):
            in_data = False
        elif token == T_DATA:
            in_data = True
        elif token == T_REM:
            out += text[pos:].encode("ascii")
            pos = size
    return bytes(out)


def _match_keyword(text: str, start: int) -> tuple[int, int]:
    """The token PARSE finds at ``start`` and where it goes on, or the character itself."""
    for token, name in enumerate(TOKENS, start=FIRST_TOKEN):
        pos = start
        for index, letter in enumerate(name):
            while pos < len(text) and text[pos] == " ":
                pos += 1
            if pos >= len(text) or text[pos] != letter:
                break
            if index < len(name) - 1:
                pos += 1
        else:
            if token == T_AT and pos + 1 < len(text) and text[pos + 1] in "NO":
                continue                     # ATN, or A TO
            return token, pos + 1
    return ord(text[start]), start + 1


def tokenize_lines(text: str) -> list[tuple[int, bytes]]:
    """(line number, stored bytes without link, number and $00) of each line, sorted."""
    lines: dict[int, bytes] = {}
    for text_line, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if len(line) > MAX_TEXT_LINE:
            raise BasicError(f"line too long: {len(line)} characters, Applesoft takes "
                             f"{MAX_TEXT_LINE}", text_line)
        bad = [c for c in line if not (" " <= c <= "~")]
        if bad:
            raise BasicError(f"character {bad[0]!r} is not printable ASCII", text_line)
        number, pos = _line_number(line, text_line)
        body = parse_line(line[pos:])
        if not body:
            raise BasicError("a line number alone deletes a line; there is nothing to store",
                             text_line, number)
        if number in lines:
            raise BasicError(f"line {number} twice", text_line, number)
        lines[number] = body
    return sorted(lines.items())


def link(lines: list[tuple[int, bytes]], start: int = DEFAULT_START) -> bytes:
    """The program in memory from ``start``: linked lines and the $00 $00 end."""
    out = bytearray()
    address = start
    for number, body in lines:
        following = address + 4 + len(body) + 1
        out += following.to_bytes(2, "little") + number.to_bytes(2, "little") + body + b"\x00"
        address = following
    if address + 2 > 0x10000:
        raise BasicError(f"program does not fit in memory from ${start:04X}")
    return bytes(out + b"\x00\x00")


def tokenize(text: str, start: int = DEFAULT_START) -> bytes:
    """The program as Applesoft stores it from TXTTAB = ``start``.  Raises BasicError."""
    return link(tokenize_lines(text), start)


def program_lines(data: bytes, start: int = DEFAULT_START) -> list[tuple[int, bytes]]:
    """(line number, stored bytes) of each line of a program image, following the links."""
    lines, offset = [], 0
    while True:
        if offset + 2 > len(data):
            raise BasicError(f"program image ends at ${start + offset:04X} without its $00 $00 end")
        following = int.from_bytes(data[offset:offset + 2], "little")
        if data[offset + 1] == 0:             # LIST's test: the link's high byte
            return lines
        end = data.find(b"\x00", offset + 4)
        if offset + 4 > len(data) or end < 0:
            raise BasicError(f"program image: line at ${start + offset:04X} has no $00 end")
        number = int.from_bytes(data[offset + 2:offset + 4], "little")
        if following != start + end + 1:
            raise BasicError(f"line {number}: link ${following:04X} does not point after its "
                             f"end (${start + end + 1:04X}); image not at ${start:04X}?")
        lines.append((number, data[offset + 4:end]))
        offset = end + 1


def list_line(number: int, body: bytes, source: bool = False) -> str:
    """One line as LIST sends it (no carriage return).

    ``source=True``: without the blank LIST puts after REM and DATA, which typing the
    line again would make part of the remark or the data.
    """
    out = [f"{number} "]
    for byte in body:
        if byte >= FIRST_TOKEN:
            if byte - FIRST_TOKEN >= len(TOKENS):
                raise BasicError(f"unknown token ${byte:02X}", basic_line=number)
            keyword = TOKENS[byte - FIRST_TOKEN]
            out.append(f" {keyword}" if source and byte in (T_REM, T_DATA) else f" {keyword} ")
        else:
            out.append(chr(byte))
    return "".join(out)


def screen_rows(number: int, body: bytes) -> list[str]:
    """One line as LIST leaves it on the 40-column screen: its rows, blanks kept."""
    rows, row = [], ""

    def put(char: str) -> None:
        nonlocal row
        row += char
        if len(row) == SCREEN_WIDTH:        # COUT wraps by itself at the right margin
            rows.append(row)
            row = ""

    def check_wrap() -> None:
        nonlocal row
        if len(row) >= LIST_WRAP_COLUMN:
            rows.append(row)
            row = " " * LIST_INDENT

    for char in f"{number}":
        put(char)
    put(" ")
    check_wrap()
    for byte in body:
        if byte >= FIRST_TOKEN:
            put(" ")
            for char in TOKENS[byte - FIRST_TOKEN]:
                put(char)
            put(" ")
        else:
            put(chr(byte))
        check_wrap()
    rows.append(row)
    return rows


LIST_FORMS = ("list", "source", "screen")


def detokenize(data: bytes, start: int = DEFAULT_START, form: str = "list") -> str:
    """LIST of a program image loaded at ``start``: a ``"\\n"`` after each line.

    ``form="list"``: one text line per program line, exactly as LIST sends it (blanks
    around keywords, a trailing blank after a last keyword).  Typing that text again gives
    the same bytes except after REM and DATA, which gain LIST's blank, as on the Apple.
    ``form="source"``: the same without that blank, so that ``tokenize`` gives ``data`` back.
    ``form="screen"``: the rows LIST leaves on the 40-column screen (module's notes).
    """
    if form not in LIST_FORMS:
        raise ValueError(f"form is one of {LIST_FORMS}")
    out = []
    for number, body in program_lines(data, start):
        if form == "screen":
            out += screen_rows(number, body)
        else:
            out.append(list_line(number, body, source=form == "source"))
    return "".join(row + "\n" for row in out)


def file_image(program: bytes) -> bytes:
    """A DOS 3.3 Applesoft file's contents: the program's length (word), the program."""
    return len(program).to_bytes(2, "little") + program


def from_file_image(data: bytes) -> bytes:
    """The program of a DOS 3.3 Applesoft file's contents (its length word checked)."""
    if len(data) < 2:
        raise BasicError("not an Applesoft file: no length word")
    size = int.from_bytes(data[:2], "little")
    if size > len(data) - 2:
        raise BasicError(f"Applesoft file: its length word says {size} bytes, {len(data) - 2} follow")
    return data[2:2 + size]


APB_HEADER = 4


def apb_file(program: bytes, start: int = DEFAULT_START) -> bytes:
    """Our ``.apb`` file: load address (word, TXTTAB), length (word), the program image."""
    return start.to_bytes(2, "little") + len(program).to_bytes(2, "little") + program


def read_apb(data: bytes) -> tuple[int, bytes]:
    """(load address, program image) of an ``.apb`` file, its length checked."""
    if len(data) < APB_HEADER:
        raise BasicError("not an .apb file: shorter than its 4-byte header")
    start, size = int.from_bytes(data[:2], "little"), int.from_bytes(data[2:4], "little")
    if size != len(data) - APB_HEADER:
        raise BasicError(f".apb file: its header says {size} bytes of program, "
                         f"{len(data) - APB_HEADER} follow")
    return start, data[APB_HEADER:]
