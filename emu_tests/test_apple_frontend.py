"""The Apple front end (port/basic/kotd.prog, Applesoft) played in the BASIC runner from the keys.

The same recorded games as the Atari's (frontend_player: the reference engine's simple
players' calls typed as the keys of docs/play.md, which are the same on both machines;
the Apple's set-up begins with the space bar), run with the 6502 engine and the display
code (dist/apple/display.bin at $6000, called through the call block like the engine)
behind CALL, and the state block compared with the reference's.  PRINT goes to the
runner's text page model (the display code's drawing of the characters onto hi-res is
its own test's); the display code itself runs in py65 with the hi-res page 2 its only
memory besides the engine's.

The start states come from the built DSK's start slots: CALL DISK_LOAD is answered by
disk.check_slot on the slot's sectors (the resident code's own reading of them, nibble by
nibble, is emu_tests/test_images_saves.py's).
"""

from __future__ import annotations

import random

import pytest

from kotd.basic import runner
from kotd.basic.build import build_one
from kotd.basic.runner import keys as keyscript
from kotd.build import abi, disk, dsk, stateblock
from kotd.build.paths import BASIC_DIR
from kotd.build.targets import TARGETS
from kotd.emu import EngineMachine

import frontend_player
from frontend_player import PLAY_KEYS, RANDOM_KEYS, reference_agrees

APPLE = TARGETS["apple"]
BEGIN = " "                              # the Apple's set-up: the space bar begins
#: Every key the runner feeds must leave the program alive; the set-up's keys come first.
MAX_STATEMENTS = 20_000_000


def constants(model):
    return stateblock.constants(model, APPLE)


_LISTING = {}


def front_end_listing(model) -> str:
    if "text" not in _LISTING:
        _LISTING["text"] = build_one(BASIC_DIR / "kotd.prog", "apple", constants(model)).program.text()
    return _LISTING["text"]


def setup_keys(model, scenario, seed):
    return frontend_player.setup_keys(model, scenario, seed, BEGIN)


def apple_machine(model, dist, draw: bool = True) -> EngineMachine:
    """The engine, the display code and the resident code (its OPPONENT_CALL stub: no
    opponent, OPPONENT_READY 0, as on a 48 KB machine) as the game disk loads them;
    DISK_LOAD, DISK_SAVE and DISK_INFO answered from the built DSK's slots (see the
    module's header).  draw=False:
    the display code's entries return at once (they write only the hi-res page, never the
    state block: the recorded games run five times faster without them; py65 takes 30,000
    instructions a DRAW_MAP), but for DRAW_UNIT_NAME in the state region, which also puts
    the cursor after the name for the program's next PRINT."""
    from kotd.build.assemble import assemble
    machine = EngineMachine.from_dist(model, dist, "apple")
    runner.load_display(machine, dist / "apple")
    resident = assemble("apple_boot_resident.s")
    machine.cpu.load(APPLE.resident.start, resident.image[:resident.address("directory") - APPLE.resident.start])
    c = constants(model)
    sectors = dsk.read_dsk((dist / "kotd-apple.dsk").read_bytes())
    layout = dsk.save_layout(stateblock.layout(model).state_size, start_slots=len(model.scenarios))
    machine.disk_sectors = sectors
    machine.disk_calls = []
    plain_call = machine.cpu.call

    def disk_load(slot):
        if not 1 <= slot <= layout.all_slots:
            return disk.STATUS["BAD_SLOT"]
        header = sectors[dsk.slot_place(layout, slot, 0)]
        body = b"".join(sectors[dsk.slot_place(layout, slot, k)] for k in range(1, layout.per_slot))
        try:
            saved = disk.check_slot(slot, header, body, layout.state_size)
        except disk.SlotError as exc:
            return disk.STATUS["EMPTY"] if "empty" in str(exc) else disk.STATUS["DAMAGED"]
        machine.cpu.load(APPLE.state.start, saved.state)
        return disk.STATUS["OK"]

    def call(address, **kw):
        if address == c["CLEAR_ROWS"]:
            clear_text_rows(machine, c)
        if not draw and APPLE.display.contains(address):
            return None
        if address in (c["DISK_LOAD"], c["DISK_SAVE"], c["DISK_INFO"]):
            slot = machine.cpu.byte(c["DISK_SLOT"])
            machine.disk_calls.append((address, slot))
            status = disk_load(slot) if address == c["DISK_LOAD"] else disk.STATUS["NOT_GAME_DISK"]
            machine.cpu.load(c["DISK_STATUS"], bytes([status]))
            return None
        return plain_call(address, **kw)
    machine.cpu.call = call
    return machine


