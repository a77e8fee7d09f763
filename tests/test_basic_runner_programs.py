"""Small BASIC programs and the screens they leave (FastBasic's test style).

Each ``tests/basic_programs/<dialect>/NAME.bas`` is a listing; ``NAME.keys`` (if any)
the key script; ``NAME.out`` the expected final screen (trailing blank rows dropped),
then ``-- `` and how the run ended, then the error report if there was one.  The
screens of the programs the real interpreters also ran are checked against them in
emu_tests/test_basic_runner_machines.py; these pin every statement and function the
runner models.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kotd.basic.runner import keyscript, run_text

HERE = Path(__file__).resolve().parent / "basic_programs"
PROGRAMS = sorted(HERE.glob("*/*.bas"))


def outcome(path: Path) -> str:
    keys_file = path.with_suffix(".keys")
    keys = keyscript.load(keys_file) if keys_file.exists() else []
    report = run_text(path.read_text(encoding="latin-1"), path.parent.name, keys=keys, max_statements=1_000_000)
    rows = list(report.screen)
    while rows and not rows[-1].strip():
        rows.pop()
    rows.append(f"-- {report.ended}")
    if report.error:
        rows.append(f"-- {report.error}")
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("path", PROGRAMS, ids=[f"{p.parent.name}/{p.stem}" for p in PROGRAMS])
def test_program_screen(path):
    expected = path.with_suffix(".out").read_text(encoding="latin-1")
    assert outcome(path) == expected


if __name__ == "__main__":          # python tests/test_basic_runner_programs.py: write the .out files
    for p in PROGRAMS:
        p.with_suffix(".out").write_text(outcome(p), encoding="latin-1")
