"""CLI commands of the regicida area: the referee (`regicida rank|verdict`).

`regalia play regicida` is the generic `regalia play` (`regalia.cli.play`)."""

from __future__ import annotations

import json
import sys

import typer

from regalia.cli import Groups
from regalia.cli.common import fail, user_errors
from regalia.core.errors import BadNotation, RegaliaError
from regalia.games.regicida.board import Board, parse_board
from regalia.games.regicida.houses import house, objective
from regalia.games.regicida.referee import (
    judge,
    rank,
    ranking_json,
    read_identities,
    read_objective,
    read_succession,
    read_votes,
    verdict_json,
)
from regalia.games.regicida.scoring import HouseScore
from regalia.textfile import read_user_text

OBJECTIVE_HELP = "required: the Objective, united, divide, central or borders"
SUCCESSION_HELP = 'required: the Line of Succession, first House first, e.g. "3 1 6 2 5 4"'
BOARD_HELP = (
    "required: the final grid in the H11 text (six lines like `3L 1D 6L 2L 2L 5D`); - for stdin"
)


def _required(value: str | None, name: str) -> str:
    """Typer's own missing-option message is a multi-line box; ours is one line."""
    if value is None:
        raise BadNotation(f"{name} is required (see --help)")
    return value


def _read_board(path: str) -> Board:
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            text = read_user_text(path, "board file")
        except RegaliaError as exc:
            raise fail(str(exc)) from None
    try:
        return parse_board(text)
    except RegaliaError as exc:
        raise fail(f"board file {path}: {exc}") from None


def _ranking_lines(key: str, ranking: tuple[HouseScore, ...]) -> list[str]:
    lines = [f"Objective: {objective(key).title}", "rank  house          score  light-only"]
    for s in ranking:
        name = f"{s.house} {house(s.house).name}"
        lines.append(f"{s.rank:>4}  {name:<13}  {s.score:>5}  {s.light_score:>10}")
    return lines


def rank_command(
    board_file: str | None = typer.Argument(None, metavar="BOARD_FILE", help=BOARD_HELP),
    objective_name: str | None = typer.Option(None, "--objective", help=OBJECTIVE_HELP),
    succession: str | None = typer.Option(None, "--succession", help=SUCCESSION_HELP),
    as_json: bool = typer.Option(False, "--json", help="print a JSON array in rank order"),
) -> None:
    """The Coronation ranking of a finished grid: score, then light-only score, then line."""
    with user_errors():
        key = read_objective(_required(objective_name, "--objective"))
        line = read_succession(_required(succession, "--succession"))
        path = _required(board_file, "BOARD_FILE")
    ranking = rank(_read_board(path), key, line)
    if as_json:
        typer.echo(json.dumps(ranking_json(ranking, line)))
    else:
        typer.echo("\n".join(_ranking_lines(key, ranking)))


def verdict_command(
    board_file: str | None = typer.Argument(None, metavar="BOARD_FILE", help=BOARD_HELP),
    objective_name: str | None = typer.Option(None, "--objective", help=OBJECTIVE_HELP),
    succession: str | None = typer.Option(None, "--succession", help=SUCCESSION_HELP),
    identities: str | None = typer.Option(
        None,
        "--identities",
        help='required: each player\'s House in seat order, e.g. "Ana=2,Bruno=5,Caio=1"',
    ),
    votes: str | None = typer.Option(
        None,
        "--votes",
        help='required: each player\'s vote, e.g. "Ana=Bruno,Bruno=Neutral,Caio=Ana"',
    ),
    as_json: bool = typer.Option(False, "--json", help="print a JSON object"),
) -> None:
    """The Assassination: the Regent House, its holder, the votes and the winners."""
    with user_errors():
        key = read_objective(_required(objective_name, "--objective"))
        line = read_succession(_required(succession, "--succession"))
        table = read_identities(_required(identities, "--identities"))
        cast = read_votes(_required(votes, "--votes"), table)
        path = _required(board_file, "BOARD_FILE")
    board = _read_board(path)
    with user_errors():
        found = judge(board, key, line, table, cast)
        out = verdict_json(board, key, line, table, cast)
    if as_json:
        typer.echo(json.dumps(out))
        return
    target, winners = str(out["target"]), [table.names[s] for s in found.winners]
    holder = "the Neutral Player" if found.target is None else target
    outcome = "succeeded" if found.assassinated else "failed"
    lines = [
        f"Regent House: {found.regent} {house(found.regent).name}, held by {holder}",
        f"Target: {target}, {found.votes_for_target} vote(s)",
        f"Assassination: {outcome}",
        f"Winners: {', '.join(winners) if winners else 'none — everyone loses'}",
    ]
    typer.echo("\n".join(lines))


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    referee = typer.Typer(help="Referee tools for physical Regicida tables.")
    referee.command("rank")(rank_command)
    referee.command("verdict")(verdict_command)
    groups.root.add_typer(referee, name="regicida", no_args_is_help=True)
