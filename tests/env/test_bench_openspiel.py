"""bench/openspiel_steps.py runs: a row per game and way of playing, OpenSpiel's chess last."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "openspiel_steps.py"


def test_bench_prints_a_rate_for_every_game_and_mode() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--seconds", "0.01"],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["game", "mode", "games", "plies/game", "steps/s"]
    rows = [line.split() for line in lines[1:]]
    games = ["regalia_regulator", "regalia_regicide", "regalia_regicida(players=4)", "chess"]
    assert [(row[0], row[1]) for row in rows] == [
        (game, mode) for game in games for mode in ("play", "clone", "observe")
    ]
    for row in rows:
        assert int(row[2]) >= 1 and float(row[4].replace(",", "")) > 0
    # Regicida's deal is counted apart, as chance steps; the chess games deal nothing.
    assert all(("chance" in line) == ("regicida" in line) for line in lines[1:])
