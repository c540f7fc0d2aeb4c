"""`regalia arena` on a game it only knows through the entry point, run as the real CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.plugins.conftest import plugin_env

REGALIA = Path(sys.executable).with_name("regalia")


def arena(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [str(REGALIA), "arena", "goofspiel", *args, "--json"],
        env=plugin_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    tallies: dict[str, Any] = json.loads(done.stdout)
    for label, tally in tallies.items():
        assert tally["wins"] + tally["draws"] + tally["losses"] == tally["games"], label
        expected = (tally["wins"] + tally["draws"] / 2) / tally["games"]
        assert tally["score"] == pytest.approx(expected, abs=1e-5), label
    return tallies


def test_match_against_random_head_to_head() -> None:
    tallies = arena("--agents", "random,match", "--games", "6")
    assert set(tallies) == {"random", "match"}
    assert tallies["random"]["games"] == tallies["match"]["games"] == 6
    assert tallies["random"]["wins"] == tallies["match"]["losses"]
    assert tallies["random"]["draws"] == tallies["match"]["draws"]
    # Bidding the prize's value beats random bids nearly always (about 93% over 200 games).
    assert tallies["match"]["score"] > 0.5


def test_one_match_bot_at_a_table_of_three() -> None:
    tallies = arena("--agents", "match,random,random", "--players", "3", "--games", "6")
    assert tallies["match"]["games"] == 6 and tallies["random"]["games"] == 12
    # Each game has one winner, or tied leaders sharing a draw.
    assert tallies["match"]["wins"] + tallies["random"]["wins"] <= 6
