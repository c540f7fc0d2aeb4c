"""Small builders for hand-made Regicide positions in tests."""

from __future__ import annotations

from typing import Any

from regalia.games.regicide import GAME, RegicideState
from regalia.games.regicide.board import parse_square
from regalia.games.regicide.moves import KING
from regalia.games.regicide.notation import coordinate, parse
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import from_text

# Kings only, each on its start square: the quietest legal position.
KINGS = {"Y": "Ka7", "G": "Kg1", "R": "Ko8", "B": "Kh14"}


def text(
    turn: str = "Y",
    castling: str = "-",
    ep: str = "-",
    clock: int = 0,
    round_number: int = 1,
    **pieces: str,
) -> str:
    """A position text from piece lists per seat letter, e.g. text(Y="Ka7,Pe12:0")."""
    groups = {**KINGS, **pieces}
    kingless = "".join(s for s in "YGRB" if "K" not in [t[:1] for t in groups[s].split(",")])
    body = "/".join(f"{s}:{groups[s]}" for s in "YGRB")
    return f"{body} {turn} {castling} {kingless or '-'} {ep} {clock} {round_number}"


def position(**kwargs: Any) -> Position:
    return from_text(text(**kwargs))


def state(**kwargs: Any) -> RegicideState:
    return GAME.from_position(text(**kwargs))


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def coords(pos: Position) -> set[str]:
    """The legal moves of `pos` in coordinate form."""
    return {coordinate(m) for m in pos.legal_moves()}


def play(pos: Position, *moves: str) -> None:
    for move in moves:
        pos.push(parse(pos, move))


def king_step(pos: Position) -> None:
    """A quiet king move for the seat to move, between its start square and a neighbour,
    to let that seat's turn go by without changing anything else."""
    seat = pos.turn
    home = sq(KINGS["YGRB"[seat]][1:])
    quiet = [
        m
        for m in pos.legal_moves()
        if pos.board[m & 255] == seat << 4 | KING and not pos.is_capture(m)
    ]
    assert quiet, "no quiet king move"
    back = [m for m in quiet if (m >> 8) & 255 == home]
    pos.push((back or quiet)[0])
