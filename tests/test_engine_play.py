"""Movement, fortification, sea movement, limited reaction, the sequence of play,
victory and the game set-up."""

import pytest

from kotd import hexgrid
from kotd.engine import victory
from kotd.engine.board import home_base, tobruk
from kotd.engine.fixtures import empty_state, open_ground, place
from kotd.engine.game import DEPOTS, ENEMY_REACTION, OPERATIONS, Game, GameOver
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.movement import RuleError
from kotd.engine.setup import Options, apply_options, create_unit_strength, new_game, start_state
from kotd.engine.state import GameState, Phase, Status, UnitState

AXIS_PZ, AXIS_INF, ARIETE, AXIS_DEPOT, BR_ARM, AUST, SAPI, BR_DEPOT = 8, 9, 10, 2, 36, 37, 38, 30


class Scripted:
    """A player that does what the test tells it and records what it was asked."""

    def __init__(self, react=None, defend=(5, 0)):
        self.reactions = 0
        self._react = react
        self._defend = defend

    def logistics(self, game, unit):
        return LogisticsOrder(9, 9, 9)

    def move_first(self, game):
        return True

    def operations(self, game):
        pass

    def depot_movement(self, game):
        pass

    def react(self, game):
        self.reactions += 1
        if self._react:
            self._react(game)

    def defend(self, game, plan):
        return self._defend


def game_in(model, state, kind=OPERATIONS, side="axis", axis=None, allied=None):
    g = Game(model, state, {"axis": axis or Scripted(), "allied": allied or Scripted()})
    g.enter_phase(Phase.B1_OPERATIONS, kind, side)
    return g


def step_into(model, frm, terrain_id):
    for d in hexgrid.DIRECTIONS:
        n = hexgrid.step(*frm, d)
        if model.map.on_map(*n) and model.terrain[model.map.terrain_at(*n)].id == terrain_id:
            return d, n
    return None, None


def test_movement_pays_the_terrain_chart(model):
    ground = open_ground(model)
    state = empty_state(model)
    u = place(model, state, AXIS_PZ, ground[0])
    game_in(model, state).move(AXIS_PZ, 3)
    clear = model.terrain_by_id("clear")
    assert (u.op, u.supply) == (36 - clear.op_cost["mobile"], 600 - clear.supply_cost["mobile"])


def test_no_entry_into_ocean_or_off_the_map(model):
    state = empty_state(model)
    t = tobruk(model)
    u = place(model, state, AXIS_PZ, t)
    d, _ = step_into(model, t, "ocean")
    with pytest.raises(RuleError):
        game_in(model, state).move(AXIS_PZ, d)
    assert u.hex == t


def test_move_needs_op_and_supply(model):
    ground = open_ground(model)
    state = empty_state(model)
    place(model, state, AXIS_PZ, ground[0], op=2)
    with pytest.raises(RuleError):
        game_in(model, state).move(AXIS_PZ, 3)
    state = empty_state(model)
    place(model, state, AXIS_PZ, ground[0], supply=8)
    with pytest.raises(RuleError):
        game_in(model, state).move(AXIS_PZ, 3)


def test_stacking_6_and_4_in_tobruk(model):
    state = empty_state(model)
    t = tobruk(model)
    d, frm = next((d, hexgrid.step(*t, d)) for d in hexgrid.DIRECTIONS
                  if model.terrain[model.map.terrain_at(*hexgrid.step(*t, d))].passable)
    back = (d + 2) % 6 + 1
    for n in (12, 13, 14, 15):
        place(model, state, n, t)
    place(model, state, AXIS_PZ, frm)
    g = game_in(model, state)
    with pytest.raises(RuleError):
        g.move(AXIS_PZ, back)
    ground = open_ground(model)
    state = empty_state(model)
    target = hexgrid.step(*ground[0], 3)
    for n in (12, 13, 14, 15, 16, 17):
        place(model, state, n, target)
    place(model, state, AXIS_PZ, ground[0])
    with pytest.raises(RuleError):
        game_in(model, state).move(AXIS_PZ, 3)


