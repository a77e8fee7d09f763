"""`kotd map`: the theatre map drawn in the terminal and, on request, as a PNG picture.

Both drawings read only the validated model: the terrain letters and names come from
data/terrain.yaml, the hexes and names from data/map.yaml, the units from a scenario's
set-up.  Geometry follows docs/rules.md "Hex grid" (flat-topped hexes in columns,
odd columns half a hex lower); all pixel arithmetic is in whole numbers.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import click
from PIL import Image, ImageDraw, ImageFont, PngImagePlugin

from .model.types import SIDES, Map, Model, Setup

SIDE_NAMES = {"axis": "Axis", "allied": "Allied"}
# In the text drawing a hex with units shows their number and one of these marks
# after the terrain letter ("c4*": four Axis units on a coast hex).
SIDE_MARKS = {"axis": "*", "allied": "+"}


# -- what stands where -----------------------------------------------------------

def units_by_hex(model: Model, setup: Setup | None) -> dict[tuple[int, int], list[int]]:
    """Unit numbers of a set-up per hex, in set-up order (empty without a set-up)."""
    out: dict[tuple[int, int], list[int]] = defaultdict(list)
    for su in (setup.units if setup else ()):
        out[(su.col, su.row)].append(su.number)
    return out


def place_roles(model: Model) -> dict[str, str]:
    """What the rules use each named place for, in words (empty for orientation names)."""
    m = model.map
    roles: dict[str, list[str]] = defaultdict(list)
    for side, pid in m.home_bases.items():
        roles[pid].append(f"{SIDE_NAMES[side]} home base")
    roles[m.tobruk].append("fortress and port")
    for pid, vp in model.victory.towns.items():
        roles[pid].append(f"{vp} VP")
    if m.gap_place:
        roles[m.gap_place].append("the El Alamein line")
    return {pid: ", ".join(r) for pid, r in roles.items()}


# -- text --------------------------------------------------------------------------

def text_map(model: Model, setup: Setup | None = None, title: str | None = None) -> str:
    """The map as letters, a legend, the named places and, with a set-up, its units.

    Each map row takes two lines: even columns on the first, odd columns (half a hex
    lower) on the second.  Column c is written at character 2c after the row label,
    so a hex and its neighbours line up the way they touch on the board.
    """
    m = model.map
    letters = [t.letter for t in model.terrain]
    stacks = units_by_hex(model, setup)
    side_of = {u.number: u.side for u in model.units}
    label_width = 5

    def cell(c: int, r: int) -> str:
        here = stacks.get((c, r))
        if not here:
            return letters[m.terrain_at(c, r)]
        return f"{letters[m.terrain_at(c, r)]}{len(here)}{SIDE_MARKS[side_of[here[0]]]}"

    lines = [title or f"The theatre map: {m.columns} columns x {m.rows} rows, "
             f"{m.places[m.home_bases['axis']].name} to {m.places[m.home_bases['allied']].name}",
             "Odd columns sit half a hex lower: each row is two lines, even columns on the first.", ""]
    width = 2 * m.columns
    tens = [" "] * width
    units = [" "] * width
    for c in range(m.columns):
        units[2 * c] = str(c % 10)
        if c % 10 == 0 and c:
            tens[2 * c] = str(c // 10)
    lines.append(" " * label_width + "".join(tens).rstrip())
    lines.append(" " * label_width + "".join(units).rstrip() + "   column")
    for r in range(m.rows):
        for parity in (0, 1):
            text = [" "] * (width + 2)
            for c in range(parity, m.columns, 2):
                for i, ch in enumerate(cell(c, r)):
                    text[2 * c + i] = ch
            label = f"{r:>3}  " if parity == 0 else " " * label_width
            lines.append(label + "".join(text).rstrip())
    lines.append("")
    lines.append("Legend: " + "  ".join(f"{t.letter} {t.id}" for t in model.terrain))
    if setup is not None:
        lines.append("        " + "  ".join(f"3{mark} three {SIDE_NAMES[side]} units"
                                            for side, mark in SIDE_MARKS.items()))
    lines.append("")

    roles = place_roles(model)
    lines.append("Places [column, row]:")
    for p in sorted(m.places.values(), key=lambda p: (p.col, p.row)):
        role = roles.get(p.id, "")
        control = f"  start: {SIDE_NAMES[setup.control[p.id]]}" if setup and p.id in setup.control else ""
        lines.append(f"  [{p.col:>2}, {p.row:>2}]  {p.name:<14} {p.terrain:<9} {role}{control}".rstrip())

    if setup is not None:
        lines.append("")
        lines.extend(_text_units(model, setup, stacks))
    return "\n".join(lines) + "\n"


def _text_units(model: Model, setup: Setup, stacks) -> list[str]:
    m = model.map
    lines = [f"Units at the start of {setup.id}:"]
    for side in SIDES:
        hexes = sorted(h for h, nums in stacks.items() if model.unit(nums[0]).side == side)
        count = sum(len(stacks[h]) for h in hexes)
        optional = sum(1 for h in hexes for n in stacks[h] if model.unit(n).optional)
        note = f", {optional} of them optional" if optional else ""
        lines.append(f"  {SIDE_NAMES[side]}: {count} units in {len(hexes)} hexes{note}")
        for h in hexes:
            place = m.place_at(*h)
            where = f"[{h[0]:>2}, {h[1]:>2}] {place.name if place else '':<13}"
            names = ", ".join(f"#{n} {model.unit(n).name}" for n in stacks[h])
            lines.append(f"    {where} {len(stacks[h])}: {names}")
    if setup.absent:
        lines.append("  never in the game: " + ", ".join(f"#{n} {model.unit(n).name}" for n in setup.absent))
    return lines


# -- picture -----------------------------------------------------------------------

# Hex geometry in pixels: centre to corner HEX_SIZE, half of it HEX_HALF, half the
# height HEX_RISE (HEX_SIZE x sqrt(3)/2 = 24.2, rounded to 24 so all corners are whole).
HEX_SIZE, HEX_HALF, HEX_RISE = 28, 14, 24
COLUMN_STEP = 3 * HEX_HALF              # 1.5 x HEX_SIZE between column centres
ROW_STEP = 2 * HEX_RISE
MARGIN, TITLE_HEIGHT, LEGEND_HEIGHT = 36, 56, 96
PALETTE_COLOURS = 64

TERRAIN_COLOURS = {
    "ocean": (70, 124, 178),
    "clear": (233, 214, 164),
    "rough": (176, 134, 86),
    "fortress": (150, 96, 74),
    "town": (236, 178, 120),
    "mountain": (104, 88, 66),
    "coast": (246, 236, 205),
    "impassable": (150, 150, 150),
}
HATCH = (105, 105, 105)
GRID_LINE = (190, 168, 122)
SIDE_COLOURS = {"axis": (52, 58, 64), "allied": (178, 40, 36)}
INK = (40, 32, 24)
SEA_INK = (225, 238, 250)
HALO = (255, 255, 255)
PAPER = (250, 246, 236)
FONT_FILES = ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
BOLD_FONT_FILES = ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def _font(size: int, bold: bool = False) -> ImageFont.ImageFont:
    for name in BOLD_FONT_FILES if bold else FONT_FILES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def hex_centre(col: int, row: int) -> tuple[int, int]:
    """Pixel centre of a hex; odd columns half a hex lower (docs/rules.md "Hex grid")."""
    x = MARGIN + HEX_SIZE + col * COLUMN_STEP
    y = TITLE_HEIGHT + HEX_RISE + row * ROW_STEP + (HEX_RISE if col & 1 else 0)
    return x, y


def hex_corners(x: int, y: int, size: int = HEX_SIZE, half: int = HEX_HALF, rise: int = HEX_RISE):
    return [(x - size, y), (x - half, y - rise), (x + half, y - rise),
            (x + size, y), (x + half, y + rise), (x - half, y + rise)]


def picture_size(m: Map) -> tuple[int, int]:
    width = 2 * MARGIN + 2 * HEX_SIZE + (m.columns - 1) * COLUMN_STEP
    height = TITLE_HEIGHT + m.rows * ROW_STEP + HEX_RISE + LEGEND_HEIGHT
    return width, height


def draw_png(model: Model, setup: Setup | None, path: Path, title: str | None = None) -> Path:
    """Draw the map (and a set-up's units) into a PNG file; returns the path."""
    m = model.map
    image = Image.new("RGB", picture_size(m), PAPER)
    draw = ImageDraw.Draw(image)
    _draw_terrain(draw, model)
    _draw_coordinates(draw, m)
    _draw_labels(draw, m)
    _draw_places(draw, model)
    _draw_units(draw, model, setup)
    _draw_title(draw, model, title)
    _draw_legend(draw, model, setup)
    path = Path(path)
    # Flat colours and a little anti-aliased text: a palette keeps the file small.
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "Generated by `kotd map --png` from data/; rebuild it, do not edit it.")
    image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT,
                   dither=Image.Dither.NONE).save(path, optimize=True, pnginfo=info)
    return path


