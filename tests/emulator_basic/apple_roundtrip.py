"""Run in its own process (one emulated machine per process): Applesoft in AppleWin.

    python apple_roundtrip.py DRIVERS_DIR PROJECT_ROOT IN.json OUT.json

IN.json: a list of programs (text, see kotd.basic.apple).  For each program, OUT.json gets
``typed``: TXTTAB, VARTAB and the bytes between them after the lines were typed at the
keyboard, and ``listed``: for each line number, the screen rows ``LIST n`` printed after
our tokenize's image was written at TXTTAB and the pointers set as LOAD sets them.
"""

import json
import re
import sys

drivers, root, source, target = sys.argv[1:5]
sys.path[:0] = [drivers + "/apple", root + "/tools"]

from a2 import Apple2                                  # noqa: E402
from kotd.basic import apple as basic                  # noqa: E402

TXTTAB, VARTAB, ARYTAB, STREND, PRGEND = 0x67, 0x69, 0x6B, 0x6D, 0xAF
ERROR_MESSAGE = re.compile(r"^\?[A-Z ]+ERROR")             # ?SYNTAX ERROR, ?OUT OF MEMORY ERROR

machine = Apple2(machine="ii+")
machine.boot()
results = []
for text in json.load(open(source)):
    machine.type_line("NEW")
    complaints = []
    for line in text.splitlines():
        if line.strip():
            # type_line waits to leave the prompt first, which a short line may do and
            # come back from between two checks: give the keys time, then wait for ]
            machine.type_line(line, wait=False)
            machine.run(frames=2 * len(line) + 30)
            machine.wait_prompt()
            complaints += [row for row in machine.screen_text() if ERROR_MESSAGE.match(row)]
    start, end = machine.peek_word(TXTTAB), machine.peek_word(VARTAB)
    typed = {"txttab": start, "vartab": end, "body": bytes(machine.peek(start, end - start)).hex()}
    machine.type_line("NEW")
    image = basic.tokenize(text, start)
    machine.poke(start, image)
    for pointer in (VARTAB, ARYTAB, STREND, PRGEND):
        machine.poke(pointer, (start + len(image)).to_bytes(2, "little"))
    listed = {}
    for number, _ in basic.program_lines(image, start):
        machine.type_line("HOME")
        listed[number] = [row for row in machine.type_line(f"LIST {number}") if row.strip()]
    results.append({"typed": typed, "listed": listed, "complaints": complaints})
machine.close()
json.dump(results, open(target, "w"), indent=1)
