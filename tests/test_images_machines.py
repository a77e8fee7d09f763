"""Both game disks in real emulators: boot with no typing, save, reboot, load (issue 11).

Needs the emulator libraries (``A8_LIB`` for atari800's libatari800, ``A2_CORE`` for
AppleWin's libretro core) and the drivers at ``$KOTD_EMULATORS`` or
``<repo>/../shared/emulators``; skipped otherwise (as in CI).  Each machine runs in a
process of its own (tests/images_machine.py).  A game saved on one model is loaded on
the other after a cold boot: Atari 800 -> XL, Apple II+ -> IIe.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kotd.build.targets import APPLE


HERE = Path(__file__).resolve().parent
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", HERE.parents[0].parent / "shared" / "emulators"))


def machine(*args) -> dict:
    proc = subprocess.run([sys.executable, str(HERE / "images_machine.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def needs(variable: str, driver: str):
    if not os.environ.get(variable) or not Path(os.environ[variable]).exists():
        pytest.skip(f"{variable} not set: no emulator library")
    if not (EMULATORS / driver).exists():
        pytest.skip(f"no emulator driver at {EMULATORS / driver}")


def test_atari_boots_saves_and_loads_after_a_reboot(dist, tmp_path):
    needs("A8_LIB", "atari/a8.py")
    image = tmp_path / "play.atr"
    shutil.copy(dist / "kotd-atari.atr", image)
    saved = machine("atari", "800", "save", image, dist)
    assert saved["screen"][0] == "KNIGHTS OF THE DESERT" and "1 OPPONENT" in saved["screen"][1]
    assert saved["ramtop"] == 0x50 and saved["ramtop_after_reset"] == 0x50
    assert saved["status"] == 0 and saved["after_reset"] < 1200
    assert saved["xex_frames"] < 3000
    loaded = machine("atari", "xl", "load", image, dist)
    assert loaded["screen"][0] == "KNIGHTS OF THE DESERT" and "1 OPPONENT" in loaded["screen"][1]
    assert loaded["info"] == ["0", str(loaded["expected_turn"])]
    assert loaded["status"] == 0 and loaded["loaded"]
    assert any("NEEDS BASIC" in ln for ln in loaded["no_basic"])


def test_apple_boots_saves_and_loads_after_a_reboot(dist, tmp_path):
    needs("A2_CORE", "apple/a2.py")
    image = tmp_path / "play.dsk"
    shutil.copy(dist / "kotd-apple.dsk", image)
    saved = machine("apple", "ii+", "save", image, dist)
    assert saved["himem"] == APPLE.program.end + 1 and saved["status"] == 0     # HIMEM $4000: the game's
    assert saved["after_reset_frames"] > 0                     # Ctrl-Reset: the game again
    loaded = machine("apple", "iie", "load", image, dist)
    assert loaded["himem"] == APPLE.program.end + 1
    assert loaded["info"] == ["0", str(loaded["expected_turn"])]
    assert loaded["status"] == 0 and loaded["loaded"]
