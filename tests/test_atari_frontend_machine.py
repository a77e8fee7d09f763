"""The Atari front end booted from the game disk in atari800 (issue 12): the set-up
screen, a new two-player game, a cursor step, one unit's logistics, the end of the Axis
logistics.  Skipped without A8_LIB and the driver (KOTD_EMULATORS or
<repo>/../shared/emulators).  The machine runs in a process of its own
(tests/atari_frontend_machine.py), which also measures the frames each step took."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kotd.build import run_build

HERE = Path(__file__).resolve().parent
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", HERE.parents[0].parent / "shared" / "emulators"))


def test_atari_front_end_boots_and_plays(model, tmp_path):
    if not os.environ.get("A8_LIB") or not Path(os.environ["A8_LIB"]).exists():
        pytest.skip("A8_LIB not set: no emulator library")
    if not (EMULATORS / "atari" / "a8.py").exists():
        pytest.skip(f"no emulator driver at {EMULATORS / 'atari' / 'a8.py'}")
    dist = tmp_path / "dist"
    assert run_build(model, "all", dist, echo=lambda s: None) == 0
    image = tmp_path / "play.atr"
    shutil.copy(dist / "kotd-atari.atr", image)
    proc = subprocess.run([sys.executable, str(HERE / "atari_frontend_machine.py"), str(image), str(dist)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["setup"][0] == "KNIGHTS OF THE DESERT"
    assert out["map"][0].startswith("TURN 1 LOGISTICS  AXIS")
    assert out["phase"] == 3 and out["turn"] == 1
    assert out["after_step"].startswith("TURN 1 LOGISTICS  ALLIED")
    assert out["key_answer_frames"] <= 30 and out["cursor_frames"] <= 6    # 0.1 s: 6 frames
    assert out["after_step_frames"] <= 30 and out["display_frames"] <= 6
    assert out["fre"] >= 2048, "issue 12: at least 2 KB free"
