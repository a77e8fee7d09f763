"""`kotd tournament`: the table, --json, the figures it reports, its argument errors."""

import json

from click.testing import CliRunner

from kotd.cli import main
from kotd.tournament import Setting, play_one, run_games, summarize


def test_table_and_json(model):
    out = CliRunner().invoke(main, ["tournament", "-p", "simple", "-s", "tobruk41", "--seeds", "1-2", "-j", "1"])
    assert out.exit_code == 0, out.output
    assert "tobruk41" in out.output and "turn 1: Bardia Axis" in out.output
    out = CliRunner().invoke(main, ["tournament", "-p", "simple", "-s", "tobruk41", "--seeds", "1-2", "-j", "1",
                                    "--json"])
    data = json.loads(out.output)
    row = data["rows"][0]
    assert row["games"] == 2 and sum(row["levels"].values()) == 2
    assert row["axis_wins"] + row["allied_wins"] == 2


def test_bad_arguments_exit_with_a_message():
    out = CliRunner().invoke(main, ["tournament", "-p", "clever", "-s", "tobruk41"])
    assert out.exit_code == 2 and "unknown player 'clever'" in out.output
    out = CliRunner().invoke(main, ["tournament", "-p", "simple", "--seeds", "a-b"])
    assert out.exit_code == 2 and "FIRST-LAST" in out.output


def test_results_match_a_plain_game_and_any_worker_count(model):
    """The watching changes nothing: a tournament game ends as `kotd simulate`'s does."""
    from kotd.simulate import simulate
    r = play_one(model, "tobruk42", 3, "simple", "simple", Setting())
    g = simulate(model, "tobruk42", 3)
    assert (r.level, r.score) == (g.state.level, g.reports[-1].score)
    jobs = [("tobruk41", s, "simple", "simple") for s in (1, 2, 3)]
    one = run_games(model, jobs, Setting(), workers=1)
    two = run_games(model, jobs, Setting(), workers=2)
    assert one == two


def test_summary_counts(model):
    results = run_games(model, [("campaign41", 1, "simple", "simple"), ("campaign41", 2, "simple", "simple")],
                        Setting(), workers=1)
    (row,) = summarize(model, results)
    assert row["games"] == 2 and len(row["allied_attacks_by_turn"]) == 5
    assert row["allied_attacks_by_turn"] == [sum(r.attacks[i]["allied"] for r in results if i < len(r.attacks))
                                             for i in range(5)]
    assert row["turn1_both"] <= min(row["turn1_bardia_axis"], row["turn1_tobruk_surrounded"])


def test_a_unit_left_unsupplied_with_nothing_done_is_counted(model, monkeypatch):
    """Units unsupplied two Supply phases in a row and no nearer to a source are counted
    against their side; a player that moves them back is not charged."""
    import kotd.tournament as t
    from kotd.engine import supply

    def nobody_supplied(m, state, side=None):
        for u in state.units:
            if u.on_map:
                u.supplied = False
    monkeypatch.setattr(supply, "trace_supply", nobody_supplied)     # the Supply phase calls it by module
    r = t.play_one(model, "campaign41", 1, "simple", "simple", Setting())
    assert r.neglected["axis"] + r.neglected["allied"] > 0
    assert all(v >= 0 for v in r.neglected.values())
    assert sum(r.neglected.values()) <= sum(len(v) for v in r.unsupplied_runs.values())
