"""Loaders for the rules tables: terrain, order of battle, turn chart, combat,
logistics, ratings, victory, solitaire and the scenario list.

Each loader reads one file through :mod:`kotd.model.yamldoc` and returns a model
object, or ``None`` when the file has problems (all of them are reported).
"""

from __future__ import annotations

import math

from .types import (POOLS, ROLES, SIDES, UNIT_TYPES, Combat, Fortification, Fraction,
                    Logistics, Ratings, Scenario, Solitaire, Terrain, Turn, UnitType,
                    Victory)
from .yamldoc import Node

DATE_FORMAT_HINT = 'a Turn Chart date such as "1941-05"'
INTENSITIES = 9
RISK_SUMS = range(2, 19)
MORALES = range(1, 10)
AIR_POINTS = range(0, 10)


def _by_type(node: Node, lo: int = 0, hi: int | None = None) -> dict[str, int] | None:
    node.only_keys(*UNIT_TYPES)
    out = {t: node.req(t).int(lo, hi) for t in UNIT_TYPES}
    return None if None in out.values() else out


def _fraction(node: Node) -> Fraction | None:
    node.only_keys("num", "den")
    num, den = node.req("num").int(1), node.req("den").int(1)
    return None if num is None or den is None else Fraction(num, den)


def _table(node: Node, keys: range, lo: int, hi: int) -> dict[int, int] | None:
    out: dict[int, int] = {}
    for key, child in node.items():
        try:
            k = int(key)
        except ValueError:
            child.error(f"key '{key}' is not a number")
            continue
        if k not in keys:
            child.error(f"key {k} is outside {keys.start}..{keys.stop - 1}")
            continue
        v = child.int(lo, hi)
        if v is not None:
            out[k] = v
    missing = [k for k in keys if k not in out]
    if missing and node.is_map():
        node.error(f"no entry for {', '.join(map(str, missing))}")
    return out if not missing else None


def load_terrain(doc: Node) -> tuple[tuple[Terrain, ...] | None, Fortification | None]:
    doc.only_keys("terrain", "fortification")
    terrains: list[Terrain] = []
    ok = True
    seen_ids, seen_letters = set(), set()
    for code, t in enumerate(doc.req("terrain").seq()):
        t.only_keys("id", "letter", "passable", "op_cost", "supply_cost", "defence_tenths", "max_fort")
        tid, letter, passable = t.req("id").str(), t.req("letter").str(), t.req("passable").bool()
        if tid in seen_ids:
            t.req("id").error(f"terrain '{tid}' is defined twice")
        if letter is not None:
            if len(letter) != 1:
                t.req("letter").error(f"a letter must be one character, found '{letter}'")
            elif letter in seen_letters:
                t.req("letter").error(f"letter '{letter}' is used by two terrains")
            seen_letters.add(letter)
        seen_ids.add(tid)
        if passable:
            op, sup = _by_type(t.req("op_cost"), 1, 99), _by_type(t.req("supply_cost"), 0, 999)
            dfn, mf = t.req("defence_tenths").int(1, 99), t.req("max_fort").int(0, 9)
            if None in (tid, letter, op, sup, dfn, mf):
                ok = False
                continue
            terrains.append(Terrain(code, tid, letter, True, op, sup, dfn, mf))
        else:
            for k in ("op_cost", "supply_cost", "defence_tenths", "max_fort"):
                if t.opt(k) is not None:
                    t.req(k).error(f"an impassable terrain has no {k}")
            if None in (tid, letter, passable):
                ok = False
                continue
            terrains.append(Terrain(code, tid, letter, False))
    for needed in ("ocean", "clear", "rough", "fortress", "town", "mountain", "coast", "impassable"):
        if needed not in seen_ids:
            doc.req("terrain").error(f"the manual's terrain '{needed}' is missing")
            ok = False
    if len(terrains) > 8:
        doc.req("terrain").error("at most 8 terrains fit the 3-bit terrain code of the 6502 map")
        ok = False

    f = doc.req("fortification")
    f.only_keys("cost", "step_tenths", "multiplier_cap_tenths", "max_level")
    cost = f.req("cost")
    cost.only_keys(*UNIT_TYPES)
    sup = {ty: cost.req(ty).req("supply").int(0, 999) for ty in UNIT_TYPES}
    opc = {ty: cost.req(ty).req("op").int(1, 99) for ty in UNIT_TYPES}
    step, cap, maxl = (f.req("step_tenths").int(1, 10), f.req("multiplier_cap_tenths").int(10, 99),
                       f.req("max_level").int(1, 9))
    fort = None
    if None not in (*sup.values(), *opc.values(), step, cap, maxl):
        fort = Fortification(sup, opc, step, cap, maxl)
        # The printed maximum effective level must follow from the cap (rulings 15 C4).
        for node, t in zip(doc.req("terrain").seq(), terrains):
            if t.passable:
                derived = min(maxl, math.ceil((cap - t.defence_tenths) / step))
                if derived != t.max_fort:
                    node.req("max_fort").error(
                        f"{t.max_fort} disagrees with the fortification cap: "
                        f"min({maxl}, ceil(({cap} - {t.defence_tenths}) / {step})) = {derived}")
                    ok = False
    return (tuple(terrains) if ok else None), fort


