"""What a game's referee reads: the fields of a request, each a text of bounded length.

A game's `referee` ("package.module:name") scores a physical table from texts in the game's
own forms. Its module declares them as `FIELDS`, a tuple of `RefereeField`; the server takes
a request with exactly these fields (the required ones present, none too long) and hands
them on as a mapping of name to text. The module also defines `form()`, what its page offers
to choose from, and may define `SENTENCES` (docs/design.md, "Adding a game").

    >>> RefereeField("board", 2000).name
    'board'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RefereeField:
    """One text a referee reads: its name in the request, how long it may be, and whether
    it must be given."""

    name: str
    max_length: int
    required: bool = True
