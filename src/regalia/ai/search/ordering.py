"""Move ordering keys: one integer orders a whole move list, band by band.

The search (core.py) tries the hash move first, then captures by MVV-LVA, then the two
killer moves of the ply, the countermove of the move just played, then quiet moves by their
history score (cut-offs they caused, weighted by depth squared, less for each quiet move
tried before a cut-off, faded between searches).
"""

from __future__ import annotations

from regalia.ai.search.limits import MAX_DEPTH

# Sort keys by band, so one integer orders a whole move list:
HASH_MOVE = 1 << 40
CAPTURE = 1 << 32  # + MVV-LVA
KILLER = 1 << 31  # first killer; the second gets one less
COUNTER = KILLER - 2  # the move that last refuted the move before it (countermove)
HISTORY_CAP = 1 << 30  # history scores stay below the killers
# Plies with killer slots of their own (deeper plies share the last).
KILLER_PLIES = MAX_DEPTH + 64
