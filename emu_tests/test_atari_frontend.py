"""The Atari front end (port/basic/kotd.prog) played in the BASIC runner from the keys.

A two-player game is recorded on the reference engine with the simple computer players
(kotd.replay.record: every call a front end would make); each call is translated into
the key presses a player types on the front end (docs/play.md "Keys"), the program is
run on them with the 6502 engine behind USR, and the state block is compared with the
reference's after the last call the keys reach (so at every turn end, and at the end).
The shortest scenario whole by default; more seeds with --long.

The front end's machine code and the resident disk code are loaded as the game disk
loads them, with drive 1 modelled on the built ATR (atari_drive.py): the set-up screen's
keys choose the scenario, whose start state the program loads from its start slot
through the resident code (USR DISK_LOAD), as on the machine.
"""

from __future__ import annotations

import pytest

from kotd.basic import runner
from kotd.basic.build import build_one
from kotd.basic.runner import keys as keyscript
from kotd.build import atr, disk, glyphs, images, stateblock
from kotd.build.paths import BASIC_DIR
from kotd.build.targets import TARGETS
from kotd.emu import EngineMachine
from kotd import hexgrid
from kotd.engine.board import side_of, terrain, utype
from kotd.engine.state import Phase, Status
from kotd.model.types import SIDES
from kotd.replay import first_difference

from atari_drive import DCB, DSKINV, Drive, run
import frontend_player
from frontend_player import (NONE, RANDOM_KEYS, load_in_place, reference_agrees, save_offer_keys, setup_keys,
                             struck_flow, struck_logistics)


def front_end_listing(model) -> str:
    built = build_one(BASIC_DIR / "kotd.prog", "atari", stateblock.constants(model, TARGETS["atari"]))
    return built.program.text()


#: Where the map drawer's screen is in the runner (which models the screen as text, not
#: memory): SAVMSC points at this buffer, the only memory it may write besides the engine's.
SCREEN_BUFFER = 0x4000
CHBAS = 0x02F4


def atari_machine(model, dist) -> EngineMachine:
    """The engine, the front end's machine code and the resident disk code, as the game
    disk loads them, and drive 1 holding the built ATR: a USR into the disk entries runs
    the resident code with DSKINV modelled."""
    machine = EngineMachine.from_dist(model, dist, "atari")
    for _, base, data in frontend_sections(model):
        machine.cpu.load(base, data)
    machine.cpu.load(0x58, SCREEN_BUFFER.to_bytes(2, "little"))
    machine.cpu.allow_writes(SCREEN_BUFFER, SCREEN_BUFFER + 959)
    charset = TARGETS["atari"].charset
    machine.cpu.allow_writes(charset.start, charset.end)       # the map's character set
    machine.cpu.allow_writes(CHBAS, CHBAS)
    resident = images.read_xex((dist / "kotd-atari.xex").read_bytes())[0]
    assert resident.start == TARGETS["atari"].resident.start
    machine.cpu.load(resident.start, resident.data)
    machine.cpu.load(DSKINV, b"\x60")
    machine.cpu.allow_writes(TARGETS["atari"].resident.start, TARGETS["atari"].resident.end)
    machine.cpu.allow_writes(TARGETS["atari"].disk_buffer.start, TARGETS["atari"].disk_buffer.end)  # its sector buffer
    machine.cpu.allow_writes(*DCB)
    machine.drive = Drive(dict(atr.read_atr((dist / "kotd-atari.atr").read_bytes())))
    entries = {resident.start + disk.RESIDENT_LAYOUT[e] for e in ("DISK_SAVE", "DISK_LOAD", "DISK_INFO")}
    plain_call = machine.cpu.call

    def call(address, **kw):
        if address in entries:
            run(machine.cpu, address, stack=kw.get("stack", b""), traps=machine.drive.traps())
            return None
        return plain_call(address, **kw)
    machine.cpu.call = call
    return machine


_FRONTEND = {}


def frontend_sections(model) -> list[tuple[str, int, bytes]]:
    """The front end's machine code sections: (name, where it loads, the bytes) each."""
    if "sections" not in _FRONTEND:
        from kotd.build import build_target
        from kotd.build.diskimages import frontend_segments
        engine = build_target(model, TARGETS["atari"], None, echo=lambda _: None).assembly
        _FRONTEND["sections"] = frontend_segments(model, TARGETS["atari"], engine)
    return _FRONTEND["sections"]


def frontend_code(model) -> tuple[int, bytes]:
    """(where it loads, the bytes) of the front end's code section (the jump table first)."""
    return frontend_sections(model)[0][1:]


def test_the_runner_models_the_game_disk_memory():
    """BASIC's memory as on the game disk: no DOS (MEMLO $0700), RAMTOP at the resident
    code (docs/images.md "Memory")."""
    from kotd.basic.runner.atari import AtariRuntime
    from kotd.build.targets import ATARI
    assert (AtariRuntime.MEMLO, AtariRuntime.TOP) == (0x0700, ATARI.resident.start)


