"""Fixtures and helpers for the host tests of `kotd check` on broken data."""

import shutil

import pytest

from kotd import DEFAULT_DATA_DIR
from kotd.model import check_data


@pytest.fixture
def broken(tmp_path):
    """Copy data/ and apply text replacements; returns the problems `kotd check` finds.

    Call it with one edit, ``broken(file, old, new)``, or several,
    ``broken((file, old, new), (file, old, new))``."""
    def make(*edits) -> list[str]:
        if edits and isinstance(edits[0], str):
            edits = (edits,)
        target = tmp_path / "data"
        shutil.copytree(DEFAULT_DATA_DIR, target)
        for filename, old, new in edits:
            path = target / filename
            text = path.read_text()
            assert old in text, f"{old!r} not in {filename}"
            path.write_text(text.replace(old, new, 1))
        return [str(p) for p in check_data(target)]
    return make
