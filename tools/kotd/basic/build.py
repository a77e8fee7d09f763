"""The BASIC step of ``kotd build``: every program of ``port/basic/`` for one target.

For each manifest ``port/basic/<name>.prog`` and each target: the sources are numbered
(:mod:`.source`), checked (:mod:`.check`), on the Atari given variables for the numbers
used most (:mod:`.pool`), tokenized by the dialect's tokenizer (:mod:`.atari`,
:mod:`.apple`) and written to ``dist/<target>/``:

- ``<name>.bas``: the program file as it goes on the disk (``kotd.build.diskimages``):
  Atari BASIC's SAVE file, byte for byte what ``SAVE "D:NAME.BAS"`` writes (the bytes of
  an ``.atb``), or the DOS 3.3 Applesoft ("A") file: a length word, then the program as
  Applesoft keeps it from $0801 (an ``.apb`` has the load address before the length);
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
from . import apple
from . import files as basic_files
from .check import check_program
from .dialects import DIALECTS
from .errors import BasicError
from .pool import Pool, pool_numbers
from .source import Origin, Problem, Program, SourceError, build_program, display, line_map, listing

@dataclass(frozen=True)
class BuiltProgram:
    program: Program
    program_file: str                  # the name of the tokenized file among ``files``
    files: dict[str, str | bytes]
    pool: Pool                         # the numbers put in variables (Atari BASIC)


def manifests(basic_dir: Path = BASIC_DIR) -> list[Path]:
    return sorted(Path(basic_dir).glob("*.prog"))


def program_file(program: Program) -> tuple[str, bytes]:
    """The tokenized program's file name and bytes, as the machine's disk holds it."""
    text = program.text()
    if program.dialect.name == "atari":
        name = "".join(c for c in program.name.upper() if c.isalnum())[:8] or "PROGRAM"
        data = basic_files.tokenized_file(text, "atari", save_as=f"D:{name}.BAS")
    else:
        data = apple.file_image(apple.tokenize(text))
    return f"{program.name}.bas", data


def made_for(manifest: Path, target: str) -> bool:
    """False when every file line of the manifest is marked for another machine
    (``atari: ...`` only): a program one machine does not have yet."""
    import re
    marks = [re.match(r"(\w+):", line.strip()) for line in manifest.read_text().splitlines()
             if line.split("#", 1)[0].strip()]
    return not marks or any(m is None or m.group(1) == target for m in marks)


def build_one(manifest: Path, target: str, constants: dict[str, int]) -> BuiltProgram:
    """Number, check and tokenize one program; :class:`SourceError` with every problem."""
    dialect = DIALECTS[target]
    program = build_program(manifest, dialect, constants)
    problems = check_program(program, constants)
    if problems:
        raise SourceError(problems)
    program, pool = pool_numbers(program, Origin(display(manifest), 0))   # checked with its numbers
    try:
        file_name, binary = program_file(program)
    except BasicError as exc:   # the checker tokenizes every line first: only a whole-program limit is left
        raise SourceError([Problem(display(manifest), 1, f"{dialect.title}: {exc}")]) from None
    header = f"{GENERATED_MARK}; the program {display(manifest)}"
    files: dict[str, str | bytes] = {
        file_name: binary,
        f"{program.name}.txt": program.text(),
        f"{program.name}.listing.txt": listing(program, header),
        f"{program.name}.map.json": json.dumps({"generated": header, **line_map(program)}, indent=1, ensure_ascii=False) + "\n",
    }
    return BuiltProgram(program, file_name, files, pool)


def build_target(target: str, constants: dict[str, int], basic_dir: Path = BASIC_DIR,
                 echo: Callable[[str], None] = print) -> dict[str, str | bytes]:
    """Every program of ``basic_dir`` for one target: file name -> contents.  Raises
    :class:`SourceError` with the problems of every program."""
    files: dict[str, str | bytes] = {}
    problems: list[Problem] = []
    for manifest in manifests(basic_dir):
        if not made_for(manifest, target):
            echo(f"[{target}] BASIC {display(manifest)}: every line is for another machine, not built")
            continue
        try:
            built = build_one(manifest, target, constants)
        except SourceError as exc:
            problems += exc.problems
            continue
        files.update(built.files)
        p = built.program
        pooled = (f" ({len(built.pool.names)} of them numbers used often, {built.pool.saved} bytes fewer)"
                  if built.pool.names else "")
        echo(f"[{target}] BASIC {display(manifest)}: {len(p.lines)} lines, {len(p.names)} variables{pooled}, "
             f"{len(built.files[built.program_file])} bytes tokenized ({built.program_file})")
    if problems:
        raise SourceError(problems)
    return files
