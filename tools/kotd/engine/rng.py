"""The game's one random number generator, reproduced bit for bit by the 6502.

A 16-bit xorshift with shifts (7, 9, 8) (John Metcalf's 6502 xorshift).  Every
random event of the game draws from one generator in a fixed order
(docs/rules.md, "Random numbers").

    state = state ^ (state << 7) & 0xFFFF
    state = state ^ (state >> 9)
    state = state ^ (state << 8) & 0xFFFF

The state is never 0; its period is 65535.  A draw below n (1 <= n <= 256) steps the
generator and takes the high part of the product: ``(state * n) >> 16``.  A percent
chance p succeeds when a draw below 100 is below p.
"""

from __future__ import annotations

SEED_MIX = 0xACE1          # xor-ed into the seed so that seed 0 is valid


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any integer); never 0."""
    state = (seed ^ SEED_MIX) & 0xFFFF
    return state or SEED_MIX


def next_state(state: int) -> int:
    state ^= (state << 7) & 0xFFFF
    state ^= state >> 9
    state ^= (state << 8) & 0xFFFF
    return state


class Rng:
    """The generator; ``state`` is the 16-bit value kept in the shared state block."""

    def __init__(self, state: int):
        if not 0 < state <= 0xFFFF:
            raise ValueError(f"RNG state must be 1..65535, not {state}")
        self.state = state
        self.draws = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(seed_state(seed))

    def next16(self) -> int:
        self.state = next_state(self.state)
        self.draws += 1
        return self.state

    def below(self, n: int) -> int:
        """A whole number 0 <= x < n, for 1 <= n <= 256."""
        if not 1 <= n <= 256:
            raise ValueError(f"draw bound must be 1..256, not {n}")
        return (self.next16() * n) >> 16

    def between(self, lo: int, hi: int) -> int:
        """A whole number lo <= x <= hi (at most 256 values)."""
        return lo + self.below(hi - lo + 1)

    def chance(self, percent: int) -> bool:
        """True with the given whole-percent probability (always draws)."""
        return self.below(100) < percent


# Draws on a game state: the generator state lives in ``state.rng`` (an int), so a
# copy of the state carries the generator with it.

def draw(state, n: int) -> int:
    """Step ``state.rng`` and return a whole number 0 <= x < n (1 <= n <= 256)."""
    if not 1 <= n <= 256:
        raise ValueError(f"draw bound must be 1..256, not {n}")
    state.rng = next_state(state.rng)
    return (state.rng * n) >> 16


def between(state, lo: int, hi: int) -> int:
    return lo + draw(state, hi - lo + 1)


def chance(state, percent: int) -> bool:
    return draw(state, 100) < percent
