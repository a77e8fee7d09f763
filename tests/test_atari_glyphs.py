"""The Atari map's art file (port/glyphs/atari_map.txt) and its generator (kotd.build.glyphs)."""

from __future__ import annotations

import pytest

from kotd.build import glyphs
from kotd.build.diskimages import GLYPH_DIR

ART = GLYPH_DIR / "atari_map.txt"


def test_every_terrain_and_unit_kind_has_its_own_glyph_bit_7_leftmost(model):
    ids = [t.id for t in model.terrain]
    art = glyphs.atari_map_glyphs(ART, ids)
    assert len(art) == len(ids) + 9 and all(len(g) == 8 for g in art)
    assert len({tuple(g) for g in art}) == len(art)
    codes = glyphs.atari_codes(ids)
    assert list(codes.values()) == list(range(glyphs.ATARI_MAP_FIRST, glyphs.ATARI_MAP_FIRST + len(art)))
    assert codes["terrain ocean"] == glyphs.ATARI_MAP_FIRST + ids.index("ocean")
    assert codes[glyphs.ATARI_VICTORY_TOWN] == glyphs.ATARI_MAP_FIRST + len(ids) + 8      # after the stacks
    impassable = art[ids.index("impassable")]
    assert impassable[0] == 0x88                     # "#...#...": bits 7 and 3


def test_the_generated_source_has_the_codes_and_the_bytes(model):
    ids = [t.id for t in model.terrain]
    text = glyphs.atari_glyphs_source(ART, ids, "mark")
    assert f".alias GLYPH_UNIT      ${glyphs.ATARI_MAP_FIRST + len(ids):02X}" in text
    assert f".alias MAP_GLYPH_COUNT {len(ids) + 9}" in text
    assert f".alias GLYPH_VICTORY_TOWN ${glyphs.ATARI_MAP_FIRST + len(ids) + 8:02X}" in text
    assert f".alias GLYPH_STACK     ${glyphs.ATARI_MAP_FIRST + len(ids) + 4:02X}" in text
    assert text.count("$") >= 8 * (len(ids) + 9)


def write(tmp_path, text):
    path = tmp_path / "atari_map.txt"
    path.write_text(text)
    return path


def test_problems_name_the_file_and_line(tmp_path, model):
    ids = [t.id for t in model.terrain]
    text = ART.read_text()
    at = text.index("glyph terrain clear\n") + len("glyph terrain clear\n")
    short = text[:at] + "......." + text[at + 8:]
    line = text[:at].count("\n") + 1
    with pytest.raises(glyphs.GlyphError, match=rf"atari_map.txt:{line}: row 1 of glyph 'terrain clear': "
                                                r"7 characters, a row has 8"):
        glyphs.atari_map_glyphs(write(tmp_path, short), ids)
    start = text.index("glyph terrain coast\n")
    end = text.index("glyph terrain impassable")
    same = text[:start] + "glyph terrain coast\n" + "........\n" * 3 + "...#....\n" + "........\n" * 4 + "\n" + text[end:]
    with pytest.raises(glyphs.GlyphError, match=r"atari_map.txt:\d+: glyph 'terrain coast' is drawn as "
                                                r"'terrain clear': each must be distinct"):
        glyphs.atari_map_glyphs(write(tmp_path, same), ids)
    with pytest.raises(glyphs.GlyphError, match=r"atari_map.txt:1: no glyph for terrain swamp"):
        glyphs.atari_map_glyphs(ART, ids + ["swamp"])
    with pytest.raises(glyphs.GlyphError, match=r"glyph 'overlay victory' is not one of"):
        glyphs.atari_map_glyphs(write(tmp_path, text + "\nglyph overlay victory\n" + "........\n" * 8), ids)
    many = ids + [f"t{i}" for i in range(20)]      # 8 + 20 terrains, 8 units and stacks, the victory town
    extra = "".join(f"\nglyph terrain t{i}\n" + "".join(
        ("#" * ((i >> r) & 1) + "." * 8)[:8] + "\n" if r < 5 else "........\n" for r in range(8))
        for i in range(20))
    with pytest.raises(glyphs.GlyphError, match=r"atari_map.txt:1: 37 glyphs from screen code \$40 pass \$5A"):
        glyphs.atari_map_glyphs(write(tmp_path, text + extra), many)
