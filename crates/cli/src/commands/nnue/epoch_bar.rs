//! The training progress of `nnue train` and `nnue loop`: a bar over each epoch's batches and a
//! table line per epoch.

use crate::commands::progress::bar;
use indicatif::ProgressBar;
use minishogi_selfplay::nnue_train::NetTrainEvent;

/// A bar that shows a training run's batches and prints a line after each epoch.
pub struct EpochBar {
    bar: ProgressBar,
}

/// A bar drawn once the first batch reports.
impl Default for EpochBar {
    fn default() -> EpochBar {
        EpochBar { bar: bar(0, "epoch {prefix:>3} [{bar:40}] {pos}/{len} batches  {per_sec}  eta {eta}") }
    }
}

impl EpochBar {
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
            NetTrainEvent::Epoch(e) => self.bar.suspend(|| println!("{}", e.table_row())),
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
