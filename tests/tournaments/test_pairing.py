"""Pairing rules per format and game, without a server: no repeats while avoidable, byes at
most once, tie-breaks, Regicide's partners and Regicida's table sizes."""

from __future__ import annotations

import doctest
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regalia.core.registry import get_game
from regalia.core.seeds import Rng
from regalia.tournaments import arena, roundrobin, scoring, swiss
from regalia.tournaments.scoring import (
    Played,
    Shape,
    TableSides,
    met,
    partners,
    standings,
    table_size_for,
)

CHESS = Shape.of(get_game("regulator"), 2)
PARTNERS = Shape.of(get_game("regicide"), 4)


def units(n: int) -> list[str]:
    return [f"u{i:02d}" for i in range(n)]


def play(tables: list[TableSides], round_: int, rng: Rng) -> list[Played]:
    """Random results: a two-sided table has a winner or a draw, a multi-seat one winners."""
    out = []
    for sides in tables:
        if len(sides) == 2:
            a = rng.choice([1.0, 0.5, 0.0])
            scores: tuple[float, ...] = (a, 1.0 - a)
        else:
            winner = rng.choice(range(len(sides)))
            scores = tuple(1.0 if i == winner else 0.0 for i in range(len(sides)))
        out.append(Played(round_, sides, scores))
    return out


def run_swiss(
    n: int, rounds: int, shape: Shape, seed: int, seats: int | None = None
) -> list[Played]:
    rng, games = Rng(seed), list[Played]()
    names = units(n)
    for r in range(1, rounds + 1):
        pairing = swiss.pair(names, games, shape, r, seats)
        seated = [u for t in pairing.tables for side in t for u in side] + pairing.byes
        assert sorted(seated) == names, "everyone plays or has the bye, once"
        games += play(pairing.tables, r, rng)
        games += [Played(r, ((u,),), (1.0,)) for u in pairing.byes]
    return games


@given(st.integers(4, 16), st.integers(0, 10_000))
@settings(max_examples=60, deadline=None)
def test_swiss_two_sided_never_repeats_a_pairing_while_one_is_avoidable(n: int, seed: int) -> None:
    rounds = 3 if n > 5 else 2  # few rounds for the field: a pairing without repeats exists
    games = run_swiss(n, rounds, CHESS, seed)
    assert max(met(games).values()) == 1
    byes = Counter(u for g in games if g.bye for u in g.units())
    assert all(count == 1 for count in byes.values())
    assert sum(byes.values()) == (n % 2) * rounds


def test_swiss_pairs_equal_scores_top_half_against_bottom_half() -> None:
    names = units(8)
    first = swiss.pair(names, [], CHESS, 1)
    assert {frozenset(u for s in t for u in s) for t in first.tables} == {
        frozenset({"u00", "u04"}), frozenset({"u01", "u05"}),
        frozenset({"u02", "u06"}), frozenset({"u03", "u07"}),
    }  # fmt: skip
    # Round 2 after the top half won: winners meet winners.
    won = [Played(1, t, (1.0, 0.0) if t[0][0] < t[1][0] else (0.0, 1.0)) for t in first.tables]
    second = swiss.pair(names, won, CHESS, 2)
    winners = {"u00", "u01", "u02", "u03"}
    for t in second.tables:
        members = {u for s in t for u in s}
        assert members <= winners or not members & winners


def test_swiss_seats_first_the_unit_that_sat_first_less_often() -> None:
    games = run_swiss(10, 5, CHESS, seed=2)
    firsts = Counter(g.sides[0][0] for g in games if not g.bye)
    assert all(2 <= firsts[u] <= 3 for u in units(10))  # five games each: 2 or 3 first


def test_a_bye_goes_to_the_lowest_without_one_and_only_once_while_avoidable() -> None:
    names = units(5)
    games = run_swiss(5, 5, CHESS, seed=11)
    byes = [u for g in games if g.bye for u in g.units()]
    assert sorted(byes) == names  # five rounds, five byes, each unit one
    first = swiss.pair(names, [], CHESS, 1)
    assert first.byes == ["u04"]


def test_the_same_pairing_comes_back_from_the_same_standings() -> None:
    a = run_swiss(9, 4, CHESS, seed=5)
    b = run_swiss(9, 4, CHESS, seed=5)
    assert a == b


def test_regicide_individuals_never_partner_twice_while_avoidable() -> None:
    assert PARTNERS.two_sided and PARTNERS.side_size == 2
    games = run_swiss(8, 3, PARTNERS, seed=3)
    assert max(partners(games).values()) == 1
    for g in games:
        if not g.bye:
            assert len(g.sides) == 2 and all(len(s) == 2 for s in g.sides)
    # A field that is not a multiple of four: the rest sit out, each at most once.
    games = run_swiss(6, 3, PARTNERS, seed=3)
    byes = Counter(u for g in games if g.bye for u in g.units())
    assert sum(byes.values()) == 6 and max(byes.values()) == 1


