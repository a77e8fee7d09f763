"""kotd build's errors name the file and the line, and give exit status 1 (host only)."""

import dataclasses
import re
import shutil

import pytest

from kotd import DEFAULT_DATA_DIR
from kotd.build import BuildError, check_regions, generate_sources, run_build, stateblock, target_include
from kotd.build.assemble import AssemblyError, assemble
from kotd.build.paths import ASM_DIR
from kotd.build.tables import DataRangeError, generate
from kotd.build.targets import ATARI, Region


def combat_with_supply_cost(model, value):
    c = model.combat
    attacker = dict(c.supply_cost["attacker"])
    axis = dict(attacker["axis"])
    axis["mobile"] = (45, 60, value) + axis["mobile"][3:]
    attacker["axis"] = axis
    return dataclasses.replace(model, combat=dataclasses.replace(c, supply_cost={**c.supply_cost, "attacker": attacker}))


def test_a_value_too_wide_for_its_table_names_the_data_file_line_and_key(model):
    bad = combat_with_supply_cost(model, 70000)
    with pytest.raises(DataRangeError) as err:
        generate(bad)
    text = str(err.value)
    line = next(i for i, ln in enumerate(open(DEFAULT_DATA_DIR / "combat.yaml"), 1) if ln.strip().startswith("mobile: [45, 60, 75"))
    assert text.startswith(f"data/combat.yaml:{line}: supply_cost.attacker.axis.mobile[2]: 70000")
    assert "COMBAT_SUPPLY_COST" in text


def test_run_build_prints_the_error_and_exits_1(model, tmp_path, capsys):
    bad = combat_with_supply_cost(model, -1)
    assert run_build(bad, "atari", tmp_path, echo=lambda s: None) == 1
    err = capsys.readouterr().err
    assert "error: data/combat.yaml:" in err and "supply_cost.attacker.axis.mobile[2]: -1" in err
    assert not (tmp_path / "atari").exists()


def test_a_map_too_big_for_signed_bytes_is_refused(model):
    m = model.map
    big = dataclasses.replace(model, map=dataclasses.replace(m, columns=100, rows=20))
    with pytest.raises(DataRangeError, match=r"data/map.yaml:\d+: columns"):
        generate(big)


def test_an_assembler_error_names_file_and_line(tmp_path):
    (tmp_path / "bad.s").write_text(".org $2000\n    lda #1\n    bra $2000\n")
    with pytest.raises(AssemblyError, match=r"bad\.s:3:"):
        assemble("bad.s", tmp_path)


def test_65c02_and_undocumented_opcodes_are_refused(tmp_path):
    for op in ("stz $80", "phx", "lax $80", "slo $80"):
        (tmp_path / "x.s").write_text(f".org $2000\n    {op}\n")
        with pytest.raises(AssemblyError, match=r"x\.s:2:"):
            assemble("x.s", tmp_path)


def test_an_engine_overflow_stops_the_assembler_at_the_check(model, tmp_path):
    asm = tmp_path / "asm"
    shutil.copytree(ASM_DIR, asm, ignore=shutil.ignore_patterns("generated"))
    generate_sources(model, DEFAULT_DATA_DIR, asm / "generated")
    small = dataclasses.replace(ATARI, engine=Region("engine", 0x7800, 0x78FF))
    (asm / "generated" / "atari.inc").write_text(target_include(small))
    with pytest.raises(AssemblyError) as err:
        assemble("atari.s", asm)
    assert "end.s:" in str(err.value) and "checkpc" in str(err.value)


def test_a_state_block_too_big_names_the_field_line(model):
    small = dataclasses.replace(ATARI, state=Region("state", 0x9800, 0x98FF))
    with pytest.raises(stateblock.LayoutError, match=r"stateblock\.py:\d+: U_"):
        stateblock.check_fits(model, small)
    with pytest.raises(BuildError, match=r"stateblock\.py:\d+"):
        check_regions(model, small)


