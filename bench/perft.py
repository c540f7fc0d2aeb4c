"""Perft speed of each Regalia game beside python-chess on standard chess.

Method (the same for every engine): depth-first perft with push/pop over the legal moves,
counting the leaves at depth 1 in bulk as the length of the legal-move list
(`len(list(board.legal_moves))` for python-chess). Each game is searched from its start
position at the smallest depth reaching about `--nodes` leaves, so the node counts are
comparable; speed is leaves per second of wall time, best of `--repeat` runs.

A game takes part when `regalia.games.<game>.perft` exists and provides `start()` and
`perft(position, depth) -> int`; games without that module are skipped with a note.

    python bench/perft.py [--nodes 100000] [--repeat 3] [--games regulator,regicide]
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable
from typing import Any

GAMES = ("regulator", "regicide", "regicida")


def chess_perft(board: Any, depth: int) -> int:
    if depth == 1:
        return len(list(board.legal_moves))
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def measure(
    start: Callable[[], Any], perft: Callable[[Any, int], int], nodes: int, repeat: int
) -> tuple[int, int, float]:
    """(depth, leaves, best seconds) at the first depth with at least `nodes` leaves."""
    depth = 1
    while True:
        began = time.perf_counter()
        leaves = perft(start(), depth)
        seconds = time.perf_counter() - began
        if leaves >= nodes or depth >= 12:
            break
        depth += 1
    for _ in range(repeat - 1):
        began = time.perf_counter()
        perft(start(), depth)
        seconds = min(seconds, time.perf_counter() - began)
    return depth, leaves, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=100_000, help="least leaves per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    args = parser.parse_args()

    print(
        "method: perft with push/pop over legal moves, leaves at depth 1 counted as "
        "len(legal moves); smallest depth with >= "
        f"{args.nodes} leaves; best of {args.repeat} runs; nodes/s = leaves / seconds"
    )
    try:
        import chess
    except ImportError:
        print("python-chess is not installed: no reference speed (pip install chess)")
        return
    depth, leaves, seconds = measure(chess.Board, chess_perft, args.nodes, args.repeat)
    reference = leaves / seconds
    print(
        f"python-chess {chess.__version__} (standard chess, start): depth {depth}, "
        f"{leaves} leaves, {seconds:.3f} s, {reference:,.0f} nodes/s"
    )
    for game in (g.strip() for g in args.games.split(",") if g.strip()):
        try:
            module = importlib.import_module(f"regalia.games.{game}.perft")
        except ModuleNotFoundError as exc:
            print(f"{game}: skipped (no regalia.games.{game}.perft module: {exc.name})")
            continue
        if not (hasattr(module, "start") and hasattr(module, "perft")):
            print(f"{game}: skipped (its perft module lacks start() or perft())")
            continue
        depth, leaves, seconds = measure(module.start, module.perft, args.nodes, args.repeat)
        speed = leaves / seconds
        print(
            f"{game} (start): depth {depth}, {leaves} leaves, {seconds:.3f} s, "
            f"{speed:,.0f} nodes/s; ratio to python-chess {speed / reference:.2f}"
        )


if __name__ == "__main__":
    main()
