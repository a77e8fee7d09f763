"""The two machines the engine is built for: where everything goes in memory.

One :class:`Target` per machine.  Every address the build, the harness, the BASIC
constants and docs/engine.md use comes from here; the assembler gets them through
``port/asm/generated/<target>.inc``.

Atari 800/XL, 48K, Atari BASIC cartridge (docs/engine.md "Atari memory map")::

    $0000-$007F  OS zero page            $0080-$00FF  BASIC and floating point
    $00E0-$00EF  engine zero page (FR1..ESIGN of the FP package, saved and restored)
    $0400-$047F  the cassette buffer: the game disk's sector buffer (saved games)
    $0600-$06FF  load-time only: the segment that lowers RAMTOP and reopens the screen
    MEMLO-...    BASIC program, variables, strings, then the screen (below RAMTOP)
    $1000-$47FF  at boot only: the opponent's code, read before the program is staged
                 over it (the staged program ends at $4800, under the screen)
    $5000-$57FF  the game disk's resident code: saved games, RESET (RAMTOP = $50; issue 11)
    $5800-$97FF  engine: jump table, code, tables (16 KB region; ENGINE_BUDGET used now),
                 then the front end's code (atari_frontend.s), all ending before:
    $9400-$97FF  the map's character set (the region's last 1 KB, 1 KB-aligned for
                 ANTIC mode 2; filled at run time: the ROM's set, the map glyphs over it)
    $9800-$9FFF  shared state block + scratch (2 KB)
    $A000-$BFFF  BASIC cartridge
    $C000-$CFFF  XL/XE only, RAM under the OS ROM: the computer opponent's code that the
                 upper RAM has no room for, then its RAM
    $D800-$FEFF  XL/XE only, under the OS ROM: the computer opponent's code (issue 14's
                 budget is 5 KB: OPPONENT_BUDGET), then RAM $C000 has no room for; while it
                 runs, ANTIC reads the map's character set (the resident code's
                 OPPONENT_CALL points CHBASE there)
    $FF00-$FFF9  XL/XE only, under the OS ROM: the opponent's RAM (NMIs and IRQs are off
                 while it runs; nothing of ours at $FFFA-$FFFF)

Apple II, 48K, Applesoft in ROM, no DOS (our own loader; docs/engine.md "Apple memory map")::

    $0800-$3FFF  Applesoft program, variables, strings (HIMEM: 16384 = $4000; issue 13)
    $4000-$5FFF  hi-res page 2, the whole screen: the map and the text (drawn by the
                 display code; text page 1 is not shown)
    $6000-$6BFF  the front end's display code: text output onto hi-res, its font, the map
    $6C00-$77FF  the game disk's resident code and buffers: disk access, saved games, start
    $7800-$B7FF  engine: jump table, code, tables (16 KB region; ENGINE_BUDGET used now);
                 its last 2 KB, $B000-$B7FF, unused by the engine: the computer opponent's
                 RAM (the build checks that the engine ends before it)
    $B800-$BFFF  shared state block + scratch (2 KB)
    $00F0-$00FF  engine zero page (Applesoft's, saved and restored)
    $D000-$FEFF  language card only (IIe, IIc, II+ with the 16K card; $D000 in bank 2): the
                 computer opponent's code (issue 14's budget is 5 KB: OPPONENT_BUDGET), then
                 the RAM its $B000 part has no room for; read into $1000-$5FFF (free at
                 boot) and copied there before the program is read over it
    $FF00-$FFF9  language card only: the opponent's RAM
    $FFFA-$FFFF  language card only: the boot's vectors (a II+ reads them from the card
                 while the opponent runs): NMI $03FB as the ROM's, RESET and IRQ to the
                 resident code, which reads the ROM again and goes on through its vector
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Region:
    name: str
    start: int
    end: int            # last byte, inclusive

    @property
    def size(self) -> int:
        return self.end - self.start + 1

    def contains(self, address: int) -> bool:
        return self.start <= address <= self.end

    def overlaps(self, other: "Region") -> bool:
        return self.start <= other.end and other.start <= self.end

    def __str__(self) -> str:
        return f"{self.name} ${self.start:04X}-${self.end:04X}"


@dataclass(frozen=True)
class Target:
    name: str                 # "atari" or "apple"
    title: str
    engine: Region            # jump table at engine.start, then code, then tables
    state: Region             # state block, then scratch
    zero_page: Region         # the engine's zero page, saved on entry and restored on exit
    return_value: Region | None   # where the caller finds the result besides the call block
    forbidden: tuple[Region, ...] # what must stay untouched on this machine (ROM, DOS, ...)
    loader: Region | None = None  # load-time only segment (Atari: lower RAMTOP)
    resident: Region | None = None  # the game disk's resident code: saved games, start, RESET
    display: Region | None = None   # the front end's own machine code, where not after the engine
    charset: Region | None = None   # a character set inside the engine region's end (not in
                                    # ``regions``: the engine and the front end must end before it)
    program: Region | None = None   # (Apple) the BASIC program, its variables and strings: up to HIMEM
    # The computer opponent (docs/ai.md "The 6502 twin"): its code and RAM in the RAM under
    # the ROMs of a 64 KB machine, loaded there by the boot when it finds that RAM.  Each
    # source file's code goes whole into the first code region with room for it (the
    # entry at the first's start), its RAM likewise into the RAM regions; a RAM region
    # that is also a code region is what the code leaves of it (kotd.build.opponent.place).
    opponent_code: tuple[Region, ...] = ()
    opponent_ram: tuple[Region, ...] = ()
    opponent_buffer: Region | None = None  # where the boot reads it before the copy
    disk_buffer: Region | None = None      # (Atari) the resident code's sector buffer, outside it

    @property
    def opponent(self) -> Region | None:
        """The first code region: the opponent's entry at its start (OPPONENT_BASE)."""
        return self.opponent_code[0] if self.opponent_code else None

    @property
    def regions(self) -> tuple[Region, ...]:
        return tuple(r for r in (self.zero_page, self.engine, self.state, self.loader, self.resident,
                                     self.display) if r)


