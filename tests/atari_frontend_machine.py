"""The Atari front end in atari800: boot the game disk, reach the set-up screen, start a
two-player game and play a few keys (run by tests/test_atari_frontend_machine.py in a
process of its own; the emulator keeps C globals).

    python tests/atari_frontend_machine.py IMAGE DIST [SHOTS_DIR]
    python tests/atari_frontend_machine.py IMAGE DIST play SCENARIO SEED [SHOTS_DIR]
    python tests/atari_frontend_machine.py IMAGE DIST demo FRAMES [SHOTS_DIR|-] [SCENARIO_INDEX]
    python tests/atari_frontend_machine.py IMAGE DIST thinking FRAMES SCENARIO_INDEX

Prints one JSON object: the frames each step took, the screens, FRE(0) at the points
measured (BREAK, ?FRE(0), CONT), the state block's phase and turn.
"""

import ctypes
import json
import os
import re
import sys
from pathlib import Path

from emulators import settled

ROOT = Path(__file__).resolve().parents[1]
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", ROOT.parent / "shared" / "emulators"))


def playing(row0: str) -> bool:
    """Row 0 of the play screen: the turn's date ("3-1941"), then the phase."""
    return re.match(r"\d{1,2}-\d{4} ", row0) is not None


def main(image: str, dist: Path, shots: str | None) -> dict:
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    a = Atari()
    out = {}
    a.boot(disk=image, basic=True, xl=False)
    out["setup_frames"] = a.wait_until(lambda m: "1 OPPONENT" in m.screen_text(), 6000)
    a.wait_until(lambda m: "L LOADS" in m.screen_text(), 600)         # the screen complete
    a.frames(10)
    out["setup"] = [ln.rstrip() for ln in a.screen_lines() if ln.strip()]
    if shots:
        a.screenshot(Path(shots) / "atari-setup.png", scale=2)
    start = a.frame_number()
    a.key("3", hold=1, gap=0)                   # Axis level: historical -> intermediate
    a.wait_until(lambda m: m.screen_lines()[6].startswith(">"), 600)     # the marker moved to it
    out["key_answer_frames"] = a.frame_number() - start
    a.wait_until(lambda m: "INTERMEDIATE" in m.screen_text(), 600)
    out["option_line_frames"] = a.frame_number() - start
    for name in ("NOVICE", "RATINGS", "EXPERT", "HISTORICAL"):     # round to historical again
        a.key("3")
        if name == "RATINGS":                   # the Axis' own five ratings, one key each
            for digit in "33335":
                a.wait_until(lambda m: "RATING 0-9" in m.screen_text(), 600)
                a.key(digit)
                a.frames(10)
            a.wait_until(lambda m: "33335" in m.screen_lines()[6], 600)
        a.wait_until(lambda m: name in m.screen_lines()[6], 600)
    start = a.frame_number()
    a.console(start=True, frames=20)
    out["new_game_frames"] = a.wait_until(lambda m: "LOGISTICS" in m.screen_lines()[0], 3000)
    a.wait_until(lambda m: "R READY" in m.screen_text(), 3000)
    out["map_frames"] = a.frame_number() - start
    a.frames(2)
    out["map"] = [ln.rstrip() for ln in a.screen_lines()]
    if shots:
        a.screenshot(Path(shots) / "atari-map.png", scale=2)
    out["phase"], out["turn"] = a.peek(c["PHASE"]), a.peek(c["TURN"])
    def answer(key: str, done, max_frames: int = 600, then=None) -> int | tuple[int, int]:
        """Frames from the key going down (held one frame) to the screen answering (and,
        with `then`, to the whole answer), the program idle before the key."""
        a.frames(60)
        start = a.frame_number()
        a.key(key, hold=1, gap=0)
        a.wait_until(done, max_frames)
        first = a.frame_number() - start
        if then is None:
            return first
        a.wait_until(then, max_frames)
        return first, a.frame_number() - start

    # Logistics for the Axis' first unit: R shows the maxima, three digits allocate.
    out["maxima_frames"] = answer("R", lambda m: "MAX REPL" in m.screen_text())
    for prompt in ("REPLACEMENTS", "SUPPLY 0-9"):
        a.wait_until(lambda m: prompt in m.screen_text(), 600)
        a.key("5")
    a.wait_until(lambda m: "RESUPPLY" in m.screen_text(), 600)
    out["logistics_frames"] = answer("5", lambda m: "STRENGTH" in m.screen_text())
    out["after_step_frames"], out["after_step_done_frames"] = answer(
        "#", lambda m: "ALLIED" in m.screen_lines()[0], 3000,
        then=lambda m: " ALLIED " in m.screen_lines()[17] and "FORT" in m.screen_lines()[18])
    out["unit_name"] = a.screen_lines()[16].rstrip()
    out["after_step"] = a.screen_lines()[0].rstrip()
    a.wait_until(lambda m: "R READY" in m.screen_text(), 3000)
    a.frames(30)
    if shots:
        a.screenshot(Path(shots) / "atari-logistics.png", scale=2)
    # The Allies' logistics: # at once; the initiative (the chart's: Y), then operations.
    a.key("#")
    a.wait_until(lambda m: "MOVE FIRST" in m.screen_text(), 3000)
    a.frames(10)
    a.key("Y")
    a.frames(10)
    out["operations_frames"], out["operations_done_frames"] = answer(
        "#", lambda m: " OPS " in m.screen_lines()[0], 3000, then=lambda m: "1-6 T B G" in m.screen_text())
    # The cursor starts on the Axis home base (column 0): 3 (south-east) to column 1, with
    # the hex's unit list on row 15; T to Tobruk; D the status display.
    out["cursor_frames"] = answer("3", lambda m: m.screen_lines()[1].rstrip().endswith(" 1")
                                  and m.screen_lines()[15].startswith("HEX:"))
    out["jump_frames"] = answer("T", lambda m: m.screen_lines()[1].rstrip().endswith(" 15"))
    out["display_frames"] = answer("D", lambda m: "SCORE" in m.screen_text())
    a.frames(30)
    if shots:
        a.screenshot(Path(shots) / "atari-operations.png", scale=2)
    # B (the home base), G: the keys first, then the units listed; F back.  START: the
    # free cursor; START again.
    answer("B", lambda m: m.screen_lines()[1].rstrip().endswith(" 0"))
    out["g_frames"], out["g_done_frames"] = answer(
        "G", lambda m: "PICK" in m.screen_lines()[19], then=lambda m: "1:UNIT" in m.screen_lines()[21])
    answer("F", lambda m: "1-6 T B G" in m.screen_lines()[19])
    for what, shown in (("start_frames", "FREE CURSOR"), ("start_back_frames", "1-6 T B G")):
        a.frames(60)
        start = a.frame_number()
        a.console(start=True, frames=3)
        a.wait_until(lambda m: shown in m.screen_lines()[19], 600)
        out[what] = a.frame_number() - start
    # FRE(0): BREAK here (every string and array is dimensioned at the start), ask, CONT.
    a.break_key()
    a.frames(60)
    a.clear_screen()
    a.frames(10)
    a.type_text("?FRE(0)\n")
    a.frames(60)
    lines = [ln.strip() for ln in a.screen_lines() if ln.strip()]
    out["fre"] = int(next(ln for ln in reversed(lines) if ln.isdigit()))
    return out


