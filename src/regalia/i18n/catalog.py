"""Reading the catalogues and translating a message by the template it was made from."""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

LOCALES = Path(__file__).parent / "locales"
SOURCE = "en"
LANGUAGES = ("en", "pt-BR")
DOMAINS = ("messages", "web", "lessons")
_PLACEHOLDER = re.compile(r"\{(\d+)\}")


@dataclass(frozen=True)
class Catalogue:
    """One language's translations: exact sentences, and templates with `{0}` … slots."""

    lang: str
    exact: dict[str, str]
    templates: tuple[tuple[str, re.Pattern[str], str], ...]  # (msgid, its pattern, msgstr)
    # The pages' own words (the web domain): for the browser only. Their templates are never
    # matched against the server's sentences ("{0} {1} on {2}" would match almost anything).
    pages: dict[str, str] = dataclasses.field(default_factory=dict)

    def translate(self, text: str) -> str:
        found = self.exact.get(text)
        if found is not None:
            return found
        for _, pattern, translation in self.templates:
            match = pattern.fullmatch(text)
            if match is not None:
                return _fill(translation, tuple(self._value(v) for v in match.groups()))
        return text

    def _value(self, value: str) -> str:
        """A template's value in this language: a whole sentence wrapped in another one
        ("record move 3. 'Qd4': illegal move …") or a word the pages translate (a seat's
        name, "Yellow"), as the browser does; anything else (a move, a number) as it is."""
        found = self.pages.get(value)
        return found if found is not None else self.translate(value)

    def to_json(self) -> dict[str, str]:
        """Every msgid and its translation, for the browser."""
        made = {msgid: msgstr for msgid, _, msgstr in self.templates}
        return {**self.pages, **self.exact, **made}


def _fill(translation: str, values: tuple[str, ...]) -> str:
    return _PLACEHOLDER.sub(lambda slot: values[int(slot.group(1))], translation)


def _locale_dir(lang: str) -> str:
    return lang.replace("-", "_")


def _pattern(template: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(template)
    regex = "".join(re.escape(p) if i % 2 == 0 else "(.+?)" for i, p in enumerate(parts))
    return re.compile(regex, re.S)


@functools.cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of `lang` (English: empty, every message is its own translation)."""
    exact: dict[str, str] = {}
    pages: dict[str, str] = {}
    templates: list[tuple[str, re.Pattern[str], str]] = []
    if lang != SOURCE:
        for domain in DOMAINS:
            path = LOCALES / _locale_dir(lang) / "LC_MESSAGES" / f"{domain}.po"
            if not path.is_file():
                continue
            with path.open("rb") as handle:
                for message in read_po(handle):
                    if not message.id or not message.string or message.fuzzy:
                        continue
                    msgid, msgstr = str(message.id), str(message.string)
                    if domain == "web":
                        pages[msgid] = msgstr
                    elif _PLACEHOLDER.search(msgid):
                        templates.append((msgid, _pattern(msgid), msgstr))
                    else:
                        exact[msgid] = msgstr
    # Longer templates first: the most specific one wins when two could match.
    templates.sort(key=lambda item: -len(item[0]))
    return Catalogue(lang, exact, tuple(templates), pages)


def translate(text: str, lang: str) -> str:
    return text if lang == SOURCE else catalogue(lang).translate(text)


def negotiate(header: str | None, default: str = SOURCE) -> str:
    """The language to answer in, from an Accept-Language header (or a plain code)."""
    if not header:
        return default
    ranked = []
    for index, item in enumerate(header.split(",")):
        tag, _, quality = item.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            weight = 0.0
        ranked.append((-weight, index, tag.strip().lower()))
    for _, _, tag in sorted(ranked):
        for lang in LANGUAGES:
            if tag == lang.lower() or tag.split("-")[0] == lang.lower().split("-")[0]:
                return lang
    return default
