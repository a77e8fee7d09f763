"""kotd.build.opponent.place: each file's code whole into the first code region with room
left (the entry into the first, then the largest first), its RAM likewise into the RAM
regions, the largest first (a region that is also a code region: what the code left of it), RAM_OVERLAYS's
file at its host's RAM; the chunks the boot copies; a file that finds no room refused
with its bytes and what each region has left."""

import dataclasses

import pytest

from kotd.build.opponent import ENTRY, OpponentError, RAM_OVERLAYS, place
from kotd.build.targets import ATARI, Region

UPPER, LOWER = Region("upper", 0xD800, 0xDBFF), Region("lower", 0xC000, 0xC3FF)
TOY = dataclasses.replace(ATARI, opponent_code=(UPPER, LOWER), opponent_ram=(LOWER,))
(OVER, HOST), = RAM_OVERLAYS.items()


def test_code_largest_first_in_the_image_order_and_ram_after_the_code_in_a_shared_region():
    """The entry first, then the largest first: in the files' order c.s would take the
    upper region's room before a.s.  The image (and the chunks the boot copies) region by
    region, up each."""
    code = {ENTRY: 0x80, "c.s": 0x40, "a.s": 0x300, "b.s": 0x200}
    ram = {"a.s": 0x100, HOST: 0x80, OVER: 0x60, "c.s": 0x10}
    p = place(TOY, code, ram)
    assert list(p.code.items()) == [(ENTRY, (0xD800, 0x80)), ("a.s", (0xD880, 0x300)), ("c.s", (0xDB80, 0x40)),
                                    ("b.s", (0xC000, 0x200))]    # c.s in the upper region's room left
    assert p.chunks == [(0xD800, 0x3C0), (0xC000, 0x200)]
    assert p.ram == {"a.s": (0xC200, 0x100), HOST: (0xC300, 0x80), OVER: (0xC300, 0x60), "c.s": (0xC380, 0x10)}
    assert (p.code_bytes, p.ram_bytes) == (0x5C0, 0x190)       # the overlay counted once


def test_a_file_with_no_room_is_refused_with_what_is_left():
    with pytest.raises(OpponentError, match=r"^port/asm/b\.s: its 1280 bytes of code fit no region of the "
                                            r"opponent's for .* bytes left: upper \$D800-\$DBFF 768, lower "
                                            r"\$C000-\$C3FF 1024\)"):
        place(TOY, {ENTRY: 0x100, "b.s": 0x500}, {})
    assert place(TOY, {ENTRY: 0x100, "a.s": 0x100}, {"a.s": 0x400}).ram == {"a.s": (0xC000, 0x400)}   # just
    with pytest.raises(OpponentError, match=r"^port/asm/a\.s: its 1025 bytes of RAM fit no region"):
        place(TOY, {ENTRY: 0x100, "a.s": 0x100}, {"a.s": 0x401})
    with pytest.raises(OpponentError, match=rf"^port/asm/{OVER}: 32 bytes of RAM over port/asm/{HOST}'s 16"):
        place(TOY, {ENTRY: 0x10}, {HOST: 0x10, OVER: 0x20})
    with pytest.raises(OpponentError, match=rf"^port/asm/{OVER}: its RAM goes over port/asm/{HOST}'s .* none"):
        place(TOY, {ENTRY: 0x10}, {OVER: 0x20})


def test_the_entry_goes_only_into_the_first_region():
    with pytest.raises(OpponentError, match=r"^port/asm/opponent_entry\.s: its 1025 bytes of code"):
        place(TOY, {ENTRY: 0x401}, {})


def test_ram_the_largest_first():
    """RAM goes in the largest first (ties in the files' order): in the files' order the
    last would find only ends of regions too short for it."""
    two = dataclasses.replace(TOY, opponent_ram=(Region("small", 0xB000, 0xB0FF), Region("large", 0xB800, 0xB97F)))
    p = place(two, {ENTRY: 0x10}, {"a.s": 0x80, "b.s": 0x100, "c.s": 0x100})
    assert p.ram == {"b.s": (0xB000, 0x100), "c.s": (0xB800, 0x100), "a.s": (0xB900, 0x80)}
    assert p.ram_runs == [(0xB000, 0x100), (0xB800, 0x180)]
