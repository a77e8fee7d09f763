"""The Apple display code (port/asm/apple_frontend.s, docs/apple-display.md) under py65.

The text hook and the map entries run on the engine and display binaries of the
session's build, with writes allowed only to hi-res page 2, the display region, the
call block's answer, the display's zero page, CH/CV/CSW and the stack
(apple_screen.DisplayMachine); every cell is compared with an oracle computed from the
art files and the model, placed by the hi-res address formula written once in Python.
"""

from __future__ import annotations

import random

import pytest

from kotd.build import abi
from kotd.emu.cpu import Runaway
from kotd.engine.setup import start_state
from kotd.engine.state import Status

from apple_screen import (CH, COLUMNS, CSW, CV, INVFLG, KBD, KSW, MAP_TOP_ROW, PAGE, ROWS, DisplayMachine,
                          cell_addresses, expected_cells, font, hires_row_address, save_png)

E_OK, E_ARG_COUNT, E_HEX, E_RANGE = (abi.ERRORS[n] for n in ("OK", "ARG_COUNT", "HEX", "RANGE"))
FULL_MAP_BUDGET = 510_000           # issue 13: a full map redraw within 0.5 s at 1.02 MHz


@pytest.fixture(scope="module")
def glyph_font():
    return font()


@pytest.fixture
def screen(model, dist) -> DisplayMachine:
    d = DisplayMachine(model, dist)
    assert d.call("DISPLAY_INIT")[0] == E_OK
    return d


def visible(page: bytes) -> bytes:
    """The 7680 bytes of the page the screen shows (no screen holes)."""
    return b"".join(page[hires_row_address(y) - PAGE:hires_row_address(y) - PAGE + COLUMNS] for y in range(192))


def glyph(glyph_font, ch: str, inverse: bool = False) -> list[int]:
    data = glyph_font[ord(ch) - 0x20]
    return [b ^ 0x7F for b in data] if inverse else list(data)


# --- the formula and DISPLAY_INIT --------------------------------------------------------

def test_row_formula_covers_the_page_once():
    seen = [a + c for y in range(192) for a in [hires_row_address(y)] for c in range(COLUMNS)]
    assert len(set(seen)) == 192 * COLUMNS and min(seen) == PAGE and max(seen) < PAGE + 0x2000


def test_display_init_clears_the_screen_and_hooks_print(model, dist):
    d = DisplayMachine(model, dist)
    d.fill_page(0xAA)
    d.poke(CH, 17)
    d.poke(CV, 9)
    status, result, run = d.call("DISPLAY_INIT")
    assert (status, result) == (E_OK, 0)
    assert set(visible(d.page())) == {0}
    assert d.peek(CSW) | d.peek(CSW + 1) << 8 == d.entries["TEXT_OUT"]
    assert d.peek(KSW) | d.peek(KSW + 1) << 8 == d.entries["KEY_IN"]
    assert (d.peek(CH), d.peek(CV)) == (0, 0)
    assert d.call("DISPLAY_INIT")[0] == E_OK           # again, as after a RESET
    assert run.cycles < 120_000


def test_display_init_refuses_arguments(model, dist):
    d = DisplayMachine(model, dist)
    d.fill_page(0xAA)
    status, result, _ = d.call("DISPLAY_INIT", 1)
    assert (status, result) == (E_ARG_COUNT, 0xFF00 + E_ARG_COUNT)
    assert set(d.page()) == {0xAA}
    assert d.peek(CSW) == 0


# --- the text hook -------------------------------------------------------------------------

def test_hook_draws_each_character_in_its_cell(screen, glyph_font):
    rng = random.Random(13)
    for code in range(0x20, 0x60):
        col, row = rng.randrange(COLUMNS), rng.randrange(ROWS)
        screen.poke(CH, col)
        screen.poke(CV, row)
        before = bytearray(screen.page())
        screen.out(code | 0x80)
        after = screen.page()
        assert screen.cell(col, row) == glyph(glyph_font, chr(code)), (chr(code), col, row)
        changed = {PAGE + i for i in range(len(after)) if after[i] != before[i]}
        assert changed <= set(cell_addresses(col, row)), (chr(code), col, row)


