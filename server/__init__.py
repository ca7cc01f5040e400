"""Admiralty's server: Flask + Flask-SocketIO over the rules (strategy) and the world (maps)."""

from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("admiralty")
except metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"

#: the version of the wire protocol (docs/protocol.md): the ``join`` ack's ``protocol`` and
#: ``GET /api/schema``'s; raised when a change would break a client written against it
PROTOCOL_VERSION = 2

__all__ = ["PROTOCOL_VERSION", "__version__"]
