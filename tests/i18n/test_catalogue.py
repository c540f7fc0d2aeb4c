"""The server's pt-BR catalogue holds every player-facing sentence of the source, translated.

`regalia.i18n.extract` finds the sentences; each must have a finished (non-empty, not fuzzy)
translation with the same `{n}` slots, and the catalogue must hold nothing the source no
longer says except entries marked obsolete. (The web app's `web.po` has its own check.)
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from regalia.i18n import catalogue
from regalia.i18n.catalog import LOCALES
from regalia.i18n.extract import all_sentences

SLOT = re.compile(r"\{(\d+)\}")
MESSAGES = LOCALES / "pt_BR" / "LC_MESSAGES" / "messages.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


@pytest.fixture(scope="module")
def po() -> Catalog:
    return read(MESSAGES)


@pytest.fixture(scope="module")
def sentences() -> dict[str, list[str]]:
    found = all_sentences()
    assert len(found) > 100, "the extractor found almost nothing: is the source where it looks?"
    return found


def entries(po: Catalog) -> dict[str, str]:
    return {str(m.id): str(m.string or "") for m in po if m.id}


def test_the_catalogue_parses_with_babel(po: Catalog) -> None:
    assert str(po.locale) == "pt_BR"
    assert entries(po)
    problems = [(str(m.id), errors) for m, errors in po.check() if errors]
    assert problems == []


def test_every_sentence_of_the_source_is_translated(
    po: Catalog, sentences: dict[str, list[str]]
) -> None:
    missing = {text: where for text, where in sentences.items() if po.get(text) is None}
    assert missing == {}, "run `python -m regalia.i18n.extract`, then translate these"
    untranslated = {
        text: sentences[text]
        for text in sentences
        if not str(po[text].string or "").strip() or po[text].fuzzy
    }
    assert untranslated == {}, "empty or fuzzy translations"


def test_translations_keep_every_slot_once(po: Catalog) -> None:
    wrong = {}
    for msgid, msgstr in entries(po).items():
        slots = Counter(SLOT.findall(msgid))
        if Counter(SLOT.findall(msgstr)) != slots or any(n > 1 for n in slots.values()):
            wrong[msgid] = msgstr
    assert wrong == {}


def test_no_entry_outlives_its_sentence(po: Catalog, sentences: dict[str, list[str]]) -> None:
    # Gone sentences may stay as obsolete (`#~`) entries; none may stay active.
    stale = sorted(set(entries(po)) - set(sentences))
    assert stale == [], "run `python -m regalia.i18n.extract` to mark these obsolete"
    assert not set(po.obsolete) & set(sentences)


def test_each_template_is_found_by_translate(po: Catalog) -> None:
    # A template filled with values comes back as its own translation, filled the same way:
    # no other template shadows it.
    def fill(text: str) -> str:
        return SLOT.sub(lambda slot: f"«value {slot.group(1)}»", text)

    pt = catalogue("pt-BR")
    wrong = {
        msgid: pt.translate(fill(msgid))
        for msgid, msgstr in entries(po).items()
        if pt.translate(fill(msgid)) != fill(msgstr)
    }
    assert wrong == {}
