"""Run in its own process (one emulated machine per process): Altirra BASIC in atari800.

    python atari_roundtrip.py DRIVERS_DIR PROJECT_ROOT IN.json OUT.json

IN.json: a list of programs (text, see kotd.basic.atari).  For each program, OUT.json gets

- ``typed``: the pointers ($80-$8D, less LOMEM) and the bytes VNTP..STARP after the lines
  were typed at the keyboard, and ``saved``: the file ``SAVE "H1:TYPED.BAS"`` wrote then
  (atari800's H: device puts it in a host folder);
- ``listed``: for each line number, the screen rows ``LIST n`` printed after our
  tokenize's bytes were written where BASIC's pointers say (pointers set as LOAD sets
  them), and ``loaded``: the same after ``LOAD "H1:OURS.BAS"`` of our SAVE file.
"""

import json
import sys
import tempfile
from pathlib import Path

drivers, root, source, target = sys.argv[1:5]
sys.path[:0] = [drivers + "/atari", root + "/tools"]

from a8 import Atari                                   # noqa: E402
from kotd.basic import atari as basic                  # noqa: E402

POINTERS = 0x80                                        # LOMEM VNTP VNTD VVTP STMTAB STMCUR STARP
RUNSTK, TOPSTK = 0x8E, 0x90
LEFT_MARGIN = 2

host = Path(tempfile.mkdtemp(prefix="kotd-atari-h1-"))
machine = Atari()
# patches=True: atari800's H: device (a host folder as H1:), for SAVE and LOAD
machine.boot(basic=True, xl=True, patches=True, extra=("-H1", str(host), "-hreadwrite"))
machine.wait_ready(900)
results = []
for text in json.load(open(source)):
    machine.command("NEW")
    machine.clear_screen()
    for line in text.splitlines():
        if line.strip():
            machine.enter(line)
            machine.frames(60)                         # BASIC stores the line; no Ready follows
    pointers = [machine.dpeek(POINTERS + 2 * i) for i in range(7)]
    lomem, vntp, starp = pointers[0], pointers[1], pointers[6]
    typed = {"pointers": [p - lomem for p in pointers],
             "body": machine.read_block(vntp, starp - vntp).hex()}
    errors = [row for row in machine.screen_lines() if "ERROR" in row.upper()]
    errors += machine.command('SAVE "H1:TYPED.BAS"')
    machine.flush_disks()
    saved = (host / "TYPED.BAS").read_bytes().hex()
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
    (host / "OURS.BAS").write_bytes(basic.tokenize(text, direct='SAVE "H1:OURS.BAS"'))
    machine.command("NEW")
    errors += machine.command('LOAD "H1:OURS.BAS"')
    loaded = {number: [row[LEFT_MARGIN:] for row in machine.command(f"LIST {number}")]
              for number in listed}
    results.append({"typed": typed, "saved": saved, "listed": listed, "loaded": loaded,
                    "screen_after_typing": errors})
json.dump(results, open(target, "w"), indent=1)
