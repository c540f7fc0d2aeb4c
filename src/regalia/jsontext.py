"""Compact JSON text on the hot paths (every move's event, view and fan-out message).

orjson writes and reads it several times faster than the standard library; what orjson
refuses to write (an integer beyond 64 bits) the standard library still writes, the same text.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # seat-numbered maps: keys become strings, as json does


def dumps(value: Any) -> str:
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """The value of a JSON text; ValueError (orjson.JSONDecodeError) when it is not one,
    holds a lone surrogate, or nests deeper than 1,024 levels."""
    return orjson.loads(text)
