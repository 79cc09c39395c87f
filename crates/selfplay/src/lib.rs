//! Self-play, datasets, tuning of evaluation weights, and matches with Elo.
//!
//! The pieces: [`games::selfplay`] plays games in parallel with a fixed node count and labels the
//! positions ([`dataset`]); [`tune::tune_weights`] fits the engine's linear evaluation to their
//! quiet positions ([`training_set`]) with the Texel method ([`gradient`], [`loss_curve`]), and [`tune_files::tune_to_files`]
//! writes the weights and the curve;
//! [`matches::play_match`] plays paired games between two weight sets or an external USI engine
//! and reports Elo with a 95% interval ([`elo`]); [`train_loop::train`] repeats the three in a
//! loop and keeps the better weights; [`nnue_train`] trains and quantises the evaluation network,
//! and [`nnue_loop`] repeats self-play → network training → match with the network as the player
//! once it wins ([`evaluation::Evaluation`]).
//! Runs go on a [`thread_pool`] and play the weights that [`load_weights`] names.
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

mod adam;
pub mod dataset;
pub mod elo;
mod error;
pub mod evaluation;
pub mod games;
pub mod gradient;
pub mod loss_curve;
mod match_report;
pub mod matches;
pub mod nnue_loop;
pub mod nnue_train;
pub mod openings;
pub mod plot;
pub mod rng;
mod threads;
pub mod train_loop;
pub mod training_set;
pub mod tune;
pub mod tune_files;
mod tune_report;
pub mod usi_client;
mod weights_spec;

pub use error::Error;
pub use match_report::MatchReport;
pub use threads::thread_pool;
pub use weights_spec::{load_weights, EMBEDDED, INITIAL};
