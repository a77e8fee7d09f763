"""The game disks and loose files read back by the project's own readers (issue 11).

One build into a temporary folder; every check reads the files the build wrote:
boot sectors, loaders, files and their addresses, the save area, the loose files;
a second build is byte-identical.  Also the slot format (CRC, checks) and the 6-and-2
code of the Apple disk, and ``kotd inspect``.
"""

import json
import random

import pytest
from click.testing import CliRunner

from kotd.build import atr, disk, display, dsk, images, run_build, stateblock
from kotd.build.targets import APPLE, ATARI
from kotd.cli import main
from kotd.engine.setup import new_game


@pytest.fixture(scope="module")
def state_size(model):
    return stateblock.layout(model).state_size


def constants(dist, target):
    text = (dist / target / "state_constants.txt").read_text()
    return {k: int(v) for k, v in (ln.split("=") for ln in text.splitlines() if "=" in ln and not ln.startswith("#"))}


# --- Atari ---------------------------------------------------------------------------------

def started_program(dist, target):
    """The program file the disk starts: the first of diskimages.PROGRAM_NAMES built."""
    from kotd.build.diskimages import program_for
    from kotd.build.targets import TARGETS
    _, origin = program_for(TARGETS[target], dist)          # the Apple game: with its display code
    return (dist / target / (origin.split("/")[-1].replace(".prog", ".bas"))).read_bytes()


def opponent_image(model, dist, target):
    """The opponent's file as kotd build makes it for the engine in ``dist``: each chunk
    of its code on whole pages (diskimages.opponent_file)."""
    from kotd.build.diskimages import opponent_file
    from kotd.build.opponent import opponent_assembly
    from kotd.emu.machine import EngineMachine
    engine = EngineMachine.from_dist(model, dist, target.name)
    return opponent_file(opponent_assembly(model, target, engine.symbols))


def atari_directory(sectors):
    boot = sectors[1]
    count, bootad = boot[1], int.from_bytes(boot[2:4], "little")
    code = b"".join(sectors[n] for n in range(1, count + 1))
    return count, bootad, code


def test_atr_boot_record_loader_and_files(model, dist, state_size):
    data = (dist / "kotd-atari.atr").read_bytes()
    assert data[:2] == b"\x96\x02" and int.from_bytes(data[4:6], "little") == 128
    assert len(data) == 16 + 720 * 128
    sectors = atr.read_atr(data)
    count, bootad, code = atari_directory(sectors)
    assert bootad == atr.BOOT_BASE and code[0] == 0 and int.from_bytes(code[4:6], "little") == 0
    assert code[6] in (0x20, 0x4C, 0xA9), "boot_continue starts right after the 6-byte header"
    # the directory the build appends after the loader: resident, engine, the front end's
    # three sections (issue 12: code, text, extra), the opponent (an 800 does not read
    # it; an XL copies it before the program is read over it), the program, a 0 entry
    entries = []
    for start in range(6, len(code) - 6):
        cand = code[start:start + 42]
        if int.from_bytes(cand[0:2], "little") == count + 1 and int.from_bytes(cand[4:6], "little") == ATARI.resident.start:
            entries = [cand[i:i + 6] for i in range(0, 42, 6)]
            assert code[start + 42:start + 48] == bytes(6)
            break
    assert entries, "no directory entry for the resident code right after the boot sectors"
    files = []
    for e in entries:
        first, n, address = (int.from_bytes(e[i:i + 2], "little") for i in (0, 2, 4))
        files.append((address, b"".join(sectors[first + i] for i in range(n))))
    (res_at, res), (eng_at, eng), (front_at, front), (text_at, text), (extra_at, extra), (opp_at, opp), \
        (prog_at, prog) = files
    engine = (dist / "atari" / "engine.bin").read_bytes()
    assert eng_at == ATARI.engine.start and eng[:len(engine)] == engine
    # the front end's machine code: right after the engine, its sectors inside the region
    constants = json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]
    assert front_at == ATARI.engine.start + len(engine) == constants["DRAW_MAP"]
    assert front_at + len(front) <= ATARI.engine.end + 1
    # its text after the engine's scratch, its extra section after the resident code
    assert text_at == constants["SCRATCH_END"] and text_at + len(text) <= ATARI.state.end + 1
    assert ATARI.resident.start < extra_at and extra_at + len(extra) <= ATARI.resident.end + 1
    program = started_program(dist, "atari")
    assert prog_at == atr.STAGING_END - len(prog) and prog[:len(program)] == program
    # the opponent's code, read into the staging area (under the screen, above the
    # loader and its directory, clear of the files before it); the loader copies it from there
    opponent = opponent_image(model, dist, ATARI)
    assert opp_at == ATARI.opponent_buffer.start and opp[:len(opponent)] == opponent and len(opp) - len(opponent) < 128
    assert ATARI.opponent_buffer.size >= len(opp) and ATARI.opponent_buffer.end < atr.STAGING_END
    assert ATARI.opponent_buffer.start >= atr.BOOT_BASE + 128 * count
    assert all(at + len(f) <= ATARI.opponent_buffer.start or at > ATARI.opponent_buffer.end for at, f in files[:5])
    from kotd.build.assemble import assemble
    loader = assemble("atari_boot.s")
    assert code[loader.address("opponent_entry") - atr.BOOT_BASE] == 6 * 5
    # the resident code knows where the program is and how long it is
    assert int.from_bytes(res[22:24], "little") == prog_at
    assert int.from_bytes(res[24:26], "little") == len(program)
    assert res_at == ATARI.resident.start and res[0] == 0x4C
    # save area: the label, empty save slots, then one start slot per scenario up to the
    # last sector, each holding start_<scenario>.bin as a sound slot
    layout = atr.save_layout(state_size, start_slots=len(model.scenarios))
    label = sectors[atr.label_sector(layout)]
    assert label[:13] == disk.label_bytes(layout) and label[12] == len(model.scenarios)
    assert atr.slot_sector(layout, layout.all_slots, layout.per_slot - 1) == 720
    for slot in range(1, layout.slots + 1):
        for i in range(layout.per_slot):
            assert sectors[atr.slot_sector(layout, slot, i)] == bytes(128)
    for index, sid in enumerate(model.scenarios):
        slot = disk.START_SLOT_FIRST + index
        header = sectors[atr.slot_sector(layout, slot, 0)]
        body = b"".join(sectors[atr.slot_sector(layout, slot, i)] for i in range(1, layout.per_slot))
        saved = disk.check_slot(slot, header, body, state_size)
        assert saved.state == (dist / "atari" / f"start_{sid}.bin").read_bytes()
        assert (saved.scenario, saved.turn) == (index, saved.state[1])


