"""Regulator Chess drawn for the terminal: a coloured board beside the regulator track.

`render_view` is the game's `terminal_view`: it draws from a view alone (no state), so
the generic loop (`regalia.terminal.loop`) can show any seat's or a spectator's screen.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from regalia.core.game import Outcome, Result, Seat
from regalia.games.regulator.board import BISHOP_JUMPS_FROM, KNIGHT_SLIDES_FROM
from regalia.games.regulator.game import SEAT_NAMES, result_token

LIGHT, DARK = "on #f0d9b5", "on #b58863"
WHITE_PIECE, BLACK_PIECE = "bold #ffffff", "bold #000000"
TRACK_ON, TRACK_OFF = "bold black on #ffd75f", "#808080"


def render_view(view: dict[str, Any], seat: Seat | None = None) -> Group:
    """The board (rank 7 at the top) beside the regulator track, and the status lines."""
    lines: list[Text] = []
    for row, rank_text in enumerate(view["board"]):
        rank = 7 - row
        line = Text(f" {rank} ")
        for file, letter in enumerate(rank_text):
            background = DARK if (file + rank) % 2 == 0 else LIGHT  # a1 is dark
            if letter == ".":
                line.append("   ", style=background)
            else:
                colour = WHITE_PIECE if letter.isupper() else BLACK_PIECE
                line.append(f" {letter} ", style=f"{colour} {background}")
        space = rank  # track spaces 7..1 beside ranks 7..1
        marker = f" {space} " if space != view["regulator"] else f"[{space}]"
        line.append("    ")
        line.append(marker, style=TRACK_ON if space == view["regulator"] else TRACK_OFF)
        line.append(_track_note(space))
        lines.append(line)
    lines.append(Text("    a  b  c  d  e     regulator"))
    powers = view["powers"]
    status = Text("Powers: ")
    status.append(
        f"bishops move as knights too ({BISHOP_JUMPS_FROM}+): "
        + ("on" if powers["bishop_knight"] else "off"),
        style="bold green" if powers["bishop_knight"] else "dim",
    )
    status.append(" | ")
    status.append(
        f"knights move as rooks too ({KNIGHT_SLIDES_FROM}+): "
        + ("on" if powers["knight_rook"] else "off"),
        style="bold green" if powers["knight_rook"] else "dim",
    )
    lines.append(status)
    lines.append(Text(_status(view), style="bold"))
    return Group(*lines)


def _track_note(space: int) -> str:
    if space == KNIGHT_SLIDES_FROM:
        return "  knights + rook moves"
    if space == BISHOP_JUMPS_FROM:
        return "  bishops + knight moves"
    return ""


def _status(view: dict[str, Any]) -> str:
    parts = []
    if view["last_move"]:
        parts.append(f"Last move: {view['last_move']['san']}.")
    if view["result"] is not None:
        result = Result(
            tuple(Outcome(o) for o in view["result"]["outcomes"]), view["result"]["reason"]
        )
        parts.append(f"Game over ({result_token(result)}): {result.reason}.")
    else:
        check = " (in check)" if view["check"] else ""
        parts.append(f"{SEAT_NAMES[view['turn']]} to move{check}.")
    return " ".join(parts)
