"""The Apple display code (port/asm/apple_frontend.s) on a py65 machine, and the oracles
its tests compare against: where a hi-res cell lies, what each cell should hold, the
screen as a picture.

:class:`DisplayMachine` loads the engine (``engine.bin``) and the display code
(``display.bin``, its text section ``display_text.bin``) from a build and lets only these writes through during a run: hi-res
page 2, the display region, the call block's status and result, the display's own zero
page, the monitor's CH, CV, CSW and KSW, and the stack.
"""

from __future__ import annotations

import json
from pathlib import Path

from kotd.build import glyphs
from kotd.build.display import GLYPH_DIR
from kotd.basic.runner import load_display
from kotd.build.images import read_symbol_table
from kotd.build.targets import APPLE
from kotd.emu import EngineMachine
from kotd.engine.state import GameState, Status
from kotd.model.types import SIDES, UNIT_TYPES

PAGE = 0x4000                   # hi-res page 2
PAGE_SIZE = 0x2000
COLUMNS, ROWS = 40, 24
CH, CV, INVFLG, CSW, KSW = 0x24, 0x25, 0x32, 0x36, 0x38
KBD = 0xC000
CLR80STORE = 0xC000             # the IIe's 80STORE off: a write
DISPLAY_ZERO_PAGE = (*range(0x06, 0x0A), 0xCE, 0xCF, 0xD7, *range(0xEB, 0xF0), *range(0xFA, 0xFE))
MAP_TOP_ROW = 1


