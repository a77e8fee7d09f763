"""A simple computer player for either side (rulings 16.43): legal, deterministic and
purposeful enough to supply, move and fight.  It is what `kotd simulate` runs on both
sides; the real opponent is a later piece of work.

Each turn it fills its units with replacements and supply, attacks adjacent enemies
when the estimated odds are good, otherwise advances on the nearest enemy unit or
enemy-held victory place while staying near a supply source, keeps garrisons for
Tobruk and its home base, and brings its depots up behind the front.
"""

from __future__ import annotations

from .. import hexgrid
from ..model.types import other_side
from . import combat, supply
from .board import (Hex, adjacent_to_enemy, home_base, occupancy, side_of, tobruk, units_at,
                    utype)
from .game import AttackPlan, Game
from .logistics import LogisticsOrder
from .movement import RuleError
from .state import UnitState

ATTACK_ODDS = 150        # attack when the estimated odds are at least 1.5 (R16.43)
REACTION_ODDS = 200      # in limited reaction only at 2 to 1 or better
INTENSITY, RISK = 6, 5
ATTACK_AIR, DEFENCE_AIR = 5, 3
SUPPLY_SLACK = 2         # advance at most this many hexes beyond supply range
TOBRUK_HOLDERS = 2


class SimpleAI:
    def __init__(self, side: str):
        self.side = side
        self._sources: tuple[object, list[Hex]] | None = None

    def _supply_sources(self, game: Game) -> list[Hex]:
        """The side's supply sources, worked out once per phase (depots move only in
        their own phase; a stale answer only makes the player a little less wise)."""
        key = (game.state.turn, game.state.phase)
        if self._sources is None or self._sources[0] != key:
            self._sources = (key, supply.sources(game.model, game.state, self.side))
        return self._sources[1]

    # --- logistics -------------------------------------------------------------------
    def logistics(self, game: Game, unit: UnitState) -> LogisticsOrder:
        near_front = self._enemy_distance(game, unit.hex) <= 4
        return LogisticsOrder(replacements=9, supply=9, priority=9 if near_front else 5)

    def move_first(self, game: Game) -> bool:
        return True

    def defend(self, game: Game, plan: AttackPlan) -> tuple[int, int]:
        usable = game.state.air_usable[self.side]
        return RISK, min(usable, DEFENCE_AIR, game.model.combat.air_max)

    # --- operations --------------------------------------------------------------------
    def operations(self, game: Game) -> None:
        for unit in self._front_to_rear(game):
            if game.over:
                return
            if unit.status.name != "ON_MAP" or utype(game.model, unit).is_garrison:
                continue
            self._attack_from(game, unit.hex, ATTACK_ODDS)
            if unit.status.name != "ON_MAP" or self._must_hold(game, unit):
                continue
            self._advance(game, unit)
            if unit.status.name == "ON_MAP":
                self._attack_from(game, unit.hex, ATTACK_ODDS)
        for unit in list(game.side_units(self.side)):
            if adjacent_to_enemy(game.model, game.state, unit.hex, self.side):
                try:
                    game.fortify(unit.number)
                except RuleError:
                    pass

    def react(self, game: Game) -> None:
        while game.reaction is not None and game.reaction.open:
            candidates = [u for u in self._front_to_rear(game)
                          if not utype(game.model, u).is_depot and u.op > 0
                          and adjacent_to_enemy(game.model, game.state, u.hex, self.side)]
            if not candidates:
                return
            unit = candidates[0]
            game.access(unit.number)
            self._attack_from(game, unit.hex, REACTION_ODDS, lead=unit.number)
            if game.reaction is None or game.reaction.unit is None:
                return
            if not game.finish_unit():
                return
            return

    def depot_movement(self, game: Game) -> None:
        model, state = game.model, game.state
        for depot in [u for u in game.side_units(self.side) if utype(model, u).is_depot]:
            target = self._depot_target(game, depot)
            if target is None:
                continue
            while depot.op > 0:
                best = self._best_step(game, depot, target, keep_chain=True)
                if best is None:
                    break
                try:
                    game.move(depot.number, best)
                except RuleError:
                    break

    # --- helpers -------------------------------------------------------------------------
    def _enemy_distance(self, game: Game, hx: Hex) -> int:
        enemy = game.side_units(other_side(self.side))
        return min((hexgrid.distance(hx, u.hex) for u in enemy), default=99)

    def _front_to_rear(self, game: Game) -> list[UnitState]:
        units = [u for u in game.side_units(self.side) if not utype(game.model, u).is_depot]
        return sorted(units, key=lambda u: (self._enemy_distance(game, u.hex), u.number))

    def _must_hold(self, game: Game, unit: UnitState) -> bool:
        """Keep Tobruk held by a few units and never empty the home base's hex."""
        model, state = game.model, game.state
        t = tobruk(model)
        if unit.hex == t and state.control.get(model.map.tobruk) == self.side:
            return len(units_at(state, t)) <= TOBRUK_HOLDERS
        return False

    def _objective(self, game: Game, unit: UnitState) -> Hex | None:
        model, state = game.model, game.state
        enemy_hexes = [u.hex for u in game.side_units(other_side(self.side))]
        places = [model.map.place_hex(pid) for pid, side in state.control.items() if side != self.side]
        places.append(home_base(model, other_side(self.side)))
        goals = enemy_hexes + places
        if not goals:
            return None
        return min(goals, key=lambda h: (hexgrid.distance(unit.hex, h), h))

    def _within_supply(self, game: Game, unit: UnitState, hx: Hex, sources: list[Hex]) -> bool:
        reach = supply.supply_range(game.model, game.state, unit) + SUPPLY_SLACK
        return any(hexgrid.distance(hx, s) <= reach for s in sources)

    def _best_step(self, game: Game, unit: UnitState, target: Hex, keep_chain: bool = False) -> int | None:
        model, state = game.model, game.state
        sources = (supply.sources(model, state, self.side) if keep_chain else self._supply_sources(game))
        if keep_chain:
            others = [h for h in sources if h != unit.hex] or sources
        best, best_d = None, hexgrid.distance(unit.hex, target)
        for d in hexgrid.DIRECTIONS:
            try:
                nxt = self._try_step(game, unit, d)
            except RuleError:
                continue
            if keep_chain:
                if not any(hexgrid.distance(nxt, h) <= model.logistics.depot_chain for h in others):
                    continue
            elif not self._within_supply(game, unit, nxt, sources):
                continue
            dist = hexgrid.distance(nxt, target)
            if dist < best_d:
                best, best_d = d, dist
        return best

    @staticmethod
    def _try_step(game: Game, unit: UnitState, direction: int) -> Hex:
        from .movement import check_move
        limit = game.reaction.budget if game.reaction is not None else None
        return check_move(game.model, game.state, unit, direction, limit)

    def _advance(self, game: Game, unit: UnitState) -> None:
        target = self._objective(game, unit)
        if target is None:
            return
        while unit.status.name == "ON_MAP" and not game.over and game.reaction is None:
            if adjacent_to_enemy(game.model, game.state, unit.hex, self.side):
                return
            step = self._best_step(game, unit, target)
            if step is None:
                return
            game.move(unit.number, step)

    def _attack_from(self, game: Game, hx: Hex, min_odds: int, lead: int | None = None) -> None:
        """Attack the weakest adjacent enemy hex if the estimated odds are good enough."""
        model, state = game.model, game.state
        if game.over:
            return
        occ = occupancy(state)
        attackers = tuple(u.number for u in occ.get(hx, [])
                          if side_of(model, u) == self.side and combat.can_attack(model, u)
                          and not (game.reaction is not None and utype(model, u).is_depot))
        if not attackers or all(utype(model, n).is_depot for n in attackers):
            return
        if lead is not None and lead not in attackers:
            return
        best = None
        for n in hexgrid.neighbours(*hx):
            if not occ.get(n) or side_of(model, occ[n][0]) == self.side:
                continue
            defenders = tuple(u.number for u in combat.selectable_defenders(model, state, n))
            air = min(state.air_usable[self.side], ATTACK_AIR, model.combat.air_max)
            order = combat.BattleOrder(hx, n, attackers, defenders, INTENSITY, RISK, air, RISK, 0)
            fu, fh, eu, eh = combat.neighbour_counts(model, state, order)
            s = sum(state.unit(a).strength for a in attackers)
            a_mod = combat.attacker_modified(model, s, air, fu, fh, eu, eh)
            d_mod = combat.defender_modified(model, [(state.unit(d).strength, state.unit(d).supply,
                                                      state.unit(d).fort) for d in defenders],
                                             model.terrain[model.map.terrain_at(*n)].defence_tenths, 0)
            odds = combat.odds_hundredths(a_mod, d_mod)
            if odds >= min_odds and (best is None or odds > best[0]):
                best = (odds, n, defenders, air)
        if best is not None:
            _, n, defenders, air = best
            game.attack(hx, n, attackers, defenders, INTENSITY, RISK, air)

    def _depot_target(self, game: Game, depot: UnitState) -> Hex | None:
        """The friendly combat unit furthest from supply, if any lacks it."""
        model, state = game.model, game.state
        sources = supply.sources(model, state, self.side)
        needy = []
        for u in game.side_units(self.side):
            if utype(model, u).is_depot:
                continue
            reach = supply.supply_range(model, state, u)
            gap = min(hexgrid.distance(u.hex, s) for s in sources) - reach
            if gap > 0:
                needy.append((gap, u.number, u.hex))
        if not needy:
            return None
        needy.sort()
        return needy[-1][2]
