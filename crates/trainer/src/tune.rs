//! Texel tuning: fit the engine's linear evaluation to game results (and optionally search
//! scores) with Adam, keeping the weights of the epoch with the lowest validation loss.
//! [`tune_weights`] tunes from datasets, [`tune`] from a [`TrainingSet`]; [`tune_to_files`]
//! writes the weights and the loss curve.

pub use crate::loss_curve::write_loss_curve;
pub use crate::texel::{
    largest_changes, largest_changes_in, tune, tune_variant, tune_weights, EpochStats, TuneConfig,
    TuneReport, WeightChange,
};
pub use crate::training_set::{is_quiet_in, SetStats, TrainingSet};
pub use crate::tune_files::{tune_to_files, TunedFiles};