def play(image: str, dist: Path, scenario: str, seed: int, shots: str | None) -> dict:
    """A recorded two-player game (kotd.replay.record, the simple computer players) typed
    into the booted disk key by key, each key when the program has taken the last one;
    then the state block against the reference's at the game's end."""
    sys.path.insert(0, str(EMULATORS / "atari"))
    sys.path.insert(0, str(ROOT / "emu_tests"))
    from a8 import Atari
    from kotd.model import load_model
    from kotd.replay import first_difference, record
    from frontend_player import Player
    model = load_model()
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    log = record(model, scenario, seed, computer_allied=False)
    player = Player(model, log.actions)
    per_call = [""] + [player.keys_for(i).replace("{KEY 35}", "#") for i in range(1, len(log.actions))]
    keys = "".join(per_call[1:])
    # The first unit move's key: its answer (the unit display redrawn) is measured.
    first_move = next(i for i, act in enumerate(log.actions) if act.entry == "MOVE")
    move_key = len("".join(per_call[1:first_move + 1])) - 1
    a = Atari()
    a.boot(disk=image, basic=True, xl=False)
    a.wait_until(lambda m: "L LOADS" in m.screen_text(), 6000)
    setup = "2" * list(model.scenarios).index(scenario) + "7"
    out = {"keys": len(keys)}
    start = a.frame_number()

    def press(ch: str) -> None:
        a.wait_until(lambda m: m.peek(764) == 255, 3000)     # the program took the last key
        a.frames(4)
        a.key(ch)

    for ch in setup:
        press(ch)
        a.frames(20)
    a.wait_until(lambda m: "GAME NUMBER 0-65535" in m.screen_text(), 600)
    a.type_text(f"{seed}\n")
    a.frames(30)
    a.console(start=True, frames=20)
    a.wait_until(lambda m: playing(m.screen_lines()[0]), 3000)
    shot_taken = False
    for n, ch in enumerate(keys):
        if n == move_key:
            a.wait_until(lambda m: m.peek(764) == 255, 3000)
            a.frames(60)
            shown = a.screen_lines()[16:19]
            start = a.frame_number()
            a.key(ch, hold=1, gap=0)
            a.wait_until(lambda m: m.screen_lines()[16:19] != shown, 600)
            out["move_frames"] = a.frame_number() - start
            continue
        if "resupply" not in out and a.screen_lines()[22].startswith("RESUPPLY:"):
            out["resupply"] = a.screen_lines()[22].rstrip()          # a resupply phase's report
        if shots and not shot_taken and ch == " ":             # a battle's result is shown
            a.wait_until(lambda m: "PRESS A KEY" in m.screen_text(), 3000)
            a.frames(2)
            a.screenshot(Path(shots) / "atari-battle.png", scale=2)
            shot_taken = True
        press(ch)
    a.wait_until(lambda m: "VICTORY" in m.screen_text(), 6000)
    out["frames"] = a.frame_number() - start
    a.wait_until(lambda m: "Ready" in m.screen_text() or "READY" in m.screen_text(), 600)   # the program's END
    got = a.read_block(c["STATE_BASE"], c["STATE_SIZE"])
    out["difference"] = first_difference(model, got, log.actions[-1].after)
    out["end"] = [ln.rstrip() for ln in a.screen_lines()[15:] if ln.strip()]
    if shots:
        a.frames(2)
        a.screenshot(Path(shots) / "atari-game-over.png", scale=2)
    return out


