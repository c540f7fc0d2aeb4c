"""The `regalia` command. Each area registers its own commands from its own module."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import typer

# One module per area; each defines `register(groups: Groups) -> None`.
AREAS = (
    "regalia.cli.regulator",
    "regalia.cli.regicide",
    "regalia.cli.regicida",
    "regalia.cli.ai",
    "regalia.cli.serve",
)


@dataclass(frozen=True)
class Groups:
    root: typer.Typer
    perft: typer.Typer
    play: typer.Typer
    regicida: typer.Typer
    engine: typer.Typer


def build() -> typer.Typer:
    root = typer.Typer(
        help="Regalia: Regicide, Regicida and Regulator Chess — play, referee, study, research.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    groups = Groups(
        root=root,
        perft=typer.Typer(help="Count leaf nodes of legal-move trees (move-generator checks)."),
        play=typer.Typer(help="Play a game in the terminal against bots or hot-seat."),
        regicida=typer.Typer(help="Referee tools for physical Regicida tables."),
        engine=typer.Typer(help="Speak an engine protocol over stdin/stdout."),
    )
    root.add_typer(groups.perft, name="perft", no_args_is_help=True)
    root.add_typer(groups.play, name="play", no_args_is_help=True)
    root.add_typer(groups.regicida, name="regicida", no_args_is_help=True)
    root.add_typer(groups.engine, name="engine", no_args_is_help=True)
    for area in AREAS:
        importlib.import_module(area).register(groups)
    return root


def main() -> None:
    build()(prog_name="regalia")
