"""Game records: PGN-like tag pairs, then one numbered line per round of four moves.

    [Game "regicide"]
    [Result "*"]

    1. YP-d4 GP-e4 RP-l7 BP-g11
    2. YQa8-b9 GN-f3 pass BPxf10

A round starts with Yellow; when a record starts from a position with another seat to move,
its first line holds fewer moves. A `Position` tag gives the start position when it is not
the standard one. Result tokens: `1-0` light team (Yellow, Red) won, `0-1` dark team
(Green, Blue) won, `1/2-1/2` drawn, `*` unfinished. Forced passes are written as `pass`.
"""

from __future__ import annotations

from collections.abc import Mapping

from regalia.core.records import format_tags, movetext_tokens, parse_tags

RESULT_TOKENS = ("1-0", "0-1", "1/2-1/2", "*")


def format_record(
    tags: Mapping[str, object], first_turn: int, first_round: int, moves: list[str], result: str
) -> str:
    lines: list[str] = []
    line: list[str] = []
    turn, round_number = first_turn, first_round
    for move in moves:
        if not line:
            line.append(f"{round_number}.")
        line.append(move)
        turn = (turn + 1) & 3
        if turn == 0:
            lines.append(" ".join(line))
            line = []
            round_number += 1
    if line:
        lines.append(" ".join(line))
    lines.append(result)
    return f"{format_tags(tags)}\n\n" + "\n".join(lines) + "\n"


def read_record(text: str) -> tuple[dict[str, str], list[str]]:
    """The tags and the move tokens (numbers and result removed) of a record."""
    tags, body = parse_tags(text)
    return tags, movetext_tokens(body)
