"""`kotd check` on broken copies of the set-ups (data/setups/*.yaml): each problem names
the file, the line, the place in it and what is wrong."""

import re

import pytest
from datacheck import one, with_line

from kotd import DEFAULT_DATA_DIR

S41, S42, S42J = "setups/1941-03.yaml", "setups/1942-01.yaml", "setups/1942-07.yaml"


def test_no_unit_on_the_sea(broken):
    p = one(broken((S41, "{unit: 14, hex: [0, 9]", "{unit: 14, hex: [0, 7]")),
            "1941-03.yaml:", "units[", "unit 14 (SABRATHA IT INF DIV) at [0, 7] stands on ocean")
    with_line(p, "1941-03.yaml")


def test_no_unit_on_impassable_ground(broken):
    one(broken((S42J, "{unit: 41, hex: [32, 8]", "{unit: 41, hex: [31, 8]")),
        "1942-07.yaml:", "unit 41 (7 BR ARM DIV) at [31, 8] stands on impassable")


def test_six_units_a_hex(broken):
    # El Agheila already holds six units in March 1941.
    p = one(broken((S41, "{unit: 12, at: mersa_brega", "{unit: 12, at: el_agheila")),
            "1941-03.yaml:", "at El Agheila [0, 8]", "more than 6 units in one hex")
    with_line(p, "1941-03.yaml")


def test_four_units_in_tobruk(broken):
    one(broken((S42, "{unit: 37, at: el_adem", "{unit: 37, at: tobruk"),
               (S42, "{unit: 45, at: el_adem", "{unit: 45, at: tobruk")),
        "1942-01.yaml:", "at Tobruk [15, 2]", "more than 4 units in one hex")


def test_the_sides_never_share_a_hex(broken):
    one(broken((S41, "{unit: 36, at: agedabia", "{unit: 36, at: mersa_brega")),
        "1941-03.yaml:", "unit 36 (2 BR ARM DIV) at Mersa Brega [1, 8]", "never share a hex")


def test_start_totals_against_the_chart(broken):
    p = one(broken((S41, "{unit: 37, at: benghazi,     strength: 590", "{unit: 37, at: benghazi,     strength: 580")),
            "1941-03.yaml:", "start_totals.allied.nonmobile_strength",
            "the allied units placed give 1610, the start chart says 1620")
    with_line(p, "1941-03.yaml")


def test_start_totals_count_units(broken):
    one(broken((S42J, "absent: [17, 39, 47]", "absent: [17, 39, 47, 50]"),
               (S42J, "  - {unit: 50, hex: [31, 7],    strength: 92,  supply: 500}    # FREE FR INF DIV\n", "")),
        "1942-07.yaml:", "start_totals.allied.nonmobile_units", "placed give 6, the start chart says 7")


def test_a_unit_already_arrived_must_be_accounted_for(broken):
    one(broken((S41, "  - {unit: 40, at: bardia,       strength: 390, supply: 500}   # 4 IND INF DIV\n", "")),
        "1941-03.yaml:", "units", "unit 40 (4 IND INF DIV) arrived before 1941-03 but is neither placed")


def test_arrival_before_the_start(broken):
    one(broken((S42, "arrivals: {}", 'arrivals: {"49": "1941-11"}')),
        "1942-01.yaml:", "arrivals.49", "arrival 1941-11 is before the start 1942-01; place the unit instead")


def test_arrival_after_every_scenario_of_the_set_up(broken):
    # With Campaign '42 cut to 3 turns, nothing of 1942-01 lasts until July 1942.
    p = one(broken(("scenarios.yaml", "first_turn: 6, last_turn: 12", "first_turn: 6, last_turn: 8"),
                   (S42, "arrivals: {}", 'arrivals: {"41": "1942-07"}'),
                   (S42, "  - {unit: 41, at: bardia,       strength: 620, supply: 600}   # 7 BR ARM DIV, refitting on the frontier\n", "")),
            "1942-01.yaml:", "arrivals.41", "after the last turn of every scenario using this set-up")
    assert "tobruk42, campaign42" in p


