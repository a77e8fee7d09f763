"""One emulated machine, one job on a game disk: run by tests/test_images_machines.py in a
process of its own (the emulators keep C globals: one machine per process).

    python tests/images_machine.py atari 800|xl save|load IMAGE DIST [SCREENSHOT]
    python tests/images_machine.py apple ii+|iie save|load IMAGE DIST [SCREENSHOT]

Boots IMAGE with no typing and waits for the program's first screen; then ``save``
puts a known state block in memory and saves it into slot 2 through the resident
code's entry (USR on the Atari, CALL on the Apple) and writes the disk back;
``load`` clears the state block, loads slot 2 and compares.  The Atari ``load`` also
boots without BASIC (the message) and ``save`` also runs dist/kotd-atari.xex with
atari800's -run (the loose file).  Prints one JSON object.
"""

import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", ROOT.parent / "shared" / "emulators"))
ATARI_TITLE = "1 OPPONENT"               # the Atari front end's set-up screen (port/basic/kotd.prog)


def atari_started(a, max_frames: int) -> int:
    """Wait for the front end's set-up screen, then BREAK to BASIC's prompt (the jobs
    below type direct commands); the frames until the set-up screen."""
    frames = a.wait_until(lambda m: ATARI_TITLE in m.screen_text(), max_frames)
    to_prompt(a)
    return frames


def to_prompt(a) -> None:
    """BREAK the front end, then put the editor's margin and cursor back (the front end
    sets the left margin to 0 and hides the cursor) on a clear screen."""
    a.break_key()
    a.frames(30)
    a.clear_screen()
    a.frames(10)
    a.type_text("POKE 82,2:POKE 752,0:GR.0\n")
    a.wait_until(lambda m: m.at_prompt(), 600)
SLOT = 2


def constants(dist: Path, target: str) -> dict:
    return json.loads((dist / target / "state_constants.json").read_text())["constants"]


def state_pattern(size: int) -> bytes:
    return bytes(random.Random(1983).randrange(256) for _ in range(size))


def atari(config: str, job: str, image: str, dist: Path, shot: str | None) -> dict:
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    c = constants(dist, "atari")
    a = Atari()
    out = {}
    a.boot(disk=image, basic=True, xl=(config == "xl"))
    out["boot_frames"] = a.wait_until(lambda m: ATARI_TITLE in m.screen_text(), 3000)
    out["screen"] = [ln for ln in a.screen_text().splitlines() if ln.strip()]
    to_prompt(a)
    out["ramtop"] = a.peek(0x6A)
    if shot:
        a.screenshot(shot, scale=2)
    state = state_pattern(c["STATE_SIZE"])
    if job == "save":
        a.write_block(c["STATE_BASE"], state)
        out["status"] = int(a.command(f"?USR({c['DISK_SAVE']},{SLOT})")[0])
        a.flush_disks()
        a.reset()
        out["after_reset"] = atari_started(a, 1200)
        out["ramtop_after_reset"] = a.peek(0x6A)
        a.boot(run=str(dist / "kotd-atari.xex"), basic=True, xl=(config == "xl"))
        out["xex_frames"] = atari_started(a, 3000)
    else:
        a.write_block(c["STATE_BASE"], bytes(len(state)))
        out["info"] = a.command(f"?USR({c['DISK_INFO']},{SLOT});\" \";PEEK({c['DISK_INFO_TURN']})")[0].split()
        out["status"] = int(a.command(f"?USR({c['DISK_LOAD']},{SLOT})")[0])
        out["loaded"] = a.read_block(c["STATE_BASE"], len(state)) == state
        out["expected_turn"] = state[1]
        a.boot(disk=image, basic=False, xl=(config == "xl"), readonly=True)
        a.wait_until(lambda m: "NEEDS BASIC" in m.screen_text(), 3000)
        out["no_basic"] = [ln for ln in a.screen_text().splitlines() if ln.strip()]
    return out


COUT1 = 0xFDF0


def apple_game_waits(m, c) -> bool:
    """The game program (port/basic/kotd.prog) waits for a key: its output hook on the
    display code (DISPLAY_INIT ran: its text is on hi-res, not on the text page) and the
    6502 in the display code's input hook, waiting for a key (KEY_WAIT: LDA KBD, BPL)."""
    pc = m.registers()["pc"]
    return m.peek_word(0x36) == c["TEXT_OUT"] and c["KEY_WAIT"] <= pc < c["KEY_WAIT"] + 5


def apple_to_prompt(a) -> None:
    """Stop the game at its set-up screen: Ctrl-C twice (GET takes the first; Applesoft's
    check between statements the second: BREAK), the output hook back on the text page,
    then Applesoft's prompt."""
    for _ in range(2):
        a.key(3)
        a.run(frames=2)
    a.run(frames=30)
    a.poke(0x36, COUT1.to_bytes(2, "little"))
    a.key("\r")
    a.wait_prompt()


def apple(config: str, job: str, image: str, dist: Path, shot: str | None) -> dict:
    sys.path.insert(0, str(EMULATORS / "apple"))
    from a2 import Apple2
    c = constants(dist, "apple")
    a = Apple2(machine=config)
    out = {}
    a.boot(disk=image, wait_prompt=False)
    out["boot_frames"] = a.wait_until(lambda m: apple_game_waits(m, c), 3000)
    out["himem"] = a.peek_word(0x73)
    if shot:
        a.screenshot(shot)
    apple_to_prompt(a)
    state = state_pattern(c["STATE_SIZE"])
    if job == "save":
        a.poke(c["STATE_BASE"], state)
        out["status"] = int(a.type_line(f"POKE {c['DISK_SLOT']},{SLOT}: CALL {c['DISK_SAVE']}: "
                                        f"PRINT PEEK({c['DISK_STATUS']})")[0])
        a.flush_disks()
        a.ctrl_reset()
        out["after_reset_frames"] = a.wait_until(lambda m: apple_game_waits(m, c), 3000)
    else:
        a.poke(c["STATE_BASE"], bytes(len(state)))
        out["info"] = a.type_line(f"POKE {c['DISK_SLOT']},{SLOT}: CALL {c['DISK_INFO']}: "
                                  f"PRINT PEEK({c['DISK_STATUS']});\" \";PEEK({c['DISK_INFO_TURN']})")[0].split()
        out["status"] = int(a.type_line(f"POKE {c['DISK_SLOT']},{SLOT}: CALL {c['DISK_LOAD']}: "
                                        f"PRINT PEEK({c['DISK_STATUS']})")[0])
        out["loaded"] = bytes(a.peek(c["STATE_BASE"], len(state))) == state
        out["expected_turn"] = state[1]
    a.close()
    return out


if __name__ == "__main__":
    machine, config, job, image, dist = sys.argv[1:6]
    shot = sys.argv[6] if len(sys.argv) > 6 else None
    run = atari if machine == "atari" else apple
    print(json.dumps(run(config, job, image, Path(dist), shot)))
