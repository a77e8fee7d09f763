"""The front ends' computer opponent (docs/play.md "The computer opponent") in the BASIC
runner, on both machines: the set-up's option 1 with and without the opponent's code
(OPPONENT_READY, which the boot sets on a 64 KB machine), NEW_GAME's flags for the sides
the computer plays, a saved game's sides when it is loaded, and the play loop: every
computer side's turn through the resident code's OPPONENT_CALL into the opponent's code
(loaded in py65 by kotd.emu.opponent.load_opponent), its OPPONENT_PLAY entry (ai_play,
tools/kotd/build/opponent.py ENTRIES).

An OPPONENT_PLAY that refuses every call (its argument count patched to $FF: E_ARG_COUNT)
shows the refusal and the humans play on; the play loop's own test runs the computer on
both sides, its state at every stop the reference good player's.
"""

from __future__ import annotations

import pytest

from kotd.basic import runner
from kotd.basic.runner import keys as keyscript
from kotd.build import atr, disk, dsk, opponent, stateblock
from kotd.build.abi import ERRORS
from kotd.build.targets import TARGETS
from kotd.emu.opponent import load_opponent, put_opponent
from kotd.emu.opponent_replay import reference_states
from kotd.engine.flow import Flow
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Phase
from kotd.replay import first_difference

import test_apple_frontend as apple_fe
import test_atari_frontend as atari_fe

TARGET_NAMES = ("atari", "apple")
PORTB, NMIEN, CHBASE = 0xD301, 0xD40E, 0xD409
#: Each machine's key that begins the game on the set-up screen.
BEGIN = {"atari": "{START}", "apple": " "}
#: The option line's text after 0-3 presses of 1 (computer_sides 0-3).
OPPONENT_TEXT = ["TWO PLAYERS", "COMPUTER AXIS", "COMPUTER ALLIES", "COMPUTER BOTH"]


def machine_for(model, dist, target: str, ready: bool):
    """The front end's machine (engine, machine code, disk) as each machine's own front end
    tests make it; `ready`: the opponent's code loaded where the boot copies it and
    OPPONENT_READY set (a 64 KB machine), else as on a 48 KB machine."""
    m = atari_fe.atari_machine(model, dist) if target == "atari" else apple_fe.apple_machine(model, dist, draw=False)
    if ready:
        c = stateblock.constants(model, TARGETS[target])
        m.cpu.load(c["OPPONENT_READY"], bytes([int(ready)]))
        load_opponent_cached(m)
        if target == "atari":                     # the stub switches the OS ROM out and back
            m.cpu.allow_writes(PORTB, PORTB)      # (and points ANTIC at the map's characters)
            m.cpu.allow_writes(NMIEN, NMIEN)
            m.cpu.allow_writes(CHBASE, CHBASE)
    return m


_OPPONENT = {}


def load_opponent_cached(machine) -> None:
    """kotd.emu.opponent.load_opponent with the opponent assembled once a target."""
    name = machine.target.name
    if name not in _OPPONENT:
        _OPPONENT[name] = load_opponent(machine)
        return
    put_opponent(machine, _OPPONENT[name])


def listing(model, target: str) -> str:
    return atari_fe.front_end_listing(model) if target == "atari" else apple_fe.front_end_listing(model)


def run(model, dist, target, keys, ready, machine=None, max_statements=20_000_000):
    machine = machine or machine_for(model, dist, target, ready)
    report = runner.run_text(listing(model, target), target, keys=keyscript.parse(keys), machine=machine,
                             max_statements=max_statements)
    assert report.error is None, report.error
    return report, machine


def option_line(report) -> str:
    return next(row for row in report.screen if "1 OPPONENT" in row)