def _draw_terrain(draw: ImageDraw.ImageDraw, model: Model) -> None:
    m = model.map
    for r in range(m.rows):
        for c in range(m.columns):
            terrain = model.terrain[m.terrain_at(c, r)].id
            x, y = hex_centre(c, r)
            colour = TERRAIN_COLOURS[terrain]
            draw.polygon(hex_corners(x, y), fill=colour, outline=colour if terrain == "ocean" else GRID_LINE)
            if terrain == "impassable":
                # three hatch strokes, kept inside the hex
                for dx in (-10, 0, 10):
                    draw.line([(x + dx - 7, y + 12), (x + dx + 7, y - 12)], fill=HATCH, width=2)
            elif terrain == "mountain":
                draw.polygon([(x - 12, y + 9), (x - 2, y - 9), (x + 8, y + 9)], fill=(140, 122, 96))
                draw.polygon([(x - 2, y + 9), (x + 7, y - 4), (x + 16, y + 9)], fill=(128, 110, 86))
            elif terrain == "rough":
                for dx, dy in ((-9, -6), (3, -10), (9, 4), (-4, 8), (-14, 4)):
                    draw.ellipse([x + dx - 2, y + dy - 2, x + dx + 2, y + dy + 2], fill=(140, 102, 62))


def _draw_coordinates(draw: ImageDraw.ImageDraw, m: Map) -> None:
    font = _font(10)
    for c in range(m.columns):
        x, _ = hex_centre(c, 0)
        draw.text((x, TITLE_HEIGHT - 2), str(c), font=font, fill=(120, 110, 95), anchor="md")
    for r in range(m.rows):
        _, y = hex_centre(0, r)
        draw.text((MARGIN - 6, y), str(r), font=font, fill=(120, 110, 95), anchor="rm")


