"""The key script: what the player types and pushes, in order (docs/basic-runner.md).

A script is text.  Each character is a key; the end of a line is RETURN (a line ending
in ``\\`` continues without one, and so does a last line with no newline after it); a
line starting with ``#`` is a comment.  Braces
name the other inputs:

    {RETURN} {ESC} {SPACE} {TAB} {BS} {UP} {DOWN} {LEFT} {RIGHT} {KEY n}   keys
    {START} {SELECT} {OPTION} [n]      an Atari console key held for n reads (1)
    {STICK dir [n]}                    the Atari joystick held for n reads (1);
                                       dir: UP DOWN LEFT RIGHT UPLEFT UPRIGHT DOWNLEFT DOWNRIGHT
    {FIRE [n]}                         the joystick button held for n reads (1)
    {WAIT n}                           n reads of any input with nothing pressed
    {{                                 a literal brace

Time is counted in reads, not frames: a program sees an event by reading the device
it concerns (GET/INPUT and the keyboard registers for keys, PEEK(53279) for console
keys, STICK/STRIG for the joystick).  A key stays pending until the program takes
it (GET, INPUT, POKE 764,255, the Apple's keyboard strobe); a held input is let go
after its count of reads.  While the head of the script is for one device, the
others read as idle.  When the script is empty, a program waiting for a key (GET,
INPUT) ends the run cleanly, and so does one polling the input 2,000 times in a row
with nothing left to come.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .core import RunnerFault, ScriptEnd

NAMED_KEYS = {"RETURN": 13, "ENTER": 13, "ESC": 27, "SPACE": 32, "TAB": 9, "BS": 8, "DEL": 127,
              "UP": 0x1C0, "DOWN": 0x1C1, "LEFT": 0x1C2, "RIGHT": 0x1C3}
CONSOLE = {"START": 1, "SELECT": 2, "OPTION": 4}
STICK = {"CENTRE": 15, "CENTER": 15, "UP": 14, "DOWN": 13, "LEFT": 11, "RIGHT": 7,
         "UPLEFT": 10, "UPRIGHT": 6, "DOWNLEFT": 9, "DOWNRIGHT": 5}
IDLE_POLL_LIMIT = 2000


@dataclass
class Event:
    kind: str          # 'key', 'console', 'stick', 'fire', 'wait'
    value: int = 0     # key code (ASCII; UP..RIGHT as 0x1C0..), console mask, stick value
    reads: int = 1     # for held inputs and waits


def parse(text: str, source: str = "<keys>") -> list[Event]:
    events: list[Event] = []
    lines = text.split("\n")
    last_open = lines[-1] != ""           # the last line has no newline: no RETURN after it
    if not last_open:
        lines.pop()
    for number, line in enumerate(lines, 1):
        if line.startswith("#"):
            continue
        cont = line.endswith("\\")
        if cont:
            line = line[:-1]
        i = 0
        while i < len(line):
            ch = line[i]
            if ch == "{":
                if line.startswith("{{", i):
                    events.append(Event("key", ord("{")))
                    i += 2
                    continue
                j = line.find("}", i)
                if j < 0:
                    raise RunnerFault(f"{source}:{number}: '{{' without '}}'")
                events.append(_named(line[i + 1:j], f"{source}:{number}"))
                i = j + 1
                continue
            events.append(Event("key", ord(ch)))
            i += 1
        if not cont and not (last_open and number == len(lines)):
            events.append(Event("key", 13))
    return events


def _named(body: str, where: str) -> Event:
    words = body.upper().split()
    if not words:
        raise RunnerFault(f"{where}: empty {{}}")
    head, rest = words[0], words[1:]

    def count(ws, default=1):
        if not ws:
            return default
        if len(ws) != 1 or not ws[0].isdigit():
            raise RunnerFault(f"{where}: {{{body}}}: a count expected after {head}")
        return int(ws[0])
    if head in NAMED_KEYS and not rest:
        return Event("key", NAMED_KEYS[head])
    if head == "KEY":
        return Event("key", count(rest))
    if head in CONSOLE:
        return Event("console", CONSOLE[head], count(rest))
    if head == "STICK":
        if not rest or rest[0] not in STICK:
            raise RunnerFault(f"{where}: {{{body}}}: STICK needs a direction ({', '.join(STICK)})")
        return Event("stick", STICK[rest[0]], count(rest[1:]))
    if head == "FIRE":
        return Event("fire", 0, count(rest))
    if head == "WAIT":
        return Event("wait", 0, count(rest))
    raise RunnerFault(f"{where}: unknown {{{body}}} (RETURN, ESC, START, STICK UP 3, FIRE, WAIT 10, KEY 65 ...)")


def load(path: Path | str) -> list[Event]:
    path = Path(path)
    return parse(path.read_text(encoding="latin-1"), str(path))


class KeyQueue:
    """The script being consumed by a running program."""

    def __init__(self, events: list[Event] | None = None):
        self.events = list(events or [])
        self.pos = 0
        self.idle_polls = 0

    def head(self) -> Event | None:
        return self.events[self.pos] if self.pos < len(self.events) else None

    def _idle(self, what: str) -> None:
        if self.head() is None:
            self.idle_polls += 1
            if self.idle_polls >= IDLE_POLL_LIMIT:
                raise ScriptEnd(f"polling {what} with the script ended")

    def _consume_read(self, ev: Event) -> None:
        self.idle_polls = 0
        ev.reads -= 1
        if ev.reads <= 0:
            self.pos += 1

    def _wait_tick(self) -> bool:
        """A read while the head is a WAIT: True if it was one."""
        ev = self.head()
        if ev is not None and ev.kind == "wait":
            self._consume_read(ev)
            return True
        return False

    # --- keys ------------------------------------------------------------------------------
    def pending_key(self, what: str = "the keyboard") -> int | None:
        """The key waiting to be taken (a register read), or None."""
        if self._wait_tick():
            return None
        ev = self.head()
        if ev is not None and ev.kind == "key":
            self.idle_polls = 0
            return ev.value
        self._idle(what)
        return None

    def take_key(self) -> None:
        ev = self.head()
        if ev is not None and ev.kind == "key":
            self.pos += 1
            self.idle_polls = 0

    def wait_key(self, what: str) -> int:
        """GET / INPUT: the next key; held inputs and waits before it pass unseen."""
        while True:
            ev = self.head()
            if ev is None:
                raise ScriptEnd(f"waiting for a key ({what})")
            self.pos += 1
            if ev.kind == "key":
                self.idle_polls = 0
                return ev.value

    # --- held inputs ---------------------------------------------------------------------------
    def held(self, kind: str, what: str) -> int | None:
        """The value of a held input of this kind for this read, or None (idle)."""
        if self._wait_tick():
            return None
        ev = self.head()
        if ev is not None and ev.kind == kind:
            value = ev.value
            self._consume_read(ev)
            return value
        self._idle(what)
        return None
