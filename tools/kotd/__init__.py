"""Knights of the Desert, ported and proven.

Data flows one way: ``data/`` -> :mod:`kotd.model` (validated) -> the reference
engine (:mod:`kotd.engine`) and the table generator (:mod:`kotd.build`).
"""

from pathlib import Path

#: The project's ``data/`` folder (this package lives in ``tools/kotd``).
DEFAULT_DATA_DIR = Path(__file__).resolve().parents[2] / "data"
