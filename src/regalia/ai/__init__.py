"""Agents that play any game through the core contract."""
