"""Subcommands of the ``admiralty`` CLI, one module each (see :mod:`server.cli`).

A subcommand refuses bad input with :class:`UsageError`: one line, exit status 2. It lives
here, not in :mod:`server.cli`, so that it is one class under ``python -m server.cli`` too.
"""

import argparse

__all__ = ["UsageError", "battle_arguments"]


class UsageError(Exception):
    """Bad input on the command line: ``admiralty`` prints it as one line and exits 2."""


def battle_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of a battle between side A and side B (``battle`` and ``odds``)."""
    for side, example in (("a", "Fifth Rate"), ("b", "Brig Sloop")):
        p.add_argument(
            f"--{side}",
            action="append",
            required=True,
            metavar="SHIP",
            help=f'a ship of side {side.upper()}: roster type or named ship, e.g. "{example}" '
            "(repeat for several ships)",
        )
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument(
        "--weather",
        default="Steady Breeze",
        help="Becalmed, Steady Breeze, Good Wind, High Seas or Storm (default Steady Breeze)",
    )
    p.add_argument(
        "--precipitation",
        default="No Rain",
        help="No Rain, Mist, Fog, Squall, Storm/Snow or Blizzard (default No Rain): its"
        " modifier on every test, Mist's and Fog's on Awareness (BtQ, Matters Nautical)",
    )
    for side in ("a", "b"):
        p.add_argument(
            f"--policy-{side}",
            default="aggressive",
            help=f"side {side.upper()}'s captain: aggressive, cautious, runner, boarder",
        )
