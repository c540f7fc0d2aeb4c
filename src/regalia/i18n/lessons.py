"""The lessons' words in the catalogue: every text a learner reads in a built-in game's lessons.

Lessons are data (`regalia.core.lessons`), named by each game's descriptor (`Game.lessons`),
so their texts are found by loading that data, not by reading source: a lesson's title and
summary, and each step's instruction, wrong-try message and success message. They go to their
own domain, `lessons.po`, apart from the server's sentences (`messages.po`) and the pages'
(`web.po`); the server translates them per request like any other catalogue text.

`python -m regalia.i18n.lessons` brings every language's `lessons.po` up to date: new texts
added untranslated, the translations of unchanged ones kept, gone ones kept as obsolete.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from regalia.core.lessons import Lesson
from regalia.core.registry import BUILTIN, get_game, load_ref

SRC = Path(__file__).resolve().parents[1]
LOCALES = Path(__file__).parent / "locales"
DOMAIN = "lessons"
HEADER = "# Regalia: the games' lessons (titles, summaries, instructions, answers to tries).\n"
LANGUAGE_NAMES = {"pt_BR": "Brazilian Portuguese"}


def lesson_texts() -> dict[str, list[str]]:
    """Every player-facing text of the built-in games' lessons, with where each is read
    (`game / lesson / step n / field`), in the order a learner meets them."""
    found: dict[str, list[str]] = {}

    def add(text: str, where: str) -> None:
        if text.strip():
            found.setdefault(text, []).append(where)

    for name in BUILTIN:
        game = get_game(name)
        if not game.lessons:
            continue
        lessons: tuple[Lesson, ...] = load_ref(game.lessons)
        for lesson in lessons:
            add(lesson.title, f"{name} / {lesson.key} / title")
            add(lesson.summary, f"{name} / {lesson.key} / summary")
            for number, step in enumerate(lesson.steps, start=1):
                for field in ("instruction", "wrong", "success"):
                    add(getattr(step, field), f"{name} / {lesson.key} / step {number} / {field}")
    return found


def _source_files() -> dict[str, str]:
    """Each built-in game's lessons module, as a path under `src/` (for the `#:` lines)."""
    files = {}
    for name in BUILTIN:
        ref = get_game(name).lessons
        if ref:
            module = load_ref(ref.partition(":")[0])  # the module itself
            path = Path(inspect.getfile(module)).resolve()
            files[name] = (
                str(path.relative_to(SRC.parent)) if path.is_relative_to(SRC) else path.name
            )
    return files


def update(po: Path, texts: dict[str, list[str]]) -> None:
    """Bring one language's lessons catalogue up to date, keeping its translations."""
    locale = po.parent.parent.name
    if po.is_file():
        with po.open("rb") as handle:
            old = read_po(handle, locale=locale, domain=DOMAIN)
    else:
        old = Catalog(locale=locale, domain=DOMAIN, project="Regalia", fuzzy=False)
        old.last_translator = "Regalia"
        old.header_comment = HEADER + f"# {LANGUAGE_NAMES.get(locale, locale)}.\n#"
    files = _source_files()
    fresh = Catalog(locale=old.locale, domain=DOMAIN, project="Regalia")
    for text, places in texts.items():
        sources = dict.fromkeys(files[place.split(" / ")[0]] for place in places)
        fresh.add(text, locations=[(path, 0) for path in sources], auto_comments=places)
    old.update(fresh, no_fuzzy_matching=True)
    with po.open("wb") as handle:
        # In the order a learner meets them: each text beside its neighbours in the lesson.
        write_po(handle, old, width=100)


def main() -> None:
    texts = lesson_texts()
    for directory in sorted(path for path in LOCALES.iterdir() if path.is_dir()):
        po = directory / "LC_MESSAGES" / f"{DOMAIN}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        update(po, texts)
        print(f"{po}: {len(texts)} lesson texts", file=sys.stderr)


if __name__ == "__main__":
    main()
