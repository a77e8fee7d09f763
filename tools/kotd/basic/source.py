"""The front ends' source format (docs/basic.md): from readable sources to a numbered program.

A *program* is a manifest, ``port/basic/<name>.prog``, naming its source files in order::

    # example: calls the engine and prints what it answers
    common/example.bas
    {target}/screen.bas          # atari/screen.bas or apple/screen.bas
    apple: apple/engine.bas      # only in the Applesoft program

A *source file* holds BASIC without line numbers:

- ``draw_map:`` alone on a line is a label; ``GOTO @draw_map`` (``GOSUB``, ``THEN``,
  ``ON ... GOTO``, ``TRAP``, ``RESTORE``...) refers to it;
- keywords are upper case, names lower case and as long as they need to be
  (``unit_count``, ``name$``, ``hex_col(``): the toolchain maps each to a short name the
  dialect keeps apart;
- ``{STATUS_ON_MAP}``, ``{U_COL}``, ``{CALL_STATUS+1}`` are numbers from the build's symbol
  table (``kotd.build.stateblock.constants``: ``dist/<target>/state_constants.txt``);
- ``ENGINE(HEX_DISTANCE, c1, r1, c2, r2)`` calls an engine entry (``kotd.build.abi``), as a
  statement or as the right side of an assignment: ``USR`` on the Atari; on the Apple
  ``engine_arg(i) = ...``, ``engine_argc``, ``engine_entry`` and ``GOSUB @engine_call``
  (``port/basic/apple/engine.bas``: the POKEs and the ``CALL``), the result in
  ``engine_result``;
- ``'`` starts a comment (outside strings); blank lines and indentation are free.

Each statement line becomes one numbered BASIC line; :class:`Program` keeps for each the
source file and line it came from.  Problems are :class:`Problem` (``file:line: what``).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..build import abi
from ..build.paths import BASIC_DIR, REPO_ROOT
from .dialects import DIALECTS, Dialect
from .names import NameMap, name_key

FIRST_LINE = 10
LINE_STEP = 10

#: The names the ENGINE macro uses on the Apple (mapped like any other long name).
ENGINE_CALL_LABEL = "engine_call"
ENGINE_RESULT = "engine_result"
ENGINE_ENTRY = "engine_entry"
ENGINE_ARGC = "engine_argc"
ENGINE_ARG = "engine_arg"          # engine_arg(1) .. engine_arg(n): the arguments

#: The call block's addresses as the Apple's byte-argument calls name them: variables
#: the program sets before its first ENGINE call (apple/board.bas @screen_init,
#: apple/screen.bas), each two characters where the number is five digits: 3 bytes of
#: program and about 4,000 cycles of Applesoft's number parsing fewer a use (the
#: checker refuses a program that reads one before setting it).
APPLE_CALL_NAMES = {"{CALL_ARGC}": "call_argc", "{CALL_ARGS+0}": "call_arg1", "{CALL_ARGS+2}": "call_arg2",
                    "{CALL_ARGS+4}": "call_arg3", "{CALL_ARGS+6}": "call_arg4", "{CALL_RESULT}": "call_result",
                    "{CALL_RESULT+1}": "call_result_hi"}

#: Arguments that are bytes (0-255) wherever a front end passes them: on the Apple an
#: entry taking only these (or none) is called with a POKE per byte and CALL, without
#: @engine_call; a value over 255 is Applesoft's ?ILLEGAL QUANTITY, not a wrong call.
BYTE_ARGUMENTS = {"col", "row", "direction", "col1", "row1", "col2", "row2", "unit", "unit1", "unit2", "side", "after",
                  "replacements", "supply", "priority", "move_first", "risk", "air", "count"}

#: The Apple display code's entries (port/asm/apple_frontend.s, its jump table at the
#: display region's start): called like the engine's, the arguments in the call block,
#: ``ENGINE(DRAW_MAP, col, row)``; their addresses are the constants of the same names.
DISPLAY_ENTRIES = {"DISPLAY_INIT": (), "DRAW_MAP": ("col", "row"), "CLEAR_ROWS": ("row", "count"),
                   "DRAW_TERRAIN": (), "DRAW_UNIT_NAME": ("unit",)}


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class SourceError(Exception):
    """One or more problems in a program's sources."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass(frozen=True)
