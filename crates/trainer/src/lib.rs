//! Learning from self-play data: Texel tuning of the engine's linear weights, the evaluation
//! network's trainer, and the two training loops.
//!
//! - Texel tuning: [`tune::TrainingSet`] holds the quiet positions of the datasets as feature rows;
//!   [`tune_weights`] fits the weights to the game results (and the search scores) by Adam on the
//!   squared error of `sigmoid(eval / K)`, keeping the epoch with the lowest validation loss, and
//!   [`tune::tune_to_files`] writes the weights and the loss curve (CSV and SVG).
//! - The network, in three parts as trainers like bullet split it: the data loader
//!   ([`nnue_train::SampleSets`]: both perspectives' features of every quiet position, split by game), the
//!   trainer ([`train_network`]: Adam with sparse first-layer steps and a cosine schedule over a
//!   [`nnue_train::FloatNetwork`]) and the quantiser ([`nnue_train::quantise`], checked by
//!   [`nnue_train::quantisation_error`]);
//!   [`nnue_train::train_files`] and [`nnue_train::quantise_file`] run them from and to files.
//! - The loops: [`train`] repeats self-play → tune → match against the best → keep the winner;
//!   [`run_loop`] does the same for the network, writing every generation's files and a
//!   [`nnue_loop::Receipt`] so that a rerun resumes where it stopped. Games come from
//!   `minishogi_selfplay`, matches from `minishogi_arena`.
//!
//! Every run is a function of its seed: the same data and seed give the same weights or network
//! whatever the thread count of the rayon pool.
//!
//! The root holds the entry point and settings of each of the four, and the error; each one's
//! parts (events, reports, files, tables) are in its module: [`tune`], [`nnue_train`],
//! [`train_loop`], [`nnue_loop`].
//!
//! ```
//! use minishogi_engine::Weights;
//! use minishogi_selfplay::{selfplay, SelfplayConfig};
//! use minishogi_trainer::{tune_weights, TuneConfig};
//!
//! let config = SelfplayConfig { games: 4, nodes: 100, ..SelfplayConfig::default() };
//! let datasets = [selfplay(&config, &Weights::initial(), "initial", &|| {})];
//! let tune = TuneConfig { epochs: 2, ..TuneConfig::default() };
//! let (tuned, report, stats) = tune_weights(&datasets, &Weights::initial(), &tune, |_| {}).unwrap();
//! assert!(stats.quiet > 0 && report.epochs.len() <= 3);
//! assert_eq!(tuned, tune_weights(&datasets, &Weights::initial(), &tune, |_| {}).unwrap().0);
//! ```

#![forbid(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod adam;
mod error;
mod gradient;
mod loss_curve;
pub mod nnue_loop;
pub mod nnue_train;
mod plot;
mod texel;
pub mod train_loop;
mod training_set;
pub mod tune;
mod tune_files;
mod tune_report;

pub use error::Error;
pub use nnue_loop::{run_loop, NnueLoopConfig};
pub use nnue_train::{train_network, NetTrainConfig};
pub use train_loop::{train, TrainConfig};
pub use tune::{tune_weights, TuneConfig};
