"""The Apple display's art files (port/glyphs/) and their generator (kotd.build.glyphs)."""

from __future__ import annotations

import pytest

from kotd.build import glyphs
from kotd.build.display import GLYPH_DIR


def write(tmp_path, text: str, name: str = "art.txt"):
    path = tmp_path / name
    path.write_text(text)
    return path


def cell(header: str, rows: list[str]) -> str:
    return "\n".join([header] + rows) + "\n\n"


def test_hcolor_areas_give_applesofts_colour_bytes():
    """A whole cell of one colour is the byte pair Applesoft's HCOLOR draws: even column,
    odd column (green $2A/$55, violet $55/$2A, orange $AA/$D5, blue $D5/$AA)."""
    for letter, pair in {"G": (0x2A, 0x55), "V": (0x55, 0x2A), "O": (0xAA, 0xD5), "B": (0xD5, 0xAA)}.items():
        even, odd = glyphs.colour_cell(glyphs.Cell(letter, 1, (letter * 7,) * 8), "art.txt")
        assert (even[0], odd[0]) == pair, letter
    even, odd = glyphs.colour_cell(glyphs.Cell("white", 1, ("#......",) + ("#######",) * 7), "art.txt")
    assert even == odd == [0x01] + [0x7F] * 7


def test_the_font_has_64_characters_bit_0_leftmost():
    font = glyphs.font_bytes(GLYPH_DIR / "font.txt")
    assert len(font) == 64 and all(len(g) == 8 and max(g) < 0x80 for g in font)
    assert font[0] == [0] * 8                                  # the space
    assert font[ord("!") - 0x20][0] == 1 << 3                  # "...#..." : the fourth pixel
    assert len({tuple(g) for g in font}) == 64                 # every character its own


def test_the_map_art_has_every_glyph(model):
    cells, victory = glyphs.map_glyphs(GLYPH_DIR / "map.txt", [t.id for t in model.terrain])
    assert len(cells) == len(model.terrain) + 8
    assert len({tuple(e) + tuple(o) for e, o in cells}) == len(cells)


@pytest.mark.parametrize("rows, problem", [
    (["......."] * 7 + ["......"], ":10: row 8 of char '$20': 6 characters, a row has 7"),
    (["..x...."] + ["......."] * 7, ":3: row 1 of char '$20': 'x' is not one of '#.'"),
    (["......."] * 5, ":8: row 6 of char '$20': 0 characters, a row has 7"),   # the blank line after it
])
def test_a_malformed_glyph_names_its_line(tmp_path, rows, problem):
    path = write(tmp_path, "; a font\n" + cell("char $20", rows))
    with pytest.raises(glyphs.GlyphError) as err:
        glyphs.font_bytes(path)
    assert str(err.value) == f"{path}{problem}"


def test_font_problems(tmp_path):
    blank = ["......."] * 8
    with pytest.raises(glyphs.GlyphError, match=r"art.txt:1: no glyph for \$21"):
        glyphs.font_bytes(write(tmp_path, cell("char $20", blank)))
    with pytest.raises(glyphs.GlyphError, match=r"art.txt:11: char \$20 again \(first at line 1\)"):
        glyphs.font_bytes(write(tmp_path, cell("char $20", blank) + cell("char $20", blank)))
    with pytest.raises(glyphs.GlyphError, match=r"art.txt:1: 'char \$7F': the code must be \$20-\$5F"):
        glyphs.font_bytes(write(tmp_path, cell("char $7F", blank)))
    with pytest.raises(glyphs.GlyphError, match=r"art.txt:1: expected 'char <name>'"):
        glyphs.font_bytes(write(tmp_path, "letter A\n"))


def test_map_problems(tmp_path, model):
    ids = [t.id for t in model.terrain]
    text = (GLYPH_DIR / "map.txt").read_text()
    mixed = text.replace("glyph terrain ocean\nBBBBBBB", "glyph terrain ocean\nBBBBBVV")
    with pytest.raises(glyphs.GlyphError, match=r"map.txt:\d+: glyph 'terrain ocean' mixes V/G"):
        glyphs.map_glyphs(write(tmp_path, mixed, "map.txt"), ids)
    unknown = text.replace("glyph terrain ocean", "glyph terrain lake")
    with pytest.raises(glyphs.GlyphError, match=r"glyph 'terrain lake' is not one of"):
        glyphs.map_glyphs(write(tmp_path, unknown, "map.txt"), ids)
    with pytest.raises(glyphs.GlyphError, match=r"map.txt:1: no glyph for terrain swamp"):
        glyphs.map_glyphs(GLYPH_DIR / "map.txt", ids + ["swamp"])


def test_display_code_must_fit_below_its_data(model):
    from kotd.build import display
    from kotd.build.assemble import Assembly, Symbol
    from kotd.build.targets import APPLE
    data = display.cells_address(model, APPLE) - 200
    room = data - APPLE.display.start
    text = display.text_base(model, APPLE)

    def assembly(code: int, start: int = APPLE.display.start) -> Assembly:
        """``code`` bytes of code from ``start``, then an empty text section."""
        table = (Symbol("JT_DISPLAY_INIT", start, "port/asm/apple_frontend.s", 1),
                 Symbol("DISPLAY_END", start + code, "port/asm/apple_frontend.s", 1),
                 Symbol("DISPLAY_DATA", data, "port/asm/apple_display.s", 1),
                 Symbol("DISPLAY_TEXT", text, "port/asm/apple_frontend.s", 1),
                 Symbol("DISPLAY_TEXT_END", text, "port/asm/apple_frontend.s", 1))
        return Assembly(bytes(code), "", table)
    display.check_fits(assembly(room), model, APPLE)
    with pytest.raises(display.DisplayError, match=r"port/asm/apple_frontend.s: .* over the map's data .*: "
                                                   r"1 bytes too many"):
        display.check_fits(assembly(room + 1), model, APPLE)
    with pytest.raises(display.DisplayError, match="the jump table is at"):
        display.check_fits(assembly(10, APPLE.display.start + 3), model, APPLE)
