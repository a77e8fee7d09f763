"""The sequence of play driven by players (manual III.1; docs/rules.md "Sequence of
play"): one object that holds the model, the state and the two players and runs the
step machine of :mod:`kotd.engine.flow` to the end of the game, asking each player
what to do when the machine says it must act.

Players are objects with the methods of :class:`Player`; a player acts by calling
the game's action methods (`move`, `fortify`, `sea_move`, `attack`, and in limited
reaction `access` / `finish_unit`).  Every rule lives in the flow machine and the
modules it calls; this class only turns the machine's questions into callbacks (the
defender's choice inside `attack`, a limited reaction as a nested `react`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..model.types import SIDES, Model
from . import victory
from .board import side_of, units_on_map
from .combat import BattleResult
from .flow import DEPOTS, ENEMY_REACTION, OPERATIONS, AttackPlan, Flow, May, display_strength, phasing_side
from .logistics import LogisticsOrder
from .movement import RuleError
from .state import GameState, Phase, UnitState

__all__ = ["AttackPlan", "display_strength", "DEPOTS", "ENEMY_REACTION", "OPERATIONS", "Game", "GameOver", "Player", "Reaction",
           "RuleError", "TurnReport"]

class GameOver(Exception):
    """Raised out of an action that ends the game (a home base taken)."""


class Player(Protocol):
    def logistics(self, game: "Game", unit: UnitState) -> LogisticsOrder: ...
    def move_first(self, game: "Game") -> bool: ...
    def operations(self, game: "Game") -> None: ...
    def depot_movement(self, game: "Game") -> None: ...
    def react(self, game: "Game") -> None: ...
    def defend(self, game: "Game", plan: AttackPlan) -> tuple[int, int]: ...


@dataclass(frozen=True)
class Reaction:
    """A view of the open limited reaction (the state's ``react_*`` fields)."""
    side: str
    open: bool
    combat_done: bool
    unit: int | None                # the unit being accessed
    budget: int                     # operation points it may still spend in this access


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


class Game:
    def __init__(self, model: Model, state: GameState, players: dict[str, Player]):
        self.model = model
        self.state = state
        self.players = players
        self.flow = Flow(model, state, self.log, self._battle_fought)
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

    @property
    def kind(self) -> str | None:
        return self.flow.kind

    @property
    def acting(self) -> str | None:
        return self.state.acting

    @property
    def phasing(self) -> str | None:
        return phasing_side(self.state)

    @property
    def reaction(self) -> Reaction | None:
        st = self.state
        if st.react_side is None:
            return None
        return Reaction(st.react_side, st.react_open, st.react_battle, st.react_unit or None, st.react_budget)

    # --- actions -------------------------------------------------------------------

    def move(self, number: int, direction: int) -> None:
        """Move one hex in direction 1-6 (§IV.C)."""
        in_reaction = self.state.react_side is not None
        self.flow.move(number, direction)
        self._after_action(in_reaction)

    def fortify(self, number: int) -> None:
        """Build one fortification level (§IV.A.1.j)."""
        self.flow.fortify(number)

    def sea_move(self, number: int) -> None:
        """Allied sea movement between Tobruk and Alexandria (§IV.C.3.f)."""
        self.flow.sea_move(number)

    def attack(self, attack_hex, defend_hex, attackers, defenders, intensity: int, risk: int, air: int) -> BattleResult:
        """A battle (§IV.D): the attacker's choices; the defending player then chooses."""
        in_reaction = self.state.react_side is not None
        plan = self.flow.declare_attack(attack_hex, defend_hex, attackers, defenders, intensity, risk, air)
        defender = self.flow.info().actor
        d_risk, d_air = self.players[defender].defend(self, plan)
        result = self.flow.defend(d_risk, d_air)
        self._after_action(in_reaction)
        return result

    def _battle_fought(self, plan: AttackPlan, result: BattleResult) -> None:
        self._turn_battles.append(result)
        self.log(f"battle {plan.attack_hex}->{plan.defend_hex}: odds {result.odds / 100:.2f}, losses "
                 f"{sum(result.losses[n] for n in plan.attackers)}/{sum(result.losses[n] for n in plan.defenders)}, "
                 f"eliminated {result.eliminated}")

    def access(self, number: int) -> int:
        """Limited reaction: take a unit; it may spend min(allowance/2, remaining) OP."""
        return self.flow.access(number)

    def finish_unit(self) -> bool:
        """Limited reaction: done with the accessed unit; True if another may be accessed."""
        return self.flow.finish_unit()

    def _after_action(self, in_reaction: bool) -> None:
        """A home base taken ends the game; a limited reaction opened is played now."""
        if self.over:
            raise GameOver(self.state.winner)
        if not in_reaction and self.state.react_side is not None:
            side = self.state.react_side
            try:
                self.players[side].react(self)
            finally:
                if self.state.react_side is not None:
                    self.flow.end_reaction()

    # --- the sequence of play ----------------------------------------------------------

    def display_strength(self, unit: UnitState) -> int:
        return display_strength(self.model, self.state, unit)

    def enter_phase(self, phase: Phase, kind: str | None, acting: str | None) -> None:
        """Put the game in a phase with its acting side (the phase gives the kind)."""
        self.flow.enter_phase(phase, acting)

    def play(self, turns: int | None = None) -> list[TurnReport]:
        """Play to the end of the scenario (or a home base taken), or only the next
        `turns` turns."""
        try:
            while not self.over and (turns is None or turns > 0):
                self.play_turn()
                if turns is not None:
                    turns -= 1
        except GameOver:
            self._report(desert_rats=False)
        return self.reports

    def play_turn(self) -> TurnReport:
        """One turn, from the reinforcement phase to the victory phase."""
        st, flow = self.state, self.flow
        self._turn_log, self._turn_battles = [], []
        self._before = {s: st.casualties[s] for s in SIDES}
        if st.phase in (Phase.SETUP, Phase.VICTORY):
            flow.step()                                 # into the reinforcement phase
        while True:
            info = flow.info()
            phase, actor = info.phase, info.actor
            if phase == Phase.LOGISTICS:
                player = self.players[actor]
                for u in self.side_units(actor):
                    flow.allocate(u.number, player.logistics(self, u))
            elif phase == Phase.INITIATIVE:
                flow.choose_first(self.players[actor].move_first(self))
            elif info.may & May.ATTACK:
                self.players[actor].operations(self)
            elif self.kind == DEPOTS:
                self.players[actor].depot_movement(self)
            if phase == Phase.VICTORY or self.over:
                break
            flow.step()
            if st.phase == Phase.SUPPLY:
                self._unsupplied = dict(flow.facts["unsupplied"])
        rats = flow.facts.get("desert_rats")
        report = self._report(rats is not None, flow.facts.get("gained"), flow.facts.get("turn"))
        return report

    def _report(self, desert_rats: bool, gained: dict | None = None, turn: int | None = None) -> TurnReport:
        st, model = self.state, self.model
        turn = st.turn if turn is None else turn
        gained = gained or {s: (0, 0) for s in SIDES}
        before = getattr(self, "_before", {s: 0 for s in SIDES})
        report = TurnReport(
            turn=turn, date=model.turn(turn).date,
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
