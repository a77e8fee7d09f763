"""The sequence of play over a whole turn: phase order, operation point allotments,
air resets, initiative (manual III.1)."""

from kotd.engine.board import op_allowance
from kotd.engine.game import Game
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Phase


class Recorder:
    """Spends 1 OP of one unit in every operations phase and records what it saw."""

    def __init__(self, side, log, first=True):
        self.side, self.log, self.first = side, log, first

    def logistics(self, game, unit):
        return LogisticsOrder(0, 9, 9)

    def move_first(self, game):
        return self.first

    def operations(self, game):
        st = game.state
        ops = {s: [u.op for u in game.side_units(s)] for s in ("axis", "allied")}
        self.log.append((st.phase, self.side, ops, dict(st.air_usable)))
        for u in game.side_units(self.side):
            u.op = max(0, u.op - 1)            # a marker: spent OP must survive until an allotment
        st.air_usable[self.side] = 0

    def depot_movement(self, game):
        self.log.append((game.state.phase, self.side, None, None))

    def react(self, game):
        pass

    def defend(self, game, plan):
        return 5, 0


def run_turn(model, first_choice=True, **opts):
    state = new_game(model, "campaign", 1, Options(**opts))
    log = []
    game = Game(model, state, {"axis": Recorder("axis", log, first_choice), "allied": Recorder("allied", log)})
    game.play_turn()
    return model, state, log


def full(model, game_units):
    return [op_allowance(model, u) for u in game_units]


def test_phase_order_and_who_acts(model):
    _, state, log = run_turn(model)
    assert [(p, s) for p, s, *_ in log] == [
        (Phase.B1_OPERATIONS, "axis"), (Phase.B3_DEPOT_MOVEMENT, "axis"), (Phase.B4_ENEMY_REACTION, "allied"),
        (Phase.B5_OPERATIONS, "axis"), (Phase.B7_DEPOT_MOVEMENT, "axis"),
        (Phase.C1_OPERATIONS, "allied"), (Phase.C3_DEPOT_MOVEMENT, "allied"), (Phase.C4_ENEMY_REACTION, "axis"),
        (Phase.C5_OPERATIONS, "allied"), (Phase.C7_DEPOT_MOVEMENT, "allied")]
    assert state.turn == 2 and state.first_player == "axis"


def test_operation_point_allotments(model):
    _, state, log = run_turn(model)
    ops = {p: o for p, s, o, a in log if o is not None}
    allowance = {s: [op_allowance(model, u) for u in state.units
                     if u.status.name == "ON_MAP" and model.unit(u.number).side == s] for s in ("axis", "allied")}
    minus = lambda xs, k: [max(0, x - k) for x in xs]
    # B1: every unit of both sides at its full allowance
    assert ops[Phase.B1_OPERATIONS] == allowance
    # B4: the Second Player acts on what it was given at B1
    assert ops[Phase.B4_ENEMY_REACTION]["allied"] == allowance["allied"]
    assert ops[Phase.B4_ENEMY_REACTION]["axis"] == minus(allowance["axis"], 1)
    # B5: only the First Player's units are refilled
    assert ops[Phase.B5_OPERATIONS]["axis"] == allowance["axis"]
    assert ops[Phase.B5_OPERATIONS]["allied"] == minus(allowance["allied"], 1)
    # C1: no allotment: the Second Player still has its B1 points
    assert ops[Phase.C1_OPERATIONS]["allied"] == minus(allowance["allied"], 1)
    # C5: only the Second Player's units are refilled
    assert ops[Phase.C5_OPERATIONS]["allied"] == allowance["allied"]
    assert ops[Phase.C5_OPERATIONS]["axis"] == minus(allowance["axis"], 2)


def test_air_usable_reset_at_every_operations_and_reaction_phase(model):
    _, state, log = run_turn(model)
    for phase, side, ops, air in log:
        if air is not None:
            assert air == state.air


def test_initiative_holder_may_let_the_enemy_go_first(model):
    _, state, log = run_turn(model, first_choice=False)
    assert state.initiative == "axis" and state.first_player == "allied"
    assert log[0][:2] == (Phase.B1_OPERATIONS, "allied")


def test_random_initiative_is_even(model):
    holders = []
    for seed in range(1, 201):
        state = new_game(model, "campaign", seed, Options(random_initiative=True))
        game = Game(model, state, {"axis": Recorder("axis", []), "allied": Recorder("allied", [])})
        game.play_turn()
        holders.append(state.initiative)
    assert 70 < holders.count("axis") < 130