def test_overlapping_regions_name_the_target_definition(model):
    clash = dataclasses.replace(ATARI, state=Region("state", 0x9700, 0x9CFF))
    with pytest.raises(BuildError, match=r"targets\.py:\d+: atari: engine .* overlaps state"):
        check_regions(model, clash)
    on_basic = dataclasses.replace(ATARI, state=Region("state", 0x9F00, 0xA4FF))
    with pytest.raises(BuildError, match="BASIC cartridge"):
        check_regions(model, on_basic)
    unaligned = dataclasses.replace(ATARI, engine=Region("engine", 0x7880, 0x97FF))
    with pytest.raises(BuildError, match="page boundary"):
        check_regions(model, unaligned)


def test_data_the_combat_arithmetic_cannot_hold_is_refused(model):
    """combat.s works the loss shares in 16 bits and passes units with half their
    ceiling: a ceiling too big, or an elimination percent above 50, stops the build."""
    units = list(model.units)
    units[0] = dataclasses.replace(units[0], ceiling=2000)
    with pytest.raises(DataRangeError, match=r"data/units.yaml:\d+: units: 120000 does not fit .*BATTLE_TOTAL10"):
        generate(dataclasses.replace(model, units=tuple(units)))
    high = dataclasses.replace(model, combat=dataclasses.replace(model.combat, elimination_percent=51))
    with pytest.raises(DataRangeError, match=r"data/combat.yaml:\d+: elimination_percent: 51 is above 50"):
        generate(high)


def _combat(model, **changes):
    return dataclasses.replace(model, combat=dataclasses.replace(model.combat, **changes))


@pytest.mark.parametrize("changes, match", [
    (lambda c: {"air_attacker_percent": 30, "air_max": 9},
     r"data/combat.yaml:\d+: air.attacker_bonus_percent: 30 x air.max_per_battle 9 = 270 is above 255"),
    (lambda c: {"attacker_min": dataclasses.replace(c.attacker_min, num=3, den=2)},
     r"data/combat.yaml:\d+: attacker_clamp.min: 3/2 is above 1"),
    (lambda c: {"attacker_max": dataclasses.replace(c.attacker_max, num=3, den=2)},
     r"data/combat.yaml:\d+: attacker_clamp.max: 3/2 is below 2"),
    (lambda c: {"defender_cap": dataclasses.replace(c.defender_cap, num=7, den=2)},
     r"data/combat.yaml:\d+: defender_cap: 7/2 is below 4"),
    (lambda c: {"base_per_mille": 30},
     r"data/combat.yaml:\d+: base_loss.per_mille_per_intensity: 30 x the highest intensity 9 is above 255"),
    (lambda c: {"odds_modifier_percent": 37},
     r"data/combat.yaml:\d+: odds.modifier_percent: 37: .* needs both numbers to be bytes"),
])
def test_data_a_combat_shortcut_relies_on_is_refused(model, changes, match):
    """Each shortcut of combat.s that relies on a property of the data (docs/engine.md
    "Combat"): data without that property stops the build with the file and line."""
    with pytest.raises(DataRangeError, match=match):
        generate(_combat(model, **changes(model.combat)))


