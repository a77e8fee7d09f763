"""The reference computer player ("good"), for either side (issue 14; docs/ai.md).

Written to be stated again in 6502: integer arithmetic only, every loop bounded by
the number of units, hexes or directions, tables of a few bytes, no random draws of
its own and no dependence on Python's dict order (every choice breaks ties by unit
number or hex).  It sees the enemy as a human would: against the computer-run Allies
of solitaire play the Axis player reads their strengths through the display noise.

Each phase it:
  1. decides a posture from the Turn Chart and the strength ratio (POSTURE below);
  2. attacks where the estimated odds, the defender's likely air included, are good,
     the weakest and most valuable enemy hexes first, and again while they stay good;
  3. moves: units cut off or starving go back to supply; in defence, outnumbered units
     fall back and the rest hold the line; in offence, objectives (enemy towns, the
     hexes around Tobruk, enemy units) are handed out greedily, nearest unit first,
     each within a supply tether its depots can follow;
  4. attacks again from the new positions, then fortifies only up to the level that
     still adds defence.
Depots move as a chain toward the lead units, forward only, so they never shuttle.

`ops_per_turn` counts the player's elementary steps (a path-field node, a move tried,
an odds estimate, a chain check), the figure to translate into 6502 cycles later.
"""

from __future__ import annotations

from .. import hexgrid
from ..model.types import Model, other_side
from . import combat, supply
from .board import Hex, home_base, occupancy, op_allowance, side_of, terrain, tobruk, utype
from .game import AttackPlan, Game
from .logistics import LogisticsOrder, rats_strike
from .movement import RuleError, check_move, supply_per_op
from .state import Phase, Status, UnitState

UNREACHABLE = 9999
FIELD_MAX = 254                  # the most operation points a cost field holds: the 6502 twin keeps a
                                 # byte a hex, 255 unreachable (docs/ai.md "The 6502 twin"; the most
                                 # measured in games is 103, on the empty map 82)

# Odds (hundredths) needed to attack, by posture; lower against a valuable hex.
ATTACK_ODDS_OFFENCE = 120
ATTACK_ODDS_PLANNED = 100        # in a planned offensive (OFFENSIVE_DATES) even odds: grind
ATTACK_ODDS_FLOOR = 100          # never below even odds ...
ATTACK_ODDS_CRUSHING = 50        # ... except in a planned offensive with RATIO_CRUSHING of the enemy's strength, or in
                                 # the last turn (nothing after it to spare strength for): the defender still loses
                                 # base x (risk + 0.25) to the attacker's base x risk
RATIO_CRUSHING = {"axis": 200, "allied": 100}   # the Axis with twice the Allies' strength; the British offensive
                                 # at El Alamein (VI.12) from even strength: it grinds the line down
ATTACK_ODDS_DEFENCE = 100        # in defence (a counter-attack, VI.9): even odds (the Allies hold a line
                                 # near their base; the Axis without Tobruk fights for the road to it) ...
ATTACK_ODDS_DEFENCE_TOBRUK = 120  # ... but the Axis with Tobruk its own, the root of its depot chain, at 1.2:
                                  # it presses at the end of its supply with its pool husbanded (VI.14)
ATTACK_ODDS_TOWN_CUT = 20        # less needed against a town or the Tobruk ring
REACTION_ODDS = 200
ATTACKS_PER_TARGET = 3           # repeated battles on one hex in one phase
ATTACK_ODDS_HOME = 100           # what an attack from the home base needs, whatever the posture
ATTACK_AIR_SMALL = 3             # the air a small attack commits (ATTACK_AIR_BIG: all it may)
TARGET_HOME_VALUE = 200          # a target's worth: the enemy's home base ...
TARGET_RING_VALUE = 50           # ... a hex next to Tobruk, for the Axis (and a town's VP)

# Intensity and risk by odds: (lowest odds, intensity, risk); first row that fits.
# Casualties: the defender loses base x (risk + odds/2) against the attacker's base x
# risk, so at even odds or better a harder battle hands the enemy more points than it
# costs; the intensity is then cut to what every attacker's supply pays for.
ATTACK_STYLE = ((300, 9, 3), (200, 9, 4), (150, 8, 5), (0, 6, 5))
ATTACK_SUPPLY_KEEP = 150         # supply each attacker keeps after the battle (upkeep and a move)
DEFENCE_RISK = 3
DEFENCE_AIR = 3                  # the air a defender is assumed to commit
ATTACK_AIR_BIG = 800             # attacking strength from which all usable air goes in

# Posture by Turn Chart date: sides that plan an offensive in that turn (the
# historical rhythm: Rommel's spring 1941 and 1942 drives, Crusader in November
# 1941, the British offensive at El Alamein from October/November 1942).
OFFENSIVE_DATES = {
    "axis": ("1941-03", "1941-05", "1942-01", "1942-03", "1942-05", "1942-07"),
    "allied": ("1941-11", "1942-11", "1943-01"),
}
RATIO_OFFENCE = 150              # otherwise attack when own/enemy strength >= 1.5
RATIO_DATED_OFFENCE = 70         # a dated offensive needs at least 0.7 of the enemy's strength
EXPOSED_RATIO = 2                # no step next to an enemy stack twice the mover's defence
RATIO_WITHDRAW = 200             # local enemy/own strength that makes a unit fall back
LOCAL_RADIUS = 2                 # ... local: within this many hexes of the unit

REAR_THREAT_VALUE = 150          # an enemy stack this close to one of our supply sources cuts
REAR_THREAT_RADIUS = 3           # ... the depot chain: it is worth clearing first
RING_VALUE = 200                 # each empty hex around an Allied Tobruk, for the Axis
STACK_VALUE = 20                 # an enemy stack is worth its strength over the victory rule's casualty divisor
                                 # (the casualty points for destroying it), its town's value and this
STACK_WANTED_NUM = 3             # an enemy stack wants its defence x NUM / DEN
STACK_WANTED_DEN = 2
TOWN_VALUE_FACTOR = 2            # a town is worth this times its VP (gained by one side, lost by the other)
PLACE_WANTED = 150               # the strength sent to an empty town or a hex of the Tobruk ring
HOME_BASE_VALUE = 30             # the enemy home base, always an objective ...
HOME_BASE_WANTED = 600           # ... for this much strength
MAX_OBJECTIVES = 12              # objectives considered a phase (each costs a cost field)
FAR_PHASES = 2                   # beyond this many phases (a turn) a stack too strong for all the
                                 # free units is worth only the share of it they can take on
MAX_PHASES_AWAY = 4              # objectives further than this many operations phases are left
LAST_TURN_PHASES_AWAY = 2        # ... in the last turn, further than this many (one turn)
WORTH_SCALE = 8                  # a pair's worth is scaled by this before the phases divide it (a power of
                                 # two: the 6502 twin shifts)
