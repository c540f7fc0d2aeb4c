"""Regicida's research baselines (docs/env.md, "Baselines"): Regicida's own, so they live in a
folder the game owns; the shared env layer names no game."""
