"""The engine of one target, loaded into a :class:`~kotd.emu.cpu.Cpu`.

:class:`EngineMachine` puts a target's image at its address, copies a reference
engine :class:`GameState` into the state block and back (through
:mod:`kotd.build.stateblock`), and calls entries through the jump table the way the
machine's BASIC does (docs/engine.md):

- Atari (``usr``): the stack as Atari BASIC's ``USR`` leaves it (argument count on
  top, then each argument high byte first), the result in FR0;
- Apple (``call``): argument count and arguments POKEd into the call block, then a
  plain JSR, the result in CALL_RESULT.

During a call the only writable memory is what the ABI allows: the state block and
its scratch, the engine's zero page, the stack page and the return locations.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..build import abi, stateblock
from ..build.images import read_symbol_table
from ..build.targets import TARGETS, Target
from ..engine.state import GameState
from ..model.types import Model
from .cpu import DEFAULT_LIMIT, Cpu, RunResult

STACK_PAGE = (0x0100, 0x01FF)


@dataclass(frozen=True)
class CallResult:
    value: int          # what BASIC sees: USR's value (Atari) or CALL_RESULT (Apple)
    status: int         # CALL_STATUS: 0, or an error code (kotd.build.abi.ERRORS)
    cycles: int         # 6502 cycles from the jump table entry to the return
    instructions: int
    run: RunResult

    @property
    def ok(self) -> bool:
        return self.status == 0


class EngineMachine:
    def __init__(self, model: Model, target: Target, image: bytes, symbols: dict[str, int] | None = None):
        self.model = model
        self.target = target
        self.symbols = dict(symbols or {})
        self.cpu = Cpu()
        self.cpu.load(target.engine.start, image)
        self.cpu.name_routines(self.symbols, target.engine.start, target.engine.start + len(image) - 1)
        self.layout = stateblock.layout(model)
        self.fields = stateblock.field_addresses(model, target)
        state = target.state.start
        self.cpu.allow_writes(state, state + self.layout.total_size - 1)
        zp = target.zero_page.start
        self.cpu.allow_writes(zp, zp + self.layout.zero_page_size - 1)
        self.cpu.allow_writes(*STACK_PAGE)
        if target.return_value is not None:
            self.cpu.allow_writes(target.return_value.start, target.return_value.end)
        self.convention = "usr" if target.name == "atari" else "call"

    @classmethod
    def from_build(cls, model: Model, build) -> "EngineMachine":
        """From a :class:`kotd.build.TargetBuild` (in-process build)."""
        return cls(model, build.target, build.image, {s.name: s.value for s in build.assembly.symbols})

    @classmethod
    def from_dist(cls, model: Model, dist_dir: Path | str, target: str) -> "EngineMachine":
        """From the files ``kotd build`` wrote: ``<dist>/<target>/engine.bin`` and ``engine.sym``."""
        folder = Path(dist_dir) / target
        symbols = read_symbol_table((folder / "engine.sym").read_text())
        return cls(model, TARGETS[target], (folder / "engine.bin").read_bytes(), symbols)

    # --- the state block ---------------------------------------------------------------
    def address(self, name: str) -> int:
        """A state/scratch/zero-page field, or a symbol of the image."""
        return self.fields[name] if name in self.fields else self.symbols[name.upper()]

    def write_state(self, state: GameState) -> None:
        self.cpu.load(self.target.state.start, stateblock.encode(state, self.model))

    def state_bytes(self) -> bytes:
        return self.cpu.read(self.target.state.start, self.layout.state_size)

    def read_state(self) -> GameState:
        return stateblock.decode(self.state_bytes(), self.model)

    def peek(self, name: str, index: int = 0) -> int:
        return self.cpu.byte(self.address(name) + index)

    def poke(self, name: str, value: int, index: int = 0) -> None:
        self.cpu.load(self.address(name) + index, bytes([value & 0xFF]))

    # --- calls -------------------------------------------------------------------------
    def entry_address(self, entry: str | int) -> int:
        return abi.entry_address(self.target, abi.entry(entry))

    def call(self, entry: str | int, *args: int, max_instructions: int = DEFAULT_LIMIT,
             convention: str | None = None) -> CallResult:
        """Call an entry (name or number) with 16-bit arguments, as the target's BASIC would."""
        convention = convention or self.convention
        address = self.entry_address(entry)
        self.check_words(args)
        if convention == "usr":
            stack = bytearray()
            for v in reversed(args):          # the last argument goes deepest
                stack += bytes([v & 0xFF, v >> 8])   # low pushed first: the glue pulls high first
            stack.append(len(args))
            run = self.cpu.call(address, stack=bytes(stack), max_instructions=max_instructions)
            value = self.cpu.word(self.target.return_value.start) if self.target.return_value else \
                self.cpu.word(self.fields["CALL_RESULT"])
        elif convention == "call":
            self.write_call_args(args)
            run = self.cpu.call(address, max_instructions=max_instructions)
            value = self.cpu.word(self.fields["CALL_RESULT"])
        else:
            raise ValueError(f"convention {convention!r}: 'usr' (Atari BASIC) or 'call' (Applesoft)")
        return CallResult(value, self.peek("CALL_STATUS"), run.cycles, run.instructions, run)

    @staticmethod
    def check_words(args) -> None:
        """ValueError unless every argument is a 16-bit unsigned number."""
        for v in args:
            if not 0 <= v <= 0xFFFF:
                raise ValueError(f"argument {v} is not a 16-bit unsigned number")

    @staticmethod
    def check_call_args(args) -> None:
        """ValueError unless ``args`` fit the call block: at most MAX_ARGS 16-bit unsigned numbers."""
        if len(args) > stateblock.MAX_ARGS:
            raise ValueError(f"the call block holds {stateblock.MAX_ARGS} arguments, not {len(args)}")
        EngineMachine.check_words(args)

    def write_call_args(self, args) -> None:
        """``CALL_ARGC`` and ``CALL_ARGS`` (each a word, low byte first), after
        check_call_args: the call block as Applesoft's CALL glue and the routine-level
        calls (call_routine, emu.phases.run_routine) fill it."""
        self.check_call_args(args)
        self.poke("CALL_ARGC", len(args))
        for i, v in enumerate(args):
            self.poke("CALL_ARGS", v & 0xFF, 2 * i)
            self.poke("CALL_ARGS", v >> 8, 2 * i + 1)

    def call_routine(self, label: str, *args: int, max_instructions: int = DEFAULT_LIMIT) -> CallResult:
        """JSR to an internal routine by its label, for routine-level tests.

        The arguments go into the call block as an entry's would (``CALL_ARGC``,
        ``CALL_ARGS``; ``CALL_RESULT`` and ``CALL_STATUS`` cleared), so a routine that
        follows the entry contract (docs/engine.md "Writing an entry") can be tested
        before it has an entry, or behind one.  No ABI glue runs: the engine's zero page
        is not saved.  ``status`` is the A register on return (the contract's error code);
        ``value`` is ``CALL_RESULT``.
        """
        self.check_call_args(args)
        for name in ("CALL_STATUS", "CALL_RESULT"):
            self.poke(name, 0)
        self.poke("CALL_RESULT", 0, 1)
        self.write_call_args(args)
        run = self.cpu.call(self.symbols[label.upper()], max_instructions=max_instructions)
        return CallResult(self.cpu.word(self.fields["CALL_RESULT"]), run.a, run.cycles, run.instructions, run)
