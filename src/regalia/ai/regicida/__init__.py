"""Regicida agents: a public model of the grid, identity inference, greedy and strong play."""
