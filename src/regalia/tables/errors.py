"""The one error type of the tables layer: a machine code and a message a player can act on."""

from __future__ import annotations


class TableError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