def load_units(doc: Node, dates: set[str]) -> tuple[UnitType, ...] | None:
    doc.only_keys("units")
    units: list[UnitType] = []
    ok = True
    for i, u in enumerate(doc.req("units").seq()):
        u.only_keys("number", "name", "side", "pool", "type", "role", "combat", "ceiling",
                    "morale", "arrival", "optional", "invented")
        number = u.req("number").int(1, 255)
        if number is not None and number != i + 1:
            u.req("number").error(f"units must be listed in order: expected number {i + 1}")
        name = u.req("name").str()
        side, pool = u.req("side").str(SIDES), u.req("pool").str(POOLS)
        utype, role = u.req("type").str(UNIT_TYPES), u.req("role").str(ROLES)
        combat, ceiling = u.req("combat").int(1, 9999), u.req("ceiling").int(1, 9999)
        morale = u.req("morale").int(1, 9)
        arr = u.req("arrival").str()
        arrival = None
        if arr is not None and arr != "start":
            if arr not in dates:
                u.req("arrival").error(f"'{arr}' is not a date of the Turn Chart (data/turns.yaml); "
                                       f"use 'start' or {DATE_FORMAT_HINT}")
                arr = None
            else:
                arrival = arr
        optional = u.opt("optional").bool() if u.opt("optional") is not None else False
        invented = tuple(n.str() or "" for n in u.opt("invented").seq()) if u.opt("invented") else ()
        if name is not None and len(name) > 24:
            u.req("name").error(f"names are at most 24 characters for the 8-bit displays ({len(name)})")
        if combat is not None and ceiling is not None and combat > ceiling:
            u.req("combat").error(f"strength {combat} is above the ceiling {ceiling}")
        if side == "allied" and pool is not None and pool != "allied":
            u.req("pool").error("Allied units draw on the allied replacement pool")
        if side == "axis" and pool == "allied":
            u.req("pool").error("Axis units draw on the german or italian pool")
        if None in (number, name, side, pool, utype, role, combat, ceiling, morale, arr):
            ok = False
            continue
        units.append(UnitType(number, name, side, pool, utype, role, combat, ceiling, morale,
                              arrival, bool(optional), invented))
    if ok:
        for side in SIDES:
            garrisons = [u for u in units if u.side == side and u.is_garrison]
            if len(garrisons) != 1:
                doc.req("units").error(f"the {side} side needs exactly one garrison, found {len(garrisons)}")
                ok = False
            elif garrisons[0].arrival is not None:
                doc.req("units").error(f"the {side} garrison must be present at start")
                ok = False
        if len(units) > 64:
            doc.req("units").error("at most 64 units fit the 6502 unit tables")
            ok = False
    return tuple(units) if ok else None


