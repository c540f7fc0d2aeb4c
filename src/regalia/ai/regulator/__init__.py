"""Regulator Chess engine: evaluation, search domain, `strong` agent and the UCI-like protocol."""
