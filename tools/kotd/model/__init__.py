"""Load and validate everything in ``data/``.

``load_model(data_dir)`` returns a :class:`~kotd.model.types.Model` or raises
:class:`~kotd.model.problems.DataError` listing every problem found, each with file,
line, path and what is wrong.  ``kotd check`` prints them and exits with status 1.
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import DEFAULT_DATA_DIR
from . import checks, mapdata, rules, yamldoc
from .problems import DataError, Problem, Problems
from .types import Model

__all__ = ["load_model", "check_data", "DataError", "Problem", "Model"]

RULES_FILES = ("terrain", "units", "turns", "combat", "logistics", "ratings", "victory",
               "solitaire", "scenarios", "map")


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _load_all(data_dir: Path, problems: Problems) -> Model | None:
    data_dir = Path(data_dir)
    docs = {}
    for name in RULES_FILES:
        path = data_dir / f"{name}.yaml"
        docs[name] = yamldoc.load(path, problems, _display(path))
    if any(d is None for d in docs.values()):
        return None

    turns = rules.load_turns(docs["turns"])
    dates = {t.date for t in turns} if turns else set()
    terrain, fort = rules.load_terrain(docs["terrain"])
    units = rules.load_units(docs["units"], dates)
    combat = rules.load_combat(docs["combat"])
    logistics = rules.load_logistics(docs["logistics"], dates)
    ratings = rules.load_ratings(docs["ratings"])
    scenarios = rules.load_scenarios(docs["scenarios"], len(turns) if turns else 0)
    victory = rules.load_victory(docs["victory"], set(scenarios) if scenarios else set())
    solitaire = rules.load_solitaire(docs["solitaire"])
    game_map = mapdata.load_map(docs["map"], terrain) if terrain else None

    setups = {}
    if scenarios and game_map and units:
        for sid in sorted({s.setup for s in scenarios.values()}):
            path = data_dir / "setups" / f"{sid}.yaml"
            doc = yamldoc.load(path, problems, _display(path))
            if doc is None:
                continue
            setup = mapdata.load_setup(doc, sid, game_map, units, dates)
            if setup is not None:
                setups[sid] = setup
                checks.check_setup(doc, setup, game_map, units, terrain, turns, logistics,
                                   scenarios, combat, problems)
    parts = (terrain, fort, units, turns, combat, logistics, ratings, victory, solitaire,
             game_map, scenarios)
    if problems or any(p is None for p in parts):
        return None
    model = Model(terrain, fort, units, turns, combat, logistics, ratings, victory, solitaire,
                  game_map, setups, scenarios)
    checks.check_model(model, docs, problems)
    return None if problems else model


def load_model(data_dir: Path | str = DEFAULT_DATA_DIR) -> Model:
    problems = Problems()
    model = _load_all(Path(data_dir), problems)
    if problems or model is None:
        if not problems:
            problems.add(_display(Path(data_dir)), None, "", "the data could not be loaded")
        raise DataError(problems.items)
    return model


def check_data(data_dir: Path | str = DEFAULT_DATA_DIR) -> list[Problem]:
    """Every problem of the data folder (an empty list when it is valid)."""
    try:
        load_model(data_dir)
    except DataError as exc:
        return exc.problems
    return []
