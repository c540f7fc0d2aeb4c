"""Typed errors. Each message is one line a player can act on."""

QUOTE_LIMIT = 40


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` quoted for an error message, cut to its first `limit` characters.

    Messages echo what a user sent; a megabyte of input must not come back whole.

    >>> quoted("x" * 50, 5)
    "'xxxxx…'"
    """
    text = str(value)
    return repr(text[:limit] + "…") if len(text) > limit else repr(text)


class RegaliaError(Exception):
    """Base of every error a user can cause; `str(err)` is the one-line message."""


class BadNotation(RegaliaError):
    """Text that does not read as a move, action or option value."""


class BadPosition(BadNotation):
    """A position text (FEN-like) that is malformed or describes an impossible position."""


class BadRecord(RegaliaError):
    """A game record that cannot be read or does not replay."""


class IllegalAction(RegaliaError):
    """A well-formed action the rules do not allow in this state."""


class NotYourTurn(IllegalAction):
    """An action from a seat that is not among those to act."""
