"""Regicida's "who is the Regent?" puzzles (issue 30): mined only where the spectator's
posterior is confident and right, the same from the same seeds, answered against the reveal,
rated from the confidence; the shipped set passes the game's own check; and nothing secret
reaches the client before the puzzle is answered."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import make_client
from tests.tables.fakes import FakeClock

from regalia.ai.regicida import puzzles as rp
from regalia.core.registry import get_game
from regalia.puzzles.follow import NotAMove
from regalia.puzzles.hook import hook_for
from regalia.puzzles.shipped import shipped_puzzles

GAME = get_game("regicida")
HOOK = hook_for(GAME)
# Seeds of short self-play games: 2 and 4 make puzzles, 1 does not (the observer is unsure
# of its Regent's holder).
SEEDS = (1, 2, 4)
STARTER_SET = 50


def truth(final: Any) -> str:
    """The Regent House's holder by the reveal alone (no inference)."""
    reveal = final.view(None)["reveal"]
    regent = reveal["verdict"]["regent"]
    ids = reveal["identities"]
    return f"P{ids.index(regent) + 1}" if regent in ids else "neutral"


@pytest.fixture(scope="module")
def mined() -> dict[int, tuple[Any, list[Any]]]:
    out = {}
    for seed in SEEDS:
        states = HOOK.play(GAME, seed, 0)
        out[seed] = (states[-1], list(HOOK.mine(states, f"selfplay:{seed}", 0)))
    return out


def test_mining_keeps_only_confident_and_right_games(mined: dict[int, Any]) -> None:
    kept = {seed for seed, (_, found) in mined.items() if found}
    assert kept == {2, 4}
    for seed, (final, found) in mined.items():
        judged = rp.judge(final)
        assert judged is not None
        confident_right = judged["p"] >= rp.THRESHOLD and judged["guess"] == judged["truth"]
        assert bool(found) == confident_right, seed
        for puzzle in found:
            assert puzzle.moves == [truth(final)]
            assert puzzle.to_move == rp.ONLOOKER
            assert puzzle.extra["confidence"] >= rp.THRESHOLD
            assert puzzle.rating == rp.rating(judged["p"])
            assert set(puzzle.themes) <= set(HOOK.theme_titles)
            assert GAME.from_record(puzzle.position).to_record() == final.to_record()


