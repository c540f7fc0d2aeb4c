"""Suite-wide settings."""

import os

from hypothesis import HealthCheck, settings

# Test servers compute a game's post-game report only when a test asks for it: every test
# that finishes a chess game would otherwise have the engine judge it in the background.
os.environ.setdefault("REGALIA_REPORT_ON_FINISH", "0")

# Shared 2-core machines stall at random: a per-example deadline only makes flakes.
settings.register_profile(
    "regalia", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("regalia")
