"""The ``admiralty`` command line.

Each subcommand lives in its own module under :mod:`server.commands` and exposes
``register(subparsers)``; the module adds its parser and sets ``func`` to a handler
``func(args) -> int``. Bad input raises :class:`UsageError` (or ``ValueError`` /
``KeyError`` from the rules) and exits 2 with one line, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn

from server import commands
from server.commands import UsageError

__all__ = ["UsageError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line instead of usage + message
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand found in :mod:`server.commands`."""
    parser = _Parser(prog="admiralty", description="Admiralty: the Napoleonic naval wargame.")
    from server import __version__

    parser.add_argument("--version", action="version", version=f"admiralty {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (UsageError, ValueError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"admiralty {args.command}: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
