"""Move notation (R13): SAN as in chess and the coordinate form, read and written.

    >>> pos = Position.start()
    >>> san(pos, parse_move(pos, "b1c3")), coordinate(parse_move(pos, "Nc3"))
    ('Nc3', 'b1c3')

SAN names the moving piece by its type even when it uses an empowered move (a bishop's
knight jump is `Bc3`); disambiguation by file, then rank, then both, as in chess; `+` marks
check and `#` checkmate (a stalemate, which also loses by R10, gets no mark, as in chess).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from regalia.core.errors import BadNotation, IllegalAction
from regalia.games.regulator.board import (
    BISHOP,
    FILES,
    KNIGHT,
    PAWN,
    PIECE_LETTERS,
    QUEEN,
    ROOK,
    WHITE,
    parse_square,
    square_name,
)
from regalia.games.regulator.position import (
    Position,
    make_move,
    move_from,
    move_promotion,
    move_to,
)

PIECE_NAMES = ("", "pawn", "knight", "bishop", "rook", "queen", "king")
_COORDINATE = re.compile(r"([a-e][1-7])[-x]?([a-e][1-7])=?([qrbnQRBN])?")
_SAN = re.compile(r"([KQRBN])?([a-e])?([1-7])?(x)?([a-e][1-7])(?:=?([QRBNqrbn]))?")


def coordinate(move: int) -> str:
    """The coordinate form `<from><to>[q|r|b|n]`, e.g. `b1c3`, `a6b7q`."""
    promotion = move_promotion(move)
    suffix = PIECE_LETTERS[promotion].lower() if promotion else ""
    return square_name(move_from(move)) + square_name(move_to(move)) + suffix


def san(position: Position, move: int, legal: list[int] | None = None) -> str:
    """The SAN of legal `move` in `position` (which is left unchanged)."""
    moves = position.legal_moves() if legal is None else legal
    board = position.board
    to, kind = move_to(move), abs(board[move_from(move)])
    origins = [move_from(m) for m in moves if move_to(m) == to and abs(board[move_from(m)]) == kind]
    text = _text(board, move, origins)
    return text + _check_mark(position, move)


def sans(position: Position, legal: list[int]) -> list[str]:
    """The SAN of each of `legal`, the legal moves of `position` (left unchanged): what
    `san` gives one by one, with the moves that reach each square found once for all (a
    view's legal list: this runs for every move played on the server)."""
    board = position.board
    parts = [_parts(move) for move in legal]
    origins: dict[tuple[int, int], list[int]] = {}
    for frm, to, *_ in parts:
        origins.setdefault((to, abs(board[frm])), []).append(frm)
    push, pop, in_check = position.push, position.pop, position.in_check
    texts = []
    for move, (frm, to, *_) in zip(legal, parts, strict=True):
        text = _text(board, move, origins[to, abs(board[frm])])
        push(move)
        if in_check():
            text += "+" if position.legal_moves() else "#"
        pop()
        texts.append(text)
    return texts


@functools.cache
def _parts(move: int) -> tuple[int, int, str, str, str, str]:
    """What a move's SAN is made of that depends on the move alone: from, to, the target's
    name, the origin's file, rank and name, and the promotion suffix."""
    frm, to, promotion = move_from(move), move_to(move), move_promotion(move)
    name = square_name(frm)
    suffix = "=" + PIECE_LETTERS[promotion] if promotion else ""
    return frm, to, square_name(to), name[0], name[1], suffix


def _text(board: Sequence[int], move: int, origins: list[int]) -> str:
    """The SAN of `move` without its check mark; `origins`: the squares from which a legal
    move takes a piece of the same kind to the same square (the move's own among them)."""
    frm, to, target, file, rank, suffix = _parts(move)
    kind = abs(board[frm])
    capture = "x" if board[to] else ""
    if kind == PAWN:
        return (file + capture + target if capture else target) + suffix
    origin = ""
    if len(origins) > 1:
        rivals = [r for r in origins if r != frm]
        if rivals:
            if all(r % FILES != frm % FILES for r in rivals):
                origin = file
            elif all(r // FILES != frm // FILES for r in rivals):
                origin = rank
            else:
                origin = file + rank
    return PIECE_LETTERS[kind] + origin + capture + target


def _check_mark(position: Position, move: int) -> str:
    """`+` for a check, `#` for a mate, after `move` (the position is left unchanged)."""
    position.push(move)
    try:
        if position.in_check():
            return "+" if position.legal_moves() else "#"
        return ""
    finally:
        position.pop()


def parse_move(position: Position, text: str) -> int:
    """A legal move of `position` from SAN or coordinates.

    Raises BadNotation for unreadable or ambiguous text, IllegalAction for a move the rules
    do not allow here; each message says what is wrong.
    """
    cleaned = text.strip().rstrip("+#!?")
    match = _COORDINATE.fullmatch(cleaned)
    if match:
        return _parse_coordinate(position, text, match)
    match = _SAN.fullmatch(cleaned)
    try:
        if match:
            return _parse_san(position, text, match)
        raise BadNotation(
            f"cannot read move {text.strip()!r}: write SAN like Nc3, Bxd4, axb7=Q "
            "or coordinates like b1c3, a6b7q"
        )
    except (BadNotation, IllegalAction):
        # Typed in lower case ("nc3", "bxd4" for a bishop)? Only when the text fails as
        # written, so "bxc3" is a pawn capture whenever a pawn can make it.
        retry = (
            _SAN.fullmatch(cleaned[:1].upper() + cleaned[1:]) if cleaned[:1] in "nbrqk" else None
        )
        if retry and retry[1]:
            try:
                return _parse_san(position, text, retry)
            except (BadNotation, IllegalAction):
                pass
        raise


def _promotion_code(letter: str | None) -> int:
    return PIECE_LETTERS.index(letter.upper()) if letter else 0


def _parse_coordinate(position: Position, text: str, match: re.Match[str]) -> int:
    frm = parse_square(match[1])
    to = parse_square(match[2])
    assert frm is not None and to is not None  # the pattern only admits squares
    move = make_move(frm, to, _promotion_code(match[3]))
    legal = position.legal_moves()
    if move in legal:
        return move
    shown = text.strip()
    piece = position.board[frm]
    sign = 1 if position.turn == WHITE else -1
    if not piece:
        raise IllegalAction(f"illegal move {shown!r}: there is no piece on {match[1]}")
    if piece * sign < 0:
        raise IllegalAction(f"illegal move {shown!r}: the piece on {match[1]} is not yours")
    if not match[3] and make_move(frm, to, 5) in legal:
        raise IllegalAction(f"illegal move {shown!r}: a promotion needs a piece (q, r, b or n)")
    if match[3] and make_move(frm, to) in legal:
        raise IllegalAction(f"illegal move {shown!r}: this move is not a promotion")
    raise IllegalAction(_cannot_go(abs(piece), shown, match[1], match[2]))


def _cannot_go(kind: int, shown: str, frm: str, to: str) -> str:
    """Why the `kind` piece on `frm` cannot go to `to`: one whole sentence per kind, so each
    translates as a whole (a piece's name put into a sentence would stay English)."""
    if kind == PAWN:
        message = f"illegal move {shown!r}: the pawn on {frm} cannot go to {to} here"
    elif kind == KNIGHT:
        message = f"illegal move {shown!r}: the knight on {frm} cannot go to {to} here"
    elif kind == BISHOP:
        message = f"illegal move {shown!r}: the bishop on {frm} cannot go to {to} here"
    elif kind == ROOK:
        message = f"illegal move {shown!r}: the rook on {frm} cannot go to {to} here"
    elif kind == QUEEN:
        message = f"illegal move {shown!r}: the queen on {frm} cannot go to {to} here"
    else:
        message = f"illegal move {shown!r}: the king on {frm} cannot go to {to} here"
    return message


def _none_can_go(kind: int, shown: str, to: str) -> str:
    """Why no `kind` piece of the mover's can go to `to`: one whole sentence per kind."""
    if kind == PAWN:
        message = f"illegal move {shown!r}: no pawn of yours can go to {to} here"
    elif kind == KNIGHT:
        message = f"illegal move {shown!r}: no knight of yours can go to {to} here"
    elif kind == BISHOP:
        message = f"illegal move {shown!r}: no bishop of yours can go to {to} here"
    elif kind == ROOK:
        message = f"illegal move {shown!r}: no rook of yours can go to {to} here"
    elif kind == QUEEN:
        message = f"illegal move {shown!r}: no queen of yours can go to {to} here"
    else:
        message = f"illegal move {shown!r}: no king of yours can go to {to} here"
    return message


def _parse_san(position: Position, text: str, match: re.Match[str]) -> int:
    kind = PIECE_LETTERS.index(match[1]) if match[1] else PAWN
    to = parse_square(match[5])
    assert to is not None  # the pattern only admits squares
    from_file = "abcde".index(match[2]) if match[2] else None
    from_rank = int(match[3]) - 1 if match[3] else None
    promotion = _promotion_code(match[6])
    board = position.board
    shown = text.strip()
    candidates = []
    for move in position.legal_moves():
        frm = move_from(move)
        if move_to(move) != to or abs(board[frm]) != kind:
            continue
        if from_file is not None and frm % FILES != from_file:
            continue
        if from_rank is not None and frm // FILES != from_rank:
            continue
        # A pawn named without its file moves straight ahead (SAN `b3`).
        if kind == PAWN and from_file is None and frm % FILES != to % FILES:
            continue
        candidates.append(move)
    matching = [m for m in candidates if move_promotion(m) == promotion]
    if len(matching) == 1:
        return matching[0]
    if len(matching) > 1:
        options = ", ".join(coordinate(m) for m in matching)
        raise BadNotation(f"ambiguous move {shown!r}: could be {options}; name the origin")
    if candidates and not promotion:
        raise IllegalAction(f"illegal move {shown!r}: a promotion needs a piece (=Q, =R, =B, =N)")
    if candidates:
        raise IllegalAction(f"illegal move {shown!r}: this move is not a promotion")
    raise IllegalAction(_none_can_go(kind, shown, match[5]))
