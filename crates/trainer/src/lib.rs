//! Learning from self-play data: Texel tuning of the engine's linear weights, the evaluation
//! network's trainer, and the two training loops.
//!
//! - Texel tuning: [`TrainingSet`] holds the quiet positions of the datasets as feature rows;
//!   [`tune_weights`] fits the weights to the game results (and the search scores) by Adam on the
//!   squared error of `sigmoid(eval / K)`, keeping the epoch with the lowest validation loss, and
//!   [`tune_to_files`] writes the weights and the loss curve (CSV and SVG).
//! - The network, in three parts as trainers like bullet split it: the data loader
//!   ([`SampleSets`]: both perspectives' features of every quiet position, split by game), the
//!   trainer ([`train_network`]: Adam with sparse first-layer steps and a cosine schedule over a
//!   [`FloatNetwork`]) and the quantiser ([`quantise`], checked by [`quantisation_error`]);
//!   [`train_files`] and [`quantise_file`] run them from and to files.
//! - The loops: [`train`] repeats self-play → tune → match against the best → keep the winner;
//!   [`run_loop`] does the same for the network, writing every generation's files and a
//!   [`Receipt`] so that a rerun resumes where it stopped. Games come from
//!   `minishogi_selfplay`, matches from `minishogi_arena`.
//!
//! Every run is a function of its seed: the same data and seed give the same weights or network
//! whatever the thread count of the rayon pool.
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
mod nnue_loop;
mod nnue_train;
mod plot;
mod train_loop;
mod training_set;
mod tune;
mod tune_files;
mod tune_report;

pub use error::Error;
pub use loss_curve::write_loss_curve;
pub use nnue_loop::{
    best_line, generations_table, run_loop, GenerationFiles, GenerationSummary, LoopEvent, LoopStep,
    NnueLoopConfig, Receipt,
};
pub use nnue_train::{
    load_float, mean_loss, quantisation_error, quantise, quantise_file, quiet_positions, save_float,
    train_files, train_network, write_net_loss_curve, FloatNetwork, NetEpoch, NetTrainConfig, NetTrainEvent,
    NetTrainReport, QuantisationError, Sample, SampleSets, TrainFiles, TrainFilesEvent, TrainedFiles,
    CHECK_POSITIONS,
};
pub use train_loop::{rounds_table, train, RoundSummary, TrainConfig, TrainEvent};
pub use training_set::{SetStats, TrainingSet};
pub use tune::{largest_changes, tune, tune_weights, EpochStats, TuneConfig, TuneReport, WeightChange};
pub use tune_files::{tune_to_files, TunedFiles};
