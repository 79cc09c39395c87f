//! What `minishogi tune` and `minishogi train` print about a tuning run: epochs, the summary and
//! the weights that moved most.

use std::fmt;

use crate::texel::{EpochStats, TuneReport, WeightChange};
use crate::training_set::SetStats;

impl EpochStats {
    /// The header of the table of epochs that [`EpochStats::table_row`] fills.
    pub const TABLE_HEADER: &'static str = "epoch   train loss   valid loss   positions/s";

    /// This epoch as a row under [`EpochStats::TABLE_HEADER`].
    pub fn table_row(&self) -> String {
        format!(
            "{:5}   {:.6}     {:.6}     {:.0}",
            self.epoch, self.train_loss, self.valid_loss, self.positions_per_second
        )
    }
}

/// `epoch   3  train 0.081234  valid 0.082345  120000 pos/s`.
impl fmt::Display for EpochStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "epoch {:3}  train {:.6}  valid {:.6}  {:.0} pos/s",
            self.epoch, self.train_loss, self.valid_loss, self.positions_per_second
        )
    }
}

impl TuneReport {
    /// One line: positions used, the sigmoid scale, and the validation loss before and after.
    pub fn summary(&self, stats: &SetStats) -> String {
        format!(
            "{} positions ({} repeated games skipped), {} quiet; K = {:.1}; validation loss {:.6} -> {:.6} (best epoch {})",
            stats.positions,
            stats.repeated_games,
            stats.quiet,
            self.k,
            self.first_valid_loss(),
            self.best_valid_loss(),
            self.best_epoch
        )
    }
}

/// `board.pawn   88 ->     94`, the name padded to 32 columns.
impl fmt::Display for WeightChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:32} {:6} -> {:6}", self.name, self.before, self.after)
    }
}

#[cfg(test)]
mod tests {
    use crate::texel::{EpochStats, TuneReport, WeightChange};
    use crate::training_set::SetStats;

    #[test]
    fn epochs_summaries_and_changes_are_aligned_lines() {
        let e = EpochStats { epoch: 3, train_loss: 0.1, valid_loss: 0.2, positions_per_second: 1234.4 };
        assert_eq!(e.table_row(), "    3   0.100000     0.200000     1234");
        assert_eq!(e.to_string(), "epoch   3  train 0.100000  valid 0.200000  1234 pos/s");
        let report = TuneReport { k: 150.0, epochs: vec![e], best_epoch: 3, weights: Vec::new() };
        let summary = report.summary(&SetStats { positions: 97, quiet: 46, repeated_games: 0 });
        assert_eq!(
            summary,
            "97 positions (0 repeated games skipped), 46 quiet; K = 150.0; validation loss 0.200000 -> 0.200000 (best epoch 3)"
        );
        let change = WeightChange { name: "board.pawn".into(), before: 88, after: 94 };
        assert_eq!(change.to_string(), format!("{:32}     88 ->     94", "board.pawn"));
    }
}
