"""Seat tokens: 192 random bits, stored only as SHA-256 hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["TOKEN_PATTERN", "hash_token", "new_token", "token_matches"]


#: what a seat token looks like (a fresh one is 32 URL-safe letters; the landing page reads
#: a pasted link's token by it before it asks the server)
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,200}$"


def new_token() -> str:
    """A fresh URL-safe secret (192 bits)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Constant-time check of ``token`` against a stored hash."""
    return hmac.compare_digest(hash_token(token), stored_hash)