def test_regicide_seats_put_partners_on_one_team() -> None:
    team_a, team_b = PARTNERS.teams
    seats = PARTNERS.seats((("a", "b"), ("c", "d")))
    assert {seats[s] for s in team_a} == {"a", "b"} and {seats[s] for s in team_b} == {"c", "d"}


@pytest.mark.parametrize(
    ("count", "size", "expected"),
    [(12, 4, ([4, 4, 4], 0)), (7, 4, ([4, 3], 0)), (5, 4, ([3, 2], 0)), (13, 6, ([5, 4, 4], 0)),
     (3, 2, ([2], 1)), (1, 3, ([], 1))],
)  # fmt: skip
def test_regicida_table_sizes_are_even_and_never_below_the_least(
    count: int, size: int, expected: tuple[list[int], int]
) -> None:
    assert table_size_for(count, size, 2) == expected


def test_regicida_swiss_groups_by_score_and_avoids_repeat_meetings() -> None:
    regicida = Shape.of(get_game("regicida"), 4)
    assert not regicida.two_sided
    games = run_swiss(16, 2, regicida, seed=8, seats=4)
    second = [g for g in games if g.round == 2]
    assert sorted(len(g.sides) for g in second) == [4, 4, 4, 4]
    # 16 at tables of 4 twice: no pair needs to meet twice (12 at 4 would: pigeonholes).
    assert max(met(games).values()) == 1


def test_tiebreaks_buchholz_and_sonneborn_berger() -> None:
    a, b, c, d = (("a",), ("b",), ("c",), ("d",))
    games = [
        Played(1, (a, b), (1.0, 0.0)), Played(1, (c, d), (1.0, 0.0)),
        Played(2, (a, c), (0.5, 0.5)), Played(2, (b, d), (1.0, 0.0)),
    ]  # fmt: skip
    rows = {s.unit: s for s in standings(["a", "b", "c", "d"], games)}
    # a and c: 1.5 points each; a met b (1) and c (1.5); c met d (0) and a (1.5).
    assert rows["a"].buchholz == 2.5 and rows["c"].buchholz == 1.5
    assert rows["a"].sonneborn_berger == 1.0 + 0.75
    assert [s.unit for s in standings(["a", "b", "c", "d"], games)] == ["a", "c", "b", "d"]


def test_round_robin_two_sided_meets_everyone_once() -> None:
    for n in (4, 5, 8):
        names = units(n)
        games: list[Played] = []
        assert roundrobin.rounds_for(names, CHESS) == (n - 1 if n % 2 == 0 else n)
        for r in range(1, roundrobin.rounds_for(names, CHESS) + 1):
            p = roundrobin.pair(names, games, CHESS, r)
            games += [Played(r, t, (0.5, 0.5)) for t in p.tables]
            games += [Played(r, ((u,),), (1.0,)) for u in p.byes]
        seen = met(games)
        assert all(seen[frozenset(pair)] == 1 for pair in combinations(names, 2))
        firsts = Counter(g.sides[0][0] for g in games if not g.bye)
        assert max(firsts.values()) - min(firsts[u] for u in names) <= 1


def test_round_robin_multi_seat_spreads_meetings_evenly() -> None:
    regicida = Shape.of(get_game("regicida"), 3)
    names = units(7)
    rounds = roundrobin.rounds_for(names, regicida, seats=3)
    assert 5 <= rounds <= 6  # tables of 3, 2, 2: five pairs meet a round, 21 pairs in all
    games: list[Played] = []
    for r in range(1, rounds + 1):
        p = roundrobin.pair(names, games, regicida, r, seats=3)
        games += [Played(r, t, (1.0,) + (0.0,) * (len(t) - 1)) for t in p.tables]
    seen = met(games)
    counts = [seen[frozenset(pair)] for pair in combinations(names, 2)]
    assert min(counts) >= 1 and max(counts) <= 2


def test_arena_streaks_and_pairing_near_score_without_an_instant_rematch() -> None:
    assert arena.score([1.0, 1.0, 1.0, 1.0]) == (2 + 2 + 4 + 4, True)
    assert arena.score([1.0, 1.0, 0.0, 1.0]) == (6, False)
    assert arena.score([0.5, 0.5]) == (2, False)
    assert arena.score([0.5], two_sided=False) == (0, False)
    points = {"a": 10, "b": 9, "c": 2, "d": 1}
    tables = arena.pair(["d", "c", "b", "a"], points, {}, CHESS)
    assert [{u for s in t for u in s} for t in tables] == [{"a", "b"}, {"c", "d"}]
    last = {"a": frozenset({"b"}), "b": frozenset({"a"})}
    tables = arena.pair(["a", "b", "c"], points, last, CHESS)
    assert [{u for s in t for u in s} for t in tables] == [{"a", "c"}]
    # Only the two who just met are waiting: they play again rather than wait for ever.
    assert len(arena.pair(["a", "b"], points, last, CHESS)) == 1


@pytest.mark.parametrize("module", [arena, roundrobin, swiss, scoring])
def test_the_modules_examples_hold(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]
