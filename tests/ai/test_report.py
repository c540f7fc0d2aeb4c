"""The accuracy report's arithmetic on made-up evaluations, worked out by hand: a four-seat
game (two teams of two, as in Regicide) judges each seat by its own moves, with its team's
win chance."""

from __future__ import annotations

import math

from regalia.ai.report import accuracy_report


def win(cp: float) -> float:
    return 1 / (1 + 10 ** (-cp / 400))


def test_four_seats_two_teams_each_seat_judged_by_its_own_moves() -> None:
    # Seats 0 and 2 are the first team; scores are theirs. Seat 1 (the other team) lets the
    # first team go from 0 to +400; seat 3 then wins it back to 0; seats 0 and 2 lose nothing.
    scores = [0, 0, 400, 400, 0]
    movers = [None, 0, 1, 2, 3]
    report = accuracy_report(scores, movers, frozenset({0, 2}), 4)
    by_seat = {s["seat"]: s for s in report["seats"]}
    loss = win(0) - win(-400)  # seat 1's chance 0.5 -> 1/11 = 0.409: a blunder
    assert math.isclose(loss, 0.5 - 1 / 11)
    assert by_seat[1]["accuracy"] == round(100 * math.exp(-loss / 0.2), 1) == 12.9
    assert by_seat[1]["blunders"] == 1 and by_seat[1]["moves"] == 1
    # Seat 3 gains for its team: no loss. Seats 0 and 2 kept their team's chance.
    assert [by_seat[s]["accuracy"] for s in (0, 2, 3)] == [100.0, 100.0, 100.0]
    assert report["turning_point"] == 2
    assert [p["win"] for p in report["chart"]] == [50.0, 50.0, 90.9, 90.9, 50.0]


def test_a_quiet_game_has_no_turning_point_and_a_seat_without_moves_no_accuracy() -> None:
    report = accuracy_report([0, 30], [None, 0], frozenset({0}), 2)
    loss_free = {s["seat"]: s["accuracy"] for s in report["seats"]}
    assert loss_free == {0: 100.0, 1: None}
    assert report["turning_point"] is None and report["mistakes"] == []