def save_and_load(image: str, dist: Path, scenario: str, seed: int) -> dict:
    """A recorded game typed in up to its first turn's end, saved in slot 2 at the offer;
    then the disk booted again, L 2 on the set-up screen: the game goes on from the
    saved state to the same place as the recorded game (the next question asked)."""
    sys.path.insert(0, str(EMULATORS / "atari"))
    sys.path.insert(0, str(ROOT / "emu_tests"))
    from a8 import Atari
    from kotd.model import load_model
    from kotd.replay import first_difference
    from frontend_player import save_offer_keys
    model = load_model()
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    actions, per_call, victory, keyed = save_offer_keys(model, scenario, seed)
    after_load = keyed[0] - 1
    keys = "".join(per_call[1:victory]).replace("{KEY 35}", "#")
    a = Atari()
    a.boot(disk=image, basic=True, xl=False)
    a.wait_until(lambda m: "L LOADS" in m.screen_text(), 6000)

    def press(ch: str) -> None:
        a.wait_until(lambda m: m.peek(764) == 255, 3000)
        a.frames(4)
        a.key(ch)

    for ch in "2" * list(model.scenarios).index(scenario) + "7":
        press(ch)
        a.frames(20)
    a.wait_until(lambda m: "GAME NUMBER 0-65535" in m.screen_text(), 600)
    a.type_text(f"{seed}\n")
    a.frames(30)
    a.console(start=True, frames=20)
    a.wait_until(lambda m: playing(m.screen_lines()[0]), 3000)
    for ch in keys:
        press(ch)
    a.wait_until(lambda m: "SAVE THE GAME" in m.screen_text(), 6000)
    press("Y")
    a.wait_until(lambda m: "SAVE IN SLOT" in m.screen_text(), 600)
    press("2")
    out = {"save_frames": a.wait_until(lambda m: "SAVED IN SLOT" in m.screen_text() or "NOT SAVED" in m.screen_text(), 6000)}
    out["saved"] = "SAVED IN SLOT 2" in a.screen_text()
    a.flush_disks()
    a.boot(disk=image, basic=True, xl=True)
    a.wait_until(lambda m: "L LOADS" in m.screen_text(), 6000)
    a.frames(10)
    press("L")
    a.wait_until(lambda m: "LOAD SLOT" in m.screen_text(), 600)
    press("2")
    out["load_frames"] = a.wait_until(lambda m: "R READY" in m.screen_text(), 6000)
    got = a.read_block(c["STATE_BASE"], c["STATE_SIZE"])
    out["difference"] = first_difference(model, got, actions[after_load].after)
    out["screen"] = a.screen_lines()[0].rstrip()
    return out


