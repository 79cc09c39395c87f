"""Minishogi (5x5 shogi) from Python: rules, endgame tables and the df-pn mate solver.

A thin layer over the Rust crates of the workspace (``minishogi``, ``minishogi-tablebase``,
``minishogi-mate``); see docs/python.md.
"""

from ._minishogi import (
    STARTPOS_SFEN,
    MateResult,
    Move,
    Outcome,
    Position,
    ProbeResult,
    Tablebase,
    mate,
)

__all__ = [
    "STARTPOS_SFEN",
    "MateResult",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "Tablebase",
    "mate",
]
