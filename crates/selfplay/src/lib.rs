//! Self-play, datasets, tuning of evaluation weights, and matches with Elo.