def reference_start(model, computer_allied: bool, computer_axis: bool, seed: int = 1):
    """The set-up's default game (Tobruk '41, game 1 unless `seed`, both sides at the
    second level) with the computer's sides, stepped to the first phase a side acts in."""
    level = list(model.ratings.difficulty)[1]
    options = Options.at_levels(model, level, level, computer_allied=computer_allied, computer_axis=computer_axis)
    flow = Flow(model, new_game(model, "tobruk41", seed, options))
    while flow.info().actor is None and flow.state.phase != Phase.GAME_OVER:
        flow.step()
    return flow


def computer_sides(report, model, target) -> int:
    """The program's computer_sides (its short name from the build's name map)."""
    from kotd.basic.build import build_one
    from kotd.build.paths import BASIC_DIR
    names = build_one(BASIC_DIR / "kotd.prog", target, stateblock.constants(model, TARGETS[target])).program.names
    short = next(s for s, long in names.items() if long == "computer_sides")
    return int(report.runtime.scalars.get(short, 0))


def states_at_opponent_calls(model, target, machine, keys: str, count: int) -> list[bytes]:
    """The program run with `keys` until its `count`th call of OPPONENT_CALL: the state
    block at each call (the run stops at the last, which must come)."""
    stop = stateblock.constants(model, TARGETS[target])["OPPONENT_CALL"]
    calls = []
    plain = machine.cpu.call

    def call(address, **kw):
        if address == stop:
            calls.append(machine.state_bytes())
            if len(calls) == count:
                raise runner.core.RunnerFault("the opponent called")
        return plain(address, **kw)
    machine.cpu.call = call
    with pytest.raises(runner.core.RunnerFault, match="the opponent called"):
        runner.run_text(listing(model, target), target, keys=keyscript.parse(keys), machine=machine,
                        max_statements=20_000_000)
    return calls


# --- the set-up ----------------------------------------------------------------------------

@pytest.mark.parametrize("target", TARGET_NAMES)
def test_without_the_opponent_option_1_says_so_and_the_game_is_two_players(model, dist, target):
    """A 48 KB machine (OPPONENT_READY 0): 1 says the computer needs 64 KB, the option stays
    two players, and the game starts with neither computer flag."""
    report, _ = run(model, dist, target, "1", ready=False)
    assert "THE COMPUTER NEEDS 64 KB" in "\n".join(report.screen)
    assert option_line(report).endswith("TWO PLAYERS")
    report, machine = run(model, dist, target, "11" + BEGIN[target], ready=False)
    want = reference_start(model, False, False).state
    got = machine.state_bytes()
    assert got == stateblock.encode(want, model), first_difference(model, got, stateblock.encode(want, model))


@pytest.mark.parametrize("target", TARGET_NAMES)
def test_with_the_opponent_option_1_steps_through_the_computer_sides(model, dist, target):
    """OPPONENT_READY 1: 1 steps two players -> computer Axis -> Allies -> both -> two
    players; the solitaire (computer Allies) game starts with NEW_GAME's bit 0 (the
    solitaire rules: the reference's new game with computer_allied), the human Axis asked
    first (its logistics: the program waits for a key, the opponent not called)."""
    for presses, text in enumerate(OPPONENT_TEXT + OPPONENT_TEXT[:1]):
        report, _ = run(model, dist, target, "1" * presses, ready=True)
        assert option_line(report).rstrip().endswith(text), (presses, option_line(report))
        assert "64 KB" not in "\n".join(report.screen)
    report, machine = run(model, dist, target, "11" + BEGIN[target], ready=True)
    assert "waiting for a key" in report.ended
    want = stateblock.encode(reference_start(model, True, False).state, model)
    assert machine.state_bytes() == want, first_difference(model, machine.state_bytes(), want)
    assert "COMPUTER PLAYS" not in "\n".join(report.screen)


