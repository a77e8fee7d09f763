"""Shared pytest set-up: the validated model, one build (dist), and --long for the long randomized runs."""

import pytest
from hypothesis import settings

settings.register_profile("long", max_examples=100_000, deadline=None)
settings.register_profile("default", deadline=None)


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="run the long randomized runs (100,000 differential cases)")


def pytest_configure(config):
    settings.load_profile("long" if config.getoption("--long") else "default")


@pytest.fixture(scope="session")
def long_run(request) -> bool:
    return request.config.getoption("--long")


@pytest.fixture(scope="session")
def model():
    from kotd.model import load_model
    return load_model()


@pytest.fixture(scope="session")
def dist(model, tmp_path_factory):
    """`kotd build --target all --out <tmp>` once for the whole session (host and emulator
    tests; tests/test_atari_frontend_machine.py keeps its own, which skips first)."""
    from kotd.build import run_build
    out = tmp_path_factory.mktemp("dist")
    lines = []
    assert run_build(model, "all", out, echo=lines.append) == 0, "\n".join(lines)
    return out