def starts(image: str, dist: Path, seed: int) -> dict:
    """Each scenario started from a fresh boot (its start state loaded from its start slot
    by the resident code, then NEW_GAME): the state block at the first question against
    the reference's new game with the set-up screen's default options."""
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    from kotd.build import stateblock
    from kotd.engine.flow import Flow
    from kotd.engine.setup import Options, new_game
    from kotd.engine.state import Phase
    from kotd.model import load_model
    from kotd.replay import first_difference
    model = load_model()
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    out = {}
    for index, sid in enumerate(model.scenarios):
        flow = Flow(model, new_game(model, sid, seed, Options(computer_allied=False)))
        while flow.info().actor is None and flow.state.phase != Phase.GAME_OVER:
            flow.step()
        a = Atari()
        a.boot(disk=image, basic=True, xl=index % 2 == 1)
        a.wait_until(lambda m: "L LOADS" in m.screen_text(), 6000)

        def press(ch: str) -> None:
            a.wait_until(lambda m: m.peek(764) == 255, 3000)
            a.frames(4)
            a.key(ch)

        for ch in "2" * index + "7":
            press(ch)
            a.frames(20)
        a.wait_until(lambda m: "GAME NUMBER 0-65535" in m.screen_text(), 600)
        a.type_text(f"{seed}\n")
        a.frames(30)
        start = a.frame_number()
        a.console(start=True, frames=20)
        a.wait_until(lambda m: playing(m.screen_lines()[0]), 3000)
        a.wait_until(lambda m: "R READY" in m.screen_text() or "MOVE FIRST" in m.screen_text()
                     or "1-6 T B G" in m.screen_text(), 3000)
        frames = a.frame_number() - start
        got = a.read_block(c["STATE_BASE"], c["STATE_SIZE"])
        out[sid] = {"frames": frames, "screen": a.screen_lines()[0].rstrip(),
                    "difference": first_difference(model, got, stateblock.encode(flow.state, model))}
    return out


def under_the_os(a) -> bool:
    """Is the OS ROM switched out (PORTB bit 0 clear, as the 6502 reads it: atari800's
    PIA_PORTB | PIA_PORTB_mask): the opponent's call under way, in the RAM under it?
    BASIC needs the OS, so it never runs so."""
    g = lambda n: ctypes.c_ubyte.in_dll(a.lib, n).value
    return not (g("PIA_PORTB") | g("PIA_PORTB_mask")) & 1


def demonstration_set_up(image: str, dist: Path, scenario: int):
    """An XL booted from the disk (the opponent loaded under the OS) at the set-up
    screen: 1 pressed three times (COMPUTER BOTH), 2 `scenario` times (the scenario's
    index in data/scenarios.yaml); START not yet pressed.  The machine and the state
    constants."""
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    a = Atari()
    a.boot(disk=image, basic=True, xl=True)
    a.wait_until(lambda m: "L LOADS" in m.screen_text(), 6000)
    a.frames(10)
    for text in ("COMPUTER AXIS", "COMPUTER ALLIES", "COMPUTER BOTH"):
        a.key("1")
        a.wait_until(lambda m: text in m.screen_text(), 600)
    for _ in range(scenario):
        before = a.screen_text()
        a.key("2")
        a.wait_until(lambda m: m.screen_text() != before, 600)
        a.frames(10)
    return a, c