def test_garrisons_never_move_depots_only_in_their_phase(model):
    state = empty_state(model)
    base = home_base(model, "axis")
    place(model, state, 1, base)
    ground = open_ground(model)
    place(model, state, AXIS_DEPOT, ground[0])
    g = game_in(model, state)
    with pytest.raises(RuleError):
        g.move(1, 3)
    with pytest.raises(RuleError):
        g.move(AXIS_DEPOT, 3)
    g.enter_phase(Phase.B3_DEPOT_MOVEMENT, DEPOTS, "axis")
    g.move(AXIS_DEPOT, 3)
    place(model, state, AXIS_PZ, ground[0])
    with pytest.raises(RuleError):
        g.move(AXIS_PZ, 3)


def test_fortify_costs_and_is_lost_on_moving(model):
    ground = open_ground(model)
    state = empty_state(model)
    u = place(model, state, AXIS_PZ, ground[0])
    g = game_in(model, state)
    g.fortify(AXIS_PZ)
    g.fortify(AXIS_PZ)
    f = model.fortification
    assert u.fort == 2 and u.op == 36 - 2 * f.op_cost["mobile"] and u.supply == 600 - 2 * f.supply_cost["mobile"]
    g.move(AXIS_PZ, 3)
    assert u.fort == 0


def test_fortification_stops_at_the_hard_cap(model):
    ground = open_ground(model)
    state = empty_state(model)
    u = place(model, state, 12, ground[0], fort=model.fortification.max_level)
    with pytest.raises(RuleError):
        game_in(model, state).fortify(12)
    assert u.fort == model.fortification.max_level


def test_sea_movement_once_a_turn_not_after_tobruk_replacements(model):
    state = empty_state(model)
    state.sealift_left = 1
    t, alex = tobruk(model), home_base(model, "allied")
    a = place(model, state, AUST, t)
    b = place(model, state, SAPI, t)
    g = game_in(model, state, side="allied")
    g.sea_move(AUST)
    assert a.hex == alex and a.op == 0
    with pytest.raises(RuleError):
        g.sea_move(SAPI)
    state.sealift_left, state.sealift_blocked = 1, True
    with pytest.raises(RuleError):
        g.sea_move(SAPI)
    state.sealift_blocked = False
    state.control[model.map.tobruk] = "axis"
    with pytest.raises(RuleError):
        g.sea_move(SAPI)
    assert b.hex == t


def lr_setup(model, seed):
    """An Axis unit about to move next to an Allied unit into an empty hex."""
    ground = set(open_ground(model, min_gap=3))
    # the Panzers' start, their target and the Australians two hexes further, with
    # room around them for the reacting units the tests add
    start = next(h for h in sorted(ground)
                 if all(hexgrid.step(*hexgrid.step(*h, 3), d) in ground for d in (3, 4))
                 and hexgrid.step(*hexgrid.step(*hexgrid.step(*h, 3), 3), 3) in ground)
    target = hexgrid.step(*start, 3)
    enemy = hexgrid.step(*target, 3)
    state = empty_state(model, seed=seed)
    place(model, state, AXIS_PZ, start)
    place(model, state, AUST, enemy)
    return state


def test_moving_next_to_the_enemy_triggers_limited_reaction_70_percent(model):
    triggered = 0
    for seed in range(1, 301):
        state = lr_setup(model, seed)
        allied = Scripted()
        game_in(model, state, allied=allied).move(AXIS_PZ, 3)
        triggered += allied.reactions
    assert 0.62 < triggered / 300 < 0.78


def test_no_limited_reaction_when_a_friend_is_already_there(model):
    for seed in range(1, 40):
        state = lr_setup(model, seed)
        place(model, state, AXIS_INF, hexgrid.step(*state.unit(AXIS_PZ).hex, 3))
        allied = Scripted()
        game_in(model, state, allied=allied).move(AXIS_PZ, 3)
        assert allied.reactions == 0


