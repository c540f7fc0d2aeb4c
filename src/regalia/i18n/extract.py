"""Finding the player-facing sentences in the source, as catalogue templates.

A sentence is the message of an error a player can meet (`TableError`, `BadNotation`,
`IllegalAction`, `NotYourTurn`, `BadRecord`, `BadPosition`), the reason of a `Result` or a
string returned by a "why not" function (REASON_FUNCTIONS), in
the layers whose words reach players (core, games, tables, server). An f-string becomes a
template: its text, with `{0}`, `{1}` … where its values go (each branch of a conditional
expression, `a if test else b`, is a sentence of its own). `extract_errors` is a Babel
extractor; `python -m regalia.i18n.extract` brings every catalogue up to date with the
source (new sentences added untranslated, gone ones kept as obsolete).

The web app's sentences (`web.po`) are the first argument of every `t("…")` call in its
JavaScript (Babel's JavaScript extractor, keyword `t`), index.html's `data-t` and
`data-t-label` attributes, and the words the built-in games'
descriptors give the pages to show: seat names, bot level titles and help, descriptions,
option help and choices, notation hints and clock preset labels.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_javascript
from babel.messages.pofile import read_po, write_po

SRC = Path(__file__).resolve().parents[1]
LAYERS = ("core", "games", "tables", "server", "notify", "tournaments", "moderation", "puzzles")
WEB = SRC / "web" / "js"
PAGE = SRC / "web" / "index.html"
# index.html's own words: an element's text or label, translated by app.js.
STATIC = re.compile(r'data-t(?:-label)?="([^"]+)"')
# Also in the server: `message = f"…"` assignments that become an error's text.
MESSAGE_NAMES = ("message", "reason")
# Functions whose returned strings are reasons a player reads (Regicida's "why not").
REASON_FUNCTIONS = ("why_illegal", "check_vote")
# Calls whose message argument a player reads, and where that argument is.
MESSAGE_AT = {
    "TableError": 1,
    "refuse": 0,  # the tournament director's refusals
    "BadNotation": 0,
    "BadPosition": 0,
    "BadRecord": 0,
    "IllegalAction": 0,
    "NotYourTurn": 0,
    "NotAMove": 0,  # a puzzle try's refused move
    "Result": 1,
    "error_response": 1,
    "error": 1,  # the WebSocket's error messages
    "_decisive": 1,  # Regulator Chess's result helpers
    "_draw": 0,
    "translate": 0,  # a sentence written out where it is translated (notify's mails)
}


def template(node: ast.expr) -> str | None:
    """The catalogue template of a string expression, or None if it is not one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts, slot = [], 0
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
            else:
                parts.append("{" + str(slot) + "}")
                slot += 1
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left), template(node.right)
        if left is not None and right is not None:
            return _join(left, right)
    return None


def _join(left: str, right: str) -> str:
    """Two templates added: the right one's slots come after the left one's."""
    shift = left.count("{") - left.count("{{") * 2
    count = 0
    out = []
    index = 0
    while index < len(right):
        if right.startswith("{{", index) or right.startswith("}}", index):
            out.append(right[index : index + 2])
            index += 2
        elif right[index] == "{":
            end = right.index("}", index)
            out.append("{" + str(int(right[index + 1 : end]) + shift) + "}")
            count += 1
            index = end + 1
        else:
            out.append(right[index])
            index += 1
    return left + "".join(out)


def _branches(node: ast.expr) -> Iterator[ast.expr]:
    """A message expression, or each branch of `a if test else b`: each a whole sentence."""
    if isinstance(node, ast.IfExp):
        yield from _branches(node.body)
        yield from _branches(node.orelse)
    else:
        yield node


def sentences(source: str) -> Iterator[tuple[int, str]]:
    """(line, template) of every player-facing sentence in a module's source."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in REASON_FUNCTIONS:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and inner.value is not None:
                    for branch in _branches(inner.value):
                        found = template(branch)
                        if found and any(ch.isalpha() for ch in found):
                            yield inner.lineno, found.replace("{{", "{").replace("}}", "}")
            continue
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in MESSAGE_NAMES for t in node.targets
        ):
            for branch in _branches(node.value):
                found = template(branch)
                if found and any(ch.isalpha() for ch in found):
                    yield node.lineno, found.replace("{{", "{").replace("}}", "}")
            continue
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else None
        at = MESSAGE_AT.get(name or "")
        if at is None or len(node.args) <= at:
            continue
        for branch in _branches(node.args[at]):
            found = template(branch)
            if found and any(ch.isalpha() for ch in found):
                yield node.lineno, found.replace("{{", "{").replace("}}", "}")


def extract_errors(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extractor (method `regalia_errors`): the sentences of one file."""
    for line, text in sentences(fileobj.read().decode("utf-8")):
        yield line, None, text, []


def all_sentences() -> dict[str, list[str]]:
    """Every sentence of the player-facing layers, with where each is raised."""
    found: dict[str, list[str]] = {}
    for layer in LAYERS:
        for path in sorted((SRC / layer).rglob("*.py")):
            for line, text in sentences(path.read_text(encoding="utf-8")):
                found.setdefault(text, []).append(f"{path.relative_to(SRC.parent)}:{line}")
    # A referee's form names texts of the game's own (GET /api/referee/{game}): the game says.
    for text, where in game_texts():
        found.setdefault(text, []).append(where)
    return found


