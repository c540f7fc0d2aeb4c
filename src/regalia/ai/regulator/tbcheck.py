"""The tablebases checked against the reference rules (`Position`), position by position.

A table is right when every position's value follows from its children's by the rules,
read with the reference move generation rather than the builder's own:

- no legal move: lost in 0 (R10, mate and stalemate alike);
- else, when some move reaches a position lost for the opponent: won, in one ply more than
  the nearest such loss;
- else, when some move reaches a draw (bare kings after a capture included): a draw;
- else (every move reaches a win for the opponent): lost, in one ply more than the longest.

Together with the tables marking exactly the positions the rules cannot reach (kings side
by side, the side that just moved in check), that is the whole definition of the values,
so random probes (`regalia tablebase check`) sample the proof.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from regalia.ai.regulator import retrograde
from regalia.ai.regulator.tablebase import Tablebase, material
from regalia.games.regulator.board import KING, PAWN, SQUARES, WHITE
from regalia.games.regulator.fen import write_fen
from regalia.games.regulator.position import Position


@dataclass
class Report:
    checked: int = 0
    illegal: int = 0
    problems: list[str] = field(default_factory=list)


def reachable(board: list[int], turn: int, regulator: int) -> bool:
    """Whether the rules allow this placement with `turn` to move: kings apart and the side
    that just moved not in check (read with the reference attack test)."""
    white, black = board.index(KING), board.index(-KING)
    if abs(white % 5 - black % 5) <= 1 and abs(white // 5 - black // 5) <= 1:
        return False
    pos = Position(board, turn, regulator)
    waiting = black if turn == WHITE else white
    return not pos.attacked(waiting, turn, regulator)


def expected(tables: Tablebase, pos: Position) -> int | str:
    """The value the rules give `pos` from its children's table values (a raw byte), or
    the reason the children cannot be read."""
    moves = pos.legal_moves()
    if not moves:
        return retrograde.OFFSET
    nearest_loss = longest_win = -1
    drawn = False
    for move in moves:
        pos.push(move)
        try:
            if pos.bare_kings():
                drawn = True
                continue
            value = tables.lookup(pos.board, pos.turn, pos.regulator)
        finally:
            pos.pop()
        if value is None or value == retrograde.INVALID:
            return f"its child after move {move} has no value ({value})"
        if value == retrograde.DRAW:
            drawn = True
        elif (value - retrograde.OFFSET) % 2 == 0:
            if nearest_loss < 0 or value - retrograde.OFFSET < nearest_loss:
                nearest_loss = value - retrograde.OFFSET
        elif value - retrograde.OFFSET > longest_win:
            longest_win = value - retrograde.OFFSET
    if nearest_loss >= 0:
        return retrograde.OFFSET + nearest_loss + 1
    if drawn:
        return retrograde.DRAW
    return retrograde.OFFSET + longest_win + 1


def random_board(kind: int, rng: random.Random) -> list[int]:
    """Two kings and one `kind` of either colour on distinct squares (a pawn on ranks 2-6)."""
    while True:
        squares = rng.sample(range(SQUARES), 3)
        if kind != PAWN or 1 <= squares[2] // 5 <= 5:
            break
    board = [0] * SQUARES
    board[squares[0]] = KING
    board[squares[1]] = -KING
    board[squares[2]] = kind if rng.random() < 0.5 else -kind
    return board


def check(tables: Tablebase, kinds: list[int], probes: int, seed: int = 0) -> Report:
    """`probes` random positions of each table of `kinds`, checked by the rules."""
    rng = random.Random(seed)
    report = Report()
    for kind in kinds:
        for _ in range(probes):
            board = random_board(kind, rng)
            turn = rng.randrange(2)
            regulator = rng.randint(1, 7)
            value = tables.lookup(board, turn, regulator)
            legal = reachable(board, turn, regulator)
            fen = write_fen(Position(board, turn, regulator)) if legal else repr(board)
            if value is None:
                report.problems.append(f"{material(kind)}: no value for {fen}")
                continue
            if not legal:
                report.illegal += 1
                if value != retrograde.INVALID:
                    report.problems.append(f"{material(kind)}: {fen} is unreachable, not {value}")
                continue
            report.checked += 1
            want = expected(tables, Position(board, turn, regulator))
            if want != value:
                report.problems.append(f"{material(kind)}: {fen} holds {value}, rules say {want}")
    return report
