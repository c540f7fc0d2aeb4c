"""Suite-wide settings."""

from hypothesis import HealthCheck, settings

# Shared 2-core machines stall at random: a per-example deadline only makes flakes.
settings.register_profile(
    "regalia", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("regalia")