def demo(image: str, dist: Path, frames: int, shots: str | None, scenario: int = 0) -> dict:
    """The demonstration on an XL (`demonstration_set_up`): START, then no key for
    `frames` frames or up to the game's end; the state block every 600 frames and at the
    end (hex), the screen then, OPPONENT_READY.  At the end (PHASE_GAME_OVER) the
    program goes on to the next game by itself: the frames it stays over
    (`pause_frames`) and the state block 600 frames into the next game (`next_state`)."""
    a, c = demonstration_set_up(image, dist, scenario)
    out = {"ready": a.peek(c["OPPONENT_READY"]), "setup": [ln.rstrip() for ln in a.screen_lines() if ln.strip()]}
    a.console(start=True, frames=20)
    out["states"], out["turns"] = [], []
    over = lambda m=a: m.peek(c["PHASE"]) == c["PHASE_GAME_OVER"]
    for _ in range(frames // 600):
        for _ in range(10):
            a.frames(60)
            if over():
                break
        out["states"].append(settled(lambda: a.read_block(c["STATE_BASE"], c["STATE_SIZE"]), a.frames,
                                     lambda: under_the_os(a)).hex())
        out["turns"].append((a.peek(c["TURN"]), a.peek(c["PHASE"])))
        if over():
            break
    out["screen"] = [ln.rstrip() for ln in a.screen_lines()]
    if shots:
        a.screenshot(Path(shots) / "atari-demo.png", scale=2)
    if over():
        start = a.frame_number()
        a.wait_until(lambda m: not over(m), 6000)
        out["pause_frames"] = a.frame_number() - start
        a.frames(600)
        out["next_state"] = settled(lambda: a.read_block(c["STATE_BASE"], c["STATE_SIZE"]), a.frames,
                                    lambda: under_the_os(a)).hex()
    return out


def thinking(image: str, dist: Path, frames: int, scenario: int) -> dict:
    """The demonstration of game 1 of the scenario on an XL (`demonstration_set_up`),
    looked at every frame: the frames the opponent's calls were under way (the OS
    switched out), by turn and by the side asked (FLOW_ACTOR), as "turn/side": frames,
    and whether the game is over at the end."""
    a, c = demonstration_set_up(image, dist, scenario)
    a.console(start=True, frames=20)
    busy: dict[str, int] = {}
    for _ in range(frames):
        a.frames(1)
        if under_the_os(a):
            key = f"{a.peek(c['TURN'])}/{('axis', 'allied')[a.peek(c['FLOW_ACTOR']) & 1]}"
            busy[key] = busy.get(key, 0) + 1
        elif a.peek(c["PHASE"]) == c["PHASE_GAME_OVER"]:
            break
    return {"busy": busy, "over": a.peek(c["PHASE"]) == c["PHASE_GAME_OVER"]}


def charset(image: str, dist: Path) -> dict:
    """The map's character set (port/asm/atari_charset.s) on the machine: after the first
    map, and again after a RESET (the OS puts CHBAS back; the resident code types RUN and
    the program's first map sets it up again): CHBAS, and the RAM set compared with the
    ROM's (which codes differ)."""
    sys.path.insert(0, str(EMULATORS / "atari"))
    from a8 import Atari
    c = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    a = Atari()
    a.boot(disk=image, basic=True, xl=True)
    out = {}

    def look(when: str) -> None:
        a.wait_until(lambda m: "L LOADS" in m.screen_text(), 6000)
        a.frames(10)
        out[when + "_setup_chbas"] = a.peek(0x2F4)
        a.console(start=True, frames=20)
        a.wait_until(lambda m: "R READY" in m.screen_text(), 3000)
        a.frames(5)
        ram, rom = a.read_block(0x9400, 1024), a.read_block(0xE000, 1024)
        out[when + "_chbas"] = a.peek(0x2F4)
        out[when + "_patched"] = sorted({i // 8 for i in range(1024) if ram[i] != rom[i]})
        out[when + "_map_codes"] = sorted({b & 0x7F for row in a.screen_codes()[1:1 + c["MAP_ROWS"]]
                                           for b in row[:c["MAP_COLS"]]})
    look("boot")
    a.reset(frames=120)
    look("reset")
    return out


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[3] == "demo":
        print(json.dumps(demo(sys.argv[1], Path(sys.argv[2]), int(sys.argv[4]),
                              sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] != "-" else None,
                              int(sys.argv[6]) if len(sys.argv) > 6 else 0)))
    elif len(sys.argv) > 3 and sys.argv[3] == "thinking":
        print(json.dumps(thinking(sys.argv[1], Path(sys.argv[2]), int(sys.argv[4]), int(sys.argv[5]))))
    elif len(sys.argv) > 3 and sys.argv[3] == "charset":
        print(json.dumps(charset(sys.argv[1], Path(sys.argv[2]))))
    elif len(sys.argv) > 3 and sys.argv[3] == "starts":
        print(json.dumps(starts(sys.argv[1], Path(sys.argv[2]), int(sys.argv[4]))))
    elif len(sys.argv) > 3 and sys.argv[3] == "saveload":
        print(json.dumps(save_and_load(sys.argv[1], Path(sys.argv[2]), sys.argv[4], int(sys.argv[5]))))
    elif len(sys.argv) > 3 and sys.argv[3] == "play":
        print(json.dumps(play(sys.argv[1], Path(sys.argv[2]), sys.argv[4], int(sys.argv[5]),
                              sys.argv[6] if len(sys.argv) > 6 else None)))
    else:
        print(json.dumps(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)))
