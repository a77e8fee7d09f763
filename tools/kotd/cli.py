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
@click.option("--scenario", "-s", type=click.Choice(SCENARIO_IDS), required=True, help="Scenario id.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the game's random numbers.")
@click.option("--target", type=click.Choice(("atari", "apple")), default="atari", show_default=True)
@click.option("--solitaire/--two-player", default=True, show_default=True,
              help="Run the Allies as the computer side (solitaire rules) or as a human side.")
@click.option("--random-initiative", is_flag=True, help="Draw the initiative each turn (option II).")
@click.option("--optional-depots", is_flag=True, help="Give the Axis its two optional depots.")
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
@data_option
def replay(scenario: str, seed: int, target: str, solitaire: bool, random_initiative: bool,
           optional_depots: bool, as_json: bool, data_dir: Path) -> None:
    """Record a whole game of the reference engine and replay it through the 6502 entries.

    Prints the actions replayed and the mismatches (the first differing field of each);
    exit status 1 if any.
    """
    from .replay import run_replay
    model = load_or_exit(data_dir)
    sys.exit(run_replay(model, scenario, seed, target, as_json=as_json, computer_allied=solitaire,
                        random_initiative=random_initiative, optional_depots=optional_depots))


@main.command()
@click.option("--players", "-p", default="good,simple", show_default=True,
              help="Comma-separated players (simple, good, plain: good without its opening plans).")
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
@click.option("--entries/--no-entries", default=True, show_default=True,
              help="Also replay one recorded game per scenario on the first target: each entry's worst call.")
@click.option("--turns/--no-turns", default=True, show_default=True,
              help="Also replay a good-v-good game per scenario on each target with the 6502 player on both "
                   "sides: the computer's worst turn in seconds.")
@data_option
def bench(as_json: bool, target: str, entries: bool, turns: bool, data_dir: Path) -> None:
    """Measure the 6502 engine in cycles (py65) and bytes, against its budgets, the
    computer player's cost field and bytes (run from the RAM under the ROMs) and its
    worst turn per scenario."""
    from .bench import run_bench
    model = load_or_exit(data_dir)
    sys.exit(run_bench(model, target, as_json, data_dir, entries, turns))


@main.command("inspect")
@click.argument("image", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--slot", type=int, help="Draw this slot's map (with --png).")
@click.option("--png", type=click.Path(dir_okay=False, path_type=Path), help="Write the slot's map into this PNG.")
@data_option
def inspect_command(image: Path, slot: int | None, png: Path | None, data_dir: Path) -> None:
    """List the saved games on a game disk (kotd-atari.atr, kotd-apple.dsk) and draw one.

    Each slot is checked as the 6502 load checks it; a damaged slot says why.
    """
    from .inspect import run_inspect
    if png is not None and slot is None:
        raise click.UsageError("--png needs --slot N")
    model = load_or_exit(data_dir)
    sys.exit(run_inspect(model, image, slot, png))


@main.group()
def basic() -> None:
    """The BASIC toolchain: tokenize, list, check and run the front ends' programs.

    Atari BASIC (`--dialect atari`) and Applesoft (`--dialect apple`); the sources
    are in port/basic/ (docs/basic.md).
    """


dialect_option = click.option("--dialect", type=click.Choice(("atari", "apple")),
                              help="Atari BASIC or Applesoft (taken from the file where evident).")


def basic_error_exit(path: Path, exc) -> None:
    """A BasicError as FILE:LINE: problem on stderr, exit status 1."""
    where = f"{path}:{exc.text_line}" if exc.text_line is not None else f"{path}"
    message = exc.message if exc.basic_line is None else f"BASIC line {exc.basic_line}: {exc.message}"
    click.echo(f"{where}: {message}", err=True)
    sys.exit(1)


@basic.command("tokenize")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@dialect_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="The file to write (default: FILE with .atb or .apb).")
@click.option("--save-as", default=None, metavar="D:NAME.BAS",
              help="Atari: the name in the SAVE command a SAVE file ends with (default: "
                   "D: and the output's name, as SAVE \"D:NAME.BAS\" would leave it).")
def basic_tokenize(file: Path, dialect: str | None, output: Path | None, save_as: str | None) -> None:
    """Tokenize a program text into the file the real machine loads.

    Atari (.atb): the SAVE file, byte for byte what SAVE writes after the lines are typed.
    Apple (.apb): TXTTAB (word), length (word) and the program as Applesoft keeps it from
    TXTTAB ($0801).  The dialect comes from --dialect or the path (an atari/ or apple/
    folder).  Errors: FILE:LINE: problem, exit status 1.  Formats: docs/basic.md.
    """
    from .basic import files
    from .basic.errors import BasicError
    try:
        dialect = files.dialect_of(file, dialect)
        if files.is_tokenized(file):
            raise BasicError(f"{file.suffix} is already tokenized (kotd basic list shows it)")
        output = output or file.with_suffix(files.EXTENSION[dialect])
        if save_as is None:
            stem = "".join(c for c in output.stem.upper() if c.isalnum())[:8] or "PROGRAM"
            save_as = f"D:{stem}.BAS"
        data = files.tokenized_file(files.read_text(file, dialect), dialect, save_as)
    except BasicError as exc:
        basic_error_exit(file, exc)
    output.write_bytes(data)
    click.echo(f"{output}: {len(data)} bytes ({dialect})")


@basic.command("list")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@dialect_option
@click.option("--form", type=click.Choice(("list", "source", "screen")), default="list",
              show_default=True,
              help="Apple: LIST's text; the same without LIST's blank after REM and DATA "
                   "(types back to the same bytes); or the 40-column screen's rows.")