TOBRUK_HOLDERS = 3               # Allied units kept in Tobruk while it is theirs
HOLD_THREAT_RADIUS = 3           # a town with an enemy this close keeps one unit in it
SUPPLY_RESERVE = 250             # a unit below this goes back toward supply
TETHER_LEAD = 5                  # hexes beyond supply range a well-stocked unit may go
TETHER_LEAD_FULL = 12            # ... and one with TETHER_FULL_SUPPLY or more (two turns' upkeep and the road)
TETHER_FULL_SUPPLY = 400
TETHER_LEAD_LOW = 1              # ... and one below SUPPLY_RESERVE
FORT_MIN_SUPPLY = 300            # fortify only while this much supply remains
SEALIFT_THREAT_RADIUS = 4        # the Allies sealift into Tobruk while an enemy is this close to it
# Logistics orders by the nearest enemy unit on the map (NO_ENEMY_DISTANCE hexes when there
# is none): (within this many hexes, supply digit, priority digit), nearest first, units that
# will fight using supply; further, LOGISTICS_FAR's digits (the Axis pool husbanded in the
# rear).  Replacements always TOP_DIGIT: the highest digit of data/logistics.yaml
# digit_percent, everything (logistics_digit).
TOP_DIGIT = None
LOGISTICS_BANDS = ((3, TOP_DIGIT, TOP_DIGIT), (8, 7, 6))
LOGISTICS_FAR = (4, 2)
NO_ENEMY_DISTANCE = 99
DEPOT_HOST_BONUS = 10            # a hex with friendly combat units is worth 10 operation points of progress
DEPOT_CROWD_PENALTY = 6          # each depot already there costs 6
OPENING_SUPPLY_KEEP = 300        # before an opening drive, attackers keep this much supply
RING_STRENGTH = 450              # the strength the opening puts on each hex of the Tobruk ring
RING_HOLD_SUPPLY = 150           # a unit of the Tobruk ring holds while it has this much supply
DEPOT_MEND_WEIGHT = 100          # a stranded depot: each hex beyond the chain distance outweighs all else
DEPOT_TRIES = 8                  # the best hexes a depot tries for the chain check, best first
DEPOT_THREAT_RADIUS = 3          # a depot alone with an enemy this close may go back
# Opening plans by (side, Turn Chart date): (the side's operations phase of the turn
# from which the plan applies, the places).  Rommel's first drive (VI.3: "the Axis
# should be able to take Bardia and surround Tobruk"): the first phase takes Benghazi
# with everything (the mobile units keep OPENING_SUPPLY_KEEP for the road), the second
# sends the mobile units, each by its cheapest path, to Bardia and the three land hexes
# around Tobruk, with no supply tether and no exposure check; Tobruk is not attacked
# while the plan rings it, and the ring then holds (RING_HOLD_SUPPLY).
OPENINGS = {("axis", "1941-03"): (2, ("bardia", "tobruk_ring"))}

# In defence the Axis, whose every hex forward is worth distance points (VI.4), keeps
# pressing as far as its supply reaches; the Allies, near their base, hold a line.
DEFENCE_PRESSES = {"axis": True, "allied": False}
DEFENCE_LEAD = 1                 # hexes past supply range a unit goes in defence
LINE_GAP = 2                     # the line forms on anchors at most this far from a source
CUT_OFF_SLACK = 6                # a unit this far past its range waits for the depots, no further


def logistics_digit(model: Model, digit: int | None) -> int:
    """A digit of LOGISTICS_BANDS or LOGISTICS_FAR as entered: TOP_DIGIT is the highest."""
    return len(model.logistics.digit_percent) - 1 if digit is TOP_DIGIT else digit


def est_strength(state, model: Model, unit: UnitState, viewer: str) -> int:
    """A unit's strength as the viewing side sees it: the solitaire display noise on
    the computer's Allies, rounded half up (docs/rules.md, Solitaire)."""
    if viewer == "axis" and state.computer_allied and side_of(model, unit) == "allied":
        return (unit.strength * unit.noise + 50) // 100
    return unit.strength


def cost_field(model: Model, target: Hex, kind: str, blocked: frozenset = frozenset()) -> tuple[dict[Hex, int], int]:
    """Operation points from every hex to `target` for a unit type (Dijkstra with an
    array of buckets, costs 1..12), up to FIELD_MAX: a hex further, or walled off by
    `blocked`, is left out (unreachable).  Also the steps it took: the entries taken
    from the buckets, stale ones included (GoodAI.ops_per_turn).  The 6502 twin:
    port/asm/ai_field.s."""
    dist = {target: 0}
    buckets: list[list[Hex]] = [[target]]
    steps = 0
    i = 0
    while i < len(buckets):
        for h in buckets[i]:
            if dist[h] != i:
                continue
            t_here = terrain(model, h)
            for n in hexgrid.neighbours(*h):
                if not model.map.on_map(*n) or not terrain(model, n).passable or n in blocked:
                    continue
                nd = i + t_here.op_cost[kind]      # cost of stepping from n into h
                if nd <= FIELD_MAX and nd < dist.get(n, UNREACHABLE):
                    dist[n] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(n)
        steps += len(buckets[i])
        i += 1
    return dist, steps


