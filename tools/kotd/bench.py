"""`kotd bench`: the 6502 engine measured in cycles (py65) and bytes, against its budgets.

Fixed situations, the same every run:

- ``supply_phase``: the full supply phase (SUPPLY_PHASE for both sides) at the start
  of every scenario, solitaire rules (computer Allies, range 4) and two players with the
  optional Axis depots (``-2p``);
- ``battle_6v6``: six Axis units attack six Allied units at intensity 9, with air and
  neighbours on both sides;
- ``battle_1v1``: one unit against one;
- ``field`` (the opponent's code, run from the RAM under the ROMs of 64 KB machines): the computer
  player's cost field, ``port/asm/ai_field.s``, for every town and home base x unit
  type, with no walls and with each side's units as walls (:func:`kotd.emu.opponent.field_cycles`);
- ``opponent``: the opponent's bytes, its code against issue 14's 5 KB for the whole
  player, met or missed, its RAM, what its regions have left, each source file's share
  and place (:func:`kotd.emu.opponent.memory_use`);
- ``turns`` (``--turns``): the computer's worst whole turn per scenario, both sides the
  6502 player's in a recorded good-v-good game (:func:`computer_turns`), in seconds on
  each machine against issue 14's 20 s (Atari) and 40 s (Apple).

Cycles are counted by py65 from the jump table entry to the return, the ABI glue
included; milliseconds are those cycles at the machines' clocks.  Bytes come from
the assembled image: code per module (source file) and the generated tables.

Two limits per measure: ``BUDGETS``, the goals of issue 9, reported (a missed one
says by how much); and ``CEILINGS``, the figures this version reaches, rounded up,
which the tests enforce so that a slower engine fails them.  :func:`worst_by_entry`
reports the worst case of each entry over any list of (entry, cycles) samples, such
as the calls of recorded whole games.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass

import click

from . import DEFAULT_DATA_DIR, hexgrid
from .build import build_target, generate_sources
from .build.targets import ENGINE_BUDGET, targets_for
from .emu import EngineMachine
from .emu.battle import run_battle
from .emu.display import display_cycles
from .emu.opponent import field_cycles, memory_use
from .emu.supply import run_supply
from .engine.combat import BattleOrder
from .engine.flow import ANY_COL
from .engine.fixtures import empty_state, open_ground, place
from .engine.setup import Options, new_game
from .model.types import Model

MARKERS = {"CODE_START", "CODE_END"}  # modules.s's bounds, not code of their own
GAP_NOTE = 'why, and what it would take: docs/engine.md "Speed and size"'
CLOCK_HZ = {"atari": 1_789_773, "apple": 1_020_484}
BUDGETS = {"supply_phase": 8_000, "battle_6v6": 20_000, "battle_1v1": 9_000}
CEILINGS = {"supply_phase": 8_000, "battle_6v6": 26_500, "battle_1v1": 12_600}
TABLES_FILE = "tables.s"              # the generated tables (port/asm/generated/)


@dataclass(frozen=True)
class Measure:
    name: str
    situation: str
    cycles: int

    def row(self, target: str) -> dict:
        out = {"name": self.name, "situation": self.situation, "cycles": self.cycles,
               "ms": round(1000 * self.cycles / CLOCK_HZ[target], 2)}
        if self.name in BUDGETS:
            out["budget"] = BUDGETS[self.name]
            out["within_budget"] = self.cycles <= BUDGETS[self.name]
        if self.name in CEILINGS:
            out["ceiling"] = CEILINGS[self.name]
            out["within_ceiling"] = self.cycles <= CEILINGS[self.name]
        return out


def worst_by_entry(samples) -> dict[str, dict]:
    """The worst case of each entry over ``samples``, an iterable of (entry name,
    cycles): ``{entry: {"calls": n, "worst": cycles, "mean": cycles}}``, entries in
    name order.  Feed it the calls of recorded whole games (issue 9's replays)."""
    seen: dict[str, list[int]] = defaultdict(list)
    for entry, cycles in samples:
        if cycles < 0:
            raise ValueError(f"{entry}: {cycles} cycles")
        seen[entry].append(cycles)
    return {e: {"calls": len(c), "worst": max(c), "mean": round(sum(c) / len(c))}
            for e, c in sorted(seen.items())}


def worst_table(samples) -> str:
    """:func:`worst_by_entry` as text, one line per entry."""
    rows = worst_by_entry(samples)
    lines = [f"  {'entry':20} {'calls':>7} {'worst':>8} {'mean':>8}"]
    lines += [f"  {e:20} {r['calls']:>7} {r['worst']:>8} {r['mean']:>8}" for e, r in rows.items()]
    return "\n".join(lines)


#: The recorded games each entry is measured over: one whole game per scenario, (seed,
#: options), played by the simple computer players (kotd.replay); emu_tests/test_replay.py
#: replays the same games.  Ratings by difficulty levels in campaign41.
ENTRY_GAMES = {
    "tobruk41": (20, dict(computer_allied=False)),
    "tobruk42": (11, dict()),
    "alamein": (9, dict()),
    "campaign41": (9, dict(computer_allied=False, random_initiative=True, optional_depots=True,
                           levels=("intermediate", "expert"))),
    "campaign42": (12, dict(random_initiative=True, optional_depots=True)),
    "campaign": (6, dict(random_initiative=True, optional_depots=True)),
}
#: The games the computer's turns are measured over (:func:`computer_turns`): a good-v-good
#: game per scenario (its seed), both sides the 6502's; the campaigns' first TURN_GAME_TURNS
#: turns (a whole campaign takes many minutes in py65).
TURN_GAMES = {"tobruk41": 1, "tobruk42": 1, "alamein": 1, "campaign41": 1, "campaign42": 1, "campaign": 3}
TURN_GAME_TURNS = 4
#: Issue 14's budget for a computer turn, in seconds, and the Atari's display DMA (ANTIC in
#: GRAPHICS 0 takes the CPU's cycles: x1.64, measured on atari800; docs/ai.md "The budgets").
TURN_SECONDS, TURN_DMA = {"atari": 20, "apple": 40}, {"atari": 1.64, "apple": 1.0}
#: Issue 9's budgets per call: a whole phase, or a key press (any other entry but the battle's).
PHASE_ENTRIES, BATTLE_ENTRIES = {"PHASE_NEXT": 60_000, "NEW_GAME": 60_000}, ("ATTACK", "DEFEND")
KEY_PRESS_BUDGET = 3_000
#: Entries the games' players never call, probed on the state after every PROBE_EVERY-th
#: call of each game (each unit; SCORE once; FIND_UNIT from the first unit, each side, in
#: any hex and in a hex where none stands: the whole walk).
PROBED, PROBE_EVERY = ("SEA_MOVE", "LOGISTICS_MAX", "DISPLAY_STRENGTH"), 250


def computer_turns(model: Model, machine, games=None) -> dict[str, dict]:
    """Per scenario of `games` (default TURN_GAMES: scenario -> seed): a good-v-good game
    recorded with the Python player and played again by the whole 6502 player on both
    sides (kotd.emu.opponent_replay, bit-exact or RuntimeError); its worst side's turn
    (every OPPONENT_PLAY call of the side summed, its defences and reactions in the
    enemy's phases included) in cycles, which turn and side, and the seconds on
    `machine`'s target (the Atari's with its display DMA) against TURN_SECONDS."""
    from .emu.opponent_replay import load_player, play, record_game, worst_turn
    name = machine.target.name
    out = {}
    for sid, seed in (TURN_GAMES if games is None else games).items():
        turns = TURN_GAME_TURNS if sid.startswith("campaign") else None
        game = record_game(model, sid, seed, ("good", "good"), turns=turns)
        load_player(machine)
        rep = play(model, machine, game, 3)
        if rep.mismatch is not None:
            raise RuntimeError(f"{sid} seed {seed}: the 6502 player parts from the reference: {rep.mismatch}")
        cycles, (turn, side) = worst_turn(rep)
        seconds = round(cycles * TURN_DMA[name] / CLOCK_HZ[name], 1)
        out[sid] = {"seed": seed, "turns": turns, "actions": len(game.actions), "cycles": cycles, "turn": turn,
                    "side": ("axis", "allied")[side], "seconds": seconds, "budget": TURN_SECONDS[name],
                    "within_budget": seconds <= TURN_SECONDS[name]}
    return out


def entry_worst(model: Model, machine, games=None) -> dict[str, dict]:
    """:func:`worst_by_entry` over the calls of the recorded `games` (default
    ENTRY_GAMES) replayed on `machine`, and the PROBED entries and SCORE on the states
    they reach; each row with its budget (none for the battle's ATTACK and DEFEND) and
    whether the worst call is within it."""
    from .replay import record, replay
    samples = []
    for sid, (seed, options) in (ENTRY_GAMES if games is None else games).items():
        log = record(model, sid, seed, **options)
        rep = replay(model, machine, log)
        if rep.mismatches:
            raise RuntimeError(f"{sid} seed {seed}: {len(rep.mismatches)} replay mismatches (kotd replay)")
        samples += [(e, c) for e, cycles in rep.cycles.items() for c in cycles]
        for action in log.actions[::PROBE_EVERY]:      # the entries no player calls: every unit
            probes = [("SCORE", ())] + [(e, (n,)) for n in range(1, len(model.units) + 1) for e in PROBED]
            probes += [("FIND_UNIT", (0, side, col, 0)) for side in (0, 1) for col in (0, ANY_COL)]
            for entry, args in probes:
                machine.cpu.load(machine.target.state.start, action.after)
                samples.append((entry, machine.call(entry, *args).cycles))
    rows = worst_by_entry(samples)
    for entry, row in rows.items():
        if entry not in BATTLE_ENTRIES:
            row["budget"] = PHASE_ENTRIES.get(entry, KEY_PRESS_BUDGET)
            row["within_budget"] = row["worst"] <= row["budget"]
    return rows


def battle_situation(model: Model, size: int, seed: int = 1):
    """`size` Axis combat units attack `size` Allied ones on open ground at intensity 9,
    three air points each, with one friendly and one enemy unit next to the defender."""
    ground = set(open_ground(model, min_gap=2))
    d_hex = next(h for h in sorted(ground) if hexgrid.step(*h, 5) in ground)
    a_hex = hexgrid.step(*d_hex, 5)
    state = empty_state(model, seed=seed, computer_allied=True)
    state.air = {"axis": 9, "allied": 9}
    state.air_usable = dict(state.air)
    axis = [u.number for u in model.units if u.side == "axis" and u.role == "combat"]
    allied = [u.number for u in model.units if u.side == "allied" and u.role == "combat"]
    attackers, defenders = tuple(axis[:size]), tuple(allied[:size])
    for n in attackers:
        place(model, state, n, a_hex)
    for n in defenders:
        place(model, state, n, d_hex, fort=2)
    if size > 1:
        place(model, state, axis[size], hexgrid.step(*d_hex, 6))      # a friendly hex next to the defender
        place(model, state, allied[size], hexgrid.step(*d_hex, 3))    # an enemy hex next to it
    return state, BattleOrder(a_hex, d_hex, attackers, defenders, 9, 5, 3, 5, 3)


def measure(model: Model, machine) -> list[Measure]:
    out = []
    for sid in model.scenarios:
        # Solitaire rules, and two players with the optional Axis depots (a longer range,
        # two more depots: the dearer start).
        for suffix, opts in (("", Options(computer_allied=True)),
                             ("-2p", Options(computer_allied=False, optional_depots=True))):
            call, _ = run_supply(machine, new_game(model, sid, 1, opts), None)
            out.append(Measure("supply_phase", f"{sid}-start{suffix}", call.cycles))
    for name, size in (("battle_6v6", 6), ("battle_1v1", 1)):
        state, order = battle_situation(model, size)
        call, _, _ = run_battle(machine, state, order)
        out.append(Measure(name, f"{size} against {size}, intensity 9", call.cycles))
    return out


def module_bytes(build) -> dict[str, int]:
    """Bytes of the engine image per source file: each label's bytes, up to the next
    label, go to the label's file."""
    start, end = build.target.engine.start, build.target.engine.start + build.memory["engine"]["used"]
    labels = sorted((s.value, s.file) for s in build.assembly.symbols
                    if s.is_code and start <= s.value < end and s.name not in MARKERS)
    sizes: dict[str, int] = defaultdict(int)
    for (at, file), nxt in zip(labels, [a for a, _ in labels[1:]] + [end]):
        sizes[file] += nxt - at
    return {f: n for f, n in sizes.items() if n}


def bench_reports(model: Model, target: str = "all", data_dir=DEFAULT_DATA_DIR) -> list[dict]:
    """One report per target: what ``kotd bench --json`` prints."""
    generate_sources(model, data_dir)
    reports = []
    for t in targets_for(target):
        build = build_target(model, t, None, echo=lambda _: None)
        machine = EngineMachine.from_build(model, build)
        modules = module_bytes(build)
        tables = sum(modules.pop(f) for f in [f for f in modules if f.endswith(TABLES_FILE)])
        reports.append({"target": t.name, "clock_hz": CLOCK_HZ[t.name],
                        "results": [m.row(t.name) for m in measure(model, machine)],
                        "bytes": {"code": sum(modules.values()), "tables": tables,
                                  "total": sum(modules.values()) + tables, "budget": ENGINE_BUDGET,
                                  "modules": modules}})
        if build.display is not None:       # the Apple's display code (port/asm/apple_frontend.s)
            reports[-1]["display"] = display_cycles(model, build)
        reports[-1]["field"] = field_cycles(model, build)     # the opponent's code, measured in py65
        reports[-1]["opponent"] = memory_use(model, build)    # its bytes against its regions
    return reports


def markdown(reports: list[dict]) -> str:
    """The figures table of docs/engine.md "Speed and size" (both targets' reports, Atari
    first): ``python -m kotd.bench`` prints it; emu_tests/test_engine_doc.py checks the
    page against it."""
    by = {r["target"]: r for r in reports}
    a, p = by["atari"], by["apple"]

    def cycles(r, name):
        got = [m["cycles"] for m in r["results"] if m["name"] == name]
        return (min(got), max(got))

    def fmt(lo_hi, scale=1):
        lo, hi = lo_hi
        return f"{lo * scale:,}" if lo == hi else f"{lo * scale:,}-{hi * scale:,}"

    def ms(r, lo_hi):
        lo, hi = (round(1000 * c / r["clock_hz"], 1) for c in lo_hi)
        return f"{lo}" if lo == hi else f"{lo}-{hi}"

    def verdict(name, lo_hi):
        budget = BUDGETS[name]
        worst = lo_hi[1]
        return f"{budget:,}: met" if worst <= budget else f"{budget:,}: **missed, x{worst / budget:.2f}**"
    rows = ["| measure | Atari cycles | ms at 1.79 MHz | Apple cycles | ms at 1.02 MHz | budget |",
            "|---|---|---|---|---|---|"]
    for name, what in (("supply_phase", "supply phase, both sides, scenario starts"),
                       ("battle_6v6", "battle, 6 against 6, intensity 9"),
                       ("battle_1v1", "battle, 1 against 1, intensity 9")):
        ca, cp = cycles(a, name), cycles(p, name)
        worst = (min(ca[0], cp[0]), max(ca[1], cp[1]))
        rows.append(f"| {what} | {fmt(ca)} | {ms(a, ca)} | {fmt(cp)} | {ms(p, cp)} | {verdict(name, worst)} |")
    fa, fp = a["field"], p["field"]
    rows.append(f"| cost field (`ai_field.s`, the opponent's), towns and home bases x unit types, walls or none: "
                f"mean, worst | {fa['mean']:,}, {fa['worst']:,} | {ms(a, (fa['mean'], fa['worst'])).replace('-', ', ')} | "
                f"{fp['mean']:,}, {fp['worst']:,} | {ms(p, (fp['mean'], fp['worst'])).replace('-', ', ')} | "
                f"a computer turn: 20 s Atari, 40 s Apple (docs/ai.md) |")
    ba, bp = a["bytes"], p["bytes"]
    ok = "met" if max(ba["total"], bp["total"]) <= ba["budget"] else "**missed**"
    rows.append(f"| code + tables | {ba['code']:,} + {ba['tables']:,} = {ba['total']:,} bytes | | "
                f"{bp['code']:,} + {bp['tables']:,} = {bp['total']:,} bytes | | {ba['budget']:,}: {ok} |")
    oa, op = a["opponent"], p["opponent"]

    def used(o):
        return f"{o['code']:,} code, {o['ram']:,} RAM; {o['left']:,} of {o['regions']:,} left"
    ok = "met" if all(o["code_met"] for o in (oa, op)) else "**missed**"
    rows.append(f"| the opponent's code; its RAM (64 KB machines) | {used(oa)} | | {used(op)} | | "
                f"code 5 KB (issue 14): {ok} |")
    return "\n".join(rows)


def run_bench(model: Model, target: str, as_json: bool, data_dir=DEFAULT_DATA_DIR, entries: bool = True,
              turns: bool = True) -> int:
    reports = bench_reports(model, target, data_dir)
    if turns:                       # each target's machine: the 6502 player's worst turn per scenario
        for r, t in zip(reports, targets_for(target)):
            machine = EngineMachine.from_build(model, build_target(model, t, None, echo=lambda _: None))
            r["turns"] = computer_turns(model, machine)
    if entries:                     # the first target's machine replays the games: enough for the worst cases
        t = targets_for(target)[0]
        machine = EngineMachine.from_build(model, build_target(model, t, None, echo=lambda _: None))
        reports[0]["entries"] = {"games": {s: g[0] for s, g in ENTRY_GAMES.items()},
                                 "worst": entry_worst(model, machine)}
    if as_json:
        for r in reports:
            click.echo(json.dumps(r))
        return 0
    for r in reports:
        click.echo(f"{r['target']} ({r['clock_hz'] / 1e6:.2f} MHz)")
        click.echo(f"  {'measure':14} {'situation':28} {'cycles':>8} {'ms':>8}  budget")
        for m in r["results"]:
            verdict = ""
            if "budget" in m:
                verdict = f"{m['budget']:>6}  {'ok' if m['within_budget'] else 'OVER'}"
                if not m["within_budget"]:
                    verdict += f" by {m['cycles'] - m['budget']} (x{m['cycles'] / m['budget']:.2f}; {GAP_NOTE})"
            click.echo(f"  {m['name']:14} {m['situation']:28} {m['cycles']:>8} {m['ms']:>8.2f}  {verdict}")
        b = r["bytes"]
        click.echo(f"  bytes: code {b['code']} + tables {b['tables']} = {b['total']} of {b['budget']}"
                   f" ({'ok' if b['total'] <= b['budget'] else 'OVER'})")
        for file, n in sorted(b["modules"].items()):
            click.echo(f"    {file:32} {n:>6}")
        if "display" in r:
            d, mhz = r["display"], r["clock_hz"] / 1000
            click.echo(f"  display: DRAW_MAP ({d['scenario']} start) {d['draw_map']} cycles ({d['draw_map'] / mhz:.0f} ms; budget "
                       f"{d['draw_map_budget']}: {'met' if d['draw_map'] <= d['draw_map_budget'] else 'MISSED'}), "
                       f"a cursor move {d['draw_map_cursor']} ({d['draw_map_cursor'] / mhz:.0f} ms), "
                       f"DRAW_TERRAIN {d['draw_terrain']}, a character {d['char']}, CLEAR_ROWS a row "
                       f"{d['clear_row']}, DISPLAY_INIT {d['display_init']}, DRAW_UNIT_NAME "
                       f"{d['unit_name']} ({d['unit_name_chars']} characters); {d['bytes']} of {d['region']} bytes, "
                       f"its text section {d['text_bytes']} of {d['text_room']}")
        if "field" in r:
            f = r["field"]
            click.echo(f"  cost field (port/asm/ai_field.s, the opponent's: 64 KB machines only): {f['fields']} fields "
                       f"({f['scenario']} start), no walls mean {f['mean_no_walls']} worst {f['worst_no_walls']}, "
                       f"walls mean {f['mean_walls']} worst {f['worst_walls']} cycles; {f['per_hex']} cycles a hex "
                       f"settled; {f['bytes']} bytes of code, {f['ram']} of RAM")
        if "opponent" in r:
            o = r["opponent"]
            click.echo(f"  opponent (64 KB machines): code {o['code']} of {o['code_budget']} "
                       f"({'met' if o['code_met'] else 'MISSED by ' + str(o['code'] - o['code_budget'])}), "
                       f"RAM {o['ram']}; {o['left']} of its regions' {o['regions']} bytes left")
            for file, n in o["files"].items():
                over = f" (over {n['ram_over']}'s)" if n["ram_over"] else ""
                ram = f"RAM {n['ram']:>5} at ${n['ram_at']:04X}{over}" if n["ram"] else "no RAM"
                click.echo(f"    {file:24} code {n['code']:>5} at ${n['code_at']:04X}  {ram}")
        if "turns" in r:
            click.echo(f"  the computer's worst turn (both sides the 6502 player's, good v good; the campaigns' "
                       f"first {TURN_GAME_TURNS} turns; the Atari's seconds x{TURN_DMA['atari']} for the display):")
            for sid, row in r["turns"].items():
                click.echo(f"    {sid:12} seed {row['seed']}: {row['cycles']:>10,} cycles, turn {row['turn']} "
                           f"{row['side']:6} {row['seconds']:>5.1f} s of {row['budget']}  "
                           f"{'met' if row['within_budget'] else 'MISSED'}")
        if "entries" in r:
            games = ", ".join(f"{s} seed {n}" for s, n in r["entries"]["games"].items())
            click.echo(f"  entries, worst call over the recorded games ({games}):")
            click.echo(f"  {'entry':16} {'calls':>6} {'worst':>8} {'mean':>8}  budget")
            for e, row in r["entries"]["worst"].items():
                verdict = "(the battle's)"
                if "budget" in row:
                    verdict = f"{row['budget']:>6}  {'met' if row['within_budget'] else 'MISSED'}"
                click.echo(f"  {e:16} {row['calls']:>6} {row['worst']:>8} {row['mean']:>8}  {verdict}")
    return 0



if __name__ == "__main__":          # python -m kotd.bench: the table of docs/engine.md
    from .model import load_model
    click.echo(markdown(bench_reports(load_model())))
