"""One emulated machine boots the game disk and calls the opponent through the resident
stub: run by tests/test_opponent_machines.py in a process of its own (the emulators keep
C globals: one machine per process).

    python tests/opponent_machine.py atari 800|xl IMAGE DIST SCENARIO CALLS
    python tests/opponent_machine.py apple ii+|iie IMAGE DIST SCENARIO CALLS

Boots IMAGE with no typing to the game's first screen and stops the program at BASIC's
prompt; reads OPPONENT_READY; puts SCENARIO's start state (``dist/<target>/start_<id>.bin``)
into the state block; then for each call of CALLS (JSON: [[column, row, type, side], ...])
calls the cost field as BASIC would (Atari ``USR(OPPONENT_CALL, OPPONENT_FIELD, ...)``,
Apple ``POKE``s and ``CALL OPPONENT_CALL``) and copies the field out of the RAM under the
ROMs with a few bytes of test code in page 3/6 (the drivers read main RAM only), with the
first page of the opponent's code; then every page the boot copied (``region``: each
chunk's pages, four pages a copy), and on the Apple the card's vectors.  On the Apple II+ (whose RESET leaves the
language card as it was) a RESET while the card's RAM is read: the game must start again
(``after_reset_frames``; the driver's keys do not reach the program after its Ctrl-Reset,
so the program is not stopped again).  Prints one JSON object.
"""

import functools
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from images_machine import (EMULATORS, apple_game_waits, apple_to_prompt, constants,  # noqa: E402
                            to_prompt, ATARI_TITLE)

COPY_TO = 0x4800            # the copies: field (2 pages), then the opponent's first page
CHUNK = 4                   # pages copied at a time (COPY_TO's 1 KB)
KEYIN = 0xFD1B              # the Apple monitor's keyboard input


def copy_routine(sources: tuple[int, ...], ram_in: bytes, rom_in: bytes, usr: bool) -> bytes:
    """6502 bytes: switch the RAM in, copy a page from each of ``sources`` to COPY_TO..,
    switch back; the Atari's USR pulls its argument count first."""
    head = (b"\x68" if usr else b"") + b"\x08\x78" + ram_in + b"\xA2\x00"
    body = b""
    for k, src in enumerate(sources):
        dst = COPY_TO + 256 * k
        body += bytes([0xBD, src & 0xFF, src >> 8, 0x9D, dst & 0xFF, dst >> 8])
    body += b"\xE8"
    loop = head + body + bytes([0xD0, (-(len(body) + 2)) & 0xFF])
    return loop + rom_in + b"\x28\x60"


