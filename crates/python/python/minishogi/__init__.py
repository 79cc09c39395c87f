"""Minishogi (5x5 shogi) from Python: rules and handicap starts, endgame tables, the df-pn mate
solver, the engine, self-play and numpy inputs for learning, KIF/CSA records and SVG boards.

A thin layer over the Rust crates of the workspace (``minishogi``, ``minishogi-tablebase``,
``minishogi-mate``, ``minishogi-engine``, ``minishogi-selfplay``, ``minishogi-arena``'s record
writers); see docs/python.md. Minjiku Shogi (10x10, no drops) is the submodule
``minishogi.minjiku``.
"""

from ._minishogi import (
    HANDICAPS,
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
    merge_datasets,
    selfplay,
    MateResult,
    Move,
    Outcome,
    Position,
    ProbeResult,
    Tablebase,
    Wdl,
    By,
    TablePartition,
    build_table_from_values,
    mate,
)

__all__ = [
    "HANDICAPS",
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
    "merge_datasets",
    "selfplay",
    "MateResult",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "Tablebase",
    "Wdl",
    "By",
    "TablePartition",
    "build_table_from_values",
    "mate",
]