def basic_list(file: Path, dialect: str | None, form: str) -> None:
    """Print a program as the machine's LIST shows it.

    FILE is a tokenized file (.atb Atari SAVE file, .apb Applesoft image) or a program
    text, tokenized first (so that its errors show as FILE:LINE: problem, exit status 1).
    """
    from .basic import files
    from .basic.errors import BasicError
    try:
        dialect = files.dialect_of(file, dialect)
        text = files.listing(file, dialect, form)
    except BasicError as exc:
        basic_error_exit(file, exc)
    click.echo(text, nl=False)


@basic.command("check")
@click.argument("source")
@dialect_option
@data_option
def basic_check(source: str, dialect: str | None, data_dir: Path) -> None:
    """Check a BASIC program without running it; FILE:LINE: problem, exit 1.

    SOURCE is a program (`example`, or its manifest port/basic/example.prog), a source file
    of port/basic/, a numbered BASIC text or a program file as the machine saves it (Atari
    SAVE file, DOS 3.3 Applesoft file).

    A program or a source file outside atari/ and apple/ is checked for both machines unless
    --dialect says which; a numbered text or program file needs --dialect.  Each problem is
    printed as FILE:LINE: problem (the source file and line); exit status 1 if any.
    """
    from .basic.check import check_path, dialect_of, is_numbered
    from .basic.dialects import DIALECTS
    from .basic.source import manifest_path
    from .build import stateblock
    from .build.targets import TARGETS
    path = Path(source) if Path(source).exists() else manifest_path(source)
    if not path.is_file():
        click.echo(f"{source}: no such file, and no program port/basic/{source}.prog", err=True)
        sys.exit(1)
    if dialect:
        dialects = [DIALECTS[dialect]]
    elif (found := dialect_of(path)) is not None:
        dialects = [found]
    elif path.suffix != ".prog" and is_numbered(path):
        click.echo(f"{path}: a numbered BASIC program: say which BASIC with --dialect atari or --dialect apple",
                   err=True)
        sys.exit(1)
    else:
        from .basic.build import made_for
        dialects = [d for d in DIALECTS.values() if path.suffix != ".prog" or made_for(path, d.name)]
    model = load_or_exit(data_dir)
    failed = 0
    for d in dialects:
        program, problems = check_path(path, d, stateblock.constants(model, TARGETS[d.name]))
        for problem in problems:
            click.echo(str(problem), err=True)
        if problems:
            failed += 1
            click.echo(f"{path}: {d.title}: {len(problems)} problem(s)", err=True)
        else:
            click.echo(f"{path}: {d.title}: ok ({len(program.lines)} lines, {len(program.names)} names)")
    sys.exit(1 if failed else 0)


@basic.command("run")
@click.argument("program", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@dialect_option
@click.option("--keys", "keys_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The key script (docs/basic-runner.md): text, {RETURN}, {START}, {STICK UP 3}, ...")
@click.option("--trace", is_flag=True, help="Also print the line numbers run, in order.")
@click.option("--target-engine", "dist_dir", type=click.Path(file_okay=False, path_type=Path),
              help="The dist/ folder of `kotd build` to load the engine from (default: dist/ if built, "
                   "else an in-process build).")
@click.option("--no-engine", is_flag=True, help="Run without the 6502 engine (USR/CALL into it then fail).")
@click.option("--map", "map_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The line map (PROGRAM.map.json beside the program is read by default).")
@click.option("--max-statements", type=int, default=5_000_000, show_default=True,
              help="Stop after this many statements.")
@data_option
def basic_run(program: Path, dialect: str | None, keys_file: Path | None, trace: bool, dist_dir: Path | None,
              no_engine: bool, map_file: Path | None, max_statements: int, data_dir: Path) -> None:
    """Run a BASIC program (tokenized, or a listing) in Python and print the final screen.

    PEEK/POKE/USR/CALL reach the 6502 engine in py65; the keyboard, console keys and
    joystick come from the key script.  A BASIC error is reported as the interpreter
    reports it (with the source file:line when a line map is found); exit status 1.
    """
    from .basic import runner
    from .basic.runner import keys as keyscript
    from .basic import files
    from .basic.errors import BasicError
    try:
        dialect = files.dialect_of(program, dialect)
    except BasicError as exc:
        click.echo(f"error: {program}: {exc.message}", err=True)
        sys.exit(1)
    try:
        listing = runner.load_program_file(program, dialect)
        events = keyscript.load(keys_file) if keys_file else []
    except (runner.RunnerFault, ValueError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    line_map = {}
    for candidate in ([map_file] if map_file else [program.with_name(program.name + ".map.json"),
                                                    program.with_suffix(".map.json")]):
        if candidate and candidate.exists():
            line_map = runner.read_line_map(candidate)
            break
    machine = None
    if not no_engine:
        model = load_or_exit(data_dir)
        if dist_dir is None and (Path("dist") / dialect / "engine.bin").exists():
            dist_dir = Path("dist")
        machine = runner.engine_machine(model, dialect, dist_dir)
    try:
        report = runner.run_text(listing, dialect, keys=events, machine=machine, trace=trace,
                                 line_map=line_map, max_statements=max_statements)
    except runner.RunnerFault as exc:
        click.echo(f"error: {program}: {exc}", err=True)
        sys.exit(1)
    for row in report.screen:
        click.echo(row)
    if trace:
        click.echo("trace: " + " ".join(map(str, report.trace)))
    click.echo(f"-- {report.ended}; {report.lines_run} lines, {report.statements_run} statements", err=True)
    if report.error:
        click.echo(f"error: {program}: {report.error}", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
