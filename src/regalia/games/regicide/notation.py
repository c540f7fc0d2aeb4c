"""Move notation (C15): the seed's short form, the coordinate form and `pass`.

Short form: `[seat][piece](-|x)<square>[=piece][+|(check)]`, e.g. `GKxg2`, `RB-g13+`,
`YNa5-c6` (origin only when another piece of that kind could reach the square). Castling is
written as the king's move (`YK-a5`), a teammate swap as the pawn moving onto its
teammate's pawn (`YP-f7`), en passant as a capture on the passed square (`BPxm10`).
Coordinate form: `<from><to>[q|r|b|n]` (`b5b7`, `a7a5`, `e7f7` for a swap).
"""

from __future__ import annotations

import re

from regalia.core.errors import BadNotation, IllegalAction
from regalia.games.regicide import board as B
from regalia.games.regicide.moves import (
    KIND_OF_LETTER,
    LETTER,
    PASS,
    letter,
    origin,
    promotion,
    target,
)
from regalia.games.regicide.position import Position

_SQ = r"[a-hj-oA-HJ-O](?:1[0-4]|[1-9])"
_COORD = re.compile(rf"^({_SQ})({_SQ})([qrbn])?$", re.IGNORECASE)
_SHORT = re.compile(
    rf"^(?P<seat>[YGRB])?(?P<piece>[KQRBNP])(?P<origin>{_SQ})?(?P<sep>[-xX])"
    rf"(?P<square>{_SQ})(?:=?(?P<promo>[QRBNqrbn]))?(?P<check>\+|\(check\))?$",
)


def coordinate(move: int) -> str:
    """The coordinate form: `b4d4`, `l13l14q`, or `pass`.

    >>> coordinate(parse(Position.start(), "YN-c6"))
    'a5c6'
    """
    if move == PASS:
        return "pass"
    promo = promotion(move)
    suffix = LETTER[promo].lower() if promo else ""
    return f"{B.square_name(origin(move))}{B.square_name(target(move))}{suffix}"


def _piece_letter(pos: Position, move: int) -> str:
    return letter(pos.board[origin(move)] & 15)


def _kings_attacked(pos: Position, seat: int) -> set[int]:
    enemies = ((seat + 1) & 3, (seat + 3) & 3)
    return {e for e in enemies if pos.kings[e] >= 0 and pos.attacks(seat, pos.kings[e])}


def gives_check(pos: Position, move: int) -> bool:
    """C10's `+`: after `move` a piece of the mover attacks an opponent's king it did not
    attack before (a king left attacked is not announced again on every later move)."""
    seat = pos.turn
    before = _kings_attacked(pos, seat)
    pos.push(move)
    try:
        return bool(_kings_attacked(pos, seat) - before)
    finally:
        pos.pop()


def short(pos: Position, move: int, legal: list[int] | None = None) -> str:
    """The short form of `move` (legal in `pos`), with the origin only when needed."""
    if move == PASS:
        return "pass"
    legal = pos.legal_moves() if legal is None else legal
    piece = _piece_letter(pos, move)
    to = target(move)
    rivals = {
        origin(m)
        for m in legal
        if m != PASS
        and target(m) == to
        and origin(m) != origin(move)
        and _piece_letter(pos, m) == piece
    }
    where = B.square_name(origin(move)) if rivals else ""
    sep = "x" if pos.is_capture(move) else "-"
    promo = promotion(move)
    promo_text = f"={LETTER[promo]}" if promo else ""
    check = "+" if gives_check(pos, move) else ""
    seat = B.SEAT_LETTERS[pos.turn]
    return f"{seat}{piece}{where}{sep}{B.square_name(to)}{promo_text}{check}"


def parse(pos: Position, text: str, legal: list[int] | None = None) -> int:
    """The legal move `text` names, in any accepted form; raises BadNotation/IllegalAction."""
    raw = text.strip()
    legal = pos.legal_moves() if legal is None else legal
    name = B.SEAT_NAMES[pos.turn]
    if not legal:
        raise IllegalAction("the game is over: no move can be made")
    if raw.lower() == "pass":
        if PASS not in legal:
            raise IllegalAction(f"{name} may not pass: they still have a king and a move")
        return PASS
    if match := _COORD.match(raw):
        return _from_coordinate(pos, raw, match, legal)
    if match := _SHORT.match(raw):
        return _from_short(pos, raw, match, legal)
    raise BadNotation(
        f"{raw!r} is not a move: write e.g. b4d4 (coordinates), YP-d4 (short form) or pass"
    )


def _from_coordinate(pos: Position, raw: str, match: re.Match[str], legal: list[int]) -> int:
    frm = B.parse_square(match[1])
    to = B.parse_square(match[2])
    promo = KIND_OF_LETTER[match[3].upper()] if match[3] else 0
    name = B.SEAT_NAMES[pos.turn]
    if frm is None or to is None:
        missing = match[1] if frm is None else match[2]
        raise BadNotation(f"{raw}: {missing} is not a square of the board (corners are missing)")
    found = [m for m in legal if m != PASS and origin(m) == frm and target(m) == to]
    if not found:
        code = pos.board[frm]
        if not code or code >> 4 != pos.turn:
            raise IllegalAction(f"{raw}: {name} has no piece on {match[1].lower()}")
        raise IllegalAction(f"{raw}: {name}'s piece on {match[1].lower()} cannot go there now")
    return _pick_promotion(raw, found, promo)


def _pick_promotion(raw: str, found: list[int], promo: int) -> int:
    promoting = [m for m in found if promotion(m)]
    if not promoting:
        if promo:
            raise IllegalAction(f"{raw}: this move does not promote")
        return found[0]
    if not promo:
        raise BadNotation(f"{raw}: the pawn promotes; add the piece (Q, R, B or N)")
    return next(m for m in promoting if promotion(m) == promo)


def _from_short(pos: Position, raw: str, match: re.Match[str], legal: list[int]) -> int:
    seat = pos.turn
    name = B.SEAT_NAMES[seat]
    if match["seat"] and match["seat"] != B.SEAT_LETTERS[seat]:
        who = B.SEAT_NAMES[B.SEAT_LETTERS.index(match["seat"])]
        raise IllegalAction(f"{raw}: it is {name}'s move, not {who}'s")
    to = B.parse_square(match["square"])
    frm = B.parse_square(match["origin"]) if match["origin"] else None
    if to is None or (match["origin"] and frm is None):
        raise BadNotation(f"{raw}: no such square on the board (corners are missing)")
    capture = match["sep"] in "xX"
    found = [
        m
        for m in legal
        if m != PASS
        and target(m) == to
        and _piece_letter(pos, m) == match["piece"]
        and (frm is None or origin(m) == frm)
    ]
    if not found:
        raise IllegalAction(f"{raw}: no {name} piece of that kind can go to {match['square']}")
    matching = [m for m in found if pos.is_capture(m) == capture]
    if not matching:
        if capture:
            raise IllegalAction(f"{raw}: that move is not a capture")
        raise IllegalAction(f"{raw}: that move is a capture: write x")
    if len({origin(m) for m in matching}) > 1:
        options = ", ".join(sorted({B.square_name(origin(m)) for m in matching}))
        raise BadNotation(f"{raw}: ambiguous, pieces on {options} can go there; add the origin")
    promo = KIND_OF_LETTER[match["promo"].upper()] if match["promo"] else 0
    return _pick_promotion(raw, matching, promo)
