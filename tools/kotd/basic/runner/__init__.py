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
from .core import BasicError, RunnerFault, Runtime


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


__all__ = ["BasicError", "RunReport", "RunnerFault", "detokenize", "keyscript", "make_runtime", "run_program",
           "run_text"]
