"""`kotd tournament`: computer players against each other over scenarios and seeds.

Each game is played by :class:`WatchedGame`, a :class:`Game` that also notes who
attacked in each turn and, after each turn, who holds Bardia and whether Tobruk is
surrounded; nothing in it changes the play.  Games run in a process pool (one
worker per core unless told otherwise); the figures are the same with any number
of workers because every game depends only on its own seed.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

import click

from .engine.ai import SimpleAI
from .engine.ai_good import GoodAI
from .engine.game import Game
from .engine.setup import Options, new_game
from . import hexgrid
from .engine import supply
from .engine.supply import tobruk_surrounded
from .model.types import SIDES, Model

def PlainAI(side: str) -> GoodAI:
    """The good player without the opening plans of OPENINGS (for comparison)."""
    return GoodAI(side, openings=False)


PLAYERS = {"simple": SimpleAI, "good": GoodAI, "plain": PlainAI}


class WatchedGame(Game):
    """A Game that keeps the tournament's per-turn notes."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.attacks: list[dict[str, int]] = []      # per turn played, battles begun by side
        self.after_turn: list[dict] = []
        self._first_turn = self.state.turn

    def attack(self, attack_hex, defend_hex, attackers, defenders, intensity, risk, air):
        side = self.reaction.side if self.reaction else self.acting
        while len(self.attacks) <= self.state.turn - self._first_turn:
            self.attacks.append({s: 0 for s in SIDES})
        self.attacks[self.state.turn - self._first_turn][side] += 1
        return super().attack(attack_hex, defend_hex, attackers, defenders, intensity, risk, air)

    def play_turn(self):
        report = super().play_turn()
        st, m = self.state, self.model
        self.after_turn.append({
            "bardia": st.control.get("bardia"),
            "tobruk": st.control.get(m.map.tobruk),
            "tobruk_surrounded": tobruk_surrounded(m, st),
        })
        return report


@dataclass(frozen=True)
class Setting:
    solitaire: bool = True
    random_initiative: bool = False
    optional_depots: bool = False


@dataclass
class GameResult:
    scenario: str
    seed: int
    axis: str
    allied: str
    level: str
    winner: str
    score: int
    turns: int
    turn1: dict                                   # after the first turn: bardia, tobruk, tobruk_surrounded
    attacks: list[dict[str, int]]                 # battles begun per turn by side
    unsupplied_runs: dict[str, list[int]]         # longest run of turns unsupplied, per unit that had one
    ops: dict[str, list[int]] = field(default_factory=dict)   # player work per turn, if counted
    neglected: dict[str, int] = field(default_factory=dict)   # units left unsupplied 2 turns, nothing done


def play_one(model: Model, scenario: str, seed: int, axis: str, allied: str, setting: Setting) -> GameResult:
    options = Options(computer_allied=setting.solitaire, random_initiative=setting.random_initiative,
                      optional_depots=setting.optional_depots)
    state = new_game(model, scenario, seed, options)
    players = {"axis": PLAYERS[axis]("axis"), "allied": PLAYERS[allied]("allied")}
    game = WatchedGame(model, state, players)
    # The runs of unsupplied turns are read from the Supply phase's trace: the
    # first logistics call of a turn sees every unit's status.
    runs: dict[int, int] = {}
    longest: dict[int, int] = {}
    shortfall: dict[int, int] = {}                # hexes past supply range at the last Supply phase
    neglected: set[int] = set()
    seen_turn = [None]
    before: dict[str, list] = {s: [] for s in SIDES}      # the sources at the last Supply phase
    for side in SIDES:
        inner = players[side].logistics

        def watched(g, unit, inner=inner):
            if seen_turn[0] != g.state.turn:
                seen_turn[0] = g.state.turn
                sources = {s: supply.sources(model, g.state, s) for s in SIDES}
                for u in g.state.units:
                    if u.on_map and not model.unit(u.number).is_depot and not model.unit(u.number).is_garrison:
                        runs[u.number] = runs.get(u.number, 0) + 1 if not u.supplied else 0
                        if runs[u.number]:
                            longest[u.number] = max(longest.get(u.number, 0), runs[u.number])
                            own = model.unit(u.number).side
                            short = _shortfall(model, g.state, u, sources[own])
                            # Acted on: nearer to the sources it has now (a depot brought up, a
                            # withdrawal) or to those it had a turn ago (a withdrawal toward a
                            # depot the enemy took since).
                            if runs[u.number] >= 2 and min(short, _shortfall(model, g.state, u, before[own])) \
                                    >= shortfall.get(u.number, short):
                                neglected.add(u.number)
                            shortfall[u.number] = short
                    else:
                        runs[u.number] = 0
                before.update(sources)
            return inner(g, unit)
        players[side].logistics = watched
    game.play()
    st = game.state
    by_side = {s: sorted((v for n, v in longest.items() if model.unit(n).side == s), reverse=True) for s in SIDES}
    ops = {s: list(getattr(players[s], "ops_per_turn", [])) for s in SIDES}
    return GameResult(scenario, seed, axis, allied, st.level, st.level.split("_")[0], _final_score(game),
                      len(game.reports), game.after_turn[0] if game.after_turn else {},
                      game.attacks, by_side, ops,
                      {s: sum(1 for n in neglected if model.unit(n).side == s) for s in SIDES})