def load_turns(doc: Node) -> tuple[Turn, ...] | None:
    doc.only_keys("turns")
    turns: list[Turn] = []
    ok = True
    seen: set[str] = set()
    for i, t in enumerate(doc.req("turns").seq()):
        t.only_keys("turn", "date", "initiative", "air", "axis_supply", "replacements")
        n = t.req("turn").int(1, 99)
        if n is not None and n != i + 1:
            t.req("turn").error(f"turns must be listed in order: expected turn {i + 1}")
        date = t.req("date").str()
        if date is not None:
            y, _, m = date.partition("-")
            if not (y.isdigit() and m.isdigit() and len(y) == 4 and 1 <= int(m) <= 12):
                t.req("date").error(f"'{date}' is not {DATE_FORMAT_HINT}")
                date = None
            elif date in seen:
                t.req("date").error(f"date {date} is given twice")
            else:
                seen.add(date)
        init = t.req("initiative").str(SIDES)
        air_node = t.req("air")
        air_node.only_keys(*SIDES)
        air = {s: air_node.req(s).int(0, 99) for s in SIDES}
        sup = t.req("axis_supply").int(0, 65535)
        rep_node = t.req("replacements")
        rep_node.only_keys(*POOLS)
        rep = {p: rep_node.req(p).int(0, 9999) for p in POOLS}
        if None in (n, date, init, sup, *air.values(), *rep.values()):
            ok = False
            continue
        turns.append(Turn(n, date, init, air, sup, rep))
    return tuple(turns) if ok else None


def _nine(node: Node, lo: int, hi: int) -> tuple[int, ...] | None:
    vals = node.ints(INTENSITIES, lo, hi)
    return None if len(vals) != INTENSITIES or None in vals else tuple(vals)