def run_front_end(model, dist, listing, scenario, keys, max_statements=20_000_000):
    machine = atari_machine(model, dist)
    report = runner.run_text(listing, "atari", keys=keyscript.parse(keys), machine=machine,
                             max_statements=max_statements)
    return report, machine


def play(model, dist, scenario, seed, checks):
    """The recorded game typed in (frontend_player.play)."""
    listing = front_end_listing(model)
    return frontend_player.play(model, scenario, seed, checks,
                                lambda keys: run_front_end(model, dist, listing, scenario, keys))


def test_setup_screen_and_first_phase(model, dist):
    listing = front_end_listing(model)
    report, _ = run_front_end(model, dist, listing, "tobruk41", "")
    assert report.error is None
    assert any("1 OPPONENT" in row for row in report.screen)
    assert any("TOBRUK '41" in row for row in report.screen)
    report, machine = run_front_end(model, dist, listing, "tobruk41", setup_keys(model, "tobruk41", 1))
    first = model.turns[model.scenarios["tobruk41"].first_turn - 1].date.split("-")
    assert memory_row(machine, 0) == f"{int(first[1])}-{first[0]} LOGISTICS  AXIS"     # the Turn Chart's date
    assert "waiting for a key" in report.ended
    # The joystick: down to option 2, FIRE: the next scenario; up to option 1.
    report, machine = run_front_end(model, dist, listing, "tobruk41",
                                    "{STICK DOWN 3}{WAIT 3}{FIRE 3}{WAIT 3}{STICK UP 2}{WAIT 2}{START}")
    assert report.error is None, report.error
    assert machine.peek("SCENARIO") == list(model.scenarios).index("tobruk42")


def test_two_player_game_from_the_keys(model, dist, long_run):
    """tobruk41 whole (one turn); with --long more seeds and every scenario whole, the
    state compared at every turn end."""
    games = [("tobruk41", 1)]
    if long_run:
        games += [("tobruk41", s) for s in range(2, 5)] + [(s, 1) for s in list(model.scenarios)[1:]]
    for scenario, seed in games:
        player, report = play(model, dist, scenario, seed, checks=100 if long_run else 0)
        assert "GAME OVER" in "\n".join(report.screen)