def test_hook_keeps_registers_and_moves_on(screen):
    screen.poke(CH, 3)
    screen.poke(CV, 4)
    for a in (0xC1, 0x8D, 0x87, 0x41):
        run = screen.out(a, x=0x5A, y=0xA5)
        assert (run.a, run.x, run.y) == (a, 0x5A, 0xA5)
    assert (screen.peek(CH), screen.peek(CV)) == (1, 5)    # A, CR, bell ignored, A


# --- the input hook: every key shown at once ------------------------------------------------

def changed_cells(before: bytes, after: bytes) -> set[tuple[int, int]]:
    return {(c, r) for r in range(ROWS) for c in range(COLUMNS)
            if any(before[a - PAGE] != after[a - PAGE] for a in cell_addresses(c, r))}


def test_key_in_marks_the_key_and_returns_it(screen, glyph_font):
    """GET's key comes back as RDKEY gives it (X and Y kept: GETLN's buffer index), and
    one cell, right of the map, shows it in inverse; the next key blanks it first."""
    screen.print("TEXT BEFORE")
    before = screen.page()
    run = screen.key(0xC1, x=0x5A, y=0xA5)
    assert (run.a, run.x, run.y) == (0xC1, 0x5A, 0xA5)
    changed = changed_cells(before, screen.page())
    assert len(changed) == 1
    col, row = changed.pop()
    assert col >= COLUMNS - 5 and MAP_TOP_ROW <= row < MAP_TOP_ROW + 14
    assert screen.cell(col, row) == glyph(glyph_font, "A", inverse=True)
    # A fast key press: a frame of the Apple holds 17,030 cycles.
    assert run.cycles < 1_000
    for code, shown in ((0xE2, "B"), (0x8D, " "), (0xB7, "7"), (0xFF, "_"), (0xDF, "_")):
        run = screen.key(code)
        assert run.a == code
        assert screen.cell(col, row) == glyph(glyph_font, shown, inverse=True)
    assert changed_cells(before, screen.page()) == {(col, row)}


def test_key_in_waits_for_a_key(screen):
    """Until the keyboard's bit 7 is set, the hook loops at KEY_WAIT; the last mark is gone."""
    screen.key(0xC1)
    mark = screen.page()
    screen.poke(KBD, 0x41)                  # the last key, already taken
    with pytest.raises(Runaway) as fault:
        screen.cpu.call(screen.entries["KEY_IN"], max_instructions=5_000)
    assert fault.value.address in range(screen.entries["KEY_WAIT"], screen.entries["KEY_WAIT"] + 5)
    assert screen.page() != mark and set(visible(screen.page())) == {0}


def test_print_lines_lower_case_and_inverse(screen, glyph_font):
    screen.print("KNIGHTS OF THE DESERT\nlower case\n")
    assert screen.text_row(0, glyph_font).rstrip() == "KNIGHTS OF THE DESERT"
    assert screen.text_row(1, glyph_font).rstrip() == "LOWER CASE"
    screen.poke(INVFLG, 0x3F)                                # INVERSE
    screen.print("AB")
    screen.poke(INVFLG, 0xFF)                                # NORMAL
    screen.print("C")
    assert screen.cell(0, 2) == glyph(glyph_font, "A", inverse=True)
    assert screen.cell(1, 2) == glyph(glyph_font, "B", inverse=True)
    assert screen.cell(2, 2) == glyph(glyph_font, "C")


def test_control_characters_draw_nothing(screen):
    screen.poke(CH, 5)
    before = screen.page()
    for code in [c for c in range(0x20) if c not in (0x08, 0x0D)]:
        screen.out(code | 0x80)
    assert screen.page() == before and (screen.peek(CH), screen.peek(CV)) == (5, 0)


def test_backspace_as_input_echoes_it(screen, glyph_font):
    """GETLN (INPUT) echoes the left arrow ($88) and the character typed next."""
    screen.print("AB")
    screen.out(0x88)
    screen.print("C")
    assert screen.text_row(0, glyph_font).rstrip() == "AC"
    screen.poke(CH, 0)
    screen.out(0x88)
    assert (screen.peek(CH), screen.peek(CV)) == (0, 0)    # not past the row's start


def test_line_wraps_after_column_39(screen, glyph_font):
    screen.poke(CH, COLUMNS - 1)
    screen.poke(CV, 6)
    screen.print("XY")
    assert screen.cell(COLUMNS - 1, 6) == glyph(glyph_font, "X")
    assert screen.cell(0, 7) == glyph(glyph_font, "Y")
    assert (screen.peek(CH), screen.peek(CV)) == (1, 7)


