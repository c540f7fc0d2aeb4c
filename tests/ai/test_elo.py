import math

from regalia.ai.elo import elo_estimate, elo_from_score, score_interval


def test_even_score_is_zero_elo_and_76_percent_is_about_200() -> None:
    assert elo_from_score(0.5) == 0.0
    assert round(elo_from_score(0.76)) == 200


def test_free_for_all_reads_the_baseline_share_as_even() -> None:
    # One win in four at a four-player table is exactly what an equal player scores.
    assert abs(elo_from_score(0.25, players=4)) < 1e-9
    assert elo_from_score(0.5, players=4) > 150


def test_interval_contains_the_mean_and_narrows_with_more_games() -> None:
    few = score_interval([1, 0, 1, 0.5, 1, 0])
    many = score_interval([1, 0, 1, 0.5, 1, 0] * 20)
    assert few.low < few.mean < few.high
    assert math.isclose(few.mean, many.mean)
    assert many.high - many.low < few.high - few.low


def test_perfect_and_null_scores_have_an_infinite_estimate_and_a_finite_bound() -> None:
    best = elo_estimate([1.0] * 10)
    assert best.diff == math.inf and best.high == math.inf
    assert 0 < best.low < math.inf
    worst = elo_estimate([0.0] * 10)
    assert worst.diff == -math.inf and -math.inf < worst.high < 0
    assert best.text().startswith("+inf [+")
