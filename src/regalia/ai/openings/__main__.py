"""`python -m regalia.ai.openings GAME`: print a suite of balanced openings."""

from regalia.ai.openings import main

main()
