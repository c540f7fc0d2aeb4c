"""Helpers shared by CLI commands: one-line errors with exit code 2."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import typer
from rich.console import Console

from regalia.core.errors import RegaliaError

T = TypeVar("T")
err_console = Console(stderr=True, highlight=False)


def fail(message: str) -> typer.Exit:
    """Print `error: message` on stderr; raise the returned Exit (code 2)."""
    err_console.print(f"[bold red]error:[/] {message}", markup=True, soft_wrap=True)
    return typer.Exit(code=2)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn any RegaliaError raised inside into a one-line message and exit code 2."""
    try:
        yield
    except RegaliaError as exc:
        raise fail(str(exc)) from None


def guarded(func: Callable[[], T]) -> T:
    with user_errors():
        return func()