def load_combat(doc: Node) -> Combat | None:
    doc.only_keys("base_loss", "loss_chart", "risk_table", "odds", "morale_loss_tenths",
                  "cadre_percent", "cadre_strength_percent", "cadre_min_supply",
                  "elimination_percent", "air", "low_supply", "defender_cap", "attacker_bonus",
                  "attacker_clamp", "attack_minimum", "supply_cost", "op_cost")
    bl = doc.req("base_loss")
    bl.only_keys("constant", "per_mille_per_intensity")
    base_c, base_pm = bl.req("constant").int(0, 99), bl.req("per_mille_per_intensity").int(1, 99)

    lc = doc.req("loss_chart")
    lc.only_keys("strengths", "rows")
    strengths = lc.req("strengths").ints(None, 1, 9999)
    rows_nodes = lc.req("rows").seq(len(strengths))
    rows = [_nine(r, 0, 999) for r in rows_nodes]
    if base_c is not None and base_pm is not None and None not in strengths:
        for s, r_node, r in zip(strengths, rows_nodes, rows):
            if r is None:
                continue
            for i, cell in enumerate(r, start=1):
                want = base_c + base_pm * i * s // 1000
                if cell != want:
                    r_node.seq()[i - 1].error(
                        f"printed loss {cell} for strength {s}, intensity {i} disagrees with the "
                        f"base-loss formula {base_c} + floor({base_pm}*{i}*{s}/1000) = {want}")
                    rows[rows.index(r)] = None
                    break

    risk: dict[int, tuple[int, int]] = {}
    rt = doc.req("risk_table")
    for key, node in rt.items():
        try:
            k = int(key)
        except ValueError:
            node.error(f"key '{key}' is not a risk sum")
            continue
        if k not in RISK_SUMS:
            node.error(f"risk sum {k} is outside 2..18")
            continue
        lo_hi = node.ints(2, 1, 999)
        if len(lo_hi) == 2 and None not in lo_hi:
            if lo_hi[0] > lo_hi[1]:
                node.error(f"low {lo_hi[0]} is above high {lo_hi[1]}")
            elif lo_hi[1] - lo_hi[0] + 1 > 256:
                node.error("a risk range may hold at most 256 values (one 8-bit draw)")
            else:
                risk[k] = (lo_hi[0], lo_hi[1])
    missing = [k for k in RISK_SUMS if k not in risk]
    if missing and rt.is_map():
        rt.error(f"no valid row for risk sum {', '.join(map(str, missing))}")

    od = doc.req("odds")
    od.only_keys("min_hundredths", "max_hundredths", "modifier_percent", "table")
    omin, omax = od.req("min_hundredths").int(1, 9999), od.req("max_hundredths").int(1, 9999)
    omod = od.req("modifier_percent").int(1, 100)
    otable = []
    for row in od.req("table").seq():
        pair = row.ints(2, 0, 9999)
        if len(pair) == 2 and None not in pair:
            if omod is not None and pair[1] != pair[0] * omod // 100:
                row.error(f"printed modifier {pair[1]} for odds {pair[0]} disagrees with "
                          f"odds x {omod}% = {pair[0] * omod // 100}")
            otable.append((pair[0], pair[1]))
    if omin is not None and omax is not None and omin >= omax:
        od.error(f"min_hundredths {omin} must be below max_hundredths {omax}")

    morale = _table(doc.req("morale_loss_tenths"), MORALES, 1, 99)
    cadre = _table(doc.req("cadre_percent"), MORALES, 0, 100)
    cadre_str = doc.req("cadre_strength_percent").int(1, 100)
    cadre_min = doc.req("cadre_min_supply").int(0, 999)
    elim = doc.req("elimination_percent").int(1, 99)

    air = doc.req("air")
    air.only_keys("max_per_battle", "attacker_bonus_percent", "defender_bonus_percent",
                  "loss_per_point", "loss_percent")
    air_max = air.req("max_per_battle").int(0, 9)
    air_att, air_def = air.req("attacker_bonus_percent").int(0, 100), air.req("defender_bonus_percent").int(0, 100)
    air_lpp = air.req("loss_per_point").int(0, 9)
    air_loss = _table(air.req("loss_percent"), AIR_POINTS, 0, 100)

    ls = doc.req("low_supply")
    ls.only_keys("threshold", "percent")
    ls_thr, ls_pct = ls.req("threshold").int(0, 999), ls.req("percent").int(1, 100)
    dcap = _fraction(doc.req("defender_cap"))
    ab = doc.req("attacker_bonus")
    ab.only_keys("friendly_unit_in_attacking_hex", "friendly_hex_next_to_defender",
                 "enemy_unit_in_defending_hex", "enemy_hex_next_to_defender")
    b_fu = ab.req("friendly_unit_in_attacking_hex").int(-999, 999)
    b_fh = ab.req("friendly_hex_next_to_defender").int(-999, 999)
    b_eu = ab.req("enemy_unit_in_defending_hex").int(-999, 999)
    b_eh = ab.req("enemy_hex_next_to_defender").int(-999, 999)
    ac = doc.req("attacker_clamp")
    ac.only_keys("min", "max")
    amin, amax = _fraction(ac.req("min")), _fraction(ac.req("max"))

    am = doc.req("attack_minimum")
    am.only_keys(*SIDES)
    am_sup = {s: am.req(s).req("supply").int(0, 999) for s in SIDES}
    am_op = {s: am.req(s).req("op").int(0, 99) for s in SIDES}

    sc = doc.req("supply_cost")
    sc.only_keys("attacker", "defender")
    supply_cost: dict = {}
    for role in ("attacker", "defender"):
        rn = sc.req(role)
        rn.only_keys(*SIDES)
        supply_cost[role] = {}
        for side in SIDES:
            sn = rn.req(side)
            sn.only_keys(*UNIT_TYPES)
            supply_cost[role][side] = {ty: _nine(sn.req(ty), 0, 999) for ty in UNIT_TYPES}
    oc = doc.req("op_cost")
    oc.only_keys("attacker", "defender")
    op_cost: dict = {}
    for role in ("attacker", "defender"):
        rn = oc.req(role)
        rn.only_keys(*SIDES)
        op_cost[role] = {side: _nine(rn.req(side), 0, 99) for side in SIDES}

    values = [base_c, base_pm, *strengths, *rows, omin, omax, omod, morale, cadre, cadre_str,
              cadre_min, elim, air_max, air_att, air_def, air_lpp, air_loss, ls_thr, ls_pct, dcap,
              b_fu, b_fh, b_eu, b_eh, amin, amax, *am_sup.values(), *am_op.values()]
    values += [v for r in supply_cost.values() for s in r.values() for v in s.values()]
    values += [v for r in op_cost.values() for v in r.values()]
    if None in values or len(risk) != len(RISK_SUMS):
        return None
    return Combat(base_c, base_pm, tuple(strengths), tuple(rows), risk, omin, omax, omod,
                  tuple(otable), morale, cadre, cadre_str, cadre_min, elim, air_max, air_att,
                  air_def, air_lpp, air_loss, ls_thr, ls_pct, dcap, b_fu, b_fh, b_eu, b_eh,
                  amin, amax, am_sup, am_op, supply_cost, op_cost)


