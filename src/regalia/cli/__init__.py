"""The `regalia` command. Each area registers its own commands from its own module."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass

import typer

try:  # Typer 0.2x vendors Click; older Typers use the Click package
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover
    from click import exceptions as click_exc  # type: ignore[no-redef]

# One module per area; each defines `register(groups: Groups) -> None`.
AREAS = (
    "regalia.cli.play",
    "regalia.cli.regulator",
    "regalia.cli.regicide",
    "regalia.cli.regicida",
    "regalia.cli.ai",
    "regalia.cli.conformance",
    "regalia.cli.serve",
    "regalia.cli.export",
    "regalia.cli.backup",
    "regalia.cli.admin",
    "regalia.cli.doctor",
    "regalia.cli.bot",
    "regalia.puzzles.cli",
)


@dataclass(frozen=True)
class Groups:
    root: typer.Typer
    perft: typer.Typer
    play: typer.Typer
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
        play=typer.Typer(
            help="Play any game in the terminal, against bots or hot-seat: regalia play GAME. "
            "Every game takes --players, --seats, --names, --seed, --think, --load, --position "
            "and --option NAME=VALUE, plus a flag per seat (regalia play regulator --black "
            "strong) and per game option (--regulator 3); regalia play GAME --help lists them."
        ),
        engine=typer.Typer(help="Speak an engine protocol over stdin/stdout."),
    )
    root.add_typer(groups.perft, name="perft", no_args_is_help=True)
    root.add_typer(groups.play, name="play", no_args_is_help=True)
    root.add_typer(groups.engine, name="engine", no_args_is_help=True)
    for area in AREAS:
        importlib.import_module(area).register(groups)
    return root


def main(argv: list[str] | None = None) -> None:
    """Run the command; a usage error becomes one `error:` line and exit code 2."""
    command = typer.main.get_command(build())
    try:
        code = command.main(args=argv, prog_name="regalia", standalone_mode=False)
    except click_exc.NoArgsIsHelpError as exc:
        # Typer's Rich help prints itself while the message is built; plain Click returns it.
        if exc.format_message().strip():
            print(exc.format_message())
        sys.exit(0)
    except click_exc.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx else "regalia"
        print(f"error: {exc.format_message()} (see '{where} --help')", file=sys.stderr)
        sys.exit(2)
    except click_exc.ClickException as exc:
        print(f"error: {exc.format_message()}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("aborted", file=sys.stderr)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
