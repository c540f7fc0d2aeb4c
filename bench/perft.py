"""Perft speed of each Regalia game beside python-chess on standard chess.

Method (the same for every engine): depth-first perft with push/pop over the legal moves,
counting the leaves at depth 1 in bulk as the length of the legal-move list
(`len(list(board.legal_moves))` for python-chess). Each game is searched from its start
position at the smallest depth reaching about `--nodes` leaves, so the node counts are
comparable; speed is leaves per second of wall time, best of `--repeat` runs, the two
engines alternating run by run. The same perft on the interpreted path (a subprocess
with REGALIA_PURE_PYTHON=1, best of `--repeat` runs at the same depth) is printed beside it.

A game takes part when `regalia.games.<game>.perft` exists and provides `start()` and
`perft(position, depth) -> int`; games without that module are skipped with a note.

    python bench/perft.py [--nodes 1000000] [--repeat 3] [--games regulator,regicide]
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Callable
from typing import Any

from paths import header, interpreted, ratio

GAMES = ("regulator", "regicide")  # Regicida has no move tree worth a perft


def chess_perft(board: Any, depth: int) -> int:
    if depth == 1:
        return len(list(board.legal_moves))
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def pick_depth(start: Callable[[], Any], perft: Callable[[Any, int], int], nodes: int) -> int:
    """The smallest depth whose tree has at least `nodes` leaves (at most 12)."""
    depth = 1
    while depth < 12 and perft(start(), depth) < nodes:
        depth += 1
    return depth


def timed(start: Callable[[], Any], perft: Callable[[Any, int], int], depth: int) -> float:
    position = start()
    began = time.perf_counter()
    perft(position, depth)
    return time.perf_counter() - began


def our_speed(game: str, depth: int, repeat: int) -> float:
    """Leaves per second of `game`'s perft at `depth`, best of `repeat` runs (this path)."""
    module = importlib.import_module(f"regalia.games.{game}.perft")
    leaves: int = module.perft(module.start(), depth)
    return leaves / min(timed(module.start, module.perft, depth) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=1_000_000, help="least leaves per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--json", metavar="GAME:DEPTH,...", help="this path's speeds only")
    args = parser.parse_args()
    if args.json:
        pairs = [item.split(":") for item in args.json.split(",")]
        print(json.dumps({g: our_speed(g, int(d), args.repeat) for g, d in pairs}))
        return

    print(header())
    print(
        "method: perft with push/pop over legal moves, leaves at depth 1 counted as "
        "len(legal moves); smallest depth with >= "
        f"{args.nodes} leaves; best of {args.repeat} runs, alternating with python-chess; "
        "nodes/s = leaves / seconds; ratio = ours / python-chess"
    )
    try:
        import chess
    except ImportError:
        print("python-chess is not installed: no reference speed (pip install chess)")
        return
    chess_depth = pick_depth(chess.Board, chess_perft, args.nodes)
    chess_leaves = chess_perft(chess.Board(), chess_depth)
    print(f"python-chess {chess.__version__}: standard chess from the start position")
    for game in (g.strip() for g in args.games.split(",") if g.strip()):
        try:
            module = importlib.import_module(f"regalia.games.{game}.perft")
        except ModuleNotFoundError as exc:
            print(f"{game}: skipped (no regalia.games.{game}.perft module: {exc.name})")
            continue
        if not (hasattr(module, "start") and hasattr(module, "perft")):
            print(f"{game}: skipped (its perft module lacks start() or perft())")
            continue
        depth = pick_depth(module.start, module.perft, args.nodes)
        leaves = module.perft(module.start(), depth)
        # Alternate the two engines run by run, so a busy moment hurts both alike.
        ours, theirs = float("inf"), float("inf")
        for _ in range(args.repeat):
            ours = min(ours, timed(module.start, module.perft, depth))
            theirs = min(theirs, timed(chess.Board, chess_perft, chess_depth))
        speed, reference = leaves / ours, chess_leaves / theirs
        # The interpreted path: a quarter of the leaves is plenty at its speed.
        pure_depth = max(1, depth - 1)
        pure = interpreted(__file__, f"{game}:{pure_depth}", "--repeat", "1")[game]
        print(
            f"{game} (start): depth {depth}, {leaves} leaves, {ours:.3f} s, {speed:,.0f} nodes/s"
            f" | python-chess: depth {chess_depth}, {chess_leaves} leaves, {theirs:.3f} s, "
            f"{reference:,.0f} nodes/s | ratio {speed / reference:.1f}"
            f" | interpreted (depth {pure_depth}): {pure:,.0f} nodes/s, compiled/interpreted "
            f"{ratio(speed, pure)}"
        )


if __name__ == "__main__":
    main()
