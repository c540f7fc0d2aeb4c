"""The position text format (FEN-like), read and written. Described in docs/rules/regicide.md.

Seven fields separated by spaces:

1. pieces: four groups in seat order joined by `/`, each `<seat letter>:` and a comma list of
   `<piece><square>`; a pawn adds `:0` (never moved), `:1` (moved once), nothing (moved
   twice or more), or `:N` `:E` `:S` `:W` (turned at a dead end, for good, that way);
2. seat to move (`Y G R B`); 3. castling rights as the squares of the rooks that may still
   castle, comma-separated, or `-`; 4. seats whose king has been captured, or `-`;
5. the en passant square, or `-`; 6. plies since the last capture or pawn move;
7. the round number (a round is Yellow, Green, Red and Blue moving once each).
"""

from __future__ import annotations

import re

from regalia.core.errors import BadPosition
from regalia.games.regicide import board as B
from regalia.games.regicide.moves import (
    KIND_OF_LETTER,
    KING,
    PAWN,
    PAWN0,
    PAWN1,
    ROOK,
    TURNED,
    is_pawn,
    letter,
)
from regalia.games.regicide.position import Position

_TOKEN = re.compile(r"^([KQRBNP])([a-hj-o]\d{1,2})(?::([01NESW]))?$")
_ORDER = "KQRBNP"
_PAWN_SUFFIX = {PAWN0: ":0", PAWN1: ":1", PAWN: ""}
_PAWN_SUFFIX.update({kind: ":" + B.DIR_LETTERS[d] for d, kind in enumerate(TURNED)})
_SUFFIX_KIND = {v: k for k, v in _PAWN_SUFFIX.items()}


def piece_token(code: int, sq: int) -> str:
    kind = code & 15
    suffix = _PAWN_SUFFIX[kind] if is_pawn(kind) else ""
    return f"{letter(kind)}{B.square_name(sq)}{suffix}"


def to_text(pos: Position) -> str:
    groups = []
    for seat in range(4):
        tokens = sorted(
            pos.pieces[seat],
            key=lambda sq: (_ORDER.index(letter(pos.board[sq] & 15)), sq),
        )
        body = ",".join(piece_token(pos.board[sq], sq) for sq in tokens)
        groups.append(f"{B.SEAT_LETTERS[seat]}:{body}")
    rooks = [B.square_name(B.CASTLES[r][2]) for r in range(8) if pos.castling >> r & 1]
    kingless = "".join(B.SEAT_LETTERS[s] for s in range(4) if pos.king_captured[s])
    fields = [
        "/".join(groups),
        B.SEAT_LETTERS[pos.turn],
        ",".join(rooks) or "-",
        kingless or "-",
        B.square_name(pos.ep) if pos.ep >= 0 else "-",
        str(pos.halfmove),
        str(pos.round),
    ]
    return " ".join(fields)


# The refusals name the position's field in one whole sentence per field, so each
# translates as a whole (a field's name put into a sentence would stay English).


def _seat(text: str, field: str) -> int:
    if len(text) != 1 or text.upper() not in B.SEAT_LETTERS:
        if field == "turn":
            message = f"position turn: {text!r} is not a seat letter (Y, G, R or B)"
        else:
            message = f"position kings captured: {text!r} is not a seat letter (Y, G, R or B)"
        raise BadPosition(message)
    return B.SEAT_LETTERS.index(text.upper())


def _square(text: str, field: str) -> int:
    sq = B.parse_square(text)
    if sq is None:
        if field == "castling":
            message = f"position castling: {text!r} is not a square of the board"
        else:
            message = f"position en passant: {text!r} is not a square of the board"
        raise BadPosition(message)
    return sq


def _number(text: str, field: str, minimum: int) -> int:
    if not text.isdigit() or int(text) < minimum:
        if field == "clock":
            message = f"position clock: {text!r} is not a whole number >= {minimum}"
        else:
            message = f"position round: {text!r} is not a whole number >= {minimum}"
        raise BadPosition(message)
    return int(text)


