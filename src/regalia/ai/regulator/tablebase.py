"""Regulator Chess endgame tablebases of three men: built, stored, loaded and probed.

`regalia tablebase build --men 3` solves the five tables (`retrograde.build`: the lone
piece is a queen, rook, bishop, knight or pawn) and writes them to the data directory's
`tablebases/` (`REGALIA_DATA_DIR`, default `./data`; `REGALIA_TABLEBASES` names another
directory). Each table is one file, `KQK.rtb` …: a header line, then the table's bytes
compressed with LZMA (one byte a position, see `retrograde`).

`probe(pos)` answers for any position of two kings and one piece, either colour: won,
lost or drawn for the side to move, and in how many plies, with the R11 clock counted:
without pawns nothing can reset the 100-ply clock but a capture that leaves bare kings, so
a mate further away than the clock allows is a draw; with a pawn a push resets it, so the
tables answer only while the whole distance fits in what is left of the clock. The search
(`domain.py`) and the analysis board ask `probe` once the tables are on disk.

    >>> from regalia.games.regulator import read_fen
    >>> found = default()
    >>> found is None or found.probe(read_fen("5/5/5/2k2/5/5/Q1K2 w 1 0 1")).result == "win"
    True
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from regalia.ai.regulator import retrograde
from regalia.ai.search import scores
from regalia.games.regulator.board import (
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    PIECE_LETTERS,
    QUEEN,
    ROOK,
    SQUARES,
    WHITE,
    power_range,
)
from regalia.games.regulator.position import Position

if TYPE_CHECKING:
    from regalia.games.regulator.game import RegulatorState

DRAW_PLIES = 100  # R11
SUFFIX = ".rtb"
MAGIC = "regalia-tablebase"
VERSION = 1
# Pawnless tables first: a pawn table reads the tables its promotions enter.
ORDER = (QUEEN, ROOK, BISHOP, KNIGHT, PAWN)


def material(kind: int) -> str:
    """The table's name: `KQK`, `KPK` …"""
    return f"K{PIECE_LETTERS[kind]}K"


def directory(data_dir: Path | None = None) -> Path:
    """Where the tables live: `REGALIA_TABLEBASES`, else the data directory's `tablebases`."""
    named = os.environ.get("REGALIA_TABLEBASES")
    if named and data_dir is None:
        return Path(named)
    base = data_dir if data_dir is not None else Path(os.environ.get("REGALIA_DATA_DIR", "data"))
    return base / "tablebases"


@dataclass(frozen=True)
class Verdict:
    """A table's answer for the side to move: `result` "win", "loss" or "draw"; `plies` to
    the end (None for a draw); `clock` True when the result is a draw only because the
    100-ply clock runs out first (R11)."""

    result: str
    plies: int | None
    clock: bool = False

    @property
    def moves(self) -> int | None:
        """Moves of the winner to the end: "mate in N" (a win in 1 ply is mate in 1)."""
        return None if self.plies is None else (self.plies + 1) // 2

    def to_json(self) -> dict[str, object]:
        return {"result": self.result, "plies": self.plies, "moves": self.moves,
                "clock": self.clock}  # fmt: skip


@dataclass
class Stats:
    """What a table holds: positions per result, the longest win, one position with it."""

    name: str
    wins: int
    losses: int
    draws: int
    longest: int
    seconds: float


