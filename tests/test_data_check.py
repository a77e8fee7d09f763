"""`kotd check` on the real data and on broken copies: each problem names the file,
the line, the place and what is wrong, and the command exits with status 1."""

import shutil

from click.testing import CliRunner
from datacheck import one

from kotd import DEFAULT_DATA_DIR
from kotd.cli import main
from kotd.model import check_data


def test_real_data_is_valid():
    assert check_data(DEFAULT_DATA_DIR) == []


def test_cli_check_ok_and_failing(tmp_path):
    ok = CliRunner().invoke(main, ["check"])
    assert ok.exit_code == 0 and "ok" in ok.output
    shutil.copytree(DEFAULT_DATA_DIR, tmp_path / "data")
    (tmp_path / "data" / "turns.yaml").write_text("turns: [\n")
    bad = CliRunner().invoke(main, ["check", "--data", str(tmp_path / "data")])
    assert bad.exit_code == 1 and "turns.yaml" in bad.output and "not valid YAML" in bad.output


def test_loss_chart_cell_against_the_formula(broken):
    p = one(broken("combat.yaml", "[11, 17, 23, 29, 35, 41, 47, 53, 59]", "[11, 17, 23, 29, 35, 41, 47, 53, 60]"),
            "combat.yaml:", "loss_chart.rows[5][8]")
    assert "printed loss 60 for strength 1000, intensity 9" in p and "= 59" in p


def test_risk_row_missing(broken):
    one(broken("combat.yaml", "  18: [65, 172]\n", ""), "combat.yaml", "risk_table", "18")


def test_odds_table_against_the_half_rule(broken):
    one(broken("combat.yaml", "[300, 150]", "[300, 160]"), "odds.table[3]", "disagrees")


def test_supply_chart_needs_nine_intensities(broken):
    one(broken("combat.yaml", "mobile: [59, 78, 98, 117, 137, 157, 176, 195, 215]", "mobile: [59, 78]"),
        "supply_cost.attacker.allied.mobile", "expected 9 entries, found 2")


def test_morale_table_complete(broken):
    one(broken("combat.yaml", "9: 8}", "10: 8}"), "morale_loss_tenths", "outside 1..9")


def test_max_fort_against_the_cap(broken):
    p = one(broken("terrain.yaml", "defence_tenths: 20\n    max_fort: 5", "defence_tenths: 20\n    max_fort: 6"),
            "terrain.yaml:", "terrain[2].max_fort")
    assert "disagrees with the fortification cap" in p


def test_unknown_key_is_a_typo(broken):
    one(broken("terrain.yaml", "op_cost: {nonmobile: 3, mobile: 3}", "op_cots: {nonmobile: 3, mobile: 3}"),
        "unknown key 'op_cots'")


def test_strength_above_ceiling(broken):
    one(broken("units.yaml", "combat: 665, ceiling: 800", "combat: 865, ceiling: 800"),
        "units.yaml:", "units[7].combat", "above the ceiling 800")


def test_arrival_date_not_on_the_turn_chart(broken):
    one(broken("units.yaml", 'arrival: "1941-05"', 'arrival: "1941-06"'),
        "units.yaml:", "arrival", "'1941-06' is not a date of the Turn Chart")


def test_morale_out_of_range(broken):
    one(broken("units.yaml", "morale: 9, arrival: start}", "morale: 10, arrival: start}"),
        "units[7].morale", "10 is out of range 1..9")


def test_turn_chart_types(broken):
    one(broken("turns.yaml", "axis_supply: 7000", "axis_supply: lots"), "turns.yaml:",
        "turns[0].axis_supply", "expected a whole number, found 'lots'")


def test_digit_percent_shape(broken):
    one(broken("logistics.yaml", "[0, 11, 22, 33, 44, 55, 66, 77, 88, 100]", "[0, 11, 22, 33, 44, 55, 66, 77, 100]"),
        "logistics.yaml:", "digit_percent", "expected 10 entries")


def test_victory_chart_must_rise(broken):
    one(broken("victory.yaml", "axis_marginal: 50,", "axis_marginal: -50,"),
        "victory.yaml:", "chart.tobruk41.axis_marginal", "must be above")


def test_victory_chart_scenario_exists(broken):
    one(broken("victory.yaml", "  tobruk41:", "  tobruk40:"), "'tobruk40' is not a scenario")


def test_victory_town_must_be_a_place(broken):
    one(broken("victory.yaml", "  bardia: 50", "  bardiaa: 50"), "victory.yaml", "'bardiaa' is not a place")


def test_scenario_turns(broken):
    one(broken("scenarios.yaml", "first_turn: 9, last_turn: 12", "first_turn: 9, last_turn: 8"),
        "scenarios.yaml:", "last turn 8 is before the first turn 9")


def test_ratings_ten_steps(broken):
    one(broken("ratings.yaml", "percent: [40, 60, 80, 100, 110, 120, 130, 140, 150, 160]",
               "percent: [40, 60, 80, 100, 110, 120, 130, 140, 150]"),
        "ratings.yaml:", "ratings.air.percent", "expected 10 entries")


def test_solitaire_noise_order(broken):
    one(broken("solitaire.yaml", "[80, 120]", "[120, 80]"), "solitaire.yaml:", "low percent is above")


def test_every_problem_is_reported_in_one_run(broken):
    problems = broken("turns.yaml", "axis_supply: 7000,  replacements: {german: 80,  italian: 250",
                      "axis_supply: -1,  replacements: {german: x,  italian: 250")
    assert any("axis_supply" in p for p in problems) and any("german" in p for p in problems)
