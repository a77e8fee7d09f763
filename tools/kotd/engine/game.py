"""The sequence of play (manual III.1; docs/rules.md "Sequence of play"): one object
that holds the model, the state and the two players, runs every phase in order and
checks that each action is allowed in the phase where it is taken, including limited
reaction (§III.2.E.10, R16.35).

Players are objects with the methods of :class:`Player`; a player acts by calling
the game's action methods (`move`, `fortify`, `sea_move`, `attack`, and in limited
reaction `access` / `finish_unit`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..model.types import SIDES, Model, other_side
from . import combat, logistics, movement, supply, victory
from .board import adjacent_to_enemy, op_allowance, side_of, units_at, units_on_map, utype
from .combat import BattleOrder, BattleResult
from .logistics import LogisticsOrder
from .movement import RuleError
from .rng import between, chance
from .state import GameState, Phase, Status, UnitState


class GameOver(Exception):
    """Raised out of an action that ends the game (a home base taken)."""


@dataclass(frozen=True)
class AttackPlan:
    """What the defending player sees before choosing its risk and air (§IV.D.1.d)."""
    attack_hex: tuple[int, int]
    defend_hex: tuple[int, int]
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    intensity: int
    attacker_risk: int
    attacker_air: int


class Player(Protocol):
    def logistics(self, game: "Game", unit: UnitState) -> LogisticsOrder: ...
    def move_first(self, game: "Game") -> bool: ...
    def operations(self, game: "Game") -> None: ...
    def depot_movement(self, game: "Game") -> None: ...
    def react(self, game: "Game") -> None: ...
    def defend(self, game: "Game", plan: AttackPlan) -> tuple[int, int]: ...


@dataclass
class Reaction:
    side: str
    open: bool = True
    combat_done: bool = False
    unit: int | None = None         # the unit being accessed
    budget: int = 0                 # operation points it may still spend in this access


@dataclass
class TurnReport:
    turn: int
    date: str
    units: dict[str, int]
    unsupplied: dict[str, int]
    battles: int
    casualties: dict[str, int]      # inflicted this turn, by side
    eliminated: dict[str, int]      # units lost this turn, by side
    town_vp: dict[str, int]
    distance_vp: dict[str, int]
    vp: dict[str, int]              # totals after the turn
    score: int
    desert_rats: bool = False
    events: list[str] = field(default_factory=list)


OPERATIONS, ENEMY_REACTION, DEPOTS = "operations", "enemy reaction", "depot movement"


def display_strength(model: Model, state: GameState, unit: UnitState) -> int:
    """The strength a front end shows: a computer-run (solitaire Allied) unit's true
    strength times its display percent, rounded half up (R16.42.7); any other unit's as it is."""
    if state.computer_allied and side_of(model, unit) == "allied":
        return (unit.strength * unit.noise + 50) // 100
    return unit.strength


