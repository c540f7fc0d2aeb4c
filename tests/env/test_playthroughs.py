"""Golden playthroughs, written by OpenSpiel's own `generate_playthrough`: one game of each,
every state's observations, legal actions and returns. The test replays each file's actions
and compares the text, so any change to observations, actions or rules shows in review.

After a deliberate change, write them again (fresh random games, seed 0) and review the diff:

    python -m tests.env.test_playthroughs
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from open_spiel.python.algorithms import generate_playthrough

import regalia.env.openspiel  # noqa: F401  (registers the games)

FOLDER = Path(__file__).parent / "playthroughs"
# Regulator plays to its end; Regicide stops after four plies (a draw by the ply limit),
# since each of its states prints four 42 x 14 x 14 tensors; two-player Regicida is whole,
# and so is its reduced configuration.
GAMES = {
    "regalia_regulator.txt": "regalia_regulator",
    "regalia_regicide.txt": "regalia_regicide(max_game_length=4)",
    "regalia_regicida.txt": "regalia_regicida(objective=random,players=2,reduced=False)",
    "regalia_regicida_reduced.txt": "regalia_regicida(objective=random,players=2,reduced=True)",
}
SEED = 0


def recorded(text: str) -> tuple[str, list[int | list[int]]]:
    """The game string and the actions of a playthrough (joint actions as lists)."""
    game = re.search(r"^game: (.*)$", text, re.M)
    assert game is not None, "a playthrough starts with its game"
    actions: list[int | list[int]] = []
    for line in text.splitlines():
        if line.startswith("action: "):
            actions.append(int(line.removeprefix("action: ")))
        elif line.startswith("actions: ["):
            actions.append([int(a) for a in line.removeprefix("actions: [")[:-1].split(", ")])
    return game[1], actions


@pytest.mark.parametrize("filename", sorted(GAMES))
def test_playthrough_is_unchanged(filename: str) -> None:
    original = (FOLDER / filename).read_text(encoding="utf-8")
    game, actions = recorded(original)
    assert game == GAMES[filename]
    again = generate_playthrough.playthrough(game, actions, seed=SEED)
    if again != original:
        diff = difflib.unified_diff(
            original.splitlines(), again.splitlines(), "recorded", "now", n=1, lineterm=""
        )
        shown = "\n".join(line[:200] for _, line in zip(range(40), diff, strict=False))
        pytest.fail(
            f"{filename} changed; if meant, run python -m tests.env.test_playthroughs\n{shown}"
        )


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for filename, game in GAMES.items():
        text = generate_playthrough.playthrough(game, None, seed=SEED)
        (FOLDER / filename).write_text(text, encoding="utf-8")
        print(f"wrote {filename} ({len(text.encode()) // 1000} kB)")


if __name__ == "__main__":
    main()