def load_logistics(doc: Node, dates: set[str]) -> Logistics | None:
    doc.only_keys("digit_percent", "supply_cap", "maintenance", "depot_supply",
                  "distance_decrement_percent", "enemy_segment_percent", "supply_range",
                  "depot_chain", "op_allowance", "stacking", "desert_rats",
                  "no_allied_replacements", "sealift_per_turn", "reaction",
                  "random_initiative_axis_percent")
    digits = doc.req("digit_percent").ints(10, 0, 100)
    if len(digits) == 10 and None not in digits:
        if digits != sorted(digits) or digits[0] != 0 or digits[9] != 100:
            doc.req("digit_percent").error("percents must rise from 0 (digit 0) to 100 (digit 9)")
    cap = _by_type(doc.req("supply_cap"), 1, 2000)
    maint, depot = doc.req("maintenance").int(0, 999), doc.req("depot_supply").int(0, 2000)
    dec, enemy = doc.req("distance_decrement_percent").int(0, 100), doc.req("enemy_segment_percent").int(0, 100)
    sr = doc.req("supply_range")
    keys = ("axis", "allied_human", "allied_computer", "depot")
    sr.only_keys(*keys)
    ranges = {k: sr.req(k).int(0, 99) for k in keys}
    chain = doc.req("depot_chain").int(1, 99)
    oa = doc.req("op_allowance")
    oa.only_keys(*SIDES)
    allow = {s: _by_type(oa.req(s), 1, 255) for s in SIDES}
    st = doc.req("stacking")
    st.only_keys("hex", "tobruk")
    st_hex, st_tob = st.req("hex").int(1, 6), st.req("tobruk").int(1, 6)
    dr = doc.req("desert_rats")
    dr.only_keys("radius", "pool_cut_percent")
    dr_rad, dr_cut = dr.req("radius").int(0, 99), dr.req("pool_cut_percent").int(0, 100)
    nar = []
    for n in doc.req("no_allied_replacements").seq():
        d = n.str()
        if d is not None and d not in dates:
            n.error(f"'{d}' is not a date of the Turn Chart")
            d = None
        nar.append(d)
    sealift = doc.req("sealift_per_turn").int(0, 9)
    re = doc.req("reaction")
    re.only_keys("move_trigger_percent", "battle_trigger_percent", "continue_percent", "allowance_divisor")
    r_move, r_batt = re.req("move_trigger_percent").int(0, 100), re.req("battle_trigger_percent").int(0, 100)
    r_cont, r_div = re.req("continue_percent").int(0, 100), re.req("allowance_divisor").int(1, 9)
    rinit = doc.req("random_initiative_axis_percent").int(0, 100)
    vals = [*digits, cap, maint, depot, dec, enemy, *ranges.values(), chain, *allow.values(), st_hex,
            st_tob, dr_rad, dr_cut, *nar, sealift, r_move, r_batt, r_cont, r_div, rinit]
    if None in vals or len(digits) != 10:
        return None
    return Logistics(tuple(digits), cap, maint, depot, dec, enemy, ranges, chain, allow, st_hex,
                     st_tob, dr_rad, dr_cut, tuple(nar), sealift, r_move, r_batt, r_cont, r_div, rinit)


def load_ratings(doc: Node) -> Ratings | None:
    doc.only_keys("ratings", "difficulty", "reinforcements_rating")
    r = doc.req("ratings")
    r.only_keys("combat", "replacements", "supply", "air", "reinforcements")
    percent = {}
    for k in ("combat", "replacements", "supply", "air"):
        r.req(k).only_keys("percent")
        vals = r.req(k).req("percent").ints(10, 1, 999)
        percent[k] = tuple(vals) if len(vals) == 10 and None not in vals else None
    r.req("reinforcements").only_keys("shift")
    shift = r.req("reinforcements").req("shift").ints(10, -9, 9)
    diff = {}
    for level, node in doc.req("difficulty").items():
        diff[level] = node.int(0, 9)
    for level in ("expert", "historical", "intermediate", "novice"):
        if level not in diff and doc.req("difficulty").is_map():
            doc.req("difficulty").error(f"missing difficulty level '{level}'")
            diff[level] = None
    rr = doc.req("reinforcements_rating").int(0, 9)
    if None in percent.values() or len(shift) != 10 or None in shift or None in diff.values() or rr is None:
        return None
    return Ratings(percent, tuple(shift), diff, rr)


