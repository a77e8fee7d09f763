"""The py65 harness: the 6502 engine under emulation, faults reported loudly.

- :mod:`kotd.emu.cpu`: :class:`Cpu`, a py65 NMOS 6502 with a sentinel return, an
  instruction limit, cycle counting, a write watch and a ring buffer of program
  counters; its faults (:class:`Runaway`, :class:`BreakInstruction`,
  :class:`IllegalOpcode`, :class:`StackImbalance`, :class:`StrayWrite`).
- :mod:`kotd.emu.machine`: :class:`EngineMachine`, a built target's image loaded at its
  address, the state block read and written as a GameState, entries called through
  the jump table with the target's BASIC convention.
"""

from .cpu import (BreakInstruction, Cpu, EmulatorFault, IllegalOpcode, Runaway, RunResult,
                  StackImbalance, StrayWrite)
from .machine import CallResult, EngineMachine

__all__ = ["Cpu", "RunResult", "EmulatorFault", "Runaway", "BreakInstruction", "IllegalOpcode",
           "StackImbalance", "StrayWrite", "EngineMachine", "CallResult"]
