"""A game from another distribution plays at the terminal through its entry point alone.

Goofspiel (tests/plugins/goofspiel) is installed by `make test` into .venv/plugins, outside
the virtualenv, and found through PYTHONPATH; the real `regalia` command runs it here.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[2] / ".venv" / "plugins"


def plugin_folder() -> Path:
    spec = importlib.util.find_spec("regalia_goofspiel")
    if spec is not None and spec.origin is not None:
        return Path(spec.origin).parent.parent
    if (PLUGINS / "regalia_goofspiel").is_dir():
        return PLUGINS
    pytest.skip("the goofspiel test plugin is not installed (make test installs it)")


def regalia(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "regalia"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "regalia"]
    paths = [str(plugin_folder()), *filter(None, os.environ.get("PYTHONPATH", "").split(":"))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "COLUMNS": "100"}
    return subprocess.run(
        [*command, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_goofspiel_plays_a_whole_game_at_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "goofspiel.txt"
    # Six cards each (the default): bid 1 to 5; the last card is the only one left, and plays
    # itself. Then save at the game-over prompt, and the input ends.
    bids = "".join(f"bid {card}\n" for card in range(1, 6))
    done = regalia(
        "play", "goofspiel", "--seats", "human,match", "--seed", "3", stdin=f"{bids}save {record}\n"
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Seed 3. Players: Player 1, Player 2 (match)." in out
    assert out.count("Player 2 (match) has voted.") == 6
    assert "Player 1 has voted." in out and "bid 6 (the only legal action)" not in out
    assert "Game over: " in out
    assert any(word in out for word in ("Winner: ", "Draw.", "Drawn between"))
    assert "error:" not in out and f"Saved to {record}." in out
    assert record.read_text().count("bid") == 12  # every bid of both seats, in the record


def test_goofspiel_options_and_help_come_from_its_descriptors() -> None:
    done = regalia("play", "goofspiel", "--help", stdin="")
    assert done.returncode == 0
    assert "--cards VALUE" in done.stdout and "--player-2 LEVEL" in done.stdout
    bad = regalia("play", "goofspiel", "--cards", "99", stdin="")
    assert bad.returncode == 2
    assert bad.stderr.strip() == "error: --cards: 99 is outside 3..13"
