"""The map's glyphs: ``port/glyphs/*.txt`` (art) -> ``port/asm/generated/apple_glyphs.s``
and ``port/asm/generated/atari_glyphs.s``.

The Apple's (:func:`glyphs_source`):

Two art files, each a list of 7x8 cells drawn with characters (their headers say how):

- ``font.txt``: the 64 characters $20-$5F the text hook draws, ``#`` lit, ``.`` dark;
- ``map.txt``: the map's cells (one per terrain, per unit side and type alone and in a
  stack, the victory town overlay) with hi-res colour areas (``V G B O``).

A hi-res byte shows 7 pixels, bit 0 leftmost; bit 7 picks the palette.  A lone lit pixel
is violet/blue on an even screen x and green/orange on an odd one, and a cell's first
pixel is at x = 7 * column: so each map glyph is made twice, for even and odd columns.

The generated file holds the glyphs as planes (one table per scan line, indexed by the
glyph), which the 6502 reads with ``lda plane,x`` and no pointer arithmetic.

The Atari's (:func:`atari_glyphs_source`): ``atari_map.txt``, 8x8 monochrome cells (one
per terrain, per unit side and type alone and in a stack), ``#`` lit, ``.`` dark, bit 7 the leftmost pixel as
ANTIC mode 2 shows it.  They replace the characters of screen codes
:data:`ATARI_MAP_FIRST`... in a RAM copy of the ROM's set (port/asm/atari_charset.s):
graphics characters the program never PRINTs (ATASCII $00-$1A; a test holds the program
to that), so the text stays the machine's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..model.types import SIDES, UNIT_TYPES

WIDTH, HEIGHT = 7, 8
FONT_FIRST, FONT_COUNT = 0x20, 64
PALETTE_BIT = 0x80
#: colour letter -> (palette, parity of the screen x whose pixels it lights)
COLOURS = {"V": (0, 0), "G": (0, 1), "B": (1, 0), "O": (1, 1)}


class GlyphError(ValueError):
    """A malformed art file; the message is ``file:line: problem``."""


@dataclass(frozen=True)
class Cell:
    name: str
    line: int                 # where its header is
    rows: tuple[str, ...]     # HEIGHT rows of WIDTH characters


def _relative(path: Path) -> str:
    from . import paths
    try:
        return str(Path(path).resolve().relative_to(paths.REPO_ROOT))
    except ValueError:
        return str(path)


def read_cells(path: Path, header: str, allowed: str, width: int = WIDTH) -> list[Cell]:
    """The blocks of an art file: ``<header> <name>`` then HEIGHT rows of ``width`` of ``allowed``."""
    where = _relative(path)
    cells: list[Cell] = []
    name, start, rows = None, 0, []
    lines = Path(path).read_text().splitlines()
    for number, raw in enumerate(lines + [""], 1):
        line = raw.rstrip()
        if line.startswith(";"):
            continue
        if name is not None and len(rows) < HEIGHT:
            if len(line) != width or any(ch not in allowed for ch in line):
                bad = "".join(sorted({ch for ch in line if ch not in allowed}))
                problem = (f"{len(line)} characters, a row has {width}" if len(line) != width
                           else f"{bad!r} is not one of {allowed!r}")
                raise GlyphError(f"{where}:{number}: row {len(rows) + 1} of {header} {name!r}: {problem}")
            rows.append(line)
            if len(rows) == HEIGHT:
                cells.append(Cell(name, start, tuple(rows)))
                name, rows = None, []
            continue
        if not line.strip():
            continue
        if line.startswith(header + " ") and len(line.split(None, 1)) == 2:
            name, start, rows = line.split(None, 1)[1].strip(), number, []
            continue
        raise GlyphError(f"{where}:{number}: expected '{header} <name>' (or a ';' comment), found {line!r}")
    return cells              # (a glyph cut short by the end of the file met the "" appended)


def font_bytes(path: Path) -> list[list[int]]:
    """The 64 characters $20-$5F of ``font.txt``: 8 bytes each (bit 0 the leftmost pixel)."""
    where = _relative(path)
    cells = read_cells(path, "char", "#.")
    by_code: dict[int, Cell] = {}
    for cell in cells:
        token = cell.name.split()[0] if cell.name.split() else ""
        try:
            code = int(token[1:], 16) if token.startswith("$") else -1
        except ValueError:
            code = -1
        if not FONT_FIRST <= code < FONT_FIRST + FONT_COUNT:
            raise GlyphError(f"{where}:{cell.line}: 'char {cell.name}': the code must be $20-$5F as $HH")
        if code in by_code:
            raise GlyphError(f"{where}:{cell.line}: char ${code:02X} again (first at line {by_code[code].line})")
        by_code[code] = cell
    missing = [f"${c:02X}" for c in range(FONT_FIRST, FONT_FIRST + FONT_COUNT) if c not in by_code]
    if missing:
        raise GlyphError(f"{where}:1: no glyph for {', '.join(missing)}")
    return [[sum(1 << b for b, ch in enumerate(row) if ch == "#") for row in by_code[c].rows]
            for c in range(FONT_FIRST, FONT_FIRST + FONT_COUNT)]


def colour_cell(cell: Cell, where: str) -> tuple[list[int], list[int]]:
    """A map cell's bytes for an even screen column and for an odd one."""
    palettes = {COLOURS[ch][0] for row in cell.rows for ch in row if ch in COLOURS}
    if len(palettes) > 1:
        raise GlyphError(f"{where}:{cell.line}: glyph {cell.name!r} mixes V/G (palette 0) with B/O (palette 1): "
                         f"a hi-res byte shows one palette")
    high = PALETTE_BIT if palettes == {1} else 0
    out = []
    for column_parity in (0, 1):
        scan = []
        for row in cell.rows:
            byte = high
            for bit, ch in enumerate(row):
                x_parity = (column_parity + bit) & 1        # x = 7 * column + bit, 7 odd
                if ch == "#" or (ch in COLOURS and COLOURS[ch][1] == x_parity):
                    byte |= 1 << bit
            scan.append(byte)
        out.append(scan)
    return out[0], out[1]


