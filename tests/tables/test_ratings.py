"""Ratings in the store: free-for-all ranks with several winners, once per table, and a
failure inside the rating undoing the finish with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from regalia.tables import ratings as ratings_module
from regalia.tables.accounts import Accounts
from regalia.tables.events import Event
from regalia.tables.models import RatingRow, TableRow
from regalia.tables.ratings import RatingJob, Ratings, rate_in
from regalia.tables.store import Append, SeatSpec, Store, sqlite_url


def store_with_table(tmp_path: Path, table_id: str = "t1") -> Store:
    store = Store(sqlite_url(tmp_path))
    row = TableRow(id=table_id, game="regicida", players=4, options="{}", seed=1,
                   created_at="2026-01-01T00:00:00.000+00:00", status="playing", seq=0,
                   record="", rated=True)  # fmt: skip
    store.create(row, [SeatSpec("human", None, None)] * 4, [])
    return store


def players(store: Store, names: list[str]) -> tuple[str, ...]:
    accounts = Accounts(store)
    return tuple(accounts.create_guest(name)[0].id for name in names)


def test_regicida_ranks_every_seat_alone_and_several_may_win(tmp_path: Path) -> None:
    store = store_with_table(tmp_path)
    ids = players(store, ["Ana", "Bruno", "Caio", "Duda"])
    job = RatingJob("t1", "regicida", ids, ("win", "loss", "win", "loss"), ((0,), (1,), (2,), (3,)))
    with store.engine.begin() as conn:
        rate_in(conn, job)
        rate_in(conn, job)  # the same table again: nothing changes
    board = {row["name"]: row for row in Ratings(store.engine).leaderboard("regicida", 0, 10)}
    assert board["Ana"]["rating"] == board["Caio"]["rating"] > board["Bruno"]["rating"]
    assert board["Bruno"]["rating"] == board["Duda"]["rating"]
    assert {row["games"] for row in board.values()} == {1}
    changes = Ratings(store.engine).changes("t1")
    assert changes is not None and [c["after"] > c["before"] for c in changes] == [
        True, False, True, False
    ]  # fmt: skip


def test_a_failed_rating_undoes_the_finish_and_a_retry_rates_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = store_with_table(tmp_path)
    ids = players(store, ["Eva", "Fred", "Gil", "Hana"])
    job = RatingJob(
        "t1", "regicida", ids, ("loss", "win", "loss", "loss"), ((0,), (1,), (2,), (3,))
    )
    result = {"outcomes": ["loss", "win", "loss", "loss"], "reason": "x"}
    finished = Event(1, "finished", None, 1767225660.0, {"result": result})
    append = Append("t1", [finished], "finished", None, {"x": 1}, job)

    def crash(*_: object) -> None:
        raise RuntimeError("the process died mid-update")

    monkeypatch.setattr("regalia.tables.store.rate_in", crash)
    with pytest.raises(RuntimeError):
        store.append([append])
    assert store.events_after("t1", 0) == []  # the finish is not stored either
    monkeypatch.setattr("regalia.tables.store.rate_in", ratings_module.rate_in)
    assert store.append([append]) == [True]
    with Session(store.engine) as session:
        games = session.scalars(select(RatingRow.games)).all()
    assert sorted(games) == [1, 1, 1, 1]
