"""Subcommands of the ``admiralty`` CLI, one module each (see :mod:`server.cli`).

A subcommand refuses bad input with :class:`UsageError`: one line, exit status 2. It lives
here, not in :mod:`server.cli`, so that it is one class under ``python -m server.cli`` too.
"""

__all__ = ["UsageError"]


class UsageError(Exception):
    """Bad input on the command line: ``admiralty`` prints it as one line and exits 2."""
