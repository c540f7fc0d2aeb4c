"""The web app's pt-BR catalogue (`web.po`) holds every sentence the pages show, translated.

The sentences are re-extracted from the JavaScript (`t("…")`) and the games' descriptors, as
`python -m regalia.i18n.extract` does: the catalogue must hold each with a finished
translation keeping its `{n}` slots, and nothing the pages no longer say (except obsolete
entries), so a sentence added to the pages without running the extractor fails here.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from regalia.i18n.catalog import LOCALES
from regalia.i18n.extract import WEB, web_sentences

SLOT = re.compile(r"\{(\d+)\}")
WEB_PO = LOCALES / "pt_BR" / "LC_MESSAGES" / "web.po"


@pytest.fixture(scope="module")
def po() -> Catalog:
    with WEB_PO.open("rb") as handle:
        return read_po(handle)


@pytest.fixture(scope="module")
def sentences() -> dict[str, list[str]]:
    found = web_sentences()
    assert len(found) > 300, "the extractor found almost nothing: is the web app where it looks?"
    return found


def test_the_catalogue_parses_with_babel(po: Catalog) -> None:
    assert str(po.locale) == "pt_BR"
    assert po.domain in (None, "web")
    assert [(str(m.id), errors) for m, errors in po.check() if errors] == []


def test_every_sentence_of_the_pages_is_translated(
    po: Catalog, sentences: dict[str, list[str]]
) -> None:
    missing = {text: where for text, where in sentences.items() if po.get(text) is None}
    assert missing == {}, "run `python -m regalia.i18n.extract`, then translate these"
    untranslated = {
        text: where
        for text, where in sentences.items()
        if not str(po[text].string or "").strip() or po[text].fuzzy
    }
    assert untranslated == {}, "empty or fuzzy translations in web.po"


def test_no_entry_outlives_its_sentence(po: Catalog, sentences: dict[str, list[str]]) -> None:
    stale = sorted(str(m.id) for m in po if m.id and str(m.id) not in sentences)
    assert stale == [], "run `python -m regalia.i18n.extract` to mark these obsolete"


def test_translations_keep_every_slot(po: Catalog) -> None:
    wrong = {
        str(m.id): str(m.string)
        for m in po
        if m.id and Counter(SLOT.findall(str(m.id))) != Counter(SLOT.findall(str(m.string)))
    }
    assert wrong == {}


def test_sentences_are_whole_strings_with_numbered_slots(sentences: dict[str, list[str]]) -> None:
    # A template literal inside t() would be extracted with its `${…}` and never match.
    assert [text for text in sentences if "${" in text] == []
    for text in sentences:
        slots = sorted({int(n) for n in SLOT.findall(text)})
        assert slots == list(range(len(slots))), f"slots must be {{0}}, {{1}}…: {text!r}"


def test_every_page_module_is_read() -> None:
    assert (WEB / "i18n.js").is_file()
    assert any("boards" in str(p) for p in WEB.rglob("*.js"))


def test_the_extractor_reads_every_call() -> None:
    # Babel's JavaScript lexer skips a t("…") nested in another t() call's arguments or inside
    # a template literal's `${…}`; such a sentence would never be translated. (Calls without a
    # letter, such as t("{0}/{1}"), have nothing to translate and are not catalogued.)
    import io

    from babel.messages.extract import extract_javascript

    def worded(text: object) -> bool:
        text = text[0] if isinstance(text, tuple) else text
        return isinstance(text, str) and any(ch.isalpha() for ch in text)

    lost = {}
    for path in sorted(WEB.rglob("*.js")):
        source = path.read_bytes()
        found = [m for _, _, m, _ in extract_javascript(io.BytesIO(source), {"t": None}, [], {})]
        calls = re.findall(rb'(?<![\w.$])t\("((?:[^"\\]|\\.)*)"', source)
        expected = [c for c in calls if worded(c.decode("utf-8"))]
        if len(expected) != len([m for m in found if worded(m)]):
            lost[path.name] = (len(expected), len(found))
    assert lost == {}, "write these t() calls where the extractor sees them"
