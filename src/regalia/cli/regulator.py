"""CLI commands of the regulator area: `perft regulator`, `engine regulator` and
`tablebase build | check | probe` (the endgame tables, `regalia.ai.regulator.tablebase`).

`regalia play regulator` is the generic `regalia play` (`regalia.cli.play`)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import typer

from regalia.cli import Groups
from regalia.cli.common import fail, user_errors
from regalia.core.errors import BadNotation
from regalia.games.regulator import coordinate, read_fen
from regalia.games.regulator.perft import divide, perft, start


def _whole(text: str, option: str, low: int, high: int | None = None) -> int:
    """Read an option's whole number ourselves, so a bad one is a one-line error."""
    try:
        value = int(text.strip())
    except ValueError:
        raise BadNotation(f"{option} {text!r} is not a whole number") from None
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"{low} or more"
        raise BadNotation(f"{option} {value} is outside {bound}")
    return value


def perft_command(
    depth: str | None = typer.Option(None, "--depth", "-d", help="required: plies (0 or more)"),
    fen: str | None = typer.Option(None, "--fen", help="start from this position (R12)"),
    show_divide: bool = typer.Option(False, "--divide", help="list each root move's count"),
) -> None:
    """Count leaf nodes of the legal-move tree (draw rules ignored). Last line: the count."""
    with user_errors():
        if depth is None:
            # Typer's own missing-option message is a multi-line box; ours is one line.
            raise BadNotation("--depth is required (see --help)")
        plies = _whole(depth, "--depth", 0)
        position = read_fen(fen) if fen is not None else start()
        if show_divide and plies < 1:
            raise BadNotation("--divide needs --depth 1 or more")
    if show_divide:
        rows = divide(position, plies)
        for move, count in rows:
            typer.echo(f"{coordinate(move)}: {count}")
        typer.echo(sum(count for _, count in rows))
    else:
        typer.echo(perft(position, plies))


def engine_command() -> None:
    """Speak UCI on stdin/stdout (see docs/engine.md); `quit` ends it."""
    from regalia.ai.regulator.uci import UciSession
    from regalia.ai.uci import serve

    serve(UciSession(sys.stdout), sys.stdin)


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    groups.perft.command("regulator")(perft_command)
    groups.engine.command("regulator")(engine_command)
    tables = typer.Typer(help="Regulator Chess endgame tablebases: build, check, probe.")
    tables.command("build")(build_command)
    tables.command("check")(check_command)
    tables.command("probe")(probe_command)
    tables.command("stats")(stats_command)
    groups.root.add_typer(tables, name="tablebase", no_args_is_help=True)


# -- regalia tablebase ----------------------------------------------------------------------

TABLEBASE_DIR = typer.Option(
    None,
    "--data-dir",
    help="The data directory whose tablebases/ holds the tables "
    "(env REGALIA_TABLEBASES names the directory itself, else REGALIA_DATA_DIR; default ./data).",
)


def _where(data_dir: Path | None) -> Path:
    from regalia.ai.regulator.tablebase import directory

    return directory(data_dir)


def build_command(
    men: int = typer.Option(3, "--men", help="men on the board, kings included (3)"),
    data_dir: Path | None = TABLEBASE_DIR,
) -> None:
    """Solve every ending of two kings and one piece by retrograde analysis; store it."""
    from regalia import native
    from regalia.ai.regulator import tablebase

    if men != 3:
        raise fail(f"--men {men}: only the three-men tables (--men 3) are built so far")
    where = _where(data_dir)
    typer.echo(f"building 3-men tables into {where} ({native.path()})")
    started = time.perf_counter()

    def report(found: tablebase.Stats) -> None:
        typer.echo(
            f"  {found.name}: {found.wins} won, {found.losses} lost, {found.draws} drawn "
            f"(side to move; stored index entries), longest {found.longest} plies, "
            f"{found.seconds:.2f} s CPU"
        )

    tables = tablebase.build(report=report)
    files = tablebase.save(tables, where)
    size = sum(path.stat().st_size for path in files)
    typer.echo(
        f"wrote {len(files)} files, {size / 1024:.0f} KiB, in {time.perf_counter() - started:.1f} s"
    )


def check_command(
    probes: int = typer.Option(2000, "--probes", help="random positions per table"),
    seed: int = typer.Option(0, "--seed"),
    data_dir: Path | None = TABLEBASE_DIR,
) -> None:
    """Check random positions' values against their children's by the reference rules."""
    from regalia.ai.regulator import tablebase, tbcheck

    found = tablebase.load(_where(data_dir))
    if found is None:
        raise fail(f"no tables in {_where(data_dir)}: run regalia tablebase build --men 3")
    report = tbcheck.check(found, sorted(found.tables), probes, seed)
    for problem in report.problems[:20]:
        typer.echo(problem)
    typer.echo(
        f"{report.checked} positions checked, {report.illegal} unreachable ones seen, "
        f"{len(report.problems)} problems"
    )
    if report.problems:
        raise typer.Exit(code=1)


def probe_command(
    fen: str = typer.Argument(..., help="a position (R12) of two kings and one piece"),
    data_dir: Path | None = TABLEBASE_DIR,
) -> None:
    """Win, loss or draw for the side to move, and in how many plies."""
    from regalia.ai.regulator import tablebase

    with user_errors():
        pos = read_fen(fen)
    found = tablebase.load(_where(data_dir))
    verdict = found.probe(pos) if found is not None else None
    if verdict is None:
        raise fail("the tables do not cover this position (built? three men?)")
    if verdict.plies is None:
        typer.echo("draw (100-ply rule)" if verdict.clock else "draw")
    elif verdict.result == "win":
        typer.echo(f"win: mate in {verdict.moves} ({verdict.plies} plies)")
    else:
        typer.echo(f"loss: mated in {verdict.moves} ({verdict.plies} plies)")


def stats_command(data_dir: Path | None = TABLEBASE_DIR) -> None:
    """Count the stored tables' positions by result, per regulator state (docs/engine.md)."""
    from regalia.ai.regulator import tablebase

    found = tablebase.load(_where(data_dir))
    if found is None:
        raise fail(f"no tables in {_where(data_dir)}: run regalia tablebase build --men 3")
    typer.echo("| material | regulator | positions | piece wins | lone king wins | draws "
               "| longest win | one such position |")  # fmt: skip
    typer.echo("|---|---|--:|--:|--:|--:|--:|---|")
    for row in tablebase.census(found):
        typer.echo(
            f"| {row.name} | {row.spaces} | {row.positions} | {row.strong_wins} | "
            f"{row.weak_wins} | {row.draws} | {row.longest} plies | `{row.example}` |"
        )
