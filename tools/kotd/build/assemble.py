"""Running Ophis: NMOS 6502 only, in a subprocess, errors as ``file:line: message``.

Ophis keeps module globals (its opcode table, its label state), so every assembly
runs in a fresh interpreter: ``python -c 'from Ophis.Main import run_ophis; ...'``.
No ``-u`` (undocumented opcodes) and no ``-c`` (65C02): an opcode outside the NMOS
set is an assembler error.  No branch extension either: an out-of-range branch is an
error, not a silent JMP.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import paths

OPHIS = "import sys; from Ophis.Main import run_ophis; sys.exit(run_ophis(sys.argv[1:]))"


class AssemblyError(Exception):
    """Ophis refused the source; the message lists each error as file:line: message."""


@dataclass(frozen=True)
class Symbol:
    name: str            # upper case (Ophis folds labels to lower case)
    value: int
    file: str            # repository-relative, e.g. port/asm/rng.s
    line: int

    @property
    def is_code(self) -> bool:
        """A label of the engine (a routine, a table), not an .alias of an include file."""
        return self.file.endswith(".s")

    @property
    def is_local(self) -> bool:
        return self.name.startswith("_") or self.name.startswith("*")


@dataclass(frozen=True)
class Assembly:
    image: bytes
    listing: str
    symbols: tuple[Symbol, ...]

    def address(self, name: str) -> int:
        for s in self.symbols:
            if s.name == name.upper():
                return s.value
        raise KeyError(name)


def relative(text: str) -> str:
    """Absolute paths Ophis writes for included files, made repository-relative."""
    root = str(paths.REPO_ROOT) + "/"
    return text.replace(root, "")


def _parse_map(text: str) -> tuple[Symbol, ...]:
    out = []
    for line in text.splitlines():
        m = re.match(r"\$([0-9A-Fa-f]+)\s*\|\s*(\S+)\s*\|\s*(.*):(\d+)\s*$", line)
        if m:
            value, name, file, lineno = m.groups()
            file = relative(file)
            if not file.startswith("port/"):
                file = f"port/asm/{file}"
            out.append(Symbol(name.upper(), int(value, 16), file, int(lineno)))
    return tuple(out)


def assemble(top: str, asm_dir: Path = paths.ASM_DIR) -> Assembly:
    """Assemble ``asm_dir/top``; raise :class:`AssemblyError` with Ophis's messages."""
    with tempfile.TemporaryDirectory(prefix="kotd-ophis-") as tmp:
        tmpdir = Path(tmp)
        args = [sys.executable, "-c", OPHIS, "--no-branch-extend", "-q",
                "-o", str(tmpdir / "out.bin"), "-l", str(tmpdir / "out.lst"), "-m", str(tmpdir / "out.map"), top]
        proc = subprocess.run(args, cwd=asm_dir, capture_output=True, text=True)
        messages = relative(proc.stderr + proc.stdout)
        if proc.returncode != 0:
            errors = [ln for ln in messages.splitlines() if ln.strip() and not re.match(r"^\d+ errors?$", ln)]
            fixed = []
            for ln in errors:
                # Top-level files are named relative to port/asm; say so.
                if re.match(r"^[\w.]+\.s:\d+:", ln):
                    ln = f"port/asm/{ln}"
                fixed.append(ln)
            raise AssemblyError("\n".join(fixed) or f"ophis failed with status {proc.returncode}")
        image = (tmpdir / "out.bin").read_bytes()
        listing = (tmpdir / "out.lst").read_text()
        symbols = _parse_map((tmpdir / "out.map").read_text())
    return Assembly(image, listing, symbols)