@pytest.mark.parametrize("percent, expected", [(50, (1, 0, 200)), (25, (1, 0, 400 // 1)), (10, (1, 0, 1000))])
def test_the_odds_part_is_reduced_exactly(model, percent, expected):
    """x * percent / 10000 as x * MULTIPLIER >> SHIFT / DIVISOR, with a byte divisor
    (or refused): the constants tables.py derives."""
    if expected[2] > 255:
        shift = 0
        div = expected[2]
        while div > 255 and not div & 1:
            div >>= 1
            shift += 1
        expected = (expected[0], shift, div)
    text = generate(_combat(model, odds_modifier_percent=percent)).constants_inc
    got = tuple(int(re.search(rf"\.alias ODDS_PART_{n}\s+(\d+)", text).group(1))
                for n in ("MULTIPLIER", "SHIFT", "DIVISOR"))
    assert got == expected
    m, k, d = got
    for x in (0, 1, 199, 200, 12345, 99_999_999):
        assert (x * m >> k) // d == x * percent // 10000


def test_a_depot_range_beyond_the_chain_is_refused(model):
    """supply.s finds a depot no chain reaches cut off without trying the sources:
    that needs supply_range.depot <= depot_chain."""
    lg = model.logistics
    wide = dataclasses.replace(lg, supply_range={**lg.supply_range, "depot": lg.depot_chain + 1})
    with pytest.raises(DataRangeError, match=r"data/logistics.yaml:\d+: supply_range.depot: \d+ is above depot_chain"):
        generate(dataclasses.replace(model, logistics=wide))


@pytest.mark.parametrize("percent, quarter", [(15, 1), (25, 1), (26, 0), (50, 0)])
def test_the_quarter_elimination_shortcut_follows_the_percent(model, percent, quarter):
    """combat.s passes a unit with a quarter of its ceiling without multiplying only
    when 4 s >= c gives 100 s >= percent x c, that is a percent at most 25."""
    text = generate(_combat(model, elimination_percent=percent)).constants_inc
    assert int(re.search(r"\.alias ELIMINATION_QUARTER\s+(\d+)", text).group(1)) == quarter


@pytest.mark.parametrize("tenths", [{1: 16}, {1: 10, 2: 8}, {1: 9}, {1: 1}])
def test_the_byte_share_bound_keeps_every_share_below_256(model, tenths):
    """Up to SHARE_BYTE_LOSS_MAX, floor(L s t / (10 S)) <= t L / 10 < 256 for every
    morale's t; one more and the highest t reaches 256 (or the bound is a byte's top)."""
    text = generate(_combat(model, morale_loss_tenths=tenths)).constants_inc
    bound = int(re.search(r"\.alias SHARE_BYTE_LOSS_MAX\s+(\d+)", text).group(1))
    top = max(tenths.values())
    assert top * bound // 10 < 256
    assert bound == 255 or top * (bound + 1) // 10 >= 256


def test_a_supply_range_too_wide_for_the_dead_depot_mark_is_refused(model):
    """supply.s marks a depot no chain reaches with q $80: every unit's q + range +
    depot_chain must stay below 128 for no test to pass it."""
    lg = model.logistics
    wide = dataclasses.replace(lg, supply_range={**lg.supply_range, "axis": 128 - model.map.columns - lg.depot_chain + 1})
    with pytest.raises(DataRangeError, match=r"data/logistics.yaml:\d+: supply_range.axis: \d+ with depot_chain"):
        generate(dataclasses.replace(model, logistics=wide))
    fits = dataclasses.replace(lg, supply_range={**lg.supply_range, "axis": 128 - model.map.columns - lg.depot_chain})
    generate(dataclasses.replace(model, logistics=fits))


# --- the Atari front end's machine code: after the engine, inside the region -----------

def test_a_front_end_overlapping_the_engine_is_refused():
    from kotd.build.diskimages import ImageError, check_frontend_place
    with pytest.raises(ImageError, match=r"^port/asm/atari_frontend\.s: loads at \$9400, inside the engine "
                                         r"\(which ends at \$9438\)"):
        check_frontend_place(0x9400, 500, 0x9439, ATARI.engine)
    check_frontend_place(0x9439, 500, 0x9439, ATARI.engine)          # right after it: fine


def test_a_front_end_past_the_region_is_refused(model):
    """The sectors the loader reads count: 516 bytes take 640 from the base."""
    from kotd.build import build_target
    from kotd.build.diskimages import ImageError, check_frontend_place, frontend_image
    with pytest.raises(ImageError, match=r"^port/asm/atari_frontend\.s: 600 bytes \(640 on whole sectors\) "
                                         r"from \$9600 end at \$987F, past engine \$5800-\$97FF: 128 bytes too many"):
        check_frontend_place(0x9600, 600, 0x9439, ATARI.engine)
    check_frontend_place(0x9800 - 640, 600, 0x9439, ATARI.engine)    # the last byte of the region: fine
    # the build's own front end against a region that ends too soon
    engine = build_target(model, ATARI, None, echo=lambda _: None).assembly
    end = engine.address("engine_end")
    short = dataclasses.replace(ATARI, engine=Region("engine", ATARI.engine.start, end + 255))
    with pytest.raises(ImageError, match=r"^port/asm/atari_frontend\.s: \d+ bytes .* past engine \$5800-"):
        frontend_image(model, short, engine)


def test_a_front_end_reaching_the_character_set_is_refused(model):
    """The engine and the front end's code must end before the map's character set
    ($9400-$97FF, filled at run time: the padding of the code's last sector may fall
    into it)."""
    from kotd.build import build_target
    from kotd.build.diskimages import ImageError, check_before_charset, frontend_image
    with pytest.raises(ImageError, match=r"^port/asm/atari_frontend\.s: its code ends at \$9400, "
                                         r"over the character set \$9400-\$97FF \(tools/kotd/build/targets\.py\): "
                                         r"1 bytes too many"):
        check_before_charset(0x9401, 0x9000, ATARI.charset)
    with pytest.raises(ImageError, match=r"^port/asm/atari\.s: the engine ends at \$9400, over the character set"):
        check_before_charset(0x9401, 0x9401, ATARI.charset)
    check_before_charset(0x9400, 0x9000, ATARI.charset)                # the byte before it: fine
    # the build's own front end against a character set that starts too soon
    engine = build_target(model, ATARI, None, echo=lambda _: None).assembly
    end = engine.address("engine_end")
    low = dataclasses.replace(ATARI, charset=Region("character set", end + 256, end + 256 + 1023))
    with pytest.raises(ImageError, match=r"^port/asm/atari_frontend\.s: its code ends at .* over the character set"):
        frontend_image(model, low, engine)


def test_an_optional_unit_before_the_last_ones_is_refused(model):
    """setup.s keeps only where the optional units start (OPTIONAL_FIRST): an optional
    unit followed by one that is not stops the build, naming the unit's line."""
    units = list(model.units)
    assert units[-1].optional and not units[0].optional
    units[0] = dataclasses.replace(units[0], optional=True)
    with pytest.raises(DataRangeError, match=r"data/units.yaml:\d+: units\[0\] .*must be the last ones"):
        generate(dataclasses.replace(model, units=tuple(units)))
    first = re.search(r"^\.alias OPTIONAL_FIRST\s+(\d+)", generate(model).constants_inc, re.M)
    assert int(first.group(1)) == min(i for i, u in enumerate(model.units) if u.optional)


def test_a_front_end_text_past_the_state_region_is_refused():
    from kotd.build.diskimages import ImageError, check_frontend_text_place
    with pytest.raises(ImageError, match=r"^port/asm/atari_frontend_text\.s: 600 bytes \(640 on whole sectors\) "
                                         r"from \$9DDE end at \$A05D, past state \$9800-\$9FFF: 94 bytes too many"):
        check_frontend_text_place(0x9DDE, 600, ATARI.state)
    check_frontend_text_place(0xA000 - 640, 600, ATARI.state)        # the region's last byte: fine


def test_the_apple_display_text_section_must_sit_between_the_scratch_and_the_regions_end(model):
    from kotd.build.display import DisplayError, check_text_place, text_base
    from kotd.build.targets import APPLE
    base = text_base(model, APPLE)
    room = APPLE.state.end + 1 - base
    check_text_place(base, room, model, APPLE)                       # to the region's last byte: fine
    with pytest.raises(DisplayError, match=rf"^port/asm/apple_frontend\.s: the text section's {room + 1} bytes "
                                           rf"from \${base:04X} end at \$C000, past state \$B800-\$BFFF: 1 bytes too many"):
        check_text_place(base, room + 1, model, APPLE)
    with pytest.raises(DisplayError, match=rf"^port/asm/apple_frontend\.s: the text section at \${base - 1:04X} is "
                                           rf"over the engine's state and scratch \(they end at \${base - 1:04X}\)"):
        check_text_place(base - 1, 10, model, APPLE)


def test_unit_names_pack_and_unpack_to_data_and_refuse_what_the_screen_cannot_show(model):
    from kotd.build.unitnames import pack, unpack, unit_names_source
    names = [u.name for u in model.units]
    words, packed = pack(names)
    assert unpack(words, b"".join(packed)) == names
    _, raw, size = unit_names_source(model, "x")
    assert raw == sum(map(len, names)) and size < raw * 6 // 10          # about 890 -> under 535 bytes
    with pytest.raises(ValueError, match=r"^data/units.yaml: unit name 'x': 'x' is not an upper-case ATASCII"):
        pack(["x"])
    with pytest.raises(ValueError, match=r"41 characters, the screen row holds 40"):
        pack(["A" * 41])


def test_an_applesoft_program_too_big_for_its_memory_is_refused():
    """The Apple program from $0801 must leave PROGRAM_ROOM bytes below HIMEM ($4000) for its
    variables and strings (issue 13: FRE(0) >= 2 KB); the message names the program."""
    from kotd.build.diskimages import PROGRAM_ROOM, ImageError, check_program_room
    from kotd.build.targets import APPLE
    most = APPLE.program.end + 1 - PROGRAM_ROOM - 0x0801
    check_program_room("port/basic/kotd.prog", bytes(most), APPLE)
    with pytest.raises(ImageError, match=r"port/basic/kotd.prog: \d+ bytes: an Applesoft program of 2 to \d+ bytes"):
        check_program_room("port/basic/kotd.prog", bytes(most + 1), APPLE)


# --- the disks' resident code and the opponent's code: each inside its region ---------------

def test_a_resident_code_past_its_region_is_refused(dist):
    """The resident code on whole sectors must end inside the resident region: the
    build names the file and the bytes too many (the opponent's stub made it grow).
    (`dist`: the session's build writes the generated includes both assemblies read.)"""
    from kotd.build.diskimages import ImageError, check_resident_room
    from kotd.build.targets import APPLE
    atari = assemble("atari_boot_resident.s")                   # the generated includes: the session's build
    size = len(atari.image) + (-len(atari.image) % 128)
    short = dataclasses.replace(ATARI, resident=Region("disk resident", 0x5000, 0x5000 + size - 129))
    with pytest.raises(ImageError, match=rf"^port/asm/atari_boot_resident\.s: {len(atari.image)} bytes "
                                         rf"\({size} on whole sectors\) overflow disk resident \$5000-\$[0-9A-F]+: "
                                         r"128 bytes too many"):
        check_resident_room(atari, short, "atari_boot_resident.s", 128)
    check_resident_room(atari, ATARI, "atari_boot_resident.s", 128)                 # as built: fine
    apple = assemble("apple_boot_resident.s")
    short = dataclasses.replace(APPLE, resident=Region("disk resident", 0x6C00, 0x6C00 + len(apple.image) - 2))
    with pytest.raises(ImageError, match=r"^port/asm/apple_boot_resident\.s: .* overflow disk resident"):
        check_resident_room(apple, short, "apple_boot_resident.s", 1)


def test_an_opponent_past_its_regions_is_refused(model):
    """Each file's code and RAM must find room in the opponent's regions (opponent.place),
    and a chunk the boot copies on whole pages must end within its region; the RAM keeps
    out of the engine's bytes and the vectors (diskimages.opponent_code)."""
    from kotd.build import build_target
    from kotd.build.diskimages import ImageError, opponent_code
    from kotd.build.opponent import ENTRY
    engine = build_target(model, ATARI, None, echo=lambda _: None).assembly
    placed = opponent_code(model, ATARI, engine).placement
    short = dataclasses.replace(ATARI, opponent_code=(Region("opponent code", 0xC000, 0xC0FF),))
    # the files are placed largest first after the entry (which fits): the largest is refused
    largest = max((f for f in placed.code if f != ENTRY), key=lambda f: placed.code[f][1])
    with pytest.raises(ImageError, match=rf"^port/asm/{re.escape(largest)}: its {placed.code[largest][1]} bytes "
                                         r"of code fit no region of the "
                                         r"opponent's for Atari .* \(tools/kotd/build/targets\.py; bytes left: "
                                         r"opponent code \$C000-\$C0FF \d+\)"):
        opponent_code(model, short, engine)
    no_ram = dataclasses.replace(ATARI, opponent_ram=(Region("opponent RAM", 0xC000, 0xC0FF),))
    with pytest.raises(ImageError, match=r"^port/asm/ai_depot\.s: its \d+ bytes of RAM fit no region"):
        opponent_code(model, no_ram, engine)
    low_end = sum(next(c for c in placed.chunks if c[0] == 0xC000)) - 1
    page_end = low_end | 0xFF                     # the chunk at $C000 ends within its region, its page not
    assert low_end < page_end - 1, "the chunk at $C000 fills its last page: pick another case"
    odd = dataclasses.replace(ATARI, opponent_code=(Region("opponent code", 0xD800, 0xFEFF),
                                                    Region("opponent code", 0xC000, page_end - 1)))
    with pytest.raises(ImageError, match=r"^tools/kotd/build/targets\.py: the opponent's code at \$C000 \(\d+ bytes, "
                                         rf"copied on whole pages to \${page_end:04X}\) passes the end of its region"):
        opponent_code(model, odd, engine)
    over = dataclasses.replace(ATARI, opponent_ram=(Region("opponent RAM", 0x8E00, 0x9FFF),))
    with pytest.raises(ImageError, match=r"^tools/kotd/build/targets\.py: port/asm/ai_depot\.s's RAM "
                                         r"\(\$8E00-\$\w+\) overlaps the engine's code and tables"):
        opponent_code(model, over, engine)
    assert opponent_code(model, ATARI, engine).placement.code_bytes > 0   # the generated files put back


def test_an_opponent_buffer_out_of_place_is_refused():
    """The opponent's file is read into its buffer and copied from there: the buffer must
    hold it, lie above the boot code, below the Atari's screen and clear of the files read
    before it (diskimages.check_opponent_place)."""
    from kotd.build.diskimages import ImageError, check_opponent_place
    from kotd.build.targets import APPLE
    full = 43 * 256
    check_opponent_place(ATARI, [("engine", 0x5800, bytes(100))], full, 0x0880)          # as built: fine
    small = dataclasses.replace(ATARI, opponent_buffer=Region("buffer", 0x3400, 0x43FF))
    with pytest.raises(ImageError, match=r"^tools/kotd/build/targets\.py: the opponent's 11008 bytes \(11008 on "
                                         r"whole sectors\) do not fit the buffer \$3400-\$43FF"):
        check_opponent_place(small, [], full, 0x0880)
    with pytest.raises(ImageError, match=r"overlaps the front end \(\$4700-\$477F\), read before it"):
        check_opponent_place(ATARI, [("front end", 0x4700, bytes(1))], full, 0x0880)
    with pytest.raises(ImageError, match=r"starts under the boot code, which ends at \$35FF"):
        check_opponent_place(ATARI, [], full, 0x3600)
    high = dataclasses.replace(ATARI, opponent_buffer=Region("buffer", 0x1800, 0x4BFF))
    with pytest.raises(ImageError, match=r"reaches the screen \(from \$4800\)"):
        check_opponent_place(high, [], full, 0x0880)
    with pytest.raises(ImageError, match=r"overlaps the display \(\$5000-\$5BFF\)"):
        check_opponent_place(APPLE, [("display", 0x5000, bytes(0xC00))], full, 0)
