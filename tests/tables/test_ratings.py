"""Ratings in the store: free-for-all ranks with several winners, once per table, a
failure inside the rating undoing the finish with it, forfeits, games between one source's
accounts, provisional players on the leaderboard, a leaderboard of the active only, and
built-in levels fixed at their ladder rating."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pytest
from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from regalia.ai.ratings import RATINGS, ladder
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


# OpenSkill's Plackett–Luce defaults (Weng & Lin 2011, Algorithm 4), written out here so the
# expected updates below do not come from the code under test.
BETA = 25 / 6
TAU = 25 / 300
KAPPA = 0.0001


def won_against(
    mu: float, sigma: float, other_mu: float, other_sigma: float
) -> tuple[float, float]:
    """A two-player Plackett–Luce update of the winner (μ, σ) against (other_mu, other_sigma)."""
    var = sigma**2 + TAU**2
    other_var = other_sigma**2 + TAU**2
    c = math.sqrt(var + other_var + 2 * BETA**2)
    p = math.exp(mu / c) / (math.exp(mu / c) + math.exp(other_mu / c))  # P(the winner wins)
    new_mu = mu + var / c * (1 - p)
    delta = var / c**2 * p * (1 - p) * (math.sqrt(var) / c)
    return new_mu, math.sqrt(var) * math.sqrt(max(1 - delta, KAPPA))


def table_against(store: Store, table_id: str, person: str, level: str, bot: str) -> None:
    """A rated Regulator Chess table: `person` at seat 0, a bot of `level` (player `bot`) at 1."""
    row = TableRow(id=table_id, game="regulator", players=2, options="{}", seed=1,
                   created_at="2026-01-01T00:00:00.000+00:00", status="playing", seq=0,
                   record="", rated=True)  # fmt: skip
    store.create(
        row, [SeatSpec("human", None, None, person), SeatSpec("bot", level, None, bot)], []
    )


def rating_of(store: Store, player: str, game: str = "regulator") -> tuple[float, float, int]:
    with Session(store.engine) as session:
        row = session.get(RatingRow, (player, game))
        assert row is not None
        return row.mu, row.sigma, row.games


def rate_game(
    store: Store, table_id: str, players: tuple[str, str], outcomes: tuple[str, str]
) -> None:
    with store.engine.begin() as conn:
        rate_in(conn, RatingJob(table_id, "regulator", players, outcomes, ((0,), (1,))))


def test_a_win_against_a_rated_level_is_a_win_against_its_ladder_rating(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path))
    accounts = Accounts(store)
    ana = accounts.create_guest("Ana")[0].id
    level = dict(ladder("regulator"))["greedy"]  # the level's calibrated rating, R
    bot = accounts.bot("greedy").id
    with store.engine.begin() as conn:  # a rating the level drifted to before: not used
        conn.execute(insert(RatingRow).values(player_id=bot, game="regulator", mu=40.0,
                                              sigma=3.0, games=7))  # fmt: skip
    table_against(store, "t1", ana, "greedy", bot)
    rate_game(store, "t1", (ana, bot), ("win", "loss"))
    # R as a well-known player: shown as R, with the small fixed deviation.
    level_mu = (level - 1000) / 40 + 3 * ratings_module.LEVEL_SIGMA
    mu, sigma = won_against(25.0, 25 / 3, level_mu, ratings_module.LEVEL_SIGMA)
    got_mu, got_sigma, games = rating_of(store, ana)
    assert (got_mu, got_sigma, games) == (pytest.approx(mu), pytest.approx(sigma), 1)
    changes = Ratings(store.engine).changes("t1")
    assert changes is not None
    assert changes[0]["after"] == round(1000 + 40 * (mu - 3 * sigma))
    assert changes[1]["before"] == changes[1]["after"] == level
    assert rating_of(store, bot) == (pytest.approx(level_mu), ratings_module.LEVEL_SIGMA, 8)


def test_a_rated_level_keeps_its_ladder_rating_over_many_games(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path))
    accounts = Accounts(store)
    ana = accounts.create_guest("Ana")[0].id
    level = dict(ladder("regulator"))["strong"]
    bot = accounts.bot("strong").id
    for n in range(30):
        table_against(store, f"t{n}", ana, "strong", bot)
        outcomes = ("win", "loss") if n % 3 else ("loss", "win")
        rate_game(store, f"t{n}", (ana, bot), outcomes)
        changes = Ratings(store.engine).changes(f"t{n}")
        assert changes is not None and changes[1]["before"] == changes[1]["after"] == level
    mu, sigma, games = rating_of(store, bot)
    assert ratings_module.shown(mu, sigma) == level and games == 30
    assert rating_of(store, ana)[2] == 30
    board = Ratings(store.engine).leaderboard("regulator", 0, 10, bots=True)
    assert [(row["level"], row["rating"]) for row in board] == [("strong", level)]


def test_a_bot_account_is_rated_as_a_person_is(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path))
    accounts = Accounts(store)
    ana = accounts.create_guest("Ana")[0].id
    program = accounts.create_guest("MyBot")[0].id
    with store.engine.begin() as conn:
        conn.execute(update(PlayerRow).where(PlayerRow.id == program).values(bot_account=True))
    row = TableRow(id="t1", game="regulator", players=2, options="{}", seed=1,
                   created_at="2026-01-01T00:00:00.000+00:00", status="playing", seq=0,
                   record="", rated=True)  # fmt: skip
    # A BOT plays through the Bot API, at a seat of its own (a human seat).
    store.create(
        row, [SeatSpec("human", None, None, ana), SeatSpec("human", None, None, program)], []
    )
    rate_game(store, "t1", (ana, program), ("loss", "win"))
    mu, sigma = won_against(25.0, 25 / 3, 25.0, 25 / 3)
    assert rating_of(store, program) == (pytest.approx(mu), pytest.approx(sigma), 1)
    assert rating_of(store, ana)[0] < 25.0


def test_a_level_the_ladder_does_not_rate_is_rated_as_a_player_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(RATINGS, "regulator", {})  # a calibration table rating no level
    assert ladder("regulator") == []
    store = Store(sqlite_url(tmp_path))
    accounts = Accounts(store)
    ana = accounts.create_guest("Ana")[0].id
    bot = accounts.bot("greedy").id
    table_against(store, "t1", ana, "greedy", bot)
    rate_game(store, "t1", (ana, bot), ("win", "loss"))
    # Both start as newcomers (μ 25, σ 25/3) and both move: the level's rating falls.
    mu, sigma = won_against(25.0, 25 / 3, 25.0, 25 / 3)
    assert rating_of(store, ana) == (pytest.approx(mu), pytest.approx(sigma), 1)
    level_mu, _, games = rating_of(store, bot)
    assert level_mu == pytest.approx(25.0 - (mu - 25.0)) and games == 1
