"""`kotd simulate`: a whole scenario played by the simple computer player on both sides."""

from __future__ import annotations

import json
from dataclasses import asdict

import click

from .engine.ai import SimpleAI
from .engine.game import Game
from .engine.setup import Options, new_game
from .model.types import Model


def simulate(model: Model, scenario: str, seed: int, *, computer_allied: bool = True,
             random_initiative: bool = False, optional_depots: bool = False) -> Game:
    options = Options(computer_allied=computer_allied, random_initiative=random_initiative,
                      optional_depots=optional_depots)
    state = new_game(model, scenario, seed, options)
    game = Game(model, state, {"axis": SimpleAI("axis"), "allied": SimpleAI("allied")})
    game.play()
    return game


def run_simulation(model: Model, scenario: str, seed: int, *, as_json: bool, **options) -> None:
    game = simulate(model, scenario, seed, **options)
    st = game.state
    if as_json:
        click.echo(json.dumps({"scenario": scenario, "seed": seed, "level": st.level, "winner": st.winner,
                               "turns": [asdict(r) for r in game.reports]}, indent=1))
        return
    name = model.scenarios[scenario].name
    click.echo(f"{name} (seed {seed})")
    click.echo(f"{'date':8} {'units ax/al':>11} {'unsup ax/al':>11} {'battles':>7} "
               f"{'casualties ax/al':>16} {'VP ax/al':>11} {'score':>6}")
    for r in game.reports:
        click.echo(f"{r.date:8} {r.units['axis']:>5}/{r.units['allied']:<5} "
                   f"{r.unsupplied['axis']:>5}/{r.unsupplied['allied']:<5} {r.battles:>7} "
                   f"{r.casualties['axis']:>8}/{r.casualties['allied']:<7} "
                   f"{r.vp['axis']:>5}/{r.vp['allied']:<5} {r.score:>6}"
                   + ("  DESERT RATS STRIKE" if r.desert_rats else ""))
    click.echo(f"result: {st.level.replace('_', ' ')}" if st.level else "result: none")
