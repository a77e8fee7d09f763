"""Type BASIC programs into the real interpreters and read the screen they leave.

    python emu_tests/basic_machines.py atari|apple  < programs.json  > screens.json

``programs.json`` is a list of ``{"lines": ["10 PRINT 1", ...], "keys": "3,4\\n"}``; the
answer is a list of ``{"rows": [...], "peek": [[...], ...]}``: the rows the program
printed, from the row under ``RUN`` to the row before BASIC's prompt (``Ready`` / ``]``),
trailing blank rows dropped (``"full": true``: from the top row; ``"window": true``: the
Atari's text window, for a program that ends in a loop; ``"running": true``: the whole
screen of a program that ends in a loop), and the bytes of the memory
ranges ``"peek": [[address, length], ...]`` asks for.  One machine per process (both emulators keep C globals), so the
tests run this as a subprocess.  The drivers are found at ``$KOTD_EMULATORS`` or
``<repo>/../shared/emulators``; the libraries at ``$A8_LIB`` / ``$A2_CORE``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def emulators_dir() -> Path:
    return Path(os.environ.get("KOTD_EMULATORS", REPO.parent / "shared" / "emulators"))


def _trim(rows: list[str]) -> list[str]:
    rows = [r.rstrip() for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def run_atari(programs: list[dict]) -> list[list[str]]:
    sys.path.insert(0, str(emulators_dir() / "atari"))
    from a8 import A8Error, Atari
    a = Atari()
    a.boot(basic=True, xl=True)
    a.wait_ready(900)
    screens = []
    for prog in programs:
        a.type_text("NEW\n")
        a.wait_ready()
        for line in prog["lines"]:
            a.enter(line)
        a.clear_screen()
        a.frames(5)
        a.type_text("RUN\n")
        if prog.get("keys"):
            a.frames(60)
            a.type_text(prog["keys"])
        try:
            a.wait_ready(prog.get("frames", 1800))
        except A8Error:
            pass
        if prog.get("window"):
            rows = a.text_window_lines()
        elif prog.get("running"):
            rows = a.screen_lines()
        else:
            rows = a.screen_lines()[0 if prog.get("full") else 1:]
            ready = [i for i, r in enumerate(rows) if r.strip().upper() == "READY"]
            if ready:
                rows = rows[:ready[-1]]
        peeks = [list(a.read_block(addr, n)) for addr, n in prog.get("peek", [])]
        screens.append({"rows": _trim(rows), "peek": peeks})
        if prog.get("window") or prog.get("running"):   # still looping: BREAK, back to text
            a.break_key()
            a.frames(30)
            a.type_text("GRAPHICS 0\n")
            a.wait_ready()
    a.close()
    return screens


def run_apple(programs: list[dict]) -> list[list[str]]:
    sys.path.insert(0, str(emulators_dir() / "apple"))
    from a2 import Apple2
    a = Apple2(machine="iie-enhanced")
    a.boot()
    screens = []
    for prog in programs:
        for line in ["NEW"] + prog["lines"] + ["HOME"]:
            a.type_text(line + "\r", frames_per_key=1)
            a.run(frames=5)                  # the RETURN taken: the old prompt is gone
            a.wait_prompt()
        a.type_text("RUN\r", frames_per_key=1)
        a.run(frames=10)
        if prog.get("keys"):
            a.run(frames=20)
            a.type_text(prog["keys"].replace("\n", "\r"), frames_per_key=2)
        try:
            a.run_until(lambda m: m.waiting_for_line("]"), timeout_s=prog.get("frames", 1800) / 60)
        except TimeoutError:
            pass
        rows = a.screen_text()
        if prog.get("running"):            # still looping: the whole screen, then CTRL-C
            screens.append({"rows": _trim(rows), "peek": [list(a.peek(addr, n)) for addr, n in prog.get("peek", [])]})
            a.key("C", ctrl=True)
            a.run(frames=10)
            a.type_text("\r")
            a.run(frames=10)
            a.wait_prompt()
            continue
        if not prog.get("full"):
            start = [i for i, r in enumerate(rows) if r.rstrip() == "]RUN"]
            rows = rows[start[0] + 1 if start else 1:]
        prompt = [i for i, r in enumerate(rows) if r.startswith("]")]
        if prompt:
            rows = rows[:prompt[-1]]
        peeks = [list(a.peek(addr, n)) for addr, n in prog.get("peek", [])]
        screens.append({"rows": _trim(rows), "peek": peeks})
    return screens


if __name__ == "__main__":
    programs = json.load(sys.stdin)
    screens = run_atari(programs) if sys.argv[1] == "atari" else run_apple(programs)
    json.dump(screens, sys.stdout)
