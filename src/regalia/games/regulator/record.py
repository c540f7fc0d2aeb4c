"""Game records: PGN-like text with tag pairs, numbered SAN moves and the result.

    [Game "regulator"]
    [Regulator "1"]
    [FEN "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"]
    [Result "*"]

    1. c3 b5 2. Bb3 *

On input the FEN and Regulator tags are optional (a missing FEN means the start position
with the Regulator tag's space, default 1); both are checked against each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from regalia.core.errors import BadRecord, RegaliaError
from regalia.core.records import format_tags, movetext_tokens, parse_tags
from regalia.games.regulator.board import WHITE
from regalia.games.regulator.fen import START_FEN, read_fen
from regalia.games.regulator.notation import parse_move
from regalia.games.regulator.position import Position

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass(frozen=True)
class ParsedRecord:
    start_fen: str
    moves: tuple[int, ...]
    result: str
    tags: dict[str, str]


def write_record(
    start: Position,
    start_fen: str,
    sans: Sequence[str],
    result: str,
    tags: Mapping[str, str],
) -> str:
    """The record text; `start` is the start position (to number the moves)."""
    extra = {k: v for k, v in tags.items() if k not in ("Game", "Termination")}
    all_tags = {"Game": "regulator", **extra}
    all_tags["Regulator"] = str(start.regulator)
    all_tags["FEN"] = start_fen
    all_tags["Result"] = result
    if "Termination" in tags:
        all_tags["Termination"] = tags["Termination"]
    words: list[str] = []
    number = start.fullmove
    white = start.turn == WHITE
    for index, move in enumerate(sans):
        if white:
            words.append(f"{number}. {move}")
        elif index == 0:
            words.append(f"{number}... {move}")
        else:
            words.append(move)
        if not white:
            number += 1
        white = not white
    words.append(result)
    return format_tags(all_tags) + "\n\n" + _wrap(words) + "\n"


def _wrap(words: list[str], width: int = 79) -> str:
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def parse_record(text: str) -> ParsedRecord:
    """Read and replay a record's moves; raises BadRecord saying what is wrong and where."""
    tags, body = parse_tags(text)
    game = tags.get("Game", "regulator").strip().lower()
    if game != "regulator":
        raise BadRecord(f"record is for game {tags['Game']!r}, not regulator")
    position = _start_position(tags)
    start_fen = tags.get("FEN") or _start_fen(tags)
    moves: list[int] = []
    result = "*"
    for token in body.split():
        if token in RESULTS:
            result = token
    # Numeric annotation glyphs ($1, $14) carry no move: skip them as PGN readers do.
    tokens = [t for t in movetext_tokens(body) if not t.startswith("$")]
    for token in tokens:
        label = _label(position)
        if not position.legal_moves():
            raise BadRecord(f"record move {label} {token!r}: the game already ended (R10)")
        try:
            move = parse_move(position, token)
        except RegaliaError as exc:
            raise BadRecord(f"record move {label} {token!r}: {exc}") from None
        moves.append(move)
        position.push(move)
    return ParsedRecord(start_fen, tuple(moves), result, tags)


def _label(position: Position) -> str:
    return f"{position.fullmove}{'.' if position.turn == WHITE else '...'}"


def _start_fen(tags: Mapping[str, str]) -> str:
    regulator = tags.get("Regulator", "1").strip()
    return START_FEN.replace(" w 1 ", f" w {regulator} ")


def _start_position(tags: Mapping[str, str]) -> Position:
    fen = tags.get("FEN") or _start_fen(tags)
    try:
        position = read_fen(fen)
    except RegaliaError as exc:
        # One whole sentence per tag (the inner sentence translates on its own).
        message = f"record FEN tag: {exc}" if "FEN" in tags else f"record Regulator tag: {exc}"
        raise BadRecord(message) from None
    if "Regulator" in tags and tags["Regulator"].strip() != str(position.regulator):
        raise BadRecord(
            f"record Regulator tag {tags['Regulator']!r} disagrees with the FEN tag's "
            f"regulator {position.regulator}"
        )
    return position
