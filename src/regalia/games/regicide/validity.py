"""Whether a position set up by hand could arise in play (the board editor, a table started
from a position): every reason it could not, each a plain sentence.

`text.from_text` already refuses what does not read, and with it: two kings of one seat, a
pawn on any back rank (C8 promotes it at once), a castling right without its king and rook
on their first squares (C11), a seat without a king not listed as captured or the other
way round (C12), an en passant square no pawn just passed over (C6). This adds, all at once:

- at most 8 pawns a seat, and no more pieces than promotions could have made (C2 sets up
  one queen, two rooks, two bishops and two knights; C8: any other is a promoted pawn);
- a pawn's state matches where it stands (C5): never moved only on its starting line,
  moved once one or two squares from it (a double step), moved twice or more at least
  two squares from it;
- a pawn turned at a dead end (C9) stands on a dead end's line, turned toward its nearest
  back rank.

A king under attack is no impossibility here: there is no check (C10), so any seat's king
may stand attacked whoever is to move. A position where both kings of a team are gone is a
finished game (C14): it reads, but no game starts from it.

    >>> from regalia.games.regicide.text import START_TEXT
    >>> problems(START_TEXT)
    ()
"""

from __future__ import annotations

from regalia.core.errors import BadPosition
from regalia.games.regicide import board as B
from regalia.games.regicide.moves import (
    BISHOP,
    KNIGHT,
    PAWN,
    PAWN0,
    PAWN1,
    QUEEN,
    ROOK,
    TURNED,
    is_pawn,
)
from regalia.games.regicide.text import from_text

PAWNS = 8  # a seat's pawns at the start (C2)
START_PIECES = {QUEEN: 1, ROOK: 2, BISHOP: 2, KNIGHT: 2}


def distance(seat: int, sq: int) -> int:
    """How many squares forward of its starting line (C2, C4) a pawn of `seat` on `sq` is."""
    file, rank = sq % B.SIZE, sq // B.SIZE
    return (file - 1, rank - 1, B.SIZE - 2 - file, B.SIZE - 2 - rank)[seat]


def problems(text: str) -> tuple[str, ...]:
    """Every reason `text` could not arise in a game; empty when it could."""
    try:
        pos = from_text(text)
    except BadPosition as exc:
        return (str(exc),)
    board = pos.board
    found: list[str] = []
    for seat in range(4):
        name = B.SEAT_NAMES[seat]
        codes = [board[sq] & 15 for sq in B.SQUARES if board[sq] and board[sq] >> 4 == seat]
        pawns = sum(1 for kind in codes if is_pawn(kind))
        promoted = sum(max(0, codes.count(kind) - start) for kind, start in START_PIECES.items())
        if pawns > PAWNS:
            message = f"{name} has {pawns} pawns; a seat has at most {PAWNS}"
            found.append(message)
        elif promoted > PAWNS - pawns:
            message = (
                f"{name} has {promoted} pieces more than the seat starts with, but only "
                f"{PAWNS - pawns} of its pawns are gone to promote"
            )
            found.append(message)
        for sq in B.SQUARES:
            code = board[sq]
            if code and code >> 4 == seat and is_pawn(code & 15):
                found.extend(_pawn_problem(seat, sq, code & 15))
    return tuple(found)


def _pawn_problem(seat: int, sq: int, kind: int) -> tuple[str, ...]:
    """What is wrong with the state of `seat`'s pawn of `kind` on `sq` (C5, C9)."""
    name, where, gone = B.SEAT_NAMES[seat], B.square_name(sq), distance(seat, sq)
    if kind in TURNED:
        dead_end = B.STEP[B.FORWARD_DIR[seat]][sq] < 0
        if dead_end and TURNED.index(kind) == B.turn_direction(seat, sq):
            return ()
        message = f"a {name} pawn turned at a dead end cannot stand on {where} turned that way"
    elif kind == PAWN0 and gone > 0:
        message = f"a {name} pawn on {where} is marked as never moved, off its starting line"
    elif kind != PAWN0 and gone == 0:
        message = f"a {name} pawn on {where} is marked as moved, but stands on its starting line"
    elif kind == PAWN1 and gone > 2:
        message = (
            f"a {name} pawn on {where} is marked as moved once, but one move takes a pawn "
            "at most two squares"
        )
    elif kind == PAWN and gone < 2:
        message = (
            f"a {name} pawn on {where} is marked as moved twice or more, but stands one "
            "square from its starting line"
        )
    else:
        return ()
    return (message,)