def hires_row_address(y: int, page: int = PAGE) -> int:
    """The address of the first byte of hi-res scan line y (0..191): the test oracle."""
    return page + (y % 8) * 0x400 + ((y // 8) % 8) * 0x80 + (y // 64) * 0x28


def cell_addresses(col: int, row: int) -> list[int]:
    """The 8 bytes of text cell (col, row), top scan line first."""
    return [hires_row_address(8 * row + s) + col for s in range(8)]


class DisplayMachine:
    def __init__(self, model, dist: Path):
        folder = Path(dist) / "apple"
        self.model = model
        self.engine = EngineMachine.from_dist(model, dist, "apple")
        self.cpu = self.engine.cpu
        load_display(self.engine, folder)             # its writes narrowed below
        constants = json.loads((folder / "state_constants.json").read_text())["constants"]
        self.entries = {n: constants[n] for n in ("DISPLAY_INIT", "DRAW_MAP", "CLEAR_ROWS", "DRAW_TERRAIN",
                                                   "TEXT_OUT", "DRAW_UNIT_NAME", "KEY_IN", "KEY_WAIT")}
        symbols = read_symbol_table((folder / "engine.sym").read_text())
        self.cpu.name_routines(symbols, APPLE.engine.start, APPLE.engine.end)
        allowed = self.cpu.memory.allowed
        allowed[:] = bytearray(0x10000)
        self.cpu.allow_writes(PAGE, PAGE + PAGE_SIZE - 1)
        self.cpu.allow_writes(APPLE.display.start, APPLE.display.end)
        status = self.engine.address("CALL_STATUS")
        self.cpu.allow_writes(status, status)
        result = self.engine.address("CALL_RESULT")
        self.cpu.allow_writes(result, result + 1)
        for a in (*DISPLAY_ZERO_PAGE, CH, CV, CSW, CSW + 1, KSW, KSW + 1):
            self.cpu.allow_writes(a, a)
        self.cpu.allow_writes(0x100, 0x1FF)
        self.cpu.allow_writes(CLR80STORE, CLR80STORE)       # DISPLAY_INIT's soft switch
        self.poke(INVFLG, 0xFF)

    # --- memory --------------------------------------------------------------------------
    def poke(self, address: int, value: int) -> None:
        self.cpu.load(address, bytes([value & 0xFF]))

    def peek(self, address: int) -> int:
        return self.cpu.byte(address)

    def page(self) -> bytes:
        return self.cpu.read(PAGE, PAGE_SIZE)

    def fill_page(self, value: int) -> None:
        self.cpu.load(PAGE, bytes([value]) * PAGE_SIZE)

    def cell(self, col: int, row: int) -> list[int]:
        return [self.peek(a) for a in cell_addresses(col, row)]

    def write_state(self, state: GameState) -> None:
        self.engine.write_state(state)

    # --- calls ---------------------------------------------------------------------------
    def call(self, entry: str, *args: int):
        """CALL an entry as Applesoft does: arguments in the call block, a plain JSR;
        (status, result, run)."""
        self.engine.write_call_args(args)
        run = self.cpu.call(self.entries[entry], max_instructions=2_000_000)
        return self.engine.peek("CALL_STATUS"), self.cpu.word(self.engine.address("CALL_RESULT")), run

    def out(self, char: int, x: int = 0, y: int = 0):
        """One character through the hook, as COUT sends it (A = the character)."""
        return self.cpu.call(self.entries["TEXT_OUT"], a=char, x=x, y=y)

    def key(self, code: int, x: int = 0, y: int = 0):
        """RDKEY's jump through KSW with key ``code`` (high bit set) already down."""
        self.poke(KBD, code)
        return self.cpu.call(self.entries["KEY_IN"], x=x, y=y, max_instructions=100_000)

    def print(self, text: str) -> None:
        for ch in text:
            self.out(0x8D if ch == "\n" else ord(ch) | 0x80)

    def text_row(self, row: int, font: list[list[int]]) -> str:
        """Row ``row`` read back as text: each cell matched against the font ('?' if none)."""
        by_bytes = {tuple(g): chr(0x20 + i) for i, g in enumerate(font)}
        return "".join(by_bytes.get(tuple(self.cell(c, row)), "?") for c in range(COLUMNS))


# --- oracles -----------------------------------------------------------------------------

def font() -> list[list[int]]:
    return glyphs.font_bytes(GLYPH_DIR / "font.txt")


def map_glyphs(model):
    return glyphs.map_glyphs(GLYPH_DIR / "map.txt", [t.id for t in model.terrain])


def expected_codes(model, state: GameState | None) -> dict[tuple[int, int], int]:
    """(col, row) -> the glyph code DRAW_MAP (state) or DRAW_TERRAIN (None) should draw."""
    n_terrain = len(model.terrain)
    codes = {(c, r): model.map.terrain_at(c, r) for r in range(model.map.rows) for c in range(model.map.columns)}
    if state is not None:
        count: dict[tuple[int, int], int] = {}
        for u in state.units:
            if u.status != Status.ON_MAP:
                continue
            hex_ = (u.col, u.row)
            count[hex_] = count.get(hex_, 0) + 1
            if count[hex_] == 1:
                t = model.units[u.number - 1]
                kind = 2 * SIDES.index(t.side) + UNIT_TYPES.index(t.type)
                codes[hex_] = n_terrain + kind
            elif count[hex_] == 2:
                codes[hex_] += 2 * len(SIDES)
    return codes


def expected_cells(model, state: GameState | None, cursor: tuple[int, int] | None) -> dict:
    """(col, row) of the map -> the 8 bytes its cell should hold."""
    cells, victory = map_glyphs(model)
    towns = {model.map.place_hex(p) for p in model.victory.towns}
    out = {}
    for (c, r), code in expected_codes(model, state).items():
        parity = c & 1
        data = list(cells[code][parity])
        if (c, r) in towns:
            data = [b | v for b, v in zip(data, victory[parity])]
        if (c, r) == cursor:
            data = [b ^ 0x7F for b in data]
        out[(c, r)] = data
    return out


# --- a picture of the screen ---------------------------------------------------------------

def screen_rgb(page: bytes) -> list[list[tuple[int, int, int]]]:
    """Hi-res page bytes (8 KB from the page base) as 280 x 192 RGB pixels, colours
    decoded approximately: a lit pixel next to a lit one white, alone violet/green
    (palette 0) or blue/orange (palette 1) by the parity of its x; a dark pixel between
    two lit ones takes their colour (so every other pixel lit shows as a solid colour)."""
    colours = {(0, 0): (214, 60, 255), (0, 1): (20, 245, 60), (1, 0): (20, 207, 254), (1, 1): (255, 106, 60)}
    out = []
    for y in range(192):
        base = hires_row_address(y, 0)
        bits, palette = [], []
        for col in range(40):
            b = page[base + col]
            for bit in range(7):
                bits.append((b >> bit) & 1)
                palette.append(b >> 7)
        row = []
        for x in range(280):
            if not bits[x]:
                between = 0 < x < 279 and bits[x - 1] and bits[x + 1]
                row.append(colours[(palette[x - 1], (x - 1) & 1)] if between else (0, 0, 0))
            elif (x > 0 and bits[x - 1]) or (x < 279 and bits[x + 1]):
                row.append((255, 255, 255))
            else:
                row.append(colours[(palette[x], x & 1)])
        out.append(row)
    return out


def save_png(page: bytes, path: Path, scale: int = 2) -> None:
    """The screen as a PNG (Pillow), each pixel ``scale`` wide and high."""
    from PIL import Image
    pixels = screen_rgb(page)
    image = Image.new("RGB", (280, 192))
    image.putdata([p for row in pixels for p in row])
    image.resize((280 * scale, 192 * scale), Image.NEAREST).save(path)


def docs_picture(model, dist: Path, path: Path) -> None:
    """docs/apple-map.png: the campaign's start, cursor on Tobruk, a status line above the
    map and a prompt below the list (``python emu_tests/apple_screen.py dist docs/apple-map.png``)."""
    from kotd.engine.setup import start_state
    d = DisplayMachine(model, dist)
    d.call("DISPLAY_INIT")
    d.write_state(start_state(model, "campaign"))
    d.print("CAMPAIGN  JUN 1941  AXIS OPERATIONS")
    col, row = model.map.place_hex(model.map.tobruk)
    d.call("DRAW_MAP", col, row)
    d.poke(CV, MAP_TOP_ROW + model.map.rows + 2)
    d.poke(CH, 0)
    d.print("UNIT 12 STRENGTH 9 SUPPLY 4 OP 10\n")
    d.poke(INVFLG, 0x3F)
    d.print("M")
    d.poke(INVFLG, 0xFF)
    d.print("OVE ")
    d.poke(INVFLG, 0x3F)
    d.print("A")
    d.poke(INVFLG, 0xFF)
    d.print("TTACK  1-6 DIRECTION")
    save_png(d.page(), path)


if __name__ == "__main__":
    import sys
    from kotd.model import load_model
    docs_picture(load_model(), Path(sys.argv[1]), Path(sys.argv[2]))
