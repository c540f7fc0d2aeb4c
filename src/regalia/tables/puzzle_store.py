"""Puzzles in the database: the puzzles with their ratings, players' puzzle ratings and
streaks, and each player's first try of each puzzle.

A try is rated once: the first try's row (player, puzzle) is inserted in the same
transaction that moves both ratings, so a second try of the same puzzle — or the same try
sent twice at once — finds the row and rates nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from regalia.puzzles.rating import PUZZLE_SIGMA, START_MU, START_SIGMA, mu_of, rate, shown
from regalia.tables.models import Base
from regalia.tables.store import Store


class PuzzleRow(Base):
    __tablename__ = "regalia_puzzles"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    position: Mapped[str] = mapped_column(Text)
    to_move: Mapped[int] = mapped_column(Integer)
    moves: Mapped[str] = mapped_column(Text)  # JSON: the solution's move texts
    themes: Mapped[str] = mapped_column(Text)  # JSON: theme names
    source: Mapped[str] = mapped_column(String(120))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    solved: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class PuzzlePlayerRow(Base):
    __tablename__ = "regalia_puzzle_players"

    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_players.id"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    streak: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    best_streak: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    solved: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    failed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class PuzzleTryRow(Base):
    __tablename__ = "regalia_puzzle_tries"

    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_players.id"), primary_key=True
    )
    puzzle_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_puzzles.id"), primary_key=True
    )
    solved: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[float] = mapped_column(Float)
    change: Mapped[int] = mapped_column(Integer)


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    game: str
    position: str
    to_move: int
    moves: list[str]
    themes: list[str]
    rating: int
    plays: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's puzzles in one game."""

    rating: int
    mu: float
    streak: int
    best_streak: int
    solved: int
    failed: int


@dataclass(frozen=True, slots=True)
class Rated:
    change: int  # 0: not the player's first try of this puzzle
    standing: Standing


def _puzzle(row: PuzzleRow) -> Puzzle:
    return Puzzle(row.id, row.game, row.position, row.to_move, json.loads(row.moves),
                  json.loads(row.themes), shown(row.mu), row.plays)  # fmt: skip


def _standing(row: PuzzlePlayerRow | None) -> Standing:
    if row is None:
        return Standing(shown(START_MU), START_MU, 0, 0, 0, 0)
    return Standing(shown(row.mu), row.mu, row.streak, row.best_streak, row.solved, row.failed)


class PuzzleStore:
    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def load(self, puzzles: Iterable[dict[str, Any]]) -> int:
        """Add the shipped puzzles the database lacks (by id); how many were added. A puzzle
        already here keeps its rating and counts."""
        wanted = list(puzzles)
        for attempt in range(3):
            try:
                return self._add_missing(wanted)
            except IntegrityError:
                # Server processes starting together each add the set: the one that lost the
                # race reads again and finds them there.
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _add_missing(self, puzzles: list[dict[str, Any]]) -> int:
        with Session(self.engine) as session, session.begin():
            have = set(session.scalars(select(PuzzleRow.id)))
            added = 0
            for p in puzzles:
                if p["id"] in have:
                    continue
                have.add(p["id"])
                session.add(PuzzleRow(
                    id=p["id"], game=p["game"], position=p["position"], to_move=p["to_move"],
                    moves=json.dumps(p["moves"]), themes=json.dumps(p["themes"]),
                    source=str(p.get("source", ""))[:120], mu=mu_of(p["rating"]),
                    sigma=PUZZLE_SIGMA, plays=0, solved=0,
                ))  # fmt: skip
                added += 1
        return added

    def get(self, puzzle_id: str) -> Puzzle | None:
        with Session(self.engine) as session:
            row = session.get(PuzzleRow, puzzle_id)
            return None if row is None else _puzzle(row)

    def ratings(self, game: str) -> list[tuple[str, float]]:
        """Every puzzle of `game` as (id, μ), by id."""
        with Session(self.engine) as session:
            found = session.execute(
                select(PuzzleRow.id, PuzzleRow.mu).where(PuzzleRow.game == game)
                .order_by(PuzzleRow.id)
            ).all()  # fmt: skip
        return [(i, m) for i, m in found]

    def tried(self, player_id: str, game: str) -> set[str]:
        with Session(self.engine) as session:
            query = (
                select(PuzzleTryRow.puzzle_id)
                .join(PuzzleRow, PuzzleRow.id == PuzzleTryRow.puzzle_id)
                .where(PuzzleTryRow.player_id == player_id, PuzzleRow.game == game)
            )
            return set(session.scalars(query))

    def standing(self, player_id: str, game: str) -> Standing:
        with Session(self.engine) as session:
            return _standing(session.get(PuzzlePlayerRow, (player_id, game)))

    def standings(self, player_id: str) -> dict[str, Standing]:
        with Session(self.engine) as session:
            rows = session.scalars(
                select(PuzzlePlayerRow).where(PuzzlePlayerRow.player_id == player_id)
            ).all()
            return {row.game: _standing(row) for row in rows}

    def record(self, player_id: str, puzzle_id: str, solved: bool, now: float) -> Rated:
        """Rate the player's try of the puzzle if it is their first; the standing after."""
        try:
            with Session(self.engine) as session, session.begin():
                puzzle = session.get(PuzzleRow, puzzle_id)
                assert puzzle is not None
                me = session.get(PuzzlePlayerRow, (player_id, puzzle.game))
                if me is None:
                    me = PuzzlePlayerRow(player_id=player_id, game=puzzle.game, mu=START_MU,
                                         sigma=START_SIGMA, streak=0, best_streak=0, solved=0,
                                         failed=0)  # fmt: skip
                    session.add(me)
                before = shown(me.mu)
                (me.mu, me.sigma), (puzzle.mu, puzzle.sigma) = rate(
                    (me.mu, me.sigma), (puzzle.mu, puzzle.sigma), solved
                )
                puzzle.plays += 1
                if solved:
                    puzzle.solved += 1
                    me.solved += 1
                    me.streak += 1
                    me.best_streak = max(me.best_streak, me.streak)
                else:
                    me.failed += 1
                    me.streak = 0
                change = shown(me.mu) - before
                session.add(PuzzleTryRow(player_id=player_id, puzzle_id=puzzle_id,
                                         solved=solved, at=now, change=change))  # fmt: skip
                session.flush()  # the first try's key: a second one fails here
                return Rated(change, _standing(me))
        except IntegrityError:
            game = self.get(puzzle_id)
            assert game is not None
            return Rated(0, self.standing(player_id, game.game))