class Origin:
    file: str            # relative to the repository root where possible
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Line:
    number: int
    text: str            # the BASIC text after the line number
    origin: Origin
    source: str = ""     # the source line as written (for the listing)


@dataclass
class Program:
    name: str
    dialect: Dialect
    lines: list[Line]
    names: dict[str, str] = field(default_factory=dict)      # short BASIC name -> long source name
    labels: dict[str, int] = field(default_factory=dict)     # label -> line number
    files: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The program as it would be typed: ``number text`` lines."""
        return "".join(f"{ln.number} {ln.text}\n" for ln in self.lines)

    def origin(self, number: int) -> Origin | None:
        for ln in self.lines:
            if ln.number == number:
                return ln.origin
        return None

    def long_name(self, short: str) -> str:
        return self.names.get(short, short)


def display(path: Path) -> str:
    """A path as errors show it: relative to the repository when inside it."""
    try:
        return str(Path(path).resolve().relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


# --- lexing a source line ----------------------------------------------------------------

@dataclass(frozen=True)
class Tok:
    kind: str      # STR NUM KW NAME LABEL CONST OP RAW
    text: str


_SOURCE_TOKEN = re.compile(r"""
    (?P<STR>"[^"]*"?)
  | (?P<CONST>\{[^}]*\})
  | (?P<LABEL>@[A-Za-z_][A-Za-z0-9_]*)
  | (?P<NUM>(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?)
  | (?P<KW>[A-Z][A-Z0-9_]*\$?(?![a-z]))
  | (?P<NAME>[a-z][a-z0-9_]*[$%]?(?![A-Z]))
  | (?P<BADNAME>[A-Za-z][A-Za-z0-9_]*[$%]?)
  | (?P<OP><>|<=|>=|[-+*/^=<>(),;:#&?!.])
""", re.X)


def strip_comment(text: str) -> str:
    """The line without its ``'`` comment (a ``'`` inside a string is text)."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "'" and not quoted:
            return text[:i]
    return text


def lex_source(text: str, dialect: Dialect, where: Origin, problems: list[Problem]) -> list[Tok]:
    toks: list[Tok] = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        m = _SOURCE_TOKEN.match(text, pos)
        if not m:
            problems.append(Problem(where.file, where.line, f"unexpected character {text[pos]!r}"))
            return toks
        kind, word = m.lastgroup, m.group()
        pos = m.end()
        if kind == "BADNAME":
            problems.append(Problem(where.file, where.line,
                                    f"{word}: keywords are upper case, names lower case (write "
                                    f"{word.upper()} or {word.lower()})"))
            kind = "NAME"
            word = word.lower()
        if kind == "KW":
            # Keywords that carry punctuation (HCOLOR=, SCRN(, HIMEM:, PR#) take it along.
            if pos < len(text) and word + text[pos] in dialect.keyword_set and word not in dialect.keyword_set:
                word += text[pos]
                pos += 1
            toks.append(Tok("KW", word))
            if word == "REM":
                toks.append(Tok("RAW", text[pos:].strip()))
                break
            if word == "DATA":
                raw = text[pos:].strip()
                if ":" in re.sub(r'"[^"]*"?', "", raw):
                    problems.append(Problem(where.file, where.line,
                                            "DATA takes the rest of its line in a source (Atari BASIC's DATA "
                                            "runs to the end of the line): put the next statement on a line "
                                            "of its own"))
                toks.append(Tok("RAW", raw))
                break
            continue
        toks.append(Tok(kind, word))
    return toks


# --- the program -------------------------------------------------------------------------

@dataclass
class _Stmt:
    origin: Origin
    toks: list[Tok]
    source: str


def manifest_path(program: str | Path, basic_dir: Path = BASIC_DIR) -> Path:
    """``example`` or ``port/basic/example.prog`` -> the manifest's path."""
    p = Path(program)
    if p.suffix == ".prog" or p.exists():
        return p
    return basic_dir / f"{program}.prog"


def read_manifest(path: Path, dialect: Dialect) -> list[tuple[Path, Origin]]:
    """The source files of a program for one dialect, each with the manifest line naming it."""
    out, problems = [], []
    base = path.parent
    for i, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = Origin(display(path), i)
        m = re.fullmatch(r"(?:(\w+):\s*)?(\S+)", line)
        if not m:
            problems.append(Problem(where.file, i, f"{line!r}: expected a file name, or a dialect, a colon "
                                                   f"and a file name"))
            continue
        only, name = m.groups()
        if only and only not in DIALECTS:
            problems.append(Problem(where.file, i, f"{only}: not a dialect ({', '.join(DIALECTS)})"))
            continue
        if only and only != dialect.name:
            continue
        file = base / name.replace("{target}", dialect.name)
        if not file.is_file():
            problems.append(Problem(where.file, i, f"{display(file)}: no such source file"))
            continue
        out.append((file, where))
    if problems:
        raise SourceError(problems)
    if not out:
        raise SourceError([Problem(display(path), 1, f"no source files for {dialect.title}")])
    return out


def read_statements(files: list[Path], dialect: Dialect, problems: list[Problem]
                    ) -> tuple[list[_Stmt | tuple[str, Origin]], list[str]]:
    """Labels (as ``(name, origin)``) and statement lines, in program order."""
    items: list[_Stmt | tuple[str, Origin]] = []
    shown = []
    for path in files:
        shown.append(display(path))
        for i, raw in enumerate(path.read_text().splitlines(), 1):
            where = Origin(display(path), i)
            text = strip_comment(raw).strip()
            if not text:
                continue
            m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*):", text)
            if m:
                items.append((m.group(1), where))
                continue
            if text[0].isdigit():
                problems.append(Problem(where.file, i, "a line number in a source: the toolchain numbers the "
                                                       "lines; put a label (name:) above the line instead"))
                continue
            items.append(_Stmt(where, lex_source(text, dialect, where, problems), raw.strip()))
    return items, shown


def _split_args(toks: list[Tok]) -> list[list[Tok]]:
    args, depth, cur = [], 0, []
    for t in toks:
        if t.kind == "OP" and t.text == "(":
            depth += 1
        elif t.kind == "OP" and t.text == ")":
            depth -= 1
        if depth == 0 and t.kind == "OP" and t.text == ",":
            args.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur or args:
        args.append(cur)
    return args


def expand_engine(st: _Stmt, dialect: Dialect, problems: list[Problem]) -> list[Tok] | None:
    """Replace each ``ENGINE(name, args...)`` of a statement line by the dialect's call;
    None after a problem (reported)."""
    toks = st.toks
    while True:
        at = next((i for i, t in enumerate(toks) if t.kind == "KW" and t.text == "ENGINE"), None)
        if at is None:
            return toks
        bad = lambda msg: problems.append(Problem(st.origin.file, st.origin.line, msg))  # noqa: E731
        start = at
        while start > 0 and not (toks[start - 1].kind == "OP" and toks[start - 1].text == ":") \
                and not (toks[start - 1].kind == "KW" and toks[start - 1].text == "THEN"):
            start -= 1
        head = toks[start:at]
        if head and head[0].kind == "KW" and head[0].text == "LET":
            head = head[1:]
        target = None
        if len(head) == 2 and head[0].kind == "NAME" and head[1].text == "=":
            target = head[0]
        elif head:
            bad("ENGINE(...) must be a statement of its own or the whole right side of an assignment "
                "(Applesoft calls the engine with CALL, which is no expression)")
            return None
        if target is not None and target.text.endswith("$"):
            bad(f"ENGINE(...) gives a number; {target.text} is a string")
        if at + 1 >= len(toks) or toks[at + 1].text != "(":
            bad("ENGINE needs its arguments in parentheses: ENGINE(NAME, arguments...)")
            return None
        depth, end = 0, None
        for j in range(at + 1, len(toks)):
            if toks[j].kind == "OP" and toks[j].text == "(":
                depth += 1
            elif toks[j].kind == "OP" and toks[j].text == ")":
                depth -= 1
                if depth == 0:
                    end = j
                    break
        if end is None:
            bad("ENGINE( has no closing parenthesis")
            return None
        if end + 1 < len(toks) and not (toks[end + 1].kind == "OP" and toks[end + 1].text == ":"):
            bad("ENGINE(...) must end its statement (Applesoft calls the engine with CALL, which is no expression)")
            return None
        args = _split_args(toks[at + 2:end])
        if not args or len(args[0]) != 1 or args[0][0].kind != "KW":
            bad(f"ENGINE's first argument is the entry's name: one of {', '.join(e.name for e in abi.ENTRIES)}")
            return None
        name = args[0][0].text
        try:
            entry = (abi.Entry(-1, name, "", DISPLAY_ENTRIES[name], "", "") if name in DISPLAY_ENTRIES
                     else abi.entry(name))
        except KeyError:
            close = difflib.get_close_matches(name, [e.name for e in abi.ENTRIES] + list(DISPLAY_ENTRIES), 1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            bad(f"ENGINE({name}): no such engine entry{hint}; entries are in tools/kotd/build/abi.py")
            return None
        given = args[1:]
        if any(not a for a in given):
            bad(f"ENGINE({name}): an empty argument")
            return None
        if len(given) != len(entry.args):
            wanted = f" ({', '.join(entry.args)})" if entry.args else ""
            bad(f"ENGINE({name}) takes {len(entry.args)} argument(s){wanted}, {len(given)} given")
            return None
        if dialect.undimmed_array_size is not None and len(given) > dialect.undimmed_array_size:
            bad(f"ENGINE({name}): {len(given)} arguments, {ENGINE_ARG}( holds {dialect.undimmed_array_size} "
                f"without a DIM")
            return None
        if any(t.kind == "KW" and t.text == "ENGINE" for a in given for t in a):
            bad("ENGINE(...) inside the arguments of ENGINE(...): assign it to a variable first")
            return None
        call = _engine_call(dialect, entry, given, target)
        toks = toks[:start] + call + toks[end + 1:]


def _engine_call(dialect: Dialect, entry: abi.Entry, args: list[list[Tok]], target: Tok | None) -> list[Tok]:
    op = lambda s: Tok("OP", s)  # noqa: E731
    address = Tok("CONST", f"{{{entry.name}}}" if entry.name in DISPLAY_ENTRIES else f"{{ENTRY_{entry.name}}}")
    if dialect.name == "atari":
        out = [target or Tok("NAME", ENGINE_RESULT), op("="), Tok("KW", "USR"), op("("), address]
        for a in args:
            out += [op(",")] + a
        return out + [op(")")]
    out: list[Tok] = []
    if all(name in BYTE_ARGUMENTS for name in entry.args):
        # Every argument a byte: its low byte POKEd straight into the call block, no
        # array, no loop (Applesoft takes 5,000-10,000 cycles a statement: the loop was
        # most of a key's).  The high bytes are 0: the engine's CALL glue leaves them so
        # on every return (abi_apple.s), and the program makes one engine call before
        # its first of these (apple/board.bas @screen_init); the display code only reads them.
        # The call block's addresses are variables (APPLE_CALL_NAMES).
        at = lambda c: Tok("NAME", APPLE_CALL_NAMES[c]) if c in APPLE_CALL_NAMES else Tok("CONST", c)  # noqa: E731
        for i, a in enumerate(args):
            out += [Tok("KW", "POKE"), at(f"{{CALL_ARGS+{2 * i}}}"), op(",")] + a + [op(":")]
        out += [Tok("KW", "POKE"), at("{CALL_ARGC}"), op(","), Tok("NUM", str(len(args))), op(":"),
                Tok("KW", "CALL"), address]
        if target is not None:
            out += [op(":"), target, op("="), Tok("KW", "PEEK"), op("("), at("{CALL_RESULT}"), op(")"),
                    op("+"), Tok("NUM", "256"), op("*"), Tok("KW", "PEEK"), op("("), at("{CALL_RESULT+1}"),
                    op(")")]
        return out
    for i, a in enumerate(args, 1):
        out += [Tok("NAME", ENGINE_ARG), op("("), Tok("NUM", str(i)), op(")"), op("=")] + a + [op(":")]
    out += [Tok("NAME", ENGINE_ARGC), op("="), Tok("NUM", str(len(args))), op(":"),
            Tok("NAME", ENGINE_ENTRY), op("="), address, op(":"),
            Tok("KW", "GOSUB"), Tok("LABEL", "@" + ENGINE_CALL_LABEL)]
    if target is not None:
        out += [op(":"), target, op("="), Tok("NAME", ENGINE_RESULT)]
    return out


# --- assembling the program --------------------------------------------------------------

def _resolve_constant(text: str, constants: dict[str, int]) -> tuple[int | None, str]:
    m = re.fullmatch(r"\{\s*([A-Z][A-Z0-9_]*)\s*(?:([-+])\s*(\d+)\s*)?\}", text)
    if not m:
        return None, f"{text}: a constant is {{NAME}}, {{NAME+number}} or {{NAME-number}}"
    name, sign, amount = m.groups()
    if name not in constants:
        close = difflib.get_close_matches(name, list(constants), 3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        return None, f"{{{name}}}: no such constant in the build's symbol table{hint}"
    value = constants[name] + (int(amount) if sign == "+" else -int(amount) if sign else 0)
    return value, ""


def _spaced(prev: str, nxt: str) -> bool:
    """Two pieces of text that would run together without a space."""
    return bool(prev) and bool(nxt) and (prev[-1].isalnum() or prev[-1] in "$%") and (nxt[0].isalnum() or nxt[0] == ".")


def build_program(manifest: Path, dialect: Dialect, constants: dict[str, int]) -> Program:
    """The numbered program of a manifest for one dialect; :class:`SourceError` lists every problem."""
    manifest = Path(manifest)
    files = read_manifest(manifest, dialect)
    return build_from_files([f for f, _ in files], dialect, constants, name=manifest.stem)


def build_from_files(files: list[Path], dialect: Dialect, constants: dict[str, int], name: str) -> Program:
    problems: list[Problem] = []
    items, shown = read_statements(files, dialect, problems)

    # Number the lines; a label takes the number of the line after it.
    labels: dict[str, int] = {}
    label_origin: dict[str, Origin] = {}
    pending: list[tuple[str, Origin]] = []
    stmts: list[tuple[int, _Stmt]] = []
    number = FIRST_LINE
    for item in items:
        if isinstance(item, tuple):
            label, where = item
            if label in label_origin:
                problems.append(Problem(where.file, where.line,
                                        f"label {label} is already defined at {label_origin[label]}"))
                continue
            label_origin[label] = where
            pending.append(item)
            continue
        for label, _ in pending:
            labels[label] = number
        pending = []
        stmts.append((number, item))
        number += LINE_STEP
    for label, where in pending:
        problems.append(Problem(where.file, where.line, f"label {label} has no line after it"))

    names = NameMap(dialect)
    lines: list[Line] = []
    for number, st in stmts:
        toks = expand_engine(st, dialect, problems)
        if toks is None:
            lines.append(Line(number, "", st.origin, st.source))
            continue
        _literal_targets(toks, dialect, st, problems)
        out = ""
        for i, t in enumerate(toks):
            piece = t.text
            bad = lambda msg: problems.append(Problem(st.origin.file, st.origin.line, msg))  # noqa: E731
            if t.kind == "KW" and not dialect.is_keyword(t.text):
                hint = difflib.get_close_matches(t.text, dialect.keywords, 1)
                bad(f"{t.text}: not a keyword of {dialect.title}" + (f" (did you mean {hint[0]}?)" if hint else ""))
            elif t.kind == "NAME":
                if t.text.endswith("%") and not dialect.integer_names:
                    bad(f"{t.text}: {dialect.title} has no integer (%) variables")
                nxt = toks[i + 1] if i + 1 < len(toks) else None
                is_array = nxt is not None and nxt.kind == "OP" and nxt.text == "("
                piece = names.map(name_key(t.text, is_array, dialect))
            elif t.kind == "LABEL":
                label = t.text[1:]
                if label in labels:
                    piece = str(labels[label])
                else:
                    close = difflib.get_close_matches(label, list(labels), 1)
                    hint = f" (did you mean @{close[0]}?)" if close else ""
                    if label == ENGINE_CALL_LABEL:
                        hint = " (ENGINE on the Apple needs apple/engine.bas in the program's manifest)"
                    bad(f"@{label}: no such label{hint}")
                    piece = "0"
            elif t.kind == "CONST":
                value, err = _resolve_constant(t.text, constants)
                if err:
                    bad(err)
                piece = str(value if value is not None else 0)
            elif t.kind == "RAW":
                piece = _substitute_raw(t.text, constants, st, problems)
                if out and not out.endswith(" "):
                    out += " "
            if _spaced(out, piece):
                out += " "
            out += piece
        lines.append(Line(number, out, st.origin, st.source))
    if lines and lines[-1].number > dialect.max_line_number:
        first_over = next(ln for ln in lines if ln.number > dialect.max_line_number)
        problems.append(Problem(first_over.origin.file, first_over.origin.line,
                                f"line number {first_over.number} is beyond {dialect.title}'s last line "
                                f"{dialect.max_line_number}: the program is too long"))
    if problems:
        raise SourceError(problems)
    return Program(name, dialect, lines, names.table(), labels, shown)


def _literal_targets(toks: list[Tok], dialect: Dialect, st: _Stmt, problems: list[Problem]) -> None:
    """A line number typed where a label belongs (``GOTO 100``): sources have no line numbers."""
    keyword, in_list = "", False
    for prev, t in zip(toks, toks[1:]):
        if prev.kind == "KW" and prev.text in ("GOTO", "GOSUB", "THEN", "TRAP", "RESTORE"):
            keyword, in_list, at_target = prev.text, prev.text in ("GOTO", "GOSUB"), True
        elif prev.kind == "OP" and prev.text == ":":
            in_list, at_target = False, False
        else:
            at_target = in_list and prev.kind == "OP" and prev.text == ","
        if at_target and t.kind == "NUM":
            if keyword == "TRAP" and float(t.text) > dialect.max_line_number:
                continue                    # TRAP 40000 turns the trap off
            problems.append(Problem(st.origin.file, st.origin.line,
                                    f"{keyword} {t.text}: sources have no line numbers; "
                                    f"put a label above the line and write @label"))
            return


def _substitute_raw(text: str, constants: dict[str, int], st: _Stmt, problems: list[Problem]) -> str:
    """REM and DATA text: kept as written, with ``{CONSTANT}`` replaced."""
    def repl(m: re.Match) -> str:
        value, err = _resolve_constant(m.group(), constants)
        if err:
            problems.append(Problem(st.origin.file, st.origin.line, err))
            return "0"
        return str(value)
    return re.sub(r"\{[^}]*\}", repl, text)


# --- the listing -------------------------------------------------------------------------

def listing(program: Program, header: str) -> str:
    """Every line with the source file and line it came from, then the names and labels."""
    width = max((len(str(ln.origin)) for ln in program.lines), default=10)
    out = [f"; {header}", f"; {program.name} for {program.dialect.title}: "
           f"{len(program.lines)} lines from {', '.join(program.files)}", ";",
           f"; {'line':>5}  {'source':<{width}}  BASIC"]
    for ln in program.lines:
        out.append(f"{ln.number:>7}  {str(ln.origin):<{width}}  {ln.text}")
    out += ["", "; names: BASIC name = source name"]
    out += [f";   {short:<6} {long}" for short, long in sorted(program.names.items())]
    out += ["", "; labels: line = label"]
    out += [f";   {num:>5}  {label}" for label, num in sorted(program.labels.items(), key=lambda kv: kv[1])]
    return "\n".join(out) + "\n"


def line_map(program: Program) -> dict:
    """The listing's line map as data (``<program>.map.json``)."""
    return {"program": program.name, "dialect": program.dialect.name, "files": program.files,
            "lines": [{"line": ln.number, "file": ln.origin.file, "source_line": ln.origin.line}
                      for ln in program.lines],
            "names": program.names, "labels": program.labels}
