//! The training progress of `nnue train` and `nnue loop`: a bar over each epoch's batches and a
//! table line per epoch.

use crate::commands::progress::style;
use indicatif::ProgressBar;
use minishogi_selfplay::nnue_train::NetTrainEvent;

/// The header of the per-epoch lines.
pub const EPOCH_HEADER: &str = "epoch  train loss  valid loss  learning rate  positions/s";

/// A bar that shows a training run's batches and prints a line after each epoch.
pub struct EpochBar {
    bar: ProgressBar,
}

impl Default for EpochBar {
    fn default() -> EpochBar {
        EpochBar::new()
    }
}

impl EpochBar {
    /// A bar drawn once the first batch reports.
    pub fn new() -> EpochBar {
        let bar = ProgressBar::new(0);
        bar.set_style(style("epoch {prefix:>3} [{bar:40}] {pos}/{len} batches  {per_sec}  eta {eta}"));
        EpochBar { bar }
    }

    /// Shows one training event.
    pub fn show(&self, event: &NetTrainEvent) {
        match *event {
            NetTrainEvent::Batch { epoch, done, total } => {
                if done == 1 {
                    self.bar.reset();
                    self.bar.set_length(total as u64);
                    self.bar.set_prefix(epoch.to_string());
                }
                self.bar.set_position(done as u64);
            }
            NetTrainEvent::Epoch(e) => self.bar.suspend(|| {
                println!(
                    "{:>5}  {:>10.6}  {:>10.6}  {:>13.6}  {:>11.0}",
                    e.epoch, e.train_loss, e.valid_loss, e.learning_rate, e.positions_per_second
                )
            }),
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