class GoodAI:
    """The reference player; `openings=False` leaves out the OPENINGS plans ("plain")."""

    def __init__(self, side: str, openings: bool = True):
        self.side = side
        self.openings = OPENINGS if openings else {}
        self.enemy = other_side(side)
        self._fields: dict[tuple[Hex, str], dict[Hex, int]] = {}
        self._phase_fields: dict[tuple[Hex, str], dict[Hex, int]] = {}
        self._blocked: frozenset = frozenset()
        self._ratio = 100                             # own / enemy strength in percent, set each phase
        self._floor = ATTACK_ODDS_FLOOR
        self._en_route: set[int] = set()             # units still on their way: they do not stop to fight ...
        self._road: dict[int, int] = {}              # ... but those of the last turn's drive, keeping these points
        self._bold: set[int] = set()                 # units on an opening drive: no exposure check
        self._returning: set[int] = set()            # units going back into supply this phase
        self.ops_per_turn: list[int] = []
        self._ops_turn: int | None = None

    # --- bookkeeping --------------------------------------------------------------
    def _count(self, game: Game, n: int = 1) -> None:
        if self._ops_turn != game.state.turn:
            self._ops_turn = game.state.turn
            self.ops_per_turn.append(0)
        self.ops_per_turn[-1] += n

    def _field(self, game: Game, target: Hex, kind: str, blocked: frozenset = frozenset()) -> dict[Hex, int]:
        """`cost_field`, kept: without `blocked` for the game (the map never changes),
        with it (the enemy's hexes as walls) for the phase only."""
        key = (target, kind)
        cache = self._fields if not blocked else self._phase_fields
        if key in cache:
            return cache[key]
        dist, steps = cost_field(game.model, target, kind, blocked)
        self._count(game, steps)
        cache[key] = dist
        return dist

    # --- judging the board ----------------------------------------------------------
    def _combatants(self, game: Game, side: str) -> list[UnitState]:
        return [u for u in game.side_units(side)
                if not utype(game.model, u).is_depot and not utype(game.model, u).is_garrison]

    def _strength(self, game: Game, side: str) -> int:
        return sum(est_strength(game.state, game.model, u, self.side) for u in self._combatants(game, side))

    def offensive(self, game: Game) -> bool:
        date = game.model.turn(game.state.turn).date
        own, foe = self._strength(game, self.side), self._strength(game, self.enemy)
        self._ratio = 100 * own // max(foe, 1)
        if 100 * own >= RATIO_OFFENCE * max(foe, 1):
            return True
        return date in OFFENSIVE_DATES[self.side] and 100 * own >= RATIO_DATED_OFFENCE * max(foe, 1)

    def _sources(self, game: Game) -> list[Hex]:
        return supply.sources(game.model, game.state, self.side)

    def _gap(self, hx: Hex, sources: list[Hex]) -> int:
        return min(hexgrid.distance(hx, s) for s in sources)

    def _home_chain(self, model, state, valid: set[int]) -> set[int]:
        """The depots the home chain holds (docs/ai.md, Depots): while Tobruk is the
        Axis's and its depot chain needs it (one of the `valid` depots not linked to El
        Agheila without Tobruk), the Axis depots that are so linked (the valid depots,
        traced with Tobruk the enemy's), so that Tobruk's fall does not leave El Agheila
        the army's one source; else none."""
        if self.side != "axis" or state.control.get(model.map.tobruk) != self.side:
            return set()
        state.control[model.map.tobruk] = self.enemy
        try:
            home = {d.number for d in supply.valid_depots(model, state, self.side)}
        finally:
            state.control[model.map.tobruk] = self.side
        return home if valid - home else set()

    def _all_within_reach(self, game: Game, units: list[UnitState]) -> bool:
        """Is every one of `units` within its supply range of one of the side's sources?"""
        sources = self._sources(game)
        return all(self._gap(u.hex, sources) <= supply.supply_range(game.model, game.state, u) for u in units)

    def _local(self, game: Game, occ, hx: Hex, side: str, radius: int) -> int:
        """Strength of `side` within `radius` hexes (depots left out)."""
        total = 0
        for h, units in occ.items():
            if units and side_of(game.model, units[0]) == side and hexgrid.distance(h, hx) <= radius:
                total += sum(est_strength(game.state, game.model, u, self.side) for u in units
                             if not utype(game.model, u).is_depot)
        self._count(game, len(occ))
        return total

    def _enemy_adjacent(self, game: Game, occ, hx: Hex) -> bool:
        return any(occ.get(n) and side_of(game.model, occ[n][0]) == self.enemy for n in hexgrid.neighbours(*hx))

    # --- the Player interface ---------------------------------------------------------
    def logistics(self, game: Game, unit: UnitState) -> LogisticsOrder:
        """All replacements to every unit; supply and resupply priority by how close the
        enemy is (LOGISTICS_BANDS)."""
        self._count(game)
        unit.cut_off = not unit.supplied           # the note in the state: saved with the game
        foe = game.side_units(self.enemy)
        near = min((hexgrid.distance(unit.hex, u.hex) for u in foe), default=NO_ENEMY_DISTANCE)
        digits = next((band[1:] for band in LOGISTICS_BANDS if near <= band[0]), LOGISTICS_FAR)
        return LogisticsOrder(logistics_digit(game.model, TOP_DIGIT),
                              *(logistics_digit(game.model, d) for d in digits))

    def move_first(self, game: Game) -> bool:
        return True

    def defend(self, game: Game, plan: AttackPlan) -> tuple[int, int]:
        """All the usable air up to the chart maximum where the attack is big, some otherwise."""
        self._count(game)
        usable = min(game.state.air_usable[self.side], game.model.combat.air_max)
        strength = sum(game.state.unit(n).strength for n in plan.attackers)
        return DEFENCE_RISK, usable if strength >= ATTACK_AIR_BIG else min(usable, DEFENCE_AIR)

    def operations(self, game: Game) -> None:
        offence = self.offensive(game)
        self._en_route = set()
        self._bold = set()
        targets = self._opening_targets(game)
        if targets:                                 # the drive goes first: its units do not stop to fight,
            self._en_route = {u.number for u in self._combatants(game, self.side) if utype(game.model, u).mobile}
            if game.state.turn >= game.state.last_turn:     # but in the last turn they strike on their way
                self._road = self._roads(game, targets)
        self._attacks(game, offence)
        self._en_route = set()
        self._road = {}
        if self.side == "axis":                     # the root of its depot chain: retaken before anything moves
            self._take_empty_towns(game, only=game.model.map.tobruk)
        if game.over:
            return
        self._movement(game, offence)
        if game.over:
            return
        self._attacks(game, offence)
        if game.over:
            return
        self._take_empty_towns(game)
        if game.over:
            return
        self._sealift(game)
        self._fortify(game)

    def _roads(self, game: Game, targets: list[Hex]) -> dict[int, int]:
        """The last turn's drive strikes on its way (the game ends with the turn: a
        town taken now counts, a ring hex reached later does not): each unit en route
        keeps the operation points from its hex to the drive's nearest hex (the map's
        field, no walls; UNREACHABLE: it never stops) and the supply they spend
        (`_keeps_road`).  The 6502 twin: ai_attack.s's ai_roads."""
        state = game.state
        return {n: min(self._field(game, h, utype(game.model, n).type).get(state.unit(n).hex, UNREACHABLE)
                       for h in targets) for n in sorted(self._en_route)}

    def react(self, game: Game) -> None:
        """Limited reaction: one attack at 2 to 1 from the best-placed unit, else nothing."""
        occ = occupancy(game.state)
        for u in sorted(self._combatants(game, self.side), key=lambda x: x.number):
            if u.op > 0 and combat.can_attack(game.model, u) and self._enemy_adjacent(game, occ, u.hex):
                best = self._best_attack(game, u.hex, REACTION_ODDS, lead=u.number)
                if best is not None:
                    game.access(u.number)
                    self._launch(game, u.hex, best, attackers=(u.number,))
                    if game.reaction is not None and game.reaction.unit is not None:
                        game.finish_unit()
                return

    # --- attacks ---------------------------------------------------------------------
    def _attackers(self, game: Game, hx: Hex, occ) -> tuple[int, ...]:
        return tuple(u.number for u in occ.get(hx, [])
                     if side_of(game.model, u) == self.side and combat.can_attack(game.model, u)
                     and not utype(game.model, u).is_depot
                     and self._keeps_road(game, u, 1))

    def _keeps_road(self, game: Game, unit: UnitState, intensity: int) -> bool:
        """Does an attack at `intensity` leave a unit en route the operation points of
        its road (`_road`: the cost to the nearest hex of the last turn's drive; a unit
        with none never stops to fight) and the supply those points spend?  A unit not
        en route: yes (the twin: ai_attack.s's aa_keeps_road)."""
        if unit.number not in self._en_route:
            return True
        road = self._road.get(unit.number, UNREACHABLE)
        model = game.model
        return (unit.op - combat.op_cost(model, unit, "attacker", intensity) >= road and
                unit.supply - combat.supply_cost(model, game.state, unit, "attacker", intensity)
                >= road * supply_per_op(model))

    def _odds(self, game: Game, hx: Hex, target: Hex, attackers, defenders, air: int) -> int:
        """Estimated odds with the defender's likely air (DEFENCE_AIR or all it has for a big attack)."""
        model, state = game.model, game.state
        self._count(game, 4)
        strength = sum(state.unit(a).strength for a in attackers)
        order = combat.BattleOrder(hx, target, attackers, defenders, 5, 5, air, 5, 0)
        a_mod = combat.attacker_modified(model, strength, air, *combat.neighbour_counts(model, state, order))
        d_air = min(state.air_usable[self.enemy], model.combat.air_max)
        if strength < ATTACK_AIR_BIG:
            d_air = min(d_air, DEFENCE_AIR)
        d_mod = combat.defender_modified(
            model, [(est_strength(state, model, state.unit(d), self.side), state.unit(d).supply,
                     state.unit(d).fort) for d in defenders],
            terrain(model, target).defence_tenths, d_air)
        return combat.odds_hundredths(a_mod, d_mod)

    def _target_value(self, game: Game, target: Hex) -> int:
        """How much a hex is worth taking: a town's VP, the Tobruk ring, the home base."""
        model = game.model
        place = model.map.place_at(*target)
        value = 0
        if place is not None and place.id in model.victory.towns:
            value += model.victory.towns[place.id]
        if target == home_base(model, self.enemy):
            value += TARGET_HOME_VALUE
        if self.side == "axis" and hexgrid.distance(target, tobruk(model)) == 1:
            value += TARGET_RING_VALUE
        return value

    def _best_attack(self, game: Game, hx: Hex, min_odds: int, lead: int | None = None):
        model, state = game.model, game.state
        occ = occupancy(state)
        attackers = self._attackers(game, hx, occ)
        if not attackers or (lead is not None and lead not in attackers):
            return None
        if lead is not None:
            attackers = (lead,)
        strength = sum(state.unit(a).strength for a in attackers)
        usable = min(state.air_usable[self.side], model.combat.air_max)
        air = usable if strength >= ATTACK_AIR_BIG else min(usable, ATTACK_AIR_SMALL)
        best = None
        for n in hexgrid.neighbours(*hx):
            if not occ.get(n) or side_of(model, occ[n][0]) != self.enemy:
                continue
            if n == tobruk(model) and self._opening_targets(game) and not supply.tobruk_surrounded(model, state):
                continue                                  # the opening rings Tobruk, it does not storm it
            defenders = tuple(u.number for u in combat.selectable_defenders(model, state, n))
            odds = self._odds(game, hx, n, attackers, defenders, air)
            need = max(min_odds - (ATTACK_ODDS_TOWN_CUT if self._target_value(game, n) else 0), self._floor)
            if odds >= need:
                key = (odds + self._target_value(game, n), n)
                if best is None or key > best[0]:
                    best = (key, n, defenders, odds, air)
        return best

    def _launch(self, game: Game, hx: Hex, best, attackers=None) -> None:
        _, target, defenders, odds, air = best
        occ = occupancy(game.state)
        attackers = attackers or self._attackers(game, hx, occ)
        for low, intensity, risk in ATTACK_STYLE:
            if odds >= low:
                break
        keep = 0 if game.state.turn >= game.state.last_turn else ATTACK_SUPPLY_KEEP
        if self._opening_ahead(game) and keep:
            keep = max(keep, OPENING_SUPPLY_KEEP)       # the drive later this turn needs its supply

        def short(u: UnitState, intensity: int) -> bool:      # too little supply kept, or en route its road
            return (u.supply - combat.supply_cost(game.model, game.state, u, "attacker", intensity) < keep
                    or not self._keeps_road(game, u, intensity))
        while intensity > 1 and any(short(game.state.unit(a), intensity) for a in attackers):
            intensity -= 1
        reaction = game.reaction
        if reaction is not None:                  # the battle's points count against the access
            while intensity > 1 and combat.op_cost(game.model, game.state.unit(attackers[0]), "attacker",
                                                   intensity) > game.state.react_budget:
                intensity -= 1
            if combat.op_cost(game.model, game.state.unit(attackers[0]), "attacker", intensity) > game.state.react_budget:
                return
        game.attack(hx, target, attackers, defenders, intensity, risk, air)

    def _needs(self, game: Game, offence: bool) -> tuple[int, int]:
        """The odds an attack loop needs and its floor, by posture (the twin: ai_attack.s's
        ai_attacks_begin, AI_MIN_ODDS and AI_FLOOR)."""
        planned = game.model.turn(game.state.turn).date in OFFENSIVE_DATES[self.side]
        if offence and planned and self._ratio >= RATIO_CRUSHING[self.side] or game.state.turn >= game.state.last_turn:
            return ATTACK_ODDS_CRUSHING, ATTACK_ODDS_CRUSHING     # VI.12: the line will not hold; or the last turn
        if offence:
            return (ATTACK_ODDS_PLANNED if planned else ATTACK_ODDS_OFFENCE), ATTACK_ODDS_FLOOR
        if self.side == "axis" and game.state.control.get(game.model.map.tobruk) == "axis":
            return ATTACK_ODDS_DEFENCE_TOBRUK, ATTACK_ODDS_FLOOR
        return ATTACK_ODDS_DEFENCE, ATTACK_ODDS_FLOOR

    def _attacks(self, game: Game, offence: bool) -> None:
        min_odds, self._floor = self._needs(game, offence)
        home = home_base(game.model, self.side)
        done: dict[Hex, int] = {}
        for _ in range(len(game.side_units(self.side))):      # bounded: at most one pass per unit
            if game.over:
                return
            occ = occupancy(game.state)
            hexes = sorted({u.hex for u in self._combatants(game, self.side)} | {home})
            launched = False
            for hx in hexes:
                if not occ.get(hx) or side_of(game.model, occ[hx][0]) != self.side:
                    continue
                need = ATTACK_ODDS_HOME if hx == home else min_odds
                best = self._best_attack(game, hx, need)
                if best is None or done.get(best[1], 0) >= ATTACKS_PER_TARGET:
                    continue
                done[best[1]] = done.get(best[1], 0) + 1
                self._launch(game, hx, best)
                launched = True
                break
            if not launched:
                return

    # --- movement --------------------------------------------------------------------
    def _holders(self, game: Game, occ) -> set[int]:
        """Units that stay where they are: Tobruk's garrison, one unit in every friendly
        town or home base with an enemy within HOLD_THREAT_RADIUS hexes, and one in an
        Axis Tobruk whatever the distance (the root of the Axis depot chain)."""
        model, state = game.model, game.state
        keep: set[int] = set()
        foe_hexes = [h for h, us in occ.items() if us and side_of(model, us[0]) == self.enemy]
        for h, units in sorted(occ.items()):
            if not units or side_of(model, units[0]) != self.side:
                continue
            mobile = sorted((u for u in units if not utype(model, u).is_depot and not utype(model, u).is_garrison),
                            key=lambda u: (-u.strength, u.number))
            if h == tobruk(model) and self.side == "allied":
                keep.update(u.number for u in mobile[:TOBRUK_HOLDERS])
                continue
            place = model.map.place_at(*h)
            valued = place is not None and (place.id in model.victory.towns or h == home_base(model, self.side))
            threat = h == tobruk(model) or any(hexgrid.distance(h, f) <= HOLD_THREAT_RADIUS for f in foe_hexes)
            if valued and threat and mobile and not any(utype(model, u).is_garrison for u in units):
                keep.add(mobile[-1].number if len(mobile) > 1 else mobile[0].number)
        return keep

    def _ring_holders(self, game: Game, occ) -> set[int]:
        """Axis: while an Allied Tobruk is ringed, the strongest unit on each hex of the
        ring stays, if it has the supply to wait for the depots and was not cut off at
        its Logistics phase (VI.3, VI.6: the ring stops the Desert Rats and the sealift;
        a ring the depots did not reach in a turn goes back to them before its supply
        is spent)."""
        model, state = game.model, game.state
        if self.side != "axis" or state.control.get(model.map.tobruk) == "axis" \
                or not supply.tobruk_surrounded(model, state):
            return set()
        hold = set()
        for n in hexgrid.neighbours(*tobruk(model)):
            mine = sorted((u for u in occ.get(n, []) if side_of(model, u) == self.side
                           and not utype(model, u).is_depot
                           and ((u.supply >= RING_HOLD_SUPPLY and not u.cut_off)
                                or state.turn >= state.last_turn)),
                          key=lambda u: (-u.strength, u.number))
            if mine:
                hold.add(mine[0].number)
        return hold

    def _objectives(self, game: Game, occ) -> list[tuple[int, Hex, int]]:
        """(value, hex, strength wanted) of the places worth going to, most valuable
        first.  Values are victory points as the score counts them: a town
        TOWN_VALUE_FACTOR times its points (gained by one side, lost by the other), an
        enemy stack its strength over the casualty divisor (the casualty points for
        destroying it), the hexes around an Allied Tobruk for the Axis (VI.3: the ring
        stops the Desert Rats and the sealift)."""
        model, state = game.model, game.state
        out = []
        towns = {model.map.place_hex(pid): vp for pid, vp in model.victory.towns.items()
                 if state.control.get(pid) != self.side}
        t = tobruk(model)
        ringed = supply.tobruk_surrounded(model, state)
        sources = self._sources(game)
        for h, units in sorted(occ.items()):
            if units and side_of(model, units[0]) == self.enemy and not all(utype(model, u).is_depot for u in units):
                s = sum(est_strength(state, model, u, self.side) for u in units)
                if h == t and not ringed:
                    continue                      # a fortress is ringed first, not stormed (VI.10)
                d = combat.defender_modified(model, [(est_strength(state, model, u, self.side), u.supply, u.fort)
                                                     for u in units], terrain(model, h).defence_tenths, 0)
                rear = REAR_THREAT_VALUE if self._gap(h, sources) <= REAR_THREAT_RADIUS else 0
                out.append((s // model.victory.casualty_divisor + TOWN_VALUE_FACTOR * towns.get(h, 0) + STACK_VALUE
                            + rear, h, d * STACK_WANTED_NUM // STACK_WANTED_DEN))
        for h, vp in sorted(towns.items()):
            if not occ.get(h):
                out.append((TOWN_VALUE_FACTOR * vp, h, PLACE_WANTED))
        if self.side == "axis" and state.control.get(model.map.tobruk) != "axis" and not ringed:
            for n in hexgrid.neighbours(*t):
                if model.map.on_map(*n) and terrain(model, n).passable and not occ.get(n):
                    out.append((RING_VALUE, n, PLACE_WANTED))
        out.append((HOME_BASE_VALUE, home_base(model, self.enemy), HOME_BASE_WANTED))
        out.sort(key=lambda o: (-o[0], o[1]))
        return out

    def _movement(self, game: Game, offence: bool) -> None:
        goals, tether, order, sources = self._plan(game, offence)
        for u in order:
            if game.over:
                return
            if u.status == Status.ON_MAP:
                self._walk(game, u, goals[u.number], tether[u.number], sources)
                if u.status == Status.ON_MAP and hexgrid.distance(u.hex, goals[u.number]) > 1:
                    self._en_route.add(u.number)         # keeps its supply for the road (VI.13)

    def _plan(self, game: Game, offence: bool):
        """The movement plan, decided on the board as movement begins (the 6502 twin:
        port/asm/ai_goals.s): each unit's goal and tether (hexes from a source, or
        UNREACHABLE), the units going back into supply (`_returning`) and those on an
        opening drive (`_bold`), the walls of the phase (`_blocked`: the enemy's
        hexes), the walk order (the units with a goal) and the sources.  Nothing in
        the game changes."""
        model, state = game.model, game.state
        occ = occupancy(state)
        self._phase_fields = {}
        self._blocked = frozenset(h for h, us in occ.items() if us and side_of(model, us[0]) == self.enemy)
        sources = self._sources(game)
        keep = self._holders(game, occ)
        units = self._combatants(game, self.side)        # in number order: no choice below depends on it
        goals: dict[int, Hex] = {}
        tether: dict[int, int] = {}
        free = []
        last_turn = state.turn >= state.last_turn       # no upkeep after the last turn: supply no object
        driving = bool(self._opening_targets(game))
        self._returning = set()
        ring = self._ring_holders(game, occ)
        for u in units:
            reach = supply.supply_range(model, state, u)
            gap = self._gap(u.hex, sources)
            if u.number in ring:
                continue                                # the ring holds: the depots come to it
            if last_turn or (driving and utype(model, u).mobile):
                pass                                    # the depots follow the opening drive
            elif gap > reach + CUT_OFF_SLACK or (gap > reach and (u.supply < SUPPLY_RESERVE
                                                                  or u.cut_off)):
                goals[u.number] = min(sources, key=lambda s: (hexgrid.distance(u.hex, s), s))
                tether[u.number] = UNREACHABLE          # the field leads to the source: no hex-distance tether
                self._returning.add(u.number)
                continue
            if u.number in keep:
                continue
            here = self._local(game, occ, u.hex, self.side, LOCAL_RADIUS)
            there = self._local(game, occ, u.hex, self.enemy, LOCAL_RADIUS)
            if not offence and 100 * there >= RATIO_WITHDRAW * max(here, 1):
                goals[u.number] = self._fallback(game, u, sources)
                tether[u.number] = UNREACHABLE
                self._returning.add(u.number)
                continue
            free.append(u)
        if offence or DEFENCE_PRESSES[self.side]:
            self._assign(game, occ, free, goals, tether, sources, offence)
        else:
            self._line(game, occ, free, goals, tether, sources)
        # The strongest unit of a stack leads: the first to step next to the enemy alone
        # is the one the enemy's limited reaction can strike.
        order = [u for u in sorted(units, key=lambda x: (-x.strength, x.number)) if u.number in goals]
        return goals, tether, order, sources

    def _walls(self, goal: Hex) -> frozenset:
        """The enemy hexes, less the goal itself (an enemy goal is reached by attacking it)."""
        return self._blocked - {goal} if goal in self._blocked else self._blocked

    def _fallback(self, game: Game, unit: UnitState, sources: list[Hex]) -> Hex:
        """The source nearest the own home base side of the unit: back along the supply line."""
        base = home_base(game.model, self.side)
        behind = [s for s in sources if hexgrid.distance(s, base) < hexgrid.distance(unit.hex, base)] or [base]
        return min(behind, key=lambda s: (hexgrid.distance(unit.hex, s), s))

    def _assign(self, game, occ, free, goals, tether, sources, offence: bool) -> None:
        """Offence: every (unit, objective) pair is scored value x WORTH_SCALE / (phases + 1),
        phases being the operations phases the unit needs to get there; the pairs are
        taken best first (ties by unit number, then hex) while the objective still
        wants strength.  Near, valuable places draw the units that get there soonest;
        nothing further than MAX_PHASES_AWAY (LAST_TURN_PHASES_AWAY in the last turn) is chased."""
        model, state = game.model, game.state
        far = LAST_TURN_PHASES_AWAY if state.turn >= state.last_turn else MAX_PHASES_AWAY
        self._opening(game, occ, free, goals, tether)
        free = [u for u in free if u.number not in goals]
        objectives = self._objectives(game, occ)[:MAX_OBJECTIVES]   # most valuable first: bounds the fields
        force = sum(u.strength for u in free)
        pairs = []
        for i, (value, h, wanted) in enumerate(objectives):
            for u in free:
                f = self._field(game, h, utype(model, u).type, self._walls(h))
                cost = f.get(u.hex, UNREACHABLE)
                if cost >= UNREACHABLE:
                    continue
                phases = -(-cost // op_allowance(model, u))
                if phases > far:
                    continue
                worth = value
                if phases > FAR_PHASES and wanted > force:
                    worth = value * force // wanted    # only the share the free units can take on
                pairs.append((-(worth * WORTH_SCALE // (phases + 1)), u.number, i, u))
        pairs.sort(key=lambda p: (p[0], p[1], p[2]))
        self._count(game, len(pairs))
        got = [0] * len(objectives)
        for _, number, i, u in pairs:
            if number in goals or got[i] >= objectives[i][2]:
                continue
            goals[number] = objectives[i][1]
            lead = TETHER_LEAD_FULL if u.supply >= TETHER_FULL_SUPPLY else TETHER_LEAD if u.supply >= SUPPLY_RESERVE \
                else TETHER_LEAD_LOW
            if not offence:
                lead = DEFENCE_LEAD                     # in defence, forward only as far as supply reaches
            if u.cut_off:
                lead = 0                                # it began the turn cut off: it stays in range
            if state.turn >= state.last_turn:
                lead = UNREACHABLE
            tether[number] = supply.supply_range(model, state, u) + lead
            got[i] += u.strength

    def _opening_targets(self, game) -> list[Hex]:
        """The hexes of this turn's opening plan (OPENINGS) still to take: the empty or
        enemy hexes around an Allied Tobruk not yet ringed, and the towns named."""
        model, state = game.model, game.state
        plan = self.openings.get((self.side, model.turn(state.turn).date))
        if plan is None or self._phase_in_turn(game) < plan[0]:
            return []
        plan = plan[1]
        t = tobruk(model)
        hexes = []
        for item in plan:
            if item == "tobruk_ring":
                if state.control.get(model.map.tobruk) == self.side or supply.tobruk_surrounded(model, state):
                    continue
                hexes += [n for n in hexgrid.neighbours(*t) if model.map.on_map(*n) and terrain(model, n).passable]
            elif state.control.get(item) != self.side:
                hexes.append(model.map.place_hex(item))
        return hexes

    def _phase_in_turn(self, game) -> int:
        """This side's operations phases begun so far this turn (the current one
        included): the first player's are B1, B5 and C4 (its reaction phase), the
        second's B4, C1 and C5.  Read from the state, so a loaded game plays on as
        the unbroken one would."""
        phase, first = game.state.phase, game.state.first_player == self.side
        order = (Phase.B1_OPERATIONS, Phase.B5_OPERATIONS, Phase.C4_ENEMY_REACTION) if first else \
            (Phase.B4_ENEMY_REACTION, Phase.C1_OPERATIONS, Phase.C5_OPERATIONS)
        return sum(1 for p in order if phase >= p)

    def _opening_ahead(self, game) -> bool:
        """Is an opening plan still to come in a later operations phase of this turn?"""
        plan = self.openings.get((self.side, game.model.turn(game.state.turn).date))
        return plan is not None and 1 <= self._phase_in_turn(game) < plan[0]

    def _opening(self, game, occ, free, goals, tether) -> None:
        """The opening plan of OPENINGS for this side and date: a mobile unit already
        on a hex of the plan stays there; each other hex of the plan, in the plan's
        order, gets the free mobile unit with the fewest operation points to it (ties:
        the stronger, then the lower number), with no supply tether: the depots follow
        (VI.3, VI.13)."""
        model, state = game.model, game.state
        plan = self.openings.get((self.side, model.turn(state.turn).date))
        if plan is None or self._phase_in_turn(game) < plan[0]:
            return
        targets = self._opening_targets(game)
        mobile = [u for u in free if utype(model, u).mobile]
        left = []
        for h in targets:
            here = sorted((u for u in mobile if u.hex == h), key=lambda u: (-u.strength, u.number))
            if here:
                goals[here[0].number] = h
                tether[here[0].number] = UNREACHABLE
                mobile.remove(here[0])
            else:
                left.append(h)
        # The hardest first: an enemy-held hex (it must be attacked), then the ring on
        # the weakest ground (the garrison strikes there), an empty town last; each
        # takes the strongest unit that gets there this phase, else the nearest.
        occ_enemy = {h for h in left if any(side_of(model, u) == self.enemy for u in occ.get(h, []))}
        left.sort(key=lambda h: (h not in occ_enemy, hexgrid.distance(h, tobruk(model)) != 1,
                                 terrain(model, h).defence_tenths, h))
        for h in left:
            best = None
            for u in mobile:
                cost = self._field(game, h, utype(model, u).type, self._walls(h)).get(u.hex, UNREACHABLE)
                self._count(game)
                key = (cost > u.op, -u.strength if cost <= u.op else cost, u.number)
                if cost < UNREACHABLE and (best is None or key < best[0]):
                    best = (key, u)
            if best is None:
                continue
            u = best[1]
            goals[u.number] = h
            tether[u.number] = UNREACHABLE
            self._bold.add(u.number)
            mobile.remove(u)
        # A thin ring is broken by Tobruk's garrison: other units that can reach a ring
        # hex this phase join the weakest of it until each has RING_STRENGTH.
        t = tobruk(model)
        if "tobruk_ring" not in plan[1] or state.control.get(model.map.tobruk) == self.side:
            return
        ring = [n for n in hexgrid.neighbours(*t) if model.map.on_map(*n) and terrain(model, n).passable
                and not any(side_of(model, u) == self.enemy for u in occ.get(n, []))]
        planned = {h: sum(u.strength for u in occ.get(h, []) if side_of(model, u) == self.side
                          and u.number not in goals) for h in ring}
        for u in free:
            if u.number in goals and goals[u.number] in planned:
                planned[goals[u.number]] += u.strength
        for u in sorted((u for u in free if u.number not in goals and hexgrid.distance(u.hex, t) > 1),
                        key=lambda u: (-u.strength, u.number)):
            thin = [h for h in ring if planned[h] < RING_STRENGTH]
            if not thin:
                break
            reach = [(self._field(game, h, utype(model, u).type, self._walls(h)).get(u.hex, UNREACHABLE), h)
                     for h in thin]
            self._count(game, len(thin))
            cost, h = min(reach)
            if cost <= u.op:
                goals[u.number] = h
                tether[u.number] = UNREACHABLE
                self._bold.add(u.number)
                planned[h] += u.strength

    def _line(self, game, occ, free, goals, tether, sources) -> None:
        """Defence: units in contact hold; the others join the friendly stack in
        contact (or the friendly town) nearest the enemy that has room, inside supply:
        the line forms where the front is, stacks strong enough to hold."""
        model, state = game.model, game.state
        foe = [u.hex for u in game.side_units(self.enemy)]
        if not foe:
            return
        limit = model.logistics.stacking_hex
        anchors = [model.map.place_hex(pid) for pid in sorted(model.victory.towns)
                   if state.control.get(pid) == self.side]
        anchors += [h for h, us in sorted(occ.items()) if us and side_of(model, us[0]) == self.side
                    and self._enemy_adjacent(game, occ, h)]
        anchors = [a for a in anchors if len(occ.get(a, [])) < limit and self._gap(a, sources) <= LINE_GAP]
        if not anchors:
            return
        for u in free:
            if self._enemy_adjacent(game, occ, u.hex):
                continue
            target = min(anchors, key=lambda a: (min(hexgrid.distance(a, f) for f in foe),
                                                 hexgrid.distance(a, u.hex), a))
            if target == u.hex:
                continue
            goals[u.number] = target
            tether[u.number] = supply.supply_range(model, state, u)

    def _walk(self, game: Game, unit: UnitState, goal: Hex, reach: int, sources: list[Hex]) -> None:
        """Step down the cost field toward `goal`, never further than `reach` from a
        source unless that brings it closer to one, never next to an enemy stack twice
        its defence (unless bold); stop when no step is left.  A unit going back into
        supply whose way is blocked takes any step nearer a source but the one back
        into the hex it has just left (_step_into_supply);
        if there is none and it was cut off at its Logistics phase and is still beyond
        its range, it takes the best exposed step down the field rather than stay and
        starve (Campaign seed 33, two-player, October 1942: six Axis units a hex past
        their range south-east of Tobruk, the way back past an Allied stack).  In the
        last turn a step into a town the enemy controls counts as the goal itself (cost
        0): the unit takes the town on its way, whichever way it leads (the score counts
        who holds it at the end; El Alamein, January 1943: the British offensive swept
        past an empty Axis Matruh)."""
        model, state = game.model, game.state
        field = self._field(game, goal, utype(model, unit).type, self._walls(goal))
        last_turn = state.turn >= state.last_turn
        back = None                             # the hex the unit has just left
        for _ in range(unit.op + 1):            # each step spends at least one point
            if unit.status != Status.ON_MAP or game.over or unit.hex == goal:
                return
            towns = {model.map.place_hex(p) for p in model.victory.towns
                     if state.control.get(p) != self.side} if last_turn else ()
            here = field.get(unit.hex, UNREACHABLE)
            gap_here = self._gap(unit.hex, sources)
            best = None
            bare = None                         # the best step refused as exposed
            for d, nxt in self._legal_steps(game, unit):
                dist = 0 if nxt in towns else field.get(nxt, UNREACHABLE)
                if dist >= here:
                    continue
                gap = self._gap(nxt, sources)
                if gap > reach and gap >= gap_here:
                    continue
                if unit.number not in self._bold and self._exposed(game, unit, nxt):
                    if bare is None or (dist, d) < bare:
                        bare = (dist, d)
                    continue
                if best is None or (dist, d) < best:
                    best = (dist, d)
            if best is None and unit.number in self._returning:
                best = self._step_into_supply(game, unit, sources, gap_here, back)
                if best is None and unit.cut_off and gap_here > supply.supply_range(model, state, unit):
                    best = bare
            if best is None:
                return
            back = unit.hex
            game.move(unit.number, best[1])

    def _legal_steps(self, game: Game, unit: UnitState):
        """Each direction the unit may step in now, with the hex it would enter, in
        direction order; every direction tried is a step of work."""
        for d in hexgrid.DIRECTIONS:
            self._count(game)
            try:
                nxt = check_move(game.model, game.state, unit, d)
            except RuleError:
                continue
            yield d, nxt

    def _step_into_supply(self, game: Game, unit: UnitState, sources: list[Hex], gap_here: int,
                          back: Hex | None = None):
        """A unit going back into supply whose path is blocked (a full hex, an enemy)
        takes any legal step that brings it nearer a source, in range first, but not
        the one `back` into the hex its walk has just left: that step would undo the
        last, whose field step leads out again (Campaign seed 8, September 1942: 15
        Panzer stepped to and fro fourteen times in one phase and starved)."""
        model, state = game.model, game.state
        reach = supply.supply_range(model, state, unit)
        best = None
        for d, nxt in self._legal_steps(game, unit):
            gap = self._gap(nxt, sources)
            if nxt != back and gap < gap_here and (best is None or (gap > reach, gap, d) < best[0]):
                best = ((gap > reach, gap, d), d)
        return None if best is None else (0, best[1])

    def _exposed(self, game: Game, unit: UnitState, hx: Hex) -> bool:
        """Would the unit, with the friends already in `hx`, stand next to an enemy stack
        of EXPOSED_RATIO times its terrain-multiplied strength?  Such a step invites a
        counter-attack at good odds: it is not taken (units join up before contact)."""
        model, state = game.model, game.state
        occ = occupancy(state)
        self._count(game, 6)
        enemy = 0
        for n in hexgrid.neighbours(*hx):
            units = occ.get(n)
            if units and side_of(model, units[0]) == self.enemy:
                enemy = max(enemy, sum(est_strength(state, model, u, self.side) for u in units
                                       if not utype(model, u).is_depot))
        if enemy == 0:
            return False
        ours = unit.strength + sum(u.strength for u in occ.get(hx, []) if not utype(model, u).is_depot)
        return 10 * enemy > EXPOSED_RATIO * ours * terrain(model, hx).defence_tenths

    def _take_empty_towns(self, game: Game, only: str | None = None) -> None:
        """A town the enemy controls and no longer holds (its defenders destroyed) is
        entered by the weakest neighbouring unit that has the points (VI.1: the sooner
        taken, the longer held); `only`: that town alone."""
        model, state = game.model, game.state
        for pid in sorted(model.victory.towns):
            if game.over or state.control.get(pid) == self.side or only not in (None, pid):
                continue
            h = model.map.place_hex(pid)
            occ = occupancy(state)
            if occ.get(h):
                continue
            for u in sorted(self._combatants(game, self.side), key=lambda x: (x.strength, x.number)):
                d = hexgrid.direction_to(u.hex, h)
                self._count(game)
                if d is None:
                    continue
                try:
                    check_move(model, state, u, d)
                except RuleError:
                    continue
                game.move(u.number, d)
                break

    # --- Tobruk sealift, fortification --------------------------------------------------
    def _sealift(self, game: Game) -> None:
        """Allies: one unit a turn from Alexandria into Tobruk while Tobruk has room
        and an enemy is within SEALIFT_THREAT_RADIUS hexes of it."""
        model, state = game.model, game.state
        if self.side != "allied" or state.sealift_left <= 0 or game.reaction is not None:
            return
        t = tobruk(model)
        if state.control.get(model.map.tobruk) != "allied":
            return
        if not any(hexgrid.distance(u.hex, t) <= SEALIFT_THREAT_RADIUS for u in game.side_units(self.enemy)):
            return
        base = home_base(model, "allied")
        for u in sorted(self._combatants(game, self.side), key=lambda x: (-x.strength, x.number)):
            if u.hex == base and u.op >= 1:
                try:
                    game.sea_move(u.number)
                except RuleError:
                    pass
                return

    def _fortify(self, game: Game) -> None:
        """Units next to the enemy (or holding Tobruk or a town) build levels while the
        terrain multiplier has room below the cap, keeping supply for battle."""
        model, state = game.model, game.state
        occ = occupancy(state)
        f = model.fortification
        for u in sorted(game.side_units(self.side), key=lambda x: x.number):
            if game.over or utype(model, u).is_depot:
                continue
            t = terrain(model, u.hex)
            useful = min(t.max_fort, (f.multiplier_cap_tenths - t.defence_tenths) // f.step_tenths)
            if not self._enemy_adjacent(game, occ, u.hex) and model.map.place_at(*u.hex) is None:
                continue
            while u.fort < useful and u.supply >= FORT_MIN_SUPPLY:
                self._count(game)
                try:
                    game.fortify(u.number)
                except RuleError:
                    break

    # --- depots -------------------------------------------------------------------------
    def depot_movement(self, game: Game) -> None:
        """The depot chain follows the front.  The lead is the combat unit furthest
        forward (fewest operation points from the enemy home base).  Each depot, most
        forward first, looks at the hexes it can reach this phase (never through or
        next to the enemy) and takes the best one where every valid depot stays valid:
        a hex with friendly combat units (a depot there cannot be attacked) and few
        depots, as close to the lead as possible, and never further back than it is
        unless it stands alone near the enemy (no shuttling).  Every unit the last
        resupply phase found supplied stays within reach of a source."""
        model, state = game.model, game.state
        combatants = self._combatants(game, self.side)
        if not combatants:
            return
        eb = home_base(model, self.enemy)
        ahead = self._field(game, eb, "nonmobile")
        lead = min(combatants, key=lambda u: (ahead.get(u.hex, UNREACHABLE), u.number))
        to_lead = self._field(game, lead.hex, "nonmobile")
        depots = [u for u in game.side_units(self.side) if utype(model, u).is_depot]
        depots.sort(key=lambda u: (ahead.get(u.hex, UNREACHABLE), u.number))
        # The units the last resupply phase found supplied (their flag, which nothing in
        # a depot phase changes) stay within reach of a source: a depot does not walk
        # away from the units it feeds.
        fed = [u for u in game.side_units(self.side) if u.supplied and not utype(model, u).is_depot]
        for depot in depots:
            if game.over:
                return
            self._place_depot(game, depot, ahead, to_lead, fed)

    def _rats_zone(self, model, state):
        """Tobruk's hex if the Desert Rats would strike now against this side (the Axis:
        logistics.rats_strike), else None."""
        return tobruk(model) if self.side == "axis" and rats_strike(model, state) else None

    def _place_depot(self, game: Game, depot: UnitState, ahead, to_lead, fed: list[UnitState]) -> None:
        model, state = game.model, game.state
        valid = supply.valid_depots(model, state, self.side)
        valid_before = {d.number for d in valid}
        if depot.number in self._home_chain(model, state, valid_before):
            return                                        # it holds the home chain: it stays
        occ = occupancy(state)
        foe = {h for h, us in occ.items() if us and side_of(model, us[0]) == self.enemy}
        near_foe = foe | {n for h in foe for n in hexgrid.neighbours(*h)}
        limit = model.logistics.stacking_hex
        # Hexes within this phase's operation points: Dijkstra over the depot's own points.
        cost = {depot.hex: 0}
        spent = {depot.hex: 0}                           # supply along the cheapest path
        parent: dict[Hex, tuple[Hex, int]] = {}
        frontier = [depot.hex]
        while frontier:
            frontier.sort(key=lambda h: (cost[h], h))
            h = frontier.pop(0)
            for d in hexgrid.DIRECTIONS:
                n = hexgrid.step(*h, d)
                self._count(game)
                if not model.map.on_map(*n) or not terrain(model, n).passable or n in near_foe:
                    continue
                if len(occ.get(n, [])) >= (limit if n != tobruk(model) else model.logistics.stacking_tobruk):
                    continue
                c = cost[h] + terrain(model, n).op_cost["nonmobile"]
                sup = spent[h] + terrain(model, n).supply_cost["nonmobile"]
                if c <= depot.op and sup <= depot.supply and c < cost.get(n, UNREACHABLE):
                    cost[n] = c
                    spent[n] = sup
                    parent[n] = (h, d)
                    frontier.append(n)
        here_alone = not any(not utype(model, u).is_depot for u in occ.get(depot.hex, []))
        threatened = here_alone and any(hexgrid.distance(depot.hex, f) <= DEPOT_THREAT_RADIUS for f in foe)
        rats = self._rats_zone(model, state)
        if rats and len(occ.get(depot.hex, [])) == 1 and hexgrid.distance(depot.hex, rats) <= \
                model.logistics.desert_rats_radius:
            threatened = True                             # the Desert Rats take it at the next Logistics phase
        # A depot cut from the chain is no source: it goes back toward the valid ones
        # (the roots and valid depots) before anything else, so the chain is mended.
        stranded = depot.number not in valid_before
        anchors = supply.roots(model, state, self.side) + [d.hex for d in valid]
        self._count(game, 8)
        scored = []
        for h in cost:
            if not stranded and not threatened and ahead.get(h, UNREACHABLE) > ahead.get(depot.hex, UNREACHABLE):
                continue                                  # forward only
            units = [u for u in occ.get(h, []) if u.number != depot.number]
            if rats and not units and hexgrid.distance(h, rats) <= model.logistics.desert_rats_radius:
                continue                                  # alone where the Desert Rats strike
            hosts = sum(1 for u in units if not utype(model, u).is_depot and side_of(model, u) == self.side)
            others = sum(1 for u in units if utype(model, u).is_depot)
            score = (DEPOT_HOST_BONUS if hosts else 0) - DEPOT_CROWD_PENALTY * others - to_lead.get(h, UNREACHABLE)
            if stranded:
                link = min((hexgrid.distance(h, a) for a in anchors), default=0)
                score -= DEPOT_MEND_WEIGHT * max(link - model.logistics.depot_chain, 0)
            scored.append((-score, h))
        scored.sort()
        origin = depot.hex
        for _, h in scored[:DEPOT_TRIES]:
            self._count(game, 8)
            depot.col, depot.row = h                      # try it: the chain must hold
            valid_after = {u.number for u in supply.valid_depots(model, state, self.side)}
            passes = valid_before <= valid_after and self._all_within_reach(game, fed)
            depot.col, depot.row = origin
            if passes:
                path = []
                while h != origin:
                    h, d = parent[h]
                    path.append(d)
                for d in reversed(path):
                    if game.over:
                        return
                    game.move(depot.number, d)
                return