def test_past_the_last_row_the_last_row_again_cleared(screen, glyph_font):
    screen.poke(CV, ROWS - 2)
    screen.print("ROW 22\nROW 23\n")
    assert (screen.peek(CH), screen.peek(CV)) == (0, ROWS)  # the last line kept until more text
    assert screen.text_row(ROWS - 1, glyph_font).rstrip() == "ROW 23"
    screen.print("NEXT")
    assert screen.text_row(ROWS - 1, glyph_font).rstrip() == "NEXT"
    assert screen.text_row(ROWS - 2, glyph_font).rstrip() == "ROW 22"
    assert screen.peek(CV) == ROWS - 1
    screen.poke(CH, 60)                                      # HTAB past the row: the next line
    screen.poke(CV, 3)
    screen.print("Z")
    assert screen.cell(0, 4) == glyph(glyph_font, "Z")


# --- CLEAR_ROWS -----------------------------------------------------------------------------

def test_clear_rows_clears_exactly_its_rows(screen):
    screen.fill_page(0x2A)
    status, result, _ = screen.call("CLEAR_ROWS", 5, 3)
    assert (status, result) == (E_OK, 0)
    for row in range(ROWS):
        cleared = set(b for c in range(COLUMNS) for b in screen.cell(c, row))
        assert cleared == ({0} if 5 <= row < 8 else {0x2A}), row
    assert screen.call("CLEAR_ROWS", 0, ROWS)[0] == E_OK
    assert set(visible(screen.page())) == {0}


@pytest.mark.parametrize("args, code", [((5,), E_ARG_COUNT), ((0, 25), E_RANGE), ((20, 5), E_RANGE),
                                        ((25, 0), E_RANGE), ((256, 1), E_RANGE), ((0, 257), E_RANGE)])
def test_clear_rows_refuses(screen, args, code):
    screen.fill_page(0x2A)
    status, result, _ = screen.call("CLEAR_ROWS", *args)
    assert (status, result) == (code, 0xFF00 + code)
    assert set(screen.page()) == {0x2A}


# --- DRAW_UNIT_NAME --------------------------------------------------------------------------

UNIT_NAME_ROW = 16


def test_draw_unit_name_writes_each_units_name_from_data(screen, model, glyph_font):
    """Every unit's name of data/units.yaml on row 16 from column 0 (the packed text section
    unpacked by the 6502 and drawn through the text hook), the cursor left after it, the
    rest of the screen untouched."""
    for u in model.units:
        screen.fill_page(0)
        screen.poke(CH, 30)
        screen.poke(CV, 3)
        status, result, _ = screen.call("DRAW_UNIT_NAME", u.number)
        assert (status, result) == (E_OK, 0)
        assert screen.text_row(UNIT_NAME_ROW, glyph_font) == u.name.ljust(COLUMNS), u.number
        assert (screen.peek(CH), screen.peek(CV)) == (len(u.name), UNIT_NAME_ROW)
        rest = [b for row in range(ROWS) if row != UNIT_NAME_ROW for c in range(COLUMNS) for b in screen.cell(c, row)]
        assert not any(rest)


@pytest.mark.parametrize("args, code", [(lambda n: (), E_ARG_COUNT), (lambda n: (1, 16), E_ARG_COUNT),
                                        (lambda n: (0,), E_RANGE), (lambda n: (n + 1,), E_RANGE),
                                        (lambda n: (256 + 1,), E_RANGE), (lambda n: (255,), E_RANGE)])
def test_draw_unit_name_refuses(screen, model, args, code):
    """No unit 0, none past the last (n units), no high byte, one argument only: nothing drawn."""
    args = args(len(model.units))
    screen.fill_page(0x2A)
    screen.poke(CH, 7)
    status, result, _ = screen.call("DRAW_UNIT_NAME", *args)
    assert (status, result) == (code, 0xFF00 + code)
    assert set(screen.page()) == {0x2A} and screen.peek(CH) == 7


# --- the map ---------------------------------------------------------------------------------

def map_cells(screen, model) -> dict:
    return {(c, r): screen.cell(c, r + MAP_TOP_ROW) for r in range(model.map.rows) for c in range(model.map.columns)}