def _shortfall(model: Model, state, unit, sources) -> int:
    """Hexes between a unit and the nearest of its side's supply sources, beyond its
    supply range: the figure its player lowers by withdrawing it or bringing a depot."""
    reach = supply.supply_range(model, state, unit)
    return min((hexgrid.distance(unit.hex, h) for h in sources), default=99) - reach


def _final_score(game: Game) -> int:
    return game.reports[-1].score if game.reports else 0


def _work(job):
    model, scenario, seed, axis, allied, setting = job
    return play_one(model, scenario, seed, axis, allied, setting)


def run_games(model: Model, jobs: list[tuple[str, int, str, str]], setting: Setting,
              workers: int | None = None) -> list[GameResult]:
    """Play every (scenario, seed, axis player, allied player); results in job order."""
    full = [(model, sc, seed, ax, al, setting) for sc, seed, ax, al in jobs]
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        return [_work(j) for j in full]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_work, full, chunksize=max(1, len(full) // (workers * 8))))


# --- summaries -------------------------------------------------------------------------

def summarize(model: Model, results: list[GameResult]) -> list[dict]:
    """One row per (scenario, axis player, allied player)."""
    groups: dict[tuple[str, str, str], list[GameResult]] = {}
    for r in results:
        groups.setdefault((r.scenario, r.axis, r.allied), []).append(r)
    rows = []
    for (sc, ax, al), rs in groups.items():
        n = len(rs)
        levels = Counter(r.level for r in rs)
        wins = Counter(r.winner for r in rs)
        row = {"scenario": sc, "axis": ax, "allied": al, "games": n,
               "levels": {lv: levels.get(lv, 0) for lv in model.victory.levels},
               "axis_wins": wins.get("axis", 0), "allied_wins": wins.get("allied", 0),
               "level_count": len(levels), "mean_score": sum(r.score for r in rs) // n}
        if rs[0].turn1 and model.scenarios[sc].first_turn == 1:
            row["turn1_bardia_axis"] = sum(1 for r in rs if r.turn1.get("bardia") == "axis")
            row["turn1_tobruk_surrounded"] = sum(1 for r in rs if r.turn1.get("tobruk_surrounded"))
            row["turn1_both"] = sum(1 for r in rs if r.turn1.get("bardia") == "axis" and r.turn1.get("tobruk_surrounded"))
        row["unsupplied_2plus"] = {s: sum(1 for r in rs for v in r.unsupplied_runs[s] if v >= 2) for s in SIDES}
        row["unsupplied_3plus"] = {s: sum(1 for r in rs for v in r.unsupplied_runs[s] if v >= 3) for s in SIDES}
        row["unsupplied_neglected"] = {s: sum(r.neglected.get(s, 0) for r in rs) for s in SIDES}
        first = model.scenarios[sc].first_turn
        last = model.scenarios[sc].last_turn
        row["allied_attacks_by_turn"] = [sum(r.attacks[i]["allied"] for r in rs if i < len(r.attacks))
                                         for i in range(last - first + 1)]
        row["axis_attacks_by_turn"] = [sum(r.attacks[i]["axis"] for r in rs if i < len(r.attacks))
                                       for i in range(last - first + 1)]
        row["no_battle_last_turn"] = sum(1 for r in rs if len(r.attacks) < last - first + 1
                                         or sum(r.attacks[-1].values()) == 0)
        ops = [v for r in rs for s in SIDES for v in r.ops.get(s, [])]
        if ops:
            row["ops_per_turn_max"] = max(ops)
            row["ops_per_turn_mean"] = sum(ops) // len(ops)
        rows.append(row)
    return rows


SHORT = {"allied_strategic": "AlS", "allied_tactical": "AlT", "allied_marginal": "AlM",
         "axis_marginal": "AxM", "axis_tactical": "AxT", "axis_strategic": "AxS"}


def print_table(model: Model, rows: list[dict]) -> None:
    head = " ".join(f"{SHORT[lv]:>4}" for lv in model.victory.levels)
    click.echo(f"{'scenario':11} {'axis':>6} {'allied':>6} {'games':>5} {head} {'lv':>2} {'ax%':>4} {'al%':>4} "
               f"{'score':>6} {'neglect':>7} {'work':>6}")
    for r in rows:
        lv = " ".join(f"{r['levels'][lv]:>4}" for lv in model.victory.levels)
        n = r["games"]
        neglect = "{}/{}".format(r["unsupplied_neglected"]["axis"], r["unsupplied_neglected"]["allied"])
        click.echo(f"{r['scenario']:11} {r['axis']:>6} {r['allied']:>6} {n:>5} {lv} {r['level_count']:>2} "
                   f"{100 * r['axis_wins'] // n:>4} {100 * r['allied_wins'] // n:>4} {r['mean_score']:>6} "
                   f"{neglect:>7} {r.get('ops_per_turn_max', 0):>6}")
    click.echo("lv: victory levels reached; neglect: units left unsupplied two turns in a row with "
               "nothing done, axis/allied; work: the most player steps in one turn")
    click.echo("")
    for r in rows:
        extra = []
        if "turn1_both" in r:
            extra.append(f"turn 1: Bardia Axis {r['turn1_bardia_axis']}, Tobruk surrounded "
                         f"{r['turn1_tobruk_surrounded']}, both {r['turn1_both']}")
        extra.append("unsupplied 2+ turns ax/al {}/{}, 3+ {}/{}".format(
            r["unsupplied_2plus"]["axis"], r["unsupplied_2plus"]["allied"],
            r["unsupplied_3plus"]["axis"], r["unsupplied_3plus"]["allied"]))
        extra.append("left unsupplied 2 turns with nothing done ax/al {}/{}".format(
            r["unsupplied_neglected"]["axis"], r["unsupplied_neglected"]["allied"]))
        extra.append(f"Allied attacks by turn {r['allied_attacks_by_turn']}")
        extra.append(f"no battle in last turn {r['no_battle_last_turn']}")
        if "ops_per_turn_max" in r:
            extra.append(f"player work per turn mean {r['ops_per_turn_mean']} max {r['ops_per_turn_max']}")
        click.echo(f"{r['scenario']} {r['axis']}/{r['allied']}: " + "; ".join(extra))


def run_tournament(model: Model, players: list[str], scenarios: list[str], seeds: range, setting: Setting,
                   workers: int | None, as_json: bool, pairings: str) -> None:
    jobs = []
    for sc in scenarios:
        for ax in players:
            for al in players:
                if pairings == "cross" and ax == al and len(players) > 1:
                    continue
                if pairings == "self" and ax != al:
                    continue
                jobs += [(sc, seed, ax, al) for seed in seeds]
    results = run_games(model, jobs, setting, workers)
    rows = summarize(model, results)
    if as_json:
        click.echo(json.dumps({"setting": asdict(setting), "rows": rows}, indent=1))
    else:
        print_table(model, rows)

