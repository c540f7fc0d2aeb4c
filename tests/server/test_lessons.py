"""The lessons API over the three games' lessons: listed without their answers, and every
try checked by the real rules."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.core.errors import RegaliaError
from regalia.core.lessons import Lesson
from regalia.core.registry import game_names, get_game, load_ref

GAMES = ("regulator", "regicide", "regicida")


def lessons(game: str) -> tuple[Lesson, ...]:
    found: tuple[Lesson, ...] = load_ref(get_game(game).lessons)
    return found


def attempt(client: TestClient, game: str, lesson: str, step: int, action: str) -> Any:
    reply = client.post(
        f"/api/lessons/{game}/try", json={"lesson": lesson, "step": step, "action": action}
    )
    assert reply.status_code == 200, reply.text
    return reply.json()


@pytest.mark.parametrize("game", GAMES)
def test_the_lessons_are_listed_without_their_answers(client: TestClient, game: str) -> None:
    reply = client.get(f"/api/lessons/{game}")
    assert reply.status_code == 200, reply.text
    listed = reply.json()
    expected = lessons(game)
    assert [item["key"] for item in listed] == [found.key for found in expected]
    for item, found in zip(listed, expected, strict=True):
        assert (item["title"], item["summary"]) == (found.title, found.summary)
        assert len(item["steps"]) == len(found.steps)
        for shown, step in zip(item["steps"], found.steps, strict=True):
            assert set(shown) == {"instruction", "seat", "view", "legal"}
            assert shown["instruction"] == step.instruction
            assert shown["seat"] in shown["view"]["to_act"]
            assert shown["legal"] and all({"action", "text"} == set(a) for a in shown["legal"])
    text = json.dumps(listed, ensure_ascii=False)
    for found in expected:
        for step in found.steps:
            assert step.success not in text and step.wrong not in text


def test_H2_a_regicida_lesson_sends_only_the_learners_view(client: TestClient) -> None:
    listed = client.get("/api/lessons/regicida").json()
    for item in listed:
        for shown in item["steps"]:
            view = shown["view"]
            assert view["seat"] == shown["seat"] and view["identity"] is not None
            assert view["reveal"] is None  # no other Identity, no unused House
    assert "[Seed" not in client.get("/api/lessons/regicida").text  # the records stay here


@pytest.mark.parametrize("game", GAMES)
def test_every_first_solution_is_answered_with_its_success(client: TestClient, game: str) -> None:
    for found in lessons(game):
        for index, step in enumerate(found.steps):
            answer = attempt(client, game, found.key, index, step.solutions[0])
            assert answer["ok"] and answer["legal"], (found.key, index)
            assert answer["message"] == step.success
            assert answer["view"] is not None


def test_R13_a_solution_in_either_notation_solves(client: TestClient) -> None:
    for action in ("Nxb5", "c3b5", "Nxb5+"):
        answer = attempt(client, "regulator", "captures", 0, action)
        assert answer["ok"], action
        assert answer["view"]["regulator"] == 3


def test_C15_a_solution_in_either_notation_solves(client: TestClient) -> None:
    for action in ("BPxm10", "PxM10", "l11m10"):
        answer = attempt(client, "regicide", "en-passant", 0, action)
        assert answer["ok"], action


def test_R7_a_legal_but_wrong_try_gets_the_hint(client: TestClient) -> None:
    step = lessons("regulator")[1].steps[1]
    answer = attempt(client, "regulator", "captures", 1, "Nxc4")
    assert answer == {**answer, "ok": False, "legal": True, "message": step.wrong}
    assert answer["view"]["regulator"] == 3  # the position after the try comes back


def test_H8_a_legal_but_wrong_vote_gets_the_hint(client: TestClient) -> None:
    step = next(found for found in lessons("regicida") if found.key == "vote").steps[0]
    answer = attempt(client, "regicida", "vote", 0, "vote 2")
    assert (answer["ok"], answer["legal"], answer["message"]) == (False, True, step.wrong)


@pytest.mark.parametrize(
    ("game", "lesson", "step", "action"),
    [
        ("regulator", "knights", 2, "a3"),  # R9: the knight would slide onto the king
        ("regicide", "en-passant", 1, "l9m10"),  # C6: the right was the next player's
        ("regicida", "intrigue", 1, "swap e1 e2 flip e1"),  # H5: e2 is dark
        ("regicida", "vote", 0, "vote 1"),  # H8: no one votes for themselves
    ],
)
def test_R9_C6_H5_H8_an_illegal_try_answers_the_engines_reason(
    client: TestClient, game: str, lesson: str, step: int, action: str
) -> None:
    found = next(item for item in lessons(game) if item.key == lesson).steps[step]
    state = found.state(get_game(game))
    seat = found.actor(state)
    with pytest.raises(RegaliaError) as reason:
        state.apply(seat, state.parse(seat, action))
    answer = attempt(client, game, lesson, step, action)
    assert answer == {"ok": False, "legal": False, "message": str(reason.value), "view": None}


def test_an_unreadable_try_is_not_legal(client: TestClient) -> None:
    answer = attempt(client, "regulator", "track", 0, "push the pawn")
    assert (answer["ok"], answer["legal"], answer["view"]) == (False, False, None)
    assert answer["message"]


def not_found(reply: Any, code: str = "not_found") -> str:
    assert reply.status_code == 404, reply.text
    body = reply.json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    message: str = body["error"]["message"]
    assert message
    return message


def test_an_unknown_lesson_or_step_is_404(client: TestClient) -> None:
    for lesson, step in (("no-such-lesson", 0), ("track", 99)):
        reply = client.post(
            "/api/lessons/regulator/try", json={"lesson": lesson, "step": step, "action": "b4"}
        )
        assert not_found(reply) == "no such lesson step"


@pytest.mark.parametrize("game", ["toy", "goofspiel"])
def test_a_game_without_lessons_is_404(client: TestClient, game: str) -> None:
    if game not in game_names():
        pytest.skip(f"{game} is not installed here")
    assert not get_game(game).lessons
    assert "has no lessons" in not_found(client.get(f"/api/lessons/{game}"))
    reply = client.post(
        f"/api/lessons/{game}/try", json={"lesson": "any", "step": 0, "action": "x"}
    )
    not_found(reply)


def test_an_unknown_game_is_404(client: TestClient) -> None:
    not_found(client.get("/api/lessons/chess"), "unknown_game")
