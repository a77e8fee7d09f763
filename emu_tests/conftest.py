"""Emulator tests: one build per session into a temporary folder, a fresh machine per test."""

import pytest

from kotd.build import run_build
from kotd.emu import EngineMachine

TARGET_NAMES = ("atari", "apple")


@pytest.fixture(scope="session")
def dist(model, tmp_path_factory):
    """`kotd build --target all --out <tmp>` once for the whole session."""
    out = tmp_path_factory.mktemp("dist")
    lines = []
    assert run_build(model, "all", out, echo=lines.append) == 0, "\n".join(lines)
    return out


@pytest.fixture(params=TARGET_NAMES)
def machine(request, model, dist) -> EngineMachine:
    """The engine of each target, loaded from the files the build wrote."""
    return EngineMachine.from_dist(model, dist, request.param)


@pytest.fixture(scope="session")
def machines(model, dist) -> dict:
    """One long-lived machine per target, for the many-call differential tests."""
    return {name: EngineMachine.from_dist(model, dist, name) for name in TARGET_NAMES}
