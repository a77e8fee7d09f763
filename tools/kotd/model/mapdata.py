"""Loaders for the map (data/map.yaml) and the start states (data/setups/*.yaml).

The map is a grid of flat-topped hexes in columns, north up; docs/rules.md
("Hex grid") gives the coordinates and the directions 1-6.
"""

from __future__ import annotations

from .. import hexgrid
from .types import LABEL_KINDS, LABEL_SIDES, POOLS, SIDES, Label, Map, Place, Setup, SetupUnit, Terrain
from .yamldoc import Node

TOTAL_KEYS = ("mobile_units", "mobile_strength", "nonmobile_units", "nonmobile_strength")
MAX_COLUMNS, MAX_ROWS = 64, 32


def load_map(doc: Node, terrains: tuple[Terrain, ...]) -> Map | None:
    doc.only_keys("columns", "rows", "legend", "terrain", "places", "home_bases", "tobruk",
                  "base_distance", "tobruk_ocean_neighbours", "gap", "labels")
    cols, rows = doc.req("columns").int(2, MAX_COLUMNS), doc.req("rows").int(2, MAX_ROWS)
    by_letter = {t.letter: t for t in terrains}
    grid: list[tuple[int, ...]] = []
    ok = cols is not None and rows is not None
    for r, line_node in enumerate(doc.req("terrain").seq(rows)):
        text = line_node.str()
        if text is None:
            ok = False
            continue
        if cols is not None and len(text) != cols:
            line_node.error(f"row {r} has {len(text)} hexes, expected {cols}")
            ok = False
            continue
        codes = []
        for c, ch in enumerate(text):
            t = by_letter.get(ch)
            if t is None:
                line_node.error(f"row {r}, column {c}: '{ch}' is not a terrain letter "
                                f"(known: {' '.join(sorted(by_letter))})")
                ok = False
                codes.append(0)
            else:
                codes.append(t.code)
        grid.append(tuple(codes))

    places: dict[str, Place] = {}
    by_id = {t.id: t for t in terrains}
    for p in doc.req("places").seq():
        p.only_keys("id", "name", "col", "row", "terrain", "label")
        pid, name = p.req("id").str(), p.req("name").str()
        label = p.opt("label").str(LABEL_SIDES) if p.opt("label") is not None else "s"
        col = p.req("col").int(0, (cols or MAX_COLUMNS) - 1)
        row = p.req("row").int(0, (rows or MAX_ROWS) - 1)
        terr = p.req("terrain").str(tuple(by_id))
        if pid in places:
            p.req("id").error(f"place '{pid}' is given twice")
        if None in (pid, name, col, row, terr, label):
            ok = False
            continue
        if ok and len(grid) == rows and by_id[terr].code != grid[row][col]:
            actual = terrains[grid[row][col]].id
            p.req("terrain").error(f"{name} at column {col}, row {row} should be {terr} but the map has {actual} there")
            ok = False
        places[pid] = Place(pid, name, col, row, terr, label)

    hb = doc.req("home_bases")
    hb.only_keys(*SIDES)
    bases = {}
    for side in SIDES:
        pid = hb.req(side).str()
        if pid is not None and pid not in places:
            hb.req(side).error(f"'{pid}' is not a place of this map")
            pid = None
        bases[side] = pid
    tob = doc.req("tobruk").str()
    if tob is not None and tob not in places:
        doc.req("tobruk").error(f"'{tob}' is not a place of this map")
        tob = None

    # no two hexes of the largest map allowed are farther apart than its columns plus rows
    base_distance = doc.req("base_distance").int(1, MAX_COLUMNS + MAX_ROWS)
    tobruk_ocean = _range(doc.req("tobruk_ocean_neighbours"), 0, len(hexgrid.DIRECTIONS))
    gap = doc.req("gap")
    gap.only_keys("place", "width")
    gap_place = gap.req("place").str()
    if gap_place is not None and gap_place not in places:
        gap.req("place").error(f"'{gap_place}' is not a place of this map")
        gap_place = None
    gap_width = _range(gap.req("width"), 1, MAX_ROWS)

    labels = []
    for n in (doc.opt("labels").seq() if doc.opt("labels") is not None else []):
        n.only_keys("name", "col", "row", "kind")
        fields = (n.req("name").str(), n.req("col").int(0, (cols or MAX_COLUMNS) - 1),
                  n.req("row").int(0, (rows or MAX_ROWS) - 1), n.req("kind").str(LABEL_KINDS))
        if None in fields:
            ok = False
            continue
        labels.append(Label(*fields))

    if not ok or None in (*bases.values(), tob, base_distance, tobruk_ocean, gap_place, gap_width):
        return None
    return Map(cols, rows, tuple(grid), places, bases, tob, base_distance=base_distance,
               tobruk_ocean=tobruk_ocean, gap_place=gap_place, gap_width=gap_width, labels=tuple(labels))


