"""Subcommands of the ``admiralty`` CLI, one module each (see :mod:`server.cli`)."""
