"""Checks that span several data files (cross-references, the map, the set-ups).

Each problem names the file and place it comes from, says what is wrong and, where
it can, what would fix it.
"""

from __future__ import annotations

from collections import Counter

from .. import hexgrid
from .problems import Problems
from .types import SIDES, Model, Setup
from .yamldoc import Node


def _setup_unit_nodes(doc: Node) -> list[Node]:
    return doc.req("units").seq()


def check_setup(doc: Node, setup: Setup, m, units, terrain, turns, logistics, scenarios,
                combat, problems: Problems) -> None:
    """The start state is legal under the rules and matches the manual's start chart."""
    if logistics is None or combat is None or turns is None or scenarios is None:
        return
    by_number = {u.number: u for u in units}
    nodes = _setup_unit_nodes(doc)
    occupant: dict[tuple[int, int], str] = {}
    stack: Counter = Counter()
    tobruk = m.place_hex(m.tobruk)
    for node, su in zip(nodes, setup.units):
        ut = by_number[su.number]
        t = terrain[m.terrain_at(su.col, su.row)]
        where = f"unit {su.number} ({ut.name}) at [{su.col}, {su.row}]"
        if not t.passable:
            node.error(f"{where} stands on {t.id}, which units may not enter")
        if su.strength > ut.ceiling:
            node.req("strength").error(f"{where}: strength {su.strength} is above its ceiling {ut.ceiling}")
        if 100 * su.strength < combat.elimination_percent * ut.ceiling:
            node.req("strength").error(
                f"{where}: strength {su.strength} is below {combat.elimination_percent}% of its ceiling "
                f"{ut.ceiling}; the unit would be eliminated at once")
        cap = logistics.supply_cap[ut.type]
        if su.supply > cap:
            node.req("supply").error(f"{where}: supply {su.supply} is above the {ut.type} cap {cap}")
        if ut.is_garrison and (su.col, su.row) != m.place_hex(m.home_bases[ut.side]):
            node.error(f"{where}: a garrison must stand in its home base {m.home_bases[ut.side]}")
        other = occupant.get((su.col, su.row))
        if other is not None and other != ut.side:
            node.error(f"{where}: the hex already holds {other} units; the two sides never share a hex")
        occupant[(su.col, su.row)] = ut.side
        stack[(su.col, su.row)] += 1
        limit = logistics.stacking_tobruk if (su.col, su.row) == tobruk else logistics.stacking_hex
        if stack[(su.col, su.row)] == limit + 1:
            node.error(f"{where}: more than {limit} units in one hex")

    start_turn = next((t.turn for t in turns if t.date == setup.id), None)
    placed = {su.number for su in setup.units}
    if start_turn is not None:
        date_turn = {t.date: t.turn for t in turns}
        for ut in units:
            arrival = setup.arrivals.get(ut.number, ut.arrival)
            arrived_before = arrival is None or date_turn[arrival] < start_turn
            if arrived_before and not ut.optional and ut.number not in placed and ut.number not in setup.absent:
                doc.req("units").error(
                    f"unit {ut.number} ({ut.name}) arrived before {setup.id} but is neither placed, "
                    f"listed under 'absent' nor given a later date under 'arrivals'")
        for num, date in setup.arrivals.items():
            if date_turn[date] < start_turn:
                doc.req("arrivals").req(str(num)).error(
                    f"arrival {date} is before the start {setup.id}; place the unit instead")
            users = [s for s in scenarios.values() if s.setup == setup.id]
            if users and all(date_turn[date] > s.last_turn for s in users):
                doc.req("arrivals").req(str(num)).error(
                    f"arrival {date} is after the last turn of every scenario using this set-up")
    for num in setup.absent:
        if num in placed:
            doc.req("absent").error(f"unit {num} is listed as absent but also placed")

    # Start totals: units on the map, garrisons, depots and optional units excluded.
    for side in SIDES:
        got = {"mobile_units": 0, "mobile_strength": 0, "nonmobile_units": 0, "nonmobile_strength": 0}
        for su in setup.units:
            ut = by_number[su.number]
            if ut.side != side or ut.role != "combat" or ut.optional:
                continue
            got[f"{ut.type}_units"] += 1
            got[f"{ut.type}_strength"] += su.strength
        for key, want in setup.start_totals[side].items():
            if got[key] != want:
                doc.req("start_totals").req(side).req(key).error(
                    f"the units placed give {got[key]}, the start chart says {want}")


def check_model(model: Model, docs: dict[str, Node], problems: Problems) -> None:
    """Cross-file rules that need the whole model."""
    m = model.map
    mdoc, vdoc, sdoc = docs["map"], docs["victory"], docs["scenarios"]
    terrain = model.terrain

    # Places stand on land of their declared terrain (checked by the loader); the
    # special places have the terrain the rules need.
    for side, pid in m.home_bases.items():
        if m.places[pid].terrain != "town":
            mdoc.req("home_bases").req(side).error(f"the {side} home base {pid} must be a town hex")
    if m.places[m.tobruk].terrain != "fortress":
        mdoc.req("tobruk").error("Tobruk must be a fortress hex")
    for pid, p in m.places.items():
        if not terrain[m.terrain_at(p.col, p.row)].passable:
            mdoc.req("places").error(f"{p.name} ({pid}) lies on impassable ground or ocean")
    fortresses = [(c, r) for r in range(m.rows) for c in range(m.columns)
                  if terrain[m.terrain_at(c, r)].id == "fortress"]
    if fortresses != [m.place_hex(m.tobruk)]:
        mdoc.req("terrain").error(f"Tobruk must be the only fortress hex; fortress hexes: {fortresses}")
    tob = m.place_hex(m.tobruk)
    ocean = [n for n in hexgrid.neighbours(*tob) if m.on_map(*n) and terrain[m.terrain_at(*n)].id == "ocean"]
    if not 2 <= len(ocean) <= 3:
        mdoc.req("tobruk").error(f"Tobruk needs 2 or 3 ocean neighbours to be a port (rulings 16.33); it has {len(ocean)}")

    for pid in model.victory.towns:
        if pid not in m.places:
            vdoc.req("towns").req(pid).error(f"'{pid}' is not a place of data/map.yaml")
    if m.tobruk not in model.victory.towns:
        vdoc.req("towns").error("Tobruk must be worth victory points")

    # Scenarios start on the date of their set-up.
    for node, sc in zip(sdoc.req("scenarios").seq(), model.scenarios.values()):
        if sc.setup not in model.setups:
            continue
        if model.turn(sc.first_turn).date != sc.setup:
            node.req("setup").error(
                f"set-up '{sc.setup}' does not start on turn {sc.first_turn} ({model.turn(sc.first_turn).date})")
        setup = model.setups[sc.setup]
        missing = [pid for pid in model.victory.towns if pid not in setup.control]
        if missing:
            problems.add(f"data/setups/{sc.setup}.yaml", None, "control",
                         f"no starting control for {', '.join(missing)}")
