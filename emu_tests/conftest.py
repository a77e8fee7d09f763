"""Emulator tests: a fresh machine per test, on the session's one build (`dist`, ../conftest.py)."""

import pytest

from kotd.emu import EngineMachine

TARGET_NAMES = ("atari", "apple")


@pytest.fixture(params=TARGET_NAMES)
def machine(request, model, dist) -> EngineMachine:
    """The engine of each target, loaded from the files the build wrote."""
    return EngineMachine.from_dist(model, dist, request.param)


@pytest.fixture(scope="session")
def machines(model, dist) -> dict:
    """One long-lived machine per target, for the many-call differential tests."""
    return {name: EngineMachine.from_dist(model, dist, name) for name in TARGET_NAMES}
