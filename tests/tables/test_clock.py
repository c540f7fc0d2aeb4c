"""Table clocks from event times alone: Fischer banks, per-move limits, votes, pauses."""

from __future__ import annotations

import pytest

from regalia.tables.clock import ClockConfig, Clocks
from regalia.tables.errors import TableError


def test_a_fischer_bank_runs_only_for_the_seat_to_act_and_gains_its_increment() -> None:
    clocks = Clocks(ClockConfig(initial_s=60, increment_s=2), 2)
    clocks.set_running([0], at=100.0)
    clocks.set_running([1], at=110.0, acted=0)  # White thought 10 s, gains 2
    assert clocks.remaining == [52.0, 60.0]
    clocks.set_running([0], at=130.0, acted=1)  # Black thought 20 s, gains 2
    assert clocks.remaining == [52.0, 42.0]
    assert clocks.left(0, 140.0) == 42.0 and clocks.left(1, 140.0) == 42.0
    assert clocks.expiry() == (0, 130.0 + 52.0)


def test_a_per_move_clock_starts_afresh_with_each_turn() -> None:
    clocks = Clocks(ClockConfig(per_move_s=30), 3)
    clocks.set_running([0], at=0.0 + 1)
    clocks.set_running([1], at=21.0, acted=0)
    assert clocks.left(1, 21.0) == 30.0 and clocks.remaining[0] == 10.0
    clocks.set_running([1], at=30.0, acted=1)  # the same seat acts again: a new turn
    assert clocks.left(1, 30.0) == 30.0


def test_every_voter_s_clock_runs_during_a_simultaneous_vote() -> None:
    clocks = Clocks(ClockConfig(initial_s=100), 3)
    clocks.set_running([0, 1, 2], at=1000.0)
    clocks.set_running([1, 2], at=1010.0, acted=0)
    clocks.advance(1030.0)
    assert clocks.remaining == [90.0, 70.0, 70.0]
    assert clocks.expiry() == (1, 1030.0 + 70.0)


def test_time_no_server_ran_the_table_is_not_charged() -> None:
    clocks = Clocks(ClockConfig(initial_s=60), 2)
    clocks.set_running([0], at=100.0)
    clocks.pause(paused_from=105.0, at=500.0)  # down from 105 to 500
    assert clocks.left(0, 510.0) == 45.0


def test_a_timed_out_seat_s_clock_stops_for_good() -> None:
    clocks = Clocks(ClockConfig(initial_s=5), 2)
    clocks.set_running([0], at=0.5)
    clocks.advance(6.0)
    clocks.timed_out(0)
    clocks.set_running([0], at=7.0)  # a bot plays it now: no clock
    assert clocks.running == frozenset() and clocks.expiry() is None


@pytest.mark.parametrize(
    "given",
    [{"initial_s": 0}, {"per_move_s": -1}, {"initial_s": 60, "per_move_s": 5}, {"moves": 40},
     {"initial_s": True}, {"increment_s": 2}, {"initial_s": 10**9}],
)  # fmt: skip
def test_odd_clock_requests_are_refused(given: dict[str, object]) -> None:
    with pytest.raises(TableError, match="clock"):
        ClockConfig.read(given)
