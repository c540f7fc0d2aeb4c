"""How a view is drawn: by the game's own `terminal_view`, else as a table of its fields."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from regalia.core.game import Game, Seat
from regalia.core.registry import load_ref

Drawer = Callable[[dict[str, Any], Seat | None], RenderableType]
HIDDEN_FIELDS = ("legal",)  # `moves` lists them, readably; a dump of codes helps nobody


def drawer_for(game: Game[Any]) -> Drawer:
    if not game.terminal_view:
        return render_fields
    drawer: Drawer = load_ref(game.terminal_view)
    return drawer


def render_fields(view: dict[str, Any], seat: Seat | None = None) -> Table:
    """Any game's view, one field a row: `my_word  amber`, `bids  1, 0, 2`."""
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, value in view.items():
        if key not in HIDDEN_FIELDS:
            table.add_row(key.replace("_", " "), Text(compact(value)))
    return table


def compact(value: Any) -> str:
    """A value on one short line: lists joined by commas, nested values as compact JSON."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        return ", ".join(_inner(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_inner(item)}" for key, item in value.items()) or "none"
    return str(value)


def _inner(value: Any) -> str:
    if isinstance(value, str | int | float | bool) or value is None:
        return compact(value)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
