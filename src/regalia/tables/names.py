"""Names people can tell apart: the rules for player and seat names, and the key that keeps
look-alike player names from being two players.

A name is kept in NFKC form (`Ａｎａ` is `Ana`), with single spaces, and without format,
control or invisible characters (zero-width and bidirectional marks, the combining grapheme
joiner, variation selectors, Hangul fillers, the blank Braille pattern). Its key — what
must be unique — is the case-folded name with each character replaced by the prototype of
its class in Unicode's confusables data (UTS #39): Cyrillic `Аna` and Latin `Ana` share a
key, and so do `strong (bоt)` and `strong (bot)`.

Some names are the site's own and nobody may take them (`RESERVED`, and every bot level's
name and title, such as "strong" and "Beginner"), however they are spelled: `Аdmin` with a
Cyrillic А is refused as `admin` is.

>>> name_key("Ａｎａ") == name_key("ANA") == name_key("\u0410na")
True
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources

from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError

MAX_NAME = 24  # a player's name, in characters
MAX_KEY = 96  # a key may be longer than its name (ß folds to ss); the column holds this
BOT_SUFFIX = " (bot)"
DELETED_NAME = "deleted player"  # what a deleted account's games show for its name
# Names that would speak for the site: its staff, the site itself, deleted accounts.
RESERVED = (
    "admin", "administrator", "moderator", "mod", "regalia", "system", "staff", "support",
    "root", "server", "nobody", DELETED_NAME,
)  # fmt: skip
# Not format, control, private-use or unassigned characters, and no line breaks.
_BAD_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
# Characters that show nothing though their category says otherwise (Unicode's
# Default_Ignorable_Code_Point marks and fillers, and the blank Braille pattern).
_INVISIBLE = (
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0}
    | set(range(0x180B, 0x1810))
    | set(range(0xFE00, 0xFE10))
    | set(range(0xE0100, 0xE01F0))
    | set(range(0x1D173, 0x1D17B))
)


def clean_name(name: str, limit: int = MAX_NAME) -> str:
    """`name` as shown: NFKC, trimmed, single spaces; TableError `bad_name` if it holds
    an invisible or format character, is empty or longer than `limit`, or ends like a bot's.
    """
    text = " ".join(part for part in unicodedata.normalize("NFKC", name).strip().split(" ") if part)
    for ch in text:
        if ch != " " and (
            ch.isspace() or unicodedata.category(ch) in _BAD_CATEGORIES or ord(ch) in _INVISIBLE
        ):
            raise TableError(
                ErrorCode.BAD_NAME, "a name has no invisible, control or format characters"
            )
    if not 1 <= len(text) <= limit:
        raise TableError(ErrorCode.BAD_NAME, f"a name has 1 to {limit} characters")
    if name_key(text).endswith(name_key(BOT_SUFFIX)):
        raise TableError(ErrorCode.BAD_NAME, "names ending in '(bot)' belong to the bots")
    if name_key(text) in _reserved_keys():
        raise TableError(ErrorCode.BAD_NAME, f"the name {text!r} is reserved; choose another")
    return text


@functools.cache
def _reserved_keys() -> frozenset[str]:
    """The keys of `RESERVED` and of every registered game's bot level names and titles."""
    from regalia.core.registry import available_games  # the games load once, when asked

    words = set(RESERVED)
    for game in available_games():
        for level in game.bot_levels:
            words.update(w for w in (level.name, level.title) if w)
    return frozenset(name_key(word) for word in words)


def name_key(name: str) -> str:
    """What two names must not share: the confusable skeleton of the case-folded name."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    table = _prototypes()
    return "".join(table.get(ch, ch) for ch in folded)


def stored_key(name: str) -> str:
    """`name_key` as the players table holds it (at most MAX_KEY characters)."""
    return name_key(name)[:MAX_KEY]


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character of a confusable class: the class's prototype (an ASCII small letter
    if it has one, then any ASCII character, then the lowest code point)."""
    data = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text()
    pairs: dict[str, list[dict[str, str]]] = json.loads(data)
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for source, entries in pairs.items():
        for entry in entries:
            target = entry["c"]
            if len(source) == 1 and len(target) == 1:
                a, b = root(source), root(target)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    members: dict[str, list[str]] = {}
    for ch in parent.keys() | set(parent.values()):
        members.setdefault(root(ch), []).append(ch)
    table: dict[str, str] = {}
    for group in members.values():
        best = min(group, key=lambda c: (not (c.isascii() and c.islower()), not c.isascii(), c))
        table.update((c, best) for c in group if c != best)
    return table
