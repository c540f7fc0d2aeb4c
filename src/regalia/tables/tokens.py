"""Secrets of a table: seat tokens (kept only as hashes) and table ids."""

from __future__ import annotations

import hashlib
import hmac
import secrets

MAX_TOKEN = 100


def new_token() -> str:
    """An unguessable seat token (192 bits)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the database keeps, so a leaked dump does not let anyone take a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    # Tokens are URL-safe ASCII: anything else (a lone surrogate, say) matches nothing.
    if digest is None or not token.isascii() or len(token) > MAX_TOKEN:
        return False
    return hmac.compare_digest(hash_token(token), digest)


def new_table_id() -> str:
    """A short random id; guessing one only lets you spectate."""
    return secrets.token_hex(5)


def new_seed() -> int:
    """A game seed; below 2**62 so every database stores it as a signed 64-bit integer."""
    return secrets.randbits(62)


def mixed_seed(chosen: int, secret: bytes) -> int:
    """`chosen` mixed with `secret` (HMAC-SHA256): nobody who lacks the secret can tell
    the result from `chosen`. Below 2**62, like `new_seed`."""
    digest = hmac.new(secret, str(chosen).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2
