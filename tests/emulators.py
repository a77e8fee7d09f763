"""What the tests that drive a real emulator share: where the drivers are, the skip when
a library or driver is missing, and running a machine script in a process of its own
(an emulator keeps C globals, one machine a process) that prints one JSON object.

The drivers: ``$KOTD_EMULATORS`` or ``<repo>/../shared/emulators``; the libraries:
``A8_LIB`` (atari800) and ``A2_CORE`` (AppleWin's libretro core)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", HERE.parents[0].parent / "shared" / "emulators"))
ATARI = ("A8_LIB", "atari/a8.py")
APPLE = ("A2_CORE", "apple/a2.py")
#: Frames a second on both machines as emulated (NTSC): the Atari's 262 lines of 114
#: cycles at 1.7897725 MHz, the Apple's 17,030 cycles at 1.0205 MHz.
FRAME_HZ = 59.92


def needs(machine: tuple[str, str]) -> None:
    """Skip unless the machine's library (its environment variable) and driver are there."""
    variable, driver = machine
    if not os.environ.get(variable) or not Path(os.environ[variable]).exists():
        pytest.skip(f"{variable} not set: no emulator library")
    if not (EMULATORS / driver).exists():
        pytest.skip(f"no emulator driver at {EMULATORS / driver}")


def settled(read, advance, busy=lambda: False, frames: int = 6, tries: int = 3600) -> bytes:
    """What `read()` gives once it gives the same twice `frames` frames apart
    (`advance(frames)` runs them) with the machine in BASIC at both reads (`busy()`
    false: no engine or opponent call under way): a state block between two engine
    calls.  The engine's calls take under 4 frames, but an opponent's call may take
    seconds without writing the block, or with a flag of it changed for the while (the
    depot phase traces supply into U_SUPPLIED and puts the flags back at its end)."""
    last = None
    for _ in range(tries):
        now = None if busy() else read()
        if now is not None and now == last:
            return now
        last = now
        advance(frames if now is not None else 1)
    raise RuntimeError(f"the state block still changing after {tries} reads")


def run_script(script: str, *args, timeout: int = 600) -> dict:
    """tests/<script> with the arguments, in a process of its own: the JSON object its
    last line prints."""
    proc = subprocess.run([sys.executable, str(HERE / script), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def demonstration(model, out: dict, at_least: int | None, scenario: str = "tobruk41") -> None:
    """The machine script's demonstration (demo: COMPUTER BOTH on game 1 of the scenario,
    the set-up's default Tobruk '41 unless said, both sides at the second level): the
    opponent loaded (OPPONENT_READY 1) and every state block sampled (`settled`) one of
    the reference good player's (kotd.emu.opponent_replay.reference_states), the last at
    least `at_least` actions in (None: the game's end, the reference's last state)."""
    from kotd.emu.opponent_replay import reference_states
    from kotd.engine.setup import Options
    from kotd.replay import first_difference
    level = list(model.ratings.difficulty)[1]
    options = Options.at_levels(model, level, level, computer_allied=True, computer_axis=True)
    states = reference_states(model, options, 100000, scenario)
    assert out["ready"] == 1
    at = []
    for k, raw in enumerate(out["states"]):
        got = bytes.fromhex(raw)
        assert got in states, (k, first_difference(model, got, min(states, key=lambda s: sum(
            a != b for a, b in zip(s, got)))))
        at.append(states.index(got))
    assert at == sorted(at) and at[-1] >= (len(states) - 1 if at_least is None else at_least), at
    print("reference actions reached every 600 frames:", at)
    if at[-1] == len(states) - 1:
        # The end: the program shows the result a while (docs/play.md, about 10 s), then
        # plays the next game number, 2, of the same scenario by itself.
        assert 300 <= out["pause_frames"] <= 1200, out["pause_frames"]
        following = reference_states(model, options, 100000, scenario, seed=2)
        got = bytes.fromhex(out["next_state"])
        assert got in following, first_difference(model, got, following[0])
        print("game over for", out["pause_frames"], "frames; 600 frames into game 2:", following.index(got),
              "actions")


def thinking_within_budget(out: dict, target: str) -> tuple[str, float]:
    """The machine script's `thinking`: the game ended (PHASE_GAME_OVER) and the
    opponent's calls of each side's turn took at most issue 14's seconds on `target`
    (kotd.bench.TURN_SECONDS).  The worst side's turn and its seconds."""
    from kotd.bench import TURN_SECONDS
    assert out["over"], out
    worst = max(out["busy"], key=out["busy"].get)
    seconds = out["busy"][worst] / FRAME_HZ
    assert seconds <= TURN_SECONDS[target], (worst, seconds, out["busy"])
    return worst, round(seconds, 1)