def map_glyph_names(terrain_ids) -> list[str]:
    """The cell glyphs in code order: each terrain (its code), each unit kind alone
    (GLYPH_UNIT + 2 * side + type), the same in a stack (GLYPH_STACK + ...)."""
    kinds = [f"{side} {utype}" for side in SIDES for utype in UNIT_TYPES]
    return [f"terrain {t}" for t in terrain_ids] + [f"unit {k}" for k in kinds] + [f"stack {k}" for k in kinds]


def cells_by_name(cells: list[Cell], wanted: list[str], where: str) -> dict[str, Cell]:
    """The cells of a glyph file by name (spaces in a name folded to one), each of
    ``wanted`` exactly once; GlyphError (where:line) for a name not wanted, a name
    again, or a wanted name missing."""
    by_name: dict[str, Cell] = {}
    for cell in cells:
        name = " ".join(cell.name.split())
        if name not in wanted:
            raise GlyphError(f"{where}:{cell.line}: glyph {name!r} is not one of: {', '.join(wanted)}")
        if name in by_name:
            raise GlyphError(f"{where}:{cell.line}: glyph {name!r} again (first at line {by_name[name].line})")
        by_name[name] = cell
    missing = [n for n in wanted if n not in by_name]
    if missing:
        raise GlyphError(f"{where}:1: no glyph for {', '.join(missing)}")
    return by_name


def map_glyphs(path: Path, terrain_ids) -> tuple[list[tuple[list[int], list[int]]], tuple[list[int], list[int]]]:
    """The cell glyphs of ``map.txt`` in code order, and the victory overlay: (even, odd) bytes each."""
    where = _relative(path)
    wanted = map_glyph_names(terrain_ids) + ["overlay victory"]
    by_name = cells_by_name(read_cells(path, "glyph", ".#" + "".join(COLOURS)), wanted, where)
    glyphs = [colour_cell(by_name[n], where) for n in wanted]
    return glyphs[:-1], glyphs[-1]


def _byte_rows(values: list[int]) -> list[str]:
    return [f"    .byte {', '.join(f'${v:02X}' for v in values[i:i + 16])}" for i in range(0, len(values), 16)]


def glyphs_source(font_path: Path, map_path: Path, terrain_ids, mark: str) -> str:
    """``apple_glyphs.s``: the font and the map cells as scan-line planes."""
    font = font_bytes(font_path)
    cells, victory = map_glyphs(map_path, terrain_ids)
    if 2 * HEIGHT * len(cells) > 256:
        raise GlyphError(f"{_relative(map_path)}:1: {len(cells)} glyphs: apple_display.s's redraw_hex reaches "
                         f"all {2 * HEIGHT} planes of them with one index register (at most {256 // (2 * HEIGHT)})")
    n_terrain = len(list(terrain_ids))
    lines = [f"; {mark}", f"; from {_relative(font_path)} and {_relative(map_path)} (tools/kotd/build/glyphs.py)", ";",
             "; font_N: scan line N of each character $20-$5F (index = code - FONT_FIRST);",
             "; map_even_N / map_odd_N: scan line N of each map cell glyph, for a cell in an even or",
             "; odd screen column; victory_even / victory_odd: the town overlay, 8 scan lines each.", ";",
             f".alias FONT_FIRST      ${FONT_FIRST:02X}",
             f".alias FONT_COUNT      {FONT_COUNT}",
             f".alias GLYPH_UNIT      {n_terrain}      ; + 2 * side + type: a unit alone",
             f".alias GLYPH_STACK     {n_terrain + 2 * len(SIDES)}      ; + 2 * side + type: two or more units",
             f".alias GLYPH_COUNT     {len(cells)}", ""]
    for s in range(HEIGHT):
        lines.append(f"font_{s}:")
        lines += _byte_rows([g[s] for g in font])
    for parity, label in ((0, "even"), (1, "odd")):
        for s in range(HEIGHT):
            lines.append(f"map_{label}_{s}:")
            lines += _byte_rows([g[parity][s] for g in cells])
    for parity, label in ((0, "even"), (1, "odd")):
        lines.append(f"victory_{label}:")
        lines += _byte_rows(victory[parity])
    return "\n".join(lines) + "\n"


