"""port/asm/ai_driver.s (OPPONENT_PLAY, the coroutine) with the whole 6502 player against
kotd.engine.game.Game with GoodAI: games recorded with the Python players and played
again by the 6502 machine (its RAM noise, then OPPONENT_PLAY(0): a new game), the computer's side(s) through OPPONENT_PLAY (each call under
a BASIC stack of another depth, so the suspended frames must be relocated), the other
side's calls from the record; the state block must be the record's after every return
and at every phase end (kotd.emu.opponent_replay).  The player is the disks'."""

import pytest

from kotd.build.abi import ERRORS
from kotd.emu import EngineMachine
from kotd.emu.opponent_replay import call_play, load_player, play, record_game, worst_phases, worst_turn
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Phase

AXIS, ALLIED, BOTH = 1, 2, 3


@pytest.fixture(scope="module")
def players(model, dist) -> dict:
    """Each target's engine with the whole player beside it."""
    out = {}
    for name in ("atari", "apple"):
        m = EngineMachine.from_dist(model, dist, name)
        load_player(m)
        out[name] = m
    return out


_GAMES: dict = {}


def recorded(model, *key, **options):
    k = key + tuple(sorted(options.items()))
    if k not in _GAMES:
        _GAMES[k] = record_game(model, *key, **options)
    return _GAMES[k]


def forget(machine, seed: int) -> None:
    """The opponent's RAM filled with noise (a machine's RAM at power-on, another game's
    leftovers), then OPPONENT_PLAY(0), as the front ends call it at a game's start: the
    player must forget all of it (0, nothing else done)."""
    import random
    noise = random.Random(seed)
    for address, size in machine.whole_player.placement.ram_runs:
        machine.cpu.load(address, bytes(noise.randrange(256) for _ in range(size)))
    before = machine.state_bytes()
    assert call_play(machine, 0, depth=5)[:2] == (0, 0) and machine.state_bytes() == before


def check(model, machine, game, sides):
    load_player(machine)
    forget(machine, game.seed)
    rep = play(model, machine, game, sides)
    assert rep.mismatch is None, rep.mismatch
    assert rep.actions == len(game.actions) and rep.calls > 0
    cycles, where = worst_turn(rep)
    print(f"\n{game.scenario} seed {game.seed} {game.players} sides {sides} {machine.target.name}: {rep.calls} calls "
          f"{rep.codes}, worst computer turn {cycles} cycles {where}, stack kept {rep.deepest} B; worst call by "
          "context: " + ", ".join(f"{k} {max(v)}" for k, v in sorted(rep.cycles.items())) + f"; worst phases {worst_phases(rep)}")
    return rep


@pytest.mark.parametrize("target", ["atari", "apple"])
def test_good_v_good_whole_tobruk41(model, players, target, long_run):
    """Both sides the 6502's (two-player rules), the whole scenario: every action of
    both sides from OPPONENT_PLAY, nested defences and reactions settled in place."""
    if target == "apple" and not long_run:
        pytest.skip("--long (the Atari's in the default run)")
    game = recorded(model, "tobruk41", 1, ("good", "good"))
    assert game.level is not None
    rep = check(model, players[target], game, BOTH)
    assert set(rep.cycles) >= {"logistics", "initiative", "operations", "depots"}


@pytest.mark.parametrize("target", ["apple", "atari"])
def test_good_allies_against_python_good_axis(model, players, target, long_run):
    """The 6502 Allies against the recorded Python Axis (both good): it defends and
    reacts when the Axis acts, and waits (2) while the Axis decides."""
    if target == "atari" and not long_run:
        pytest.skip("--long (the Apple's in the default run)")
    game = recorded(model, "tobruk41", 1, ("good", "good"))
    rep = check(model, players[target], game, ALLIED)
    assert rep.codes.get(2) and {"defend", "react", "operations", "depots"} <= set(rep.cycles)


def test_the_axis_retakes_an_empty_tobruk_before_it_moves(model, players):
    """Tobruk '42 seed 1, the good Axis against the simple Allies, the first turn: in
    B5 the Axis's first attacks empty the Allied Tobruk, and one of its units enters it
    before the movement plan (GoodAI.operations, `_take_empty_towns` with only
    Tobruk; ai_driver.s's drv_operations).  The 6502 Axis plays the turn bit-exact."""
    check(model, players["atari"], recorded(model, "tobruk42", 1, ("good", "simple"), turns=1), AXIS)


@pytest.mark.parametrize("target", ["apple", "atari"])
def test_good_allies_against_simple_axis(model, players, target, long_run):
    """Solitaire: the 6502 plays the Allies against the Python simple Axis."""
    if not long_run:
        pytest.skip("--long")
    for seed in (1, 2, 3):
        game = recorded(model, "tobruk41", seed, ("simple", "good"), computer_allied=True)
        assert game.level is not None
        check(model, players[target], game, ALLIED)


