"""The accuracy report of a finished game: each seat's accuracy and its inaccuracies,
mistakes and blunders, from the engine's evaluation of every position of the game.

The engine scores each position from the first team's side in centipawns (`analysis.analyse`:
mates at +-MATE_CP). A score becomes a *win chance* by the logistic of `analysis.expected`,
W(cp) = 1 / (1 + 10^(-cp / 400)) (a lead of 400 centipawns: 10 to 1). A seat's win chance is
its team's: W(score) for the first team, W(-score) for the other, so a four-seat game's
evaluation (Regicide: two teams of two) gives both seats of a team the same chance, and each
seat is judged on the moves it made itself.

A move's *loss* is how much win chance it cost its mover: max(0, W_before - W_after), both
from the mover's side, between the position before it and the one after. Its accuracy is
100 * exp(-loss / SPREAD): 100 for a move that loses nothing, 60.7 for a loss of 0.10,
22.3 for 0.30. A seat's accuracy is the mean of its moves'. A loss of at least INACCURACY is
an inaccuracy, of MISTAKE a mistake, of BLUNDER a blunder (each counted once, under the
worst name that fits). The *turning point* is the move that lost the most, if it was at
least a mistake.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from regalia.ai.analysis import BLUNDER, MISTAKE, expected
from regalia.core.game import Seat

INACCURACY = 0.05
SPREAD = 0.20
KINDS = ("inaccuracy", "mistake", "blunder")


def win_chance(score: int, first: bool) -> float:
    """The win chance (0..1) of a seat of the first team (`first`) or of the other."""
    return expected(score if first else -score)


def move_accuracy(loss: float) -> float:
    return 100.0 * math.exp(-loss / SPREAD)


def kind_of(loss: float) -> str:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "inaccuracy" if loss >= INACCURACY else ""


def accuracy_report(
    scores: Sequence[int],
    movers: Sequence[Seat | None],
    team: frozenset[Seat],
    players: int,
    best_lines: Sequence[Sequence[str]] = (),
    texts: Sequence[str] = (),
) -> dict[str, Any]:
    """The report from the first team's `scores` of positions 0..n, `movers[i]` the seat that
    made the move into position i (None for position 0), the engine's best line of each
    position and each move's text: per seat the figures, the chart of the first team's win
    chance (in %), the judged moves with the better move, and the turning point."""
    judged: list[dict[str, Any]] = []
    losses: dict[Seat, list[float]] = {seat: [] for seat in range(players)}
    for ply in range(1, len(scores)):
        mover = movers[ply]
        if mover is None:
            continue
        first = mover in team
        loss = max(0.0, win_chance(scores[ply - 1], first) - win_chance(scores[ply], first))
        losses.setdefault(mover, []).append(loss)
        kind = kind_of(loss)
        if not kind:
            continue
        line = best_lines[ply - 1] if ply - 1 < len(best_lines) else []
        move = texts[ply] if ply < len(texts) else ""
        better = line[0] if line and line[0] != move else None
        judged.append({"ply": ply, "seat": mover, "kind": kind, "loss": round(loss, 4),
                       "move": move, "better": better, "line": list(line)})  # fmt: skip
    seats = []
    for seat in sorted(losses):
        mine = losses[seat]
        counts = {kind: sum(1 for m in judged if m["seat"] == seat and m["kind"] == kind)
                  for kind in KINDS}  # fmt: skip
        accuracy = sum(move_accuracy(x) for x in mine) / len(mine) if mine else None
        seats.append({
            "seat": seat,
            "moves": len(mine),
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "inaccuracies": counts["inaccuracy"],
            "mistakes": counts["mistake"],
            "blunders": counts["blunder"],
        })  # fmt: skip
    worst = max(judged, key=lambda m: m["loss"], default=None)
    turning = worst["ply"] if worst is not None and worst["loss"] >= MISTAKE else None
    chart = [{"ply": ply, "score": int(score), "win": round(100.0 * expected(score), 1)}
             for ply, score in enumerate(scores)]  # fmt: skip
    return {
        "seats": seats,
        "first_team": sorted(team),
        "chart": chart,
        "turning_point": turning,
        "mistakes": judged,
    }
