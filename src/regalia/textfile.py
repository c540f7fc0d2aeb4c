"""Reading a text file a user named (a record, a board): one-line errors, never a traceback."""

from __future__ import annotations

from pathlib import Path

from regalia.core.errors import RegaliaError


def read_user_text(path: str | Path, what: str = "") -> str:
    """The file's text; RegaliaError("cannot read [what ]PATH: reason") if it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not a UTF-8 text file"
        label = f"{what} {path}" if what else str(path)
        raise RegaliaError(f"cannot read {label}: {reason}") from None