# --- the Atari ------------------------------------------------------------------------

ATARI_WIDTH = 8
#: The screen code of the first map glyph (ATASCII $00, the first graphics character);
#: the glyphs take the codes after it in :func:`map_glyph_names` order (terrain, units).
ATARI_MAP_FIRST = 0x40
#: The last code they may take: ATASCII $1A (ESC and the cursor moves come after it,
#: characters a PRINT does not show).
ATARI_MAP_LAST = 0x5A


#: The Atari's glyph for a victory town (data/victory.yaml) on a town hex with no unit,
#: after the units' (GLYPH_VICTORY_TOWN): a text cell has room for one glyph, so where
#: the Apple ORs an overlay over the cell, the Atari draws a town of its own.
ATARI_VICTORY_TOWN = "victory town"


def atari_map_names(terrain_ids) -> list[str]:
    """The Atari's map glyphs in code order: each terrain (its code), each unit kind alone
    (GLYPH_UNIT + 2 * side + type), the same in a stack (GLYPH_STACK + ...), as the
    Apple's (:func:`map_glyph_names`), then the victory town.  The cursor is inverse video."""
    return map_glyph_names(terrain_ids) + [ATARI_VICTORY_TOWN]


def atari_map_glyphs(path: Path, terrain_ids) -> list[list[int]]:
    """The glyphs of ``atari_map.txt`` in code order: 8 bytes each, bit 7 leftmost."""
    where = _relative(path)
    wanted = atari_map_names(terrain_ids)
    by_name = cells_by_name(read_cells(path, "glyph", ".#", ATARI_WIDTH), wanted, where)
    if ATARI_MAP_FIRST + len(wanted) - 1 > ATARI_MAP_LAST:
        raise GlyphError(f"{where}:1: {len(wanted)} glyphs from screen code ${ATARI_MAP_FIRST:02X} pass "
                         f"${ATARI_MAP_LAST:02X} (ATASCII ESC and the cursor moves follow)")
    out = []
    for name in wanted:
        cell = by_name[name]
        out.append([sum(0x80 >> b for b, ch in enumerate(row) if ch == "#") for row in cell.rows])
        if len({tuple(g) for g in out}) != len(out):
            first = wanted[[tuple(g) for g in out].index(tuple(out[-1]))]
            raise GlyphError(f"{where}:{cell.line}: glyph {name!r} is drawn as {first!r}: each must be distinct")
    return out


def atari_codes(terrain_ids) -> dict[str, int]:
    """Glyph name -> its screen code (what DRAW_MAP writes, before inverse video)."""
    return {n: ATARI_MAP_FIRST + i for i, n in enumerate(atari_map_names(terrain_ids))}


def atari_glyphs_source(map_path: Path, terrain_ids, mark: str) -> str:
    """``atari_glyphs.s``: the map glyphs' screen codes and their bytes."""
    glyphs = atari_map_glyphs(map_path, terrain_ids)
    n_terrain = len(list(terrain_ids))
    lines = [f"; {mark}", f"; from {_relative(map_path)} (tools/kotd/build/glyphs.py)", ";",
             "; map_glyphs: 8 bytes a glyph (top row first, bit 7 the leftmost pixel), in screen",
             "; code order from MAP_GLYPH_FIRST: each terrain (its code), each unit kind, each in a stack,",
             "; the victory town.", ";",
             f".alias MAP_GLYPH_FIRST ${ATARI_MAP_FIRST:02X}",
             f".alias MAP_GLYPH_COUNT {len(glyphs)}",
             f".alias GLYPH_UNIT      ${ATARI_MAP_FIRST + n_terrain:02X}      ; + 2 * side + type: a unit",
             f".alias GLYPH_STACK     ${ATARI_MAP_FIRST + n_terrain + len(SIDES) * len(UNIT_TYPES):02X}"
             f"      ; + 2 * side + type: two or more units",
             f".alias GLYPH_UNIT_KINDS {len(SIDES) * len(UNIT_TYPES)}",
             f".alias GLYPH_VICTORY_TOWN ${atari_codes(terrain_ids)[ATARI_VICTORY_TOWN]:02X}"
             f"      ; a victory town's town hex with no unit", "",
             "map_glyphs:"]
    lines += _byte_rows([b for g in glyphs for b in g])
    return "\n".join(lines) + "\n"