@pytest.mark.parametrize("scenario", ["tobruk42", "alamein", "campaign41", "campaign42"])
def test_more_scenarios(model, players, scenario, long_run):
    """Good v good with both sides the 6502's, solitaire with its Allies, its Axis
    against the simple Allies (the campaigns' first four turns)."""
    if not long_run:
        pytest.skip("--long")
    turns = 4 if scenario.startswith("campaign") else None
    check(model, players["atari"], recorded(model, scenario, 1, ("good", "good"), turns=turns), BOTH)
    check(model, players["apple"], recorded(model, scenario, 2, ("simple", "good"), turns=turns,
                                            computer_allied=True), ALLIED)
    check(model, players["atari"], recorded(model, scenario, 3, ("good", "simple"), turns=turns), AXIS)


@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign41", "campaign42"])
def test_good_v_good_more_seeds(model, players, scenario, long_run):
    """--long: good v good, both sides the 6502's, seeds 2-5 on the Atari (the
    campaigns' first four turns; Campaign shares Campaign '41's).  Campaign '42 seed 2
    found a defence walking on the last movement's field (plan_walls now forgets it)."""
    if not long_run:
        pytest.skip("--long")
    turns = 4 if scenario.startswith("campaign") else None
    for seed in range(2, 6):
        check(model, players["atari"], recorded(model, scenario, seed, ("good", "good"), turns=turns), BOTH)


def test_not_the_computers_turn(model, players):
    """3 and nothing done when the side that must act is not one of `sides`; E_RANGE
    for sides over 3."""
    m = players["atari"]
    load_player(m)
    state = new_game(model, "tobruk41", 5, Options(computer_allied=False))
    state.phase, state.acting, state.logistics_last = Phase.LOGISTICS, "axis", 0
    m.write_state(state)
    before = m.state_bytes()
    status, code, _ = call_play(m, ALLIED, depth=3)
    assert (status, code) == (0, 3) and m.state_bytes() == before
    status, code, _ = call_play(m, 4, depth=0)
    assert status == ERRORS["RANGE"] and m.state_bytes() == before


def test_an_entry_that_does_not_exist_or_a_wrong_count_is_refused(model, players):
    """opponent_entry's refusals, ended by abi_common.s's abi_finish: E_RANGE for an
    entry past the table, E_ARG_COUNT for OPPONENT_PLAY with two arguments; the result
    RESULT_ERROR_HI:code, the state and the engine's zero page as they were."""
    from kotd.build import opponent
    for m in players.values():
        load_player(m)
        m.write_state(new_game(model, "tobruk41", 5, Options(computer_allied=True)))
        before = m.state_bytes()
        zp = m.target.zero_page
        for entry, args, error in ((len(opponent.ENTRIES), (1,), "RANGE"), (0xFF, (1,), "RANGE"),
                                   (None, (1, 2), "ARG_COUNT")):
            status, result, _ = call_play(m, 1, depth=0, entry=entry, args=args)
            page = bytes(m.cpu.mpu.memory[zp.start:zp.end + 1])
            assert (status, result) == (ERRORS[error], 0xFF00 | ERRORS[error]), (entry, args)
            assert m.state_bytes() == before
            assert page == bytes((0x5A + k) & 0xFF for k in range(zp.end - zp.start + 1))


def test_a_stale_place_is_thrown_away(model, players):
    """A place kept in one game's logistics phase is not resumed in another game at
    another turn: the new call starts the phase's work from its first unit."""
    m = players["apple"]
    load_player(m)
    state = new_game(model, "tobruk41", 5, Options(computer_allied=False))
    state.phase, state.acting, state.logistics_last = Phase.LOGISTICS, "axis", 0
    m.write_state(state)
    assert call_play(m, AXIS, depth=10)[:2] == (0, 1)
    first = m.read_state().logistics_last
    assert first > 0
    state.turn += 1
    m.write_state(state)
    assert call_play(m, AXIS, depth=0)[:2] == (0, 1)
    assert m.read_state().logistics_last == first          # the first unit again, not the second


def test_a_game_loaded_in_the_same_phase_starts_afresh(model, players):
    """The same turn, phase and side, but the state is the phase's start again (a game
    loaded there): neither the place kept after an action nor a phase's work done is
    taken up: the logistics begin again from the first unit."""
    m = players["atari"]
    load_player(m)
    state = new_game(model, "tobruk41", 5, Options(computer_allied=False))
    state.phase, state.acting, state.logistics_last = Phase.LOGISTICS, "axis", 0
    m.write_state(state)
    start = m.state_bytes()
    assert call_play(m, AXIS, depth=4)[:2] == (0, 1)
    first = m.read_state().logistics_last
    m.cpu.load(m.target.state.start, start)                 # loaded: the phase's start again
    assert call_play(m, AXIS, depth=9)[:2] == (0, 1)
    assert m.read_state().logistics_last == first
    while (code := call_play(m, AXIS, depth=2)[1]) == 1:    # the phase's work to its end
        pass
    assert code == 0 and call_play(m, AXIS, depth=0)[1] == 0
    m.cpu.load(m.target.state.start, start)
    assert call_play(m, AXIS, depth=0)[:2] == (0, 1) and m.read_state().logistics_last == first
