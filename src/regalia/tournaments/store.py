"""Blocking database work of tournaments (run on the table service's database threads).

Every change that must not happen twice is a compare-and-set: a round's games are written
with the tournament's `round` moving from n to n + 1 in one transaction (a turn-based
round-robin's every round: from 0 to the last), so a director
that restarted, or a second process, cannot pair a round again.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from regalia.tables.models import PlayerRow, RatingRow, TableRow
from regalia.tables.names import name_key
from regalia.tables.ratings import shown
from regalia.tournaments.models import EntrantRow, GameRow, TournamentRow

ACTIVE = ("upcoming", "running")


@dataclass
class Loaded:
    """One tournament as stored: its row, entrants (by number) and games (by round, board)."""

    row: TournamentRow
    entrants: list[EntrantRow] = field(default_factory=list)
    games: list[GameRow] = field(default_factory=list)

    @property
    def settings(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.row.settings)
        return value


class TournamentStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, row: TournamentRow, entrants: Sequence[EntrantRow]) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(row)
            session.flush()
            session.add_all(entrants)

    def load(self, tournament_id: str) -> Loaded | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TournamentRow, tournament_id)
            if row is None:
                return None
            entrants = session.scalars(
                select(EntrantRow)
                .where(EntrantRow.tournament_id == tournament_id)
                .order_by(EntrantRow.number, EntrantRow.player_id)
            ).all()
            games = session.scalars(
                select(GameRow)
                .where(GameRow.tournament_id == tournament_id)
                .order_by(GameRow.round, GameRow.board)
            ).all()
            session.expunge_all()
            return Loaded(row, list(entrants), list(games))

    def ids(self, statuses: Sequence[str], limit: int = 100) -> list[str]:
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TournamentRow.id)
                    .where(TournamentRow.status.in_(statuses))
                    .order_by(TournamentRow.created_at.desc())
                    .limit(limit)
                )
            )

    def take_lease(
        self, tournament_id: str, owner: str, now: float, until: float, everyone: bool
    ) -> bool:
        """This process runs the tournament until `until`: its lease renewed, or taken
        when lapsed (a lone server takes every lease)."""
        query = update(TournamentRow).where(TournamentRow.id == tournament_id)
        if not everyone:
            query = query.where(
                or_(
                    TournamentRow.owner.is_(None),
                    TournamentRow.owner == owner,
                    TournamentRow.lease_until < now,
                )
            )
        with Session(self.engine) as session, session.begin():
            return _changed(session.execute(query.values(owner=owner, lease_until=until)))

    def change(self, tournament_id: str, expect: dict[str, Any], **values: Any) -> bool:
        """Set `values` if the row still has `expect` (column: value); False if not."""
        query = update(TournamentRow).where(TournamentRow.id == tournament_id)
        for column, value in expect.items():
            query = query.where(getattr(TournamentRow, column) == value)
        with Session(self.engine) as session, session.begin():
            return _changed(session.execute(query.values(**values)))

    def pair_round(
        self, tournament_id: str, was: int, games: Sequence[GameRow], to: int | None = None,
        **values: Any,
    ) -> bool:  # fmt: skip
        """Round `was + 1` (or rounds `was + 1` to `to`) and its games, in one transaction;
        False if paired already."""
        try:
            with Session(self.engine) as session, session.begin():
                moved = session.execute(
                    update(TournamentRow)
                    .where(TournamentRow.id == tournament_id)
                    .where(TournamentRow.round == was)
                    .values(round=was + 1 if to is None else to, **values)
                )
                if not _changed(moved):
                    session.rollback()
                    return False
                session.add_all(games)
            return True
        except IntegrityError:
            return False

    def score(
        self, tournament_id: str, round_: int, board: int, scores: dict[str, Any], at: float
    ) -> bool:
        with Session(self.engine) as session, session.begin():
            return _changed(
                session.execute(
                    update(GameRow)
                    .where(GameRow.tournament_id == tournament_id)
                    .where(GameRow.round == round_)
                    .where(GameRow.board == board)
                    .where(GameRow.scores.is_(None))
                    .values(scores=json.dumps(scores), finished_at=at)
                )
            )

    def forfeited(self, tournament_id: str, players: Sequence[str], withdraw_after: int) -> None:
        with Session(self.engine) as session, session.begin():
            for pid in players:
                row = session.get(EntrantRow, (tournament_id, pid))
                if row is not None:
                    row.forfeits += 1
                    row.withdrawn = row.withdrawn or row.forfeits >= withdraw_after

    def join(self, entrant: EntrantRow, cap: int) -> bool:
        """Add an entrant (numbered last); False when already in or the field is full."""
        with Session(self.engine) as session, session.begin():
            rows = session.scalars(
                select(EntrantRow.number).where(EntrantRow.tournament_id == entrant.tournament_id)
            ).all()
            if (
                len(rows) >= cap
                or session.get(EntrantRow, (entrant.tournament_id, entrant.player_id)) is not None
            ):
                return False
            entrant.number = max(rows, default=-1) + 1
            session.add(entrant)
            return True

    def leave(self, tournament_id: str, player_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            return _changed(
                session.execute(
                    delete(EntrantRow)
                    .where(EntrantRow.tournament_id == tournament_id)
                    .where(EntrantRow.player_id == player_id)
                )
            )

    def withdraw(self, tournament_id: str, player_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            return _changed(
                session.execute(
                    update(EntrantRow)
                    .where(EntrantRow.tournament_id == tournament_id)
                    .where(EntrantRow.player_id == player_id)
                    .values(withdrawn=True)
                )
            )

    def renumber(self, tournament_id: str, numbers: dict[str, int]) -> None:
        with Session(self.engine) as session, session.begin():
            for pid, number in numbers.items():
                session.execute(
                    update(EntrantRow)
                    .where(EntrantRow.tournament_id == tournament_id)
                    .where(EntrantRow.player_id == pid)
                    .values(number=number)
                )

    def existing_tables(self, table_ids: Sequence[str]) -> set[str]:
        if not table_ids:
            return set()
        with Session(self.engine) as session:
            return set(session.scalars(select(TableRow.id).where(TableRow.id.in_(table_ids))))

    def bot_player(self, name: str, now: str) -> str:
        """A new bot player for one bot entrant: each entrant has its own player id."""
        with Session(self.engine) as session, session.begin():
            player_id = secrets.token_hex(8)
            session.add(
                PlayerRow(
                    id=player_id, name=name, name_key=name_key(name), is_bot=True, created_at=now
                )
            )
        return player_id

    def rating(self, player_id: str, game: str) -> float | None:
        with Session(self.engine) as session:
            row = session.get(RatingRow, (player_id, game))
            return None if row is None else float(shown(row.mu, row.sigma))


def _changed(result: Any) -> bool:
    """Whether an UPDATE or DELETE touched a row."""
    return bool(result.rowcount)