def test_a_confident_but_wrong_observer_makes_no_puzzle(
    mined: dict[int, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    final = mined[2][0]
    judged = dict(rp.judge(final) or {})
    judged["guess"] = "P1" if judged["truth"] != "P1" else "P2"
    monkeypatch.setattr(rp, "judge", lambda _: judged)
    assert rp.puzzle_of(final, "x") is None


def test_mining_is_the_same_from_the_same_seed(mined: dict[int, Any]) -> None:
    again = list(HOOK.mine(HOOK.play(GAME, 4, 0), "selfplay:4", 0))
    assert [p.to_json() for p in again] == [p.to_json() for p in mined[4][1]]


def test_the_rating_falls_with_confidence() -> None:
    assert [rp.rating(p) for p in (0.9, 0.99, 0.999, 0.9999, 1.0)] == [1500, 1350, 1200, 1050, 1050]
    assert rp.rating(0.95) == 1455


def test_an_answer_is_checked_against_the_reveal(mined: dict[int, Any]) -> None:
    puzzle = mined[2][1][0]
    right = puzzle.moves[0]
    players = GAME.from_record(puzzle.position).players
    wrong = next(text for text, _ in rp.answers(players) if text != right)
    for spelling in (right, right.lower(), right[1:], f"Player {right[1:]}", f"vote {right[1:]}"):
        step = HOOK.follow(GAME, puzzle.position, puzzle.moves, [spelling])
        assert step.ok and step.solved, spelling
        assert step.state is not None and step.state.view(None)["reveal"]
    step = HOOK.follow(GAME, puzzle.position, puzzle.moves, [wrong])
    assert not step.ok and not step.solved
    for bad in (["P9"], ["banana"], [right, right]):
        with pytest.raises(NotAMove):
            HOOK.follow(GAME, puzzle.position, puzzle.moves, bad)
    if players == rp.MAX_PLAYERS:
        with pytest.raises(NotAMove):
            rp.read_answer("neutral", players)


def test_the_shipped_set_passes_the_games_own_check() -> None:
    puzzles = shipped_puzzles(GAME)
    assert len(puzzles) >= STARTER_SET
    assert len({p["id"] for p in puzzles}) == len(puzzles)
    sample = puzzles[:: max(1, len(puzzles) // 8)]
    for puzzle in sample:
        assert HOOK.problems(GAME, puzzle) == [], puzzle["id"]
        assert puzzle["moves"] == [truth(GAME.from_record(puzzle["position"]))]


# The client's side: nothing of any seat's identity before the answer.


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, FakeClock()) as test_client:
        yield test_client


SECRET_KEYS = {"reveal", "identities", "unused", "votes", "verdict", "record", "source"}


def keys(value: Any) -> Iterator[str]:
    """Every key that holds something (a spectator's view has `reveal: null`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if item not in (None, [], {}):
                yield key
            yield from keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item)


def assert_public(served: dict[str, Any]) -> None:
    stored = {p["id"]: p for p in shipped_puzzles(GAME)}[served["id"]]
    final = GAME.from_record(stored["position"])
    before = rp.at_vote(final)
    text = json.dumps(served)
    assert not SECRET_KEYS & set(keys(served)), SECRET_KEYS & set(keys(served))
    assert "Seed" not in text and stored["position"] not in text
    assert "solution" not in served and "moves" not in served
    # The board is exactly a spectator's view at the vote; the position text is public too.
    assert served["board"]["view"] == before.view(None)
    assert served["board"]["view"]["identity"] is None
    assert served["board"]["to_act"] == []
    assert [c["action"] for c in served["board"]["legal"]] == [
        a for a, _ in rp.answers(final.players)
    ]
    assert served["position"] == rp.public_text(before)
    assert served["answer"] == "choice" and served["question"] == "Who is the Regent?"
    assert served["to_move"] == rp.ONLOOKER
    assert set(served["themes"]) <= set(HOOK.theme_titles)


def test_no_secret_reaches_the_client_before_the_answer(client: TestClient) -> None:
    served = client.get("/api/puzzles/next", params={"game": "regicida"})
    assert served.status_code == 200, served.text
    assert_public(served.json())
    daily = client.get("/api/puzzles/daily", params={"game": "regicida"}).json()
    assert_public(daily)
    one = client.get(f"/api/puzzles/{served.json()['id']}").json()
    assert_public(one)
    # A try that does not read is refused and tells nothing; the puzzle stays unanswered.
    url = f"/api/puzzles/{one['id']}/try"
    for bad in (["P9"], ["nobody"], ["P1", "P2"]):
        refused = client.post(url, json={"moves": bad})
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["code"] == "illegal"
        assert not SECRET_KEYS & set(keys(refused.json()))
        assert "solution" not in refused.json()
    assert_public(client.get(f"/api/puzzles/{one['id']}").json())


def test_a_wrong_answer_fails_and_only_then_shows_the_reveal(client: TestClient) -> None:
    me = client.post("/api/players", json={"name": "Onlooker"}).json()
    key = {"X-Player-Key": me["player_key"]}
    served = client.get("/api/puzzles/next", params={"game": "regicida"}, headers=key).json()
    right = {p["id"]: p for p in shipped_puzzles(GAME)}[served["id"]]["moves"][0]
    wrong = next(c["action"] for c in served["board"]["legal"] if c["action"] != right)
    url = f"/api/puzzles/{served['id']}/try"
    failed = client.post(url, json={"moves": [wrong]}, headers=key).json()
    assert failed["ok"] is False and failed["solved"] is False
    assert failed["solution"] == [right] and failed["rating_change"] < 0
    assert failed["board"]["view"]["reveal"]["identities"]  # after the answer: the reveal
    solved = client.post(url, json={"moves": [right]}, headers=key).json()
    assert solved["ok"] and solved["solved"] and solved["rating_change"] == 0  # rated once
