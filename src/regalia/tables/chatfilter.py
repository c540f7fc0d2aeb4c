"""The chat filter an operator edits: words and phrases masked with asterisks in every chat
line before it is stored, so every reader (players, spectators, replays, the moderation
queue) sees the masked text.

The list is a text file (`REGALIA_CHAT_FILTER`, by default `chat-filter.txt` in the data
directory): one word or phrase a line, `#` starts a comment, blank lines are skipped. It is
read again when its modification time changes, so an edit holds from the next chat line on
without a restart; a missing file masks nothing. A word is matched whole, whatever its case
and width (NFKC), so "darn" masks "Darn" and "ＤＡＲＮ" but not "darning".

>>> ChatFilter.of_words(["darn", "blast it"]).mask("Darn! blast  it, darning")
'****! *****  **, darning'
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger("regalia.tables")
MAX_WORDS = 10_000
FILE_NAME = "chat-filter.txt"  # in the data directory, unless REGALIA_CHAT_FILTER names one


class ChatFilter:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._stamp: tuple[float, int] | None = None
        self._pattern: re.Pattern[str] | None = None

    @classmethod
    def of_words(cls, words: Iterable[str]) -> ChatFilter:
        made = cls()
        made._pattern = _compile(words)
        return made

    def mask(self, text: str) -> str:
        """`text` with each filtered word's letters replaced by asterisks."""
        pattern = self._current()
        if pattern is None:
            return text
        shown = unicodedata.normalize("NFKC", text)
        return pattern.sub(lambda m: re.sub(r"\S", "*", m.group(0)), shown)

    def _current(self) -> re.Pattern[str] | None:
        if self.path is None:
            return self._pattern
        try:
            info = os.stat(self.path)
        except OSError:
            self._stamp, self._pattern = None, None
            return None
        stamp = (info.st_mtime, info.st_size)
        if stamp != self._stamp:
            try:
                lines = self.path.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError) as exc:
                log.warning("chat filter %s not read: %s", self.path, exc)
                return self._pattern
            self._stamp, self._pattern = stamp, _compile(lines)
        return self._pattern


def _compile(lines: Iterable[str]) -> re.Pattern[str] | None:
    words = []
    for line in lines:
        text = unicodedata.normalize("NFKC", line.split("#", 1)[0]).strip()
        if text:
            words.append(r"\s+".join(re.escape(part) for part in text.split()))
    if not words:
        return None
    words = sorted(set(words), key=len, reverse=True)[:MAX_WORDS]  # longest phrase first
    return re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)", re.IGNORECASE)
