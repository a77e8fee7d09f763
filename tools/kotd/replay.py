"""Whole games recorded on the reference engine and replayed through the 6502 entries.

:func:`record` plays a game with the simple computer player on both sides (as `kotd
simulate` does) with the step machine recording every call a front end would make:
the entry, its arguments, its answer (or the error code of a refusal), PHASE_INFO's
answer before it and the state block after it.  :func:`replay` makes the same calls on
an :class:`~kotd.emu.EngineMachine`, in the same order, and compares after each one:
the status, the result, PHASE_INFO and the whole state block (the PRNG included, so a
draw out of order shows at once).  A mismatch is counted, described by the first field
that differs, and the machine is put back on the reference state so that each
mismatch is one action's.

`kotd replay --scenario S --seed N [--target atari|apple]` runs one game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .build import abi, stateblock
from .engine.ai import SimpleAI
from .engine.flow import Action, May
from .engine.game import Game, GameOver
from .engine.setup import Options, new_game, start_state
from .engine.state import Phase
from .model.types import Model


@dataclass
class GameLog:
    scenario: str
    seed: int
    options: dict
    start: bytes                     # the state block of the new game
    actions: list[Action]
    level: str | None = None


def record(model: Model, scenario: str, seed: int, *, computer_allied: bool = True,
           random_initiative: bool = False, optional_depots: bool = False,
           levels: tuple[str, str] | None = None) -> GameLog:
    """Play one game with the simple computer players and record every call; `levels`
    sets each side's ratings by a difficulty level (Axis, Allied)."""
    options = dict(computer_allied=computer_allied, random_initiative=random_initiative,
                   optional_depots=optional_depots)
    opts = Options.at_levels(model, *levels, **options) if levels else Options(**options)
    if levels:
        options["levels"] = levels
    start = stateblock.encode(start_state(model, scenario), model)
    state = new_game(model, scenario, seed, opts)
    game = Game(model, state, {"axis": SimpleAI("axis"), "allied": SimpleAI("allied")})
    game.flow.record = [Action("NEW_GAME", new_game_args(seed, opts), None, 0,
                               (int(Phase.SETUP), 0xFF, int(May.STEP)), stateblock.encode(state, model))]
    game.flow.snapshot = lambda s: stateblock.encode(s, model)
    try:
        game.play()
    except GameOver:
        pass
    return GameLog(scenario, seed, options, start, game.flow.record, state.level)


def new_game_args(seed: int, options: Options) -> tuple[int, ...]:
    """NEW_GAME's arguments for a seed and options (docs/engine.md "Phase work")."""
    flags = (int(options.computer_allied) | int(options.random_initiative) << 1 | int(options.optional_depots) << 2
             | int(options.computer_axis) << 3)

    def digits(side: str) -> int:
        r = options.ratings[side]
        return r["combat"] | r["replacements"] << 4 | r["supply"] << 8 | r["air"] << 12
    reinforcements = options.ratings["axis"]["reinforcements"] | options.ratings["allied"]["reinforcements"] << 4
    return (seed & 0xFFFF, flags, digits("axis"), digits("allied"), reinforcements)


def first_difference(model: Model, got: bytes, want: bytes) -> str | None:
    """'FIELD[index]: got x, want y' for the first field of the state block that differs."""
    lay = stateblock.layout(model)
    for p in lay.stored:
        for i in range(p.n):
            a = [got[p.offset + k * p.n + i] for k in range(p.field.width)]
            b = [want[p.offset + k * p.n + i] for k in range(p.field.width)]
            if a != b:
                value = lambda bs: sum(x << (8 * k) for k, x in enumerate(bs))
                where = f"[{i}]" if p.n > 1 else ""
                return f"{p.field.name}{where}: got {value(a)}, want {value(b)}"
    return None


@dataclass
class Mismatch:
    index: int                      # the action's place in the log
    action: Action
    what: str


@dataclass
class ReplayReport:
    actions: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    cycles: dict[str, list[int]] = field(default_factory=dict)    # entry -> cycles of each call


def write_attack(machine, args: tuple) -> None:
    """The attacker's half of a battle into the battle block (ATTACK reads it)."""
    attack_hex, defend_hex, attackers, defenders, intensity, risk, air = args
    stack = machine.model.logistics.stacking_hex
    for i, v in enumerate((*attack_hex, *defend_hex)):
        machine.poke("BATTLE_HEXES", v, i)
    machine.poke("BATTLE_COUNT", len(attackers), 0)
    machine.poke("BATTLE_COUNT", len(defenders), 1)
    for i, n in enumerate(attackers):
        machine.poke("BATTLE_UNITS", n, i)
    for i, n in enumerate(defenders):
        machine.poke("BATTLE_UNITS", n, stack + i)
    machine.poke("BATTLE_INTENSITY", intensity)
    machine.poke("BATTLE_RISK", risk, 0)
    machine.poke("BATTLE_AIR", air, 0)


def call_action(machine, action: Action):
    """Make the action's call on the 6502; returns the CallResult."""
    if action.entry == "ATTACK":
        write_attack(machine, action.args)
        return machine.call("ATTACK")
    return machine.call(action.entry, *action.args)


