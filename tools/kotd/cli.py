"""The ``kotd`` command: one entry point, one sub-command per job."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import DEFAULT_DATA_DIR

SCENARIO_IDS = ("tobruk41", "tobruk42", "alamein", "campaign41", "campaign42", "campaign")

data_option = click.option(
    "--data", "data_dir", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_DATA_DIR,
    show_default=True, help="The rules data folder.")


def load_or_exit(data_dir: Path):
    """The validated model, or every data problem on stderr and exit status 1."""
    from .model import DataError, load_model
    try:
        return load_model(data_dir)
    except DataError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(exc.problems)} problem(s) in {data_dir}", err=True)
        sys.exit(1)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Knights of the Desert (SSI, 1983), ported and proven.

    The rules live as data in data/; the reference engine, the 6502 engine and the
    BASIC front ends are built from them.  Start with `kotd check`, then `kotd build`.
    """


@main.command()
@data_option
def check(data_dir: Path) -> None:
    """Validate every data file: types, ranges, tables, cross-references, map and set-ups.

    Each problem is printed as FILE:LINE: PATH: what is wrong.  Exit status 1 if any.
    """
    model = load_or_exit(data_dir)
    click.echo(f"{data_dir}: ok ({len(model.units)} units, {len(model.turns)} turns, "
               f"{model.map.columns}x{model.map.rows} map, {len(model.scenarios)} scenarios)")


@main.command()
@click.option("--scenario", "-s", type=click.Choice(SCENARIO_IDS), required=True, help="Scenario id.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the game's random numbers.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--solitaire/--two-player", default=True, show_default=True,
              help="Run the Allies as the computer side (solitaire rules) or as a human side.")
@click.option("--random-initiative", is_flag=True, help="Draw the initiative each turn (option II).")
@click.option("--optional-depots", is_flag=True, help="Give the Axis its two optional depots.")
@data_option
def simulate(scenario: str, seed: int, as_json: bool, solitaire: bool, random_initiative: bool,
             optional_depots: bool, data_dir: Path) -> None:
    """Play a whole scenario, a simple computer player on each side, and report each turn."""
    from .simulate import run_simulation
    model = load_or_exit(data_dir)
    run_simulation(model, scenario, seed, as_json=as_json, computer_allied=solitaire,
                   random_initiative=random_initiative, optional_depots=optional_depots)


@main.command()
@click.option("--players", "-p", default="good,simple", show_default=True,
              help="Comma-separated players (simple, good, bold).")
@click.option("--pairings", type=click.Choice(("all", "cross", "self")), default="all", show_default=True,
              help="all: every axis player against every allied player; cross: only different players; "
                   "self: each player against itself.")
@click.option("--scenario", "-s", "scenarios", multiple=True, type=click.Choice(SCENARIO_IDS),
              help="Scenario id (repeat for several; default all).")
@click.option("--seeds", default="1-20", show_default=True, help="Seed range FIRST-LAST.")
@click.option("--workers", "-j", type=int, default=None, help="Processes (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--solitaire/--two-player", default=True, show_default=True,
              help="Run the Allies under the solitaire rules or as a human side.")
@click.option("--random-initiative", is_flag=True, help="Draw the initiative each turn (option II).")
@click.option("--optional-depots", is_flag=True, help="Give the Axis its two optional depots.")
@data_option
def tournament(players: str, pairings: str, scenarios: tuple[str, ...], seeds: str, workers: int | None,
               as_json: bool, solitaire: bool, random_initiative: bool, optional_depots: bool,
               data_dir: Path) -> None:
    """Computer players against each other: victory levels, side win rates and play figures."""
    from .tournament import PLAYERS, Setting, run_tournament
    names = [p.strip() for p in players.split(",") if p.strip()]
    for name in names:
        if name not in PLAYERS:
            raise click.BadParameter(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}",
                                     param_hint="--players")
    try:
        first, _, last = seeds.partition("-")
        seed_range = range(int(first), int(last or first) + 1)
    except ValueError:
        raise click.BadParameter(f"{seeds!r} is not FIRST-LAST", param_hint="--seeds") from None
    model = load_or_exit(data_dir)
    run_tournament(model, names, list(scenarios or SCENARIO_IDS), seed_range,
                   Setting(solitaire, random_initiative, optional_depots), workers, as_json, pairings)


@main.command("map")
@click.option("--scenario", "-s", type=click.Choice(SCENARIO_IDS), help="Also show this scenario's units.")
@click.option("--png", type=click.Path(dir_okay=False, path_type=Path), help="Also draw the map into this PNG file.")
@data_option
def map_command(scenario: str | None, png: Path | None, data_dir: Path) -> None:
    """Draw the map (and a scenario's units) in the terminal, and optionally as a PNG."""
    from .mapdraw import run_map
    model = load_or_exit(data_dir)
    run_map(model, scenario, png)


@main.command()
@click.option("--target", type=click.Choice(("atari", "apple", "all")), default="all", show_default=True,
              help="Which machine to build for.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("dist"),
              show_default=True, help="Output folder.")
@data_option
def build(target: str, out_dir: Path, data_dir: Path) -> None:
    """Generate the 6502 tables, assemble the engine and write the images to dist/."""
    from .build import run_build
    model = load_or_exit(data_dir)
    sys.exit(run_build(model, target, out_dir, data_dir=data_dir))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per target.")
@click.option("--target", type=click.Choice(("atari", "apple", "all")), default="all", show_default=True)
@data_option
def bench(as_json: bool, target: str, data_dir: Path) -> None:
    """Measure the 6502 engine in cycles (py65) and bytes, against its budgets."""
    from .bench import run_bench
    model = load_or_exit(data_dir)
    sys.exit(run_bench(model, target, as_json, data_dir))


@main.group()
def basic() -> None:
    """The BASIC toolchain: tokenize, list, check and run the front ends' programs.

    Atari BASIC (`--dialect atari`) and Applesoft (`--dialect apple`); the sources
    are in port/basic/ (docs/basic.md).
    """


dialect_option = click.option("--dialect", type=click.Choice(("atari", "apple")),
                              help="Atari BASIC or Applesoft (taken from the file where evident).")


if __name__ == "__main__":
    main()