def test_atari_program_is_a_save_file_with_consistent_pointers(dist):
    prog = started_program(dist, "atari")
    ptr = [int.from_bytes(prog[i:i + 2], "little") for i in range(0, 14, 2)]
    assert ptr[0] == 0 and ptr[1] == 0x100
    assert len(prog) - 14 == ptr[6] - ptr[1]                 # VNTP..STARP saved
    table = prog[14 + ptr[4] - ptr[1]:]
    line, numbers = 0, []
    while line < len(table):
        numbers.append(int.from_bytes(table[line:line + 2], "little"))
        line += table[line + 2]
    assert numbers[-1] == 32768 and numbers == sorted(numbers)


def test_loose_atari_files(dist):
    segs = images.read_xex((dist / "kotd-atari.xex").read_bytes())
    starts = [s.start for s in segs]
    assert starts[:2] == [ATARI.resident.start, ATARI.engine.start] and starts[-1] == atr.RUNAD
    assert int.from_bytes(segs[-1].data, "little") == ATARI.resident.start + disk.RESIDENT_LAYOUT["DISK_START"]
    assert segs[1].data == (dist / "atari" / "engine.bin").read_bytes()
    assert segs[2].start == ATARI.engine.start + len(segs[1].data)     # the front end after the engine
    assert segs[3].start == json.loads((dist / "atari" / "state_constants.json").read_text())["constants"]["SCRATCH_END"]
    assert ATARI.resident.start < segs[4].start < ATARI.resident.end        # the front end's text, extra
    assert segs[5].data == started_program(dist, "atari")      # no opponent: only the disk's loader copies it
    engine_xex = images.read_xex((dist / "atari" / "engine.xex").read_bytes())
    loader = engine_xex[0].data
    init = int.from_bytes(engine_xex[1].data, "little") - engine_xex[0].start
    assert loader[loader.index(0x60, init) - 1] == 0x18, "the INITAD routine returns with carry clear (CLC; RTS)"


# --- Apple ---------------------------------------------------------------------------------

