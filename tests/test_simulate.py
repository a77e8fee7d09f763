"""`kotd simulate`: every scenario plays to the end for seeds 1..20, and the report."""

import json

import pytest
from click.testing import CliRunner

from kotd.cli import SCENARIO_IDS, main
from kotd.engine.state import Phase, Status
from kotd.simulate import simulate


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_every_scenario_plays_to_the_end_for_seeds_1_to_20(model, scenario):
    sc = model.scenarios[scenario]
    levels = set(model.victory.levels)
    for seed in range(1, 21):
        game = simulate(model, scenario, seed)
        st = game.state
        assert st.phase == Phase.GAME_OVER and st.level in levels, (scenario, seed)
        assert len(game.reports) == st.turn - sc.first_turn + 1
        assert st.turn <= sc.last_turn
        if st.turn < sc.last_turn:            # only a home base taken ends a game early
            assert st.level.endswith("strategic")
        for u in st.units:
            assert u.strength >= 0 and u.supply >= 0
            assert (u.status == Status.ON_MAP) == (u.col != 0xFF)


def test_scenarios_load_into_the_engine(model):
    from kotd.engine.setup import new_game
    for scenario in SCENARIO_IDS:
        state = new_game(model, scenario, 1)
        on_map = [u for u in state.units if u.status == Status.ON_MAP]
        assert on_map and state.turn == model.scenarios[scenario].first_turn


def test_simulate_reports_per_turn(model):
    out = CliRunner().invoke(main, ["simulate", "--scenario", "tobruk42", "--seed", "3"])
    assert out.exit_code == 0, out.output
    assert "1942-01" in out.output and "1942-05" in out.output and "result:" in out.output


def test_simulate_json(model):
    out = CliRunner().invoke(main, ["simulate", "-s", "alamein", "--seed", "4", "--json"])
    data = json.loads(out.output)
    assert data["scenario"] == "alamein" and data["level"] in model.victory.levels
    assert [t["date"] for t in data["turns"]][0] == "1942-07"
    assert {"units", "unsupplied", "battles", "casualties", "vp", "score"} <= set(data["turns"][0])