def _draw_labels(draw: ImageDraw.ImageDraw, m: Map) -> None:
    sea_font, land_font = _font(16), _font(13, bold=True)
    for label in m.labels:
        x, y = hex_centre(label.col, label.row)
        if label.kind == "sea":
            draw.text((x, y), label.name, font=sea_font, fill=SEA_INK, anchor="mm")
        else:
            draw.text((x, y), label.name, font=land_font, fill=(92, 80, 64), anchor="mm",
                      stroke_width=2, stroke_fill=(236, 224, 196))


LABEL_OFFSETS = {"n": (0, -HEX_RISE + 2, "md"), "s": (0, HEX_RISE - 2, "ma"),
                 "e": (HEX_SIZE - 4, 0, "lm"), "w": (-HEX_SIZE + 4, 0, "rm")}


def _draw_places(draw: ImageDraw.ImageDraw, model: Model) -> None:
    m = model.map
    font, bold = _font(12), _font(13, bold=True)
    important = set(m.home_bases.values()) | set(model.victory.towns) | {m.tobruk}
    for p in m.places.values():
        x, y = hex_centre(p.col, p.row)
        if p.terrain == "fortress":
            draw.polygon([(x, y - 9), (x + 9, y), (x, y + 9), (x - 9, y)], fill=(110, 30, 24), outline=HALO)
        elif p.terrain == "town":
            draw.rectangle([x - 5, y - 5, x + 5, y + 5], fill=INK, outline=HALO)
        else:
            draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=INK)
        dx, dy, anchor = LABEL_OFFSETS[p.label]
        draw.text((x + dx, y + dy), p.name, font=bold if p.id in important else font, fill=INK,
                  anchor=anchor, stroke_width=2, stroke_fill=HALO)


