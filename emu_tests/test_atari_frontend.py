"""The Atari front end (port/basic/kotd.prog) played in the BASIC runner from the keys.

A two-player game is recorded on the reference engine with the simple computer players
(kotd.replay.record: every call a front end would make); each call is translated into
the key presses a player types on the front end (docs/play.md "Keys"), the program is
run on them with the 6502 engine behind USR, and the state block is compared with the
reference's after the last call the keys reach (so at every turn end, and at the end).
The shortest scenario whole by default; more seeds with --long.

The packed start states and their unpacker (port/asm/atari_start_states.s) are loaded
as the game disk loads them; the set-up screen's keys choose the scenario.
"""

from __future__ import annotations

import pytest

from kotd.basic import runner
from kotd.basic.build import build_one
from kotd.basic.runner import keys as keyscript
from kotd.build import startstates, stateblock
from kotd.build.diskimages import start_states_image
from kotd.build.paths import BASIC_DIR
from kotd.build.targets import TARGETS
from kotd.emu import EngineMachine
from kotd.replay import record

NONE = 0xFF


def front_end_listing(model) -> str:
    built = build_one(BASIC_DIR / "kotd.prog", "atari", stateblock.constants(model, TARGETS["atari"]))
    return built.program.text()


def keys_for(action) -> str:
    """The keys a player types for one recorded call ("" for a phase nobody acts in)."""
    e, a = action.entry, action.args
    if e == "PHASE_NEXT":
        return "" if action.info[1] == NONE else "{KEY 35}"
    if e == "LOGISTICS":
        return "L" + "".join(f"{v}\n" for v in a)
    if e == "CHOOSE_FIRST":
        return "Y" if a[0] else "N"
    if e == "MOVE":
        return f"U{a[0]}\n{a[1]}"
    if e == "FORTIFY":
        return f"U{a[0]}\nB"
    if e == "SEA_MOVE":
        return f"U{a[0]}\nS"
    if e == "ACCESS":
        return f"U{a[0]}\n"
    if e == "FINISH_UNIT":
        return "F"
    if e == "END_REACTION":
        return "{KEY 35}"
    if e == "ATTACK":
        attack_hex, defend_hex, attackers, defenders, intensity, risk, air = a
        return ("A" + "".join(f"{n}\n" for n in attackers) + "0\n" + "".join(f"{n}\n" for n in defenders)
                + f"0\n{intensity}\n{risk}\n{air}\n")
    if e == "DEFEND":
        return f"{a[0]}\n{a[1]}\n"
    raise AssertionError(f"no keys for {e}")


def setup_keys(model, scenario: str, seed: int) -> str:
    """Set-up screen: option 2 steps through the scenarios, 7 takes the game number."""
    return "2" * list(model.scenarios).index(scenario) + f"7{seed}\n{{START}}"


def atari_machine(model, dist) -> EngineMachine:
    """The engine and the packed start states, as the game disk loads them."""
    machine = EngineMachine.from_dist(model, dist, "atari")
    machine.cpu.load(startstates.ATARI_BASE, start_states_image(model, TARGETS["atari"]))
    return machine


def run_front_end(model, dist, listing, scenario, keys, max_statements=20_000_000):
    machine = atari_machine(model, dist)
    report = runner.run_text(listing, "atari", keys=keyscript.parse(keys), machine=machine,
                             max_statements=max_statements)
    return report, machine


def checkpoints(actions) -> list[int]:
    """Indices after which the front end waits for keys again: the last call of each
    run of calls before a keyed one; those at a turn's end (the victory phase stepped) first."""
    keyed = [i for i, a in enumerate(actions) if i and keys_for(a)]
    ends = [k - 1 for k in keyed[1:]] + [len(actions) - 1]
    return ends


def play(model, dist, scenario, seed, stops):
    log = record(model, scenario, seed, computer_allied=False)
    listing = front_end_listing(model)
    actions = log.actions
    ends = checkpoints(actions)
    turn_ends = [k for k in ends if any(a.entry == "PHASE_NEXT" and a.info[0] == 19 for a in actions[:k + 1])]
    chosen = sorted(set([e for e in ends if e in turn_ends][:stops] + [ends[-1]]))
    for stop in chosen:
        keys = setup_keys(model, scenario, seed) + "".join(keys_for(a) for a in actions[1:stop + 1])
        report, machine = run_front_end(model, dist, listing, scenario, keys)
        assert report.error is None, report.error
        assert "waiting for a key" in report.ended or report.ended in ("END", "end of program"), report.ended
        got = machine.state_bytes() if hasattr(machine, "state_bytes") else bytes(
            machine.cpu.read(machine.target.state.start, stateblock.layout(model).state_size))
        want = actions[stop].after
        from kotd.replay import first_difference
        assert got == want, f"after call {stop} ({actions[stop].entry}): {first_difference(model, got, want)}"
    return actions, report


def test_setup_screen_and_first_phase(model, dist):
    listing = front_end_listing(model)
    report, _ = run_front_end(model, dist, listing, "tobruk41", "")
    assert report.error is None
    assert any("1 OPPONENT" in row for row in report.screen)
    assert any("TOBRUK '41" in row for row in report.screen)
    report, _ = run_front_end(model, dist, listing, "tobruk41", setup_keys(model, "tobruk41", 1))
    assert report.screen[0].startswith("TURN 1 LOGISTICS")
    assert "waiting for a key" in report.ended


def test_two_player_game_from_the_keys(model, dist, long_run):
    seeds = range(1, 6) if long_run else [1]
    for seed in seeds:
        actions, report = play(model, dist, "tobruk41", seed, stops=100 if long_run else 1)


@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_start_state_unpacked(model, dist, scenario):
    """USR(START_STATE, n) leaves exactly the scenario's start state in the block."""
    machine = atari_machine(model, dist)
    index = list(model.scenarios).index(scenario)
    machine.cpu.call(startstates.ATARI_BASE, stack=bytes([index, 0, 1]))
    assert machine.cpu.word(0xD4) == 0
    assert machine.state_bytes() == (dist / "atari" / f"start_{scenario}.bin").read_bytes()


def test_start_state_refusals(model, dist):
    machine = atari_machine(model, dist)
    before = machine.state_bytes()
    machine.cpu.call(startstates.ATARI_BASE, stack=bytes([len(model.scenarios), 0, 1]))
    assert machine.cpu.word(0xD4) == 2
    machine.cpu.call(startstates.ATARI_BASE, stack=bytes([1, 0, 2, 0, 2]))
    assert machine.cpu.word(0xD4) == 1
    machine.cpu.call(startstates.ATARI_BASE, stack=bytes([0]))
    assert machine.cpu.word(0xD4) == 1
    assert machine.state_bytes() == before


def test_pack_round_trip():
    import random
    rnd = random.Random(7)
    for n in range(200):
        data = bytes(rnd.choice([0, 0, 0, 255, rnd.randrange(256)]) for _ in range(rnd.randrange(1, 600)))
        assert startstates.unpack(startstates.pack(data), len(data)) == data
