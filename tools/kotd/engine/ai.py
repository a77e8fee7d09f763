"""A simple computer player for either side (rulings 16.43): legal, deterministic and
purposeful enough to supply, move and fight.  It is what `kotd simulate` runs on both
sides; the real opponent is a later piece of work.

Each turn it fills its units with replacements and supply; attacks adjacent enemies
when the estimated odds are good; holds Tobruk and threatened victory places;
otherwise advances on the nearest enemy unit or enemy-held place while staying near
a supply source (and falls back into supply when cut off); and brings its depots up
behind the front without breaking the depot chain.
"""

from __future__ import annotations

from collections import deque

from .. import hexgrid
from ..model.types import Model, other_side
from . import combat, supply
from .board import Hex, adjacent_to_enemy, home_base, occupancy, side_of, tobruk, units_at, utype
from .game import AttackPlan, Game
from .logistics import LogisticsOrder
from .movement import RuleError, check_move
from .state import Status, UnitState

ATTACK_ODDS = 150        # attack when the estimated odds are at least 1.5 (R16.43)
REACTION_ODDS = 200      # in limited reaction only at 2 to 1 or better
INTENSITY, RISK = 6, 5
ATTACK_AIR, DEFENCE_AIR = 5, 3
SUPPLY_SLACK = 1         # advance at most this many hexes beyond supply range
TOBRUK_HOLDERS = 2
THREAT = 3               # an enemy this close makes a victory place worth holding
FRONT = 4                # units this close to the enemy get top resupply priority
BESIEGED_ODDS = 100      # from a home base with the enemy next to it, attack at even odds


def steps_field(model: Model, target: Hex) -> dict[Hex, int]:
    """Hex steps to `target` over enterable ground (units ignored): a path finder."""
    field = {target: 0}
    queue = deque([target])
    while queue:
        h = queue.popleft()
        for n in hexgrid.neighbours(*h):
            if n not in field and model.map.on_map(*n) and model.terrain[model.map.terrain_at(*n)].passable:
                field[n] = field[h] + 1
                queue.append(n)
    return field


