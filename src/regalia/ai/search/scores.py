"""Score conventions shared by search, evaluation and the engine protocol.

Scores are centipawns from the side to move's view. A forced win or loss is worth
`MATE - ply` / `-(MATE - ply)`, so a nearer mate scores higher; anything beyond `MATE_BOUND`
in absolute value is a mate score.
"""

from __future__ import annotations

MATE = 1_000_000
MATE_BOUND = MATE - 10_000
INFINITY = MATE + 1
# No score known yet (the search's root takes it for "no aspiration window").
NO_GUESS = -(1 << 30)


def mated_in(ply: int) -> int:
    """The score of the side to move, which has lost at `ply` plies from the root."""
    return -MATE + ply


def is_mate(score: int) -> bool:
    return abs(score) >= MATE_BOUND


def mate_moves(score: int) -> int:
    """Full moves to mate (UCI `score mate N`): positive when the side to move wins."""
    plies = MATE - abs(score)
    moves = (plies + 1) // 2
    return moves if score > 0 else -moves


def to_table(score: int, ply: int) -> int:
    """Make a mate score relative to this node before storing it (independent of path)."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def from_table(score: int, ply: int) -> int:
    """Inverse of `to_table` at the node where the entry is used."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def describe(score: int) -> str:
    """UCI form: `cp 35` or `mate -3`."""
    if is_mate(score):
        return f"mate {mate_moves(score)}"
    return f"cp {score}"
