"""Game-agnostic alpha-beta search shared by the chess engines (Regulator, Regicide)."""

from regalia.ai.search.alphabeta import Report, Searcher, Settings
from regalia.ai.search.domain import Domain
from regalia.ai.search.limits import Limits

__all__ = ["Domain", "Limits", "Report", "Searcher", "Settings"]
