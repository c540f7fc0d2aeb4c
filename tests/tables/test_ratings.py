"""Ratings in the store: free-for-all ranks with several winners, once per table, a
failure inside the rating undoing the finish with it, forfeits, games between one source's
accounts, provisional players on the leaderboard, and a leaderboard of the active only."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from regalia.tables import ratings as ratings_module
from regalia.tables.accounts import Accounts
from regalia.tables.events import Event, iso_time
from regalia.tables.limits import Limits
from regalia.tables.models import PlayerRow, RatedGameRow, RatingRow, SeatRow, TableRow
from regalia.tables.ratings import RatingJob, Ratings, rate_in, source_of
from regalia.tables.store import Append, SeatSpec, Store, sqlite_url
from tests.tables.fakes import FakeClock


def store_with_table(tmp_path: Path, table_id: str = "t1") -> Store:
    store = Store(sqlite_url(tmp_path))
    row = TableRow(id=table_id, game="regicida", players=4, options="{}", seed=1,
                   created_at="2026-01-01T00:00:00.000+00:00", status="playing", seq=0,
                   record="", rated=True)  # fmt: skip
    store.create(row, [SeatSpec("human", None, None)] * 4, [])
    return store


def players(store: Store, names: list[str], table_id: str = "t1") -> tuple[str, ...]:
    """New accounts, seated at `table_id` in order (as a rated table's players are)."""
    accounts = Accounts(store)
    ids = tuple(accounts.create_guest(name)[0].id for name in names)
    with store.engine.begin() as conn:
        for seat, player in enumerate(ids):
            conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                         .values(player_id=player))  # fmt: skip
    return ids


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


def seat_sources(store: Store, table_id: str, sources: list[str | None]) -> None:
    with store.engine.begin() as conn:
        for seat, source in enumerate(sources):
            conn.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(source=source)
            )


def moves(store: Store, table_id: str) -> list[int]:
    changes = Ratings(store.engine).changes(table_id)
    assert changes is not None
    return [c["after"] - c["before"] for c in changes]


def test_a_stand_in_s_win_is_its_absent_player_s_loss_and_the_partner_keeps_the_win(
    tmp_path: Path,
) -> None:
    store = store_with_table(tmp_path)
    ids = players(store, ["Ivo", "Jana", "Kai", "Lia"])
    # Two teams (0, 2) and (1, 3); team 0 won, but a stand-in played seat 2 at the end.
    job = RatingJob("t1", "regicida", ids, ("win", "loss", "win", "loss"), ((0, 2), (1, 3)),
                    forfeits=(2,), same_source_weight=0.0)  # fmt: skip
    with store.engine.begin() as conn:
        rate_in(conn, job)
    ivo, jana, kai, lia = moves(store, "t1")
    assert ivo > 0 and kai < 0  # the partner who played keeps the win; the absent one lost
    assert jana < 0 and lia < 0 and jana == lia  # the other side lost what it lost


def test_one_source_on_two_sides_counts_its_weight_and_partners_from_one_source_count(
    tmp_path: Path,
) -> None:
    for n, (sources, weight) in enumerate(
        [(["10.0.0.1", "10.0.0.1", None, None], 0.0),  # opponents from one address: nothing
         (["10.0.0.1", "10.0.0.1", None, None], 0.5),  # … or half a game, if so configured
         (["10.0.0.1", "10.0.0.2", "10.0.0.1", "10.0.0.2"], 0.0)]  # partners: a full game
    ):  # fmt: skip
        (tmp_path / str(n)).mkdir()
        store = store_with_table(tmp_path / str(n))
        ids = players(store, ["Ana", "Bia", "Cris", "Dani"])
        seat_sources(store, "t1", sources)
        job = RatingJob("t1", "regicida", ids, ("win", "loss", "win", "loss"),
                        ((0, 2), (1, 3)), same_source_weight=weight)  # fmt: skip
        with store.engine.begin() as conn:
            rate_in(conn, job)
        gained = moves(store, "t1")
        board = Ratings(store.engine).leaderboard("regicida", 0, 10)
        if n == 0:
            assert gained == [0, 0, 0, 0] and board == []  # not even a game played
        elif n == 1:
            half = gained
            assert half[0] > 0 > half[1] and {row["games"] for row in board} == {1}
        else:
            assert gained[0] > half[0] > 0 > half[1] > gained[1]


