"""The lessons speak the learner's language.

The lesson texts live in the `lessons` catalogue domain (`lessons.po`, brought up to date by
`python -m regalia.i18n.lessons`); every one must be translated with the same `{n}` slots,
and the lessons API must answer in the client's language. Expected Portuguese is read from
the catalogue, not copied here, so a better translation needs no test change.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from regalia.core.lessons import Lesson, solves
from regalia.core.registry import BUILTIN, get_game, load_ref
from regalia.i18n import catalogue, translate
from regalia.i18n.catalog import LOCALES
from regalia.i18n.lessons import lesson_texts, update
from tests.server.conftest import make_client

SLOT = re.compile(r"\{(\d+)\}")
LESSONS_PO = LOCALES / "pt_BR" / "LC_MESSAGES" / "lessons.po"
PT = {"X-Lang": "pt-BR"}


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def active(po: Catalog) -> dict[str, Any]:
    return {str(m.id): m for m in po if m.id}


@pytest.fixture(scope="module")
def po() -> Catalog:
    return read(LESSONS_PO)


@pytest.fixture(scope="module")
def texts() -> dict[str, list[str]]:
    return lesson_texts()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        yield test_client


def lessons(game: str) -> tuple[Lesson, ...]:
    found: tuple[Lesson, ...] = load_ref(get_game(game).lessons)
    return found


# The catalogue --------------------------------------------------------------------------


def test_every_builtin_games_lessons_are_collected(texts: dict[str, list[str]]) -> None:
    for name in BUILTIN:
        for lesson in lessons(name):
            assert lesson.title in texts and lesson.summary in texts
            for step in lesson.steps:
                assert {step.instruction, step.wrong, step.success} <= set(texts)


def test_the_catalogue_is_up_to_date_with_the_lessons(
    po: Catalog, texts: dict[str, list[str]]
) -> None:
    assert set(active(po)) == set(texts), "run `python -m regalia.i18n.lessons`, then translate"
    assert not set(po.obsolete) & set(texts)


def test_re_extracting_keeps_every_translation(tmp_path: Path, po: Catalog) -> None:
    copy = tmp_path / "pt_BR" / "LC_MESSAGES" / "lessons.po"
    copy.parent.mkdir(parents=True)
    shutil.copy(LESSONS_PO, copy)
    update(copy, lesson_texts())
    again = read(copy)
    assert {k: m.string for k, m in active(again).items()} == {
        k: m.string for k, m in active(po).items()
    }


def test_every_lesson_text_is_translated_with_the_same_slots(
    po: Catalog, texts: dict[str, list[str]]
) -> None:
    entries = active(po)
    untranslated = {t: texts[t] for t in texts if not str(entries[t].string or "").strip()}
    assert untranslated == {}
    assert [t for t in texts if entries[t].fuzzy] == []
    wrong_slots = {
        t: entries[t].string
        for t in texts
        if Counter(SLOT.findall(t)) != Counter(SLOT.findall(str(entries[t].string)))
    }
    assert wrong_slots == {}
    assert [(str(m.id), e) for m, e in po.check() if e] == []


def test_translate_finds_every_lesson_text(po: Catalog, texts: dict[str, list[str]]) -> None:
    pt = catalogue("pt-BR")
    entries = active(po)
    assert {t: pt.translate(t) for t in texts} == {t: str(entries[t].string) for t in texts}


# The lessons API ------------------------------------------------------------------------


def test_the_lessons_in_portuguese_when_asked_and_english_otherwise(client: TestClient) -> None:
    found = lessons("regulator")
    english = client.get("/api/lessons/regulator").json()
    portuguese = client.get("/api/lessons/regulator", headers=PT).json()
    by_browser = client.get(
        "/api/lessons/regulator", headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.8"}
    ).json()
    assert by_browser == portuguese
    for lesson, en, pt in zip(found, english, portuguese, strict=True):
        assert (en["title"], en["summary"]) == (lesson.title, lesson.summary)
        assert pt["title"] == translate(lesson.title, "pt-BR") != lesson.title
        assert pt["summary"] == translate(lesson.summary, "pt-BR") != lesson.summary
        for step, en_step, pt_step in zip(lesson.steps, en["steps"], pt["steps"], strict=True):
            assert en_step["instruction"] == step.instruction
            assert pt_step["instruction"] == translate(step.instruction, "pt-BR")
            assert pt_step["instruction"] != step.instruction
            # Only the words change: the position and its moves stay in the game's notation.
            assert (pt_step["view"], pt_step["legal"]) == (en_step["view"], en_step["legal"])


@pytest.mark.parametrize("game", sorted(BUILTIN))
def test_every_games_lessons_answer_in_portuguese(client: TestClient, game: str) -> None:
    listed = client.get(f"/api/lessons/{game}", headers=PT).json()
    pt = catalogue("pt-BR")
    for lesson, shown in zip(lessons(game), listed, strict=True):
        assert shown["title"] == pt.exact[lesson.title]
        assert [s["instruction"] for s in shown["steps"]] == [
            pt.exact[step.instruction] for step in lesson.steps
        ]


def a_wrong_try(game: str, key: str, number: int) -> str:
    """A legal action that does not solve the step, as text the game reads."""
    lesson = next(found for found in lessons(game) if found.key == key)
    step = lesson.steps[number]
    state = step.state(get_game(game))
    seat = step.actor(state)
    for action in state.legal_actions(seat):
        if not solves(step, state, action):
            return state.describe(action)
    raise AssertionError("the step has no wrong legal try")


def test_a_wrong_try_and_a_solution_answer_in_portuguese(client: TestClient) -> None:
    step = lessons("regulator")[0].steps[0]
    wrong = a_wrong_try("regulator", "track", 0)
    url = "/api/lessons/regulator/try"
    body = {"lesson": "track", "step": 0, "action": wrong}
    in_english = client.post(url, json=body).json()
    assert (in_english["ok"], in_english["legal"]) == (False, True)
    assert in_english["message"] == step.wrong
    in_portuguese = client.post(url, json=body, headers=PT).json()
    assert (in_portuguese["ok"], in_portuguese["legal"]) == (False, True)
    assert in_portuguese["message"] == translate(step.wrong, "pt-BR") != step.wrong
    solved = client.post(url, json={**body, "action": step.solutions[0]}, headers=PT).json()
    assert solved["ok"] is True
    assert solved["message"] == translate(step.success, "pt-BR") != step.success


def test_an_illegal_try_gives_the_rules_reason_in_portuguese(client: TestClient) -> None:
    url = "/api/lessons/regulator/try"
    body = {"lesson": "track", "step": 0, "action": "Ka5"}
    english = client.post(url, json=body).json()
    portuguese = client.post(url, json=body, headers=PT).json()
    assert english["legal"] is False and portuguese["legal"] is False
    assert portuguese["message"] == translate(english["message"], "pt-BR") != english["message"]
