//! The Minishogi engine: evaluation weights, alpha-beta search, transposition table, USI loop.
