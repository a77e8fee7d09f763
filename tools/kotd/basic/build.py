"""The BASIC step of ``kotd build``: every program of ``port/basic/`` for one target.

For each manifest ``port/basic/<name>.prog`` and each target: the sources are numbered
(:mod:`.source`), checked (:mod:`.check`), tokenized by the dialect's tokenizer
(:mod:`.atari`, :mod:`.apple`) and written to ``dist/<target>/``:

- ``<name>.bas``: the program file: Atari BASIC's SAVE file (``LOAD "D:NAME.BAS"``), or
  the DOS 3.3 Applesoft file (length word, then the program as from $0801);
- ``<name>.txt``: the numbered program as text, what one would type;
- ``<name>.listing.txt``: each line with the source file and line it came from, the
  names and the labels;
- ``<name>.map.json``: the same line map as data (for the runner's error messages).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..build import GENERATED_MARK
from ..build.paths import BASIC_DIR
from . import apple, atari
from .check import check_program
from .dialects import DIALECTS
from .errors import BasicError
from .source import Problem, Program, SourceError, build_program, display, line_map, listing

@dataclass(frozen=True)
class BuiltProgram:
    program: Program
    files: dict[str, str | bytes]


def manifests(basic_dir: Path = BASIC_DIR) -> list[Path]:
    return sorted(Path(basic_dir).glob("*.prog"))


def program_file(program: Program) -> bytes:
    """The tokenized program as the machine's file holds it."""
    text = program.text()
    if program.dialect.name == "atari":
        name = program.name.upper()[:8]
        return atari.tokenize(text, direct=f'SAVE "D:{name}.BAS"')
    return apple.file_image(apple.tokenize(text))


def build_one(manifest: Path, target: str, constants: dict[str, int]) -> BuiltProgram:
    """Number, check and tokenize one program; :class:`SourceError` with every problem."""
    dialect = DIALECTS[target]
    program = build_program(manifest, dialect, constants)
    problems = check_program(program, constants)
    if problems:
        raise SourceError(problems)
    try:
        binary = program_file(program)
    except BasicError as exc:   # the checker tokenizes every line first: only a whole-program limit is left
        raise SourceError([Problem(display(manifest), 1, f"{dialect.title}: {exc}")]) from None
    header = f"{GENERATED_MARK}; the program {display(manifest)}"
    files: dict[str, str | bytes] = {
        f"{program.name}.bas": binary,
        f"{program.name}.txt": program.text(),
        f"{program.name}.listing.txt": listing(program, header),
        f"{program.name}.map.json": json.dumps({"generated": header, **line_map(program)}, indent=1, ensure_ascii=False) + "\n",
    }
    return BuiltProgram(program, files)


def build_target(target: str, constants: dict[str, int], basic_dir: Path = BASIC_DIR,
                 echo: Callable[[str], None] = print) -> dict[str, str | bytes]:
    """Every program of ``basic_dir`` for one target: file name -> contents.  Raises
    :class:`SourceError` with the problems of every program."""
    files: dict[str, str | bytes] = {}
    problems: list[Problem] = []
    for manifest in manifests(basic_dir):
        try:
            built = build_one(manifest, target, constants)
        except SourceError as exc:
            problems += exc.problems
            continue
        files.update(built.files)
        p = built.program
        echo(f"[{target}] BASIC {display(manifest)}: {len(p.lines)} lines, {len(p.names)} variables, "
             f"{len(built.files[p.name + '.bas'])} bytes tokenized")
    if problems:
        raise SourceError(problems)
    return files
