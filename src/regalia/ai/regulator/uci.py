"""`regalia engine regulator`: the Regulator Chess engine over UCI (docs/engine.md).

The protocol itself is `regalia.ai.uci`; this module gives it Regulator Chess: positions in
our R12 text or in Fairy-Stockfish's (`bnkbn/ppppp/5/5/5/PPPPP/BNKBN w - - 0 1`, the form
its `variants.ini` variants print), coordinate moves (R13, SAN accepted too), and the
`UCI_Variant` names a variant GUI may know it by.

    >>> import io
    >>> out = io.StringIO()
    >>> session = UciSession(out)
    >>> for line in ["isready", "position startpos moves c2c3", "go depth 2"]:
    ...     _ = session.handle(line)
    >>> session.wait()
    >>> out.getvalue().splitlines()[0], out.getvalue().splitlines()[-1].split()[0]
    ('readyok', 'bestmove')
"""

from __future__ import annotations

from typing import TextIO

from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.uci import GameUci, Session, UciError
from regalia.games.regulator.fen import read_fen, write_fen
from regalia.games.regulator.notation import coordinate, parse_move
from regalia.games.regulator.position import Position

__all__ = ["ENGINE_NAME", "RegulatorUci", "UciError", "UciSession", "fairy_fen"]

ENGINE_NAME = "Regalia Regulator"
# UCI_Variant: ours, then the Fairy-Stockfish variants of one power range each
# (tests/games/regulator/data/variants.ini); a Fairy-Stockfish FEN carries no regulator
# space, so it is the variant's: the first space of its range.
VARIANT_SPACE = {"regulator": 1, "regulator1": 1, "regulator2": 3, "regulator3": 6}


def fairy_fen(position: Position) -> str:
    """The position as Fairy-Stockfish writes it: no regulator, `-` castling and en passant."""
    fields = write_fen(position).split()
    return f"{fields[0]} {fields[1]} - - {fields[3]} {fields[4]}"


class RegulatorUci(GameUci):
    game = "regulator"
    engine_name = ENGINE_NAME
    variants = tuple(VARIANT_SPACE)

    def domain(self) -> RegulatorDomain:
        return RegulatorDomain()

    def start(self, variant: str) -> Position:
        return Position.start(VARIANT_SPACE[variant])

    def read(self, text: str, variant: str) -> Position:
        """R12 text, or Fairy-Stockfish's: placement, side, castling `-`, en passant `-`,
        half-move clock, move number (the regulator space is the variant's)."""
        fields = text.split()
        if len(fields) in (4, 6) and fields[2:4] == ["-", "-"]:
            clocks = fields[4:] or ["0", "1"]
            space = VARIANT_SPACE[variant]
            return read_fen(" ".join([*fields[:2], str(space), *clocks]))
        return read_fen(text)

    def write(self, pos: Position) -> str:
        return write_fen(pos)

    def parse_move(self, pos: Position, text: str) -> int:
        return parse_move(pos, text)

    def coordinate(self, move: int) -> str:
        return coordinate(move)

    def history(self, pos: Position) -> list[int]:
        # Only positions since the last pawn move or capture can come back (R11).
        return list(pos.keys[-(pos.halfmove + 1) : -1])

    def clock(self, pos: Position) -> str:
        return "w" if pos.turn == 0 else "b"

    def variant_line(self, variant: str) -> str:
        start = fairy_fen(self.start(variant))
        return f"variant {variant} files 5 ranks 7 pocket 0 template fairy startpos {start}"


class UciSession(Session):
    """A Regulator Chess session writing to `out`."""

    def __init__(self, out: TextIO) -> None:
        super().__init__(RegulatorUci(), out)
