"""The opponent on the game disks in real emulators (docs/images.md "The opponent"): a
64 KB machine (Atari XL, Apple IIe and II+) boots with OPPONENT_READY = 1 and the cost
field called through the resident stub OPPONENT_CALL equals ai_good.cost_field; a 48 KB
Atari 800 boots to the game as before with OPPONENT_READY = 0, and the stub refuses.

The disks booted are the test images whose opponent's pages are filled out with a pattern
(``diskimages.disk_bytes(..., fill_opponent=True)``): every byte the boot copies must
arrive, and the 800 must boot the full disk as the shipped one.
On the Apple the card's vectors are checked, and on the II+ (whose RESET leaves the card
as it is) a RESET with the card's RAM read restarts the game.

Needs ``A8_LIB`` / ``A2_CORE`` and the drivers (tests/emulators.py); skipped otherwise
(as in CI).  Each machine runs in a process of its own (tests/opponent_machine.py).
"""

import json

import pytest

from kotd.build.abi import ERRORS
from kotd.build.disk import OPPONENT_LOADED
from kotd.emu.opponent import NO_WALLS, field_places
from kotd.engine.ai_good import cost_field
from kotd.engine.board import occupancy, side_of
from kotd.engine.setup import start_state
from kotd.model.types import SIDES, UNIT_TYPES

import emulators
from emulators import needs, run_script

SCENARIO = "alamein"


def calls(model):
    """Two places, both types; no walls, then each side's units as walls."""
    places = field_places(model)
    out = []
    for k, walls in enumerate((None, "axis", "allied")):
        col, row = places[k % len(places)]
        out.append((col, row, k % 2, NO_WALLS if walls is None else SIDES.index(walls)))
    return out


def expected(model, col, row, kind, side):
    state = start_state(model, SCENARIO)
    walls = frozenset()
    if side != NO_WALLS:
        occ = occupancy(state)
        walls = frozenset(h for h, us in occ.items() if us and side_of(model, us[0]) == SIDES[side]) - {(col, row)}
    return cost_field(model, (col, row), UNIT_TYPES[kind], walls)[0]


def field_of(model, raw, unreachable):
    m = model.map
    return {(i % m.columns, i // m.columns): v for i, v in enumerate(raw[:m.columns * m.rows]) if v != unreachable}


def machine(model, dist, tmp_path, name, config, image):
    """Boot the test image (the opponent filling its region) of ``dist``'s disk ``image``."""
    from kotd.build.diskimages import disk_bytes
    from kotd.build.targets import TARGETS
    work = tmp_path / image
    if not work.exists():
        work.write_bytes(disk_bytes(model, TARGETS[name], dist, fill_opponent=True))
    return run_script("opponent_machine.py", name, config, work, dist, SCENARIO, json.dumps(calls(model)))


def check_fields(model, out, code):
    assert out["ready"] == OPPONENT_LOADED
    for (col, row, kind, side), call in zip(calls(model), out["calls"]):
        want = expected(model, col, row, kind, side)
        assert call["status"] == 0 and call["result"] == len(want)          # CALL_RESULT: the hexes settled
        assert field_of(model, call["field"], out["unreachable"]) == want, (col, row, kind, side)
        assert bytes(call["code"]) == code[:256]
    assert out["bad_entry"] == ERRORS["RANGE"] and out["state_after"]


def opponent_code(model, dist, target):
    """The opponent's file as the test image has it (each chunk's pages filled out with the
    pattern), with each chunk's bytes of code by themselves (the fill past a chunk's end
    lands in the opponent's RAM, which the calls have written since)."""
    from kotd.build.diskimages import opponent_file
    from kotd.build.opponent import opponent_assembly
    from kotd.build.targets import TARGETS
    from kotd.emu.machine import EngineMachine
    asm = opponent_assembly(model, TARGETS[target], EngineMachine.from_dist(model, dist, target).symbols)
    return opponent_file(asm, fill=True), asm.placement.chunks


def code_only(pages: bytes, chunks) -> bytes:
    out, at = b"", 0
    for _, size in chunks:
        out += pages[at:at + size]
        at += -(-size // 256) * 256
    return out


def check_region(out, region, target):
    pages, chunks = region
    assert len(out["region"]) == len(pages)
    got, region = code_only(bytes(out["region"]), chunks), code_only(pages, chunks)
    assert got == region, f"first difference at +${next(i for i in range(len(got)) if got[i] != region[i]):04X}"


def test_atari_xl_loads_the_opponent_under_the_os_and_800_boots_without_it(model, dist, tmp_path):
    needs(emulators.ATARI)
    xl = machine(model, dist, tmp_path, "atari", "xl", "kotd-atari.atr")
    region = opponent_code(model, dist, "atari")
    check_fields(model, xl, region[0])
    check_region(xl, region, "atari")
    assert xl["no_args"] == ERRORS["ARG_COUNT"]
    old = machine(model, dist, tmp_path, "atari", "800", "kotd-atari.atr")
    assert old["screen"][0] == "KNIGHTS OF THE DESERT" and "1 OPPONENT" in old["screen"][1]
    assert old["ready"] == 0
    assert [c["status"] for c in old["calls"]] == [ERRORS["NO_OPPONENT"]] * len(calls(model))
    assert old["no_args"] == ERRORS["NO_OPPONENT"] and old["bad_entry"] == ERRORS["NO_OPPONENT"]
    assert old["state_after"]
    print("boot frames: XL", xl["boot_frames"], "800", old["boot_frames"],
          "call frames (XL):", [c["frames"] for c in xl["calls"]])


def check_vectors(out):
    """The card's NMI vector is the ROM's ($03FB, page 3); RESET and IRQ/BRK go to the
    resident code (card_reset, card_irq), which reads the ROM again."""
    from kotd.build.assemble import assemble
    resident = assemble("apple_boot_resident.s")
    assert out["vectors"] == [0x03FB, resident.address("card_reset"), resident.address("card_irq")]


@pytest.mark.parametrize("config", ["iie", "ii+"])
def test_apple_loads_the_opponent_into_the_language_card(model, dist, tmp_path, config):
    needs(emulators.APPLE)
    out = machine(model, dist, tmp_path, "apple", config, "kotd-apple.dsk")
    region = opponent_code(model, dist, "apple")
    check_fields(model, out, region[0])
    check_region(out, region, "apple")
    check_vectors(out)
    if config == "ii+":
        assert out["looping_in_page_3"] and out["after_reset_frames"] < 3000
        assert out["ready_after_reset"] == OPPONENT_LOADED
    print(f"boot frames: {config}", out["boot_frames"], "after RESET in the card:", out.get("after_reset_frames"))
