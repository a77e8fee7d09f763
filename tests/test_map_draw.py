"""`kotd map`: the text drawing, the PNG picture and the command."""

import pytest
from click.testing import CliRunner
from PIL import Image

from kotd.cli import main
from kotd.mapdraw import draw_png, hex_centre, picture_size, text_map
from kotd.model import load_model


@pytest.fixture(scope="module")
def model():
    return load_model()


def test_text_map_has_every_row_every_place_and_the_legend(model):
    text = text_map(model)
    lines = text.splitlines()
    for p in model.map.places.values():
        assert p.name in text and f"[{p.col:>2}, {p.row:>2}]" in text
    for t in model.terrain:
        assert f"{t.letter} {t.id}" in text
    row_lines = [line for line in lines if line[:3].strip().isdigit()]
    assert len(row_lines) == model.map.rows


def test_text_map_staggers_odd_columns_onto_the_second_line(model):
    lines = text_map(model).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  0  "))
    even, odd = lines[first][5:], lines[first + 1][5:]
    m, letters = model.map, [t.letter for t in model.terrain]
    assert even[0] == letters[m.terrain_at(0, 0)] and even[1] == " "
    assert odd[0] == " " and odd[2] == letters[m.terrain_at(1, 0)]


def test_text_map_marks_units_by_side_with_counts(model):
    setup = model.setups["1941-03"]
    text = text_map(model, setup)
    base = model.map.place_hex("el_agheila")
    in_base = sum(1 for su in setup.units if (su.col, su.row) == base)
    assert f"T{in_base}*" in text                     # the Axis stack at El Agheila
    assert "T2+" in text                              # garrison and depot in Alexandria
    assert "1 AXIS GARR REG" in text and "start: Allied" in text


def test_png_has_a_sensible_size_and_the_terrain_colours(model, tmp_path):
    path = draw_png(model, None, tmp_path / "map.png")
    image = Image.open(path).convert("RGB")
    assert image.size == picture_size(model.map)
    assert 1000 <= image.size[0] <= 2500 and 500 <= image.size[1] <= 1500
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) >= 8
    tob = image.getpixel(hex_centre(*model.map.place_hex("tobruk")))
    sea = image.getpixel(hex_centre(15, 0))
    assert tob != sea and sea[2] > sea[0]             # the sea is blue


def test_png_with_units(model, tmp_path):
    setup = model.setups["1942-07"]
    path = draw_png(model, setup, tmp_path / "alamein.png", "El Alamein")
    assert path.stat().st_size > 10_000


def test_cli_text_and_png(tmp_path):
    result = CliRunner().invoke(main, ["map"])
    assert result.exit_code == 0 and "El Agheila" in result.output and "Alexandria" in result.output
    png = tmp_path / "campaign.png"
    result = CliRunner().invoke(main, ["map", "--scenario", "campaign", "--png", str(png)])
    assert result.exit_code == 0, result.output
    assert "Campaign" in result.output and png.exists()
    assert Image.open(png).format == "PNG"
