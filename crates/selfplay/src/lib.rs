//! Self-play, datasets, tuning of evaluation weights, and matches with Elo.
pub mod elo;
pub mod plot;
pub mod rng;
pub mod tune;