def test_limited_reaction_half_allowance_one_battle(model):
    seen = {}

    def react(game):
        seen["budget"] = game.access(AUST)
        with pytest.raises(RuleError):
            game.move(SAPI, 1)                                 # not the accessed unit
        seen["odds"] = game.attack(state.unit(AUST).hex, state.unit(AXIS_PZ).hex, [AUST],
                                   [AXIS_PZ], 1, 5, 0).odds
        with pytest.raises(RuleError):
            game.attack(state.unit(AUST).hex, state.unit(AXIS_PZ).hex, [AUST], [AXIS_PZ], 1, 5, 0)

    for seed in range(1, 50):
        state = lr_setup(model, seed)
        place(model, state, SAPI, hexgrid.step(*state.unit(AUST).hex, 3))
        allied = Scripted(react=react)
        game_in(model, state, allied=allied).move(AXIS_PZ, 3)
        if allied.reactions:
            break
    assert seen["budget"] == 18 // 2 and "odds" in seen


def test_limited_reaction_continues_only_on_a_50_percent_check(model):
    results = []

    def react(game):
        game.access(SAPI)
        results.append(game.finish_unit())

    for seed in range(1, 400):
        state = lr_setup(model, seed)
        place(model, state, SAPI, hexgrid.step(*state.unit(AUST).hex, 3))
        game_in(model, state, allied=Scripted(react=react)).move(AXIS_PZ, 3)
    assert 0.4 < sum(results) / len(results) < 0.6


def test_limited_reaction_ends_on_moving_next_to_the_enemy(model):
    state_box = {}

    def react(game):
        st = game.state
        sapi, pz = st.unit(SAPI), st.unit(AXIS_PZ).hex
        game.access(SAPI)
        d = next(d for d in hexgrid.DIRECTIONS
                 if hexgrid.distance(hexgrid.step(*sapi.hex, d), pz) == 1
                 and hexgrid.step(*sapi.hex, d) != st.unit(AUST).hex)
        game.move(SAPI, d)
        state_box["open"] = game.reaction.open

    for seed in range(1, 60):
        state = lr_setup(model, seed)
        pz_next = hexgrid.step(*state.unit(AXIS_PZ).hex, 3)      # where the Panzers will stop
        place(model, state, SAPI, hexgrid.step(*hexgrid.step(*pz_next, 4), 4))
        allied = Scripted(react=react)
        game_in(model, state, allied=allied).move(AXIS_PZ, 3)
        if allied.reactions:
            break
    assert state_box["open"] is False


def test_battle_in_operations_may_trigger_limited_reaction_25_percent(model):
    count = 0
    for seed in range(1, 201):
        state = lr_setup(model, seed)
        pz = state.unit(AXIS_PZ)
        pz.col, pz.row = hexgrid.step(*pz.hex, 3)
        allied = Scripted()
        g = game_in(model, state, allied=allied)
        g.attack(pz.hex, state.unit(AUST).hex, [AXIS_PZ], [AUST], 1, 1, 0)
        count += allied.reactions
    assert 0.17 < count / 200 < 0.33


def test_taking_the_enemy_home_base_ends_the_game(model):
    state = empty_state(model)
    alex = home_base(model, "allied")
    d, frm = next((d, hexgrid.step(*alex, d)) for d in hexgrid.DIRECTIONS
                  if model.map.on_map(*hexgrid.step(*alex, d))
                  and model.terrain[model.map.terrain_at(*hexgrid.step(*alex, d))].passable)
    place(model, state, AXIS_PZ, frm)
    g = game_in(model, state)
    with pytest.raises(GameOver):
        g.move(AXIS_PZ, (d + 2) % 6 + 1)
    assert state.winner == "axis" and state.level == "axis_strategic" and g.over


def test_towns_change_hands_when_entered(model):
    state = empty_state(model)
    pid = "bardia"
    bardia = model.map.place_hex(pid)
    d, frm = next((d, hexgrid.step(*bardia, d)) for d in hexgrid.DIRECTIONS
                  if model.terrain[model.map.terrain_at(*hexgrid.step(*bardia, d))].passable)
    place(model, state, AXIS_PZ, frm)
    game_in(model, state).move(AXIS_PZ, (d + 2) % 6 + 1)
    assert state.control[pid] == "axis"


