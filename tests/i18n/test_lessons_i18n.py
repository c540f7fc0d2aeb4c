"""The lessons speak the learner's language, and each rules page has its Portuguese twin.

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
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

import regalia
from regalia.core.lessons import Lesson, solves
from regalia.core.registry import BUILTIN, get_game, load_ref
from regalia.i18n import catalogue, translate
from regalia.i18n.catalog import LOCALES
from regalia.i18n.lessons import lesson_texts, update
from tests.server.conftest import make_client

SLOT = re.compile(r"\{(\d+)\}")
LESSONS_PO = LOCALES / "pt_BR" / "LC_MESSAGES" / "lessons.po"
RULES = Path(regalia.__file__).parent / "web" / "rules"
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


# The rules pages ------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))


def page(path: Path) -> _Page:
    parsed = _Page()
    parsed.feed(path.read_text(encoding="utf-8"))
    return parsed


ENGLISH_PAGES = sorted(p for p in RULES.glob("*.html") if not p.name.endswith(".pt-BR.html"))


def test_there_are_rules_pages() -> None:
    assert {p.stem for p in ENGLISH_PAGES} >= {"regulator", "regicide", "regicida"}


@pytest.mark.parametrize("english", ENGLISH_PAGES, ids=lambda p: p.stem)
def test_every_rules_page_has_a_portuguese_twin(english: Path) -> None:
    twin = english.with_name(f"{english.stem}.pt-BR.html")
    assert twin.is_file(), f"{twin.name} is missing"
    en, pt = page(english), page(twin)
    assert en.lang == "en" and pt.lang == "pt-BR"
    assert sorted(pt.ids) == sorted(en.ids)  # anchors into a page work in both languages
    assert twin.name in en.links and english.name in pt.links  # each links to the other
    # Links to the other rules pages stay in the page's own language.
    others = {p.name for p in ENGLISH_PAGES} - {english.name}
    assert others <= set(en.links)
    assert {name.replace(".html", ".pt-BR.html") for name in others} <= set(pt.links)


def test_no_portuguese_page_without_its_english_original() -> None:
    for twin in RULES.glob("*.pt-BR.html"):
        assert twin.with_name(twin.name.replace(".pt-BR.html", ".html")).is_file()


def test_the_server_serves_the_portuguese_rules_pages(client: TestClient) -> None:
    for english in ENGLISH_PAGES:
        reply = client.get(f"/rules/{english.stem}.pt-BR.html")
        assert reply.status_code == 200
        assert reply.headers["content-type"].startswith("text/html")
        assert '<html lang="pt-BR">' in reply.text
