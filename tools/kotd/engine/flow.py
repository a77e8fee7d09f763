"""The sequence of play as a step machine (manual III.1; docs/rules.md "Sequence of play").

A front end (or a computer player, or the 6502 twin in ``port/asm/flow.s``) drives a
game through two questions and a handful of actions:

- :meth:`Flow.info` answers which phase it is, which side must act now and what it may
  do (:class:`May`), including the pending sub-states: a declared battle waiting for
  the defender's choice, a limited reaction open for a side (with a unit accessed or
  not), the initiative holder's choice;
- :meth:`Flow.step` ends the current phase (its closing work: maintenance after the
  Allied logistics) and enters the next one (its opening work: receipts and arrivals,
  supply, the Desert Rats, the initiative, allotments, the air reset and display
  noise, resupply, the victory phase);
- the actions (:meth:`allocate`, :meth:`choose_first`, :meth:`move`, :meth:`fortify`,
  :meth:`sea_move`, :meth:`declare_attack`, :meth:`defend`, :meth:`access`,
  :meth:`finish_unit`, :meth:`end_reaction`) each check that the phase, the side and
  the reaction allow them, then apply one rule of :mod:`movement`, :mod:`logistics` or
  :mod:`combat`.  A refused action raises :class:`RuleError` whose ``kind`` names the
  engine's error code, and changes nothing (the PRNG included).

Everything the machine knows lives in the :class:`GameState` (``acting``, ``react_*``,
``defend_pending``, ``logistics_last``) so that the 6502 state block holds it too; the
only exception is the declared battle's order, which the 6502 keeps in its battle
block (scratch) and this class in ``pending``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import IntFlag
from typing import Any, Callable

from ..model.types import SIDES, Model, other_side
from . import combat, logistics, movement, supply, victory
from .board import adjacent_to_enemy, op_allowance, side_of, units_at, units_on_map, utype
from .combat import BattleOrder, BattleResult, CombatError
from .logistics import LogisticsOrder
from .movement import RuleError
from .rng import between, chance
from .state import GameState, Phase, Status, UnitState

OPERATIONS, ENEMY_REACTION, DEPOTS = "operations", "enemy reaction", "depot movement"


class May(IntFlag):
    """What the side that must act may do now (PHASE_INFO's result bits)."""
    NOTHING = 0
    STEP = 0x001            # PHASE_NEXT: end the phase
    LOGISTICS = 0x002       # allocate one unit's replacements, supply and priority
    CHOOSE_FIRST = 0x004    # the initiative holder chooses who moves first
    MOVE = 0x008
    FORTIFY = 0x010
    SEA_MOVE = 0x020
    ATTACK = 0x040          # declare a battle (the defender then chooses)
    DEFEND = 0x080          # the defender's risk and air for the declared battle
    ACCESS = 0x100          # limited reaction: take a unit
    FINISH_UNIT = 0x200     # limited reaction: done with the accessed unit
    END_REACTION = 0x400    # limited reaction: end it


#: Each segment's seven phases: operations, resupply, depots, enemy reaction, operations,
#: resupply, depots (manual III.1 B and C).
SEGMENTS = ((Phase.B1_OPERATIONS, Phase.B2_RESUPPLY, Phase.B3_DEPOT_MOVEMENT, Phase.B4_ENEMY_REACTION,
             Phase.B5_OPERATIONS, Phase.B6_RESUPPLY, Phase.B7_DEPOT_MOVEMENT),
            (Phase.C1_OPERATIONS, Phase.C2_RESUPPLY, Phase.C3_DEPOT_MOVEMENT, Phase.C4_ENEMY_REACTION,
             Phase.C5_OPERATIONS, Phase.C6_RESUPPLY, Phase.C7_DEPOT_MOVEMENT))
KIND_OF_STEP = (OPERATIONS, None, DEPOTS, ENEMY_REACTION, OPERATIONS, None, DEPOTS)


#: The opening work of each phase (after the air reset and display noise of the
#: Operations and Enemy Reaction phases); the 6502 gets it as FLOW_PHASE_WORK.
OPENING: dict[Phase, str] = {
    Phase.REINFORCEMENT: "reinforcement", Phase.SUPPLY: "supply", Phase.LOGISTICS: "logistics",
    Phase.INITIATIVE: "initiative", Phase.B1_OPERATIONS: "allot_both", Phase.B5_OPERATIONS: "allot_phasing",
    Phase.C5_OPERATIONS: "allot_phasing", Phase.B2_RESUPPLY: "resupply", Phase.B6_RESUPPLY: "resupply",
    Phase.C2_RESUPPLY: "resupply", Phase.C6_RESUPPLY: "resupply", Phase.VICTORY: "victory"}
WORKS = ("none", "reinforcement", "supply", "logistics", "initiative", "allot_both", "allot_phasing",
         "resupply", "victory")


def kind_of(phase: Phase) -> str | None:
    """OPERATIONS, ENEMY_REACTION, DEPOTS for the phases where units act, else None."""
    for seg in SEGMENTS:
        if phase in seg:
            return KIND_OF_STEP[seg.index(phase)]
    return None


def segment_of(phase: Phase) -> int | None:
    """0 for the First Player's segment (B), 1 for the Second Player's (C)."""
    for i, seg in enumerate(SEGMENTS):
        if phase in seg:
            return i
    return None


def phasing_side(state: GameState) -> str | None:
    """The phasing player of the current segment: the First Player in B, the Second in C."""
    seg = segment_of(state.phase)
    if seg is None:
        return None
    return state.first_player if seg == 0 else other_side(state.first_player)


def display_strength(model: Model, state: GameState, unit: UnitState) -> int:
    """The strength a front end shows: a computer-run (solitaire Allied) unit's true
    strength times its display percent, rounded half up (R16.42.7); any other unit's as it is."""
    if state.computer_allied and side_of(model, unit) == "allied":
        return (unit.strength * unit.noise + 50) // 100
    return unit.strength


#: FIND_UNIT's column for "in any hex" (no column of a map reaches it: data/map.yaml).
ANY_COL = 0xFF


def find_unit(model: Model, state: GameState, after: int, side: int, col: int, row: int) -> int:
    """The first unit numbered above ``after`` of side ``side`` (0 Axis, 1 Allied) on the
    map, and in the hex (col, row) unless ``col`` is ANY_COL (255); 0 when there is none.
    A front end's walk over the units (the next unit in logistics, the units of the
    cursor's hex), one call a unit found.  ``after`` from the unit count on, or a side
    other than 0 and 1, finds none; RuleError("RANGE") for an argument over 255."""
    if not all(0 <= a <= 255 for a in (after, side, col, row)):
        raise RuleError("FIND_UNIT: an argument over 255", "RANGE")
    if side not in (0, 1):
        return 0
    for unit in state.units[after:]:
        if unit.status == Status.ON_MAP and side_of(model, unit) == SIDES[side] \
                and (col == ANY_COL or unit.hex == (col, row)):
            return unit.number
    return 0


@dataclass(frozen=True)
class Info:
    phase: Phase
    actor: str | None       # the side that must act now, None when only a step is possible
    may: May


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


def refuse(message: str, code: str) -> RuleError:
    """A refusal naming its engine error code (kotd.build.abi.ERRORS)."""
    return RuleError(message, code.upper())


@dataclass(frozen=True)
class Action:
    """One call a front end made, as the 6502 entry it maps to (kotd.replay)."""
    entry: str                      # the entry's name in kotd.build.abi.ENTRIES
    args: tuple                     # its arguments (ATTACK: the battle block's fields)
    refused: str | None             # the RuleError code when refused (abi.ERRORS key), else None
    value: int                      # the entry's result when not refused
    info: tuple[int, int, int]      # PHASE_INFO before the call: phase, actor (0/1/$FF), May bits
    after: Any                      # the recorder's snapshot of the state after the call


def _side_code(side: str | None) -> int:
    return 0xFF if side is None else SIDES.index(side)


def recorded(entry: str, to_args: Callable[..., tuple], to_value: Callable[[Any], int] = lambda out: 0):
    """Record each call of a Flow action in ``flow.record`` when recording."""
    def wrap(method):
        @functools.wraps(method)
        def inner(self: "Flow", *args, **kw):
            if self.record is None:
                return method(self, *args, **kw)
            info = self.info()
            before = (int(info.phase), _side_code(info.actor), int(info.may))
            try:
                out = method(self, *args, **kw)
            except RuleError as e:
                self.record.append(Action(entry, to_args(*args, **kw), e.code or "?", 0, before,
                                          self.snapshot(self.state)))
                raise
            self.record.append(Action(entry, to_args(*args, **kw), None, to_value(out), before,
                                      self.snapshot(self.state)))
            return out
        return inner
    return wrap


def _hex_value(hx) -> int:
    return hx[0] + 256 * hx[1]


class Flow:
    #: When a list, every action is appended to it as an :class:`Action` (kotd.replay).
    record: list[Action] | None = None
    snapshot: Callable[[GameState], Any] = staticmethod(lambda state: state.copy())

    def __init__(self, model: Model, state: GameState, log: Callable[[str], None] | None = None,
                 on_battle: Callable[[AttackPlan, BattleResult], None] | None = None):
        self.model = model
        self.state = state
        self.pending: AttackPlan | None = None
        self.log = log or (lambda text: None)
        self.on_battle = on_battle or (lambda plan, result: None)    # told before the reaction draw
        # What the phases found, for a front end's report (not part of the game).
        self.facts: dict[str, object] = {}
        self.last_battle: BattleResult | None = None
        # The last logistics phase's Desert Rats check, as the 6502 keeps it (DESERT_RATS_LOST):
        # 0 if they did not strike, else 1 + the Axis depots they eliminated.
        self.desert_rats_lost = 0

    # --- the question ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.GAME_OVER

    @property
    def kind(self) -> str | None:
        return kind_of(self.state.phase)

    def info(self) -> Info:
        st = self.state
        phase = st.phase
        if phase == Phase.GAME_OVER:
            return Info(phase, None, May.NOTHING)
        if st.defend_pending:
            return Info(phase, other_side(self._actor()), May.DEFEND)
        if st.react_side is not None:
            may = May.END_REACTION
            if st.react_unit == 0:
                if st.react_open:
                    may |= May.ACCESS
            else:
                may |= May.FINISH_UNIT
                if st.react_open:
                    may |= May.MOVE | May.FORTIFY | (May.NOTHING if st.react_battle else May.ATTACK)
            return Info(phase, st.react_side, may)
        kind = kind_of(phase)
        if phase == Phase.LOGISTICS:
            return Info(phase, st.acting, May.LOGISTICS | May.STEP)
        if phase == Phase.INITIATIVE:
            return Info(phase, st.initiative, May.CHOOSE_FIRST | May.STEP)
        if kind in (OPERATIONS, ENEMY_REACTION):
            return Info(phase, st.acting, May.MOVE | May.FORTIFY | May.SEA_MOVE | May.ATTACK | May.STEP)
        if kind == DEPOTS:
            return Info(phase, st.acting, May.MOVE | May.STEP)
        return Info(phase, None, May.STEP)

    def _actor(self) -> str | None:
        st = self.state
        return st.react_side if st.react_side is not None else st.acting

    def _allowed(self, what: May) -> None:
        if not self.info().may & what:
            raise refuse(f"{what.name.lower().replace('_', ' ')} is not allowed now "
                         f"({self.state.phase.name}{', limited reaction' if self.state.react_side else ''})",
                         "reaction" if self.state.react_side is not None and self.state.phase != Phase.GAME_OVER
                         and not self.state.defend_pending else "phase")

    def _own_unit(self, number: int) -> UnitState:
        if not 1 <= number <= len(self.state.units):
            raise refuse(f"there is no unit {number}", "unit")
        unit = self.state.unit(number)
        if unit.status != Status.ON_MAP:
            raise refuse(f"unit {number} is not on the map", "hex")
        if side_of(self.model, unit) != self._actor():
            raise refuse(f"unit {number} is not the acting side's", "side")
        return unit

    def _reaction_limit(self, unit: UnitState) -> int | None:
        """The operation points this unit may still spend, if in limited reaction."""
        st = self.state
        if st.react_side is None:
            return None
        if st.react_unit != unit.number:
            raise refuse("in limited reaction only the accessed unit may act", "reaction")
        return st.react_budget

    # --- stepping ---------------------------------------------------------------------

    @recorded("PHASE_NEXT", lambda: (), int)
    def step(self) -> Phase:
        """End the current phase and enter the next (PHASE_NEXT)."""
        self._allowed(May.STEP)
        st, model = self.state, self.model
        phase = st.phase
        if phase == Phase.LOGISTICS and st.acting == SIDES[0]:
            st.acting, st.logistics_last = SIDES[1], 0          # the Allied units' turn
            return phase
        if phase == Phase.LOGISTICS:
            lost = logistics.maintenance(model, st)
            self.facts["maintenance_lost"] = lost
            if lost:
                self.log(f"eliminated for want of maintenance: {lost}")
        following = {Phase.SETUP: Phase.REINFORCEMENT, Phase.VICTORY: Phase.REINFORCEMENT}
        self.enter(following.get(phase, Phase(phase + 1)))
        return st.phase

    def enter(self, phase: Phase) -> None:
        """Enter a phase and do its opening work (OPENING)."""
        st, model = self.state, self.model
        self.enter_phase(phase, self._acting_in(phase))
        work = OPENING.get(phase)
        if work == "reinforcement":
            logistics.receive_turn_points(model, st)
            arrived = logistics.reinforcements(model, st)
            self.facts = {"arrived": arrived}
            if arrived:
                self.log(f"arrived: {arrived}")
            st.sealift_left, st.sealift_blocked = model.logistics.sealift_per_turn, False
        elif work == "supply":
            supply.trace_supply(model, st)
            self.facts["unsupplied"] = {s: sum(1 for u in units_on_map(st, s, model) if not u.supplied)
                                        for s in SIDES}
        elif work == "logistics":
            st.logistics_last = 0
            rats = logistics.desert_rats(model, st)
            self.facts["desert_rats"] = rats
            self.desert_rats_lost = 0 if rats is None else 1 + len(rats)
            if rats is not None:
                self.log(f"DESERT RATS STRIKE: depots lost {rats}")
        elif work == "initiative":
            if st.random_initiative:
                st.initiative = "axis" if chance(st, model.logistics.random_initiative_axis_percent) else "allied"
            else:
                st.initiative = model.turn(st.turn).initiative
            st.first_player = st.acting = st.initiative
        elif work == "allot_both":
            self._allot(SIDES)
        elif work == "allot_phasing":
            self._allot((phasing_side(st),))
        elif work == "resupply":
            supply.trace_supply(model, st)
            logistics.resupply(model, st, phasing_side(st))
        elif work == "victory":
            self.facts["gained"] = victory.end_of_turn(model, st)
            self.facts["turn"] = st.turn
            if st.turn >= st.last_turn:
                st.level = victory.victory_level(model, st.scenario, victory.score(model, st))
                st.winner = st.level.split("_")[0]
                st.phase = Phase.GAME_OVER
                st.acting = None
            else:
                st.turn += 1

    def _acting_in(self, phase: Phase) -> str | None:
        st = self.state
        if phase == Phase.LOGISTICS:
            return SIDES[0]
        if phase == Phase.INITIATIVE:
            return st.initiative
        seg = segment_of(phase)
        if seg is None or kind_of(phase) is None:
            return None
        phasing = st.first_player if seg == 0 else other_side(st.first_player)
        return other_side(phasing) if kind_of(phase) == ENEMY_REACTION else phasing

    def enter_phase(self, phase: Phase, acting: str | None) -> None:
        """Set the phase and its acting side; at the start of every Operations and Enemy
        Reaction phase the air is reset and the display noise drawn (R16.44, R16.42.7)."""
        st = self.state
        st.phase, st.acting = phase, acting
        if kind_of(phase) in (OPERATIONS, ENEMY_REACTION):
            for side in SIDES:
                st.air_usable[side] = st.air[side]
            self._display_noise()

    def _display_noise(self) -> None:
        """Solitaire: a new display percent for each Allied unit on the map (R16.42.7)."""
        if not self.state.computer_allied:
            return
        lo, hi = self.model.solitaire.display_noise_percent
        for u in units_on_map(self.state, "allied", self.model):
            u.noise = between(self.state, lo, hi)

    def _allot(self, sides: tuple[str, ...]) -> None:
        """A full allotment of operation points: set, not added (R16.36)."""
        for u in self.state.units:
            if u.status == Status.ON_MAP and side_of(self.model, u) in sides:
                u.op = op_allowance(self.model, u)

    # --- A3 logistics, A4 initiative --------------------------------------------------

    @recorded("LOGISTICS", lambda n, o: (n, o.replacements, o.supply, o.priority), lambda out: out[0])
    def allocate(self, number: int, order: LogisticsOrder) -> tuple[int, int]:
        """One unit's logistics (§IV.B.1): the acting side's units, each once, in unit order."""
        self._allowed(May.LOGISTICS)
        unit = self._own_unit(number)
        if number <= self.state.logistics_last:
            raise refuse("each unit's logistics once, in unit-number order", "once")
        for digit in (order.replacements, order.supply, order.priority):
            if not 0 <= digit <= 9:
                raise refuse(f"a logistics digit is 0-9, not {digit}", "range")
        given = logistics.allocate(self.model, self.state, unit, order)
        self.state.logistics_last = number          # only once the allocation is made
        return given

    @recorded("CHOOSE_FIRST", lambda first: (int(bool(first)),))
    def choose_first(self, move_first: bool) -> None:
        """The initiative holder moves first or lets the other side (§III.2.D)."""
        self._allowed(May.CHOOSE_FIRST)
        if move_first not in (0, 1):
            raise refuse("move first: 1 (yes) or 0 (no)", "range")
        st = self.state
        st.first_player = st.initiative if move_first else other_side(st.initiative)

    # --- unit actions -------------------------------------------------------------------

    @recorded("MOVE", lambda n, d: (n, d), _hex_value)
    def move(self, number: int, direction: int) -> tuple[int, int]:
        """Move one hex in direction 1-6 (§IV.C); returns the hex entered."""
        self._allowed(May.MOVE)
        unit = self._own_unit(number)
        st = self.state
        is_depot = utype(self.model, unit).is_depot
        if is_depot != (self.kind == DEPOTS):
            raise refuse("depots move only in their depot movement phase, other units never in it", "depot")
        limit = self._reaction_limit(unit)
        target = movement.check_move(self.model, st, unit, direction, limit)
        side = side_of(self.model, unit)
        lone = not units_at(st, target)
        spent = movement.apply_move(self.model, st, unit, target)
        if movement.captures_home_base(self.model, unit):
            self._game_over_by_capture(unit)
            return target
        next_to_enemy = lone and adjacent_to_enemy(self.model, st, target, side)
        if st.react_side is not None:
            st.react_budget -= spent
            if next_to_enemy:
                st.react_open = False
                self.log(f"unit {number} moved next to the enemy: limited reaction ends")
        elif self.kind in (OPERATIONS, ENEMY_REACTION) and next_to_enemy:
            percent = self.model.logistics.reaction_move_percent
            if side == "allied" and st.computer_allied:
                percent = self.model.solitaire.move_trigger_percent
            if chance(st, percent):
                self._open_reaction(other_side(side), f"unit {number} moved next to the enemy")
        return target

    @recorded("FORTIFY", lambda n: (n,))
    def fortify(self, number: int) -> None:
        """Build one fortification level (§IV.A.1.j)."""
        self._allowed(May.FORTIFY)
        unit = self._own_unit(number)
        limit = self._reaction_limit(unit)
        movement.check_fortify(self.model, unit, limit)
        spent = movement.apply_fortify(self.model, unit)
        if self.state.react_side is not None:
            self.state.react_budget -= spent

    @recorded("SEA_MOVE", lambda n: (n,), _hex_value)
    def sea_move(self, number: int) -> tuple[int, int]:
        """Allied sea movement between Tobruk and Alexandria (§IV.C.3.f)."""
        self._allowed(May.SEA_MOVE)
        unit = self._own_unit(number)
        dest = movement.sea_destination(self.model, self.state, unit)
        movement.apply_sea_move(self.model, self.state, unit, dest)
        self.log(f"unit {number} moved by sea to {dest}")
        return dest

    @recorded("ATTACK", lambda ah, dh, a, d, i, r, air: (tuple(ah), tuple(dh), tuple(a), tuple(d), i, r, air))
    def declare_attack(self, attack_hex, defend_hex, attackers, defenders, intensity: int, risk: int,
                       air: int) -> AttackPlan:
        """The attacker's half of a battle (§IV.D): checked; the defender chooses next."""
        self._allowed(May.ATTACK)
        st = self.state
        attackers, defenders = tuple(attackers), tuple(defenders)
        for n in attackers:
            self._own_unit(n)
        if st.react_side is not None and st.react_unit not in attackers:
            raise refuse("in limited reaction the accessed unit must attack", "reaction")
        plan = AttackPlan(tuple(attack_hex), tuple(defend_hex), attackers, defenders, intensity, risk, air)
        probe = BattleOrder(plan.attack_hex, plan.defend_hex, attackers, defenders, intensity, risk, air, 1, 0)
        try:
            combat.check_order(self.model, st, probe, reaction=st.react_side is not None)
        except CombatError as e:
            raise refuse(str(e), e.kind) from e
        if st.react_side is not None:
            # The battle's operation points count against the access (IV.C.3.k, rulings 8).
            cost = combat.op_cost(self.model, st.unit(st.react_unit), "attacker", intensity)
            if cost > st.react_budget:
                raise refuse(f"the battle costs {cost} operation points, {st.react_budget} are left "
                             f"in this access", "reaction")
        self.pending = plan
        st.defend_pending = True
        return plan

    @recorded("DEFEND", lambda r, a: (r, a), lambda out: out.odds)
    def defend(self, risk: int, air: int) -> BattleResult:
        """The defender's risk and air; the battle is fought (§IV.D.1.d)."""
        self._allowed(May.DEFEND)
        st, plan = self.state, self.pending
        order = BattleOrder(plan.attack_hex, plan.defend_hex, plan.attackers, plan.defenders, plan.intensity,
                            plan.attacker_risk, plan.attacker_air, risk, air)
        in_reaction = st.react_side is not None
        try:
            combat.check_order(self.model, st, order, reaction=in_reaction)
        except CombatError as e:
            raise refuse(str(e), e.kind) from e
        spent = (combat.op_cost(self.model, st.unit(st.react_unit), "attacker", plan.intensity)
                 if in_reaction else 0)
        result = combat.resolve(self.model, st, order, reaction=in_reaction)
        self.pending, st.defend_pending = None, False
        self.last_battle = result
        self.on_battle(plan, result)
        side = result.attacker_side
        if in_reaction:
            st.react_budget = max(0, st.react_budget - spent)
            st.react_battle, st.react_open = True, False
        elif chance(st, self.model.logistics.reaction_battle_percent):
            self._open_reaction(other_side(side), "after a battle")
        return result

    # --- limited reaction ----------------------------------------------------------------

    def _open_reaction(self, side: str, why: str) -> None:
        self.log(f"limited reaction for {side} ({why})")
        st = self.state
        st.react_side, st.react_open, st.react_battle, st.react_unit, st.react_budget = side, True, False, 0, 0

    @recorded("ACCESS", lambda n: (n,), int)
    def access(self, number: int) -> int:
        """Limited reaction: take a unit; it may spend min(allowance/2, remaining) OP."""
        self._allowed(May.ACCESS)
        unit = self._own_unit(number)
        if utype(self.model, unit).is_depot:
            raise refuse("depots do not act in limited reaction", "reaction")
        st = self.state
        st.react_unit = number
        st.react_budget = min(op_allowance(self.model, unit) // self.model.logistics.reaction_allowance_divisor,
                              unit.op)
        return st.react_budget

    @recorded("FINISH_UNIT", lambda: (), int)
    def finish_unit(self) -> bool:
        """Limited reaction: done with the accessed unit; True if another may be accessed
        (the initiative check, §III.2.E.10.b)."""
        self._allowed(May.FINISH_UNIT)
        st = self.state
        st.react_unit, st.react_budget = 0, 0
        if st.react_open:
            st.react_open = chance(st, self.model.logistics.reaction_continue_percent)
        return st.react_open

    @recorded("END_REACTION", lambda: ())
    def end_reaction(self) -> None:
        """Limited reaction over (the reacting player ends it, or it can go no further)."""
        self._allowed(May.END_REACTION)
        self._close_reaction()

    def _close_reaction(self) -> None:
        st = self.state
        st.react_side, st.react_open, st.react_battle, st.react_unit, st.react_budget = None, False, False, 0, 0

    def _game_over_by_capture(self, unit: UnitState) -> None:
        st = self.state
        side = side_of(self.model, unit)
        st.winner = side
        st.level = victory.capture_level(side)
        st.phase = Phase.GAME_OVER
        st.acting = None
        self._close_reaction()
        self.log(f"unit {unit.number} takes the {other_side(side)} home base")
