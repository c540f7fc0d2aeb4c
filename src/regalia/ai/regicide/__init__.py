"""Regicide engine: evaluation, search domain (negamax over teams) and the `strong` agent."""
