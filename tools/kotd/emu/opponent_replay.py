"""The 6502 computer player against the Python one: a whole game, action for action.

:func:`record_game` plays a game on the reference engine with the Python players
(``good``: :class:`~kotd.engine.ai_good.GoodAI`, ``simple``: :class:`~kotd.engine.ai.SimpleAI`)
and records every call a front end would make (:mod:`kotd.replay`'s recorder).
:func:`play` makes the 6502 machine play the same game the way a front end drives
it: whenever PHASE_INFO names a side in ``sides`` and the situation is one the 6502
player is asked to play (``contexts``), it calls OPPONENT_PLAY(sides) through
``opponent_entry``, under a BASIC stack of another depth each call (the coroutine
must relocate its frames); every other call (the other side's, the phase steps the
front end makes) comes from the record.  After every OPPONENT_PLAY return the state
block must be the record's after one of the computer's next actions (the first one
it equals: one OPPONENT_PLAY call is one action with what it settled in place), and
on result 0 the state before the record's PHASE_NEXT: the first mismatch stops the
game and is reported with its turn, phase, unit and action.

The contexts (docs/ai.md "The driver"): ``defend`` (a declared battle waits for the
computer's side), ``react`` (a limited reaction open for it), ``logistics``,
``initiative``, ``operations`` (operations and enemy reaction phases), ``depots``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..build import opponent, stateblock
from ..engine.ai import SimpleAI
from ..engine.ai_good import GoodAI
from ..engine.flow import DEPOTS, Action, May, kind_of
from ..engine.game import Game, GameOver
from ..engine.setup import Options, new_game, start_state
from ..engine.state import Phase
from ..model.types import SIDES, Model
from ..replay import call_action, describe, expected_status, first_difference, new_game_args
from .machine import EngineMachine
from .opponent import load_opponent

PLAYERS = {"good": GoodAI, "simple": SimpleAI}
CONTEXTS = ("defend", "react", "logistics", "initiative", "operations", "depots")
#: What ai_driver.s plays today (docs/ai.md "The driver"); the others come from the record.
DRIVEN = CONTEXTS
PLAY_LIMIT = 60_000_000            # instructions in one OPPONENT_PLAY call


@dataclass
class OpponentGame:
    scenario: str
    seed: int
    players: tuple[str, str]        # Axis, Allied: "good" or "simple"
    options: dict
    start: bytes
    actions: list[Action]
    level: str | None = None


def record_game(model: Model, scenario: str, seed: int, players: tuple[str, str] = ("good", "good"), *,
                turns: int | None = None, computer_allied: bool = False, random_initiative: bool = False,
                optional_depots: bool = False) -> OpponentGame:
    """Play a game (the first `turns` turns, or to its end) with the Python players and
    record every call."""
    opts = Options(computer_allied=computer_allied, random_initiative=random_initiative,
                   optional_depots=optional_depots)
    start = stateblock.encode(start_state(model, scenario), model)
    state = new_game(model, scenario, seed, opts)
    game = Game(model, state, {side: PLAYERS[name](side) for side, name in zip(SIDES, players)})
    game.flow.record = [Action("NEW_GAME", new_game_args(seed, opts), None, 0,
                               (int(Phase.SETUP), 0xFF, int(May.STEP)), stateblock.encode(state, model))]
    game.flow.snapshot = lambda s: stateblock.encode(s, model)
    game.play(turns)
    return OpponentGame(scenario, seed, tuple(players), dict(computer_allied=computer_allied,
                        random_initiative=random_initiative, optional_depots=optional_depots),
                        start, game.flow.record, state.level)


def load_player(machine: EngineMachine):
    """The whole player (the disks') beside the machine's engine, every opponent label
    named, its RAM zeroed (GoodAI starts empty)."""
    asm = load_opponent(machine)
    for address, size in asm.placement.ram_runs:
        machine.cpu.load(address, bytes(size))
    return asm


def call_play(machine: EngineMachine, sides: int, depth: int, max_instructions: int = PLAY_LIMIT,
              entry: int | None = None, args: tuple[int, ...] | None = None):
    """OPPONENT_PLAY(sides) through opponent_entry as OPPONENT_CALL makes it (X = the
    entry, the call block set), under `depth` bytes of someone else's stack and with
    someone else's values in the engine's zero page (the player may keep nothing there
    across a suspension); or another `entry` with other `args`."""
    cpu = machine.cpu
    mpu = cpu.mpu
    zp = machine.target.zero_page
    cpu.load(zp.start, bytes((0x5A + 17 * depth + k) & 0xFF for k in range(zp.end - zp.start + 1)))
    machine.poke("CALL_STATUS", 0)
    machine.write_call_args((sides,) if args is None else args)
    mpu.sp = 0xFF
    for k in range(depth):
        cpu.push(0xA5 ^ k)
    base = mpu.sp
    ret = cpu.sentinel - 1
    cpu.push(ret >> 8)
    cpu.push(ret & 0xFF)
    frame = mpu.sp
    mpu.a, mpu.x, mpu.y = 0, [e[0] for e in opponent.ENTRIES].index("PLAY") if entry is None else entry, 0
    mpu.p = 0x34
    mpu.pc = machine.symbols["OPPONENT_START"]
    run = cpu._run(frame, expected_sp=base, max_instructions=max_instructions)
    return machine.peek("CALL_STATUS"), machine.cpu.word(machine.address("CALL_RESULT")), run


def context(machine: EngineMachine) -> str | None:
    """What the side that must act is asked for now (the 6502 dispatch's view)."""
    actor = machine.peek("FLOW_ACTOR")
    if machine.peek("DEFEND_PENDING"):
        return "defend"
    if machine.peek("REACT_SIDE") == actor:
        return "react"
    phase = Phase(machine.peek("PHASE"))
    if phase == Phase.LOGISTICS:
        return "logistics"
    if phase == Phase.INITIATIVE:
        return "initiative"
    kind = kind_of(phase)
    if kind is None:
        return None
    return "depots" if kind == DEPOTS else "operations"


@dataclass
class OpponentReport:
    calls: int = 0                  # OPPONENT_PLAY calls
    actions: int = 0                # record actions gone through
    mismatch: str | None = None     # the first, if any
    cycles: dict[str, list[int]] = field(default_factory=dict)     # context -> cycles of each call
    turns: dict[tuple[int, int], int] = field(default_factory=dict)  # (turn, side) -> the computer's cycles
    phases: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (turn, phase, side) -> cycles
    deepest: int = 0                # DRV_LEN's most
    codes: dict[int, int] = field(default_factory=dict)            # OPPONENT_PLAY's results, counted


def _where(model: Model, state: bytes, action: Action) -> str:
    turn = stateblock.decode(state, model).turn
    unit = f" unit {action.args[0]}" if action.entry in ("MOVE", "FORTIFY", "SEA_MOVE", "ACCESS", "LOGISTICS") \
        else f" units {action.args[2]}" if action.entry == "ATTACK" else ""
    side = {0: "axis", 1: "allied"}.get(action.info[1], "-")
    return f"turn {turn} {Phase(action.info[0]).name} ({side}){unit}: {describe(action)}"


def play(model: Model, machine: EngineMachine, game: OpponentGame, sides: int,
         contexts: tuple[str, ...] = DRIVEN) -> OpponentReport:
    """The 6502 plays `sides` (bit 0 Axis, bit 1 Allied) of the recorded game where
    `contexts` say; the first mismatch ends it (report.mismatch)."""
    rep = OpponentReport()
    actions = game.actions
    machine.cpu.load(machine.target.state.start, game.start)
    ours = {s for s in (0, 1) if sides >> s & 1}
    expect = game.start
    i = 0
    done = False                    # OPPONENT_PLAY said 0: the front end's PHASE_NEXT comes next
    while i < len(actions):
        info = machine.call("PHASE_INFO")
        actor = machine.peek("FLOW_ACTOR")
        where = context(machine) if actor in ours else None
        if where in contexts and not done:
            turn, phase = machine.peek("TURN"), machine.peek("PHASE")
            status, code, run = call_play(machine, sides, depth=(rep.calls * 7) % 41)
            rep.calls += 1
            rep.cycles.setdefault(where, []).append(run.cycles)
            rep.turns[(turn, actor)] = rep.turns.get((turn, actor), 0) + run.cycles
            key = (turn, phase, actor)
            rep.phases[key] = rep.phases.get(key, 0) + run.cycles
            rep.deepest = max(rep.deepest, machine.peek("DRV_LEN"))
            rep.codes[code] = rep.codes.get(code, 0) + 1
            got = machine.state_bytes()
            if status != 0 or code not in (0, 1, 2):
                rep.mismatch = f"{_where(model, expect, actions[i])}: OPPONENT_PLAY status {status}, result {code}"
                return rep
            j, matched = i, None
            while j < len(actions) and actions[j].entry not in ("PHASE_NEXT", "NEW_GAME") \
                    and actions[j].info[1] in ours:
                if code and actions[j].after == got:
                    matched = j
                    break
                j += 1
            if code == 0:
                want = actions[j - 1].after if j > i else expect
                if got != want:
                    rep.mismatch = (f"{_where(model, expect, actions[i])}: the phase's work ended (0) at "
                                    f"{first_difference(model, got, want) or 'another state'}")
                    return rep
                i = j
                done = True
            elif matched is None:
                rep.mismatch = (f"{_where(model, expect, actions[i])}: after OPPONENT_PLAY ({code}) "
                                f"{first_difference(model, got, actions[i].after) or 'the same state'}")
                return rep
            else:
                i = matched + 1
            rep.actions = i
            expect = got
            continue
        action = actions[i]
        if action.entry != "NEW_GAME" and (machine.peek("PHASE"), actor, info.value) != action.info:
            rep.mismatch = (f"{_where(model, expect, action)}: PHASE_INFO {(machine.peek('PHASE'), actor, info.value)}, "
                            f"the record's {action.info}")
            return rep
        r = call_action(machine, action)
        got = machine.state_bytes()
        if r.status != expected_status(action) or got != action.after:
            rep.mismatch = (f"{_where(model, expect, action)}: status {r.status}, "
                            f"{first_difference(model, got, action.after) or 'the state the same'}")
            return rep
        expect = got
        i += 1
        rep.actions = i
        done = False
    return rep


def worst_phases(rep: OpponentReport) -> dict[str, tuple[int, tuple[int, str, str]]]:
    """The most cycles the 6502 spent in one phase of each kind (its calls summed: the
    phase's own work and its defences and reactions in it), with (turn, phase, side)."""
    out: dict[str, tuple[int, tuple[int, str, str]]] = {}
    for (turn, phase, side), cycles in rep.phases.items():
        p = Phase(phase)
        kind = kind_of(p) or p.name.lower()
        if kind not in out or cycles > out[kind][0]:
            out[kind] = (cycles, (turn, p.name, SIDES[side]))
    return out


def worst_turn(rep: OpponentReport) -> tuple[int, tuple[int, int] | None]:
    """The most cycles the 6502 spent in one side's turn, and which (turn, side)."""
    if not rep.turns:
        return 0, None
    key = max(rep.turns, key=rep.turns.get)
    return rep.turns[key], key


def reference_states(model, options, limit: int, scenario: str = "tobruk41", seed: int = 1) -> list[bytes]:
    """The state block after each engine action of the reference good player on both
    sides (kotd.engine.ai_good), the new game first, up to `limit` actions: what a front
    end's demonstration (the computer on both sides) must pass through."""
    class Enough(Exception):
        pass
    state = new_game(model, scenario, seed, options)
    states = [stateblock.encode(state, model)]
    game = Game(model, state, {"axis": GoodAI("axis"), "allied": GoodAI("allied")})

    def snapshot(s):
        states.append(stateblock.encode(s, model))
        if len(states) > limit:
            raise Enough
        return None
    game.flow.record, game.flow.snapshot = [], snapshot
    try:
        game.play()
    except (Enough, GameOver):
        pass
    return states