# --- victory ----------------------------------------------------------------------------

def test_distance_bands(model):
    points = [victory.distance_points(model, d) for d in (0, 3, 4, 12, 13, 21, 22, 29, 30, 34, 40)]
    assert points == [0, 0, 3, 3, 6, 6, 9, 9, 12, 12, 12]


def test_town_and_distance_vp_at_turn_end(model):
    state = empty_state(model)
    state.control = {pid: "axis" for pid in model.victory.towns}
    place(model, state, 1, home_base(model, "axis"))
    gained = victory.end_of_turn(model, state)
    assert gained["axis"] == (sum(model.victory.towns.values()), 0)
    assert state.vp["axis"] == sum(model.victory.towns.values())


def test_casualty_vp_and_score(model):
    state = empty_state(model)
    state.casualties = {"axis": 301, "allied": 5}
    state.vp = {"axis": 10, "allied": 20}
    assert victory.total_vp(model, state, "axis") == 110
    assert victory.score(model, state) == 110 - 21


def test_victory_levels(model):
    assert victory.victory_level(model, "tobruk41", -131) == "allied_strategic"
    assert victory.victory_level(model, "tobruk41", -130) == "allied_tactical"
    assert victory.victory_level(model, "tobruk41", 49) == "allied_marginal"
    assert victory.victory_level(model, "tobruk41", 50) == "axis_marginal"
    assert victory.victory_level(model, "campaign", 2400) == "axis_strategic"
    assert victory.victory_level(model, "campaign", 2399) == "axis_tactical"


# --- set-up ------------------------------------------------------------------------------

def test_combat_rating_scales_strength_and_ceiling_never_below_15_percent(model):
    assert create_unit_strength(model, 14, 45, 70) == (32, 210)      # Sabratha
    assert create_unit_strength(model, 2, 30, 70) == (21, 140)       # an Axis depot
    assert create_unit_strength(model, 8, 665, 160) == (1064, 1280)


def test_the_start_state_is_the_set_up_at_historical_values(model):
    """start_state makes no draw and scales nothing; apply_options on it is new_game."""
    for sid, scenario in model.scenarios.items():
        start = start_state(model, sid)
        setup = model.setups[scenario.setup]
        assert start.air == setup.air and start.carry == GameState(sid, 1, 1, [], 1).carry
        for su in setup.units:
            unit = start.unit(su.number)
            assert (unit.status, unit.strength, unit.ceiling) == (Status.ON_MAP, su.strength,
                                                                  model.unit(su.number).ceiling)
        assert start.unit(57).status != Status.ABSENT                  # the optional depots are in
        options = Options.at_levels(model, "novice", "expert", optional_depots=False)
        applied = start.copy()
        apply_options(model, applied, 77, options)
        assert applied == new_game(model, sid, 77, options)
        assert applied.unit(57) == UnitState(number=57)


def test_optional_depots_only_with_the_option(model):
    plain = new_game(model, "campaign", 1)
    extra = new_game(model, "campaign", 1, Options(optional_depots=True))
    assert plain.unit(57).status == Status.ABSENT and extra.unit(57).status == Status.ON_MAP


def test_reinforcement_rating_moves_arrivals_within_the_bound(model):
    opts = Options()
    opts.ratings["axis"]["reinforcements"] = 1                       # up to 4 turns early
    early = new_game(model, "campaign", 3, opts)
    base = new_game(model, "campaign", 3)
    moved = 0
    for a, b in zip(early.units, base.units):
        if b.status == Status.WAITING and model.unit(b.number).side == "axis":
            assert max(1, b.arrival_turn - 4) <= a.arrival_turn <= b.arrival_turn
            moved += a.arrival_turn != b.arrival_turn
        else:
            assert a.arrival_turn == b.arrival_turn
    assert moved > 0
