"""Minjiku Shogi (10x10, no drops) from Python: positions and games under the repetition rule,
perft, the endgame tables, the engine's search and evaluation, and its features for learning as
numpy arrays.

A thin layer over the Rust crates ``minjiku``, ``minjiku-tablebase`` and ``minjiku-engine``
(the native submodule ``minishogi._minishogi.minjiku``); see docs/python.md.
"""

from ._minishogi import minjiku as _native

FEATURES = _native.FEATURES
STARTPOS_FEN = _native.STARTPOS_FEN
Engine = _native.Engine
FenError = _native.FenError
IllegalMoveError = _native.IllegalMoveError
Move = _native.Move
Outcome = _native.Outcome
Position = _native.Position
ProbeResult = _native.ProbeResult
SearchResult = _native.SearchResult
TableError = _native.TableError
Tablebase = _native.Tablebase
features = _native.features
features_batch = _native.features_batch
weight_names = _native.weight_names

__all__ = [
    "FEATURES",
    "STARTPOS_FEN",
    "Engine",
    "FenError",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "SearchResult",
    "TableError",
    "Tablebase",
    "features",
    "features_batch",
    "weight_names",
]
