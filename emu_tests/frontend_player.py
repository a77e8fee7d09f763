"""What the front ends' tests share (the Atari's emu_tests/test_atari_frontend.py, the
Apple's emu_tests/test_apple_frontend.py): a recorded game typed in as the keys of
docs/play.md, which are the same on both machines; the random keys; the reference
engine's check of the calls a program made."""

from __future__ import annotations

from kotd import hexgrid
from kotd.build import stateblock
from kotd.engine.board import side_of
from kotd.engine.state import Phase, Status
from kotd.model.types import SIDES
from kotd.replay import first_difference, record

NONE = 0xFF


class Player:
    """Types a recorded game into the front end: follows the front end's own state (its
    mode, selected unit, cursor, logistics unit) to know which keys reach each call, as
    a player at the keyboard would (docs/play.md "Keys")."""

    def __init__(self, model, actions):
        self.model, self.actions = model, actions
        self.mode, self.selected, self.logistics_unit = 0, 0, -1
        self.cursor = model.map.place_hex(model.map.home_bases["axis"])
        self.last = None
        self.keys_seen: set[str] = set()

    # -- what the front end shows ---------------------------------------------------------
    def state(self, i):
        return stateblock.decode(self.actions[i].after, self.model)

    def side(self, unit) -> int:
        return SIDES.index(side_of(self.model, unit))

    def own_units_at(self, st, hex_, actor):
        return [u.number for u in st.units if u.status == Status.ON_MAP and (u.col, u.row) == hex_
                and self.side(u.number) == actor][:6]

    def units_at(self, st, hex_):
        return [u.number for u in st.units if u.status == Status.ON_MAP and (u.col, u.row) == hex_]

    def find_logistics_unit(self, st, actor, from_unit):
        first = st.logistics_last + 1
        if from_unit >= first:
            first = from_unit + 1
        for start in (first, st.logistics_last + 1):
            for n in range(start, len(st.units) + 1):
                u = st.units[n - 1]
                if self.side(n) == actor and u.status == Status.ON_MAP:
                    return n
        return 0

    # -- keys ------------------------------------------------------------------------------
    def press(self, keys: list[str], *more: str) -> None:
        for k in more:
            keys.append(k)
            self.keys_seen.add(k)

    def cursor_to(self, keys, target, actor):
        m = self.model.map
        if target == self.cursor:
            return
        if target == m.place_hex(m.tobruk):
            self.press(keys, "T")
        elif target == m.place_hex(m.home_bases[SIDES[actor]]):
            self.press(keys, "B")
        elif target == (m.columns // 2, m.rows // 2):
            self.press(keys, "0")
        else:
            cur = self.cursor
            while cur != target:
                d = min((hexgrid.distance(hexgrid.step(*cur, d), target), d) for d in range(1, 7)
                        if m.on_map(*hexgrid.step(*cur, d)))[1]
                cur = hexgrid.step(*cur, d)
                self.press(keys, str(d))
        self.cursor = target

    def select(self, keys, st, unit, actor):
        """Mode 2 with `unit`: back to cursor mode, the cursor to its hex, G, its number."""
        if self.mode == 2 and self.selected == unit:
            return
        if self.mode in (1, 2):
            self.press(keys, "F")
        u = st.units[unit - 1]
        self.cursor_to(keys, (u.col, u.row), actor)
        listed = self.own_units_at(st, (u.col, u.row), actor)
        self.press(keys, "G", str(listed.index(unit) + 1))
        self.mode, self.selected = 2, unit

    def choose(self, keys, listed, chosen, stack):
        """Y/N for each unit listed, F when the rest are out."""
        count = 0
        for k, n in enumerate(listed):
            if count == stack:
                return
            if n in chosen:
                self.press(keys, "Y")
                count += 1
            else:
                self.press(keys, "N")
            if count == len(chosen) and k + 1 < len(listed) and count < stack:
                self.press(keys, "F")
                return

    def keys_for(self, i) -> str:
        """The keys for call i (after the set-up)."""
        action = self.actions[i]
        st = self.state(i - 1)
        phase, actor, may = action.info
        if (phase, actor) != self.last:
            self.last = (phase, actor)
            self.mode, self.selected, self.logistics_unit = 0, 0, -1
        e, a = action.entry, action.args
        keys: list[str] = []
        if e == "PHASE_NEXT":
            if actor == NONE:
                after = self.state(i)
                if phase == Phase.VICTORY and after.phase != Phase.GAME_OVER:
                    self.press(keys, "N")             # no save
            else:
                self.press(keys, "{KEY 35}")
        elif e == "LOGISTICS":
            unit = a[0]
            if self.logistics_unit < 0:
                self.logistics_unit = self.find_logistics_unit(st, actor, 0)
            for _ in range(len(st.units) + 1):
                if self.logistics_unit == unit:
                    break
                self.press(keys, "F")
                self.logistics_unit = self.find_logistics_unit(st, actor, self.logistics_unit)
            assert self.logistics_unit == unit, f"call {i}: the front end never offers unit {unit}"
            self.press(keys, "R", *map(str, a[1:]))
            self.logistics_unit = self.find_logistics_unit(self.state(i), actor, unit)
        elif e == "CHOOSE_FIRST":
            self.press(keys, "Y" if a[0] else "N")
        elif e in ("MOVE", "FORTIFY", "SEA_MOVE"):
            self.select(keys, st, a[0], actor)
            self.press(keys, str(a[1]) if e == "MOVE" else "B" if e == "FORTIFY" else "S")
            if e != "FORTIFY" and action.refused is None:
                u = self.state(i).units[a[0] - 1]
                self.cursor = (u.col, u.row)
        elif e == "ACCESS":
            self.select(keys, st, a[0], actor)
            if action.refused is not None:
                self.mode, self.selected = 0, 0
        elif e == "FINISH_UNIT":
            self.press(keys, "F")
            self.mode, self.selected = 0, 0
        elif e == "END_REACTION":
            self.press(keys, "{KEY 35}")
        elif e == "ATTACK":
            attack_hex, defend_hex, attackers, defenders, intensity, risk, air = a
            assert max(intensity, risk, air) <= 9, f"call {i}: {a}: more than one key can give"
            attacker = self.selected if self.mode == 2 and self.selected in attackers else attackers[0]
            self.select(keys, st, attacker, actor)
            self.press(keys, str(hexgrid.direction_to(attack_hex, defend_hex)))
            stack = self.model.logistics.stacking_hex
            self.choose(keys, self.units_at(st, defend_hex), defenders, stack)
            self.choose(keys, self.own_units_at(st, attack_hex, actor), attackers, stack)
            self.press(keys, str(intensity), str(risk), str(air))
            self.mode, self.selected = 0, 0
        elif e == "DEFEND":
            self.press(keys, str(a[0]), str(a[1]))
            if action.refused is None:
                self.press(keys, " ")                 # the result: a key goes on
        else:
            raise AssertionError(f"no keys for {e}")
        return "".join(keys)


def struck_tobruk41(model):
    """Tobruk '41's start state with an Axis unit east of Tobruk (and not next to it) and
    the Axis depot 3 alone within the Desert Rats' radius: they strike on entering logistics."""
    from kotd.engine.fixtures import land
    from kotd.engine.setup import start_state
    s = start_state(model, "tobruk41")
    t = model.map.place_hex(model.map.tobruk)
    radius = model.logistics.desert_rats_radius
    taken = {u.hex for u in s.units if u.status == Status.ON_MAP}
    free = [h for h in land(model) if h not in taken and h[0] != t[0]]
    s.unit(8).col, s.unit(8).row = next(h for h in free if h[0] > t[0] and hexgrid.distance(h, t) > radius + 1)
    s.unit(3).col, s.unit(3).row = next(h for h in free if 0 < hexgrid.distance(h, t) <= radius)
    return s


def struck_flow(model):
    """struck_tobruk41 played by the reference as a front end plays it after loading it in
    place of the start slot (seed 5, two players) to the first step a player takes, the
    Axis's logistics: (the state to load, the reference's Flow there)."""
    from kotd.engine.flow import Flow
    from kotd.engine.setup import Options, apply_options
    struck = struck_tobruk41(model)
    want = struck.copy()
    apply_options(model, want, 5, Options(computer_allied=False))
    flow = Flow(model, want)
    while flow.info().actor is None:
        flow.step()
    return struck, flow


def load_in_place(machine, disk_load: int, state) -> None:
    """Every DISK_LOAD call on `machine` followed by `state` written over the state block
    it loaded: the front end plays `state` as if the slot held it."""
    loading = machine.cpu.call

    def call(address, **kw):
        answer = loading(address, **kw)
        if address == disk_load:
            machine.write_state(state)
        return answer
    machine.cpu.call = call


def struck_logistics(model):
    """struck_flow's state and, in its Axis logistics phase, the Axis units on the map in
    unit order and the index among them of the first the supply trace left out of supply
    (unit 8).  The unit displays' tests step to each with F."""
    struck, flow = struck_flow(model)
    axis = [u for u in flow.state.units if u.status == Status.ON_MAP and side_of(model, u.number) == "axis"]
    first_out = next(k for k, u in enumerate(axis) if not u.supplied)
    assert axis[first_out].number == 8
    return struck, axis, first_out


def setup_keys(model, scenario: str, seed: int, begin: str = "{START}") -> str:
    """Set-up screen: option 2 steps through the scenarios, 7 takes the game number;
    `begin` starts the game (the Atari's START, the Apple's space bar)."""
    return "2" * list(model.scenarios).index(scenario) + f"7{seed}\n{begin}"


#: Every key of manual VIII the front end reads during play (R and M of "additional
#: keys" are not there yet: docs/play.md), plus a space and RETURN.
PLAY_KEYS = list("0123456789RFDYNTBGS ") + ["{KEY 35}", "{RETURN}", "A", "Q"]
#: Weighted for play that gets somewhere: more unit picks and moves, fewer phase ends.
RANDOM_KEYS = PLAY_KEYS + list("123456GGGYYY123456R")


def reference_agrees(model, calls) -> None:
    """The calls made again on the reference step machine: each answered alike (done or
    refused) and the state block after each equal to the 6502's."""
    from kotd.build import abi
    from kotd.engine.flow import Flow
    from kotd.engine.logistics import LogisticsOrder
    from kotd.engine.movement import RuleError
    start = next(i for i, call in enumerate(calls) if call[0] == "NEW_GAME")
    flow = Flow(model, stateblock.decode(calls[start][4], model))
    queries = {"PHASE_INFO", "HEX_NEIGHBOUR", "DISPLAY_STRENGTH", "LOGISTICS_MAX", "SCORE", "FIND_UNIT"}
    for k, (entry, args, battle, status, after) in enumerate(calls[start + 1:], start + 1):
        if entry in queries or not isinstance(entry, str):      # DRAW_MAP: the screen only
            assert after == calls[k - 1][4], f"call {k} {entry}{args} changed the state"
            continue
        act = {
            "PHASE_NEXT": lambda: flow.step(),
            "LOGISTICS": lambda: flow.allocate(args[0], LogisticsOrder(*args[1:])),
            "CHOOSE_FIRST": lambda: flow.choose_first(args[0]),
            "MOVE": lambda: flow.move(*args), "FORTIFY": lambda: flow.fortify(*args),
            "SEA_MOVE": lambda: flow.sea_move(*args), "ATTACK": lambda: flow.declare_attack(*battle),
            "DEFEND": lambda: flow.defend(*args), "ACCESS": lambda: flow.access(*args),
            "FINISH_UNIT": lambda: flow.finish_unit(), "END_REACTION": lambda: flow.end_reaction(),
        }[entry]
        try:
            act()
            refused = 0
        except RuleError as exc:
            refused = abi.ERRORS.get(exc.code, -1)
        assert refused == status, f"call {k} {entry}{args}: 6502 status {status}, reference {refused}"
        want = stateblock.encode(flow.state, model)
        assert after == want, f"call {k} {entry}{args}: {first_difference(model, after, want)}"

def game_keys(model, scenario: str, seed: int, checks: int, first_turn_only: bool = False):
    """The recorded game (both sides the reference's simple players) as keys: the
    actions, the keys that reach each call (per_call[i], after the set-up), and the calls
    after which to compare the state: `checks` turn ends, then the last call
    (`first_turn_only`: the keys only as far as the first turn end, which is the one stop).
    Stopping before a keyed call: the front end has made every automatic call before it."""
    log = record(model, scenario, seed, computer_allied=False)
    actions = log.actions
    player = Player(model, actions)
    turn = lambda k: actions[k].after[1]                # TURN, the state block's second byte
    per_call, keyed = [""], []
    for i in range(1, len(actions)):
        per_call.append(player.keys_for(i))
        if per_call[i] and actions[i].info[1] != NONE:
            keyed.append(i)
            if first_turn_only and len(keyed) >= 3 and turn(keyed[-1] - 1) != turn(keyed[-2] - 1):
                return player, actions, per_call, [keyed[-1] - 1]
    stops = [k - 1 for k in keyed[1:]] + [len(actions) - 1]
    turn_ends = [k for p, k in zip(stops, stops[1:]) if turn(k) != turn(p)]
    chosen = sorted(set(turn_ends[:checks] + [stops[-1]]))
    return player, actions, per_call, chosen


def save_offer_keys(model, scenario: str, seed: int):
    """The recorded two-player game (the simple players) around its first save offer, for
    the save-and-load tests of both machines: (actions, per_call, victory, keyed), victory
    the victory phase's PHASE_NEXT (its keys answer the offer), keyed the calls after it
    that a side answers with keys (a game loaded from that save stands before the first)."""
    from kotd.engine.state import Phase
    actions = record(model, scenario, seed, computer_allied=False).actions
    player = Player(model, actions)
    per_call = [""] + [player.keys_for(i) for i in range(1, len(actions))]
    victory = next(i for i, act in enumerate(actions) if act.info[0] == Phase.VICTORY and act.entry == "PHASE_NEXT")
    keyed = [i for i in range(victory + 1, len(actions)) if per_call[i] and actions[i].info[1] != NONE]
    return actions, per_call, victory, keyed


def battle_order(model, ram, c):
    """The battle an ATTACK call finds in the block (its hexes, each side's units, intensity,
    risk, air), as the reference's declare_attack takes it; ``c`` the target's constants."""
    stack = model.logistics.stacking_hex
    hexes = [ram[c["BATTLE_HEXES"] + i] for i in range(4)]
    na, nd = ram[c["BATTLE_COUNT"]], ram[c["BATTLE_COUNT"] + 1]
    return ((hexes[0], hexes[1]), (hexes[2], hexes[3]),
            tuple(ram[c["BATTLE_UNITS"] + i] for i in range(min(na, stack))),
            tuple(ram[c["BATTLE_UNITS"] + stack + i] for i in range(min(nd, stack))),
            ram[c["BATTLE_INTENSITY"]], ram[c["BATTLE_RISK"]], ram[c["BATTLE_AIR"]])


def first_turn(model, scenario: str, setup, run_keys):
    """The recorded game (seed 1) typed to its first turn end: (report, the state there,
    the reference's, the call it stopped after).  setup(model, scenario, seed) gives the
    set-up keys, run_keys(keys) -> (report, machine)."""
    player, actions, per_call, chosen = game_keys(model, scenario, 1, 1, first_turn_only=True)
    stop = chosen[0]
    assert actions[stop].after[1] == actions[1].after[1] + 1, "the state after the first turn's last call"
    report, machine = run_keys(setup(model, scenario, 1) + "".join(per_call[1:stop + 1]))
    assert report.error is None, report.error
    got, want = machine.state_bytes(), actions[stop].after
    assert got == want, f"after call {stop} ({actions[stop].entry}): {first_difference(model, got, want)}"
    return report


def play(model, scenario, seed, checks, run_keys, begin="{START}"):
    """The recorded game typed in; the state block compared after the last call each of
    the chosen prefixes of the keys reaches (turn ends first, then the end).
    run_keys(keys) -> (report, machine)."""
    player, actions, per_call, chosen = game_keys(model, scenario, seed, checks)
    report = None
    for stop in chosen:
        keys = setup_keys(model, scenario, seed, begin) + "".join(per_call[1:stop + 1])
        report, machine = run_keys(keys)
        assert report.error is None, report.error
        want = actions[stop].after
        got = machine.state_bytes()
        assert got == want, f"after call {stop} ({actions[stop].entry}): {first_difference(model, got, want)}"
    return player, report
