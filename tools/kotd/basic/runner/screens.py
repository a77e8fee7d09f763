"""Models of the two screens, rendered as text for tests.

:class:`AtariScreen` is the OS screen editor (``E:``) in GRAPHICS 0: 40x24, left
margin 2, logical lines of up to three rows, scrolling by logical lines, ATASCII
control characters (clear 125, cursor moves 28-31, EOL 155, backspace 126, tab 127,
bell 253); and for ``GRAPHICS 1-8`` the screen of ``S:`` (a character grid in 1 and 2,
a pixel grid in 3-8) with a 4-line text window under it unless 16 is added.

:class:`AppleScreen` is the Apple II's 40x24 text page 1 *in memory* at $400 (the
interleaved row addresses, normal $80-$FF, inverse $00-$3F, flashing $40-$7F), its
cursor in CH/CV ($24/$25) and the text window ($20-$23), and HGR page 1 at $2000
(7 pixels a byte), so a PEEK, a POKE or the engine see what BASIC drew.
"""

from __future__ import annotations

# ----------------------------------------------------------------------------------------
# ATASCII as text (the emulator driver's convention: graphics characters as '.')
# ----------------------------------------------------------------------------------------


def atascii_char(a: int, inverse: str = "") -> str:
    c = a & 0x7F
    if 0x20 <= c < 0x7F and c != 0x60:
        ch = chr(c)
    else:
        ch = "." if c else " "
    return (inverse + ch) if (a & 0x80 and inverse) else ch


# mode: (columns, rows full screen, rows with the text window, colours, kind)
ATARI_MODES = {
    0: (40, 24, 24, 1, "text"),
    1: (20, 24, 20, 5, "text"), 2: (20, 12, 10, 5, "text"),
    3: (40, 24, 20, 4, "pixels"), 4: (80, 48, 40, 2, "pixels"), 5: (80, 48, 40, 4, "pixels"),
    6: (160, 96, 80, 2, "pixels"), 7: (160, 96, 80, 4, "pixels"), 8: (320, 192, 160, 2, "pixels"),
}