def test_arrival_date_only_for_units_that_come_later(broken):
    one(broken((S42J, "arrivals: {}", 'arrivals: {"24": "1942-09"}')),
        "1942-07.yaml:", "arrivals.24", "unit 24 is placed")


def test_arrival_date_must_be_on_the_turn_chart(broken):
    one(broken((S42, "arrivals: {}", 'arrivals: {"53": "1942-08"}')),
        "1942-01.yaml:", "arrivals.53", "'1942-08' is not a date of the Turn Chart")


def test_garrison_in_its_home_base(broken):
    one(broken((S42J, "{unit: 1,  at: el_agheila", "{unit: 1,  at: marada")),
        "1942-07.yaml:", "unit 1 (1 AXIS GARR REG) at Marada [0, 12]",
        "a garrison must stand in its home base El Agheila [0, 8]")


def test_garrison_never_absent(broken):
    one(broken((S41, "absent: []", "absent: [29]"),
               (S41, "  - {unit: 29, at: alexandria,   strength: 600, supply: 500}   # garrison\n", "")),
        "1941-03.yaml:", "absent", "unit 29 (1 BR GARR REG) is a garrison")


def test_optional_depots_are_placed(broken):
    one(broken((S42, "  - {unit: 58, at: el_agheila,  strength: 30,  supply: 400}", "")),
        "1942-01.yaml:", "optional unit 58 (8 AXIS DEPOT BATT) is not placed")


def test_optional_depots_start_at_or_next_to_the_home_base(broken):
    one(broken((S41, "{unit: 57, at: mersa_brega", "{unit: 57, hex: [2, 8]")),
        "1941-03.yaml:", "unit 57 (7 AXIS DEPOT BATT) at [2, 8]",
        "starts in its home base El Agheila [0, 8] or next to it")


def test_strength_within_ceiling(broken):
    one(broken((S42, "{unit: 41, at: bardia,       strength: 620", "{unit: 41, at: bardia,       strength: 920")),
        "1942-01.yaml:", "units[", "strength 920 is above its ceiling 900")


def test_strength_not_below_the_elimination_line(broken):
    one(broken((S42, "{unit: 11, hex: [13, 4],    strength: 83", "{unit: 11, hex: [13, 4],    strength: 29")),
        "1942-01.yaml:", "strength 29 is below 15% of its ceiling 200")


def test_supply_within_cap(broken):
    one(broken((S41, "{unit: 36, at: agedabia,     strength: 280, supply: 600}",
                "{unit: 36, at: agedabia,     strength: 280, supply: 700}")),
        "1941-03.yaml:", "supply 700 is above the mobile cap 600")


def test_unknown_place(broken):
    one(broken((S41, "{unit: 40, at: bardia,", "{unit: 40, at: capuzzo,")),
        "1941-03.yaml:", "'capuzzo' is not a place of data/map.yaml")


def test_hex_off_the_map(broken):
    one(broken((S42J, "{unit: 33, hex: [33, 7]", "{unit: 33, hex: [35, 7]")),
        "1942-07.yaml:", "hex [35, 7] is off the map (35 columns x 14 rows)")


def test_control_of_every_victory_point_place(broken):
    problem = one(broken((S41, "control: {benghazi: allied, bardia: allied,", "control: {benghazi: allied,")),
                  "1941-03.yaml", "control", "no starting control for bardia")
    with_line(problem, "1941-03.yaml")


def test_control_only_of_victory_point_places(broken):
    problem = one(broken((S41, "control: {benghazi: allied,", "control: {derna: allied, benghazi: allied,")),
                  "1941-03.yaml", "control.derna", "Derna is worth no victory points")
    with_line(problem, "1941-03.yaml")


def test_date_matches_the_file_name(broken):
    one(broken((S42J, 'date: "1942-07"', 'date: "1942-05"')),
        "1942-07.yaml:", "date", "does not match the file name")
