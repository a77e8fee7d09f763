"""The image and symbol writers of kotd build, host only."""

import pytest

from kotd.build.assemble import Symbol
from kotd.build.images import (INITAD, Segment, annotated_listing, apple_binary, init_segment, label_file,
                               read_apple_binary, read_label_file, read_symbol_table, read_xex, symbol_table, xex)


def test_xex_layout_is_ffff_then_start_end_data():
    data = xex([Segment(0x7800, b"\x4c\x00\x78")])
    assert data == bytes([0xFF, 0xFF, 0x00, 0x78, 0x02, 0x78, 0x4C, 0x00, 0x78])


def test_xex_round_trip_with_an_init_segment():
    segs = [Segment(0x0600, bytes(range(40))), init_segment(0x0600), Segment(0x9000, b"\xea" * 300)]
    data = xex(segs)
    back = read_xex(data)
    assert back == segs
    assert back[1].start == INITAD and back[1].end == INITAD + 1
    assert back[1].data == b"\x00\x06"


def test_xex_reader_accepts_a_repeated_header_and_refuses_garbage():
    body = xex([Segment(0x2000, b"ab")])
    assert read_xex(body + body[:2] + body[2:]) == [Segment(0x2000, b"ab"), Segment(0x2000, b"ab")]
    with pytest.raises(ValueError):
        read_xex(b"\x00\x00")
    with pytest.raises(ValueError):
        read_xex(b"\xff\xff\x00\x20\x10\x20ab")          # says 17 bytes, holds 2


def test_xex_refuses_a_segment_past_64k():
    with pytest.raises(ValueError):
        xex([Segment(0xFFFF, b"ab")])


def test_apple_binary_header_is_address_then_length():
    data = apple_binary(0x7000, b"\x01\x02\x03")
    assert data == bytes([0x00, 0x70, 0x03, 0x00, 1, 2, 3])
    assert read_apple_binary(data) == (0x7000, b"\x01\x02\x03")
    with pytest.raises(ValueError):
        read_apple_binary(data[:-1])
    with pytest.raises(ValueError):
        apple_binary(0xFFF0, bytes(32))


def test_label_file_is_mads_style_and_reads_back():
    text = label_file([("RNG_DRAW", 0x78A0), ("JUMP_TABLE", 0x7800), ("ZP_PTR", 0x00E0)])
    lines = text.splitlines()
    assert lines[0].startswith("mads ")
    assert "Label table:" in lines
    assert lines[-3:] == ["00\t00E0\tZP_PTR", "00\t7800\tJUMP_TABLE", "00\t78A0\tRNG_DRAW"]
    assert read_label_file(text) == {"RNG_DRAW": 0x78A0, "JUMP_TABLE": 0x7800, "ZP_PTR": 0x00E0}


def test_header_lines_of_the_label_file_are_not_labels():
    # The atari800 monitor takes a line as a label when it finds 4+ hex digits then a blank.
    text = label_file([])
    assert read_label_file(text) == {}


def test_symbol_table_lists_value_kind_and_place():
    syms = [Symbol("HEX_STEP", 0x7900, "port/asm/hex.s", 20), Symbol("MAP_ROWS", 14, "port/asm/generated/constants.inc", 3)]
    text = symbol_table(syms)
    assert "HEX_STEP" in text and "$7900  label  port/asm/hex.s:20" in text
    assert "$000E  alias  port/asm/generated/constants.inc:3" in text
    assert read_symbol_table(text) == {"HEX_STEP": 0x7900, "MAP_ROWS": 14}


def test_listing_shows_labels_above_their_address():
    listing = " 7800  4C 03 78  JMP  $7803\n 7803  60        RTS  \n"
    syms = [Symbol("JUMP_TABLE", 0x7800, "port/asm/generated/jumptable.s", 7),
            Symbol("DONE", 0x7803, "port/asm/x.s", 2), Symbol("ENGINE_BASE", 0x7800, "port/asm/generated/atari.inc", 4)]
    text = annotated_listing(listing, syms, "t").splitlines()
    assert text[-4:] == ["JUMP_TABLE:", " 7800  4C 03 78  JMP  $7803", "DONE:", " 7803  60        RTS"]
