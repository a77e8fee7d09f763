"""The reference computer player (kotd.engine.ai_good): deterministic, always legal,
and the behaviours docs/ai.md claims, on small fixed seed sets (the large figures
come from `kotd tournament`)."""

import pytest

from kotd.cli import SCENARIO_IDS
from kotd.engine.ai_good import GoodAI, est_strength
from kotd.engine.game import Game, GameOver
from kotd.engine.movement import RuleError
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Phase
from kotd.tournament import Setting, play_one


def play(model, scenario, seed, axis="good", allied="good", **opts):
    return play_one(model, scenario, seed, axis, allied, Setting(**opts))


class StrictGame(Game):
    """A Game that fails the test on any RuleError the player provokes and swallows."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.refused = 0

    def _refuse(self, fn, *args):
        try:
            return fn(*args)
        except RuleError:
            self.refused += 1
            raise

    def move(self, number, direction):
        return self._refuse(super().move, number, direction)

    def attack(self, *args):
        return self._refuse(super().attack, *args)


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_whole_games_are_legal_and_end(model, scenario):
    """The good player on both sides never tries a move or an attack the rules refuse
    (it may probe fortification and the sealift, which it catches by design)."""
    for seed in (1, 2):
        state = new_game(model, scenario, seed, Options())
        game = StrictGame(model, state, {"axis": GoodAI("axis"), "allied": GoodAI("allied")})
        game.play()
        assert game.state.phase == Phase.GAME_OVER and game.state.level in model.victory.levels
        assert game.refused == 0, (scenario, seed)


def test_same_seed_same_game(model):
    a = play(model, "campaign41", 3)
    b = play(model, "campaign41", 3)
    assert a == b
    c = play(model, "campaign41", 4)
    assert (c.score, c.attacks) != (a.score, a.attacks)


def test_two_player_setting_plays(model):
    r = play(model, "tobruk42", 1, solitaire=False)
    assert r.level in model.victory.levels


def test_the_axis_reads_the_allies_through_the_display_noise(model):
    state = new_game(model, "tobruk41", 1, Options(computer_allied=True))
    allied = next(u for u in state.units if u.on_map and model.unit(u.number).side == "allied"
                  and not model.unit(u.number).is_depot)
    allied.noise = 80
    assert est_strength(state, model, allied, "axis") == (allied.strength * 80 + 50) // 100
    assert est_strength(state, model, allied, "allied") == allied.strength
    state.computer_allied = False
    assert est_strength(state, model, allied, "axis") == allied.strength


def test_good_allies_beat_simple_axis_in_tobruk41(model):
    """Seeds 1-4: the good Allies win every game against the simple Axis (the simple
    player on both sides splits these seeds)."""
    for seed in range(1, 5):
        assert play(model, "tobruk41", seed, axis="simple").winner == "allied", seed


def test_alamein_british_offensive_comes_after_the_build_up(model):
    """Good against good at El Alamein: the Allies attack more in the last two turns
    (November 1942 and after) than in the first two."""
    early = late = 0
    for seed in (1, 2, 3):
        r = play(model, "alamein", seed)
        early += sum(t["allied"] for t in r.attacks[:2])
        late += sum(t["allied"] for t in r.attacks[2:])
    assert late > early


def test_ops_are_counted_and_bounded(model):
    """The player's work per turn is counted (docs/ai.md translates it to cycles) and
    stays under the bound the document states."""
    r = play(model, "campaign41", 1)
    for side in ("axis", "allied"):
        assert r.ops[side] and max(r.ops[side]) < 40000


def test_fortification_stops_where_it_stops_helping(model):
    """No good player's unit is ever fortified beyond its terrain's useful level."""
    state = new_game(model, "alamein", 2, Options())
    game = Game(model, state, {"axis": GoodAI("axis"), "allied": GoodAI("allied")})
    f = model.fortification
    while not game.over:
        try:
            game.play_turn()
        except GameOver:
            break
        for u in state.units:
            if u.on_map:
                t = model.terrain[model.map.terrain_at(*u.hex)]
                useful = min(t.max_fort, (f.multiplier_cap_tenths - t.defence_tenths) // f.step_tenths)
                assert u.fort <= max(useful, 0) or model.unit(u.number).is_garrison, (u.number, u.fort)


def test_a_unit_that_began_the_turn_cut_off_heads_back_into_supply(model):
    from kotd import hexgrid
    from kotd.engine import supply
    from kotd.engine.board import op_allowance
    from kotd.engine.game import OPERATIONS
    state = new_game(model, "campaign41", 1, Options())
    axis = GoodAI("axis")
    game = Game(model, state, {"axis": axis, "allied": GoodAI("allied")})
    panzer = state.unit(8)
    panzer.col, panzer.row = 6, 9                      # open desert, 5 hexes from the nearest Axis source
    game.enter_phase(Phase.B1_OPERATIONS, OPERATIONS, "axis")
    for u in state.units:
        if u.on_map:
            u.op = op_allowance(model, u)
    sources = supply.sources(model, state, "axis")
    before = min(hexgrid.distance(panzer.hex, s) for s in sources)
    assert supply.supply_range(model, state, panzer) < before <= supply.supply_range(model, state, panzer) + 6
    panzer.cut_off = True                             # noted in its Logistics phase
    axis.operations(game)
    after = min(hexgrid.distance(panzer.hex, s) for s in supply.sources(model, state, "axis"))
    assert after < before


def test_rommels_first_drive_takes_bardia_and_rings_tobruk(model):
    """VI.3: at the end of turn 1 of Tobruk '41 (seeds 1-2, good against good) Bardia is
    Axis and Tobruk surrounded; the plain player (no opening) takes no Bardia."""
    for seed in (1, 2):
        r = play(model, "tobruk41", seed)
        assert r.turn1["bardia"] == "axis" and r.turn1["tobruk_surrounded"], seed
    assert play(model, "tobruk41", 1, axis="plain").turn1["bardia"] != "axis"


def test_a_depot_cut_from_the_chain_goes_back_to_mend_it(model):
    """An Axis depot beyond the chain distance of every valid source moves toward them
    in the Depot Movement phase (it would otherwise stay a useless, forward-only depot)."""
    from kotd import hexgrid
    from kotd.engine import supply
    from kotd.engine.board import op_allowance
    from kotd.engine.game import DEPOTS
    state = new_game(model, "campaign41", 1, Options())
    axis = GoodAI("axis")
    game = Game(model, state, {"axis": axis, "allied": GoodAI("allied")})
    depot = state.unit(7)
    depot.col, depot.row = 12, 8                         # open desert, 11 hexes from El Agheila
    game.enter_phase(Phase.B3_DEPOT_MOVEMENT, DEPOTS, "axis")
    depot.op = op_allowance(model, depot)
    assert depot.number not in {d.number for d in supply.valid_depots(model, state, "axis")}
    anchors = supply.roots(model, state, "axis") + [d.hex for d in supply.valid_depots(model, state, "axis")]
    before = min(hexgrid.distance(depot.hex, a) for a in anchors)
    axis.depot_movement(game)
    assert min(hexgrid.distance(depot.hex, a) for a in anchors) < before


def test_the_last_turns_drive_strikes_on_its_way(model, monkeypatch):
    """Tobruk '41 has one turn: the drive's units strike Benghazi before they drive on,
    keeping their roads (docs/ai.md "The opening").  Against the simple Allies under the
    solitaire rules (seeds 2 and 3) Benghazi falls and Bardia and the ring are still
    taken; drives that never stop to fight leave Benghazi Allied in both games."""
    from kotd.tournament import PLAYERS, WatchedGame

    def benghazi(seed):
        state = new_game(model, "tobruk41", seed, Options(computer_allied=True))
        game = WatchedGame(model, state, {"axis": PLAYERS["good"]("axis"), "allied": PLAYERS["simple"]("allied")})
        game.play()
        return game.state.control["benghazi"], game.after_turn[0]

    for seed in (2, 3):
        held, turn1 = benghazi(seed)
        assert held == "axis" and turn1["bardia"] == "axis" and turn1["tobruk_surrounded"], seed
    monkeypatch.setattr(GoodAI, "_roads", lambda self, game, targets: {})
    assert [benghazi(seed)[0] for seed in (2, 3)] == ["allied", "allied"]
