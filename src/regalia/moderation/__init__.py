"""Moderation: roles, reports, and the actions moderators take (warn, mute, ban, close)."""
