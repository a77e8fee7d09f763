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
from pathlib import Path

from ..build import abi
from .dialects import DIALECTS, Dialect, tokenize_line
from . import files
from .errors import BasicError
from .source import (Line, Origin, Problem, Program, SourceError, build_from_files, build_program, display,
                     read_manifest)
from .statements import (ExprParser, Facts, Flow, Stmt, Tok, analyse, lex, literal_number, split_statements,
                         var_key)


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
                address = literal_number(toks[i + 2])
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
    """A program file, not a text: ``.atb`` / ``.apb`` (:mod:`.files`), or any file that is no
    text (an Atari SAVE file or a DOS 3.3 Applesoft file as the machine wrote it)."""
    if files.is_tokenized(Path(path)):
        return True
    data = Path(path).read_bytes()
    return b"\x00" in data or any(b > 0x7E for b in data)


def is_numbered(path: Path) -> bool:
    """A plain BASIC program (every line starts with its number), not a source file."""
    if is_tokenized(path):
        return True
    lines = [ln for ln in Path(path).read_text().splitlines() if ln.strip()]
    return bool(lines) and all(re.match(r"\s*\d+", ln) for ln in lines)


def read_numbered(path: Path, dialect: Dialect) -> Program:
    """A plain numbered program, as text or as a program file (listed first); each line's
    origin is its line in the text (in the LIST of a program file)."""
    shown = display(path)
    path = Path(path)
    if is_tokenized(path):
        from . import apple, atari
        try:
            if files.is_tokenized(path):
                text = files.listing(path, dialect.name, "source")
            elif dialect.name == "atari":
                text = atari.detokenize(path.read_bytes())
            else:
                text = apple.detokenize(apple.from_file_image(path.read_bytes()), form="source")
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
    """The dialect a path's extension (``.atb``, ``.apb``) or folder (``port/basic/atari/...``)
    names, if any."""
    if Path(path).suffix.lower() in files.TOKENIZED:
        return DIALECTS[files.TOKENIZED[Path(path).suffix.lower()]]
    for part in Path(path).parts:
        if part in DIALECTS:
            return DIALECTS[part]
    return None
