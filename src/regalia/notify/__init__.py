"""Notifications that bring players back: an outbox drained by one background task,
Web Push (VAPID, aes128gcm) and e-mail (SMTP), per-player preferences, password reset.

Everything that tells a player something calls `notify(...)` (`regalia.notify.outbox`);
docs/server.md, "Notifications", describes the channels and the guarantees.
"""
