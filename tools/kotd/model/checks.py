"""Checks that span several data files (cross-references, the map, the set-ups).

Each problem names the file and place it comes from, says what is wrong and, where
it can, what would fix it.  Supply tracing is not checked here: the engine owns
that rule (kotd.engine.supply).
"""

from __future__ import annotations

import os
from collections import Counter

from .. import hexgrid
from .problems import Problems
from .types import SIDES, Map, Model, Setup
from .yamldoc import Node


def _where(m: Map, col: int, row: int) -> str:
    """A hex as a reader finds it on the map: 'Tobruk [15, 2]' or '[4, 7]'."""
    place = m.place_at(col, row)
    return f"{place.name} [{col}, {row}]" if place else f"[{col}, {row}]"


def _terrain_id(m: Map, terrain, col: int, row: int) -> str:
    return terrain[m.terrain_at(col, row)].id


# -- the map ---------------------------------------------------------------------

def check_map(m: Map, terrain, mdoc: Node) -> None:
    """The map has what the rules presuppose (rulings 16.12, 16.33, 17)."""
    place_nodes = {n.req("id").value: n for n in mdoc.req("places").seq()}

    bases = {side: m.place_hex(pid) for side, pid in m.home_bases.items()}
    apart = hexgrid.distance(bases["axis"], bases["allied"])
    if apart != m.base_distance:
        mdoc.req("base_distance").error(
            f"the home bases {_where(m, *bases['axis'])} and {_where(m, *bases['allied'])} are {apart} "
            f"hexes apart, not {m.base_distance}; move one of them or widen the map")
    for side, pid in m.home_bases.items():
        if m.places[pid].terrain != "town":
            mdoc.req("home_bases").req(side).error(f"the {side} home base {pid} must be a town hex")

    if m.places[m.tobruk].terrain != "fortress":
        mdoc.req("tobruk").error("Tobruk must be a fortress hex")
    fortresses = [(c, r) for r in range(m.rows) for c in range(m.columns)
                  if _terrain_id(m, terrain, c, r) == "fortress"]
    tob = m.place_hex(m.tobruk)
    if fortresses != [tob]:
        mdoc.req("terrain").error(f"Tobruk {list(tob)} must be the only fortress hex (F); fortress hexes: "
                                  f"{', '.join(_where(m, *h) for h in fortresses) or 'none'}")
    ocean = [n for n in hexgrid.neighbours(*tob) if m.on_map(*n) and _terrain_id(m, terrain, *n) == "ocean"]
    fewest, most = m.tobruk_ocean
    if not fewest <= len(ocean) <= most:
        mdoc.req("tobruk_ocean_neighbours").error(
            f"{_where(m, *tob)} has {len(ocean)} ocean neighbours, the rules need {fewest} to {most} "
            f"so that it is a port and can be surrounded by land (rulings 16.33)")

    gap_col = m.place_hex(m.gap_place)[0]
    passable = [r for r in range(m.rows) if terrain[m.terrain_at(gap_col, r)].passable]
    fewest, most = m.gap_width
    if not fewest <= len(passable) <= most:
        mdoc.req("gap").error(
            f"column {gap_col} ({m.places[m.gap_place].name}) has {len(passable)} passable hexes "
            f"(rows {', '.join(map(str, passable))}); the El Alamein line needs {fewest} to {most}, "
            f"the rest of the column ocean or impassable (rulings 16.12)")

    seen: dict[tuple[int, int], str] = {}
    for pid, p in m.places.items():
        node = place_nodes.get(pid, mdoc.req("places"))
        if not terrain[m.terrain_at(p.col, p.row)].passable:
            node.error(f"{p.name} ({pid}) at [{p.col}, {p.row}] lies on "
                       f"{_terrain_id(m, terrain, p.col, p.row)}; a named place must be on land units can enter")
        other = seen.get((p.col, p.row))
        if other is not None:
            node.error(f"{p.name} ({pid}) and {m.places[other].name} ({other}) share the hex "
                       f"[{p.col}, {p.row}]; each hex has at most one name")
        seen.setdefault((p.col, p.row), pid)


# -- the set-ups -----------------------------------------------------------------