def read_under(dist: Path, target: str, put_routine, call, read) -> bytes:
    """Every page the boot copied of the opponent's code (its placement's chunks, each on
    whole pages), CHUNK pages a call: ``put_routine`` (the pages' addresses) writes the
    copy routine, ``call`` runs it, ``read(n)`` reads the copies."""
    out = b""
    for base, size in placed(dist, target).placement.chunks:
        count = -(-size // 256)
        for first in range(0, count, CHUNK):
            pages = range(first, min(first + CHUNK, count))
            put_routine(tuple(base + 256 * p for p in pages))
            call()
            out += read(256 * len(pages))
    return out


@functools.cache
def placed(dist: Path, target: str):
    """The opponent's assembly as kotd build makes it (once: the symbols and the copy both read it)."""
    from kotd.build.opponent import opponent_assembly
    from kotd.build.targets import TARGETS
    from kotd.emu.machine import EngineMachine
    from kotd.model import load_model
    model = load_model()
    return opponent_assembly(model, TARGETS[target], EngineMachine.from_dist(model, dist, target).symbols)


def opponent_symbols(dist: Path, target: str) -> tuple[int, int, int]:
    """FIELD, FIELD_UNREACHABLE and the code's address, as kotd build assembles it."""
    from kotd.build.targets import TARGETS
    asm = placed(dist, target)
    return asm.address("FIELD"), asm.address("FIELD_UNREACHABLE"), TARGETS[target].opponent.start


def atari(config, image, dist, scenario, calls):
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    c = constants(dist, "atari")
    a = Atari()
    out = {}
    a.boot(disk=image, basic=True, xl=(config == "xl"))
    out["boot_frames"] = a.wait_until(lambda m: ATARI_TITLE in m.screen_text(), 3000)
    out["screen"] = [ln for ln in a.screen_text().splitlines() if ln.strip()][:2]
    to_prompt(a)
    out["ready"] = a.peek(c["OPPONENT_READY"])
    a.write_block(c["STATE_BASE"], (dist / "atari" / f"start_{scenario}.bin").read_bytes())
    field, unreachable, code = opponent_symbols(dist, "atari")
    out["unreachable"] = unreachable
    # PORTB bit 0 off with NMIEN = 0 and SEI, as the resident stub does
    ram_in = b"\xA9\x00\x8D\x0E\xD4\xAD\x01\xD3\x48\x29\xFE\x8D\x01\xD3"
    rom_in = b"\x68\x8D\x01\xD3\xA9\x40\x8D\x0E\xD4"
    a.write_block(0x0600, copy_routine((field, field + 256, code), ram_in, rom_in, usr=True))
    out["calls"] = []
    for col, row, kind, side in calls:
        before = a.frame_number()
        status = int(a.command(f"?USR({c['OPPONENT_CALL']},{c['OPPONENT_FIELD']},{col},{row},{kind},{side})")[0])
        result = a.dpeek(c["CALL_RESULT"])
        a.command("?USR(1536)")
        out["calls"].append({"status": status, "result": result, "frames": a.frame_number() - before,
                             "field": list(a.read_block(COPY_TO, 512)),
                             "code": list(a.read_block(COPY_TO + 512, 256))})
    out["region"] = out["ready"] and list(read_under(dist, "atari", lambda sources: a.write_block(0x0600, copy_routine(
        sources, ram_in, rom_in, usr=True)), lambda: a.command("?USR(1536)"), lambda n: a.read_block(COPY_TO, n)))
    # a wrong argument count and an entry that does not exist: refused
    out["no_args"] = int(a.command(f"?USR({c['OPPONENT_CALL']})")[0])
    out["bad_entry"] = int(a.command(f"?USR({c['OPPONENT_CALL']},7,1,1,0,255)")[0])
    out["state_after"] = a.read_block(c["STATE_BASE"], c["STATE_SIZE"]) == \
        (dist / "atari" / f"start_{scenario}.bin").read_bytes()
    return out


def apple(config, image, dist, scenario, calls):
    sys.path.insert(0, str(EMULATORS / "apple"))
    from a2 import Apple2
    c = constants(dist, "apple")
    a = Apple2(machine=config)
    out = {}
    a.boot(disk=image, wait_prompt=False)
    out["boot_frames"] = a.wait_until(lambda m: apple_game_waits(m, c), 3000)
    apple_to_prompt(a)
    # the input hook back on the keyboard too: the display code's draws its cursor on
    # hi-res page 2, where the copies go
    a.poke(0x38, KEYIN.to_bytes(2, "little"))
    out["ready"] = a.peek(c["OPPONENT_READY"])
    a.poke(c["STATE_BASE"], (dist / "apple" / f"start_{scenario}.bin").read_bytes())
    field, unreachable, code = opponent_symbols(dist, "apple")
    out["unreachable"] = unreachable
    a.poke(0x0300, copy_routine((field, field + 256, code), b"\xAD\x83\xC0\xAD\x83\xC0", b"\xAD\x82\xC0",
                                usr=False))
    out["calls"] = []
    args = c["CALL_ARGS"]
    for col, row, kind, side in calls:
        a.type_line(f"POKE {c['OPPONENT_ENTRY']},{c['OPPONENT_FIELD']}:POKE {c['CALL_ARGC']},4")
        for i, v in enumerate((col, row, kind, side)):
            a.type_line(f"POKE {args + 2 * i},{v}:POKE {args + 2 * i + 1},0")
        status = int(a.type_line(f"CALL {c['OPPONENT_CALL']}:PRINT PEEK({c['CALL_STATUS']})")[0])
        result = a.peek_word(c["CALL_RESULT"])
        a.type_line("CALL 768")
        out["calls"].append({"status": status, "result": result,
                             "field": list(a.peek(COPY_TO, 512)), "code": list(a.peek(COPY_TO + 512, 256))})
    ram_in, rom_in = b"\xAD\x83\xC0\xAD\x83\xC0", b"\xAD\x82\xC0"

    def copy(sources):
        a.poke(0x0300, copy_routine(sources, ram_in, rom_in, usr=False))
    out["region"] = list(read_under(dist, "apple", copy, lambda: a.type_line("CALL 768"), lambda n: a.peek(COPY_TO, n)))
    copy((0xFF00,))
    a.type_line("CALL 768")
    out["vectors"] = [a.peek_word(COPY_TO + 0xFA + 2 * k) for k in range(3)]
    a.type_line(f"POKE {c['OPPONENT_ENTRY']},7")
    out["bad_entry"] = int(a.type_line(f"CALL {c['OPPONENT_CALL']}:PRINT PEEK({c['CALL_STATUS']})")[0])
    out["state_after"] = bytes(a.peek(c["STATE_BASE"], c["STATE_SIZE"])) == \
        (dist / "apple" / f"start_{scenario}.bin").read_bytes()
    if config == "ii+":
        # the card's RAM read (as in OPPONENT_CALL), a loop in page 3, then RESET: the II+
        # takes its RESET vector from the card
        a.poke(0x0300, b"\xAD\x83\xC0\xAD\x83\xC0\x4C\x06\x03")
        a.type_line("CALL 768", wait=False)
        a.run(frames=10)
        out["looping_in_page_3"] = 0x0306 <= a.registers()["pc"] <= 0x0308
        a.ctrl_reset()
        out["after_reset_frames"] = a.wait_until(lambda m: apple_game_waits(m, c), 3000)
        out["ready_after_reset"] = a.peek(c["OPPONENT_READY"])
    a.close()
    return out


if __name__ == "__main__":
    machine, config, image, dist, scenario, calls = sys.argv[1:7]
    run = atari if machine == "atari" else apple
    print(json.dumps(run(config, image, Path(dist), scenario, json.loads(calls))))