class SimpleAI:
    def __init__(self, side: str):
        self.side = side
        self._sources: tuple[object, list[Hex]] | None = None
        self._fields: dict[Hex, dict[Hex, int]] = {}

    def _field(self, game: Game, target: Hex) -> dict[Hex, int]:
        if target not in self._fields:
            self._fields[target] = steps_field(game.model, target)
        return self._fields[target]

    # --- the Player interface -------------------------------------------------------
    def logistics(self, game: Game, unit: UnitState) -> LogisticsOrder:
        near_front = self._enemy_distance(game, unit.hex) <= FRONT
        return LogisticsOrder(replacements=9, supply=9, priority=9 if near_front else 5)

    def move_first(self, game: Game) -> bool:
        return True

    def defend(self, game: Game, plan: AttackPlan) -> tuple[int, int]:
        usable = game.state.air_usable[self.side]
        return RISK, min(usable, DEFENCE_AIR, game.model.combat.air_max)

    def operations(self, game: Game) -> None:
        for unit in self._front_to_rear(game):
            if game.over:
                return
            if unit.status != Status.ON_MAP or utype(game.model, unit).is_garrison:
                continue
            besieged = unit.hex == home_base(game.model, self.side)
            self._attack_from(game, unit.hex, BESIEGED_ODDS if besieged else ATTACK_ODDS)
            if unit.status != Status.ON_MAP or self._must_hold(game, unit):
                continue
            self._advance(game, unit)
            if unit.status == Status.ON_MAP:
                self._attack_from(game, unit.hex, ATTACK_ODDS)
        for unit in list(game.side_units(self.side)):
            if not game.over and adjacent_to_enemy(game.model, game.state, unit.hex, self.side):
                try:
                    game.fortify(unit.number)
                except RuleError:
                    pass

    def react(self, game: Game) -> None:
        """Attack once at good odds with the unit nearest the enemy, else end."""
        candidates = [u for u in self._front_to_rear(game)
                      if not utype(game.model, u).is_depot and u.op > 0
                      and adjacent_to_enemy(game.model, game.state, u.hex, self.side)]
        if candidates:
            game.access(candidates[0].number)
            self._attack_from(game, candidates[0].hex, REACTION_ODDS, lead=candidates[0].number)
            if game.reaction is not None and game.reaction.unit is not None:
                game.finish_unit()

    def depot_movement(self, game: Game) -> None:
        """Move each depot, the one nearest the goal first, toward the goal while every
        depot that was a valid source stays one and it keeps clear of the enemy."""
        model, state = game.model, game.state
        goal = self._depot_goal(game)
        if goal is None:
            return
        depots = [u for u in game.side_units(self.side) if utype(model, u).is_depot]
        depots.sort(key=lambda u: (hexgrid.distance(u.hex, goal), u.number))
        for depot in depots:
            while depot.op > 0 and not game.over:
                step = self._depot_step(game, depot, goal)
                if step is None:
                    break
                game.move(depot.number, step)

    # --- judging the board ------------------------------------------------------------
    def _supply_sources(self, game: Game) -> list[Hex]:
        """The side's supply sources, worked out once per phase (depots move only in
        their own phase; a stale answer only makes the player a little less wise)."""
        key = (game.state.turn, game.state.phase)
        if self._sources is None or self._sources[0] != key:
            self._sources = (key, supply.sources(game.model, game.state, self.side))
        return self._sources[1]

    def _enemy_distance(self, game: Game, hx: Hex) -> int:
        enemy = game.side_units(other_side(self.side))
        return min((hexgrid.distance(hx, u.hex) for u in enemy), default=99)

    def _front_to_rear(self, game: Game) -> list[UnitState]:
        units = [u for u in game.side_units(self.side) if not utype(game.model, u).is_depot]
        return sorted(units, key=lambda u: (self._enemy_distance(game, u.hex), u.number))

    def _must_hold(self, game: Game, unit: UnitState) -> bool:
        """Keep Tobruk held by a few units, and one unit in every friendly victory place
        or home base that an enemy is close to."""
        model, state = game.model, game.state
        here = [u for u in units_at(state, unit.hex) if not utype(model, u).is_depot]
        if unit.hex == tobruk(model) and state.control.get(model.map.tobruk) == self.side:
            return len(here) <= TOBRUK_HOLDERS
        place = model.map.place_at(*unit.hex)
        valued = place is not None and (place.id in model.victory.towns or unit.hex == home_base(model, self.side))
        if valued and self._enemy_distance(game, unit.hex) <= THREAT:
            return len([u for u in here if not utype(model, u).is_garrison]) <= 1
        return False

    def _reach(self, game: Game, unit: UnitState) -> int:
        return supply.supply_range(game.model, game.state, unit)

    def _objective(self, game: Game, unit: UnitState, sources: list[Hex]) -> Hex | None:
        """Back into supply if cut off, else the nearest enemy unit or enemy-held place."""
        model, state = game.model, game.state
        if min(hexgrid.distance(unit.hex, s) for s in sources) > self._reach(game, unit):
            return min(sources, key=lambda s: (hexgrid.distance(unit.hex, s), s))
        goals = [u.hex for u in game.side_units(other_side(self.side))]
        goals += [model.map.place_hex(pid) for pid, side in state.control.items() if side != self.side]
        goals.append(home_base(model, other_side(self.side)))
        return min(goals, key=lambda h: (hexgrid.distance(unit.hex, h), h))

    def _advance(self, game: Game, unit: UnitState) -> None:
        sources = self._supply_sources(game)
        target = self._objective(game, unit, sources)
        reach = self._reach(game, unit) + SUPPLY_SLACK
        field = self._field(game, target)
        while unit.status == Status.ON_MAP and not game.over:
            if adjacent_to_enemy(game.model, game.state, unit.hex, self.side):
                return
            here = field.get(unit.hex, 999)
            best = None
            for d in hexgrid.DIRECTIONS:
                try:
                    nxt = check_move(game.model, game.state, unit, d)
                except RuleError:
                    continue
                gap = min(hexgrid.distance(nxt, s) for s in sources)
                if gap > reach and gap >= min(hexgrid.distance(unit.hex, s) for s in sources):
                    continue                      # never further out of supply
                dist = field.get(nxt, 999)
                if dist < here and (best is None or dist < best[0]):
                    best = (dist, d)
            if best is None:
                return
            game.move(unit.number, best[1])

    def _attack_from(self, game: Game, hx: Hex, min_odds: int, lead: int | None = None) -> None:
        """Attack the adjacent enemy hex with the best estimated odds, if good enough."""
        model, state = game.model, game.state
        if game.over:
            return
        occ = occupancy(state)
        in_reaction = game.reaction is not None
        attackers = tuple(u.number for u in occ.get(hx, [])
                          if side_of(model, u) == self.side and combat.can_attack(model, u)
                          and not (in_reaction and utype(model, u).is_depot))
        if not attackers or all(utype(model, n).is_depot for n in attackers):
            return
        if lead is not None and lead not in attackers:
            return
        intensity = INTENSITY
        if in_reaction:
            # The battle's operation points count against the access (IV.C.3.k): the
            # highest intensity the budget pays for, or no battle.
            lead_unit = state.unit(lead) if lead is not None else state.unit(attackers[0])
            budget = game.reaction.budget
            intensity = next((i for i in range(INTENSITY, 0, -1)
                              if combat.op_cost(model, lead_unit, "attacker", i) <= budget), None)
            if intensity is None:
                return
        air = min(state.air_usable[self.side], ATTACK_AIR, model.combat.air_max)
        strength = sum(state.unit(a).strength for a in attackers)
        best = None
        for n in hexgrid.neighbours(*hx):
            if not occ.get(n) or side_of(model, occ[n][0]) == self.side:
                continue
            defenders = tuple(u.number for u in combat.selectable_defenders(model, state, n))
            order = combat.BattleOrder(hx, n, attackers, defenders, intensity, RISK, air, RISK, 0)
            a_mod = combat.attacker_modified(model, strength, air, *combat.neighbour_counts(model, state, order))
            d_mod = combat.defender_modified(
                model, [(state.unit(d).strength, state.unit(d).supply, state.unit(d).fort) for d in defenders],
                model.terrain[model.map.terrain_at(*n)].defence_tenths, 0)
            odds = combat.odds_hundredths(a_mod, d_mod)
            if odds >= min_odds and (best is None or odds > best[0]):
                best = (odds, n, defenders)
        if best is not None:
            game.attack(hx, best[1], attackers, best[2], intensity, RISK, air)

    def _depot_goal(self, game: Game) -> Hex | None:
        """The friendly unit furthest out of supply, else the unit nearest the enemy."""
        model, state = game.model, game.state
        sources = supply.sources(model, state, self.side)
        combatants = [u for u in game.side_units(self.side)
                      if not utype(model, u).is_depot and not utype(model, u).is_garrison]
        if not combatants:
            return None
        gaps = [(min(hexgrid.distance(u.hex, s) for s in sources) - self._reach(game, u), u.number, u.hex)
                for u in combatants]
        worst = max(gaps)
        if worst[0] > 0:
            return worst[2]
        return min(combatants, key=lambda u: (self._enemy_distance(game, u.hex), u.number)).hex

    def _depot_step(self, game: Game, depot: UnitState, goal: Hex) -> int | None:
        model, state = game.model, game.state
        field = self._field(game, goal)
        if field.get(depot.hex, 999) <= 1:
            return None
        valid_before = {d.number for d in supply.valid_depots(model, state, self.side)}
        here, best = field.get(depot.hex, 999), None
        origin = depot.hex
        for d in hexgrid.DIRECTIONS:
            try:
                nxt = check_move(model, state, depot, d)
            except RuleError:
                continue
            if adjacent_to_enemy(model, state, nxt, self.side) or field.get(nxt, 999) >= here:
                continue
            depot.col, depot.row = nxt           # try it: the chain must hold
            valid_after = {u.number for u in supply.valid_depots(model, state, self.side)}
            depot.col, depot.row = origin
            if not valid_before <= valid_after | ({depot.number} - valid_before):
                continue
            if depot.number in valid_before and depot.number not in valid_after:
                continue
            if best is None or field.get(nxt, 999) < best[0]:
                best = (field.get(nxt, 999), d)
        return None if best is None else best[1]
