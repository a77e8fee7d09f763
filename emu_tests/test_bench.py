"""`kotd bench`: the figures are there, in the documented shape, and the battles it
measures are the reference engine's battles."""

import json

from click.testing import CliRunner

import pytest

from kotd.bench import (BATTLE_ENTRIES, BUDGETS, CEILINGS, ENTRY_GAMES, KEY_PRESS_BUDGET, PHASE_ENTRIES,
                        battle_situation, entry_worst, worst_by_entry, worst_table)
from kotd.build import opponent
from kotd.build.targets import ENGINE_BUDGET, ENGINE_CEILING, OPPONENT_BUDGET, TARGETS
from kotd.emu.opponent import field_places
from kotd.cli import main
from kotd.engine import combat
from kotd.emu.battle import comparable, run_battle


def test_bench_json_one_object_per_target(model):
    result = CliRunner().invoke(main, ["bench", "--json", "--no-entries", "--no-turns"])
    assert result.exit_code == 0, result.output
    reports = [json.loads(line) for line in result.output.splitlines()]
    assert [r["target"] for r in reports] == ["atari", "apple"]
    for r in reports:
        names = [m["name"] for m in r["results"]]
        assert names.count("supply_phase") == 2 * len(model.scenarios)     # solitaire, and two players with depots
        assert {"battle_6v6", "battle_1v1"} <= set(names)
        for m in r["results"]:
            assert m["cycles"] > 0
            assert m["ms"] == round(1000 * m["cycles"] / r["clock_hz"], 2)
            if m["name"] in BUDGETS:
                assert m["budget"] == BUDGETS[m["name"]]
                assert m["within_budget"] == (m["cycles"] <= m["budget"])
            assert m["ceiling"] == CEILINGS[m["name"]] and m["within_ceiling"], m   # no slower than now
        b = r["bytes"]
        assert b["total"] == b["code"] + b["tables"] == sum(b["modules"].values()) + b["tables"]
        assert b["budget"] == ENGINE_BUDGET and b["total"] <= ENGINE_CEILING
        assert {"port/asm/combat.s", "port/asm/supply.s", "port/asm/math.s"} <= set(b["modules"])
        f = r["field"]                              # py65 only: the opponent's cost field (ai_field.s)
        assert f["fields"] == len(field_places(model)) * 2 * 3
        assert 0 < f["mean_walls"] <= f["worst_walls"] <= f["worst"]
        assert 0 < f["mean_no_walls"] <= f["worst_no_walls"] <= f["worst"]
        assert f["worst"] == max(f["worst_walls"], f["worst_no_walls"]) and f["per_hex"] > 0
        assert 0 < f["bytes"] and 0 < f["ram"]
        o, t = r["opponent"], TARGETS[r["target"]]       # the opponent's bytes against its regions
        assert o["code_budget"] == OPPONENT_BUDGET == 5 * 1024 and o["code_met"] == (o["code"] <= OPPONENT_BUDGET)
        assert (o["code"], o["ram"]) == (f["bytes"], f["ram"]) and 0 <= o["left"] == o["regions"] - o["code"] - o["ram"]
        assert sum(n["code"] for n in o["files"].values()) == o["code"]
        assert sum(n["ram"] for n in o["files"].values() if not n["ram_over"]) == o["ram"]
        assert set(o["files"]) == {"opponent_entry.s", *opponent.SOURCES}
        for name, n in o["files"].items():                 # each file whole in one of its regions
            assert any(g.contains(n["code_at"]) and g.contains(n["code_at"] + n["code"] - 1) for g in t.opponent_code)
            assert not n["ram"] or any(g.contains(n["ram_at"]) and g.contains(n["ram_at"] + n["ram"] - 1)
                                       for g in t.opponent_ram)
    display = reports[1]["display"]                 # the Apple's display code (tools/kotd/emu/display.py)
    assert 0 < display["char"] < display["draw_map_cursor"] < display["draw_map"] <= display["draw_map_budget"]
    assert display["bytes"] <= display["region"] and display["text_bytes"] <= display["text_room"]
    assert display["unit_name_chars"] * display["char"] < display["unit_name"] < display["draw_map"]


def test_bench_table_names_every_budget(model):
    result = CliRunner().invoke(main, ["bench", "--target", "atari", "--no-entries", "--no-turns"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    for name, budget in BUDGETS.items():
        assert any(line.split()[0] == name and str(budget) in line for line in lines)
    for line in lines:                  # a missed budget points to its explanation
        if " OVER by " in line:
            assert 'docs/engine.md "Speed and size"' in line


def test_bench_battles_are_real_battles(model, machines):
    for size in (6, 1):
        state, order = battle_situation(model, size)
        expected_state = state.copy()
        expected = comparable(combat.resolve(model, expected_state, order))
        call, got, after = run_battle(machines["atari"], state, order)
        assert call.ok and got == expected and after == expected_state
        assert len(order.attackers) == len(order.defenders) == size and order.intensity == 9


def test_worst_by_entry_reports_each_entrys_worst_case():
    samples = [("RESOLVE_BATTLE", 30_000), ("SUPPLY_PHASE", 9_000), ("RESOLVE_BATTLE", 41_000),
               ("RESOLVE_BATTLE", 12_000), ("SUPPLY_PHASE", 8_500)]
    rows = worst_by_entry(samples)
    assert list(rows) == ["RESOLVE_BATTLE", "SUPPLY_PHASE"]
    assert rows["RESOLVE_BATTLE"] == {"calls": 3, "worst": 41_000, "mean": 27_667}
    assert rows["SUPPLY_PHASE"] == {"calls": 2, "worst": 9_000, "mean": 8_750}
    assert worst_by_entry([]) == {}
    assert "41000" in worst_table(samples) and "SUPPLY_PHASE" in worst_table(samples)
    with pytest.raises(ValueError, match="RNG_DRAW"):
        worst_by_entry([("RNG_DRAW", -1)])


def test_entry_worst_over_a_recorded_game_with_budgets(model, machines):
    """The per-entry part of `kotd bench`, on the shortest of its games (tobruk41)."""
    rows = entry_worst(model, machines["atari"], {"tobruk41": ENTRY_GAMES["tobruk41"]})
    assert {"NEW_GAME", "PHASE_NEXT", "PHASE_INFO", "MOVE"} <= set(rows)
    for entry, row in rows.items():
        assert 0 < row["mean"] <= row["worst"] and row["calls"] > 0
        if entry in BATTLE_ENTRIES:
            assert "budget" not in row
        else:
            assert row["budget"] == PHASE_ENTRIES.get(entry, KEY_PRESS_BUDGET)
            assert row["within_budget"] == (row["worst"] <= row["budget"])
    assert rows["NEW_GAME"]["calls"] == 1


def test_the_computers_worst_turn_in_seconds(model, dist):
    """kotd bench's turns: a good-v-good game with the 6502 player on both sides, replayed
    bit-exact; its worst side's turn in cycles and in seconds on the machine (the Atari's
    with the display's x1.64) against issue 14's 20 s."""
    from kotd.bench import CLOCK_HZ, computer_turns
    from kotd.emu import EngineMachine
    row = computer_turns(model, EngineMachine.from_dist(model, dist, "atari"), {"tobruk41": 1})["tobruk41"]
    assert row["actions"] > 400 and row["side"] in ("axis", "allied") and row["turn"] >= 1
    assert row["seconds"] == round(row["cycles"] * 1.64 / CLOCK_HZ["atari"], 1) and row["budget"] == 20
    assert row["within_budget"] == (row["seconds"] <= 20)
