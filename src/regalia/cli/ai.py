"""CLI commands of the ai area: `regalia arena`, `regalia selfplay`."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from regalia.ai import openings as suites
from regalia.ai.arena import (
    PLY_LIMIT_REASON,
    GameReport,
    MatchResult,
    MatchSpec,
    budget_text,
    run_match,
)
from regalia.ai.selfplay import (
    SelfplayResult,
    SelfplaySpec,
    ShardReport,
    check_out_dir,
    plan,
    run_selfplay,
)
from regalia.ai.sprt import Sprt
from regalia.cli import Groups
from regalia.cli.common import err_console, fail, user_errors
from regalia.core.errors import BadNotation


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    register_arena(groups)
    register_selfplay(groups)


def register_arena(groups: Groups) -> None:
    @groups.root.command("arena")
    def arena(
        game: str = typer.Argument(..., help="The game, e.g. regulator."),
        agents: str = typer.Option(
            ...,
            "--agents",
            help="Bot levels, comma-separated (the game's own, e.g. random,strong). One per seat, "
            "one per team in team games, or two: a hero and the level filling the other seats.",
        ),
        games: int = typer.Option(
            10, "--games", help="Number of games (with --sprt: at most this many)."
        ),
        jobs: int = typer.Option(1, "--jobs", help="Worker processes (0: one per CPU)."),
        ray: str | None = typer.Option(
            None,
            "--ray",
            help="Play the games as Ray tasks instead of --jobs processes: 'local' starts "
            "Ray on this machine, 'auto' joins this machine's cluster, HOST:6379 the "
            "cluster whose head is there. Same seed, same games as --jobs.",
        ),
        seed: int = typer.Option(
            0, "--seed", help="Match seed: same seed, same games (unless --movetime)."
        ),
        movetime: int | None = typer.Option(
            None,
            "--movetime",
            help="Milliseconds of wall-clock time per action for every level. Not "
            "reproducible: the games depend on the machine's speed and load. Default: each "
            "level's own node bound with its clock dropped (alpha-beta searches 4 plies), "
            "so a seed replays exactly.",
        ),
        nodes: int | None = typer.Option(
            None,
            "--nodes",
            help="Nodes per action for every searching level, no clock: reproducible.",
        ),
        openings: str = typer.Option(
            "auto",
            "--openings",
            help="Start positions: 'auto' (the game's shipped suite of balanced openings, "
            "if it has one), 'none' (the start), or a suite file. Each opening is played "
            "from every seat.",
        ),
        sprt: str | None = typer.Option(
            None,
            "--sprt",
            help="ELO0,ELO1: stop once a sequential test decides between the first agent "
            "being ELO0 or ELO1 stronger (e.g. 0,20).",
        ),
        alpha: float = typer.Option(0.05, "--alpha", help="SPRT false-positive rate."),
        beta: float = typer.Option(0.05, "--beta", help="SPRT false-negative rate."),
        players: int | None = typer.Option(
            None, "--players", help="Table size (default: number of agents, within the game's)."
        ),
        option: list[str] = typer.Option(
            [], "--option", help="Game option NAME=VALUE (repeatable)."
        ),
        max_plies: int | None = typer.Option(
            None, "--max-plies", help="Safety cap: a longer game is a draw, 'arena ply limit'."
        ),
        as_json: bool = typer.Option(
            False, "--json", help="Print only one JSON object of per-agent results."
        ),
        save: Path | None = typer.Option(
            None, "--save", help="Folder to save every game's record (+ index.json)."
        ),
    ) -> None:
        """Play bots against each other in parallel processes; a seed replays exactly
        unless --movetime gives them a clock."""
        with user_errors():
            if jobs < 0:
                raise fail(f"--jobs is 0 (one per CPU) or more, not {jobs}")
            spec = MatchSpec(
                game=game,
                agents=tuple(agents.split(",")),
                games=games,
                seed=seed,
                players=players,
                movetime_ms=movetime,
                max_plies=max_plies,
                options=_options(option),
                save_dir=str(save) if save else None,
                nodes=nodes,
                openings=_suite(game, openings),
                sprt=_sprt(sprt, alpha, beta),
            )
            workers = jobs if jobs > 0 else (os.cpu_count() or 1)
            result = _run(spec, min(workers, games) if games > 0 else 1, ray)
        if as_json:
            typer.echo(json.dumps(result.to_json(), sort_keys=True))
        else:
            _print_result(result)


def register_selfplay(groups: Groups) -> None:
    @groups.root.command("selfplay")
    def selfplay(
        game: str = typer.Argument(..., help="The game, e.g. regulator."),
        out: Path = typer.Option(
            ..., "--out", help="Folder for the data: one .npz per game and index.json."
        ),
        level: str | None = typer.Option(
            None,
            "--level",
            help="The bot level playing every seat (the game's own, as in regalia arena). "
            "Default: the game's strongest.",
        ),
        games: int = typer.Option(10, "--games", help="Number of games (at least 1)."),
        seed: int = typer.Option(
            0, "--seed", help="Game i is dealt with seed SEED+i: the same seed, the same data."
        ),
        jobs: int = typer.Option(1, "--jobs", help="Worker processes (0: one per CPU)."),
        ray: str | None = typer.Option(
            None,
            "--ray",
            help="Play the games as Ray tasks instead of --jobs processes: 'local' starts "
            "Ray on this machine, 'auto' joins this machine's cluster, HOST:6379 the "
            "cluster whose head is there. Same seed, same data as --jobs; the files are "
            "written here.",
        ),
        nodes: int | None = typer.Option(
            None,
            "--nodes",
            help="Nodes per action for a searching level, no clock. Default: the level's "
            "own node bound, its clock dropped (as regalia arena). Either way reproducible.",
        ),
        players: int | None = typer.Option(
            None, "--players", help="Table size (default: the game's smallest)."
        ),
        option: list[str] = typer.Option(
            [], "--option", help="Game option NAME=VALUE (repeatable)."
        ),
        max_plies: int | None = typer.Option(
            None,
            "--max-plies",
            help="Safety cap: a longer game stops there, truncated (rewards 0).",
        ),
    ) -> None:
        """Self-play data: games of one bot level against itself, every decision saved in
        the batched environments' format (obs, mask, action, to_play; rewards per game).
        Progress on stderr; a seed replays exactly."""
        with user_errors():
            if jobs < 0:
                raise fail(f"--jobs is 0 (one per CPU) or more, not {jobs}")
            spec = SelfplaySpec(
                game=game,
                games=games,
                seed=seed,
                level=level,
                out=str(out),
                players=players,
                nodes=nodes,
                max_plies=max_plies,
                options=_options(option),
            )
            workers = jobs if jobs > 0 else (os.cpu_count() or 1)
            result = _run_selfplay(spec, workers, ray)
        reports = result.reports
        truncated = sum(r.truncated for r in reports)
        typer.echo(
            f"{len(reports)} {spec.game} games of {result.level} against itself, "
            f"{result.steps} decisions, in {out} (index.json)"
            + (f"; {truncated} truncated at the ply limit" if truncated else "")
        )


def _run_selfplay(spec: SelfplaySpec, jobs: int, ray: str | None) -> SelfplayResult:
    plan(spec)  # bad values are answered before the progress bar starts
    check_out_dir(spec.out)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    )
    with progress:
        task = progress.add_task(f"{spec.game} selfplay", total=max(spec.games, 1))

        def advance(_: ShardReport) -> None:
            progress.advance(task)

        try:
            return run_selfplay(spec, jobs, advance, ray)
        except BadNotation:
            raise
        except Exception as exc:  # a bot or rules bug in a worker: say which, briefly
            raise BadNotation(f"a game failed: {type(exc).__name__}: {exc}") from exc


def _suite(game: str, asked: str) -> str | None:
    """The suite file `--openings` names (None: every game from the start)."""
    if asked == "none":
        return None
    if asked == "auto":
        found = suites.shipped(game.strip().lower())
        return str(found) if found else None
    return asked


def _sprt(asked: str | None, alpha: float, beta: float) -> Sprt | None:
    if asked is None:
        return None
    try:
        elo0, elo1 = (float(x) for x in asked.split(","))
    except ValueError:
        raise fail(f"--sprt wants ELO0,ELO1 (e.g. 0,20), not {asked!r}") from None
    try:
        return Sprt(elo0, elo1, alpha, beta)
    except ValueError as exc:
        raise fail(str(exc)) from None


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise fail(f"--option wants NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _run(spec: MatchSpec, jobs: int, ray: str | None = None) -> MatchResult:
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    )
    with progress:
        task = progress.add_task(f"{spec.game} arena", total=spec.games)

        def advance(_: GameReport) -> None:
            progress.advance(task)

        try:
            return run_match(spec, jobs, advance, ray)
        except BadNotation:
            raise
        except Exception as exc:  # a bot or rules bug in a worker: say which, briefly
            raise BadNotation(f"a game failed: {type(exc).__name__}: {exc}") from exc


def _print_result(result: MatchResult) -> None:
    out = Console(highlight=False)
    out.width = max(out.width, 110)  # the table's rows must not wrap or cut agent names
    spec = result.spec
    sides = result.sides
    distinct = result.distinct_tallies()
    few = len(result.distinct) < 2  # one distinct game: no spread, so no interval
    table = Table(title=f"{spec.game}: {len(result.reports)} games, seed {spec.seed}")
    columns = ("agent", "games", "distinct", "wins", "draws", "losses", "score [95%]", "Elo [95%]")
    for column in columns:
        table.add_column(column, justify="left" if column == "agent" else "right")
    for label, tally in result.tallies.items():
        interval = result.interval(label)
        table.add_row(
            label,
            str(tally.games),
            str(distinct[label].games),
            str(tally.wins),
            str(tally.draws),
            str(tally.losses),
            _pct(interval.mean) if few else
            f"{_pct(interval.mean)} [{_pct(interval.low)}, {_pct(interval.high)}]",
            "n/a" if few else result.elo(label).text(),
        )  # fmt: skip
    out.print(table)
    if sides > 2:
        out.print(f"baseline score with {sides} sides: {_pct(1 / sides)}; Elo is against the field")
    else:
        out.print("Elo is the difference against the other side")
    unique = len(result.distinct)
    if unique < len(result.reports):
        out.print(
            f"[yellow]{len(result.reports) - unique} of {len(result.reports)} games replayed an "
            "earlier one move for move (deterministic agents from the same start): the "
            "intervals count each distinct game once; a suite of openings (--openings) "
            "gives each pair of games its own start[/]"
        )
    opening = Path(spec.openings).name if spec.openings else "the start position"
    out.print(f"openings: {opening}")
    for label in dict.fromkeys(r for report in result.reports for r in report.seats):
        out.print(f"budget of {label}: {budget_text(spec, label)}")
    if spec.reproducible:
        out.print(f"reproducible: the same command (seed {spec.seed}) plays the same games")
    else:
        out.print(
            "[yellow]not reproducible: --movetime gives each action wall-clock time, so the "
            "games depend on the machine's speed and load (--nodes N replays exactly)[/]"
        )
    if result.sprt is not None and spec.sprt is not None:
        test = spec.sprt
        played = f"{len(result.reports)} of {result.planned} games"
        out.print(f"SPRT [{test.elo0:g}, {test.elo1:g}] for {spec.agents[0].strip()}, alpha "
                  f"{test.alpha:g}, beta {test.beta:g}: {result.sprt.text(test.elo0, test.elo1)}"
                  f" ({played})")  # fmt: skip
    capped = result.capped
    if capped:
        out.print(f"[yellow]{capped} game(s) stopped as draws: {PLY_LIMIT_REASON}[/]")
    for label, tally in result.tallies.items():
        for line in _stat_lines(tally.stats):
            out.print(f"{label}: {line}")


def _stat_lines(stats: dict[str, float]) -> list[str]:
    """`x.hits` / `x.of` pairs read as a rate; anything else as a sum."""
    lines = []
    for name in sorted(stats):
        if name.endswith(".of"):
            continue
        if name.endswith(".hits"):
            base = name.removesuffix(".hits")
            total = stats.get(base + ".of", 0.0)
            rate = stats[name] / total if total else math.nan
            lines.append(f"{base}: {stats[name]:.0f}/{total:.0f} = {_pct(rate)}")
        else:
            lines.append(f"{name}: {stats[name]:g}")
    return lines


def _pct(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{100 * value:.1f}%"