@pytest.mark.parametrize("scenario", ["campaign", "alamein"])
def test_draw_map_draws_every_hex(screen, model, scenario, glyph_font):
    state = start_state(model, scenario)
    screen.write_state(state)
    cursor = model.map.place_hex(model.map.tobruk)
    status, result, run = screen.call("DRAW_MAP", *cursor)
    assert (status, result) == (E_OK, 0)
    want = expected_cells(model, state, cursor)
    got = map_cells(screen, model)
    wrong = [(hex_, got[hex_], want[hex_]) for hex_ in want if got[hex_] != want[hex_]]
    assert not wrong, f"{len(wrong)} cells differ, first {wrong[:3]}"
    numbers = [u.number for u in state.units if u.status == Status.ON_MAP and (u.col, u.row) == cursor]
    assert screen.text_row(MAP_TOP_ROW + model.map.rows, glyph_font).rstrip() == \
        "HEX:" + "".join(f" {n}" for n in numbers)
    assert run.cycles < FULL_MAP_BUDGET


def test_draw_map_shows_each_kind_and_stacks(screen, model):
    """Units moved so that every side and type stands alone and stacked, the cursor on
    a stack: each cell as the oracle says, the four unit glyphs and four stack glyphs
    all different."""
    state = start_state(model, "campaign")
    clear = [(c, r) for r in range(model.map.rows) for c in range(model.map.columns)
             if model.terrain[model.map.terrain_at(c, r)].id == "clear"]
    by_kind: dict[tuple[str, str], list] = {}
    for u in state.units:
        t = model.units[u.number - 1]
        by_kind.setdefault((t.side, t.type), []).append(u)
    spots = iter(clear)
    for units in by_kind.values():
        alone, stack = next(spots), next(spots)
        units[0].status, (units[0].col, units[0].row) = Status.ON_MAP, alone
        for u in units[1:3]:
            u.status, (u.col, u.row) = Status.ON_MAP, stack
        for u in units[3:]:
            u.status, u.col, u.row = Status.ABSENT, 0xFF, 0xFF
    screen.write_state(state)
    cursor = stack
    assert screen.call("DRAW_MAP", *cursor)[0] == E_OK
    want = expected_cells(model, state, cursor)
    assert map_cells(screen, model) == want
    shapes = {tuple(want[h]) for h in clear[:2 * len(by_kind)] if h != cursor}
    assert len(shapes) == 2 * len(by_kind) - 1


def test_draw_map_after_changes_redraws_what_changed(screen, model, glyph_font):
    """Once the map is drawn, DRAW_MAP redraws only the hexes that changed: a run of
    cursor moves, units moved on the map, off it and onto it (into stacks), text and
    CLEAR_ROWS over the map, DRAW_TERRAIN; after each DRAW_MAP every cell is the
    oracle's, as if the whole map had been drawn."""
    rng = random.Random(1941)
    state = start_state(model, "campaign")
    screen.write_state(state)
    cols, rows = model.map.columns, model.map.rows
    cursor = (3, 4)
    assert screen.call("DRAW_MAP", *cursor)[0] == E_OK
    on_map = [u for u in state.units if u.status == Status.ON_MAP]
    for step in range(40):
        what = rng.choice(["cursor", "cursor", "move", "move", "off", "on", "stack", "text", "clear", "terrain"])
        if what == "cursor":
            cursor = (rng.randrange(cols), rng.randrange(rows))
        elif what == "move":
            u = rng.choice(on_map)
            u.col, u.row = rng.randrange(cols), rng.randrange(rows)
        elif what == "off":
            u = rng.choice(on_map)
            u.status, u.col, u.row = Status.ELIMINATED, 0xFF, 0xFF
        elif what == "on":
            u = rng.choice(state.units)
            u.status, u.col, u.row = Status.ON_MAP, rng.randrange(cols), rng.randrange(rows)
        elif what == "stack":
            u, v = rng.sample(on_map, 2)
            u.status, v.status, (u.col, u.row) = Status.ON_MAP, Status.ON_MAP, (v.col, v.row)
        elif what == "text":
            screen.poke(CH, rng.randrange(COLUMNS))
            screen.poke(CV, rng.randrange(MAP_TOP_ROW, MAP_TOP_ROW + rows))
            screen.print("XX")
        elif what == "clear":
            assert screen.call("CLEAR_ROWS", rng.randrange(MAP_TOP_ROW, MAP_TOP_ROW + rows), 1)[0] == E_OK
        else:
            assert screen.call("DRAW_TERRAIN")[0] == E_OK
        on_map = [u for u in state.units if u.status == Status.ON_MAP]
        screen.write_state(state)
        status, _, run = screen.call("DRAW_MAP", *cursor)
        assert status == E_OK
        want = expected_cells(model, state, cursor)
        got = map_cells(screen, model)
        wrong = [(h, got[h], want[h]) for h in want if got[h] != want[h]]
        assert not wrong, f"step {step} ({what}): {len(wrong)} cells differ, first {wrong[:3]}"


