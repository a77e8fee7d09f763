"""The Apple front end in AppleWin: boot the game disk, play a recorded game from the keys,
measure (run by tests/test_apple_frontend_machine.py in a process of its own; the core
keeps C globals).

    python tests/apple_frontend_machine.py IMAGE DIST play SCENARIO SEED [SHOTS_DIR]
    python tests/apple_frontend_machine.py IMAGE DIST measure [SHOTS_DIR]
    python tests/apple_frontend_machine.py IMAGE DIST saveload SCENARIO SEED MACHINE
    python tests/apple_frontend_machine.py IMAGE DIST demo FRAMES MACHINE [SHOTS_DIR|-] [SCENARIO_INDEX]
    python tests/apple_frontend_machine.py IMAGE DIST thinking FRAMES MACHINE SCENARIO_INDEX

The screen is hi-res page 2, drawn by the display code: its text is not on the text page
the driver reads.  So a key is typed when the program waits for one (the 6502 in the
display code's input hook at KEY_WAIT, with the output hook on the display code), and what
is compared is memory: the state block against the reference's.  FRE(0) is asked at the
end (the program ended: Applesoft's prompt, its answer POKEd to page 3).  Prints one JSON
object.
"""

import ctypes
import json
import os
import sys
from pathlib import Path

from emulators import settled

ROOT = Path(__file__).resolve().parents[1]
EMULATORS = Path(os.environ.get("KOTD_EMULATORS", ROOT.parent / "shared" / "emulators"))
CSW, CURLIN = 0x36, 0x75
HIRES_PAGE2 = 0x4000
MF_HIGHRAM = 0x20                   # AppleWin's memory mode: the card's RAM read at $D000-$FFFF


class Game:
    """The booted disk and the keys typed into the program."""

    def __init__(self, image: str, dist: Path, machine: str = "ii+"):
        sys.path.insert(0, str(EMULATORS / "apple"))
        from a2 import Apple2
        self.c = json.loads((dist / "apple" / "state_constants.json").read_text())["constants"]
        self.a = Apple2(machine=machine)
        self.a.boot(disk=image, wait_prompt=False)
        self.boot_frames = self.wait_key(3000)

    def in_card(self) -> bool:
        """Is the language card's RAM read at $D000-$FFFF (AppleWin's MF_HIGHRAM): the
        opponent's call under way?  Applesoft runs from the ROM there, so BASIC never
        runs with it."""
        mode = getattr(self.a.lib, "_Z10GetMemModev")
        mode.restype = ctypes.c_uint32
        return bool(mode() & MF_HIGHRAM)

    def waiting(self, m) -> bool:
        pc = m.registers()["pc"]
        return m.peek_word(CSW) == self.c["TEXT_OUT"] and self.c["KEY_WAIT"] <= pc < self.c["KEY_WAIT"] + 5

    def wait_key(self, max_frames: int = 3000) -> int:
        """Frames until the program waits for a key."""
        return self.a.wait_until(self.waiting, max_frames)

    def press(self, ch: str, max_frames: int = 3000) -> int:
        """One key when the program waits for it; the frames until it waits again."""
        self.wait_key(max_frames)
        self.a.key(ch)
        self.a.run(frames=1)
        return 1 + self.wait_key(max_frames)

    def answer(self, ch: str, max_frames: int = 3000) -> tuple[int, int]:
        """One key when the program waits for it: the frames until hi-res page 2 first
        changes (the key's first answer on the screen), and until it waits again."""
        self.wait_key(max_frames)
        page = self.a.peek(HIRES_PAGE2, 0x2000)
        self.a.key(ch)
        first = self.a.wait_until(lambda m: m.peek(HIRES_PAGE2, 0x2000) != page, max_frames)
        return first, first + self.wait_key(max_frames)

    def cycles(self, ch: str) -> int:
        """The 6502 cycles from the key to the next wait (frames x 17,030)."""
        return self.press(ch) * 17030

    def setup(self, model, scenario: str, seed: int) -> None:
        for ch in "2" * list(model.scenarios).index(scenario) + "7":
            self.press(ch)
        for ch in f"{seed}\r":
            self.press(ch)
        self.press(" ")

    def fre(self) -> int:
        """FRE(0) at Applesoft's prompt after the program's END."""
        self.a.run(frames=30)
        self.a.type_text("F=FRE(0):POKE 768,F-256*INT(F/256):POKE 769,INT(F/256)\r")
        self.a.run(frames=60)
        return self.a.peek_word(768)

    def state(self) -> bytes:
        return bytes(self.a.peek(self.c["STATE_BASE"], self.c["STATE_SIZE"]))