class Game:
    def __init__(self, model: Model, state: GameState, players: dict[str, Player]):
        self.model = model
        self.state = state
        self.players = players
        self.kind: str | None = None          # OPERATIONS, ENEMY_REACTION, DEPOTS or None
        self.acting: str | None = None        # the side acting in the current phase
        self.phasing: str | None = None       # the phasing player of the current segment
        self.reaction: Reaction | None = None
        self.reports: list[TurnReport] = []
        self._turn_log: list[str] = []
        self._turn_battles: list[BattleResult] = []

    # --- queries -------------------------------------------------------------------

    def log(self, text: str) -> None:
        self._turn_log.append(f"{self.state.phase.name}: {text}")

    def side_units(self, side: str) -> list[UnitState]:
        return units_on_map(self.state, side, self.model)

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.GAME_OVER

    def _own_unit(self, number: int) -> UnitState:
        if not 1 <= number <= len(self.state.units):
            raise RuleError(f"there is no unit {number}")
        unit = self.state.unit(number)
        side = self.reaction.side if self.reaction else self.acting
        if unit.status != Status.ON_MAP:
            raise RuleError(f"unit {number} is not on the map")
        if side_of(self.model, unit) != side:
            raise RuleError(f"unit {number} is not the acting side's")
        return unit

    def _reaction_unit(self, unit: UnitState) -> int | None:
        """The operation points this unit may still spend, if in limited reaction."""
        r = self.reaction
        if r is None:
            return None
        if not r.open:
            raise RuleError("the limited reaction is over")
        if r.unit != unit.number:
            raise RuleError("in limited reaction only the accessed unit may act")
        return r.budget

    # --- actions -------------------------------------------------------------------

    def move(self, number: int, direction: int) -> None:
        """Move one hex in direction 1-6 (§IV.C)."""
        unit = self._own_unit(number)
        is_depot = utype(self.model, unit).is_depot
        if self.kind is None:
            raise RuleError("no unit may move in this phase")
        if is_depot != (self.kind == DEPOTS):
            raise RuleError("depots move only in their depot movement phase, other units never in it")
        limit = self._reaction_unit(unit)
        target = movement.check_move(self.model, self.state, unit, direction, limit)
        side = side_of(self.model, unit)
        lone = not units_at(self.state, target)
        spent = movement.apply_move(self.model, self.state, unit, target)
        self._check_capture(unit)
        next_to_enemy = lone and adjacent_to_enemy(self.model, self.state, target, side)
        if self.reaction is not None:
            self.reaction.budget -= spent
            if next_to_enemy:
                self.reaction.open = False
                self.log(f"unit {number} moved next to the enemy: limited reaction ends")
        elif self.kind in (OPERATIONS, ENEMY_REACTION) and next_to_enemy:
            percent = self.model.logistics.reaction_move_percent
            if side == "allied" and self.state.computer_allied:
                percent = self.model.solitaire.move_trigger_percent
            if chance(self.state, percent):
                self._limited_reaction(other_side(side), f"unit {number} moved next to the enemy")

    def fortify(self, number: int) -> None:
        """Build one fortification level (§IV.A.1.j)."""
        unit = self._own_unit(number)
        if self.kind not in (OPERATIONS, ENEMY_REACTION):
            raise RuleError("units fortify only in operations, enemy reaction and limited reaction")
        limit = self._reaction_unit(unit)
        movement.check_fortify(self.model, unit, limit)
        spent = movement.apply_fortify(self.model, unit)
        if self.reaction is not None:
            self.reaction.budget -= spent

    def sea_move(self, number: int) -> None:
        """Allied sea movement between Tobruk and Alexandria (§IV.C.3.f)."""
        unit = self._own_unit(number)
        if self.reaction is not None or self.kind not in (OPERATIONS, ENEMY_REACTION):
            raise RuleError("sea movement only in operations and enemy reaction phases")
        dest = movement.sea_destination(self.model, self.state, unit)
        movement.apply_sea_move(self.model, self.state, unit, dest)
        self.log(f"unit {number} moved by sea to {dest}")

    def attack(self, attack_hex, defend_hex, attackers, defenders, intensity: int, risk: int, air: int) -> BattleResult:
        """A battle (§IV.D): the attacker's choices; the defending player then chooses."""
        if self.kind not in (OPERATIONS, ENEMY_REACTION):
            raise RuleError("battles happen only in operations, enemy reaction and limited reaction")
        attackers, defenders = tuple(attackers), tuple(defenders)
        for n in attackers:
            self._own_unit(n)
        if self.reaction is not None:
            if not self.reaction.open or self.reaction.combat_done:
                raise RuleError("one battle per limited reaction")
            if self.reaction.unit not in attackers:
                raise RuleError("in limited reaction the accessed unit must attack")
        side = self.reaction.side if self.reaction else self.acting
        plan = AttackPlan(tuple(attack_hex), tuple(defend_hex), attackers, defenders, intensity, risk, air)
        probe = BattleOrder(plan.attack_hex, plan.defend_hex, attackers, defenders, intensity, risk, air, 1, 0)
        combat.check_order(self.model, self.state, probe, reaction=self.reaction is not None)
        d_risk, d_air = self.players[other_side(side)].defend(self, plan)
        order = BattleOrder(plan.attack_hex, plan.defend_hex, attackers, defenders, intensity, risk, air, d_risk, d_air)
        result = combat.resolve(self.model, self.state, order, reaction=self.reaction is not None)
        self._turn_battles.append(result)
        self.log(f"battle {attack_hex}->{defend_hex}: odds {result.odds / 100:.2f}, losses "
                 f"{sum(result.losses[n] for n in attackers)}/{sum(result.losses[n] for n in defenders)}, "
                 f"eliminated {result.eliminated}")
        if self.reaction is not None:
            self.reaction.combat_done = True
            self.reaction.open = False
        elif chance(self.state, self.model.logistics.reaction_battle_percent):
            self._limited_reaction(other_side(side), "after a battle")
        return result

    # --- limited reaction ------------------------------------------------------------

    def _limited_reaction(self, side: str, why: str) -> None:
        self.log(f"limited reaction for {side} ({why})")
        self.reaction = Reaction(side)
        try:
            self.players[side].react(self)
        finally:
            self.reaction = None

    def access(self, number: int) -> int:
        """Limited reaction: take a unit; it may spend min(allowance/2, remaining) OP."""
        r = self.reaction
        if r is None or not r.open:
            raise RuleError("no limited reaction is open")
        if r.unit is not None:
            raise RuleError("finish the accessed unit first")
        unit = self._own_unit(number)
        if utype(self.model, unit).is_depot:
            raise RuleError("depots do not act in limited reaction")
        r.unit = number
        r.budget = min(op_allowance(self.model, unit) // self.model.logistics.reaction_allowance_divisor, unit.op)
        return r.budget

    def finish_unit(self) -> bool:
        """Limited reaction: done with the accessed unit; True if another may be accessed
        (the initiative check, §III.2.E.10.b)."""
        r = self.reaction
        if r is None or r.unit is None:
            raise RuleError("no unit is being accessed")
        r.unit = None
        if r.open:
            r.open = chance(self.state, self.model.logistics.reaction_continue_percent)
        return r.open

    # --- the sequence of play ----------------------------------------------------------

    def _check_capture(self, unit: UnitState) -> None:
        if movement.captures_home_base(self.model, unit):
            side = side_of(self.model, unit)
            self.state.winner = side
            self.state.level = victory.capture_level(side)
            self.state.phase = Phase.GAME_OVER
            self.log(f"unit {unit.number} takes the {other_side(side)} home base")
            raise GameOver(side)

    def enter_phase(self, phase: Phase, kind: str | None, acting: str | None) -> None:
        self.state.phase = phase
        self.kind, self.acting = kind, acting
        if kind in (OPERATIONS, ENEMY_REACTION):
            for side in SIDES:
                self.state.air_usable[side] = self.state.air[side]
            self._display_noise()

    def _display_noise(self) -> None:
        """Solitaire: a new display percent for each Allied unit on the map (R16.42.7);
        what a front end shows is `display_strength`."""
        if not self.state.computer_allied:
            return
        lo, hi = self.model.solitaire.display_noise_percent
        for u in self.side_units("allied"):
            u.noise = between(self.state, lo, hi)

    def display_strength(self, unit: UnitState) -> int:
        return display_strength(self.model, self.state, unit)

    def _allot(self, sides: tuple[str, ...]) -> None:
        """A full allotment of operation points: set, not added (R16.36)."""
        for u in self.state.units:
            if u.status == Status.ON_MAP and side_of(self.model, u) in sides:
                u.op = op_allowance(self.model, u)

    def _operations(self, phase: Phase, side: str, kind: str, allot: tuple[str, ...] = ()) -> None:
        self.enter_phase(phase, kind, side)
        self._allot(allot)
        self.players[side].operations(self)

    def _resupply(self, phase: Phase, phasing: str) -> None:
        self.enter_phase(phase, None, None)
        supply.trace_supply(self.model, self.state)
        logistics.resupply(self.model, self.state, phasing)

    def _depots(self, phase: Phase, side: str) -> None:
        self.enter_phase(phase, DEPOTS, side)
        self.players[side].depot_movement(self)

    def play(self) -> list[TurnReport]:
        """Play to the end of the scenario (or a home base taken)."""
        try:
            while not self.over:
                self.play_turn()
        except GameOver:
            self._report(desert_rats=False)
        return self.reports

    def play_turn(self) -> TurnReport:
        st, model = self.state, self.model
        self._turn_log, self._turn_battles = [], []
        before = {s: st.casualties[s] for s in SIDES}
        self._before = before
        self._units_before = {s: len(self.side_units(s)) for s in SIDES}

        # A. Mobilization
        self.enter_phase(Phase.REINFORCEMENT, None, None)
        logistics.receive_turn_points(model, st)
        arrived = logistics.reinforcements(model, st)
        if arrived:
            self.log(f"arrived: {arrived}")
        st.sealift_left, st.sealift_blocked = model.logistics.sealift_per_turn, False

        self.enter_phase(Phase.SUPPLY, None, None)
        supply.trace_supply(model, st)
        self._unsupplied = {s: sum(1 for u in self.side_units(s) if not u.supplied) for s in SIDES}

        self.enter_phase(Phase.LOGISTICS, None, None)
        rats = logistics.desert_rats(model, st)
        if rats is not None:
            self.log(f"DESERT RATS STRIKE: depots lost {rats}")
        for side in SIDES:
            for u in self.side_units(side):
                logistics.allocate(model, st, u, self.players[side].logistics(self, u))
        lost = logistics.maintenance(model, st)
        if lost:
            self.log(f"eliminated for want of maintenance: {lost}")

        self.enter_phase(Phase.INITIATIVE, None, None)
        if st.random_initiative:
            st.initiative = "axis" if chance(st, model.logistics.random_initiative_axis_percent) else "allied"
        else:
            st.initiative = model.turn(st.turn).initiative
        holder = st.initiative
        st.first_player = holder if self.players[holder].move_first(self) else other_side(holder)
        first, second = st.first_player, other_side(st.first_player)

        # B. First player segment, C. second player segment
        for seg, (phasing, other) in enumerate(((first, second), (second, first))):
            ops1, res1, dep1, er, ops2, res2, dep2 = (
                (Phase.B1_OPERATIONS, Phase.B2_RESUPPLY, Phase.B3_DEPOT_MOVEMENT, Phase.B4_ENEMY_REACTION,
                 Phase.B5_OPERATIONS, Phase.B6_RESUPPLY, Phase.B7_DEPOT_MOVEMENT) if seg == 0 else
                (Phase.C1_OPERATIONS, Phase.C2_RESUPPLY, Phase.C3_DEPOT_MOVEMENT, Phase.C4_ENEMY_REACTION,
                 Phase.C5_OPERATIONS, Phase.C6_RESUPPLY, Phase.C7_DEPOT_MOVEMENT))
            self.phasing = phasing
            self._operations(ops1, phasing, OPERATIONS, allot=SIDES if seg == 0 else ())
            self._resupply(res1, phasing)
            self._depots(dep1, phasing)
            self._operations(er, other, ENEMY_REACTION)
            self._operations(ops2, phasing, OPERATIONS, allot=(phasing,))
            self._resupply(res2, phasing)
            self._depots(dep2, phasing)

        # D. Finalization
        self.enter_phase(Phase.VICTORY, None, None)
        gained = victory.end_of_turn(model, st)
        report = self._report(rats is not None, gained)
        if st.turn >= st.last_turn:
            st.level = victory.victory_level(model, st.scenario, victory.score(model, st))
            st.winner = st.level.split("_")[0]
            st.phase = Phase.GAME_OVER
        else:
            st.turn += 1
        return report

    def _report(self, desert_rats: bool, gained: dict | None = None) -> TurnReport:
        st, model = self.state, self.model
        gained = gained or {s: (0, 0) for s in SIDES}
        before = getattr(self, "_before", {s: 0 for s in SIDES})
        report = TurnReport(
            turn=st.turn, date=model.turn(st.turn).date,
            units={s: len(self.side_units(s)) for s in SIDES},
            unsupplied=dict(getattr(self, "_unsupplied", {s: 0 for s in SIDES})),
            battles=len(self._turn_battles),
            casualties={s: st.casualties[s] - before[s] for s in SIDES},
            eliminated={s: sum(1 for b in self._turn_battles for n in b.eliminated
                               if side_of(model, n) == s) for s in SIDES},
            town_vp={s: gained[s][0] for s in SIDES}, distance_vp={s: gained[s][1] for s in SIDES},
            vp={s: victory.total_vp(model, st, s) for s in SIDES}, score=victory.score(model, st),
            desert_rats=desert_rats, events=list(self._turn_log))
        self.reports.append(report)
        return report
