"""The Atari front end booted from the game disk in atari800 (issue 12): the set-up
screen, a new two-player game, a cursor step, one unit's logistics, the end of the Axis
logistics.  Skipped without A8_LIB and the driver (KOTD_EMULATORS or
<repo>/../shared/emulators).  The machine runs in a process of its own
(tests/atari_frontend_machine.py), which also measures the frames each step took."""

import re
import shutil

import pytest

from kotd.cli import SCENARIO_IDS

import emulators
from emulators import needs, run_script


@pytest.fixture(scope="module")
def dist(request):
    """The session's build (conftest.py), asked for after the skip: nothing built for a
    machine that is not there."""
    needs(emulators.ATARI)
    return request.getfixturevalue("dist")


def machine(dist, tmp_path, *args) -> dict:
    image = tmp_path / "play.atr"
    shutil.copy(dist / "kotd-atari.atr", image)
    return run_script("atari_frontend_machine.py", image, dist, *args, timeout=600)


def test_atari_front_end_plays_a_recorded_game_to_the_reference_end(dist, tmp_path):
    """The whole two-player Tobruk '41 game of emu_tests/test_atari_frontend.py typed into
    the booted disk: the state block at the end is the reference's."""
    out = machine(dist, tmp_path, "play", "tobruk41", "1")
    assert out["difference"] is None
    assert out["move_frames"] <= 6, out["move_frames"]              # a unit move answers within 0.1 s
    assert re.fullmatch(r"RESUPPLY: \d+ UNITS \+\d+ SUPPLY", out["resupply"]), out.get("resupply")
    assert any("VICTORY" in ln for ln in out["end"])


@pytest.mark.parametrize("scenario", SCENARIO_IDS[1:])       # Tobruk '41: above
def test_atari_front_end_plays_every_scenario_whole_from_the_disk(dist, tmp_path, scenario, long_run):
    """--long: the recorded two-player game of each other scenario typed into the booted
    disk to its end (3,000-11,000 keys, up to 160,000 frames): the reference's state."""
    if not long_run:
        pytest.skip("whole games of every scenario in atari800: --long")
    out = machine(dist, tmp_path, "play", scenario, "1")
    assert out["difference"] is None, out["difference"]
    assert any("VICTORY" in ln for ln in out["end"])


def test_the_demonstration_plays_the_reference_game_on_an_xl(model, dist, tmp_path):
    """An XL boots with the opponent under the OS; COMPUTER BOTH and START: no key after,
    and the game the 6502 player plays is the reference good player's, action for action
    (every 600 frames), to its end (Tobruk '41 game 1 ends after 428 actions)."""
    out = machine(dist, tmp_path, "demo", "6000")
    emulators.demonstration(model, out, 428)
    assert any("GAME OVER" in ln for ln in out["screen"])


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_the_demonstration_plays_every_scenario_to_its_end_on_an_xl(model, dist, tmp_path, scenario, long_run):
    """--long: COMPUTER BOTH on game 1 of each scenario, no key after: every sample is the
    reference good player's, to the game's end (Campaign: 2,728 actions in about 22,800
    frames)."""
    if not long_run:
        pytest.skip("whole demonstrations in atari800: --long")
    out = machine(dist, tmp_path, "demo", "40000", "-", str(list(model.scenarios).index(scenario)))
    emulators.demonstration(model, out, None, scenario)
    assert any("GAME OVER" in ln for ln in out["screen"])


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_the_computer_thinks_within_20_s_a_turn_on_an_xl(model, dist, tmp_path, scenario):
    """Issue 14's speed on the machine: the demonstration of game 1 looked at every frame
    to its end; the frames the opponent's calls were under way, summed by turn and by the
    side asked, within 20 s each (Alamein's Allied turn 12, the worst: 849 frames, 14.2 s)."""
    out = machine(dist, tmp_path, "thinking", "60000", str(list(model.scenarios).index(scenario)))
    print(scenario, "worst turn/side, seconds:", emulators.thinking_within_budget(out, "atari"))


def test_atari_front_end_boots_and_plays(dist, tmp_path):
    out = machine(dist, tmp_path)
    assert out["setup"][0] == "KNIGHTS OF THE DESERT" and "1 OPPONENT" in out["setup"][1]
    assert out["map"][0].startswith("3-1941 LOGISTICS  AXIS")         # turn 1 (data/turns.yaml)
    assert out["phase"] == 3 and out["turn"] == 1
    assert out["after_step"].startswith("3-1941 LOGISTICS  ALLIED")
    # A key answers within 0.1 s (6 frames): a step to the next side or phase shows it on
    # row 0 first; the whole redraw (map, unit display, keys) follows (docs/play.md).
    for what in ("key_answer_frames", "cursor_frames", "jump_frames", "display_frames", "maxima_frames",
                 "logistics_frames", "after_step_frames", "operations_frames", "g_frames", "start_frames",
                 "start_back_frames"):
        assert out[what] <= 6, (what, out[what])
    assert out["after_step_done_frames"] <= 35 and out["operations_done_frames"] <= 20      # measured 28, 11
    assert out["unit_name"][:22].rstrip() == "1 BR GARR REG"           # unit 29, the first Allied unit,
    assert out["unit_name"][22:].rstrip() == "TOWN"                    # and its hex's terrain from column 22
    assert out["fre"] >= 2048, "issue 12: at least 2 KB free"


def test_atari_front_end_saves_at_a_turn_end_and_loads_after_a_reboot(dist, tmp_path):
    """Tobruk '42's first turn typed in, saved in slot 2 at the offer (an 800); the disk
    booted again (an XL), L 2: the game goes on to the reference's state."""
    out = machine(dist, tmp_path, "saveload", "tobruk42", "1")
    assert out["saved"] and out["difference"] is None
    assert out["screen"].startswith("3-1942 LOGISTICS")          # turn 7 (data/turns.yaml)


def test_atari_front_end_starts_every_scenario_from_its_start_slot(model, dist, tmp_path):
    """Each scenario chosen on the set-up screen of a freshly booted disk (800 and XL in
    turn): its start state read from its read-only slot, NEW_GAME, the steps to the first
    question: the state block is the reference's."""
    out = machine(dist, tmp_path, "starts", "5")
    assert sorted(out) == sorted(model.scenarios)
    for sid, got in out.items():
        assert got["difference"] is None, (sid, got)
        assert re.match(r"\d{1,2}-\d{4} ", got["screen"]), (sid, got)


def test_the_map_character_set_is_set_up_at_the_first_map_and_again_after_reset(model, dist, tmp_path):
    """On the machine (an XL): the set-up screen in the ROM's set; the first map copies it
    to $9400 with the map glyphs over exactly their codes (kotd.build.glyphs) and points
    CHBAS there; after a RESET (the OS puts CHBAS back, the program is RUN again) the
    same.  The map shows only map glyphs."""
    from kotd.build import glyphs
    from kotd.build.targets import ATARI
    codes = sorted(glyphs.atari_codes([t.id for t in model.terrain]).values())
    out = machine(dist, tmp_path, "charset")
    for when in ("boot", "reset"):
        assert out[f"{when}_setup_chbas"] == 0xE0
        assert out[f"{when}_chbas"] == ATARI.charset.start >> 8
        assert out[f"{when}_patched"] == codes
        assert set(out[f"{when}_map_codes"]) <= set(codes)