def play(image: str, dist: Path, scenario: str, seed: int, shots: str | None) -> dict:
    """A recorded two-player game (kotd.replay.record, the simple computer players; the
    keys of emu_tests/frontend_player.py) typed into the booted disk key by key; the
    state block against the reference's at each turn end and at the game's end."""
    sys.path.insert(0, str(ROOT / "emu_tests"))
    from kotd.model import load_model
    from kotd.replay import first_difference
    from frontend_player import game_keys
    model = load_model()
    player, actions, per_call, chosen = game_keys(model, scenario, seed, 100)
    g = Game(image, dist)
    out = {"boot_frames": g.boot_frames, "checks": [], "keys": 0}
    g.setup(model, scenario, seed)
    done = 0
    shot = False
    for stop in chosen:
        keys = "".join(per_call[done + 1:stop + 1]).replace("{KEY 35}", "#")
        for ch in keys:
            g.press(ch)
            out["keys"] += 1
            if shots and not shot and out["keys"] > 40:
                g.a.screenshot(str(Path(shots) / "apple-play.png"))
                shot = True
        g.wait_key() if stop != chosen[-1] else g.a.run(frames=600)
        out["checks"].append([stop, actions[stop].entry, first_difference(model, g.state(), actions[stop].after)])
        done = stop
    if shots:
        g.a.screenshot(str(Path(shots) / "apple-game-over.png"))
    out["fre"] = g.fre()
    out["himem"] = g.a.peek_word(0x73)
    return out


def save_and_load(image: str, dist: Path, scenario: str, seed: int, machine: str) -> dict:
    """A recorded game typed in up to its first turn's end, every letter in lower case (a
    IIe with caps lock off), saved in slot 2 at the program's own offer (y, 2); then the
    machine powered off and on, l 2 on the set-up screen: the game goes on from the saved
    state (the next question asked), which is the reference's there."""
    sys.path.insert(0, str(ROOT / "emu_tests"))
    from kotd.model import load_model
    from kotd.replay import first_difference
    from frontend_player import save_offer_keys
    model = load_model()
    actions, per_call, victory, keyed = save_offer_keys(model, scenario, seed)
    after_load = keyed[0] - 1
    keys = "".join(per_call[1:victory]).replace("{KEY 35}", "#").lower()
    g = Game(image, dist, machine)
    g.setup(model, scenario, seed)
    for ch in keys:
        g.press(ch)
    g.press("y")                                            # SAVE THE GAME? Y/N
    out = {"keys": len(keys), "save_frames": g.press("2", 6000)}   # SAVE IN SLOT 1-8
    out["disk_status"] = g.a.peek(g.c["DISK_STATUS"])
    out["saved_difference"] = first_difference(model, g.state(), actions[after_load].after)
    g.a.flush_disks()
    g.a.power_cycle()
    g.boot_frames = g.wait_key(3000)
    g.press("l")
    out["load_frames"] = g.press("2", 6000)
    out["difference"] = first_difference(model, g.state(), actions[after_load].after)
    out["phase"] = g.a.peek(g.c["PHASE"])
    return out


def measure(image: str, dist: Path, shots: str | None) -> dict:
    """The set-up screen, a new Tobruk '41 game, then the frames each kind of key takes to
    its first answer on the screen (`*_first`) and to the next wait (`*_frames`): a set-up
    option, the logistics keys, a cursor step (the map redrawn), a jump, D, G; and
    the cycles of one DRAW_MAP called alone (CALL from a one-line program: none here,
    the frames of the cursor key hold it)."""
    g = Game(image, dist)
    out = {"boot_frames": g.boot_frames}
    if shots:
        g.a.screenshot(str(Path(shots) / "apple-setup.png"))
    out["option_first"], out["option_frames"] = g.answer("3")        # Axis level: historical -> intermediate
    for ch in "333":                                         # novice, ratings ...
        g.press(ch)
    for ch in "12345":                                       # the five ratings
        g.press(ch)
    g.press("3")                                             # expert
    g.press("3")                                             # historical again
    g.wait_key()
    out["new_game_first"], out["new_game_frames"] = g.answer(" ", 6000)  # start slot, NEW_GAME, the map
    out["phase"], out["turn"] = g.a.peek(g.c["PHASE"]), g.a.peek(g.c["TURN"])
    if shots:
        g.a.screenshot(str(Path(shots) / "apple-logistics.png"))
    out["maxima_first"], out["maxima_frames"] = g.answer("R")
    g.press("5")
    g.press("5")
    out["logistics_first"], out["logistics_frames"] = g.answer("5")
    out["step_first"], out["step_frames"] = g.answer("#")            # the Allies' logistics
    g.press("#")
    g.press("Y")                                             # the initiative
    out["operations_first"], out["operations_frames"] = g.answer("#", 6000)
    out["cursor_first"], out["cursor_frames"] = g.answer("3")        # a step: the map redrawn
    out["jump_first"], out["jump_frames"] = g.answer("T")
    out["display_first"], out["display_frames"] = g.answer("D")
    if shots:
        g.a.screenshot(str(Path(shots) / "apple-operations.png"))
    out["hide_first"], out["hide_frames"] = g.answer("R")
    if shots:
        g.a.screenshot(str(Path(shots) / "apple-terrain.png"))
    out["back_first"], out["back_frames"] = g.answer("X")
    g.press("B")                                             # the home base: the Axis units there
    out["g_first"], out["g_frames"] = g.answer("G")          # the hex's units listed (FIND_UNIT)
    g.press("F")
    out["state_phase"] = g.a.peek(g.c["PHASE"])
    return out


