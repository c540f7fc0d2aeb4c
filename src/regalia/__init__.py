"""Regalia: play, referee, study and research three games of kings."""

__version__ = "0.1.0"
