"""Admiralty's server: Flask + Flask-SocketIO over the rules (strategy) and the world (maps)."""

from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("admiralty")
except metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
