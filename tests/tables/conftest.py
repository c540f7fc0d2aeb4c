"""Importing the toy game registers it by name, like the real games."""

import tests.tables.toygame  # noqa: F401