def test_dsk_boot_sector_resident_and_files(model, dist, state_size):
    from kotd.build.diskimages import PROGRAM_ROOM
    sectors = dsk.read_dsk((dist / "kotd-apple.dsk").read_bytes())
    boot = sectors[(0, 0)]
    n = boot[0]
    assert 2 <= n <= 16
    body = b"".join(sectors[(0, p)] for p in range(1, n))
    assert body[0] == 0x4C and body[3] == 0x4C              # the fixed jump table
    program = started_program(dist, "apple")[2:]
    assert int.from_bytes(body[22:24], "little") == 0x0801 + len(program)
    # directory: 4-byte entries after the code; find the engine's
    at = body.index(bytes([1]) + bytes([-(-len((dist / "apple" / "engine.bin").read_bytes()) // 256)])
                    + APPLE.engine.start.to_bytes(2, "little"))
    entries = []
    while body[at + 1]:
        entries.append((body[at], body[at + 1], int.from_bytes(body[at + 2:at + 4], "little")))
        at += 4
    text_base = display.text_base(model, APPLE)
    assert [e[2] for e in entries] == [APPLE.engine.start, APPLE.display.start, text_base & 0xFF00,
                                       APPLE.opponent_buffer.start, 0x0800]
    def file_bytes(track, pages):
        return b"".join(sectors[(track + k // 16, k % 16)] for k in range(pages))
    engine = (dist / "apple" / "engine.bin").read_bytes()
    assert file_bytes(*entries[0][:2])[:len(engine)] == engine
    code = (dist / "apple" / display.CODE_FILE).read_bytes()
    assert file_bytes(*entries[1][:2])[:len(code)] == code
    text = (dist / "apple" / display.TEXT_FILE).read_bytes()       # zeros from its page's start, then the text
    assert file_bytes(*entries[2][:2]) == bytes(text_base & 0xFF) + text + bytes(-(text_base + len(text)) % 256)
    assert (text_base & 0xFF00) + 256 * entries[2][1] == APPLE.state.end + 1    # its last page: the region's
    assert file_bytes(*entries[4][:2])[:1 + len(program)] == b"\0" + program
    opponent = opponent_image(model, dist, APPLE)              # read into its buffer, then copied
    assert file_bytes(*entries[3][:2]) == opponent
    assert 0x0801 + len(program) + PROGRAM_ROOM <= APPLE.program.end + 1      # room below HIMEM
    layout = dsk.save_layout(state_size, start_slots=len(model.scenarios))
    assert sectors[(dsk.label_track(layout), 0)][:13] == disk.label_bytes(layout)
    assert dsk.label_track(layout) + layout.all_slots == 34
    for slot in range(1, layout.slots + 1):
        track, _ = dsk.slot_place(layout, slot, 0)
        assert all(sectors[(track, s)] == bytes(256) for s in range(16))
    for index, scenario in enumerate(model.scenarios):             # the start slots, read-only
        slot = disk.start_slot(index)
        body = b"".join(sectors[dsk.slot_place(layout, slot, k)] for k in range(1, layout.per_slot))
        saved = disk.check_slot(slot, sectors[dsk.slot_place(layout, slot, 0)], body, state_size)
        assert saved.state == (dist / "apple" / f"start_{scenario}.bin").read_bytes()


def test_applesoft_program_links_point_to_the_next_line(dist):
    prog = (dist / "apple" / "example.bas").read_bytes()[2:]
    at = 0
    while True:
        link = int.from_bytes(prog[at:at + 2], "little")
        if link == 0:
            break
        nxt = link - 0x0801
        assert prog[nxt - 1] == 0, "each line ends with a 0 byte"
        at = nxt
    assert at == len(prog) - 2


def test_disk_nibbles_are_the_64_of_6_and_2():
    n = dsk.disk_nibbles()
    assert len(n) == 64 and n[0] == 0x96 and n[-1] == 0xFF and 0xAA not in n and 0xD5 not in n


def test_6_and_2_round_trip_and_checksum():
    rng = random.Random(11)
    for _ in range(20):
        data = bytes(rng.randrange(256) for _ in range(256))
        nib = dsk.encode_sector(data)
        assert len(nib) == 343 and dsk.decode_sector(nib) == data
    nib[100] = dsk.disk_nibbles()[(dsk.disk_nibbles().index(nib[100]) + 1) % 64]
    with pytest.raises(ValueError):
        dsk.decode_sector(nib)


# --- both ------------------------------------------------------------------------------------

def test_a_second_build_is_byte_identical(model, dist, tmp_path):
    assert run_build(model, "all", tmp_path, echo=lambda s: None) == 0
    for name in ("kotd-atari.atr", "kotd-atari.xex", "kotd-apple.dsk", "atari/example.bas", "apple/example.bas"):
        assert (tmp_path / name).read_bytes() == (dist / name).read_bytes(), name


def test_disk_constants_for_basic(dist):
    for target, name in ((ATARI, "atari"), (APPLE, "apple")):
        c = constants(dist, name)
        base = target.resident.start
        assert c["DISK_SAVE"] == base and c["DISK_LOAD"] == base + 3 and c["DISK_INFO"] == base + 6
        assert c["DISK_SLOT"] == base + 18 and c["DISK_STATUS"] == base + 19
        assert c["DISK_DAMAGED"] == disk.STATUS["DAMAGED"] and c["SAVE_SLOTS"] == disk.SAVE_SLOTS
        sym = images.read_symbol_table((dist / name / "engine.sym").read_text())
        assert sym["ENGINE_BASE" if "ENGINE_BASE" in sym else "JUMP_TABLE"] == target.engine.start
    assert constants(dist, "atari")["RAMTOP"] == ATARI.resident.start >> 8
    assert constants(dist, "apple")["HIMEM"] == APPLE.program.end + 1 == 0x4000


def test_crc16_is_ccitt_false():
    assert disk.crc16(b"123456789") == 0x29B1


def test_slot_checks_refuse_what_is_not_a_sound_save():
    state = bytes(range(256)) * 3 + bytes(160)
    header = disk.make_header(2, 1, 5, state)
    assert disk.check_slot(2, header, state + bytes(50), len(state)).turn == 5
    for bad_header, bad_state, why in (
            (b"\0" * 12, state, "empty"),
            (header[:4] + b"\x09" + header[5:], state, "format"),
            (header, state, "says slot 2"),                      # read as slot 3 below
            (header, state[:-1] + b"\x01", "CRC")):
        slot = 3 if why == "says slot 2" else 2
        with pytest.raises(disk.SlotError, match=why):
            disk.check_slot(slot, bad_header, bad_state, len(state))


def put_slot(model, image_path, machine, slot, state_bytes, damage=False):
    data = bytearray(image_path.read_bytes())
    size = len(state_bytes)
    header = disk.make_header(slot, 0, 3, state_bytes)
    if machine == "atari":
        layout = atr.save_layout(size, start_slots=len(model.scenarios))
        body = (header.ljust(128, b"\0") + state_bytes + bytes(-size % 128))
        for i in range(layout.per_slot):
            n = atr.slot_sector(layout, slot, i)
            data[16 + (n - 1) * 128:16 + n * 128] = body[i * 128:(i + 1) * 128]
        if damage:
            n = atr.slot_sector(layout, slot, 2)
            data[16 + (n - 1) * 128 + 5] ^= 0x40
    else:
        layout = dsk.save_layout(size, start_slots=len(model.scenarios))
        body = header.ljust(256, b"\0") + state_bytes + bytes(-size % 256)
        track, _ = dsk.slot_place(layout, slot, 0)
        for i in range(layout.per_slot):
            at = (track * 16 + dsk.DOS_ORDER[i]) * 256
            data[at:at + 256] = body[i * 256:(i + 1) * 256]
        if damage:
            data[(track * 16 + dsk.DOS_ORDER[1]) * 256 + 7] ^= 0x40
    image_path.write_bytes(bytes(data))


@pytest.mark.parametrize("machine,name", [("atari", "kotd-atari.atr"), ("apple", "kotd-apple.dsk")])
def test_inspect_lists_slots_and_draws_one(model, dist, tmp_path, machine, name):
    image = tmp_path / name
    image.write_bytes((dist / name).read_bytes())
    state = new_game(model, "tobruk41", seed=7)
    raw = stateblock.encode(state, model)
    put_slot(model, image, machine, 2, raw)
    put_slot(model, image, machine, 5, raw, damage=True)
    runner = CliRunner()
    png = tmp_path / "slot2.png"
    result = runner.invoke(main, ["inspect", str(image), "--slot", "2", "--png", str(png)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"{machine} game disk, 8 slots" in lines[0]
    slot2 = next(ln for ln in lines if "slot 2:" in ln)
    assert "tobruk41" in slot2 and "units on map: axis" in slot2
    assert "damaged (CRC" in next(ln for ln in lines if "slot 5:" in ln)
    assert "empty" in next(ln for ln in lines if "slot 1:" in ln)
    assert f"{len(model.scenarios)} start slots" in lines[0]     # listed after the save slots
    for index, sid in enumerate(model.scenarios):
        line = next(ln for ln in lines if f"start slot {disk.START_SLOT_FIRST + index}:" in ln)
        assert sid in line and "units on map" in line
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    refused = runner.invoke(main, ["inspect", str(image), "--slot", "5", "--png", str(tmp_path / "x.png")])
    assert refused.exit_code == 1 and "damaged" in refused.output


def test_inspect_refuses_other_files(tmp_path):
    other = tmp_path / "other.atr"
    other.write_bytes(atr.atr_bytes({}))                    # a blank single-density disk
    result = CliRunner().invoke(main, ["inspect", str(other)])
    assert result.exit_code == 1 and "not a Knights of the Desert game disk" in result.output