@pytest.mark.parametrize("target", TARGET_NAMES)
def test_the_computer_axis_and_both_sides_reach_new_game(model, dist, target):
    """Computer Axis: NEW_GAME's bit 3 (OPT_COMPUTER_AXIS, no solitaire rules); both: bits
    0 and 3.  The opponent is called first with no side (a new game: it forgets the
    last), then to play; the state at that second call is the reference's new game with
    those options, stepped to the first phase a side acts in."""
    for presses, allied, axis in ((1, False, True), (3, True, True)):
        calls = states_at_opponent_calls(model, target, machine_for(model, dist, target, ready=True),
                                         "1" * presses + BEGIN[target], 2)
        want = stateblock.encode(reference_start(model, allied, axis).state, model)
        assert calls[1] == want, first_difference(model, calls[1], want)


def save_in_slot(model, target, machine, slot: int, state) -> None:
    """A saved game in the machine's modelled disk, as DISK_SAVE writes one."""
    data = stateblock.encode(state, model)
    scenario = list(model.scenarios).index(state.scenario)
    if target == "atari":
        layout = atr.save_layout(stateblock.layout(model).state_size, start_slots=len(model.scenarios))
        for i, sector in enumerate(disk.slot_sectors(layout, slot, scenario, state.turn, data)):
            machine.drive.sectors[atr.slot_sector(layout, slot, i)] = sector
    else:
        layout = dsk.save_layout(stateblock.layout(model).state_size, start_slots=len(model.scenarios))
        for i, sector in enumerate(disk.slot_sectors(layout, slot, scenario, state.turn, data)):
            machine.disk_sectors[dsk.slot_place(layout, slot, i)] = sector


@pytest.mark.parametrize("target", TARGET_NAMES)
def test_a_saved_solitaire_game_loads_as_solitaire(model, dist, target):
    """The sides the computer plays are the state's (OPT_COMPUTER_ALLIED, _AXIS): a saved
    game with the computer's Allies loads with computer_sides 2 where the opponent is
    loaded, 0 (two players) on a 48 KB machine; a computer-Axis game loads as 1.  Each
    saved where the human side acts (the program waits for its key)."""
    for allied, axis, ready, sides in ((True, False, True, 2), (True, False, False, 0), (False, True, True, 1)):
        flow = reference_start(model, allied, axis)
        while flow.info().actor != ("axis" if allied else "allied"):
            flow.step()
        state = flow.state
        machine = machine_for(model, dist, target, ready)
        save_in_slot(model, target, machine, 3, state)
        report, machine = run(model, dist, target, "L3", ready, machine=machine)
        assert machine.state_bytes() == stateblock.encode(state, model)
        assert computer_sides(report, model, target) == sides, (allied, axis, ready)


# --- the play loop -------------------------------------------------------------------------

def refusing(model, dist, target):
    """A machine whose OPPONENT_PLAY refuses every call: its entry's argument count made
    $FF (opponent_entry then answers E_ARG_COUNT and calls nothing)."""
    machine = machine_for(model, dist, target, True)
    argc = machine.whole_player.address("opponent_argc")
    machine.cpu.load(argc + [n for n, _, _ in opponent.ENTRIES].index("PLAY"), b"\xff")
    return machine


@pytest.mark.parametrize("target", TARGET_NAMES)
def test_a_refused_opponent_call_stops_the_computer_and_the_humans_play_on(model, dist, target):
    """The computer's Axis asked to play its logistics: OPPONENT_PLAY refuses (E_ARG_COUNT
    through OPPONENT_CALL); the program shows the engine's code and goes on as two
    players: # ends the Axis logistics as a human's would (the reference's step)."""
    report, machine = run(model, dist, target, "1" + BEGIN[target], ready=True, machine=refusing(model, dist, target))
    assert f"NOT ALLOWED (ENGINE CODE {ERRORS['ARG_COUNT']})" in "\n".join(report.screen)
    assert computer_sides(report, model, target) == 0
    report, machine = run(model, dist, target, "1" + BEGIN[target] + "#", ready=True,
                          machine=refusing(model, dist, target))
    flow = reference_start(model, False, True)
    flow.step()
    want = stateblock.encode(flow.state, model)
    assert machine.state_bytes() == want, first_difference(model, machine.state_bytes(), want)


