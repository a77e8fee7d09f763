"""The Apple display code's speed (port/asm/apple_frontend.s), for ``kotd bench``.

The engine and the display binaries of one build on a py65 machine, a scenario's start
state in the block; each entry CALLed as Applesoft does, the text hook JSRed with a
character in A.  Writes are watched as in the tests: hi-res page 2, the display region,
the call block's answer, zero page (the display's bytes and the monitor's CH, CV, CSW),
the IIe's CLR80STORE switch.
"""

from __future__ import annotations

from ..build.display import code_image, entry_addresses, text_address, text_image
from ..engine.setup import start_state
from ..engine.state import Status
from ..model.types import Model
from .machine import EngineMachine

HIRES_PAGE2 = (0x4000, 0x5FFF)
#: Issue 13: a full map redraw within 0.5 s on the Apple's 1.02 MHz.
DRAW_MAP_BUDGET = 510_000


def display_cycles(model: Model, build) -> dict:
    """Cycles of DISPLAY_INIT, DRAW_MAP (the whole map, the start with the most units on the
    map, the cursor on Tobruk), DRAW_MAP again with the cursor moved (what changed only),
    DRAW_TERRAIN, CLEAR_ROWS of one row, one character through the text hook and
    DRAW_UNIT_NAME of the longest name (the text section)."""
    target = build.target
    machine = EngineMachine.from_build(model, build)
    cpu = machine.cpu
    cpu.load(target.display.start, code_image(build.display))
    cpu.load(text_address(build.display), text_image(build.display))
    cpu.allow_writes(*HIRES_PAGE2)
    cpu.allow_writes(target.display.start, target.display.end)
    cpu.allow_writes(0x0000, 0x00FF)
    cpu.allow_writes(0xC000, 0xC000)            # CLR80STORE (DISPLAY_INIT)
    entries = entry_addresses(build.display)
    starts = {sid: start_state(model, sid) for sid in model.scenarios}
    busiest = max(starts, key=lambda sid: sum(u.status == Status.ON_MAP for u in starts[sid].units))
    machine.write_state(starts[busiest])        # the most units to place: the slowest map

    def call(entry: str, *args: int) -> int:
        machine.write_call_args(args)
        run = cpu.call(entries[entry], max_instructions=2_000_000)
        assert machine.peek("CALL_STATUS") == 0, f"{entry}{args}: status {machine.peek('CALL_STATUS')}"
        return run.cycles
    out = {"display_init": call("DISPLAY_INIT"),
           "draw_map": call("DRAW_MAP", *model.map.place_hex(model.map.tobruk)),
           "draw_map_cursor": call("DRAW_MAP", *model.map.place_hex(model.map.home_bases["axis"])),
           "draw_terrain": call("DRAW_TERRAIN"),
           "clear_row": call("CLEAR_ROWS", 20, 1),
           "char": cpu.call(entries["TEXT_OUT"], a=0xC1).cycles}
    longest = max(model.units, key=lambda u: (len(u.name), -u.number))
    out["unit_name"] = call("DRAW_UNIT_NAME", longest.number)
    out["unit_name_chars"] = len(longest.name)
    out["draw_map_budget"] = DRAW_MAP_BUDGET
    out["scenario"] = busiest
    out["bytes"] = len(code_image(build.display))
    out["region"] = target.display.size
    out["text_bytes"] = len(text_image(build.display))
    out["text_room"] = target.state.end + 1 - text_address(build.display)
    return out