def test_a_cursor_move_redraws_two_hexes(screen, model):
    state = start_state(model, "campaign")
    screen.write_state(state)
    assert screen.call("DRAW_MAP", 3, 4)[0] == E_OK
    screen.poke(CH, model.map.columns + 1)          # text beside the map leaves it shown
    screen.poke(CV, MAP_TOP_ROW)
    screen.print("3 4")
    before = screen.page()
    status, _, run = screen.call("DRAW_MAP", 4, 4)
    assert status == E_OK
    after = screen.page()
    changed = {PAGE + i for i in range(len(after)) if after[i] != before[i]}
    row_list = {a for c in range(COLUMNS) for a in cell_addresses(c, MAP_TOP_ROW + model.map.rows)}
    assert changed - row_list <= set(cell_addresses(3, 4 + MAP_TOP_ROW)) | set(cell_addresses(4, 4 + MAP_TOP_ROW))
    assert run.cycles < 20_000                      # the whole map: about 65,000


def test_draw_terrain_leaves_the_units_out(screen, model):
    state = start_state(model, "campaign")
    screen.write_state(state)
    assert screen.call("DRAW_TERRAIN")[:2] == (E_OK, 0)
    assert map_cells(screen, model) == expected_cells(model, None, None)


@pytest.mark.parametrize("entry, args, code", [
    ("DRAW_MAP", (), E_ARG_COUNT), ("DRAW_MAP", (1, 2, 3), E_ARG_COUNT), ("DRAW_MAP", (35, 0), E_HEX),
    ("DRAW_MAP", (0, 14), E_HEX), ("DRAW_MAP", (256 + 3, 2), E_HEX), ("DRAW_MAP", (3, 512 + 2), E_HEX),
    ("DRAW_TERRAIN", (1,), E_ARG_COUNT)])
def test_map_entries_refuse(screen, model, entry, args, code):
    screen.write_state(start_state(model, "campaign"))
    screen.fill_page(0x2A)
    status, result, _ = screen.call(entry, *args)
    assert (status, result) == (code, 0xFF00 + code)
    assert set(screen.page()) == {0x2A}


def test_screen_picture(screen, model, tmp_path):
    """The picture the docs show (docs/apple-map.png is made the same way)."""
    screen.write_state(start_state(model, "campaign"))
    screen.print("CAMPAIGN  JUN 1941  AXIS OPERATIONS")
    assert screen.call("DRAW_MAP", *model.map.place_hex(model.map.tobruk))[0] == E_OK
    path = tmp_path / "screen.png"
    save_png(screen.page(), path)
    from PIL import Image
    with Image.open(path) as image:
        assert image.size == (560, 384)
        assert len(image.getcolors(1 << 16)) >= 5          # black, white and the colours


def test_memory_report_shows_the_display_region_and_its_text_section(dist):
    import json
    from kotd.build.targets import APPLE
    region = json.loads((dist / "apple" / "memory.json").read_text())["regions"]["display"]
    assert region["start"] == APPLE.display.start and region["size"] == APPLE.display.size
    assert region["code and glyphs"] == len((dist / "apple" / "display.bin").read_bytes())
    assert region["used"] == region["code and glyphs"] + region["map data"] <= region["size"]
    assert "display" in (dist / "apple" / "memory.txt").read_text()
    text = json.loads((dist / "apple" / "memory.json").read_text())["regions"]["display text"]
    assert text["start"] + text["size"] == APPLE.state.end + 1
    assert text["used"] == len((dist / "apple" / "display_text.bin").read_bytes()) <= text["size"]