def demonstration_started(image: str, dist: Path, machine: str, scenario: int) -> Game:
    """The disk booted (the opponent in the language card), 1 pressed three times
    (COMPUTER BOTH), 2 `scenario` times (the scenario's index in data/scenarios.yaml),
    then the space bar: the demonstration begins."""
    g = Game(image, dist, machine)
    for ch in "111" + "2" * scenario:
        g.press(ch)
    g.wait_key()
    g.a.key(" ")
    return g


def demo(image: str, dist: Path, frames: int, machine: str, shots: str | None, scenario: int = 0) -> dict:
    """The demonstration (`demonstration_started`), no key for `frames` frames or up to
    the game's end; the state block every 600 frames and at the end (hex),
    OPPONENT_READY.  At the end (PHASE_GAME_OVER) the program goes on to the next game by
    itself: the frames it stays over (`pause_frames`) and the state block 600 frames into
    the next game (`next_state`)."""
    g = demonstration_started(image, dist, machine, scenario)
    out = {"ready": g.a.peek(g.c["OPPONENT_READY"])}
    out["states"], out["turns"] = [], []
    over = lambda: g.a.peek(g.c["PHASE"]) == g.c["PHASE_GAME_OVER"]
    for _ in range(frames // 600):
        for _ in range(10):
            g.a.run(frames=60)
            if over():
                break
        out["states"].append(settled(g.state, lambda n: g.a.run(frames=n), g.in_card).hex())
        out["turns"].append((g.a.peek(g.c["TURN"]), g.a.peek(g.c["PHASE"])))
        if over():
            break
    if shots:
        g.a.screenshot(str(Path(shots) / "apple-demo.png"))
    if over():
        pause = 0
        while over() and pause < 6000:
            g.a.run(frames=1)
            pause += 1
        out["pause_frames"] = pause
        g.a.run(frames=600)
        out["next_state"] = settled(g.state, lambda n: g.a.run(frames=n), g.in_card).hex()
    return out


def thinking(image: str, dist: Path, frames: int, machine: str, scenario: int) -> dict:
    """The demonstration of game 1 of the scenario (`demonstration_started`), looked at
    every frame: the frames the opponent's calls were under way (the language
    card read), by turn and by the side asked (FLOW_ACTOR), as "turn/side": frames, and
    whether the game is over at the end."""
    g = demonstration_started(image, dist, machine, scenario)
    busy: dict[str, int] = {}
    for _ in range(frames):
        g.a.run(frames=1)
        if g.in_card():
            key = f"{g.a.peek(g.c['TURN'])}/{('axis', 'allied')[g.a.peek(g.c['FLOW_ACTOR']) & 1]}"
            busy[key] = busy.get(key, 0) + 1
        elif g.a.peek(g.c["PHASE"]) == g.c["PHASE_GAME_OVER"]:
            break
    return {"busy": busy, "over": g.a.peek(g.c["PHASE"]) == g.c["PHASE_GAME_OVER"]}


if __name__ == "__main__":
    image, dist, job = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    if job == "demo":
        print(json.dumps(demo(image, dist, int(sys.argv[4]), sys.argv[5],
                              sys.argv[6] if len(sys.argv) > 6 and sys.argv[6] != "-" else None,
                              int(sys.argv[7]) if len(sys.argv) > 7 else 0)))
    elif job == "thinking":
        print(json.dumps(thinking(image, dist, int(sys.argv[4]), sys.argv[5], int(sys.argv[6]))))
    elif job == "play":
        print(json.dumps(play(image, dist, sys.argv[4], int(sys.argv[5]), sys.argv[6] if len(sys.argv) > 6 else None)))
    elif job == "saveload":
        print(json.dumps(save_and_load(image, dist, sys.argv[4], int(sys.argv[5]), sys.argv[6])))
    else:
        print(json.dumps(measure(image, dist, sys.argv[4] if len(sys.argv) > 4 else None)))