def _read_pieces(text: str) -> list[int]:
    board = [0] * B.NSQ
    groups = text.split("/")
    if len(groups) != 4:
        raise BadPosition(f"position pieces: need 4 groups joined by '/', found {len(groups)}")
    for seat, group in enumerate(groups):
        name = B.SEAT_NAMES[seat]
        head, colon, body = group.partition(":")
        if not colon or head.upper() != B.SEAT_LETTERS[seat]:
            raise BadPosition(f"position pieces: group {seat + 1} must start with '{name[0]}:'")
        kings = 0
        for token in filter(None, body.split(",")):
            match = _TOKEN.match(token)
            if match is None:
                raise BadPosition(f"position pieces: {name} {token!r} is not like Ka7 or Pb4:0")
            piece, where, suffix = match.groups()
            found = B.parse_square(where)
            if found is None:
                raise BadPosition(
                    f"position pieces ({name} {token}): {where!r} is not a square of the board"
                )
            sq = found
            if board[sq]:
                raise BadPosition(f"position pieces: two pieces on {where}")
            if piece == "P":
                kind = _SUFFIX_KIND[f":{suffix}" if suffix else ""]
                if B.on_any_back_rank(sq):
                    raise BadPosition(f"position pieces: {name} pawn on back rank square {where}")
                if kind in TURNED and TURNED.index(kind) % 2 == B.FORWARD_DIR[seat] % 2:
                    raise BadPosition(f"position pieces: {name} pawn {token} cannot turn that way")
            elif suffix:
                raise BadPosition(f"position pieces: only pawns take a suffix ({token})")
            else:
                kind = KIND_OF_LETTER[piece]
            kings += kind == KING
            board[sq] = seat << 4 | kind
        if kings > 1:
            raise BadPosition(f"position pieces: {name} has {kings} kings")
    return board


def from_text(text: str) -> Position:
    """Read a position text; raises BadPosition saying which field is wrong."""
    fields = text.split()
    if len(fields) != 7:
        raise BadPosition(f"position: need 7 fields separated by spaces, found {len(fields)}")
    pieces, turn_text, castle_text, kingless_text, ep_text, clock_text, round_text = fields
    board = _read_pieces(pieces)
    turn = _seat(turn_text, "turn")
    castling = 0
    for name in castle_text.split(",") if castle_text != "-" else []:
        sq = _square(name, "castling")
        rights = [r for r in range(8) if B.CASTLES[r][2] == sq]
        if not rights:
            raise BadPosition(f"position castling: {name} is not an original rook square")
        right = rights[0]
        seat = right // 2
        king_from, _, rook_from, _, _ = B.CASTLES[right]
        if board[rook_from] != seat << 4 | ROOK or board[king_from] != seat << 4 | KING:
            raise BadPosition(
                f"position castling: {name} needs {B.SEAT_NAMES[seat]}'s rook there "
                f"and king on {B.square_name(king_from)}"
            )
        castling |= 1 << right
    kingless = (
        {_seat(c, "kings captured") for c in kingless_text} if kingless_text != "-" else set()
    )
    for seat in range(4):
        has_king = any(board[sq] == seat << 4 | KING for sq in B.SQUARES)
        if has_king == (seat in kingless):
            # Two whole sentences, so each translates as a whole.
            name, letter = B.SEAT_NAMES[seat], B.SEAT_LETTERS[seat]
            if has_king:
                message = (
                    f"position kings captured: {name} has a king, so {letter} must not be listed"
                )
            else:
                message = f"position kings captured: {name} has no king, so {letter} must be listed"
            raise BadPosition(message)
    ep = ep_pawn = -1
    if ep_text != "-":
        ep = _square(ep_text, "en passant")
        mover = (turn - 1) & 3
        ep_pawn = B.STEP[B.FORWARD_DIR[mover]][ep]
        behind = B.STEP[(B.FORWARD_DIR[mover] + 2) % 4][ep]
        if (
            board[ep]
            or ep_pawn < 0
            or behind < 0
            or board[ep_pawn] >> 4 != mover
            or board[ep_pawn] & 15 not in (PAWN1, PAWN)
        ):
            raise BadPosition(
                f"position en passant: {ep_text} is not a square a {B.SEAT_NAMES[mover]} pawn "
                "just passed over"
            )
    halfmove = _number(clock_text, "clock", 0)
    round_number = _number(round_text, "round", 1)
    return Position(board, turn, castling, ep, ep_pawn, halfmove, round_number)


START_TEXT = to_text(Position.start())
