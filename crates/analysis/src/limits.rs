//! How much an analysis may spend on the mate solver and on the engine: the solver's and the
//! engine's own limits, one of each, and what only an analysis decides.

use minishogi_engine::Limits as SearchLimits;
use minishogi_mate::solver::DEFAULT_TABLE_MB;
use minishogi_mate::Limits as MateLimits;
use std::time::Duration;

/// The budget of one analysis. The defaults answer in about a second at most: 0.4 s of mate
/// solving and 0.5 s of engine search (the tables cost a few reads).
#[derive(Clone, Debug)]
pub struct AnalysisLimits {
    /// The mate solver's budget, for all its searches together: `nodes` and `time` (with neither
    /// the solver runs until it answers); a `stop` flag is not read.
    pub mate: MateLimits,
    /// After tsume finds no mate, look for a forced mate with quiet moves within this many
    /// plies (0: skip).
    pub any_move_plies: u32,
    /// When the side to move has no mate, look for the opponent's mate after every reply (a
    /// mate against every reply is a proved loss).
    pub reply_mates: bool,
    /// The engine's search: its `depth`, `nodes` and `movetime` are read (with none of them set
    /// the search stops at depth [`AnalysisLimits::FALLBACK_DEPTH`]); a clock, a mate length
    /// and `infinite` are not.
    pub engine: SearchLimits,
    /// Size of the mate solver's and of the engine's transposition tables, in MB each.
    pub hash_mb: usize,
}

impl AnalysisLimits {
    /// The engine's depth when none of its limits is set.
    pub const FALLBACK_DEPTH: u32 = 8;

    /// The default limits with the solver's time, the engine's time and the engine's depth that
    /// are given: a depth replaces the engine's default time unless a time is given too.
    pub fn with(
        mate_time: Option<Duration>,
        engine_time: Option<Duration>,
        engine_depth: Option<u32>,
    ) -> Self {
        let mut limits = AnalysisLimits::default();
        limits.mate.time = mate_time.or(limits.mate.time);
        if engine_depth.is_some() {
            limits.engine.depth = engine_depth;
            limits.engine.movetime = None;
        }
        limits.engine.movetime = engine_time.or(limits.engine.movetime);
        limits
    }

    /// The limits of the engine's search: [`AnalysisLimits::engine`]'s depth, nodes and time,
    /// or [`AnalysisLimits::FALLBACK_DEPTH`] when none is set.
    pub fn search_limits(&self) -> SearchLimits {
        let SearchLimits { depth, nodes, movetime, .. } = self.engine;
        if depth.is_none() && nodes.is_none() && movetime.is_none() {
            return SearchLimits::depth(AnalysisLimits::FALLBACK_DEPTH);
        }
        SearchLimits { depth, nodes, movetime, ..SearchLimits::default() }
    }
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            mate: MateLimits { nodes: None, time: Some(Duration::from_millis(400)), stop: None },
            any_move_plies: 5,
            reply_mates: true,
            engine: SearchLimits::movetime(Duration::from_millis(500)),
            hash_mb: DEFAULT_TABLE_MB,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depth_replaces_the_default_time_unless_a_time_is_given() {
        let depth = AnalysisLimits::with(None, None, Some(6));
        assert_eq!(depth.search_limits(), SearchLimits::depth(6));
        let both = AnalysisLimits::with(None, Some(Duration::from_millis(50)), Some(6));
        assert_eq!((both.engine.depth, both.engine.movetime), (Some(6), Some(Duration::from_millis(50))));
        let none = AnalysisLimits { engine: SearchLimits::default(), ..AnalysisLimits::default() };
        assert_eq!(none.search_limits(), SearchLimits::depth(AnalysisLimits::FALLBACK_DEPTH));
    }
}
