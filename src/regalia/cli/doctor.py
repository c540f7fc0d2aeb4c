"""`regalia doctor` and `regalia --version`: the version, and which path the engines run on."""

from __future__ import annotations

import platform

import typer

from regalia import __version__, native
from regalia.cli import Groups


def version_line() -> str:
    """`regalia 0.1.0 (Python 3.11.7; engines compiled (10 Cython extension modules))`."""
    return f"regalia {__version__} (Python {platform.python_version()}; engines {native.path()})"


def doctor_command() -> None:
    """Say which path the engines run on, module by module."""
    print(version_line())
    for name, compiled in native.status().items():
        print(f"  {name}: {'compiled' if compiled else 'interpreted'}")
    if native.pure_requested():
        print(f"{native.PURE_VARIABLE}=1 is set: the engines run as Python source.")
    else:
        print(
            "The compiled modules are built at install time (pip install, make) when a C "
            f"compiler is present; {native.PURE_VARIABLE}=1 runs the same modules interpreted."
        )


def _print_version(value: bool) -> None:
    if value:
        print(version_line())
        raise typer.Exit()


def root_options(
    version: bool = typer.Option(
        False,
        "--version",
        is_eager=True,
        callback=_print_version,
        help="Print the version and which path the engines run on (compiled or interpreted).",
    ),
) -> None:
    """Options of `regalia` itself."""


def register(groups: Groups) -> None:
    """Add `regalia doctor` and the `--version` option of `regalia`."""
    groups.root.callback()(root_options)
    groups.root.command(
        "doctor",
        help="Show the version and whether the engines run compiled (Cython) or interpreted.",
    )(doctor_command)
