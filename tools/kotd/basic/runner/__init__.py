"""The BASIC runner: plays a front end's tokenized program in Python (docs/basic-runner.md).

    from kotd.basic.runner import run_program, run_text
    report = run_program(tokens, "atari", keys=keys.parse("N{RETURN}"), machine=machine)
    print("\\n".join(report.screen))

``machine`` is a :class:`kotd.emu.EngineMachine` of the same target: its Cpu's 64K
are the runner's RAM, so POKE/PEEK reach the state block, Atari ``USR`` calls the
engine with Atari BASIC's stack convention and Applesoft ``CALL`` runs a JSR.
Without it the RAM is plain memory and USR/CALL into the engine are runner faults.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import keys as keyscript
from .core import ProgramError, RunnerFault, Runtime


@dataclass
class RunReport:
    dialect: str
    ended: str                       # "END", "end of program", "error", "key script ended: ...", ...
    screen: list[str]
    error: str | None = None         # the interpreter's report, with the source line when mapped
    error_code: int | None = None
    error_line: int | None = None
    lines_run: int = 0
    statements_run: int = 0
    trace: list[int] = field(default_factory=list)
    runtime: Runtime | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def make_runtime(dialect: str, machine=None, keys=None, trace: bool = False, line_map=None) -> Runtime:
    if dialect == "atari":
        from .atari import AtariRuntime as cls
    elif dialect == "apple":
        from .apple import AppleRuntime as cls
    else:
        raise ValueError(f"dialect {dialect!r}: 'atari' or 'apple'")
    queue = keys if isinstance(keys, keyscript.KeyQueue) else keyscript.KeyQueue(keys or [])
    return cls(machine=machine, keys=queue, trace=trace, line_map=line_map)


def run_text(listing: str, dialect: str, *, keys=None, machine=None, trace: bool = False, line_map=None,
             max_statements: int | None = None) -> RunReport:
    """Run a program given as its listing (``10 PRINT "HI"`` lines)."""
    rt = make_runtime(dialect, machine, keys, trace, line_map)
    rt.load_text(listing)
    ended = rt.run(max_statements)
    report = RunReport(dialect, ended, rt.screen.lines(), lines_run=rt.lines_run,
                       statements_run=rt.statements_run, trace=rt.trace_lines, runtime=rt)
    if rt.reported_error is not None:
        report.error = rt.error_report(rt.reported_error)
        report.error_code = rt.reported_error.code
        report.error_line = rt.current_line
    return report


def detokenize(tokens: bytes, dialect: str) -> str:
    """The listing of a tokenized program, by the tokenizer helpers' detokenizers."""
    if dialect == "atari":
        from ..atari import detokenize as detok
    elif dialect == "apple":
        from ..apple import detokenize as detok
    else:
        raise ValueError(f"dialect {dialect!r}: 'atari' or 'apple'")
    return detok(tokens)


def run_program(tokens: bytes, dialect: str, **kw) -> RunReport:
    """Run a tokenized program (a SAVEd Atari BASIC file, an Applesoft program image)."""
    return run_text(detokenize(tokens, dialect), dialect, **kw)


def engine_machine(model, target: str, dist_dir=None, echo=None):
    """The engine of ``target`` in a py65 machine: from ``<dist_dir>/<target>/`` when given
    (``kotd build`` wrote it), else built in-process."""
    from pathlib import Path
    from ...emu import EngineMachine
    if dist_dir is not None:
        machine = EngineMachine.from_dist(model, dist_dir, target)
        from ...build.display import CODE_FILE
        folder = Path(dist_dir) / target
        if machine.target.display is not None and (folder / CODE_FILE).exists():
            load_display(machine, folder)
        return machine
    from ...build import build_target, generate_sources
    from ...build.targets import TARGETS
    from ... import DEFAULT_DATA_DIR
    generate_sources(model, DEFAULT_DATA_DIR)
    build = build_target(model, TARGETS[target], None, echo or (lambda text: None))
    return EngineMachine.from_build(model, build)


#: What the Apple display code (port/asm/apple_frontend.s) writes besides its own region:
#: hi-res page 2, its zero page ($06-$09, $CE-$CF, $D7, $EB-$EF, $FA-$FD), CSW, KSW and CH/CV,
#: and the soft switches it sets (CLR80STORE $C000 by a write; $C050-$C057).
APPLE_DISPLAY_WRITES = ((0x4000, 0x5FFF), (0x06, 0x09), (0xCE, 0xCF), (0xD7, 0xD7), (0xEB, 0xEF), (0xFA, 0xFD),
                        (0x36, 0x39), (0x24, 0x25), (0xC000, 0xC000), (0xC050, 0xC057))


def load_display(machine, folder) -> None:
    """The Apple display code of a build (``folder``: ``dist/apple/``) where the game disk
    loads it: its code at the display region's start, its text section after the engine's
    scratch; allowed to write where it draws."""
    from pathlib import Path
    from ...build import display
    from ...build.targets import Region
    region = machine.target.display
    machine.cpu.load(region.start, (Path(folder) / display.CODE_FILE).read_bytes())
    text, base = (Path(folder) / display.TEXT_FILE).read_bytes(), display.text_base(machine.model, machine.target)
    machine.cpu.load(base, text)
    machine.display_text = Region("display text", base, base + len(text) - 1)     # CALLs may go there too
    machine.cpu.allow_writes(region.start, region.end)
    for low, high in APPLE_DISPLAY_WRITES:
        machine.cpu.allow_writes(low, high)


def read_line_map(path) -> dict[int, str]:
    """A program's line map (``<program>.map.json`` from kotd.basic.source): BASIC line
    number -> ``file:line`` of the source."""
    import json
    from pathlib import Path
    data = json.loads(Path(path).read_text())
    return {int(row["line"]): f"{row['file']}:{row['source_line']}" for row in data.get("lines", [])}


def load_program_file(path, dialect: str) -> str:
    """A program file as a listing: a listing as it is; a tokenized program through the
    detokenizer: ``.atb`` or any Atari BASIC SAVE file, ``.apb`` (load address, length,
    program), an Applesoft DOS 3.3 file (length, program) or a bare program image."""
    from pathlib import Path
    path = Path(path)
    data = path.read_bytes()
    if path.suffix.lower() == ".apb":
        from .. import apple
        start, image = apple.read_apb(data)
        return apple.detokenize(image, start)
    text = data.decode("latin-1")
    rows = [r for r in text.splitlines() if r.strip()]
    if path.suffix.lower() != ".atb" and rows and all(r.lstrip()[:1].isdigit() for r in rows) \
            and "\x00" not in text:
        return text
    if dialect == "apple":
        from .. import apple
        if len(data) >= 2 and int.from_bytes(data[:2], "little") == len(data) - 2:
            data = apple.from_file_image(data)
    return detokenize(data, dialect)


__all__ = ["engine_machine", "load_program_file", "read_line_map", "ProgramError", "RunReport", "RunnerFault",
           "detokenize", "keyscript", "make_runtime", "run_program", "run_text"]