def expected_status(action: Action) -> int:
    return 0 if action.refused is None else abi.ERRORS.get(action.refused, -1)


def replay(model: Model, machine, log: GameLog, *, check_info: bool = True, stop_after: int | None = None
           ) -> ReplayReport:
    """Replay a recorded game on the 6502 and compare after every call."""
    report = ReplayReport()
    machine.cpu.load(machine.target.state.start, log.start)
    have_info = check_info and any(e.name == "PHASE_INFO" for e in abi.ENTRIES)
    for i, action in enumerate(log.actions):
        if stop_after is not None and i >= stop_after:
            break
        problems = []
        if have_info:
            r = machine.call("PHASE_INFO")
            report.cycles.setdefault("PHASE_INFO", []).append(r.cycles)
            got = (machine.peek("PHASE"), machine.peek("FLOW_ACTOR"), r.value)
            if got != action.info:
                problems.append(f"PHASE_INFO: got phase/actor/may {got}, want {action.info}")
        r = call_action(machine, action)
        report.cycles.setdefault(action.entry, []).append(r.cycles)
        want = expected_status(action)
        if r.status != want:
            problems.append(f"status {r.status}, want {want} ({action.refused or 'ok'})")
        elif want == 0 and action.entry not in VALUE_UNCHECKED and r.value != action.value:
            problems.append(f"result {r.value}, want {action.value}")
        got_bytes = machine.state_bytes()
        if got_bytes != action.after:
            problems.append(first_difference(model, got_bytes, action.after) or "the state block differs")
        report.actions += 1
        if problems:
            report.mismatches.append(Mismatch(i, action, "; ".join(problems)))
            machine.cpu.load(machine.target.state.start, action.after)      # back on the reference
    return report


def replay_reference(model: Model, log: GameLog) -> list[int]:
    """Replay the log on a fresh reference state with the step machine alone (no
    players): the indexes of the actions whose answer or state differ.  Shows that the
    log holds every decision and the machine every rule."""
    from .engine.flow import Flow
    from .engine.logistics import LogisticsOrder
    from .engine.movement import RuleError
    flow = Flow(model, stateblock.decode(log.start, model))
    bad = []
    for i, a in enumerate(log.actions):
        if a.entry == "NEW_GAME":
            flow.state = stateblock.decode(a.after, model)      # set-up is the phases' test's
            continue
        call = {
            "PHASE_NEXT": lambda: flow.step(),
            "LOGISTICS": lambda: flow.allocate(a.args[0], LogisticsOrder(*a.args[1:])),
            "CHOOSE_FIRST": lambda: flow.choose_first(bool(a.args[0])),
            "MOVE": lambda: flow.move(*a.args), "FORTIFY": lambda: flow.fortify(*a.args),
            "SEA_MOVE": lambda: flow.sea_move(*a.args), "ATTACK": lambda: flow.declare_attack(*a.args),
            "DEFEND": lambda: flow.defend(*a.args), "ACCESS": lambda: flow.access(*a.args),
            "FINISH_UNIT": lambda: flow.finish_unit(), "END_REACTION": lambda: flow.end_reaction(),
        }[a.entry]
        try:
            call()
            refused = None
        except RuleError as e:
            refused = e.code or "?"
        if refused != a.refused or stateblock.encode(flow.state, model) != a.after:
            bad.append(i)
    return bad


#: Entries whose result the replay does not compare (none today).
VALUE_UNCHECKED: frozenset[str] = frozenset()


def describe(action: Action) -> str:
    args = ", ".join(str(a) for a in action.args)
    return f"{action.entry}({args})" + (f" refused: {action.refused}" if action.refused else "")


def run_replay(model: Model, scenario: str, seed: int, target: str, *, as_json: bool = False,
               **options) -> int:
    """`kotd replay`: record, replay, print the counts and the mismatches; 1 if any."""
    import json

    import click

    from .build import DEFAULT_DATA_DIR, build_target, generate_sources
    from .build.targets import TARGETS
    from .emu import EngineMachine
    generate_sources(model, DEFAULT_DATA_DIR)
    log = record(model, scenario, seed, **options)
    machine = EngineMachine.from_build(model, build_target(model, TARGETS[target], None, echo=lambda _: None))
    rep = replay(model, machine, log)
    by_entry: dict[str, int] = {}
    for a in log.actions[:rep.actions]:
        by_entry[a.entry] = by_entry.get(a.entry, 0) + 1
    if as_json:
        click.echo(json.dumps({"scenario": scenario, "seed": seed, "target": target, "options": options,
                               "actions": rep.actions, "by_entry": by_entry, "mismatches": len(rep.mismatches),
                               "first": rep.mismatches[0].what if rep.mismatches else None,
                               "cycles_max": {k: max(v) for k, v in rep.cycles.items()}}, indent=1))
    else:
        click.echo(f"{model.scenarios[scenario].name} (seed {seed}, {target}): {rep.actions} actions replayed, "
                   f"{len(rep.mismatches)} mismatches; result {log.level}")
        click.echo("  " + ", ".join(f"{k} {v}" for k, v in sorted(by_entry.items())))
        for m in rep.mismatches[:10]:
            click.echo(f"  action {m.index} {describe(m.action)}: {m.what}")
    return 1 if rep.mismatches else 0