def _range(node: Node, lo: int, hi: int) -> tuple[int, int] | None:
    """A `[fewest, most]` pair of whole numbers within lo..hi."""
    pair = node.ints(2, lo, hi)
    if len(pair) != 2 or None in pair:
        return None
    if pair[0] > pair[1]:
        node.error(f"[{pair[0]}, {pair[1]}]: the fewest is more than the most")
        return None
    return pair[0], pair[1]


def _hex_of(node: Node, m: Map) -> tuple[int, int] | None:
    """A unit's position: `at: <place id>` or `hex: [col, row]`."""
    at, hx = node.opt("at"), node.opt("hex")
    if (at is None) == (hx is None):
        node.error("give exactly one of 'at' (a place id) or 'hex' ([col, row])")
        return None
    if at is not None:
        pid = at.str()
        if pid is None:
            return None
        if pid not in m.places:
            at.error(f"'{pid}' is not a place of data/map.yaml")
            return None
        return m.place_hex(pid)
    pair = hx.ints(2, 0, 255)
    if len(pair) != 2 or None in pair:
        return None
    col, row = pair
    if not m.on_map(col, row):
        hx.error(f"hex [{col}, {row}] is off the map ({m.columns} columns x {m.rows} rows)")
        return None
    return col, row


def load_setup(doc: Node, sid: str, m: Map, units, dates: set[str]) -> Setup | None:
    """Load one start state; `units` is the order of battle (for numbers and types)."""
    doc.only_keys("date", "description", "start_totals", "control", "pools", "absent", "arrivals", "units")
    ok = True
    date = doc.req("date").str()
    if date is not None and date != sid:
        doc.req("date").error(f"date '{date}' does not match the file name '{sid}'")
        ok = False
    if sid not in dates:
        doc.req("date").error(f"'{sid}' is not a date of the Turn Chart")
        ok = False
    numbers = {u.number for u in units}

    totals: dict[str, dict[str, int]] = {}
    tn = doc.req("start_totals")
    tn.only_keys(*SIDES)
    for side in SIDES:
        sn = tn.req(side)
        sn.only_keys(*TOTAL_KEYS)
        totals[side] = {k: sn.req(k).int(0, 99999) for k in TOTAL_KEYS}
        ok &= None not in totals[side].values()

    control = {}
    lines = {"control": doc.req("control").line}
    for pid, node in doc.req("control").items():
        lines[f"control.{pid}"] = node.line
        if pid not in m.places:
            node.error(f"'{pid}' is not a place of data/map.yaml")
            ok = False
            continue
        side = node.str(SIDES)
        ok &= side is not None
        control[pid] = side

    pools = doc.req("pools")
    pools.only_keys("axis_supply", "replacements", "air")
    axis_supply = pools.req("axis_supply").int(0, 0xFFFFFF)
    rn = pools.req("replacements")
    rn.only_keys(*POOLS)
    repl = {p: rn.req(p).int(0, 65535) for p in POOLS}
    an = pools.req("air")
    an.only_keys(*SIDES)
    air = {s: an.req(s).int(0, 255) for s in SIDES}
    ok &= None not in (axis_supply, *repl.values(), *air.values())

    absent = []
    for n in (doc.opt("absent").seq() if doc.opt("absent") is not None else []):
        v = n.int(1, 255)
        if v is not None and v not in numbers:
            n.error(f"unit {v} is not in the order of battle")
            v = None
        ok &= v is not None
        absent.append(v)

    arrivals: dict[int, str] = {}
    for key, n in (doc.opt("arrivals").items() if doc.opt("arrivals") is not None else []):
        d = n.str()
        if not key.isdigit() or int(key) not in numbers:
            n.error(f"'{key}' is not a unit number of the order of battle")
            ok = False
            continue
        if d is None or d not in dates:
            n.error(f"'{d}' is not a date of the Turn Chart")
            ok = False
            continue
        arrivals[int(key)] = d

    placed: list[SetupUnit] = []
    seen: set[int] = set()
    for un in doc.req("units").seq():
        un.only_keys("unit", "at", "hex", "strength", "supply", "fort")
        num = un.req("unit").int(1, 255)
        if num is not None and num not in numbers:
            un.req("unit").error(f"unit {num} is not in the order of battle")
            num = None
        if num in seen:
            un.req("unit").error(f"unit {num} is placed twice")
        hexpos = _hex_of(un, m)
        strength = un.req("strength").int(1, 9999)
        supply = un.req("supply").int(0, 9999)
        fort = un.req("fort").int(0, 9) if un.opt("fort") is not None else 0
        if None in (num, hexpos, strength, supply, fort):
            ok = False
            continue
        seen.add(num)
        placed.append(SetupUnit(num, hexpos[0], hexpos[1], strength, supply, fort))
    if not ok:
        return None
    return Setup(sid, tuple(placed), tuple(absent), arrivals, control, axis_supply, repl, air, totals, lines)
