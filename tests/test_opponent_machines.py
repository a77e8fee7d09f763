"""The opponent on the game disks in real emulators (docs/images.md "The opponent"): a
64 KB machine (Atari XL, Apple IIe and II+) boots with OPPONENT_READY = 1 and the cost
field called through the resident stub OPPONENT_CALL equals ai_good.cost_field; a 48 KB
Atari 800 boots to the game as before with OPPONENT_READY = 0, and the stub refuses.

The disks booted are the test images whose opponent fills its whole 5 KB code region
(``diskimages.disk_bytes(..., fill_opponent=True)``: the code, then a pattern): every
byte of the region must arrive, and the 800 must boot the full disk as the shipped one.
On the Apple the card's vectors are checked, and on the II+ (whose RESET leaves the card
as it is) a RESET with the card's RAM read restarts the game.

Needs ``A8_LIB`` / ``A2_CORE`` and the drivers (tests/emulators.py); skipped otherwise
(as in CI).  Each machine runs in a process of its own (tests/opponent_machine.py).
"""

import json

import pytest

from kotd.build.abi import ERRORS
from kotd.build.disk import opponent_loaded
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
    assert out["ready"] == opponent_loaded()
    for (col, row, kind, side), call in zip(calls(model), out["calls"]):
        want = expected(model, col, row, kind, side)
        assert call["status"] == 0 and call["result"] == len(want)          # CALL_RESULT: the hexes settled
        assert field_of(model, call["field"], out["unreachable"]) == want, (col, row, kind, side)
        assert bytes(call["code"]) == code[:256]
    assert out["bad_entry"] == ERRORS["RANGE"] and out["state_after"]


def opponent_code(model, dist, target):
    """The opponent's code region as the test image fills it: the code, then the pattern."""
    from kotd.build.diskimages import opponent_fill
    from kotd.build.opponent import opponent_assembly
    from kotd.build.targets import TARGETS
    from kotd.emu.machine import EngineMachine
    code = opponent_assembly(model, TARGETS[target], EngineMachine.from_dist(model, dist, target).symbols).image
    return opponent_fill(code, TARGETS[target].opponent.size)


def check_region(out, region, target):
    from kotd.build.targets import TARGETS
    got = bytes(out["region"])
    assert len(got) == len(region) == TARGETS[target].opponent.size
    assert got == region, f"first difference at +${next(i for i in range(len(got)) if got[i] != region[i]):04X}"


def test_atari_xl_loads_the_opponent_under_the_os_and_800_boots_without_it(model, dist, tmp_path):
    needs(emulators.ATARI)
    xl = machine(model, dist, tmp_path, "atari", "xl", "kotd-atari.atr")
    region = opponent_code(model, dist, "atari")
    check_fields(model, xl, region)
    check_region(xl, region, "atari")
    assert xl["no_args"] == ERRORS["ARG_COUNT"] and xl["charset_under_os"]
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
    check_fields(model, out, region)
    check_region(out, region, "apple")
    check_vectors(out)
    if config == "ii+":
        assert out["looping_in_page_3"] and out["after_reset_frames"] < 3000
        assert out["ready_after_reset"] == opponent_loaded()
    print(f"boot frames: {config}", out["boot_frames"], "after RESET in the card:", out.get("after_reset_frames"))
