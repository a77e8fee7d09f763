"""The opponent on the game disks in real emulators (docs/images.md "The opponent"): a
64 KB machine (Atari XL, Apple IIe) boots with OPPONENT_READY = 1 and the cost field
called through the resident stub OPPONENT_CALL equals ai_good.cost_field; a 48 KB
Atari 800 boots to the game as before with OPPONENT_READY = 0, and the stub refuses.

Needs ``A8_LIB`` / ``A2_CORE`` and the drivers (tests/emulators.py); skipped otherwise
(as in CI).  Each machine runs in a process of its own (tests/opponent_machine.py).
"""

import json

from kotd.build.abi import ERRORS
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
    work = tmp_path / image
    work.write_bytes((dist / image).read_bytes())
    return run_script("opponent_machine.py", name, config, work, dist, SCENARIO, json.dumps(calls(model)))


def check_fields(model, out, code):
    assert out["ready"] == 1
    for (col, row, kind, side), call in zip(calls(model), out["calls"]):
        want = expected(model, col, row, kind, side)
        assert call["status"] == 0 and call["result"] == len(want)          # CALL_RESULT: the hexes settled
        assert field_of(model, call["field"], out["unreachable"]) == want, (col, row, kind, side)
        assert bytes(call["code"]) == code[:256]
    assert out["bad_entry"] == ERRORS["RANGE"] and out["state_after"]


def opponent_code(model, dist, target):
    from kotd.build.opponent import opponent_assembly
    from kotd.build.targets import TARGETS
    from kotd.emu.machine import EngineMachine
    return opponent_assembly(model, TARGETS[target], EngineMachine.from_dist(model, dist, target).symbols).image


def test_atari_xl_loads_the_opponent_under_the_os_and_800_boots_without_it(model, dist, tmp_path):
    needs(emulators.ATARI)
    xl = machine(model, dist, tmp_path, "atari", "xl", "kotd-atari.atr")
    check_fields(model, xl, opponent_code(model, dist, "atari"))
    assert xl["no_args"] == ERRORS["ARG_COUNT"] and xl["charset_under_os"]
    old = machine(model, dist, tmp_path, "atari", "800", "kotd-atari.atr")
    assert old["screen"][0] == "KNIGHTS OF THE DESERT" and "1 OPPONENT" in old["screen"][1]
    assert old["ready"] == 0
    assert [c["status"] for c in old["calls"]] == [ERRORS["NO_OPPONENT"]] * len(calls(model))
    assert old["no_args"] == ERRORS["NO_OPPONENT"] and old["bad_entry"] == ERRORS["NO_OPPONENT"]
    assert old["state_after"]
    print("boot frames: XL", xl["boot_frames"], "800", old["boot_frames"],
          "call frames (XL):", [c["frames"] for c in xl["calls"]])


def test_apple_iie_loads_the_opponent_into_the_language_card(model, dist, tmp_path):
    needs(emulators.APPLE)
    iie = machine(model, dist, tmp_path, "apple", "iie", "kotd-apple.dsk")
    check_fields(model, iie, opponent_code(model, dist, "apple"))
    print("boot frames: IIe", iie["boot_frames"])