def check_setup(doc: Node, setup: Setup, m, units, terrain, turns, logistics, scenarios,
                combat, problems: Problems) -> None:
    """The start state is legal under the rules and matches the manual's start chart."""
    if logistics is None or combat is None or turns is None or scenarios is None:
        return
    by_number = {u.number: u for u in units}
    nodes = doc.req("units").seq()
    occupant: dict[tuple[int, int], str] = {}
    stack: Counter = Counter()
    tobruk = m.place_hex(m.tobruk)
    for node, su in zip(nodes, setup.units):
        ut = by_number[su.number]
        hx = (su.col, su.row)
        t = terrain[m.terrain_at(*hx)]
        where = f"unit {su.number} ({ut.name}) at {_where(m, *hx)}"
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
        base = m.place_hex(m.home_bases[ut.side])
        if ut.is_garrison and hx != base:
            node.error(f"{where}: a garrison must stand in its home base {_where(m, *base)}")
        if ut.optional and hx != base and hx not in hexgrid.neighbours(*base):
            node.error(f"{where}: an optional unit starts in its home base {_where(m, *base)} "
                       f"or next to it (rulings 16.41)")
        other = occupant.get(hx)
        if other is not None and other != ut.side:
            node.error(f"{where}: the hex already holds {other} units; the two sides never share a hex")
        occupant[hx] = ut.side
        stack[hx] += 1
        limit = logistics.stacking_tobruk if hx == tobruk else logistics.stacking_hex
        if stack[hx] == limit + 1:
            node.error(f"{where}: more than {limit} units in one hex "
                       f"(data/logistics.yaml stacking); move this one to another hex")

    placed = {su.number for su in setup.units}
    for num in setup.absent:
        if num in placed:
            doc.req("absent").error(f"unit {num} is listed as absent but also placed")
        if by_number[num].is_garrison:
            doc.req("absent").error(f"unit {num} ({by_number[num].name}) is a garrison: it stands in "
                                    f"its home base in every game")
    for num in setup.arrivals:
        if num in placed or num in setup.absent:
            doc.req("arrivals").req(str(num)).error(
                f"unit {num} is {'placed' if num in placed else 'absent'}; an arrival date is only "
                f"for units that come later")

    start_turn = next((t.turn for t in turns if t.date == setup.id), None)
    if start_turn is not None:
        date_turn = {t.date: t.turn for t in turns}
        for ut in units:
            arrival = setup.arrivals.get(ut.number, ut.arrival)
            arrived_before = arrival is None or date_turn[arrival] < start_turn
            if not arrived_before or ut.number in placed or ut.number in setup.absent:
                continue
            if ut.optional:
                doc.req("units").error(
                    f"optional unit {ut.number} ({ut.name}) is not placed; place it in or next to its "
                    f"home base (rulings 16.41): the engine removes it when the option is off")
            else:
                doc.req("units").error(
                    f"unit {ut.number} ({ut.name}) arrived before {setup.id} but is neither placed, "
                    f"listed under 'absent' nor given a later date under 'arrivals'")
        users = [s for s in scenarios.values() if s.setup == setup.id]
        for num, date in setup.arrivals.items():
            if date_turn[date] < start_turn:
                doc.req("arrivals").req(str(num)).error(
                    f"arrival {date} is before the start {setup.id}; place the unit instead")
            if users and all(date_turn[date] > s.last_turn for s in users):
                doc.req("arrivals").req(str(num)).error(
                    f"arrival {date} is after the last turn of every scenario using this set-up "
                    f"({', '.join(s.id for s in users)}); list the unit under 'absent' instead")

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
                    f"the {side} units placed give {got[key]}, the start chart says {want}; "
                    f"correct the strengths or the roster (garrisons and depots do not count)")


# -- across files ----------------------------------------------------------------

def check_model(model: Model, docs: dict[str, Node], problems: Problems) -> None:
    """Cross-file rules that need the whole model."""
    m = model.map
    mdoc, vdoc, sdoc = docs["map"], docs["victory"], docs["scenarios"]
    check_map(m, model.terrain, mdoc)

    for pid in model.victory.towns:
        if pid not in m.places:
            vdoc.req("towns").req(pid).error(f"'{pid}' is not a place of data/map.yaml")
    if m.tobruk not in model.victory.towns:
        vdoc.req("towns").error("Tobruk must be worth victory points")

    # The set-up files are read by the loader before the victory points are known, so
    # their control problems are found here, at the lines the loader kept.
    setups_dir = os.path.join(os.path.dirname(mdoc.file), "setups")
    for node, sc in zip(sdoc.req("scenarios").seq(), model.scenarios.values()):
        if sc.setup not in model.setups:
            continue
        if model.turn(sc.first_turn).date != sc.setup:
            node.req("setup").error(
                f"set-up '{sc.setup}' does not start on turn {sc.first_turn} ({model.turn(sc.first_turn).date})")
    for sid, setup in model.setups.items():
        setup_file = os.path.join(setups_dir, f"{sid}.yaml")
        missing = [pid for pid in model.victory.towns if pid not in setup.control]
        if missing:
            problems.add(setup_file, setup.lines.get("control"), "control",
                         f"no starting control for {', '.join(missing)}; give each victory-point place a side")
        for pid in setup.control:
            if pid not in model.victory.towns:
                problems.add(setup_file, setup.lines.get(f"control.{pid}"), f"control.{pid}",
                             f"{m.places[pid].name} is worth no victory points (data/victory.yaml towns); "
                             f"only those places have a starting control")
