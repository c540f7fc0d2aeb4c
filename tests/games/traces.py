"""What the engines say along seeded random games, as plain data: the same on both paths.

Each function walks games of random legal moves (a seeded `Rng`, so both paths pick the same
moves as long as they generate the same lists) and records, at every ply, what the position
reports through its public surface; every `perft_every` plies, a perft count too.
"""

from __future__ import annotations

from typing import Any

from regalia.core.seeds import Rng
from regalia.games.regicide.perft import perft as regicide_perft
from regalia.games.regicide.position import Position as RegicidePosition
from regalia.games.regulator.perft import perft as regulator_perft
from regalia.games.regulator.position import Position as RegulatorPosition


def regulator(seeds: list[int], plies: int, perft_every: int, depth: int) -> list[Any]:
    """Per game, per ply: the position's fields, its legal and noisy moves and its answers."""
    games = []
    for seed in seeds:
        rng = Rng(seed)
        pos = RegulatorPosition.start(1 + seed % 7)
        trace = []
        for ply in range(plies):
            moves = pos.legal_moves()
            row: dict[str, Any] = {
                "board": pos.board,
                "bb": pos.bb,
                "fields": [pos.turn, pos.regulator, pos.halfmove, pos.fullmove, pos.pawns],
                "key": pos.key,
                "kings": pos.kings,
                "moves": moves,
                "noisy": pos.noisy_moves(),
                "count": pos.count_moves(),
                "answers": [
                    pos.in_check(),
                    pos.repetitions(),
                    pos.bare_kings(),
                    pos.piece_squares(0),
                    pos.piece_squares(1),
                    [pos.attacked(s, 1 - pos.turn) for s in range(35)],
                ],
                "moved": [
                    [
                        pos.is_capture(m),
                        pos.captured_piece(m),
                        pos.moving_piece(m),
                        pos.is_pawn_move(m),
                        pos.regulator_after(m),
                        pos.gives_check(m),
                    ]
                    for m in moves
                ],
            }
            if perft_every and ply % perft_every == 0:
                row["perft"] = regulator_perft(pos.copy(), depth)
            trace.append(row)
            if not moves:
                break
            pos.push(rng.choice(moves))
        trace.append({"keys": pos.keys, "stack": pos.move_stack})
        while pos.move_stack:
            pos.pop()
        trace.append({"back": [pos.key, pos.board, pos.fullmove, pos.regulator]})
        games.append(trace)
    return games


def regicide(seeds: list[int], plies: int, perft_every: int, depth: int) -> list[Any]:
    """Per game, per ply: the position's fields, its legal and noisy moves and its answers."""
    games = []
    for seed in seeds:
        rng = Rng(seed)
        pos = RegicidePosition.start()
        trace = []
        for ply in range(plies):
            moves = pos.legal_moves()
            row: dict[str, Any] = {
                "board": pos.board,
                "pieces": [sorted(squares) for squares in pos.pieces],
                "fields": [pos.turn, pos.castling, pos.ep, pos.ep_pawn, pos.halfmove, pos.round],
                "key": pos.key,
                "kings": [pos.kings, pos.king_captured, pos.winner_team()],
                "moves": moves,
                "noisy": pos.noisy_moves(),
                "count": pos.count_moves(),
                "attacks": [
                    [pos.attacks(seat, sq) for sq in range(0, 196, 3)] for seat in range(4)
                ],
                "moved": [
                    [pos.is_capture(m), pos.captured_kind(m), pos.moving_kind(m)] for m in moves
                ],
            }
            if perft_every and ply % perft_every == 0:
                row["perft"] = regicide_perft(pos.copy(), depth)
            trace.append(row)
            if not moves:
                break
            pos.push(rng.choice(moves))
        trace.append({"history": pos.history})
        while pos.history:
            pos.pop()
        trace.append({"back": [pos.key, pos.board, pos.round, pos.turn]})
        games.append(trace)
    return games
