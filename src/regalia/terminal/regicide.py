"""Regicide drawn for the terminal: the cross board in the seats' colours, and the teams.

`render_view` is the game's `terminal_view`; it draws from a view alone.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from regalia.core.game import Seat
from regalia.games.regicide import board as B

SEAT_STYLES = ("bold yellow1", "bold green3", "bold red1", "bold dodger_blue1")
LIGHT, DARK, LAST = "on grey42", "on grey23", "on dark_cyan"


def render_view(view: dict[str, Any], seat: Seat | None = None) -> Group:
    return Group(draw_board(view), status(view))


def draw_board(view: dict[str, Any]) -> Text:
    """The cross board, Blue's rank 14 on top, pieces in their seat's colour."""
    pieces = {p["square"]: (p["seat"], p["piece"]) for p in view["pieces"]}
    last = view["last_move"]
    marked = {last["from"], last["to"]} if last else set()
    text = Text()
    for rank in range(B.SIZE, 0, -1):
        text.append(f"{rank:>2} ")
        for file in range(B.SIZE):
            sq = (rank - 1) * B.SIZE + file
            if not B.VALID[sq]:
                text.append("   ")
                continue
            name = B.square_name(sq)
            background = LAST if name in marked else LIGHT if B.is_light(sq) else DARK
            if name in pieces:
                owner, piece = pieces[name]
                # The seat letter keeps pieces apart where the terminal shows no colour.
                cell = f"{B.SEAT_LETTERS[owner].lower()}{piece} "
                text.append(cell, style=f"{SEAT_STYLES[owner]} {background}")
            else:
                text.append("   ", style=background)
        text.append("\n")
    text.append("   " + "".join(f" {f} " for f in B.FILES) + "\n")
    return text


def status(view: dict[str, Any]) -> Text:
    """The teams (a captured king struck through) and the last round of moves."""
    names = view["seats"]
    text = Text()
    for team, members in enumerate(view["teams"]):
        text.append("light: " if team == 0 else " | dark: ")
        for number, member in enumerate(members):
            style = SEAT_STYLES[member] + (" strike" if member in view["kings_captured"] else "")
            text.append(", " if number else "")
            text.append(names[member], style=style)
    captured = [names[s] for s in view["kings_captured"]]
    text.append(f"\nkings captured: {', '.join(captured) or 'none'}")
    if view["history"]:
        text.append(f"   last moves: {', '.join(last_moves(view))}")
    return text


def last_moves(view: dict[str, Any]) -> list[str]:
    """The moves since the seat to move last moved, forced passes (C13) included.

    Every ply, a pass too, hands the turn to the next seat, so the move `k` plies back was
    made by the seat `k` places before the one to move."""
    history, names = view["history"], view["seats"]
    recent = history[-(len(names) - 1) :]
    return [
        f"{names[(view['turn'] - len(recent) + i) % len(names)]} {move}"
        for i, move in enumerate(recent)
    ]
