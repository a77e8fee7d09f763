"""The example program of port/basic/, as `kotd build` writes it, run with the engine on the
real interpreters: Altirra BASIC (atari800) and Applesoft (AppleWin).  Skipped unless the
emulator libraries are there (``A8_LIB``, ``A2_CORE``) and the drivers are found
(``$KOTD_EMULATORS`` or ``<repo>/../shared/emulators``); see tests/test_basic_emulators.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kotd import hexgrid
from kotd.build import abi, run_build

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(__file__).resolve().parent / "emulator_basic" / "run_example.py"
NEEDS = {"atari": "A8_LIB", "apple": "A2_CORE"}


def drivers() -> Path | None:
    folder = Path(os.environ.get("KOTD_EMULATORS", ROOT.parent / "shared" / "emulators"))
    return folder if (folder / "atari" / "a8.py").exists() else None


@pytest.mark.parametrize("machine", ["atari", "apple"])
def test_the_example_program_runs_with_the_engine(model, tmp_path, machine):
    if not os.environ.get(NEEDS[machine]) or drivers() is None:
        pytest.skip(f"needs {NEEDS[machine]} and the emulator drivers")
    assert run_build(model, machine, tmp_path / "dist", echo=lambda s: None) == 0
    out = tmp_path / "out.json"
    subprocess.run([sys.executable, str(SCRIPT), machine, str(drivers()), str(ROOT), str(tmp_path / "dist"),
                    "example", str(out)], check=True, timeout=600,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = json.loads(out.read_text())
    assert not any("ERROR" in row.upper() for row in result["complaints"]), result
    distance = hexgrid.distance((3, 4), (10, 12))
    assert result["printed"] == [f"ENGINE ABI VERSION {abi.ABI_VERSION}", f"HEXES (3,4) TO (10,12): {distance}",
                                 f"ENGINE ERROR {abi.ERRORS['DIRECTION']} (NO SUCH DIRECTION)"]