class EditorGrid:
    """Rows of ATASCII with the screen editor's cursor, margins and logical lines."""

    def __init__(self, rows: int, cols: int = 40, lmargin: int = 2, rmargin: int = 39):
        self.rows, self.cols, self.lmargin, self.rmargin = rows, cols, lmargin, rmargin
        self.clear()

    def clear(self) -> None:
        self.cells = [bytearray(b" " * self.cols) for _ in range(self.rows)]
        self.starts = [True] * self.rows        # a row that begins a logical line
        self.row, self.col = 0, self.lmargin

    def _logical_rows(self, row: int) -> tuple[int, int]:
        top = row
        while top > 0 and not self.starts[top]:
            top -= 1
        end = row + 1
        while end < self.rows and not self.starts[end]:
            end += 1
        return top, end

    def _scroll(self) -> None:
        _, end = self._logical_rows(0)
        for _ in range(end):
            del self.cells[0]
            del self.starts[0]
            self.cells.append(bytearray(b" " * self.cols))
            self.starts.append(True)
        self.row -= end

    def newline(self) -> None:
        _, end = self._logical_rows(self.row)
        self.row, self.col = end, self.lmargin
        while self.row >= self.rows:
            self._scroll()
        if self.row >= 0:
            self.starts[self.row] = True

    def put(self, a: int) -> None:
        if a == 155:
            self.newline()
        elif a == 125:
            self.clear()
        elif a == 28:
            self.row = (self.row - 1) % self.rows
        elif a == 29:
            self.row = (self.row + 1) % self.rows
        elif a == 30:
            self.col = self.rmargin if self.col <= self.lmargin else self.col - 1
        elif a == 31:
            self.col = self.lmargin if self.col >= self.rmargin else self.col + 1
        elif a == 126:
            if self.col > self.lmargin:
                self.col -= 1
                self.cells[self.row][self.col] = 32
        elif a == 127:
            self.col = min(self.rmargin, (self.col // 8 + 1) * 8)
        elif a == 253:
            pass
        else:
            self.cells[self.row][self.col] = a
            self.col += 1
            if self.col > self.rmargin:
                top, _ = self._logical_rows(self.row)
                self.row += 1
                self.col = self.lmargin
                while self.row >= self.rows:
                    self._scroll()
                    top -= 1
                self.starts[self.row] = self.row - top >= 3

    def lines(self, inverse: str = "") -> list[str]:
        return ["".join(atascii_char(c, inverse) for c in row).rstrip() for row in self.cells]


class AtariScreen:
    """GRAPHICS 0 text, or a graphics mode with its text window."""

    def __init__(self):
        self.graphics(0)
        self.color = 0
        self.colour_registers = [40, 202, 148, 70, 0]     # SETCOLOR 0-4 (COLOR0-4 shadows)

    def graphics(self, mode: int) -> None:
        base = mode & 15
        if base not in ATARI_MODES:
            raise ValueError(mode)
        self.mode, self.split = base, base != 0 and not (mode & 16)
        self.keep = bool(mode & 32)
        cols, full, with_window, colours, kind = ATARI_MODES[base]
        if base == 0:
            self.text = EditorGrid(24)
            self.window = None
            self.pixels = None
        else:
            rows = with_window if self.split else full
            self.gcols, self.grows, self.kind = cols, rows, kind
            self.pixels = [bytearray(cols) for _ in range(rows)]      # colour or character
            self.window = EditorGrid(4) if self.split else None
            self.text = None
        self.gx = self.gy = 0                                         # the S: cursor

    # the editor the E: device prints into
    @property
    def editor(self) -> EditorGrid:
        if self.mode == 0:
            return self.text
        if self.window is None:
            # a full-screen graphics mode: printing to E: goes back to GRAPHICS 0 (as the OS)
            self.graphics(0)
            return self.text
        return self.window

    def position(self, x: int, y: int) -> None:
        if self.mode == 0:
            self.text.col, self.text.row = x, y
        else:
            self.gx, self.gy = x, y

    def check_point(self, x: int, y: int) -> bool:
        return self.mode != 0 and 0 <= x < self.gcols and 0 <= y < self.grows

    def plot(self, x: int, y: int, value: int) -> None:
        self.pixels[y][x] = value
        self.gx, self.gy = x, y

    def locate(self, x: int, y: int) -> int:
        return self.pixels[y][x]

    def lines(self, inverse: str = "") -> list[str]:
        if self.mode == 0:
            return self.text.lines(inverse)
        out = []
        if self.kind == "text":
            for row in self.pixels:
                out.append("".join(atascii_char(c) for c in row).rstrip())
        else:
            for row in self.pixels:
                out.append("".join("." if not c else str(c) for c in row).rstrip("."))
        if self.window is not None:
            out.append("-" * 40)
            out.extend(self.window.lines(inverse))
        return out

    def text_window_lines(self) -> list[str]:
        return self.window.lines() if self.window is not None else []


# ----------------------------------------------------------------------------------------
# Apple II
# ----------------------------------------------------------------------------------------
CH, CV, WNDLFT, WNDWDTH, WNDTOP, WNDBTM, INVFLG = 0x24, 0x25, 0x20, 0x21, 0x22, 0x23, 0x32


def apple_row_address(row: int) -> int:
    return 0x400 + 0x80 * (row % 8) + 0x28 * (row // 8)


def hgr_row_address(y: int) -> int:
    return 0x2000 + 0x400 * (y % 8) + 0x80 * ((y // 8) % 8) + 0x28 * (y // 64)


def apple_char(code: int) -> str:
    """A text-page byte as text: inverse and flashing as their plain letter."""
    c = code & 0x3F if code < 0x80 else code & 0x7F
    if code < 0x80:
        return chr(c + 0x40) if c < 0x20 else chr(c)
    return chr(c + 0x40) if c < 0x20 else chr(c)


HCOLOR_BYTES = (0x00, 0x2A, 0x55, 0x7F, 0x80, 0xAA, 0xD5, 0xFF)


class AppleScreen:
    def __init__(self, mem):
        self.mem = mem                           # the Cpu's memory (a list of 64K ints)
        self.hgr = False
        self.mixed = True
        self.text_mode()
        self.hcolor = 0
        self.last_plot = None
        self.home()

    def _set(self, addr: int, value: int) -> None:
        list.__setitem__(self.mem, addr, value & 0xFF)

    def text_mode(self) -> None:
        self.hgr = False
        for addr, value in ((WNDLFT, 0), (WNDWDTH, 40), (WNDTOP, 0), (WNDBTM, 24), (INVFLG, 0xFF)):
            self._set(addr, value)

    def home(self) -> None:
        top, bottom = self.mem[WNDTOP], self.mem[WNDBTM]
        for row in range(top, bottom):
            self.clear_to_eol(row, 0)
        self._set(CH, 0)
        self._set(CV, top)

    def clear_to_eol(self, row: int, col: int) -> None:
        base = apple_row_address(row)
        for c in range(col, 40):
            self._set(base + c, 0xA0)

    def clear_to_eop(self) -> None:
        cv, ch = self.mem[CV], self.mem[CH]
        self.clear_to_eol(cv, ch)
        for row in range(cv + 1, self.mem[WNDBTM]):
            self.clear_to_eol(row, 0)

    def scroll(self) -> None:
        top, bottom = self.mem[WNDTOP], self.mem[WNDBTM]
        for row in range(top, bottom - 1):
            src, dst = apple_row_address(row + 1), apple_row_address(row)
            for c in range(40):
                self._set(dst + c, self.mem[src + c])
        self.clear_to_eol(bottom - 1, 0)

    def carriage_return(self) -> None:
        self._set(CH, 0)
        cv = self.mem[CV] + 1
        if cv >= self.mem[WNDBTM]:
            self.scroll()
            cv = self.mem[WNDBTM] - 1
        self._set(CV, cv)

    def put(self, ch: int) -> None:
        """COUT: one character (ASCII, high bit ignored)."""
        ch &= 0x7F
        if ch == 13:
            self.carriage_return()
            return
        if ch == 7:
            return
        if ch == 8:
            if self.mem[CH] > 0:
                self._set(CH, self.mem[CH] - 1)
            return
        if ch == 10:
            cv = self.mem[CV] + 1
            if cv >= self.mem[WNDBTM]:
                self.scroll()
                cv -= 1
            self._set(CV, cv)
            return
        if ch < 32:
            return
        flag = self.mem[INVFLG]
        code = (ch | 0x80) & flag
        if flag == 0x7F:                          # FLASH: $40-$7F
            code = (ch & 0x3F) | 0x40
        elif flag == 0x3F:
            code = ch & 0x3F
        cv, ch_ = self.mem[CV], self.mem[CH]
        self._set(apple_row_address(cv) + self.mem[WNDLFT] + ch_, code)
        ch_ += 1
        if ch_ >= self.mem[WNDWDTH]:
            self.carriage_return()
        else:
            self._set(CH, ch_)

    def lines(self) -> list[str]:
        rows = range(24)
        if self.hgr and self.mixed:
            rows = range(20, 24)
        out = []
        for row in rows:
            base = apple_row_address(row)
            out.append("".join(apple_char(self.mem[base + c]) for c in range(40)).rstrip())
        if self.hgr:
            return ["[HGR page 1]"] + (["-" * 40] + out if self.mixed else [])
        return out

    # --- HGR -------------------------------------------------------------------------------
    def hgr_init(self) -> None:
        self.hgr = True
        self.mixed = True
        for a in range(0x2000, 0x4000):
            self._set(a, 0)
        # the text window and cursor stay: a program VTABs to 21-24 to print under the picture

    def hplot(self, x: int, y: int) -> None:
        col, bit = divmod(x, 7)
        color = HCOLOR_BYTES[self.hcolor]
        if col & 1 and (color & 0x7F) in (0x2A, 0x55):
            color = (color & 0x80) | ((color ^ 0x7F) & 0x7F)
        mask = 0x80 | (1 << bit)
        addr = hgr_row_address(y) + col
        self._set(addr, (self.mem[addr] & ~mask) | (color & mask))
        self.last_plot = (x, y)

    def hline(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """HPLOT ... TO: Applesoft's HGLIN walks one pixel at a time, across or down,
        never both (dx + dy + 1 pixels); the error starts at dx - dy (fitted to the ROM's
        lines on an emulated //e: emu_tests/test_basic_runner_machines.py)."""
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
        err = dx - dy
        for _ in range(dx + dy + 1):
            self.hplot(x0, y0)
            if err >= 0:
                x0 += sx
                err -= dy
            else:
                y0 += sy
                err += dx
        self.last_plot = (x1, y1)

    def hgr_pixel(self, x: int, y: int) -> bool:
        col, bit = divmod(x, 7)
        return bool(self.mem[hgr_row_address(y) + col] >> bit & 1)

    def hgr_lines(self, x0=0, y0=0, x1=279, y1=191) -> list[str]:
        return ["".join("#" if self.hgr_pixel(x, y) else "." for x in range(x0, x1 + 1))
                for y in range(y0, y1 + 1)]