def test_a_source_is_an_ipv4_address_or_an_ipv6_64() -> None:
    assert source_of("192.0.2.7") == "192.0.2.7" != source_of("192.0.2.8")
    assert (
        source_of("2001:db8:1:2::7") == source_of("2001:db8:1:2:aaaa::1") == ("2001:db8:1:2::/64")
    )
    assert source_of("2001:db8:1:3::7") != source_of("2001:db8:1:2::7")
    assert source_of("::ffff:192.0.2.7") == "192.0.2.7"
    assert source_of("testclient") == "testclient"


def test_new_accounts_and_few_games_rank_below_established_players(tmp_path: Path) -> None:
    store = store_with_table(tmp_path)
    old, new, bot = players(store, ["Old", "New", "Fresh"])
    with store.engine.begin() as conn:
        conn.execute(update(PlayerRow).where(PlayerRow.id == old)
                     .values(created_at="2026-01-01T00:00:00.000+00:00"))  # fmt: skip
        conn.execute(update(PlayerRow).where(PlayerRow.id == bot).values(is_bot=True))
        for player, mu, games in ((old, 27.0, 40), (new, 35.0, 15), (bot, 26.0, 12)):
            conn.execute(insert(RatingRow).values(player_id=player, game="regulator", mu=mu,
                                                  sigma=1.0, games=games))  # fmt: skip
    clock = FakeClock(time.time())
    with store.engine.begin() as conn:  # the three played a rated game at t1 just now
        conn.execute(insert(RatedGameRow).values(table_id="t1", game="regulator", changes="[]",
                                                 rated_at=iso_time(clock.t)))  # fmt: skip
    ratings = Ratings(store.engine, Limits(), clock.now)

    def board() -> list[tuple[str, bool]]:
        rows = ratings.leaderboard("regulator", 0, 10)
        return [(row["name"], row["provisional"]) for row in rows]

    # New is rated highest, but its account is minutes old: it ranks below the others.
    assert board() == [("Old", False), ("Fresh", False), ("New", True)]
    clock.t += 86_400 + 60  # a day later it is established, and first
    assert board() == [("New", False), ("Old", False), ("Fresh", False)]
    profile = ratings.profile(new)
    assert profile is not None and profile["ratings"]["regulator"]["provisional"] is False


def test_the_leaderboard_lists_only_players_with_a_rated_game_in_the_active_days(
    tmp_path: Path,
) -> None:
    day = 86_400.0
    start = 1_800_000_000.0
    store = store_with_table(tmp_path)
    store.create(TableRow(id="t2", game="regicida", players=4, options="{}", seed=2,
                          created_at=iso_time(start), status="playing", seq=0, record="",
                          rated=True), [SeatSpec("human", None, None)] * 4, [])  # fmt: skip
    early = players(store, ["Ana", "Bruno", "Caio", "Duda"])
    late = (early[0], *players(store, ["Eva", "Fred", "Gil"], "t2"))
    with store.engine.begin() as conn:  # at t2, Ana sits at seat 0 and the others after
        for seat, player in enumerate(late):
            conn.execute(update(SeatRow).where(SeatRow.table_id == "t2", SeatRow.seat == seat)
                         .values(player_id=player))  # fmt: skip
    for table_id, ids, at in (("t1", early, start), ("t2", late, start + 20 * day)):
        job = RatingJob(table_id, "regicida", ids, ("win", "loss", "loss", "loss"),
                        ((0,), (1,), (2,), (3,)))  # fmt: skip
        with store.engine.begin() as conn:
            rate_in(conn, job)
            # The game ended at `at` by the tables' clock: its last event.
            conn.execute(update(TableRow).where(TableRow.id == table_id)
                         .values(updated_at=iso_time(at)))  # fmt: skip
    clock = FakeClock(start + 25 * day)
    ratings = Ratings(store.engine, Limits(), clock.now)

    def names(active_days: float = 30) -> set[str]:
        return {r["name"] for r in ratings.leaderboard("regicida", 0, 50, None, active_days)}

    assert names() == {"Ana", "Bruno", "Caio", "Duda", "Eva", "Fred", "Gil"}
    clock.t = start + 31 * day  # t1 is 31 days old: its players who played since stay
    assert names() == {"Ana", "Eva", "Fred", "Gil"}
    assert names(active_days=40) == {"Ana", "Bruno", "Caio", "Duda", "Eva", "Fred", "Gil"}
    clock.t = start + 51 * day
    assert names() == set()
    clock.t = start + 31 * day
    with store.engine.begin() as conn:  # a moderator annulled t2: its players were here
        conn.execute(update(RatedGameRow).where(RatedGameRow.table_id == "t2")
                     .values(annulled_at=start + 30 * day))  # fmt: skip
    assert names() == {"Ana", "Eva", "Fred", "Gil"}