def _draw_units(draw: ImageDraw.ImageDraw, model: Model, setup: Setup | None) -> None:
    """One counter per occupied hex, in the side's colour, showing how many units stand there."""
    font = _font(12, bold=True)
    for (c, r), numbers in units_by_hex(model, setup).items():
        x, y = hex_centre(c, r)
        colour = SIDE_COLOURS[model.unit(numbers[0]).side]
        draw.rounded_rectangle([x - 11, y - 9, x + 11, y + 9], radius=3, fill=colour, outline=HALO, width=2)
        draw.text((x, y), str(len(numbers)), font=font, fill=HALO, anchor="mm")


def _draw_title(draw: ImageDraw.ImageDraw, model: Model, title: str | None) -> None:
    m = model.map
    text = title or (f"Knights of the Desert: the Western Desert, {m.places[m.home_bases['axis']].name} "
                     f"to {m.places[m.home_bases['allied']].name}")
    draw.text((MARGIN, 10), text, font=_font(20, bold=True), fill=INK)


def _draw_legend(draw: ImageDraw.ImageDraw, model: Model, setup: Setup | None) -> None:
    m = model.map
    width, height = picture_size(m)
    top = height - LEGEND_HEIGHT + 18
    font = _font(12)
    x = MARGIN + HEX_HALF
    small = (HEX_HALF, HEX_HALF // 2, HEX_RISE // 2)
    for t in model.terrain:
        colour = TERRAIN_COLOURS[t.id]
        draw.polygon(hex_corners(x, top + small[2], *small), fill=colour, outline=GRID_LINE)
        if t.id == "impassable":
            draw.line([(x - 4, top + small[2] + 7), (x + 4, top + small[2] - 7)], fill=HATCH, width=2)
        draw.text((x + HEX_HALF + 4, top + small[2]), f"{t.id} ({t.letter})", font=font, fill=INK, anchor="lm")
        x += 118
    second = top + 40
    x = MARGIN
    for side in SIDES if setup is not None else ():
        draw.rounded_rectangle([x, second - 9, x + 22, second + 9], radius=3, fill=SIDE_COLOURS[side],
                               outline=HALO, width=2)
        draw.text((x + 11, second), "3", font=_font(12, bold=True), fill=HALO, anchor="mm")
        draw.text((x + 30, second), f"{SIDE_NAMES[side]} units in the hex", font=font, fill=INK, anchor="lm")
        x += 190
    draw.rectangle([x, second - 5, x + 10, second + 5], fill=INK)
    draw.text((x + 16, second), "town", font=font, fill=INK, anchor="lm")
    x += 70
    draw.polygon([(x + 5, second - 8), (x + 13, second), (x + 5, second + 8), (x - 3, second)], fill=(110, 30, 24))
    draw.text((x + 18, second), "fortress (Tobruk)", font=font, fill=INK, anchor="lm")
    x += 150
    draw.text((x, second), f"one hex about 30 km; columns 0..{m.columns - 1} west to east, rows "
              f"0..{m.rows - 1} north to south; odd columns half a hex lower", font=font, fill=(90, 80, 66),
              anchor="lm")


# -- the command -------------------------------------------------------------------

def run_map(model: Model, scenario_id: str | None, png_path: Path | None) -> None:
    """`kotd map [--scenario S] [--png FILE]`: print the map, optionally draw it."""
    setup, title = None, None
    if scenario_id is not None:
        scenario = model.scenarios[scenario_id]
        setup = model.setups[scenario.setup]
        title = f"{scenario.name}: the start of {setup.id}"
    click.echo(text_map(model, setup, title), nl=False)
    if png_path is not None:
        picture_title = None
        if setup is not None:
            picture_title = f"Knights of the Desert: {title}"
        draw_png(model, setup, png_path, picture_title)
        click.echo(f"\nwrote {png_path}")
