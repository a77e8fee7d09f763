"""Both game disks in real emulators: boot with no typing, save, reboot, load (issue 11).

Needs the emulator libraries (``A8_LIB`` for atari800's libatari800, ``A2_CORE`` for
AppleWin's libretro core) and the drivers at ``$KOTD_EMULATORS`` or
``<repo>/../shared/emulators``; skipped otherwise (as in CI).  Each machine runs in a
process of its own (tests/images_machine.py).  A game saved on one model is loaded on
the other after a cold boot: Atari 800 -> XL, Apple II+ -> IIe.
"""

import shutil

from kotd.build.targets import APPLE

import emulators
from emulators import needs, run_script


def machine(*args) -> dict:
    return run_script("images_machine.py", *args)


def test_atari_boots_saves_and_loads_after_a_reboot(dist, tmp_path):
    needs(emulators.ATARI)
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
    needs(emulators.APPLE)
    image = tmp_path / "play.dsk"
    shutil.copy(dist / "kotd-apple.dsk", image)
    saved = machine("apple", "ii+", "save", image, dist)
    assert saved["himem"] == APPLE.program.end + 1 and saved["status"] == 0     # HIMEM $4000: the game's
    assert saved["after_reset_frames"] > 0                     # Ctrl-Reset: the game again
    loaded = machine("apple", "iie", "load", image, dist)
    assert loaded["himem"] == APPLE.program.end + 1
    assert loaded["info"] == ["0", str(loaded["expected_turn"])]
    assert loaded["status"] == 0 and loaded["loaded"]
