"""Typed errors. Each message is one line a player can act on."""


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
