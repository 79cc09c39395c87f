//! Self-play, datasets, tuning of evaluation weights, and matches with Elo.
//!
//! The pieces: [`games::selfplay`] plays games in parallel with a fixed node count and labels the
//! positions ([`dataset`]); [`training::tune_weights`] fits the engine's linear evaluation to them
//! with the Texel method ([`tune`]); [`matches::play_match`] plays paired games between two
//! weight sets or an external USI engine and reports Elo with a 95% interval ([`elo`]);
//! [`train::train`] repeats the three in a loop and keeps the better weights.
//!
//! ```
//! use minishogi_selfplay::elo::{elo_of_score, Pentanomial};
//!
//! // A 75% score is 400·log10(3) ≈ 191 Elo.
//! assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
//! // 40 pairs: A won both games of 30 openings and split 10.
//! let pent = Pentanomial { counts: [0, 0, 10, 0, 30] };
//! let e = pent.elo().unwrap();
//! assert!(e.low > 0.0 && e.elo > e.low && e.high > e.elo);
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod dataset;
pub mod elo;
mod error;
pub mod games;
pub mod matches;
pub mod openings;
pub mod plot;
pub mod rng;
pub mod train;
pub mod training;
pub mod tune;
pub mod usi_client;

pub use error::Error;