def game_texts() -> Iterator[tuple[str, str]]:
    """(text, where) of what every registered game declares for the catalogues besides its
    descriptor (`Game.catalogue_texts`)."""
    from regalia.core.registry import available_games  # the games import this package

    for game in available_games():
        yield from game.catalogue_texts()


def web_sentences() -> dict[str, list[str]]:
    """Every sentence the web app shows: its `t("…")` calls, then the games' descriptors.
    Texts without a letter ("{0}: {1}", "3+2") read the same in every language: left out."""
    found: dict[str, list[str]] = {}
    for path in sorted(WEB.rglob("*.js")):
        with path.open("rb") as handle:
            keywords = {"t": None, "tn": (2, 3)}  # tn(count, one, other, values…): both forms
            for line, name, found_message, _ in extract_javascript(handle, keywords, [], {}):
                # t("…", values…) gives a tuple: the sentence, then None for each value.
                tupled = isinstance(found_message, tuple)
                messages = (
                    found_message[1:3]
                    if tupled and name == "tn"
                    else (found_message[0] if tupled else found_message,)
                )
                for message in messages:
                    if isinstance(message, str) and any(ch.isalpha() for ch in message):
                        where = f"{path.relative_to(SRC.parent)}:{line}"
                        found.setdefault(message, []).append(where)
    html = PAGE.read_text(encoding="utf-8")
    for match in STATIC.finditer(html):
        line = html.count("\n", 0, match.start()) + 1
        found.setdefault(match.group(1), []).append(f"{PAGE.relative_to(SRC.parent)}:{line}")
    for text, place in descriptor_words():
        if any(ch.isalpha() for ch in text):
            found.setdefault(text, []).append(place)
    return found


def descriptor_words() -> Iterator[tuple[str, str]]:
    """(text, where) of what the built-in games' descriptors (GET /api/games) say to players."""
    from regalia.core.registry import BUILTIN, get_game  # the games import this package
    from regalia.puzzles.hook import hook_for

    for name in BUILTIN:
        game = get_game(name)
        where = f"regalia/games/{name}:0"
        yield from ((text, where) for text in (game.summary, game.description or "") if text)
        counts = range(game.min_players, game.max_players + 1)
        yield from ((seat, where) for n in counts for seat in game.seat_names(n))
        yield from ((text, where) for text in seat_sentences(game, counts))
        for level in game.bot_levels:
            yield from ((text, where) for text in (level.label, level.help) if text)
        for option in game.options.values():
            title = option.name.replace("_", " ")
            yield title[0].upper() + title[1:], where
            yield from ((str(text), where) for text in (option.help, *option.choices) if text)
        if game.notation_hint:
            yield game.notation_hint, where
        yield from ((preset.label, where) for preset in game.clock_presets)
        if game.puzzles:
            hook = hook_for(game)
            yield from ((title, where) for title in hook.theme_titles.values())
            if hook.question:
                yield hook.question, where
    # What a game's board shows of its own (Regicida's Objective card): the game says.
    yield from game_texts()


# Sentences about a seat whose translation may agree with the seat's name ("White wins":
# "vitória das Brancas", "Black resigned": "as Pretas desistiram"): each is also a sentence of
# its own for every seat name (and team) of the built-in games; the pages use the whole
# sentence when the catalogue has it (i18n.js `phrase`, `translated`).
SEAT_SENTENCES = ("{0} wins", "{0} resigned", "{0} ran out of time")
TEAM_SENTENCES = ("{0} win",)


def seat_sentences(game: Any, counts: range) -> Iterator[str]:
    for n in counts:
        names = game.seat_names(n)
        for name in names:
            yield from (text.format(name) for text in SEAT_SENTENCES)
        for team in game.teams(n):
            if len(team) == 2:
                first, second = (names[i] for i in sorted(team))
                yield from (text.format(f"{first} and {second}") for text in TEAM_SENTENCES)


def _place(where: str) -> tuple[str, int]:
    path, _, line = where.rpartition(":")
    return path, int(line)


def update(po: Path, messages: dict[str, list[str]]) -> None:
    """Bring one catalogue up to date: new sentences untranslated, gone ones obsolete."""
    with po.open("rb") as handle:
        old = read_po(handle)
    fresh = Catalog(locale=old.locale, domain=old.domain, project="Regalia")
    for text, places in sorted(messages.items()):
        flags = ("python-brace-format",) if "{0}" in text else ()
        fresh.add(text, locations=[_place(p) for p in places], flags=flags)
    old.update(fresh, no_fuzzy_matching=True)
    with po.open("wb") as handle:
        write_po(handle, old, width=100, sort_output=True)


def main() -> None:
    for domain, messages in (("messages", all_sentences()), ("web", web_sentences())):
        for po in sorted((SRC / "i18n" / "locales").glob(f"*/LC_MESSAGES/{domain}.po")):
            update(po, messages)
            print(f"{po}: {len(messages)} sentences", file=sys.stderr)


if __name__ == "__main__":
    main()