def load_victory(doc: Node, scenario_ids: set[str]) -> Victory | None:
    doc.only_keys("casualty_divisor", "towns", "distance_bands", "levels", "chart", "home_base_capture")
    div = doc.req("casualty_divisor").int(1, 99)
    towns = {k: n.int(0, 9999) for k, n in doc.req("towns").items()}
    bands = []
    last = -1
    for b in doc.req("distance_bands").seq():
        b.only_keys("from", "vp")
        f, vp = b.req("from").int(0, 255), b.req("vp").int(0, 255)
        if f is not None and f <= last:
            b.req("from").error(f"bands must start at rising distances ({f} after {last})")
            f = None
        if f is not None:
            last = f
        bands.append((f, vp))
    if bands and bands[0][0] not in (0, None):
        doc.req("distance_bands").seq()[0].req("from").error("the first band must start at 0")
        bands[0] = (None, None)
    levels = tuple(n.str() or "" for n in doc.req("levels").seq())
    chart: dict[str, dict[str, int]] = {}
    for sid, node in doc.req("chart").items():
        if scenario_ids and sid not in scenario_ids:
            node.error(f"'{sid}' is not a scenario of data/scenarios.yaml")
            continue
        node.only_keys(*levels[1:])
        row = {lv: node.req(lv).int(-99999, 99999) for lv in levels[1:]}
        prev = None
        for lv in levels[1:]:
            v = row[lv]
            if v is not None and prev is not None and v <= prev:
                node.req(lv).error(f"{v} must be above the previous level's {prev}")
            prev = v if v is not None else prev
        chart[sid] = row
    for sid in sorted(scenario_ids - set(chart)):
        doc.req("chart").error(f"no victory levels for scenario '{sid}'")
    doc.req("home_base_capture").str(("strategic",))
    vals = [div, *towns.values(), *(x for b in bands for x in b),
            *(v for row in chart.values() for v in row.values())]
    if None in vals or not levels or "" in levels:
        return None
    return Victory(div, towns, tuple(bands), levels, chart)


def load_solitaire(doc: Node) -> Solitaire | None:
    doc.only_keys("luck_percent", "move_trigger_percent", "cadre_strength_percent",
                  "no_cadre_divisor", "display_noise_percent")
    luck, move = doc.req("luck_percent").int(1, 200), doc.req("move_trigger_percent").int(0, 100)
    cadre, div = doc.req("cadre_strength_percent").int(1, 100), doc.req("no_cadre_divisor").int(1, 9)
    noise = doc.req("display_noise_percent").ints(2, 1, 255)
    if len(noise) == 2 and None not in noise and noise[0] > noise[1]:
        doc.req("display_noise_percent").error("the low percent is above the high one")
        noise = [None, None]
    if None in (luck, move, cadre, div) or len(noise) != 2 or None in noise:
        return None
    return Solitaire(luck, move, cadre, div, (noise[0], noise[1]))


def load_scenarios(doc: Node, nturns: int) -> dict[str, Scenario] | None:
    doc.only_keys("scenarios")
    out: dict[str, Scenario] = {}
    ok = True
    for s in doc.req("scenarios").seq():
        s.only_keys("id", "name", "first_turn", "last_turn", "setup")
        sid, name = s.req("id").str(), s.req("name").str()
        first, last = s.req("first_turn").int(1, nturns or 99), s.req("last_turn").int(1, nturns or 99)
        setup = s.req("setup").str()
        if first is not None and last is not None and last < first:
            s.req("last_turn").error(f"last turn {last} is before the first turn {first}")
            ok = False
        if sid in out:
            s.req("id").error(f"scenario '{sid}' is given twice")
        if None in (sid, name, first, last, setup):
            ok = False
            continue
        out[sid] = Scenario(sid, name, first, last, setup)
    return out if ok else None
