"""`kotd check` on broken copies of data/map.yaml: each problem names the file, the
line, the place in it and what is wrong (rulings 16.12, 16.33, section 17)."""

import re

import pytest
from datacheck import one, with_line

from kotd import DEFAULT_DATA_DIR
from kotd.model import check_data

MAP = "map.yaml"


def row_of(row: int) -> str:
    """The text of one terrain row of the real map, as written in the file."""
    text = (DEFAULT_DATA_DIR / MAP).read_text()
    rows = re.findall(r'^  - "([^"]+)"', text, re.M)
    return rows[row]


def set_hex(row: int, col: int, letter: str, *more: tuple[int, str]) -> tuple[str, str, str]:
    """An edit that changes letters of one terrain row: (col, letter), then more pairs."""
    old = row_of(row)
    new = list(old)
    for c, ch in ((col, letter), *more):
        new[c] = ch
    return MAP, f'"{old}"   # {row:2}', f'"{"".join(new)}"   # {row:2}'


def test_the_real_map_passes():
    assert check_data(DEFAULT_DATA_DIR) == []


def test_home_bases_must_be_the_base_distance_apart(broken):
    p = one(broken((MAP, "base_distance: 34", "base_distance: 33")), "map.yaml:", "base_distance")
    with_line(p, MAP)
    assert "El Agheila [0, 8] and Alexandria [34, 6] are 34 hexes apart, not 33" in p


def test_tobruk_needs_ocean_neighbours(broken):
    # Land at Tobruk's north-west and north-east leaves it one ocean neighbour.
    p = one(broken(set_hex(2, 14, "c", (16, "c"))), "map.yaml:", "tobruk_ocean_neighbours")
    with_line(p, MAP)
    assert "Tobruk [15, 2] has 1 ocean neighbours, the rules need 2 to 3" in p


def test_tobruk_ocean_range_comes_from_the_data(broken):
    p = one(broken((MAP, "tobruk_ocean_neighbours: [2, 3]", "tobruk_ocean_neighbours: [1, 2]")),
            "tobruk_ocean_neighbours")
    assert "has 3 ocean neighbours, the rules need 1 to 2" in p


def test_the_el_alamein_gap_must_stay_narrow(broken):
    # Opening the Qattara Depression south of El Alamein widens the line to 4 hexes.
    p = one(broken(set_hex(8, 31, "."), set_hex(9, 31, ".")), "map.yaml:", "gap")
    with_line(p, MAP)
    assert "column 31 (El Alamein) has 4 passable hexes (rows 6, 7, 8, 9)" in p


def test_gap_place_must_exist(broken):
    one(broken((MAP, "gap: {place: el_alamein,", "gap: {place: alamein,")), "map.yaml:", "gap.place",
        "'alamein' is not a place")


def test_tobruk_is_the_only_fortress(broken):
    p = one(broken(set_hex(7, 10, "F")), "map.yaml:", "terrain", "only fortress")
    assert "[10, 7]" in p


def test_place_terrain_must_match_the_grid(broken):
    one(broken((MAP, 'col: 19, row: 3,  terrain: town', 'col: 19, row: 3,  terrain: coast')),
        "map.yaml:", "places[", "Bardia at column 19, row 3 should be coast but the map has town there")


def test_place_on_the_sea(broken):
    p = one(broken((MAP, 'col: 11, row: 0,  terrain: coast', 'col: 12, row: 0,  terrain: ocean')),
            "map.yaml:", "places[", "Derna (derna) at [12, 0] lies on ocean")
    with_line(p, MAP)


def test_two_places_in_one_hex(broken):
    p = one(broken((MAP, 'col: 20, row: 5,  terrain: rough', 'col: 19, row: 4,  terrain: coast')),
            "map.yaml:", "share the hex [19, 4]")
    assert "Halfaya Pass" in p and "Sollum" in p


def test_home_base_must_be_a_town(broken):
    p = one(broken(set_hex(8, 0, "c"), (MAP, 'col: 0,  row: 8,  terrain: town', 'col: 0,  row: 8,  terrain: coast')),
            "map.yaml:", "home_bases.axis")
    assert "must be a town hex" in p


def test_victory_towns_must_be_places(broken):
    one(broken(("victory.yaml", "  matruh: 50", "  mersa_matruh: 50")),
        "victory.yaml:", "towns.mersa_matruh", "'mersa_matruh' is not a place of data/map.yaml")


def test_row_length(broken):
    old = row_of(13)
    one(broken((MAP, f'"{old}"', f'"{old}."')), "map.yaml:", "row 13 has 36 hexes, expected 35")


def test_unknown_terrain_letter(broken):
    one(broken(set_hex(7, 10, "?")), "map.yaml:", "column 10: '?' is not a terrain letter")


def test_label_off_the_map(broken):
    one(broken((MAP, '{name: "EGYPT",                  col: 27,', '{name: "EGYPT",                  col: 35,')),
        "map.yaml:", "labels[", "35 is out of range 0..34")


def test_label_side_of_a_place(broken):
    one(broken((MAP, "terrain: fortress, label: n}", "terrain: fortress, label: up}")),
        "map.yaml:", "label", "'up' is not one of n, s, e, w")
