"""Helpers for reading the problems of `kotd check` in tests."""

import re


def one(problems: list[str], *needles: str) -> str:
    """The first problem that contains every needle (the test fails if none does)."""
    hits = [p for p in problems if all(n in p for n in needles)]
    assert hits, f"no problem with {needles} in {problems}"
    return hits[0]


def with_line(problem: str, filename: str) -> None:
    assert re.search(re.escape(filename) + r":\d+: ", problem), f"no line number in {problem!r}"
