"""CLI commands of the regicida area."""

from __future__ import annotations

from regalia.cli import Groups


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