# XL/XE: the RAM under the OS ROM, PORTB ($D301) bit 0 = 0 ($D000-$D7FF is the hardware's)
_ATARI_UPPER = Region("opponent code (RAM under the OS, $D800)", 0xD800, 0xFEFF)
_ATARI_LOWER = Region("opponent code and RAM (RAM under the OS, $C000)", 0xC000, 0xCFFF)
_APPLE_CARD = Region("opponent code and RAM (language card, $D000 bank 2)", 0xD000, 0xFEFF)
# The last page below the 6502's vectors: RAM only (the boot copies code on whole pages,
# and a page copied to $FF00 would write $FFFA-$FFFF).  First of the RAM regions, so
# that the small RAMs fill it and the large ones go where they have room.
_ATARI_TOP = Region("opponent RAM (RAM under the OS, below the vectors)", 0xFF00, 0xFFF9)
_APPLE_TOP = Region("opponent RAM (language card, below the vectors)", 0xFF00, 0xFFF9)

ATARI = Target(
    name="atari",
    title="Atari 800/XL 48K with the Atari BASIC cartridge",
    engine=Region("engine", 0x5800, 0x97FF),
    state=Region("state", 0x9800, 0x9FFF),
    zero_page=Region("zero page", 0x00E0, 0x00EF),
    return_value=Region("FR0", 0x00D4, 0x00D5),
    forbidden=(Region("OS zero page", 0x0000, 0x007F), Region("BASIC zero page", 0x0080, 0x00CA),
               Region("BASIC cartridge", 0xA000, 0xBFFF), Region("OS ROM and hardware", 0xC000, 0xFFFF)),
    loader=Region("loader", 0x0600, 0x06FF),
    resident=Region("disk resident", 0x5000, 0x57FF),
    charset=Region("character set", 0x9400, 0x97FF),
    # XL/XE: RAM under the OS ROM, PORTB ($D301) bit 0 = 0 (the boot reads the code
    # into opponent_buffer and copies it; port/asm/atari_boot.s)
    opponent_code=(_ATARI_UPPER, _ATARI_LOWER),
    opponent_ram=(_ATARI_TOP, _ATARI_LOWER, _ATARI_UPPER),
    # the boot reads its file into the program's staging area (atr.STAGING_END) and
    # copies it at once, before the program is read over it
    opponent_buffer=Region("opponent load buffer (the program's staging area, at boot)", 0x1000, 0x47FF),
    # the cassette buffer (no cassette here; the OS reads the boot sector there, before us)
    disk_buffer=Region("disk sector buffer (the cassette buffer)", 0x0400, 0x047F),
)

APPLE = Target(
    name="apple",
    title="Apple II 48K with Applesoft and DOS 3.3",
    engine=Region("engine", 0x7800, 0xB7FF),
    state=Region("state", 0xB800, 0xBFFF),
    zero_page=Region("zero page", 0x00F0, 0x00FF),
    return_value=None,
    forbidden=(Region("Applesoft and monitor zero page", 0x0000, 0x00EF),
               Region("I/O and ROM", 0xC000, 0xFFFF)),
    resident=Region("disk resident", 0x6C00, 0x77FF),
    display=Region("display", 0x6000, 0x6BFF),
    program=Region("program", 0x0800, 0x3FFF),
    # IIe, IIc, II+ with a 16K card: the language card's RAM, $D000 bank 2 (switched by
    # $C080-$C083); the boot reads the code into a buffer free at boot and copies it
    # before it reads the program over it
    opponent_code=(_APPLE_CARD,),
    opponent_ram=(_APPLE_TOP, Region("opponent RAM (the engine region's unused end)", 0xB000, 0xB7FF), _APPLE_CARD),
    opponent_buffer=Region("opponent load buffer (the program's place and hi-res, at boot)", 0x1000, 0x5FFF),
)

TARGETS = {"atari": ATARI, "apple": APPLE}

#: Issue 14's budget for the computer opponent's code (the whole player, its entry and
#: tables): reported by `kotd bench`, met or missed.  The regions under the ROMs are
#: larger (what the machines have to spare there), so a player over budget still runs.
OPPONENT_BUDGET = 5 * 1024

#: The engine code + tables budget (issue 9: 11 KB; the computer opponent will bring it
#: to 16 KB): reported by `kotd bench`, met or missed (docs/engine.md "Speed and size").
ENGINE_BUDGET = 11 * 1024
#: What the build enforces: code + tables within the engine region (16 KB on both machines).
ENGINE_CEILING = 16 * 1024


def targets_for(choice: str) -> list[Target]:
    """``atari``, ``apple`` or ``all``."""
    return list(TARGETS.values()) if choice == "all" else [TARGETS[choice]]
