"""Minishogi (5x5 shogi) from Python: rules, endgame tables, the df-pn mate solver, the engine,
self-play and numpy inputs for learning.

A thin layer over the Rust crates of the workspace (``minishogi``, ``minishogi-tablebase``,
``minishogi-mate``, ``minishogi-engine``, ``minishogi-selfplay``); see docs/python.md.
"""

from ._minishogi import (
    STARTPOS_SFEN,
    FEATURES,
    MAX_ACTIVE,
    PLANES,
    POLICY_SIZE,
    Batches,
    Dataset,
    Engine,
    SearchResult,
    features,
    features_batch,
    policy_index,
    policy_move,
    selfplay,
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
    "FEATURES",
    "MAX_ACTIVE",
    "PLANES",
    "POLICY_SIZE",
    "Batches",
    "Dataset",
    "Engine",
    "SearchResult",
    "features",
    "features_batch",
    "policy_index",
    "policy_move",
    "selfplay",
    "MateResult",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "Tablebase",
    "mate",
]