@pytest.mark.parametrize("target", TARGET_NAMES)
def test_the_computer_plays_both_sides_as_the_reference_player(model, dist, target, monkeypatch, long_run):
    """The demonstration (the computer on both sides): after START no key is typed; the
    program calls OPPONENT_PLAY again and again (the runner ends the run once the program
    has polled the keyboard `polls` times with nothing to come: one poll a call), steps
    the phases the opponent has finished, and its state block is at every stop one of the
    reference good player's states (the same game: GoodAI on both sides, the same options
    and seed), after at least a few actions.  --long: many more calls."""
    polls = 400 if long_run else 40
    monkeypatch.setattr(keyscript, "IDLE_POLL_LIMIT", polls)
    calls = []
    machine = machine_for(model, dist, target, ready=True)
    stop = stateblock.constants(model, TARGETS[target])["OPPONENT_CALL"]
    if target == "atari":
        from kotd.basic.runner.atari import AtariRuntime
        plain_usr = AtariRuntime.usr

        def usr(self, address, args):
            if address == stop:
                calls.append(tuple(args))
            return plain_usr(self, address, args)
        monkeypatch.setattr(AtariRuntime, "usr", usr)
    else:
        plain_call = machine.cpu.call

        def call(address, **kw):
            if address == stop:
                calls.append(address)
            return plain_call(address, **kw)
        machine.cpu.call = call
    report, machine = run(model, dist, target, "111" + BEGIN[target], ready=True, machine=machine,
                          max_statements=50_000_000)
    assert "COMPUTER STOPPED" not in "\n".join(report.screen) and "NOT ALLOWED" not in "\n".join(report.screen)
    assert len(calls) >= polls // 2, (len(calls), report.ended)
    level = list(model.ratings.difficulty)[1]
    options = Options.at_levels(model, level, level, computer_allied=True, computer_axis=True)
    states = reference_states(model, options, 20 * polls + 200)
    got = machine.state_bytes()
    assert got in states, first_difference(model, got, min(states, key=lambda s: sum(a != b for a, b in zip(s, got))))
    assert states.index(got) >= 5, "the computer made fewer than five engine actions"


@pytest.mark.parametrize("target", TARGET_NAMES)
def test_the_demonstration_goes_on_to_the_next_game_by_itself(model, dist, target, monkeypatch):
    """At a show the demonstration runs unattended: a game of the computer on both sides,
    loaded at its end (the reference good player's Tobruk '41 game 1 played out, saved in
    slot 3), shows GAME OVER and its result, pauses (common/play.bas game_over), and then
    starts the next game number, 2, of the same scenario with no key: the opponent is
    told of a new game (no side) and then asked to play the reference's new game 2,
    stepped to the first phase a side acts in."""
    from kotd.engine.ai_good import GoodAI
    from kotd.engine.game import Game
    monkeypatch.setattr(keyscript, "IDLE_POLL_LIMIT", 20)
    level = list(model.ratings.difficulty)[1]
    options = Options.at_levels(model, level, level, computer_allied=True, computer_axis=True)
    ended = new_game(model, "tobruk41", 1, options)
    Game(model, ended, {"axis": GoodAI("axis"), "allied": GoodAI("allied")}).play()
    assert ended.phase == Phase.GAME_OVER
    machine = machine_for(model, dist, target, ready=True)
    save_in_slot(model, target, machine, 3, ended)
    calls = states_at_opponent_calls(model, target, machine, "L3", 3)
    assert calls[0] == stateblock.encode(ended, model)          # loaded: the opponent forgets the last game
    want = stateblock.encode(new_game(model, "tobruk41", 2, options), model)
    assert calls[1] == want, first_difference(model, calls[1], want)      # game 2: forget again
    want = stateblock.encode(reference_start(model, True, True, seed=2).state, model)
    assert calls[2] == want, first_difference(model, calls[2], want)
