"""Minishogi (5x5 shogi) from Python: rules and handicap starts, endgame tables, the df-pn mate
solver, KIF/CSA records and SVG boards.

A thin layer over the Rust crates of the workspace (``minishogi``, ``minishogi-tablebase``,
``minishogi-mate``, ``minishogi-arena``'s record writers); see docs/python.md.
"""

from ._minishogi import (
    HANDICAPS,
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
    "HANDICAPS",
    "STARTPOS_SFEN",
    "MateResult",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "Tablebase",
    "mate",
]
