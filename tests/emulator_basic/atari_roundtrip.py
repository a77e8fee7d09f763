"""Run in its own process (one emulated machine per process): Altirra BASIC in atari800.

    python atari_roundtrip.py DRIVERS_DIR PROJECT_ROOT IN.json OUT.json

IN.json: a list of programs (text, see kotd.basic.atari).  For each program, OUT.json gets
``typed``: the pointers ($80-$8D, less LOMEM) and the bytes VNTP..STARP after the lines
were typed at the keyboard, and ``listed``: for each line number, the screen rows
``LIST n`` printed after our tokenize's bytes were written where BASIC's pointers say.
"""

import json
import sys

drivers, root, source, target = sys.argv[1:5]
sys.path[:0] = [drivers + "/atari", root + "/tools"]

from a8 import Atari                                   # noqa: E402
from kotd.basic import atari as basic                  # noqa: E402

POINTERS = 0x80                                        # LOMEM VNTP VNTD VVTP STMTAB STMCUR STARP
RUNSTK, TOPSTK = 0x8E, 0x90
LEFT_MARGIN = 2

machine = Atari()
machine.boot(basic=True, xl=True)
machine.wait_ready(900)
results = []
for text in json.load(open(source)):
    machine.command("NEW")
    machine.clear_screen()
    for line in text.splitlines():
        if line.strip():
            machine.enter(line)
            machine.frames(20)                         # BASIC stores the line; no Ready follows
    pointers = [machine.dpeek(POINTERS + 2 * i) for i in range(7)]
    lomem, vntp, starp = pointers[0], pointers[1], pointers[6]
    typed = {"pointers": [p - lomem for p in pointers],
             "body": machine.read_block(vntp, starp - vntp).hex()}
    errors = [row for row in machine.screen_lines() if "ERROR" in row.upper()]
    # ours, written as LOAD would
    machine.command("NEW")
    program = basic.parse_program(text, direct=None)
    ours, body = program.memory(machine.dpeek(POINTERS))
    machine.write_block(ours["VNTP"], body)
    for i, name in enumerate(basic.POINTER_NAMES):
        machine.dpoke(POINTERS + 2 * i, ours[name])
    machine.dpoke(RUNSTK, ours["STARP"])
    machine.dpoke(TOPSTK, ours["STARP"])
    listed = {}
    for line in program.lines:
        number = int.from_bytes(line[:2], "little")
        rows = machine.command(f"LIST {number}")
        listed[number] = [row[LEFT_MARGIN:] for row in rows]
    results.append({"typed": typed, "listed": listed, "screen_after_typing": errors})
json.dump(results, open(target, "w"), indent=1)
