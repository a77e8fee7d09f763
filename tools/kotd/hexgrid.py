"""Hex geometry shared by the data checks, the reference engine and the 6502 tables.

Flat-topped hexes in columns, north up ("odd-q" offset coordinates): a hex is
``(col, row)``, column 0 at the west edge and row 0 at the north edge; every odd
column sits half a hex lower than the even columns beside it.

Directions are the numbers of the game's compass (rulings 16.51)::

        1
     6     2          1 = N, 2 = NE, 3 = SE, 4 = S, 5 = SW, 6 = NW
     5     3
        4

Distance is the fewest hex steps, ignoring terrain and units.  With axial
coordinates ``q = col`` and ``r = row - col // 2`` it is
``max(|dq|, |dr|, |dq + dr|)``.
"""

from __future__ import annotations

DIRECTIONS = (1, 2, 3, 4, 5, 6)

# (dcol, drow) per direction, for even and for odd columns.
STEPS_EVEN_COLUMN = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (0, 1), 5: (-1, 0), 6: (-1, -1)}
STEPS_ODD_COLUMN = {1: (0, -1), 2: (1, 0), 3: (1, 1), 4: (0, 1), 5: (-1, 1), 6: (-1, 0)}


def step(col: int, row: int, direction: int) -> tuple[int, int]:
    """The hex next to (col, row) in compass direction 1-6 (may be off the map)."""
    dc, dr = (STEPS_ODD_COLUMN if col & 1 else STEPS_EVEN_COLUMN)[direction]
    return col + dc, row + dr


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbours in direction order 1..6 (some may be off the map)."""
    return [step(col, row, d) for d in DIRECTIONS]


def axial(col: int, row: int) -> tuple[int, int]:
    return col, row - (col >> 1)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq = a[0] - b[0]
    dr = (a[1] - (a[0] >> 1)) - (b[1] - (b[0] >> 1))
    return max(abs(dq), abs(dr), abs(dq + dr))


def direction_to(a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """The direction from a to its neighbour b, or None if they are not neighbours."""
    for d in DIRECTIONS:
        if step(a[0], a[1], d) == b:
            return d
    return None