class Tablebase:
    """Loaded tables, by piece kind (each the bytes `retrograde.build` wrote)."""

    def __init__(self, tables: dict[int, bytes]) -> None:
        self.tables = tables

    def lookup(self, board: list[int], turn: int, regulator: int) -> int | None:
        """The raw byte of a position (`retrograde`: DRAW, INVALID, OFFSET + d), None when
        no table covers it."""
        kings = [-1, -1]
        piece = square = 0
        for s in range(SQUARES):
            code = board[s]
            if code == KING:
                kings[0] = s
            elif code == -KING:
                kings[1] = s
            elif code:
                if piece:
                    return None
                piece, square = code, s
        table = self.tables.get(abs(piece))
        if not piece or table is None or min(kings) < 0:
            return None
        strong = WHITE if piece > 0 else 1 - WHITE
        king, other = kings[strong], kings[1 - strong]
        if strong != WHITE:  # turn the board around: the strong side plays up the board
            king, other, square = _flip(king), _flip(other), _flip(square)
        weak = 0 if turn == strong else 1
        if abs(piece) == PAWN:
            index = retrograde.pawn_index(regulator, weak, king, other, square)
        else:
            index = retrograde.pawnless_index(power_range(regulator), weak, king, other, square)
        return None if index < 0 else table[index]

    def probe(self, pos: Position) -> Verdict | None:
        """The verdict for `pos`, or None: not three men, no table, a position the rules
        cannot reach, or a pawn ending the clock may cut short."""
        value = self.lookup(pos.board, pos.turn, pos.regulator)
        if value is None or value == retrograde.INVALID:
            return None
        if value == retrograde.DRAW:
            return Verdict("draw", None)
        plies = value - retrograde.OFFSET
        result = "win" if plies % 2 else "loss"
        if pos.halfmove + plies > DRAW_PLIES:
            if pos.pawns:
                return None  # pushes reset the clock on the way: the table cannot tell
            return Verdict("draw", None, clock=True)
        return Verdict(result, plies)

    def score(self, pos: Position, ply: int) -> int | None:
        """The search's score for `pos` at `ply` from the root (scores.py), or None."""
        verdict = self.probe(pos)
        if verdict is None:
            return None
        if verdict.plies is None:
            return 0
        if verdict.result == "win":
            return scores.MATE - ply - verdict.plies
        return scores.mated_in(ply + verdict.plies)


