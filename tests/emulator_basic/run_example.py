"""Run in its own process (one emulated machine per process): a built BASIC program of
port/basic/ with the engine, on Altirra BASIC (atari800) or Applesoft (AppleWin).

    python run_example.py atari|apple DRIVERS_DIR PROJECT_ROOT DIST PROGRAM OUT.json

Loads ``DIST/<machine>/engine.bin`` at the engine's base (RAMTOP / HIMEM: lowered to it
first, as docs/engine.md says), then the program file the build wrote
(``DIST/<machine>/<PROGRAM>.bas``): on the Atari with ``LOAD "H1:..."`` (atari800's H:
device), on the Apple (a DOS 3.3 file: length, program) written at TXTTAB with the
pointers LOAD sets.  RUN; OUT.json gets
the lines the program printed.
"""

import json
import sys
import tempfile
from pathlib import Path

machine_name, drivers, root, dist, program, target = sys.argv[1:7]
sys.path[:0] = [drivers + "/atari", drivers + "/apple", root + "/tools"]
folder = Path(dist) / machine_name
constants = json.loads((folder / "state_constants.json").read_text())["constants"]
engine = (folder / "engine.bin").read_bytes()
base = constants["ENGINE_BASE"]
binary = (folder / f"{program}.bas").read_bytes()

if machine_name == "atari":
    from a8 import Atari
    host = Path(tempfile.mkdtemp(prefix="kotd-atari-h1-"))
    (host / f"{program.upper()}.BAS").write_bytes(binary)
    m = Atari()
    m.boot(basic=True, xl=False, patches=True, extra=("-H1", str(host), "-hreadwrite"))
    m.wait_ready(900)
    m.command(f"POKE 106,{base >> 8}:GRAPHICS 0")
    m.write_block(base, engine)
    complaints = m.command(f'LOAD "H1:{program.upper()}.BAS"')
    printed = [row.strip() for row in m.command("RUN") if row.strip()]
else:
    from a2 import Apple2
    from kotd.basic import apple
    TXTTAB, VARTAB, ARYTAB, STREND, PRGEND = 0x67, 0x69, 0x6B, 0x6D, 0xAF
    m = Apple2(machine="ii+")
    m.boot()
    complaints = m.type_line(f"HIMEM: {base}")
    m.load_binary(base, engine)
    start = m.peek_word(TXTTAB)
    image = apple.from_file_image(binary)               # linked for $0801, as DOS loads it
    if start != apple.DEFAULT_START:
        image = apple.link(apple.program_lines(image), start)
    m.poke(start, image)
    for pointer in (VARTAB, ARYTAB, STREND, PRGEND):
        m.poke(pointer, (start + len(image)).to_bytes(2, "little"))
    m.type_line("HOME")
    printed = [row.strip() for row in m.type_line("RUN") if row.strip()]
    m.close()
json.dump({"printed": printed, "complaints": complaints}, open(target, "w"), indent=1)