@pytest.mark.parametrize("scenario", ["tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_first_turn_of_every_other_scenario(model, dist, scenario):
    """The recorded game to its first turn end: the state equal to the reference's there."""
    listing = front_end_listing(model)
    frontend_player.first_turn(model, scenario, setup_keys,
                               lambda keys: run_front_end(model, dist, listing, scenario, keys,
                                                          max_statements=60_000_000))


@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_start_state_loaded_from_its_slot(model, dist, scenario):
    """The program's load_start_state (USR DISK_LOAD, START_SLOT_FIRST + n) leaves exactly
    the scenario's start state in the block, read from the ATR through the resident code."""
    machine = atari_machine(model, dist)
    index = list(model.scenarios).index(scenario)
    c = stateblock.constants(model, TARGETS["atari"])
    machine.cpu.call(c["DISK_LOAD"], stack=bytes([c["START_SLOT_FIRST"] + index, 0, 1]))
    assert machine.cpu.word(0xD4) == c["DISK_OK"]
    assert machine.state_bytes() == (dist / "atari" / f"start_{scenario}.bin").read_bytes()
    assert machine.drive.written == []


def test_a_damaged_start_slot_stops_the_start_with_its_status(model, dist):
    """A start slot failing its CRC: the program says so and ends; NEW_GAME is never called."""
    listing = front_end_listing(model)
    machine = atari_machine(model, dist)
    layout = atr.save_layout(stateblock.layout(model).state_size, start_slots=len(model.scenarios))
    n = atr.slot_sector(layout, disk.start_slot(0), 2)
    machine.drive.sectors[n] = bytes([machine.drive.sectors[n][0] ^ 1]) + machine.drive.sectors[n][1:]
    before = machine.state_bytes()
    report = runner.run_text(listing, "atari", keys=keyscript.parse(setup_keys(model, "tobruk41", 1)),
                             machine=machine, max_statements=2_000_000)
    assert report.error is None, report.error
    assert f"START STATE NOT LOADED (DISK STATUS {disk.STATUS['DAMAGED']})" in "\n".join(report.screen)
    assert machine.state_bytes() == before, "nothing copied, no NEW_GAME"


# --- random keys -------------------------------------------------------------------------



def capture_calls(monkeypatch, model):
    """Every USR call the program makes: (entry name, args, battle args, status, state after)."""
    from kotd.basic.runner.atari import AtariRuntime
    from kotd.build import abi
    names = {address: name[len("ENTRY_"):] for name, address in abi.entry_addresses(TARGETS["atari"]).items()}
    c = stateblock.constants(model, TARGETS["atari"])
    calls = []
    original = AtariRuntime.usr

    def usr(self, address, args):
        ram = self.machine.cpu.memory
        battle = frontend_player.battle_order(model, ram, c) if names.get(address) == "ATTACK" else None
        value = original(self, address, args)
        calls.append((names.get(address, address), tuple(args), battle, ram[c["CALL_STATUS"]],
                      self.machine.state_bytes()))
        return value
    monkeypatch.setattr(AtariRuntime, "usr", usr)
    return calls




@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_random_keys_give_no_error_and_a_state_the_reference_agrees_with(model, dist, monkeypatch, long_run,
                                                                          scenario):
    """600 random keys a scenario (--long: 8 games of 3,000)."""
    import random
    listing = front_end_listing(model)
    calls = capture_calls(monkeypatch, model)
    for seed in range(1, 9 if long_run else 2):
        rnd = random.Random(seed)
        calls.clear()
        keys = setup_keys(model, scenario, seed) + "".join(rnd.choice(RANDOM_KEYS)
                                                           for _ in range(3000 if long_run else 600))
        report, machine = run_front_end(model, dist, listing, scenario, keys, max_statements=60_000_000)
        assert report.error is None, f"seed {seed}: {report.error}"
        # (in operations the program polls the keyboard and START: "polling ... ended")
        assert ("waiting for a key" in report.ended or "polling" in report.ended
                or report.ended in ("END", "end of program")), report.ended
        assert any(call[0] != "PHASE_INFO" and call[0] != "NEW_GAME" for call in calls)
        reference_agrees(model, calls)


# --- the map drawer (port/asm/atari_display.s) ----------------------------------------------

def map_codes(model) -> dict[str, int]:
    """The map glyphs' screen codes, from the art file's names (kotd.build.glyphs):
    "terrain <id>", "unit <side> <type>"."""
    return glyphs.atari_codes([t.id for t in model.terrain])


def memory_row(machine, row: int) -> str:
    """A screen row as the machine code left it in py65 memory (the runner's own screen
    holds only what BASIC PRINTed), screen codes -> text, inverse as normal."""
    text = ""
    for code in machine.cpu.read(SCREEN_BUFFER + 40 * row, 40):
        code &= 0x7F
        text += chr(code + 32) if code < 64 else chr(code) if code >= 96 else chr(code - 64)
    return text.rstrip()


def screen_code(ch: str) -> int:
    """ATASCII 32-95 -> the ANTIC's internal code (what screen memory holds)."""
    return ord(ch) - 32 if 32 <= ord(ch) < 96 else ord(ch)


def expected_map(model, state, cursor) -> dict[int, int]:
    """Screen offset -> code: terrain (a victory town on a town hex the victory town's),
    units (a second one in a hex: the first one's stack glyph), the cursor inverted."""
    m = model.map
    codes = map_codes(model)
    cells = {}
    for r in range(m.rows):
        for c in range(m.columns):
            cells[40 * (r + 1) + c] = codes[f"terrain {model.terrain[m.terrain_at(c, r)].id}"]
    for place in model.victory.towns:                   # a victory town on a town hex: its own glyph
        c, r = m.place_hex(place)
        if model.terrain[m.terrain_at(c, r)].id == "town":
            cells[40 * (r + 1) + c] = codes[glyphs.ATARI_VICTORY_TOWN]
    first = {}
    for u in state.units:
        if u.status == Status.ON_MAP:
            first.setdefault((u.col, u.row), []).append(u.number)
    for (c, r), numbers in first.items():
        kind = f"{side_of(model, numbers[0])} {utype(model, numbers[0]).type}"
        cells[40 * (r + 1) + c] = codes[("unit " if len(numbers) == 1 else "stack ") + kind]
    if m.on_map(*cursor):
        cells[40 * (cursor[1] + 1) + cursor[0]] ^= 0x80
    # Row 15: the units in the cursor's hex.
    listed = "HEX:" + "".join(f" {u.number}" for u in state.units
                              if u.status == Status.ON_MAP and (u.col, u.row) == cursor)
    for i in range(40):
        cells[15 * 40 + i] = screen_code(listed[i]) if i < len(listed) else 0
    return cells


@pytest.mark.parametrize("scenario", ["tobruk41", "alamein", "campaign"])
def test_draw_map_draws_terrain_units_stacks_and_cursor(model, dist, scenario):
    machine = atari_machine(model, dist)
    state = stateblock.decode((dist / "atari" / f"start_{scenario}.bin").read_bytes(), model)
    machine.write_state(state)
    stacks = sorted({(u.col, u.row) for u in state.units if u.status == Status.ON_MAP
                     and sum((v.col, v.row) == (u.col, u.row) for v in state.units if v.status == Status.ON_MAP) > 1})
    for cursor in [(0, 0), (15, 2), (34, 13), (40, 3)] + stacks[:2]:
        machine.cpu.call(frontend_code(model)[0], stack=bytes([cursor[1], 0, cursor[0], 0, 2]))
        assert machine.cpu.word(0xD4) == 0
        screen = machine.cpu.read(SCREEN_BUFFER, 960)
        for at, code in expected_map(model, state, cursor).items():
            assert screen[at] == code, f"{scenario} cursor {cursor}: screen offset {at}: {screen[at]:02X}, want {code:02X}"
    machine.cpu.call(frontend_code(model)[0], stack=bytes([1, 0, 1]))
    assert machine.cpu.word(0xD4) == 1


def test_setup_options_reach_new_game(model, dist):
    """Set-up keys: Tobruk '42, the Axis' own ratings 1 2 3 4 5, the Allies novice, random
    initiative, the Axis depots, game number 77: the state after NEW_GAME is the
    reference's new game with those options."""
    from kotd.engine.setup import Options, new_game, ratings_for
    listing = front_end_listing(model)
    keys = "2" + "333" + "12345" + "44" + "5" + "6" + "777\n{START}"
    report, machine = run_front_end(model, dist, listing, "tobruk42", keys)
    assert report.error is None, report.error
    assert memory_row(machine, 0).startswith("1-1942 LOGISTICS")
    axis = {"combat": 1, "replacements": 2, "supply": 3, "air": 4, "reinforcements": 5}
    options = Options(computer_allied=False, random_initiative=True, optional_depots=True,
                      ratings={"axis": axis, "allied": ratings_for(model, "novice")})
    want = new_game(model, "tobruk42", 77, options)
    # The program has gone on to the first phase that asks a player: play the reference on.
    from kotd.engine.flow import Flow
    flow = Flow(model, want)
    while flow.info().actor is None and flow.state.phase != Phase.GAME_OVER:
        flow.step()
    got = machine.state_bytes()
    assert got == stateblock.encode(flow.state, model), first_difference(model, got, stateblock.encode(flow.state, model))


def test_every_key_of_section_viii_does_its_work(model, dist, monkeypatch):
    """Manual VIII's keys, each in its mode, checked by the calls the program makes (and
    the cursor it asks DRAW_MAP to draw): logistics D R F and the digits, initiative N,
    cursor mode T B 0 1-6 G, the unit pick, S, F, # (the game's other keys: the recorded
    game above)."""
    listing = front_end_listing(model)
    calls = capture_calls(monkeypatch, model)
    m = model.map
    keys = (setup_keys(model, "tobruk41", 1)
            + "DFR000" + "{KEY 35}"               # Axis: display, skip unit 1, unit 2 gets 0 0 0
            + "{KEY 35}"                          # Allies: no logistics
            + "N{KEY 35}"                         # the holder lets the other side move first
            + "T" + "B" + "0" + "4" + "B" + "G1S" + "F" + "D")
    report, machine = run_front_end(model, dist, listing, "tobruk41", keys)
    assert report.error is None, report.error
    made = [(c[0], c[1]) for c in calls if c[0] not in ("PHASE_INFO", "DISPLAY_STRENGTH")]
    entries = [e for e, _ in made]
    assert "SCORE" in entries                                        # D
    logistics = [args for e, args in made if e == "LOGISTICS"]
    assert logistics and logistics[0][1:] == (0, 0, 0) and logistics[0][0] > 1      # F skipped unit 1, R 0 0 0
    assert ("CHOOSE_FIRST", (0,)) in made                            # N
    draws = [args for e, args in made if e == frontend_code(model)[0]]
    first_side = machine.peek("FIRST_PLAYER")
    home = m.place_hex(m.home_bases[SIDES[first_side]])
    centre = (m.columns // 2, m.rows // 2)
    assert m.place_hex(m.tobruk) in draws and home in draws and centre in draws       # T, B, 0
    assert ("HEX_NEIGHBOUR", (*centre, 4)) in made                   # 4: the cursor south
    sea = [args for e, args in made if e == "SEA_MOVE"]
    assert sea, "G 1 picked a unit at the home base and S asked for its sea movement"


def test_clear_rows_blanks_whole_rows_and_refuses_rows_off_the_screen(model, dist):
    machine = atari_machine(model, dist)
    machine.cpu.load(SCREEN_BUFFER, bytes([0x21]) * 960)
    clear = frontend_code(model)[0] + 3
    machine.cpu.call(clear, stack=bytes([4, 0, 20, 0, 2]))              # rows 20-23
    assert machine.cpu.word(0xD4) == 0
    screen = machine.cpu.read(SCREEN_BUFFER, 960)
    assert screen[:800] == bytes([0x21]) * 800 and screen[800:] == bytes(160)
    for stack in (bytes([2, 0, 23, 0, 2]), bytes([1, 1, 0, 0, 2]), bytes([1, 0, 0, 1, 2]), bytes([0, 0, 1])):
        machine.cpu.load(SCREEN_BUFFER, bytes([0x21]) * 960)
        machine.cpu.call(clear, stack=stack)
        assert machine.cpu.word(0xD4) == 1
        assert machine.cpu.read(SCREEN_BUFFER, 960) == bytes([0x21]) * 960


def test_the_desert_rats_strike_is_shown(model, dist):
    """The start slot's state replaced by one where the Desert Rats strike: the program,
    stepping into logistics, shows the strike and the depots lost as the reference
    counts them (Flow.desert_rats_lost, the engine's DESERT_RATS_LOST); the state is the
    reference's."""
    struck, flow = struck_flow(model)
    assert flow.state.phase == Phase.LOGISTICS and flow.desert_rats_lost == 2      # one depot lost
    listing = front_end_listing(model)
    machine = atari_machine(model, dist)
    load_in_place(machine, stateblock.constants(model, TARGETS["atari"])["DISK_LOAD"], struck)
    report = runner.run_text(listing, "atari", keys=keyscript.parse(setup_keys(model, "tobruk41", 5)),
                             machine=machine, max_statements=20_000_000)
    assert report.error is None, report.error
    assert "waiting for a key" in report.ended
    assert report.screen[23].startswith("DESERT RATS STRIKE: 1 DEPOTS LOST"), report.screen[20:]
    assert machine.peek("DESERT_RATS_LOST") == flow.desert_rats_lost
    got = machine.state_bytes()
    assert got == stateblock.encode(flow.state, model), first_difference(model, got, stateblock.encode(flow.state, model))
    # Without the strike (the start slot as it is) no such line.
    report, _ = run_front_end(model, dist, listing, "tobruk41", setup_keys(model, "tobruk41", 5))
    assert not any("DESERT RATS" in row for row in report.screen)


def test_the_date_shown_is_the_turn_charts(model, dist):
    """Row 0 shows the turn's date (month-year, manual VII) from the engine's TURN_MONTH and
    TURN_YEAR tables, which hold the Turn Chart's dates (data/turns.yaml) for every turn."""
    machine = atari_machine(model, dist)
    c = stateblock.constants(model, TARGETS["atari"])
    n = len(model.turns)
    months = machine.cpu.read(c["TURN_MONTH"], n)
    years = [lo + 256 * hi for lo, hi in zip(machine.cpu.read(c["TURN_YEAR_LO"], n), machine.cpu.read(c["TURN_YEAR_HI"], n))]
    assert [f"{y}-{m:02d}" for y, m in zip(years, months)] == [t.date for t in model.turns]
    listing = front_end_listing(model)
    for scenario in ("tobruk42", "alamein"):
        year, month = model.turns[model.scenarios[scenario].first_turn - 1].date.split("-")
        report, machine = run_front_end(model, dist, listing, scenario, setup_keys(model, scenario, 3))
        assert report.error is None, report.error
        assert memory_row(machine, 0).startswith(f"{int(month)}-{year} LOGISTICS"), memory_row(machine, 0)


def test_r_takes_the_units_off_the_map_until_another_key(model, dist, monkeypatch):
    """DRAW_TERRAIN draws the terrain alone (rows 1-MAP_ROWS, the unit list row left as it
    was) and refuses arguments; in operations R calls it, the next key (T here) only
    brings the units back: the map drawn again at the same cursor, not at Tobruk."""
    machine = atari_machine(model, dist)
    state = stateblock.decode((dist / "atari" / "start_tobruk41.bin").read_bytes(), model)
    machine.write_state(state)
    base = frontend_code(model)[0]
    assert stateblock.constants(model, TARGETS["atari"])["DRAW_TERRAIN"] == base + 6
    machine.cpu.call(base, stack=bytes([2, 0, 2, 0, 2]))                # the map with units first
    before = machine.cpu.read(SCREEN_BUFFER, 960)
    machine.cpu.call(base + 6, stack=bytes([0]))
    assert machine.cpu.word(0xD4) == 0
    screen = machine.cpu.read(SCREEN_BUFFER, 960)
    unitless = state.copy()
    for u in unitless.units:
        u.status = Status.ABSENT
    bare = expected_map(model, unitless, (-1, -1))
    for at in range(40, 40 * (model.map.rows + 1)):
        if at in bare:
            assert screen[at] == bare[at], f"screen offset {at}: {screen[at]:02X}, want {bare[at]:02X}"
    assert screen[15 * 40:] == before[15 * 40:]
    assert screen != before
    machine.cpu.call(base + 6, stack=bytes([7, 0, 1]))
    assert machine.cpu.word(0xD4) == 1 and machine.cpu.read(SCREEN_BUFFER, 960) == screen
    # In the program: operations reached as in test_every_key_of_section_viii_does_its_work.
    listing = front_end_listing(model)
    calls = capture_calls(monkeypatch, model)
    keys = setup_keys(model, "tobruk41", 1) + "{KEY 35}{KEY 35}N{KEY 35}" + "RT"
    report, machine = run_front_end(model, dist, listing, "tobruk41", keys)
    assert report.error is None, report.error
    screen_calls = [(e, args) for e, args, *_ in calls if not isinstance(e, str)]
    hidden = screen_calls.index((base + 6, ()))
    draws_before = [args for e, args in screen_calls[:hidden] if e == base]
    draws_after = [args for e, args in screen_calls[hidden + 1:] if e == base]
    tobruk = model.map.place_hex(model.map.tobruk)
    assert draws_before and draws_after and draws_after[0] == draws_before[-1] != tobruk
    assert tobruk not in draws_after                                   # T only brought the units back


PHASE_LINE_NAMES = ["SET-UP", "REINFORCE", "SUPPLY", "LOGISTICS", "INITIATIVE"] + [
    f"{cycle}{step} {name}" for cycle in "BC" for step, name in
    enumerate(["OPS", "RESUPPL", "DEPOTS", "REACT", "OPS", "RESUPPL", "DEPOTS"], 1)] + ["VICTORY", "GAME OVER"]


def test_draw_phase_writes_the_date_the_phase_and_the_side(model, dist):
    """DRAW_PHASE (row 0): the turn's date from the engine's tables, every phase's name
    (padded to 10 columns), the side to act; nothing for a phase or turn out of range;
    arguments refused."""
    machine = atari_machine(model, dist)
    c = stateblock.constants(model, TARGETS["atari"])
    draw = c["DRAW_PHASE"]
    assert draw == frontend_code(model)[0] + 9
    assert [p.name for p in Phase][:len(PHASE_LINE_NAMES)][-1] == "GAME_OVER" and len(Phase) == len(PHASE_LINE_NAMES)
    for turn in (1, len(model.turns)):
        year, month = model.turns[turn - 1].date.split("-")
        for phase, name in enumerate(PHASE_LINE_NAMES):
            for actor, side in ((0, " AXIS"), (1, " ALLIED"), (NONE, "")):
                machine.cpu.load(c["TURN"], bytes([turn]))
                machine.cpu.load(c["PHASE"], bytes([phase]))
                machine.cpu.load(c["FLOW_ACTOR"], bytes([actor]))
                machine.cpu.load(SCREEN_BUFFER, bytes([0x21]) * 80)
                machine.cpu.call(draw, stack=bytes([0]))
                assert machine.cpu.word(0xD4) in (0, 2)                     # 2: a resupply's report
                date = f"{int(month)}-{year} "
                assert memory_row(machine, 0) == (date + name.ljust(10) + side).rstrip(), (turn, phase, actor)
                assert machine.cpu.read(SCREEN_BUFFER + 40, 40) == bytes([0x21]) * 40      # row 1 untouched
    machine.cpu.load(c["TURN"], bytes([0]))
    machine.cpu.load(c["PHASE"], bytes([len(PHASE_LINE_NAMES)]))
    machine.cpu.call(draw, stack=bytes([0]))
    assert memory_row(machine, 0) == ""
    machine.cpu.load(SCREEN_BUFFER, bytes([0x21]) * 80)
    machine.cpu.call(draw, stack=bytes([1, 0, 1]))
    assert machine.cpu.word(0xD4) == 1 and machine.cpu.read(SCREEN_BUFFER, 80) == bytes([0x21]) * 80


def test_a_game_saved_at_a_turn_end_loads_on_a_fresh_run_and_goes_on(model, dist):
    """Tobruk '42 typed in to its first turn's end; at the offer Y and slot 2: the
    reinforcements that arrive are listed by number (row 22, by DRAW_PHASE: those the
    reference put on the map), and drive 1 holds the save.  A fresh run on that disk: L 2 on the set-up
    screen, then the recorded game's next keys: the state is the reference's."""
    scenario, seed = "tobruk42", 1
    actions, per_call, victory, keyed = save_offer_keys(model, scenario, seed)
    assert per_call[victory] == "N"
    stop = keyed[6] - 1                      # six keyed calls into the next turn
    listing = front_end_listing(model)
    keys = setup_keys(model, scenario, seed) + "".join(per_call[1:victory]) + "Y2"
    report, machine = run_front_end(model, dist, listing, scenario, keys)
    assert report.error is None, report.error
    assert machine.drive.written, "nothing written to drive 1"
    before, after = stateblock.decode(actions[victory - 1].after, model), stateblock.decode(actions[victory].after, model)
    arrived = [u.number for u in after.units
               if u.status == Status.ON_MAP and before.units[u.number - 1].status != Status.ON_MAP]
    assert arrived, "Tobruk '42's second turn brings reinforcements"
    assert report.screen[21].startswith(f"REINFORCEMENTS: {len(arrived)} UNITS ARRIVED"), report.screen[20:]
    assert memory_row(machine, 22) == " ".join(["UNITS"] + [str(n) for n in arrived])
    sectors = dict(machine.drive.sectors)
    fresh = atari_machine(model, dist)
    fresh.drive = Drive(sectors)
    report = runner.run_text(listing, "atari", keys=keyscript.parse("L2" + "".join(per_call[victory + 1:stop + 1])),
                             machine=fresh, max_statements=20_000_000)
    assert report.error is None, report.error
    got = fresh.state_bytes()
    assert got == actions[stop].after, first_difference(model, got, actions[stop].after)


def test_draw_unit_name_writes_each_units_name_from_data(model, dist):
    """DRAW_UNIT_NAME: every unit's name of data/units.yaml on row 16 from column 0 (the
    packed text segment unpacked by the 6502), the rest of the row and the other rows
    untouched; unit 0, UNIT_COUNT + 1, a high byte or a wrong count refused."""
    machine = atari_machine(model, dist)
    draw = stateblock.constants(model, TARGETS["atari"])["DRAW_UNIT_NAME"]
    assert draw == frontend_code(model)[0] + 12
    for u in model.units:
        machine.cpu.load(SCREEN_BUFFER, bytes(960))
        machine.cpu.call(draw, stack=bytes([u.number, 0, 1]))
        assert machine.cpu.word(0xD4) == 0
        assert memory_row(machine, 16) == u.name, u.number
        screen = machine.cpu.read(SCREEN_BUFFER, 960)
        assert not any(screen[:640]) and not any(screen[680:]) and not any(screen[640 + len(u.name):680])
    machine.cpu.load(SCREEN_BUFFER, bytes(960))
    for stack in (bytes([0, 0, 1]), bytes([len(model.units) + 1, 0, 1]), bytes([1, 1, 1]), bytes([1, 0, 16, 0, 2]),
                  bytes([0])):
        machine.cpu.call(draw, stack=stack)
        assert machine.cpu.word(0xD4) == 1 and not any(machine.cpu.read(SCREEN_BUFFER, 960)), stack


def test_draw_phase_reports_the_arrivals_and_the_resupply_of_a_step(model, dist):
    """DRAW_PHASE keeps each unit's status and supply outside the reinforcement and
    resupply phases; in one of those it reports on row 22 (answer 2) the units now on
    the map that were not, or the units whose supply rose and the supply added; once:
    a second call, one with no copy kept (a loaded game) or a copy of another turn
    reports nothing."""
    machine = atari_machine(model, dist)
    c = stateblock.constants(model, TARGETS["atari"])
    state = stateblock.decode((dist / "atari" / "start_tobruk42.bin").read_bytes(), model)
    state.turn = model.scenarios["tobruk42"].first_turn
    absent = [u.number for u in state.units if u.status != Status.ON_MAP][:2]
    on_map = [u.number for u in state.units if u.status == Status.ON_MAP]

    def draw(phase, change=None):
        state.phase = phase
        if change:
            change()
        machine.write_state(state)
        machine.cpu.load(SCREEN_BUFFER + 22 * 40, bytes([0x21]) * 40)
        machine.cpu.call(c["DRAW_PHASE"], stack=bytes([0]))
        return machine.cpu.word(0xD4), memory_row(machine, 22)

    assert draw(Phase.REINFORCEMENT) == (0, "A" * 40)            # nothing kept since the load
    assert draw(Phase.VICTORY)[0] == 0

    def arrive():
        for n in absent:
            state.units[n - 1].status = Status.ON_MAP
    assert draw(Phase.REINFORCEMENT, arrive) == (2, " ".join(["UNITS"] + [str(n) for n in absent]))
    assert draw(Phase.REINFORCEMENT) == (0, "A" * 40)            # once
    assert draw(Phase.B1_OPERATIONS)[0] == 0

    def resupply():
        state.units[on_map[0] - 1].supply += 30
        state.units[on_map[1] - 1].supply += 300
        state.units[on_map[2] - 1].supply -= 5                    # spent: not counted
    assert draw(Phase.B2_RESUPPLY, resupply) == (2, "RESUPPLY: 2 UNITS +330 SUPPLY")
    assert draw(Phase.B3_DEPOT_MOVEMENT)[0] == 0
    assert draw(Phase.B6_RESUPPLY) == (2, "RESUPPLY: 0 UNITS +0 SUPPLY")
    assert draw(Phase.B7_DEPOT_MOVEMENT)[0] == 0                 # a copy of another turn (RESET): none

    def next_turn():
        state.turn += 1
    assert draw(Phase.C2_RESUPPLY, next_turn) == (0, "A" * 40)


def test_start_frees_the_cursor_and_start_again_puts_it_back(model, dist, monkeypatch):
    """START in operations (manual IV.C.5): T and 3 move the cursor (the map drawn at
    Tobruk and south-east of it), nothing else is called; START again draws the map at
    the cursor's old hex, and G then lists the units there, not at Tobruk."""
    listing = front_end_listing(model)
    calls = capture_calls(monkeypatch, model)
    keys = setup_keys(model, "tobruk41", 1) + "{KEY 35}{KEY 35}N{KEY 35}" + "{START}T3{START}G"
    report, machine = run_front_end(model, dist, listing, "tobruk41", keys)
    assert report.error is None, report.error
    base = frontend_code(model)[0]
    screen_calls = [(e, args) for e, args, *_ in calls if e != "PHASE_INFO" and e != base + 9]
    draws = [i for i, (e, _) in enumerate(screen_calls) if e == base]
    tobruk = model.map.place_hex(model.map.tobruk)
    at_tobruk = next(i for i in draws if screen_calls[i][1] == tobruk)
    before = screen_calls[max(i for i in draws if i < at_tobruk)][1]
    assert before != tobruk
    after = [screen_calls[i][1] for i in draws if i > at_tobruk]
    assert after[0] == hexgrid.step(*tobruk, 3) and after[1] == before           # 3, then START: back
    between = [(e, args) for e, args in screen_calls[at_tobruk:] if isinstance(e, str)]
    assert {e for e, _ in between} <= {"HEX_NEIGHBOUR", "FIND_UNIT"}, between    # nothing picked or moved
    assert {args[2:] for e, args in between if e == "FIND_UNIT"} == {before}      # G: the units there
    own = [u.number for u in stateblock.decode(machine.state_bytes(), model).units
           if u.status == Status.ON_MAP and (u.col, u.row) == before]
    assert ("NO UNITS OF YOURS HERE" in report.screen[21]) != any(f"UNIT {n}" in report.screen[21] for n in own)


def test_the_unit_display_says_the_terrain_and_no_supply_as_the_engine_traced_it(model, dist):
    """Tobruk '41 with unit 8 east of Tobruk (struck_tobruk41): the engine's supply trace
    leaves it out of supply; in logistics F steps to it: row 16 says NO SUPPLY for it
    and for none of the units before it (each in supply), and from column 22 the terrain
    of the unit's hex as data/terrain.yaml names it (the manual's unit display)."""
    struck, axis, first_out = struck_logistics(model)
    listing = front_end_listing(model)
    disk_load = stateblock.constants(model, TARGETS["atari"])["DISK_LOAD"]
    for presses, out in ((0, False), (2, False), (first_out - 1, False), (first_out, True)):   # town, coast, rough
        machine = atari_machine(model, dist)
        load_in_place(machine, disk_load, struck)
        keys = setup_keys(model, "tobruk41", 5) + "F" * presses
        report = runner.run_text(listing, "atari", keys=keyscript.parse(keys), machine=machine,
                                 max_statements=20_000_000)
        assert report.error is None, report.error
        assert report.screen[17].startswith(f"UNIT {axis[presses].number} "), report.screen[16:19]
        assert ("NO SUPPLY" in report.screen[16]) == out, (presses, report.screen[16])
        unit = axis[presses]
        assert report.screen[16][22:30].rstrip() == terrain(model, (unit.col, unit.row)).id.upper()


def test_the_map_character_set_is_the_roms_with_the_map_glyphs_over_their_codes(model, dist):
    """DRAW_MAP and DRAW_TERRAIN first make the map's character set ready (port/asm/
    atari_charset.s): with CHBAS not at the charset's page (the OS sets it back at each
    screen open), the ROM's set at $E000 (a fake pattern here) copied to the engine
    region's last KB, the art file's glyphs over exactly their codes, CHBAS pointed
    there; with CHBAS already there, nothing copied again."""
    charset = TARGETS["atari"].charset
    machine = atari_machine(model, dist)
    state = stateblock.decode((dist / "atari" / "start_tobruk41.bin").read_bytes(), model)
    machine.write_state(state)
    rom = bytes((i * 7 + (i >> 8) * 13 + 1) & 0xFF for i in range(1024))
    machine.cpu.load(0xE000, rom)
    machine.cpu.load(CHBAS, b"\xe0")
    base = frontend_code(model)[0]
    machine.cpu.call(base, stack=bytes([2, 0, 2, 0, 2]))           # DRAW_MAP
    assert machine.cpu.read(CHBAS, 1)[0] == charset.start >> 8
    art = glyphs.atari_map_glyphs(glyphs_dir() / "atari_map.txt", [t.id for t in model.terrain])
    codes = map_codes(model)
    want = bytearray(rom)
    for name, code in codes.items():
        want[8 * code:8 * code + 8] = bytes(art[code - glyphs.ATARI_MAP_FIRST])
    assert machine.cpu.read(charset.start, 1024) == bytes(want)
    patched = {i // 8 for i in range(1024) if want[i] != rom[i]}
    assert patched <= set(codes.values()) and len(set(codes.values())) == len(codes) == len(art)
    assert all(glyphs.ATARI_MAP_FIRST <= c <= glyphs.ATARI_MAP_LAST for c in codes.values())
    # CHBAS ours: DRAW_TERRAIN leaves the set as it is (a changed "ROM" is not copied).
    machine.cpu.load(0xE000, bytes(1024))
    machine.cpu.call(base + 6, stack=bytes([0]))
    assert machine.cpu.read(charset.start, 1024) == bytes(want)
    # A screen open put CHBAS back: copied again.
    machine.cpu.load(CHBAS, b"\xe0")
    machine.cpu.call(base + 6, stack=bytes([0]))
    assert machine.cpu.read(charset.start, 1024)[:8 * glyphs.ATARI_MAP_FIRST] == bytes(8 * glyphs.ATARI_MAP_FIRST)
    assert machine.cpu.read(CHBAS, 1)[0] == charset.start >> 8


def glyphs_dir():
    from kotd.build.diskimages import GLYPH_DIR
    return GLYPH_DIR


def test_the_program_never_prints_the_map_glyphs_codes(model):
    """The map glyphs replace graphics characters (ATASCII $00-$1A): no string constant
    of the program holds one of them (nor its inverse), and CHR$ is only given constants
    outside them -- so the program's text never shows a map glyph."""
    import re
    text = front_end_listing(model)
    used = {code - 0x40 for code in map_codes(model).values()}          # screen code -> ATASCII
    strings = re.findall(r'"([^"\n]*)"', text)
    assert strings
    for s in strings:
        bad = sorted({f"${ord(ch):02X}" for ch in s if ord(ch) & 0x7F in used})
        assert not bad, f"the string {s!r} holds map glyph codes {bad}"
    for arg in re.findall(r"CHR\$\(([^)]*)\)", text):
        assert arg.strip().isdigit(), f"CHR$({arg}): only constants can be checked"
        assert int(arg) & 0x7F not in used, f"CHR$({arg}) is a map glyph"
