"""The Atari front end in atari800: boot the game disk, reach the set-up screen, start a
two-player game and play a few keys (run by tests/test_atari_frontend_machine.py in a
process of its own; the emulator keeps C globals).

    python tests/atari_frontend_machine.py IMAGE DIST [SHOTS_DIR]

Prints one JSON object: the frames each step took, the screens, FRE(0) at the points
measured (BREAK, ?FRE(0), CONT), the state block's phase and turn.
"""

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", ROOT.parent / "shared" / "emulators"))


def main(image: str, dist: Path, shots: str | None) -> dict:
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    a = Atari()
    out = {}
    a.boot(disk=image, basic=True, xl=False)
    out["setup_frames"] = a.wait_until(lambda m: "1 OPPONENT" in m.screen_text(), 6000)
    out["setup"] = [ln.rstrip() for ln in a.screen_lines() if ln.strip()]
    if shots:
        a.screenshot(Path(shots) / "atari-setup.png", scale=2)
    a.key("3")                                  # Axis level: historical -> intermediate
    out["key_answer_frames"] = a.wait_until(lambda m: "INTERMEDIATE" in m.screen_text(), 600)
    for name in ("NOVICE", "EXPERT", "HISTORICAL"):     # round to historical again
        a.key("3")
        a.wait_until(lambda m: name in m.screen_lines()[6], 600)
    start = a.frame_number()
    a.console(start=True, frames=20)
    out["new_game_frames"] = a.wait_until(lambda m: "LOGISTICS" in m.screen_lines()[0], 3000)
    a.wait_until(lambda m: "L LOGISTICS" in m.screen_text(), 3000)
    out["map_frames"] = a.frame_number() - start
    a.frames(2)
    out["map"] = [ln.rstrip() for ln in a.screen_lines()]
    if shots:
        a.screenshot(Path(shots) / "atari-map.png", scale=2)
    out["phase"], out["turn"] = a.peek(c["PHASE"]), a.peek(c["TURN"])
    # A cursor step: the answer time of a key in cursor mode.
    a.key("3")                                  # south-east: column 1
    out["cursor_frames"] = a.wait_until(lambda m: m.screen_lines()[1].rstrip().endswith(" 1"), 600)
    # Logistics for the Axis' first unit, then end the Axis logistics.
    out["hex_list_frames"] = a.wait_until(lambda m: "HEX:" in m.screen_text(), 600)
    a.frames(30)
    a.key("L")
    out["prompt_frames"] = a.wait_until(lambda m: "LOGISTICS FOR UNIT" in m.screen_text(), 600)
    a.type_text("1\n")
    out["maxima_frames"] = a.wait_until(lambda m: "MAX REPL" in m.screen_text(), 600)
    for prompt in ("REPLACEMENTS", "SUPPLY 0-9", "PRIORITY"):
        a.wait_until(lambda m: prompt in m.screen_text(), 600)
        a.type_text("5\n")
    a.wait_until(lambda m: "STRENGTH" in m.screen_text(), 600)
    a.frames(30)
    a.key("#", shift=False)
    out["after_step_frames"] = a.wait_until(lambda m: "ALLIED" in m.screen_lines()[0], 3000)
    out["after_step"] = a.screen_lines()[0].rstrip()
    a.wait_until(lambda m: "L LOGISTICS" in m.screen_text(), 3000)
    a.frames(2)
    if shots:
        a.screenshot(Path(shots) / "atari-logistics.png", scale=2)
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)))