def text_row(ram, r) -> list[int]:
    """Text page 1's row r as the runner keeps it ($80-$FF normal, $00-$3F inverse)."""
    base = 0x0400 + 0x80 * (r % 8) + 0x28 * (r // 8)
    return list(ram[base:base + 40])


def clear_text_rows(machine, c) -> None:
    """CLEAR_ROWS's rows blanked on the runner's text page too, so that the text it shows
    is what the hi-res screen shows (the display code clears hi-res, not the text page)."""
    row = machine.cpu.word(c["CALL_ARGS"])
    count = machine.cpu.word(c["CALL_ARGS"] + 2)
    for r in range(row, min(row + count, 24)):
        base = 0x0400 + 0x80 * (r % 8) + 0x28 * (r // 8)
        machine.cpu.load(base, bytes([0xA0]) * 40)


def run_front_end(model, dist, keys, machine=None, max_statements=MAX_STATEMENTS, draw=True):
    machine = machine or apple_machine(model, dist, draw)
    report = runner.run_text(front_end_listing(model), "apple", keys=keyscript.parse(keys), machine=machine,
                             max_statements=max_statements)
    return report, machine


def capture_calls(monkeypatch, model):
    """Every CALL the program makes into the engine or the display code: (entry name or
    address, args from the call block, battle args, status, state after)."""
    from kotd.basic.runner.apple import AppleRuntime
    names = {address: name[len("ENTRY_"):] for name, address in abi.entry_addresses(APPLE).items()}
    c = constants(model)
    calls = []
    original = AppleRuntime.call

    def call(self, address):
        ram = self.machine.cpu.memory if self.machine is not None else None
        if ram is None or not (APPLE.engine.contains(address) or APPLE.display.contains(address)
                               or address == c["DRAW_UNIT_NAME"]):
            return original(self, address)
        argc = ram[c["CALL_ARGC"]]
        args = tuple(ram[c["CALL_ARGS"] + 2 * i] | ram[c["CALL_ARGS"] + 2 * i + 1] << 8 for i in range(argc))
        battle = frontend_player.battle_order(model, ram, c) if names.get(address) == "ATTACK" else None
        value = original(self, address)
        calls.append((names.get(address, address), args, battle, ram[c["CALL_STATUS"]],
                      self.machine.state_bytes()))
        return value
    monkeypatch.setattr(AppleRuntime, "call", call)
    return calls


# --- the set-up screen ---------------------------------------------------------------------

def test_setup_screen_marks_the_option_in_inverse_and_begins_with_the_space_bar(model, dist):
    report, _ = run_front_end(model, dist, "")
    assert report.error is None, report.error
    text = "\n".join(report.screen)
    assert "1 OPPONENT" in text and "TOBRUK '41" in text and "SPACE BEGINS" in text
    # Option 1 marked: its row (row 4) in inverse on the text page ($00-$3F), the next not.
    assert all(b < 0x80 for b in text_row(report.runtime.ram, 4)[:30])
    assert all(b >= 0x80 for b in text_row(report.runtime.ram, 5)[:30])
    # 2 (a number key) marks option 2 and changes the scenario; lower case works as upper.
    report, machine = run_front_end(model, dist, "22l")
    assert report.error is None, report.error
    assert any("EL ALAMEIN" in row for row in report.screen)
    assert "LOAD SLOT 1-8" in "\n".join(report.screen)          # "l" is L
    assert all(b < 0x80 for b in text_row(report.runtime.ram, 5)[:30])
    assert all(b >= 0x80 for b in text_row(report.runtime.ram, 4)[:30])
    # The space bar begins: the scenario's start state from its start slot, then NEW_GAME.
    report, machine = run_front_end(model, dist, setup_keys(model, "tobruk41", 1))
    assert report.error is None, report.error
    first = model.turns[model.scenarios["tobruk41"].first_turn - 1].date.split("-")
    assert report.screen[0].startswith(f"{int(first[1])}-{first[0]} LOGISTICS"), report.screen[0]
    assert "waiting for a key" in report.ended
    c = constants(model)
    assert (c["DISK_LOAD"], c["START_SLOT_FIRST"]) in machine.disk_calls


@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_the_start_slot_holds_the_start_state(model, dist, scenario):
    """The DSK's start slot START_SLOT_FIRST + n holds start_<scenario>.bin, whole and sound."""
    sectors = dsk.read_dsk((dist / "kotd-apple.dsk").read_bytes())
    layout = dsk.save_layout(stateblock.layout(model).state_size, start_slots=len(model.scenarios))
    slot = disk.start_slot(list(model.scenarios).index(scenario))
    body = b"".join(sectors[dsk.slot_place(layout, slot, k)] for k in range(1, layout.per_slot))
    saved = disk.check_slot(slot, sectors[dsk.slot_place(layout, slot, 0)], body, layout.state_size)
    assert saved.state == (dist / "apple" / f"start_{scenario}.bin").read_bytes()


# --- recorded games ------------------------------------------------------------------------

def test_two_player_game_from_the_keys(model, dist, long_run):
    """tobruk41 whole, the state compared at the end; with --long more seeds, every turn end,
    and every scenario whole."""
    games = [("tobruk41", 1)]
    if long_run:
        games += [("tobruk41", s) for s in range(2, 5)] + [(s, 1) for s in list(model.scenarios)[1:]]
    for scenario, seed in games:
        player, report = frontend_player.play(model, scenario, seed, 100 if long_run else 0,
                                              lambda keys: run_front_end(model, dist, keys, draw=False), BEGIN)
        assert "GAME OVER" in "\n".join(report.screen)
        assert report.runtime.free_bytes() >= 2048


@pytest.mark.parametrize("scenario", ["tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_first_turn_of_every_other_scenario(model, dist, scenario):
    """The recorded game to its first turn end: the state equal to the reference's there."""
    report = frontend_player.first_turn(model, scenario, setup_keys,
                                        lambda keys: run_front_end(model, dist, keys, max_statements=60_000_000,
                                                                   draw=False))
    assert report.runtime.free_bytes() >= 2048


# --- random keys, every key ------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign41", "campaign42", "campaign"])
def test_random_keys_give_no_error_and_a_state_the_reference_agrees_with(model, dist, monkeypatch, long_run,
                                                                          scenario):
    """600 random keys a scenario (--long: 8 games of 3,000); Tobruk '41's first with the
    display code run."""
    calls = capture_calls(monkeypatch, model)
    for seed in range(1, 9 if long_run else 2):
        rnd = random.Random(seed)
        calls.clear()
        keys = setup_keys(model, scenario, seed) + "".join(rnd.choice(RANDOM_KEYS + list("rfdgyn"))
                                                           for _ in range(3000 if long_run else 600))
        report, machine = run_front_end(model, dist, keys, max_statements=60_000_000,
                                        draw=seed == 1 and scenario == "tobruk41")
        assert report.error is None, f"seed {seed}: {report.error}"
        assert "waiting for a key" in report.ended or report.ended in ("END", "end of program"), report.ended
        assert any(call[0] not in ("PHASE_INFO", "NEW_GAME") and isinstance(call[0], str) for call in calls)
        reference_agrees(model, calls)
        assert report.runtime.free_bytes() >= 2048


def test_every_key_of_section_viii_does_its_work(model, dist, monkeypatch):
    """Manual VIII's keys, each in its mode, checked by the calls the program makes (and
    the cursor it asks DRAW_MAP to draw): logistics D R F and the digits, initiative N,
    cursor mode T B 0 1-6 G, the unit pick, S, F, R (the units off until another key);
    with the recorded game's keys, every key of PLAY_KEYS that plays."""
    from kotd.model.types import SIDES
    calls = capture_calls(monkeypatch, model)
    m = model.map
    c = constants(model)
    keys = (setup_keys(model, "tobruk41", 1)
            + "DFR080" + "#"                      # Axis: display, skip unit 1, unit 2 gets 0 8 0
            + "#"                                 # Allies: no logistics
            + "n#"                                # the holder lets the other side move first (lower case)
            + "T" + "B" + "0" + "4" + "R" + "X" + "B" + "G1S" + "F" + "D")
    report, machine = run_front_end(model, dist, keys)
    assert report.error is None, report.error
    made = [(e, args) for e, args, *_ in calls]
    entries = [e for e, _ in made]
    assert "SCORE" in entries                                        # D
    logistics = [args for e, args in made if e == "LOGISTICS"]
    assert logistics and logistics[0][1:] == (0, 8, 0) and logistics[0][0] > 1      # F skipped unit 1, R 0 8 0
    assert ("CHOOSE_FIRST", (0,)) in made                            # n
    draws = [args for e, args in made if e == c["DRAW_MAP"]]
    first_side = machine.peek("FIRST_PLAYER")
    home = m.place_hex(m.home_bases[SIDES[first_side]])
    centre = (m.columns // 2, m.rows // 2)
    assert m.place_hex(m.tobruk) in draws and home in draws and centre in draws       # T, B, 0
    assert ("HEX_NEIGHBOUR", (*centre, 4)) in made                   # 4: the cursor south
    hidden = made.index((c["DRAW_TERRAIN"], ()))                     # R: the terrain alone
    after = [args for e, args in made[hidden + 1:] if e == c["DRAW_MAP"]]
    assert after[0] == made[hidden - 1][1] or after[0] in draws      # X brings the units back
    assert [args for e, args in made if e == "SEA_MOVE"], "G 1 picked a unit and S asked for its sea movement"
    # The recorded game types the rest (Y, the digits of combat and logistics ...): with
    # the keys above, every key of PLAY_KEYS that plays (RETURN, A, Q do nothing in play).
    player, *_ = frontend_player.game_keys(model, "tobruk41", 1, 0)
    typed = {"#" if k == "{KEY 35}" else k.upper() for k in set(keys) | player.keys_seen}
    wanted = {"#" if k == "{KEY 35}" else k for k in PLAY_KEYS} - {"{RETURN}", "A", "Q", " "}
    assert wanted - typed <= {"7", "8", "9"}, wanted - typed


def test_the_unit_display_names_the_unit_its_terrain_and_no_supply_as_the_engine_traced_it(model, dist):
    """Tobruk '41 with unit 8 east of Tobruk (frontend_player.struck_logistics): the
    engine's supply trace leaves it out of supply; in logistics F steps to it.  Row 16
    names the unit (DRAW_UNIT_NAME's drawing on hi-res page 2, read back through the font),
    from column 22 the terrain of its hex as data/terrain.yaml does (a town, a clear hex,
    rough: the manual's unit display; PRINTed on the cursor the name left) and NO SUPPLY
    from column 30 for unit 8 and for none of the units before it (each in supply); row 17
    goes on with the unit."""
    from kotd.engine.board import terrain
    from apple_screen import cell_addresses, font
    from frontend_player import load_in_place, struck_logistics
    struck, axis, first_out = struck_logistics(model)
    disk_load = constants(model)["DISK_LOAD"]
    glyphs = {tuple(g): chr(0x20 + i) for i, g in enumerate(font())}
    seen = set()
    for presses, out in ((0, False), (2, False), (first_out - 1, False), (first_out, True)):
        machine = apple_machine(model, dist, draw=False)
        load_in_place(machine, disk_load, struck)
        report, _ = run_front_end(model, dist, setup_keys(model, "tobruk41", 5) + "F" * presses, machine=machine)
        assert report.error is None, report.error
        unit = axis[presses]
        assert report.screen[17].startswith(f"UNIT {unit.number} "), report.screen[16:19]
        drawn = "".join(glyphs.get(tuple(machine.cpu.memory[a] for a in cell_addresses(col, 16)), "?")
                        for col in range(22))
        assert drawn.startswith(model.units[unit.number - 1].name), drawn
        name = terrain(model, (unit.col, unit.row)).id.upper()
        assert report.screen[16].ljust(30)[:30] == " " * 22 + name.ljust(8), report.screen[16]
        assert report.screen[16][30:].rstrip() == ("NO SUPPLY" if out else ""), (presses, report.screen[16])
        seen.add(name)
    assert seen == {"TOWN", "CLEAR", "ROUGH"}


def test_memory_left_at_the_worst_point(model, dist):
    """FRE(0) with every variable of the program made: the runner's count (runner/apple.py
    free_bytes) after a game, and a bound from the program's own size and names (every
    variable made, each array, and a row of string space for what GET and MID$ make: the
    program's other strings are literals, which Applesoft keeps in the program text), both
    at least 2 KB (the issue's floor).  In AppleWin: 2,129 bytes at the end of the recorded
    Tobruk '41 game (docs/play.md "The Apple II")."""
    from kotd.basic.apple import tokenize
    built = build_one(BASIC_DIR / "kotd.prog", "apple", constants(model))
    program = len(tokenize(built.program.text())) + 1
    scalars = [n for n in built.program.names if not n.endswith("(")]
    # Arrays: list_unit(6) and rating_digit(10) DIMmed, engine_arg( by default 0-10.
    arrays = 3 * (5 + 2) + (7 + 11 + 11) * 5
    bound = APPLE.program.end + 1 - 0x0801 - program - 7 * len(scalars) - arrays - 40
    assert bound >= 2048, f"{bound} bytes: program {program}, {len(scalars)} variables"
    report, _ = run_front_end(model, dist, setup_keys(model, "tobruk41", 1) + "D#")
    assert report.error is None, report.error
    assert report.runtime.free_bytes() >= 2048