def _flip(square: int) -> int:
    return (6 - square // 5) * 5 + square % 5


# ---------------------------------------------------------------------- build and store


def build(
    kinds: tuple[int, ...] = ORDER, report: Callable[[Stats], None] | None = None
) -> dict[int, bytes]:
    """Solve the tables of `kinds` (pawnless ones first); `report` hears of each."""
    tables: dict[int, bytes] = {}
    for kind in ORDER:
        if kind not in kinds:
            continue
        started = time.process_time()
        values = bytearray(retrograde.size(kind))
        if kind == PAWN:
            missing = [k for k in retrograde.PROMOTED if k not in tables]
            tables.update(build(tuple(missing)) if missing else {})
            promo = b"".join(tables[k] for k in retrograde.PROMOTED)
            longest = retrograde.build(kind, promo, 0, retrograde.SPACES, values)
        else:
            longest = retrograde.build(kind, b"", 0, retrograde.POWERS, values)
        tables[kind] = bytes(values)
        if report is not None:
            report(stats(kind, tables[kind], longest, time.process_time() - started))
    return {kind: tables[kind] for kind in kinds}


def stats(kind: int, table: bytes, longest: int, seconds: float = 0.0) -> Stats:
    wins = losses = 0
    for value in range(retrograde.OFFSET, 256):
        n = table.count(value)
        if (value - retrograde.OFFSET) % 2:
            wins += n
        else:
            losses += n
    return Stats(material(kind), wins, losses, table.count(retrograde.DRAW), longest, seconds)


def save(tables: dict[int, bytes], where: Path) -> list[Path]:
    """Write each table to `where` (made if need be); returns the files."""
    where.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, table in tables.items():
        header = {"format": MAGIC, "version": VERSION, "material": material(kind),
                  "size": len(table), "sha256": hashlib.sha256(table).hexdigest()}  # fmt: skip
        path = where / (material(kind) + SUFFIX)
        partial = path.with_suffix(".part")
        partial.write_bytes(json.dumps(header).encode() + b"\n" + lzma.compress(table))
        partial.replace(path)
        written.append(path)
    return written


def read(path: Path, kind: int) -> bytes:
    """One table file's bytes; ValueError when the file is not that table, whole."""
    header_line, _, body = path.read_bytes().partition(b"\n")
    header = json.loads(header_line)
    table = lzma.decompress(body)
    if (
        header.get("format") != MAGIC
        or header.get("version") != VERSION
        or header.get("material") != material(kind)
        or len(table) != retrograde.size(kind)
        or hashlib.sha256(table).hexdigest() != header.get("sha256")
    ):
        raise ValueError(f"{path} is not a whole {material(kind)} table of this version")
    return table


def load(where: Path) -> Tablebase | None:
    """The tables found in `where` (None when there are none). A pawn table is only used
    together with the four it promotes into."""
    tables = {}
    for kind in ORDER:
        path = where / (material(kind) + SUFFIX)
        if path.is_file():
            try:
                tables[kind] = read(path, kind)
            except (ValueError, OSError, lzma.LZMAError):
                continue
    if PAWN in tables and any(k not in tables for k in retrograde.PROMOTED):
        del tables[PAWN]
    return Tablebase(tables) if tables else None


_LOADED: dict[str, Tablebase | None] = {}


def default() -> Tablebase | None:
    """The tables of `directory()`, loaded once per process (None when none are built)."""
    where = str(directory())
    if where not in _LOADED:
        _LOADED[where] = load(Path(where))
    return _LOADED[where]


def search_score(pos: Position, ply: int) -> int | None:
    """The exact score of a three-men `pos` for the search, when the tables know it."""
    found = default()
    return None if found is None else found.score(pos, ply)


def verdict(pos: Position) -> Verdict | None:
    """The tables' verdict on `pos`, when they are built and cover it."""
    found = default()
    return None if found is None else found.probe(pos)


def state_verdict(state: RegulatorState) -> dict[str, object] | None:
    """The game's `endgame` hook (`Game.endgame`): the verdict on a state, as JSON."""
    found = verdict(state.position())
    return None if found is None else found.to_json()


@dataclass
class Census:
    """One material under one regulator state, over every legal placement with White's
    piece (Black's mirror the same) and either side to move: who wins, the longest win."""

    name: str
    spaces: str  # the regulator spaces counted together ("1-2", "3-5", "6-7" or one space)
    positions: int = 0
    strong_wins: int = 0  # the side with the piece wins
    weak_wins: int = 0  # the lone king wins (its opponent runs out of moves, R10)
    draws: int = 0
    longest: int = 0  # plies of the longest win
    example: str = ""  # a position with it (R12)


_POWER_SPACES = ((1, "1-2"), (3, "3-5"), (6, "6-7"))  # a space of each range, its name


def census(tables: Tablebase) -> list[Census]:
    """Every table's positions counted by result, per regulator power range (pawnless) or
    space (pawn)."""
    from regalia.games.regulator.fen import write_fen

    rows = []
    for kind in ORDER:
        table = tables.tables.get(kind)
        if table is None:
            continue
        spaces = [(s, str(s)) for s in range(1, 8)] if kind == PAWN else list(_POWER_SPACES)
        for regulator, label in spaces:
            row = Census(material(kind), label)
            for king in range(SQUARES):
                for other in range(SQUARES):
                    for square in range(SQUARES):
                        if len({king, other, square}) < 3 or (
                            kind == PAWN and not 1 <= square // 5 <= 5
                        ):
                            continue
                        for weak in (0, 1):
                            if kind == PAWN:
                                index = retrograde.pawn_index(regulator, weak, king, other, square)
                            else:
                                index = retrograde.pawnless_index(
                                    power_range(regulator), weak, king, other, square
                                )
                            value = table[index]
                            if value == retrograde.INVALID:
                                continue
                            row.positions += 1
                            if value == retrograde.DRAW:
                                row.draws += 1
                                continue
                            plies = value - retrograde.OFFSET
                            strong_wins = (plies % 2 == 1) == (weak == 0)
                            if strong_wins:
                                row.strong_wins += 1
                            else:
                                row.weak_wins += 1
                            if plies % 2 and plies > row.longest:
                                board = [0] * SQUARES
                                board[king], board[other], board[square] = KING, -KING, kind
                                row.longest = plies
                                row.example = write_fen(Position(board, weak, regulator))
            rows.append(row)
    return rows
