"""Combat resolution (manual IV.D, charts of X; docs/rules.md "Combat").

One battle: the attacking units in one hex against the chosen defenders in an
adjacent hex.  `resolve` applies the whole result to the game state in the order of
§III.2.E.12.f: losses, supply costs, captured supply, operation costs; then
eliminations and cadres, air losses and casualty victory points.

Every formula is an integer formula; the pure helpers (`attacker_modified`,
`defender_modified`, `base_loss`, `side_loss`, `unit_loss`) take plain numbers so the
manual's worked examples can be checked directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import hexgrid
from ..model.types import Model, other_side
from .board import Hex, occupancy, side_of, supply_cap, terrain, utype
from .rng import between, chance
from .state import OFF_MAP, GameState, Status, UnitState


class CombatError(ValueError):
    """An order that the rules do not allow; nothing has been changed.

    ``kind`` names the engine's error code for it (kotd.build.abi.ERRORS): "hex" for a
    hex off the map, "unit" for a unit number that does not exist, "range" for an
    intensity, risk or air value out of range, "order" for every other broken rule.
    The checks run in the order of `check_order`; the first that fails is reported.
    """

    def __init__(self, message: str, kind: str = "order"):
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class BattleOrder:
    attack_hex: Hex
    defend_hex: Hex
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    intensity: int
    attacker_risk: int
    attacker_air: int
    defender_risk: int
    defender_air: int


@dataclass
class BattleResult:
    attacker_side: str
    defender_side: str
    attacker_strength: int          # S: unmodified sum of the attackers
    defender_strength: int          # unmodified sum of the defenders
    attacker_modified: int          # A
    defender_modified: int          # D
    odds: int                       # floor(100 A / D), unclamped but saturated at 65535
    base_loss: int
    attacker_risk_factor: int       # hundredths, after the solitaire luck
    defender_risk_factor: int
    attacker_loss: int              # overall losses before morale
    defender_loss: int
    attacker_risk_part: int         # the part of the overall loss caused by risk
    defender_risk_part: int
    losses: dict[int, int] = field(default_factory=dict)      # unit -> strength removed
    eliminated: list[int] = field(default_factory=list)
    cadres: list[int] = field(default_factory=list)
    captured: dict[int, int] = field(default_factory=dict)    # unit -> supply received
    air_destroyed: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})
    casualties: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})  # inflicted by side


# --- the formulas -------------------------------------------------------------

def attacker_modified(model: Model, strength: int, air: int, friendly_units: int,
                      friendly_hexes: int, enemy_units: int, enemy_hexes: int) -> int:
    """A: air first, then the neighbour bonuses, then the clamp (§IV.D.4.e-g)."""
    c = model.combat
    a = strength * (100 + c.air_attacker_percent * air) // 100
    a += (c.bonus_friendly_unit * friendly_units + c.bonus_friendly_hex * friendly_hexes
          + c.bonus_enemy_unit * enemy_units + c.bonus_enemy_hex * enemy_hexes)
    low = strength * c.attacker_min.num // c.attacker_min.den
    high = strength * c.attacker_max.num // c.attacker_max.den
    return max(low, min(a, high))


def defender_multiplier(model: Model, terrain_tenths: int, fort: int) -> int:
    """Terrain + fortification multiplier in tenths, capped (chart note, R16.16)."""
    f = model.fortification
    return min(terrain_tenths + f.step_tenths * fort, f.multiplier_cap_tenths)


def defender_modified(model: Model, defenders: list[tuple[int, int, int]], terrain_tenths: int,
                      air: int) -> int:
    """D for defenders given as (strength, supply, fort) in one hex (§IV.D.4.a-d).

    Each strength is halved (floor) below the supply threshold, times its multiplier
    in tenths; the sum times (100 + 15 x air) / 1000, floored; capped at 4.5 times the
    unhalved strengths; at least 1.
    """
    c = model.combat
    total = 0
    unhalved = 0
    for strength, supply, fort in defenders:
        effective = strength if supply >= c.low_supply_threshold else strength * c.low_supply_percent // 100
        total += effective * defender_multiplier(model, terrain_tenths, fort)
        unhalved += strength
    d = total * (100 + c.air_defender_percent * air) // 1000
    d = min(d, unhalved * c.defender_cap.num // c.defender_cap.den)
    return max(d, 1)


ODDS_SHOWN_MAX = 0xFFFF    # the displayed odds saturate at 655.35 to 1 (16 bits)


def odds_hundredths(attacker: int, defender: int) -> int:
    """The battle odds in hundredths, floor(100 A / D), saturated at ODDS_SHOWN_MAX."""
    return min(100 * attacker // defender, ODDS_SHOWN_MAX)


def base_loss(model: Model, intensity: int, strength: int) -> int:
    """5 + floor(6 * intensity * S / 1000) (§IV.D.5.a; reproduces the Combat Loss Chart)."""
    c = model.combat
    return c.base_constant + c.base_per_mille * intensity * strength // 1000


def side_loss(model: Model, base: int, risk_factor: int, enemy_air: int, odds: int | None = None) -> tuple[int, int]:
    """Overall loss of one side and its risk part (§IV.D.5.b-d, X).

    Attacker: floor(base x r / 100) + air.  Defender (odds given): plus
    floor(base x clamp(odds) x modifier% / 10000).
    """
    c = model.combat
    risk_part = base * risk_factor // 100
    loss = risk_part + c.air_loss_per_point * enemy_air
    if odds is not None:
        clamped = max(c.odds_min, min(odds, c.odds_max))
        loss += base * clamped * c.odds_modifier_percent // 10000
    return loss, risk_part


def unit_loss(model: Model, loss: int, strength: int, total_strength: int, morale: int) -> int:
    """A unit's share: floor(L x s x morale-tenths / (10 x total)), at most its strength (§IV.D.5.d).

    A unit of strength 0 loses nothing (and a group of strength 0 divides nothing)."""
    if strength == 0:
        return 0
    share = loss * strength * model.combat.morale_loss_tenths[morale] // (10 * total_strength)
    return min(share, strength)


def eliminated_by_strength(model: Model, strength: int, ceiling: int) -> bool:
    """Strictly below 15% of the ceiling (§IV.A.2.a)."""
    return 100 * strength < model.combat.elimination_percent * ceiling


def cadre_strength(model: Model, state: GameState, unit: UnitState) -> int:
    """ceil(percent x ceiling / 100); the computer's Allies use the solitaire percent (R16.30, R16.42)."""
    percent = model.combat.cadre_strength_percent
    if state.computer_allied and side_of(model, unit) == "allied":
        percent = model.solitaire.cadre_strength_percent
    return -(-percent * unit.ceiling // 100)


def cadre_chance(model: Model, state: GameState, unit: UnitState) -> int:
    ut = utype(model, unit)
    percent = model.combat.cadre_percent[ut.morale]
    if state.computer_allied and ut.side == "allied":
        percent = 100 - (100 - percent) // model.solitaire.no_cadre_divisor
    return percent


def supply_cost(model: Model, state: GameState, unit: UnitState, role: str, intensity: int) -> int:
    ut = utype(model, unit)
    column = "axis" if state.computer_allied else ut.side   # chart note: computer Allies pay the Axis columns
    return model.combat.supply_cost[role][column][ut.type][intensity - 1]


def op_cost(model: Model, unit: UnitState, role: str, intensity: int) -> int:
    return model.combat.op_cost[role][side_of(model, unit)][intensity - 1]


def can_attack(model: Model, unit: UnitState) -> bool:
    """The attack minimums of supply and operation points (§IV.D.3.a)."""
    side = side_of(model, unit)
    c = model.combat
    return unit.supply >= c.attack_min_supply[side] and unit.op >= c.attack_min_op[side]


# --- validating an order -------------------------------------------------------

def selectable_defenders(model: Model, state: GameState, hx: Hex) -> list[UnitState]:
    """Depots can be chosen only when the hex holds nothing but depots (§III.2.G.4)."""
    here = [u for u in state.units if u.status == Status.ON_MAP and u.hex == hx]
    non_depots = [u for u in here if not utype(model, u).is_depot]
    return non_depots or here


def check_order(model: Model, state: GameState, order: BattleOrder, *, reaction: bool = False) -> None:
    """Raise CombatError when the order breaks a rule; change nothing."""
    c = model.combat
    if not (model.map.on_map(*order.attack_hex) and model.map.on_map(*order.defend_hex)):
        raise CombatError("a hex of the battle is off the map", "hex")
    if hexgrid.distance(order.attack_hex, order.defend_hex) != 1:
        raise CombatError("the defending hex must be next to the attacking hex")
    if not order.attackers or not order.defenders:
        raise CombatError("a battle needs at least one attacker and one defender")
    if len(set(order.attackers)) != len(order.attackers) or len(set(order.defenders)) != len(order.defenders):
        raise CombatError("a unit is listed twice")
    for n in (*order.attackers, *order.defenders):
        if not 1 <= n <= len(state.units):
            raise CombatError(f"there is no unit {n}", "unit")
    attackers = [state.unit(n) for n in order.attackers]
    defenders = [state.unit(n) for n in order.defenders]
    if any(u.status != Status.ON_MAP or u.hex != order.attack_hex for u in attackers):
        raise CombatError("every attacker must stand in the attacking hex")
    if any(u.status != Status.ON_MAP or u.hex != order.defend_hex for u in defenders):
        raise CombatError("every defender must stand in the defending hex")
    side = side_of(model, attackers[0])
    if any(side_of(model, u) != side for u in attackers):
        raise CombatError("the attackers must all be of one side")
    if any(side_of(model, u) != other_side(side) for u in defenders):
        raise CombatError("the defenders must be enemy units")
    for u in attackers:
        if not can_attack(model, u):
            raise CombatError(f"unit {u.number} lacks the supply or operation points to attack")
        if reaction and utype(model, u).is_depot:
            raise CombatError(f"depot {u.number} cannot attack in limited reaction (R16.55)")
    if all(utype(model, u).is_depot for u in attackers):
        raise CombatError("depots do not initiate combat (§III.2.G.3)")
    allowed = {u.number for u in selectable_defenders(model, state, order.defend_hex)}
    for u in defenders:
        if u.number not in allowed:
            raise CombatError(f"depot {u.number} can be attacked only when no other unit shares its hex")
    if not 1 <= order.intensity <= 9:
        raise CombatError("intensity must be 1-9", "range")
    if not (1 <= order.attacker_risk <= 9 and 1 <= order.defender_risk <= 9):
        raise CombatError("risk must be 1-9", "range")
    for s, air in ((side, order.attacker_air), (other_side(side), order.defender_air)):
        if not 0 <= air <= min(c.air_max, state.air_usable[s]):
            raise CombatError(f"{s} air must be 0-{min(c.air_max, state.air_usable[s])}", "range")


# --- resolving -------------------------------------------------------------------

def neighbour_counts(model: Model, state: GameState, order: BattleOrder) -> tuple[int, int, int, int]:
    """Non-participating friendly units in the attacking hex, friendly-occupied hexes
    next to the defender (not the attacking hex), non-participating enemy units in the
    defending hex, enemy-occupied hexes next to the defender (R16.17)."""
    occ = occupancy(state)
    side = side_of(model, order.attackers[0])
    friendly_units = sum(1 for u in occ[order.attack_hex] if u.number not in order.attackers)
    enemy_units = sum(1 for u in occ[order.defend_hex] if u.number not in order.defenders)
    friendly_hexes = enemy_hexes = 0
    for n in hexgrid.neighbours(*order.defend_hex):
        if n == order.attack_hex or not occ.get(n):
            continue
        if side_of(model, occ[n][0]) == side:
            friendly_hexes += 1
        else:
            enemy_hexes += 1
    return friendly_units, friendly_hexes, enemy_units, enemy_hexes


def surrounded(model: Model, state: GameState, unit: UnitState) -> bool:
    """Each neighbour is off the map, impassable ground or ocean, or holds enemy units (R16.31)."""
    occ = occupancy(state)
    enemy = other_side(side_of(model, unit))
    for n in hexgrid.neighbours(*unit.hex):
        if not model.map.on_map(*n) or not terrain(model, n).passable:
            continue
        if occ.get(n) and side_of(model, occ[n][0]) == enemy:
            continue
        return False
    return True


def resolve(model: Model, state: GameState, order: BattleOrder, *, reaction: bool = False) -> BattleResult:
    check_order(model, state, order, reaction=reaction)
    c = model.combat
    attackers = [state.unit(n) for n in order.attackers]
    defenders = [state.unit(n) for n in order.defenders]
    att_side = side_of(model, attackers[0])
    def_side = other_side(att_side)

    # Everything measured before anything changes.
    s_att = sum(u.strength for u in attackers)
    s_def = sum(u.strength for u in defenders)
    fu, fh, eu, eh = neighbour_counts(model, state, order)
    a_mod = attacker_modified(model, s_att, order.attacker_air, fu, fh, eu, eh)
    d_mod = defender_modified(model, [(u.strength, u.supply, u.fort) for u in defenders],
                              terrain(model, order.defend_hex).defence_tenths, order.defender_air)
    odds = odds_hundredths(a_mod, d_mod)
    base = base_loss(model, order.intensity, s_att)
    supply_at_start = {u.number: u.supply for u in attackers + defenders}
    no_cadre = {u.number for u in attackers + defenders if surrounded(model, state, u)}

    # Risk factors: the attacker's draw first, then the defender's (§IV.D.5.b).
    lo, hi = c.risk_table[order.attacker_risk + order.defender_risk]
    r_att, r_def = between(state, lo, hi), between(state, lo, hi)
    if state.computer_allied:
        luck = model.solitaire.luck_percent
        if att_side == "allied":
            r_att = r_att * luck // 100
        else:
            r_def = r_def * luck // 100
    l_att, rp_att = side_loss(model, base, r_att, order.defender_air)
    l_def, rp_def = side_loss(model, base, r_def, order.attacker_air, odds)

    result = BattleResult(att_side, def_side, s_att, s_def, a_mod, d_mod, odds, base, r_att, r_def,
                          l_att, l_def, rp_att, rp_def)

    # 1. Losses, shared by unmodified strength and morale, applied to both sides at once.
    for group, loss, total in ((attackers, l_att, s_att), (defenders, l_def, s_def)):
        for u in group:
            removed = unit_loss(model, loss, u.strength, total, utype(model, u).morale)
            result.losses[u.number] = removed
            result.casualties[other_side(side_of(model, u))] += removed
    for u in attackers + defenders:
        u.strength -= result.losses[u.number]

    # 2. Supply costs, floored at 0 (R16.22).
    for role, group in (("attacker", attackers), ("defender", defenders)):
        for u in group:
            u.supply = max(0, u.supply - supply_cost(model, state, u, role, order.intensity))

    # Eliminations and cadres, in unit-number order; each cadre is one draw.
    for u in sorted(attackers + defenders, key=lambda x: x.number):
        if eliminated_by_strength(model, u.strength, u.ceiling):
            result.eliminated.append(u.number)
            if (supply_at_start[u.number] >= c.cadre_min_supply and u.number not in no_cadre
                    and chance(state, cadre_chance(model, state, u))):
                result.cadres.append(u.number)

    # 3. Captured supply: each eliminated unit's remaining supply, split evenly among
    # the surviving enemy participants, each share capped by the receiver's cap.
    gone = set(result.eliminated)
    for n in result.eliminated:
        loser = state.unit(n)
        takers = [u for u in (defenders if n in order.attackers else attackers) if u.number not in gone]
        if takers:
            share = loser.supply // len(takers)
            for u in takers:
                got = max(0, min(share, supply_cap(model, u) - u.supply))   # none over the cap
                u.supply += got
                result.captured[u.number] = result.captured.get(u.number, 0) + got
        loser.supply = 0

    # 4. Operation costs, floored at 0.
    for role, group in (("attacker", attackers), ("defender", defenders)):
        for u in group:
            u.op = max(0, u.op - op_cost(model, u, role, order.intensity))

    for n in result.eliminated:
        remove_unit(model, state, state.unit(n), cadre=n in result.cadres)

    # Air: the committed points are used up for this phase; then each side's roll on
    # its own allocation may destroy one point the enemy committed (R16.7).
    state.air_usable[att_side] -= order.attacker_air
    state.air_usable[def_side] -= order.defender_air
    for side, own, enemy_air in ((att_side, order.attacker_air, order.defender_air),
                                 (def_side, order.defender_air, order.attacker_air)):
        enemy = other_side(side)
        if enemy_air >= 1 and chance(state, c.air_loss_percent[own]):
            state.air[enemy] -= 1
            state.air_usable[enemy] = min(state.air_usable[enemy], state.air[enemy])
            result.air_destroyed[enemy] += 1

    for side in ("axis", "allied"):
        state.casualties[side] += result.casualties[side]
    return result


def remove_unit(model: Model, state: GameState, unit: UnitState, *, cadre: bool) -> None:
    """Take an eliminated unit off the map; a cadre returns next turn (R16.30)."""
    unit.col = unit.row = OFF_MAP
    unit.op = unit.fort = unit.supply = 0
    unit.supplied = False
    if cadre:
        unit.status = Status.CADRE
        unit.strength = cadre_strength(model, state, unit)
        unit.arrival_turn = state.turn + 1
    else:
        unit.status = Status.ELIMINATED
        unit.strength = 0
