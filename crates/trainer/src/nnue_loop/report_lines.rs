//! What `minishogi nnue loop` prints as the loop goes and at its end.

use super::{LoopEvent, NnueLoopConfig};
use crate::nnue_train::NetEpoch;

impl LoopEvent<'_> {
    /// The line printed for this event (`None` for the events a progress bar shows): the
    /// generation's header, a step started or skipped, the self-play rate, the samples with the
    /// header of the epoch table, the generation's summary row.
    pub fn line(&self, config: &NnueLoopConfig) -> Option<String> {
        Some(match self {
            LoopEvent::GenerationStart { generation, best } => {
                format!("== generation {generation} of {} (best: {best})", config.generations)
            }
            LoopEvent::Skipped(step) => format!("{step}: already done, skipped"),
            LoopEvent::StepStart(step) => format!("{step} ..."),
            LoopEvent::SelfplayDone(positions, secs) => format!(
                "self-play: {} games, {positions} positions in {secs:.0} s ({:.0} positions/s)",
                config.selfplay.games,
                *positions as f64 / secs.max(1e-9)
            ),
            LoopEvent::Samples(train, valid) => {
                format!("{train} training and {valid} validation samples\n{}", NetEpoch::TABLE_HEADER)
            }
            LoopEvent::GenerationDone(row) => row.to_string(),
            LoopEvent::Game | LoopEvent::Train(_) | LoopEvent::Pair(_) => return None,
        })
    }
}

/// The loop's last line: which evaluation is best (`best`, as [`super::run_loop`] returns it) and
/// where its network is.
pub fn best_line(config: &NnueLoopConfig, best: &str) -> String {
    match &config.linear.1 {
        linear if linear == best => format!("best: the linear weights ({linear}); no network won"),
        _ => format!("best: {best}, written to {}", config.dir.join("best.nnue").display()),
    }
}
